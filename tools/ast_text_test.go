package tools

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/bundled"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata with what the code gives now")

// textFiles is a small project for the golden texts: Go and Python code,
// and folders the walk leaves out by rule.
var textFiles = map[string]string{
	"main.go": `package main

import "os"

func run(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	g, err := os.Create(name + ".out")
	if err != nil {
		panic(err)
	}
	g.Close()
	re := MustCompile("x")
	_ = NewReader(f)
	_ = newReader(f)
	return re.check()
}
`,
	"util.py": `def load(p):
    f = open(p)
    data = f.read()
    f.close()
    return data
`,
	"main_test.go":         "package main\n\nfunc helper() { h.Close() }\n",
	".gitignore":           "build/\n",
	"build/gen.go":         "package build\n\nfunc G() { b.Close() }\n",
	"vendor/dep/dep.go":    "package dep\n\nfunc D() { d.Close() }\n",
	".cache/c.go":          "package c\n\nfunc C() { c.Close() }\n",
	"testdata/fixture.go":  "package fixture\n\nfunc F() { x.Close() }\n",
	"node_modules/m/m.js":  "m.close()\n",
	"docs/notes.txt":       "f.Close()\n",
	"testdata/sample.py":   "s.close()\n",
	".cache/nothing.txt":   "none\n",
	"vendor/README":        "vendored\n",
	"build/out/result.txt": "built\n",
}

// TestASTText holds the text of ast_grep and ast_edit results and errors
// exactly as the model reads it, in testdata/ast_text.golden (go test
// ./tools -update rewrites it).
func TestASTText(t *testing.T) {
	dir := t.TempDir()
	for name, src := range textFiles {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Registry(&Run{Dir: dir, Grammars: bundled.Registry(), Yes: true})
	if err != nil {
		t.Fatal(err)
	}
	long := "fmt.Println(" + strings.Repeat("a + ", 60) + "b"
	cases := []textCase{
		{"sequence", "ast_grep", map[string]any{"pattern": "$X, err := $F($$$A)\nif err != nil { return $$$R }"}},
		{"sequence with a run between", "ast_grep", map[string]any{"pattern": "$F = open($P)\n$$$B\n$F.close()"}},
		{"not_inside", "ast_grep", map[string]any{"pattern": "$X.Close()", "not_inside": "defer $X.Close()"}},
		{"inside", "ast_grep", map[string]any{"pattern": "$X.Close()", "inside": "defer $$$"}},
		{"has", "ast_grep", map[string]any{"pattern": "if err != nil { $$$B }", "has": "panic($$$A)"}},
		{"not_has", "ast_grep", map[string]any{"pattern": "if err != nil { $$$B }", "not_has": "panic($$$A)"}},
		{"where", "ast_grep", map[string]any{"pattern": "$F($$$A)", "where": map[string]string{"F": "^(New|Must)[A-Z]"}}},
		{"where_not", "ast_grep", map[string]any{"pattern": "$F($X)", "where": map[string]string{"F": "[Rr]eader$"}, "where_not": map[string]string{"F": "^New"}}},
		{"context", "ast_grep", map[string]any{"pattern": "panic($E)", "context": 1}},
		{"globs", "ast_grep", map[string]any{"pattern": "$X.Close()", "globs": []string{"*_test.go"}}},
		{"no matches", "ast_grep", map[string]any{"pattern": "$X.Shutdown()"}},
		{"no matches, a string in the prefilter", "ast_grep", map[string]any{"pattern": `$X.Shutdown("now")`}},
		{"no matches, an operator in the prefilter", "ast_grep", map[string]any{"pattern": "$X.Shutdown() != nil"}},
		{"no matches, a lower-case $x", "ast_grep", map[string]any{"pattern": "$x.Close()", "language": "go"}},
		{"a folder left out, named", "ast_grep", map[string]any{"pattern": "$X.Close()", "path": "vendor"}},
		{"ast_edit of a sequence", "ast_edit", map[string]any{"pattern": "$X, err := $F($$$A)\nif err != nil { return err }", "rewrite": "$X := must($F($$$A))"}},
		{"ast_edit with a filter", "ast_edit", map[string]any{"pattern": "$X.Close()", "not_inside": "defer $$$", "rewrite": "defer $X.Close()"}},
		{"error: ...", "ast_grep", map[string]any{"pattern": "os.Open(...)", "language": "go"}},
		{"error: $$X", "ast_grep", map[string]any{"pattern": "os.Open($$X)"}},
		{"error: lower-case metavariable", "ast_grep", map[string]any{"pattern": "$f.Close(", "language": "go"}},
		{"error: a regular expression", "ast_grep", map[string]any{"pattern": "New.*Reader", "language": "go"}},
		{"error: half a func", "ast_grep", map[string]any{"pattern": "func $F", "language": "go"}},
		{"error: half a def", "ast_grep", map[string]any{"pattern": "def $F", "language": "python"}},
		{"error: half a class", "ast_grep", map[string]any{"pattern": "class $C:", "language": "python"}},
		{"error: a long pattern", "ast_grep", map[string]any{"pattern": long, "language": "go"}},
		{"error: a filter that does not parse", "ast_grep", map[string]any{"pattern": "$X.Close()", "not_inside": "defer (", "language": "go"}},
		{"error: a filter of several statements", "ast_grep", map[string]any{"pattern": "$X.Close()", "inside": "a()\nb()", "language": "go"}},
		{"error: where on a name not bound", "ast_grep", map[string]any{"pattern": "$F($$$A)", "where": map[string]string{"G": "x"}}},
		{"error: a bad regular expression", "ast_grep", map[string]any{"pattern": "$F($$$A)", "where": map[string]string{"F": "(("}}},
		{"error: a bad glob", "ast_grep", map[string]any{"pattern": "$F($$$A)", "globs": []string{"[a-"}}},
		{"error: negative context", "ast_grep", map[string]any{"pattern": "$F($$$A)", "context": -1}},
	}
	checkGolden(t, "ast_text.golden", callTexts(t, d, dir, cases))
}
