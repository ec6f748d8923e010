//! A sample of Rust's common constructs, for the tree-sitter map's oracle.
#![allow(dead_code)]

use std::collections::HashMap;
use std::fmt::{self, Display as Disp, *};
use std::io::Read as _;
extern crate alloc as a;

mod inner {
    pub(crate) fn helper() -> i32 {
        42
    }
}

mod outer;

/// A point.
#[derive(Debug, Clone)]
#[doc = "value"]
pub struct Point<T: Copy + Default = i32> {
    pub x: T,
    y: T,
}

struct Pair(i32, pub String);
struct Unit;

union Bits<T: Copy> {
    t: T,
    i: u32,
    f: f32,
}

enum Shape<'a> {
    Circle { r: f64 },
    Square(f64),
    Named(&'a str),
    Empty = 3,
}

type Map<K> = HashMap<K, Vec<u8>>;
const LIMIT: usize = 10;
static mut COUNT: u64 = 0;

pub trait Area<R = ()>: Disp + 'static {
    type Unit: Copy;
    const SIDES: u32;
    fn area(&self) -> f64;
    fn convert<V>(&self, v: V) -> V;
    fn name(&self) -> String {
        String::from("shape")
    }
}

impl<'a> Area for Shape<'a> {
    type Unit = f64;
    const SIDES: u32 = 0;
    fn area(&self) -> f64 {
        match self {
            Shape::Circle { r } => 3.14 * r * r,
            Shape::Square(s) if *s > 0.0 => s * s,
            Shape::Named(_) | Shape::Empty => 0.0,
        }
    }
}

impl<'a> Disp for Shape<'a> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "shape")
    }
}

unsafe impl<T: Copy> Send for Bits<T> {}

impl Unit {
    fn new() -> Self {
        Unit
    }
}

extern "C" {
    fn abs(x: i32) -> i32;
    fn printf(fmt: *const u8, ...) -> i32;
    static ERRNO: i32;
}

pub async unsafe fn both() {}

pub fn generic<T, U>(t: T, u: &mut U, items: &[T]) -> Option<T>
where
    T: Clone + PartialEq,
    U: ?Sized,
{
    let first = items.first()?;
    if t == *first {
        return Some(t.clone());
    } else if items.is_empty() {
        return None;
    } else {
        let _ = u;
    }
    None
}

fn impl_trait(it: impl Iterator<Item = u8>) -> Box<dyn Fn(i32) -> i32 + Send> {
    let total: u32 = it.map(|b| b as u32).sum();
    Box::new(move |x: i32| -> i32 { x + total as i32 })
}

fn expressions(mut v: Vec<i32>, p: Point<i32>) -> i32 {
    let a = 1 + 2 * 3 - -4;
    let b = !true && false || a >= 2;
    let mut c = [0u8; 4];
    c[0] = 255;
    let mut n = 0;
    n += 1;
    n <<= 2;
    let t = (1, "two", 'c', 3.0f64, b"bytes", r"raw");
    let (x, y) = (t.0, p.y);
    let Point { x: px, y: ref py, .. } = p;
    let arr = [1, 2, 3];
    let [head, tail @ ..] = arr;
    let s = &mut v[..];
    let r = &*s;
    let range = 0..10;
    let incl = ..5;
    let unit = ();
    let q = Point::<i32> { x: 1, ..p };
    let short = Point { x, y };
    let boxed: Box<i32> = Box::new(5);
    let cast = a as i64;
    let deref = *boxed;
    let path = <Vec<i32> as Default>::default();
    let turbo = "5".parse::<i32>().unwrap();
    let nested = { 1 };
    let un = unsafe { COUNT };
    let cl = || 1;
    let asy = async { 1 };
    let asy2 = async move { 2 };
    let label = 'outer: loop {
        break 'outer 5;
    };
    while n < 100 {
        n *= 2;
        continue;
    }
    while let Some(top) = v.pop() {
        if top > 3 {
            break;
        }
    }
    for (i, e) in v.iter().enumerate() {
        println!("{} {}", i, e);
    }
    if let Some(z) = v.first() && *z > 0 {
        n = *z;
    }
    let opt: Option<i32> = None;
    let Some(val) = opt else { return 0 };
    let m = match n {
        0 => 0,
        1..=9 => 1,
        10 | 20 => 2,
        k @ 30..=40 => k,
        _ => -1,
    };
    let clos = |a: i32, b| a + b;
    let fnptr: fn(i32) -> i32 = square;
    let tup_struct = Pair(1, String::new());
    let Pair(first, _) = tup_struct;
    let slice: &[i32] = &[1, 2];
    let arr_t: [u8; 2] = [1, 2];
    let tuple_t: (i32, bool) = (1, true);
    let never = || -> ! { panic!("no") };
    let ptr: *const u8 = std::ptr::null();
    let &refd = &n;
    let paren = (n + 1) * 2;
    ;
    let cb = const { 1 + 1 };
    let raw = &raw const n;
    let _ = (ptr, refd, paren, cb);
    let _ = (x, y, px, py, head, tail, r, range, incl, unit, q, short, cast, deref, path, turbo);
    let _ = (nested, un, cl, asy, asy2, label, m, clos, fnptr, first, slice, arr_t, tuple_t, never, raw, val);
    std::process::exit(0);
}

fn square(x: i32) -> i32 {
    x * x
}

async fn waits() -> i32 {
    let v = async { 1 }.await;
    v
}

fn lifetimes<'a, 'b: 'a>(x: &'a str, _y: &'b str) -> &'a str
where
    'b: 'a,
{
    x
}

fn consts<const N: usize = 3>(a: [i32; N]) -> usize {
    N + a.len()
}

fn higher<F>(f: F)
where
    F: for<'a> Fn(&'a i32) -> &'a i32,
{
    let _ = f;
}

fn tries() -> Result<(), std::io::Error> {
    let mut buf = String::new();
    std::io::stdin().read_to_string(&mut buf)?;
    Ok(())
}

macro_rules! square {
    (x) => {
        x * x
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_works() {
        assert_eq!(square(2), 4);
    }
}
