package grammars

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// TreeSitter maps a language's tree to tree-sitter's names, so that a
// rule written for ast-grep, which names tree-sitter's kinds and fields,
// runs on our trees. A kind of theirs spelt as one of ours needs no
// entry; nor does a field no rule can name.
type TreeSitter struct {
	// Kinds maps a tree-sitter kind to the kinds of ours it is, where
	// the names differ or one of theirs is several of ours (Rust's
	// call_expression is our call_expression and method_call_expression).
	// An empty list says the kind has no counterpart here.
	Kinds map[string][]string
	// Fields maps one of our kinds to its fields, by tree-sitter's field
	// name, each a FieldSpec saying which children the field names.
	Fields map[string]map[string]string
}

// A FieldSpec says which children of a node a field names. It is a list
// of terms separated by spaces, each narrowing the node's children in
// turn, which start as its named children:
//
//	anon      its anonymous children instead (an operator)
//	after:X   those after the first child that is X
//	before:X  those before the first child that is X (none when no child is)
//	kind:A|B  those of kind A or B
//	kind:!A|B those of neither kind (C's sizeof value: kind:!type_descriptor)
//	#N        the Nth of those left (1 the first; -1 the last)
//
// X is a kind's name or an anonymous token's text ("else", ";", "block").
// Go's if_statement has condition "before:block #-1", consequence
// "kind:block #1" and alternative "after:else".
type FieldSpec string

// Check reports a spec that does not parse.
func (s FieldSpec) Check() error {
	_, err := s.terms()
	return err
}

type fieldTerm struct {
	op  string // anon, after, before, kind, notkind, nth
	arg []string
	n   int
}

func (s FieldSpec) terms() ([]fieldTerm, error) {
	var out []fieldTerm
	narrowed := false
	for _, w := range strings.Fields(string(s)) {
		op, arg, _ := strings.Cut(w, ":")
		if (op == "after" || op == "before") && narrowed {
			return nil, fmt.Errorf("field spec %q: %s comes before kind: and #N", s, op)
		}
		narrowed = narrowed || op == "kind" || strings.HasPrefix(w, "#")
		switch {
		case w == "anon":
			out = append(out, fieldTerm{op: "anon"})
		case op == "after" || op == "before":
			if arg == "" {
				return nil, fmt.Errorf("field spec %q: %s needs a kind or a token", s, op)
			}
			out = append(out, fieldTerm{op: op, arg: []string{arg}})
		case op == "kind":
			if neg, ok := strings.CutPrefix(arg, "!"); ok {
				op, arg = "notkind", neg
			}
			if arg == "" {
				return nil, fmt.Errorf("field spec %q: kind needs a kind", s)
			}
			out = append(out, fieldTerm{op: op, arg: strings.Split(arg, "|")})
		case strings.HasPrefix(w, "#"):
			n, err := strconv.Atoi(w[1:])
			if err != nil || n == 0 {
				return nil, fmt.Errorf("field spec %q: %s is no position; give #1, #2, … or #-1 for the last", s, w)
			}
			out = append(out, fieldTerm{op: "nth", n: n})
		default:
			return nil, fmt.Errorf("field spec %q: unknown term %q; terms are anon, after:X, before:X, kind:A|B, kind:!A|B and #N", s, w)
		}
	}
	return out, nil
}

// FieldNames returns the tree-sitter field names the language gives
// nodes of kind k's name, in no order.
func (l *Language) FieldNames(kind string) []string {
	if l.TreeSitter == nil {
		return nil
	}
	var out []string
	for name := range l.TreeSitter.Fields[kind] {
		out = append(out, name)
	}
	return out
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
	spec, ok := l.TreeSitter.Fields[t.KindName(n)][name]
	if !ok {
		return nil
	}
	terms, err := FieldSpec(spec).terms()
	if err != nil {
		return nil // the grammar's tests check every spec
	}
	kids := t.Children(n)
	named := true
	lo, hi := 0, len(kids)
	var keep []int32
	filtered := false
	for _, tm := range terms {
		switch tm.op {
		case "anon":
			named = false
		case "after":
			for i := lo; i < hi; i++ {
				if t.isChild(kids[i], tm.arg[0]) {
					lo = i + 1
					break
				}
				if i == hi-1 {
					lo = hi
				}
			}
		case "before":
			end := lo
			for i := lo; i < hi; i++ {
				if t.isChild(kids[i], tm.arg[0]) {
					end = i
					break
				}
			}
			hi = end
		case "kind", "notkind", "nth":
			if !filtered {
				keep = t.pick(kids[lo:hi], named)
				filtered = true
			}
			if tm.op != "nth" {
				out := keep[:0:0]
				for _, k := range keep {
					if slices.Contains(tm.arg, t.KindName(k)) == (tm.op == "kind") {
						out = append(out, k)
					}
				}
				keep = out
				continue
			}
			i := tm.n - 1
			if tm.n < 0 {
				i = len(keep) + tm.n
			}
			if i < 0 || i >= len(keep) {
				return nil
			}
			keep = keep[i : i+1]
		}
	}
	if !filtered {
		keep = t.pick(kids[lo:hi], named)
	}
	return keep
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

// TreeSitterKinds returns the tree-sitter kinds that name our kind k:
// k itself unless a map entry takes it, and every kind of theirs mapped
// to it.
func (l *Language) TreeSitterKinds(k string) []string {
	var out []string
	taken := false
	if l.TreeSitter != nil {
		for theirs, ours := range l.TreeSitter.Kinds {
			for _, o := range ours {
				if o == k {
					out = append(out, theirs)
				}
			}
			if theirs == k {
				taken = true
			}
		}
	}
	if !taken {
		out = append(out, k)
	}
	return out
}

// KindsFor returns our kinds that a rule's kind name means: tree-sitter's
// name mapped, or one of ours. ok is false when the language has no such
// kind.
func (l *Language) KindsFor(name string) (kinds []Kind, ok bool) {
	if l.TreeSitter != nil {
		if ours, mapped := l.TreeSitter.Kinds[name]; mapped {
			for _, o := range ours {
				if k, ok := l.namedKind(o); ok {
					kinds = append(kinds, k)
				}
			}
			return kinds, true
		}
	}
	if k, ok := l.namedKind(name); ok {
		return []Kind{k}, true
	}
	return nil, false
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
