package tools

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
)

// stdJSON is what encoding/json writes for v with HTML escaping off.
func stdJSON(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// TestWriteJSON: a result written piece by piece is byte for byte what
// encoding/json writes for it whole, escapes, invalid UTF-8 and a text
// rendered in pieces that cut characters in two included.
func TestWriteJSON(t *testing.T) {
	tricky := "a\"b\\c\n\t\r\b\f\x01\x1f <&> é 世界 \u2028\u2029 bad:\xff\xfe end \U0001F600"
	// chunks renders tricky one byte at a time, so every character of
	// more than one byte is split across writes.
	chunks := func(w io.Writer) {
		for i := range len(tricky) {
			w.Write([]byte{tricky[i]})
		}
	}
	found := []matcher.Found{{File: "a<b>.go", Range: matcher.Range{Start: matcher.Position{Line: 1, Column: 2}, End: matcher.Position{Line: 3, Column: 4}}, Text: tricky}}
	for _, tc := range []struct {
		name string
		res  tool.Result
		want tool.Result // what encoding/json is given for the same output
	}{
		{"text", tool.Text(tricky), tool.Text(tricky)},
		{"empty text", tool.Text(""), tool.Text("")},
		{"error", tool.Errorf("bad %s", "<x>"), tool.Errorf("bad %s", "<x>")},
		{"no content", tool.Result{}, tool.Result{Content: []tool.Content{}}},
		{"image", tool.Result{Content: []tool.Content{{Type: "image", MimeType: "image/png", Data: "AAAA"}}}, tool.Result{Content: []tool.Content{{Type: "image", MimeType: "image/png", Data: "AAAA"}}}},
		{"lazy text", tool.LazyText(chunks), tool.Text(tricky)},
		{"lazy text and more", tool.Result{Content: []tool.Content{tool.LazyText(chunks).Content[0], {Type: "text", Text: "note"}}}, tool.Result{Content: []tool.Content{{Type: "text", Text: tricky}, {Type: "text", Text: "note"}}}},
		{"structured", tool.Result{Content: []tool.Content{{Type: "text", Text: "x"}}, Structured: map[string]any{"k": "<v>"}}, tool.Result{Content: []tool.Content{{Type: "text", Text: "x"}}, Structured: map[string]any{"k": "<v>"}}},
		{"search", tool.Result{Content: []tool.Content{{Type: "text", Text: "x"}}, Structured: astGrepResult{Matches: found, Total: 1, Languages: []string{"go"}}},
			tool.Result{Content: []tool.Content{{Type: "text", Text: "x"}}, Structured: astGrepResult{Matches: found, Total: 1, Languages: []string{"go"}}}},
		{"search without matches", tool.Result{Content: []tool.Content{{Type: "text", Text: "x"}}, Structured: astGrepResult{Matches: []matcher.Found{}}},
			tool.Result{Content: []tool.Content{{Type: "text", Text: "x"}}, Structured: astGrepResult{Matches: []matcher.Found{}}}},
	} {
		var b bytes.Buffer
		if err := tool.WriteJSON(&b, tc.res); err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if diff := cmp.Diff(stdJSON(t, tc.want), b.String()); diff != "" {
			t.Errorf("%s (-encoding/json +WriteJSON):\n%s", tc.name, diff)
		}
		if got, want := tc.res.TextContent(), tc.want.TextContent(); got != want {
			t.Errorf("%s: TextContent %q, want %q", tc.name, got, want)
		}
		if got, want := stdJSON(t, tc.res), stdJSON(t, tc.want); got != want && tc.name != "no content" {
			t.Errorf("%s: encoding/json of the result\n%s\nwant\n%s", tc.name, got, want)
		}
	}
}
