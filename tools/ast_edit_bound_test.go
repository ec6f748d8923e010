package tools

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestStagedEditsBounded stages 1,000 edits of a 100 KB file in one run
// and resolves none: the run keeps the most recent maxPending, its heap
// stays small, and a resolve of a dropped edit says it was dropped.
func TestStagedEditsBounded(t *testing.T) {
	var src strings.Builder
	src.WriteString("package a\n\nfunc A() {\n")
	for src.Len() < 100<<10 {
		src.WriteString("\tdispose(x)\n")
	}
	src.WriteString("}\n")
	d, _ := editRun(t, map[string]string{"a.go": src.String()})
	const n = 1000
	for i := 1; i <= n; i++ {
		r := stage(t, d, map[string]any{"pattern": "dispose($X)", "rewrite": fmt.Sprintf("release%d($X)", i)})
		if want := fmt.Sprintf("edit_%d", i); r.EditID != want {
			t.Fatalf("staged %s, want %s", r.EditID, want)
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("heap in use after %d staged edits of a %d KB file: %d MB", n, src.Len()>>10, ms.HeapInuse>>20)
	if ms.HeapInuse > 300<<20 {
		t.Errorf("%d MB of heap in use after %d staged edits, want under 300", ms.HeapInuse>>20, n)
	}
	res := resolveEdit(t, d, "edit_1", "accept")
	if !res.IsError || !strings.Contains(res.TextContent(), "edit_1 was dropped unresolved to make room") {
		t.Errorf("resolve of a dropped edit: %s", res.TextContent())
	}
	if res := resolveEdit(t, d, fmt.Sprintf("edit_%d", n-maxPending), "discard"); !res.IsError {
		t.Errorf("the edit just past the bound is still pending: %s", res.TextContent())
	}
	if res := resolveEdit(t, d, fmt.Sprintf("edit_%d", n-maxPending+1), "discard"); res.IsError {
		t.Errorf("the oldest edit within the bound: %s", res.TextContent())
	}
	if res := resolveEdit(t, d, fmt.Sprintf("edit_%d", n), "accept"); res.IsError {
		t.Errorf("the newest edit: %s", res.TextContent())
	}
	if res := resolveEdit(t, d, "edit_5000", "accept"); !res.IsError || strings.Contains(res.TextContent(), "dropped") {
		t.Errorf("an edit that never was: %s", res.TextContent())
	}
}

// TestPatternSizeCap: a pattern, a filter or a rewrite over 64 KiB is
// refused at once, in no language, with the cap in the message.
func TestPatternSizeCap(t *testing.T) {
	d, _ := editRun(t, map[string]string{"a.go": "package a\n\nfunc A() { dispose(x) }\n"})
	huge := "f(" + strings.Repeat("x, ", 1<<20/3) + "x)"
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"ast_grep", map[string]any{"pattern": huge}, "pattern: it is 1048579 bytes, over the 64 KiB"},
		{"ast_grep", map[string]any{"pattern": "dispose($X)", "inside": huge}, "inside: it is 1048579 bytes, over the 64 KiB"},
		{"ast_edit", map[string]any{"pattern": "dispose($X)", "rewrite": huge}, "rewrite: it is 1048579 bytes, over the 64 KiB"},
	} {
		res := call(t, d, tc.tool, tc.args)
		if !res.IsError || !strings.Contains(res.TextContent(), tc.want) {
			t.Errorf("%s with a 1 MB argument: %.300s", tc.tool, res.TextContent())
		}
	}
}
