package argcheck

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
)

type args struct {
	Path  string `json:"path"`
	Count int    `json:"count,omitempty"`
	Mode  string `json:"mode,omitempty"`
	Deep  bool   `json:"deep,omitempty"`
}

// TestCheck: every message names the argument at fault and what would be
// valid.
func TestCheck(t *testing.T) {
	s, err := jsonschema.For[args](nil)
	if err != nil {
		t.Fatal(err)
	}
	lo := 1.0
	s.Properties["count"].Minimum = &lo
	s.Properties["mode"].Enum = []any{"fast", "good"}
	c, err := New("demo", s)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ args, want string }{
		{`{"path": "a"}`, ""},
		{`{"path": "a", "count": 2, "mode": "fast", "deep": true}`, ""},
		{`{"path": "a"`, "arguments are not valid JSON: unexpected end of JSON input"},
		{`[1]`, "arguments must be a JSON object, not array"},
		{`{}`, `missing required argument "path"`},
		{`{"path": "a", "depth": 1}`, `unknown argument "depth"; the arguments are: path, count, mode, deep`},
		{`{"path": 3}`, `argument "path": want string, got integer`},
		{`{"path": "a", "count": 0}`, `argument "count": must be at least 1, got 0`},
		{`{"path": "a", "count": 1.5}`, `argument "count": want integer, got number`},
		{`{"path": "a", "mode": "slow"}`, `argument "mode": must be one of [fast good], got "slow"`},
		{`{"path": "a", "deep": "yes"}`, `argument "deep": want boolean, got string`},
	} {
		if diff := cmp.Diff(tc.want, c.Check(json.RawMessage(tc.args))); diff != "" {
			t.Errorf("Check(%s) (-want +got):\n%s", tc.args, diff)
		}
	}
}

// TestNoArguments: a tool that takes none says so.
func TestNoArguments(t *testing.T) {
	c, err := New("status", &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}})
	if err != nil {
		t.Fatal(err)
	}
	want := `unknown argument "x"; status takes no arguments`
	if got := c.Check(json.RawMessage(`{"x": 1}`)); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
