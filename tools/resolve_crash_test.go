//go:build unix

package tools

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// crashFiles is the size of the edit that TestResolveSIGKILL interrupts.
const crashFiles = 2000

// TestResolveSIGKILL is issue 35's acceptance test for a crash-safe
// resolve. It stages an edit of 2,000 files with the real binary's batch,
// accepts it, and kills the process with SIGKILL at several instants of
// the accept: when the journal appears, when its commit record does, when
// the first, the 1,000th and the last file has been renamed, and at fixed
// delays. Then it starts the binary again over the same root, and checks
// that every file is entirely old or entirely new, all of them one or the
// other, that no sidecar or journal is left, and that the start said what
// it did on stderr.
func TestResolveSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and writes 2,000 files many times")
	}
	bin := filepath.Join(t.TempDir(), "agenttools")
	build := exec.Command("go", "build", "-o", bin, "../cmd/agenttools")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building agenttools: %v\n%s", err, out)
	}
	instants := []struct {
		name string
		kill killWhen
	}{
		{"the journal appears", journalAppears},
		{"the journal is committed", journalCommitted},
		{"the first file is renamed", renamed(1)},
		{"the 1000th file is renamed", renamed(1000)},
		{"the last file is renamed", renamed(crashFiles)},
		{"0 ms after the accept", after(0)},
		{"300 ms after the accept", after(300 * time.Millisecond)},
		{"700 ms after the accept", after(700 * time.Millisecond)},
	}
	var mixed int // kills that left a tree part old, part new
	for _, in := range instants {
		t.Run(in.name, func(t *testing.T) {
			at := killResolve(t, bin, in.kill)
			t.Logf("killed with %d of %d files new, journal %v, %d sidecars and journals", at.changed, crashFiles, at.journal, at.sidecars)
			if at.changed > 0 && at.changed < crashFiles {
				mixed++
			}
			checkRecovered(t, bin, at)
		})
	}
	if mixed == 0 {
		t.Errorf("no kill left a tree part old and part new, so the roll forward was not tested")
	}
}

// A crashTree is a root of crashFiles Go files in 20 packages, each with
// one call that the edit rewrites.
type crashTree struct {
	root  string
	files []string // relative, in the order resolve writes them
	old   map[string]string
	new   map[string]string
	infos map[string]fs.FileInfo // as staged: a rename makes a new file
}

func newCrashTree(t *testing.T) *crashTree {
	t.Helper()
	ct := &crashTree{root: t.TempDir(), old: map[string]string{}, new: map[string]string{}, infos: map[string]fs.FileInfo{}}
	for n := range crashFiles {
		pkg := fmt.Sprintf("p%02d", n/100)
		rel := fmt.Sprintf("%s/f%04d.go", pkg, n)
		ct.old[rel] = fmt.Sprintf("package %s\n\nfunc F%04d() {\n\tdispose(x%d)\n}\n", pkg, n, n)
		ct.new[rel] = fmt.Sprintf("package %s\n\nfunc F%04d() {\n\tx%d.Close()\n}\n", pkg, n, n)
		p := filepath.Join(ct.root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(ct.old[rel]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return ct
}

// A killWhen polls the tree during the accept and says when to kill.
type killWhen func(ct *crashTree, sinceAccept time.Duration) bool

func journalAppears(ct *crashTree, _ time.Duration) bool { return len(journals(ct.root)) > 0 }

func journalCommitted(ct *crashTree, _ time.Duration) bool {
	for _, j := range journals(ct.root) {
		if data, err := os.ReadFile(j); err == nil && bytes.Contains(data, []byte(`{"commit":`)) {
			return true
		}
	}
	return false
}

// renamed kills once the k-th file that resolve writes is new.
func renamed(k int) killWhen {
	return func(ct *crashTree, _ time.Duration) bool { return ct.isNew(ct.files[k-1]) }
}

func after(d time.Duration) killWhen {
	return func(_ *crashTree, since time.Duration) bool { return since >= d }
}

// isNew reports whether resolve has renamed a new file over rel.
func (ct *crashTree) isNew(rel string) bool {
	st, err := os.Stat(filepath.Join(ct.root, filepath.FromSlash(rel)))
	return err == nil && !os.SameFile(st, ct.infos[rel])
}

func journals(root string) []string {
	js, _ := filepath.Glob(filepath.Join(root, ".agenttools-journal-*"))
	return js
}

// A killed says what the tree held right after the kill.
type killed struct {
	ct       *crashTree
	changed  int  // files already new
	journal  bool // a journal was left
	sidecars int  // .new and .old files left
}

// killResolve runs batch over a fresh tree, stages the edit, accepts it,
// and kills the process with SIGKILL as soon as kill says so, or when
// the accept is over.
func killResolve(t *testing.T, bin string, kill killWhen) killed {
	t.Helper()
	ct := newCrashTree(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "batch", "--yes", "--root", ct.root)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	lines := bufio.NewReaderSize(stdout, 1<<20)

	fmt.Fprintln(stdin, `{"tool":"ast_edit","args":{"pattern":"dispose($X)","rewrite":"$X.Close()","language":"go"}}`)
	var staged struct {
		IsError    bool `json:"isError"`
		Structured struct {
			EditID string `json:"edit_id"`
			Files  []struct {
				File string `json:"file"`
			} `json:"files"`
		} `json:"structured"`
	}
	line, err := lines.ReadBytes('\n')
	if err != nil || json.Unmarshal(line, &staged) != nil || staged.IsError || staged.Structured.EditID != "edit_1" || len(staged.Structured.Files) != crashFiles {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("ast_edit: %v: %.300s\nstderr: %s", err, line, stderr.String())
	}
	for _, f := range staged.Structured.Files {
		ct.files = append(ct.files, f.File)
		st, err := os.Stat(filepath.Join(ct.root, filepath.FromSlash(f.File)))
		if err != nil {
			t.Fatal(err)
		}
		ct.infos[f.File] = st
	}
	go func() {
		io.Copy(io.Discard, lines) // the accept's result, if it comes first
		cmd.Wait()
		close(exited)
	}()

	fmt.Fprintln(stdin, `{"tool":"resolve","args":{"edit_id":"edit_1","action":"accept"}}`)
	start := time.Now()
	for !kill(ct, time.Since(start)) && !accepted(ct) {
		select {
		case <-exited:
			t.Fatalf("batch ended during the accept: %s", stderr.String())
		case <-time.After(100 * time.Microsecond): // leave a core to the process
		}
	}
	cmd.Process.Kill()
	<-exited

	at := killed{ct: ct, journal: len(journals(ct.root)) > 0}
	for _, f := range ct.files {
		if ct.isNew(f) {
			at.changed++
		}
	}
	at.sidecars = len(sidecars(t, ct.root))
	return at
}

// accepted reports whether the accept is over: every file new and no
// journal.
func accepted(ct *crashTree) bool {
	return ct.isNew(ct.files[len(ct.files)-1]) && len(journals(ct.root)) == 0
}

// sidecars lists what a write stages beside the files, and journals.
func sidecars(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.Contains(de.Name(), ".agenttools-") {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// checkRecovered starts the binary over the killed tree and checks what
// the start left and said.
func checkRecovered(t *testing.T, bin string, at killed) {
	t.Helper()
	ct := at.ct
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "call", "--root", ct.root, "ast_grep", `{"pattern":"$X.Close()","language":"go","max_results":1}`)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the next start: %v\n%s", err, stderr.String())
	}

	var nOld, nNew int
	for _, f := range ct.files {
		data, err := os.ReadFile(filepath.Join(ct.root, filepath.FromSlash(f)))
		switch {
		case err != nil:
			t.Errorf("%s: %v", f, err)
		case string(data) == ct.old[f]:
			nOld++
		case string(data) == ct.new[f]:
			nNew++
		default:
			t.Errorf("%s is neither old nor new: %q", f, data)
		}
	}
	if nOld != 0 && nNew != 0 {
		t.Errorf("after the next start %d files are old and %d new; want all one or the other", nOld, nNew)
	}
	if left := sidecars(t, ct.root); len(left) > 0 {
		t.Errorf("after the next start %d sidecars or journals are left, such as %s", len(left), left[0])
	}

	said := stderr.String()
	finished := fmt.Sprintf("finished an interrupted write of %d files in %s", crashFiles, ct.root)
	// A journal cut short before it named a file is rolled back too, and
	// the start cannot say how many files it was to change.
	rolledBack := regexp.MustCompile(fmt.Sprintf(`rolled back an interrupted write (of %d files )?in %s`, crashFiles, regexp.QuoteMeta(ct.root)))
	switch {
	case !at.journal:
		if at.changed != 0 && at.changed != crashFiles {
			t.Errorf("the kill left %d of %d files new and no journal", at.changed, crashFiles)
		}
		if strings.Contains(said, "interrupted write") {
			t.Errorf("with no journal left, the next start said %q", said)
		}
	case nNew == crashFiles && !strings.Contains(said, finished):
		t.Errorf("the next start finished the write, but said %q; want %q", said, finished)
	case nOld == crashFiles && !rolledBack.MatchString(said):
		t.Errorf("the next start rolled the write back, but said %q; want %q", said, rolledBack)
	}
	t.Logf("the next start: %d old, %d new; said %q", nOld, nNew, strings.TrimSpace(said))
}
