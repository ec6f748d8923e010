package rule

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/matcher"
)

// FromFilters compiles a pattern and the ast_grep tool's inline filters
// into a rule: the pattern, then inside and has (stopBy end), not_inside
// and not_has (their negations), and where and where_not as constraints
// with a regex (where_not's negated). A metavariable a filter shares with
// the pattern must capture the same code in both, as in any rule. f may
// be nil.
func FromFilters(p *matcher.Pattern, f *matcher.Filters) *Rule {
	c := &compiler{lang: p.Lang()}
	root := c.add(&node{op: opPattern, pat: p, path: "pattern"})
	r := &Rule{Lang: p.Lang(), Key: p.Source + f.Key()}
	if f == nil {
		r.root = root
		r.finish(c)
		return r
	}
	list := []*node{root}
	for _, fl := range []struct {
		arg  string
		pat  *matcher.Pattern
		op   op
		want bool
	}{
		{"inside", f.Inside, opInside, true}, {"not_inside", f.NotInside, opInside, false},
		{"has", f.Has, opHas, true}, {"not_has", f.NotHas, opHas, false},
	} {
		if fl.pat == nil {
			continue
		}
		sub := c.add(&node{op: opPattern, pat: fl.pat, path: fl.arg})
		rel := c.add(&node{op: fl.op, path: fl.arg, sub: sub, stop: stopEnd})
		if !fl.want {
			rel = c.add(&node{op: opNot, path: fl.arg, sub: rel})
		}
		list = append(list, rel)
	}
	r.root = root
	if len(list) > 1 {
		r.root = c.add(&node{op: opAll, path: "pattern", list: list})
	}
	for _, w := range []struct {
		m    map[string]*regexp.Regexp
		want bool
	}{{f.Where, true}, {f.WhereNot, false}} {
		for _, key := range slices.Sorted(maps.Keys(w.m)) {
			n := c.add(&node{op: opRegex, re: w.m[key], path: key})
			if !w.want {
				n = c.add(&node{op: opNot, sub: n, path: key})
			}
			name, multi := strings.TrimPrefix(key, "$"), false
			if strings.HasPrefix(key, "$$$") {
				name, multi = strings.TrimPrefix(key, "$$$"), true
			}
			r.constraints = append(r.constraints, constraint{name: name, multi: multi, rule: n})
		}
	}
	r.vars = varsOf(r.root, nil)
	r.finish(c)
	return r
}

// Literals returns words a file must hold for the rule to match in it:
// those of the patterns every match needs.
func (r *Rule) Literals() []string {
	var out []string
	seen := map[string]bool{}
	var walk func(n *node, depth int)
	walk = func(n *node, depth int) {
		if n == nil || depth > 64 {
			return
		}
		switch n.op {
		case opPattern:
			for _, l := range n.pat.Literals() {
				if !seen[l] {
					seen[l] = true
					out = append(out, l)
				}
			}
		case opAll:
			for _, s := range n.list {
				walk(s, depth+1)
			}
		case opInside, opHas, opPrecedes, opFollows, opMatches:
			walk(n.sub, depth+1)
		}
	}
	walk(r.root, 0)
	return out
}

// Pattern returns the pattern at the head of the rule, whose readings
// the matches are, or nil when the rule has none.
func (r *Rule) Pattern() *matcher.Pattern { return r.seed }
