package matcher

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/golang"
)

// goFunc is a Go file of one function whose body is n statements, each
// stmt(i).
func goFunc(n int, stmt func(i int) string) []byte {
	var b strings.Builder
	b.WriteString("package p\n\nfunc f() {\n")
	for i := range n {
		b.WriteString("\t" + stmt(i) + "\n")
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

func parseGo(tb testing.TB, src []byte) *grammars.Tree {
	tb.Helper()
	t, err := golang.Language.Parse(src)
	if err != nil || len(t.Errors) > 0 {
		tb.Fatalf("parse: %v %v", err, t.Errors)
	}
	return t
}

// The bounds on a sequence pattern and a relational filter over one large
// function: the work is about the statements times the pattern, not their
// square or cube. Each case states the matches it must find.
var boundCases = []struct {
	name    string
	n       int
	stmt    func(i int) string
	pattern string
	want    int
}{
	// Every statement is a(), and no b() ends a run: from each start the
	// run goes to the end and fails; what failed is remembered.
	{"a $$$ b over 2,000 a()", 2000, func(int) string { return "a()" }, "a()\n$$$X\nb()", 0},
	// a() and b() alternate in tens.
	{"a $$$ b over 2,000 mixed", 2000, func(i int) string { return []string{"a()", "b()"}[i/10%2] }, "a()\n$$$X\nb()", 100},
	{"$X := $Y … return $X over 1,000", 1000, func(i int) string { return fmt.Sprintf("x%d := %d", i%50, i) }, "$X := $Y\n$$$\nreturn $X", 0},
}

func runBound(tb testing.TB, tree *grammars.Tree, pattern string) int {
	p, err := Compile(golang.Language, pattern)
	if err != nil {
		tb.Fatal(err)
	}
	return len(p.Find(tree))
}

func TestBounds(t *testing.T) {
	for _, tc := range boundCases {
		tree := parseGo(t, goFunc(tc.n, tc.stmt))
		start := time.Now()
		got := runBound(t, tree, tc.pattern)
		t.Logf("%s: %d matches in %v", tc.name, got, time.Since(start).Round(time.Millisecond))
		if got != tc.want {
			t.Errorf("%s: %d matches, want %d", tc.name, got, tc.want)
		}
	}
}

// BenchmarkBounds: go test ./matcher -run '^$' -bench Bounds
func BenchmarkBounds(b *testing.B) {
	for _, tc := range boundCases {
		tree := parseGo(b, goFunc(tc.n, tc.stmt))
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				runBound(b, tree, tc.pattern)
			}
		})
	}
}

// TestFindCancelled: a search cancelled while one file of a million nodes
// is matched stops inside that file.
func TestFindCancelled(t *testing.T) {
	tree := parseGo(t, goFunc(100000, func(i int) string { return fmt.Sprintf("f(x, %d)", i) }))
	for _, pattern := range []string{"f($X, $Y)", "f($X, 1)\n$$$\nf($X, 2)"} {
		p, err := Compile(golang.Language, pattern)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		ms, err := p.FindContext(ctx, tree)
		if err != context.Canceled || len(ms) >= 100000 {
			t.Errorf("%q, cancelled: %d matches, %v", pattern, len(ms), err)
		}
	}
}
