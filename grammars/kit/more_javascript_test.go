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
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, parseToyWith(tc.src, tc.prod)); diff != "" {
			t.Errorf("%s %q (-want +got):\n%s", tc.name, tc.src, diff)
		}
	}
}

func TestHashbang(t *testing.T) {
	tests := []struct {
		src    string
		pos    int
		trivia []grammars.Span
	}{
		{"#!/bin/sh\nx", 9, []grammars.Span{{Start: 0, End: 9}}},
		{"\uFEFF#!x\r\n", 6, []grammars.Span{{Start: 3, End: 6}}},
		{"#x", 0, nil},
		{"#", 0, nil},
	}
	for _, tc := range tests {
		s := NewScan(tc.src, false)
		s.Hashbang()
		if diff := cmp.Diff([]any{tc.pos, tc.trivia}, []any{s.Pos, s.Trivia}); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.src, diff)
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

	toks := []grammars.Token{{Span: grammars.Span{Start: 0, End: 1}}, {Span: grammars.Span{Start: 10, End: 11}}}
	if got := TokensBefore(toks, 10); len(got) != 1 {
		t.Errorf("TokensBefore(10) kept %d tokens, want 1", len(got))
	}
	if got := TokensBefore(toks, 11); len(got) != 2 {
		t.Errorf("TokensBefore(11) kept %d tokens, want 2", len(got))
	}
}
