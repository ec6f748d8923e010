// Edge cases of the grammar, one a line where it can be; written for this
// test, and rustc (edition 2024) accepts it.
#![cfg_attr(feature = "nightly", feature(try_blocks))]
extern crate self as me;
use ::std::{self as s, io::{self, Read}};
pub(crate) use super::*;
use crate::m as _;

type G<'a> = Box<dyn for<'b> Fn(&'b u8) -> &'a u8 + Send + 'a>;
type P = *mut dyn Fn() -> !;
type Q = fn() -> !;
type R<T> = <T as Iterator>::Item;
type S2 = <Vec<u8> as IntoIterator>::IntoIter;
type A = [[u8; 4]; 2 * 3];

struct C<const N: usize = 3, T = ()>(T);
struct D<T>(T) where T: Copy;

trait Lend {
    type Item<'a>: Sized where Self: 'a;
    fn lend<'a>(&'a mut self) -> Option<Self::Item<'a>>;
    fn default_body(&self) where Self: Sized {}
}

impl<T, const N: usize> C<N, T> {
    const K: usize = N + 1;
    fn arr() -> [u8; { N + 1 }] { [0; { N + 1 }] }
}

unsafe extern "C" {
    pub safe fn abs(x: i32) -> i32;
    pub unsafe fn labs(x: i64) -> i64;
}

#[unsafe(no_mangle)]
pub extern "C" fn exported(x: *const u8, ...) {}

fn f(r#type: u8, (a, b): (u8, u8), [c, ..]: [u8; 3], _: impl Into<u8>) -> u8 {
    let r#match = r#type;
    let x = &raw const r#match;
    let y = unsafe { *x } as u32 as u8;
    let z = 1_000i64 + 0b1010 + 0o777 + 0xFF;
    let w = 1e-10 + 2. + 3.5e+2_f64;
    let ch = ['\'', '\\', '\u{1F600}', '\x7f'];
    let bs = [b'\x7f', b'\''];
    let raw = br#"raw "bytes""#;
    let cs = cr"c raw";
    let nested = r##"a "# b"##;
    let closure = async move |v: u8| v + 1;
    let rc = || || 1;
    let ranged = match y {
        0 => 0,
        1..=9 | 20.. => 1,
        ..=-1 => 2,
        _ => 3,
    };
    if let [first, rest @ ..] = &ch[..] && *first == 'a' && rest.is_empty() {}
    let v: Vec<_> = (0..10).filter(|&n| n % 2 == 0).collect::<Vec<_>>();
    let s = <u8 as TryFrom<i32>>::try_from(5).ok().map(|b| b as usize).unwrap_or(0);
    let t = Self::helper;
    let label = 'done: {
        if z > 0 { break 'done 1; }
        2
    };
    let _ = loop { break v.len() };
    let ptr = &mut 5 as *mut i32 as usize;
    #[allow(unused)]
    let attr_stmt = 1;
    let arr = [#[allow(unused)] 1, 2];
    let neg = -(-1i32).abs() + !0;
    let shift = 1u32 << 3 >> 1;
    let lt = a < b && c > a;
    let ge = (a >= b) == (c <= a);
    let tuple_index = ((1, (2, 3)), 4).0.1.0;
    let method_on_lit = 1.max(2) + 1.0f64.floor() as u8;
    let q = Some(1)?;
    if a == b {} else if a < b {} else {}
    match (a, b) {
        (0, _) | (_, 0) if a != b => {}
        #[allow(unused)]
        (x, y) => { let _ = (x, y); }
    }
    while let Some(n) = Some(0) { if n == 0 { break } }
    for (i, item) in v.iter().enumerate().rev() { let _ = (i, item); }
    s as u8 + label + ranged + t(0) + ptr as u8 + q + neg as u8 + shift as u8 + lt as u8 + ge as u8 + tuple_index + method_on_lit + closure_value(closure) + rc()() + attr_stmt + arr[0] + w as u8 + nested.len() as u8 + raw[0] + cs.to_bytes()[0] + bs[0] + ch.len() as u8
}

fn closure_value<F>(_: F) -> u8 { 0 }

macro_rules! m {
    ($($name:ident),* $(,)?) => { $(let $name = 1;)* };
    [$e:expr] => [$e];
    {} => {};
}
m!(a, b);
m! { }
mod m {}
