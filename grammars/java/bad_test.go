package java

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/agenttools/agenttools/grammars/kit"
)

// TestJavaBadInput: broken input is a listed error at its line, never a
// panic or a hang; input that is odd but valid parses with no error.
func TestJavaBadInput(t *testing.T) {
	// field puts an initializer on line 2 of a class.
	field := func(init string) string { return "class A {\n  Object x = " + init + ";\n}\n" }
	nest := func(open, close string, n int) string {
		return field(strings.Repeat(open, n) + "1" + strings.Repeat(close, n))
	}
	lines := func(n int) string {
		var b strings.Builder
		b.WriteString("class Lines {\n  void run() {\n    int x = 0;\n    var s = new StringBuilder();\n")
		for i := range n {
			switch i % 4 {
			case 0:
				b.WriteString("    x = x + 1;\n")
			case 1:
				fmt.Fprintf(&b, "    s.append(\"line %d: \").append(x * 2);\n", i)
			case 2:
				b.WriteString("    if ((x & 1) == 0) System.out.println(x);\n")
			default:
				b.WriteString("    close(x);\n")
			}
		}
		b.WriteString("  }\n}\n")
		return b.String()
	}
	long := strings.Repeat("a", 1<<20)
	for _, tc := range []struct {
		name string
		src  string
		line int    // of the first error; 0: no error
		msg  string // in the first error
		// lenient: javac refuses it, but a grammar for search need not
		// check what the compiler checks (an empty char literal, a
		// number too large), so no error is as good as one at line.
		lenient bool
	}{
		{name: "empty file", src: ""},
		{name: "only comments", src: "// a\n/* b */\n/** doc\n * more\n */\n// last, with no line break"},
		{name: "a lone ;", src: ";\n;;\n"},
		{name: "a byte order mark", src: "\uFEFFclass A {}\n"},
		{name: "an ASCII SUB at the end", src: "class A {}\n\x1a"},
		{name: "NUL bytes", src: "class A {}\n\x00\x00\x00\nclass B {}\n", line: 2, msg: "invalid character U+0000"},
		{name: "binary garbage", src: "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00\x01\x00\x00\x00\x10\xfe\xff", line: 1, msg: "invalid character"},
		{name: "a stray #", src: "class A {\n  int x = 1 # 2;\n}\n", line: 2, msg: "invalid character U+0023"},
		{name: "a stray backtick", src: "class A {\n  int x = `1`;\n}\n", line: 2, msg: "invalid character U+0060"},
		{name: "invalid UTF-8 in code", src: "class A {\n  int x = \xff\xfe;\n}\n", line: 2, msg: "invalid"},
		{name: "invalid UTF-8 in a string", src: "class A {\n  String s = \"a\xffb\";\n}\n", line: 2, lenient: true},
		{name: "invalid UTF-8 in a comment", src: "class A {} // \xff\xfe\nclass B {}\n", line: 1, lenient: true},
		{name: "lone }", src: "class A {}\n}\nclass B {}\n", line: 2, msg: "expected class, interface, enum or record declaration, found '}'"},
		{name: "lone )", src: "class A {}\n)\nclass B {}\n", line: 2, msg: "found ')'"},
		{name: "lone } alone", src: "}", line: 1, msg: "found '}'"},
		{name: "a statement at the top level", src: "class A {}\nx = 1;\n", line: 2, msg: "expected class, interface, enum or record declaration"},
		{name: "a lone double quote", src: `"`, line: 1, msg: "string literal not terminated"},
		{name: "a lone single quote", src: "class A {}\n'\n", line: 2, msg: "character literal not terminated"},
		{name: "unterminated string", src: "class A {\n  String s = \"abc;\n  int b = 2;\n}\n", line: 2, msg: "string literal not terminated"},
		{name: "unterminated string at the end", src: "class A {\n  String s = \"abc", line: 2, msg: "string literal not terminated"},
		{name: "a backslash at the end of the file", src: "class A {\n  String s = \"\\", line: 2, msg: "string literal not terminated"},
		{name: "unterminated character", src: "class A {\n  char c = 'a;\n}\n", line: 2, msg: "character literal not terminated"},
		{name: "an empty character literal", src: "class A {\n  char c = '';\n}\n", line: 2, lenient: true},
		{name: "unterminated comment", src: "class A {}\n/* open\nclass B {}\n", line: 2, msg: "comment not terminated"},
		// Java's comments do not nest: the first */ closes, the second is
		// * and /.
		{name: "nested block comment", src: "class A {}\n/* /* */ */\nclass B {}\n", line: 2, msg: "found '*'"},
		{name: "unterminated text block", src: "class A {\n  String s = \"\"\"\n    abc\n}\n", line: 2, msg: "text block not terminated"},
		{name: "unterminated text block at the end", src: "class A {\n  String s = \"\"\"\n", line: 2, msg: "text block not terminated"},
		{name: "text block with no line break after \"\"\"", src: "class A {\n  String s = \"\"\"abc\"\"\";\n}\n", line: 2, msg: "illegal text block open delimiter sequence, missing line terminator"},
		{name: "text block \"\"\"abc, never closed", src: "class A {\n  String s = \"\"\"abc\n}\n", line: 2, msg: "illegal text block open delimiter sequence"},
		{name: "text block closed by an escaped quote", src: "class A {\n  String s = \"\"\"\n    a \\\"\"\" b\n    \"\"\";\n}\n"},
		{name: "text block with a line continued", src: "class A {\n  String s = \"\"\"\n    a \\\n    b\"\"\";\n  int x = 1;\n}\n"},
		{name: "missing ;", src: "class A {\n  void f() {\n    int x = 1\n    int y = 2;\n  }\n}\n", line: 4, msg: "expected ';', found 'int'"},
		{name: "missing ; before }", src: "class A {\n  int x = 1\n}\n", line: 3, msg: "expected ';', found '}'"},
		{name: "unbalanced (", src: "class A {\n  void f() {\n    f((1);\n  }\n}\n", line: 3, msg: "expected ')', found ';'"},
		{name: "unbalanced [", src: "class A {\n  void f() {\n    a[1 = 2;\n  }\n}\n", line: 3, msg: "expected ']'"},
		{name: "unbalanced {", src: "class A {\n  void f() {\n    if (x) {\n  }\n}\n", line: 6, msg: "expected '}', found end of file"},
		{name: "a ) too many", src: "class A {\n  void f() {\n    f(1));\n  }\n}\n", line: 3, msg: "expected ';', found ')'"},
		{name: "a class with no body", src: "class A\nclass B {}\n", line: 2, msg: "expected '{', found 'class'"},
		{name: "malformed numbers", src: "class A {\n  int a = 0x;\n}\n", line: 2, msg: "hexadecimal numbers must contain at least one hexadecimal digit"},
		{name: "a hexadecimal float with no exponent", src: "class A {\n  double d = 0x1.8;\n}\n", line: 2, msg: "needs an exponent"},
		{name: "huge numbers", src: "class A {\n  long a = 123456789012345678901234567890123456789012345678901234567890L;\n  int b = 0x" + strings.Repeat("f", 10000) + ";\n  double c = 1e99999999;\n}\n", lenient: true},
		// Unicode escapes are translated before the file is cut into
		// tokens, as javac does: they may make any token.
		{name: "\\u in an identifier", src: "class A {\n  int \\u0041bc = 1, \\uuuu0042 = 2;\n}\n"},
		{name: "\\u making a keyword", src: "\\u0063lass A {}\n"},
		{name: "\\u0022 closing a string", src: "class A {\n  String s = \"x\\u0022;\n  int y = 2;\n}\n"},
		{name: "\\u000a ending a // comment", src: "class A {\n  // a comment\\u000aint y = 2;\n}\n"},
		{name: "\\u002a\\u002f ending a /* comment", src: "class A {\n  /* a comment \\u002a\\u002f int y = 2;\n}\n"},
		{name: "\\\\u0041, which is no escape", src: "class A {\n  String s = \"\\\\u0022\";\n}\n"},
		{name: "\\u005c as a string's backslash", src: "class A {\n  char c = '\\u005c'';\n}\n"},
		{name: "escaped surrogates", src: "class A {\n  String s = \"\\uD83D\\uDE00\";\n}\n"},
		{name: "a stray \\u in code", src: "class A {\n  int x = 1 \\u00zz;\n}\n", line: 2, msg: "illegal Unicode escape"},
		{name: "a stray \\u in a string", src: "class A {\n  String s = \"\\u00zz\";\n}\n", line: 2, msg: "illegal Unicode escape"},
		{name: "a stray \\u in a comment", src: "class A {\n  // see C:\\users\\me\n}\n", line: 2, msg: "illegal Unicode escape"},
		{name: "a stray \\u at the end", src: "class A {}\n// \\u", line: 2, msg: "illegal Unicode escape"},
		{name: "a stray \\u after a real one", src: "class A {\n  String s = \"\\u0041\";\n  String t = \"\\u004\";\n}\n", line: 3, msg: "illegal Unicode escape"},
		{name: "\\u000a in a string", src: "class A {\n  String s = \"a\\u000ab\";\n}\n", line: 2, msg: "string literal not terminated"},
		{name: "deep parentheses", src: nest("(", ")", 100000), line: 2, msg: "nesting deeper than"},
		{name: "deep calls", src: nest("f(", ")", 100000), line: 2, msg: "nesting deeper than"},
		{name: "deep generics", src: "class A {\n  " + strings.Repeat("List<", 100000) + "String" + strings.Repeat(">", 100000) + " x;\n}\n", line: 2, msg: "nesting deeper than"},
		{name: "deep generics in a local", src: "class A {\n  void f() {\n    " + strings.Repeat("List<", 100000) + "String" + strings.Repeat(">", 100000) + " x = null;\n  }\n}\n", line: 3, msg: "nesting deeper than"},
		{name: "deep array initializers", src: "class A {\n  int[] x = " + strings.Repeat("{", 100000) + "1" + strings.Repeat("}", 100000) + ";\n}\n", line: 2, msg: "nesting deeper than"},
		// A block in a block is two levels, the statement's and the
		// block's: the thousandth brace passes kit.MaxDepth.
		{name: "deep blocks", src: "class A {\n  void f() " + strings.Repeat("{\n", 100000) + strings.Repeat("}\n", 100000) + "}\n", line: 1002, msg: "nesting deeper than"},
		{name: "deep unary", src: nest("-", "", 100000), line: 2, msg: "nesting deeper than"},
		{name: "deep subscripts", src: nest("a[", "]", 100000), line: 2, msg: "nesting deeper than"},
		{name: "100000 lines of statements", src: lines(100000)},
		{name: "very long identifiers", src: "class " + long + " {\n  int " + long + " = 1;\n  void " + long + "() { " + long + "(" + long + "); }\n}\n"},
		{name: "a very long string", src: "class A {\n  String s = \"" + long + "\";\n}\n"},
		{name: "a very long line", src: field(strings.Repeat("a + ", 1<<18) + "1")},
		{name: "a very long text block", src: "class A {\n  String s = \"\"\"\n" + strings.Repeat("    line of text\n", 1<<16) + "    \"\"\";\n}\n"},
		{name: "broken member, then a class", src: "class A {\n  int x = ;\n  void f() {}\n}\nclass B {\n  void g() {}\n}\n", line: 2, msg: "expected expression, found ';'"},
		{name: "broken parameters, then a class", src: "class A {\n  void f( {}\n}\nclass B {\n  void g() {}\n}\n", line: 2, msg: "expected"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gramtest.FirstErrorAt(t, gramtest.BadParse(t, Language, []byte(tc.src)), tc.line, tc.msg, tc.lenient)
		})
	}
}

// TestJavaUnicodeEscapes: escapes make the tokens javac reads, and each
// leaf's text is still what the file says.
func TestJavaUnicodeEscapes(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // in the tree's S-expression
	}{
		{"an identifier", "class A {\n  int \\u0041bc = 1;\n}\n", []string{`(identifier "\\u0041bc")`}},
		{"a keyword", "\\u0063lass A {}\n", []string{`(class_declaration "\\u0063lass" (identifier "A")`}},
		{"a string closed by \\u0022", "class A {\n  String s = \"x\\u0022;\n  int y;\n}\n", []string{`(string_literal "\"x\\u0022")`, `(identifier "y")`}},
		{"a comment ended by \\u000a", "class A {\n  // c\\u000aint y = 2;\n}\n", []string{`(field_declaration (integral_type "int") (variable_declarator (identifier "y")`}},
		{"\\\\u0022, which is no escape", "class A {\n  String s = \"\\\\u0022\";\n}\n", []string{`(string_literal "\"\\\\u0022\"")`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := gramtest.MustParse(t, Language, tc.src)
			sexp := tree.Sexp(tree.Root)
			for _, w := range tc.want {
				if !strings.Contains(sexp, w) {
					t.Errorf("the tree has no %s:\n%s", w, sexp)
				}
			}
		})
	}
}

// TestJavaTooManyErrors: after kit.MaxErrors errors the rest of the file
// is one ERROR node and one more error that says the parse stopped.
func TestJavaTooManyErrors(t *testing.T) {
	src := strings.Repeat("class A { int x = ; }\n", 3*kit.MaxErrors)
	tree := gramtest.BadParse(t, Language, []byte(src))
	if len(tree.Errors) != kit.MaxErrors+1 {
		t.Fatalf("%d errors; want %d: %v", len(tree.Errors), kit.MaxErrors+1, tree.Errors)
	}
	for i, e := range tree.Errors[:kit.MaxErrors] {
		if e.Line != i+1 || !strings.Contains(e.Msg, "expected expression, found ';'") {
			t.Errorf("error %d is %v; want one at line %d", i, e, i+1)
		}
	}
	if last := tree.Errors[kit.MaxErrors]; last.Line != kit.MaxErrors+1 || !strings.Contains(last.Msg, "too many errors") {
		t.Errorf("the last error is %v; want one at line %d saying too many errors", last, kit.MaxErrors+1)
	}
	kinds := gramtest.TopKinds(tree)
	if len(kinds) != kit.MaxErrors+1 || kinds[kit.MaxErrors] != "ERROR" {
		t.Errorf("top-level nodes %q; want %d ERROR nodes", kinds, kit.MaxErrors+1)
	}
}

// TestJavaTooManyMemberErrors: the ten-error cap holds of the errors of
// members too; the class they are in is kept, the rest of its body one
// ERROR node and the rest of the file another.
func TestJavaTooManyMemberErrors(t *testing.T) {
	src := "class A {\n" + strings.Repeat("  int x = ;\n", 3*kit.MaxErrors) + "}\nclass B {}\n"
	tree := gramtest.BadParse(t, Language, []byte(src))
	if len(tree.Errors) != kit.MaxErrors+1 {
		t.Fatalf("%d errors; want %d: %v", len(tree.Errors), kit.MaxErrors+1, tree.Errors)
	}
	for i, e := range tree.Errors[:kit.MaxErrors] {
		if e.Line != i+2 {
			t.Errorf("error %d is %v; want one at line %d", i, e, i+2)
		}
	}
	if last := tree.Errors[kit.MaxErrors]; last.Line != kit.MaxErrors+2 || !strings.Contains(last.Msg, "too many errors") {
		t.Errorf("the last error is %v; want one at line %d saying too many errors", last, kit.MaxErrors+2)
	}
	if got := gramtest.TopKinds(tree); strings.Join(got, " ") != "class_declaration ERROR" {
		t.Errorf("top-level nodes %q; want the class and an ERROR node", got)
	}
}

// TestJavaBadInputShapes: what is left of a broken file is still a tree
// of what parsed.
func TestJavaBadInputShapes(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // the top-level kinds
	}{
		{"empty file", "", nil},
		{"only comments", "// a\n/* b */\n", nil},
		{"NUL bytes", "class A {}\n\x00\x00\x00\nclass B {}\n", []string{"class_declaration", "ERROR", "class_declaration"}},
		{"lone }", "class A {}\n}\nclass B {}\n", []string{"class_declaration", "ERROR", "class_declaration"}},
		// A broken member is an ERROR node in its class's body, which
		// still parses (TestMemberRecovery).
		{"broken member, then a class", "class A {\n  int x = ;\n  void f() {}\n}\nclass B {\n  void g() {}\n}\n", []string{"class_declaration", "class_declaration"}},
		{"broken parameters, then a class", "class A {\n  void f( {}\n}\nclass B {\n  void g() {}\n}\n", []string{"class_declaration", "class_declaration"}},
		{"a missing }, then a class", "class A {\n  void f() {\n}\nclass B {\n  void g() {}\n}\n", []string{"ERROR"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := gramtest.BadParse(t, Language, []byte(tc.src))
			if got := gramtest.TopKinds(tree); strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("top-level nodes %q; want %q", got, tc.want)
			}
			if tc.want == nil && len(tree.Nodes) != 1 {
				t.Errorf("an empty file has %d nodes: %s", len(tree.Nodes), tree.Sexp(tree.Root))
			}
		})
	}
}

// TestJavaLargeFile: a generated file of 10 MB, a class of many methods
// as code generators write them, parses with no error.
func TestJavaLargeFile(t *testing.T) {
	var b strings.Builder
	b.WriteString("package gen;\n\nimport java.util.*;\n\npublic final class Generated {\n")
	for i := 0; b.Len() < 10<<20; i++ {
		fmt.Fprintf(&b, "  /** Field %d. */\n  private static final Map<String, List<Integer>> F%d = new HashMap<>();\n", i, i)
		fmt.Fprintf(&b, "  public static int m%d(int a, String s) {\n    if (s == null || s.isEmpty()) {\n      return a * %d;\n    }\n", i, i)
		fmt.Fprintf(&b, "    F%d.computeIfAbsent(s, k -> new ArrayList<>()).add(a + %d);\n    return switch (a %% 3) {\n", i, i)
		b.WriteString("      case 0 -> a;\n      case 1 -> { yield -a; }\n      default -> (int) Math.abs((long) a);\n    };\n  }\n")
	}
	b.WriteString("}\n")
	gramtest.FirstErrorAt(t, gramtest.BadParse(t, Language, []byte(b.String())), 0, "", false)
}

// TestJavaBadInputTooLarge: a file just over kit.MaxFileSize is refused
// with a message that says why, not parsed.
func TestJavaBadInputTooLarge(t *testing.T) { gramtest.TooLarge(t, Language, "class A {}\n") }
