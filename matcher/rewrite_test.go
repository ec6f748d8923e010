package matcher

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/golang"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata with what the code gives now")

// rewriteGo compiles pattern and template for Go and rewrites src.
func rewriteGo(t testing.TB, pattern, template, src string) Rewrite {
	t.Helper()
	p, err := Compile(golang.Language, pattern)
	if err != nil {
		t.Fatalf("Compile(%q): %v", pattern, err)
	}
	tm, err := CompileTemplate(p, template)
	if err != nil {
		t.Fatalf("CompileTemplate(%q): %v", template, err)
	}
	tree, err := golang.Language.Parse([]byte(src))
	if err != nil || len(tree.Errors) > 0 {
		t.Fatalf("parse: %v %v", err, tree.Errors)
	}
	return RewriteTree(tree, p, tm)
}

// The golden cases: testdata/rewrite/NAME.input.go rewritten is
// NAME.golden.go. A case whose files gofmt would change on purpose (space
// indentation) has ".txt" after those names, so that gofmt -l over the
// repository stays quiet.
var goldens = []struct {
	name, pattern, rewrite string
	replacements           int
	unformatted            bool
}{
	// A multi-line function literal moved one level deeper, into a new
	// wrapper; a one-line literal stays on one line.
	{name: "funclit", pattern: "run($F)", rewrite: "safely(\n\t$F,\n)", replacements: 2},
	// A statement block wrapped in a function literal, at two depths, with
	// a blank line and a block comment inside.
	{name: "block", pattern: "if err := $C; err != nil { $$$B }", rewrite: "func() {\n\tif err := $C; err != nil {\n\t\t$$$B\n\t}\n}()", replacements: 2},
	// Composite literals that start mid-line: their later lines are less
	// indented than where they start, and keep their shape.
	{name: "midline", pattern: "register($N, $C)", rewrite: "registry.Add($N,\n\t$C)", replacements: 2},
	// Matches inside captures, each rewritten with its own indentation.
	{name: "nested", pattern: "wrap($X)", rewrite: "outer(\n\t$X,\n)", replacements: 5},
	// The lines of a raw string are not re-indented.
	{name: "rawstring", pattern: "check(t, $S)", rewrite: "if err := check(\n\t$S,\n); err != nil {\n\tt.Fatal(err)\n}", replacements: 1},
	// Space indentation in the file and the template.
	{name: "spaces", pattern: "run($F)", rewrite: "safely(\n    $F,\n)", replacements: 1, unformatted: true},
}

func TestRewriteGolden(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			ext := ".go"
			if g.unformatted {
				ext = ".go.txt"
			}
			base := filepath.Join("testdata", "rewrite", g.name)
			in, err := os.ReadFile(base + ".input" + ext)
			if err != nil {
				t.Fatal(err)
			}
			r := rewriteGo(t, g.pattern, g.rewrite, string(in))
			if r.Replacements != g.replacements || r.Skipped != 0 {
				t.Errorf("replacements %d, skipped %d; want %d, 0", r.Replacements, r.Skipped, g.replacements)
			}
			golden := base + ".golden" + ext
			if *update {
				if err := os.WriteFile(golden, r.Src, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -run TestRewriteGolden -update to write it)", err)
			}
			if diff := cmp.Diff(string(want), string(r.Src)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", golden, diff)
			}
		})
	}
}

func TestRewrite(t *testing.T) {
	for _, tc := range []struct {
		name, pattern, rewrite string
		src, want              string
		replacements, skipped  int
	}{
		{
			name:    "reordered run",
			pattern: "f($A, $$$ARGS)", rewrite: "f($$$ARGS, $A)",
			src:          "package p\n\nvar _ = f(a, b, /* c */ c)\nvar _ = f(x)\n",
			want:         "package p\n\nvar _ = f(b, /* c */ c, a)\nvar _ = f(x)\n",
			replacements: 2,
		},
		{
			name:    "a template's raw string keeps its lines as written",
			pattern: "old($X)", rewrite: "log($X, `first\nsecond\n  third`)",
			src:          "package p\n\nfunc f() {\n\tif true {\n\t\told(a)\n\t}\n}\n",
			want:         "package p\n\nfunc f() {\n\tif true {\n\t\tlog(a, `first\nsecond\n  third`)\n\t}\n}\n",
			replacements: 1,
		},
		{
			name:    "empty run takes the comma before it",
			pattern: "fmt.Sprintf($F, $$$A)", rewrite: "fmt.Errorf($F, $$$A)",
			src:          "package p\n\nvar _ = fmt.Sprintf(\"x\")\nvar _ = fmt.Sprintf(\"%d %d\", 1, 2)\n",
			want:         "package p\n\nvar _ = fmt.Errorf(\"x\")\nvar _ = fmt.Errorf(\"%d %d\", 1, 2)\n",
			replacements: 2,
		},
		{
			name:    "empty leading run takes the comma after it",
			pattern: "f($$$A, last)", rewrite: "g($$$A, last)",
			src:          "package p\n\nvar _ = f(last)\nvar _ = f(a, b, last)\n",
			want:         "package p\n\nvar _ = g(last)\nvar _ = g(a, b, last)\n",
			replacements: 2,
		},
		{
			name:    "two empty runs take one comma each",
			pattern: "f($$$A)", rewrite: "g($$$A, $$$A, c)",
			src:          "package p\n\nvar _ = f()\nvar _ = f(a)\n",
			want:         "package p\n\nvar _ = g(c)\nvar _ = g(a, a, c)\n",
			replacements: 2,
		},
		{
			name:    "a trailing separator of a run is left out",
			pattern: "f($$$A)", rewrite: "g($$$A)",
			src:          "package p\n\nvar _ = f(a, b,\n)\n",
			want:         "package p\n\nvar _ = g(a, b)\n",
			replacements: 1,
		},
		{
			name:    "a trailing separator goes with a run the template closes on a later line",
			pattern: "f($$$A)", rewrite: "g(\n\t$$$A\n)",
			src:          "package p\n\nvar _ = f(\n\ta,\n\tb,\n)\n",
			want:         "package p\n\nvar _ = g(\n\ta,\n\tb,\n)\n",
			replacements: 1,
		},
		{
			name:    "literal dollars",
			pattern: "price($X)", rewrite: `fmt.Sprint("$5", $X, "$", "$x", $$X)`,
			src:          "package p\n\nvar _ = price(n)\n",
			want:         "package p\n\nvar _ = fmt.Sprint(\"$5\", n, \"$\", \"$x\", $n)\n",
			replacements: 1,
		},
		{
			name:    "empty template deletes",
			pattern: "log.Print($$$A)", rewrite: "",
			src:          "package p\n\nfunc f() {\n\tlog.Print(\"a\", b)\n\tg()\n}\n",
			want:         "package p\n\nfunc f() {\n\t\n\tg()\n}\n",
			replacements: 1,
		},
		{
			name:    "several matches, of other lengths",
			pattern: "a($X)", rewrite: "bbbb($X)",
			src:          "package p\n\nvar _ = a(1) + a(22)\nvar _ = a(333)\n\n// a(4)\nvar _ = \"a(5)\"\n",
			want:         "package p\n\nvar _ = bbbb(1) + bbbb(22)\nvar _ = bbbb(333)\n\n// a(4)\nvar _ = \"a(5)\"\n",
			replacements: 3,
		},
		{
			name:    "UTF-8",
			pattern: "dispose($X)", rewrite: "$X.dispose() // ✓",
			src:          "package p\n\nfunc f() {\n\tdispose(ñandú) // «\n\t_ = \"日本\"; dispose(\"héllo, 世界\")\n}\n",
			want:         "package p\n\nfunc f() {\n\tñandú.dispose() // ✓ // «\n\t_ = \"日本\"; \"héllo, 世界\".dispose() // ✓\n}\n",
			replacements: 2,
		},
		{
			name:    "CRLF file, template line breaks written as CRLF",
			pattern: "run($F)", rewrite: "safely(\n\t$F,\n)",
			src:          "package p\r\n\r\nfunc f() {\r\n\tgo run(func() {\r\n\t\twork()\r\n\r\n\t})\r\n}\r\n",
			want:         "package p\r\n\r\nfunc f() {\r\n\tgo safely(\r\n\t\tfunc() {\r\n\t\t\twork()\r\n\r\n\t\t},\r\n\t)\r\n}\r\n",
			replacements: 1,
		},
		{
			name:    "LF file, CRLF template",
			pattern: "run($F)", rewrite: "safely(\r\n\t$F,\r\n)",
			src:          "package p\n\nvar _ = run(f)\n",
			want:         "package p\n\nvar _ = safely(\n\tf,\n)\n",
			replacements: 1,
		},
		{
			name:    "nested in a capture",
			pattern: "dispose($X)", rewrite: "$X.dispose()",
			src:          "package p\n\nfunc f() {\n\tdispose(dispose(x))\n\tdispose(dispose(dispose(y)))\n}\n",
			want:         "package p\n\nfunc f() {\n\tx.dispose().dispose()\n\ty.dispose().dispose().dispose()\n}\n",
			replacements: 5,
		},
		{
			name:    "nested in a run",
			pattern: "f($$$A)", rewrite: "g($$$A)",
			src:          "package p\n\nvar _ = f(f(a), f(b, f()))\n",
			want:         "package p\n\nvar _ = g(g(a), g(b, g()))\n",
			replacements: 4,
		},
		{
			name:    "a capture used twice",
			pattern: "dispose($X)", rewrite: "pair($X, $X)",
			src:          "package p\n\nvar _ = dispose(dispose(x))\n",
			want:         "package p\n\nvar _ = pair(pair(x, x), pair(x, x))\n",
			replacements: 2,
		},
		{
			name:    "inside $_: skipped",
			pattern: "f($_, $X)", rewrite: "g($X)",
			src:          "package p\n\nvar _ = f(f(a, b), f(c, d))\n",
			want:         "package p\n\nvar _ = g(g(d))\n",
			replacements: 2, skipped: 1,
		},
		{
			name:    "inside $$$: skipped",
			pattern: "f($$$)", rewrite: "g()",
			src:          "package p\n\nvar _ = f(f(x), f(f(y)))\n",
			want:         "package p\n\nvar _ = g()\n",
			replacements: 1, skipped: 3,
		},
		{
			name:    "inside a dropped capture: skipped",
			pattern: "f($A, $B)", rewrite: "g($A)",
			src:          "package p\n\nvar _ = f(a, f(b, c))\n",
			want:         "package p\n\nvar _ = g(a)\n",
			replacements: 1, skipped: 1,
		},
		{
			// The middle match holds the outer one's capture: it is left
			// alone, and the innermost, which is that capture, rewritten.
			name:    "a match that holds a capture",
			pattern: "f(f($X))", rewrite: "g($X)",
			src:          "package p\n\nvar _ = f(f(f(f(y))))\n",
			want:         "package p\n\nvar _ = g(g(y))\n",
			replacements: 2, skipped: 1,
		},
		{
			name:    "no match",
			pattern: "nothing($X)", rewrite: "$X",
			src:  "package p\n\nvar _ = f(x)\n",
			want: "package p\n\nvar _ = f(x)\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rewriteGo(t, tc.pattern, tc.rewrite, tc.src)
			if diff := cmp.Diff(tc.want, string(r.Src)); diff != "" {
				t.Errorf("source (-want +got):\n%s", diff)
			}
			if r.Replacements != tc.replacements || r.Skipped != tc.skipped {
				t.Errorf("replacements %d, skipped %d; want %d, %d", r.Replacements, r.Skipped, tc.replacements, tc.skipped)
			}
		})
	}
}

func TestRewriteNoMatchKeepsSource(t *testing.T) {
	src := []byte("package p\n\nvar _ = f(x)\n")
	tree, err := golang.Language.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(golang.Language, "nothing($X)")
	if err != nil {
		t.Fatal(err)
	}
	tm, err := CompileTemplate(p, "$X")
	if err != nil {
		t.Fatal(err)
	}
	r := RewriteTree(tree, p, tm)
	if &r.Src[0] != &src[0] || r.Replacements != 0 || r.Skipped != 0 {
		t.Errorf("got a new source, or counts %d, %d; want the old bytes and 0, 0", r.Replacements, r.Skipped)
	}
}

func TestCompileTemplateErrors(t *testing.T) {
	for _, tc := range []struct {
		pattern, rewrite, want string
	}{
		{"f($X, $$$ARGS)", "g($Y)", "$Y is not bound by the pattern; it binds $X, $$$ARGS"},
		{"f($X, $$$ARGS)", "g($Y, $Z, $X, $Y)", "$Y, $Z are not bound by the pattern; it binds $X, $$$ARGS"},
		{"f($$$ARGS)", "g($ARGS)", "$ARGS is not bound by the pattern; it binds $$$ARGS (write $$$ARGS for what it matched, not $ARGS)"},
		{"f($X)", "g($$$X)", "$$$X is not bound by the pattern; it binds $X (write $X for what it matched, not $$$X)"},
		{"f($_, $$$)", "g($A)", "$A is not bound by the pattern; it binds no metavariables; add them to the pattern or drop them from the rewrite"},
		{"f($X)", "g($_)", "the rewrite has $_, which binds nothing in a pattern, so there is nothing to put in its place; name it in both the pattern and the rewrite ($X)"},
		{"f($X)", "g($$$)", "the rewrite has a bare $$$, which binds nothing in a pattern, so there is nothing to put in its place; name the run in both the pattern and the rewrite ($$$ARGS)"},
		{"f($X)", "g($$$_)", "the rewrite has $$$_, which binds nothing in a pattern, so there is nothing to put in its place; name the run in both the pattern and the rewrite ($$$ARGS)"},
	} {
		p, err := Compile(golang.Language, tc.pattern)
		if err != nil {
			t.Fatalf("Compile(%q): %v", tc.pattern, err)
		}
		_, err = CompileTemplate(p, tc.rewrite)
		if err == nil || err.Error() != tc.want {
			t.Errorf("CompileTemplate(%q, %q) = %v\nwant %s", tc.pattern, tc.rewrite, err, tc.want)
		}
	}
	for _, ok := range []string{"", "plain", "$X", "$5 and $ and $x", "$$X"} {
		p, err := Compile(golang.Language, "f($X)")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := CompileTemplate(p, ok); err != nil {
			t.Errorf("CompileTemplate(f($X), %q): %v", ok, err)
		}
	}
}

// TestRewriteManyMatches rewrites a file of 10,000 matches; building the
// result is linear, so this runs in a blink (no timing is asserted).
func TestRewriteManyMatches(t *testing.T) {
	const n = 10000
	var src, want strings.Builder
	src.WriteString("package p\n\nfunc f() {\n")
	want.WriteString("package p\n\nfunc f() {\n")
	for i := range n {
		fmt.Fprintf(&src, "\tdispose(x%d)\n", i)
		fmt.Fprintf(&want, "\tx%d.dispose()\n", i)
	}
	src.WriteString("}\n")
	want.WriteString("}\n")
	r := rewriteGo(t, "dispose($X)", "$X.dispose()", src.String())
	if r.Replacements != n || r.Skipped != 0 {
		t.Errorf("replacements %d, skipped %d; want %d, 0", r.Replacements, r.Skipped, n)
	}
	if !bytes.Equal(r.Src, []byte(want.String())) {
		t.Errorf("the rewritten file differs from the expected one")
	}
}

// FuzzRewriteTree checks that no source or template makes a rewrite panic,
// that every match is either rewritten or skipped, and that a file with
// no match comes back as it was.
func FuzzRewriteTree(f *testing.F) {
	f.Add("package p\n\nvar _ = f(f(a), b)\n", "g($$$A, $X)")
	f.Add("package p\r\n\r\nfunc g() {\r\n\tf(`x\r\ny`, func() {\r\n\t\tz()\r\n\t})\r\n}\r\n", "h(\n\t$X,\n\t$$$A,\n)")
	f.Add("package p\n\nvar _ = f(x,)\n", "")
	f.Fuzz(func(t *testing.T, src, template string) {
		p, err := Compile(golang.Language, "f($X, $$$A)")
		if err != nil {
			t.Fatal(err)
		}
		tm, err := CompileTemplate(p, template)
		if err != nil {
			return
		}
		tree, err := golang.Language.Parse([]byte(src))
		if err != nil {
			return
		}
		r := RewriteTree(tree, p, tm)
		if n := len(p.Find(tree)); r.Replacements+r.Skipped != n || r.Skipped < 0 {
			t.Errorf("replacements %d + skipped %d, of %d matches", r.Replacements, r.Skipped, n)
		}
		if r.Replacements == 0 && string(r.Src) != src {
			t.Errorf("no replacement, but the source changed")
		}
	})
}
