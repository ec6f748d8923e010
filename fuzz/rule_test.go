package fuzz

import (
	"context"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/grammars/golang"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/matcher/rule"
)

// ruleSource is the Go file every fuzzed rule runs on.
const ruleSource = `package p

import "fmt"

type T struct{ A int ` + "`json:\"a\"`" + ` }

func f(x int) (int, error) {
	if x > 0 {
		fmt.Println("pos", x)
		return x, nil
	}
	for i := range 3 {
		defer g(i)
	}
	return 0, fmt.Errorf("neg %d", x)
}
`

// FuzzRule: any rule document is compiled or refused with an error
// naming where in it the fault is, and a rule that compiles runs on a Go
// file, rewrites with its fix, and ends: no panic, no hang.
func FuzzRule(f *testing.F) {
	for _, doc := range []string{
		"rule: {pattern: fmt.Println($$$A)}\nfix: log($$$A)",
		"rule: {kind: return_statement, inside: {kind: if_statement, stopBy: end}}",
		"rule: {kind: function_declaration, has: {kind: return_statement, stopBy: end, field: body}}",
		"rule: {any: [{kind: call_expression, regex: ^fmt}, {nthChild: {position: 2n+1, ofRule: {kind: identifier}}}]}",
		"utils: {r: {any: [{kind: int_literal}, {has: {matches: r}}]}}\nrule: {matches: r, not: {precedes: {kind: block}}}",
		"rule: {pattern: '`$T`'}\nconstraints: {T: {regex: json}}\ntransform: {U: {convert: {source: $T, toCase: upperCase}}}\nfix: '`$U`'",
		"rule: {kind: 'call_expression > identifier:nth-child(1)', follows: {kind: if_statement, stopBy: end}}",
		"rule: {pattern: {context: 'func t() { $X := $Y }', selector: short_var_declaration}, range: {start: {line: 1}, end: {line: 9}}}",
		"rule: {pattern: f($$$A)}\nrewriters: [{id: r, rule: {kind: identifier}, fix: Z}]\ntransform: {B: {rewrite: {source: $$$A, rewriters: [r], joinBy: ', '}}}\nfix: f($B)",
	} {
		f.Add(doc)
	}
	reg := bundled.Registry()
	tree, err := golang.Language.Parse([]byte(ruleSource))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		if len(doc) > maxInput {
			return
		}
		defer watch(t)()
		rules, err := rule.Parse(doc, reg.Lookup, golang.Language)
		if err != nil {
			if !strings.Contains(err.Error(), ":") {
				t.Errorf("error %q says not where", err)
			}
			return
		}
		for _, r := range rules {
			if r.Lang != golang.Language {
				continue
			}
			ms, err := r.FindContext(context.Background(), tree)
			if err != nil {
				continue // a depth error is an answer
			}
			if r.HasFix() && len(ms) > 0 {
				matcher.RewriteMatches(tree, ms, nil)
			}
		}
	})
}
