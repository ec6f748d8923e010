package kit

// Speculation: where a grammar must parse ahead to decide (an arrow
// function or a parenthesized expression in TypeScript, a pattern or a
// type in a Rust parameter, a macro's arguments as expressions or as
// tokens), it parses and comes back when that fails. The parser's place
// is its current token, which the window is reset to, and the lexer is
// moved to just after it by the grammar's rewind.

// A Snapshot is a parser's place at a token, to come back to.
type Snapshot struct {
	tok   Token
	end   uint32
	depth int
	mark  int
}

// Save returns the parser's place.
func (p *Parser) Save() Snapshot {
	return Snapshot{tok: *p.Tok, end: p.End, depth: p.Depth, mark: p.B.Mark()}
}

// Restore goes back to s: the nodes built since are dropped, rewind
// moves the lexer to just after s's token, and the window holds that
// token again.
func (p *Parser) Restore(s Snapshot, rewind func(after *Token)) {
	p.B.Truncate(s.mark)
	rewind(&s.tok)
	p.Win.Reset(s.tok)
	p.Load()
	p.End, p.Depth = s.end, s.depth
}

// Try runs prod and reports whether it parsed; when a syntax error
// unwound it, the parser is back where it was.
func (p *Parser) Try(rewind func(after *Token), prod func()) (ok bool) {
	s := p.Save()
	defer func() {
		if r := recover(); r != nil {
			if _, isBail := r.(Bailout); !isBail {
				panic(r)
			}
			p.Restore(s, rewind)
			ok = false
		}
	}()
	prod()
	return true
}

// Lookahead runs test and reports what it returned (false when it hit a
// syntax error), then puts the parser back where it was.
func (p *Parser) Lookahead(rewind func(after *Token), test func() bool) (ok bool) {
	s := p.Save()
	defer func() {
		if r := recover(); r != nil {
			if _, isBail := r.(Bailout); !isBail {
				panic(r)
			}
			ok = false
		}
		p.Restore(s, rewind)
	}()
	return test()
}

// Quote quotes a token's text for an error message, cut to its first 40
// bytes (at a character's start) when it is longer.
func Quote(text string) string {
	if len(text) > 40 {
		n := 40
		for n > 0 && text[n]&0xC0 == 0x80 {
			n--
		}
		text = text[:n] + "…"
	}
	return "'" + text + "'"
}
