package javascript

// Speculation: where TypeScript parses ahead to decide (an arrow
// function or a parenthesized expression, type arguments or a
// comparison), the parser does too, and comes back when it fails.

// try runs prod and reports whether it parsed; when it did not, the
// parser is back where it was, context flags included.
func (p *parser) try(prod func()) bool {
	saved := p.ctx
	if p.Try(p.lx.resetAfter, prod) {
		return true
	}
	p.ctx = saved
	return false
}

// lookahead runs test and reports what it returned (false when it hit a
// syntax error), then puts the parser back where it was.
func (p *parser) lookahead(test func() bool) bool {
	saved := p.ctx
	defer func() { p.ctx = saved }()
	return p.Lookahead(p.lx.resetAfter, test)
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

// withCtx runs prod with the context flags set and cleared as given.
func (p *parser) withCtx(set, clear ctx, prod func()) {
	saved := p.ctx
	p.ctx = p.ctx&^clear | set
	prod()
	p.ctx = saved
}
