package rust

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// deep is how many times a deep input repeats its construct.
const deep = 100000

// elseIfChain is a function of one if with n else-if links.
func elseIfChain(n int) string {
	return "fn f() {\n    if a {}" + strings.Repeat(" else if b {}", n) + " else {}\n}\n"
}

// deepInputs are valid Rust, or all but valid, that nests one construct
// deep: each recursive production of the grammar once.
func deepInputs() []struct {
	name, src string
	line      int    // of the first error; 0: no error
	msg       string // in the first error
} {
	r := strings.Repeat
	fn := func(body string) string { return "fn f() {\n" + body + "\n}\n" }
	const nest = "nesting deeper than"
	return []struct {
		name, src string
		line      int
		msg       string
	}{
		{name: "else if chain", src: elseIfChain(deep), line: 2, msg: nest},
		{name: "nested types", src: "type T = " + r("Vec<", deep) + "u8" + r(">", deep) + ";\n", line: 1, msg: nest},
		{name: "nested references", src: "type T = " + r("&", deep) + "u8;\n", line: 1, msg: nest},
		{name: "nested tuple types", src: "type T = " + r("(", deep) + "u8" + r(",)", deep) + ";\n", line: 1, msg: nest},
		{name: "nested function types", src: "type T = " + r("fn(", deep) + "u8" + r(")", deep) + ";\n", line: 1, msg: nest},
		{name: "nested qualified paths", src: "type T = " + r("<", deep) + "u8" + r(" as A>::B", deep) + ";\n", line: 1, msg: nest},
		{name: "nested bounds", src: "fn f<T: " + r("(", deep) + "A" + r(")", deep) + ">() {}\n", line: 1, msg: nest},
		{name: "nested patterns", src: fn("let " + r("(", deep) + "x" + r(")", deep) + " = 1;"), line: 2, msg: nest},
		{name: "nested tuple struct patterns", src: fn("let " + r("Some(", deep) + "x" + r(")", deep) + " = 1;"), line: 2, msg: nest},
		{name: "nested reference patterns", src: fn("let " + r("&", deep) + "x = 1;"), line: 2, msg: nest},
		{name: "nested parentheses", src: fn("let x = " + r("(", deep) + "1" + r(")", deep) + ";"), line: 2, msg: nest},
		{name: "nested unary operators", src: fn("let x = " + r("-", deep) + "1;"), line: 2, msg: nest},
		{name: "nested calls", src: fn("let x = " + r("f(", deep) + "1" + r(")", deep) + ";"), line: 2, msg: nest},
		{name: "nested closures", src: fn("let x = " + r("|| ", deep) + "1;"), line: 2, msg: nest},
		{name: "nested blocks", src: fn(r("{", deep) + r("}", deep)), line: 2, msg: nest},
		{name: "nested macro calls", src: fn("m!(" + r("m!(", deep) + "1" + r(")", deep) + ");"), line: 2, msg: nest},
		{name: "nested token trees", src: fn("m! {" + r("[", deep) + r("]", deep) + "}"), line: 2, msg: nest},
		{name: "nested generic arguments", src: fn("let x = f::<" + r("Vec<", deep) + "u8" + r(">", deep) + ">();"), line: 2, msg: nest},
		{name: "assignment chain", src: fn(r("a = ", deep) + "1;"), line: 2, msg: nest},
		{name: "return chain", src: fn(r("return ", deep) + "1;"), line: 2, msg: nest},
		{name: "nested use lists", src: "use " + r("a::{", deep) + "b" + r("}", deep) + ";\n", line: 1, msg: nest},
		{name: "nested modules", src: r("mod a {\n", deep) + r("}\n", deep), line: 2001, msg: nest},
		{name: "nested attributes", src: "#[a" + r("(", deep) + r(")", deep) + "]\nfn f() {}\n", line: 1, msg: nest},
		// Long but flat: a loop, not a recursion, reads these.
		{name: "a long operator chain", src: fn("let x = a" + r(" + a", deep) + ";")},
		{name: "a long method chain", src: fn("let x = a" + r(".b()", deep) + ";")},
		{name: "many statements", src: fn(r("x += 1;\n", deep))},
		// Just inside the guard: a chain of 1,000 else ifs parses.
		{name: "a chain of 1000 else ifs", src: elseIfChain(1000)},
	}
}

// TestRustDeepInput: input that nests one construct 100,000 deep is a
// syntax error at the depth guard (or, where a loop reads it, a parse),
// never a stack overflow, and it logs the time and the memory each
// parse took (BadParse parses twice: as a file and as a pattern).
func TestRustDeepInput(t *testing.T) {
	for _, tc := range deepInputs() {
		t.Run(tc.name, func(t *testing.T) {
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			start := time.Now()
			tree := gramtest.BadParse(t, Language, []byte(tc.src))
			took := time.Since(start)
			runtime.ReadMemStats(&m1)
			t.Logf("%d bytes: %v, %.1f MB allocated", len(tc.src), took.Round(time.Millisecond), float64(m1.TotalAlloc-m0.TotalAlloc)/1e6)
			gramtest.FirstErrorAt(t, tree, tc.line, tc.msg, false)
		})
	}
}

// BenchmarkElseIfChain parses a function of one if with 100,000 else-if
// links, which the depth guard stops: its time and B/op are the cost of
// such a file.
//
//	go test ./grammars/rust -run '^$' -bench ElseIfChain -benchmem
func BenchmarkElseIfChain(b *testing.B) {
	src := []byte(elseIfChain(deep))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		tree, _ := Language.Parse(src)
		if len(tree.Errors) == 0 {
			b.Fatal("a chain of 100,000 else ifs parsed with no error")
		}
	}
}
