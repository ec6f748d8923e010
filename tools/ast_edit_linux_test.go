//go:build linux

package tools

import (
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestResolveRollsBack makes the second of two writes fail midway and
// checks that no file changed: every new content is staged before the
// first rename, so the failure comes before any file is touched. Tests
// here run as root, whom no file mode stops, so the failure is a
// file-size limit: b.go's rewrite is larger than the process may write.
func TestResolveRollsBack(t *testing.T) {
	big := "package a\n\nfunc B() { dispose(b) }\n\nvar pad = `" + strings.Repeat("x", 200<<10) + "`\n"
	d, dir := editRun(t, map[string]string{
		"a.go": "package a\n\nfunc A() { dispose(a) }\n",
		"b.go": big,
	})
	os.Chmod(filepath.Join(dir, "a.go"), 0o600)
	r := stage(t, d, map[string]any{"pattern": "dispose($X)", "rewrite": "$X.dispose().andMore()"})
	before := snapshot(t, dir)

	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Fatal(err)
	}
	signal.Ignore(syscall.SIGXFSZ) // a write past the limit fails instead of killing the process
	defer signal.Reset(syscall.SIGXFSZ)
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: 100 << 10, Max: old.Max}); err != nil {
		t.Fatal(err)
	}
	res := resolveEdit(t, d, r.EditID, "accept")
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Fatal(err)
	}
	if !res.IsError || !strings.Contains(res.TextContent(), "nothing was written: writing ") || !strings.Contains(res.TextContent(), "edit_1 is still pending") {
		t.Fatalf("accept with a failing write: %s", res.TextContent())
	}
	if diff := cmp.Diff(before, snapshot(t, dir)); diff != "" {
		t.Errorf("files after the rollback (-before +after):\n%s", diff)
	}
	if st, _ := os.Stat(filepath.Join(dir, "a.go")); st.Mode().Perm() != 0o600 {
		t.Errorf("a.go mode %v after the rollback, want 0600", st.Mode().Perm())
	}
	// With the limit lifted the same edit goes through.
	if res := resolveEdit(t, d, r.EditID, "accept"); res.IsError {
		t.Fatalf("accept after the limit was lifted: %s", res.TextContent())
	}
	b, _ := os.ReadFile(filepath.Join(dir, "a.go"))
	if string(b) != "package a\n\nfunc A() { a.dispose().andMore() }\n" {
		t.Errorf("a.go = %q", b)
	}
}
