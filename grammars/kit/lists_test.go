package kit

import (
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/google/go-cmp/cmp"
)

// parseToyWith parses src with the toy lexer and the production prod,
// and prints the tree.
func parseToyWith(src string, prod func(p *toyParser)) string {
	lx := &toyLexer{NewScan(src, false)}
	b := grammars.NewBuilder(len(src))
	p := &toyParser{}
	p.Init(NewWindow(lx, lx.Next()), b, names)
	prod(p)
	t := &grammars.Tree{Lang: toyLang, Src: []byte(src)}
	b.Finish(t, nRoot)
	return sexpNoErrText(t)
}

func TestShapes(t *testing.T) {
	sequence := func(p *toyParser) { p.Sequence(nCall, tComma, p.Leaf) }
	tail := func(p *toyParser) { p.Tail(nBinary, p.Leaf, tAdd, p.Leaf) }
	clause := func(p *toyParser) {
		if !p.Clause(tSub, nCall, p.Leaf) {
			p.Leaf()
		}
	}
	enclosed := func(p *toyParser) {
		p.Enclosed(nCall, tLParen, tRParen, func() { p.List(tComma, tRParen, p.Leaf) })
	}
	prefixOr := func(p *toyParser) { p.PrefixOr(tSub, nCall, p.Leaf) }
	optional := func(p *toyParser) {
		p.Optional(tSub, p.Leaf)
		p.Leaf()
	}
	tests := []struct {
		name, src string
		prod      func(p *toyParser)
		want      string
	}{
		{"sequence of one", "a", sequence, `(root (identifier "a"))`},
		{"sequence", "a, b, c", sequence, `(root (call (identifier "a") "," (identifier "b") "," (identifier "c")))`},
		{"no tail", "a", tail, `(root (identifier "a"))`},
		{"tail", "a + b", tail, `(root (binary (identifier "a") "+" (identifier "b")))`},
		{"no clause", "a", clause, `(root (identifier "a"))`},
		{"clause", "- a", clause, `(root (call "-" (identifier "a")))`},
		{"enclosed", "(a, b)", enclosed, `(root (call "(" (identifier "a") "," (identifier "b") ")"))`},
		{"enclosed, empty", "()", enclosed, `(root (call "(" ")"))`},
		{"no prefix", "a", prefixOr, `(root (identifier "a"))`},
		{"prefix", "- a", prefixOr, `(root (call "-" (identifier "a")))`},
		{"no option", "a", optional, `(root (identifier "a"))`},
		{"option", "- a", optional, `(root "-" (identifier "a"))`},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, parseToyWith(tc.src, tc.prod)); diff != "" {
			t.Errorf("%s %q (-want +got):\n%s", tc.name, tc.src, diff)
		}
	}
}

func TestForgetFrom(t *testing.T) {
	s := NewScan("a /* b */ c /* d */ %", false)
	s.Comment(2, 9)
	s.Comment(12, 19)
	s.Errorf(20, "invalid character")
	s.ForgetFrom(12)
	if diff := cmp.Diff([]grammars.Span{{Start: 2, End: 9}}, s.Trivia); diff != "" {
		t.Errorf("trivia (-want +got):\n%s", diff)
	}
	if len(s.Errs) != 0 {
		t.Errorf("errors %v, want none", s.Errs)
	}
}

func TestRaw(t *testing.T) {
	// Each literal is read from after its opening `; want is where the
	// scan ends, its line and how many errors it recorded.
	tests := []struct {
		src  string
		want []int
	}{
		{"`a\nb` c", []int{5, 2, 0}},
		{"`a\nb", []int{4, 2, 1}},
	}
	for _, tc := range tests {
		s := NewScan(tc.src, false)
		s.Pos = 1
		s.Raw(0, '`', "raw string literal not terminated")
		if diff := cmp.Diff(tc.want, []int{s.Pos, s.Line, len(s.Errs)}); diff != "" {
			t.Errorf("%q: pos, line, errors (-want +got):\n%s", tc.src, diff)
		}
	}
}

func TestEndLine(t *testing.T) {
	tests := []struct {
		tok  Token
		want []int // line start, end line, end line start
	}{
		{Token{Text: "abc", Offset: 12, Line: 2, Column: 3}, []int{10, 2, 10}},
		{Token{Text: "`a\nbc\nd`", Offset: 12, Line: 2, Column: 3}, []int{10, 4, 18}},
	}
	for _, tc := range tests {
		line, ls := tc.tok.EndLine()
		if diff := cmp.Diff(tc.want, []int{tc.tok.LineStart(), line, ls}); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.tok.Text, diff)
		}
	}
}

func TestResetAfter(t *testing.T) {
	s := NewScan("a /* x\ny */ b\nc", false)
	s.Comment(2, 11)
	s.Errorf(14, "late")
	s.Pos, s.Line = len(s.Src), 3
	s.ResetAfter(&Token{Text: "/* x\ny */", Offset: 2, Line: 1, Column: 3})
	if diff := cmp.Diff([]int{11, 2, 7, 1, 0}, []int{s.Pos, s.Line, s.LineStart, len(s.Trivia), len(s.Errs)}); diff != "" {
		t.Errorf("pos, line, line start, trivia, errors (-want +got):\n%s", diff)
	}
}

func TestKindTable(t *testing.T) {
	got := KindTable([]string{"EOF", "identifier", "+", "call"}, func(k grammars.Kind) bool { return k == 1 || k == 3 })
	want := []grammars.KindInfo{{Name: "EOF"}, {Name: "identifier", Named: true}, {Name: "+"}, {Name: "call", Named: true}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("kind table (-want +got):\n%s", diff)
	}
}
