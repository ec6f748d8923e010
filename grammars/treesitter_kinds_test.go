package grammars

import (
	"testing"

	"github.com/google/go-cmp/cmp"
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
