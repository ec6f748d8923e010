package lspclient

import "testing"

// TestJournal: a diagnostic is new once; one that moved is not new; one
// more copy of a message is; one that went away and came back is new
// again.
func TestJournal(t *testing.T) {
	d := func(line int, msg string) Diagnostic {
		return Diagnostic{Severity: 1, Message: msg, Range: Range{Start: Position{Line: line}}}
	}
	j := NewJournal()
	if j.Has("a.go") {
		t.Fatal("an empty journal has a.go")
	}
	j.Known("a.go", []Diagnostic{d(1, "unused x")})
	j.Known("a.go", nil) // the journal had it: no change
	steps := []struct {
		now  []Diagnostic
		want int
	}{
		{[]Diagnostic{d(1, "unused x")}, 0},
		{[]Diagnostic{d(5, "unused x")}, 0},                       // moved
		{[]Diagnostic{d(5, "unused x"), d(9, "unused x")}, 1},     // one more copy
		{[]Diagnostic{d(5, "unused x"), d(2, "undefined: y")}, 1}, // a new message
		{nil, 0},
		{[]Diagnostic{d(2, "undefined: y")}, 1}, // gone and back
	}
	for i, s := range steps {
		if got := j.Update("a.go", s.now); len(got) != s.want {
			t.Errorf("step %d: %d new, want %d: %v", i, len(got), s.want, got)
		}
	}
	if !j.Has("a.go") {
		t.Error("the journal lost a.go")
	}
}
