package kit

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/google/go-cmp/cmp"
)

// A toy grammar for the tests: identifiers, + - * / ^ ( ) , and errors.
const (
	tEOF grammars.Kind = iota
	tIdent
	tAdd
	tSub
	tMul
	tQuo
	tPow
	tLParen
	tRParen
	tComma
	tIllegal
	nBinary
	nCall
	nError
	nRoot
)

var names = []string{"EOF", "identifier", "+", "-", "*", "/", "^", "(", ")", ",", "illegal", "binary", "call", "ERROR", "root"}

var toyLang = func() *grammars.Language {
	l := &grammars.Language{ID: "toy", Tokens: nBinary}
	for i, n := range names {
		l.Kinds = append(l.Kinds, grammars.KindInfo{Name: n, Named: i == int(tIdent) || i >= int(nBinary)})
	}
	return l
}()

type toyLexer struct{ Scan }

func (s *toyLexer) Next() Token {
	for {
		s.Begin()
		if s.Pos >= len(s.Src) {
			return s.Empty(tEOF, s.Pos, false)
		}
		start := s.Pos
		c := s.Src[s.Pos]
		switch {
		case c == ' ':
			s.Pos++
			continue
		case c == '\n':
			s.Newline(s.Pos)
			s.Pos++
			continue
		case c == '$' && s.Metavar():
			return s.Token(tIdent, start)
		case 'a' <= c && c <= 'z':
			for s.Pos < len(s.Src) && 'a' <= s.Src[s.Pos] && s.Src[s.Pos] <= 'z' {
				s.Pos++
			}
			return s.Token(tIdent, start)
		}
		s.Pos++
		if i := strings.IndexByte("+-*/^(),", c); i >= 0 {
			return s.Token(tAdd+grammars.Kind(i), start)
		}
		s.Errorf(start, "invalid character %q", c)
		return s.Token(tIllegal, start)
	}
}

var toyPrec = NewPrecedence([]grammars.Kind{tAdd, tSub}, []grammars.Kind{tMul, tQuo}, []grammars.Kind{tPow}).Right(tPow)

type toyParser struct{ Parser }

func (p *toyParser) expr() { p.Binary(toyPrec, 1, p.operand, nBinary) }

func (p *toyParser) operand() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	switch p.Kind {
	case tIdent:
		p.Leaf()
		if p.Kind == tLParen {
			p.Leaf()
			p.List(tComma, tRParen, p.expr)
			p.Expect(tRParen)
			p.B.Close(m, nCall, 0)
		}
	case tLParen:
		p.Leaf()
		p.expr()
		p.Expect(tRParen)
	default:
		p.ErrorExpected("operand")
	}
}

// parseToy parses lines of expressions, one error region per broken line.
func parseToy(src string) (*grammars.Tree, grammars.ErrorList) {
	lx := &toyLexer{NewScan(src, true)}
	b := grammars.NewBuilder(len(src))
	p := &toyParser{}
	p.Init(NewWindow(lx, lx.Next()), b, names)
	var errs grammars.ErrorList
	for p.Kind != EOF {
		if err := p.Recover(nError, p.expr, func() bool { return p.Tok.Column == 1 }); err != nil {
			errs = append(errs, err)
		}
	}
	t := &grammars.Tree{Lang: toyLang, Src: []byte(src)}
	b.Finish(t, nRoot)
	return t, append(errs, lx.Errs...)
}

func TestParser(t *testing.T) {
	tests := []struct {
		src, want string
		errs      []string
	}{
		{"a + b * c", `(root (binary (identifier "a") "+" (binary (identifier "b") "*" (identifier "c"))))`, nil},
		{"a - b - c", `(root (binary (binary (identifier "a") "-" (identifier "b")) "-" (identifier "c")))`, nil},
		{"a ^ b ^ c", `(root (binary (identifier "a") "^" (binary (identifier "b") "^" (identifier "c"))))`, nil},
		{"f(a, b,)", `(root (call (identifier "f") "(" (identifier "a") "," (identifier "b") "," ")"))`, nil},
		{"f()", `(root (call (identifier "f") "(" ")"))`, nil},
		{"$X + $$$Y", `(root (binary (identifier "$X") "+" (identifier "$$$Y")))`, nil},
		{"a + * c\nd", `(root ERROR (identifier "d"))`, []string{"1:5: expected operand, found '*'"}},
		{"f(a b)\nc", `(root ERROR (identifier "c"))`, []string{"1:5: expected ')', found 'b'"}},
	}
	for _, tc := range tests {
		tree, errs := parseToy(tc.src)
		if diff := cmp.Diff(tc.want, sexpNoErrText(tree)); diff != "" {
			t.Errorf("%q tree (-want +got):\n%s", tc.src, diff)
		}
		var msgs []string
		for _, e := range errs {
			msgs = append(msgs, e.Error())
		}
		if diff := cmp.Diff(tc.errs, msgs); diff != "" {
			t.Errorf("%q errors (-want +got):\n%s", tc.src, diff)
		}
	}
}

// sexpNoErrText prints the tree with error regions as a bare ERROR.
func sexpNoErrText(t *grammars.Tree) string { return sexpErr(t, nError) }

// sexpErr prints the tree with error regions, of kind errKind, as a bare
// ERROR.
func sexpErr(t *grammars.Tree, errKind grammars.Kind) string {
	var b strings.Builder
	var walk func(n int32)
	walk = func(n int32) {
		nd := t.Nodes[n]
		switch {
		case nd.Kind == errKind:
			b.WriteString("ERROR")
		case nd.Count == 0 && t.Named(n):
			b.WriteString("(" + t.KindName(n) + " \"" + t.Text(n) + "\")")
		case nd.Count == 0:
			b.WriteString("\"" + t.Text(n) + "\"")
		default:
			b.WriteString("(" + t.KindName(n))
			for _, c := range t.Children(n) {
				b.WriteByte(' ')
				walk(c)
			}
			b.WriteByte(')')
		}
	}
	walk(t.Root)
	return b.String()
}

// TestDepth: nesting past MaxDepth is an error at its token, not a stack
// overflow.
func TestDepth(t *testing.T) {
	src := strings.Repeat("(", 100000) + "a" + strings.Repeat(")", 100000)
	_, errs := parseToy(src)
	if len(errs) != 1 || !strings.Contains(errs[0].Msg, "nesting deeper than 2000") {
		t.Fatalf("errors %v, want one nesting error", errs)
	}
	if errs[0].Column != MaxDepth+1 {
		t.Errorf("the error is at column %d, want %d", errs[0].Column, MaxDepth+1)
	}
}

// TestScanPositions: an error is placed at its offset's own line and
// column, even when the scanner has moved lines past it (a comment or raw
// string left open), and a byte order mark is trivia.
func TestScanPositions(t *testing.T) {
	s := NewScan("ab\ncd /* x\ny\nz", false)
	s.Pos = 3
	s.Newline(2)
	s.Begin()
	s.Pos = len(s.Src)
	s.Newline(10)
	s.Newline(12)
	s.Errorf(6, "comment not terminated")
	if got, want := s.Errs[0].Error(), "2:4: comment not terminated"; got != want {
		t.Errorf("error %q, want %q", got, want)
	}

	tree, errs := parseToy("\uFEFFa + %")
	if len(errs) != 2 || errs[1].Error() != "1:5: invalid character '%'" {
		t.Errorf("errors %v, want the invalid character at 1:5, counted after the byte order mark", errs)
	}
	if tree.Nodes[tree.Root].End != uint32(len("\uFEFFa + %")) {
		t.Errorf("the root does not span the file")
	}
}

func TestLex(t *testing.T) {
	toks := Lex(&toyLexer{NewScan("f($X, $el)", true)})
	var got []string
	for _, tk := range toks {
		got = append(got, "f($X, $el)"[tk.Start:tk.End])
	}
	// $el is no metavariable: the toy lexer has no other use for $.
	want := []string{"f", "(", "$X", ",", "$", "el", ")"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tokens (-want +got):\n%s", diff)
	}
}
