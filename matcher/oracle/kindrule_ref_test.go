package oracle

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/matcher/rule"
)

// The kind-rule oracles run ast-grep rules made of kind, relational and
// composite rules (no pattern) on real code and compare the byte ranges
// of their matches with those of the same question asked of each
// language's own parser: go/ast, python3's ast, TypeScript's compiler.
// A rule's matches are nodes, and each reference parser locates its
// nodes exactly, so the sets compared are (file, start, end) in bytes,
// not lines: a match of ours with the right lines and the wrong node
// would show.

// A refCase is one rule document and how its differences from the
// reference parser's answer are explained.
type refCase struct {
	name string // the predicate's name, in the oracle's log and scripts
	rule string // the rule document, YAML
	// why explains the locations only one side finds; a location no
	// why explains fails the test.
	why []roWhy[refMatch]
	// bug, when set, is a known bug of the rule engine's that makes the
	// sets differ: the differences are logged, not failed, and a case
	// whose sets agree says the bug is fixed.
	bug string
}

// A refMatch is one match: a node's byte range in a file, with what the
// log shows of it.
type refMatch struct {
	file       string // relative to the corpus root, / separated
	start, end int    // byte offsets, end exclusive
	line       int    // 1-based, of start
	text       string // the first line of the node's source
	last, next byte   // the node's last byte and the one after it (0 at the end)
}

// refKey orders matches by file, then start, then end.
func refKey(m refMatch) string { return fmt.Sprintf("%s:%09d-%09d", m.file, m.start, m.end) }

func (m refMatch) show() string {
	return fmt.Sprintf("%s:%d [%d,%d) %q", m.file, m.line, m.start, m.end, m.text)
}

// refAt is the match of src[start:end] in file.
func refAt(file string, src []byte, start, end int) refMatch {
	m := refMatch{file: file, start: start, end: end}
	if start < 0 || end > len(src) || start > end {
		m.text = "(out of the file)"
		return m
	}
	m.line = 1 + strings.Count(string(src[:start]), "\n")
	text, _, _ := strings.Cut(string(src[start:end]), "\n")
	if len(text) > 60 {
		text = text[:60] + "…"
	}
	m.text = text
	if end > start {
		m.last = src[end-1]
	}
	if end < len(src) {
		m.next = src[end]
	}
	return m
}

// refTrailingSemicolon explains the node whose end the reference parser
// puts after a ; that ends the last statement in it (Python's ast ends a
// def or an if with its last statement, the ; included): a terminator is
// no leaf of our tree, so ours ends before it.
func refTrailingSemicolon() []roWhy[refMatch] {
	const name = "a ; ends the node's last statement: the reference's node ends after it, ours before"
	return []roWhy[refMatch]{
		{theirs: true, name: name, ok: func(m refMatch, other map[string]bool) bool {
			shorter := m
			shorter.end--
			return m.last == ';' && other[refKey(shorter)]
		}},
		{name: name, ok: func(m refMatch, other map[string]bool) bool {
			longer := m
			longer.end++
			return m.next == ';' && other[refKey(longer)]
		}},
	}
}

// refCompile compiles each case's rule for l, failing the test on a rule
// that does not compile: the cases are written for the language's kinds.
func refCompile(t *testing.T, l *grammars.Language, cases []refCase) []*rule.Rule {
	t.Helper()
	rules := make([]*rule.Rule, len(cases))
	for i, c := range cases {
		rs, err := rule.Parse(c.rule, bundled.Registry().Lookup, l)
		if err != nil {
			t.Fatalf("%s: the rule does not compile: %v\n%s", c.name, err, c.rule)
		}
		if len(rs) != 1 {
			t.Fatalf("%s: %d rule documents, want 1", c.name, len(rs))
		}
		rules[i] = rs[0]
	}
	return rules
}

// refFind parses src with l and runs each rule on the tree, appending
// every match to ours[i] for rule i. It reports whether the file
// parsed without errors.
func refFind(t *testing.T, l *grammars.Language, rules []*rule.Rule, file string, src []byte, ours [][]refMatch) error {
	t.Helper()
	tree, err := l.Parse(src)
	if err != nil || tree == nil {
		if err == nil {
			err = fmt.Errorf("no tree")
		}
		return err
	}
	for i, r := range rules {
		ms, err := r.FindContext(context.Background(), tree)
		if err != nil {
			t.Fatalf("%s: %s: %v", r.ID, file, err)
		}
		for _, m := range ms {
			sp := m.Span(tree)
			ours[i] = append(ours[i], refAt(file, src, int(sp.Start), int(sp.End)))
		}
	}
	return nil
}

// refCompareAll compares each case's matches, ours with the reference
// parser's (named ref in the log), and fails the test on a difference no
// why of the case's or of common explains, unless the case is a known
// bug.
func refCompareAll(t *testing.T, ref string, cases []refCase, common []roWhy[refMatch], ours, theirs [][]refMatch) {
	t.Helper()
	t.Logf("%-22s %7s %7s %7s %6s %6s", "rule", "ours", ref, "both", "ours+", ref+"+")
	agree := 0
	for i, c := range cases {
		got, want := ours[i], theirs[i]
		for _, l := range [][]refMatch{got, want} {
			sort.Slice(l, func(a, b int) bool { return refKey(l[a]) < refKey(l[b]) })
		}
		onlyOurs, onlyTheirs, both := roSplit(got, want, refKey)
		t.Logf("%-22s %7d %7d %7d %6d %6d", c.name, len(got), len(want), both, len(onlyOurs), len(onlyTheirs))
		if len(want) < oracleMin {
			t.Errorf("%s: %s finds %d matches, fewer than %d: the rule tests nothing", c.name, ref, len(want), oracleMin)
		}
		if len(onlyOurs)+len(onlyTheirs) == 0 {
			agree++
			if c.bug != "" {
				t.Errorf("%s: marked a known bug (%s), and ours agrees with %s: the bug is fixed, drop the mark", c.name, c.bug, ref)
			}
			continue
		}
		whys := append(slices.Clone(c.why), common...)
		e := roExplain([2][]refMatch{onlyOurs, onlyTheirs}, [2][]refMatch{got, want}, whys, refKey, refMatch.show)
		for wi, w := range whys {
			if e.count[wi] > 0 {
				side := "ours+"
				if w.theirs {
					side = ref + "+"
				}
				t.Logf("    %-9s %6d  %s", side, e.count[wi], w.name)
			}
		}
		if len(e.unexplained) == 0 {
			continue
		}
		list := e.unexplained
		more := ""
		if len(list) > 15 {
			more = fmt.Sprintf("\n… and %d more", len(list)-15)
			list = list[:15]
		}
		if c.bug != "" {
			t.Logf("%s: a known bug (%s): %d locations differ (- %s only, + ours only):\n%s%s", c.name, c.bug, len(e.unexplained), ref, strings.Join(list, "\n"), more)
			continue
		}
		t.Errorf("%s: %d locations that differ are not explained (- %s only, + ours only):\n%s%s\nthe rule:\n%s",
			c.name, len(e.unexplained), ref, strings.Join(list, "\n"), more, c.rule)
	}
	t.Logf("%d of %d rules agree exactly with %s", agree, len(cases), ref)
}
