// Package rule compiles ast-grep's rule language and runs it on syntax
// trees: a rule document in YAML or JSON (id, language, rule,
// constraints, utils, transform, fix, rewriters) as ast-grep reads a rule
// file. A rule is made of atomic rules (pattern, kind, regex, nthChild,
// range), relational rules (inside, has, precedes, follows, with stopBy
// and field) and composite rules (all, any, not, matches); the
// metavariables its patterns bind are shared, so a metavariable bound in
// one part must capture the same code in every other.
//
// Kinds and fields are tree-sitter's names, mapped to ours by the
// language's grammars.TreeSitter, or ours. The inline filters of the
// ast_grep tool (inside, has, where, …) are compiled to a rule too
// (FromFilters): there is one matcher of rules.
package rule

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
)

// An op is what one rule node does.
type op uint8

const (
	opPattern op = iota
	opKind
	opRegex
	opNth
	opRange
	opInside
	opHas
	opPrecedes
	opFollows
	opAll
	opAny
	opNot
	opMatches
)

// A stop says how far a relational rule looks.
type stop uint8

const (
	stopNeighbor stop = iota
	stopEnd
	stopRule
)

// A node is one compiled rule.
type node struct {
	op   op
	path string // where it is in the document, for errors

	pat   *matcher.Pattern
	kinds []bool             // opKind: by kind
	refs  []grammars.KindRef // opKind, where a kind is meant only in some places
	re    *regexp.Regexp
	nth   nthChild
	rng   rangeSpec

	sub      *node // relational: the rule a related node must meet; not: the rule negated
	stop     stop
	stopRule *node
	field    string
	list     []*node // all, any
	util     string  // matches: the utility rule's id
	scope    *utils  // matches: where the id is looked up

	vars []string // the metavariables it may bind ($X, $$$X)
	// free: a relational rule whose rule binds no metavariable any other
	// part of the rule uses, so that whether it holds at a node depends
	// on the node alone, and is remembered per tree.
	free bool
	// binds: a relational rule's rule binds a metavariable, which a
	// match reports among its captures.
	binds bool
	// pure: a matches whose utility binds no metavariable, whose answer
	// at a node depends on the node alone.
	pure bool
	id   int // index of the node, for per-tree memos
}

// utils are the utility rules a rule may name with matches: a
// document's own, then those of the scope around it (a rewriter sees its
// document's).
type utils struct {
	rules  map[string]*node
	raw    map[string]value
	parent *utils
	c      *compiler
	// busy: the utilities being compiled, with the depth of relational
	// rules the compiler was at when it started each. A utility met
	// again deeper in relational rules is recursion, which a tree ends;
	// met at the same depth it is its own definition.
	busy map[string]int
}

func newUtils(c *compiler, parent *utils) *utils {
	return &utils{rules: map[string]*node{}, raw: map[string]value{}, parent: parent, c: c, busy: map[string]int{}}
}

// resolve compiles utility id, found from u outwards.
func (u *utils) resolve(id string, at value) error {
	for s := u; s != nil; s = s.parent {
		if _, ok := s.rules[id]; ok {
			return nil
		}
		raw, ok := s.raw[id]
		if !ok {
			continue
		}
		if d, busy := s.busy[id]; busy {
			if s.c.rel > d {
				return nil
			}
			return at.errorf("utility rule %s matches itself with no relational rule between: a cycle", id)
		}
		s.busy[id] = s.c.rel
		n, err := s.c.rule(raw, s)
		delete(s.busy, id)
		if err != nil {
			return err
		}
		s.rules[id] = n
		return nil
	}
	ids := u.ids()
	if len(ids) == 0 {
		return at.errorf("no utility rule %s: the document has no utils", id)
	}
	return at.errorf("no utility rule %s; utils here: %s", id, strings.Join(ids, ", "))
}

// find returns compiled utility id, from u outwards.
func (u *utils) find(id string) *node {
	for s := u; s != nil; s = s.parent {
		if n, ok := s.rules[id]; ok {
			return n
		}
	}
	return nil
}

// ids lists the utility rules in scope, for an error.
func (u *utils) ids() []string {
	var out []string
	for s := u; s != nil; s = s.parent {
		for id := range s.raw {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// A compiler compiles one document's rules.
type compiler struct {
	lang  *grammars.Language
	nodes []*node
	rel   int // how deep in relational rules the compiler is
	depth int // how deep in rule objects
}

// maxNesting bounds how deep rules nest: ast-grep's catalog nests a few
// levels, and a document nested thousands deep only costs stack.
const maxNesting = 500

func (c *compiler) add(n *node) *node {
	n.id = len(c.nodes)
	c.nodes = append(c.nodes, n)
	return n
}

// ruleKeys are the keys of a rule object, in the order ast-grep runs
// them: atomic, then composite, then relational.
var ruleKeys = []string{"pattern", "kind", "regex", "nthChild", "range", "all", "any", "not", "matches", "inside", "has", "precedes", "follows"}

// relationKeys are a relational rule's: a rule's, and stopBy and field.
var relationKeys = append(slices.Clone(ruleKeys), "stopBy", "field")

// rule compiles a rule object.
func (c *compiler) rule(v value, u *utils) (*node, error) {
	return c.ruleOf(v, u, ruleKeys)
}

func (c *compiler) ruleOf(v value, u *utils, known []string) (*node, error) {
	if c.depth++; c.depth > maxNesting {
		return nil, v.errorf("rules nested over %d deep", maxNesting)
	}
	defer func() { c.depth-- }()
	fs, err := v.fields(known...)
	if err != nil {
		return nil, err
	}
	byKey := map[string]value{}
	for _, f := range fs {
		byKey[f.key] = f.val
	}
	var parts []*node
	for _, key := range ruleKeys {
		fv, ok := byKey[key]
		if !ok {
			continue
		}
		n, err := c.part(key, fv, u)
		if err != nil {
			return nil, err
		}
		parts = append(parts, n)
	}
	if len(parts) == 0 {
		return nil, v.errorf("a rule needs at least one of %s", strings.Join(ruleKeys, ", "))
	}
	if len(parts) == 1 {
		return parts[0], nil
	}
	return c.add(&node{op: opAll, path: v.path, list: parts}), nil
}

// part compiles one key of a rule object.
func (c *compiler) part(key string, v value, u *utils) (*node, error) {
	switch key {
	case "pattern":
		return c.pattern(v)
	case "kind":
		return c.kind(v)
	case "regex":
		s, err := v.str()
		if err != nil {
			return nil, err
		}
		re, err := compileRegex(s)
		if err != nil {
			return nil, v.errorf("%v", err)
		}
		return c.add(&node{op: opRegex, path: v.path, re: re}), nil
	case "nthChild":
		return c.nthChild(v, u)
	case "range":
		return c.rangeRule(v)
	case "all", "any":
		items, err := v.list()
		if err != nil {
			return nil, err
		}
		n := &node{op: opAll, path: v.path}
		if key == "any" {
			n.op = opAny
		}
		for _, it := range items {
			sub, err := c.rule(it, u)
			if err != nil {
				return nil, err
			}
			n.list = append(n.list, sub)
		}
		return c.add(n), nil
	case "not":
		sub, err := c.rule(v, u)
		if err != nil {
			return nil, err
		}
		return c.add(&node{op: opNot, path: v.path, sub: sub}), nil
	case "matches":
		id, err := v.str()
		if err != nil {
			return nil, v.errorf("want the id of a utility rule, not %s", v.kindName())
		}
		if err := u.resolve(id, v); err != nil {
			return nil, err
		}
		return c.add(&node{op: opMatches, path: v.path, util: id, scope: u}), nil
	default: // inside, has, precedes, follows
		return c.relation(key, v, u)
	}
}

func (c *compiler) relation(key string, v value, u *utils) (*node, error) {
	fs, err := v.fields(relationKeys...)
	if err != nil {
		return nil, err
	}
	n := &node{op: map[string]op{"inside": opInside, "has": opHas, "precedes": opPrecedes, "follows": opFollows}[key], path: v.path}
	for _, f := range fs {
		switch f.key {
		case "stopBy":
			if s, err := f.val.str(); err == nil {
				switch s {
				case "neighbor":
					n.stop = stopNeighbor
				case "end":
					n.stop = stopEnd
				default:
					return nil, f.val.errorf("%s: give neighbor, end or a rule", s)
				}
				continue
			}
			c.rel++
			r, err := c.rule(f.val, u)
			c.rel--
			if err != nil {
				return nil, err
			}
			n.stop, n.stopRule = stopRule, r
		case "field":
			if key != "inside" && key != "has" {
				return nil, f.val.errorf("field is only for inside and has")
			}
			s, err := f.val.str()
			if err != nil {
				return nil, err
			}
			if !c.lang.HasField(s) {
				return nil, f.val.errorf("%s is no field of %s%s", s, c.lang.DisplayName(), nearestFields(c.lang, s))
			}
			n.field = s
		}
	}
	// The rest of the object is the rule the related node must meet.
	inner := *v.n
	inner.Content = nil
	for i := 0; i+1 < len(v.n.Content); i += 2 {
		if k := v.n.Content[i].Value; k != "stopBy" && k != "field" {
			inner.Content = append(inner.Content, v.n.Content[i], v.n.Content[i+1])
		}
	}
	c.rel++
	sub, err := c.rule(value{&inner, v.path}, u)
	c.rel--
	if err != nil {
		return nil, err
	}
	n.sub = sub
	return c.add(n), nil
}

// pattern compiles a pattern: a string, or an object with context,
// selector and strictness.
func (c *compiler) pattern(v value) (*node, error) {
	if s, err := v.str(); err == nil {
		p, err := matcher.Compile(c.lang, s)
		if err != nil {
			return nil, v.errorf("%v", err)
		}
		return c.add(&node{op: opPattern, path: v.path, pat: p}), nil
	}
	fs, err := v.fields("context", "selector", "strictness")
	if err != nil {
		return nil, err
	}
	var context, selector string
	var at value
	for _, f := range fs {
		s, err := f.val.str()
		if err != nil {
			return nil, err
		}
		switch f.key {
		case "context":
			context, at = s, f.val
		case "selector":
			selector = s
			if _, ok := c.lang.KindsFor(s); !ok {
				return nil, f.val.errorf("%s is no kind of %s%s", s, c.lang.DisplayName(), nearestKinds(c.lang, s))
			}
		case "strictness":
			// One strictness is spoken here: ast-grep's smart, which
			// the others narrow or widen by trivia and unnamed nodes.
			if !slices.Contains([]string{"cst", "smart", "ast", "relaxed", "signature", "template"}, s) {
				return nil, f.val.errorf("%s: give cst, smart, ast, relaxed, signature or template", s)
			}
		}
	}
	if at.n == nil {
		return nil, v.errorf("a pattern object needs a context")
	}
	if selector == "" {
		p, err := matcher.Compile(c.lang, context)
		if err != nil {
			return nil, at.errorf("%v", err)
		}
		return c.add(&node{op: opPattern, path: v.path, pat: p}), nil
	}
	p, err := matcher.CompileContext(c.lang, context)
	if err != nil {
		return nil, at.errorf("%v", err)
	}
	kinds, _ := c.lang.KindsFor(selector)
	if p, err = p.Select(selector, kinds); err != nil {
		return nil, v.errorf("%v", err)
	}
	return c.add(&node{op: opPattern, path: v.path, pat: p}), nil
}

// kind compiles a kind rule: a kind, or a selector of kinds.
func (c *compiler) kind(v value) (*node, error) {
	s, err := v.str()
	if err != nil {
		return nil, err
	}
	if isSelector(s) {
		return c.selector(v, s)
	}
	return c.kindNamed(v, s)
}

// kindNamed compiles the rule of one kind, tree-sitter's name or ours.
func (c *compiler) kindNamed(v value, s string) (*node, error) {
	refs, ok := c.lang.KindRefs(s)
	if !ok {
		return nil, v.errorf("%s is no kind of %s%s", s, c.lang.DisplayName(), nearestKinds(c.lang, s))
	}
	if len(refs) == 0 {
		// A rule that could match nothing says so, rather than find
		// nothing in silence.
		return nil, v.errorf("tree-sitter's %s has no counterpart in %s's tree here (a comment is trivia, a wrapper we do not build, a token); the README's table for %s says what stands for it", s, c.lang.DisplayName(), c.lang.DisplayName())
	}
	n := &node{op: opKind, path: v.path, kinds: make([]bool, len(c.lang.Kinds))}
	for _, r := range refs {
		n.kinds[r.Kind] = true
		if r.Narrow() {
			n.refs = refs
		}
	}
	return c.add(n), nil
}

// compileRegex compiles a rule's regex, which ast-grep reads as Rust's
// regex syntax: RE2's, in what rules use.
func compileRegex(s string) (*regexp.Regexp, error) {
	re, err := regexp.Compile(s)
	if err != nil {
		return nil, fmt.Errorf("the regex does not compile: %v", strings.TrimPrefix(err.Error(), "error parsing regexp: "))
	}
	return re, nil
}
