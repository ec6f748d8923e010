package gramtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
	"github.com/google/go-cmp/cmp"
)

// GoldenTrees parses each file glob matches (testdata/*.go) with l and
// checks its tree, printed as an S-expression a node a line, and its
// errors against the .sexp golden file beside it, with Golden.
func GoldenTrees(t *testing.T, l *grammars.Language, glob string, update bool) {
	t.Helper()
	files, _ := filepath.Glob(glob)
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := l.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.ReplaceAll(tree.Sexp(tree.Root), " (", "\n(") + "\n"
		for _, e := range tree.Errors {
			got += "error: " + e.Error() + "\n"
		}
		Golden(t, strings.TrimSuffix(f, filepath.Ext(f))+".sexp", got, update)
	}
}

// Golden compares got with the golden file path, or, with update set,
// writes it there. (The C and JavaScript helpers' Golden, by name and
// signature.)
func Golden(t testing.TB, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s differs (-want +got):\n%s", path, diff)
	}
}

// BenchSource parses src with l, b.N times over, reporting the bytes and
// allocations of one parse. (The C and JavaScript helpers' BenchSource.)
func BenchSource(b *testing.B, l *grammars.Language, src []byte) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		l.Parse(src)
	}
}

// TooLarge checks that a file of line repeated to just over
// kit.MaxFileSize is refused, not parsed: one error at line 1 that says
// why, and one ERROR node. (The C helper's TooLarge.)
func TooLarge(t *testing.T, l *grammars.Language, line string) {
	src := []byte(strings.Repeat(line, kit.MaxFileSize/len(line)+1))
	tree := BadParse(t, l, src)
	want := fmt.Sprintf("file is 32.0 MB; the %s grammar parses files up to 32 MB", l.DisplayName())
	if len(tree.Errors) != 1 || tree.Errors[0].Line != 1 || tree.Errors[0].Msg != want {
		t.Errorf("errors %v; want one at line 1: %q", tree.Errors, want)
	}
	if got := TopKinds(tree); len(got) != 1 || got[0] != "ERROR" {
		t.Errorf("top-level nodes %q; want one ERROR", got)
	}
}
