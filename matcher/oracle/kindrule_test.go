package oracle

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/agenttools/agenttools/matcher/rule"
)

// The kind-rule oracles (rust_kindrule_test.go, c_kindrule_test.go,
// java_kindrule_test.go) run ast-grep rules built on kind (with has,
// inside, follows, not, any, nthChild, regex and field) over the corpus
// of each language's pattern oracle, and compare the byte ranges of
// their matches with what a predicate over the language's own parser's
// tree selects: rustc's, clang's, javac's. What follows is what the
// three share.

// A krCase is one kind rule and, on the reference parser's tree, the
// predicate that selects what it matches. N is the reference's node, M
// the match type the language's oracle already has.
type krCase[N, M any] struct {
	name string // what the log calls it
	rule string // the rule document, YAML, without its language
	// ref reports whether the reference's node n is one the rule should
	// find.
	ref func(n N) bool
	// why explains the locations only one side finds, besides those
	// every case of the language accepts.
	why []roWhy[M]
	// bug, when not "", is a known bug of the rule engine, as the report
	// of the test that found it says: its unexplained differences are
	// logged, not failed.
	bug string
}

// krCompile compiles each case's rule in lang, as ast_grep does: its
// kinds and fields are tree-sitter's, mapped onto ours.
func krCompile[N, M any](t *testing.T, lang *grammars.Language, cases []krCase[N, M]) []*rule.Rule {
	t.Helper()
	rules := make([]*rule.Rule, len(cases))
	for i, c := range cases {
		rs, err := rule.Parse(c.rule, bundled.Registry().Lookup, lang)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(rs) != 1 {
			t.Fatalf("%s: %d rules, want one", c.name, len(rs))
		}
		rules[i] = rs[0]
	}
	return rules
}

// A krSpan is one of our matches: its node and byte range.
type krSpan struct {
	node       int32
	start, end int
}

// krFind runs r over tree and returns its matches.
func krFind(r *rule.Rule, tree *grammars.Tree) ([]krSpan, error) {
	ms, err := r.FindContext(context.Background(), tree)
	if err != nil {
		return nil, err
	}
	out := make([]krSpan, len(ms))
	for i, m := range ms {
		sp := m.Span(tree)
		out[i] = krSpan{m.Node, int(sp.Start), int(sp.End)}
	}
	return out, nil
}

// krTrim is the end of start…end of src less a trailing ;, whitespace
// and what comment says is a comment: our statements leave out the ;
// that ends them, and the references' take it.
func krTrim(src []byte, start, end int, comment func(off int) int) int {
	for end > start {
		if strings.IndexByte(" \t\r\n;", src[end-1]) >= 0 {
			end--
			continue
		}
		if comment != nil {
			if c := comment(end - 1); c >= 0 && c >= start {
				end = c
				continue
			}
		}
		break
	}
	return end
}

// krCompare checks, case by case, that each location only one side finds
// (ours[i] against theirs[i], both sorted by key) is explained by one of
// common or the case's whys, and logs the table of the sets' sizes and
// what explained how many. A case with a known bug only logs what no
// why explains.
func krCompare[N, M any](t *testing.T, ref string, cases []krCase[N, M], ours, theirs [][]M, common []roWhy[M], key, show func(M) string) {
	t.Helper()
	t.Logf("%-34s %6s %6s %6s %6s %6s", "rule", "ours", ref, "both", "ours+", ref+"+")
	agree := 0
	for ci, c := range cases {
		got, want := ours[ci], theirs[ci]
		onlyOurs, onlyRef, both := roSplit(got, want, key)
		t.Logf("%-34s %6d %6d %6d %6d %6d", c.name, len(got), len(want), both, len(onlyOurs), len(onlyRef))
		if len(onlyOurs)+len(onlyRef) == 0 {
			agree++
		}
		if len(want) < oracleMin {
			t.Errorf("%s: %s's tree has %d matches, fewer than %d: the rule tests nothing", c.name, ref, len(want), oracleMin)
		}
		whys := append(append([]roWhy[M]{}, common...), c.why...)
		e := roExplain([2][]M{onlyOurs, onlyRef}, [2][]M{got, want}, whys, key, show)
		for wi, w := range whys {
			if e.count[wi] > 0 {
				side := "ours+"
				if w.theirs {
					side = ref + "+"
				}
				t.Logf("    %-6s %6d  %s", side, e.count[wi], w.name)
			}
		}
		if len(e.unexplained) == 0 {
			continue
		}
		shown := e.unexplained
		more := ""
		if len(shown) > 15 {
			more = fmt.Sprintf("\n… and %d more", len(shown)-15)
			shown = shown[:15]
		}
		msg := fmt.Sprintf("%s: %d locations that differ are not explained (- %s only, + ours only):\n%s%s",
			c.name, len(e.unexplained), ref, strings.Join(shown, "\n"), more)
		if c.bug != "" {
			t.Logf("known bug (%s); %s", c.bug, msg)
			continue
		}
		t.Error(msg)
	}
	t.Logf("%d of %d rules agree exactly", agree, len(cases))
}

// krRun runs every case over n files, two at a time: each gives, per
// case, our matches and the reference's. It returns them per case, all
// files together, sorted by key.
func krRun[M any](ncases, n int, each func(i int) (ours, theirs [][]M), key func(M) string) (ours, theirs [][]M) {
	o := make([][][]M, n)
	th := make([][][]M, n)
	gramtest.Parallel(2, n, func(i int) { o[i], th[i] = each(i) })
	ours, theirs = make([][]M, ncases), make([][]M, ncases)
	for i := range n {
		for ci := range ncases {
			if o[i] != nil {
				ours[ci] = append(ours[ci], o[i][ci]...)
				theirs[ci] = append(theirs[ci], th[i][ci]...)
			}
		}
	}
	krSort(ours, key)
	krSort(theirs, key)
	return ours, theirs
}

// krOurs runs each rule over tree and makes a match of each of its
// matches with mk.
func krOurs[M any](t *testing.T, file string, rules []*rule.Rule, tree *grammars.Tree, mk func(krSpan) M) [][]M {
	out := make([][]M, len(rules))
	for ci, r := range rules {
		spans, err := krFind(r, tree)
		if err != nil {
			t.Errorf("%s: rule %d: %v", file, ci, err)
			continue
		}
		for _, sp := range spans {
			out[ci] = append(out[ci], mk(sp))
		}
	}
	return out
}

// krSort sorts each list of matches by key.
func krSort[M any](lists [][]M, key func(M) string) {
	for _, l := range lists {
		sort.Slice(l, func(i, j int) bool { return key(l[i]) < key(l[j]) })
	}
}

// krBelow calls f on every node below n, in pre-order.
func krBelow(t *grammars.Tree, n int32, f func(int32)) {
	for _, c := range t.Children(n) {
		f(c)
		krBelow(t, c, f)
	}
}
