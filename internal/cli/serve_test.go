package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestServeAnswersBeforeEOF pipes initialize and three calls into serve
// and closes stdin at once, forty times: every request gets its reply
// before the process exits, and no call is refused as sent before
// initialize.
func TestServeAnswersBeforeEOF(t *testing.T) {
	dir := workdir(t)
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"human":false}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read","arguments":{"path":"a.txt"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ast_grep","arguments":{"pattern":"$X.Close()","language":"go"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"eval","arguments":{"code":"6 * 7","language":"javascript","description":"multiply two numbers in a cell"}}}`,
	}, "\n") + "\n"
	const runs = 40
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	failures := make([]string, runs)
	for i := range runs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			failures[i] = serveOnce(dir, in)
		}()
	}
	wg.Wait()
	var failed []string
	for i, f := range failures {
		if f != "" {
			failed = append(failed, fmt.Sprintf("run %d: %s", i, f))
		}
	}
	if len(failed) > 0 {
		t.Errorf("%d of %d runs lost or refused a reply:\n%s", len(failed), runs, strings.Join(failed, "\n"))
	}
}

// serveOnce runs serve on in with --yes and says what was wrong with its
// replies, or "".
func serveOnce(dir, in string) string {
	cmd := exec.Command(binary, "serve", "--yes")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(in)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return fmt.Sprintf("exit: %v; stderr %q", err, errb.String())
	}
	got := map[float64]string{}
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			return fmt.Sprintf("a line is not JSON: %q", sc.Text())
		}
		id, _ := m["id"].(float64)
		if _, dup := got[id]; dup {
			return fmt.Sprintf("two replies to %v", id)
		}
		switch {
		case m["error"] != nil:
			got[id] = fmt.Sprint("error ", m["error"])
		case id > 1 && m["result"].(map[string]any)["isError"] == true:
			got[id] = fmt.Sprint("isError ", m["result"])
		default:
			got[id] = "ok"
		}
	}
	want := map[float64]string{1: "ok", 2: "ok", 3: "ok", 4: "ok"}
	if diff := cmp.Diff(want, got); diff != "" {
		return fmt.Sprintf("replies (-want +got):\n%s", diff)
	}
	return ""
}

// TestServeCancelRequest cancels a runaway JavaScript cell with
// $/cancelRequest: the cell is interrupted, its call answered, and the
// server goes on serving.
func TestServeCancelRequest(t *testing.T) {
	h := startServe(t, workdir(t), "--yes")
	h.request(1, "initialize", map[string]any{"human": false})
	if m := h.next(); m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	h.request(2, "tools/call", map[string]any{"name": "eval", "arguments": map[string]any{
		"code": "console.log('started'); while (true) {}", "language": "javascript", "description": "run a loop that never ends"}})
	h.request(3, "tools/call", map[string]any{"name": "read", "arguments": map[string]any{"path": "a.txt"}})
	if m := h.next(); m["id"] != 3.0 {
		t.Fatalf("a call beside the runaway cell: %v", m)
	}
	h.send(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}`)
	m := h.next()
	if m["id"] != 2.0 {
		t.Fatalf("want the cancelled call's reply, got %v", m)
	}
	res := m["result"].(map[string]any)
	st, _ := res["structured"].(map[string]any)
	if res["isError"] != true || st["interrupted"] != "cancelled" {
		t.Errorf("the cancelled cell's result: %v", res)
	}
	h.request(4, "tools/call", map[string]any{"name": "eval", "arguments": map[string]any{
		"code": "1 + 1", "language": "javascript", "description": "check the kernel still answers"}})
	if m := h.next(); m["id"] != 4.0 || m["result"].(map[string]any)["isError"] == true {
		t.Errorf("a call after the cancel: %v", m)
	}
	// A cancel for a call that is not running is no error, and a
	// request form of it is answered.
	h.request(5, "$/cancelRequest", map[string]any{"id": 99})
	if m := h.next(); m["id"] != 5.0 || m["error"] != nil {
		t.Errorf("$/cancelRequest as a request: %v", m)
	}
}

// TestServeBoundedErrors: an error never echoes a huge input whole.
func TestServeBoundedErrors(t *testing.T) {
	h := startServe(t, workdir(t), "--yes")
	h.request(1, "initialize", map[string]any{"human": false})
	h.next()
	long := strings.Repeat("x", 5<<20)
	for i, params := range []map[string]any{
		{"name": long, "arguments": map[string]any{}},
		{"name": "read", "arguments": map[string]any{"path": long}},
		{"name": "ast_grep", "arguments": map[string]any{"pattern": "$X(", "path": long}},
	} {
		h.request(10+i, "tools/call", params)
		m := h.next()
		b, _ := json.Marshal(m)
		if len(b) > 2500 {
			t.Errorf("reply %d is %d bytes: %.300s", 10+i, len(b), b)
		}
		if !strings.Contains(string(b), "bytes)") {
			t.Errorf("reply %d does not say how long the input was: %.300s", 10+i, b)
		}
	}
	h.request(20, strings.Repeat("m", 1<<20), nil)
	if m := h.next(); errCode(m) != -32601 || len(fmt.Sprint(m)) > 2500 {
		t.Errorf("a long unknown method: %.300v", m)
	}
}
