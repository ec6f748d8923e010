package gramtest

import (
	"fmt"
	"os"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/google/go-cmp/cmp"
)

// What the grammars' tests of good input share: a clean parse, golden
// files, the check that a tree's leaves are its tokens, and the
// benchmark of one input.

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
		t.Errorf("%s differs (-want +got):\n%s", path, diff)
	}
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

// BenchSource parses src with l, b.N times over, reporting the bytes and
// allocations of one parse.
func BenchSource(b *testing.B, l *grammars.Language, src []byte) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		l.Parse(src)
	}
}
