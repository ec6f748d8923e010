package grammars

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestKindsForNamed: a rule's kind means the node where a keyword
// shares its name, as Java's throws keyword and throws clause do.
func TestKindsForNamed(t *testing.T) {
	l := &Language{
		Kinds: []KindInfo{{Name: "throws"}, {Name: "identifier", Named: true}, {Name: "throws", Named: true}},
		TreeSitter: &TreeSitter{Kinds: map[string][]string{
			"clause": {"throws"},
			"none":   {},
		}},
	}
	for _, tc := range []struct {
		name string
		want []Kind
		ok   bool
	}{
		{"throws", []Kind{2}, true},
		{"clause", []Kind{2}, true},
		{"identifier", []Kind{1}, true},
		{"none", nil, true},
		{"missing", nil, false},
	} {
		got, ok := l.KindsFor(tc.name)
		if diff := cmp.Diff(tc.want, got); diff != "" || ok != tc.ok {
			t.Errorf("KindsFor(%q) = %v, %v, want %v, %v (-want +got):\n%s", tc.name, got, ok, tc.want, tc.ok, diff)
		}
	}
}

// TestFieldNotKind: kind:!A|B keeps the children of neither kind, as C's
// sizeof names its operand value unless it is a type.
func TestFieldNotKind(t *testing.T) {
	l := &Language{
		Kinds: []KindInfo{{Name: "sizeof"}, {Name: "("}, {Name: ")"},
			{Name: "sizeof_expression", Named: true}, {Name: "type_descriptor", Named: true}, {Name: "identifier", Named: true}},
		Tokens: 3,
		TreeSitter: &TreeSitter{Fields: map[string]map[string]string{
			"sizeof_expression": {"type": "kind:type_descriptor", "value": "kind:!type_descriptor #1"},
		}},
	}
	// sizeof(T) sizeof x: two expressions under a root, their children
	// as kinds 0-5 say.
	tree := &Tree{Lang: l, Src: []byte("sizeof(T)sizeof x"),
		Nodes: []Node{
			{Kind: 3, Start: 0, End: 17, Parent: NoNode, First: 0, Count: 2},
			{Kind: 3, Start: 0, End: 9, Parent: 0, First: 2, Count: 4},
			{Kind: 3, Start: 9, End: 17, Parent: 0, First: 6, Count: 2},
			{Kind: 0, Start: 0, End: 6, Parent: 1}, {Kind: 1, Start: 6, End: 7, Parent: 1},
			{Kind: 4, Start: 7, End: 8, Parent: 1}, {Kind: 2, Start: 8, End: 9, Parent: 1},
			{Kind: 0, Start: 9, End: 15, Parent: 2}, {Kind: 5, Start: 16, End: 17, Parent: 2},
		},
		Kids: []int32{1, 2, 3, 4, 5, 6, 7, 8},
	}
	for _, tc := range []struct {
		n     int32
		field string
		want  []int32
	}{
		{1, "type", []int32{5}},
		{1, "value", nil},
		{2, "type", nil},
		{2, "value", []int32{8}},
	} {
		if diff := cmp.Diff(tc.want, tree.Field(tc.n, tc.field), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Field(%d, %q) (-want +got):\n%s", tc.n, tc.field, diff)
		}
	}
	if err := FieldSpec("kind:!").Check(); err == nil {
		t.Error(`FieldSpec("kind:!").Check() = nil, want an error`)
	}
}
