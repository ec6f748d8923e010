package javascript

import "github.com/agenttools/agenttools/grammars/kit"

// Speculation: where TypeScript parses ahead to decide (an arrow
// function or a parenthesized expression, type arguments or a
// comparison), the parser does too, and comes back when it fails.

// A snapshot is the parser's state at a token, to come back to.
type snapshot struct {
	tok   kit.Token
	end   uint32
	depth int
	mark  int
	ctx   ctx
}

// save returns the parser's state.
func (p *parser) save() snapshot {
	return snapshot{tok: *p.Tok, end: p.End, depth: p.Depth, mark: p.B.Mark(), ctx: p.ctx}
}

// restore goes back to s: the nodes built since are dropped and the
// lexer reads again from just after s's token.
func (p *parser) restore(s snapshot) {
	p.B.Truncate(s.mark)
	p.lx.resetAfter(&s.tok)
	p.Win.Reset(s.tok)
	p.Load()
	p.End, p.Depth, p.ctx = s.end, s.depth, s.ctx
}

// try runs prod and reports whether it parsed; when it did not, the
// parser is back where it was.
func (p *parser) try(prod func()) (ok bool) {
	s := p.save()
	defer func() {
		if r := recover(); r != nil {
			if _, isBail := r.(kit.Bailout); !isBail {
				panic(r)
			}
			p.restore(s)
			ok = false
		}
	}()
	prod()
	return true
}

// speculate is try, remembering a failure at this offset so that a
// speculation of that kind is never tried here again.
func (p *parser) speculate(kind uint8, prod func()) bool {
	off := p.Tok.Offset
	if p.failed[off]&kind != 0 {
		return false
	}
	if p.try(prod) {
		return true
	}
	if p.failed == nil {
		p.failed = map[uint32]uint8{}
	}
	p.failed[off] |= kind
	return false
}

// lookahead runs test and reports what it returned (false when it hit a
// syntax error), then puts the parser back where it was.
func (p *parser) lookahead(test func() bool) (ok bool) {
	s := p.save()
	defer func() {
		if r := recover(); r != nil {
			if _, isBail := r.(kit.Bailout); !isBail {
				panic(r)
			}
			ok = false
		}
		p.restore(s)
	}()
	return test()
}

// withCtx runs prod with the context flags set and cleared as given.
func (p *parser) withCtx(set, clear ctx, prod func()) {
	saved := p.ctx
	p.ctx = p.ctx&^clear | set
	prod()
	p.ctx = saved
}
