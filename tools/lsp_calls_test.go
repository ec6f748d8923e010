package tools

import (
	"strings"
	"testing"
)

// A callsCase is one language's call_hierarchy fixture: work, on line,
// is called by one, two and three and calls two helpers.
type callsCase struct {
	fixture  string   // folder under testdata/lsp/calls
	peers    []string // programs the test needs
	file     string
	line     int
	incoming []string // what the incoming answer holds, in any order
	outgoing []string // the outgoing one's; nil when the server cannot say
	refused  string   // what outgoing's error says when outgoing is nil
}

var callsCases = []callsCase{
	{fixture: "go", peers: []string{"gopls"}, file: "main.go", line: 8,
		incoming: []string{"callers of work (3):", "main.go:12: one: func one() int { return work() }", "main.go:14: two: ", "main.go:16: three: "},
		outgoing: []string{"functions work calls (2):", "main.go:3: helperA", "main.go:5: helperB"}},
	{fixture: "c", peers: []string{"clangd"}, file: "main.c", line: 6,
		incoming: []string{"callers of work (3):", "main.c:10: one", "main.c:12: two", "main.c:14: three"},
		refused:  "clangd does not answer callHierarchy/outgoingCalls"},
	{fixture: "python", peers: []string{"pyright-langserver", "pyright"}, file: "main.py", line: 10,
		incoming: []string{"callers of work (3):", "main.py:15: one", "main.py:19: two", "main.py:23: three"},
		outgoing: []string{"functions work calls (2):", "main.py:1: helper_a", "main.py:5: helper_b"}},
	{fixture: "typescript", peers: []string{"typescript-language-server", "tsc"}, file: "main.ts", line: 10,
		incoming: []string{"callers of work (3):", "main.ts:15: one", "main.ts:19: two", "main.ts:23: three"},
		outgoing: []string{"functions work calls (2):", "main.ts:1: helperA", "main.ts:5: helperB"}},
}

// TestLSPCallHierarchy asks each server for work's callers and callees
// through the tool.
func TestLSPCallHierarchy(t *testing.T) {
	for _, tc := range callsCases {
		t.Run(tc.fixture, func(t *testing.T) {
			d, _, _ := lspRun(t, "calls/"+tc.fixture, tc.peers...)
			args := map[string]any{"action": "call_hierarchy", "file": tc.file, "line": tc.line, "symbol": "work"}
			text, isErr := lspCall(t, d, args)
			if isErr {
				t.Fatalf("incoming: %s", text)
			}
			checkHas(t, "incoming", text, tc.incoming)
			args["direction"] = "outgoing"
			text, isErr = lspCall(t, d, args)
			if tc.outgoing == nil {
				if !isErr || !strings.Contains(text, tc.refused) {
					t.Fatalf("outgoing: want an error saying %q, got %q", tc.refused, text)
				}
				return
			}
			if isErr {
				t.Fatalf("outgoing: %s", text)
			}
			checkHas(t, "outgoing", text, tc.outgoing)
		})
	}
}

// TestLSPCallHierarchyBadDirection names the argument and what it takes.
func TestLSPCallHierarchyBadDirection(t *testing.T) {
	d, _, _ := lspRun(t, "calls/go", "gopls")
	text, isErr := lspCall(t, d, map[string]any{"action": "call_hierarchy", "file": "main.go", "line": 8, "symbol": "work", "direction": "up"})
	if !isErr || !strings.Contains(text, "direction") || !strings.Contains(text, "incoming") {
		t.Fatalf("want an error naming direction and its values, got %q", text)
	}
}

func checkHas(t *testing.T, what, text string, want []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s: want %q in:\n%s", what, w, text)
		}
	}
}
