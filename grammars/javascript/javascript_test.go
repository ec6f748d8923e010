package javascript

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// dialects are the three languages, with their fixture's extension.
var dialects = []struct {
	l   *grammars.Language
	ext string
}{
	{TypeScript, ".ts"},
	{TSX, ".tsx"},
	{JavaScript, ".js"},
}

// mustParse parses src with l; it must parse with no error.
func mustParse(t *testing.T, l *grammars.Language, src string) *grammars.Tree {
	t.Helper()
	return gramtest.MustParse(t, l, src)
}

// pretty prints a tree with one node a line, indented, for goldens.
func pretty(t *grammars.Tree, n int32, depth int, b *strings.Builder) {
	b.WriteString(strings.Repeat("  ", depth))
	nd := t.Nodes[n]
	if nd.Count == 0 {
		if t.Named(n) {
			b.WriteString("(" + t.KindName(n) + " " + quote(t.Text(n)) + ")\n")
		} else {
			b.WriteString(quote(t.Text(n)) + "\n")
		}
		return
	}
	b.WriteString("(" + t.KindName(n) + "\n")
	for _, c := range t.Children(n) {
		pretty(t, c, depth+1, b)
	}
	b.WriteString(strings.Repeat("  ", depth) + ")\n")
}

func quote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`, "\r", `\r`)
	return `"` + r.Replace(s) + `"`
}

// TestShapes parses testdata/forms.ts, forms.tsx and forms.js, which
// between them have every construct of the three languages (TypeScript
// itself accepts each, and its tokens are ours), and compares the trees
// with the goldens forms.*.sexp; go test -update rewrites them.
func TestShapes(t *testing.T) {
	for _, d := range dialects {
		path := filepath.Join("testdata", "forms"+d.ext)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		tree := mustParse(t, d.l, string(src))
		var b strings.Builder
		pretty(tree, tree.Root, 0, &b)
		gramtest.Golden(t, path+".sexp", b.String(), *update)
	}
}

// sexp parses src in l and returns the program's tree as an
// S-expression.
func sexp(t *testing.T, l *grammars.Language, src string) string {
	t.Helper()
	tree := mustParse(t, l, src)
	return tree.Sexp(tree.Root)
}

// TestRegexOrDivision: a / is a regular expression where an operand may
// start and division where an operator may.
func TestRegexOrDivision(t *testing.T) {
	for _, tc := range []struct {
		src   string
		regex []string // the regex literals, in order
	}{
		{"a / b / c", nil},
		{"x = /re/g", []string{"/re/g"}},
		{"if (x) /re/.test(s)", []string{"/re/"}},
		{"while (x) /re/.exec(s)", []string{"/re/"}},
		{"function f() { return /x/ }", []string{"/x/"}},
		{"{}\n/re/.test(s)", []string{"/re/"}},
		{"a++ / 2", nil},
		{"a-- / 2 / b", nil},
		{"x = (a) / 2", nil},
		{"x = a[0] / 2", nil},
		{"x = f() / 2 / g()", nil},
		{"x = this / 2", nil},
		{"x = /[/]/.source", []string{"/[/]/"}},
		{`x = /\//g`, []string{`/\//g`}},
		{"x = /=/", []string{"/=/"}},
		{"x /= 2", nil},
		{"x = a ? /b/ : /c/", []string{"/b/", "/c/"}},
		{"x = [/a/, /b/]", []string{"/a/", "/b/"}},
		{"f(/a/, b / c)", []string{"/a/"}},
		{"x = typeof /a/", []string{"/a/"}},
		{"x = a\n/b/g", nil}, // no automatic semicolon: a / b / g
		{"x = `${a / b}` + /c/", []string{"/c/"}},
		{"x = y => /re/", []string{"/re/"}},
		{"x = {} / 2", nil},
		{"x = 1 /2/ 3", nil},
		{"x = /(?<name>[a-z]+)\\k<name>/v", []string{`/(?<name>[a-z]+)\k<name>/v`}},
	} {
		for _, d := range dialects {
			tree := mustParse(t, d.l, tc.src)
			var got []string
			for _, n := range tree.Leaves() {
				if tree.Nodes[n].Kind == tRegex {
					got = append(got, tree.Text(n))
				}
			}
			if diff := cmp.Diff(tc.regex, got); diff != "" {
				t.Errorf("%s: %q: regex literals (-want +got):\n%s", d.l.ID, tc.src, diff)
			}
		}
	}
}

// TestASI: automatic semicolon insertion and the restricted productions.
func TestASI(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"function f() { return\nx }", `(program (function_declaration "function" (identifier "f") (formal_parameters "(" ")") (statement_block "{" (return_statement "return") (identifier "x") "}")))`},
		{"x\n++y", `(program (identifier "x") (update_expression "++" (identifier "y")))`},
		{"x++\ny", `(program (update_expression (identifier "x") "++") (identifier "y"))`},
		{"a: for (;;) { continue\na; break a }", `(program (labeled_statement (statement_identifier "a") ":" (for_statement "for" "(" ";" ";" ")" (statement_block "{" (continue_statement "continue") (identifier "a") (break_statement "break" (statement_identifier "a")) "}"))))`},
		{"a\n(b)", `(program (call_expression (identifier "a") (arguments "(" (identifier "b") ")")))`},
		{"a\n[b]", `(program (subscript_expression (identifier "a") "[" (identifier "b") "]"))`},
		{"let x = 1\nlet y = 2", `(program (lexical_declaration "let" (variable_declarator (identifier "x") "=" (number "1"))) (lexical_declaration "let" (variable_declarator (identifier "y") "=" (number "2"))))`},
		{"do x(); while (y) z()", `(program (do_statement "do" (call_expression (identifier "x") (arguments "(" ")")) "while" (parenthesized_expression "(" (identifier "y") ")")) (call_expression (identifier "z") (arguments "(" ")")))`},
		{"x = async\nfunction f() {}", `(program (assignment_expression (identifier "x") "=" (identifier "async")) (function_declaration "function" (identifier "f") (formal_parameters "(" ")") (statement_block "{" "}")))`},
		{"x = a /*\n*/ b", `(program (assignment_expression (identifier "x") "=" (identifier "a")) (identifier "b"))`},
		{"a /*\n*/ b", `(program (identifier "a") (identifier "b"))`},
		{"a // c\u2028b", `(program (identifier "a") (identifier "b"))`},
		{"a // \u20ac b\nc", `(program (identifier "a") (identifier "c"))`},
		{"foo(x);", `(program (call_expression (identifier "foo") (arguments "(" (identifier "x") ")")))`},
		{"foo(x)", `(program (call_expression (identifier "foo") (arguments "(" (identifier "x") ")")))`},
		{"throw\ne", "fail"},
		{"let f = (a)\n=> a", "fail"},
		{"x = y\nz = 1", `(program (assignment_expression (identifier "x") "=" (identifier "y")) (assignment_expression (identifier "z") "=" (number "1")))`},
		{"x = y z", "fail"},
		{"type\nX = 1", `(program (identifier "type") (assignment_expression (identifier "X") "=" (number "1")))`},
		{"a\n!b", `(program (identifier "a") (unary_expression "!" (identifier "b")))`},
		{"yield\nx", `(program (identifier "yield") (identifier "x"))`},
		{"class C { a = 1\nb() {} }", `(program (class_declaration "class" (identifier "C") (class_body "{" (field_definition (property_identifier "a") "=" (number "1")) (method_definition (property_identifier "b") (formal_parameters "(" ")") (statement_block "{" "}")) "}")))`},
		{"class C { static\nx }", `(program (class_declaration "class" (identifier "C") (class_body "{" (field_definition "static" (property_identifier "x")) "}")))`},
		{"class C { async\nx() {} }", `(program (class_declaration "class" (identifier "C") (class_body "{" (property_identifier "async") (method_definition (property_identifier "x") (formal_parameters "(" ")") (statement_block "{" "}")) "}")))`},
	} {
		tree, _ := TypeScript.Parse([]byte(tc.src))
		if tc.want == "fail" {
			if len(tree.Errors) == 0 {
				t.Errorf("%q: parsed as %s; want a syntax error", tc.src, tree.Sexp(tree.Root))
			}
			continue
		}
		if len(tree.Errors) > 0 {
			t.Errorf("%q: %v", tc.src, tree.Errors)
			continue
		}
		if got := tree.Sexp(tree.Root); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}

// TestGenericsOrComparison: after <, TypeScript's rule: type arguments
// when they parse and the next token can follow them.
func TestGenericsOrComparison(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"f<T>(x)", `(program (call_expression (identifier "f") (type_arguments "<" (type_identifier "T") ">") (arguments "(" (identifier "x") ")")))`},
		{"f<T, U>(x)", `(program (call_expression (identifier "f") (type_arguments "<" (type_identifier "T") "," (type_identifier "U") ">") (arguments "(" (identifier "x") ")")))`},
		{"a < b && c > d", `(program (binary_expression (binary_expression (identifier "a") "<" (identifier "b")) "&&" (binary_expression (identifier "c") ">" (identifier "d"))))`},
		{"a < b > c", `(program (binary_expression (binary_expression (identifier "a") "<" (identifier "b")) ">" (identifier "c")))`},
		{"a < b >> c", `(program (binary_expression (identifier "a") "<" (binary_expression (identifier "b") ">>" (identifier "c"))))`},
		{"a<b>\nc", `(program (instantiation_expression (identifier "a") (type_arguments "<" (type_identifier "b") ">")) (identifier "c"))`},
		{"x = a<b>;", `(program (assignment_expression (identifier "x") "=" (instantiation_expression (identifier "a") (type_arguments "<" (type_identifier "b") ">"))))`},
		{"new C<T>()", `(program (new_expression "new" (identifier "C") (type_arguments "<" (type_identifier "T") ">") (arguments "(" ")")))`},
		{"f<T>`x`", `(program (call_expression (identifier "f") (type_arguments "<" (type_identifier "T") ">") (template_string "` + "`" + `" (string_fragment "x") "` + "`" + `")))`},
		{"a?.<T>(x)", `(program (call_expression (identifier "a") "?." (type_arguments "<" (type_identifier "T") ">") (arguments "(" (identifier "x") ")")))`},
		{"f<Array<T>>(x)", `(program (call_expression (identifier "f") (type_arguments "<" (generic_type (type_identifier "Array") (type_arguments "<" (type_identifier "T") ">")) ">") (arguments "(" (identifier "x") ")")))`},
		{"i < n; j > m", `(program (binary_expression (identifier "i") "<" (identifier "n")) (binary_expression (identifier "j") ">" (identifier "m")))`},
		// As in TypeScript, which reads a<b, c>(d) as a call here.
		{"f(a < b, c > (d))", `(program (call_expression (identifier "f") (arguments "(" (call_expression (identifier "a") (type_arguments "<" (type_identifier "b") "," (type_identifier "c") ">") (arguments "(" (identifier "d") ")")) ")")))`},
		{"f(a < b, c > d)", `(program (call_expression (identifier "f") (arguments "(" (binary_expression (identifier "a") "<" (identifier "b")) "," (binary_expression (identifier "c") ">" (identifier "d")) ")")))`},
		{"x = a < b ? c : d", `(program (assignment_expression (identifier "x") "=" (ternary_expression (binary_expression (identifier "a") "<" (identifier "b")) "?" (identifier "c") ":" (identifier "d"))))`},
	} {
		if got := sexp(t, TypeScript, tc.src); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
	// JavaScript has no type arguments in expressions: f<T>(x) compares.
	if got, want := sexp(t, JavaScript, "f<T>(x)"), `(program (binary_expression (binary_expression (identifier "f") "<" (identifier "T")) ">" (parenthesized_expression "(" (identifier "x") ")")))`; got != want {
		t.Errorf("javascript f<T>(x):\n got %s\nwant %s", got, want)
	}
}

// TestArrowOrParens: TypeScript's look-ahead and speculation decide what
// a ( or < starts.
func TestArrowOrParens(t *testing.T) {
	for _, tc := range []struct {
		l         *grammars.Language
		src, want string
	}{
		{TypeScript, "(a, b) => a", `(program (arrow_function (formal_parameters "(" (identifier "a") "," (identifier "b") ")") "=>" (identifier "a")))`},
		{TypeScript, "(a, b)", `(program (parenthesized_expression "(" (sequence_expression (identifier "a") "," (identifier "b")) ")"))`},
		{TypeScript, "(a)", `(program (parenthesized_expression "(" (identifier "a") ")"))`},
		{TypeScript, "() => {}", `(program (arrow_function (formal_parameters "(" ")") "=>" (statement_block "{" "}")))`},
		{TypeScript, "(a = 1) => a", `(program (arrow_function (formal_parameters "(" (assignment_pattern (identifier "a") "=" (number "1")) ")") "=>" (identifier "a")))`},
		{TypeScript, "(a = 1)", `(program (parenthesized_expression "(" (assignment_expression (identifier "a") "=" (number "1")) ")"))`},
		{TypeScript, "({a, b}) => a", `(program (arrow_function (formal_parameters "(" (object_pattern "{" (identifier "a") "," (identifier "b") "}") ")") "=>" (identifier "a")))`},
		{TypeScript, "({a: 1})", `(program (parenthesized_expression "(" (object "{" (pair (property_identifier "a") ":" (number "1")) "}") ")"))`},
		{TypeScript, "([a, b]) => a", `(program (arrow_function (formal_parameters "(" (array_pattern "[" (identifier "a") "," (identifier "b") "]") ")") "=>" (identifier "a")))`},
		{TypeScript, "([a, b])", `(program (parenthesized_expression "(" (array "[" (identifier "a") "," (identifier "b") "]") ")"))`},
		{TypeScript, "(...a) => a", `(program (arrow_function (formal_parameters "(" (rest_pattern "..." (identifier "a")) ")") "=>" (identifier "a")))`},
		{TypeScript, "(a: T): U => a", `(program (arrow_function (formal_parameters "(" (required_parameter (identifier "a") (type_annotation ":" (type_identifier "T"))) ")") (type_annotation ":" (type_identifier "U")) "=>" (identifier "a")))`},
		{TypeScript, "async (a) => a", `(program (arrow_function "async" (formal_parameters "(" (identifier "a") ")") "=>" (identifier "a")))`},
		{TypeScript, "async a => a", `(program (arrow_function "async" (identifier "a") "=>" (identifier "a")))`},
		{TypeScript, "async(a)", `(program (call_expression (identifier "async") (arguments "(" (identifier "a") ")")))`},
		{TypeScript, "a => b => c", `(program (arrow_function (identifier "a") "=>" (arrow_function (identifier "b") "=>" (identifier "c"))))`},
		{TypeScript, "<T>(a: T) => a", `(program (arrow_function (type_parameters "<" (type_identifier "T") ">") (formal_parameters "(" (required_parameter (identifier "a") (type_annotation ":" (type_identifier "T"))) ")") "=>" (identifier "a")))`},
		{TypeScript, "<T>x", `(program (type_assertion (type_arguments "<" (type_identifier "T") ">") (identifier "x")))`},
		{TypeScript, "<T>(x)", `(program (type_assertion (type_arguments "<" (type_identifier "T") ">") (parenthesized_expression "(" (identifier "x") ")")))`},
		{TSX, "<T,>(a: T) => a", `(program (arrow_function (type_parameters "<" (type_identifier "T") "," ">") (formal_parameters "(" (required_parameter (identifier "a") (type_annotation ":" (type_identifier "T"))) ")") "=>" (identifier "a")))`},
		{TSX, "<T extends U>(a: T) => a", `(program (arrow_function (type_parameters "<" (type_parameter (type_identifier "T") "extends" (type_identifier "U")) ">") (formal_parameters "(" (required_parameter (identifier "a") (type_annotation ":" (type_identifier "T"))) ")") "=>" (identifier "a")))`},
		{TSX, "<T>x</T>", `(program (jsx_element (jsx_opening_element "<" (identifier "T") ">") (jsx_text "x") (jsx_closing_element "<" "/" (identifier "T") ">")))`},
		{TypeScript, "c ? (a) : b => d", `(program (ternary_expression (identifier "c") "?" (parenthesized_expression "(" (identifier "a") ")") ":" (arrow_function (identifier "b") "=>" (identifier "d"))))`},
		{TypeScript, "c ? (a): T => d : e", `(program (ternary_expression (identifier "c") "?" (arrow_function (formal_parameters "(" (identifier "a") ")") (type_annotation ":" (type_identifier "T")) "=>" (identifier "d")) ":" (identifier "e")))`},
		{TypeScript, "c ? f((a): T => d) : e", `(program (ternary_expression (identifier "c") "?" (call_expression (identifier "f") (arguments "(" (arrow_function (formal_parameters "(" (identifier "a") ")") (type_annotation ":" (type_identifier "T")) "=>" (identifier "d")) ")")) ":" (identifier "e")))`},
		{TypeScript, "(a) => (b) => (c)", `(program (arrow_function (formal_parameters "(" (identifier "a") ")") "=>" (arrow_function (formal_parameters "(" (identifier "b") ")") "=>" (parenthesized_expression "(" (identifier "c") ")"))))`},
		{TypeScript, "(x = (y = (z) => 1) => 2) => 3", `(program (arrow_function (formal_parameters "(" (assignment_pattern (identifier "x") "=" (arrow_function (formal_parameters "(" (assignment_pattern (identifier "y") "=" (arrow_function (formal_parameters "(" (identifier "z") ")") "=>" (number "1"))) ")") "=>" (number "2"))) ")") "=>" (number "3")))`},
	} {
		if got := sexp(t, tc.l, tc.src); got != tc.want {
			t.Errorf("%s %q:\n got %s\nwant %s", tc.l.ID, tc.src, got, tc.want)
		}
	}
}
