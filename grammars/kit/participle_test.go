package kit

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/google/go-cmp/cmp"
)

// toyFile is a skeleton over the toy lexer: identifiers, then the rest of
// the file as one token, read as tIllegal's kind.
type toyFile struct {
	Head *toyHead `parser:"@@"`
	Rest bool     `parser:"@Rest?"`
}

type toyHead struct {
	Tokens []lexer.Token
	Names  []string `parser:"@Ident+"`
}

var toySkeleton = participle.MustBuild[toyFile](participle.Lexer(Definition{
	Names:    names,
	Tokens:   nBinary,
	Renamed:  map[grammars.Kind]string{tIdent: "Ident", tIllegal: "Rest"},
	NewLexer: func(src string) Lexer { return &toyLexer{NewScan(src, false)} },
}))

func TestSkeleton(t *testing.T) {
	tests := []struct {
		src   string
		tree  string // the head's leaves under the root
		first string // the rest's first token, "" when there is none
		err   string
	}{
		{"a b + c", `(root (identifier "a") (identifier "b"))`, "+", ""},
		{"a b", `(root (identifier "a") (identifier "b"))`, "", ""},
		{"+ c", `(root ERROR)`, "+", `1:1: unexpected token "+"`},
	}
	for _, tc := range tests {
		b := grammars.NewBuilder(len(tc.src))
		sk := NewSkeleton(&toyLexer{NewScan(tc.src, false)}, tIllegal, func(t Token) bool { return t.Kind == tIdent })
		f, err := ParseSkeleton(toySkeleton, sk, b, nError, len(tc.src))
		var got []string
		if err != nil {
			got = append(got, err.Error())
		} else {
			ParticipleLeaves(b, f.Head.Tokens, func(k grammars.Kind) bool { return true })
		}
		tree := &grammars.Tree{Lang: toyLang, Src: []byte(tc.src)}
		b.Finish(tree, nRoot)
		if diff := cmp.Diff(tc.tree, sexpNoErrText(tree)); diff != "" {
			t.Errorf("%q tree (-want +got):\n%s", tc.src, diff)
		}
		first := ""
		if sk.Rest {
			first = sk.First.Text
		}
		if first != tc.first {
			t.Errorf("%q: the rest starts at %q, want %q", tc.src, first, tc.first)
		}
		if (err != nil) != (tc.err != "") || err != nil && !strings.HasPrefix(err.Error(), tc.err) {
			t.Errorf("%q: error %v, want %q", tc.src, err, tc.err)
		}
	}
}

// TestTopLevelRestart: with a Sync's Restart, recovery stops at the
// first line past the broken item, even the one it failed at, restarts
// the lexer there, and gives up after MaxErrors.
func TestTopLevelRestart(t *testing.T) {
	tests := []struct {
		src, want string
		spans     []grammars.Span
		restarts  int
	}{
		{"a + *\nb", `(root ERROR (identifier "b"))`, []grammars.Span{{Start: 0, End: 5}}, 1},
		// b stands where f(a failed: it is the next item, not the error's.
		{"f(a\nb", `(root ERROR (identifier "b"))`, []grammars.Span{{Start: 0, End: 3}}, 1},
		{"a + *", `(root ERROR)`, []grammars.Span{{Start: 0, End: 5}}, 0},
	}
	for _, tc := range tests {
		tree, errs, restarts := parseToyRestart(tc.src)
		if diff := cmp.Diff(tc.want, sexpNoErrText(tree)); diff != "" {
			t.Errorf("%q tree (-want +got):\n%s", tc.src, diff)
		}
		var spans []grammars.Span
		for _, e := range errs {
			spans = append(spans, e.Span)
		}
		if diff := cmp.Diff(tc.spans, spans); diff != "" {
			t.Errorf("%q error spans (-want +got):\n%s", tc.src, diff)
		}
		if restarts != tc.restarts {
			t.Errorf("%q: %d restarts, want %d", tc.src, restarts, tc.restarts)
		}
	}

	_, errs, _ := parseToyRestart(strings.Repeat("a + *\n", MaxErrors+3))
	if len(errs) != MaxErrors+1 || !strings.Contains(errs[MaxErrors].Msg, "too many errors") {
		t.Errorf("errors %v, want %d and one that gives up", errs, MaxErrors)
	}
}

func parseToyRestart(src string) (*grammars.Tree, grammars.ErrorList, int) {
	lx := &toyLexer{NewScan(src, true)}
	b := grammars.NewBuilder(len(src))
	p := &toyParser{}
	p.Init(NewWindow(lx, lx.Next()), b, names)
	restarts := 0
	errs := p.TopLevel(nError, p.expr, Sync{Column1: true, Restart: func() { restarts++ }})
	t := &grammars.Tree{Lang: toyLang, Src: []byte(src)}
	b.Finish(t, nRoot)
	return t, errs, restarts
}

func TestTables(t *testing.T) {
	kinds := KindTable(names, func(k grammars.Kind) bool { return k == tIdent || k >= nBinary })
	var named []string
	for _, k := range kinds {
		if k.Named {
			named = append(named, k.Name)
		}
	}
	if diff := cmp.Diff([]string{"identifier", "binary", "call", "ERROR", "root"}, named); diff != "" {
		t.Errorf("named kinds (-want +got):\n%s", diff)
	}

	words := Keywords([]string{"EOF", "identifier", "if", "else"}, 2, 3)
	if diff := cmp.Diff(map[string]grammars.Kind{"if": 2, "else": 3}, words); diff != "" {
		t.Errorf("keywords (-want +got):\n%s", diff)
	}

	// With adds a punctuator out of the range, longest first still.
	ops := PunctsOf([]string{"EOF", "<", "<<", "=", "=="}, 1, 4).With("<<=", 5).With("...", 6)
	tests := []struct {
		src  string
		kind grammars.Kind
		n    int
	}{
		{"<<=x", 5, 3}, {"<<x", 2, 2}, {"<x", 1, 1}, {"==", 4, 2}, {"= =", 3, 1}, {"...", 6, 3}, {"..", 0, 0}, {"x", 0, 0}, {"", 0, 0},
	}
	for _, tc := range tests {
		s := NewScan(tc.src, false)
		if k, ok := s.Punct(ops); k != tc.kind || s.Pos != tc.n || ok != (tc.n > 0) {
			t.Errorf("Punct over %q = %d, %v at %d; want %d at %d", tc.src, k, ok, s.Pos, tc.kind, tc.n)
		}
	}
}

// TestMore: the rest of a list after its first item, a trailing
// separator kept.
func TestMore(t *testing.T) {
	tests := []struct {
		src  string
		n    int
		tree string
	}{
		{"a, b, c)", 2, `(root (identifier "a") "," (identifier "b") "," (identifier "c") ")")`},
		{"a, b,)", 1, `(root (identifier "a") "," (identifier "b") "," ")")`},
		{"a)", 0, `(root (identifier "a") ")")`},
	}
	for _, tc := range tests {
		lx := &toyLexer{NewScan(tc.src, false)}
		b := grammars.NewBuilder(len(tc.src))
		p := &toyParser{}
		p.Init(NewWindow(lx, lx.Next()), b, names)
		p.Leaf()
		n := p.More(tComma, tRParen, p.expr)
		p.Expect(tRParen)
		tree := &grammars.Tree{Lang: toyLang, Src: []byte(tc.src)}
		b.Finish(tree, nRoot)
		if n != tc.n {
			t.Errorf("%q: %d items, want %d", tc.src, n, tc.n)
		}
		if diff := cmp.Diff(tc.tree, sexpNoErrText(tree)); diff != "" {
			t.Errorf("%q tree (-want +got):\n%s", tc.src, diff)
		}
	}
}

func TestScanHelpers(t *testing.T) {
	s := NewScan("ab_9é+", false)
	s.Word(func(r rune) bool { return r == 'é' })
	if s.Pos != len("ab_9é") {
		t.Errorf("Word stopped at %d, want %d", s.Pos, len("ab_9é"))
	}

	tests := []struct {
		src  string
		errs int
		pos  int
		line int
	}{
		{"`a\nb`c", 0, 5, 2},
		{"`a\nb", 1, 4, 2},
	}
	for _, tc := range tests {
		s := NewScan(tc.src, false)
		s.Pos++
		if s.Raw(0, '`', "raw string literal not terminated"); len(s.Errs) != tc.errs || s.Pos != tc.pos || s.Line != tc.line {
			t.Errorf("Raw over %q: %d errors at %d, line %d; want %d at %d, line %d", tc.src, len(s.Errs), s.Pos, s.Line, tc.errs, tc.pos, tc.line)
		}
	}

	s = NewScan("\u2639\xff", false)
	s.BadRune()
	s.BadRune()
	var got []string
	for _, e := range s.Errs {
		got = append(got, e.Error())
	}
	if diff := cmp.Diff([]string{"1:1: invalid character U+2639", "1:4: invalid UTF-8 encoding"}, got); diff != "" || s.Pos != 4 {
		t.Errorf("BadRune at %d, errors (-want +got):\n%s", s.Pos, diff)
	}
}

// TestSkeletonGrammar: the parse around a skeleton refuses a file too
// large, builds the head and the rest, and makes a failed skeleton one
// error.
func TestSkeletonGrammar(t *testing.T) {
	g := NewSkeletonGrammar[toyFile](Definition{
		Names: names, Tokens: nBinary, Renamed: map[grammars.Kind]string{tIdent: "Ident", tIllegal: "Rest"},
	}, tIllegal, nError, nRoot)
	l := &grammars.Language{ID: "toy", Kinds: toyLang.Kinds, Tokens: nBinary, MaxSize: 1 << 20}
	tests := []struct {
		src, tree, first string
		errs             int
	}{
		{"a b + c", `(root (identifier "a") (identifier "b"))`, "+", 0},
		{"a", `(root (identifier "a"))`, "", 0},
		{"+ c", `(root ERROR)`, "", 1},
		{strings.Repeat("a ", 1<<20), `(root ERROR)`, "", 1},
	}
	for _, tc := range tests {
		lx := &toyLexer{NewScan(tc.src, false)}
		first := ""
		tree := g.Parse(l, []byte(tc.src), lx, &lx.Scan, func(t Token) bool { return t.Kind == tIdent },
			func(f *toyFile, b *grammars.Builder, rest *Token) grammars.ErrorList {
				ParticipleLeaves(b, f.Head.Tokens, func(grammars.Kind) bool { return true })
				if rest != nil {
					first = rest.Text
				}
				return nil
			})
		if diff := cmp.Diff(tc.tree, sexpNoErrText(tree)); diff != "" {
			t.Errorf("%.20q tree (-want +got):\n%s", tc.src, diff)
		}
		if first != tc.first || len(tree.Errors) != tc.errs {
			t.Errorf("%.20q: rest at %q, %d errors; want %q, %d", tc.src, first, len(tree.Errors), tc.first, tc.errs)
		}
	}
}

// TestShapeHelpers: Separated, Clause, Enclosed and Tail on the toy.
func TestShapeHelpers(t *testing.T) {
	ident := func(p *toyParser) func() { return func() { p.Expect(tIdent) } }
	tests := []struct {
		src  string
		prod func(p *toyParser)
		want string
	}{
		{"a, b, c", func(p *toyParser) { p.Separated(tComma, ident(p)) },
			`(root (identifier "a") "," (identifier "b") "," (identifier "c"))`},
		{"- a", func(p *toyParser) { p.Clause(tSub, nCall, ident(p)) }, `(root (call "-" (identifier "a")))`},
		{"a", func(p *toyParser) {
			if !p.Clause(tSub, nCall, ident(p)) {
				p.Leaf()
			}
		}, `(root (identifier "a"))`},
		{"(a, b)", func(p *toyParser) {
			p.Enclosed(nCall, tLParen, tRParen, func() { p.List(tComma, tRParen, p.expr) })
		}, `(root (call "(" (identifier "a") "," (identifier "b") ")"))`},
		{"a + b", func(p *toyParser) { p.Tail(nBinary, ident(p), tAdd, ident(p)) },
			`(root (binary (identifier "a") "+" (identifier "b")))`},
		{"a", func(p *toyParser) { p.Tail(nBinary, ident(p), tAdd, ident(p)) }, `(root (identifier "a"))`},
	}
	for _, tc := range tests {
		lx := &toyLexer{NewScan(tc.src, false)}
		b := grammars.NewBuilder(len(tc.src))
		p := &toyParser{}
		p.Init(NewWindow(lx, lx.Next()), b, names)
		tc.prod(p)
		tree := &grammars.Tree{Lang: toyLang, Src: []byte(tc.src)}
		b.Finish(tree, nRoot)
		if diff := cmp.Diff(tc.want, sexpNoErrText(tree)); diff != "" {
			t.Errorf("%q tree (-want +got):\n%s", tc.src, diff)
		}
	}
}
