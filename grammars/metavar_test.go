package grammars

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMetavar(t *testing.T) {
	type res struct {
		Len         int
		Name        string
		Multi, Meta bool
	}
	tests := []struct {
		text string
		want res
	}{
		{"$X", res{2, "X", false, true}},
		{"$ARG1", res{5, "ARG1", false, true}},
		{"$_", res{2, "", false, true}},
		{"$_X", res{3, "_X", false, true}},
		{"$$$", res{3, "", true, true}},
		{"$$$ARGS", res{7, "ARGS", true, true}},
		{"$$$_", res{4, "", true, true}},
		// Ordinary code where a language allows it.
		{"$", res{0, "", false, false}},
		{"$el", res{0, "", false, false}},
		{"$1", res{0, "", false, false}},
		{"$$X", res{0, "", false, false}},
		{"$$x", res{0, "", false, false}},
		// A metavariable followed by more: MetavarLen stops at its end;
		// as a whole token it is none.
		{"$Xy", res{2, "", false, false}},
		{"$$$args", res{3, "", false, false}},
		{"$X.y", res{2, "", false, false}},
	}
	for _, tc := range tests {
		name, multi, ok := Metavar(tc.text)
		got := res{MetavarLen(tc.text), name, multi, ok}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.text, diff)
		}
	}
}
