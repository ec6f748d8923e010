package gramtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/google/go-cmp/cmp"
)

// Golden parses each file glob matches (testdata/*.go) with l and
// compares its tree, printed as an S-expression a node a line, and its
// errors with the .sexp golden file beside it; with update it writes the
// golden files instead.
func Golden(t *testing.T, l *grammars.Language, glob string, update bool) {
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
		golden := strings.TrimSuffix(f, filepath.Ext(f)) + ".sexp"
		if update {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if diff := cmp.Diff(string(want), got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", f, diff)
		}
	}
}

// BenchSource parses src with l, b.N times over: the cost of one input,
// as a deep chain the depth guard stops.
func BenchSource(b *testing.B, l *grammars.Language, src []byte) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		l.Parse(src)
	}
}
