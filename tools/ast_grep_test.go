package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
)

func searchRun(t *testing.T) (*tool.Dispatcher, string) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"a.go":             "package a\n\nfunc A() {\n\tf, _ := open()\n\tif f != nil {\n\t\tf.Close()\n\t}\n\ts := \"f.Close()\" // f.Close()\n\t_ = s\n}\n",
		"sub/b.go":         "package sub\n\nfunc B() { x.Close(); y.Close() }\n",
		"broken.go":        "package a\n\nfunc broken( {\n\nfunc Fine() { z.Close() }\n",
		"ignored/c.go":     "package c\n\nfunc C() { w.Close() }\n",
		".gitignore":       "ignored/\n",
		"vendor/v/v.go":    "package v\n\nfunc V() { v.Close() }\n",
		".hidden/h.go":     "package h\n\nfunc H() { h.Close() }\n",
		"notes.txt":        "f.Close()\n",
		"sub/unrelated.go": "package sub\n\nfunc U() {}\n",
		"docs/readme.txt":  "x.Close()\n",
	}
	for name, src := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Registry(&Run{Dir: dir, Grammars: bundled.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	return d, dir
}

func TestASTGrep(t *testing.T) {
	d, _ := searchRun(t)
	res := call(t, d, "ast_grep", map[string]any{"pattern": "$X.Close()"})
	if res.IsError {
		t.Fatal(res.TextContent())
	}
	r := res.Structured.(astGrepResult)
	type loc struct {
		File string
		Line int
		X    string
	}
	var got []loc
	for _, m := range r.Matches {
		got = append(got, loc{m.File, m.Range.Start.Line, captureOf(m, "X")})
	}
	want := []loc{{"a.go", 6, "f"}, {"broken.go", 5, "z"}, {"sub/b.go", 3, "x"}, {"sub/b.go", 3, "y"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("matches (-want +got):\n%s", diff)
	}
	// sub/unrelated.go has no Close, so the prefilter keeps it unparsed.
	if r.FilesScanned != 4 || r.FilesParsed != 3 {
		t.Errorf("scanned %d, parsed %d; want 4 and 3", r.FilesScanned, r.FilesParsed)
	}
	if len(r.ParseFailures) != 1 || r.ParseFailures[0].File != "broken.go" {
		t.Errorf("parse failures %+v, want broken.go", r.ParseFailures)
	}
	m := r.Matches[0]
	if m.Range != (matcher.Range{Start: matcher.Position{Line: 6, Column: 3}, End: matcher.Position{Line: 6, Column: 11}}) || m.Text != "f.Close()" {
		t.Errorf("first match %+v", m)
	}
	text := res.TextContent()
	for _, want := range []string{"a.go:6\n\t\tf.Close()\n", "4 matches", "1 file did not parse cleanly", "broken.go: 3:"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}

	res = call(t, d, "ast_grep", map[string]any{"pattern": "$X.Close()", "path": "sub", "max_results": 1})
	if r := res.Structured.(astGrepResult); r.Total != 2 || len(r.Matches) != 1 || !r.Truncated || !strings.Contains(res.TextContent(), "1 more left out by max_results") {
		t.Errorf("max_results: %+v\n%s", r, res.TextContent())
	}
	res = call(t, d, "ast_grep", map[string]any{"pattern": "$X.Close()", "path": "docs"})
	if r := res.Structured.(astGrepResult); res.IsError || r.Total != 0 || len(r.Languages) != 0 || res.TextContent() != "No matches: no files of a bundled language here." {
		t.Errorf("a folder with no Go files: %+v\n%s", r, res.TextContent())
	}
	res = call(t, d, "ast_grep", map[string]any{"pattern": "$X.Close()", "path": "vendor"})
	if r := res.Structured.(astGrepResult); r.Total != 1 {
		t.Errorf("a path that names vendor searches it: %+v", r)
	}
}

func TestASTGrepBadInput(t *testing.T) {
	d, _ := searchRun(t)
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"pattern": "f()", "language": "cobol"}, `language: unknown language "cobol"; the languages are: c, cpp, dart, go`},
		{map[string]any{"pattern": "f()", "path": "../x"}, "path: ../x: outside the working directory"},
		{map[string]any{"pattern": "f()", "path": "nope"}, "path: nope does not exist"},
		{map[string]any{"pattern": "f()", "path": "notes.txt"}, "language: no bundled grammar for notes.txt"},
		{map[string]any{"pattern": ""}, "pattern: must not be empty"},
		{map[string]any{}, "pattern: must not be empty; give a code fragment such as errors.New($MSG), or a rule"},
		{map[string]any{"pattern": "f()", "rule": "rule: {pattern: f()}"}, "pattern and rule: give one"},
		{map[string]any{"rule": "rule: {pattern: f()}", "inside": "g()"}, "with rule, write them in the rule"},
		{map[string]any{"rule": "rule: {kind: call_expresion}", "language": "go"}, "rule: rule.kind (line 1): call_expresion is no kind of Go; nearest: call_expression"},
		{map[string]any{"rule": "rule: {kind: call_expression}"}, "no language: give the rule a language key"},
		{map[string]any{"rule": "language: rust\nrule: {kind: call_expression}", "language": "go"}, "rule: rule rule (document 1) is in rust, but the call searches go"},
		{map[string]any{"pattern": "$$$X"}, "only a $$$ metavariable"},
		{map[string]any{"pattern": "func ("}, "does not parse as c or cpp or dart or go or java or javascript or python or rust or tsx or typescript.\nMost likely fix: a pattern is a whole construct"},
		{map[string]any{"pattern": "f()", "max_results": 0}, `argument "max_results": must be at least 1, got 0`},
	} {
		res := call(t, d, "ast_grep", tc.args)
		if !res.IsError || !strings.Contains(res.TextContent(), tc.want) {
			t.Errorf("ast_grep %v = %q, want an error containing %q", tc.args, res.TextContent(), tc.want)
		}
	}
}

// TestASTGrepManyRuns: twenty $$$ in a row against a 10 000-argument call
// is a bounded search, whether it matches or, with a last argument that is
// not there (a backtracker without memoisation never finishes), not.
func TestASTGrepManyRuns(t *testing.T) {
	args := strings.Repeat("a, ", 9999) + "a"
	for _, tc := range []struct {
		pattern string
		want    int
	}{
		{"g(" + strings.Repeat("$$$, ", 19) + "$$$)", 1},
		{"g(" + strings.Repeat("$$$, ", 20) + "b)", 0},
	} {
		d, dir := searchRun(t)
		// The comment lets b through the literal prefilter.
		os.WriteFile(filepath.Join(dir, "big.go"), []byte("package a\n\n// b\nvar _ = g("+args+")\n"), 0o644)
		res := call(t, d, "ast_grep", map[string]any{"pattern": tc.pattern, "path": "big.go"})
		if res.IsError || res.Structured.(astGrepResult).Total != tc.want {
			t.Errorf("%.40s…: %q, want %d matches", tc.pattern, res.TextContent(), tc.want)
		}
	}
}

// TestASTGrepPython: the language comes from a .py path; a folder with
// Go and Python files is searched in each language that takes the
// pattern, and the one that does not is named.
func TestASTGrepPython(t *testing.T) {
	d, dir := searchRun(t)
	os.WriteFile(filepath.Join(dir, "p.py"), []byte("import os\n\n\ndef f(x):\n    if x is None:\n        return\n    x.Close()\n    s = 'x.Close()'  # x.Close()\n"), 0o644)

	res := call(t, d, "ast_grep", map[string]any{"pattern": "$X.Close()", "path": "p.py"})
	r := res.Structured.(astGrepResult)
	if res.IsError || r.Total != 1 || r.Matches[0].Range.Start.Line != 7 || !cmp.Equal(r.Languages, []string{"python"}) {
		t.Errorf("python file: %+v\n%s", r, res.TextContent())
	}

	res = call(t, d, "ast_grep", map[string]any{"pattern": "$X.Close()"})
	r = res.Structured.(astGrepResult)
	var files []string
	for _, m := range r.Matches {
		files = append(files, m.File)
	}
	if !cmp.Equal(r.Languages, []string{"go", "python"}) || !cmp.Equal(files, []string{"a.go", "broken.go", "sub/b.go", "sub/b.go", "p.py"}) {
		t.Errorf("both languages: %v, %v", r.Languages, files)
	}

	res = call(t, d, "ast_grep", map[string]any{"pattern": "if $X != nil { $$$B }"})
	r = res.Structured.(astGrepResult)
	if res.IsError || !cmp.Equal(r.Languages, []string{"go"}) || r.Rejected["python"] == "" || !strings.Contains(res.TextContent(), "python files here were not searched: pattern does not parse as python (statement: ") {
		t.Errorf("a Go-only pattern: %+v\n%s", r, res.TextContent())
	}

	res = call(t, d, "ast_grep", map[string]any{"pattern": "if $X is None: $$$B", "language": "python"})
	if r := res.Structured.(astGrepResult); res.IsError || r.Total != 1 {
		t.Errorf("python pattern: %s", res.TextContent())
	}
}

// captureOf is what $name captured in a match.
func captureOf(m matcher.Found, name string) string {
	s, _ := m.Captures.Get(name)
	return s
}

// TestASTGrepColumnsInCodePoints: a parse failure's column counts code
// points, as a match's columns do, not bytes.
func TestASTGrepColumnsInCodePoints(t *testing.T) {
	line := `var s = "ééé" + ) // ü`
	d, _ := editRun(t, map[string]string{"a.go": "package a\n\n" + line + "\n\nfunc f() { g(\"ü\") }\n"})
	res := call(t, d, "ast_grep", map[string]any{"pattern": "g($A)"})
	r := res.Structured.(astGrepResult)
	if res.IsError || len(r.ParseFailures) != 1 || len(r.Matches) != 1 {
		t.Fatalf("%+v\n%s", r, res.TextContent())
	}
	col := len([]rune(line[:strings.Index(line, ")")])) + 1
	if want := fmt.Sprintf("3:%d: ", col); !strings.HasPrefix(r.ParseFailures[0].Error, want) {
		t.Errorf("failure %q, want it at %s (code points)", r.ParseFailures[0].Error, want)
	}
	if m := r.Matches[0]; m.Range.Start.Column != 12 || m.Range.End.Column != 17 {
		t.Errorf("match at columns %d-%d, want 12-17 (code points)", m.Range.Start.Column, m.Range.End.Column)
	}
}

// TestASTGrepCancelled: a search whose call is cancelled stops, and says
// so rather than giving what it found so far as the answer.
func TestASTGrepCancelled(t *testing.T) {
	d, _ := searchRun(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := d.Call(ctx, tool.Full, "ast_grep", json.RawMessage(`{"pattern": "$X.Close()"}`))
	if err != nil || !res.IsError || res.TextContent() != "ast_grep was cancelled: context canceled" {
		t.Errorf("a cancelled search: %v %q", err, res.TextContent())
	}
}
