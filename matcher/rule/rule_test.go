package rule

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/matcher"
)

// run parses src in lang, runs the rule documents on it and returns the
// text of each match, with its fix applied after a => when it has one.
func run(t *testing.T, lang, doc, src string) ([]string, error) {
	t.Helper()
	reg := bundled.Registry()
	l, err := reg.Lookup(lang)
	if err != nil {
		t.Fatal(err)
	}
	rules, err := Parse(doc, reg.Lookup, l)
	if err != nil {
		return nil, err
	}
	tree, err := l.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range rules {
		ms, err := r.FindContext(context.Background(), tree)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			sp := m.Span(tree)
			s := string(tree.Src[sp.Start:sp.End])
			if m.Fix != nil {
				s += " => " + fixed(tree, m)
			}
			out = append(out, s)
		}
	}
	return out, nil
}

// fixed is the text that replaces m.
func fixed(t *grammars.Tree, m matcher.Match) string {
	sp := m.Span(t)
	if m.Expand != nil {
		sp = *m.Expand
	}
	out := matcher.RewriteMatches(t, []matcher.Match{m}, nil).Src
	return string(out[sp.Start : len(out)-(len(t.Src)-int(sp.End))])
}

func TestRules(t *testing.T) {
	tests := []struct {
		name, lang, rule, src string
		want                  []string
	}{
		{"pattern", "go", "rule: {pattern: fmt.Println($X)}", "package a\nfunc f() { fmt.Println(1); fmt.Print(2) }\n", []string{"fmt.Println(1)"}},
		{"kind", "go", "rule: {kind: return_statement}", "package a\nfunc f() int { if x { return 1 }; return 2 }\n", []string{"return 1", "return 2"}},
		{"kind has end", "go", "rule: {kind: function_declaration, has: {kind: return_statement, stopBy: end}}",
			"package a\nfunc f() int { if x { return 1 }; return 2 }\nfunc g() {}\n", []string{"func f() int { if x { return 1 }; return 2 }"}},
		{"has neighbor", "go", "rule: {kind: block, has: {kind: return_statement}}",
			"package a\nfunc f() int { if x { return 1 }; g() }\n", []string{"{ return 1 }"}},
		{"inside", "go", "rule: {pattern: $X.Close(), inside: {kind: defer_statement}}",
			"package a\nfunc f() { defer a.Close(); b.Close() }\n", []string{"a.Close()"}},
		{"not inside", "go", "rule: {pattern: $X.Close(), not: {inside: {kind: defer_statement}}}",
			"package a\nfunc f() { defer a.Close(); b.Close() }\n", []string{"b.Close()"}},
		{"shared metavariable", "go", "rule: {pattern: $X.Close(), not: {inside: {pattern: defer $X.Close(), stopBy: end}}}",
			"package a\nfunc f() { defer a.Close(); a.Close(); b.Close() }\n", []string{"a.Close()", "b.Close()"}},
		{"regex", "go", "rule: {kind: identifier, regex: ^New, inside: {kind: call_expression}}",
			"package a\nfunc f() { NewA(); b(NewB) }\n", []string{"NewA"}},
		{"any", "go", "rule: {any: [{pattern: a()}, {pattern: b()}]}", "package a\nfunc f() { a(); b(); c() }\n", []string{"a()", "b()"}},
		{"precedes", "go", "rule: {kind: call_expression, precedes: {kind: return_statement}}",
			"package a\nfunc f() { a(); b(); return }\n", []string{"b()"}},
		{"follows end", "go", "rule: {kind: call_expression, follows: {pattern: a(), stopBy: end}}",
			"package a\nfunc f() { a(); b(); c() }\n", []string{"b()", "c()"}},
		{"nthChild", "go", "rule: {kind: int_literal, nthChild: 2}", "package a\nfunc f() { g(1, 2, 3) }\n", []string{"2"}},
		{"nthChild formula", "go", "rule: {kind: int_literal, nthChild: {position: 2n+1, reverse: true}}", "package a\nfunc f() { g(1, 2, 3, 4) }\n", []string{"2", "4"}},
		{"utils", "go", "utils: {is-call: {kind: call_expression}}\nrule: {matches: is-call, regex: ^f}", "package a\nfunc f() { f(); g() }\n", []string{"f()"}},
		{"recursive utils", "go", "utils:\n  nested:\n    any:\n      - {pattern: a()}\n      - {kind: parenthesized_expression, has: {matches: nested}}\nrule: {matches: nested}", "package a\nvar x = ((a()))\n", []string{"((a()))", "(a())", "a()"}},
		{"constraints", "go", "rule: {pattern: $F($$$)}\nconstraints: {F: {regex: ^New}}", "package a\nfunc f() { NewA(); b() }\n", []string{"NewA()"}},
		{"fix", "go", "rule: {pattern: a($X)}\nfix: b($X)", "package a\nfunc f() { a(1) }\n", []string{"a(1) => b(1)"}},
		{"transform replace", "go", "rule: {pattern: $F()}\ntransform: {G: {replace: {source: $F, replace: '^old', by: new}}}\nfix: $G()", "package a\nfunc f() { oldA() }\n", []string{"oldA() => newA()"}},
		{"transform string form", "go", "rule: {pattern: $F()}\ntransform: {G: \"convert($F, toCase=snakeCase)\"}\nfix: $G()", "package a\nfunc f() { getHTTPServer() }\n", []string{"getHTTPServer() => get_http_server()"}},
		{"substring", "go", "rule: {pattern: $F()}\ntransform: {G: {substring: {source: $F, startChar: 1, endChar: -1}}}\nfix: $G()", "package a\nfunc f() { abcd() }\n", []string{"abcd() => bc()"}},
		{"rewriters", "go", "rule: {pattern: f($$$A)}\nrewriters:\n  - id: num\n    rule: {kind: int_literal}\n    fix: N\ntransform: {B: {rewrite: {source: $$$A, rewriters: [num], joinBy: ' + '}}}\nfix: g($B)", "package a\nfunc x() { f(1, y, 2) }\n", []string{"f(1, y, 2) => g(N + N)"}},
		{"rewriters in place", "go", "rule: {pattern: f($$$A)}\nrewriters:\n  - id: num\n    rule: {kind: int_literal}\n    fix: N\ntransform: {B: {rewrite: {source: $$$A, rewriters: [num]}}}\nfix: g($B)", "package a\nfunc x() { f(1, y, 2) }\n", []string{"f(1, y, 2) => g(N, y, N)"}},
		{"expandEnd", "go", "rule: {kind: int_literal, regex: '^2$'}\nfix: {template: '', expandEnd: {regex: ','}}", "package a\nfunc x() { f(2, 3) }\n", []string{"2 => "}},
		{"selector", "go", "rule: {pattern: {context: 'var x = $A + $B', selector: binary_expression}}", "package a\nvar y = 1 + 2 * 3\n", []string{"1 + 2 * 3"}},
		{"selector child", "go", "rule: {kind: call_expression > identifier}", "package a\nfunc f() { g(h) }\n", []string{"g"}},
		{"selector descendant", "go", "rule: {kind: 'call_expression identifier'}", "package a\nfunc f() { g(h) }\n", []string{"g", "h"}},
		{"selector sibling", "go", "rule: {kind: 'call_expression + call_expression'}", "package a\nfunc f() { a(); b(); c() }\n", []string{"b()", "c()"}},
		{"selector pseudo", "go", "rule: {kind: 'call_expression:has(int_literal):not(:nth-child(1))'}", "package a\nfunc f() { a(1); b(2); c() }\n", []string{"b(2)"}},
		{"selector list", "go", "rule: {kind: 'int_literal, interpreted_string_literal'}", "package a\nvar x = f(1, \"s\")\n", []string{"1", `"s"`}},
		{"string content", "go", "rule: {pattern: '`$TAG`', inside: {kind: field_declaration}}\nconstraints: {TAG: {regex: '^json:\"-,'}}\nfix: '`$TAG,x`'", "package a\ntype T struct {\n\tA int `json:\"a\"`\n\tB int `json:\"-,omitempty\"`\n}\n", []string{"`json:\"-,omitempty\"` => `json:\"-,omitempty\",x`"}},
		{"string content quotes", "typescript", "rule: {pattern: import $X from '$S'}\nconstraints: {S: {regex: '^\\.'}}\ntransform: {T: {replace: {source: $S, replace: '$', by: .js}}}\nfix: import $X from '$T'", "import a from './a'\nimport b from \"./b\"\nimport c from 'c'\n", []string{"import a from './a' => import a from './a.js'"}},
		{"several documents", "go", "id: a\nrule: {pattern: a()}\n---\nid: b\nrule: {pattern: b()}\n", "package a\nfunc f() { a(); b() }\n", []string{"a()", "b()"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := run(t, tc.lang, tc.rule, tc.src)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("matches (-want +got):\n%s", diff)
			}
		})
	}
}

func TestBadRules(t *testing.T) {
	tests := []struct{ name, rule, want string }{
		{"unknown key", "rule: {pattern: a(), kindd: x}", "rule.kindd"},
		{"unknown kind", "rule: {kind: function_declarashun}", "nearest: function_declaration"},
		{"regex", "rule: {regex: '(a'}", "rule.regex"},
		{"nthChild 0", "rule: {nthChild: 0}", "rule.nthChild"},
		{"cycle", "utils: {a: {matches: b}, b: {matches: a}}\nrule: {matches: a}", "cycle"},
		{"no rule", "id: x", "no rule key"},
		{"undefined util", "rule: {matches: nope}", "rule.matches"},
		{"bad pattern", "rule: {pattern: 'func ('}", "rule.pattern"},
		{"unbound fix", "rule: {pattern: a($X)}\nfix: b($Y)", "fix"},
		{"empty rule", "rule: {}", "at least one"},
		{"huge", "rule: {pattern: '" + strings.Repeat("a", 1<<20) + "'}", "over the 256 KiB"},
		{"not yaml", "rule: [", "not YAML"},
		{"aliases", "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\nrule: {kind: block}", "aliases"},
		{"deep", "rule: " + strings.Repeat("{not: ", 5000) + "{kind: block}" + strings.Repeat("}", 5000), "nested over 500 deep"},
		{"transform source", "rule: {pattern: a($X)}\ntransform: {Y: {replace: {source: $Z, replace: a, by: b}}}", "transform.Y.replace.source"},
		{"transform call", "rule: {pattern: a($X)}\ntransform: {Y: \"frobnicate($X)\"}", "frobnicate is no transform"},
		{"convert case", "rule: {pattern: a($X)}\ntransform: {Y: {convert: {source: $X, toCase: shouty}}}", "give one of lowerCase"},
		{"constraint name", "rule: {pattern: a($X)}\nconstraints: {Y: {kind: block}}", "constraints.Y"},
		{"selector bad", "rule: {pattern: {context: 'func f() {}', selector: nokind}}", "rule.pattern.selector"},
		{"stopBy", "rule: {kind: block, has: {kind: block, stopBy: never}}", "rule.has.stopBy"},
		{"field", "rule: {kind: block, has: {kind: block, field: nosuchfield}}", "rule.has.field"},
		{"selector", "rule: {kind: 'block > :foo(x)'}", "unknown pseudo-class :foo"},
		{"selector kind", "rule: {kind: 'block > blok'}", "blok is no kind of Go"},
		{"glob", "files: ['[']\nrule: {kind: block}", "files[0]"},
		{"kind with no counterpart", "rule: {kind: comment}", "tree-sitter's comment has no counterpart in Go's tree here"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := run(t, "go", tc.rule, "package a\n")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v; want one saying %q", err, tc.want)
			}
		})
	}
}
