package c

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// TestCppGolden: the tree of each C++ file under testdata/cxx against
// its golden file (go test -update rewrites them).
func TestCppGolden(t *testing.T) {
	gramtest.GoldenTrees(t, CPP, filepath.Join("testdata", "cxx", "*.cpp"), *update)
}

// TestCppFidelity: a C++ tree's leaves are its lexer's tokens, but for
// the ; that ends a statement or a declaration and the trivia, and the
// tree nests properly; the tree-sitter sample too.
func TestCppFidelity(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "cxx", "*.cpp"))
	files = append(files, filepath.Join("testdata", "treesitter", "sample.cpp"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tree, _ := CPP.Parse(src)
		if len(tree.Errors) > 0 {
			t.Fatalf("%s: %v", f, tree.Errors)
		}
		checkFidelity(t, f, src, tree)
	}
}
