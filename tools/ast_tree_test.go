package tools

import (
	"os"
	"path/filepath"
	"testing"
)

// TestASTTreeGolden: ast_tree's text of a file of each bundled language,
// of a part of one, of a pattern in each language, and its errors.
func TestASTTreeGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "ast_tree", "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	srcs := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs[filepath.Base(f)] = string(b)
	}
	srcs["a.txt"] = "no grammar reads this\n"
	d, dir := editRun(t, srcs)
	var cases []textCase
	for _, f := range files {
		name := filepath.Base(f)
		cases = append(cases, textCase{name, "ast_tree", map[string]any{"path": name}})
	}
	cases = append(cases,
		textCase{"lines of a file", "ast_tree", map[string]any{"path": "A.java", "line": 2, "end_line": 2}},
		textCase{"capped", "ast_tree", map[string]any{"path": "a.go", "max_nodes": 3}},
	)
	for _, p := range []struct{ lang, pattern string }{
		{"go", "fmt.Println($$$A)"},
		{"python", "print($A)"},
		{"javascript", "console.log($$$A)"},
		{"typescript", "Promise<$T>"},
		{"tsx", "<$C $$$P />"},
		{"rust", "$X.unwrap()"},
		{"dart", "setState(() { $$$B })"},
		{"c", "malloc($N)"},
		{"java", "if ($X == null) { $$$B }"},
		{"java", "@Override"},
	} {
		cases = append(cases, textCase{p.lang + " pattern", "ast_tree", map[string]any{"pattern": p.pattern, "language": p.lang}})
	}
	cases = append(cases,
		textCase{"error: nothing", "ast_tree", map[string]any{}},
		textCase{"error: both", "ast_tree", map[string]any{"path": "a.go", "pattern": "f()"}},
		textCase{"error: a folder", "ast_tree", map[string]any{"path": "."}},
		textCase{"error: a pattern without its language", "ast_tree", map[string]any{"pattern": "f()"}},
		textCase{"error: a pattern that does not parse", "ast_tree", map[string]any{"pattern": "f(", "language": "go"}},
		textCase{"error: end_line before line", "ast_tree", map[string]any{"path": "a.go", "line": 5, "end_line": 2}},
		textCase{"error: no such file", "ast_tree", map[string]any{"path": "missing.go"}},
		textCase{"error: no grammar", "ast_tree", map[string]any{"path": "a.txt"}},
	)
	checkGolden(t, "ast_tree.golden", callTexts(t, d, dir, cases))
}
