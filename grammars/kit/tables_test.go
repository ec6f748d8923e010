package kit

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/google/go-cmp/cmp"
)

func TestHashbang(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		pos       int
		trivia    []grammars.Span
	}{
		{"none", "var a;", 0, nil},
		{"a tag", "#!/usr/bin/env dart\nvar a;", 19, []grammars.Span{{Start: 0, End: 19}}},
		{"a tag and CRLF", "#!x\r\n", 3, []grammars.Span{{Start: 0, End: 3}}},
		{"a tag alone", "#!x", 3, []grammars.Span{{Start: 0, End: 3}}},
		{"after a byte order mark", "\uFEFF#!x\n", 6, []grammars.Span{{Start: 3, End: 6}}},
		{"a # alone", "#x", 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewScan(tc.src, false)
			s.Hashbang()
			if s.Pos != tc.pos {
				t.Errorf("Pos %d; want %d", s.Pos, tc.pos)
			}
			if diff := cmp.Diff(tc.trivia, s.Trivia); diff != "" {
				t.Errorf("trivia (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSeparated(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string // the items Separated parsed
		next string // the token it stopped at
	}{
		{"a", "a", ""},
		{"a, b, c", "a b c", ""},
		{"a, b)", "a b", ")"},
		{"a b", "a", "b"},
	} {
		lx := &toyLexer{NewScan(tc.src, false)}
		p := &toyParser{}
		p.Init(NewWindow(lx, lx.Next()), grammars.NewBuilder(len(tc.src)), names)
		var leaves []string
		p.Separated(tComma, func() {
			leaves = append(leaves, p.Tok.Text)
			p.Expect(tIdent)
		})
		if got := strings.Join(leaves, " "); got != tc.want || p.Tok.Text != tc.next {
			t.Errorf("%q: items %q, stopped at %q; want %q, %q", tc.src, got, p.Tok.Text, tc.want, tc.next)
		}
	}
}

func TestEnclosedUntil(t *testing.T) {
	for _, tc := range []struct {
		src, want, err string
	}{
		{"()", `(root (call "(" ")"))`, ""},
		{"(a b c)", `(root (call "(" (identifier "a") (identifier "b") (identifier "c") ")"))`, ""},
		{"(a b", "", "1:5: expected ')', found end of file"},
	} {
		lx := &toyLexer{NewScan(tc.src, false)}
		b := grammars.NewBuilder(len(tc.src))
		p := &toyParser{}
		p.Init(NewWindow(lx, lx.Next()), b, names)
		err := p.Attempt(func() {
			p.Enclosed(nCall, tLParen, tRParen, func() { p.Until(tRParen, func() { p.Expect(tIdent) }) })
		})
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q: error %v; want %q", tc.src, err, tc.err)
			}
			continue
		}
		if p.Depth != 0 {
			t.Errorf("%q: depth %d after Enclosed; want 0", tc.src, p.Depth)
		}
		tree := &grammars.Tree{Lang: toyLang, Src: []byte(tc.src)}
		b.Finish(tree, nRoot)
		if diff := cmp.Diff(tc.want, tree.Sexp(tree.Root)); err != nil || diff != "" {
			t.Errorf("%q: error %v, tree (-want +got):\n%s", tc.src, err, diff)
		}
	}
}

// TestWords: every word is found with its kind, and nothing else is:
// not a prefix, a longer word, another word of the same length and first
// byte, the empty string or a word past the longest.
func TestWords(t *testing.T) {
	m := map[string]grammars.Kind{"if": 1, "in": 2, "int": 3, "i": 4, "_Static_assert": 5, "x": 6}
	w := WordsOf(m)
	for text, k := range m {
		if got, ok := w.Lookup(text); !ok || got != k {
			t.Errorf("Lookup(%q) = %d, %v; want %d", text, got, ok, k)
		}
	}
	for _, text := range []string{"", "it", "ifs", "_Static_asser", "y", "é", strings.Repeat("a", 40)} {
		if got, ok := w.Lookup(text); ok {
			t.Errorf("Lookup(%q) = %d; want none", text, got)
		}
	}
}
