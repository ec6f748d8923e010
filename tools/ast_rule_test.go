package tools

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agenttools/agenttools/grammars/bundled"
)

// ruleRun is a run over a folder of Go and Python files for rule tests.
func ruleRun(t *testing.T) (string, func(t *testing.T, name string, args map[string]any) (astGrepResult, astEditResult, string)) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"a.go": "package a\n\nfunc A() error {\n\tf, _ := open()\n\tdefer f.Close()\n\tg.Close()\n\treturn nil\n}\n\nfunc B() { fmt.Println(\"b\") }\n",
		"b.py": "def f():\n    print('x')\n    return 1\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Registry(&Run{Dir: dir, Grammars: bundled.Registry(), Yes: true})
	if err != nil {
		t.Fatal(err)
	}
	return dir, func(t *testing.T, name string, args map[string]any) (astGrepResult, astEditResult, string) {
		t.Helper()
		res := call(t, d, name, args)
		if res.IsError {
			t.Fatalf("%s %v: %s", name, args, res.TextContent())
		}
		if name == "ast_grep" {
			return res.Structured.(astGrepResult), astEditResult{}, res.TextContent()
		}
		if name == "ast_edit" {
			return astGrepResult{}, res.Structured.(astEditResult), res.TextContent()
		}
		return astGrepResult{}, astEditResult{}, res.TextContent()
	}
}

// TestASTGrepRule: rule documents through the tool, in the language each
// names, every match saying its rule's id.
func TestASTGrepRule(t *testing.T) {
	_, run := ruleRun(t)
	type hit struct{ Rule, File, Text string }
	for _, tc := range []struct {
		name string
		args map[string]any
		want []hit
	}{
		{"kind and inside", map[string]any{"rule": "id: undeferred\nlanguage: Go\nrule:\n  pattern: $X.Close()\n  not:\n    inside: {kind: defer_statement}\n"},
			[]hit{{"undeferred", "a.go", "g.Close()"}}},
		{"several documents", map[string]any{"rule": "id: go-print\nlanguage: go\nrule: {pattern: fmt.Println($$$)}\n---\nid: py-print\nlanguage: python\nrule: {pattern: print($$$A)}\n"},
			[]hit{{"go-print", "a.go", `fmt.Println("b")`}, {"py-print", "b.py", "print('x')"}}},
		{"json", map[string]any{"rule": `{"id": "ret", "language": "python", "rule": {"kind": "return_statement"}}`},
			[]hit{{"ret", "b.py", "return 1"}}},
		{"files", map[string]any{"rule": "id: p\nlanguage: go\nfiles: ['**/*.go']\nrule: {pattern: fmt.Println($$$)}"},
			[]hit{{"p", "a.go", `fmt.Println("b")`}}},
		{"ignores", map[string]any{"rule": "id: p\nlanguage: go\nignores: [a.go]\nrule: {pattern: fmt.Println($$$)}"}, nil},
		{"language argument", map[string]any{"rule": "rule: {kind: return_statement, has: {regex: ^nil$}}", "language": "go"},
			[]hit{{"rule", "a.go", "return nil"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _, _ := run(t, "ast_grep", tc.args)
			var got []hit
			for _, m := range r.Matches {
				got = append(got, hit{m.Rule, m.File, m.Text})
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("matches (-want +got):\n%s", diff)
			}
		})
	}
}

// TestASTEditRule: ast_edit takes a rule's fix as its rewrite, with its
// transforms, and resolve writes it.
func TestASTEditRule(t *testing.T) {
	dir, run := ruleRun(t)
	rule := "id: close\nlanguage: go\nrule: {pattern: $X.Close(), not: {inside: {kind: defer_statement}}}\ntransform:\n  NAME: {convert: {source: $X, toCase: upperCase}}\nfix: must($X.Close(), \"$NAME\")\n"
	_, e, _ := run(t, "ast_edit", map[string]any{"rule": rule})
	if e.Replacements != 1 {
		t.Fatalf("%d replacements, want 1", e.Replacements)
	}
	run(t, "resolve", map[string]any{"edit_id": e.EditID, "action": "accept"})
	got, err := os.ReadFile(filepath.Join(dir, "a.go"))
	if err != nil {
		t.Fatal(err)
	}
	want := "package a\n\nfunc A() error {\n\tf, _ := open()\n\tdefer f.Close()\n\tmust(g.Close(), \"G\")\n\treturn nil\n}\n\nfunc B() { fmt.Println(\"b\") }\n"
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("a.go (-want +got):\n%s", diff)
	}
	// Of several documents, those with a fix rewrite; one without finds
	// nothing to rewrite, as ast-grep applies the fixes it has.
	_, e, _ = run(t, "ast_edit", map[string]any{"rule": "id: a\nlanguage: go\nrule: {pattern: f.Close()}\n---\nid: b\nlanguage: go\nrule: {pattern: fmt.Println($A)}\nfix: log($A)"})
	if e.Replacements != 1 {
		t.Errorf("fix of one document of two: %+v", e)
	}
	// A rewrite given wins over the fix.
	_, e, _ = run(t, "ast_edit", map[string]any{"rule": "language: go\nrule: {pattern: fmt.Println($A)}\nfix: x", "rewrite": "log($A)"})
	if e.Replacements != 1 || !cmp.Equal(e.Files[0].File, "a.go") {
		t.Errorf("rewrite over fix: %+v", e)
	}
}

// TestASTGrepRuleTooDeep: a rule that recurses past the engine's bound
// in a file reports the file as not searched, never as holding no match.
func TestASTGrepRuleTooDeep(t *testing.T) {
	dir, run := ruleRun(t)
	var b strings.Builder
	b.WriteString("package a\n\nfunc F() {\n")
	for i := range 30000 {
		fmt.Fprintf(&b, "\tx = %d\n", i)
	}
	b.WriteString("}\n")
	if err := os.WriteFile(filepath.Join(dir, "big.go"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	doc := "language: go\nutils: {before: {any: [{kind: assignment_statement, not: {precedes: {kind: assignment_statement}}}, {precedes: {matches: before}}]}}\nrule: {kind: assignment_statement, matches: before}"
	r, _, text := run(t, "ast_grep", map[string]any{"rule": doc})
	if len(r.ParseFailures) != 1 || r.ParseFailures[0].File != "big.go" || !strings.Contains(text, "utility rule before went 25000 deep at line") {
		t.Errorf("failures %+v; text:\n%s", r.ParseFailures, text)
	}
}
