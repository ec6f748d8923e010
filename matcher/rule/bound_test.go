package rule

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/grammars/golang"
)

// bigFunc is a Go function of n statements.
func bigFunc(n int, stmt func(i int) string) []byte {
	var b strings.Builder
	b.WriteString("package p\n\nfunc f() {\n")
	for i := range n {
		b.WriteString("\t" + stmt(i) + "\n")
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// TestBounds: relational rules over one function of 100,000 statements
// cost about the statements, not their square: a free rule's answer at a
// node is remembered, and has finds its rule's nodes in one pass. Each
// case states the matches it must find.
func TestBounds(t *testing.T) {
	src := bigFunc(100000, func(i int) string { return fmt.Sprintf("x = %d", i) })
	tree, err := golang.Language.Parse(src)
	if err != nil || len(tree.Errors) > 0 {
		t.Fatalf("parse: %v %v", err, tree.Errors)
	}
	reg := bundled.Registry()
	for _, tc := range []struct {
		name, rule string
		want       int
	}{
		{"inside", "rule: {pattern: x = $V, inside: {pattern: 'func $F($$$P) { $$$B }', stopBy: end}}", 100000},
		{"kind inside", "rule: {kind: int_literal, inside: {kind: function_declaration, stopBy: end}}", 100000},
		{"has end", "rule: {kind: block, has: {kind: int_literal, regex: '^99999$', stopBy: end}}", 1},
		{"not has", "rule: {kind: function_declaration, not: {has: {kind: return_statement, stopBy: end}}}", 1},
		{"nthChild", "rule: {kind: assignment_statement, nthChild: {position: 2n, ofRule: {kind: assignment_statement}}}", 50000},
		{"follows end", "rule: {kind: assignment_statement, follows: {pattern: x = 0, stopBy: end}}", 99999},
	} {
		rs, err := Parse(tc.rule, reg.Lookup, golang.Language)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		ms, err := rs[0].FindContext(context.Background(), tree)
		t.Logf("%s: %d matches in %v", tc.name, len(ms), time.Since(start).Round(time.Millisecond))
		if err != nil || len(ms) != tc.want {
			t.Errorf("%s: %d matches (%v), want %d", tc.name, len(ms), err, tc.want)
		}
	}
}

// TestCancelled: a rule cancelled while one file of a million nodes is
// matched stops inside that file.
func TestCancelled(t *testing.T) {
	tree, err := golang.Language.Parse(bigFunc(100000, func(i int) string { return fmt.Sprintf("f(x, %d)", i) }))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Parse("rule: {kind: call_expression, has: {kind: int_literal, stopBy: end}}", bundled.Registry().Lookup, golang.Language)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ms, err := rs[0].FindContext(ctx, tree)
	if err != context.Canceled || len(ms) >= 100000 {
		t.Errorf("cancelled: %d matches, %v", len(ms), err)
	}
}

// TestDepth: a utility that recurses through every sibling costs each
// once; past MaxDepth levels it stops with a DepthError that says where,
// rather than exhausting the stack.
func TestDepth(t *testing.T) {
	// Every statement comes before the last one: from the first, the
	// utility recurses through each sibling after it.
	doc := "utils: {before: {any: [{kind: assignment_statement, not: {precedes: {kind: assignment_statement}}}, {precedes: {matches: before}}]}}\nrule: {kind: assignment_statement, matches: before}"
	rs, err := Parse(doc, bundled.Registry().Lookup, golang.Language)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{MaxDepth / 2, MaxDepth * 2} {
		tree, err := golang.Language.Parse(bigFunc(n, func(i int) string { return fmt.Sprintf("x = %d", i) }))
		if err != nil {
			t.Fatal(err)
		}
		ms, err := rs[0].FindContext(context.Background(), tree)
		var de *DepthError
		switch {
		case n < MaxDepth && (err != nil || len(ms) != n):
			t.Errorf("%d statements: %d matches, %v; want %d", n, len(ms), err, n)
		case n > MaxDepth && !errors.As(err, &de):
			t.Errorf("%d statements: %d matches, %v; want a DepthError", n, len(ms), err)
		}
	}
}
