package safefs

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestResolve(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	must(t, os.WriteFile(filepath.Join(outside, "secret"), []byte("s"), 0o644))
	must(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "sub", "a.txt"), []byte("a"), 0o644))
	must(t, os.Symlink(outside, filepath.Join(dir, "out")))
	must(t, os.Symlink(filepath.Join(outside, "secret"), filepath.Join(dir, "secretlink")))
	must(t, os.Symlink("sub/a.txt", filepath.Join(dir, "inlink")))
	must(t, os.Symlink(filepath.Join(outside, "missing"), filepath.Join(dir, "dangling")))

	r, err := NewRoot(dir)
	must(t, err)
	real := r.Dir()
	tests := []struct {
		path    string
		want    string // real path, relative to the root; "" for an error
		outside bool   // the error must be ErrOutside
	}{
		{"sub/a.txt", "sub/a.txt", false},
		{"./sub/../sub/a.txt", "sub/a.txt", false},
		{"new/deep/file.go", "new/deep/file.go", false},
		{"inlink", "sub/a.txt", false},
		{filepath.Join(real, "sub", "a.txt"), "sub/a.txt", false},
		{"../x", "", true},
		{"sub/../../x", "", true},
		{"/etc/passwd", "", true},
		{"out/secret", "", true},
		{"out/newfile", "", true},
		{"secretlink", "", true},
		{"dangling", "", false},
		{"", "", false},
		{"a\x00b", "", false},
	}
	for _, tc := range tests {
		got, err := r.ForWrite(tc.path)
		if tc.want == "" {
			if err == nil {
				t.Errorf("ForWrite(%q) = %q, want an error", tc.path, got)
			} else if tc.outside && !errors.Is(err, ErrOutside) {
				t.Errorf("ForWrite(%q): %v, want ErrOutside", tc.path, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ForWrite(%q): %v", tc.path, err)
			continue
		}
		if rel := r.Rel(got); rel != tc.want {
			t.Errorf("ForWrite(%q) = %q, want %q", tc.path, rel, tc.want)
		}
	}
}

func TestExtraRootsAreReadOnly(t *testing.T) {
	dir, extra := t.TempDir(), t.TempDir()
	f := filepath.Join(extra, "lib.go")
	must(t, os.WriteFile(f, nil, 0o644))
	r, err := NewRoot(dir, extra)
	must(t, err)
	if _, err := r.ForRead(f); err != nil {
		t.Errorf("ForRead in an extra root: %v", err)
	}
	if _, err := r.ForWrite(f); !errors.Is(err, ErrOutside) {
		t.Errorf("ForWrite in an extra root: %v, want ErrOutside", err)
	}
}

func TestWriteAllRefusesConflicts(t *testing.T) {
	dir := realTemp(t)
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	must(t, os.WriteFile(a, []byte("a0"), 0o644))
	must(t, os.WriteFile(b, []byte("b-changed"), 0o644))
	err := newRoot(t, dir).WriteAll([]Change{
		{Path: a, Existed: true, Before: []byte("a0"), After: []byte("a1")},
		{Path: b, Existed: true, Before: []byte("b0"), After: []byte("b1")},
	})
	var ce *ConflictError
	if !errors.As(err, &ce) || len(ce.Paths) != 1 || ce.Paths[0] != b {
		t.Fatalf("WriteAll = %v, want a conflict on %s", err, b)
	}
	expectFile(t, a, "a0")
	expectFile(t, b, "b-changed")
}

// TestWriteAllFailsWhole makes the last of four writes fail (its folder
// would have to be created where a file stands) and checks that no file
// changed, modes included, and that nothing is left behind: no sidecar,
// no journal, no folder made for the new file.
func TestWriteAllFailsWhole(t *testing.T) {
	dir := realTemp(t)
	a, b := filepath.Join(dir, "a.sh"), filepath.Join(dir, "b")
	must(t, os.WriteFile(a, []byte("a0"), 0o755))
	must(t, os.WriteFile(b, []byte("b0"), 0o600))
	must(t, os.WriteFile(filepath.Join(dir, "blocker"), []byte("x"), 0o644))
	before := tree(t, dir)
	err := newRoot(t, dir).WriteAll([]Change{
		{Path: a, Existed: true, Before: []byte("a0"), After: []byte("a1")},
		{Path: b, Existed: true, Before: []byte("b0"), After: []byte("b1")},
		{Path: filepath.Join(dir, "new", "c"), After: []byte("c1")},
		{Path: filepath.Join(dir, "blocker", "d"), After: []byte("d1")},
	})
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "blocker", "d")) || strings.Contains(err.Error(), ".new") {
		t.Fatalf("WriteAll = %v, want a failure that names blocker/d and no sidecar", err)
	}
	if diff := cmp.Diff(before, tree(t, dir)); diff != "" {
		t.Errorf("the folder changed (-before +after):\n%s", diff)
	}
}

func TestWriteAllKeepsModeAndDeletes(t *testing.T) {
	dir := realTemp(t)
	a, gone := filepath.Join(dir, "run.sh"), filepath.Join(dir, "gone")
	must(t, os.WriteFile(a, []byte("old"), 0o750))
	must(t, os.WriteFile(gone, []byte("g"), 0o644))
	must(t, newRoot(t, dir).WriteAll([]Change{
		{Path: a, Existed: true, Before: []byte("old"), After: []byte("new")},
		{Path: gone, Existed: true, Before: []byte("g"), Delete: true},
	}))
	expectFile(t, a, "new")
	if st, _ := os.Stat(a); st.Mode().Perm() != 0o750 {
		t.Errorf("mode %v, want 0750", st.Mode().Perm())
	}
	if _, err := os.Stat(gone); !os.IsNotExist(err) {
		t.Errorf("deleted file still there: %v", err)
	}
}

func expectFile(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s holds %q, want %q", filepath.Base(path), got, want)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func newRoot(t *testing.T, dir string) *Root {
	t.Helper()
	r, err := NewRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// realTemp is a fresh folder with its symbolic links evaluated, as
// ForWrite gives paths.
func realTemp(t *testing.T) string {
	t.Helper()
	return newRoot(t, t.TempDir()).Dir()
}
