package javascript

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
)

// BenchmarkParse parses each part of the corpus; its MB/s is the
// grammar's speed (run with GOMAXPROCS=1 for one core).
func BenchmarkParse(b *testing.B) {
	for _, part := range corpusParts(b, corpusRoot(b)) {
		b.Run(part.name, func(b *testing.B) { gramtest.BenchParse(b, part.l, part.files) })
	}
}

// BenchmarkMinified parses a 10 MB bundle on one line.
func BenchmarkMinified(b *testing.B) {
	gramtest.BenchSource(b, JavaScript, []byte(minifiedBundle(10<<20)))
}

// BenchmarkSpeculation parses the inputs that make TypeScript's parser
// speculate at every step, at two sizes ten times apart: linear time is
// the same MB/s at both. comparisons is x = (a < b, a < b, …, 1), where
// type arguments are tried at every <; defaults is (a = (a = …)) nested
// fifty deep, where an arrow function is tried at every (; generics is
// f<a>(f<a>(…)) fifty deep; casts is <T>(<T>(…)). else-if is a chain of
// 100,000 links, which is an error as soon as it is too deep.
func BenchmarkSpeculation(b *testing.B) {
	nest := func(open, mid, close string) string {
		return "x = " + strings.Repeat(open, 50) + mid + strings.Repeat(close, 50) + ";\n"
	}
	fill := func(prefix, unit, suffix string, size int) string {
		return prefix + strings.Repeat(unit, max(1, (size-len(prefix)-len(suffix))/len(unit))) + suffix
	}
	inputs := []struct {
		name string
		l    *grammars.Language
		src  func(size int) string
	}{
		{"comparisons", TypeScript, func(n int) string { return fill("x = (", "a < b, ", "1);\n", n) }},
		{"comparisons-tsx", TSX, func(n int) string { return fill("x = (", "a < b, ", "1);\n", n) }},
		{"defaults", TypeScript, func(n int) string { return fill("", nest("(a = ", "1", ")"), "", n) }},
		{"generics", TypeScript, func(n int) string { return fill("", nest("f<a>(", "1", ")"), "", n) }},
		{"casts", TypeScript, func(n int) string { return fill("", nest("<T>(", "1", ")"), "", n) }},
	}
	for _, in := range inputs {
		for _, size := range []int{56 << 10, 560 << 10} {
			src := []byte(in.src(size))
			b.Run(fmt.Sprintf("%s/%dKB", in.name, size>>10), func(b *testing.B) {
				gramtest.BenchSource(b, in.l, src)
			})
		}
	}
	src := []byte("if (a) {\n" + strings.Repeat("} else if (a) {\n", 100000) + "}\n")
	b.Run("else-if/100000", func(b *testing.B) { gramtest.BenchSource(b, TypeScript, src) })
}
