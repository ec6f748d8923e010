package rule

import (
	"maps"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
)

// compileFix reads fix: a template; an object with template, and
// expandStart and expandEnd, each a relational rule (stopBy neighbor by
// default) that finds the sibling before or after the match the
// replaced range widens to; or a list of such objects, each with a
// title, of which the first is the fix.
func (r *Rule) compileFix(c *compiler, u *utils, v value) error {
	tv := v
	if items, err := v.list(); err == nil {
		if len(items) == 0 {
			return v.errorf("a list of fixes needs one at least")
		}
		for _, it := range items {
			if fs, err := it.fields(); err == nil && !slices.ContainsFunc(fs, func(f field) bool { return f.key == "title" }) {
				return it.errorf("a fix in a list needs a title")
			}
		}
		v = items[0]
	}
	if _, err := v.str(); err != nil {
		fs, err := v.fields("template", "expandStart", "expandEnd", "title")
		if err != nil {
			return err
		}
		tv = value{}
		for _, f := range fs {
			switch f.key {
			case "template":
				tv = f.val
			case "expandStart", "expandEnd":
				// As follows and precedes look: before the match, after it.
				key := map[string]string{"expandStart": "follows", "expandEnd": "precedes"}[f.key]
				n, err := c.relation(key, f.val, u)
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
	bound := r.vars
	if r.enclosing != nil {
		bound = union(slices.Clone(bound), r.enclosing.vars)
	}
	tm, err := matcher.CompileTemplateFor(r.Lang, s, bound)
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

// expandFix widens the range m's fix replaces: to the start of the
// sibling before it that expandStart finds, and to the end of the one
// after it that expandEnd finds, looking as follows and precedes do.
func (r *Rule) expandFix(s *state, m *matcher.Match) {
	if r.expand[0] == nil && r.expand[1] == nil {
		return
	}
	t := s.t
	last := m.Node
	if len(m.Run) > 0 {
		last = m.Run[len(m.Run)-1]
	}
	sp := grammars.Span{Start: t.Nodes[m.Node].Start, End: t.Nodes[last].End}
	e := &env{m: matcher.Match{Captures: maps.Clone(m.Captures), Multi: maps.Clone(m.Multi)}}
	x := target{n: m.Node, run: m.Run}
	if n := r.expand[0]; n != nil {
		if c := s.findSibling(n, x, e); c != grammars.NoNode {
			sp.Start = t.Nodes[c].Start
		}
	}
	if n := r.expand[1]; n != nil {
		if c := s.findSibling(n, x, e); c != grammars.NoNode {
			sp.End = t.Nodes[c].End
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
		fs, err := it.fields("id", "language", "rule", "constraints", "utils", "transform", "fix")
		if err != nil {
			return err
		}
		by := map[string]value{}
		for _, f := range fs {
			by[f.key] = f.val
		}
		if lv, ok := by["language"]; ok {
			// ast-grep takes and ignores it; a rewriter is in its document's.
			if s, err := lv.str(); err != nil || !r.Lang.ForLanguageName(s) {
				return lv.errorf("a rewriter is in its document's language, %s", r.Lang.DisplayName())
			}
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
		rw := &Rule{ID: id, Lang: r.Lang, rewriters: r.rewriters, enclosing: r}
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
//
// The rewriters start from what the document's match bound (enc), even
// in a rewriter's own transform: that is the enclosing match of every
// rewrite below it.
func (r *Rule) rewrite(s *state, m, enc *matcher.Match, tr *transform) (string, bool) {
	t := s.t
	var nodes []int32
	if bare, ok := strings.CutPrefix(tr.source, "$$$"); ok {
		nodes = trimSeps(t, m.Multi[bare])
	} else if n, ok := m.Captures[strings.TrimPrefix(tr.source, "$")]; ok {
		nodes = []int32{n}
	}
	if len(nodes) == 0 {
		return "", false
	}
	start, end := t.Nodes[nodes[0]].Start, t.Nodes[nodes[len(nodes)-1]].End
	// Each node and every node below it, in file order, is tried with
	// each rewriter in turn, starting from what the match bound; an edit
	// inside one made already is dropped, so the outermost wins.
	var edits []edit
	at := start
	for _, n := range nodes {
		stack := []int32{n}
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if nd := t.Nodes[c]; nd.Start >= at {
				if text, ok := r.rewriteAt(s, enc, c, tr.rewriters); ok {
					edits = append(edits, edit{nd.Start, nd.End, text})
					at = nd.End
					continue
				}
			}
			kids := t.Children(c)
			for i := len(kids) - 1; i >= 0; i-- {
				stack = append(stack, kids[i])
			}
		}
	}
	var b strings.Builder
	if tr.joinBy != "" || tr.joinSet {
		// The rewritten nodes alone, joined.
		for i, ed := range edits {
			if i > 0 {
				b.WriteString(tr.joinBy)
			}
			b.WriteString(ed.text)
		}
		return b.String(), true
	}
	pos := start
	for _, ed := range edits {
		b.Write(t.Src[pos:ed.start])
		b.WriteString(ed.text)
		pos = ed.end
	}
	b.Write(t.Src[pos:end])
	return b.String(), true
}

// An edit is a rewriter's replacement of a node's bytes.
type edit struct {
	start, end uint32
	text       string
}

// rewriteAt tries the rewriters at node c, bound first to what the
// enclosing match m bound, and returns the first one's fix there.
func (r *Rule) rewriteAt(s *state, m *matcher.Match, c int32, ids []string) (string, bool) {
	for _, id := range ids {
		rw := r.rewriters[id]
		rs := s.sub(rw)
		rs.enc = m
		e := &env{m: matcher.Match{Captures: maps.Clone(m.Captures), Multi: maps.Clone(m.Multi), Within: maps.Clone(m.Within)}}
		x := target{n: c}
		if rs.eval(rw.root, x, e) && rw.accept(rs, x, e) {
			fm := rw.result(rs, x, e)
			for k, v := range m.Values {
				if _, own := fm.Values[k]; !own {
					if fm.Values == nil {
						fm.Values = map[string]string{}
					}
					fm.Values[k] = v
				}
			}
			return matcher.Replacement(s.t, fm), true
		}
	}
	return "", false
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
