package matcher

import (
	"fmt"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/internal/clip"
)

// A Probe tries one pattern at chosen nodes of one tree, with bindings
// that other parts of a rule made first: a rule's pattern must capture
// the same code for a metavariable its other parts bound. It keeps its
// matchers from one node to the next, so a probe allocates little.
type Probe struct {
	ms []*matcher // one per reading of the pattern
}

// Probe returns a probe of p on t.
func (p *Pattern) Probe(t *grammars.Tree) *Probe {
	pr := &Probe{ms: []*matcher{newMatcher(p, t)}}
	for _, a := range p.alts {
		pr.ms = append(pr.ms, newMatcher(a, t))
	}
	return pr
}

// At reports whether the pattern matches tree node n, with each of its
// metavariables that env binds already bound to what env holds. When it
// matches, the bindings it made are added to env, and their names to
// added ($$$ ones with their $$$), so that a caller can take them back.
// A pattern of several statements never matches one node.
func (pr *Probe) At(n int32, env *Match, added *[]string) bool {
	for _, m := range pr.ms {
		p := m.pat
		if p.seq != nil {
			return false
		}
		if !p.vars[p.root].is && m.t.Nodes[n].Kind != m.p.Nodes[p.root].Kind {
			continue
		}
		m.restore(0)
		if !m.presetEnv(env) {
			continue
		}
		mark := m.save()
		if !m.node(p.root, n) {
			continue
		}
		m.export(env, mark, added)
		return true
	}
	return false
}

// presetEnv binds the pattern's metavariables that env binds.
func (m *matcher) presetEnv(env *Match) bool {
	for s, sl := range m.pat.slots {
		if !sl.multi {
			if n, ok := env.Captures[sl.name]; ok && !m.bind(int32(s), n) {
				return false
			}
			continue
		}
		if run, ok := env.Multi[sl.name]; ok && !m.bindRun(int32(s), run) {
			return false
		}
	}
	return true
}

// export adds to env the bindings made since mark.
func (m *matcher) export(env *Match, mark int, added *[]string) {
	for _, s := range m.trail[mark:] {
		sl := m.pat.slots[s]
		*added = append(*added, tvar{sl.name, sl.multi}.String())
		if !sl.multi {
			if env.Captures == nil {
				env.Captures = map[string]int32{}
			}
			env.Captures[sl.name] = m.nodes[s]
			m.within(env, s)
			continue
		}
		if env.Multi == nil {
			env.Multi = map[string][]int32{}
		}
		env.Multi[sl.name] = m.runs[s]
	}
}

// Vars returns the names of the metavariables p binds, $$$ ones with
// their $$$, in pattern order: what a rule's fix may use.
func (p *Pattern) Vars() []string {
	var out []string
	for _, v := range boundVars(p) {
		out = append(out, v.String())
	}
	return out
}

// Select re-roots p at the first node below its root, in file order, of
// one of kinds: an ast-grep pattern's selector, which picks the part of a
// context that is the pattern (the field in class A { $F = $I }).
func (p *Pattern) Select(selector string, kinds []grammars.Kind) (*Pattern, error) {
	t := p.tree
	found := grammars.NoNode
	w := preorder{t: t}
	w.startNode(p.root)
	for n := w.next(); n != grammars.NoNode && found == grammars.NoNode; n = w.next() {
		for _, k := range kinds {
			if t.Nodes[n].Kind == k {
				found = n
				break
			}
		}
	}
	if found == grammars.NoNode {
		return nil, fmt.Errorf("the context %s has no node of kind %s", clip.Quote(p.Source), selector)
	}
	return newPattern(p.Source, p.Context, t, found), nil
}

// CompileContext compiles an ast-grep pattern's context: the whole
// fragment is parsed in the language's scaffolds as Compile does, and
// its root is the node that spans it, or the scaffold's root when none
// does (a context of several items), for Select to pick the pattern in.
func CompileContext(l *grammars.Language, context string) (*Pattern, error) {
	p, err := Compile(l, context)
	if err == nil {
		return p, nil
	}
	if err := CheckSize(context); err != nil {
		return nil, err
	}
	t, perr := l.ParsePattern([]byte(context))
	if perr != nil || len(t.Errors) > 0 {
		return nil, err
	}
	return newPattern(context, "file", t, t.Root), nil
}

// Kinds returns the kinds a match of p's may be at its node, one per
// reading, or nil when its root is a metavariable, which matches any.
func (p *Pattern) Kinds() []grammars.Kind {
	var out []grammars.Kind
	for _, r := range append([]*Pattern{p}, p.alts...) {
		if r.seq == nil && r.vars[r.root].is {
			return nil
		}
		out = append(out, r.Kind())
	}
	return out
}

// Vars returns the metavariables the template writes, as Pattern.Vars
// names them.
func (tm *Template) Vars() []string {
	out := make([]string, len(tm.vars))
	for i, v := range tm.vars {
		out[i] = v.String()
	}
	return out
}

// Lang is the language p was compiled in.
func (p *Pattern) Lang() *grammars.Language { return p.tree.Lang }
