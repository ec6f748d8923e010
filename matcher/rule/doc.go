package rule

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
)

// A Rule is one compiled rule document.
type Rule struct {
	ID, Message, Severity string
	Lang                  *grammars.Language
	// Key identifies the rule among others, for a cache of matches: its
	// document's text and place.
	Key string
	// Files and Ignores are the document's globs of the files it runs
	// on and those it leaves alone, against a path relative to the root
	// searched, with / separators (see Applies).
	Files, Ignores []string

	root        *node
	constraints []constraint
	transforms  []*transform
	fix         *matcher.Template // nil: the document has no fix
	expand      [2]*node          // fix's expandStart and expandEnd
	rewriters   map[string]*Rule
	enclosing   *Rule    // a rewriter's document, whose match's bindings it starts from
	vars        []string // what the rule binds: $X, $$$X, and transform's names
	nodes       int      // how many rule nodes, for per-tree memos

	// seed: the pattern at the head of the rule, whose matches are the
	// candidates (it finds runs of statements and every reading), and
	// rest the parts each candidate must meet besides.
	seed *matcher.Pattern
	rest []*node
	// kinds: the kinds a match may be (nil: any), for walking only the
	// paths to them.
	kinds []bool
}

// A constraint is a rule a metavariable's capture must meet.
type constraint struct {
	name  string // without its $
	multi bool   // written $$$NAME
	rule  *node
}

// docKeys are the keys of a rule document.
var docKeys = []string{"id", "language", "rule", "constraints", "utils", "transform", "fix", "rewriters", "message", "severity", "note", "labels", "files", "ignores", "url", "metadata"}

// Parse compiles the rule documents of src, separated by ---. Each takes
// its language from its language key, read by lookup (any case), or is
// in def when it names none.
func Parse(src string, lookup func(name string) (*grammars.Language, error), def *grammars.Language) ([]*Rule, error) {
	docs, err := documents(src)
	if err != nil {
		return nil, err
	}
	var out []*Rule
	for i, d := range docs {
		r, err := parseDoc(d, lookup, def)
		if err != nil {
			if len(docs) > 1 {
				return nil, fmt.Errorf("document %d: %w", i+1, err)
			}
			return nil, err
		}
		r.Key = fmt.Sprintf("%d\x00%s", i, src)
		if r.ID == "" {
			r.ID = "rule"
			if len(docs) > 1 {
				r.ID = fmt.Sprintf("rule-%d", i+1)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

func parseDoc(d value, lookup func(string) (*grammars.Language, error), def *grammars.Language) (*Rule, error) {
	fs, err := d.fields(docKeys...)
	if err != nil {
		return nil, err
	}
	by := map[string]value{}
	for _, f := range fs {
		by[f.key] = f.val
	}
	r := &Rule{Lang: def}
	for _, k := range []string{"id", "message", "severity"} {
		if v, ok := by[k]; ok {
			s, err := v.str()
			if err != nil {
				return nil, err
			}
			*map[string]*string{"id": &r.ID, "message": &r.Message, "severity": &r.Severity}[k] = s
		}
	}
	for _, k := range []string{"files", "ignores"} {
		v, ok := by[k]
		if !ok {
			continue
		}
		globs, err := globList(v)
		if err != nil {
			return nil, err
		}
		if k == "files" {
			r.Files = globs
		} else {
			r.Ignores = globs
		}
	}
	if v, ok := by["language"]; ok {
		s, err := v.str()
		if err != nil {
			return nil, err
		}
		l, err := lookup(strings.ToLower(s))
		if err != nil {
			return nil, v.errorf("%v", err)
		}
		r.Lang = l
	}
	if r.Lang == nil {
		return nil, d.errorf("no language: give the rule a language key, or the call a language")
	}
	rv, ok := by["rule"]
	if !ok {
		return nil, d.errorf("no rule key: a document needs rule, the rule its matches meet")
	}
	c := &compiler{lang: r.Lang}
	u := newUtils(c, nil)
	if err := r.compileCore(c, u, rv, by); err != nil {
		return nil, err
	}
	if v, ok := by["rewriters"]; ok {
		if err := r.compileRewriters(c, u, v); err != nil {
			return nil, err
		}
	}
	if err := r.compileTransforms(by); err != nil {
		return nil, err
	}
	if v, ok := by["fix"]; ok {
		if err := r.compileFix(c, u, v); err != nil {
			return nil, err
		}
	}
	if v, ok := by["labels"]; ok {
		if err := r.checkLabels(v); err != nil {
			return nil, err
		}
	}
	r.finish(c)
	return r, nil
}

// compileCore compiles what a document and a rewriter share: utils, the
// rule, constraints.
func (r *Rule) compileCore(c *compiler, u *utils, rv value, by map[string]value) error {
	if v, ok := by["utils"]; ok {
		fs, err := v.fields()
		if err != nil {
			return err
		}
		for _, f := range fs {
			if f.key == "" || strings.ContainsAny(f.key, "(),=") {
				return f.val.errorf("%q: a utility's id has none of ( ) , =", f.key)
			}
			u.raw[f.key] = f.val
		}
		for _, f := range fs {
			if err := u.resolve(f.key, f.val); err != nil {
				return err
			}
		}
	}
	root, err := c.rule(rv, u)
	if err != nil {
		return err
	}
	r.root = root
	if v, ok := by["constraints"]; ok {
		fs, err := v.fields()
		if err != nil {
			return err
		}
		for _, f := range fs {
			name, multi := strings.TrimPrefix(f.key, "$"), false
			if strings.HasPrefix(f.key, "$$$") {
				name, multi = strings.TrimPrefix(f.key, "$$$"), true
			}
			n, err := c.rule(f.val, u)
			if err != nil {
				return err
			}
			r.constraints = append(r.constraints, constraint{name: name, multi: multi, rule: n})
		}
	}
	r.vars = varsOf(root, nil)
	for _, cn := range r.constraints {
		r.vars = union(r.vars, varsOf(cn.rule, nil))
		if !slices.Contains(r.vars, "$"+cn.name) && !slices.Contains(r.vars, "$$$"+cn.name) {
			return &Error{Path: "constraints." + cn.name, Msg: fmt.Sprintf("$%s is not a metavariable of the rule; it binds %s", cn.name, varList(r.vars))}
		}
	}
	for _, un := range u.rules {
		r.vars = union(r.vars, varsOf(un, nil))
	}
	return nil
}

func varList(vars []string) string {
	if len(vars) == 0 {
		return "none"
	}
	return strings.Join(vars, ", ")
}

func union(a, b []string) []string {
	for _, x := range b {
		if !slices.Contains(a, x) {
			a = append(a, x)
		}
	}
	return a
}

// varsOf returns the metavariables rule n may bind.
func varsOf(n *node, seen map[*node]bool) []string {
	if n == nil {
		return nil
	}
	if seen == nil {
		seen = map[*node]bool{}
	}
	if seen[n] {
		return nil
	}
	seen[n] = true
	if n.vars != nil {
		return n.vars
	}
	var out []string
	switch n.op {
	case opPattern:
		out = n.pat.Vars()
	case opNth:
		out = varsOf(n.nth.ofRule, seen)
	case opInside, opHas, opPrecedes, opFollows:
		out = union(varsOf(n.sub, seen), varsOf(n.stopRule, seen))
	case opAll, opAny:
		for _, s := range n.list {
			out = union(out, varsOf(s, seen))
		}
	case opNot:
		out = varsOf(n.sub, seen)
	case opMatches:
		out = varsOf(n.scope.find(n.util), seen)
	}
	return out
}

// finish works out what matching needs: the seed, the kinds, which
// relational rules are free, the matches' utilities.
func (r *Rule) finish(c *compiler) {
	r.nodes = len(c.nodes)
	for _, n := range c.nodes {
		if n.op == opMatches {
			n.sub = n.scope.find(n.util)
		}
	}
	for _, n := range c.nodes {
		if n.op == opMatches {
			n.pure = len(varsOf(n.sub, nil)) == 0
		}
	}
	switch {
	case r.root.op == opPattern:
		r.seed = r.root.pat
	case r.root.op == opAll && r.root.list[0].op == opPattern:
		r.seed, r.rest = r.root.list[0].pat, r.root.list[1:]
	}
	r.kinds = potential(r.root, r.Lang, map[*node]bool{})
	used := r.usedOutside()
	for _, n := range c.nodes {
		switch n.op {
		case opInside, opHas, opPrecedes, opFollows:
			n.free = n.stopRule == nil && !reaches(n.sub, opMatches, map[*node]bool{}) && disjoint(varsOf(n.sub, nil), used(n))
			n.binds = len(varsOf(n.sub, nil)) > 0
		}
	}
}

// usedOutside returns a function that gives, for a relational rule n,
// the metavariables the document uses outside n's rule: in other
// patterns, constraints, transforms and the fix.
func (r *Rule) usedOutside() func(n *node) []string {
	var all []*node
	var walk func(n *node, seen map[*node]bool)
	walk = func(n *node, seen map[*node]bool) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		all = append(all, n)
		walk(n.sub, seen)
		walk(n.stopRule, seen)
		walk(n.nth.ofRule, seen)
		for _, s := range n.list {
			walk(s, seen)
		}
	}
	seen := map[*node]bool{}
	walk(r.root, seen)
	for _, cn := range r.constraints {
		walk(cn.rule, seen)
	}
	var fixed []string
	for _, cn := range r.constraints {
		fixed = append(fixed, "$"+cn.name, "$$$"+cn.name)
	}
	for _, tr := range r.transforms {
		fixed = append(fixed, tr.source)
	}
	fixed = append(fixed, r.fixVars()...)
	return func(rel *node) []string {
		inside := map[*node]bool{}
		var walk2 func(n *node)
		walk2 = func(n *node) {
			if n == nil || inside[n] {
				return
			}
			inside[n] = true
			walk2(n.sub)
			walk2(n.stopRule)
			walk2(n.nth.ofRule)
			for _, s := range n.list {
				walk2(s)
			}
		}
		walk2(rel.sub)
		out := slices.Clone(fixed)
		for _, n := range all {
			if n.op == opPattern && !inside[n] {
				out = union(out, n.pat.Vars())
			}
		}
		return out
	}
}

// fixVars are the metavariables the fix writes.
func (r *Rule) fixVars() []string {
	if r.fix == nil {
		return nil
	}
	return r.fix.Vars()
}

func disjoint(a, b []string) bool {
	for _, x := range a {
		name := strings.TrimLeft(x, "$")
		for _, y := range b {
			if strings.TrimLeft(y, "$") == name {
				return false
			}
		}
	}
	return true
}

// reaches reports whether rule n holds a node of op o.
func reaches(n *node, o op, seen map[*node]bool) bool {
	if n == nil || seen[n] {
		return false
	}
	seen[n] = true
	if n.op == o {
		return true
	}
	if reaches(n.sub, o, seen) || reaches(n.stopRule, o, seen) || reaches(n.nth.ofRule, o, seen) {
		return true
	}
	for _, s := range n.list {
		if reaches(s, o, seen) {
			return true
		}
	}
	return false
}

// potential returns the kinds a node that rule n matches may be, or nil
// for any.
func potential(n *node, l *grammars.Language, seen map[*node]bool) []bool {
	if seen[n] {
		return nil
	}
	seen[n] = true
	defer delete(seen, n)
	switch n.op {
	case opKind:
		return n.kinds
	case opPattern:
		ks := n.pat.Kinds()
		if ks == nil {
			return nil
		}
		set := make([]bool, len(l.Kinds))
		for _, k := range ks {
			set[k] = true
		}
		return set
	case opAll:
		var out []bool
		for _, s := range n.list {
			if ks := potential(s, l, seen); ks != nil {
				if out == nil {
					out = slices.Clone(ks)
					continue
				}
				for i := range out {
					out[i] = out[i] && ks[i]
				}
			}
		}
		return out
	case opAny:
		out := make([]bool, len(l.Kinds))
		for _, s := range n.list {
			ks := potential(s, l, seen)
			if ks == nil {
				return nil
			}
			for i := range out {
				out[i] = out[i] || ks[i]
			}
		}
		return out
	case opMatches:
		if n.sub == nil {
			return nil
		}
		return potential(n.sub, l, seen)
	}
	return nil
}

// checkLabels checks that labels name metavariables the rule binds: a
// label marks what one captured. They are not shown.
func (r *Rule) checkLabels(v value) error {
	fs, err := v.fields()
	if err != nil {
		return err
	}
	for _, f := range fs {
		name := "$" + strings.TrimLeft(f.key, "$")
		if !slices.Contains(r.vars, name) && !slices.Contains(r.vars, "$$"+name) {
			return f.val.errorf("%s is not bound by the rule; it binds %s", name, varList(r.vars))
		}
	}
	return nil
}

// globList reads a list of globs, each checked.
func globList(v value) ([]string, error) {
	items, err := v.list()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, it := range items {
		s, err := it.str()
		if err != nil {
			return nil, err
		}
		g := strings.TrimPrefix(s, "./")
		if g == "" || !doublestar.ValidatePattern(g) {
			return nil, it.errorf("%q is no glob; give one such as src/**/*.ts", s)
		}
		out = append(out, g)
	}
	return out, nil
}

// Applies reports whether the rule runs on the file at path rel
// (relative to the root searched, / separators): it matches one of
// Files, when there are any, and none of Ignores, as in ast-grep.
func (r *Rule) Applies(rel string) bool {
	match := func(globs []string) bool {
		for _, g := range globs {
			if ok, _ := doublestar.Match(g, rel); ok {
				return true
			}
		}
		return false
	}
	return (len(r.Files) == 0 || match(r.Files)) && !match(r.Ignores)
}
