package gramtest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
	"github.com/google/go-cmp/cmp"
)

// Trees: a parse that must succeed, its printed form against a golden
// file, errors where a test expects them, and the parse benchmarks.

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

// MustParse parses src with l and fails the test on an error or a node
// out of place. (The C, Dart and Rust helpers' MustParse, by name and
// signature, as are Golden and BenchSource.)
func MustParse(t testing.TB, l *grammars.Language, src string) *grammars.Tree {
	t.Helper()
	tree, err := l.Parse([]byte(src))
	if err != nil {
		t.Fatalf("%s: %q: %v", l.ID, src, err)
	}
	if len(tree.Errors) > 0 {
		t.Fatalf("%s: %q: %v", l.ID, src, tree.Errors)
	}
	if bad := tree.Misplaced(5); len(bad) > 0 {
		t.Fatalf("%s: %q: misplaced nodes: %v", l.ID, src, bad)
	}
	return tree
}

// BlockSexps parses src, a function whose body is its last child, with
// l, and returns the body's statements, between its braces, as
// S-expressions.
func BlockSexps(t testing.TB, l *grammars.Language, src string) []string {
	t.Helper()
	tree := MustParse(t, l, src)
	fn := tree.Children(tree.Root)[0]
	kids := tree.Children(fn)
	blk := kids[len(kids)-1]
	var out []string
	for _, c := range tree.Children(blk)[1:] {
		if tree.KindName(c) == "}" {
			break
		}
		out = append(out, tree.Sexp(c))
	}
	return out
}

// FirstErrorAt checks tree's errors: none when line is 0, else a first
// one at line whose message holds msg. lenient also takes a tree with no
// error: input the language rejects that a grammar which searches code,
// and does not check it, may read as its nearest valid form.
func FirstErrorAt(t testing.TB, tree *grammars.Tree, line int, msg string, lenient bool) {
	t.Helper()
	switch {
	case lenient && len(tree.Errors) == 0:
	case line == 0 && len(tree.Errors) > 0:
		t.Errorf("errors %.300v; want none", tree.Errors)
	case line == 0:
	case len(tree.Errors) == 0:
		t.Errorf("no error; want one at line %d saying %q; tree %.300s", line, msg, tree.Sexp(tree.Root))
	default:
		if e := tree.Errors[0]; e.Line != line || !strings.Contains(e.Msg, msg) {
			t.Errorf("first error %.300v; want one at line %d saying %q", e, line, msg)
		}
	}
}

// The corpus harness: a grammar's corpus test asks a compiler which files
// it accepts, in parallel, and keeps its verdicts in a file between runs.

// Tops returns the top-level items of src, which must parse cleanly, as
// S-expressions.
func Tops(t testing.TB, l *grammars.Language, src string) []string {
	t.Helper()
	tree := MustParse(t, l, src)
	var out []string
	for _, c := range tree.Children(tree.Root) {
		out = append(out, tree.Sexp(c))
	}
	return out
}

// FirstParseError parses src with l and returns the tree and its first
// error, nil when it parses cleanly; a panic is an error too, with no
// tree.
func FirstParseError(l *grammars.Language, src []byte) (tree *grammars.Tree, first *grammars.Error) {
	defer func() {
		if r := recover(); r != nil {
			tree, first = nil, &grammars.Error{Line: 1, Column: 1, Msg: fmt.Sprintf("panic: %v", r)}
		}
	}()
	tree, err := l.Parse(src)
	switch {
	case err != nil:
		return nil, &grammars.Error{Line: 1, Column: 1, Msg: "no tree: " + err.Error()}
	case len(tree.Errors) > 0:
		return tree, tree.Errors[0]
	}
	return tree, nil
}

// ErrorKind is an error's message without what it found: "expected ;"
// for "expected ;, found identifier".
func ErrorKind(msg string) string {
	if i := strings.Index(msg, ", found"); i > 0 {
		return msg[:i]
	}
	return msg
}

// SourceLine is line n (1-based) of src, trimmed and cut at 120 bytes.
func SourceLine(src []byte, n int) string {
	for i := 1; i < n && len(src) > 0; i++ {
		j := bytes.IndexByte(src, '\n')
		if j < 0 {
			return ""
		}
		src = src[j+1:]
	}
	if j := bytes.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	s := strings.TrimSpace(string(src))
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}
