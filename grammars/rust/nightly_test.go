package rust

import (
	"path/filepath"
	"testing"

	"github.com/agenttools/agenttools/matcher"
	"github.com/google/go-cmp/cmp"
)

// TestNightlyItems: the tree of each item the standard library writes in
// nightly syntax: const traits, const impls, [const] and ~const bounds,
// negative impls and the never type as an impl's self type.
func TestNightlyItems(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"const trait Foo {}", `(trait_item "const" "trait" (type_identifier "Foo") (declaration_list "{" "}"))`},
		{"pub const unsafe trait Allocator { fn f(&self); }", `(trait_item (visibility_modifier "pub") "const" "unsafe" "trait" (type_identifier "Allocator") (declaration_list "{" (function_signature_item "fn" (identifier "f") (parameters "(" (self_parameter "&" (self "self")) ")")) "}"))`},
		{"const auto trait A {}", `(trait_item "const" (identifier "auto") "trait" (type_identifier "A") (declaration_list "{" "}"))`},
		{"pub const trait Fn<Args: Tuple>: [const] FnMut<Args> {}", `(trait_item (visibility_modifier "pub") "const" "trait" (type_identifier "Fn") (type_parameters "<" (type_parameter (identifier "Args") ":" (trait_bounds (type_identifier "Tuple"))) ">") ":" (trait_bounds (bounded_type "[" "const" "]" (generic_type (type_identifier "FnMut") (type_arguments "<" (type_identifier "Args") ">")))) (declaration_list "{" "}"))`},
		{"const impl<T, A: [const] Allocator + [const] Destruct> RawVec<T, A> {}", `(impl_item "const" "impl" (type_parameters "<" (type_parameter (identifier "T")) "," (type_parameter (identifier "A") ":" (trait_bounds (bounded_type "[" "const" "]" (type_identifier "Allocator")) "+" (bounded_type "[" "const" "]" (type_identifier "Destruct")))) ">") (generic_type (type_identifier "RawVec") (type_arguments "<" (type_identifier "T") "," (type_identifier "A") ">")) (declaration_list "{" "}"))`},
		{"const impl Default for S {}", `(impl_item "const" "impl" (type_identifier "Default") "for" (type_identifier "S") (declaration_list "{" "}"))`},
		{"impl<T: [const] Default> const Default for Cell<T> {}", `(impl_item "impl" (type_parameters "<" (type_parameter (identifier "T") ":" (trait_bounds (bounded_type "[" "const" "]" (type_identifier "Default")))) ">") "const" (type_identifier "Default") "for" (generic_type (type_identifier "Cell") (type_arguments "<" (type_identifier "T") ">")) (declaration_list "{" "}"))`},
		{"impl const !A for B {}", `(impl_item "impl" "const" "!" (type_identifier "A") "for" (type_identifier "B") (declaration_list "{" "}"))`},
		{"impl !Send for T {}", `(impl_item "impl" "!" (type_identifier "Send") "for" (type_identifier "T") (declaration_list "{" "}"))`},
		{"impl ! {}", `(impl_item "impl" (never_type "!") (declaration_list "{" "}"))`},
		{"impl<T> ! where T: A {}", `(impl_item "impl" (type_parameters "<" (type_parameter (identifier "T")) ">") (never_type "!") (where_clause "where" (where_predicate (type_identifier "T") ":" (trait_bounds (type_identifier "A")))) (declaration_list "{" "}"))`},
		{"fn f<T: ~const A + const B>() where T: [const] PartialEq<U> + ?Sized {}", `(function_item "fn" (identifier "f") (type_parameters "<" (type_parameter (identifier "T") ":" (trait_bounds (bounded_type "~" "const" (type_identifier "A")) "+" (bounded_type "const" (type_identifier "B")))) ">") (parameters "(" ")") (where_clause "where" (where_predicate (type_identifier "T") ":" (trait_bounds (bounded_type "[" "const" "]" (generic_type (type_identifier "PartialEq") (type_arguments "<" (type_identifier "U") ">"))) "+" (bounded_type "?" (type_identifier "Sized"))))) (block "{" "}"))`},
		{"fn f(x: impl [const] FnOnce(T) -> bool + [const] Destruct) {}", `(function_item "fn" (identifier "f") (parameters "(" (parameter (identifier "x") ":" (abstract_type "impl" (trait_bounds (bounded_type "[" "const" "]" (generic_type (type_identifier "FnOnce") (parameters "(" (type_identifier "T") ")" "->" (type_identifier "bool")))) "+" (bounded_type "[" "const" "]" (type_identifier "Destruct"))))) ")") (block "{" "}"))`},
		{"fn f(x: &dyn [const] A) {}", `(function_item "fn" (identifier "f") (parameters "(" (parameter (identifier "x") ":" (reference_type "&" (dynamic_type "dyn" (trait_bounds (bounded_type "[" "const" "]" (type_identifier "A")))))) ")") (block "{" "}"))`},
		// The binder comes before the modifiers, as rustc wants it.
		{"fn f<T: for<'a> [const] Fn(&'a u8)>() {}", `(function_item "fn" (identifier "f") (type_parameters "<" (type_parameter (identifier "T") ":" (trait_bounds (higher_ranked_trait_bound "for" (type_parameters "<" (lifetime_parameter (lifetime (lifetime_token "'a"))) ">") "[" "const" "]" (generic_type (type_identifier "Fn") (parameters "(" (reference_type "&" (lifetime (lifetime_token "'a")) (type_identifier "u8")) ")"))))) ">") (parameters "(" ")") (block "{" "}"))`},
		{"fn f<T: ([const] A)>() {}", `(function_item "fn" (identifier "f") (type_parameters "<" (type_parameter (identifier "T") ":" (trait_bounds (parenthesized_type "(" (bounded_type "[" "const" "]" (type_identifier "A")) ")"))) ">") (parameters "(" ")") (block "{" "}"))`},
		// const as an item's name is no const trait.
		{"const auto: u8 = 1;", `(const_item "const" (identifier "auto") ":" (type_identifier "u8") "=" (integer_literal "1"))`},
	} {
		tree := mustParse(t, tc.src)
		if diff := cmp.Diff(tc.want, tree.Sexp(tree.Children(tree.Root)[0])); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.src, diff)
		}
	}
}

// TestExpressionAttributes: an expression may have outer attributes
// wherever rustc's parser takes them (#![feature(stmt_expr_attributes)]
// code, and the standard library's #[cold] and #[optimize] closures);
// they are siblings before the expression, as they are before an item.
func TestExpressionAttributes(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"let x = #[cold] || 1;", []string{`(let_declaration "let" (identifier "x") "=" (attribute_item "#" "[" (attribute (identifier "cold")) "]") (closure_expression (closure_parameters "|" "|") (integer_literal "1")))`}},
		{"let w = #[optimize(size)] move |a| a;", []string{`(let_declaration "let" (identifier "w") "=" (attribute_item "#" "[" (attribute (identifier "optimize") (token_tree "(" (identifier "size") ")")) "]") (closure_expression "move" (closure_parameters "|" (identifier "a") "|") (identifier "a")))`}},
		{"let b = #[rustc_box] Box::new(x);", []string{`(let_declaration "let" (identifier "b") "=" (attribute_item "#" "[" (attribute (identifier "rustc_box")) "]") (call_expression (path (identifier "Box") "::" (identifier "new")) (arguments "(" (identifier "x") ")")))`}},
		// On an operand, as rustc puts it: on y and on z, not on the sum.
		{"x = #[a] y + #[b] z;", []string{`(expression_statement (assignment_expression (identifier "x") "=" (binary_expression (attribute_item "#" "[" (attribute (identifier "a")) "]") (identifier "y") "+" (attribute_item "#" "[" (attribute (identifier "b")) "]") (identifier "z"))))`}},
		{"S { #[a] a: #[b] 1, #[c] c };", []string{`(expression_statement (struct_expression (identifier "S") (field_initializer_list "{" (attribute_item "#" "[" (attribute (identifier "a")) "]") (field_initializer (field_identifier "a") ":" (attribute_item "#" "[" (attribute (identifier "b")) "]") (integer_literal "1")) "," (attribute_item "#" "[" (attribute (identifier "c")) "]") (shorthand_field_initializer (identifier "c")) "}")))`}},
		// A block after an arm's attribute still ends the arm.
		{"match x { #[a] _ => #[b] {} _ => 1 }", []string{`(match_expression "match" (identifier "x") (match_block "{" (attribute_item "#" "[" (attribute (identifier "a")) "]") (match_arm (wildcard_pattern "_") "=>" (attribute_item "#" "[" (attribute (identifier "b")) "]") (block "{" "}")) (match_arm (wildcard_pattern "_") "=>" (integer_literal "1")) "}"))`}},
		{"#[a] { }", []string{`(attribute_item "#" "[" (attribute (identifier "a")) "]")`, `(block "{" "}")`}},
		{"let c = || #[a] 1;", []string{`(let_declaration "let" (identifier "c") "=" (closure_expression (closure_parameters "|" "|") (attribute_item "#" "[" (attribute (identifier "a")) "]") (integer_literal "1")))`}},
		{"return #[a] x;", []string{`(expression_statement (return_expression "return" (attribute_item "#" "[" (attribute (identifier "a")) "]") (identifier "x")))`}},
		{"let r = -#[a] y;", []string{`(let_declaration "let" (identifier "r") "=" (unary_expression "-" (attribute_item "#" "[" (attribute (identifier "a")) "]") (identifier "y")))`}},
	} {
		if diff := cmp.Diff(tc.want, body(t, tc.src)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.src, diff)
		}
	}
}

const nightlyCode = `const trait Foo {}
trait Bar {}
const unsafe trait Alloc { fn f(&self); }
const impl<T> RawVec<T> { fn g() {} }
const impl Default for S {}
impl const Default for Cell { fn h() {} }
impl Default for U {}
impl !Send for T {}
impl ! { fn n() {} }
fn f(x: impl [const] FnOnce() -> bool) {}
fn g(x: impl FnOnce() -> bool) {}
fn k() {
    let a = #[cold] || 1;
    let b = || 2;
}
`

// TestNightlyOther: the tree of the other nightly syntax rustc's parser
// takes: gen blocks and functions, use closures, super let, pinned
// references, unsafe binder types, do yeet, builtin syntax, unsafe
// statics in extern blocks and try bikeshed blocks.
func TestNightlyOther(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"let g = async gen move { yield 1; };", []string{`(let_declaration "let" (identifier "g") "=" (gen_block "async" (identifier "gen") "move" (block "{" (expression_statement (yield_expression "yield" (integer_literal "1"))) "}")))`}},
		{"gen {}", []string{`(gen_block (identifier "gen") (block "{" "}"))`}},
		// In the head of an if, gen is a name, as in the 2021 edition.
		{"if gen {}", []string{`(if_expression "if" (identifier "gen") (block "{" "}"))`}},
		{"gen fn f() {}", []string{`(function_item (function_modifiers (identifier "gen")) "fn" (identifier "f") (parameters "(" ")") (block "{" "}"))`}},
		{"use || x;", []string{`(expression_statement (closure_expression "use" (closure_parameters "|" "|") (identifier "x")))`}},
		{"let y = async use |a| a;", []string{`(let_declaration "let" (identifier "y") "=" (closure_expression "async" "use" (closure_parameters "|" (identifier "a") "|") (identifier "a")))`}},
		{"super let mut x = 1;", []string{`(let_declaration (super "super") "let" (identifier_pattern "mut" (identifier "x")) "=" (integer_literal "1"))`}},
		{"let z: &pin const u8 = &pin mut w;", []string{`(let_declaration "let" (identifier "z") ":" (reference_type "&" (identifier "pin") "const" (type_identifier "u8")) "=" (reference_expression "&" (identifier "pin") "mut" (identifier "w")))`}},
		// A reference to a variable named pin is no pinned reference.
		{"let r = &pin - 1;", []string{`(let_declaration "let" (identifier "r") "=" (binary_expression (reference_expression "&" (identifier "pin")) "-" (integer_literal "1")))`}},
		{"type U = unsafe<'a> &'a u8;", []string{`(type_item "type" (type_identifier "U") "=" (unsafe_binder_type "unsafe" (type_parameters "<" (lifetime_parameter (lifetime (lifetime_token "'a"))) ">") (reference_type "&" (lifetime (lifetime_token "'a")) (type_identifier "u8"))))`}},
		{"do yeet 1;", []string{`(expression_statement (yeet_expression "do" (identifier "yeet") (integer_literal "1")))`}},
		{"match x { builtin # deref(y) => builtin # offset_of(S, f) }", []string{`(match_expression "match" (identifier "x") (match_block "{" (match_arm (macro_invocation (identifier "builtin") "#" (identifier "deref") (token_tree "(" (identifier "y") ")")) "=>" (macro_invocation (identifier "builtin") "#" (identifier "offset_of") (token_tree "(" (identifier "S") "," (identifier "f") ")"))) "}"))`}},
		{`extern "C" { pub unsafe static mut X: u8; }`, []string{`(foreign_mod_item "extern" (string_literal "\"C\"") (declaration_list "{" (static_item (visibility_modifier "pub") "unsafe" "static" "mut" (identifier "X") ":" (type_identifier "u8")) "}"))`}},
		{"try bikeshed Option<u8> { 1 }", []string{`(try_block "try" (identifier "bikeshed") (generic_type (type_identifier "Option") (type_arguments "<" (type_identifier "u8") ">")) (block "{" (integer_literal "1") "}"))`}},
	} {
		if diff := cmp.Diff(tc.want, body(t, tc.src)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.src, diff)
		}
	}
	tree := mustParse(t, "fn f(&'a pin mut self) {}")
	want := `(function_item "fn" (identifier "f") (parameters "(" (self_parameter "&" (lifetime (lifetime_token "'a")) (identifier "pin") "mut" (self "self")) ")") (block "{" "}"))`
	if diff := cmp.Diff(want, tree.Sexp(tree.Children(tree.Root)[0])); diff != "" {
		t.Errorf("&'a pin mut self (-want +got):\n%s", diff)
	}
}

// TestFixturesRustcAccepts: rustc's parser accepts every fixture, the
// nightly one included, so that what the grammar is tested on is Rust.
func TestFixturesRustcAccepts(t *testing.T) {
	var files []string
	for _, f := range fixtures() {
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, abs)
	}
	verdicts := rustcVerdicts(t, files, func(string) string { return "2024" })
	for _, f := range files {
		if v := verdicts[f]; !v.OK {
			t.Errorf("rustc rejects %s (edition %s): %s", f, v.Edition, v.Error)
		}
	}
}

// TestNightlyPatterns: a pattern written in the nightly syntax finds
// that syntax, and the pattern without it does not find it.
func TestNightlyPatterns(t *testing.T) {
	tree := mustParse(t, nightlyCode)
	for _, tc := range []struct {
		pattern string
		want    []string
	}{
		{"const trait $T { $$$B }", []string{"const trait Foo {}"}},
		{"trait $T { $$$B }", []string{"trait Bar {}"}},
		{"const unsafe trait $T { $$$B }", []string{"const unsafe trait Alloc { fn f(&self); }"}},
		{"const impl $T for $X { $$$B }", []string{"const impl Default for S {}"}},
		{"impl const $T for $X { $$$B }", []string{"impl const Default for Cell { fn h() {} }"}},
		{"impl $T for $X { $$$B }", []string{"impl Default for U {}"}},
		{"impl !$T for $X { $$$B }", []string{"impl !Send for T {}"}},
		{"impl ! { $$$B }", []string{"impl ! { fn n() {} }"}},
		{"impl [const] $B", []string{"impl [const] FnOnce() -> bool"}},
		// $B binds a bound, modifiers and all.
		{"impl $B", []string{"impl [const] FnOnce() -> bool", "impl FnOnce() -> bool"}},
		{"impl FnOnce() -> $R", []string{"impl FnOnce() -> bool"}},
		{"let $X = #[cold] $E", []string{"let a = #[cold] || 1"}},
		{"|| $B", []string{"|| 1", "|| 2"}},
	} {
		p, err := matcher.Compile(Language, tc.pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", tc.pattern, err)
			continue
		}
		var got []string
		for _, m := range p.Find(tree) {
			s := m.Span(tree)
			got = append(got, string(tree.Src[s.Start:s.End]))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.pattern, diff)
		}
	}
}
