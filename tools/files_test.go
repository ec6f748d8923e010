package tools

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
)

// fileRun is a working directory with a few files, a folder outside it,
// and symlinks that point out of it.
func fileRun(t *testing.T) (*tool.Dispatcher, string, string) {
	t.Helper()
	dir, outside := t.TempDir(), t.TempDir()
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "a.txt"), "alpha\nbeta\ngamma\n")
	write(filepath.Join(dir, "src", "b.go"), "package b\n\nfunc B() int { return 1 }\n")
	write(filepath.Join(dir, "dup.txt"), "x\ny\nx\n")
	write(filepath.Join(outside, "secret.txt"), "secret\n")
	for name, target := range map[string]string{"escape": outside, "secretlink": filepath.Join(outside, "secret.txt")} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Registry(&Run{Dir: dir, Yes: true})
	if err != nil {
		t.Fatal(err)
	}
	return d, dir, outside
}

func call(t *testing.T, d *tool.Dispatcher, name string, args any) tool.Result {
	t.Helper()
	raw, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	res, err := d.Call(context.Background(), tool.Full, name, raw)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// snapshot reads every regular file under dirs, keyed by path.
func snapshot(t *testing.T, dirs ...string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, dir := range dirs {
		filepath.WalkDir(dir, func(p string, de os.DirEntry, err error) error {
			if err != nil {
				t.Fatal(err)
			}
			if de.Type().IsRegular() {
				b, _ := os.ReadFile(p)
				m[p] = string(b)
			}
			return nil
		})
	}
	return m
}

func TestFileToolsRefuseEscapes(t *testing.T) {
	d, dir, outside := fileRun(t)
	before := snapshot(t, dir, outside)
	escapes := []string{"../x.txt", "src/../../x.txt", filepath.Join(outside, "new.txt"), "escape/new.txt", "escape/secret.txt", "secretlink"}
	for _, p := range escapes {
		for _, c := range []struct {
			tool string
			args map[string]any
		}{
			{"write", map[string]any{"path": p, "content": "pwned"}},
			{"edit", map[string]any{"path": p, "old_string": "secret", "new_string": "pwned"}},
			{"apply_patch", map[string]any{"patch": "--- /dev/null\n+++ " + p + "\n@@ -0,0 +1 @@\n+pwned\n"}},
			{"read", map[string]any{"path": p}},
		} {
			res := call(t, d, c.tool, c.args)
			if !res.IsError || !strings.Contains(res.TextContent(), "outside the working directory") {
				t.Errorf("%s %s: %q, want a refusal", c.tool, p, res.TextContent())
			}
		}
	}
	if diff := cmp.Diff(before, snapshot(t, dir, outside)); diff != "" {
		t.Errorf("files changed (-before +after):\n%s", diff)
	}
}

func TestReadExtraRoot(t *testing.T) {
	dir, extra := t.TempDir(), t.TempDir()
	f := filepath.Join(extra, "lib.txt")
	os.WriteFile(f, []byte("lib\n"), 0o644)
	d, err := Registry(&Run{Dir: dir, ExtraReadRoots: []string{extra}, Yes: true})
	if err != nil {
		t.Fatal(err)
	}
	if res := call(t, d, "read", map[string]any{"path": f}); res.IsError {
		t.Errorf("read in an extra root: %q", res.TextContent())
	}
	if res := call(t, d, "write", map[string]any{"path": f, "content": "x"}); !res.IsError {
		t.Errorf("write in an extra root was allowed")
	}
}

func TestRead(t *testing.T) {
	d, dir, _ := fileRun(t)
	os.WriteFile(filepath.Join(dir, "bin"), []byte("a\x00b"), 0o644)
	os.WriteFile(filepath.Join(dir, "empty"), nil, 0o644)
	tests := []struct {
		args    map[string]any
		want    string
		isError bool
	}{
		{map[string]any{"path": "a.txt"}, "     1\talpha\n     2\tbeta\n     3\tgamma\n", false},
		{map[string]any{"path": "a.txt", "offset": 2, "limit": 1}, "     2\tbeta\n(1 more lines; read again with offset 3)\n", false},
		{map[string]any{"path": "a.txt", "offset": 4}, "offset: 4 is past the end of a.txt, which has 3 lines", true},
		{map[string]any{"path": "empty"}, "(empty file)\n", false},
		{map[string]any{"path": "missing.txt"}, "path: missing.txt does not exist", true},
		{map[string]any{"path": "src"}, "path: src is a directory, not a file", true},
		{map[string]any{"path": "bin"}, "path: bin is a binary file; read opens text files only", true},
	}
	for _, tc := range tests {
		res := call(t, d, "read", tc.args)
		if res.IsError != tc.isError || res.TextContent() != tc.want {
			t.Errorf("read %v = %q (error %v), want %q (error %v)", tc.args, res.TextContent(), res.IsError, tc.want, tc.isError)
		}
	}
}

func TestWriteAndEdit(t *testing.T) {
	d, dir, _ := fileRun(t)
	if res := call(t, d, "write", map[string]any{"path": "new/dir/c.txt", "content": "c\n"}); res.IsError || res.TextContent() != "created new/dir/c.txt (2 bytes)" {
		t.Errorf("write: %q", res.TextContent())
	}
	expectContent(t, filepath.Join(dir, "new/dir/c.txt"), "c\n")
	if res := call(t, d, "write", map[string]any{"path": "src", "content": "x"}); !res.IsError {
		t.Errorf("writing over a folder was allowed")
	}

	tests := []struct {
		args    map[string]any
		want    string
		isError bool
	}{
		{map[string]any{"path": "a.txt", "old_string": "beta", "new_string": "BETA"}, "replaced 1 occurrence in a.txt", false},
		{map[string]any{"path": "dup.txt", "old_string": "x", "new_string": "z"}, "old_string: occurs 2 times in dup.txt (lines 1, 3); add surrounding lines to make it unique, or set replace_all", true},
		{map[string]any{"path": "dup.txt", "old_string": "x", "new_string": "z", "replace_all": true}, "replaced 2 occurrences in dup.txt", false},
		{map[string]any{"path": "a.txt", "old_string": "delta", "new_string": "x"}, "old_string: not found in a.txt; read the file and copy the text exactly, whitespace included", true},
		{map[string]any{"path": "a.txt", "old_string": "", "new_string": "x"}, "old_string: must not be empty; to write a whole file use write", true},
		{map[string]any{"path": "a.txt", "old_string": "x", "new_string": "x"}, "new_string: is the same as old_string, so nothing would change", true},
		{map[string]any{"path": "nope.txt", "old_string": "x", "new_string": "y"}, "path: nope.txt does not exist; create it with write", true},
	}
	for _, tc := range tests {
		res := call(t, d, "edit", tc.args)
		if res.IsError != tc.isError || res.TextContent() != tc.want {
			t.Errorf("edit %v = %q (error %v), want %q", tc.args, res.TextContent(), res.IsError, tc.want)
		}
	}
	expectContent(t, filepath.Join(dir, "a.txt"), "alpha\nBETA\ngamma\n")
	expectContent(t, filepath.Join(dir, "dup.txt"), "z\ny\nz\n")
}

func TestApplyPatch(t *testing.T) {
	d, dir, _ := fileRun(t)
	patch := `--- a/a.txt
+++ b/a.txt
@@ -1,3 +1,3 @@
 alpha
-beta
+BETA
 gamma
--- a/src/b.go
+++ b/src/b.go
@@ -3 +3 @@
-func B() int { return 1 }
+func B() int { return 2 }
--- /dev/null
+++ b/docs/new.md
@@ -0,0 +1 @@
+# new
--- a/dup.txt
+++ /dev/null
@@ -1,3 +0,0 @@
-x
-y
-x
`
	res := call(t, d, "apply_patch", map[string]any{"patch": patch})
	want := "applied the patch to 4 files:\n  a.txt (1 hunk)\n  src/b.go (1 hunk)\n  docs/new.md (created, 1 hunk)\n  dup.txt (deleted)"
	if res.IsError || res.TextContent() != want {
		t.Fatalf("apply_patch = %q, want %q", res.TextContent(), want)
	}
	expectContent(t, filepath.Join(dir, "a.txt"), "alpha\nBETA\ngamma\n")
	expectContent(t, filepath.Join(dir, "src/b.go"), "package b\n\nfunc B() int { return 2 }\n")
	expectContent(t, filepath.Join(dir, "docs/new.md"), "# new\n")
	if _, err := os.Stat(filepath.Join(dir, "dup.txt")); !os.IsNotExist(err) {
		t.Errorf("dup.txt not deleted: %v", err)
	}
}

// TestApplyPatchAllOrNothing gives patches in which one part is bad, after
// good parts for other files, and checks that no file changed.
func TestApplyPatchAllOrNothing(t *testing.T) {
	good := "--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n alpha\n-beta\n+BETA\n--- /dev/null\n+++ b/created.txt\n@@ -0,0 +1 @@\n+new\n"
	tests := []struct{ name, bad, want string }{
		{"hunk that does not apply", "--- a/src/b.go\n+++ b/src/b.go\n@@ -3 +3 @@\n-func C() {}\n+func D() {}\n", "does not apply"},
		{"creating a file that exists", "--- /dev/null\n+++ b/dup.txt\n@@ -0,0 +1 @@\n+x\n", "already exists"},
		{"patching a missing file", "--- a/missing.txt\n+++ b/missing.txt\n@@ -1 +1 @@\n-a\n+b\n", "missing.txt does not exist"},
		{"malformed hunk", "--- a/dup.txt\n+++ b/dup.txt\n@@ -1,2 +1,2 @@\n-x\n", "hunk ends early"},
		{"escape", "--- /dev/null\n+++ b/../evil.txt\n@@ -0,0 +1 @@\n+x\n", "outside the working directory"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, dir, outside := fileRun(t)
			before := snapshot(t, dir, outside)
			res := call(t, d, "apply_patch", map[string]any{"patch": good + tc.bad})
			if !res.IsError || !strings.Contains(res.TextContent(), tc.want) || !strings.Contains(res.TextContent(), "nothing was written") {
				t.Errorf("apply_patch = %q, want an error containing %q that says nothing was written", res.TextContent(), tc.want)
			}
			if diff := cmp.Diff(before, snapshot(t, dir, outside)); diff != "" {
				t.Errorf("files changed (-before +after):\n%s", diff)
			}
			if _, err := os.Stat(filepath.Join(dir, "created.txt")); !os.IsNotExist(err) {
				t.Errorf("created.txt exists after a refused patch")
			}
		})
	}
}

func expectContent(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s = %q, want %q", path, got, want)
	}
}
