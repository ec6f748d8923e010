package search

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/c"
	"github.com/agenttools/agenttools/grammars/golang"
	"github.com/agenttools/agenttools/matcher"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// writeTree writes files under a temp dir with modification times an hour
// ago, so the cache does not take them for racily fresh.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func searchDir(t *testing.T, dir, pattern string, c *Cache, limit int) *Results {
	t.Helper()
	p, err := matcher.Compile(golang.Language, pattern)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Search(context.Background(), Query{Root: dir, Path: dir, Lang: golang.Language, Pattern: p, Cache: c, Limit: limit})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func lineList(r *Results) []string {
	var out []string
	for _, m := range r.Matches {
		out = append(out, m.File+":"+m.Text)
	}
	return out
}

func TestWalk(t *testing.T) {
	dir := writeTree(t, map[string]string{
		".gitignore":          "gen/\n*_gen.go\n",
		"a.go":                "package a\n",
		"a_gen.go":            "package a\n",
		"gen/g.go":            "package gen\n",
		"sub/.gitignore":      "local.go\nbuild\n",
		"sub/local.go":        "package sub\n",
		"sub/kept.go":         "package sub\n",
		"sub/build/b.go":      "package build\n",
		"sub/deep/local.go":   "package deep\n", // a rule without a slash applies at any depth
		"other/local.go":      "package other\n",
		"vendor/v.go":         "package v\n",
		"node_modules/n.go":   "package n\n",
		"testdata/t.go":       "package t\n",
		".hidden/h.go":        "package h\n",
		"notes.txt":           "not go\n",
		"sub/testdata/x/x.go": "package x\n",
	})
	rel := func(files []string) []string {
		var out []string
		for _, f := range files {
			out = append(out, relSlash(dir, f))
		}
		return out
	}
	for _, tc := range []struct {
		path string
		want []string
	}{
		{".", []string{"a.go", "other/local.go", "sub/kept.go"}},
		{"sub", []string{"sub/kept.go"}},                  // the root's and sub's rules both apply
		{"testdata", []string{"testdata/t.go"}},           // named, so searched
		{"sub/testdata", []string{"sub/testdata/x/x.go"}}, // and below it
		{"vendor", []string{"vendor/v.go"}},               // likewise
		{"sub/local.go", []string{"sub/local.go"}},        // a file named outright
		{"gen", []string{"gen/g.go"}},                     // an ignored folder named outright
	} {
		files, err := Walk(dir, filepath.Join(dir, tc.path), golang.Language)
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		if diff := cmp.Diff(tc.want, rel(files)); diff != "" {
			t.Errorf("Walk(%s) (-want +got):\n%s", tc.path, diff)
		}
	}
	if _, err := Walk(dir, filepath.Join(dir, "missing"), golang.Language); err == nil {
		t.Error("Walk of a missing path: no error")
	}
}

func TestSearchCache(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a.go": "package a\n\nfunc A() { x.Close(); y.Close() }\n",
		"b.go": "package a\n\nfunc B() { z.Close() }\n",
		"c.go": "package a\n\nfunc C() {}\n",
	})
	c := NewCache(DefaultCacheBudget)
	cold := searchDir(t, dir, "$X.Close()", c, 0)
	want := []string{"a.go:x.Close()", "a.go:y.Close()", "b.go:z.Close()"}
	if diff := cmp.Diff(want, lineList(cold)); diff != "" {
		t.Fatalf("cold (-want +got):\n%s", diff)
	}
	// Two trees (c.go never passes the prefilter) and three files' matches.
	if len(c.trees.entries) != 2 || len(c.results.entries) != 3 {
		t.Errorf("cached %d trees and %d results, want 2 and 3", len(c.trees.entries), len(c.results.entries))
	}
	warm := searchDir(t, dir, "$X.Close()", c, 0)
	if diff := cmp.Diff(cold, warm, cmp.AllowUnexported(matcher.Found{})); diff != "" {
		t.Errorf("warm differs from cold (-cold +warm):\n%s", diff)
	}

	// An edit of the same size is seen through the new modification time.
	p := filepath.Join(dir, "b.go")
	if err := os.WriteFile(p, []byte("package a\n\nfunc B() { w.Close() }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(-time.Minute)
	os.Chtimes(p, later, later)
	want[2] = "b.go:w.Close()"
	if diff := cmp.Diff(want, lineList(searchDir(t, dir, "$X.Close()", c, 0))); diff != "" {
		t.Errorf("after an edit (-want +got):\n%s", diff)
	}

	// A file written just now is searched but not kept: a second write in
	// the same clock tick would look like the same version.
	os.WriteFile(p, []byte("package a\n\nfunc B() { v.Close() }\n"), 0o644)
	searchDir(t, dir, "$X.Close()", c, 0)
	if e := c.results.entries[cacheKey{path: p, pattern: "go\x00$X.Close()"}]; e != nil {
		t.Error("a racily fresh file's matches were cached")
	}
}

func TestSearchLimit(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a.go": "package a\n\nfunc A() { a.Close(); b.Close(); c.Close() }\n",
		"b.go": "package a\n\nfunc B() { d.Close(); e.Close() }\n",
	})
	c := NewCache(DefaultCacheBudget)
	r := searchDir(t, dir, "$X.Close()", c, 2)
	if r.Total != 5 || len(r.Matches) != 2 || r.Matches[1].Text != "b.Close()" {
		t.Errorf("limit 2: total %d, matches %v", r.Total, lineList(r))
	}
	// A later search that wants more than was kept searches again.
	r = searchDir(t, dir, "$X.Close()", c, 0)
	if r.Total != 5 || len(r.Matches) != 5 {
		t.Errorf("no limit after limit 2: total %d, matches %v", r.Total, lineList(r))
	}
}

func TestCacheBudget(t *testing.T) {
	files := map[string]string{}
	for _, name := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		files[name+".go"] = "package a\n\nfunc " + strings.ToUpper(name) + "() { x.Close() }\n" + strings.Repeat("// padding\n", 1000)
	}
	dir := writeTree(t, files)
	c := NewCache(64 << 10)
	r := searchDir(t, dir, "$X.Close()", c, 0)
	if r.Total != 8 {
		t.Fatalf("total %d, want 8", r.Total)
	}
	if c.trees.used > c.trees.budget || c.results.used > c.results.budget || len(c.trees.entries) == 0 || len(c.trees.entries) == 8 {
		t.Errorf("trees %d of %d bytes in %d entries; results %d of %d", c.trees.used, c.trees.budget, len(c.trees.entries), c.results.used, c.results.budget)
	}
	// What was evicted is parsed again, with the same answer.
	if diff := cmp.Diff(lineList(r), lineList(searchDir(t, dir, "$X.Close()", c, 0)), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("second search (-first +second):\n%s", diff)
	}
}

// TestCacheAccounting: many different searches through one cache keep it
// within its budget by its own accounting, trees and matches together.
func TestCacheAccounting(t *testing.T) {
	root := filepath.Join(runtime.GOROOT(), "src", "go")
	c := NewCache(4 << 20)
	for i, pat := range []string{"$X.Pos()", "$A == $B", "return $X", "if $C { $$$B }", "$F($$$A)", "len($X)", "$X != nil", "for $$$ { $$$B }"} {
		p, err := matcher.Compile(golang.Language, pat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Search(context.Background(), Query{Root: root, Path: root, Lang: golang.Language, Pattern: p, Cache: c, Limit: 50}); err != nil {
			t.Fatal(err)
		}
		if c.Used() > c.Budget() {
			t.Fatalf("after search %d the cache holds %d bytes, over its budget of %d", i, c.Used(), c.Budget())
		}
	}
	if c.Used() == 0 {
		t.Error("the cache holds nothing")
	}
}

// TestLiterals: the prefilter takes words and operators of two marks or
// more, and never a separator, a brace or a metavariable, which a match
// may lack or hold as other code.
func TestLiterals(t *testing.T) {
	for _, tc := range []struct {
		lang    *grammars.Language
		pattern string
		want    []string
	}{
		{c.Language, "$X == $X", []string{"=="}},
		{c.Language, "$P->$F", []string{"->"}},
		{c.Language, "if ($X == NULL) return $$$R;", []string{"if", "==", "NULL", "return"}},
		{c.Language, "$A += $B", []string{"+="}},
		{c.Language, "$A = $B", nil},
		{golang.Language, "return $$$R, err", []string{"return", "err"}},
		{golang.Language, "$X := <-$C", []string{":=", "<-"}},
	} {
		p, err := matcher.Compile(tc.lang, tc.pattern)
		if err != nil {
			t.Fatalf("Compile(%q): %v", tc.pattern, err)
		}
		if diff := cmp.Diff(tc.want, p.Literals()); diff != "" {
			t.Errorf("%q: literals (-want +got):\n%s", tc.pattern, diff)
		}
	}
}

// TestOperatorPrefilter: a file with no == is not parsed for $X == $X,
// and one with it is, and matches.
func TestOperatorPrefilter(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a.c": "int f(int x) { return x == x; }\n",
		"b.c": "int g(int x) { return x != x; }\n",
	})
	p, err := matcher.Compile(c.Language, "$X == $X")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Search(context.Background(), Query{Root: dir, Path: dir, Lang: c.Language, Pattern: p})
	if err != nil {
		t.Fatal(err)
	}
	if res.FilesScanned != 2 || res.FilesParsed != 1 || len(res.Matches) != 1 {
		t.Errorf("scanned %d, parsed %d, %d matches; want 2, 1, 1", res.FilesScanned, res.FilesParsed, len(res.Matches))
	}
}

// TestProgressTotal: a walk reports a total only once it has found every
// file, and its last report is every file done of all of them.
func TestProgressTotal(t *testing.T) {
	files := map[string]string{}
	for i := range 300 {
		files[filepath.Join("p", strings.Repeat("d/", i%7), "f"+strings.Repeat("x", i%5)+string(rune('a'+i%26))+strings.Repeat("0", i/26)+".go")] = "package p\n\nfunc F() { x.Close() }\n"
	}
	dir := writeTree(t, files)
	p, err := matcher.Compile(golang.Language, "$X.Close()")
	if err != nil {
		t.Fatal(err)
	}
	type report struct{ done, total int }
	var reports []report
	r, err := Search(context.Background(), Query{Root: dir, Path: dir, Lang: golang.Language, Pattern: p,
		Progress: func(done, total int) { reports = append(reports, report{done, total}) }})
	if err != nil {
		t.Fatal(err)
	}
	n := r.FilesScanned
	if n != len(files) || len(reports) == 0 || reports[len(reports)-1] != (report{n, n}) {
		t.Fatalf("%d files scanned of %d; reports %v", n, len(files), reports)
	}
	for _, rep := range reports {
		if rep.total != -1 && rep.total != n {
			t.Errorf("a report says %d of %d: a total before the walk was over", rep.done, rep.total)
		}
	}
}

// BenchmarkHugePattern: a pattern of 1 MB in no language is refused
// before any language parses it.
func BenchmarkHugePattern(b *testing.B) {
	huge := "f(" + strings.Repeat("x, ", 1<<20/3) + "x)"
	langs := []*grammars.Language{golang.Language}
	for b.Loop() {
		_, _, _, err := Scope{Root: b.TempDir(), Path: b.TempDir(), Langs: langs, Inferred: true, Pattern: huge}.Search(context.Background())
		if err == nil {
			b.Fatal("a 1 MB pattern was searched")
		}
	}
}
