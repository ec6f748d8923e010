package java

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/google/go-cmp/cmp"
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

// TestMemberRecovery: a member that fails to parse is an ERROR node in
// its body, and the members around it, nested classes' included, still
// parse; an error no member can hold fails the top-level item.
func TestMemberRecovery(t *testing.T) {
	for _, tc := range []struct {
		name   string
		src    string
		errors []int    // the lines of the errors
		tops   []string // the kinds at the top level
		calls  int      // method_invocation nodes left
	}{
		{"a broken statement", "class A {\n  void a() { f(); }\n  void b() {\n    int x = ;\n    g();\n  }\n  void c() { h(); }\n}\n",
			[]int{4}, []string{"class_declaration"}, 2},
		{"a broken nested member", "class A {\n  void a() { f(); }\n  class B {\n    void b( { }\n    void c() { h(); }\n  }\n  void d() { k(); }\n}\n",
			[]int{4}, []string{"class_declaration"}, 3},
		{"two broken members", "class A {\n  int x = ;\n  void a() { f(); }\n  void b() { g( }\n  void c() { h(); }\n}\n",
			[]int{2, 4}, []string{"class_declaration"}, 2},
		{"an enum's members", "enum E {\n  A, B;\n  void a() { f(); }\n  void b() { g(; }\n}\n",
			[]int{4}, []string{"enum_declaration"}, 1},
		// A class whose } is missing takes what follows for its members:
		// the error is at the end of the file, past every member.
		{"a missing brace", "class A {\n  void a() {\n    f();\n}\nclass B { void b() { g(); } }\n",
			[]int{6}, []string{"ERROR"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := gramtest.BadParse(t, Language, []byte(tc.src))
			var lines []int
			for _, e := range tree.Errors {
				lines = append(lines, e.Line)
			}
			if diff := cmp.Diff(tc.errors, lines); diff != "" {
				t.Errorf("error lines (-want +got):\n%s\n%v", diff, tree.Errors)
			}
			if diff := cmp.Diff(tc.tops, gramtest.TopKinds(tree)); diff != "" {
				t.Errorf("top-level kinds (-want +got):\n%s", diff)
			}
			if got := strings.Count(tree.Sexp(tree.Root), "(method_invocation"); got != tc.calls {
				t.Errorf("%d calls left, want %d: %s", got, tc.calls, tree.Sexp(tree.Root))
			}
		})
	}
}
