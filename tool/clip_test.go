package tool

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// TestCallClipsErrors: an error message is cut to clip.MaxText bytes; a
// tool's output that failed, with its structured part, is left whole; so
// is a success.
func TestCallClipsErrors(t *testing.T) {
	long := strings.Repeat("x", 10_000)
	d := NewDispatcher(Policy{Default: Allow})
	for name, res := range map[string]Result{
		"message": Errorf("bad: %s", long),
		"output":  {Content: []Content{{Type: "text", Text: long}}, Structured: map[string]any{"truncated": true}, IsError: true},
		"success": Text(long),
	} {
		if err := d.Add(&Tool{Name: name, Level: Read, InputSchema: &jsonschema.Schema{Type: "object"},
			Handler: func(context.Context, json.RawMessage) (Result, error) { return res, nil }}); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		max  int
	}{
		{"message", 2000},
		{"output", 10_000},
		{"success", 10_000},
		{strings.Repeat("n", 1<<20), 2000}, // an unknown tool's name, echoed cut
	} {
		res, err := d.Call(context.Background(), Full, tc.name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(res.TextContent()); n > tc.max || tc.max == 10_000 && n != tc.max {
			t.Errorf("%.20s: %d bytes of text, want %d at most (and whole when not a message)", tc.name, n, tc.max)
		}
	}
}
