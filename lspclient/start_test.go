//go:build unix

package lspclient

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/google/go-cmp/cmp"
	"github.com/sourcegraph/jsonrpc2"
)

func requireSh(t *testing.T) string {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	return sh
}

// TestStartReportsExitDuringInitialize: a server that exits before it
// answers initialize is reported by its exit status or signal and its
// last stderr lines (at most stderrLines of them, stderrChars in all),
// not as a closed connection.
func TestStartReportsExitDuringInitialize(t *testing.T) {
	sh := requireSh(t)
	long := strings.Repeat("x", 300)
	tests := []struct {
		name     string
		script   string
		want     []string // in the error
		wantNot  []string // not in it
		maxLines int      // of stderr quoted
	}{
		{"exit 3 after 30 lines", `for i in $(seq 1 30); do echo "line $i" >&2; done; exit 3`,
			[]string{"fake exited during initialize (exit status 3)", "its last stderr lines:\nline 11\n", "line 30"},
			[]string{"line 10\n", "connection is closed"}, stderrLines},
		{"exit 3 after long lines", `for i in $(seq 1 25); do echo "line $i ` + long + `" >&2; done; exit 3`,
			[]string{"fake exited during initialize (exit status 3)", "…line 20 ", "line 25 " + long},
			[]string{"line 19 ", "connection is closed"}, 6},
		{"killed", `echo "about to die" >&2; kill -9 $$`,
			[]string{"fake exited during initialize (signal: killed)", "its last stderr lines:\nabout to die"},
			[]string{"connection is closed"}, 1},
		{"silent", `exit 3`,
			[]string{"fake exited during initialize (exit status 3)"}, []string{"stderr"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Start(context.Background(), &Server{ID: "fake"}, []string{sh, "-c", tt.script}, t.TempDir())
			if err == nil {
				c.Shutdown(context.Background())
				t.Fatal("Start of a server that exits succeeded")
			}
			msg := err.Error()
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error lacks %q:\n%s", w, msg)
				}
			}
			for _, w := range tt.wantNot {
				if strings.Contains(msg, w) {
					t.Errorf("error has %q:\n%s", w, msg)
				}
			}
			quoted := ""
			if _, after, ok := strings.Cut(msg, "its last stderr lines:\n"); ok {
				quoted = after
			}
			if n := len(strings.Split(quoted, "\n")); quoted != "" && n != tt.maxLines || quoted == "" && tt.maxLines != 0 {
				t.Errorf("error quotes %d lines of stderr, want %d:\n%s", n, tt.maxLines, msg)
			}
			if len(quoted) > stderrChars {
				t.Errorf("error quotes %d bytes of stderr, more than %d", len(quoted), stderrChars)
			}
		})
	}
}

// TestStartReportsGoplsKilledDuringInitialize: a real gopls killed while
// it handles initialize is reported as killed, with its stderr. gopls is
// run as a forwarder to a remote gopls that is this test: it passes
// initialize on, which says that gopls is in the middle of it, and the
// answer never comes.
func TestStartReportsGoplsKilledDuringInitialize(t *testing.T) {
	sh := requireSh(t)
	gopls := peers.Require(t, "gopls")
	dir := t.TempDir()
	sock := filepath.Join(dir, "remote.sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	initializing := make(chan struct{})
	go serveSilentRemote(ln, initializing)

	script := `echo "wrapper: starting gopls" >&2; exec "$0" -remote="unix;$1"`
	srv := &Server{ID: "gopls", Commands: [][]string{{sh, "-c", script, gopls, sock}}}
	sup := newSupervisor(dir, []*Server{srv})
	defer sup.Close(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := sup.ForRoot(context.Background(), "gopls", dir)
		done <- err
	}()
	<-initializing
	pids := sup.PIDs()
	if len(pids) != 1 {
		t.Fatalf("%d processes while gopls starts, want 1", len(pids))
	}
	if err := syscall.Kill(pids[0], syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err = <-done
	if err == nil {
		t.Fatal("ForRoot succeeded though gopls was killed")
	}
	for _, w := range []string{"gopls exited during initialize (signal: killed)", "wrapper: starting gopls"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error lacks %q:\n%v", w, err)
		}
	}
}

// serveSilentRemote plays a remote gopls for one forwarder: it answers
// the handshake, closes initializing when initialize arrives, and answers
// nothing else.
func serveSilentRemote(ln net.Listener, initializing chan struct{}) {
	nc, err := ln.Accept()
	if err != nil {
		return
	}
	h := silentRemote{initializing: initializing}
	conn := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(nc, jsonrpc2.VSCodeObjectCodec{}), &h)
	<-conn.DisconnectNotify()
}

type silentRemote struct{ initializing chan struct{} }

func (h *silentRemote) Handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	switch req.Method {
	case "gopls/handshake":
		conn.Reply(ctx, req.ID, map[string]any{"serverID": "test", "sessionID": "test", "goplsPath": "test"})
	case "initialize":
		close(h.initializing)
	}
}

// mkfifo makes a named pipe in the test's temp dir.
func mkfifo(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// awaitUp waits until a recorder has said up on its FIFO.
func awaitUp(t *testing.T, up string) {
	t.Helper()
	if _, err := os.ReadFile(up); err != nil {
		t.Fatal(err)
	}
}

// openGate lets the recorders waiting on a gate FIFO serve.
func openGate(t *testing.T, gate string) {
	t.Helper()
	if err := os.WriteFile(gate, nil, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestSupervisorStartDoesNotBlock: while a server is starting (a real
// process that does not answer initialize until its gate opens, which
// never happens here), status, a second server's start and a caller who
// gives up all return, and Close kills the starting process: each returns
// before the slow start could end by itself.
func TestSupervisorStartDoesNotBlock(t *testing.T) {
	sh := requireSh(t)
	dir := t.TempDir()
	starts := filepath.Join(t.TempDir(), "starts")
	up, gate := mkfifo(t, "up"), mkfifo(t, "gate")
	sup := newSupervisor(dir, []*Server{
		{ID: "slow", Commands: [][]string{recorderCommand(t, starts, up, gate)}},
		{ID: "dies", Commands: [][]string{{sh, "-c", "echo bye >&2; exit 3"}}},
	})
	slow := make(chan error, 1)
	go func() {
		_, err := sup.ForRoot(context.Background(), "slow", dir)
		slow <- err
	}()
	awaitUp(t, up)
	stillStarting := func(what string) {
		t.Helper()
		select {
		case err := <-slow:
			t.Fatalf("the slow start ended (%v) before %s", err, what)
		default:
		}
	}

	var got []string
	for _, st := range sup.Status() {
		got = append(got, fmt.Sprintf("%s running %v starting %v", st.Server, st.Running, st.Starting))
	}
	want := []string{"slow running [] starting [.]", "dies running [] starting []"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("status while slow starts (-want +got):\n%s", diff)
	}
	stillStarting("status returned")

	_, err := sup.ForRoot(context.Background(), "dies", dir)
	if err == nil || !strings.Contains(err.Error(), "dies exited during initialize (exit status 3)") {
		t.Errorf("starting another server: %v", err)
	}
	stillStarting("another server's start returned")

	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sup.ForRoot(cancelled, "slow", dir); !errors.Is(err, context.Canceled) {
		t.Errorf("a second caller whose context ended: %v, want context.Canceled", err)
	}
	stillStarting("a second caller gave up")

	pids := sup.PIDs()
	if len(pids) != 1 {
		t.Fatalf("%d processes while slow starts, want 1", len(pids))
	}
	sup.Close(context.Background())
	if err := <-slow; !errors.Is(err, errShutDown) {
		t.Errorf("the start that Close cancelled: %v, want %v", err, errShutDown)
	}
	if err := syscall.Kill(pids[0], 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("the process of the cancelled start survives Close (%v)", err)
	}
	if n := countLines(t, starts); n != 1 {
		t.Errorf("slow was started %d times, want 1", n)
	}
}

// TestSupervisorSharesOneStart: two callers for one server while it
// starts get the one client it starts, from one process.
func TestSupervisorSharesOneStart(t *testing.T) {
	dir := t.TempDir()
	starts := filepath.Join(t.TempDir(), "starts")
	up, gate := mkfifo(t, "up"), mkfifo(t, "gate")
	sup := newSupervisor(dir, []*Server{{ID: "gated", Commands: [][]string{recorderCommand(t, starts, up, gate)}}})
	defer sup.Close(context.Background())
	type result struct {
		c   *Client
		err error
	}
	results := make(chan result, 2)
	for range 2 {
		go func() {
			c, err := sup.ForRoot(context.Background(), "gated", dir)
			results <- result{c, err}
		}()
	}
	awaitUp(t, up)
	openGate(t, gate)
	a, b := <-results, <-results
	if a.err != nil || b.err != nil {
		t.Fatalf("starts: %v, %v", a.err, b.err)
	}
	if a.c != b.c {
		t.Error("two callers got two clients")
	}
	if n := countLines(t, starts); n != 1 {
		t.Errorf("the server was started %d times, want 1", n)
	}
	if pids := sup.PIDs(); len(pids) != 1 {
		t.Errorf("%d processes, want 1", len(pids))
	}
}

func countLines(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}
