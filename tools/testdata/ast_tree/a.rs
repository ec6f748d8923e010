fn f(x: Option<i32>) -> i32 {
    match x { Some(v) => v.abs(), None => 0 }
}
