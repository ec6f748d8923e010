package dart

import (
	"github.com/agenttools/agenttools/grammars/gramtest"
	"strings"
	"testing"
)

// elseIfChain is a function whose if statement has links else-if links.
func elseIfChain(links int) []byte {
	return []byte("void f() {\n  if (x) {\n  }" + strings.Repeat(" else if (x) {\n  }", links) + "\n}\n")
}

// TestDeepNesting: input nested far past kit.MaxDepth through any of the
// grammar's recursive productions is a syntax error that says so, never
// a stack that grows with the input; a chain the grammar reads in a loop
// (a.b.c…, a..b..c, int Function() Function()…, p as T as T…) parses.
// TestDartBadInput has more (collections, parentheses, calls, blocks,
// closures, -x, generic types, interpolations).
func TestDeepNesting(t *testing.T) {
	const n = 10000 // five times kit.MaxDepth
	r := strings.Repeat
	fn := func(body string) string { return "void f() {\n" + body + "\n}\n" }
	for _, tc := range []struct {
		name string
		src  []byte
		want string // in the first error; "" for none
	}{
		{"a 100000-link else-if chain", elseIfChain(100000), "nesting deeper than"},
		{"a 100000-link else-if chain without blocks", []byte(fn("if (x) y();" + r(" else if (x) y();", 100000))), "nesting deeper than"},
		{"collection if chains", []byte("var x = [" + r("if (a) 1 else ", n) + "2];\n"), "nesting deeper than"},
		{"function types in parameters", []byte("var a = 1;\nint " + r("Function(", n) + "int" + r(")", n) + " x;\n"), "nesting deeper than"},
		{"record types", []byte("var a = 1;\n" + r("(", n) + "int" + r(", int)", n) + " x;\n"), "nesting deeper than"},
		{"type parameter bounds", []byte("void f<T extends " + r("List<", n) + "int" + r(">", n) + ">() {}\n"), "nesting deeper than"},
		{"type arguments of a call", []byte("var x = " + r("f<", n) + "int" + r(">", n) + "();\n"), "nesting deeper than"},
		{"function-typed parameters", []byte("void f(" + r("int g(", n) + "int x" + r(")", n) + ") {}\n"), "nesting deeper than"},
		{"!x", []byte("var x = " + r("!", n) + "a;\n"), "nesting deeper than"},
		{"await await x", []byte(fn("var x = " + r("await ", n) + "a;")), "nesting deeper than"},
		{"throw throw x", []byte("var x = " + r("throw ", n) + "a;\n"), "nesting deeper than"},
		{"conditionals", []byte("var x = " + r("a ? ", n) + "a" + r(" : a", n) + ";\n"), "nesting deeper than"},
		{"an assignment chain", []byte(fn(r("a = ", n) + "1;")), "nesting deeper than"},
		{"labels", []byte(fn(r("L: ", n) + "x();")), "nesting deeper than"},
		{"while in a while", []byte(fn(r("while (x) ", n) + "x();")), "nesting deeper than"},
		{"function bodies", []byte("var x = " + r("() { return ", n) + "1;" + r(" }", n) + ";\n"), "nesting deeper than"},
		{"switch expressions", []byte("var x = " + r("switch (a) { _ => ", n) + "1" + r(" }", n) + ";\n"), "nesting deeper than"},
		{"const collections", []byte("var x = " + r("const [", n) + r("]", n) + ";\n"), "nesting deeper than"},
		{"list patterns", []byte(fn("var " + r("[", n) + "a" + r("]", n) + " = x;")), "nesting deeper than"},
		{"record patterns", []byte(fn("var " + r("(", n) + "a" + r(",)", n) + " = x;")), "nesting deeper than"},
		{"parenthesized patterns", []byte(fn("if (x case " + r("(", n) + "a" + r(")", n) + ") {}")), "nesting deeper than"},
		{"map patterns", []byte(fn("if (x case " + r("{1: ", n) + "a" + r("}", n) + ") {}")), "nesting deeper than"},
		{"object patterns", []byte(fn("if (x case " + r("C(a: ", n) + "1" + r(")", n) + ") {}")), "nesting deeper than"},
		{"function type chains", []byte("var a = 1;\nint" + r(" Function()", 100000) + " x;\n"), ""},
		{"cast patterns", []byte(fn("if (x case a" + r(" as int", 100000) + ") {}")), ""},
		{"null-assert patterns", []byte(fn("if (x case a" + r("!", 100000) + ") {}")), ""},
		{"cascades", []byte("var x = a" + r("..b", 100000) + ";\n"), ""},
		{"selectors", []byte("var x = a" + r(".b", 100000) + ";\n"), ""},
		{"binary operators", []byte("var x = a" + r(" + a", 100000) + ";\n"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := badParse(t, tc.src)
			gramtest.FirstError(t, tree, tc.want)
		})
	}
}

// BenchmarkElseIfChain parses a 100000-link else-if chain, which the
// depth guard stops at kit.MaxDepth. Its B/op bounds the heap one parse
// adds; the issue wants under 2 s and 200 MB.
func BenchmarkElseIfChain(b *testing.B) {
	src := elseIfChain(100000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Language.Parse(src)
	}
}
