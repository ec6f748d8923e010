package lspclient

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// TestTail: an error quotes the last lines of a server's stderr, cut to a
// byte budget from a line's start where it can be, else within a line at
// a character's start.
func TestTail(t *testing.T) {
	tests := []struct {
		name string
		in   string
		n    int
		max  int
		want string
	}{
		{"empty", "", 3, 100, ""},
		{"fewer lines", "a\nb\n", 3, 100, "a\nb"},
		{"last lines", "a\nb\nc\nd\n", 2, 100, "c\nd"},
		{"cut at a line", "aaaa\nbbbb\ncccc", 3, 10, "…cccc"},
		{"cut in a line", "abcdefghij", 3, 7, "…ghij"},
		{"cut at a character", "ééééé", 3, 8, "…éé"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tail(tt.in, tt.n, tt.max)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("tail(%q, %d, %d) (-want +got):\n%s", tt.in, tt.n, tt.max, diff)
			}
			if len(got) > tt.max || !utf8.ValidString(got) || strings.Count(got, "\n") >= tt.n {
				t.Errorf("tail(%q, %d, %d) = %q: over its bounds or not UTF-8", tt.in, tt.n, tt.max, got)
			}
		})
	}
}
