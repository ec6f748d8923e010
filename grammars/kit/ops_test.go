package kit

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/google/go-cmp/cmp"
)

// A second toy, on a whole-file token slice: identifiers, < = ! ( ) { }
// ; and the words as and is, for joined and typed operators, brackets,
// sync sets, the error cap, terminators and speculation.
const (
	uEOF grammars.Kind = iota
	uIdent
	uLT
	uAssign
	uNot
	uLParen
	uRParen
	uLBrace
	uRBrace
	uSemi
	uIs
	uWord
	uBinary
	uCast
	uTest
	uStmt
	uError
	uRoot
)

var uNames = []string{"EOF", "identifier", "<", "=", "!", "(", ")", "{", "}", ";", "is", "word", "binary", "cast", "test", "stmt", "ERROR", "root"}

var uLang = func() *grammars.Language {
	l := &grammars.Language{ID: "toy2", Title: "Toy", Tokens: uBinary, MaxSize: 100}
	for i, n := range uNames {
		l.Kinds = append(l.Kinds, grammars.KindInfo{Name: n, Named: i == int(uIdent) || i >= int(uBinary)})
	}
	return l
}()

// uLex cuts src into tokens: a run of letters, or one other character.
func uLex(src string) *Tokens {
	s := NewScan(src, true)
	ts := &Tokens{}
	for {
		for s.Pos < len(s.Src) && (s.Src[s.Pos] == ' ' || s.Src[s.Pos] == '\n') {
			if s.Src[s.Pos] == '\n' {
				s.Newline(s.Pos)
			}
			s.Pos++
		}
		s.Begin()
		start := s.Pos
		if s.Pos >= len(s.Src) {
			ts.EOF = s.Empty(uEOF, s.Pos, false)
			ts.Pair(NewBrackets(uLParen, uRParen, uLBrace, uRBrace))
			return ts
		}
		k := uIdent
		if c := s.Src[s.Pos]; 'a' <= c && c <= 'z' || c == '$' {
			for s.Pos < len(s.Src) && ('a' <= s.Src[s.Pos] && s.Src[s.Pos] <= 'z' || s.Src[s.Pos] == '$') {
				s.Pos++
			}
			if s.Src[start:s.Pos] == "is" {
				k = uIs
			}
		} else {
			s.Pos++
			k = uLT + grammars.Kind(strings.IndexByte("<=!(){};", c))
		}
		ts.Toks = append(ts.Toks, s.Token(k, start))
	}
}

// uOps: < compares, << shifts (tighter), <= compares, <<= is no binary
// operator; e is T and e as T have a type on the right.
var uOps = NewPrecedence([]grammars.Kind{uLT}).
	Joined(1, uLT, uAssign).
	Joined(2, uLT, uLT).
	Joined(0, uLT, uLT, uAssign).
	Typed(1, uIs, uTest, uNot).
	Word(1, uIdent, "as", uWord, uCast)

type uParser struct {
	Parser
	climb Climb
	flag  int // the grammar's own state, for SaveState
}

func newUParser(src string, pattern bool) (*uParser, *grammars.Builder) {
	ts := uLex(src)
	b := grammars.NewBuilder(len(src))
	p := &uParser{}
	p.Init(NewWindow(ts, ts.Next()), b, uNames)
	p.Toks, p.Rewind, p.Ident, p.Pattern = ts, ts.ResetAfter, uIdent, pattern
	p.Found = Found(uNames, nil, uIdent)
	p.SaveState = func() any { return p.flag }
	p.RestoreState = func(s any) { p.flag = s.(int) }
	p.climb = Climb{Ops: uOps, Operand: p.operand, Node: uBinary, Type: func(grammars.Kind) { p.IdentAs(uIdent) }}
	return p, b
}

func (p *uParser) operand() {
	p.Enter()
	defer p.Leave()
	if p.Got(uLParen) {
		p.Climb(&p.climb, 1)
		p.Expect(uRParen)
		return
	}
	p.IdentAs(uIdent)
}

// stmt is an expression and a terminator, or a block.
func (p *uParser) stmt() {
	if p.Kind == uLBrace {
		p.Node(uStmt, func() {
			p.Leaf()
			for p.Kind != uRBrace && p.Kind != EOF {
				p.stmt()
			}
			p.Expect(uRBrace)
		})
		return
	}
	p.Node(uStmt, func() { p.Climb(&p.climb, 1) })
	p.Semi(uSemi, uRBrace)
}

func parseU(src string, pattern bool) *grammars.Tree {
	if t := Refuse(uLang, []byte(src), uError, uRoot); t != nil {
		return t
	}
	p, b := newUParser(src, pattern)
	errs := p.TopLevel(uError, p.stmt, Sync{Column1: true, Kinds: []grammars.Kind{uIdent, uLBrace}})
	return Finish(uLang, []byte(src), b, uRoot, nil, nil, errs)
}

func TestOperators(t *testing.T) {
	tests := []struct {
		src, want string
	}{
		{"a < b;", `(root (stmt (binary (identifier "a") "<" (identifier "b"))))`},
		{"a << b < c;", `(root (stmt (binary (binary (identifier "a") "<" "<" (identifier "b")) "<" (identifier "c"))))`},
		{"a <= b << c;", `(root (stmt (binary (identifier "a") "<" "=" (binary (identifier "b") "<" "<" (identifier "c")))))`},
		// Not adjacent: two operators, and the second has no operand.
		{"a < < b;", `(root ERROR)`},
		// <<= is no binary operator: the expression ends before it.
		{"a <<= b;", `(root ERROR)`},
		{"a is ! t;", `(root (stmt (test (identifier "a") "is" "!" (identifier "t"))))`},
		{"a as t < b;", `(root (stmt (binary (cast (identifier "a") "as" (identifier "t")) "<" (identifier "b"))))`},
		{"as < as;", `(root (stmt (binary (identifier "as") "<" (identifier "as"))))`},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, uSexp(parseU(tc.src, false))); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.src, diff)
		}
	}
}

func TestTopLevel(t *testing.T) {
	tests := []struct {
		name, src string
		pattern   bool
		want      string
		errs      []string
	}{
		{"recovers at the sync set", "a < ;\n  b;\nc;", false, `(root ERROR (stmt (identifier "c")))`,
			[]string{"1:5: expected identifier, found ';'"}},
		{"a pattern's terminator may be left out", "{ a < b }", true, `(root (stmt "{" (stmt (binary (identifier "a") "<" (identifier "b"))) "}"))`, nil},
		{"a file's may not", "{ a }", false, `(root ERROR)`, []string{"1:5: expected ';', found '}'"}},
		{"too many errors", strings.Repeat("a < ;\n", 12) + "b;", false, "(root" + strings.Repeat(" ERROR", 11) + ")", nil},
		{"too large", strings.Repeat("a;", 60), false, `(root ERROR)`, []string{"1:1: file is 0.0 MB; the Toy grammar parses files up to 0 MB"}},
	}
	for _, tc := range tests {
		tree := parseU(tc.src, tc.pattern)
		if diff := cmp.Diff(tc.want, uSexp(tree)); diff != "" {
			t.Errorf("%s: tree (-want +got):\n%s", tc.name, diff)
		}
		var msgs []string
		for _, e := range tree.Errors {
			msgs = append(msgs, e.Error())
		}
		if tc.name == "too many errors" {
			if len(msgs) != MaxErrors+1 || !strings.Contains(msgs[MaxErrors], "too many errors") {
				t.Errorf("%s: errors %q, want %d and one that says the parse stopped", tc.name, msgs, MaxErrors)
			}
			continue
		}
		if diff := cmp.Diff(tc.errs, msgs); diff != "" {
			t.Errorf("%s: errors (-want +got):\n%s", tc.name, diff)
		}
	}
}

func TestBrackets(t *testing.T) {
	p, _ := newUParser("( { ) } ( )", false)
	var got []int32
	got = append(got, p.Toks.Partner...)
	// The ) does not close the {: both stay unpaired, and the ( finds no
	// partner; the last two pair.
	if diff := cmp.Diff([]int32{-1, 3, -1, 1, 5, 4}, got); diff != "" {
		t.Errorf("partners (-want +got):\n%s", diff)
	}
	p.Next()
	if n := p.PartnerOf(0); n != 2 {
		t.Errorf("PartnerOf(0) at { = %d, want 2", n)
	}
	if tok := p.Far(10); tok.Kind != EOF {
		t.Errorf("Far past the end = %v, want EOF", tok)
	}
}

// TestSpeculation: Try and Lookahead come back to where they were, the
// grammar's state included; input nested too deep unwinds past them,
// unless the grammar says a deep speculation is a no.
func TestSpeculation(t *testing.T) {
	p, b := newUParser("a b c", false)
	ok := p.Try(func() {
		p.flag = 1
		p.Leaf()
		p.Expect(uSemi)
	})
	if ok || p.flag != 0 || p.Tok.Text != "a" || b.Mark() != 0 {
		t.Errorf("after a failed Try: ok %v, flag %d, at %q, %d nodes; want false, 0, \"a\", 0", ok, p.flag, p.Tok.Text, b.Mark())
	}
	if !p.Lookahead(func() bool { p.Leaf(); p.Leaf(); return p.Tok.Text == "c" }) || p.Tok.Text != "a" {
		t.Errorf("Lookahead did not see c, or did not come back")
	}

	deep := strings.Repeat("(", MaxDepth+10) + "a" + strings.Repeat(")", MaxDepth+10)
	for _, isNo := range []bool{false, true} {
		p, _ := newUParser(deep, false)
		p.DeepIsNo = isNo
		err := p.Attempt(func() {
			if p.Try(p.operand) {
				t.Errorf("DeepIsNo %v: the deep Try parsed", isNo)
			}
		})
		if (err != nil) == isNo {
			t.Errorf("DeepIsNo %v: Attempt returned %v", isNo, err)
		}
	}
}

// uSexp prints the second toy's tree, its error regions as a bare ERROR.
func uSexp(t *grammars.Tree) string { return sexpErr(t, uError) }
