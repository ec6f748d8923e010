package matcher

import (
	"strings"

	"github.com/agenttools/agenttools/grammars"
)

// A Match is one node of a tree that the pattern matched, with what its
// metavariables captured (node ids of the tree).
type Match struct {
	Node     int32
	Captures map[string]int32   // $NAME
	Multi    map[string][]int32 // $$$NAME: the siblings, separators included
}

// Find returns every match of p in t, nested ones included, in file order.
func (p *Pattern) Find(t *grammars.Tree) []Match {
	var out []Match
	_, rootIsVar, _ := metavar(p.tree, p.root)
	rootKind := p.tree.Nodes[p.root].Kind
	t.Walk(func(n int32) bool {
		// Most nodes differ from the pattern's root in kind; say so before
		// setting up a match attempt.
		if !rootIsVar && t.Nodes[n].Kind != rootKind {
			return true
		}
		m := &matcher{p: p.tree, t: t, binds: p.binds}
		if m.node(p.root, n) {
			out = append(out, Match{Node: n, Captures: m.single, Multi: m.multi})
		}
		return true
	})
	return out
}

// matcher holds the bindings of one match attempt.
type matcher struct {
	p, t   *grammars.Tree
	single map[string]int32
	multi  map[string][]int32
	binds  []bool // per pattern node: its subtree has a named metavariable
	failed map[memoKey]bool
}

// memoKey names a (pattern suffix, code suffix) pair of one child list.
type memoKey struct {
	p0, t0 int32
	np, nt int32
	run    bool // inside a $$$ run that has taken at least one sibling
}

// node reports whether pattern node pn matches tree node tn.
func (m *matcher) node(pn, tn int32) bool {
	if name, ok, multi := metavar(m.p, pn); ok && !multi {
		if !m.t.Named(tn) {
			return false
		}
		return name == "" || m.bind(name, tn)
	}
	pk, tk := m.p.Nodes[pn], m.t.Nodes[tn]
	if pk.Kind != tk.Kind { // both trees are of the pattern's language
		// A list of one element is no node of its own (return x has no
		// expression list), but a pattern's list with a $$$ run in it may
		// stand for one: return $$$R, err matches return err.
		return m.t.Named(tn) && m.isRunList(pn) && m.seq(m.p.Children(pn), []int32{tn})
	}
	if pk.Count == 0 || tk.Count == 0 {
		return pk.Count == tk.Count && m.p.Text(pn) == m.t.Text(tn)
	}
	return m.seq(m.p.Children(pn), m.t.Children(tn))
}

// seq matches a pattern child list against a whole tree child list. A
// failure of a suffix that binds nothing cannot depend on the bindings, so
// it is remembered: runs of $$$ then cost polynomial time, not exponential.
func (m *matcher) seq(ps, ts []int32) bool {
	if len(ps) == 0 {
		return len(ts) == 0
	}
	if m.bindsAny(ps) {
		return m.seq1(ps, ts)
	}
	k := memoKey{p0: ps[0], t0: -1, np: int32(len(ps)), nt: int32(len(ts))}
	if len(ts) > 0 {
		k.t0 = ts[0]
	}
	if m.failed[k] {
		return false
	}
	if m.seq1(ps, ts) {
		return true
	}
	if m.failed == nil {
		m.failed = map[memoKey]bool{}
	}
	m.failed[k] = true
	return false
}

func (m *matcher) bindsAny(ps []int32) bool {
	for _, p := range ps {
		if m.binds[p] {
			return true
		}
	}
	return false
}

func (m *matcher) seq1(ps, ts []int32) bool {
	// A separator before a $$$ run that is empty is absorbed with it:
	// f($A, $$$REST) matches f(x).
	if m.isSeparator(ps[0]) && len(ps) > 1 {
		if name, ok, multi := metavar(m.p, ps[1]); ok && multi {
			saved := m.save()
			if (name == "" || m.bindMulti(name, nil)) && m.seq(ps[2:], ts) {
				return true
			}
			m.restore(saved)
		}
	}
	if name, ok, multi := metavar(m.p, ps[0]); ok && multi && name == "" && !m.bindsAny(ps) {
		return m.wild(ps, ts, false)
	}
	if name, ok, multi := metavar(m.p, ps[0]); ok && multi {
		rest := ps[1:]
		for k := 0; k <= len(ts); k++ {
			saved := m.save()
			if name == "" || m.bindMulti(name, ts[:k]) {
				if m.seq(rest, ts[k:]) {
					return true
				}
				// An empty run absorbs the separator after it: [$$$A, last]
				// matches [last].
				if k == 0 && len(rest) > 0 && m.isSeparator(rest[0]) && m.seq(rest[1:], ts) {
					return true
				}
			}
			m.restore(saved)
		}
		return false
	}
	if len(ts) == 0 {
		return false
	}
	// A trailing separator in the code is not significant: dispose(x)
	// matches dispose(x,) written over several lines.
	if m.isSepLeaf(ts[0]) && !m.isSeparator(ps[0]) && len(ts) > 1 && m.isCloser(ts[1]) {
		return m.seq(ps, ts[1:])
	}
	saved := m.save()
	if m.node(ps[0], ts[0]) && m.seq(ps[1:], ts[1:]) {
		return true
	}
	m.restore(saved)
	return false
}

// wild matches an unbound $$$ at ps[0] one sibling at a time, so that with
// memoisation a run costs O(pattern × code) and not a loop per state.
func (m *matcher) wild(ps, ts []int32, started bool) bool {
	k := memoKey{p0: ps[0], t0: -1, np: int32(len(ps)), nt: int32(len(ts)), run: started}
	if len(ts) > 0 {
		k.t0 = ts[0]
	}
	if m.failed[k] {
		return false
	}
	rest := ps[1:]
	if m.seq(rest, ts) {
		return true
	}
	if !started && len(rest) > 0 && m.isSeparator(rest[0]) && m.seq(rest[1:], ts) {
		return true
	}
	if len(ts) > 0 && m.wild(ps, ts[1:], true) {
		return true
	}
	if m.failed == nil {
		m.failed = map[memoKey]bool{}
	}
	m.failed[k] = true
	return false
}

// isRunList reports whether pattern node pn is a list whose only tokens
// of its own are separators, with a $$$ run among its elements.
func (m *matcher) isRunList(pn int32) bool {
	run := false
	for _, c := range m.p.Children(pn) {
		if m.p.Nodes[c].Count == 0 && !m.p.Named(c) && !m.isSeparator(c) {
			return false
		}
		if _, ok, multi := metavar(m.p, c); ok && multi {
			run = true
		}
	}
	return run
}

func (m *matcher) isSepLeaf(tn int32) bool {
	return m.t.Nodes[tn].Count == 0 && !m.t.Named(tn) && m.t.Text(tn) == ","
}

func (m *matcher) isCloser(tn int32) bool {
	if m.t.Nodes[tn].Count != 0 || m.t.Named(tn) {
		return false
	}
	s := m.t.Text(tn)
	return s == ")" || s == "]" || s == "}"
}

func (m *matcher) isSeparator(pn int32) bool {
	return m.p.Nodes[pn].Count == 0 && !m.p.Named(pn) && m.p.Text(pn) == ","
}

func (m *matcher) bind(name string, tn int32) bool {
	if prev, ok := m.single[name]; ok {
		return subtreeTokens(m.t, prev) == subtreeTokens(m.t, tn)
	}
	if m.single == nil {
		m.single = map[string]int32{}
	}
	m.single[name] = tn
	return true
}

func (m *matcher) bindMulti(name string, run []int32) bool {
	if prev, ok := m.multi[name]; ok {
		return runTokens(m.t, prev) == runTokens(m.t, run)
	}
	if m.multi == nil {
		m.multi = map[string][]int32{}
	}
	m.multi[name] = run
	return true
}

type bindings struct {
	single map[string]int32
	multi  map[string][]int32
}

func (m *matcher) save() bindings {
	b := bindings{}
	if m.single != nil {
		b.single = make(map[string]int32, len(m.single))
		for k, v := range m.single {
			b.single[k] = v
		}
	}
	if m.multi != nil {
		b.multi = make(map[string][]int32, len(m.multi))
		for k, v := range m.multi {
			b.multi[k] = v
		}
	}
	return b
}

func (m *matcher) restore(b bindings) { m.single, m.multi = b.single, b.multi }

func runTokens(t *grammars.Tree, run []int32) string {
	var parts []string
	for _, n := range run {
		parts = append(parts, subtreeTokens(t, n))
	}
	return strings.Join(parts, " ")
}

// subtreeTokens renders a node as its leaves' text joined by single
// spaces, so whitespace and comments do not count when captures are
// compared.
func subtreeTokens(t *grammars.Tree, n int32) string {
	nd := t.Nodes[n]
	if nd.Count == 0 {
		return t.Text(n)
	}
	var parts []string
	for _, c := range t.Children(n) {
		parts = append(parts, subtreeTokens(t, c))
	}
	return strings.Join(parts, " ")
}
