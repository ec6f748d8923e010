package outline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// workspace writes a tree of n files across the bundled languages, in
// nested folders, each declaring a few functions and a type; the one
// function reconcileLedger is declared in a Rust file, and also in
// folders a search leaves out (node_modules, .git, vendor). Near-misses
// (reconcileLedgerLater) are declared elsewhere.
func workspace(tb testing.TB, n int) string {
	tb.Helper()
	root := tb.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	for i := range n {
		dir := fmt.Sprintf("pkg%d/sub%d", i%10, i%7)
		switch i % 5 {
		case 0:
			write(fmt.Sprintf("%s/f%d.go", dir, i), fmt.Sprintf("package p\n\ntype T%d struct{ n int }\n\nfunc (t *T%[1]d) Get() int { return t.n }\n\nfunc helper%[1]d(x int) int {\n\treturn x * 2\n}\n", i))
		case 1:
			write(fmt.Sprintf("%s/f%d.py", dir, i), fmt.Sprintf("class C%d:\n    def get(self):\n        return 1\n\n\ndef helper%[1]d(x):\n    return x * 2\n", i))
		case 2:
			write(fmt.Sprintf("%s/f%d.ts", dir, i), fmt.Sprintf("export class C%d {\n  get(): number {\n    return 1;\n  }\n}\n\nexport function helper%[1]d(x: number): number {\n  return x * 2;\n}\n", i))
		case 3:
			write(fmt.Sprintf("%s/f%d.rs", dir, i), fmt.Sprintf("pub struct S%d;\n\nimpl S%[1]d {\n    pub fn get(&self) -> i32 {\n        1\n    }\n}\n\nfn helper%[1]d(x: i32) -> i32 {\n    x * 2\n}\n", i))
		case 4:
			write(fmt.Sprintf("%s/f%d.c", dir, i), fmt.Sprintf("struct s%d { int n; };\n\nint helper%[1]d(int x)\n{\n\treturn x * 2;\n}\n", i))
		}
	}
	write("pkg3/ledger.rs", "pub struct Ledger;\n\nimpl Ledger {\n    pub fn balance(&self) -> i64 {\n        0\n    }\n}\n\npub fn reconcile_all() {}\n\npub fn reconcileLedger(l: &Ledger) -> bool {\n    l.balance() == 0\n}\n")
	write("pkg4/later.ts", "export function reconcileLedgerLater(): void {}\n")
	write("pkg5/late.py", "class Books:\n    def reconcileLedgerSoon(self):\n        pass\n")
	for _, skipped := range []string{"node_modules/dep/index.ts", ".git/hooks/x.py", "vendor/lib/a.go", ".hidden/b.rs"} {
		write(skipped, "function reconcileLedger() {}\ndef reconcileLedger():\n    pass\n")
	}
	return root
}

func TestSearch(t *testing.T) {
	root := workspace(t, 300)
	res, err := Search(context.Background(), root, "reconcileledger", 10)
	if err != nil {
		t.Fatal(err)
	}
	type found struct {
		File, Kind, Name, Container string
		Line, End                   int
	}
	var got []found
	for _, m := range res.Matches {
		got = append(got, found{m.File, m.Kind, m.Name, m.Container, m.Line, m.EndLine})
	}
	want := []found{
		{"pkg3/ledger.rs", "function", "reconcileLedger", "", 11, 13},
		{"pkg4/later.ts", "function", "reconcileLedgerLater", "", 1, 1},
		{"pkg5/late.py", "method", "reconcileLedgerSoon", "Books", 2, 3},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("search for reconcileledger (-want +got):\n%s", diff)
	}
	if res.Total != 3 || res.Files != 303 || len(res.Unread) != 0 {
		t.Errorf("total %d, files %d, unread %v; want 3, 303, none", res.Total, res.Files, res.Unread)
	}

	// The limit cuts the list, not the total; exact names come first.
	res, err = Search(context.Background(), root, "Get", 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Matches) != 2 || res.Total != 4*60 {
		t.Errorf("Get: %d matches of %d; want 2 of 240 (Go, Python, TypeScript and Rust)", len(res.Matches), res.Total)
	}
}

func TestSearchCancelled(t *testing.T) {
	root := workspace(t, 20)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Search(ctx, root, "helper", 0); err == nil {
		t.Error("a cancelled search returned no error")
	}
}

// BenchmarkSearch finds one function by name among 400 files (cold page
// cache aside: the files are written once).
func BenchmarkSearch(b *testing.B) {
	root := workspace(b, 400)
	b.ResetTimer()
	for range b.N {
		res, err := Search(context.Background(), root, "reconcileLedger", 100)
		if err != nil || res.Total == 0 {
			b.Fatal(res, err)
		}
	}
}

// BenchmarkSearchParseAll searches for a name every file holds, so that
// every file is parsed: the bound without the text prefilter.
func BenchmarkSearchParseAll(b *testing.B) {
	root := workspace(b, 400)
	b.ResetTimer()
	for range b.N {
		res, err := Search(context.Background(), root, "helper", 100)
		if err != nil || res.Total == 0 {
			b.Fatal(res, err)
		}
	}
}

// realWorkspace copies the golden tests' files (30 to 80 lines each, ten
// languages) n times into nested folders, and declares reconcileLedger
// in one more file.
func realWorkspace(b *testing.B, n int) string {
	b.Helper()
	srcs, err := filepath.Glob("testdata/*")
	if err != nil {
		b.Fatal(err)
	}
	var files []string
	for _, s := range srcs {
		if filepath.Ext(s) != ".golden" {
			files = append(files, s)
		}
	}
	root := b.TempDir()
	for i := range n {
		src := files[i%len(files)]
		content, err := os.ReadFile(src)
		if err != nil {
			b.Fatal(err)
		}
		p := filepath.Join(root, fmt.Sprintf("m%d/p%d", i%9, i%13), fmt.Sprintf("f%d_%s", i, filepath.Base(src)))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, content, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "m1", "ledger.go"), []byte("package m\n\nfunc reconcileLedger() {}\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	return root
}

// BenchmarkSearchRealFiles finds one function among 400 files of 30 to
// 80 lines, and, in the second case, a name half of them hold (main),
// so that those are parsed.
func BenchmarkSearchRealFiles(b *testing.B) {
	root := realWorkspace(b, 400)
	for _, q := range []string{"reconcileLedger", "main"} {
		b.Run(q, func(b *testing.B) {
			for range b.N {
				res, err := Search(context.Background(), root, q, 100)
				if err != nil || res.Total == 0 {
					b.Fatal(res, err)
				}
			}
		})
	}
}
