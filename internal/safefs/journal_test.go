package safefs

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The set every crash test writes: a file replaced, an executable
// replaced (its mode must stay), a file created two folders deep, and a
// file deleted.
var (
	fixtureFiles = map[string]file{
		"a.go":       {"a0", 0o644},
		"sub/b.sh":   {"b0", 0o755},
		"gone.txt":   {"g0", 0o600},
		"keep/k.txt": {"k0", 0o644},
	}
	fixtureAfter = map[string]file{
		"a.go":          {"a1", 0o644},
		"sub/b.sh":      {"b1", 0o755},
		"new/deep/c.go": {"c1", 0o644},
		"gone.txt":      {"", 0}, // deleted
		"keep/k.txt":    {"k0", 0o644},
	}
)

type file struct {
	content string
	mode    fs.FileMode
}

// fixture makes the old tree and returns its root and the changes that
// turn it into the new one.
func fixture(t *testing.T) (*Root, []Change) {
	t.Helper()
	dir := realTemp(t)
	for name, f := range fixtureFiles {
		p := filepath.Join(dir, name)
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		must(t, os.WriteFile(p, []byte(f.content), f.mode))
		must(t, os.Chmod(p, f.mode))
	}
	var changes []Change
	for _, name := range []string{"a.go", "sub/b.sh", "new/deep/c.go", "gone.txt"} {
		old, existed := fixtureFiles[name]
		after := fixtureAfter[name]
		changes = append(changes, Change{Path: filepath.Join(dir, filepath.FromSlash(name)), Existed: existed,
			Before: []byte(old.content), After: []byte(after.content), Delete: after.mode == 0})
	}
	return newRoot(t, dir), changes
}

// tree is everything under dir, hidden files and folders included: a
// file as its mode and content, a folder as "dir".
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, de fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if de.IsDir() {
			m[rel] = "dir"
			return nil
		}
		st, err := os.Lstat(p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		m[rel] = fmt.Sprintf("%v %s", st.Mode(), data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// want is the tree of the old set or of the new one.
func want(t *testing.T, files map[string]file) map[string]string {
	t.Helper()
	m := map[string]string{}
	for name, f := range files {
		if f.mode == 0 {
			continue
		}
		m[name] = fmt.Sprintf("%v %s", f.mode, f.content)
		for d := filepath.ToSlash(filepath.Dir(name)); d != "."; d = filepath.ToSlash(filepath.Dir(d)) {
			m[d] = "dir"
		}
	}
	return m
}

// points lists the crash points of an uninterrupted WriteAll of the
// fixture, in order.
func points(t *testing.T) []string {
	t.Helper()
	r, changes := fixture(t)
	var ps []string
	r.stop = func(p string) bool { ps = append(ps, p); return false }
	must(t, r.WriteAll(changes))
	return ps
}

// stopAt stops at the n-th point it is asked about, counting from 0.
func stopAt(n int) func(string) bool {
	i := -1
	return func(string) bool { i++; return i == n }
}

// TestWriteAllCrashAtEveryPoint kills WriteAll, in effect, before each
// step that changes the disk, and checks that the next Recover leaves the
// old tree when the kill came before the commit point and the new tree
// after it, with nothing else behind, and says which.
func TestWriteAllCrashAtEveryPoint(t *testing.T) {
	ps := points(t)
	commit := slices.Index(ps, "commit")
	if commit < 0 || ps[0] != "intent" || ps[len(ps)-1] != "end" {
		t.Fatalf("crash points %q: want intent first, a commit, end last", ps)
	}
	for i, p := range ps {
		t.Run(fmt.Sprintf("%02d %s", i, p), func(t *testing.T) {
			r, changes := fixture(t)
			r.stop = stopAt(i)
			if err := r.WriteAll(changes); !errors.Is(err, errStopped) {
				t.Fatalf("WriteAll = %v, want it stopped", err)
			}
			recs, err := newRoot(t, r.Dir()).Recover()
			if err != nil {
				t.Fatal(err)
			}
			forward := i > commit
			wantTree := want(t, fixtureFiles)
			if forward {
				wantTree = want(t, fixtureAfter)
			}
			if diff := cmp.Diff(wantTree, tree(t, r.Dir())); diff != "" {
				t.Errorf("tree after Recover (-want +got):\n%s", diff)
			}
			if len(recs) != 1 || recs[0].Forward != forward || recs[0].Committed != forward || len(recs[0].Left) > 0 {
				t.Errorf("Recover = %+v, want one recovery, forward %v", recs, forward)
			}
			if recs, err := newRoot(t, r.Dir()).Recover(); len(recs) > 0 || err != nil {
				t.Errorf("a second Recover = %+v, %v; want nothing to do", recs, err)
			}
		})
	}
}

// TestRecoverCrashAtEveryPoint kills WriteAll at each point and then the
// Recover after it at each of its own points: the Recover after that
// still ends on the old tree or the new one, as the first kill decides.
func TestRecoverCrashAtEveryPoint(t *testing.T) {
	ps := points(t)
	commit := slices.Index(ps, "commit")
	for i, p := range ps {
		// The points of this Recover, from a run that is not stopped.
		r, changes := fixture(t)
		r.stop = stopAt(i)
		if err := r.WriteAll(changes); !errors.Is(err, errStopped) {
			t.Fatalf("WriteAll = %v, want it stopped at %s", err, p)
		}
		var rps []string
		rr := newRoot(t, r.Dir())
		rr.stop = func(p string) bool { rps = append(rps, p); return false }
		if _, err := rr.Recover(); err != nil {
			t.Fatal(err)
		}
		for j, rp := range rps {
			r, changes := fixture(t)
			r.stop = stopAt(i)
			r.WriteAll(changes)
			rr := newRoot(t, r.Dir())
			rr.stop = stopAt(j)
			if _, err := rr.Recover(); err == nil {
				t.Fatalf("after %s, Recover was not stopped at %s", p, rp)
			}
			if _, err := newRoot(t, r.Dir()).Recover(); err != nil {
				t.Fatalf("after %s and %s: %v", p, rp, err)
			}
			wantTree := want(t, fixtureFiles)
			if i > commit {
				wantTree = want(t, fixtureAfter)
			}
			if diff := cmp.Diff(wantTree, tree(t, r.Dir())); diff != "" {
				t.Errorf("killed at %s, then the recovery at %s: tree (-want +got):\n%s", p, rp, diff)
			}
		}
	}
}

// TestRecoverRollsBackOverChangedFile kills WriteAll after its first
// rename; then someone edits a file it has not renamed yet. Finishing
// would overwrite that edit, so Recover rolls the set back instead, and
// leaves the edited file as it is.
func TestRecoverRollsBackOverChangedFile(t *testing.T) {
	ps := points(t)
	r, changes := fixture(t)
	r.stop = stopAt(slices.Index(ps, "apply sub/b.sh"))
	if err := r.WriteAll(changes); !errors.Is(err, errStopped) {
		t.Fatal(err)
	}
	b := filepath.Join(r.Dir(), "sub", "b.sh")
	must(t, os.WriteFile(b, []byte("someone's"), 0o755))
	recs, err := newRoot(t, r.Dir()).Recover()
	if err != nil {
		t.Fatal(err)
	}
	wantTree := want(t, fixtureFiles)
	wantTree["sub/b.sh"] = "-rwxr-xr-x someone's"
	if diff := cmp.Diff(wantTree, tree(t, r.Dir())); diff != "" {
		t.Errorf("tree (-want +got):\n%s", diff)
	}
	wantRec := []Recovery{{Dir: r.Dir(), Files: 4, Committed: true, Left: []string{"sub/b.sh"}}}
	if diff := cmp.Diff(wantRec, recs); diff != "" {
		t.Errorf("Recover (-want +got):\n%s", diff)
	}
	if s := recs[0].String(); !strings.Contains(s, "rolled back an interrupted write of 4 files") || !strings.Contains(s, "sub/b.sh changed since it began and was left as it is") {
		t.Errorf("Recovery says %q", s)
	}
}

// TestRecoverFinishesOverEditedWrittenFile: a file the write had renamed
// already, edited since, is no reason to roll back; the rest is finished
// and the edit is kept.
func TestRecoverFinishesOverEditedWrittenFile(t *testing.T) {
	ps := points(t)
	r, changes := fixture(t)
	r.stop = stopAt(slices.Index(ps, "apply new/deep/c.go"))
	if err := r.WriteAll(changes); !errors.Is(err, errStopped) {
		t.Fatal(err)
	}
	a := filepath.Join(r.Dir(), "a.go")
	must(t, os.WriteFile(a, []byte("edited after"), 0o644))
	recs, err := newRoot(t, r.Dir()).Recover()
	if err != nil {
		t.Fatal(err)
	}
	wantTree := want(t, fixtureAfter)
	wantTree["a.go"] = "-rw-r--r-- edited after"
	if diff := cmp.Diff(wantTree, tree(t, r.Dir())); diff != "" {
		t.Errorf("tree (-want +got):\n%s", diff)
	}
	if len(recs) != 1 || !recs[0].Forward {
		t.Errorf("Recover = %+v, want it finished", recs)
	}
}

// TestWriteAllRollsBackAfterCommit makes a rename after the commit point
// fail (someone put a folder where sub/b.sh was) and checks that the file
// already written is restored and nothing is left behind; then does the
// same but kills the process in the middle of that rollback.
func TestWriteAllRollsBackAfterCommit(t *testing.T) {
	block := func(r *Root) func(string) bool {
		return func(p string) bool {
			if p == "apply sub/b.sh" {
				b := filepath.Join(r.Dir(), "sub", "b.sh")
				must(t, os.Remove(b))
				must(t, os.MkdirAll(filepath.Join(b, "x"), 0o755))
			}
			return false
		}
	}
	wantTree := want(t, fixtureFiles)
	delete(wantTree, "sub/b.sh")
	wantTree["sub/b.sh"], wantTree["sub/b.sh/x"] = "dir", "dir"

	r, changes := fixture(t)
	r.stop = block(r)
	err := r.WriteAll(changes)
	if err == nil || !strings.Contains(err.Error(), "the 1 files already written were restored") {
		t.Fatalf("WriteAll = %v, want the file already written restored", err)
	}
	if diff := cmp.Diff(wantTree, tree(t, r.Dir())); diff != "" {
		t.Errorf("tree (-want +got):\n%s", diff)
	}

	r, changes = fixture(t)
	blocked := block(r)
	r.stop = func(p string) bool { return blocked(p) || p == "restore a.go" }
	if err := r.WriteAll(changes); !errors.Is(err, errStopped) {
		t.Fatalf("WriteAll = %v, want it stopped in its rollback", err)
	}
	recs, err := newRoot(t, r.Dir()).Recover()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantTree, tree(t, r.Dir())); diff != "" {
		t.Errorf("tree after Recover (-want +got):\n%s", diff)
	}
	if len(recs) != 1 || recs[0].Forward || !slices.Equal(recs[0].Left, []string{"sub/b.sh"}) {
		t.Errorf("Recover = %+v, want it rolled back, leaving sub/b.sh", recs)
	}
}

// TestRecoverLeavesLiveWrites runs Recover from inside a WriteAll, as
// another command started over the same root would: the journal is
// locked, so Recover leaves it, and the write then completes.
func TestRecoverLeavesLiveWrites(t *testing.T) {
	r, changes := fixture(t)
	var recs []Recovery
	var seen bool
	r.stop = func(p string) bool {
		if p == "apply sub/b.sh" {
			seen = true
			var err error
			if recs, err = newRoot(t, r.Dir()).Recover(); err != nil {
				t.Errorf("Recover during a write: %v", err)
			}
		}
		return false
	}
	must(t, r.WriteAll(changes))
	if !seen || len(recs) > 0 {
		t.Errorf("Recover during a write = %+v, want nothing done", recs)
	}
	if diff := cmp.Diff(want(t, fixtureAfter), tree(t, r.Dir())); diff != "" {
		t.Errorf("tree (-want +got):\n%s", diff)
	}
}

// TestRecoverRefusesEscapes: a journal that names a file outside the
// root (one put there by hand, or by a repository) is left alone.
func TestRecoverRefusesEscapes(t *testing.T) {
	dir := realTemp(t)
	j := filepath.Join(dir, journalPrefix+"0123456789ab")
	must(t, os.WriteFile(j, []byte(`{"journal":"`+journalHeader+`"}`+"\n"+`{"op":"delete","path":"../victim","before":"x"}`+"\n"), 0o600))
	_, err := newRoot(t, dir).Recover()
	if !errors.Is(err, ErrOutside) {
		t.Errorf("Recover = %v, want ErrOutside", err)
	}
	if _, serr := os.Stat(j); serr != nil {
		t.Errorf("the journal is gone: %v", serr)
	}
}

// TestParseJournalCutShort cuts a committed journal at every byte: only
// the whole commit record commits it, and the steps read are a prefix of
// the steps written.
func TestParseJournalCutShort(t *testing.T) {
	ps := points(t)
	r, changes := fixture(t)
	r.stop = stopAt(slices.Index(ps, "apply a.go"))
	if err := r.WriteAll(changes); !errors.Is(err, errStopped) {
		t.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(r.Dir(), journalPrefix+"*"))
	if len(names) != 1 {
		t.Fatalf("journals %q, want one", names)
	}
	data, err := os.ReadFile(names[0])
	must(t, err)
	all, committed, _, end := parseJournal(data)
	if !committed || len(all) != 6 || end != len(data) {
		t.Fatalf("the whole journal: %d steps, committed %v, read to %d of %d; want 6, true, all", len(all), committed, end, len(data))
	}
	for n := range len(data) {
		steps, committed, _, end := parseJournal(data[:n])
		if committed {
			t.Errorf("cut at %d of %d: committed", n, len(data))
		}
		if end > n || end > 0 && data[end-1] != '\n' {
			t.Errorf("cut at %d: read to %d, which is not the end of a whole line before it", n, end)
		}
		if !slices.Equal(steps, all[:len(steps)]) {
			t.Errorf("cut at %d: steps %v are not a prefix of %v", n, steps, all)
		}
	}
	// A bit flipped in a step undoes the commit.
	bad := bytes.Replace(data, []byte(`"a.go"`), []byte(`"b.go"`), 1)
	if _, committed, _, _ := parseJournal(bad); committed {
		t.Error("a journal changed after its commit record still reads as committed")
	}
}

func TestWriteAllLongName(t *testing.T) {
	dir := realTemp(t)
	p := filepath.Join(dir, strings.Repeat("é", 120)+".go") // 245 bytes
	must(t, os.WriteFile(p, []byte("x0"), 0o644))
	must(t, newRoot(t, dir).WriteAll([]Change{{Path: p, Existed: true, Before: []byte("x0"), After: []byte("x1")}}))
	expectFile(t, p, "x1")
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries left, want 1", len(entries))
	}
}

func TestRecoveryString(t *testing.T) {
	tests := []struct {
		r    Recovery
		want string
	}{
		{Recovery{Dir: "/r", Files: 2000, Forward: true, Committed: true}, "finished an interrupted write of 2000 files in /r"},
		{Recovery{Dir: "/r", Files: 1}, "rolled back an interrupted write of 1 file in /r; it had stopped before its commit point, so no file had changed"},
		{Recovery{Dir: "/r"}, "rolled back an interrupted write in /r; it had stopped before its commit point, so no file had changed"},
		{Recovery{Dir: "/r", Files: 3, Committed: true}, "rolled back an interrupted write of 3 files in /r"},
		{Recovery{Dir: "/r", Files: 9, Committed: true, Left: strings.Fields("a b c d e f g")}, "rolled back an interrupted write of 9 files in /r; a, b, c, d, e and 2 more changed since it began and were left as they are"},
	}
	for _, tc := range tests {
		if got := tc.r.String(); got != tc.want {
			t.Errorf("%+v:\n got %q\nwant %q", tc.r, got, tc.want)
		}
	}
}

// TestRecoverCutRecord: a record cut short after the commit record (the
// abort record of a writer killed while writing it) is dropped, and the
// write is finished.
func TestRecoverCutRecord(t *testing.T) {
	ps := points(t)
	r, changes := fixture(t)
	r.stop = stopAt(slices.Index(ps, "apply sub/b.sh"))
	if err := r.WriteAll(changes); !errors.Is(err, errStopped) {
		t.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(r.Dir(), journalPrefix+"*"))
	if len(names) != 1 {
		t.Fatalf("journals %q, want one", names)
	}
	f, err := os.OpenFile(names[0], os.O_WRONLY|os.O_APPEND, 0)
	must(t, err)
	f.WriteString(`{"abo`)
	must(t, f.Close())
	recs, err := newRoot(t, r.Dir()).Recover()
	if err != nil || len(recs) != 1 || !recs[0].Forward {
		t.Fatalf("Recover = %+v, %v; want it finished", recs, err)
	}
	if diff := cmp.Diff(want(t, fixtureAfter), tree(t, r.Dir())); diff != "" {
		t.Errorf("tree (-want +got):\n%s", diff)
	}
}
