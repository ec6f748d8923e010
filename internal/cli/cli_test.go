package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/google/go-cmp/cmp"
)

// binary is the agenttools binary, built once for the end-to-end tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "agenttools-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "agenttools")
	build := exec.Command("go", "build", "-o", binary, "../../cmd/agenttools")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building agenttools: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type runOutput struct {
	stdout, stderr string
	code           int
}

// run runs the built binary in dir with stdin, bounded in time.
func run(t *testing.T, dir, stdin string, args ...string) runOutput {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running %v: %v", args, err)
	}
	return runOutput{out.String(), errb.String(), code}
}

func workdir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("alpha\nbeta\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "m.go"), []byte("package m\n\nfunc F() { f.Close() }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestCall(t *testing.T) {
	dir := workdir(t)
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantOut    string
		wantErrSub string
		code       int
	}{
		{"read", []string{"call", "read", `{"path":"a.txt"}`}, "", "     1\talpha\n     2\tbeta\n\n", "", 0},
		{"args from stdin", []string{"call", "read", "-"}, `{"path":"a.txt","limit":1}`, "     1\talpha\n(1 more lines; read again with offset 2)\n\n", "", 0},
		{"write needs approval", []string{"call", "write", `{"path":"b.txt","content":"b"}`}, "", "", "no approver is connected", 1},
		{"write with --yes", []string{"call", "--yes", "write", `{"path":"b.txt","content":"b"}`}, "", "created b.txt (1 bytes)\n", "", 0},
		{"write by rule", []string{"call", "--rule", "write=allow", "write", `{"path":"c.txt","content":"c"}`}, "", "created c.txt (1 bytes)\n", "", 0},
		{"plan surface hides write", []string{"call", "--surface", "plan", "--yes", "write", `{"path":"d.txt","content":"d"}`}, "", "", `no tool "write" on the plan surface`, 1},
		{"tool error", []string{"call", "read", `{"path":"missing"}`}, "", "", "path: missing does not exist", 1},
		{"structural search", []string{"call", "ast_grep", `{"pattern":"$X.Close()"}`}, "", "m.go:3\nfunc F() { f.Close() }\n\n1 match\n\nSearched go: 1 file scanned, 1 parsed, 0 skipped by the prefilter.\n", "", 0},
		{"unparseable pattern", []string{"call", "ast_grep", `{"pattern":"func ("}`}, "", "", "does not parse as c or cpp or dart or go or java or javascript or python or rust or tsx or typescript.\nMost likely fix: a pattern is a whole construct", 1},
		{"schema error", []string{"call", "read", `{"path":1}`}, "", "", `argument "path": want string`, 1},
		{"eval in javascript", []string{"call", "--yes", "eval", `{"code":"console.log('hi'); 6 * 7","description":"print a greeting and multiply two numbers","language":"javascript"}`}, "", "hi\n42\n", "", 0},
		{"eval in go", []string{"call", "--yes", "eval", `{"code":"import \"fmt\"\nfmt.Println(\"hi\")\n6 * 7","description":"print a greeting and multiply two numbers","language":"go"}`}, "", "hi\n42\n", "", 0},
		{"bad JSON is usage", []string{"call", "read", `{"path"`}, "", "", "not valid JSON", 2},
		{"no tool is usage", []string{"call"}, "", "", "call takes TOOL", 2},
		{"unknown flag is usage", []string{"call", "--colour", "read"}, "", "", "flag provided but not defined", 2},
		{"bad surface is usage", []string{"call", "--surface", "admin", "read"}, "", "", "unknown surface", 2},
		{"unknown command", []string{"frobnicate"}, "", "", `unknown command "frobnicate"`, 2},
		{"no command", nil, "", "", "usage:", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, dir, tc.stdin, tc.args...)
			if got.code != tc.code || got.stdout != tc.wantOut || !strings.Contains(got.stderr, tc.wantErrSub) {
				t.Errorf("agenttools %q:\n code %d, want %d\n stdout %q, want %q\n stderr %q, want it to contain %q",
					tc.args, got.code, tc.code, got.stdout, tc.wantOut, got.stderr, tc.wantErrSub)
			}
		})
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "b.txt")); string(b) != "b" {
		t.Errorf("b.txt = %q after call --yes write", b)
	}
	if _, err := os.Stat(filepath.Join(dir, "d.txt")); err == nil {
		t.Errorf("the plan surface wrote d.txt")
	}
}

// TestCallEvalPython: Python is eval's default language, and it runs the
// project's own .venv when the working directory has one.
func TestCallEvalPython(t *testing.T) {
	peers.Require(t, "python3")
	dir := workdir(t)
	want := "42\n"
	if exec.Command("/usr/bin/python3", "-m", "venv", "--without-pip", filepath.Join(dir, ".venv")).Run() == nil {
		want = "in the venv\n42\n"
	}
	got := run(t, dir, "", "call", "--yes", "eval", `{"code":"import sys\nif sys.prefix != sys.base_prefix: print('in the venv')\n6 * 7","description":"check the venv and multiply two numbers"}`)
	if got.code != 0 || got.stdout != want {
		t.Errorf("eval in python: code %d, stdout %q, want %q; stderr %q", got.code, got.stdout, want, got.stderr)
	}
}

func TestCallJSON(t *testing.T) {
	got := run(t, workdir(t), "", "call", "--json", "read", `{"path":"a.txt","offset":2}`)
	if got.code != 0 {
		t.Fatalf("code %d: %s", got.code, got.stderr)
	}
	var res map[string]any
	if err := json.Unmarshal([]byte(got.stdout), &res); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, got.stdout)
	}
	want := map[string]any{
		"content":    []any{map[string]any{"type": "text", "text": "     2\tbeta\n"}},
		"structured": map[string]any{"path": "a.txt", "offset": 2.0, "lines": 1.0, "total_lines": 2.0},
	}
	if diff := cmp.Diff(want, res); diff != "" {
		t.Errorf("call --json (-want +got):\n%s", diff)
	}
}

func TestTools(t *testing.T) {
	dir := workdir(t)
	for _, tc := range []struct {
		surface string
		want    []string
	}{
		{"full", []string{"read", "write", "edit", "apply_patch", "ast_grep", "ast_tree", "ast_edit", "resolve", "lsp", "lsp_rename", "debug", "eval", "ask_user"}},
		{"plan", []string{"read", "ast_grep", "ast_tree", "lsp", "ask_user"}},
		{"readonly", []string{"read", "ast_grep", "ast_tree", "lsp", "ask_user"}},
	} {
		got := run(t, dir, "", "tools", "--json", "--surface", tc.surface)
		var list struct {
			Tools []struct {
				Name        string         `json:"name"`
				Level       string         `json:"level"`
				InputSchema map[string]any `json:"inputSchema"`
			} `json:"tools"`
		}
		if err := json.Unmarshal([]byte(got.stdout), &list); err != nil {
			t.Fatalf("tools --json: %v\n%s", err, got.stdout)
		}
		var names []string
		for _, tool := range list.Tools {
			names = append(names, tool.Name)
			if tool.InputSchema["type"] != "object" {
				t.Errorf("%s has no object schema: %v", tool.Name, tool.InputSchema)
			}
		}
		if diff := cmp.Diff(tc.want, names); diff != "" {
			t.Errorf("tools --surface %s (-want +got):\n%s", tc.surface, diff)
		}
	}
	if got := run(t, dir, "", "tools"); got.code != 0 || !strings.Contains(got.stdout, "apply_patch  write") {
		t.Errorf("tools table:\n%s", got.stdout)
	}
}

func TestBatch(t *testing.T) {
	dir := workdir(t)
	in := strings.Join([]string{
		`{"tool":"write","args":{"path":"n.txt","content":"one\n"}}`,
		`not json`,
		``,
		`{"tool":"edit","args":{"path":"n.txt","old_string":"one","new_string":"two"}}`,
		`{"args":{}}`,
		`{"tool":"nope","args":{}}`,
		`{"tool":"read","args":{"path":"n.txt"}}`,
	}, "\n") + "\n"
	got := run(t, dir, in, "batch", "--yes")
	if got.code != 1 {
		t.Errorf("batch with bad lines exited %d, want 1", got.code)
	}
	type line struct {
		IsError bool
		Text    string
	}
	var lines []line
	sc := bufio.NewScanner(strings.NewReader(got.stdout))
	for sc.Scan() {
		var res struct {
			Content []struct{ Text string }
			IsError bool
		}
		if err := json.Unmarshal(sc.Bytes(), &res); err != nil {
			t.Fatalf("output line is not a Result: %v: %s", err, sc.Text())
		}
		lines = append(lines, line{res.IsError, res.Content[0].Text})
	}
	for i := range lines {
		if lines[i].IsError {
			lines[i].Text, _, _ = strings.Cut(lines[i].Text, ":")
		}
	}
	want := []line{
		{false, "created n.txt (4 bytes)"},
		{true, "line 2"},
		{false, "replaced 1 occurrence in n.txt"},
		{true, "line 5"},
		{true, `no tool "nope" on the full surface; the tools are`},
		{false, "     1\ttwo\n"},
	}
	if diff := cmp.Diff(want, lines); diff != "" {
		t.Errorf("batch results (-want +got):\n%s", diff)
	}
}

// startServe starts serve with args in dir, as a scripted host drives it.
func startServe(t *testing.T, dir string, args ...string) *host {
	t.Helper()
	return startHost(t, dir, append([]string{"serve"}, args...)...)
}

func TestServe(t *testing.T) {
	dir := workdir(t)
	h := startServe(t, dir)

	// Before initialize, calls are refused but the server stays up.
	h.request(1, "tools/list", nil)
	if m := h.next(); errCode(m) != -32600 || m["id"] != 1.0 {
		t.Errorf("tools/list before initialize: %v", m)
	}
	h.request(2, "initialize", map[string]any{"human": true})
	if m := h.next(); m["id"] != 2.0 || m["result"].(map[string]any)["name"] != "agenttools" {
		t.Fatalf("initialize: %v", m)
	}
	h.request(3, "tools/list", nil)
	m := h.next()
	var names []string
	for _, tool := range m["result"].(map[string]any)["tools"].([]any) {
		names = append(names, tool.(map[string]any)["name"].(string))
	}
	if diff := cmp.Diff([]string{"read", "write", "edit", "apply_patch", "ast_grep", "ast_tree", "ast_edit", "resolve", "lsp", "lsp_rename", "debug", "eval", "ask_user"}, names); diff != "" {
		t.Errorf("tools/list (-want +got):\n%s", diff)
	}

	// A write asks the host for permission with a ui/ask card; the host
	// allows the first and denies the second.
	for i, answer := range []string{"Allow once", "Deny"} {
		id := 10 + i
		path := fmt.Sprintf("w%d.txt", i)
		h.request(id, "tools/call", map[string]any{"name": "write", "arguments": map[string]any{"path": path, "content": answer}})
		ask := h.next()
		params, _ := ask["params"].(map[string]any)
		if ask["method"] != "ui/ask" || params["kind"] != "permission" {
			t.Fatalf("want a ui/ask permission card, got %v", ask)
		}
		card := params["card"].(map[string]any)
		if !strings.Contains(card["question"].(string), "write") || !strings.Contains(card["context"].(string), path) || params["timeout_seconds"].(float64) <= 0 {
			t.Errorf("card does not show the call: %v", params)
		}
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": ask["id"], "result": map[string]any{"outcome": "answered", "selected": []string{answer}}})
		h.send(string(b))
		res := h.next()
		if res["id"] != float64(id) {
			t.Fatalf("want the result of call %d, got %v", id, res)
		}
		result := res["result"].(map[string]any)
		_, err := os.Stat(filepath.Join(dir, path))
		if answer == "Allow once" && (result["isError"] == true || err != nil) {
			t.Errorf("allowed write: %v, file: %v", result, err)
		}
		if answer == "Deny" && (result["isError"] != true || err == nil) {
			t.Errorf("denied write: %v, file exists: %v", result, err == nil)
		}
	}

	// Malformed input gets a JSON-RPC error, and the server keeps serving.
	h.send("this is not JSON")
	if m := h.next(); errCode(m) != -32700 || m["id"] != nil {
		t.Errorf("not JSON: %v", m)
	}
	h.send(`{"jsonrpc":"2.0","id":20}`)
	if m := h.next(); errCode(m) != -32600 || m["id"] != 20.0 {
		t.Errorf("neither request nor response: %v", m)
	}
	h.request(21, "tools/frobnicate", nil)
	if m := h.next(); errCode(m) != -32601 || m["id"] != 21.0 {
		t.Errorf("unknown method: %v", m)
	}
	h.request(22, "tools/call", map[string]any{"tool": "read"})
	if m := h.next(); errCode(m) != -32602 {
		t.Errorf("wrong params: %v", m)
	}
	h.request(23, "tools/call", "read")
	if m := h.next(); errCode(m) != -32602 {
		t.Errorf("params of the wrong type: %v", m)
	}
	h.request(24, "initialize", map[string]any{"human": false})
	if m := h.next(); errCode(m) != -32600 {
		t.Errorf("second initialize: %v", m)
	}
	h.request(25, "tools/call", map[string]any{"name": "read", "arguments": map[string]any{"path": "a.txt"}})
	m = h.next()
	if m["id"] != 25.0 || m["result"].(map[string]any)["isError"] == true {
		t.Errorf("read after bad input: %v", m)
	}
	h.request(26, "tools/call", map[string]any{"name": "read", "arguments": map[string]any{"path": "../../etc/passwd"}})
	m = h.next()
	if r := m["result"].(map[string]any); r["isError"] != true {
		t.Errorf("a tool failure must be a Result with isError, got %v", m)
	}
}

func TestServeWithoutHumanDenies(t *testing.T) {
	dir := workdir(t)
	h := startServe(t, dir)
	h.request(1, "initialize", map[string]any{"human": false})
	h.next()
	h.request(2, "tools/call", map[string]any{"name": "write", "arguments": map[string]any{"path": "x.txt", "content": "x"}})
	m := h.next()
	if m["method"] == "ui/ask" {
		t.Fatalf("serve asked a host that has no human: %v", m)
	}
	r := m["result"].(map[string]any)
	if r["isError"] != true || !strings.Contains(fmt.Sprint(r["content"]), "no approver") {
		t.Errorf("write with no human: %v", m)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.txt")); err == nil {
		t.Errorf("x.txt was written")
	}
}

func errCode(m map[string]any) float64 {
	e, _ := m["error"].(map[string]any)
	c, _ := e["code"].(float64)
	return c
}

// TestBatchEdit drives a structural rewrite end to end in one run: stage
// it, accept it, read the file back.
func TestBatchEdit(t *testing.T) {
	dir := workdir(t)
	in := strings.Join([]string{
		`{"tool":"ast_edit","args":{"pattern":"$X.Close()","rewrite":"closeQuietly($X)"}}`,
		`{"tool":"resolve","args":{"edit_id":"edit_1","action":"accept"}}`,
		`{"tool":"read","args":{"path":"m.go"}}`,
	}, "\n") + "\n"
	got := run(t, dir, in, "batch", "--yes")
	if got.code != 0 {
		t.Fatalf("batch exited %d: %s%s", got.code, got.stdout, got.stderr)
	}
	var texts []string
	sc := bufio.NewScanner(strings.NewReader(got.stdout))
	for sc.Scan() {
		var res struct {
			Content    []struct{ Text string }
			Structured struct {
				EditID string `json:"edit_id"`
			}
		}
		if err := json.Unmarshal(sc.Bytes(), &res); err != nil {
			t.Fatalf("output line is not a Result: %v: %s", err, sc.Text())
		}
		texts = append(texts, res.Content[0].Text)
	}
	if len(texts) != 3 || !strings.HasPrefix(texts[0], "(proposed) 1 replacement in 1 file\n") || texts[1] != "accepted edit_1: wrote 1 file\nm.go" {
		t.Fatalf("batch results: %q", texts)
	}
	if want := "     3\tfunc F() { closeQuietly(f) }\n"; !strings.Contains(texts[2], want) {
		t.Errorf("m.go after the batch:\n%s\nwant %q", texts[2], want)
	}
}

// TestBatchVibe spawns a worker and waits for it in one run of the binary:
// the fast worker is cat, so its result is its brief.
func TestBatchVibe(t *testing.T) {
	dir := workdir(t)
	in := strings.Join([]string{
		`{"tool":"vibe_spawn","args":{"brief":"hello from the brief","label":"echo"}}`,
		`{"tool":"vibe_wait","args":{"worker_id":"w1","timeout_seconds":30}}`,
	}, "\n") + "\n"
	got := run(t, dir, in, "batch", "--vibe", "--worker-fast", "cat")
	if got.code != 0 {
		t.Fatalf("batch exited %d: %s%s", got.code, got.stdout, got.stderr)
	}
	type line struct {
		Text     string
		WorkerID string
		Status   string
		Result   string
	}
	var lines []line
	sc := bufio.NewScanner(strings.NewReader(got.stdout))
	for sc.Scan() {
		var res struct {
			Content    []struct{ Text string }
			Structured struct {
				WorkerID string `json:"worker_id"`
				Status   string `json:"status"`
				Result   string `json:"result"`
			}
		}
		if err := json.Unmarshal(sc.Bytes(), &res); err != nil {
			t.Fatalf("output line is not a Result: %v: %s", err, sc.Text())
		}
		// The first line of the text says who and what; the rest is the
		// result.
		_, text, _ := strings.Cut(res.Content[0].Text, "\n")
		lines = append(lines, line{strings.TrimSpace(text), res.Structured.WorkerID, res.Structured.Status, res.Structured.Result})
	}
	want := []line{
		{`Wait for its result with vibe_wait {"worker_id": "w1"}; vibe_list shows every worker.`, "w1", "running", ""},
		{"hello from the brief", "w1", "done", "hello from the brief"},
	}
	if diff := cmp.Diff(want, lines); diff != "" {
		t.Errorf("batch results (-want +got):\n%s", diff)
	}
	if got := run(t, dir, "", "tools", "--vibe"); !strings.Contains(got.stdout, "vibe_spawn") {
		t.Errorf("tools --vibe does not list vibe_spawn:\n%s", got.stdout)
	}
	if got := run(t, dir, "", "tools"); strings.Contains(got.stdout, "vibe_") {
		t.Errorf("tools without --vibe lists vibe tools:\n%s", got.stdout)
	}
}
