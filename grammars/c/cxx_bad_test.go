package c

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// TestCppBadInput: broken C++ is a listed error at its line, never a
// panic or a hang; valid but hostile C++ parses. A < that no > closes
// is a comparison; template arguments nested past kit.MaxDepth are an
// error, as any nesting is; a raw string with no end is an error at its
// start.
func TestCppBadInput(t *testing.T) {
	var header strings.Builder
	for i := range 50000 {
		switch i % 5 {
		case 0:
			fmt.Fprintf(&header, "#define M_%d(x) ((x) + %d)\n", i, i)
		case 1:
			fmt.Fprintf(&header, "template <typename T%d, int N = %d> struct S%d : Base<T%d, N> { using type = typename T%d::value_type; };\n", i, i, i, i, i)
		case 2:
			fmt.Fprintf(&header, "template <class T> inline T f%d(T a) { return a < %d ? M_%d(a) : std::max<T>(a, T{}); }\n", i, i, i-1)
		case 3:
			fmt.Fprintf(&header, "namespace n%d { constexpr auto v = S%d<int>::type{}; }\n", i, i-2)
		default:
			fmt.Fprintf(&header, "static_assert(sizeof(S%d<char>) > 0, \"x\");\n", i-3)
		}
	}
	long := strings.Repeat("a", 1<<20)
	for _, tc := range []struct {
		name string
		src  string
		line int    // of the first error; 0: no error
		msg  string // in the first error
	}{
		{name: "empty file", src: ""},
		{name: "NUL bytes", src: "int a = 1;\n\x00\x00\nint b = 2;\n", line: 2, msg: `unexpected character "\x00"`},
		{name: "binary garbage", src: "\x7fELF\x02\x01\x01\x00\x00\x00\x03\x00>\x00", line: 1, msg: "unexpected character"},
		{name: "invalid UTF-8 in a name", src: "int a = 1;\nint \xff\xfe = 2;\n"},
		{name: "lone }", src: "int a = 1;\n}\nint b = 2;\n", line: 2, msg: "found '}'"},
		{name: "unterminated string", src: "int a = 1;\nauto s = \"abc;\nint b = 2;\n", line: 2, msg: "string literal not terminated"},
		{name: "unterminated comment", src: "int a = 1;\n/* open\nint b = 2;\n", line: 2, msg: "comment not terminated"},
		{name: "unterminated raw string", src: "int a;\nconst char *s = R\"x(abc\ndef\n", line: 2, msg: "raw string not terminated"},
		{name: "a raw string's delimiter too long", src: "int a;\nauto s = R\"abcdefghijklmnopq(x)abcdefghijklmnopq\";\n", line: 2, msg: "raw string's delimiter is not followed by ("},
		{name: "a raw string over lines", src: "auto s = R\"sql(\nselect *\nfrom t)\"\n\")sql\";\nint b = 2;\n"},
		{name: "unbalanced < in a comparison", src: "bool b = x < y;\nvoid f() { if (a < b) g(); }\n"},
		{name: "a chain of 100000 <", src: "bool b = " + strings.Repeat("a < ", 100000) + "c;\n"},
		{name: "unbalanced < in a type", src: "int a;\nstd::vector<int x;\n", line: 2, msg: "expected"},
		{name: "100000 unclosed template arguments", src: "int a;\n" + strings.Repeat("a<", 100000) + ";\n", line: 2, msg: "expected"},
		{name: "templates nested 100000 deep", src: "int a;\nX<" + strings.Repeat("A<", 100000) + "int" + strings.Repeat(">", 100000) + "> x;\n", line: 2, msg: "nesting deeper than"},
		{name: "template calls nested 100000 deep", src: "void f() {\n  x = " + strings.Repeat("f<", 100000) + "1" + strings.Repeat(">", 100000) + "();\n}\n", line: 2, msg: "nesting deeper than"},
		{name: "template parameters opened 30000 times", src: strings.Repeat("template <", 30000), line: 1, msg: "expected"},
		{name: "namespaces nested 100000 deep", src: strings.Repeat("namespace a {\n", 100000) + strings.Repeat("}\n", 100000), line: 2002, msg: "nesting deeper than"},
		{name: "classes nested 100000 deep", src: strings.Repeat("struct s {\n", 100000) + "int x;\n" + strings.Repeat("};\n", 100000), line: 2001, msg: "nesting deeper than"},
		{name: "lambdas nested 100000 deep", src: "auto f = " + strings.Repeat("[] { return ", 100000) + "1" + strings.Repeat("; }", 100000) + ";\n", line: 1, msg: "nesting deeper than"},
		{name: "a 50000-line header of macros and templates", src: header.String()},
		{name: "very long names", src: "int " + long + " = 1;\nauto f() { return " + long + "::" + long + "<" + long + ">(); }\n"},
		{name: "a very long line", src: "int x = " + strings.Repeat("a + ", 1<<18) + "1;\n"},
		{name: "broken class, then a function", src: "class A { int x = ; };\nint f() { return 0; }\n", line: 1, msg: "expected expression"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gramtest.FirstErrorAt(t, gramtest.BadParse(t, CPP, []byte(tc.src)), tc.line, tc.msg, false)
		})
	}
}

// TestCppBadInputTooLarge: a file just over MaxFileSize is refused with
// a message that says why, not parsed.
func TestCppBadInputTooLarge(t *testing.T) { gramtest.TooLarge(t, CPP, "int a = 1;\n") }
