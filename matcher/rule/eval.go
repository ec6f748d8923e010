package rule

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
)

// A target is what a rule is tried at: one node, or a run of statements
// a pattern of several matched.
type target struct {
	n   int32
	run []int32
}

// An env is the bindings of one attempt, with the names bound in order
// so that a failed branch (of any, not, or a relational rule's search)
// can take its own back.
type env struct {
	m   matcher.Match
	log []string
}

func (e *env) mark() int { return len(e.log) }

// A binding is one metavariable's capture, as an env holds it.
type binding struct {
	name   string // $X or $$$X
	node   int32
	run    []int32
	within *grammars.Span
}

// since returns the bindings made since mark.
func (e *env) since(mark int) []binding {
	out := make([]binding, 0, len(e.log)-mark)
	for _, k := range e.log[mark:] {
		if name, ok := strings.CutPrefix(k, "$$$"); ok {
			out = append(out, binding{name: k, run: e.m.Multi[name]})
		} else {
			b := binding{name: k, node: e.m.Captures[strings.TrimPrefix(k, "$")]}
			if w, ok := e.m.Within[strings.TrimPrefix(k, "$")]; ok {
				b.within = &w
			}
			out = append(out, b)
		}
	}
	return out
}

// replay makes bindings again, those e does not hold yet.
func (e *env) replay(bs []binding) {
	for _, b := range bs {
		if name, ok := strings.CutPrefix(b.name, "$$$"); ok {
			if _, has := e.m.Multi[name]; !has {
				if e.m.Multi == nil {
					e.m.Multi = map[string][]int32{}
				}
				e.m.Multi[name] = b.run
				e.log = append(e.log, b.name)
			}
			continue
		}
		name := strings.TrimPrefix(b.name, "$")
		if _, has := e.m.Captures[name]; !has {
			if e.m.Captures == nil {
				e.m.Captures = map[string]int32{}
			}
			e.m.Captures[name] = b.node
			if b.within != nil {
				if e.m.Within == nil {
					e.m.Within = map[string]grammars.Span{}
				}
				e.m.Within[name] = *b.within
			}
			e.log = append(e.log, b.name)
		}
	}
}

func (e *env) undo(mark int) {
	for _, k := range e.log[mark:] {
		if name, ok := strings.CutPrefix(k, "$$$"); ok {
			delete(e.m.Multi, name)
		} else {
			delete(e.m.Captures, strings.TrimPrefix(k, "$"))
			delete(e.m.Within, strings.TrimPrefix(k, "$"))
		}
	}
	e.log = e.log[:mark]
}

// state is one rule's work on one tree.
type state struct {
	r       *Rule
	t       *grammars.Tree
	ctx     context.Context
	err     error
	steps   int
	probes  map[*matcher.Pattern]*matcher.Probe
	memo    [][]int8              // by rule node, then tree node: 0 unknown, 1 holds, 2 not
	bound   []map[int32][]binding // by rule node, then tree node: what a free rule bound where it held
	hits    [][]int32             // by rule node: the nodes a free has rule's rule holds at, by start
	lines   *matcher.LineIndex
	subs    map[*Rule]*state     // rewriters' states on the same tree
	depth   int                  // utility rules being evaluated, one in another
	enc     *matcher.Match       // a rewriter's: the document's match it rewrites below
	sibs    map[[2]int32][2]int  // see holding
	counted map[[2]int32][]int32 // nthChild's siblings, by rule node and parent
}

func newState(ctx context.Context, r *Rule, t *grammars.Tree) *state {
	return &state{r: r, t: t, ctx: ctx, probes: map[*matcher.Pattern]*matcher.Probe{}, memo: make([][]int8, r.nodes), hits: make([][]int32, r.nodes), bound: make([]map[int32][]binding, r.nodes)}
}

// checkEvery is how many rule steps pass between two looks at the
// context.
const checkEvery = 1 << 12

// tick counts a step and reports whether the work should stop.
func (s *state) tick() bool {
	if s.err != nil {
		return true
	}
	if s.steps++; s.steps%checkEvery == 0 {
		s.err = s.ctx.Err()
	}
	return s.err != nil
}

// FindContext returns the matches of r in t, nested ones included, in
// file order, until ctx is done: then the matches so far and ctx's error.
func (r *Rule) FindContext(ctx context.Context, t *grammars.Tree) ([]matcher.Match, error) {
	if len(t.Nodes) == 0 || t.Lang != r.Lang {
		return nil, nil
	}
	s := newState(ctx, r, t)
	var out []matcher.Match
	if r.seed != nil {
		ms, err := r.seed.FindContext(ctx, t)
		if err != nil {
			return nil, err
		}
		// The matches kept are written over those tried, in place: a
		// search keeps its matches, and a copy of each is no part of it.
		out = ms[:0]
		e := &env{}
		for _, m := range ms {
			if s.tick() {
				break
			}
			e.m = matcher.Match{Captures: m.Captures, Multi: m.Multi, Within: m.Within}
			e.log = e.log[:0]
			x := target{m.Node, m.Run}
			if s.all(r.rest, x, e) && r.accept(s, x, e) {
				// The seed's maps are the match's own, and final now
				// that it is accepted: no copy.
				m.Rule, m.Captures, m.Multi, m.Within = r.ID, e.m.Captures, e.m.Multi, e.m.Within
				out = append(out, r.finishMatch(s, m))
			}
		}
		return out, s.err
	}
	var on []bool
	if r.kinds != nil {
		on = pathsTo(t, r.kinds)
		if !on[t.Root] {
			return nil, nil
		}
	}
	e := &env{}
	stack := []int32{t.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.tick() {
			break
		}
		if r.kinds == nil || r.kinds[t.Nodes[n].Kind] {
			e.m, e.log = matcher.Match{}, e.log[:0]
			x := target{n: n}
			if s.eval(r.root, x, e) && r.accept(s, x, e) {
				out = append(out, r.result(s, x, e))
			}
		}
		kids := t.Children(n)
		for i := len(kids) - 1; i >= 0; i-- {
			if on == nil || on[kids[i]] {
				stack = append(stack, kids[i])
			}
		}
	}
	return out, s.err
}

// pathsTo marks the nodes of the kinds set and every node above them.
func pathsTo(t *grammars.Tree, kinds []bool) []bool {
	on := make([]bool, len(t.Nodes))
	for i := range t.Nodes {
		if k := t.Nodes[i].Kind; int(k) >= len(kinds) || !kinds[k] {
			continue
		}
		for n := int32(i); n != grammars.NoNode && !on[n]; n = t.Nodes[n].Parent {
			on[n] = true
		}
	}
	return on
}

// accept checks the constraints of a match. A constraint on a
// metavariable the match did not bind holds.
func (r *Rule) accept(s *state, x target, e *env) bool {
	for _, c := range r.constraints {
		n, one := e.m.Captures[c.name]
		run, many := e.m.Multi[c.name]
		switch {
		case one && (!c.multi || !many):
			if w, ok := e.m.Within[c.name]; ok && c.rule.op == opRegex {
				// A string's content: the regex reads it, without quotes.
				if !c.rule.re.Match(s.t.Src[w.Start:w.End]) {
					return false
				}
				continue
			}
			if !s.eval(c.rule, target{n: n}, e) {
				return false
			}
		case many:
			if !s.evalRun(c.rule, run, e) {
				return false
			}
		}
	}
	return true
}

// evalRun checks a constraint on a $$$ capture: a regex on the run's
// text, any other rule at each named node of it.
func (s *state) evalRun(rule *node, run []int32, e *env) bool {
	if rule.op == opRegex {
		return rule.re.MatchString(s.runText(run))
	}
	for _, n := range run {
		if s.t.Named(n) && !s.eval(rule, target{n: n}, e) {
			return false
		}
	}
	return true
}

// result makes the match of a target, its bindings copied out of e.
func (r *Rule) result(s *state, x target, e *env) matcher.Match {
	return r.finishMatch(s, matcher.Match{Rule: r.ID, Node: x.n, Run: x.run, Captures: maps.Clone(e.m.Captures), Multi: maps.Clone(e.m.Multi), Within: maps.Clone(e.m.Within)})
}

// finishMatch runs the transforms of a match and gives it the fix.
func (r *Rule) finishMatch(s *state, m matcher.Match) matcher.Match {
	r.apply(s, &m)
	if r.fix != nil {
		m.Fix = r.fix
		r.expandFix(s, &m)
	}
	return m
}

// all reports whether every rule of list holds at x.
func (s *state) all(list []*node, x target, e *env) bool {
	for _, n := range list {
		if !s.eval(n, x, e) {
			return false
		}
	}
	return true
}

// eval reports whether rule n holds at x, adding what it binds to e.
func (s *state) eval(n *node, x target, e *env) bool {
	if s.tick() {
		return false
	}
	t := s.t
	switch n.op {
	case opPattern:
		if x.run != nil {
			return false
		}
		pr := s.probes[n.pat]
		if pr == nil {
			pr = n.pat.Probe(t)
			s.probes[n.pat] = pr
		}
		return pr.At(x.n, &e.m, &e.log)
	case opKind:
		k := t.Nodes[x.n].Kind
		return int(k) < len(n.kinds) && n.kinds[k] && (n.refs == nil || t.Is(x.n, n.refs))
	case opRegex:
		if x.run != nil {
			return n.re.MatchString(s.runText(x.run))
		}
		return n.re.MatchString(t.Text(x.n))
	case opNth:
		return s.nth(n, x, e)
	case opRange:
		return x.run == nil && s.inRange(n.rng, x.n)
	case opAll:
		return s.all(n.list, x, e)
	case opAny:
		for _, sub := range n.list {
			mark := e.mark()
			if s.eval(sub, x, e) {
				return true
			}
			e.undo(mark)
		}
		return false
	case opNot:
		mark := e.mark()
		ok := s.eval(n.sub, x, e)
		e.undo(mark)
		return !ok
	case opMatches:
		if n.sub == nil {
			return false
		}
		if s.depth++; s.depth > MaxDepth {
			s.err = &DepthError{Util: n.util, Line: s.lineOf(x.n)}
			return false
		}
		defer func() { s.depth-- }()
		if n.pure && x.run == nil {
			return s.remembered(n, x.n, e)
		}
		return s.eval(n.sub, x, e)
	case opInside:
		return s.inside(n, x, e)
	case opHas:
		return s.has(n, x, e)
	case opPrecedes, opFollows:
		return s.sibling(n, x, e)
	}
	return false
}

// try reports whether relational rule n's rule holds at node c,
// remembering the answer per node where it is free.
func (s *state) try(n *node, c int32, e *env) bool {
	if !n.free {
		mark := e.mark()
		if s.eval(n.sub, target{n: c}, e) {
			return true
		}
		e.undo(mark)
		return false
	}
	memo := s.memo[n.id]
	if memo == nil {
		memo = make([]int8, len(s.t.Nodes))
		s.memo[n.id] = memo
	}
	if memo[c] != 0 {
		if memo[c] == 1 && n.binds {
			e.replay(s.bound[n.id][c])
		}
		return memo[c] == 1
	}
	// What a free rule binds is read by nothing else, but a match
	// reports it among its captures: it is kept, and remembered to be
	// given again where the answer is remembered.
	mark := e.mark()
	ok := s.eval(n.sub, target{n: c}, e)
	if !ok || !n.binds {
		e.undo(mark)
	}
	if s.err != nil {
		return false // cancelled: remember nothing
	}
	memo[c] = 2
	if ok {
		memo[c] = 1
		if n.binds {
			if s.bound[n.id] == nil {
				s.bound[n.id] = map[int32][]binding{}
			}
			s.bound[n.id][c] = e.since(mark)
		}
	}
	return ok
}

// MaxDepth bounds how deep utility rules are evaluated one inside
// another: a recursive utility (one that follows or has itself) goes as
// deep as the siblings or the tree it walks, and each level takes stack.
const MaxDepth = 25_000

// A DepthError is a rule that went past MaxDepth in a file: what it
// matched there is not known, which a search says of the file.
type DepthError struct {
	Util string
	Line int
}

func (e *DepthError) Error() string {
	return fmt.Sprintf("utility rule %s went %d deep at line %d; the file was not searched by the rule (write it without recursing through every sibling or level)", e.Util, MaxDepth, e.Line)
}

// lineOf is the 1-based line node c starts on.
func (s *state) lineOf(c int32) int {
	if s.lines == nil {
		s.lines = matcher.NewLineIndex(s.t.Src)
	}
	return s.lines.Position(s.t.Nodes[c].Start).Line
}

// remembered is eval of a utility rule that binds nothing, whose answer
// at a node is the node's alone: remembered per node, a recursive
// utility (one that follows or has itself) costs each node once, not
// once per path to it.
func (s *state) remembered(n *node, c int32, e *env) bool {
	memo := s.memo[n.id]
	if memo == nil {
		memo = make([]int8, len(s.t.Nodes))
		s.memo[n.id] = memo
	}
	if memo[c] != 0 {
		return memo[c] == 1
	}
	ok := s.eval(n.sub, target{n: c}, e)
	if s.err != nil {
		return false
	}
	memo[c] = 2
	if ok {
		memo[c] = 1
	}
	return ok
}

// stops reports whether a relational rule's search ends at node c, which
// it has tried: stopBy a rule that c meets.
func (s *state) stops(n *node, c int32, e *env) bool {
	if n.stop != stopRule {
		return false
	}
	mark := e.mark()
	ok := s.eval(n.stopRule, target{n: c}, e)
	e.undo(mark)
	return ok
}

func (s *state) inside(n *node, x target, e *env) bool {
	t := s.t
	below := x.n
	for a := t.Nodes[x.n].Parent; a != grammars.NoNode; a = t.Nodes[a].Parent {
		if n.field == "" || slices.Contains(firstField(t, a, n.field), below) {
			if s.try(n, a, e) {
				return true
			}
		}
		if n.stop == stopNeighbor || s.stops(n, a, e) || s.err != nil {
			return false
		}
		below = a
	}
	return false
}

// firstField is the child of a that ast-grep's field names: the first
// of those the field holds.
func firstField(t *grammars.Tree, a int32, name string) []int32 {
	f := t.Field(a, name)
	if len(f) > 1 {
		f = f[:1]
	}
	return f
}

func (s *state) has(n *node, x target, e *env) bool {
	t := s.t
	var kids []int32
	switch {
	case n.field != "":
		if x.run != nil {
			return false
		}
		f := firstField(t, x.n, n.field)
		if len(f) == 0 {
			return false
		}
		c := f[0]
		if s.try(n, c, e) {
			return true
		}
		if n.stop == stopNeighbor || s.stops(n, c, e) {
			return false
		}
		return s.hasBelow(n, t.Children(c), e)
	case x.run != nil:
		kids = x.run
	default:
		kids = t.Children(x.n)
	}
	if n.stop == stopNeighbor {
		for _, c := range kids {
			if s.try(n, c, e) {
				return true
			}
		}
		return false
	}
	if n.free && !n.binds && n.stop == stopEnd {
		return s.hasFree(n, x)
	}
	return s.hasBelow(n, kids, e)
}

// hasBelow searches kids and their subtrees in file order, not below a
// node that stops the search.
func (s *state) hasBelow(n *node, kids []int32, e *env) bool {
	t := s.t
	stack := slices.Clone(kids)
	slices.Reverse(stack)
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.try(n, c, e) {
			return true
		}
		if s.err != nil {
			return false
		}
		if s.stops(n, c, e) {
			continue
		}
		ks := t.Children(c)
		for i := len(ks) - 1; i >= 0; i-- {
			stack = append(stack, ks[i])
		}
	}
	return false
}

// hasFree is has with stopBy end for a free rule: the nodes the rule
// holds at are found in one pass over the tree, and a target looks for
// one among those within its range.
func (s *state) hasFree(n *node, x target) bool {
	t := s.t
	hits := s.hits[n.id]
	if hits == nil {
		hits = []int32{}
		e := &env{}
		t.Walk(func(c int32) bool {
			if s.try(n, c, e) {
				hits = append(hits, c)
			}
			return s.err == nil
		})
		slices.SortStableFunc(hits, func(a, b int32) int { return cmp.Compare(t.Nodes[a].Start, t.Nodes[b].Start) })
		s.hits[n.id] = hits
	}
	start, end := t.Nodes[x.n].Start, t.Nodes[x.n].End
	if x.run != nil {
		end = t.Nodes[x.run[len(x.run)-1]].End
	}
	i, _ := slices.BinarySearchFunc(hits, start, func(c int32, off uint32) int { return cmp.Compare(t.Nodes[c].Start, off) })
	for ; i < len(hits) && t.Nodes[hits[i]].Start <= end; i++ {
		if c := hits[i]; c != x.n && s.under(c, x) {
			return true
		}
	}
	return false
}

// under reports whether node c is below target x: below its node, or
// one of its run's statements or below one.
func (s *state) under(c int32, x target) bool {
	t := s.t
	if x.run == nil {
		for a := t.Nodes[c].Parent; a != grammars.NoNode; a = t.Nodes[a].Parent {
			if a == x.n {
				return true
			}
		}
		return false
	}
	for a := c; a != grammars.NoNode; a = t.Nodes[a].Parent {
		if slices.Contains(x.run, a) {
			return true
		}
	}
	return false
}

// findSibling returns the sibling of x that relational rule n (precedes:
// after x; follows: before it) finds, nearest first, or NoNode.
func (s *state) findSibling(n *node, x target, e *env) int32 {
	t := s.t
	p := t.Nodes[x.n].Parent
	if p == grammars.NoNode {
		return grammars.NoNode
	}
	kids := t.Children(p)
	last := x.n
	if x.run != nil {
		last = x.run[len(x.run)-1]
	}
	i, j := childIndex(t, kids, x.n), childIndex(t, kids, last)
	if i < 0 || j < 0 {
		return grammars.NoNode
	}
	step, k := 1, j+1
	if n.op == opFollows {
		step, k = -1, i-1
	}
	for ; k >= 0 && k < len(kids); k += step {
		if s.holds(n.sub, kids[k], e) {
			return kids[k]
		}
		if n.stop == stopNeighbor || s.stops(n, kids[k], e) || s.err != nil {
			break
		}
	}
	return grammars.NoNode
}

// sibling runs precedes (a later sibling holds) and follows (an earlier
// one).
func (s *state) sibling(n *node, x target, e *env) bool {
	t := s.t
	p := t.Nodes[x.n].Parent
	if p == grammars.NoNode {
		return false
	}
	kids := t.Children(p)
	first, last := x.n, x.n
	if x.run != nil {
		last = x.run[len(x.run)-1]
	}
	i, j := childIndex(t, kids, first), childIndex(t, kids, last)
	if i < 0 || j < 0 {
		return false
	}
	step, k := 1, j+1
	if n.op == opFollows {
		step, k = -1, i-1
	}
	if n.free && !n.binds && n.stop == stopEnd {
		// Whether some earlier (later) sibling holds is one fact per
		// parent: the first (last) that does, found once.
		lo, hi := s.holding(n, p, kids)
		if n.op == opFollows {
			return lo >= 0 && lo < i
		}
		return hi > j
	}
	for ; k >= 0 && k < len(kids); k += step {
		if s.try(n, kids[k], e) {
			return true
		}
		if n.stop == stopNeighbor || s.stops(n, kids[k], e) || s.err != nil {
			return false
		}
	}
	return false
}

// childIndex returns the index of n among kids, its siblings in file
// order, found by its start: a long list is searched in log time.
func childIndex(t *grammars.Tree, kids []int32, n int32) int {
	at := t.Nodes[n].Start
	i, _ := slices.BinarySearchFunc(kids, at, func(c int32, off uint32) int { return cmp.Compare(t.Nodes[c].Start, off) })
	for ; i < len(kids) && t.Nodes[kids[i]].Start == at; i++ {
		if kids[i] == n {
			return i
		}
	}
	if i := slices.Index(kids, n); i >= 0 {
		return i // a tree out of order: look at each
	}
	return -1
}

// holding returns the indexes of the first and the last of kids, the
// children of p, at which free relational rule n's rule holds (-1 when
// none does), remembered per parent.
func (s *state) holding(n *node, p int32, kids []int32) (int, int) {
	key := [2]int32{int32(n.id), p}
	if r, ok := s.sibs[key]; ok {
		return r[0], r[1]
	}
	lo, hi := -1, -1
	e := &env{}
	for k, c := range kids {
		if s.try(n, c, e) {
			if lo < 0 {
				lo = k
			}
			hi = k
		}
	}
	if s.err == nil {
		if s.sibs == nil {
			s.sibs = map[[2]int32][2]int{}
		}
		s.sibs[key] = [2]int{lo, hi}
	}
	return lo, hi
}

// nth reports whether x is at one of the positions of nthChild n among
// its named siblings.
func (s *state) nth(n *node, x target, e *env) bool {
	t := s.t
	p := t.Nodes[x.n].Parent
	if p == grammars.NoNode || x.run != nil || !t.Named(x.n) {
		return false
	}
	key := [2]int32{int32(n.id), p}
	sibs, ok := s.counted[key]
	if !ok {
		for _, c := range t.Children(p) {
			if t.Named(c) && (n.nth.ofRule == nil || s.holds(n.nth.ofRule, c, e)) {
				sibs = append(sibs, c)
			}
		}
		if s.err != nil {
			return false
		}
		if s.counted == nil {
			s.counted = map[[2]int32][]int32{}
		}
		s.counted[key] = sibs
	}
	i := childIndex(t, sibs, x.n)
	if i < 0 || sibs[i] != x.n {
		return false
	}
	pos := i + 1
	if n.nth.reverse {
		pos = len(sibs) - i
	}
	return n.nth.holds(pos)
}

// inRange reports whether node c spans exactly the range.
func (s *state) inRange(r rangeSpec, c int32) bool {
	if s.lines == nil {
		s.lines = matcher.NewLineIndex(s.t.Src)
	}
	sl, sc := s.position(s.t.Nodes[c].Start)
	el, ec := s.position(s.t.Nodes[c].End)
	return sl == r.startLine && el == r.endLine && (r.startCol < 0 || sc == r.startCol) && (r.endCol < 0 || ec == r.endCol)
}

// position is the 0-based line and character column of offset off.
func (s *state) position(off uint32) (int, int) {
	p := s.lines.Position(off)
	return p.Line - 1, p.Column - 1
}

// runText is the source from a run's first node to its last.
func (s *state) runText(run []int32) string {
	if len(run) == 0 {
		return ""
	}
	return string(s.t.Src[s.t.Nodes[run[0]].Start:s.t.Nodes[run[len(run)-1]].End])
}

// textOf is the text metavariable name ($A, $$$A) holds in m: a
// capture's source, or a transform's value.
func (s *state) textOf(m *matcher.Match, name string) (string, bool) {
	if v, ok := m.Values[name]; ok {
		return v, true
	}
	if bare, ok := strings.CutPrefix(name, "$$$"); ok {
		run, ok := m.Multi[bare]
		if !ok {
			return "", false
		}
		return s.runText(trimSeps(s.t, run)), true
	}
	bare := strings.TrimPrefix(name, "$")
	n, ok := m.Captures[bare]
	if !ok {
		return "", false
	}
	if w, ok := m.Within[bare]; ok {
		return string(s.t.Src[w.Start:w.End]), true
	}
	return s.t.Text(n), true
}

// trimSeps drops a separator that starts or ends a run.
func trimSeps(t *grammars.Tree, run []int32) []int32 {
	sep := t.Lang.Sep()
	if len(run) > 0 && !t.Named(run[0]) && t.Text(run[0]) == sep {
		run = run[1:]
	}
	if len(run) > 0 && !t.Named(run[len(run)-1]) && t.Text(run[len(run)-1]) == sep {
		run = run[:len(run)-1]
	}
	return run
}
