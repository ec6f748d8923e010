package kit

import (
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
)

// ForgetFrom drops the errors and trivia that start at or after offset
// off: a lexer moved back to off reads them again.
func (s *Scan) ForgetFrom(off int) {
	for n := len(s.Errs); n > 0 && int(s.Errs[n-1].Span.Start) >= off; n-- {
		s.Errs = s.Errs[:n-1]
	}
	for n := len(s.Trivia); n > 0 && int(s.Trivia[n-1].Start) >= off; n-- {
		s.Trivia = s.Trivia[:n-1]
	}
}

// ResetAfter moves a streaming scan back to just after token t, which it
// handed out, and forgets what it found after t (ForgetFrom): for a lexer
// that a speculating parser moves back without holding the whole file's
// tokens. The line is t's, or the last one a string or a comment in t
// took it to.
func (s *Scan) ResetAfter(t *Token) {
	line, ls := int(t.Line), int(t.Offset)-int(t.Column)+1
	for i := 0; i < len(t.Text); i++ {
		if t.Text[i] == '\n' {
			line++
			ls = int(t.Offset) + i + 1
		}
	}
	s.Pos, s.Line, s.LineStart = int(t.End()), line, ls
	s.ForgetFrom(s.Pos)
}

// KindTable returns a grammar's kind table from its kind names: a kind
// is named (a node, or a token a metavariable binds: an identifier, a
// literal, a keyword that is a value) when named says so.
func KindTable(names []string, named func(k grammars.Kind) bool) []grammars.KindInfo {
	out := make([]grammars.KindInfo, len(names))
	for k, name := range names {
		out[k] = grammars.KindInfo{Name: name, Named: named(grammars.Kind(k))}
	}
	return out
}

// Keywords maps the text of the keywords, the kinds first to last, to
// their kinds: a keyword's kind name is its text.
func Keywords(names []string, first, last grammars.Kind) map[string]grammars.Kind {
	m := make(map[string]grammars.Kind, last-first+1)
	for k := first; k <= last; k++ {
		m[names[k]] = k
	}
	return m
}

// Delimited pushes open, items separated by sep (a trailing one
// allowed) up to close, and close, and closes them as a node of kind k:
// (a, b), <T, U>, { x: T, }.
func (p *Parser) Delimited(k, open, sep, close grammars.Kind, item func()) {
	m := p.B.Mark()
	p.Expect(open)
	p.List(sep, close, item)
	p.Expect(close)
	p.B.Close(m, k, 0)
}

// Puncts is a lexer's punctuation, by the first byte of its text, the
// longest first, so that the longest that matches wins (..= before ..
// before .).
type Puncts [256][]punct

type punct struct {
	text string
	kind grammars.Kind
}

// PunctsOf returns the punctuation of the kinds first to last, each
// one's text its name in names.
func PunctsOf(names []string, first, last grammars.Kind) *Puncts {
	t := &Puncts{}
	for k := first; k <= last; k++ {
		c := names[k][0]
		t[c] = append(t[c], punct{text: names[k], kind: k})
	}
	for c := range t {
		slices.SortStableFunc(t[c], func(a, b punct) int { return len(b.text) - len(a.text) })
	}
	return t
}

// Punct reads the punctuation of t at the current position and returns
// its kind, or false, not moving, when none is there.
func (s *Scan) Punct(t *Puncts) (grammars.Kind, bool) {
	if s.Pos >= len(s.Src) {
		return 0, false
	}
	rest := s.Src[s.Pos:]
	for _, p := range t[rest[0]] {
		if strings.HasPrefix(rest, p.text) {
			s.Pos += len(p.text)
			return p.kind, true
		}
	}
	return 0, false
}
