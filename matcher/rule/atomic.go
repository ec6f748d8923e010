package rule

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/agenttools/agenttools/grammars"
)

// An nthChild is a position among a node's named siblings, 1 the first:
// those An+B for some n ≥ 0, counted from the end when reverse, among
// the siblings ofRule matches when it is set.
type nthChild struct {
	a, b    int
	reverse bool
	ofRule  *node
}

// holds reports whether position i (1-based) is one of nc's.
func (nc nthChild) holds(i int) bool {
	if nc.a == 0 {
		return i == nc.b
	}
	d := i - nc.b
	return d%nc.a == 0 && d/nc.a >= 0
}

func (c *compiler) nthChild(v value, u *utils) (*node, error) {
	n := &node{op: opNth, path: v.path}
	if v.n.Kind != yaml.MappingNode { // a number or a formula
		f, err := formula(v)
		if err != nil {
			return nil, err
		}
		n.nth = f
		return c.add(n), nil
	}
	fs, err := v.fields("position", "ofRule", "reverse")
	if err != nil {
		return nil, err
	}
	havePos := false
	for _, fl := range fs {
		switch fl.key {
		case "position":
			f, err := formula(fl.val)
			if err != nil {
				return nil, err
			}
			n.nth.a, n.nth.b, havePos = f.a, f.b, true
		case "ofRule":
			r, err := c.rule(fl.val, u)
			if err != nil {
				return nil, err
			}
			n.nth.ofRule = r
		case "reverse":
			b, err := fl.val.bool()
			if err != nil {
				return nil, err
			}
			n.nth.reverse = b
		}
	}
	if !havePos {
		return nil, v.errorf("nthChild needs a position")
	}
	return c.add(n), nil
}

// formula reads a position: a number from 1, or An+B (2n+1, -n+3, n).
func formula(v value) (nthChild, error) {
	s, err := v.str()
	if err != nil {
		return nthChild{}, err
	}
	f, err := formulaText(s)
	if err != nil {
		return f, v.errorf("%v", err)
	}
	return f, nil
}

// formulaText reads a position's text.
func formulaText(s string) (nthChild, error) {
	bad := func(why string) (nthChild, error) {
		return nthChild{}, fmt.Errorf("%s: %s; give a position from 1, or a formula An+B such as 2n+1", s, why)
	}
	t := strings.ReplaceAll(s, " ", "")
	switch t {
	case "odd":
		return nthChild{a: 2, b: 1}, nil
	case "even":
		return nthChild{a: 2, b: 0}, nil
	}
	i := strings.IndexAny(t, "nN")
	if i < 0 {
		b, err := strconv.Atoi(t)
		if err != nil {
			return bad("not a number or a formula")
		}
		if b < 1 {
			return bad("positions start at 1")
		}
		return nthChild{b: b}, nil
	}
	var f nthChild
	switch as := t[:i]; as {
	case "", "+":
		f.a = 1
	case "-":
		f.a = -1
	default:
		a, err := strconv.Atoi(as)
		if err != nil {
			return bad("the factor before n is not a number")
		}
		f.a = a
	}
	if rest := t[i+1:]; rest != "" {
		if rest[0] != '+' && rest[0] != '-' {
			return bad("what follows n must be +B or -B")
		}
		b, err := strconv.Atoi(rest)
		if err != nil {
			return bad("the offset after n is not a number")
		}
		f.b = b
	}
	return f, nil
}

// A rangeSpec is a node's exact range: lines and columns from 0, the
// columns in characters; a column of -1 is any.
type rangeSpec struct {
	startLine, startCol, endLine, endCol int
}

func (c *compiler) rangeRule(v value) (*node, error) {
	fs, err := v.fields("start", "end")
	if err != nil {
		return nil, err
	}
	n := &node{op: opRange, path: v.path}
	seen := 0
	for _, f := range fs {
		ps, err := f.val.fields("line", "column")
		if err != nil {
			return nil, err
		}
		line, col := -1, -1
		for _, p := range ps {
			x, err := p.val.int()
			if err != nil {
				return nil, err
			}
			if x < 0 {
				return nil, p.val.errorf("%d: lines and columns count from 0", x)
			}
			if p.key == "line" {
				line = x
			} else {
				col = x
			}
		}
		if line < 0 {
			return nil, f.val.errorf("give a line (and a column, or none for any)")
		}
		if f.key == "start" {
			n.rng.startLine, n.rng.startCol = line, col
		} else {
			n.rng.endLine, n.rng.endCol = line, col
		}
		seen++
	}
	if seen != 2 {
		return nil, v.errorf("a range needs start and end")
	}
	r := n.rng
	if r.endLine < r.startLine || r.endLine == r.startLine && r.startCol >= 0 && r.endCol >= 0 && r.endCol < r.startCol {
		return nil, v.errorf("the range ends before it starts")
	}
	return c.add(n), nil
}

// nearestKinds lists, for an error, the kinds of l nearest to name.
func nearestKinds(l *grammars.Language, name string) string {
	var names []string
	for _, k := range l.Kinds[l.Tokens:] {
		if k.Named {
			names = append(names, k.Name)
		}
	}
	if l.TreeSitter != nil {
		for theirs := range l.TreeSitter.Kinds {
			names = append(names, theirs)
		}
	}
	return nearest(name, names)
}

// nearestFields lists, for an error, the fields of l nearest to name.
func nearestFields(l *grammars.Language, name string) string {
	var names []string
	if l.TreeSitter != nil {
		for _, fs := range l.TreeSitter.Fields {
			for f := range fs {
				names = append(names, f)
			}
		}
	}
	if len(names) == 0 {
		return " (no fields are mapped for it yet)"
	}
	return nearest(name, names)
}

// nearest returns "; nearest: a, b, c", the five of names closest to
// name by edit distance.
func nearest(name string, names []string) string {
	slices.Sort(names)
	names = slices.Compact(names)
	type scored struct {
		s string
		d int
	}
	var all []scored
	for _, n := range names {
		d := distance(name, n)
		if strings.Contains(n, name) || strings.Contains(name, n) {
			d = min(d, 2)
		}
		all = append(all, scored{n, d})
	}
	slices.SortStableFunc(all, func(a, b scored) int { return a.d - b.d })
	var out []string
	for i := 0; i < len(all) && i < 5; i++ {
		out = append(out, all[i].s)
	}
	if len(out) == 0 {
		return ""
	}
	return fmt.Sprintf("; nearest: %s", strings.Join(out, ", "))
}

// distance is the edit distance of a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
