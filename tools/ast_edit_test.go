package tools

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
)

// editRun is a working directory with the given Go files, and a
// dispatcher that approves writes.
func editRun(t *testing.T, files map[string]string) (*tool.Dispatcher, string) {
	t.Helper()
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour) // not racily fresh, so the cache may keep them
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, old, old)
	}
	d, err := Registry(&Run{Dir: dir, Grammars: bundled.Registry(), Yes: true})
	if err != nil {
		t.Fatal(err)
	}
	return d, dir
}

func stage(t *testing.T, d *tool.Dispatcher, args map[string]any) astEditResult {
	t.Helper()
	res := call(t, d, "ast_edit", args)
	if res.IsError {
		t.Fatalf("ast_edit %v: %s", args, res.TextContent())
	}
	return res.Structured.(astEditResult)
}

func resolveEdit(t *testing.T, d *tool.Dispatcher, id, action string) tool.Result {
	t.Helper()
	return call(t, d, "resolve", map[string]any{"edit_id": id, "action": action})
}

func TestASTEditAccept(t *testing.T) {
	files := map[string]string{
		"a.go":     "package a\n\nimport \"fmt\"\n\nfunc A(n int) error {\n\treturn fmt.Sprintf(\"bad %d\", n)\n}\n",
		"sub/b.go": "package sub\n\nimport \"fmt\"\n\nfunc B() (string, string) {\n\treturn fmt.Sprintf(\"x\"), fmt.Sprintf(\"%s=%d\", k,\n\t\tv)\n}\n",
		"c.go":     "package a\n\nfunc C() {}\n",
	}
	d, dir := editRun(t, files)
	before := snapshot(t, dir)
	r := stage(t, d, map[string]any{"pattern": "fmt.Sprintf($F, $$$A)", "rewrite": "fmt.Errorf($F, $$$A)"})
	if r.EditID != "edit_1" || r.Replacements != 3 || len(r.Files) != 2 {
		t.Fatalf("staged %+v", r)
	}
	// Staging writes nothing.
	if diff := cmp.Diff(before, snapshot(t, dir)); diff != "" {
		t.Fatalf("ast_edit wrote files (-before +after):\n%s", diff)
	}
	for _, want := range []string{"--- a/a.go\n+++ b/a.go\n", "-\treturn fmt.Sprintf(\"bad %d\", n)\n+\treturn fmt.Errorf(\"bad %d\", n)\n"} {
		if !strings.Contains(r.Diff, want) {
			t.Errorf("diff lacks %q:\n%s", want, r.Diff)
		}
	}
	res := resolveEdit(t, d, "edit_1", "accept")
	if res.IsError {
		t.Fatal(res.TextContent())
	}
	want := map[string]string{
		filepath.Join(dir, "a.go"):     "package a\n\nimport \"fmt\"\n\nfunc A(n int) error {\n\treturn fmt.Errorf(\"bad %d\", n)\n}\n",
		filepath.Join(dir, "sub/b.go"): "package sub\n\nimport \"fmt\"\n\nfunc B() (string, string) {\n\treturn fmt.Errorf(\"x\"), fmt.Errorf(\"%s=%d\", k,\n\t\tv)\n}\n",
		filepath.Join(dir, "c.go"):     files["c.go"],
	}
	if diff := cmp.Diff(want, snapshot(t, dir)); diff != "" {
		t.Errorf("after accept (-want +got):\n%s", diff)
	}
	if got := res.TextContent(); got != "accepted edit_1: wrote 2 files\na.go\nsub/b.go" {
		t.Errorf("accept text %q", got)
	}
}

func TestASTEditProposalText(t *testing.T) {
	d, _ := editRun(t, map[string]string{
		"a.go": "package a\n\nfunc A() {\n\tdispose(dispose(x))\n\tf(f(y))\n}\n",
	})
	res := call(t, d, "ast_edit", map[string]any{"pattern": "dispose($X)", "rewrite": "$X.dispose()", "path": "a.go"})
	want := "(proposed) 2 replacements in 1 file\n\n" +
		"--- a/a.go\n+++ b/a.go\n@@ -1,6 +1,6 @@\n package a\n \n func A() {\n-\tdispose(dispose(x))\n+\tx.dispose().dispose()\n \tf(f(y))\n }\n" +
		"\ncall resolve with edit_id \"edit_1\" and action \"accept\" to write it, or \"discard\" to drop it\n" +
		"Searched go: 1 file scanned, 1 parsed, 0 skipped by the prefilter."
	if diff := cmp.Diff(want, res.TextContent()); diff != "" {
		t.Errorf("proposal (-want +got):\n%s", diff)
	}
	// A rewrite that drops the capture leaves the inner match alone.
	r := stage(t, d, map[string]any{"pattern": "f($X)", "rewrite": "g()"})
	if r.Replacements != 1 || r.Skipped != 1 {
		t.Errorf("f(f(y)) → g(): %d replacements, %d skipped; want 1 and 1", r.Replacements, r.Skipped)
	}
	if text := call(t, d, "ast_edit", map[string]any{"pattern": "f($X)", "rewrite": "g()"}).TextContent(); !strings.HasPrefix(text, "(proposed) 1 replacement in 1 file; 1 match inside another match left alone\n") {
		t.Errorf("overlap text: %s", text)
	}
}

func TestASTEditWarnsOnBrokenRewrite(t *testing.T) {
	d, _ := editRun(t, map[string]string{"a.go": "package a\n\nfunc A() { g(x) }\n"})
	r := stage(t, d, map[string]any{"pattern": "g($X)", "rewrite": "g($X"})
	if len(r.Files) != 1 || !strings.Contains(r.Files[0].Broken, "expected") {
		t.Errorf("broken rewrite not reported: %+v", r.Files)
	}
	text := call(t, d, "ast_edit", map[string]any{"pattern": "g($X)", "rewrite": "g($X"}).TextContent()
	if !strings.Contains(text, "warning: a.go no longer parses after the rewrite: 3:") {
		t.Errorf("no warning in:\n%s", text)
	}
}

func TestASTEditNoMatch(t *testing.T) {
	d, _ := editRun(t, map[string]string{"a.go": "package a\n\nfunc A() {}\n"})
	res := call(t, d, "ast_edit", map[string]any{"pattern": "dispose($X)", "rewrite": "$X.dispose()"})
	if res.IsError || res.TextContent() != "Nothing was staged.\nNo matches in go: 1 file scanned, 0 parsed, 1 skipped by the prefilter. Could explain it: no file holds every word of the pattern (dispose)." {
		t.Errorf("no match: %q", res.TextContent())
	}
	if res := resolveEdit(t, d, "edit_1", "accept"); !res.IsError || !strings.Contains(res.TextContent(), "no edit is pending") {
		t.Errorf("nothing staged, yet: %s", res.TextContent())
	}
}

// TestResolveRefusesMovedFiles: a file edited between ast_edit and resolve
// refuses the whole change, and every file stays byte-identical.
func TestResolveRefusesMovedFiles(t *testing.T) {
	d, dir := editRun(t, map[string]string{
		"a.go": "package a\n\nfunc A() { dispose(a) }\n",
		"b.go": "package a\n\nfunc B() { dispose(b) }\n",
		"c.go": "package a\n\nfunc C() { dispose(c) }\n",
	})
	r := stage(t, d, map[string]any{"pattern": "dispose($X)", "rewrite": "$X.dispose()"})
	os.WriteFile(filepath.Join(dir, "b.go"), []byte("package a\n\nfunc B() { dispose(b); other() }\n"), 0o644)
	os.Remove(filepath.Join(dir, "c.go"))
	before := snapshot(t, dir)
	res := resolveEdit(t, d, r.EditID, "accept")
	if !res.IsError || !strings.Contains(res.TextContent(), "nothing was written: b.go, c.go changed since edit_1 was staged") {
		t.Errorf("accept after an edit: %s", res.TextContent())
	}
	if got := res.Structured.(resolveResult).Moved; !cmp.Equal(got, []string{"b.go", "c.go"}) {
		t.Errorf("moved %v", got)
	}
	if diff := cmp.Diff(before, snapshot(t, dir)); diff != "" {
		t.Errorf("files changed by a refused accept (-before +after):\n%s", diff)
	}
	// The refused edit is gone.
	if res := resolveEdit(t, d, r.EditID, "accept"); !res.IsError || !strings.Contains(res.TextContent(), "is not a pending edit") {
		t.Errorf("second accept: %s", res.TextContent())
	}
}

// TestTwoEditsOnOneFile: accepting the first makes the second refuse.
func TestTwoEditsOnOneFile(t *testing.T) {
	d, dir := editRun(t, map[string]string{"a.go": "package a\n\nfunc A() { dispose(a); close(b) }\n"})
	first := stage(t, d, map[string]any{"pattern": "dispose($X)", "rewrite": "$X.dispose()"})
	second := stage(t, d, map[string]any{"pattern": "close($X)", "rewrite": "$X.Close()"})
	if first.EditID != "edit_1" || second.EditID != "edit_2" {
		t.Fatalf("ids %s, %s", first.EditID, second.EditID)
	}
	if res := resolveEdit(t, d, "edit_1", "accept"); res.IsError {
		t.Fatal(res.TextContent())
	}
	res := resolveEdit(t, d, "edit_2", "accept")
	if !res.IsError || !strings.Contains(res.TextContent(), "a.go changed since edit_2 was staged") {
		t.Errorf("second edit on the same file: %s", res.TextContent())
	}
	b, _ := os.ReadFile(filepath.Join(dir, "a.go"))
	if string(b) != "package a\n\nfunc A() { a.dispose(); close(b) }\n" {
		t.Errorf("a.go = %q", b)
	}
}

func TestResolveIDs(t *testing.T) {
	d, dir := editRun(t, map[string]string{"a.go": "package a\n\nfunc A() { dispose(a) }\n"})
	before := snapshot(t, dir)
	for range 2 {
		stage(t, d, map[string]any{"pattern": "dispose($X)", "rewrite": "$X.dispose()"})
	}
	if res := resolveEdit(t, d, "edit_1", "discard"); res.IsError || res.TextContent() != "discarded edit_1; its 1 file was not touched" {
		t.Errorf("discard: %s", res.TextContent())
	}
	if diff := cmp.Diff(before, snapshot(t, dir)); diff != "" {
		t.Errorf("discard wrote (-before +after):\n%s", diff)
	}
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"edit_id": "edit_1", "action": "accept"}, `edit_id: "edit_1" is not a pending edit; pending: edit_2`},
		{map[string]any{"edit_id": "edit_7", "action": "discard"}, `edit_id: "edit_7" is not a pending edit; pending: edit_2`},
		{map[string]any{"edit_id": "edit_2", "action": "apply"}, `argument "action"`},
		{map[string]any{"edit_id": "edit_2"}, `missing required argument "action"`},
	} {
		res := call(t, d, "resolve", tc.args)
		if !res.IsError || !strings.Contains(res.TextContent(), tc.want) {
			t.Errorf("resolve %v = %q, want an error containing %q", tc.args, res.TextContent(), tc.want)
		}
	}
}

func TestASTEditBadInput(t *testing.T) {
	d, _ := editRun(t, map[string]string{"a.go": "package a\n\nfunc A() { dispose(a) }\n"})
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"pattern": "dispose($X)", "rewrite": "$Y.dispose()"}, "rewrite: "},
		{map[string]any{"pattern": "dispose($X)"}, `rewrite: missing`},
		{map[string]any{"rule": "language: dart\nrule: {pattern: dispose($X)}"}, "rule: rule rule has no fix; give it a fix, or the call a rewrite"},
		{map[string]any{"pattern": "", "rewrite": "x"}, "pattern: must not be empty"},
		{map[string]any{"pattern": "func (", "rewrite": "x"}, "does not parse as c or cpp or dart or go or java or javascript or python or rust or tsx or typescript.\nMost likely fix"},
		{map[string]any{"pattern": "f()", "rewrite": "g()", "language": "cobol"}, `language: unknown language "cobol"`},
		{map[string]any{"pattern": "f()", "rewrite": "g()", "path": "../x"}, "path: ../x: outside the working directory"},
	} {
		res := call(t, d, "ast_edit", tc.args)
		if !res.IsError || !strings.Contains(res.TextContent(), tc.want) {
			t.Errorf("ast_edit %v = %q, want an error containing %q", tc.args, res.TextContent(), tc.want)
		}
	}
}

func TestASTEditDiffCap(t *testing.T) {
	files := map[string]string{}
	for i := range 60 {
		files[filepath.Join("p", string(rune('a'+i%26))+strings.Repeat("x", i/26)+".go")] = "package p\n\nfunc F() {\n\tdispose(a)\n\tdispose(b)\n\tdispose(c)\n}\n"
	}
	d, _ := editRun(t, files)
	res := call(t, d, "ast_edit", map[string]any{"pattern": "dispose($X)", "rewrite": "$X.dispose()"})
	r := res.Structured.(astEditResult)
	if r.Replacements != 180 || len(r.Files) != 60 || !r.DiffTruncated || r.DiffFiles == 0 || r.DiffFiles == 60 {
		t.Fatalf("%d replacements in %d files, diff of %d (truncated %v)", r.Replacements, len(r.Files), r.DiffFiles, r.DiffTruncated)
	}
	if n := strings.Count(r.Diff, "\n"); n > maxDiffLines {
		t.Errorf("diff has %d lines, cap %d", n, maxDiffLines)
	}
	if want := "… the diff of " + strconv.Itoa(60-r.DiffFiles) + " more files is left out (the whole change is staged)"; !strings.Contains(res.TextContent(), want) {
		t.Errorf("text lacks %q", want)
	}
}
