package kit

import "github.com/agenttools/agenttools/grammars"

// Shapes that productions of several grammars repeat: a list that is a
// node only when it has more than one item, an optional tail, an optional
// clause; and what a lexer that can be moved back forgets.

// Sequence parses item, then, while the current token is sep, the
// separator and another item; when it parsed more than one, it closes
// them all as one node of kind k: a, b, c is (k a , b , c), and a alone
// is a.
func (p *Parser) Sequence(k, sep grammars.Kind, item func()) {
	m := p.B.Mark()
	item()
	if p.Kind != sep {
		return
	}
	for p.Got(sep) {
		item()
	}
	p.B.Close(m, k, 0)
}

// Tail parses first, then, when the current token is of kind op, the
// operator and rest, closing all three as a node of kind k: a default
// (x = 1), a key and its value (k: v). Without op, first stands alone.
// It reports whether op was there.
func (p *Parser) Tail(k grammars.Kind, first func(), op grammars.Kind, rest func()) bool {
	m := p.B.Mark()
	first()
	if !p.Got(op) {
		return false
	}
	rest()
	p.B.Close(m, k, 0)
	return true
}

// Clause parses an optional clause that starts with a keyword: when the
// current token is of kind kw, it pushes it, runs body and closes both
// as a node of kind k (else s, finally { }). It reports whether the
// clause was there.
func (p *Parser) Clause(kw, k grammars.Kind, body func()) bool {
	if p.Kind != kw {
		return false
	}
	p.Prefix(k, body)
	return true
}

// Hashbang passes over a #! line at the very start of the source (after
// a byte order mark) as trivia, as a comment is.
func (s *Scan) Hashbang() {
	src := s.Src
	if len(src) < s.Pos+2 || src[s.Pos] != '#' || src[s.Pos+1] != '!' {
		return
	}
	end := s.Pos
	for end < len(src) && src[end] != '\n' && src[end] != '\r' {
		end++
	}
	s.Comment(s.Pos, end)
	s.Pos = end
}

// ForgetFrom drops the errors and trivia that start at or after offset
// off: a lexer moved back to off reads them again.
func (s *Scan) ForgetFrom(off int) {
	s.Errs = before(s.Errs, off, func(e *grammars.Error) uint32 { return e.Span.Start })
	s.Trivia = before(s.Trivia, off, func(sp grammars.Span) uint32 { return sp.Start })
}

// TokensBefore returns toks, recorded in order, without those that
// start at or after offset off: what a recording lexer moved back to off
// keeps.
func TokensBefore(toks []grammars.Token, off int) []grammars.Token {
	return before(toks, off, func(t grammars.Token) uint32 { return t.Start })
}

// before returns xs, in order of their start, without those that start
// at or after off.
func before[T any](xs []T, off int, start func(T) uint32) []T {
	n := len(xs)
	for n > 0 && int(start(xs[n-1])) >= off {
		n--
	}
	return xs[:n]
}
