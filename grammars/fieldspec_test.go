package grammars

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// specTree builds a tree of one node, spec, whose children are the
// words of src: a word that starts with a letter or a digit is named (an
// identifier or a number), any other an anonymous token.
func specTree(src string, fields map[string]string) *Tree {
	l := &Language{
		Kinds:      []KindInfo{{Name: "spec", Named: true}, {Name: "identifier", Named: true}, {Name: "number", Named: true}},
		TreeSitter: &TreeSitter{Fields: map[string]map[string]string{"spec": fields}},
	}
	tree := &Tree{Lang: l, Src: []byte(src), Nodes: []Node{{End: uint32(len(src)), Parent: NoNode}}}
	off := 0
	for _, w := range strings.Fields(src) {
		start := strings.Index(src[off:], w) + off
		off = start + len(w)
		var k Kind
		switch {
		case w[0] >= 'a' && w[0] <= 'z':
			k = 1
		case w[0] >= '0' && w[0] <= '9':
			k = 2
		default:
			k = Kind(len(l.Kinds))
			l.Kinds = append(l.Kinds, KindInfo{Name: w})
		}
		tree.Kids = append(tree.Kids, int32(len(tree.Nodes)))
		tree.Nodes = append(tree.Nodes, Node{Kind: k, Start: uint32(start), End: uint32(off)})
	}
	tree.Nodes[0].Count = int32(len(tree.Kids))
	return tree
}

// TestFieldSpec: each term of a field spec picks the children it says,
// on Go's var spec (names and type siblings, the type the one right
// after a name) and others.
func TestFieldSpec(t *testing.T) {
	for _, tc := range []struct {
		src, spec string
		want      []string
	}{
		{"a , b int = 1", "upto:= pre:!identifier", []string{"a", "b"}},
		{"a , b int = 1", "upto:= pre:identifier", []string{"int"}},
		{"a , b = 1", "upto:= pre:identifier", nil},
		{"a , b int", "upto:= pre:identifier", []string{"int"}},
		{"a , b int", "upto:= pre:!identifier", []string{"a", "b"}},
		{"a , b int = 1", "after:=", []string{"1"}},
		{"a , b int", "before:=", nil},
		{"a , b int", "upto:=", []string{"a", "b", "int"}},
		{"a , b int", "#1..-2", []string{"a", "b"}},
		{"int", "#1..-2", nil},
		{"int", "#-1", []string{"int"}},
		{"a b c d", "#2..3", []string{"b", "c"}},
		{"a b c d", "#-2..-1", []string{"c", "d"}},
		{"a b c d", "#3..2", nil},
		{"a b c d", "#2..9", []string{"b", "c", "d"}},
		{"a 1 b 2", "kind:!identifier", []string{"1", "2"}},
		{"a 1 b 2", "kind:identifier #-1", []string{"b"}},
		{"a : 1 , b : 2", "pre:!:", []string{"a", "b"}},
		{"a : 1 , b : 2", "pre::", []string{"1", "2"}},
		{"a + b", "anon #1", []string{"+"}},
		{"a ; b ; c", "after:; after:;", []string{"c"}},
		{"a ; b ; c", "after:; before:;", []string{"b"}},
	} {
		tree := specTree(tc.src, map[string]string{"f": tc.spec})
		var got []string
		for _, c := range tree.Field(tree.Root, "f") {
			got = append(got, tree.Text(c))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q of %q (-want +got):\n%s", tc.spec, tc.src, diff)
		}
	}
}

// TestFieldSpecCheck: a spec that does not parse says why.
func TestFieldSpecCheck(t *testing.T) {
	for _, tc := range []struct {
		spec, err string
	}{
		{"upto:= pre:!identifier kind:!a|b #1..-2", ""},
		{"!after:x", "unknown term"},
		{"kind:a upto:b", "upto comes before kind:, pre: and #N"},
		{"pre:a after:b", "after comes before kind:, pre: and #N"},
		{"#0..2", "is no position"},
		{"#1..x", "is no position"},
		{"pre:", "pre needs a kind or a token"},
	} {
		err := FieldSpec(tc.spec).Check()
		if got := ""; err != nil && !strings.Contains(err.Error(), tc.err) || err == nil && tc.err != "" {
			if err != nil {
				got = err.Error()
			}
			t.Errorf("Check(%q) = %q, want an error saying %q", tc.spec, got, tc.err)
		}
	}
}
