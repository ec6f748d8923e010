package matcher

import (
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/golang"
	"github.com/agenttools/agenttools/grammars/python"
	"github.com/google/go-cmp/cmp"
)

const seqGo = `package p

func f() error {
	x, err := open(a)
	if err != nil {
		return err
	}
	y, err := open(b)
	if err != nil {
		log(err)
	}
	z, err := open(c)
	use(z)
	if err != nil {
		return err
	}
	switch {
	case ok:
		a()
		b()
		a()
		b()
	}
	return nil
}

func g() {
	a()
	b()
}
`

const seqPy = `f = open(p)
data = f.read()
f.close()

def g():
    h = open(q)
    h.close()
    other = open(r)
    log(other)
    other.close()
    w = open(s)
    x.close()
`

// spans returns each match as "first line-last line" with its captures.
func spans(t *testing.T, l *grammars.Language, src, pattern string) []string {
	t.Helper()
	p, err := Compile(l, pattern)
	if err != nil {
		t.Fatalf("Compile(%q): %v", pattern, err)
	}
	tree, err := l.Parse([]byte(src))
	if err != nil || len(tree.Errors) > 0 {
		t.Fatalf("parse: %v %v", err, tree.Errors)
	}
	lines := NewLineIndex(tree.Src)
	var out []string
	for _, m := range p.Find(tree) {
		f := Locate(tree, lines, "f", m, 0)
		s := itoa(f.Range.Start.Line) + "-" + itoa(f.Range.End.Line)
		for _, name := range []string{"X", "F", "P", "C"} {
			if c, ok := f.Captures.Get(name); ok {
				s += " " + name + "=" + c
			}
		}
		if b, ok := f.MultiCaptures.Get("B"); ok {
			s += " B=" + itoa(len(b))
		}
		out = append(out, s)
	}
	return out
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestSequences: a pattern of several statements matches runs of
// consecutive statements in one block, each run as short as it can be and
// the runs of a block never overlapping; $$$ between statements takes any
// run, and at an end of the pattern holds to that end of the block.
func TestSequences(t *testing.T) {
	tests := []struct {
		l       *grammars.Language
		src     string
		pattern string
		want    []string
	}{
		{golang.Language, seqGo, "$X, err := $F($$$A)\nif err != nil { return $$$R }", []string{"4-7 X=x F=open"}},
		{golang.Language, seqGo, "$X, err := $F($$$A)\nif err != nil { $$$B }", []string{"4-7 X=x F=open B=1", "8-11 X=y F=open B=1"}},
		{golang.Language, seqGo, "$X, err := $F($$$A)\n$$$\nif err != nil { return err }", []string{"4-7 X=x F=open", "8-16 X=y F=open"}},
		{golang.Language, seqGo, "a()\nb()", []string{"19-20", "21-22", "28-29"}},
		{golang.Language, seqGo, "a()\n$$$B", []string{"19-22 B=3", "28-29 B=1"}},
		{golang.Language, seqGo, "$$$B\nreturn nil", []string{"4-24 B=8"}},
		{golang.Language, seqGo, "b()\na()", []string{"20-21"}},
		{python.Language, seqPy, "$F = open($P)\n$$$B\n$F.close()", []string{"1-3 F=f P=p B=1", "6-7 F=h P=q B=0", "8-10 F=other P=r B=1"}},
		{python.Language, seqPy, "$F = open($P)\n$F.close()", []string{"6-7 F=h P=q"}},
	}
	for _, tc := range tests {
		got := spans(t, tc.l, tc.src, tc.pattern)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s %q (-want +got):\n%s", tc.l.ID, tc.pattern, diff)
		}
	}
}

// TestSequenceRewrite: ast_edit replaces a run of statements as one
// piece, its later lines at the indentation of the run's first.
func TestSequenceRewrite(t *testing.T) {
	src := "package p\n\nfunc f() {\n\tif ok {\n\t\tx, err := open(a)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n\t\tuse(x)\n\t}\n}\n"
	want := "package p\n\nfunc f() {\n\tif ok {\n\t\tx := must(open(a))\n\t\tdefer x.Close()\n\t\tuse(x)\n\t}\n}\n"
	p, err := Compile(golang.Language, "$X, err := $F($$$A)\nif err != nil {\n\treturn err\n}")
	if err != nil {
		t.Fatal(err)
	}
	tm, err := CompileTemplate(p, "$X := must($F($$$A))\ndefer $X.Close()")
	if err != nil {
		t.Fatal(err)
	}
	tree, err := golang.Language.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rw := RewriteTree(tree, p, tm)
	if diff := cmp.Diff(want, string(rw.Src)); diff != "" {
		t.Errorf("rewrite (-want +got):\n%s", diff)
	}
	if rw.Replacements != 1 {
		t.Errorf("%d replacements, want 1", rw.Replacements)
	}
}
