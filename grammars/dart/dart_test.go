package dart

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/google/go-cmp/cmp"
)

// body parses stmts as a function's body and returns the body's
// statements as S-expressions.
func body(t *testing.T, stmts string) []string {
	t.Helper()
	return gramtest.BlockSexps(t, Language, "void f() {\n"+stmts+"\n}")
}

// TestFidelity: a tree's leaves are its lexer's tokens, but for the ;
// that ends a statement or a declaration, and it nests properly.
func TestFidelity(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.dart"))
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tree, _ := Language.Parse(src)
		if len(tree.Errors) > 0 {
			t.Fatalf("%s: %v", f, tree.Errors)
		}
		checkFidelity(t, f, src, tree)
	}
}

// checkFidelity checks that a tree's leaves are its lexer's tokens, but
// for the ; that ends a statement or a declaration.
func checkFidelity(t *testing.T, name string, src []byte, tree *grammars.Tree) {
	t.Helper()
	gramtest.Fidelity(t, name, src, tree, func(tok grammars.Token) bool { return tok.Kind == tSemi })
}

// TestShapes: the tree of each construct, as S-expressions of its named
// nodes.
func TestShapes(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"dispose(x);", []string{`(expression_statement (call_expression (identifier "dispose") (arguments "(" (identifier "x") ")")))`}},
		{"a.dispose();", []string{`(expression_statement (method_call (identifier "a") "." (field_identifier "dispose") (arguments "(" ")")))`}},
		{"if (c != null) c.dispose();", []string{`(if_statement "if" "(" (binary_expression (identifier "c") "!=" (null "null")) ")" (expression_statement (method_call (identifier "c") "." (field_identifier "dispose") (arguments "(" ")"))))`}},
		{"a?.b!.c;", []string{`(expression_statement (field_access (null_assert_expression (field_access (identifier "a") "?." (field_identifier "b")) "!") "." (field_identifier "c")))`}},
		{"x..a()..b = 1;", []string{`(expression_statement (cascade_expression (identifier "x") (cascade_section ".." (field_identifier "a") (arguments "(" ")")) (cascade_section ".." (field_identifier "b") "=" (integer_literal "1"))))`}},
		{"a >> b >= c;", []string{`(expression_statement (binary_expression (binary_expression (identifier "a") ">" ">" (identifier "b")) ">" "=" (identifier "c")))`}},
		{"x >>>= 1;", []string{`(expression_statement (assignment_expression (identifier "x") ">" ">" ">" "=" (integer_literal "1")))`}},
		{"List<List<int>> v = [];", []string{`(variable_declaration (generic_type (type_identifier "List") (type_arguments "<" (generic_type (type_identifier "List") (type_arguments "<" (type_identifier "int") ">")) ">")) (variable_declarator (identifier "v") "=" (list_literal "[" "]")))`}},
		{"a < b;", []string{`(expression_statement (binary_expression (identifier "a") "<" (identifier "b")))`}},
		{"f<int>(x);", []string{`(expression_statement (call_expression (identifier "f") (type_arguments "<" (type_identifier "int") ">") (arguments "(" (identifier "x") ")")))`}},
		{"c ? f(x) : y;", []string{`(expression_statement (conditional_expression (identifier "c") "?" (call_expression (identifier "f") (arguments "(" (identifier "x") ")")) ":" (identifier "y")))`}},
		{"x is int ? a : b;", []string{`(expression_statement (conditional_expression (type_test_expression (identifier "x") "is" (type_identifier "int")) "?" (identifier "a") ":" (identifier "b")))`}},
		{`print("a $b ${c + 1}");`, []string{`(expression_statement (call_expression (identifier "print") (arguments "(" (interpolated_string "\"a " (interpolation "$" (identifier "b")) " " (interpolation "${" (binary_expression (identifier "c") "+" (integer_literal "1")) "}") "\"") ")")))`}},
		{"var (a, b) = r;", []string{`(pattern_declaration "var" (record_pattern "(" (pattern_field (constant_pattern (identifier "a"))) "," (pattern_field (constant_pattern (identifier "b"))) ")") "=" (identifier "r"))`}},
		{"final f = (x) => x;", []string{`(variable_declaration "final" (variable_declarator (identifier "f") "=" (function_expression (formal_parameters "(" (formal_parameter (identifier "x")) ")") (function_body "=>" (identifier "x")))))`}},
		{"g() { }", []string{`(function_declaration (identifier "g") (formal_parameters "(" ")") (block "{" "}"))`}},
		{"[1, if (a) 2, ...b];", []string{`(expression_statement (list_literal "[" (integer_literal "1") "," (if_element "if" "(" (identifier "a") ")" (integer_literal "2")) "," (spread_element "..." (identifier "b")) "]"))`}},
		{"Foo(brightness: .light);", []string{`(expression_statement (call_expression (identifier "Foo") (arguments "(" (named_argument (label "brightness") ":" (dot_shorthand "." (field_identifier "light"))) ")")))`}},
	} {
		if diff := cmp.Diff(tc.want, body(t, tc.src)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.src, diff)
		}
	}
}

// TestErrors: what is no Dart is an error at its place, never a silent
// parse.
func TestErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"void f( {}", "1:11: expected ')'"},
		{"void f() { var = 1; }", "1:16: expected identifier"},
		{"class { }", "1:7: expected identifier"},
		{"void f() { a b c; }", "1:14: expected ';'"},
		{"void f() { x. }", "1:15: expected identifier"},
		{`void f() { "open }`, "string literal not terminated"},
		{`void f() { print("${a"); }`, "1:18: string literal not terminated"},
		{"/* a /* nested */", "1:1: comment not terminated"},
		{"void f() { g(; }", "1:14: expected"},
	} {
		tree, _ := Language.Parse([]byte(tc.src))
		if len(tree.Errors) == 0 || !strings.Contains(tree.Errors[0].Error(), tc.want) {
			t.Errorf("%q: errors %v, want one like %q", tc.src, tree.Errors, tc.want)
		}
	}
}
