// Package gramtest holds what the grammars' tests share: the parse of bad
// input that fails on a panic or a hang, and the check of its first error
// (gramtest.go); trees against golden files, errors where a test expects
// them and the parse benchmarks (trees.go); and the corpus walk, the
// fidelity of a tree's leaves to its tokens and the verdict files of the
// tests against each language's own parser (corpus.go).
package gramtest

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars"
)

// BadParse parses src with l as a file and as a pattern, each in a
// goroutine, and fails the test if either panics, builds no tree, puts
// a node out of place, or has not returned after a generous while: a
// hang detector, not a measure of speed. It returns the file's tree.
func BadParse(t testing.TB, l *grammars.Language, src []byte) *grammars.Tree {
	t.Helper()
	type out struct {
		tree  *grammars.Tree
		err   error
		panic any
	}
	var tree *grammars.Tree
	for _, parse := range []func([]byte) (*grammars.Tree, error){l.Parse, l.ParsePattern} {
		done := make(chan out, 1)
		go func() {
			var o out
			defer func() {
				o.panic = recover()
				done <- o
			}()
			o.tree, o.err = parse(src)
		}()
		select {
		case o := <-done:
			if o.panic != nil {
				t.Fatalf("panic: %v", o.panic)
			}
			if o.err != nil || o.tree == nil {
				t.Fatalf("no tree: %v", o.err)
			}
			if bad := o.tree.Misplaced(5); len(bad) > 0 {
				t.Fatalf("misplaced nodes: %v", bad)
			}
			if tree == nil {
				tree = o.tree
			}
		case <-time.After(3 * time.Minute):
			t.Fatalf("the parse of %d bytes has not returned after 3 minutes: a hang", len(src))
		}
	}
	return tree
}

// TopKinds returns the kinds of the nodes at a tree's top level.
func TopKinds(tree *grammars.Tree) []string {
	var out []string
	for _, c := range tree.Children(tree.Root) {
		out = append(out, tree.KindName(c))
	}
	return out
}

// BenchParse parses files with l, b.N times over; its MB/s is the
// grammar's speed (run with GOMAXPROCS=1 for one core).
func BenchParse(b *testing.B, l *grammars.Language, files []string) {
	var srcs [][]byte
	var size int64
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
		size += int64(len(src))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range srcs {
			l.Parse(src)
		}
	}
}

// FirstError checks tree's errors: none when want is "", else a first one
// whose message holds want.
func FirstError(t testing.TB, tree *grammars.Tree, want string) {
	t.Helper()
	switch {
	case want == "" && len(tree.Errors) > 0:
		t.Errorf("errors %.300v; want none", tree.Errors)
	case want != "" && (len(tree.Errors) == 0 || !strings.Contains(tree.Errors[0].Msg, want)):
		t.Errorf("errors %.300v; want a first one saying %q", tree.Errors, want)
	}
}
