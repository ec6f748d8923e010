//go:build unix

package lspclient

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/google/go-cmp/cmp"
)

// startRecorder starts a recorder for dir, shut down at the test's end.
func startRecorder(t *testing.T, dir string) *Client {
	t.Helper()
	c, err := Start(context.Background(), &Server{ID: "recorder"}, recorderCommand(t, "", "", ""), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Shutdown(context.Background()) })
	return c
}

// syncInParallel writes n contents to path, one after another, and syncs
// each after its write, all at once. It returns the content written last.
func syncInParallel(t *testing.T, c *Client, path string, n int, content func(i int) string) string {
	t.Helper()
	var (
		mu   sync.Mutex // orders the writes, not the syncs
		last string
		wg   sync.WaitGroup
		errs = make(chan error, n)
	)
	for i := range n {
		wg.Go(func() {
			mu.Lock()
			last = content(i)
			err := os.WriteFile(path, []byte(last), 0o644)
			mu.Unlock()
			if err == nil {
				_, err = c.Sync(context.Background(), path)
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return last
}

// TestSyncOrder: Syncs of one document from many goroutines reach the
// server with strictly increasing versions, opened first, and the server
// ends with the content written last.
func TestSyncOrder(t *testing.T) {
	dir := t.TempDir()
	c := startRecorder(t, dir)
	path := filepath.Join(dir, "a.txt")
	last := syncInParallel(t, c, path, 64, func(i int) string { return fmt.Sprintf("content %d\n", i) })

	var seen []received
	if err := c.Call(context.Background(), "test/received", nil, &seen); err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 {
		t.Fatal("the server received nothing")
	}
	for i, r := range seen {
		want := "textDocument/didChange"
		if i == 0 {
			want = "textDocument/didOpen"
		}
		if r.Method != want {
			t.Errorf("notification %d is %s, want %s", i, r.Method, want)
		}
		if i > 0 && r.Version <= seen[i-1].Version {
			t.Errorf("version %d arrived after version %d", r.Version, seen[i-1].Version)
		}
	}
	if got := seen[len(seen)-1].Text; got != last {
		t.Errorf("the server holds %q, want the content written last, %q", got, last)
	}
	if got, ok := c.Synced(path); !ok || string(got) != last {
		t.Errorf("Synced = %q, %v; want %q, true", got, ok, last)
	}
}

// TestSyncOrderGopls: after Syncs of one Go file from many goroutines,
// gopls answers from the content written last.
func TestSyncOrderGopls(t *testing.T) {
	gopls := peers.Require(t, "gopls")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/p\n\ngo 1.21\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := &Server{ID: "gopls", Extensions: []string{".go"}}
	c, err := Start(context.Background(), srv, []string{gopls}, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Shutdown(context.Background())
	path := filepath.Join(dir, "p.go")
	last := syncInParallel(t, c, path, 32, func(i int) string { return fmt.Sprintf("package p\n\nfunc F%d() {}\n", i) })

	// A bound on a hang only: Ready waits for gopls to have published
	// for the version last synced, which it never does when it dropped
	// an out-of-order change.
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	c.Ready(ctx, path)
	syms, err := c.DocumentSymbols(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range syms {
		got = append(got, s.Name)
	}
	want := []string{strings.TrimSuffix(strings.TrimPrefix(last, "package p\n\nfunc "), "() {}\n")}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("gopls's symbols of the file after parallel syncs (-want +got):\n%s", diff)
	}
}

// TestSyncFailedLeavesUnsynced: a Sync whose notification cannot be sent
// (the server was killed) leaves the document unsynced, so the next Sync
// sends it again rather than taking it as known.
func TestSyncFailedLeavesUnsynced(t *testing.T) {
	dir := t.TempDir()
	c := startRecorder(t, dir)
	path := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(path, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if sent, err := c.Sync(context.Background(), path); !sent || err != nil {
		t.Fatalf("first Sync: %v, %v", sent, err)
	}
	syscall.Kill(-c.cmd.Process.Pid, syscall.SIGKILL)
	<-c.exited
	<-c.conn.DisconnectNotify()
	if err := os.WriteFile(path, []byte("two\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		_, err := c.Sync(context.Background(), path)
		if err == nil || !strings.Contains(err.Error(), "textDocument/didChange") || !strings.Contains(err.Error(), "recorder exited (signal: killed)") {
			t.Errorf("Sync %d to a killed server: %v", i+1, err)
		}
		if content, ok := c.Synced(path); ok {
			t.Errorf("after Sync %d failed, the document is synced as %q", i+1, content)
		}
	}
}
