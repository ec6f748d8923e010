package c

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/agenttools/agenttools/grammars/kit"
)

// elseIfChain is a function whose if statement has links else-if links.
func elseIfChain(links int) []byte {
	return []byte("void f(void)\n{\n\tif (x) {\n\t}" + strings.Repeat(" else if (x) {\n\t}", links) + "\n}\n")
}

// TestDeepNesting: input nested far past kit.MaxDepth through any of the
// grammar's recursive productions is a syntax error that says so, never
// a stack that grows with the input; what the grammar reads in a loop
// (case 1: case 2: …, a.b.c…, a + b + …) parses, and so do macro calls
// nested too deep, whose innermost arguments are then read as tokens.
// TestCBadInput has more (parentheses, calls, (int) casts, -x,
// initializers, subscripts, blocks, structs).
func TestDeepNesting(t *testing.T) {
	const n = 10000 // five times kit.MaxDepth
	r := strings.Repeat
	fn := func(body string) string { return "void f(void) {\n" + body + "\n}\n" }
	conditionals := func(n int, body string, closed bool) string {
		s := r("#if A\n", n) + body
		if closed {
			s += r("#endif\n", n)
		}
		return s
	}
	for _, tc := range []struct {
		name string
		src  string
		want string // in the first error; "" for none
	}{
		{"a 100000-link else-if chain", string(elseIfChain(100000)), "nesting deeper than"},
		{"a 100000-link else-if chain without blocks", fn("if (x) y();" + r(" else if (x) y();", 100000)), "nesting deeper than"},
		{"pointer declarators", "int " + r("*", n) + "x;\n", "nesting deeper than"},
		{"parenthesized declarators", "int " + r("*(", n) + "x" + r(")", n) + ";\n", "nesting deeper than"},
		{"function declarators", "int " + r("(*", n) + "x" + r(")(void)", n) + ";\n", "nesting deeper than"},
		{"abstract declarators", "int x = sizeof(int " + r("(*", n) + r(")", n) + ");\n", "nesting deeper than"},
		{"function pointer parameters", "void f(" + r("int (*g)(", n) + "int" + r(")", n) + ");\n", "nesting deeper than"},
		{"casts to a typedef's name", "typedef int T;\nint x = " + r("(T)", n) + "1;\n", "nesting deeper than"},
		{"!x", "int x = " + r("!", n) + "1;\n", "nesting deeper than"},
		{"sizeof sizeof x", "int x = " + r("sizeof ", n) + "1;\n", "nesting deeper than"},
		{"conditionals", "int x = a" + r(" ? a : a", n) + ";\n", "nesting deeper than"},
		{"an assignment chain", fn(r("a = ", n) + "1;"), "nesting deeper than"},
		{"labels", fn(r("L: ", n) + "x();"), "nesting deeper than"},
		{"while in a while", fn(r("while (x) ", n) + "x();"), "nesting deeper than"},
		{"statement expressions", "int x = " + r("({ ", n) + "1;" + r(" })", n) + ";\n", "nesting deeper than"},
		{"_Generic", "int x = " + r("_Generic(", n) + "1" + r(", int: 1)", n) + ";\n", "nesting deeper than"},
		{"typeof", r("typeof(", n) + "int" + r(")", n) + " x;\n", "nesting deeper than"},
		{"_Atomic", r("_Atomic(", n) + "int" + r(")", n) + " x;\n", "nesting deeper than"},
		{"typeof in casts", "int x = (" + r("typeof(", n) + "int" + r(")", n) + ")1;\n", "nesting deeper than"},
		{"enum bases", "enum e : " + r("typeof(", n) + "int" + r(")", n) + " { A };\n", "nesting deeper than"},
		{"case labels", fn("switch (x) {\n" + r("case 1: ", 100000) + "x();\n}"), ""},
		{"macro calls", "int x = " + r("F(", n) + "1" + r(")", n) + ";\n", ""},
		{"field expressions", "int x = a" + r(".b", 100000) + ";\n", ""},
		{"binary operators", "int x = a" + r(" + a", 100000) + ";\n", ""},
		{"comma expressions", "int x = (a" + r(", a", 100000) + ");\n", ""},
		// Conditionals nested too deep are one error, from the outermost
		// #if to its #endif, in time linear in them; with no #endif they
		// are lines.
		{"100000 nested #ifs", "int a;\n" + conditionals(100000, "int b;\n", true) + "int c;\n", "nesting deeper than"},
		{"100000 nested #ifs with #else", "int a;\n" + conditionals(100000, "int b;\n#else\nint c;\n", true), "nesting deeper than"},
		{"100000 nested #ifs around a broken item", "int a;\n" + conditionals(100000, "int b = ;\n", true), "nesting deeper than"},
		{"100000 nested #ifs in a function", fn(conditionals(100000, "x();\n", true)), "nesting deeper than"},
		{"100000 nested #ifs, unterminated", "int a;\n" + conditionals(100000, "int b;\n", false), ""},
		{"100000 #ifs each opening a parenthesis", "int a;\n" + r("#if A\nint f(\n", 100000) + "int b;\n" + r("#endif\n", 100000), "nesting deeper than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := gramtest.BadParse(t, Language, []byte(tc.src))
			gramtest.FirstError(t, tree, tc.want)
		})
	}
}

// TestDeepConditionalShape: conditionals nested deeper than kit.MaxDepth
// are one ERROR node from the outermost #if to its #endif, and what
// follows parses.
func TestDeepConditionalShape(t *testing.T) {
	const n = 2100
	src := "int a;\n" + strings.Repeat("#if A\n", n) + "int b;\n#else\nint c;\n" + strings.Repeat("#endif\n", n) + "int d;\n"
	tree := gramtest.BadParse(t, Language, []byte(src))
	if got, want := strings.Join(gramtest.TopKinds(tree), " "), "declaration ERROR declaration"; got != want {
		t.Fatalf("top-level nodes %q; want %q", got, want)
	}
	e := tree.Children(tree.Root)[1]
	if got, want := tree.Text(e), strings.TrimSuffix(src[len("int a;\n"):len(src)-len("int d;\n")], "\n"); got != want {
		t.Errorf("the ERROR node holds %.80q…; want the conditionals, from the first #if to the last #endif", got)
	}
	if len(tree.Errors) != 1 || tree.Errors[0].Line != 2+kit.MaxDepth || tree.Errors[0].Span.Start != uint32(len("int a;\n")) {
		t.Errorf("errors %v; want one, at the #if on line %d, whose region starts at line 2", tree.Errors, 2+kit.MaxDepth)
	}
}

// BenchmarkElseIfChain parses a 100000-link else-if chain, which the
// depth guard stops at kit.MaxDepth. Its B/op bounds the heap one parse
// adds; the issue wants under 2 s and 200 MB.
func BenchmarkElseIfChain(b *testing.B) {
	gramtest.BenchSource(b, Language, elseIfChain(100000))
}
