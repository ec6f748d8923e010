package rule

import (
	"context"
	"fmt"
	"testing"

	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/grammars/golang"
	"github.com/agenttools/agenttools/matcher"
)

// BenchmarkRule: a pattern, the same pattern as a rule, a kind rule and a
// kind rule with has, over one function of 20,000 statements:
// go test ./matcher/rule -run '^$' -bench Rule
func BenchmarkRule(b *testing.B) {
	tree, err := golang.Language.Parse(bigFunc(20000, func(i int) string {
		if i%3 == 0 {
			return fmt.Sprintf("fmt.Println(x, %d)", i)
		}
		return fmt.Sprintf("if x > %d { return }", i)
	}))
	if err != nil {
		b.Fatal(err)
	}
	p, err := matcher.Compile(golang.Language, "fmt.Println($$$A)")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("pattern", func(b *testing.B) {
		for b.Loop() {
			p.Find(tree)
		}
	})
	for _, tc := range []struct{ name, doc string }{
		{"rule-pattern", "rule: {pattern: fmt.Println($$$A)}"},
		{"kind", "rule: {kind: if_statement}"},
		{"kind-has", "rule: {kind: if_statement, has: {kind: return_statement, stopBy: end}}"},
		{"field", "rule: {kind: identifier, inside: {kind: call_expression, field: function}}"},
		{"ref", "rule: {kind: field_identifier}"},
	} {
		rs, err := Parse(tc.doc, bundled.Registry().Lookup, golang.Language)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				rs[0].FindContext(context.Background(), tree)
			}
		})
	}
}
