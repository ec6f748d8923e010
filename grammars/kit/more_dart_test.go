package kit

import (
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/google/go-cmp/cmp"
)

func TestKindTable(t *testing.T) {
	names := []string{"EOF", "identifier", "(", "if", "else", "call"}
	got := KindTable(names, func(k grammars.Kind) bool { return k == 1 || k >= 5 })
	want := []grammars.KindInfo{
		{Name: "EOF"}, {Name: "identifier", Named: true}, {Name: "("},
		{Name: "if"}, {Name: "else"}, {Name: "call", Named: true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("KindTable (-want +got):\n%s", diff)
	}
}

func TestKeywords(t *testing.T) {
	names := []string{"EOF", "identifier", "(", "if", "else", "call"}
	got := Keywords(names, 3, 4)
	want := map[string]grammars.Kind{"if": 3, "else": 4}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Keywords (-want +got):\n%s", diff)
	}
}
