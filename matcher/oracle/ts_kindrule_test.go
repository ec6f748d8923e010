package oracle

import (
	"os"
	"testing"
	"time"
)

// tsKindCases are the kind rules of the JavaScript/TypeScript test; each
// name is a predicate of testdata/tsoracle/oracle.js. Every rule runs
// on every file of the corpus, in the file's language.
func tsKindCases() []refCase {
	return []refCase{
		{name: "krFuncReturns", rule: `
rule:
  kind: function_declaration
  has: {kind: return_statement, stopBy: end}
`},
		{name: "krFuncReturnsOwn", rule: `
rule:
  kind: function_declaration
  has:
    kind: return_statement
    stopBy:
      any:
        - kind: function_declaration
        - kind: function_expression
        - kind: arrow_function
        - kind: method_definition
`},
		{name: "krIfNoElse", rule: `
rule:
  kind: if_statement
  not: {has: {kind: else_clause}}
`},
		{name: "krMemberCall", rule: `
rule:
  kind: call_expression
  has: {kind: member_expression, nthChild: 1}
`},
		{name: "krMemberCallField", rule: `
rule:
  kind: call_expression
  has: {field: function, kind: member_expression}
`},
		{name: "krElseIf", rule: `
rule:
  kind: if_statement
  has:
    field: alternative
    has: {kind: if_statement}
`},
		{name: "krForInArrow", rule: `
rule:
  kind: for_statement
  inside: {kind: arrow_function, stopBy: end}
`},
		{name: "krStringArg", rule: `
rule:
  kind: string
  inside: {kind: arguments}
`},
		{name: "krClassWithCtor", rule: `
rule:
  kind: class_declaration
  has:
    kind: class_body
    has:
      kind: method_definition
      has: {kind: property_identifier, regex: '^constructor$'}
`},
		{name: "krNestedArrow", rule: `
rule:
  kind: arrow_function
  inside: {kind: arrow_function, stopBy: end}
`},
		{name: "krSecondArgIdent", rule: `
rule:
  kind: identifier
  nthChild: 2
  inside: {kind: arguments}
`},
		{name: "krReturnAfterIf", rule: `
rule:
  kind: return_statement
  follows: {kind: if_statement, stopBy: end}
`},
		{name: "krIfThenReturn", rule: `
rule:
  kind: if_statement
  precedes: {kind: return_statement}
`},
		{name: "krAsyncMethod", rule: `
rule:
  kind: method_definition
  regex: '^async\s'
`},
		{name: "krExportedFunc", rule: `
rule:
  kind: function_declaration
  inside: {kind: export_statement}
`},
	}
}

// TestTSKindRules runs kind-based ast-grep rules over the corpus
// TestTSOracle searches (TypeScript's lib files, rxjs, effect, tldraw's
// .ts and .tsx, npm's JavaScript) and compares the byte ranges of their
// matches with those of the nodes a predicate on TypeScript's own tree
// (testdata/tsoracle/oracle.js, the kr predicates) accepts, over the
// files TypeScript's parser accepts.
func TestTSKindRules(t *testing.T) {
	began := time.Now()
	node, root, tsDir, paths, langOf := tsOracleCorpus(t)
	cases := tsKindCases()
	var asked []tsOracleCase
	for _, c := range cases {
		asked = append(asked, tsOracleCase{oracle: c.name})
	}
	ans := runTSOracle(t, node, tsDir, paths, asked)
	if len(ans.Files) != len(paths) {
		t.Fatalf("oracle.js answered for %d files of %d", len(ans.Files), len(paths))
	}

	ours := make([][]refMatch, len(cases))
	theirs := make([][]refMatch, len(cases))
	srcs := map[string][]byte{}
	for id, l := range tsOracleLangs {
		rules := refCompile(t, l, cases)
		for _, f := range ans.Files {
			rel := slashRel(root, f.File)
			if !f.OK || langOf[rel] != id {
				continue
			}
			src, err := os.ReadFile(f.File)
			if err != nil {
				t.Fatal(err)
			}
			srcs[f.File] = src
			if err := refFind(t, l, rules, rel, src, ours); err != nil {
				t.Errorf("our grammar fails where TypeScript's parser does not: %s: %v", rel, err)
			}
		}
	}
	for i, c := range cases {
		for _, m := range ans.Matches[c.name] {
			theirs[i] = append(theirs[i], refAt(slashRel(root, m.File), srcs[m.File], m.Start, m.End))
		}
	}
	t.Logf("%d files (%d TypeScript's parser accepts) under %s, TypeScript %s", len(paths), len(srcs), root, ans.TypeScript)
	refCompareAll(t, "tsc", cases, nil, ours, theirs)
	t.Logf("%d rules in %v", len(cases), time.Since(began).Round(time.Millisecond))
}
