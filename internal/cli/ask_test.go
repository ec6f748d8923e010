//go:build unix

package cli

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
)

// initServe starts serve with the given flags and initializes it with
// human as the host declares it.
func initServe(t *testing.T, dir string, human bool, args ...string) *host {
	t.Helper()
	h := startServe(t, dir, args...)
	h.request(1, "initialize", map[string]any{"human": human})
	if m := h.next(); m["id"] != 1.0 || m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	return h
}

// answer replies to a ui/ask request from the server.
func (h *host) answer(ask map[string]any, a map[string]any) {
	h.t.Helper()
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": ask["id"], "result": a})
	h.send(string(b))
}

// expectAsk reads the next message, which must be a ui/ask card of kind.
func (h *host) expectAsk(kind string) (map[string]any, map[string]any) {
	h.t.Helper()
	m := h.next()
	params, _ := m["params"].(map[string]any)
	if m["method"] != "ui/ask" || params["kind"] != kind {
		h.t.Fatalf("want a ui/ask %s card, got %v", kind, m)
	}
	return m, params
}

// result reads the next message, which must answer call id, and returns
// its text and whether it is an error.
func (h *host) result(id int) (string, bool) {
	h.t.Helper()
	m := h.next()
	if m["id"] != float64(id) {
		h.t.Fatalf("want the result of call %d, got %v", id, m)
	}
	r, _ := m["result"].(map[string]any)
	var text []string
	for _, c := range r["content"].([]any) {
		text = append(text, c.(map[string]any)["text"].(string))
	}
	return strings.Join(text, "\n"), r["isError"] == true
}

var dbOptions = []map[string]any{{"label": "Postgres", "description": "the default"}, {"label": "SQLite"}, {"label": "MySQL"}}

func TestServeAskUser(t *testing.T) {
	tests := []struct {
		name    string
		args    map[string]any
		reply   map[string]any // nil: the host never answers
		isError bool
		want    string
	}{
		{"single", map[string]any{"question": "Which database?", "options": dbOptions}, map[string]any{"outcome": "answered", "selected": []string{"SQLite"}}, false, "selected: SQLite"},
		{"multi-select", map[string]any{"question": "Which databases?", "options": dbOptions, "multi_select": true}, map[string]any{"outcome": "answered", "selected": []string{"Postgres", "MySQL"}}, false, "selected: Postgres, MySQL"},
		{"free text", map[string]any{"question": "Which port?", "allow_free_text": true}, map[string]any{"outcome": "answered", "text": "5432"}, false, "text: 5432"},
		{"skipped", map[string]any{"question": "Which database?", "options": dbOptions}, map[string]any{"outcome": "skipped"}, false, "skipped: go on with a stated assumption and do not ask again"},
		{"host says timed out", map[string]any{"question": "Which database?", "options": dbOptions}, map[string]any{"outcome": "timeout"}, true, "timed out: nobody answered within 2s; go on with a stated assumption"},
		{"host never answers", map[string]any{"question": "Which database?", "options": dbOptions}, nil, true, "timed out: nobody answered within 2s"},
		{"answer off the card", map[string]any{"question": "Which database?", "options": dbOptions}, map[string]any{"outcome": "answered", "selected": []string{"Oracle"}}, true, `"Oracle", which is not an option of the card`},
	}
	h := initServe(t, workdir(t), true, "--question-timeout", "2s")
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h.t = t
			id := 100 + i
			h.request(id, "tools/call", map[string]any{"name": "ask_user", "arguments": tc.args})
			ask, params := h.expectAsk("question")
			card := params["card"].(map[string]any)
			if card["question"] != tc.args["question"] || params["timeout_seconds"] != 2.0 {
				t.Errorf("card %v does not carry the question and the timeout", params)
			}
			if tc.reply != nil {
				h.answer(ask, tc.reply)
			}
			text, isErr := h.result(id)
			if isErr != tc.isError || !strings.Contains(text, tc.want) {
				t.Errorf("ask_user: isError %v, %q; want isError %v and %q", isErr, text, tc.isError, tc.want)
			}
		})
	}
}

// TestServeAskUserNoHuman: a host that declared no human never gets a
// card; the question fails at once.
func TestServeAskUserNoHuman(t *testing.T) {
	h := initServe(t, workdir(t), false)
	start := time.Now()
	h.request(2, "tools/call", map[string]any{"name": "ask_user", "arguments": map[string]any{"question": "Which?", "options": dbOptions}})
	text, isErr := h.result(2)
	if !isErr || !strings.Contains(text, "no human is connected") {
		t.Errorf("ask_user with no human: isError %v, %q", isErr, text)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("ask_user with no human took %v; it must fail at once", d)
	}
	h.request(3, "tools/call", map[string]any{"name": "ask_user", "arguments": map[string]any{"question": "", "options": dbOptions}})
	if text, isErr := h.result(3); !isErr || !strings.Contains(text, "question: must not be empty") {
		t.Errorf("empty question: %q", text)
	}
}

// TestServePermissionCards: allow once asks again next time; allow for
// the run does not; deny leaves the file unwritten.
func TestServePermissionCards(t *testing.T) {
	dir := workdir(t)
	h := initServe(t, dir, true)
	write := func(id int, name string) {
		h.request(id, "tools/call", map[string]any{"name": "write", "arguments": map[string]any{"path": name, "content": "x"}})
	}
	options := func(params map[string]any) []string {
		var labels []string
		for _, o := range params["card"].(map[string]any)["options"].([]any) {
			labels = append(labels, o.(map[string]any)["label"].(string))
		}
		return labels
	}
	write(10, "once.txt")
	ask, params := h.expectAsk("permission")
	if got := strings.Join(options(params), "|"); got != "Allow once|Allow this tool for the run|Deny" {
		t.Errorf("permission options %q", got)
	}
	h.answer(ask, map[string]any{"outcome": "answered", "selected": []string{"Allow once"}})
	if text, isErr := h.result(10); isErr {
		t.Fatalf("allowed once: %s", text)
	}
	write(11, "denied.txt")
	ask, _ = h.expectAsk("permission")
	h.answer(ask, map[string]any{"outcome": "answered", "selected": []string{"Deny"}})
	if text, isErr := h.result(11); !isErr || !strings.Contains(text, "did not allow") {
		t.Errorf("denied: %v %q", isErr, text)
	}
	write(12, "run1.txt")
	ask, _ = h.expectAsk("permission")
	h.answer(ask, map[string]any{"outcome": "answered", "selected": []string{"Allow this tool for the run"}})
	if text, isErr := h.result(12); isErr {
		t.Fatalf("allowed for the run: %s", text)
	}
	// No second card: the next message is the result itself.
	write(13, "run2.txt")
	if text, isErr := h.result(13); isErr {
		t.Fatalf("second write after allow for the run: %s", text)
	}
	for name, want := range map[string]bool{"once.txt": true, "denied.txt": false, "run1.txt": true, "run2.txt": true} {
		if _, err := os.Stat(filepath.Join(dir, name)); (err == nil) != want {
			t.Errorf("%s exists %v, want %v", name, err == nil, want)
		}
	}
}

// startOnTerminal runs the built binary with a pseudo-terminal as its
// controlling terminal and stderr, and pipes for stdin and stdout. It
// returns the terminal's master side, a reader of what was drawn on it,
// and a wait for the binary's stdout and exit code.
func startOnTerminal(t *testing.T, dir, stdin string, args ...string) (*os.File, *bufio.Reader, func() (string, int)) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	var out strings.Builder
	cmd.Stdout = &out
	cmd.Stderr = tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 2}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	done := make(chan int, 1)
	go func() {
		cmd.Wait()
		done <- cmd.ProcessState.ExitCode()
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		ptmx.Close()
	})
	return ptmx, bufio.NewReader(ptmx), func() (string, int) {
		select {
		case code := <-done:
			return out.String(), code
		case <-time.After(60 * time.Second):
			t.Fatal("the binary did not exit within 60s")
		}
		return "", 0
	}
}

// readUntil reads the terminal until it has shown want, and returns what
// it showed.
func readUntil(t *testing.T, r *bufio.Reader, want string) string {
	t.Helper()
	got := make(chan string, 1)
	go func() {
		var b strings.Builder
		buf := make([]byte, 1024)
		for !strings.Contains(b.String(), want) {
			n, err := r.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		got <- b.String()
	}()
	select {
	case s := <-got:
		if !strings.Contains(s, want) {
			t.Fatalf("the terminal showed %q, never %q", s, want)
		}
		return s
	case <-time.After(60 * time.Second):
		t.Fatalf("the terminal did not show %q within 60s", want)
	}
	return ""
}

func TestTerminalAskUser(t *testing.T) {
	dir := workdir(t)
	args, _ := json.Marshal(map[string]any{"question": "Which database?", "context": "the schema depends on it", "options": dbOptions, "multi_select": true})
	ptmx, screen, wait := startOnTerminal(t, dir, "", "call", "ask_user", string(args))
	shown := readUntil(t, screen, "skips")
	for _, w := range []string{"[question] Which database?", "the schema depends on it", "1. Postgres — the default", "3. MySQL", "numbers separated by commas"} {
		if !strings.Contains(shown, w) {
			t.Errorf("the card lacks %q:\n%s", w, shown)
		}
	}
	io.WriteString(ptmx, "7\n")
	readUntil(t, screen, "7 is not an option (1 to 3); try again")
	io.WriteString(ptmx, "3, 1\n")
	out, code := wait()
	if code != 0 || !strings.Contains(out, "selected: MySQL, Postgres") {
		t.Errorf("exit %d, stdout %q; want selected: MySQL, Postgres", code, out)
	}
}

// TestTerminalPermission: a batch run by a person: the card is drawn on
// the terminal while stdin and stdout carry the batch, and allow for the
// run is asked once for two writes.
func TestTerminalPermission(t *testing.T) {
	dir := workdir(t)
	batch := `{"tool":"write","args":{"path":"a1.txt","content":"1"}}` + "\n" + `{"tool":"write","args":{"path":"a2.txt","content":"2"}}` + "\n"
	ptmx, screen, wait := startOnTerminal(t, dir, batch, "batch")
	shown := readUntil(t, screen, "skips")
	if !strings.Contains(shown, "[permission] Allow write") || !strings.Contains(shown, "2. Allow this tool for the run") {
		t.Errorf("permission card:\n%s", shown)
	}
	io.WriteString(ptmx, "2\n")
	out, code := wait()
	if code != 0 || strings.Count(out, `"isError":true`) != 0 || strings.Count(out, "\n") != 2 {
		t.Errorf("exit %d, batch output:\n%s", code, out)
	}
	for _, f := range []string{"a1.txt", "a2.txt"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestNoTerminalNoHuman: without a terminal, ask_user fails at once.
func TestNoTerminalNoHuman(t *testing.T) {
	args, _ := json.Marshal(map[string]any{"question": "Which?", "options": dbOptions})
	r := run(t, workdir(t), "", "call", "ask_user", string(args))
	if r.code != 1 || !strings.Contains(r.stdout+r.stderr, "no human is connected") {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}
