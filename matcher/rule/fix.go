package rule

import (
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
)

// compileFix reads fix: a template, or an object with template,
// expandStart and expandEnd.
func (r *Rule) compileFix(c *compiler, u *utils, v value) error {
	tv := v
	if _, err := v.str(); err != nil {
		fs, err := v.fields("template", "expandStart", "expandEnd")
		if err != nil {
			return err
		}
		tv = value{}
		for _, f := range fs {
			switch f.key {
			case "template":
				tv = f.val
			default:
				n, err := c.rule(f.val, u)
				if err != nil {
					return err
				}
				r.expand[map[string]int{"expandStart": 0, "expandEnd": 1}[f.key]] = n
			}
		}
		if tv.n == nil {
			return v.errorf("a fix object needs a template")
		}
	}
	s, err := tv.str()
	if err != nil {
		return err
	}
	tm, err := matcher.CompileTemplateFor(r.Lang, s, r.vars)
	if err != nil {
		return tv.errorf("%v", err)
	}
	r.fix = tm
	return nil
}

// HasFix reports whether the document gives a fix.
func (r *Rule) HasFix() bool { return r.fix != nil }

// Vars returns the metavariables the rule binds, transforms' included:
// what a rewrite may use.
func (r *Rule) Vars() []string { return r.vars }

// expandFix widens the range m's fix replaces over the siblings before
// it that expandStart matches, and those after it that expandEnd does.
func (r *Rule) expandFix(s *state, m *matcher.Match) {
	if r.expand[0] == nil && r.expand[1] == nil {
		return
	}
	t := s.t
	p := t.Nodes[m.Node].Parent
	if p == grammars.NoNode {
		return
	}
	kids := t.Children(p)
	last := m.Node
	if len(m.Run) > 0 {
		last = m.Run[len(m.Run)-1]
	}
	sp := grammars.Span{Start: t.Nodes[m.Node].Start, End: t.Nodes[last].End}
	e := &env{}
	i, j := childIndex(t, kids, m.Node), childIndex(t, kids, last)
	if r.expand[0] != nil {
		for k := i - 1; k >= 0 && s.holds(r.expand[0], kids[k], e); k-- {
			sp.Start = t.Nodes[kids[k]].Start
		}
	}
	if r.expand[1] != nil {
		for k := j + 1; k < len(kids) && s.holds(r.expand[1], kids[k], e); k++ {
			sp.End = t.Nodes[kids[k]].End
		}
	}
	m.Expand = &sp
}

// holds reports whether rule n holds at node c, binding nothing.
func (s *state) holds(n *node, c int32, e *env) bool {
	mark := e.mark()
	ok := s.eval(n, target{n: c}, e)
	e.undo(mark)
	return ok
}

// compileRewriters reads the document's rewriters: rules with a fix
// that a rewrite transform applies below a metavariable's capture.
func (r *Rule) compileRewriters(c *compiler, u *utils, v value) error {
	items, err := v.list()
	if err != nil {
		return err
	}
	r.rewriters = map[string]*Rule{}
	type pending struct {
		rw *Rule
		c  *compiler
		by map[string]value
	}
	var all []pending
	for _, it := range items {
		fs, err := it.fields("id", "rule", "constraints", "utils", "transform", "fix")
		if err != nil {
			return err
		}
		by := map[string]value{}
		for _, f := range fs {
			by[f.key] = f.val
		}
		idv, ok := by["id"]
		if !ok {
			return it.errorf("a rewriter needs an id")
		}
		id, err := idv.str()
		if err != nil {
			return err
		}
		if _, dup := r.rewriters[id]; dup {
			return idv.errorf("a second rewriter with id %s", id)
		}
		rv, ok := by["rule"]
		if !ok {
			return it.errorf("a rewriter needs a rule")
		}
		if _, ok := by["fix"]; !ok {
			return it.errorf("a rewriter needs a fix")
		}
		rw := &Rule{ID: id, Lang: r.Lang, rewriters: r.rewriters}
		rc := &compiler{lang: r.Lang}
		if err := rw.compileCore(rc, newUtils(rc, u), rv, by); err != nil {
			return err
		}
		r.rewriters[id] = rw
		all = append(all, pending{rw, rc, by})
	}
	// Transforms and fixes come once every rewriter is known: one may
	// rewrite with another.
	for _, p := range all {
		if err := p.rw.compileTransforms(p.by); err != nil {
			return err
		}
		if err := p.rw.compileFix(p.c, nil, p.by["fix"]); err != nil {
			return err
		}
		p.rw.finish(p.c)
	}
	return nil
}

// rewrite runs a rewrite transform: below each node the source holds
// (each of a run's, joined by joinBy), the first rewriter that matches a
// node, outermost first, replaces it by its fix.
func (r *Rule) rewrite(s *state, m *matcher.Match, tr *transform) string {
	var nodes []int32
	if bare, ok := strings.CutPrefix(tr.source, "$$$"); ok {
		for _, n := range trimSeps(s.t, m.Multi[bare]) {
			if s.t.Named(n) {
				nodes = append(nodes, n)
			}
		}
	} else if n, ok := m.Captures[strings.TrimPrefix(tr.source, "$")]; ok {
		nodes = []int32{n}
	}
	parts := make([]string, 0, len(nodes))
	for _, n := range nodes {
		parts = append(parts, r.rewriteNode(s, n, tr.rewriters))
	}
	return strings.Join(parts, tr.joinBy)
}

func (r *Rule) rewriteNode(s *state, n int32, ids []string) string {
	t := s.t
	var ms []matcher.Match
	stack := []int32{n}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		matched := false
		for _, id := range ids {
			rw := r.rewriters[id]
			rs := s.sub(rw)
			e := &env{}
			x := target{n: c}
			if rs.eval(rw.root, x, e) && rw.accept(rs, x, e) {
				ms = append(ms, rw.result(rs, x, e))
				matched = true
				break
			}
		}
		if matched {
			continue
		}
		kids := t.Children(c)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
	if len(ms) == 0 {
		return t.Text(n)
	}
	out := matcher.RewriteMatches(t, ms, nil).Src
	nd := t.Nodes[n]
	return string(out[nd.Start : len(out)-(len(t.Src)-int(nd.End))])
}

// sub returns the state of a rewriter on the same tree.
func (s *state) sub(rw *Rule) *state {
	if s.subs == nil {
		s.subs = map[*Rule]*state{}
	}
	st := s.subs[rw]
	if st == nil {
		st = newState(s.ctx, rw, s.t)
		s.subs[rw] = st
	}
	return st
}
