package tools

import (
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLSPRestart: a server that died is started again on the next call,
// and the result says so.
func TestLSPRestart(t *testing.T) {
	d, _, sup := lspRun(t, "go", "gopls")
	if text, isErr := lspCall(t, d, map[string]any{"action": "hover", "file": "a.go", "line": 6, "symbol": "Greet"}); isErr {
		t.Fatal(text)
	}
	pids := sup.PIDs()
	if len(pids) != 1 {
		t.Fatalf("%d servers running, want 1", len(pids))
	}
	syscall.Kill(-pids[0], syscall.SIGKILL)
	// Wait until the process is gone (reaped), as it is when a server
	// crashes some time before the next call.
	deadline := time.Now().Add(10 * time.Second)
	for syscall.Kill(pids[0], 0) == nil && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	text, isErr := lspCall(t, d, map[string]any{"action": "hover", "file": "a.go", "line": 6, "symbol": "Greet"})
	if isErr || !strings.HasPrefix(text, "(gopls had exited and was restarted)\n") || !strings.Contains(text, "func Greet(name string) string") {
		t.Errorf("hover after the server died: %s", text)
	}
	if got := sup.PIDs(); len(got) != 1 || got[0] == pids[0] {
		t.Errorf("servers after the restart: %v (before: %v)", got, pids)
	}
}
