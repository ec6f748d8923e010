package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/internal/peers"
)

// TestMain lets the test binary stand in for toolsbench when search runs
// its searches in a child process.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "search-child" {
		os.Exit(runSearchChild(os.Args[2:]))
	}
	os.Exit(m.Run())
}

// TestSearchVsAstGrep runs toolsbench search --vs-ast-grep on a real
// package of the standard library against the real ast-grep CLI: both
// must find the same (file, start line, end line) set, and the report
// must carry both sides' figures.
func TestSearchVsAstGrep(t *testing.T) {
	sg := peers.Require(t, "ast-grep")
	dir := filepath.Join(runtime.GOROOT(), "src", "go", "ast")
	for _, pattern := range []string{"$X.Pos()", "append($S, $$$E)", "$X == $X"} {
		var out bytes.Buffer
		if code := runSearch([]string{"--json", "--vs-ast-grep", "--ast-grep", sg, "--repeat", "1", "--pattern", pattern, dir}, &out); code != 0 {
			t.Fatalf("%s: exit %d", pattern, code)
		}
		var rep searchReport
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatalf("%s: %v\n%s", pattern, err, out.Bytes())
		}
		a := rep.AstGrep
		if a == nil || rep.Files == 0 || rep.ColdSeconds <= 0 || rep.WarmSeconds <= 0 || rep.ColdRSSMB <= 0 || rep.WarmRSSMB <= 0 || a.Seconds <= 0 || a.ColdRatio <= 0 || a.WarmRatio <= 0 || a.ColdRSSRatio <= 0 || a.WarmRSSRatio <= 0 || a.Version == "" {
			t.Fatalf("%s: incomplete report %+v %+v", pattern, rep, a)
		}
		if a.OnlyOurs != 0 || a.OnlyAstGrep != 0 || len(a.Disagreements) != 0 {
			t.Errorf("%s: disagreements with ast-grep: %d only ours, %d only ast-grep: %v", pattern, a.OnlyOurs, a.OnlyAstGrep, a.Disagreements)
		}
		if pattern != "$X == $X" && a.Agree == 0 {
			t.Errorf("%s: no match to agree on", pattern)
		}
	}
}

// TestSearchText checks the plain report, and that a disagreement is
// listed: ast-grep lets `if $C { $$$B }` match an if with an else, which
// our whole-child-list rule does not.
func TestSearchText(t *testing.T) {
	sg := peers.Require(t, "ast-grep")
	dir := t.TempDir()
	src := "package a\n\nfunc f(c bool) {\n\tif c {\n\t\tg()\n\t} else {\n\t\th()\n\t}\n\tif c {\n\t\tg()\n\t}\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if code := runSearch([]string{"--vs-ast-grep", "--ast-grep", sg, "--pattern", "if $C { $$$B }", dir}, &out); code != 0 {
		t.Fatalf("exit %d", code)
	}
	text := out.String()
	for _, want := range []string{
		`go "if $C { $$$B }" in ` + dir + ": 1 files, 1 parsed, 1 matches, 0 parse failures\n",
		"time (ast-grep / agenttools): cold ",
		"peak RSS (agenttools / ast-grep): cold ",
		"agreement on (file, start line, end line): 1 both, 0 only agenttools, 1 only ast-grep\n  only ast-grep   a.go:4-8\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
}

func TestSearchUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--pattern", "f()"},
		{"--pattern", "", "."},
		{"--lang", "cobol", "--pattern", "f()", "."},
		{"--pattern", "func (", "."},
	} {
		if code := runSearch(args, new(bytes.Buffer)); code != 2 {
			t.Errorf("search %q: exit %d, want 2", args, code)
		}
	}
}
