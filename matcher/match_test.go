package matcher

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/golang"
	"github.com/google/go-cmp/cmp"
)

const unifyCode = `package p

func f() {
	_ = g(x+y, x + /* c */ y)
	_ = g(x+y, x+z)
	_ = g(a, b, a, b)
	_ = g(a, b, a)
	_ = g(a, b,
		a, b)
	_ = g(a.b, a . b)
	_ = g(ab, a)
	_ = g()
}
`

func findLines(t *testing.T, pattern, src string) []int {
	t.Helper()
	p, err := Compile(golang.Language, pattern)
	if err != nil {
		t.Fatalf("Compile(%q): %v", pattern, err)
	}
	tree, err := golang.Language.Parse([]byte(src))
	if err != nil || len(tree.Errors) > 0 {
		t.Fatalf("parse: %v %v", err, tree.Errors)
	}
	var out []int
	for _, m := range p.Find(tree) {
		out = append(out, 1+strings.Count(src[:tree.Nodes[m.Node].Start], "\n"))
	}
	return out
}

// TestUnify: a repeated metavariable captures the same tokens each time,
// whatever the whitespace and comments between them.
func TestUnify(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		want    []int
	}{
		{"g($A, $A)", []int{4, 10}},
		{"g($$$A, $$$A)", []int{4, 6, 8, 10, 12}},
		{"g($$$A, b, $$$A)", []int{7}},
		{"g($$$A, $B, $$$A)", []int{7}},
	} {
		if diff := cmp.Diff(tc.want, findLines(t, tc.pattern, unifyCode)); diff != "" {
			t.Errorf("%q: match lines (-want +got):\n%s", tc.pattern, diff)
		}
	}
}

// TestRepeatedRunLong: a $$$ repeated against a long list finds the one
// length that can hold the same tokens, rather than compare every length.
func TestRepeatedRunLong(t *testing.T) {
	half := strings.Repeat("a, ", 999) + "a"
	for _, tc := range []struct {
		args string
		want []int
	}{
		{half + ", " + half, []int{3}},
		{half + ", " + half + ", a", nil},
	} {
		src := "package p\n\nvar _ = g(" + tc.args + ")\n"
		if diff := cmp.Diff(tc.want, findLines(t, "g($$$A, $$$A)", src)); diff != "" {
			t.Errorf("%d arguments: match lines (-want +got):\n%s", strings.Count(tc.args, ",")+1, diff)
		}
	}
}

// TestFindOrder: Find walks only the paths to nodes of the pattern's kind,
// and must still report every match in file order, as a walk of the whole
// tree would; a pattern that is a metavariable walks the whole tree.
func TestFindOrder(t *testing.T) {
	tree, err := golang.Language.Parse([]byte(code))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		pattern string
		want    func(n int32) bool
	}{
		{"$F($$$)", func(n int32) bool { return tree.KindName(n) == "call_expression" }},
		{"$_", func(n int32) bool { return tree.Named(n) }},
	} {
		var want []int32
		tree.Walk(func(n int32) bool {
			if tc.want(n) {
				want = append(want, n)
			}
			return true
		})
		p, err := Compile(golang.Language, tc.pattern)
		if err != nil {
			t.Fatal(err)
		}
		var got []int32
		for _, m := range p.Find(tree) {
			got = append(got, m.Node)
		}
		if len(want) < 10 {
			t.Errorf("%q: only %d nodes to find", tc.pattern, len(want))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q: match nodes (-want +got):\n%s", tc.pattern, diff)
		}
	}
}

// benchDir is a real package of the standard library, large enough that
// matching shows.
var benchDir = filepath.Join(runtime.GOROOT(), "src", "net", "http")

// benchTrees parses the Go files under benchDir, as a search walks them
// (no testdata, no hidden folders), and returns them with their size.
func benchTrees(b *testing.B) ([]*grammars.Tree, int64) {
	var trees []*grammars.Tree
	var bytes int64
	err := filepath.WalkDir(benchDir, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir():
			if path != benchDir && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		case !strings.HasSuffix(path, ".go"):
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		t, err := golang.Language.Parse(src)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		trees = append(trees, t)
		bytes += int64(len(src))
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return trees, bytes
}

// BenchmarkFind is matching alone, on trees parsed beforehand.
func BenchmarkFind(b *testing.B) {
	benchFind(b, "$X == $X", "if err != nil { return $$$R }", "$F($$$A)")
}

// BenchmarkFindRepeated is matching alone with repeated metavariables,
// whose captures are compared token by token.
func BenchmarkFindRepeated(b *testing.B) {
	benchFind(b, "$F($$$A, $$$A)", "$X.$M($$$A, $B, $$$A)")
}

// benchFind times each pattern's matching over benchDir's trees.
func benchFind(b *testing.B, patterns ...string) {
	trees, bytes := benchTrees(b)
	b.SetBytes(bytes)
	for _, pattern := range patterns {
		p, err := Compile(golang.Language, pattern)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(pattern, func(b *testing.B) {
			b.SetBytes(bytes)
			for b.Loop() {
				for _, t := range trees {
					p.Find(t)
				}
			}
		})
	}
}
