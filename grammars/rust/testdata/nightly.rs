// Nightly syntax as the standard library of Rust 1.95 writes it, one
// construct a line where it can be; written for this test, and rustc
// (edition 2024, RUSTC_BOOTSTRAP=1, parse only) accepts it.
#![feature(const_trait_impl, negative_impls, never_type, stmt_expr_attributes)]

pub const trait Borrow<Borrowed: ?Sized> {
    fn borrow(&self) -> &Borrowed;
}
pub const unsafe trait Allocator {}
pub(crate) const unsafe trait BytewiseEq<Rhs = Self>: [const] PartialEq<Rhs> + Sized {}
const auto trait Marker {}
pub const trait Fn<Args>: [const] FnMut<Args> {}

const impl<T, A: [const] Allocator + [const] Destruct> RawVec<T, A> {
    const fn new() -> Self { loop {} }
}
impl<T: [const] Default> const Default for Cell<T> {
    fn default() -> Self { loop {} }
}
unsafe impl const Send for Token {}
impl const !Sync for Token {}
impl !Send for Guard {}
impl ! {}
impl<T> Trait for ! where T: Copy {}

pub const fn then_some<T: [const] Destruct>(t: T) -> Option<T> { None }
pub const fn new<B: ?Sized + [const] AsRef<[u8]>>(bytes: &B) -> &B { bytes }
pub const fn tilde<T: ~const Clone + const Copy>(t: &T) -> T { *t }
pub const fn is_some_and(f: impl [const] FnOnce(u8) -> bool + [const] Destruct) -> bool { f(1) }
fn hrtb<F: for<'a> [const] Fn(&'a u8)>(f: F) {}
fn dyn_const(x: &dyn [const] Marker) {}
fn paren_bound<T: ([const] Marker)>() {}
fn where_const<T, U>()
where
    T: Copy + [const] PartialEq<U>,
    U: [const] Destruct,
{
}

fn expression_attributes(x: u8, s: S) -> u8 {
    let check_mask = #[cold] |a: u8| a & 1;
    let write = #[optimize(size)] move |a: u8| a;
    let boxed = #[rustc_box] Box::new(x);
    let sum = #[a] x + #[b] 1;
    let neg = -#[a] x;
    let s = S { #[a] a: #[b] 1, #[c] c };
    let m = match x { #[a] 0 => #[b] {} _ => () };
    #[a] {
        let c = || #[a] 1;
    }
    return #[a] x;
}

// The other nightly syntax rustc's parser takes.
gen fn numbers() {}
async gen unsafe fn stream() {}
type Bound = unsafe<'a> &'a u8;
unsafe extern "C" {
    pub unsafe static mut ERRNO: i32;
}
impl Pinned {
    fn poll(&'a pin mut self, v: &pin const u8) {}
}
fn others(w: u8) {
    super let mut x = 1;
    let g = gen move { yield 1; };
    let h = async gen { yield 2; };
    gen {};
    use || w;
    let c = async use |a: u8| a;
    let p = &pin mut x;
    let o = builtin # offset_of(S, f);
    let t = try bikeshed Option<u8> { 1 };
    match w { builtin # deref(y) => {} _ => {} }
    do yeet 1;
}
