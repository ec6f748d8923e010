package matcher

import (
	"bytes"
	"cmp"
	"context"
	"slices"

	"github.com/agenttools/agenttools/grammars"
)

// A Match is one node of a tree that the pattern matched, or for a
// pattern of several statements a run of siblings, with what its
// metavariables captured (node ids of the tree).
type Match struct {
	Rule     string // the id of the rule document that found it; "" for a pattern
	Node     int32
	Run      []int32            // a sequence's statements, Node the first; nil for one node
	Captures map[string]int32   // $NAME
	Multi    map[string][]int32 // $$$NAME: the siblings, separators included
	// Within holds, for a metavariable that is a string's content in the
	// pattern ('$S'), the range of the content of the string it captured:
	// what it stands for, without the quotes.
	Within map[string]grammars.Span
	// Values are what a rule's transform computed, by metavariable
	// ($NAME): text, not nodes, which a fix writes as it is.
	Values map[string]string
	// Fix, when set, is the template the match is rewritten with, in
	// place of the one a rewrite is given: each rule's own.
	Fix *Template
	// Expand, when set, is the range a rewrite replaces, wider than the
	// match: a rule's fix with expandStart or expandEnd.
	Expand *grammars.Span
}

// Span returns the byte range of the match in t.
func (m *Match) Span(t *grammars.Tree) grammars.Span {
	nd := t.Nodes[m.Node]
	sp := grammars.Span{Start: nd.Start, End: nd.End}
	if len(m.Run) > 0 {
		sp.End = t.Nodes[m.Run[len(m.Run)-1]].End
	}
	return sp
}

// Find returns every match of p in t, nested ones included, in file order.
func (p *Pattern) Find(t *grammars.Tree) []Match {
	ms, _ := p.FindContext(context.Background(), t)
	return ms
}

// checkEvery is how many nodes or statements a match walks between two
// looks at its context: a cancelled call returns within milliseconds,
// even inside one file of millions of nodes.
const checkEvery = 1 << 12

// FindContext is Find, until ctx is done: then it returns the matches so
// far and ctx's error.
func (p *Pattern) FindContext(ctx context.Context, t *grammars.Tree) ([]Match, error) {
	ms, err := p.find(ctx, t)
	for _, a := range p.alts {
		if err != nil {
			break
		}
		var more []Match
		more, err = a.find(ctx, t)
		ms = mergeReadings(t, ms, more)
	}
	return ms, err
}

// mergeReadings adds to ms the matches of another reading at nodes ms
// does not match, keeping file order (a parent before its children).
func mergeReadings(t *grammars.Tree, ms, more []Match) []Match {
	if len(more) == 0 {
		return ms
	}
	seen := make(map[int32]bool, len(ms))
	for _, m := range ms {
		seen[m.Node] = true
	}
	for _, m := range more {
		if !seen[m.Node] {
			ms = append(ms, m)
		}
	}
	slices.SortStableFunc(ms, func(a, b Match) int {
		x, y := a.Span(t), b.Span(t)
		return cmp.Or(cmp.Compare(x.Start, y.Start), cmp.Compare(y.End, x.End))
	})
	return ms
}

// find is FindContext for one reading.
func (p *Pattern) find(ctx context.Context, t *grammars.Tree) ([]Match, error) {
	if len(t.Nodes) == 0 {
		return nil, nil
	}
	if p.seq != nil {
		return p.findSeq(ctx, t)
	}
	w := preorder{t: t}
	rootIsVar := p.vars[p.root].is
	rootKind := p.tree.Nodes[p.root].Kind
	if !rootIsVar {
		// Most nodes differ from the pattern's root in kind: walk only
		// the paths to those that do not.
		w.on = pathsTo(t, rootKind)
		if !w.on[t.Root] {
			return nil, nil
		}
	}
	var out []Match
	m := newMatcher(p, t)
	w.startNode(t.Root)
	steps := 0
	for n := w.next(); n != grammars.NoNode; n = w.next() {
		if steps++; steps%checkEvery == 0 && ctx.Err() != nil {
			return out, ctx.Err()
		}
		if !rootIsVar && t.Nodes[n].Kind != rootKind {
			continue
		}
		m.restore(0)
		if m.node(p.root, n) {
			out = append(out, m.match(n))
		}
	}
	return out, nil
}

// findSeq finds the runs of statements a pattern of several matches: in
// the child list of each block, every stretch of named siblings (a block's
// braces and a case's colon end one) is searched from its start for the
// shortest run the pattern matches, then again after that run, so the
// matches in one block never overlap. A $$$ that begins the pattern holds
// from the stretch's start, and one that ends it holds to the stretch's
// end: an empty run there would say nothing.
func (p *Pattern) findSeq(ctx context.Context, t *grammars.Tree) ([]Match, error) {
	var out []Match
	m := newMatcher(p, t)
	first, last := p.vars[p.seq[0]], p.vars[p.seq[len(p.seq)-1]]
	fromStart := first.is && first.multi
	toEnd := last.is && last.multi
	fixed := !slices.ContainsFunc(p.seq, func(n int32) bool { return p.vars[n].is && p.vars[n].multi })
	// A walk from the root, not a scan of the nodes: the parser may leave
	// nodes behind that the tree does not hold.
	var err error
	t.Walk(func(n int32) bool {
		if err != nil {
			return false
		}
		k := t.Nodes[n].Kind
		if int(k) >= len(p.blocks) || !p.blocks[k] {
			return true
		}
		kids := t.Children(n)
		for len(kids) > 0 && err == nil {
			i := 0
			for i < len(kids) && t.Named(kids[i]) {
				i++
			}
			out, err = p.seqIn(ctx, m, kids[:i], fromStart, toEnd, fixed, out)
			for i < len(kids) && !t.Named(kids[i]) {
				i++
			}
			kids = kids[i:]
		}
		return err == nil
	})
	slices.SortStableFunc(out, func(a, b Match) int {
		x, y := a.Span(t), b.Span(t)
		return cmp.Or(cmp.Compare(x.Start, y.Start), cmp.Compare(y.End, x.End))
	})
	return out, err
}

// seqIn appends the matches of the sequence pattern in one stretch of
// siblings. From each start, one match of the pattern against the rest of
// the stretch, open at its end, finds the shortest run (the pattern's
// runs take as few siblings as they can, so the first way found ends
// first). Every suffix then runs to the stretch's end, so what the
// matcher remembers of a suffix that failed holds for every start: the
// work is about the stretch times the pattern, not its cube.
func (p *Pattern) seqIn(ctx context.Context, m *matcher, ts []int32, fromStart, toEnd, fixed bool, out []Match) ([]Match, error) {
	if len(ts) == 0 {
		return out, nil
	}
	m.open, m.last = !toEnd && !fixed, ts[len(ts)-1]
	defer func() { m.open = false }()
	for i := 0; i < len(ts); {
		if i%checkEvery == checkEvery-1 && ctx.Err() != nil {
			return out, ctx.Err()
		}
		m.restore(0)
		j := -1
		switch {
		case fixed:
			if end := i + len(p.seq); end <= len(ts) && m.seq(p.seq, ts[i:end]) {
				j = end
			}
		case toEnd:
			if m.seq(p.seq, ts[i:]) {
				j = len(ts)
			}
		default:
			if m.seq(p.seq, ts[i:]) && len(ts)-m.left > i {
				j = len(ts) - m.left
			}
		}
		if j > i {
			mt := m.match(ts[i])
			mt.Run = ts[i:j]
			out = append(out, mt)
		}
		if fromStart || toEnd && j > i {
			break
		}
		if j > i {
			i = j
		} else {
			i++
		}
	}
	return out, nil
}

// pathsTo marks the nodes of kind k and every node above them, up to the
// root. A scan of the nodes in memory order is much faster than a walk of
// the tree, which jumps about in memory at each step; the walk then takes
// only the paths marked. A node the tree does not hold (the parser may
// leave some behind) leads up to no parent instead, and the walk from the
// root never reaches it.
func pathsTo(t *grammars.Tree, k grammars.Kind) []bool {
	on := make([]bool, len(t.Nodes))
	for i := range t.Nodes {
		if t.Nodes[i].Kind != k {
			continue
		}
		// The nodes above a node marked are marked already.
		for n := int32(i); n != grammars.NoNode && !on[n]; n = t.Nodes[n].Parent {
			on[n] = true
		}
	}
	return on
}

// matcher holds the bindings of the match attempts of one pattern on one
// tree. It is reused from one attempt to the next, so that an attempt
// allocates nothing but its result.
type matcher struct {
	pat  *Pattern
	p, t *grammars.Tree

	// The bindings, per slot of the pattern. A binding is only ever added,
	// so the trail of slots bound, in order, is enough to undo back to any
	// earlier point.
	nodes []int32   // $NAME: the node bound
	runs  [][]int32 // $$$NAME: the run bound
	bound []bool
	trail []int32

	// failed remembers the (pattern suffix, code suffix) pairs that did
	// not match and bind nothing. That is a fact of the pattern and the
	// tree, not of the bindings, so it holds for every attempt.
	failed map[memoKey]bool

	// open: a sequence pattern is matched against the rest of a stretch
	// of statements that ends with last, and may end before it; left is
	// how many siblings the match that succeeded left over.
	open bool
	last int32
	left int

	a, b preorder // for comparing what a repeated metavariable captured
}

func newMatcher(p *Pattern, t *grammars.Tree) *matcher {
	n := len(p.slots)
	return &matcher{
		pat: p, p: p.tree, t: t,
		nodes: make([]int32, n), runs: make([][]int32, n), bound: make([]bool, n),
		a: preorder{t: t}, b: preorder{t: t},
	}
}

// memoKey names a (pattern suffix, code suffix) pair of one child list.
type memoKey struct {
	p0, t0 int32
	np, nt int32
	run    bool // inside a $$$ run that has taken at least one sibling
}

// node reports whether pattern node pn matches tree node tn.
func (m *matcher) node(pn, tn int32) bool {
	if v := m.pat.vars[pn]; v.is && !v.multi {
		if v.str && !m.quoted(pn, v, tn) || !m.t.Named(tn) || v.name && m.t.Nodes[tn].Count > 0 {
			return false
		}
		return v.slot < 0 || m.bind(v.slot, tn)
	}
	pk, tk := &m.p.Nodes[pn], &m.t.Nodes[tn]
	if pk.Kind != tk.Kind { // both trees are of the pattern's language
		if m.pat.braced != nil && m.pat.braced[pn] && m.braces(pn, tn) {
			return true
		}
		if c, ok := m.pat.named[pk.Kind]; ok && c == tk.Kind {
			return m.seq(m.p.Children(pn), m.unnamed(tn))
		}
		// A list of one element is no node of its own (return x has no
		// expression list), but a pattern's list with a $$$ run in it may
		// stand for one: return $$$R, err matches return err.
		return m.pat.runList[pn] && m.t.Named(tn) && m.seq(m.p.Children(pn), []int32{tn})
	}
	if pk.Count == 0 || tk.Count == 0 {
		return pk.Count == tk.Count && bytes.Equal(m.p.Src[pk.Start:pk.End], m.t.Src[tk.Start:tk.End])
	}
	return m.seq(m.p.Children(pn), m.t.Children(tn))
}

// quoted reports whether tree node tn is a string literal of the same
// kind and quotes as pattern node pn's, a string whose content is a
// metavariable.
func (m *matcher) quoted(pn int32, v patVar, tn int32) bool {
	pk, tk := &m.p.Nodes[pn], &m.t.Nodes[tn]
	if pk.Kind != tk.Kind || tk.Count != 0 || int(tk.End-tk.Start) < v.open+v.close {
		return false
	}
	ps, ts := m.p.Src[pk.Start:pk.End], m.t.Src[tk.Start:tk.End]
	return bytes.Equal(ps[:v.open], ts[:v.open]) && bytes.Equal(ps[len(ps)-v.close:], ts[len(ts)-v.close:])
}

// unnamed returns the children of declarator tn without the name it
// declares, for an abstract declarator of a pattern to match: the type
// struct $S * matches the parameter struct foo *p.
func (m *matcher) unnamed(tn int32) []int32 {
	kids := m.t.Children(tn)
	out := make([]int32, 0, len(kids))
	for _, k := range kids {
		if m.t.Nodes[k].Count == 0 && m.t.Nodes[k].Kind == m.pat.declared {
			continue
		}
		out = append(out, k)
	}
	return out
}

// braces matches a body written with braces against one written
// without: a pattern's statement against a block of just one statement,
// and a pattern's block against a statement alone.
func (m *matcher) braces(pn, tn int32) bool {
	b := m.pat.bracesKind
	if m.t.Nodes[tn].Kind == b {
		kids := m.t.Children(tn)
		return len(kids) == 3 && m.t.Named(kids[1]) && m.node(pn, kids[1])
	}
	if m.p.Nodes[pn].Kind == b {
		kids := m.p.Children(pn)
		return len(kids) >= 3 && m.seq(kids[1:len(kids)-1], []int32{tn})
	}
	return false
}

// seq matches a pattern child list against a whole tree child list; ps is
// always a suffix of a child list of the pattern. A failure of a suffix
// that binds nothing cannot depend on the bindings, so it is remembered:
// runs of $$$ then cost polynomial time, not exponential. A suffix with no
// $$$ of its own is matched one way only, at the cost of its pattern, so
// remembering it would cost more than it saves.
func (m *matcher) seq(ps, ts []int32) bool {
	if len(ps) == 0 {
		if len(ts) == 0 {
			m.left = 0
			return true
		}
		// A sequence pattern matched open at the end of its stretch may
		// leave siblings over; a child list of a node below never ends
		// with the stretch's last sibling.
		if m.open && ts[len(ts)-1] == m.last {
			m.left = len(ts)
			return true
		}
		return false
	}
	if !m.pat.runsOn[ps[0]] || !m.free(ps[0]) {
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
	m.fail(k)
	return false
}

func (m *matcher) fail(k memoKey) {
	if m.failed == nil {
		m.failed = map[memoKey]bool{}
	}
	m.failed[k] = true
}

func (m *matcher) seq1(ps, ts []int32) bool {
	// A separator before a $$$ run that is empty is absorbed with it:
	// f($A, $$$REST) matches f(x).
	if m.pat.sep[ps[0]] && len(ps) > 1 {
		if v := m.pat.vars[ps[1]]; v.is && v.multi {
			saved := m.save()
			if (v.slot < 0 || m.bindRun(v.slot, nil)) && m.seq(ps[2:], ts) {
				return true
			}
			m.restore(saved)
		}
	}
	if v := m.pat.vars[ps[0]]; v.is && v.multi {
		if v.slot < 0 && !m.pat.bindsOn[ps[0]] {
			return m.wild(ps, ts, false)
		}
		if v.slot >= 0 && len(ps) > 1 && !m.bound[v.slot] && !slices.Contains(m.pat.slotsOn[ps[1]], v.slot) && m.free(ps[1]) {
			return m.wildBind(v.slot, ps, ts, ts, false)
		}
		return m.run(v.slot, ps[1:], ts)
	}
	if len(ts) == 0 {
		return false
	}
	// A trailing separator in the code is not significant: dispose(x)
	// matches dispose(x,) written over several lines.
	if len(ts) > 1 && !m.pat.sep[ps[0]] && m.isToken(ts[0], m.t.Lang.Sep()) && m.isCloser(ts[1]) {
		return m.seq(ps, ts[1:])
	}
	saved := m.save()
	if m.node(ps[0], ts[0]) && m.seq(ps[1:], ts[1:]) {
		return true
	}
	m.restore(saved)
	return false
}

// run matches a $$$ (bound to slot, or to nothing when slot < 0) followed
// by the pattern list rest, trying each length of run in turn.
func (m *matcher) run(slot int32, rest, ts []int32) bool {
	from, to := 0, len(ts)
	if slot >= 0 && m.bound[slot] {
		// Each sibling holds a leaf at least, so one length of run at most
		// holds the same tokens as the run bound: find it in one walk
		// rather than compare each length with the run bound.
		k, ok := m.prefixLike(m.runs[slot], ts)
		if !ok {
			return false
		}
		from, to = k, k
	}
	for k := from; k <= to; k++ {
		saved := m.save()
		if slot < 0 || m.bindRun(slot, ts[:k]) {
			if m.seq(rest, ts[k:]) {
				return true
			}
			// An empty run absorbs the separator after it: [$$$A, last]
			// matches [last].
			if k == 0 && len(rest) > 0 && m.pat.sep[rest[0]] && m.seq(rest[1:], ts) {
				return true
			}
		}
		m.restore(saved)
	}
	return false
}

// free reports whether no slot the suffix at pattern node pn binds is
// bound yet.
func (m *matcher) free(pn int32) bool {
	for _, s := range m.pat.slotsOn[pn] {
		if m.bound[s] {
			return false
		}
	}
	return true
}

// wildBind is wild for a $$$ at ps[0] that binds slot, which nothing after
// it uses, before a rest whose slots are unbound: whether the rest
// matches from a sibling on does not depend on the run, so a failure is
// remembered per sibling, as wild's, and the run is bound, to all[:k],
// once the rest has matched from all[k]. all is the list the run starts.
func (m *matcher) wildBind(slot int32, ps, all, ts []int32, started bool) bool {
	k := memoKey{p0: ps[0], t0: -1, np: int32(len(ps)), nt: int32(len(ts)), run: started}
	if len(ts) > 0 {
		k.t0 = ts[0]
	}
	if m.failed[k] {
		return false
	}
	rest := ps[1:]
	saved := m.save()
	if m.seq(rest, ts) && m.bindRun(slot, all[:len(all)-len(ts)]) {
		return true
	}
	m.restore(saved)
	// An empty run absorbs the separator after it: [$$$A, last] matches
	// [last].
	if !started && m.pat.sep[rest[0]] && m.seq(rest[1:], ts) && m.bindRun(slot, all[:0]) {
		return true
	}
	m.restore(saved)
	if len(ts) > 0 && m.wildBind(slot, ps, all, ts[1:], true) {
		return true
	}
	m.fail(k)
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
	if !started && len(rest) > 0 && m.pat.sep[rest[0]] && m.seq(rest[1:], ts) {
		return true
	}
	if len(ts) > 0 && m.wild(ps, ts[1:], true) {
		return true
	}
	m.fail(k)
	return false
}

// isLeaf reports whether tree node tn is the anonymous one-byte token c.
func (m *matcher) isLeaf(tn int32, c byte) bool {
	nd := &m.t.Nodes[tn]
	return nd.Count == 0 && nd.End == nd.Start+1 && m.t.Src[nd.Start] == c && !m.t.Named(tn)
}

// isCloser reports whether tree node tn is a token that closes a list
// in the language (grammars.Language.Closers).
func (m *matcher) isCloser(tn int32) bool {
	nd := &m.t.Nodes[tn]
	return nd.Count == 0 && !m.t.Named(tn) && m.t.Lang.IsCloser(string(m.t.Src[nd.Start:nd.End]))
}

// isToken reports whether tree node tn is the anonymous token text.
func (m *matcher) isToken(tn int32, text string) bool {
	nd := &m.t.Nodes[tn]
	return nd.Count == 0 && !m.t.Named(tn) && string(m.t.Src[nd.Start:nd.End]) == text
}

// bind binds slot to tree node tn, or, when it is bound already, reports
// whether tn holds the same tokens as what it is bound to.
func (m *matcher) bind(slot, tn int32) bool {
	if m.bound[slot] {
		prev := m.nodes[slot]
		if prev == tn {
			return true
		}
		m.a.startNode(prev)
		m.b.startNode(tn)
		return m.sameLeaves()
	}
	m.nodes[slot] = tn
	m.bound[slot] = true
	m.trail = append(m.trail, slot)
	return true
}

// bindRun is bind for a $$$ slot and a run of siblings.
func (m *matcher) bindRun(slot int32, run []int32) bool {
	if m.bound[slot] {
		m.a.start(m.runs[slot])
		m.b.start(run)
		return m.sameLeaves()
	}
	m.runs[slot] = run
	m.bound[slot] = true
	m.trail = append(m.trail, slot)
	return true
}

// save returns a mark of the bindings, for restore.
func (m *matcher) save() int { return len(m.trail) }

// restore undoes the bindings made since mark.
func (m *matcher) restore(mark int) {
	for _, s := range m.trail[mark:] {
		m.bound[s] = false
		m.runs[s] = nil // let go of the tree's child list
	}
	m.trail = m.trail[:mark]
}

// match returns the match at tree node n with the bindings made.
func (m *matcher) match(n int32) Match {
	r := Match{Node: n}
	for _, s := range m.trail {
		sl := m.pat.slots[s]
		if !sl.multi {
			if r.Captures == nil {
				r.Captures = map[string]int32{}
			}
			r.Captures[sl.name] = m.nodes[s]
			m.within(&r, s)
			continue
		}
		if r.Multi == nil {
			r.Multi = map[string][]int32{}
		}
		r.Multi[sl.name] = m.runs[s]
	}
	return r
}

// within records, for a slot that is a string's content ('$S'), the
// content's range in r.Within.
func (m *matcher) within(r *Match, s int32) {
	q, ok := m.pat.quotes[s]
	if !ok {
		return
	}
	nd := m.t.Nodes[m.nodes[s]]
	if r.Within == nil {
		r.Within = map[string]grammars.Span{}
	}
	r.Within[m.pat.slots[s].name] = grammars.Span{Start: nd.Start + uint32(q[0]), End: nd.End - uint32(q[1])}
}

// prefixLike returns how many siblings of ts hold, together, the same
// leaves as run, if some do.
func (m *matcher) prefixLike(run, ts []int32) (int, bool) {
	m.a.start(run)
	x := m.a.nextLeaf()
	for k := 0; ; k++ {
		if x == grammars.NoNode {
			return k, true
		}
		if k == len(ts) {
			return 0, false
		}
		m.b.startNode(ts[k])
		for y := m.b.nextLeaf(); y != grammars.NoNode; y = m.b.nextLeaf() {
			if x == grammars.NoNode || !m.sameText(x, y) {
				return 0, false
			}
			x = m.a.nextLeaf()
		}
	}
}

// sameLeaves reports whether m.a and m.b walk leaves of the same text, in
// the same order: a repeated metavariable must capture the same tokens.
// Whitespace and comments are not in the tree, so they do not count.
func (m *matcher) sameLeaves() bool {
	for {
		x, y := m.a.nextLeaf(), m.b.nextLeaf()
		if x == grammars.NoNode || y == grammars.NoNode {
			return x == y
		}
		if !m.sameText(x, y) {
			return false
		}
	}
}

func (m *matcher) sameText(x, y int32) bool {
	nx, ny := &m.t.Nodes[x], &m.t.Nodes[y]
	return bytes.Equal(m.t.Src[nx.Start:nx.End], m.t.Src[ny.Start:ny.End])
}

// A preorder walks subtrees in file order, a parent before its children.
// It keeps its stack from one walk to the next, so that a walk allocates
// nothing once the stack has grown.
type preorder struct {
	t     *grammars.Tree
	on    []bool    // if not nil, the nodes to visit below the first
	first int32     // a node to visit before the stack, or NoNode
	stack [][]int32 // the siblings still to visit, at each depth
}

// start begins a walk of a run of siblings.
func (w *preorder) start(run []int32) {
	w.first = grammars.NoNode
	w.stack = append(w.stack[:0], run)
}

// startNode begins a walk of the subtree at n.
func (w *preorder) startNode(n int32) {
	w.first = n
	w.stack = w.stack[:0]
}

// next returns the next node, or NoNode when there are no more.
func (w *preorder) next() int32 {
	n := w.first
	w.first = grammars.NoNode
	for n == grammars.NoNode {
		top := len(w.stack) - 1
		if top < 0 {
			return grammars.NoNode
		}
		list := w.stack[top]
		if len(list) == 0 {
			w.stack = w.stack[:top]
			continue
		}
		w.stack[top] = list[1:]
		if w.on == nil || w.on[list[0]] {
			n = list[0]
		}
	}
	if kids := w.t.Children(n); len(kids) > 0 {
		w.stack = append(w.stack, kids)
	}
	return n
}

// nextLeaf returns the next node with no children, or NoNode.
func (w *preorder) nextLeaf() int32 {
	for {
		n := w.next()
		if n == grammars.NoNode || w.t.Nodes[n].Count == 0 {
			return n
		}
	}
}
