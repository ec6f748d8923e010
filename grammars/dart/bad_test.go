package dart

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
)

func badParse(t *testing.T, src []byte) *grammars.Tree { return gramtest.BadParse(t, Language, src) }

func badTopKinds(tree *grammars.Tree) []string { return gramtest.TopKinds(tree) }

// TestDartBadInput: broken input is a listed error at its line, never a
// panic or a hang; input that is odd but valid parses with no error.
func TestDartBadInput(t *testing.T) {
	nest := func(open, close string, n int) string {
		return "var a = 1;\nvar x = " + strings.Repeat(open, n) + "1" + strings.Repeat(close, n) + ";\n"
	}
	lines := func(n int) string {
		var b strings.Builder
		b.WriteString("void main() {\n  var x = 0;\n  final s = <String>[];\n")
		for i := range n {
			switch i % 4 {
			case 0:
				b.WriteString("  x = x + 1;\n")
			case 1:
				fmt.Fprintf(&b, "  s.add('line %d: $x ${x * 2}');\n", i)
			case 2:
				b.WriteString("  if (x.isEven) print(x);\n")
			default:
				b.WriteString("  dispose(x);\n")
			}
		}
		b.WriteString("}\n")
		return b.String()
	}
	long := strings.Repeat("a", 1<<20)
	for _, tc := range []struct {
		name string
		src  string
		line int    // of the first error; 0: no error
		msg  string // in the first error
		// lenient: Dart rejects the input, and this grammar, which
		// searches code and does not check it, may read it as it reads
		// its nearest valid form: no error, or one at line.
		lenient bool
	}{
		{name: "empty file", src: ""},
		{name: "only comments", src: "// a\n/* b */\n/// doc\n/** doc\n * more\n */\n// last, with no line break"},
		{name: "NUL bytes", src: "var a = 1;\n\x00\x00\x00\nvar b = 2;\n", line: 2, msg: `unexpected character "\x00"`},
		{name: "binary garbage", src: "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00\x01\x00\x00\x00\x10\xfe\xff", line: 1, msg: "unexpected character"},
		{name: "invalid UTF-8 in code", src: "var a = 1;\nvar s = \xff\xfe;\n", line: 2, msg: `unexpected character "\xff"`},
		{name: "invalid UTF-8 in a string", src: "var a = 1;\nvar s = 'a\xffb';\n", line: 2, lenient: true},
		{name: "invalid UTF-8 in a comment", src: "var a = 1; // \xff\xfe\nvar b = 2;\n", line: 1, lenient: true},
		{name: "lone }", src: "var a = 1;\n}\nvar b = 2;\n", line: 2, msg: "expected identifier, found '}'"},
		{name: "lone )", src: "var a = 1;\n)\nvar b = 2;\n", line: 2, msg: "expected identifier, found ')'"},
		{name: "lone } alone", src: "}", line: 1, msg: "found '}'"},
		{name: "unterminated string", src: "var a = 1;\nvar s = 'abc;\nvar b = 2;\n", line: 2, msg: "string literal not terminated"},
		{name: "unterminated double-quoted string", src: "var a = 1;\nvar s = \"abc", line: 2, msg: "string literal not terminated"},
		{name: "unterminated triple string", src: "var a = 1;\nvar s = '''abc\n\nvar b = 2;\n", line: 2, msg: "string literal not terminated"},
		{name: "unterminated raw triple string", src: "var a = 1;\nvar s = r\"\"\"abc\"\"\n", line: 2, msg: "string literal not terminated"},
		{name: "unterminated interpolation ${", src: "var a = 1;\nvar s = \"${\n", line: 2, msg: "an interpolation ${ is not closed"},
		{name: "unterminated interpolation ${a", src: "var a = 1;\nvar s = \"${a\n", line: 2, msg: "an interpolation ${ is not closed"},
		{name: "unterminated interpolation at the end", src: "var a = 1;\nvar s = \"${a", line: 2, msg: "an interpolation ${ is not closed"},
		{name: "unterminated string in an interpolation", src: "var a = 1;\nvar s = \"${'a}\";\n", line: 2, msg: "not terminated"},
		{name: "a backslash at the end of the file", src: "var a = 1;\nvar s = '\\", line: 2, msg: "string literal not terminated"},
		{name: "a lone $ in a string", src: "var a = 1;\nvar s = '$';\n", line: 2, msg: "a $ in a string starts an interpolation"},
		{name: "a $ before a digit", src: "var a = 1;\nvar s = 'cost: $1';\n", line: 2, msg: "a $ in a string starts an interpolation"},
		{name: "escaped $ and raw $", src: "var a = '\\$x', b = r'$x ${y}', c = '\\${y}';\n"},
		{name: "nested block comment, unterminated", src: "var a = 1;\n/* /* */\nvar b = 2;\n", line: 2, msg: "comment not terminated"},
		{name: "nested block comment, closed", src: "var a = 1;\n/* /* */ */\nvar b = 2;\n/* a /* b /* c */ d */ e */ var c = 3;\n"},
		{name: "deep lists", src: nest("[", "]", 100000), line: 2, msg: "nesting deeper than"},
		{name: "deep sets", src: nest("{", "}", 100000), line: 2, msg: "nesting deeper than"},
		{name: "deep maps", src: "var a = 1;\nvar x = " + strings.Repeat("{k: ", 100000) + "1" + strings.Repeat("}", 100000) + ";\n", line: 2, msg: "nesting deeper than"},
		{name: "deep parentheses", src: nest("(", ")", 100000), line: 2, msg: "nesting deeper than"},
		{name: "deep calls", src: nest("f(", ")", 100000), line: 2, msg: "nesting deeper than"},
		{name: "deep blocks", src: "void f() " + strings.Repeat("{\n", 100000) + strings.Repeat("}\n", 100000), line: 1001, msg: "nesting deeper than"},
		{name: "deep closures", src: "var a = 1;\nvar f = " + strings.Repeat("() => ", 100000) + "1;\n", line: 2, msg: "nesting deeper than"},
		{name: "deep unary", src: "var a = 1;\nvar f = " + strings.Repeat("-", 100000) + "1;\n", line: 2, msg: "nesting deeper than"},
		{name: "deep generic types", src: "var a = 1;\n" + strings.Repeat("List<", 100000) + "int" + strings.Repeat(">", 100000) + " x = [];\n", line: 2, msg: "nesting deeper than"},
		{name: "deep interpolations on a line", src: "var a = 1;\nvar s = " + strings.Repeat(`"${`, 100000) + "1" + strings.Repeat(`}"`, 100000) + ";\n", line: 2, msg: "nesting deeper than"},
		{name: "many strings on a line", src: "var s = [" + strings.Repeat("'a', '$a', ", 40000) + "];\n"},
		{name: "deep interpolations", src: "var a = 1;\nvar s = " + strings.Repeat("\"${\n", 100000) + "1" + strings.Repeat("\n}\"", 100000) + ";\n", line: 1002, msg: "nesting deeper than"},
		{name: "deep interpolations, unterminated", src: "var a = 1;\nvar s = " + strings.Repeat("\"${\n", 100000), line: 2, msg: "an interpolation ${ is not closed"},
		{name: "nested interpolations, unterminated", src: "var a = 1;\nvar s = " + strings.Repeat("\"${\n", 20), line: 2, msg: "an interpolation ${ is not closed"},
		{name: "nested interpolations within the limit", src: "var s = " + strings.Repeat(`"${`, 100) + "1" + strings.Repeat(`}"`, 100) + ";\n"},
		{name: "100000 lines of statements", src: lines(100000)},
		{name: "very long identifiers", src: "var " + long + " = 1;\nvoid " + long + "() => " + long + "(" + long + ");\n"},
		{name: "a very long string", src: "var s = '" + long + "';\n"},
		{name: "broken member, then a class", src: "class A {\n  int x = ;\n  void f() {}\n}\nclass B {\n  void g() {}\n}\n", line: 2, msg: "expected"},
		{name: "broken parameters, then a class", src: "class A {\n  void f( {}\n}\nclass B {\n  void g() {}\n}\n", line: 3, msg: "expected ')', found '}'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gramtest.FirstErrorAt(t, badParse(t, []byte(tc.src)), tc.line, tc.msg, tc.lenient)
		})
	}
}

// TestDartBadInputShapes: what is left of a broken file is still a tree of
// what parsed.
func TestDartBadInputShapes(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // the top-level kinds
	}{
		{"empty file", "", nil},
		{"only comments", "// a\n/* b /* c */ */\n", nil},
		{"NUL bytes", "var a = 1;\n\x00\x00\x00\nvar b = 2;\n", []string{"variable_declaration", "ERROR", "variable_declaration"}},
		{"lone }", "var a = 1;\n}\nvar b = 2;\n", []string{"variable_declaration", "ERROR", "variable_declaration"}},
		{"nested comment", "var a = 1;\n/* /* */ */\nvar b = 2;\n", []string{"variable_declaration", "variable_declaration"}},
		{"broken member, then a class", "class A {\n  int x = ;\n  void f() {}\n}\nclass B {\n  void g() {}\n}\n", []string{"ERROR", "class_declaration"}},
		{"broken parameters, then a class", "class A {\n  void f( {}\n}\nclass B {\n  void g() {}\n}\n", []string{"ERROR", "class_declaration"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := badParse(t, []byte(tc.src))
			if got := badTopKinds(tree); strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("top-level nodes %q; want %q", got, tc.want)
			}
			if tc.want == nil && len(tree.Nodes) != 1 {
				t.Errorf("an empty program has %d nodes: %s", len(tree.Nodes), tree.Sexp(tree.Root))
			}
		})
	}
	// The class after the broken one is whole: its name and its method.
	tree := badParse(t, []byte("class A {\n  int x = ;\n}\nclass B {\n  void g() {}\n}\n"))
	kids := tree.Children(tree.Root)
	if len(kids) != 2 {
		t.Fatalf("top-level nodes %q", badTopKinds(tree))
	}
	if got, want := tree.Text(kids[1]), "class B {\n  void g() {}\n}"; got != want {
		t.Errorf("the class after the ERROR node is %q; want %q", got, want)
	}
	if !strings.Contains(tree.Sexp(kids[1]), `(identifier "g")`) {
		t.Errorf("the class after the ERROR node: %s", tree.Sexp(kids[1]))
	}
}

// TestDartBadInputTooLarge: a file just over kit.MaxFileSize is refused with a
// message that says why, not parsed.
func TestDartBadInputTooLarge(t *testing.T) { gramtest.TooLarge(t, Language, "var a = 1;\n") }
