package matcher

import (
	"cmp"
	"context"
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
	kept, _ := f.KeepContext(context.Background(), t, ms)
	return kept
}

// KeepContext is Keep, until ctx is done: then it returns the matches
// kept so far and ctx's error.
//
// A filter that shares no metavariable with a match gives the same answer
// at a node for every match, so each node is tried once per file: inside
// remembers the answer of each node above a match, and has finds the
// filter's matches in one pass over the tree and looks among them for one
// below the match. Only a filter bound by a match's captures is tried per
// match.
func (f *Filters) KeepContext(ctx context.Context, t *grammars.Tree, ms []Match) ([]Match, error) {
	if f == nil || len(ms) == 0 {
		return ms, nil
	}
	rels := f.relations()
	fms := make([]*relMatcher, len(rels))
	for i, r := range rels {
		fms[i] = &relMatcher{matcher: newMatcher(r.pat, t), rel: r}
	}
	out := ms[:0]
	for k, m := range ms {
		if k%256 == 255 && ctx.Err() != nil {
			return out, ctx.Err()
		}
		if !f.constraints(t, &m) {
			continue
		}
		ok := true
		for _, fm := range fms {
			if fm.related(&m) != fm.rel.want {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, m)
		}
	}
	return out, nil
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

// A relMatcher tries one relational filter against a file's matches,
// remembering what does not depend on a match.
type relMatcher struct {
	*matcher
	rel  relation
	up   map[int32]bool // inside: a node above a match, and whether it matches
	down []int32        // has: every node the filter matches, in file order
	all  bool           // down has been found
}

// related reports whether some node above match (r.up) or below it
// matches the filter pattern, with the metavariables the filter shares
// with the pattern bound to what the match captured.
func (fm *relMatcher) related(match *Match) bool {
	free := !fm.shares(match)
	if fm.rel.up {
		t := fm.t
		for n := t.Nodes[match.Node].Parent; n != grammars.NoNode; n = t.Nodes[n].Parent {
			if free {
				if fm.up == nil {
					fm.up = map[int32]bool{}
				}
				ok, seen := fm.up[n]
				if !seen {
					ok = fm.try(nil, n)
					fm.up[n] = ok
				}
				if ok {
					return true
				}
				continue
			}
			if fm.try(match, n) {
				return true
			}
		}
		return false
	}
	if free {
		return fm.below(match)
	}
	below := match.Run
	if below == nil {
		below = fm.t.Children(match.Node)
	}
	w := preorder{t: fm.t}
	w.start(below)
	for n := w.next(); n != grammars.NoNode; n = w.next() {
		if fm.try(match, n) {
			return true
		}
	}
	return false
}

// try reports whether the filter matches at node n, with what match
// captured bound first (none when match is nil).
func (fm *relMatcher) try(match *Match, n int32) bool {
	if !fm.pat.vars[fm.pat.root].is && fm.t.Nodes[n].Kind != fm.p.Nodes[fm.pat.root].Kind {
		return false
	}
	fm.restore(0)
	if match != nil && !fm.preset(match) {
		return false
	}
	return fm.node(fm.pat.root, n)
}

// shares reports whether the filter has a metavariable match captured.
func (fm *relMatcher) shares(match *Match) bool {
	for _, sl := range fm.pat.slots {
		if _, ok := match.Captures[sl.name]; ok {
			return true
		}
		if _, ok := match.Multi[sl.name]; ok {
			return true
		}
	}
	return false
}

// below reports whether a node the filter matches lies below match (or is
// one of its run's statements), finding the filter's matches in the file
// once.
func (fm *relMatcher) below(match *Match) bool {
	t := fm.t
	if !fm.all {
		fm.all = true
		w := preorder{t: t}
		w.startNode(t.Root)
		for n := w.next(); n != grammars.NoNode; n = w.next() {
			if fm.try(nil, n) {
				fm.down = append(fm.down, n)
			}
		}
	}
	sp := match.Span(t)
	i, _ := slices.BinarySearchFunc(fm.down, sp.Start, func(n int32, off uint32) int { return cmp.Compare(t.Nodes[n].Start, off) })
	for ; i < len(fm.down) && t.Nodes[fm.down[i]].Start <= sp.End; i++ {
		if n := fm.down[i]; n != match.Node && fm.under(n, match) {
			return true
		}
	}
	return false
}

// under reports whether node n is below match's node, or is or is below
// one of its run's statements.
func (fm *relMatcher) under(n int32, match *Match) bool {
	t := fm.t
	if match.Run == nil {
		for a := t.Nodes[n].Parent; a != grammars.NoNode; a = t.Nodes[a].Parent {
			if a == match.Node {
				return true
			}
		}
		return false
	}
	// The run's statements are siblings: n is under one when its
	// ancestor among their siblings lies within the run.
	parent := t.Nodes[match.Run[0]].Parent
	for a := n; a != grammars.NoNode; a = t.Nodes[a].Parent {
		if t.Nodes[a].Parent == parent {
			sp := match.Span(t)
			return t.Nodes[a].Start >= sp.Start && t.Nodes[a].End <= sp.End
		}
	}
	return false
}

// preset binds the filter's metavariables that the match bound too.
func (fm *relMatcher) preset(match *Match) bool {
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
