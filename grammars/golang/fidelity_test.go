package golang

import (
	goscanner "go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
)

// stdlibSample returns every nth .go file of GOROOT/src outside testdata.
func stdlibSample(t testing.TB, every int) []string {
	t.Helper()
	root := filepath.Join(runtime.GOROOT(), "src")
	var files []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	var out []string
	for i := 0; i < len(files); i += every {
		out = append(out, files[i])
	}
	return out
}

// TestFidelity parses a few hundred standard-library files and checks that
// the tree's leaves are go/scanner's tokens, in order and with the same
// text (semicolons that end a statement or declaration aside, written or
// automatic), and that every node lies inside its parent, after its
// previous sibling.
func TestFidelity(t *testing.T) {
	files := stdlibSample(t, fidelityEvery)
	if len(files) < 200 {
		t.Fatalf("only %d files in the sample", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := Language.Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if len(tree.Errors) > 0 {
			t.Errorf("%s: %v", f, tree.Errors)
			continue
		}
		checkLeaves(t, f, src, tree)
		checkRanges(t, f, tree)
	}
}

func checkLeaves(t *testing.T, name string, src []byte, tree *grammars.Tree) {
	t.Helper()
	fset := token.NewFileSet()
	var s goscanner.Scanner
	s.Init(fset.AddFile(name, -1, len(src)), src, nil, 0)
	leaves := tree.Leaves()
	i := 0
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON && lit != ";" {
			continue
		}
		text := lit
		if text == "" || tok.IsOperator() || tok.IsKeyword() {
			text = tok.String()
		}
		off := uint32(fset.Position(pos).Offset)
		if tok == token.SEMICOLON && (i >= len(leaves) || tree.Nodes[leaves[i]].Start != off) {
			continue // a terminator, which is no leaf; only a header's ; is
		}
		if i >= len(leaves) {
			t.Errorf("%s: the tree has %d leaves; the scanner goes on with %q at offset %d", name, len(leaves), text, off)
			return
		}
		n := tree.Nodes[leaves[i]]
		if got := tree.Text(leaves[i]); got != text || n.Start != off {
			t.Errorf("%s: leaf %d is %q at %d, the scanner says %q at %d", name, i, got, n.Start, text, off)
			return
		}
		i++
	}
	if i != len(leaves) {
		t.Errorf("%s: %d leaves, the scanner has %d tokens", name, len(leaves), i)
	}
}

func checkRanges(t *testing.T, name string, tree *grammars.Tree) {
	t.Helper()
	for _, m := range tree.Misplaced(5) {
		t.Errorf("%s: %s", name, m)
	}
}

// fidelityEvery picks the sample; 1 checks the whole standard library.
var fidelityEvery = 20
