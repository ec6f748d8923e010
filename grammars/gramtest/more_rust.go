package gramtest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/agenttools/agenttools/grammars"
)

// MustParse parses src with l and fails the test at once if it has an
// error or a node out of place.
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

// Fidelity checks that a tree with no errors has its lexer's tokens as
// its leaves, in order, but for the tokens noLeaf says the parser drops
// (a statement's terminator), and that it nests properly.
func Fidelity(t testing.TB, name string, src []byte, tree *grammars.Tree, noLeaf func(grammars.Token) bool) {
	t.Helper()
	if bad := tree.Misplaced(3); len(bad) > 0 {
		t.Errorf("%s: %v", name, bad)
		return
	}
	if len(tree.Errors) > 0 {
		return
	}
	lexed := tree.Lang.Lex(src, false)
	leaves := tree.Leaves()
	span := func(j int) grammars.Span {
		return grammars.Span{Start: tree.Nodes[leaves[j]].Start, End: tree.Nodes[leaves[j]].End}
	}
	i, j := 0, 0
	for i < len(lexed) || j < len(leaves) {
		switch {
		case i < len(lexed) && j < len(leaves) && lexed[i].Span == span(j):
			i, j = i+1, j+1
		case i < len(lexed) && noLeaf(lexed[i]):
			i++
		default:
			at := func(s grammars.Span) string { return fmt.Sprintf("%q at %d", src[s.Start:s.End], s.Start) }
			lt, lf := "(none)", "(none)"
			if i < len(lexed) {
				lt = at(lexed[i].Span)
			}
			if j < len(leaves) {
				lf = at(span(j))
			}
			t.Errorf("%s: token %d differs from leaf %d: lexed %s, leaf %s", name, i, j, lt, lf)
			return
		}
	}
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

// FirstErrorLine is the first line of a compiler's output that holds
// marker ("error:"), without the file's name before it and cut to 200
// bytes, or the output's first line when none does.
func FirstErrorLine(file, out, marker string) string {
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

// WriteJSON writes v as JSON to path through a temporary file in the same
// folder, so that a run stopped halfway leaves the old file whole.
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
