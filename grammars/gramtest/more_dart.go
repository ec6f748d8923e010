package gramtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
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
