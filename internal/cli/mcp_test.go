package cli

import (
	"context"
	"encoding/json"
	"errors"
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
			want := []string{"ask_user", "ast_edit", "ast_grep", "debug", "eval", "lsp", "lsp_rename", "resolve"}
			if diff := cmp.Diff(want, names); diff != "" {
				t.Errorf("default tools (-want +got):\n%s", diff)
			}
			type hints struct {
				Title                       string
				ReadOnly, Destructive, Open bool
				Output                      bool
			}
			got := map[string]hints{}
			for _, n := range []string{"ast_grep", "ast_edit", "eval", "lsp_rename", "lsp"} {
				tl := list[n]
				a := tl.Annotations
				got[n] = hints{tl.Title, a.ReadOnlyHint, *a.DestructiveHint, *a.OpenWorldHint, tl.OutputSchema != nil}
				if tl.Description == "" || tl.InputSchema == nil {
					t.Errorf("%s has no description or input schema", n)
				}
			}
			wantHints := map[string]hints{
				"ast_grep":   {"Structural search", true, false, false, true},
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

// elicitor is a scripted person answering form elicitations.
type elicitor struct {
	mu     sync.Mutex
	asked  []*mcp.ElicitParams
	answer func(*mcp.ElicitParams) *mcp.ElicitResult
}

func (e *elicitor) options() *mcp.ClientOptions {
	return &mcp.ClientOptions{ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		e.mu.Lock()
		e.asked = append(e.asked, req.Params)
		e.mu.Unlock()
		res := e.answer(req.Params)
		if res == nil { // an answer that comes too late
			time.Sleep(3 * time.Second)
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
			e := &elicitor{}
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
				e.answer = func(*mcp.ElicitParams) *mcp.ElicitResult { return tc.answer }
				res := callMCP(t, cs, "ask_user", question)
				if res.IsError != tc.isError || textOf(res) != tc.want {
					t.Errorf("%s: isError %v, %q; want %v, %q", tc.name, res.IsError, textOf(res), tc.isError, tc.want)
				}
			}
			p := e.asked[0]
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

			e := &elicitor{answer: func(p *mcp.ElicitParams) *mcp.ElicitResult {
				return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"choice": "Allow once"}}
			}}
			cs = mcpClient(t, dir, rev, e.options(), "--tools", "all", "--ask-permissions")
			if res := callMCP(t, cs, "write", map[string]any{"path": "c.txt", "content": "c"}); res.IsError || !strings.HasPrefix(e.asked[0].Message, "Allow write (write level) to run?") {
				t.Errorf("write allowed once: %q (asked %d)", textOf(res), len(e.asked))
			}
			e.answer = func(*mcp.ElicitParams) *mcp.ElicitResult {
				return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"choice": "Deny"}}
			}
			if res := callMCP(t, cs, "write", map[string]any{"path": "d.txt", "content": "d"}); !res.IsError || !strings.Contains(textOf(res), "did not allow") {
				t.Errorf("write denied: %v %q", res.IsError, textOf(res))
			}
			if _, err := os.Stat(filepath.Join(dir, "d.txt")); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a denied write wrote: %v", err)
			}
			if res := callMCP(t, cs, "read", map[string]any{"path": "c.txt"}); res.IsError || len(e.asked) != 2 {
				t.Errorf("a read asked: %q (asked %d)", textOf(res), len(e.asked))
			}
		})
	}
}

// TestMCPProgress: a search over many files, and a wait, report progress
// to a client that sent a token.
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
	for _, n := range got {
		switch n.ProgressToken {
		case "search":
			search = append(search, n.Progress)
			if n.Total < n.Progress {
				t.Errorf("search progress %v of %v", n.Progress, n.Total)
			}
		case "wait":
			wait = append(wait, n.Progress)
		}
	}
	if len(search) == 0 || search[len(search)-1] != 300 || !slices.IsSorted(search) {
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
	if len(got.Tools) != 8 || got.Grep.IsError || got.Grep.Total != 1 || !strings.HasPrefix(got.Grep.Text, "m.go:3\n") ||
		got.Ask.IsError || got.Ask.Text != "selected: SQLite" || len(got.Ask.Asked) != 1 || !got.Bad.IsError {
		t.Errorf("what the TypeScript client saw: %s", out)
	}
}
