package kit

import "github.com/agenttools/agenttools/grammars"

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
