package java

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// elseIfChain is a method whose if statement has links else-if links.
func elseIfChain(links int) []byte {
	return []byte("class A {\n  void f() {\n    if (x) {\n    }" + strings.Repeat(" else if (x) {\n    }", links) + "\n  }\n}\n")
}

// TestDeepNesting: input nested far past kit.MaxDepth through any of the
// grammar's recursive productions is a syntax error that says so, never
// a stack that grows with the input; a chain the grammar reads in a loop
// (a.b().c()…, a + b + …, case 1: case 2: …, int[][]…, a.b.C…) parses.
// TestJavaBadInput has more (parentheses, calls, generics, array
// initializers, blocks, -x, subscripts).
func TestDeepNesting(t *testing.T) {
	const n = 10000 // five times kit.MaxDepth
	r := strings.Repeat
	// fn puts body in a method, field puts init in a field's
	// initializer.
	fn := func(body string) string { return "class A {\n  void f() {\n" + body + "\n  }\n}\n" }
	field := func(init string) string { return "class A {\n  Object x = " + init + ";\n}\n" }
	for _, tc := range []struct {
		name string
		src  string
		want string // in the first error; "" for none
	}{
		{"a 100000-link else-if chain", string(elseIfChain(100000)), "nesting deeper than"},
		{"a 100000-link else-if chain without blocks", fn("if (x) y();" + r(" else if (x) y();", 100000)), "nesting deeper than"},
		{"if in an if", fn(r("if (x) ", n) + "y();"), "nesting deeper than"},
		{"while in a while", fn(r("while (x) ", n) + "y();"), "nesting deeper than"},
		{"do in a do", fn(r("do ", n) + "y();" + r(" while (x);", n)), "nesting deeper than"},
		{"for in a for", fn(r("for (;;) ", n) + "y();"), "nesting deeper than"},
		{"for-each in a for-each", fn(r("for (var a : b) ", n) + "y();"), "nesting deeper than"},
		{"labels", fn(r("L: ", n) + "y();"), "nesting deeper than"},
		{"try in a try", fn(r("try { ", n) + "y();" + r(" } finally { }", n)), "nesting deeper than"},
		{"try-with-resources in its resources", fn(r("try (var a = f(() -> { ", n) + "y();" + r(" })) {}", n)), "nesting deeper than"},
		{"synchronized blocks", fn(r("synchronized (x) { ", n) + r("}", n)), "nesting deeper than"},
		{"switch statements", fn(r("switch (x) { case 1: ", n) + r("}", n)), "nesting deeper than"},
		{"switch expressions", field(r("switch (x) { default -> ", n) + "1;" + r(" }", n)), "nesting deeper than"},
		{"switch rule blocks", fn(r("switch (x) { case 1 -> { ", n) + r("} }", n)), "nesting deeper than"},
		{"yield of a switch", field(r("switch (x) { default -> { yield ", n) + "1;" + r(" } }", n)), "nesting deeper than"},
		{"!x", field(r("!", n) + "a"), "nesting deeper than"},
		{"++x", field(r("++", n) + "a"), "nesting deeper than"},
		{"casts", field(r("(int) ", n) + "a"), "nesting deeper than"},
		{"casts to a class", field(r("(String) ", n) + "a"), "nesting deeper than"},
		{"conditionals", field(r("a ? ", n) + "a" + r(" : a", n)), "nesting deeper than"},
		{"conditionals in the else", field("a" + r(" ? a : a", n)), "nesting deeper than"},
		{"an assignment chain", fn(r("a = ", n) + "1;"), "nesting deeper than"},
		{"lambdas", field(r("x -> ", n) + "1"), "nesting deeper than"},
		{"lambdas in parentheses", field(r("(a, b) -> ", n) + "1"), "nesting deeper than"},
		{"lambda blocks", field(r("() -> { return ", n) + "1;" + r(" }", n)), "nesting deeper than"},
		{"method call arguments", field(r("a.b(", n) + "1" + r(")", n)), "nesting deeper than"},
		{"array creation dimensions", field(r("new int[", n) + "1" + r("]", n)), "nesting deeper than"},
		{"array creation initializers", field("new int[][] " + r("{", n) + r("}", n)), "nesting deeper than"},
		{"anonymous classes", field(r("new A() { Object x = ", n) + "1;" + r(" }", n)), "nesting deeper than"},
		{"nested classes", r("class A { ", n) + r("}", n) + "\n", "nesting deeper than"},
		{"nested interfaces", r("interface A { ", n) + r("}", n) + "\n", "nesting deeper than"},
		{"nested records", r("record A() { ", n) + r("}", n) + "\n", "nesting deeper than"},
		{"nested enums", r("enum E { A; ", n) + r("}", n) + "\n", "nesting deeper than"},
		{"enum constant bodies", r("enum E { A { ", n) + r("} }", n) + "\n", "nesting deeper than"},
		{"annotation types", r("@interface A { ", n) + r("}", n) + "\n", "nesting deeper than"},
		{"local classes", fn(r("class B { void f() { ", n) + r("} }", n)), "nesting deeper than"},
		{"annotations in annotations", r("@A(", n) + "1" + r(")", n) + "\nclass A {}\n", "nesting deeper than"},
		{"annotation arrays", "@A(" + r("{", n) + r("}", n) + ")\nclass A {}\n", "nesting deeper than"},
		{"type arguments of a field", "class A {\n  " + r("Map<K, ", n) + "V" + r(">", n) + " x;\n}\n", "nesting deeper than"},
		{"wildcards", "class A {\n  List<" + r("? extends List<", n) + "V" + r(">", n) + "> x;\n}\n", "nesting deeper than"},
		{"type parameter bounds", "class A<T extends " + r("List<", n) + "V" + r(">", n) + "> {}\n", "nesting deeper than"},
		{"type arguments of a call", field("a.<" + r("List<", n) + "V" + r(">", n) + ">f()"), "nesting deeper than"},
		{"diamonds in arguments", field(r("new A<>(", n) + r(")", n)), "nesting deeper than"},
		{"record patterns", field("o instanceof " + r("R(", n) + "var x" + r(")", n)), "nesting deeper than"},
		{"record patterns in a case", fn("switch (o) { case " + r("R(", n) + "var x" + r(")", n) + " -> {} }"), "nesting deeper than"},
		{"method call chains", field("a" + r(".b()", 100000)), ""},
		{"field access chains", field("a" + r(".b", 100000)), ""},
		{"subscript chains", field("a" + r("[0]", 100000)), ""},
		{"method reference on a chain", field("a" + r(".b()", 100000) + "::c"), ""},
		{"binary operators", field("a" + r(" + a", 100000)), ""},
		{"string concatenation", field(`"a"` + r(` + "a"`, 100000)), ""},
		{"postfix increments", fn("a" + r("[0]", 100000) + "++;"), ""},
		{"case labels", fn("switch (x) {\n" + r("case 1: ", 100000) + "y();\n}"), ""},
		{"array dimensions", "class A {\n  int" + r("[]", 100000) + " x;\n}\n", ""},
		{"qualified names", "import a" + r(".b", 100000) + ";\nclass A {}\n", ""},
		{"qualified types", "class A {\n  a" + r(".B", 100000) + " x;\n}\n", ""},
		{"annotations on a member", "class A {\n  " + r("@A ", 100000) + "int x;\n}\n", ""},
		{"enum constants", "enum E { " + r("A, ", 100000) + "B }\n", ""},
		{"statements", fn(r("y();\n", 100000)), ""},
		{"members", "class A {\n" + r("  int x;\n", 100000) + "}\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gramtest.FirstError(t, gramtest.BadParse(t, Language, []byte(tc.src)), tc.want)
		})
	}
}

// BenchmarkElseIfChain parses a 100000-link else-if chain, which the
// depth guard stops at kit.MaxDepth. Its B/op bounds the heap one parse
// adds.
func BenchmarkElseIfChain(b *testing.B) {
	gramtest.BenchSource(b, Language, elseIfChain(100000))
}
