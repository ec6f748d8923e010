package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/interp"
	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/tool"
	"github.com/agenttools/agenttools/vibe"
	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
)

// checkGolden compares got with testdata/name, or with -update writes it
// there.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	golden := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./tools -run %s -update)", err, t.Name())
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-golden +got):\n%s", name, diff)
	}
}

// A textCase is one call whose text a golden file holds.
type textCase struct {
	name, tool string
	args       map[string]any
}

// callTexts makes each call and returns its text as the model reads it,
// after the call and whether it is an error; dir reads $DIR.
func callTexts(t *testing.T, d *tool.Dispatcher, dir string, cases []textCase) string {
	t.Helper()
	var b strings.Builder
	for _, tc := range cases {
		res := call(t, d, tc.tool, tc.args)
		checkOutput(t, d, tc.tool, res)
		args, _ := json.Marshal(tc.args)
		fmt.Fprintf(&b, "=== %s\n%s %s\n--- isError=%v\n%s\n\n", tc.name, tc.tool, args, res.IsError, res.TextContent())
	}
	return strings.ReplaceAll(b.String(), dir, "$DIR")
}

// checkOutput checks a structured result against its tool's output
// schema, as an MCP client may.
func checkOutput(t *testing.T, d *tool.Dispatcher, name string, res tool.Result) {
	t.Helper()
	var schema *jsonschema.Schema
	for _, tl := range d.Tools(tool.Full) {
		if tl.Name == name {
			schema = tl.OutputSchema
		}
	}
	if schema == nil || res.IsError {
		return
	}
	rs, err := schema.Resolve(nil)
	if err != nil {
		t.Fatalf("%s: output schema: %v", name, err)
	}
	var v any
	if err := writeStructured(&v, res); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := rs.Validate(v); err != nil {
		t.Errorf("%s: the structured result does not fit its output schema: %v", name, err)
	}
}

// writeStructured decodes the structured part of res as WriteJSON writes
// it.
func writeStructured(v *any, res tool.Result) error {
	var b bytes.Buffer
	if err := tool.WriteJSON(&b, res); err != nil {
		return err
	}
	var whole struct {
		Structured any `json:"structured"`
	}
	err := json.Unmarshal(b.Bytes(), &whole)
	*v = whole.Structured
	return err
}

// fullRun is a run with every resource, so every tool is registered: the
// working directory holds a Go module with one file.
func fullRun(t *testing.T) (*tool.Dispatcher, string) {
	t.Helper()
	dir := t.TempDir()
	for name, src := range map[string]string{
		"go.mod":    "module example.com/m\n\ngo 1.22\n",
		"main.go":   "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(greet(\"world\"))\n}\n\nfunc greet(name string) string { return \"hello, \" + name }\n",
		"notes.txt": "first\nsecond\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	kernels := interp.NewKernels(jsOnly)
	lsp := lspclient.NewSupervisor(dir)
	dbg := dapclient.NewSupervisor(dir, dapclient.DefaultTTL)
	t.Cleanup(func() { kernels.Close(); lsp.Close(context.Background()); dbg.Close() })
	d, err := Registry(&Run{
		Dir: dir, ConversationID: "c1", Yes: true, Grammars: bundled.Registry(),
		LSP: lsp, Debug: dbg, Kernels: kernels, Questions: tool.NoHuman,
		Vibe: true, Workers: vibe.NewPool(vibe.CommandRunner{}, 0),
	})
	if err != nil {
		t.Fatal(err)
	}
	return d, dir
}

// TestToolListGolden: the tools as the model reads them, each with its
// level, description and input schema.
func TestToolListGolden(t *testing.T) {
	d, _ := fullRun(t)
	var b strings.Builder
	for _, tl := range d.Tools(tool.Full) {
		schema, err := json.MarshalIndent(tl.InputSchema, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if tl.Title == "" {
			t.Errorf("%s has no title", tl.Name)
		}
		fmt.Fprintf(&b, "=== %s: %s (%s, parallel %v)\n%s\n%s\n", tl.Name, tl.Title, tl.Level, tl.ParallelSafe, tl.Description, schema)
		if tl.OutputSchema != nil {
			out, err := json.MarshalIndent(tl.OutputSchema, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "output:\n%s\n", out)
		}
		b.WriteString("\n")
	}
	checkGolden(t, "tools.golden", b.String())
}

// TestToolTextGolden: one representative result and one representative
// error of each tool, exactly as the model reads them. The results that
// need a language server are TestLSPTextGolden's; a debugger's, whose
// addresses and thread ids vary from run to run, are debug_test.go's.
func TestToolTextGolden(t *testing.T) {
	d, dir := fullRun(t)
	cases := []textCase{
		{"read", "read", map[string]any{"path": "notes.txt"}},
		{"read: error", "read", map[string]any{"path": "missing.txt"}},
		{"write", "write", map[string]any{"path": "new/a.txt", "content": "a\n"}},
		{"write: error", "write", map[string]any{"path": "../outside.txt", "content": "a\n"}},
		{"edit", "edit", map[string]any{"path": "notes.txt", "old_string": "second", "new_string": "2nd"}},
		{"edit: error", "edit", map[string]any{"path": "notes.txt", "old_string": "third", "new_string": "3rd"}},
		{"apply_patch", "apply_patch", map[string]any{"patch": "--- a/notes.txt\n+++ b/notes.txt\n@@ -1,2 +1,2 @@\n-first\n+1st\n 2nd\n"}},
		{"apply_patch: error", "apply_patch", map[string]any{"patch": "not a diff"}},
		{"ast_grep", "ast_grep", map[string]any{"pattern": "fmt.Println($$$A)"}},
		{"ast_grep: error", "ast_grep", map[string]any{"pattern": "fmt.Println(...)", "language": "go"}},
		{"ast_edit", "ast_edit", map[string]any{"pattern": "fmt.Println($A)", "rewrite": "fmt.Print($A, \"\\n\")"}},
		{"ast_edit: error", "ast_edit", map[string]any{"pattern": "fmt.Println($A)"}},
		{"resolve", "resolve", map[string]any{"edit_id": "edit_1", "action": "discard"}},
		{"resolve: error", "resolve", map[string]any{"edit_id": "edit_9", "action": "accept"}},
		{"lsp: error", "lsp", map[string]any{"action": "hover", "file": "missing.go", "line": 1, "symbol": "x"}},
		{"lsp_rename: error", "lsp_rename", map[string]any{"file": "main.go", "line": 0, "symbol": "greet", "new_name": "hi"}},
		{"debug", "debug", map[string]any{"operation": "status"}},
		{"debug: error", "debug", map[string]any{"operation": "stack"}},
		{"eval", "eval", map[string]any{"code": "[1, 2, 3].map(x => x * 2)", "description": "double each number of a short list", "language": "javascript"}},
		{"eval: error", "eval", map[string]any{"code": "throw new Error('no')", "description": "throw an error on purpose", "language": "javascript"}},
		{"ask_user: error", "ask_user", map[string]any{"question": "Which one?", "options": []map[string]string{{"label": "a"}, {"label": "b"}}}},
		{"vibe_list", "vibe_list", map[string]any{}},
		{"vibe_wait: error", "vibe_wait", map[string]any{"worker_id": "w9"}},
		{"vibe_send: error", "vibe_send", map[string]any{"worker_id": "w9", "message": "more"}},
		{"vibe_kill: error", "vibe_kill", map[string]any{"worker_id": "w9"}},
		{"vibe_spawn: error", "vibe_spawn", map[string]any{"brief": "", "label": "x"}},
	}
	checkGolden(t, "tool_text.golden", callTexts(t, d, dir, cases))
}

// TestLSPTextGolden: a representative result of lsp and of lsp_rename,
// from gopls (the version scripts/peers.sh pins).
func TestLSPTextGolden(t *testing.T) {
	gopls := peers.Require(t, "gopls")
	t.Setenv("PATH", filepath.Dir(gopls)+string(os.PathListSeparator)+os.Getenv("PATH"))
	d, dir := fullRun(t)
	cases := []textCase{
		{"lsp hover", "lsp", map[string]any{"action": "hover", "file": "main.go", "line": 9, "symbol": "greet"}},
		{"lsp references", "lsp", map[string]any{"action": "references", "file": "main.go", "line": 9, "symbol": "greet"}},
		{"lsp: error", "lsp", map[string]any{"action": "hover", "file": "main.go", "line": 9, "symbol": "nosuch"}},
		{"lsp_rename", "lsp_rename", map[string]any{"file": "main.go", "line": 9, "symbol": "greet", "new_name": "hello"}},
	}
	checkGolden(t, "lsp_text.golden", callTexts(t, d, dir, cases))
}
