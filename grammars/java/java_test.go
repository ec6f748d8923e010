package java

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGolden: the tree of each testdata file against its golden file.
func TestGolden(t *testing.T) {
	gramtest.GoldenTrees(t, Language, filepath.Join("testdata", "*.java"), *update)
}

// TestFidelity: a tree's leaves are its lexer's tokens, but for the ;
// that ends a statement or a declaration, and it nests properly.
func TestFidelity(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.java"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tree, _ := Language.Parse(src)
		if len(tree.Errors) > 0 {
			t.Fatalf("%s: %v", f, tree.Errors)
		}
		checkFidelity(t, f, src, tree)
	}
}

// checkFidelity checks that a tree's leaves are its lexer's tokens, but
// for the ; that ends a statement or a declaration.
func checkFidelity(t *testing.T, name string, src []byte, tree *grammars.Tree) {
	t.Helper()
	gramtest.Fidelity(t, name, src, tree, func(tok grammars.Token) bool { return tok.Kind == tSemi })
}
