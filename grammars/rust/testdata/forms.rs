#![allow(dead_code)]
//! A file with one of each form the grammar reads, for the fidelity and
//! shape tests. It is written for this test; rustc accepts it.

use std::collections::{HashMap, hash_map::Entry as E};
use std::fmt::{self, Display, Write as _};
use std::io::*;
extern crate alloc as a;

pub(crate) mod inner {
    pub(super) fn f() {}
    pub(in crate::inner) struct S;
}

mod decl;

#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(test, derive(Default))]
pub struct Point<T: Copy + Default = i32> {
    pub x: T,
    y: T,
}

struct Tuple<'a, T>(pub &'a T, u8) where T: 'a;
struct Unit;
union U { a: u32, b: f32 }

enum Shape<const N: usize> {
    Circle { r: f64 },
    Square(f64),
    Empty = 3,
}

pub trait Area: Display + 'static {
    const SIDES: usize;
    type Out: Copy where Self: Sized;
    fn area(&self) -> f64;
    fn scaled(&mut self, by: f64) -> Self where Self: Sized { let _ = by; todo!() }
    async fn later(self: Box<Self>);
}

unsafe impl<T: Send> Send for Point<T> {}
impl<T> Point<T> where T: Copy + Default + std::ops::Add<Output = T> {
    pub const ORIGIN: i32 = 0;
    pub fn new(x: T, y: T) -> Self { Point { x, y } }
    fn sum(&self) -> T { self.x + self.y }
}
impl<'a> dyn Area + 'a {}
impl<T: ?Sized> !Sync for Tuple<'_, T> {}

type Map<K> = HashMap<K, Vec<Vec<u8>>>;
const MAX: u32 = 1 << 10;
static mut COUNT: usize = 0;

extern "C" {
    fn abs(x: i32) -> i32;
    static errno: i32;
}

macro_rules! square {
    ($x:expr) => { $x * $x };
    ($($t:tt)*) => {};
}

fn generic<'a, T, F>(items: &'a [T], f: F) -> impl Iterator<Item = &'a T> + 'a
where
    F: Fn(&T) -> bool + 'a,
    for<'b> &'b T: PartialEq,
{
    items.iter().filter(move |x| f(x))
}

async fn fetch(url: &str) -> Result<String, Box<dyn std::error::Error + Send + Sync>> {
    let body = reqwest(url).await?.text().await?;
    Ok(body)
}

fn reqwest(_: &str) -> Fut { Fut }
struct Fut;

fn exprs(v: Vec<i32>, o: Option<&str>) -> i32 {
    let mut total = 0;
    let [first, .., last] = [1, 2, 3] else { return 0 };
    let Some(name) = o else { panic!("no name") };
    let (a, mut b): (i32, i32) = (1, 2);
    b += a * 2 - -1;
    total = total << 2 >> 1;
    let shifted = total >>= 1;
    let cmp = a <= b && b >= a || !(a != b);
    let r = 0..=10;
    let s = &v[1..];
    let t = &mut total;
    *t = v.iter().map(|x| x * 2).sum::<i32>();
    let parsed: u8 = "5".parse::<u8>().unwrap_or_default();
    let c = 'c';
    let bytes = b"bytes\n";
    let raw = r#"a "raw" string"#;
    let byte = b'x';
    let cstr = c"hi";
    let n = 0x_ff_u32 as f64 + 1e3 + 2.5f32 as f64;
    let tuple = ((1, 2), 3);
    let inner = tuple.0.1;
    let closure = |x: i32, y| -> i32 { x + y };
    let moved = move || name.len();
    'outer: for i in 0..10 {
        while let Some(j) = v.get(i) {
            if *j > 5 { break 'outer; } else if *j == 0 { continue 'outer }
            loop { break; }
        }
    }
    let value = loop { break 42 };
    let m = match o {
        Some("a") | Some("b") => 1,
        Some(s) if s.len() > 3 => { 2 }
        Some(ref s @ _) => s.len() as i32,
        None => 0,
    };
    if let Some(x) = o && x.is_empty() {}
    let p = Point { x: 1, ..Point::new(0, 0) };
    if p == (Point { x: 1, y: 2 }) {}
    match p { Point { x: 0..=9, y } => y, Point { .. } => 0 };
    let arr = [0u8; 16];
    let unsafe_val = unsafe { COUNT };
    let block = { 1 };
    let asy = async move { 1 };
    let cst = const { 5 };
    println!("{} {}", name, o.unwrap());
    let v2 = vec![1, 2, 3];
    let v3 = vec![0; 3];
    assert_eq!(v2.len(), 3, "len was {}", v2.len());
    write!(String::new(), "{}", 1).unwrap();
    let q = <Vec<u8> as IntoIterator>::into_iter(vec![]);
    let _ = Vec::<u8>::with_capacity(4);
    let _ = square!(3);
    let _ = matches!(o, Some(_));
    std::thread_local! { static KEY: u8 = 1; }
    return total + m + value + cmp as i32 + n as i32 + inner + closure(1, 2) + moved() as i32;
}

impl fmt::Debug for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "Unit") }
}
