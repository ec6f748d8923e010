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
	state any
}

// Save returns the parser's place, and the grammar's state if it keeps
// one (SaveState).
func (p *Parser) Save() Snapshot {
	s := Snapshot{tok: *p.Tok, end: p.End, depth: p.Depth, mark: p.B.Mark()}
	if p.SaveState != nil {
		s.state = p.SaveState()
	}
	return s
}

// Restore goes back to s: the nodes built since are dropped, Rewind
// moves the lexer to just after s's token, the window holds that token
// again, and the grammar's state is restored (RestoreState).
func (p *Parser) Restore(s Snapshot) {
	p.B.Truncate(s.mark)
	p.Rewind(&s.tok)
	p.Win.Reset(s.tok)
	p.Load()
	p.End, p.Depth = s.end, s.depth
	if p.RestoreState != nil {
		p.RestoreState(s.state)
	}
}

// Try runs prod and reports whether it parsed; when a syntax error
// unwound it, the parser is back where it was. Input nested too deep is
// an error of the file, not a "no": it unwinds on, past the Try.
func (p *Parser) Try(prod func()) (ok bool) {
	s := p.Save()
	defer func() {
		if r := recover(); r != nil {
			if b, isBail := r.(Bailout); !isBail || b.Deep && !p.DeepIsNo {
				panic(r)
			}
			p.Restore(s)
			ok = false
		}
	}()
	prod()
	return true
}

// Lookahead runs test and reports what it returned (false when it hit a
// syntax error), then puts the parser back where it was. As in Try, input
// nested too deep unwinds on.
func (p *Parser) Lookahead(test func() bool) (ok bool) {
	s := p.Save()
	defer func() {
		r := recover()
		p.Restore(s)
		if r != nil {
			if b, isBail := r.(Bailout); !isBail || b.Deep && !p.DeepIsNo {
				panic(r)
			}
			ok = false
		}
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
