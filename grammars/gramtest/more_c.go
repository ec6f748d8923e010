package gramtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
	"github.com/google/go-cmp/cmp"
)

// What the grammars' tests of good input share: a clean parse, its
// top-level items, the check that a tree's leaves are its tokens, and
// golden files; and what their corpus tests share.

// MustParse parses src with l and fails the test on an error or a node
// out of place.
func MustParse(t testing.TB, l *grammars.Language, src string) *grammars.Tree {
	t.Helper()
	tree, err := l.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(tree.Errors) > 0 {
		t.Fatalf("%q: %v", src, tree.Errors)
	}
	if bad := tree.Misplaced(5); len(bad) > 0 {
		t.Fatalf("%q: misplaced nodes: %v", src, bad)
	}
	return tree
}

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

// Fidelity checks that tree's leaves are the tokens l's lexer reads from
// src, in order, but for those dropped says are no leaves (a statement's
// terminator, trivia); name names src in a failure.
func Fidelity(t testing.TB, name string, l *grammars.Language, src []byte, tree *grammars.Tree, dropped func(tok grammars.Token) bool) {
	t.Helper()
	if bad := tree.Misplaced(3); len(bad) > 0 {
		t.Errorf("%s: %v", name, bad)
		return
	}
	lexed := l.Lex(src, false)
	leaves := tree.Leaves()
	span := func(n int32) grammars.Span { return grammars.Span{Start: tree.Nodes[n].Start, End: tree.Nodes[n].End} }
	i, j := 0, 0
	for i < len(lexed) || j < len(leaves) {
		switch {
		case i < len(lexed) && j < len(leaves) && lexed[i].Span == span(leaves[j]):
			i, j = i+1, j+1
		case i < len(lexed) && dropped(lexed[i]):
			i++
		default:
			at := func(s grammars.Span) string { return fmt.Sprintf("%q at %d", src[s.Start:s.End], s.Start) }
			lt, lf := "(none)", "(none)"
			if i < len(lexed) {
				lt = at(lexed[i].Span)
			}
			if j < len(leaves) {
				lf = at(span(leaves[j]))
			}
			t.Errorf("%s: token %d differs from leaf %d: lexed %s, leaf %s", name, i, j, lt, lf)
			return
		}
	}
}

// Golden compares got with the golden file path, or, with update set,
// writes it there.
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
		t.Errorf("trees differ from %s (-want +got):\n%s", path, diff)
	}
}

// ErrorAt checks tree's errors: none when line is 0, else a first one at
// line whose message holds msg.
func ErrorAt(t testing.TB, tree *grammars.Tree, line int, msg string) {
	t.Helper()
	switch {
	case line == 0 && len(tree.Errors) > 0:
		t.Errorf("errors %.300v; want none", tree.Errors)
	case line == 0:
	case len(tree.Errors) == 0:
		t.Errorf("no error; want one at line %d saying %q; tree %.300s", line, msg, tree.Sexp(tree.Root))
	case tree.Errors[0].Line != line || !strings.Contains(tree.Errors[0].Msg, msg):
		t.Errorf("first error %.300v; want one at line %d saying %q", tree.Errors[0], line, msg)
	}
}

// TooLarge checks that a file of line repeated to just over
// kit.MaxFileSize is refused, not parsed: one error at line 1 that says
// why, and one ERROR node.
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

// BenchFiles returns the files a parse benchmark reads: the fixtures
// glob matches, or the files the environment variable env names (a
// comma-separated list, or @FILE for a file that lists them a line
// each).
func BenchFiles(b *testing.B, glob, env string) []string {
	list := os.Getenv(env)
	switch {
	case strings.HasPrefix(list, "@"):
		text, err := os.ReadFile(list[1:])
		if err != nil {
			b.Fatal(err)
		}
		return strings.Fields(string(text))
	case list != "":
		return strings.Split(list, ",")
	}
	files, _ := filepath.Glob(glob)
	return files
}

// BenchSource parses src with l, b.N times over, reporting the bytes and
// allocations of one parse.
func BenchSource(b *testing.B, l *grammars.Language, src []byte) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		l.Parse(src)
	}
}

// Corpus tests.

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

// CompilerError is the first line of a compiler's output that holds
// marker ("error:"), without the file's name before it and cut at 200
// bytes, or the output's first line when none does.
func CompilerError(file, out, marker string) string {
	lines := strings.Split(out, "\n")
	for _, l := range lines {
		if strings.Contains(l, marker) {
			l = strings.TrimPrefix(l, file+":")
			if len(l) > 200 {
				l = l[:200] + "…"
			}
			return l
		}
	}
	return strings.TrimSpace(lines[0])
}

// WriteJSON writes v as JSON to path through a temporary file, so that a
// run stopped halfway leaves the old file whole: a corpus test's cache
// of a compiler's verdicts.
func WriteJSON(path string, v any) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return err
	}
	return os.Rename(f.Name(), path)
}

// Parallel calls f(0) … f(n-1) on jobs goroutines.
func Parallel(jobs, n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(jobs, max(n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// Fixtures parses each file glob matches with l, fails the test when one
// has an error, and calls check with its name, its source and its tree.
func Fixtures(t *testing.T, l *grammars.Language, glob string, check func(name string, src []byte, tree *grammars.Tree)) {
	t.Helper()
	files, _ := filepath.Glob(glob)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := l.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		if len(tree.Errors) > 0 {
			t.Fatalf("%s: %v", f, tree.Errors)
		}
		check(f, src, tree)
	}
}
