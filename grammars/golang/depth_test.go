package golang

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// elseIfChain is a function whose if statement has links else-if links.
func elseIfChain(links int) []byte {
	return []byte("package p\n\nfunc f() {\n\tif x {\n\t}" + strings.Repeat(" else if x {\n\t}", links) + "\n}\n")
}

// TestDeepNesting: input nested far past kit.MaxDepth through any of the
// grammar's recursive productions is a syntax error that says so, never
// a stack that grows with the input; a chain the grammar reads in a loop
// (a.b.c…, a + b + …) parses. TestBadInput has more (parentheses, blocks,
// slice types, ^x, composite literals).
func TestDeepNesting(t *testing.T) {
	const n = 10000 // five times kit.MaxDepth
	r := strings.Repeat
	fn := func(body string) string { return "package p\nfunc f() {\n" + body + "\n}\n" }
	for _, tc := range []struct {
		name string
		src  []byte
		want string // in the first error; "" for none
	}{
		{"a 100000-link else-if chain", elseIfChain(100000), "nesting deeper than"},
		{"labels", []byte(fn(r("L: ", n) + "x()")), "nesting deeper than"},
		{"pointer types", []byte("package p\nvar x " + r("*", n) + "int\n"), "nesting deeper than"},
		{"map value types", []byte("package p\nvar x " + r("map[int]", n) + "int\n"), "nesting deeper than"},
		{"map key types", []byte("package p\nvar x " + r("map[", n) + "int" + r("]int", n) + "\n"), "nesting deeper than"},
		{"function result types", []byte("package p\nvar x " + r("func() ", n) + "int\n"), "nesting deeper than"},
		{"channel types", []byte("package p\nvar x " + r("chan ", n) + "int\n"), "nesting deeper than"},
		{"array types", []byte("package p\nvar x " + r("[1]", n) + "int\n"), "nesting deeper than"},
		{"struct types", []byte("package p\nvar x " + r("struct{ a ", n) + "int" + r(" }", n) + "\n"), "nesting deeper than"},
		{"interface types", []byte("package p\ntype x " + r("interface{ ", n) + "int" + r(" }", n) + "\n"), "nesting deeper than"},
		{"type arguments", []byte("package p\nvar x " + r("T[", n) + "int" + r("]", n) + "\n"), "nesting deeper than"},
		{"parenthesized types", []byte("package p\nvar x " + r("(", n) + "int" + r(")", n) + "\n"), "nesting deeper than"},
		{"!x", []byte("package p\nvar x = " + r("!", n) + "x\n"), "nesting deeper than"},
		{"- - x", []byte("package p\nvar x = " + r("- ", n) + "x\n"), "nesting deeper than"},
		{"<-<-x", []byte("package p\nvar x = " + r("<-", n) + "x\n"), "nesting deeper than"},
		{"function literals", []byte("package p\nvar x = " + r("func() { _ = ", n) + "1" + r(" }", n) + "\n"), "nesting deeper than"},
		{"calls", []byte("package p\nvar x = " + r("f(", n) + "1" + r(")", n) + "\n"), "nesting deeper than"},
		{"indexes", []byte("package p\nvar x = " + r("a[", n) + "1" + r("]", n) + "\n"), "nesting deeper than"},
		{"conversions", []byte("package p\nvar x = " + r("(T)(", n) + "1" + r(")", n) + "\n"), "nesting deeper than"},
		{"keyed elements", []byte("package p\nvar x = T{" + r("k: {", n) + r("}", n) + "}\n"), "nesting deeper than"},
		{"switch in a case", []byte(fn(r("switch { case true:\n", n) + r("}\n", n))), "nesting deeper than"},
		{"for in a for", []byte(fn(r("for {\n", n) + r("}\n", n))), "nesting deeper than"},
		{"selectors", []byte("package p\nvar x = a" + r(".b", 100000) + "\n"), ""},
		{"binary operators", []byte("package p\nvar x = a" + r(" + a", 100000) + "\n"), ""},
		{"type assertions", []byte("package p\nvar x = a" + r(".(T)", 100000) + "\n"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := gramtest.BadParse(t, Language, tc.src)
			gramtest.FirstError(t, tree, tc.want)
		})
	}
}

// BenchmarkElseIfChain parses a 100000-link else-if chain, which the
// depth guard stops at kit.MaxDepth. Its B/op bounds the heap one parse
// adds; the issue wants under 2 s and 200 MB.
func BenchmarkElseIfChain(b *testing.B) { gramtest.BenchSource(b, Language, elseIfChain(100000)) }
