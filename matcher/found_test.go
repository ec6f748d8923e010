package matcher

import "testing"

func TestLineIndex(t *testing.T) {
	src := []byte("ab\nçd\n\nx")
	li := NewLineIndex(src)
	for _, tc := range []struct {
		off  uint32
		want Position
	}{
		{0, Position{1, 1}}, {2, Position{1, 3}}, {3, Position{2, 1}}, {5, Position{2, 2}}, {7, Position{3, 1}}, {8, Position{4, 1}},
	} {
		if got := li.position(tc.off); got != tc.want {
			t.Errorf("position(%d) = %v, want %v", tc.off, got, tc.want)
		}
	}
	if got := string(src[li.lineStart(2):li.lineEnd(2)]); got != "çd" {
		t.Errorf("line 2 = %q", got)
	}
	if got := string(src[li.lineStart(4):li.lineEnd(4)]); got != "x" {
		t.Errorf("line 4 = %q", got)
	}
}
