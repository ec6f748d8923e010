package grammars

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// TreeSitter maps a language's tree to tree-sitter's names, so that a
// rule written for ast-grep, which names tree-sitter's kinds and fields,
// runs on our trees. A kind of theirs spelt as one of ours needs no
// entry; nor does a field no rule can name.
type TreeSitter struct {
	// Kinds maps a tree-sitter kind to the kinds of ours it is, where
	// the names differ or one of theirs is several of ours (Rust's
	// call_expression is our call_expression and method_call_expression).
	// An empty list says the kind has no counterpart here. An entry may
	// narrow one of ours by where the node stands or what it says (see
	// KindRef): Go's field_identifier is "identifier/selector_expression.field",
	// its nil "identifier=nil".
	Kinds map[string][]string
	// Fields maps one of our kinds to its fields, by tree-sitter's field
	// name, each a FieldSpec saying which children the field names.
	Fields map[string]map[string]string

	// terms are Fields' specs read once, as Field is asked at every node
	// a field rule looks at.
	once  sync.Once
	terms map[string]map[string][]fieldTerm
}

// parsed returns the terms of our kind's field, read on first use. A
// spec that does not parse has none (the grammars' tests check each).
func (ts *TreeSitter) parsed(kind, field string) ([]fieldTerm, bool) {
	ts.once.Do(func() {
		ts.terms = make(map[string]map[string][]fieldTerm, len(ts.Fields))
		for k, fs := range ts.Fields {
			ts.terms[k] = make(map[string][]fieldTerm, len(fs))
			for name, spec := range fs {
				if terms, err := FieldSpec(spec).terms(); err == nil {
					ts.terms[k][name] = terms
				}
			}
		}
	})
	terms, ok := ts.terms[kind][field]
	return terms, ok
}

// A FieldSpec says which children of a node a field names. It is a list
// of terms separated by spaces, each narrowing the node's children in
// turn, which start as its named children:
//
//	anon      its anonymous children instead (an operator)
//	after:X   those after the first child that is X
//	before:X  those before the first child that is X (none when no child is)
//	upto:X    those before the first child that is X (all when no child is)
//	kind:A|B  those of kind A or B
//	kind:!A|B those of neither kind (C's sizeof value: kind:!type_descriptor)
//	pre:X     those whose previous sibling is X; pre:!X those whose is not
//	#N        the Nth of those left (1 the first; -1 the last)
//	#N..M     the Nth to the Mth of those left (none when M comes before N)
//
// X is a kind's name or an anonymous token's text ("else", ";", "block").
// Go's if_statement has condition "before:block #-1", consequence
// "kind:block #1" and alternative "after:else". Its var_spec, whose
// names and type are siblings (a, b int = 1, 2), has name
// "upto:= pre:!identifier", type "upto:= pre:identifier" and value
// "after:="; its parameter_declaration, whose type comes last and may
// stand alone, has name "#1..-2" and type "#-1".
type FieldSpec string

// Check reports a spec that does not parse.
func (s FieldSpec) Check() error {
	_, err := s.terms()
	return err
}

type fieldTerm struct {
	op   string // anon, after, before, upto, kind, pre, nth
	not  bool   // kind:!A|B, pre:!X
	arg  []string
	n, m int // nth: the Nth to the Mth
}

// positional reports whether a term of op narrows the children by
// position, which the terms that filter them come after.
func positional(op string) bool { return op == "after" || op == "before" || op == "upto" }

func (s FieldSpec) terms() ([]fieldTerm, error) {
	var out []fieldTerm
	narrowed := false
	for _, w := range strings.Fields(string(s)) {
		op, arg, _ := strings.Cut(w, ":")
		if positional(op) && narrowed {
			return nil, fmt.Errorf("field spec %q: %s comes before kind:, pre: and #N", s, op)
		}
		narrowed = narrowed || op == "kind" || op == "pre" || strings.HasPrefix(w, "#")
		switch {
		case w == "anon":
			out = append(out, fieldTerm{op: "anon"})
		case positional(op):
			if arg == "" {
				return nil, fmt.Errorf("field spec %q: %s needs a kind or a token", s, op)
			}
			out = append(out, fieldTerm{op: op, arg: []string{arg}})
		case op == "kind" || op == "pre":
			neg, not := strings.CutPrefix(arg, "!")
			if neg == "" && op == "kind" {
				return nil, fmt.Errorf("field spec %q: kind needs a kind", s)
			}
			if neg == "" {
				return nil, fmt.Errorf("field spec %q: pre needs a kind or a token", s)
			}
			args := []string{neg}
			if op == "kind" {
				args = strings.Split(neg, "|")
			}
			out = append(out, fieldTerm{op: op, not: not, arg: args})
		case strings.HasPrefix(w, "#"):
			from, to, isRange := strings.Cut(w[1:], "..")
			n, err := strconv.Atoi(from)
			m := n
			if err == nil && isRange {
				m, err = strconv.Atoi(to)
			}
			if err != nil || n == 0 || m == 0 {
				return nil, fmt.Errorf("field spec %q: %s is no position; give #1, #2, … or #-1 for the last, or #1..-2 for a run", s, w)
			}
			out = append(out, fieldTerm{op: "nth", n: n, m: m})
		default:
			return nil, fmt.Errorf("field spec %q: unknown term %q; terms are anon, after:X, before:X, upto:X, kind:A|B, kind:!A|B, pre:X, pre:!X, #N and #N..M", s, w)
		}
	}
	return out, nil
}

// HasField reports whether some kind of the language has the field name.
func (l *Language) HasField(name string) bool {
	if l.TreeSitter == nil {
		return false
	}
	for _, fs := range l.TreeSitter.Fields {
		if _, ok := fs[name]; ok {
			return true
		}
	}
	return false
}

// Field returns the children of node n that its field name names, in
// order: none when n's kind has no such field or the node leaves it out.
func (t *Tree) Field(n int32, name string) []int32 {
	l := t.Lang
	if l.TreeSitter == nil {
		return nil
	}
	terms, ok := l.TreeSitter.parsed(t.KindName(n), name)
	if !ok {
		return nil
	}
	kids := t.Children(n)
	named := true
	lo, hi := 0, len(kids)
	var keep []int32
	filtered := false
	for _, tm := range terms {
		if tm.op == "anon" {
			named = false
			continue
		}
		if positional(tm.op) {
			lo, hi = t.position(kids, lo, hi, tm)
			continue
		}
		if !filtered {
			keep = t.pick(kids[lo:hi], named)
			filtered = true
		}
		if tm.op != "nth" {
			out := keep[:0:0]
			for _, k := range keep {
				if t.holds(kids, k, tm) != tm.not {
					out = append(out, k)
				}
			}
			keep = out
			continue
		}
		i, j := tm.n-1, tm.m-1
		if tm.n < 0 {
			i = len(keep) + tm.n
		}
		if tm.m < 0 {
			j = len(keep) + tm.m
		}
		if tm.n == tm.m && (i < 0 || i >= len(keep)) {
			return nil
		}
		i, j = max(i, 0), min(j, len(keep)-1)
		if i > j {
			return nil
		}
		keep = keep[i : j+1]
	}
	if !filtered {
		keep = t.pick(kids[lo:hi], named)
	}
	return keep
}

// position narrows the children left, kids[lo:hi], by the term tm:
// after:X, before:X or upto:X.
func (t *Tree) position(kids []int32, lo, hi int, tm fieldTerm) (int, int) {
	at := hi // the first child that is X; hi when none is
	for i := lo; i < hi; i++ {
		if t.isChild(kids[i], tm.arg[0]) {
			at = i
			break
		}
	}
	switch {
	case tm.op == "after":
		return min(at+1, hi), hi
	case tm.op == "before" && at == hi:
		return lo, lo
	}
	return lo, at
}

// holds reports whether child k of kids is what the filter tm asks,
// kind:A|B or pre:X, its ! aside.
func (t *Tree) holds(kids []int32, k int32, tm fieldTerm) bool {
	if tm.op == "kind" {
		return slices.Contains(tm.arg, t.KindName(k))
	}
	i := slices.Index(kids, k)
	return i > 0 && t.isChild(kids[i-1], tm.arg[0])
}

// pick returns the named children of kids, or the anonymous ones.
func (t *Tree) pick(kids []int32, named bool) []int32 {
	var out []int32
	for _, k := range kids {
		if t.Named(k) == named {
			out = append(out, k)
		}
	}
	return out
}

// isChild reports whether child c is x: of kind x, or the token x.
func (t *Tree) isChild(c int32, x string) bool {
	return t.KindName(c) == x || !t.Named(c) && t.Text(c) == x
}

// FieldOf returns the name of the field of its parent that node n is in,
// "" when it is in none.
func (t *Tree) FieldOf(n int32) string {
	p := t.Nodes[n].Parent
	if p == NoNode || t.Lang.TreeSitter == nil {
		return ""
	}
	for name := range t.Lang.TreeSitter.Fields[t.KindName(p)] {
		for _, c := range t.Field(p, name) {
			if c == n {
				return name
			}
		}
	}
	return ""
}

// TreeSitterKinds returns the tree-sitter kinds node n is: its kind's
// name unless a map entry takes that name, and every kind of theirs
// whose entry holds at n (identifier and field_identifier, for a
// selector's field in Go).
func (t *Tree) TreeSitterKinds(n int32) []string {
	k := t.KindName(n)
	var out []string
	taken := false
	if ts := t.Lang.TreeSitter; ts != nil {
		for theirs, ours := range ts.Kinds {
			if theirs == k {
				taken = true
			}
			for _, o := range ours {
				r := ParseKindRef(o)
				if r.Name != k || slices.Contains(out, theirs) {
					continue
				}
				if r.Kind, _ = t.Lang.namedKind(r.Name); t.Is(n, []KindRef{r}) {
					out = append(out, theirs)
				}
			}
		}
	}
	if !taken && !slices.Contains(out, k) {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// KindsFor returns our kinds that a rule's kind name means: tree-sitter's
// name mapped, or one of ours. ok is false when the language has no such
// kind.
//
// Where an entry narrows a kind of ours by place or text, the kind is
// returned all the same: KindRefs says which of its nodes are meant.
func (l *Language) KindsFor(name string) (kinds []Kind, ok bool) {
	refs, ok := l.KindRefs(name)
	for _, r := range refs {
		if !slices.Contains(kinds, r.Kind) {
			kinds = append(kinds, r.Kind)
		}
	}
	return kinds, ok
}

// A KindRef is one of our kinds that a tree-sitter kind is, perhaps only
// where a node of it stands in a given place, or says a given text. It is
// written Name, Name/Parent or Name/Parent.Field, then perhaps =Text or
// !=Text: identifier/import_spec.name=_ is the _ of import _ "embed". A
// parent @block is any of the language's Blocks: call_expression/@block
// is a call that stands as a statement.
type KindRef struct {
	Name    string
	Kind    Kind
	Parent  string // the kind of the node's parent ("" any)
	Field   string // the field of the parent the node is in ("" any)
	Text    string // the node's text ("" any)
	NotText bool   // the node's text is anything but Text
}

// ParseKindRef reads an entry of TreeSitter.Kinds; its Kind is not set.
func ParseKindRef(s string) KindRef {
	var r KindRef
	if i := strings.IndexByte(s, '='); i > 0 {
		s, r.Text = s[:i], s[i+1:]
		if strings.HasSuffix(s, "!") {
			s, r.NotText = s[:len(s)-1], true
		}
	}
	name, place, _ := strings.Cut(s, "/")
	r.Name = name
	r.Parent, r.Field, _ = strings.Cut(place, ".")
	return r
}

// Narrow reports whether the ref holds only some nodes of its kind.
func (r KindRef) Narrow() bool { return r.Parent != "" || r.Text != "" }

// KindRefs returns what a rule's kind name means: tree-sitter's name
// mapped, or one of ours. ok is false when the language has no such
// kind.
func (l *Language) KindRefs(name string) (refs []KindRef, ok bool) {
	if l.TreeSitter != nil {
		if ours, mapped := l.TreeSitter.Kinds[name]; mapped {
			for _, o := range ours {
				r := ParseKindRef(o)
				if k, ok := l.namedKind(r.Name); ok {
					r.Kind = k
					refs = append(refs, r)
				}
			}
			return refs, true
		}
	}
	if k, ok := l.namedKind(name); ok {
		return []KindRef{{Name: name, Kind: k}}, true
	}
	return nil, false
}

// standsAsStatement reports whether node n stands where a statement
// does: in one of the language's Blocks or an else clause, in no field
// but a body (not a switch case's value); or as the body of a statement
// (if (a) b();).
func (t *Tree) standsAsStatement(n int32) bool {
	p := t.Nodes[n].Parent
	if p == NoNode {
		return false
	}
	k, f := t.KindName(p), t.FieldOf(n)
	switch {
	case slices.Contains(t.Lang.Blocks, k), k == "else_clause":
		return f == "" || f == "body"
	case slices.Contains(t.Lang.BodyParents, k) || strings.HasSuffix(k, "_statement"):
		return f == "body" || f == "consequence" || f == "alternative"
	}
	return false
}

// Is reports whether node n is one of refs.
func (t *Tree) Is(n int32, refs []KindRef) bool {
	k := t.Nodes[n].Kind
	for _, r := range refs {
		if r.Kind != k {
			continue
		}
		if r.Text != "" && (t.Text(n) == r.Text) == r.NotText {
			continue
		}
		if r.Parent == "@block" {
			if !t.standsAsStatement(n) {
				continue
			}
		} else if r.Parent != "" {
			p := t.Nodes[n].Parent
			if p == NoNode || t.KindName(p) != r.Parent {
				continue
			}
			if r.Field != "" && !slices.Contains(t.Field(p, r.Field), n) {
				continue
			}
		}
		return true
	}
	return false
}

// namedKind returns the kind of that name, the named one where a keyword
// shares a node's name (Java's throws), as a rule's kind means the node.
func (l *Language) namedKind(name string) (Kind, bool) {
	for i, k := range l.Kinds {
		if k.Name == name && k.Named {
			return Kind(i), true
		}
	}
	return l.KindByName(name)
}
