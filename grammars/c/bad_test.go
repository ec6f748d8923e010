package c

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// TestCBadInput: broken input is a listed error at its line, never a
// panic or a hang; input that is odd but valid, or that this grammar,
// which searches code and does not check it, reads as a compiler would
// read its nearest valid form, parses with no error.
//
// Trigraphs are not replaced: ??= is ? ? =, and ??/ before a line break
// continues nothing. C17 has them, but GCC and Clang leave them off in
// their default gnu modes (with a warning where one appears), C23 drops
// them, and code that means them is all but gone; a line that needs one
// is an error at that line, and one in a string is the string's text.
func TestCBadInput(t *testing.T) {
	nest := func(open, close string, n int) string {
		return "int a = 1;\nint x = " + strings.Repeat(open, n) + "1" + strings.Repeat(close, n) + ";\n"
	}
	lines := func(n int) string {
		var b strings.Builder
		b.WriteString("int main(void)\n{\n\tint x = 0;\n\tchar buf[64];\n")
		for i := range n {
			switch i % 4 {
			case 0:
				b.WriteString("\tx = x + 1;\n")
			case 1:
				fmt.Fprintf(&b, "\tsnprintf(buf, sizeof buf, \"line %d: %%d\", x);\n", i)
			case 2:
				b.WriteString("\tif (x & 1)\n\t\tputs(buf);\n")
			default:
				b.WriteString("\tfree(NULL);\n")
			}
		}
		b.WriteString("\treturn x;\n}\n")
		return b.String()
	}
	// A table of 100 000 macros, one a line, and an X-macro table of
	// 100 000 entries, one #define continued over every line.
	var macros, xtable strings.Builder
	for i := range 100000 {
		fmt.Fprintf(&macros, "#define M_%d %d\n", i, i)
	}
	xtable.WriteString("#define TABLE(X) \\\n")
	for i := range 100000 {
		fmt.Fprintf(&xtable, "\tX(name_%d, %d) \\\n", i, i)
	}
	xtable.WriteString("\t/* end */\n#define X(name, value) name = value,\nenum names { TABLE(X) };\n")
	deepIf := func(n int, closed bool) string {
		s := "int a;\n" + strings.Repeat("#if A\n", n) + "int b;\n"
		if closed {
			s += strings.Repeat("#endif\n", n)
		}
		return s + "int c;\n"
	}
	long := strings.Repeat("a", 1<<20)
	for _, tc := range []struct {
		name string
		src  string
		line int    // of the first error; 0: no error
		msg  string // in the first error
	}{
		{name: "empty file", src: ""},
		{name: "only comments", src: "// a\n/* b */\n/** doc\n * more\n */\n// last, with no line break"},
		{name: "NUL bytes", src: "int a = 1;\n\x00\x00\x00\nint b = 2;\n", line: 2, msg: `unexpected character "\x00"`},
		{name: "binary garbage", src: "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00\x01\x00\x00\x00\x10\xfe\xff", line: 1, msg: "unexpected character"},
		// Bytes from 0x80 up are a name's, as GCC and Clang read UTF-8
		// in names: the lexer does not check the encoding.
		{name: "invalid UTF-8 in code", src: "int a = 1;\nint \xff\xfe = 2;\n"},
		{name: "invalid UTF-8 in a string", src: "int a = 1;\nchar *s = \"a\xffb\";\n"},
		{name: "invalid UTF-8 in a comment", src: "int a = 1; // \xff\xfe\nint b = 2;\n"},
		{name: "lone }", src: "int a = 1;\n}\nint b = 2;\n", line: 2, msg: "found '}'"},
		{name: "lone )", src: "int a = 1;\n)\nint b = 2;\n", line: 2, msg: "found ')'"},
		{name: "lone } alone", src: "}", line: 1, msg: "found '}'"},
		{name: "a lone double quote", src: `"`, line: 1, msg: "string literal not terminated"},
		{name: "a lone single quote", src: "int a = 1;\n'\n", line: 2, msg: "character literal not terminated"},
		{name: "unterminated string", src: "int a = 1;\nchar *s = \"abc;\nint b = 2;\n", line: 2, msg: "string literal not terminated"},
		{name: "unterminated string at the end", src: "int a = 1;\nchar *s = \"abc", line: 2, msg: "string literal not terminated"},
		{name: "unterminated character", src: "int a = 1;\nint c = 'a;\n", line: 2, msg: "character literal not terminated"},
		{name: "string continued by a backslash", src: "char *s = \"abc\\\ndef\";\nint b = 2;\n"},
		{name: "unterminated comment", src: "int a = 1;\n/* open\nint b = 2;\n", line: 2, msg: "comment not terminated"},
		// C's comments do not nest: the first */ closes, the second is
		// * and /.
		{name: "nested block comment", src: "int a = 1;\n/* /* */ */\nint b = 2;\n", line: 2, msg: "expected"},
		{name: "a line comment continued by a backslash", src: "int a = 1; // a \\\nint b = 2;\nint c = 3;\n"},
		{name: "deep parentheses", src: nest("(", ")", 100000), line: 2, msg: "nesting deeper than"},
		{name: "deep calls", src: nest("f(", ")", 100000), line: 2, msg: "nesting deeper than"},
		{name: "deep casts", src: nest("(int)", "", 100000), line: 2, msg: "nesting deeper than"},
		{name: "deep unary", src: nest("-", "", 100000), line: 2, msg: "nesting deeper than"},
		{name: "deep initializers", src: "int a = 1;\nint x[] = " + strings.Repeat("{", 100000) + "1" + strings.Repeat("}", 100000) + ";\n", line: 2, msg: "nesting deeper than"},
		{name: "deep subscripts", src: nest("a[", "]", 100000), line: 2, msg: "nesting deeper than"},
		{name: "deep brackets", src: "int a = 1;\nint x = a" + strings.Repeat("[", 100000) + "1" + strings.Repeat("]", 100000) + ";\n", line: 2, msg: "expected expression, found '['"},
		{name: "deep blocks", src: "void f(void) " + strings.Repeat("{\n", 100000) + strings.Repeat("}\n", 100000), line: 668, msg: "nesting deeper than"},
		{name: "deep structs", src: strings.Repeat("struct s {\n", 100000) + "int x;\n" + strings.Repeat("};\n", 100000), line: 2002, msg: "nesting deeper than"},
		// Each block and initializer list guards its items against a
		// conditional inside them: a failure deep inside is parsed once,
		// not twice per level.
		{name: "an error 40 blocks deep", src: "void f(void) " + strings.Repeat("{\n", 40) + "a = ;\n" + strings.Repeat("}\n", 40), line: 41, msg: "expected expression, found ';'"},
		{name: "an error 40 initializers deep", src: "int x[] = " + strings.Repeat("{", 40) + "1 +" + strings.Repeat("}", 40) + ";\n", line: 1, msg: "expected expression, found '}'"},
		{name: "100000 lines of statements", src: lines(100000)},
		{name: "very long identifiers", src: "int " + long + " = 1;\nvoid " + long + "(void) { " + long + "(" + long + "); }\n"},
		{name: "a very long string", src: "char *s = \"" + long + "\";\n"},
		{name: "a very long line", src: "int x = " + strings.Repeat("a + ", 1<<18) + "1;\n"},
		{name: "huge numbers", src: "int a = 123456789012345678901234567890123456789012345678901234567890;\nunsigned long long b = 0x" + strings.Repeat("f", 10000) + "ull;\ndouble c = 1e99999999, d = 0x1.fffp+99999, e = 1.0e-99999L;\n"},
		{name: "malformed numbers", src: "int a = 0x, b = 1e+, c = 08, d = 1..2;\n"},
		// The preprocessor. A conditional with no #endif is read as its
		// first branch, to the end of the file: headers are cut off, and
		// a search still finds what the branch holds. A line that ends
		// or splits a conditional with none open is a directive node of
		// its own, as the #if may be in a file that includes this one.
		{name: "unterminated #if", src: "int a;\n#if A\nint b;\n"},
		{name: "unterminated #ifdef with an #else", src: "int a;\n#ifdef A\nint b;\n#else\nint c;\n"},
		{name: "#else with no #if", src: "int a;\n#else\nint b;\n"},
		{name: "#endif with no #if", src: "int a;\n#endif\nint b;\n"},
		{name: "#elif with no #if", src: "int a;\n#elif X\nint b;\n"},
		{name: "#define continued to the end of the file", src: "int a;\n#define A 1 \\\n\t2 \\\n\t3 \\\n"},
		{name: "a backslash at the end of a #define", src: "int a;\n#define A 1 \\", line: 2, msg: `unexpected character "\\"`},
		{name: "a backslash at the very end of the file", src: "int a;\n\\", line: 2, msg: `unexpected character "\\"`},
		{name: "a trigraph # (??=)", src: "??=define A 1\nint a;\n", line: 1, msg: "expected declaration, found '?'"},
		{name: "a trigraph backslash (??/) before a line break", src: "#define A 1 ??/\n\t2\nint a;\n", line: 2, msg: "expected declaration, found number_literal '2'"},
		{name: "a trigraph in a string", src: "int a;\nchar *s = \"??/\", *t = \"what??!\";\n"},
		{name: "100000 #define lines", src: macros.String()},
		{name: "an X-macro table of 100000 lines", src: xtable.String()},
		// Conditionals nested deeper than kit.MaxDepth are one error
		// from the outermost #if to its #endif; with no #endif, they are
		// lines, as one unclosed is.
		{name: "10000 nested #ifs", src: deepIf(10000, true), line: 2002, msg: "nesting deeper than"},
		{name: "10000 nested #ifs, unterminated", src: deepIf(10000, false)},
		{name: "a #define of 1 MB", src: "#define BIG " + strings.Repeat("x + ", 1<<18) + "\nint a;\n"},
		{name: "a #define of 1 MB on continued lines", src: "#define BIG \\\n" + strings.Repeat("x + \\\n", 1<<17) + "0\nint a;\n"},
		{name: "a #define opening what it does not close", src: "#define BEGIN {\n#define END }\n#define CALL f(\nint a;\n"},
		{name: "an unterminated header name", src: "#include <stdio.h\nint a;\n", line: 1, msg: "header name not terminated"},
		{name: "a directive with no name", src: "#\n# 12 \"file.c\"\nint a;\n"},
		// Found by FuzzParseC: an item that fails at the end of the file
		// after a directive line.
		{name: "an item broken at the end, after a directive", src: "int a\n#endif", line: 2, msg: "expected ';', found end of file"},
		{name: "a fuzzed item broken at the end", src: "#aaa\xe6 AAAAAAA\na\n#000000", line: 3, msg: "found end of file"},
		{name: "broken declaration, then a function", src: "int x = ;\nint f(void) { return 0; }\n", line: 1, msg: "expected expression"},
		{name: "broken parameters, then a function", src: "int f( {}\nint g(void) { return 0; }\n", line: 1, msg: "expected"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gramtest.FirstErrorAt(t, gramtest.BadParse(t, Language, []byte(tc.src)), tc.line, tc.msg, false)
		})
	}
}

// TestCBadInputShapes: what is left of a broken file is still a tree of
// what parsed.
func TestCBadInputShapes(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // the top-level kinds
	}{
		{"empty file", "", nil},
		{"only comments", "// a\n/* b */\n", nil},
		{"NUL bytes", "int a = 1;\n\x00\x00\x00\nint b = 2;\n", []string{"declaration", "ERROR", "declaration"}},
		{"lone }", "int a = 1;\n}\nint b = 2;\n", []string{"declaration", "ERROR", "declaration"}},
		{"broken declaration, then a function", "int x = ;\nint f(void) { return 0; }\n", []string{"ERROR", "function_definition"}},
		// A conditional with no #endif has no branches: its lines are
		// nodes of their own, and what stands between them is read.
		{"unterminated #if", "int a;\n#if A\nint b;\n", []string{"declaration", "preproc_line", "declaration"}},
		{"unterminated #ifdef with an #else", "int a;\n#ifdef A\nint b;\n#else\nint c;\n", []string{"declaration", "preproc_line", "declaration", "preproc_line", "declaration"}},
		{"#endif with no #if", "int a;\n#endif\nint b;\n", []string{"declaration", "preproc_line", "declaration"}},
		{"an item broken at the end, after a directive", "int a\n#endif", []string{"ERROR"}},
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

// TestCBadInputTooLarge: a file just over MaxFileSize is refused with a
// message that says why, not parsed.
func TestCBadInputTooLarge(t *testing.T) { gramtest.TooLarge(t, Language, "int a = 1;\n") }
