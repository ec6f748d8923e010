package matcher

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
)

// Filters narrow a pattern's matches by where they stand and what they
// hold, and by what their metavariables captured. Each relational filter
// is a pattern of the same language: Inside keeps a match when some node
// above it matches, NotInside when none does, Has when some node below it
// (or, for a run of statements, one of them or a node below) matches,
// NotHas when none does. A metavariable a filter shares with the pattern
// must capture the same code in both: $X.Close() not inside defer
// $X.Close() finds the closes that are not deferred. Where and WhereNot
// map a metavariable's name to a regular expression its captured text
// must, or must not, match.
type Filters struct {
	Inside, NotInside, Has, NotHas *Pattern
	Where, WhereNot                map[string]*regexp.Regexp
}

// Check reports what in f does not fit pattern p: a constraint on a name
// p does not bind, or a filter of several statements.
func (f *Filters) Check(p *Pattern) error {
	if f == nil {
		return nil
	}
	for _, fl := range f.relations() {
		if fl.pat.IsSequence() {
			return fmt.Errorf("%s: a pattern of several statements cannot be a filter; give the one node the match must be %s", fl.arg, fl.where())
		}
	}
	bound := boundVars(p)
	for _, c := range []struct {
		arg string
		m   map[string]*regexp.Regexp
	}{{"where", f.Where}, {"where_not", f.WhereNot}} {
		for _, key := range slices.Sorted(maps.Keys(c.m)) {
			name, _ := constraintName(key)
			if !slices.ContainsFunc(bound, func(v tvar) bool { return v.name == name }) {
				return fmt.Errorf("%s: %s is not a metavariable of the pattern; it binds %s", c.arg, key, bindsList(bound))
			}
		}
	}
	return nil
}

// constraintName takes the $ or $$$ off a constraint's key: F, $F and
// $$$F all name the metavariable F.
func constraintName(key string) (string, bool) {
	if name, _, ok := grammars.Metavar(key); ok {
		return name, true
	}
	return key, false
}

func bindsList(bound []tvar) string {
	if len(bound) == 0 {
		return "none"
	}
	names := make([]string, len(bound))
	for i, v := range bound {
		names[i] = v.String()
	}
	return strings.Join(names, ", ")
}

// A relation is one relational filter.
type relation struct {
	arg  string // the argument it came from
	pat  *Pattern
	up   bool // looks above the match (inside), not below (has)
	want bool // a node must match (inside, has), or none may
}

func (r relation) where() string {
	if r.up {
		return "inside"
	}
	return "holding"
}

func (f *Filters) relations() []relation {
	var out []relation
	for _, r := range []relation{
		{"inside", f.Inside, true, true}, {"not_inside", f.NotInside, true, false},
		{"has", f.Has, false, true}, {"not_has", f.NotHas, false, false},
	} {
		if r.pat != nil {
			out = append(out, r)
		}
	}
	return out
}

// Key identifies the filters, for the cache of matches per pattern.
func (f *Filters) Key() string {
	if f == nil {
		return ""
	}
	var b strings.Builder
	for _, r := range f.relations() {
		fmt.Fprintf(&b, "\x00%s=%s", r.arg, r.pat.Source)
	}
	for _, c := range []struct {
		arg string
		m   map[string]*regexp.Regexp
	}{{"where", f.Where}, {"where_not", f.WhereNot}} {
		for _, k := range slices.Sorted(maps.Keys(c.m)) {
			fmt.Fprintf(&b, "\x00%s.%s=%s", c.arg, k, c.m[k])
		}
	}
	return b.String()
}

// Literals returns the words a file must hold for any match to pass the
// filters: those of the patterns that must match somewhere.
func (f *Filters) Literals() []string {
	if f == nil {
		return nil
	}
	var out []string
	for _, p := range []*Pattern{f.Inside, f.Has} {
		if p != nil {
			out = append(out, p.Literals()...)
		}
	}
	return out
}

// Keep returns the matches of ms that pass the filters, in order. Only
// the files that reach matching pay for it.
func (f *Filters) Keep(t *grammars.Tree, ms []Match) []Match {
	if f == nil || len(ms) == 0 {
		return ms
	}
	rels := f.relations()
	ms2 := make([]*matcher, len(rels))
	for i, r := range rels {
		ms2[i] = newMatcher(r.pat, t)
	}
	out := ms[:0]
	for _, m := range ms {
		if !f.constraints(t, &m) {
			continue
		}
		ok := true
		for i, r := range rels {
			if ms2[i].related(r, &m) != r.want {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, m)
		}
	}
	return out
}

// constraints reports whether m's captures meet Where and WhereNot.
func (f *Filters) constraints(t *grammars.Tree, m *Match) bool {
	for key, re := range f.Where {
		if !re.MatchString(captureText(t, m, key)) {
			return false
		}
	}
	for key, re := range f.WhereNot {
		if re.MatchString(captureText(t, m, key)) {
			return false
		}
	}
	return true
}

// captureText is the source a metavariable captured: one node's, or a
// run's from its first node to its last ("" for an empty run).
func captureText(t *grammars.Tree, m *Match, key string) string {
	name, _ := constraintName(key)
	if n, ok := m.Captures[name]; ok && (!strings.HasPrefix(key, "$$$")) {
		return t.Text(n)
	}
	run := m.Multi[name]
	if len(run) == 0 {
		return ""
	}
	return string(t.Src[t.Nodes[run[0]].Start:t.Nodes[run[len(run)-1]].End])
}

// related reports whether some node above match (r.up) or below it
// matches the filter pattern, with the metavariables the filter shares
// with the pattern bound to what the match captured.
func (fm *matcher) related(r relation, match *Match) bool {
	t := fm.t
	try := func(n int32) bool {
		if !fm.pat.vars[fm.pat.root].is && t.Nodes[n].Kind != fm.p.Nodes[fm.pat.root].Kind {
			return false
		}
		fm.restore(0)
		if !fm.preset(match) {
			return false
		}
		return fm.node(fm.pat.root, n)
	}
	if r.up {
		for n := t.Nodes[match.Node].Parent; n != grammars.NoNode; n = t.Nodes[n].Parent {
			if try(n) {
				return true
			}
		}
		return false
	}
	below := match.Run
	if below == nil {
		below = t.Children(match.Node)
	}
	w := preorder{t: t}
	w.start(below)
	for n := w.next(); n != grammars.NoNode; n = w.next() {
		if try(n) {
			return true
		}
	}
	return false
}

// preset binds the filter's metavariables that the match bound too.
func (fm *matcher) preset(match *Match) bool {
	for s, sl := range fm.pat.slots {
		if !sl.multi {
			if n, ok := match.Captures[sl.name]; ok && !fm.bind(int32(s), n) {
				return false
			}
			continue
		}
		if run, ok := match.Multi[sl.name]; ok && !fm.bindRun(int32(s), run) {
			return false
		}
	}
	return true
}
