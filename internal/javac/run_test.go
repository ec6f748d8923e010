package javac

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestRunFaults: a judge that dies, writes a line that is no JSON or is
// of another file, or is stopped, is an error that says so, and every
// line before the fault is kept. The judges here are shell scripts,
// real processes that read the paths from their standard input as the
// dumper does.
func TestRunFaults(t *testing.T) {
	paths := []string{"a.java", "b.java", "c.java"}
	// ok echoes the line of a path as the dumper writes it.
	const ok = `echo "{\"file\":\"$p\",\"ok\":true}"`
	for _, tc := range []struct {
		name   string
		script string
		want   string // in the error
		kept   int    // lines handed to keep
	}{
		{"all well", `while read p; do ` + ok + `; done`, "", 3},
		{"dies after one file", `read p; ` + ok + `; exit 3`, "the output ends before b.java", 1},
		{"killed by a signal", `read p; ` + ok + `; kill -9 $$`, "signal: killed", 1},
		{"a line that is no JSON", `read p; ` + ok + `; echo 'Exception in thread "main"'; exec sleep 5`, "the line of b.java", 1},
		{"the line of another file", `read p; ` + ok + `; echo '{"file":"z.java"}'; exec sleep 5`, "the line of b.java is of z.java", 1},
		{"its last words on stderr", `echo 'cannot start the JVM' >&2; exit 1`, "cannot start the JVM", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kept := 0
			err := run(context.Background(), exec.Command("sh", "-c", tc.script), paths, func(int, []byte) error { kept++; return nil })
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("run: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("run: %v; want an error saying %q", err, tc.want)
			}
			if kept != tc.kept {
				t.Errorf("%d lines kept, want %d", kept, tc.kept)
			}
		})
	}
}

// TestRunCancel: a judge that hangs is stopped when its context ends,
// and run returns the context's error, not a hang.
func TestRunCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, "sh", "-c", "read p; sleep 60")
	done := make(chan error, 1)
	go func() { done <- run(ctx, cmd, []string{"a.java"}, func(int, []byte) error { return nil }) }()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("run: %v, want context.Canceled", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("run did not return after its context ended")
	}
}
