// Package outline owns the declarations of a file as our own grammars see
// them: its functions, methods, types, classes and their members, nested
// as declared, read from a grammars.Tree by per-language tables of node
// kinds (tables.go); and a search of a workspace's declarations by name
// (search.go). It is what the lsp tool answers from where no language
// server can run: less than a server knows (no types, no references), but
// always there.
package outline

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
)

// A Decl is one declaration of a file.
type Decl struct {
	Name string `json:"name"`
	// Kind is what it declares, in the words of LSP's symbol kinds where
	// one fits: function, method, constructor, class, struct, interface,
	// enum, type, module, namespace, impl, macro, property.
	Kind string `json:"kind"`
	// Line and Column are where its name stands (1-based; Column counts
	// characters), as a server's selection range is; StartLine and
	// EndLine span the whole declaration (1-based, inclusive).
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Children  []Decl `json:"children,omitempty"`
}

// Supported reports whether the outline has a table for language id.
func Supported(id string) bool { _, ok := tables[id]; return ok }

// Of returns the declarations of a parsed file, in file order, nested
// ones among their parent's Children; nil for a language without a table.
func Of(t *grammars.Tree) []Decl {
	tab, ok := tables[t.Lang.ID]
	if !ok || len(t.Nodes) == 0 {
		return nil
	}
	o := &outliner{t: t, tab: tab}
	for i, c := range t.Src {
		if c == '\n' {
			o.lines = append(o.lines, uint32(i+1))
		}
	}
	var out []Decl
	for _, c := range t.Children(t.Root) {
		out = o.walk(c, "", out)
	}
	return out
}

type outliner struct {
	t     *grammars.Tree
	tab   *table
	lines []uint32 // offsets where the second, third, … lines start
}

// walk adds the declarations at and under node n to out. parent is the
// kind of the declaration they sit in ("" at the top), which makes a
// function a method.
func (o *outliner) walk(n int32, parent string, out []Decl) []Decl {
	t := o.t
	if t.IsLeaf(n) {
		return out
	}
	r, ok := o.tab.rules[t.KindName(n)]
	if ok && r.needs != "" && o.child(n, r.needs, false) < 0 {
		ok = false
	}
	var name int32 = -1
	if ok {
		name = o.name(n, r)
	}
	if name < 0 {
		for _, c := range t.Children(n) {
			out = o.walk(c, parent, out)
		}
		return out
	}
	d := Decl{Name: strings.Join(strings.Fields(o.text(n, name, r)), " "), Kind: r.kind}
	for k, v := range r.byChild {
		if o.child(n, k, false) >= 0 {
			d.Kind = v
		}
	}
	if d.Kind == "function" && slices.Contains(typeKinds, parent) {
		d.Kind = "method"
	}
	start := t.Nodes[n].Start
	if p := t.Nodes[n].Parent; p != grammars.NoNode && slices.Contains(o.tab.wrappers, t.KindName(p)) {
		start = t.Nodes[p].Start // a decorator is part of what it decorates
	}
	d.StartLine, _ = o.pos(start)
	d.EndLine, _ = o.pos(max(t.Nodes[n].End, start+1) - 1)
	d.Line, d.Column = o.pos(t.Nodes[name].Start)
	var kids []Decl
	for _, c := range t.Children(n) {
		kids = o.walk(c, d.Kind, kids)
	}
	if r.flat {
		return append(append(out, d), kids...)
	}
	d.Children = kids
	return append(out, d)
}

// typeKinds are the declarations a function declared in is a method of.
var typeKinds = []string{"class", "struct", "interface", "enum", "impl", "mixin", "extension", "union"}

// name returns the node that names declaration n, or -1 when it has none
// (an anonymous struct), which makes n no declaration.
func (o *outliner) name(n int32, r rule) int32 {
	t := o.t
	switch {
	case r.name == "":
		if f := t.Field(n, "name"); len(f) > 0 {
			return f[0]
		}
		return -1
	case r.name == "header":
		return n
	case r.name == "declarator":
		return o.declarator(n)
	}
	return o.child(n, strings.TrimPrefix(r.name, "kind:"), false)
}

// text is the name's text: for a header, the node's text before its
// body, from its keyword on, the keyword left out (Display for Point).
func (o *outliner) text(n, name int32, r rule) string {
	t := o.t
	if r.name != "header" {
		return t.Text(name)
	}
	end := t.Nodes[n].End
	if b := o.child(n, r.body, false); b >= 0 {
		end = t.Nodes[b].Start
	}
	header := strings.Fields(string(t.Src[t.Nodes[n].Start:end]))
	for i, w := range header {
		if w == r.kind || strings.HasPrefix(w, r.kind+"<") {
			// The keyword is the kind, written beside the name already:
			// unsafe impl<T> Send for Box<T> is an impl named <T> Send for Box<T>.
			header[i] = strings.TrimPrefix(w, r.kind)
			header = header[i:]
			break
		}
	}
	return strings.Join(header, " ")
}

// child returns the first (or last) child of n of one of kinds ("A|B"),
// or -1.
func (o *outliner) child(n int32, kinds string, last bool) int32 {
	kids := o.t.Children(n)
	found := int32(-1)
	for _, c := range kids {
		if inList(kinds, o.t.KindName(c)) {
			if !last {
				return c
			}
			found = c
		}
	}
	return found
}

func inList(list, kind string) bool {
	for list != "" {
		var k string
		k, list, _ = strings.Cut(list, "|")
		if k == kind {
			return true
		}
	}
	return false
}

// declarator follows C's declarators from a declaration to the name it
// declares: the last of its children that is a declarator or a name
// (the type comes first), then down each declarator's first.
func (o *outliner) declarator(n int32) int32 {
	t := o.t
	cur := n
	for depth := 0; depth < 32; depth++ {
		var next int32 = -1
		for _, c := range t.Children(cur) {
			k := t.KindName(c)
			if !strings.HasSuffix(k, "_declarator") && !inList(cNames, k) {
				continue
			}
			next = c
			if cur != n {
				break // inside a declarator, the name comes first
			}
		}
		if next < 0 {
			return -1
		}
		if inList(cNames, t.KindName(next)) {
			return next
		}
		cur = next
	}
	return -1
}

// cNames are the kinds that name what a C or C++ declarator declares.
const cNames = "identifier|field_identifier|type_identifier|qualified_identifier|destructor_name|operator_name|template_function"

// pos returns the 1-based line and column (in characters) of offset off.
func (o *outliner) pos(off uint32) (line, col int) {
	i := sort.Search(len(o.lines), func(i int) bool { return o.lines[i] > off })
	lineStart := uint32(0)
	if i > 0 {
		lineStart = o.lines[i-1]
	}
	return i + 1, utf8.RuneCount(o.t.Src[lineStart:off]) + 1
}
