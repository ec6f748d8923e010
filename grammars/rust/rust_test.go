package rust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/agenttools/agenttools/grammars/kit"
	"github.com/google/go-cmp/cmp"
)

func mustParse(t *testing.T, src string) *grammars.Tree { return gramtest.MustParse(t, Language, src) }

// body parses stmts as a function's body and returns the body's
// statements as S-expressions.
func body(t *testing.T, stmts string) []string {
	return gramtest.BlockSexps(t, Language, "fn f() {\n"+stmts+"\n}")
}

// TestShapes: the tree of each construct, as S-expressions of its named
// nodes.
func TestShapes(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"a.b(c)", []string{`(method_call_expression (identifier "a") "." (field_identifier "b") (arguments "(" (identifier "c") ")"))`}},
		{"f(a);", []string{`(expression_statement (call_expression (identifier "f") (arguments "(" (identifier "a") ")")))`}},
		{"T::f(a)", []string{`(call_expression (path (identifier "T") "::" (identifier "f")) (arguments "(" (identifier "a") ")"))`}},
		{"(a.b)(c)", []string{`(call_expression (parenthesized_expression "(" (field_expression (identifier "a") "." (field_identifier "b")) ")") (arguments "(" (identifier "c") ")"))`}},
		{"x.0.1", []string{`(field_expression (field_expression (identifier "x") "." (field_identifier "0")) "." (field_identifier "1"))`}},
		{"a?.b.await", []string{`(await_expression (field_expression (try_expression (identifier "a") "?") "." (field_identifier "b")) "." "await")`}},
		{"Vec::<u8>::new()", []string{`(call_expression (path (identifier "Vec") "::" (type_arguments "<" (type_identifier "u8") ">") "::" (identifier "new")) (arguments "(" ")"))`}},
		{"a << b >= c", []string{`(binary_expression (binary_expression (identifier "a") "<" "<" (identifier "b")) ">" "=" (identifier "c"))`}},
		{"x >>= 1;", []string{`(expression_statement (compound_assignment_expr (identifier "x") ">" ">" "=" (integer_literal "1")))`}},
		{"a as u32 <= b", []string{`(binary_expression (type_cast_expression (identifier "a") "as" (type_identifier "u32")) "<" "=" (identifier "b"))`}},
		{"-a * b + c", []string{`(binary_expression (binary_expression (unary_expression "-" (identifier "a")) "*" (identifier "b")) "+" (identifier "c"))`}},
		{"let v: Vec<Vec<u8>> = x;", []string{`(let_declaration "let" (identifier "v") ":" (generic_type (type_identifier "Vec") (type_arguments "<" (generic_type (type_identifier "Vec") (type_arguments "<" (type_identifier "u8") ">")) ">")) "=" (identifier "x"))`}},
		{"let Some(x) = o else { return };", []string{`(let_declaration "let" (tuple_struct_pattern (identifier "Some") "(" (identifier "x") ")") "=" (identifier "o") (let_else "else" (block "{" (return_expression "return") "}")))`}},
		{"if x == S {}", []string{`(if_expression "if" (binary_expression (identifier "x") "==" (identifier "S")) (block "{" "}"))`}},
		{"if let Some(a) = b && c {}", []string{`(if_expression "if" (binary_expression (let_condition "let" (tuple_struct_pattern (identifier "Some") "(" (identifier "a") ")") "=" (identifier "b")) "&" "&" (identifier "c")) (block "{" "}"))`}},
		{"&&x || y", []string{`(binary_expression (reference_expression "&" (reference_expression "&" (identifier "x"))) "|" "|" (identifier "y"))`}},
		{"|| 1", []string{`(closure_expression (closure_parameters "|" "|") (integer_literal "1"))`}},
		{"return ..1", []string{`(return_expression "return" (range_expression ".." (integer_literal "1")))`}},
		{"match x { 1 | 2 => a, _ if b => {} }", []string{`(match_expression "match" (identifier "x") (match_block "{" (match_arm (or_pattern (integer_literal "1") "|" (integer_literal "2")) "=>" (identifier "a")) "," (match_arm (wildcard_pattern "_") (match_guard "if" (identifier "b")) "=>" (block "{" "}")) "}"))`}},
		{"if a {} - 1", []string{`(expression_statement (if_expression "if" (identifier "a") (block "{" "}")))`, `(unary_expression "-" (integer_literal "1"))`}},
		{"unsafe { p }.x = 1;", []string{`(expression_statement (assignment_expression (field_expression (unsafe_block "unsafe" (block "{" (identifier "p") "}")) "." (field_identifier "x")) "=" (integer_literal "1")))`}},
		{"|x| x + 1", []string{`(closure_expression (closure_parameters "|" (identifier "x") "|") (binary_expression (identifier "x") "+" (integer_literal "1")))`}},
		{"'a: loop { break 'a 1 }", []string{`(loop_expression (label (lifetime_token "'a")) ":" "loop" (block "{" (break_expression "break" (label (lifetime_token "'a")) (integer_literal "1")) "}"))`}},
		{"S { a, b: 1, ..c }", []string{`(struct_expression (identifier "S") (field_initializer_list "{" (shorthand_field_initializer (identifier "a")) "," (field_initializer (field_identifier "b") ":" (integer_literal "1")) "," (base_field_initializer ".." (identifier "c")) "}"))`}},
		// A macro's arguments, parsed where they parse.
		{`println!("{}", a.unwrap());`, []string{`(expression_statement (macro_invocation (identifier "println") "!" (token_tree "(" (string_literal "\"{}\"") "," (method_call_expression (identifier "a") "." (field_identifier "unwrap") (arguments "(" ")")) ")")))`}},
		{"vec![0; n]", []string{`(macro_invocation (identifier "vec") "!" (token_tree "[" (integer_literal "0") ";" (identifier "n") "]"))`}},
		{"quote!(#x + 1);", []string{`(expression_statement (macro_invocation (identifier "quote") "!" (token_tree "(" "#" (identifier "x") "+" (integer_literal "1") ")")))`}},
		{"m! { let x = 1; }", []string{`(macro_invocation (identifier "m") "!" (token_tree "{" (let_declaration "let" (identifier "x") "=" (integer_literal "1")) "}"))`}},
		{`let s = r#"a "b""#;`, []string{`(let_declaration "let" (identifier "s") "=" (string_literal "r#\"a \"b\"\"#"))`}},
	} {
		if diff := cmp.Diff(tc.want, body(t, tc.src)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.src, diff)
		}
	}
}

// TestItems: the tree of each kind of item.
func TestItems(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"impl<T> Tr for S<T> { fn f(&self) {} }", `(impl_item "impl" (type_parameters "<" (type_parameter (identifier "T")) ">") (type_identifier "Tr") "for" (generic_type (type_identifier "S") (type_arguments "<" (type_identifier "T") ">")) (declaration_list "{" (function_item "fn" (identifier "f") (parameters "(" (self_parameter "&" (self "self")) ")") (block "{" "}")) "}"))`},
		{"pub(crate) struct P<'a> { x: &'a str }", `(struct_item (visibility_modifier "pub" "(" (crate "crate") ")") "struct" (type_identifier "P") (type_parameters "<" (lifetime_parameter (lifetime (lifetime_token "'a"))) ">") (field_declaration_list "{" (field_declaration (field_identifier "x") ":" (reference_type "&" (lifetime (lifetime_token "'a")) (type_identifier "str"))) "}"))`},
		{"enum E { A(u8), B { x: i32 } }", `(enum_item "enum" (type_identifier "E") (enum_variant_list "{" (enum_variant (identifier "A") (ordered_field_declaration_list "(" (field_declaration (type_identifier "u8")) ")")) "," (enum_variant (identifier "B") (field_declaration_list "{" (field_declaration (field_identifier "x") ":" (type_identifier "i32")) "}")) "}"))`},
		{"use a::{b, c::*};", `(use_declaration "use" (scoped_use_list (identifier "a") "::" (use_list "{" (identifier "b") "," (use_wildcard (identifier "c") "::" "*") "}")))`},
		{"fn f() -> impl Fn(u8) -> u8 { |x| x }", `(function_item "fn" (identifier "f") (parameters "(" ")") "->" (abstract_type "impl" (trait_bounds (generic_type (type_identifier "Fn") (parameters "(" (type_identifier "u8") ")" "->" (type_identifier "u8"))))) (block "{" (closure_expression (closure_parameters "|" (identifier "x") "|") (identifier "x")) "}"))`},
		{"macro_rules! m { () => {} }", `(macro_definition (identifier "macro_rules") "!" (identifier "m") (token_tree "{" (token_tree "(" ")") "=>" (token_tree "{" "}") "}"))`},
		// Outer attributes are siblings before what they are on.
		{"#[derive(Debug)] struct S;", `(attribute_item "#" "[" (attribute (identifier "derive") (token_tree "(" (identifier "Debug") ")")) "]")`},
	} {
		tree := mustParse(t, tc.src)
		if diff := cmp.Diff(tc.want, tree.Sexp(tree.Children(tree.Root)[0])); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.src, diff)
		}
	}
}

// TestErrors: what is no Rust is an error at its place, never a silent
// parse.
func TestErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"fn f( {}", "1:7: expected"},
		{"fn f() { let = 1; }", "1:14: expected"},
		{"struct { x: u8 }", "1:8: expected identifier"},
		{"fn f() { a b }", "1:12: expected ';' or '}'"},
		{"fn f() { x. }", "1:13: expected field or method name"},
		{"fn f() { 'x }", "1:13: expected ':'"},
		{`fn f() { "open }`, "string literal not terminated"},
		{"fn f() { m!(a; }", "1:"},
	} {
		tree, _ := Language.Parse([]byte(tc.src))
		if len(tree.Errors) == 0 || !strings.Contains(tree.Errors[0].Error(), tc.want) {
			t.Errorf("%q: errors %v, want one like %q", tc.src, tree.Errors, tc.want)
		}
	}
}

// TestErrorCap: past kit.MaxErrors broken items, the rest of the file is
// one ERROR node, and a last error says the parse stopped.
func TestErrorCap(t *testing.T) {
	src := strings.Repeat("fn f( {}\n", kit.MaxErrors+2) + "fn g() {}\n"
	tree, _ := Language.Parse([]byte(src))
	want := strings.Fields(strings.Repeat("ERROR ", kit.MaxErrors+1))
	if diff := cmp.Diff(want, gramtest.TopKinds(tree)); diff != "" {
		t.Errorf("top level (-want +got):\n%s", diff)
	}
	if n := len(tree.Errors); n != kit.MaxErrors+1 || !strings.Contains(tree.Errors[n-1].Msg, "too many errors") {
		t.Errorf("errors %v; want %d, the last saying too many errors", tree.Errors, kit.MaxErrors+1)
	}
}

// TestFidelity: a tree's leaves are its lexer's tokens, but for the ;
// that ends a statement or an item, and it nests properly; on the
// fixture, and on the standard library's sources when they are here
// (the one AGENTTOOLS_RUST_STD names, if set: see corpusStd).
func TestFidelity(t *testing.T) {
	files := fixtures()
	if lib, _, err := corpusStd(t); err == nil {
		filepath.Walk(lib, func(p string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() && strings.HasSuffix(p, ".rs") && info.Size() < 1<<20 {
				files = append(files, p)
			}
			return nil
		})
	}
	for i, f := range files {
		if testing.Short() && i >= len(fixtures()) && i%10 != 0 {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tree, _ := Language.Parse(src)
		if i < len(fixtures()) && len(tree.Errors) > 0 {
			t.Fatalf("%s: %v", f, tree.Errors)
		}
		checkFidelity(t, f, src, tree)
	}
}

// fixtures are the grammar's test files, which rustc accepts.
func fixtures() []string {
	return []string{
		filepath.Join("testdata", "forms.rs"),
		filepath.Join("testdata", "edges.rs"),
		filepath.Join("testdata", "nightly.rs"),
	}
}

// checkFidelity checks that a tree's leaves are its tokens but for a
// statement's ;, which is no leaf.
func checkFidelity(t *testing.T, name string, src []byte, tree *grammars.Tree) {
	t.Helper()
	gramtest.Fidelity(t, name, src, tree, func(tok grammars.Token) bool { return tok.Kind == tSemi })
}
