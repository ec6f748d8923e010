package gramtest

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agenttools/agenttools/grammars"
)

// Corpora: the files of a corpus, the fidelity of a tree's leaves to
// the lexer's tokens, and the parallel runs and verdict files of the
// tests that compare a grammar with the language's own parser.

// CorpusFiles returns the files named ext (".dart") of at most maxSize
// bytes below the folder where, or the paths the file where lists one a
// line: a corpus to measure a grammar on.
func CorpusFiles(where, ext string, maxSize int64) ([]string, error) {
	info, err := os.Stat(where)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		b, err := os.ReadFile(where)
		if err != nil {
			return nil, err
		}
		return strings.Fields(string(b)), nil
	}
	var files []string
	err = filepath.Walk(where, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(p, ext) && info.Size() <= maxSize {
			files = append(files, p)
		}
		return err
	})
	return files, err
}

// Fidelity checks that a tree with no errors has its lexer's tokens as
// its leaves, in order, but for the tokens noLeaf says the parser drops
// (a statement's terminator), and that it nests properly. (The Rust
// helper's Fidelity, by name and signature.)
func Fidelity(t testing.TB, name string, src []byte, tree *grammars.Tree, noLeaf func(grammars.Token) bool) {
	t.Helper()
	if bad := tree.Misplaced(5); len(bad) > 0 {
		t.Errorf("%s: misplaced nodes: %v", name, bad)
		return
	}
	if len(tree.Errors) > 0 {
		return
	}
	lexed := tree.Lang.Lex(src, false)
	tokens := make([]grammars.Span, len(lexed))
	for i, tok := range lexed {
		tokens[i] = tok.Span
	}
	var leaves []grammars.Span
	for _, n := range tree.Leaves() {
		leaves = append(leaves, grammars.Span{Start: tree.Nodes[n].Start, End: tree.Nodes[n].End})
	}
	i, j := 0, 0
	for i < len(tokens) || j < len(leaves) {
		switch {
		case i < len(tokens) && j < len(leaves) && tokens[i] == leaves[j]:
			i, j = i+1, j+1
		case i < len(tokens) && (lexed[i].Synthetic || noLeaf(lexed[i])):
			i++
		default:
			t.Errorf("%s: token %d differs from leaf %d: lexed %s, leaf %s", name, i, j, quoteSpan(src, tokens, i), quoteSpan(src, leaves, j))
			return
		}
	}
}

// quoteSpan quotes src's text at spans[i] and says where it is, or says
// there is none.
func quoteSpan(src []byte, spans []grammars.Span, i int) string {
	if i >= len(spans) {
		return "(none)"
	}
	s := spans[i]
	return fmt.Sprintf("%q at %d", src[s.Start:s.End], s.Start)
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

// LogFailures logs the first 30 of failures, a corpus's files that the
// language's own parser accepts (judged says by whom) and the grammar
// does not, then how many fail with each kind of first error, most
// first.
func LogFailures(t testing.TB, failures []string, byKind map[string]int, judged string) {
	t.Helper()
	if len(failures) == 0 {
		return
	}
	t.Logf("first %d of %d failures among the files %s:", min(len(failures), 30), len(failures), judged)
	for _, f := range failures[:min(len(failures), 30)] {
		t.Logf("  %s", f)
	}
	kinds := slices.Collect(maps.Keys(byKind))
	slices.SortFunc(kinds, func(a, b string) int {
		return cmp.Or(cmp.Compare(byKind[b], byKind[a]), cmp.Compare(a, b))
	})
	t.Logf("those failures by their first error:")
	for _, k := range kinds {
		t.Logf("  %5d %s", byKind[k], k)
	}
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

// Corpus tests.
