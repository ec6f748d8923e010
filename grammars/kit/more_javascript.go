package kit

import "github.com/agenttools/agenttools/grammars"

// What grammars repeated that the kit's other files do not have:
//   - shapes of productions: what stands between brackets (Enclosed),
//     items between separators (Separated), a list that is a node only
//     past one item (Sequence), an optional tail (Tail), an optional
//     production (Optional) or keyword clause (Clause);
//   - what lexers do: a #! line (Hashbang), a literal without escapes
//     (Raw), the tokens recorded for Lex (Recording), and moving a
//     streaming lexer back to a token (LineStart, EndLine, ResetAfter,
//     ForgetFrom);
//   - the kind table built from the kind names (KindTable).

// Separated parses item, then, while the current token is sep, the
// separator and another item.
func (p *Parser) Separated(sep grammars.Kind, item func()) {
	item()
	for p.Got(sep) {
		item()
	}
}

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

// Enclosed parses what stands between brackets (a block, a list): the
// opening bracket of kind open, body and the closing bracket of kind
// close, as a node of kind k, one level of nesting deeper.
func (p *Parser) Enclosed(k, open, close grammars.Kind, body func()) {
	p.Enter()
	p.Node(k, func() {
		p.Expect(open)
		body()
		p.Expect(close)
	})
	p.Leave()
}

// Optional runs prod when the current token is of kind k, which starts
// what prod parses, and reports whether it did.
func (p *Parser) Optional(k grammars.Kind, prod func()) bool {
	if p.Kind != k {
		return false
	}
	prod()
	return true
}

// Clause parses an optional clause that starts with a keyword: when the
// current token is of kind kw, it pushes it, runs body and closes both
// as a node of kind k (else s, finally { }). It reports whether the
// clause was there.
func (p *Parser) Clause(kw, k grammars.Kind, body func()) bool {
	return p.Optional(kw, func() { p.Prefix(k, body) })
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

// Raw reads the rest of a literal that has no escapes, from the current
// position just after its opening byte to the closing byte q, which it
// passes, counting the lines in it; when the source ends first, it
// records the error msg at start.
func (s *Scan) Raw(start int, q byte, msg string) {
	for s.Pos < len(s.Src) && s.Src[s.Pos] != q {
		if s.Src[s.Pos] == '\n' {
			s.Newline(s.Pos)
		}
		s.Pos++
	}
	if s.Pos >= len(s.Src) {
		s.Errorf(start, "%s", msg)
		return
	}
	s.Pos++
}

// LineStart returns the offset of the start of the line t starts on:
// where a lexer moved back to t's start stands.
func (t *Token) LineStart() int { return int(t.Offset) - int(t.Column) + 1 }

// EndLine returns the line t ends on and the offset of that line's
// start: where a lexer moved to just after t stands.
func (t *Token) EndLine() (line, lineStart int) {
	line, lineStart = int(t.Line), t.LineStart()
	for i := 0; i < len(t.Text); i++ {
		if t.Text[i] == '\n' {
			line++
			lineStart = int(t.Offset) + i + 1
		}
	}
	return line, lineStart
}

// ResetAfter moves a streaming scan back to just after token t, which it
// handed out, and forgets what it found after t (ForgetFrom): for a lexer
// that a speculating parser moves back without holding the whole file's
// tokens.
func (s *Scan) ResetAfter(t *Token) {
	s.Line, s.LineStart = t.EndLine()
	s.Pos = int(t.End())
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

// A Recording keeps the tokens a lexer hands out, when On, for
// Language.Lex. A lexer that can be moved back drops those from where it
// moves to (DropFrom), since it hands them out again.
type Recording struct {
	On   bool
	Toks []grammars.Token
}

// Keep records t when recording; the end of the file is no token.
func (r *Recording) Keep(t Token) {
	if r.On && t.Kind != EOF {
		r.Toks = append(r.Toks, grammars.Token{Kind: t.Kind, Span: grammars.Span{Start: t.Offset, End: t.End()}, Synthetic: t.Synthetic})
	}
}

// DropFrom drops the recorded tokens that start at or after offset off.
func (r *Recording) DropFrom(off int) {
	r.Toks = before(r.Toks, off, func(t grammars.Token) uint32 { return t.Start })
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
