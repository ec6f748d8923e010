package kit

import (
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestScanResetAfter: a scan moved back to just after a token it handed
// out reads the same tokens again, on the same lines, and forgets only
// the errors it will find again.
func TestScanResetAfter(t *testing.T) {
	const src = "a + ?\nb ? c"
	read := func(lx *toyLexer) (toks []Token) {
		for tok := lx.Next(); tok.Kind != EOF; tok = lx.Next() {
			toks = append(toks, tok)
		}
		return toks
	}
	lx := &toyLexer{NewScan(src, false)}
	all := read(lx)
	for i, tok := range all {
		lx.ResetAfter(&tok)
		errs := 0
		for _, e := range lx.Errs {
			if e.Span.Start < tok.End() {
				errs++
			}
		}
		if len(lx.Errs) != errs {
			t.Errorf("after %q: %d errors kept; want %d", tok.Text, len(lx.Errs), errs)
		}
		if diff := cmp.Diff(all[i+1:], read(lx), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("after %q: tokens read again (-want +got):\n%s", tok.Text, diff)
		}
		if len(lx.Errs) != 2 {
			t.Errorf("after %q: %d errors at the end; want 2", tok.Text, len(lx.Errs))
		}
	}
}

// TestScanResetAfterLines: after a token that spans lines the scan is on
// its last line.
func TestScanResetAfterLines(t *testing.T) {
	for _, tc := range []struct {
		tok           Token
		pos, line, ls int
	}{
		{Token{Text: "ab", Offset: 4, Line: 2, Column: 2}, 6, 2, 3},
		{Token{Text: "'a\nbc'", Offset: 2, Line: 1, Column: 3}, 8, 2, 5},
		{Token{Text: "/*\n\n*/", Offset: 0, Line: 1, Column: 1}, 6, 3, 4},
	} {
		s := NewScan("0123456789", false)
		s.ResetAfter(&tc.tok)
		if got, want := []int{s.Pos, s.Line, s.LineStart}, []int{tc.pos, tc.line, tc.ls}; !cmp.Equal(got, want) {
			t.Errorf("after %q: pos, line, line start %v; want %v", tc.tok.Text, got, want)
		}
	}
}

// TestKindTableAndKeywords: the tables a grammar builds from its kind
// names.
func TestKindTableAndKeywords(t *testing.T) {
	names := []string{"EOF", "identifier", "if", "else", "block"}
	const kwIf, kwElse = 2, 3
	table := KindTable(names, func(k grammars.Kind) bool { return k == 1 || k >= 4 })
	want := []grammars.KindInfo{{Name: "EOF"}, {Name: "identifier", Named: true}, {Name: "if"}, {Name: "else"}, {Name: "block", Named: true}}
	if diff := cmp.Diff(want, table); diff != "" {
		t.Errorf("KindTable (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]grammars.Kind{"if": kwIf, "else": kwElse}, Keywords(names, kwIf, kwElse)); diff != "" {
		t.Errorf("Keywords (-want +got):\n%s", diff)
	}
}

// TestDelimited: a bracketed list is one node, its brackets and
// separators leaves; a missing closer is an error.
func TestDelimited(t *testing.T) {
	for _, tc := range []struct {
		src, want string
		errs      []string
	}{
		{"(a, b,)", `(root (call "(" (identifier "a") "," (identifier "b") "," ")"))`, nil},
		{"()", `(root (call "(" ")"))`, nil},
		{"(a b)", `(root ERROR)`, []string{"1:4: expected ')', found 'b'"}},
	} {
		lx := &toyLexer{NewScan(tc.src, true)}
		b := grammars.NewBuilder(len(tc.src))
		p := &toyParser{}
		p.Init(NewWindow(lx, lx.Next()), b, names)
		var msgs []string
		if err := p.Recover(nError, func() { p.Delimited(nCall, tLParen, tComma, tRParen, p.expr) }, func() bool { return false }); err != nil {
			msgs = append(msgs, err.Error())
		}
		tree := &grammars.Tree{Lang: toyLang, Src: []byte(tc.src)}
		b.Finish(tree, nRoot)
		if diff := cmp.Diff(tc.want, sexpNoErrText(tree)); diff != "" {
			t.Errorf("%q tree (-want +got):\n%s", tc.src, diff)
		}
		if diff := cmp.Diff(tc.errs, msgs); diff != "" {
			t.Errorf("%q errors (-want +got):\n%s", tc.src, diff)
		}
	}
}

// TestPunct: the longest punctuation that matches wins, and a byte that
// starts none is no move.
func TestPunct(t *testing.T) {
	names := []string{"EOF", ".", "..", "..=", "=", "=="}
	table := PunctsOf(names, 1, 5)
	for _, tc := range []struct {
		src  string
		want []string // each token's text, then "!" where none matched
	}{
		{"..=.", []string{"..=", "."}},
		{"...", []string{"..", "."}},
		{"===", []string{"==", "="}},
		{"=x", []string{"=", "!"}},
	} {
		s := NewScan(tc.src, false)
		var got []string
		for s.Pos < len(s.Src) {
			start := s.Pos
			k, ok := s.Punct(table)
			if !ok {
				got = append(got, "!")
				break
			}
			if names[k] != s.Src[start:s.Pos] {
				t.Errorf("%q: kind %q for text %q", tc.src, names[k], s.Src[start:s.Pos])
			}
			got = append(got, s.Src[start:s.Pos])
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.src, diff)
		}
	}
}
