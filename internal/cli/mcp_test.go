package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The protocol revisions the MCP tests run in: the one of the initialize
// handshake, and the stateless one a v1.8 client speaks by default.
var mcpRevisions = []string{"2025-11-25", ""}

// mcpClient connects the SDK's own client to the built binary's mcp
// command in dir, over its real stdin and stdout, speaking revision (""
// for the client's default). Closing the session closes the binary's
// stdin; the cleanup checks that the binary then exits by itself.
func mcpClient(t *testing.T, dir, revision string, opts *mcp.ClientOptions, args ...string) *mcp.ClientSession {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"mcp"}, args...)...)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "agenttools-test", Version: "1"}, opts)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 30 * time.Second}, &mcp.ClientSessionOptions{ProtocolVersion: revision})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() {
		cs.Close()
		if st := cmd.ProcessState; st == nil || !st.Exited() || st.ExitCode() != 0 {
			t.Errorf("mcp did not exit cleanly when its stdin closed: %v", st)
		}
	})
	return cs
}

func callMCP(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func textOf(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

func listMCP(t *testing.T, cs *mcp.ClientSession) map[string]*mcp.Tool {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*mcp.Tool{}
	for _, tl := range res.Tools {
		out[tl.Name] = tl
	}
	return out
}

// TestMCPTools: the default set is the server-bound tools, --tools all
// adds the file tools, and each tool comes with its title, schemas and
// the annotations of its level, in both revisions.
func TestMCPTools(t *testing.T) {
	dir := workdir(t)
	for _, rev := range mcpRevisions {
		t.Run("revision "+rev, func(t *testing.T) {
			list := listMCP(t, mcpClient(t, dir, rev, nil))
			var names []string
			for n := range list {
				names = append(names, n)
			}
			slices.Sort(names)
			want := []string{"ask_user", "ast_edit", "ast_grep", "ast_tree", "debug", "eval", "lsp", "lsp_rename", "resolve"}
			if diff := cmp.Diff(want, names); diff != "" {
				t.Errorf("default tools (-want +got):\n%s", diff)
			}
			type hints struct {
				Title                       string
				ReadOnly, Destructive, Open bool
				Output                      bool
			}
			got := map[string]hints{}
			for _, n := range []string{"ast_grep", "ast_tree", "ast_edit", "eval", "lsp_rename", "lsp"} {
				tl := list[n]
				a := tl.Annotations
				got[n] = hints{tl.Title, a.ReadOnlyHint, *a.DestructiveHint, *a.OpenWorldHint, tl.OutputSchema != nil}
				if tl.Description == "" || tl.InputSchema == nil {
					t.Errorf("%s has no description or input schema", n)
				}
			}
			wantHints := map[string]hints{
				"ast_grep":   {"Structural search", true, false, false, true},
				"ast_tree":   {"Show a syntax tree", true, false, false, true},
				"ast_edit":   {"Structural rewrite", false, true, false, true},
				"eval":       {"Run code", false, true, true, false},
				"lsp_rename": {"Rename a symbol", false, true, false, true},
				"lsp":        {"Language server", true, false, false, false},
			}
			if diff := cmp.Diff(wantHints, got); diff != "" {
				t.Errorf("annotations (-want +got):\n%s", diff)
			}
		})
	}
	all := listMCP(t, mcpClient(t, dir, "", nil, "--tools", "all"))
	for _, n := range fileTools {
		if all[n] == nil {
			t.Errorf("--tools all does not list %s", n)
		}
	}
	some := listMCP(t, mcpClient(t, dir, "", nil, "--tools", "ast_grep, read"))
	if len(some) != 2 || some["ast_grep"] == nil || some["read"] == nil {
		t.Errorf("--tools ast_grep,read lists %v", some)
	}
}

// TestMCPBadTools: an unknown tool in --tools is a usage error that says
// what would do.
func TestMCPBadTools(t *testing.T) {
	r := run(t, workdir(t), "", "mcp", "--tools", "grep")
	out, errOut, code := r.stdout, r.stderr, r.code
	if code != ExitUsage || out != "" || !strings.Contains(errOut, `--tools: no tool "grep" in this run; give default, all, or some of: read, write`) {
		t.Errorf("mcp --tools grep: code %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestMCPCall: a result carries its text, its structured content, and
// isError; a Go cell's prints stay off the protocol's stdout.
func TestMCPCall(t *testing.T) {
	dir := workdir(t)
	for _, rev := range mcpRevisions {
		t.Run("revision "+rev, func(t *testing.T) {
			cs := mcpClient(t, dir, rev, nil)
			res := callMCP(t, cs, "ast_grep", map[string]any{"pattern": "$X.Close()"})
			if res.IsError || !strings.HasPrefix(textOf(res), "m.go:3\n") {
				t.Errorf("ast_grep: %v %q", res.IsError, textOf(res))
			}
			st, _ := res.StructuredContent.(map[string]any)
			if ms, _ := st["matches"].([]any); len(ms) != 1 || st["total"] != 1.0 {
				t.Errorf("ast_grep structured: %v", res.StructuredContent)
			}
			res = callMCP(t, cs, "ast_grep", map[string]any{"pattern": "f.Close(", "language": "go"})
			if !res.IsError || !strings.Contains(textOf(res), "does not parse as go") {
				t.Errorf("a pattern that does not parse: %v %q", res.IsError, textOf(res))
			}
			res = callMCP(t, cs, "eval", map[string]any{"language": "go", "description": "print a line on the standard output", "code": `import "fmt"` + "\n" + `fmt.Println("to stdout")`})
			if res.IsError || !strings.Contains(textOf(res), "to stdout") {
				t.Errorf("eval go: %v %q", res.IsError, textOf(res))
			}
			if res := callMCP(t, cs, "ast_grep", map[string]any{"pattern": "$X.Close()"}); res.IsError {
				t.Errorf("the protocol broke after a cell printed: %q", textOf(res))
			}
			png := "\x89PNG\r\n\x1a\nrest"
			res = callMCP(t, cs, "eval", map[string]any{"language": "python", "description": "display the bytes of a small image", "code": `display(b"\x89PNG\r\n\x1a\nrest")`})
			var images []string
			for _, c := range res.Content {
				if img, ok := c.(*mcp.ImageContent); ok && img.MIMEType == "image/png" {
					images = append(images, string(img.Data))
				}
			}
			if res.IsError || len(images) != 1 || images[0] != png {
				t.Errorf("an image: isError %v, images %q, text %q", res.IsError, images, textOf(res))
			}
		})
	}
}

// elicitor is a scripted person answering form elicitations. Its
// handler runs on the client's goroutines, and may still run when the
// call it answers has ended (an answer too late): what it shares with
// the test is behind mu.
type elicitor struct {
	mu     sync.Mutex
	asked  []*mcp.ElicitParams
	answer func(*mcp.ElicitParams) *mcp.ElicitResult
}

func newElicitor(answer func(*mcp.ElicitParams) *mcp.ElicitResult) *elicitor {
	return &elicitor{answer: answer}
}

// answerWith sets how the person answers from now on.
func (e *elicitor) answerWith(answer func(*mcp.ElicitParams) *mcp.ElicitResult) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.answer = answer
}

// questions returns the elicitations asked so far.
func (e *elicitor) questions() []*mcp.ElicitParams {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.asked)
}

func (e *elicitor) options() *mcp.ClientOptions {
	return &mcp.ClientOptions{ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		e.mu.Lock()
		e.asked = append(e.asked, req.Params)
		answer := e.answer
		e.mu.Unlock()
		res := answer(req.Params)
		if res == nil { // an answer that comes too late: after the server gave up, or a while
			select {
			case <-ctx.Done():
			case <-time.After(3 * time.Second):
			}
			res = &mcp.ElicitResult{Action: "accept", Content: map[string]any{"choice": "Postgres"}}
		}
		return res, nil
	}}
}

// TestMCPAskUser: ask_user's card is a form; accept answers it, decline
// and cancel skip it, the card's timeout holds, and a client with no
// elicitation fails the question at once.
func TestMCPAskUser(t *testing.T) {
	dir := workdir(t)
	question := map[string]any{"question": "Which database?", "options": []map[string]any{{"label": "Postgres", "description": "the default"}, {"label": "SQLite"}}, "allow_free_text": true}
	for _, rev := range mcpRevisions {
		t.Run("revision "+rev, func(t *testing.T) {
			e := newElicitor(nil)
			cs := mcpClient(t, dir, rev, e.options(), "--question-timeout", "2s")
			for _, tc := range []struct {
				name    string
				answer  *mcp.ElicitResult
				isError bool
				want    string
			}{
				{"accept", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"choice": "SQLite", "text": "version 3"}}, false, "selected: SQLite\ntext: version 3"},
				{"decline", &mcp.ElicitResult{Action: "decline"}, false, "skipped: go on with a stated assumption and do not ask again"},
				{"cancel", &mcp.ElicitResult{Action: "cancel"}, false, "skipped: go on with a stated assumption and do not ask again"},
				{"an answer too late", nil, true, "timed out: nobody answered within 2s; go on with a stated assumption and do not ask again"},
			} {
				e.answerWith(func(*mcp.ElicitParams) *mcp.ElicitResult { return tc.answer })
				res := callMCP(t, cs, "ask_user", question)
				if res.IsError != tc.isError || textOf(res) != tc.want {
					t.Errorf("%s: isError %v, %q; want %v, %q", tc.name, res.IsError, textOf(res), tc.isError, tc.want)
				}
			}
			p := e.questions()[0]
			if p.Mode != "form" || p.Message != "Which database?\n- Postgres: the default" {
				t.Errorf("the elicitation: mode %q, message %q", p.Mode, p.Message)
			}
			schema, _ := p.RequestedSchema.(map[string]any)
			props, _ := schema["properties"].(map[string]any)
			choice, _ := props["choice"].(map[string]any)
			if diff := cmp.Diff([]any{"Postgres", "SQLite"}, choice["enum"]); diff != "" || props["text"] == nil {
				t.Errorf("the form: %v", schema)
			}
		})
	}
	cs := mcpClient(t, dir, "", nil)
	res := callMCP(t, cs, "ask_user", question)
	if !res.IsError || !strings.HasPrefix(textOf(res), "no human is connected to answer") {
		t.Errorf("a client with no elicitation: %v %q", res.IsError, textOf(res))
	}
}

// TestMCPPermissions: by default the client approves, so a write runs;
// with --ask-permissions the card is an elicitation, and a denial stops
// the call. A --rule deny holds either way.
func TestMCPPermissions(t *testing.T) {
	for _, rev := range mcpRevisions {
		t.Run("revision "+rev, func(t *testing.T) {
			dir := workdir(t)
			cs := mcpClient(t, dir, rev, nil, "--tools", "all", "--rule", "edit=deny")
			if res := callMCP(t, cs, "write", map[string]any{"path": "b.txt", "content": "b"}); res.IsError {
				t.Errorf("write by default: %q", textOf(res))
			}
			if res := callMCP(t, cs, "edit", map[string]any{"path": "b.txt", "old_string": "b", "new_string": "c"}); !res.IsError || !strings.Contains(textOf(res), "denied") {
				t.Errorf("edit under a deny rule: %v %q", res.IsError, textOf(res))
			}

			e := newElicitor(func(p *mcp.ElicitParams) *mcp.ElicitResult {
				return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"choice": "Allow once"}}
			})
			cs = mcpClient(t, dir, rev, e.options(), "--tools", "all", "--ask-permissions")
			if res := callMCP(t, cs, "write", map[string]any{"path": "c.txt", "content": "c"}); res.IsError || len(e.questions()) != 1 || !strings.HasPrefix(e.questions()[0].Message, "Allow write (write level) to run?") {
				t.Errorf("write allowed once: %q (asked %d)", textOf(res), len(e.questions()))
			}
			e.answerWith(func(*mcp.ElicitParams) *mcp.ElicitResult {
				return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"choice": "Deny"}}
			})
			if res := callMCP(t, cs, "write", map[string]any{"path": "d.txt", "content": "d"}); !res.IsError || !strings.Contains(textOf(res), "did not allow") {
				t.Errorf("write denied: %v %q", res.IsError, textOf(res))
			}
			if _, err := os.Stat(filepath.Join(dir, "d.txt")); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a denied write wrote: %v", err)
			}
			if res := callMCP(t, cs, "read", map[string]any{"path": "c.txt"}); res.IsError || len(e.questions()) != 2 {
				t.Errorf("a read asked: %q (asked %d)", textOf(res), len(e.questions()))
			}
		})
	}
}

// TestMCPProgress: a search over many files, and a wait, report progress
// to a client that sent a token; a report's total, when it has one, is
// one the tool knows: the wait's is its bound, from the first report on.
func TestMCPProgress(t *testing.T) {
	dir := t.TempDir()
	for i := range 300 {
		os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(i)+".go"), []byte("package p\n\nfunc F() { x.Close() }\n"), 0o644)
	}
	var mu sync.Mutex
	var got []*mcp.ProgressNotificationParams
	opts := &mcp.ClientOptions{ProgressNotificationHandler: func(ctx context.Context, req *mcp.ProgressNotificationClientRequest) {
		mu.Lock()
		got = append(got, req.Params)
		mu.Unlock()
	}}
	cs := mcpClient(t, dir, "", opts, "--vibe", "--worker-fast", "sleep 2.5; echo done")
	p := &mcp.CallToolParams{Name: "ast_grep", Arguments: map[string]any{"pattern": "$X.Close()"}}
	p.SetProgressToken("search")
	if _, err := cs.CallTool(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	spawn := callMCP(t, cs, "vibe_spawn", map[string]any{"brief": "b", "label": "l"})
	if spawn.IsError {
		t.Fatal(textOf(spawn))
	}
	p = &mcp.CallToolParams{Name: "vibe_wait", Arguments: map[string]any{"worker_id": "w1", "timeout_seconds": 30}}
	p.SetProgressToken("wait")
	if res, err := cs.CallTool(context.Background(), p); err != nil || !strings.Contains(textOf(res), "done") {
		t.Fatalf("vibe_wait: %v %v", err, res)
	}
	time.Sleep(200 * time.Millisecond) // notifications may trail the result
	mu.Lock()
	defer mu.Unlock()
	var search, wait []float64
	var searchTotal float64 // the last search report's: known by then
	for _, n := range got {
		switch n.ProgressToken {
		case "search":
			search = append(search, n.Progress)
			searchTotal = n.Total
			if n.Total != 0 && n.Total < n.Progress {
				t.Errorf("search progress %v of %v", n.Progress, n.Total)
			}
		case "wait":
			wait = append(wait, n.Progress)
			if n.Total != 30 {
				t.Errorf("vibe_wait progress %v of %v, want of 30", n.Progress, n.Total)
			}
		}
	}
	if len(search) == 0 || search[len(search)-1] != 300 || searchTotal != 300 || !slices.IsSorted(search) {
		t.Errorf("search progress: %v, want rising to 300", search)
	}
	if len(wait) < 2 || !slices.IsSorted(wait) {
		t.Errorf("vibe_wait progress: %v, want a report a second", wait)
	}
}

// TestMCPCancel: cancelling a call interrupts an eval cell, whose kernel
// then runs the next one; closing stdin ends the binary and its kernel.
func TestMCPCancel(t *testing.T) {
	dir := workdir(t)
	cs := mcpClient(t, dir, "", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "eval", Arguments: map[string]any{"language": "python", "description": "loop forever until the call is cancelled", "code": "while True: pass"}})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a cancelled call: %v", err)
	}
	res := callMCP(t, cs, "eval", map[string]any{"language": "python", "description": "say the process id of the kernel", "code": "import os; os.getpid()"})
	pid, err := strconv.Atoi(strings.TrimSpace(textOf(res)))
	if res.IsError || err != nil {
		t.Fatalf("after the cancel: %v %q", res.IsError, textOf(res))
	}
	cs.Close() // the cleanup checks the binary's exit
	deadline := time.Now().Add(10 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			t.Fatalf("the Python kernel %d outlived the binary", pid)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestMCPTypeScriptClient: the official TypeScript SDK's client, which
// checks structured content against the output schema, lists the tools,
// searches, answers ask_user's form, and gets an error result.
func TestMCPTypeScriptClient(t *testing.T) {
	node := peers.Require(t, "node")
	modules := peers.RequireNodeModule(t, "@modelcontextprotocol/sdk", "mcpsdk")
	dir := workdir(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("testdata", "mcpclient.cjs"), binary, dir)
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the TypeScript client: %v\n%s", err, out)
	}
	var got struct {
		Tools []struct {
			Name      string
			Title     string
			ReadOnly  bool
			HasOutput bool
		}
		Grep struct {
			IsError bool
			Text    string
			Total   int
		}
		Ask struct {
			IsError bool
			Text    string
			Asked   []string
		}
		Bad struct{ IsError bool }
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(got.Tools) != 9 || got.Grep.IsError || got.Grep.Total != 1 || !strings.HasPrefix(got.Grep.Text, "m.go:3\n") ||
		got.Ask.IsError || got.Ask.Text != "selected: SQLite" || len(got.Ask.Asked) != 1 || !got.Bad.IsError {
		t.Errorf("what the TypeScript client saw: %s", out)
	}
}

// TestMCPVibeAnnotations: the vibe tools keep the read level, but their
// annotations say what they do: spawn and send start a worker that edits
// files and runs programs, kill ends one; wait and list change nothing.
func TestMCPVibeAnnotations(t *testing.T) {
	list := listMCP(t, mcpClient(t, workdir(t), "", nil, "--vibe", "--worker-fast", "true"))
	type hints struct{ ReadOnly, Destructive, OpenWorld bool }
	got := map[string]hints{}
	for n, tl := range list {
		if strings.HasPrefix(n, "vibe_") {
			a := tl.Annotations
			got[n] = hints{a.ReadOnlyHint, *a.DestructiveHint, *a.OpenWorldHint}
		}
	}
	want := map[string]hints{
		"vibe_spawn": {false, true, true},
		"vibe_send":  {false, true, true},
		"vibe_kill":  {false, true, false},
		"vibe_wait":  {true, false, false},
		"vibe_list":  {true, false, false},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("vibe annotations (-want +got):\n%s", diff)
	}
}

// rawMCP drives the binary's mcp over its real stdin and stdout with
// lines of our own making, to send what no SDK client would. The cleanup
// closes stdin and checks that the binary then exits by itself.
type rawMCP struct{ *host }

func startRawMCP(t *testing.T, dir string, args ...string) *rawMCP {
	t.Helper()
	return &rawMCP{startHost(t, dir, append([]string{"mcp"}, args...)...)}
}

// initialize opens a session at revision and returns the revision the
// server answered.
func (r *rawMCP) initialize(revision string) string {
	r.t.Helper()
	r.request(1, "initialize", map[string]any{"protocolVersion": revision, "capabilities": map[string]any{"elicitation": map[string]any{}},
		"clientInfo": map[string]any{"name": "raw", "version": "1"}})
	m := r.next()
	res, _ := m["result"].(map[string]any)
	if m["id"] != 1.0 || res == nil {
		r.t.Fatalf("initialize: %v", m)
	}
	r.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	v, _ := res["protocolVersion"].(string)
	return v
}

// errorOf returns the code and message of an error reply, or ok false.
func errorOf(m map[string]any) (code float64, message string, ok bool) {
	e, ok := m["error"].(map[string]any)
	if !ok {
		return 0, "", false
	}
	code, _ = e["code"].(float64)
	message, _ = e["message"].(string)
	return code, message, true
}

// validCode reports whether JSON-RPC allows code: one of its five, or
// one of its server errors.
func validCode(code float64) bool {
	return slices.Contains([]float64{-32700, -32600, -32601, -32602, -32603}, code) || -32099 <= code && code <= -32000
}

// TestMCPBadLines: a line that is not JSON, one cut short, one nested
// 100,000 deep and one of 20 MB, each between valid calls over raw stdio:
// each gets an error of id null with its code, and every valid call is
// answered.
func TestMCPBadLines(t *testing.T) {
	r := startRawMCP(t, workdir(t))
	if v := r.initialize("2025-11-25"); v != "2025-11-25" {
		t.Fatalf("initialize answered %q", v)
	}
	bad := []struct {
		name, line string
		code       float64
		message    string
	}{
		{"not JSON", "this is not JSON", -32700, "parse error: the line is not JSON: invalid character 'h' in literal true (expecting 'r')"},
		{"cut short", `{"jsonrpc":"2.0","id":90,"method":"tools/call","params":{"name":"ast_gr`, -32700, "parse error: the line is not JSON: unexpected end of JSON input"},
		{"nested 100,000 deep", strings.Repeat("[", 100000) + strings.Repeat("]", 100000), -32600, "the message nests arrays and objects more than 1000 deep; it was skipped"},
		{"20 MB", `{"jsonrpc":"2.0","id":91,"method":"tools/call","params":{"name":"ast_grep","arguments":{"pattern":"` + strings.Repeat("a", 20<<20) + `"}}}`,
			-32600, "the line is longer than the 16 MiB a message may take; it was skipped"},
	}
	grep := map[string]any{"name": "ast_grep", "arguments": map[string]any{"pattern": "$X.Close()"}}
	r.request(2, "tools/list", map[string]any{})
	for i, b := range bad {
		r.send(b.line)
		r.request(3+i, "tools/call", grep)
	}
	type refusal struct {
		Code    float64
		Message string
	}
	var refused []refusal
	answered := map[float64]map[string]any{}
	for len(answered) < 1+len(bad) || len(refused) < len(bad) {
		m := r.next()
		if code, message, ok := errorOf(m); ok {
			if _, has := m["id"]; !has || m["id"] != nil {
				t.Fatalf("an error with an id, after a line that had none to read: %v", m)
			}
			refused = append(refused, refusal{code, message})
			continue
		}
		answered[m["id"].(float64)] = m
	}
	var want []refusal
	for _, b := range bad {
		want = append(want, refusal{b.code, b.message})
	}
	if diff := cmp.Diff(want, refused); diff != "" {
		t.Errorf("the errors of the bad lines (-want +got):\n%s", diff)
	}
	if tools, _ := answered[2]["result"].(map[string]any)["tools"].([]any); len(tools) == 0 {
		t.Errorf("tools/list: %v", answered[2])
	}
	for i := range bad {
		res, _ := answered[float64(3+i)]["result"].(map[string]any)
		content, _ := res["content"].([]any)
		if len(content) == 0 || !strings.HasPrefix(content[0].(map[string]any)["text"].(string), "m.go:3\n") {
			t.Errorf("the call after %s: %v", bad[i].name, answered[float64(3+i)])
		}
	}
}

// TestMCPErrorCodes: every error the server sends has a code JSON-RPC
// allows, a call before initialize included.
func TestMCPErrorCodes(t *testing.T) {
	r := startRawMCP(t, workdir(t))
	r.request(1, "tools/list", map[string]any{})
	if code, message, _ := errorOf(r.next()); code != -32600 || !strings.Contains(message, "invalid during session initialization") {
		t.Errorf("tools/list before initialize: code %v, %q", code, message)
	}
	r.initialize("2025-11-25")
	for i, line := range []string{
		`{"jsonrpc":"2.0","id":10,"method":"no/such/method"}`,
		`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"no_such_tool","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":"not an object"}`,
		`{"jsonrpc":"2.0","id":13,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`,
		`{"jsonrpc":"1.0","id":14,"method":"ping"}`,
		`[{"jsonrpc":"2.0","id":15,"method":"ping"}]`,
	} {
		r.send(line)
		m := r.next()
		code, message, ok := errorOf(m)
		if !ok || !validCode(code) {
			t.Errorf("line %d, %s: %v", i, line, m)
		}
		if want := []any{10.0, 11.0, 12.0, 13.0, 14.0, nil}[i]; m["id"] != want {
			t.Errorf("line %d: the error %q answers id %v, want %v", i, message, m["id"], want)
		}
	}
}

// TestMCPRevisions: initialize at 2025-06-18, 2025-11-25 and 2026-07-28
// (which has no initialize, so the server answers 2025-11-25), and the
// server then speaks the revision it answered: ask_user's card comes as
// an elicitation during the call. A call that names 2026-07-28 in its
// _meta, with no initialize, speaks that: its result asks for the input.
func TestMCPRevisions(t *testing.T) {
	ask := map[string]any{"name": "ask_user", "arguments": map[string]any{"question": "Which database?", "options": []map[string]any{{"label": "Postgres"}, {"label": "SQLite"}}}}
	for _, tc := range []struct{ asked, answered string }{
		{"2025-06-18", "2025-06-18"},
		{"2025-11-25", "2025-11-25"},
		{"2026-07-28", "2025-11-25"},
	} {
		t.Run(tc.asked, func(t *testing.T) {
			r := startRawMCP(t, workdir(t))
			if v := r.initialize(tc.asked); v != tc.answered {
				t.Fatalf("initialize at %s answered %q, want %q", tc.asked, v, tc.answered)
			}
			r.request(2, "tools/call", ask)
			m := r.next()
			if m["method"] != "elicitation/create" {
				t.Fatalf("speaking %s, the card came as %v, not as an elicitation", tc.answered, m)
			}
			b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": m["id"], "result": map[string]any{"action": "accept", "content": map[string]any{"choice": "SQLite"}}})
			r.send(string(b))
			m = r.next()
			res, _ := m["result"].(map[string]any)
			if m["id"] != 2.0 || res["resultType"] != nil || res["isError"] == true || !strings.Contains(fmt.Sprint(res["content"]), "selected: SQLite") {
				t.Errorf("the result of ask_user: %v", m)
			}
		})
	}
	t.Run("2026-07-28 in _meta", func(t *testing.T) {
		r := startRawMCP(t, workdir(t))
		params := maps.Clone(ask)
		params["_meta"] = map[string]any{
			mcp.MetaKeyProtocolVersion:    "2026-07-28",
			mcp.MetaKeyClientInfo:         map[string]any{"name": "raw", "version": "1"},
			mcp.MetaKeyClientCapabilities: map[string]any{"elicitation": map[string]any{}},
		}
		r.request(2, "tools/call", params)
		m := r.next()
		res, _ := m["result"].(map[string]any)
		if m["id"] != 2.0 || res["resultType"] != "input_required" || res["inputRequests"] == nil {
			t.Errorf("a sessionless call: %v", m)
		}
	})
}

// TestMCPInterrupt: SIGINT, as Claude Code stops its servers, during a
// cell that never ends: the call is cancelled and answered, and the
// binary ends within two seconds, its kernel with it.
func TestMCPInterrupt(t *testing.T) {
	peers.Require(t, "python3")
	dir := workdir(t)
	r := startRawMCP(t, dir)
	r.initialize("2025-11-25")
	started := filepath.Join(dir, "started")
	r.request(2, "tools/call", map[string]any{"name": "eval", "arguments": map[string]any{"language": "python", "description": "say it runs, then loop forever",
		"code": fmt.Sprintf("import os\nopen(%q, 'w').write(str(os.getpid()))\nwhile True: pass", started)}})
	var pid int
	for pid == 0 { // the cell has begun once the file holds the kernel's pid
		b, _ := os.ReadFile(started)
		pid, _ = strconv.Atoi(string(b))
		select {
		case m := <-r.msgs:
			t.Fatalf("the cell ended before it was interrupted: %v", m)
		case <-time.After(20 * time.Millisecond):
		}
	}
	r.signalled = true
	sent := time.Now()
	if err := r.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	m := r.next()
	if _, ok := m["result"].(map[string]any); m["id"] != 2.0 || !ok {
		t.Errorf("the interrupted call's answer: %v", m)
	}
	select {
	case <-r.exited:
	case <-time.After(10 * time.Second):
		t.Fatal("mcp did not exit within 10s of SIGINT")
	}
	if d := time.Since(sent); d > 2*time.Second { // the bound
		t.Errorf("mcp took %v to end after SIGINT; the bound is 2s", d)
	}
	deadline := time.Now().Add(10 * time.Second) // its parent gone, init reaps it
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			t.Fatalf("the Python kernel %d outlived the binary", pid)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
