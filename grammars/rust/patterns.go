package rust

// pattern parses a pattern, alternatives included: A | B, and a leading
// |.
func (p *parser) pattern() {
	m := p.B.Mark()
	lead := p.Got(tOr)
	p.patternNoTopAlt()
	n := 1
	for p.Got(tOr) {
		p.patternNoTopAlt()
		n++
	}
	if n > 1 || lead {
		p.B.Close(m, nOrPattern, 0)
	}
}

// patternNoTopAlt parses one pattern with no | at its top.
func (p *parser) patternNoTopAlt() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	p.rangePatternBound(m)
}

// rangePatternBound parses a pattern that may be the start of a range
// pattern: 1..=9, 'a'..='z', A..B, ..=5, X...Y.
func (p *parser) rangePatternBound(m int) {
	if p.Kind == tDotDotEq || p.Kind == tDotDotDot || p.Kind == tDotDot && p.rangeEndStart(1) {
		p.Leaf()
		p.rangeEnd()
		p.B.Close(m, nRangePattern, 0)
		return
	}
	p.primaryPattern()
	switch p.Kind {
	case tDotDotEq, tDotDotDot:
		p.Leaf()
		p.rangeEnd()
		p.B.Close(m, nRangePattern, 0)
	case tDotDot:
		if p.B.Len(m) == 1 && p.rangeOperand() {
			p.Leaf()
			if p.rangeEndStart(0) {
				p.rangeEnd()
			}
			p.B.Close(m, nRangePattern, 0)
		}
	}
}

// rangeOperand reports whether the pattern just parsed can bound a range.
func (p *parser) rangeOperand() bool {
	k := p.B.Nodes[p.B.Top()].Kind
	switch k {
	case tInt, tFloat, tChar, tString, nLiteralPattern, nPath, tIdent, nIdentifierPattern, nPathPattern:
		return true
	}
	return false
}

// rangeEndStart reports whether the token n places ahead can end a range
// pattern.
func (p *parser) rangeEndStart(n int) bool {
	switch p.Peek(n) {
	case tInt, tFloat, tChar, tString, tMinus, tIdent, tPathSep, kwSelfType, kwCrate, kwSuper, kwSelfValue, tLT:
		return true
	}
	return false
}

// rangeEnd parses the end of a range pattern: a literal, -1, or a path.
func (p *parser) rangeEnd() {
	switch p.Kind {
	case tMinus:
		p.Prefix(nLiteralPattern, p.Leaf)
	case tInt, tFloat, tChar, tString:
		p.Leaf()
	default:
		p.exprPath()
	}
}

// primaryPattern parses a pattern but for ranges and alternatives.
func (p *parser) primaryPattern() {
	m := p.B.Mark()
	switch p.Kind {
	case tUnderscore:
		p.Node(nWildcardPattern, p.Leaf)
	case tDotDot:
		p.Node(nRestPattern, p.Leaf)
	case tInt, tFloat, tChar, tString, kwTrue, kwFalse:
		p.Leaf()
	case tMinus:
		p.Leaf()
		if p.Kind != tInt && p.Kind != tFloat {
			p.ErrorExpected("number")
		}
		p.Leaf()
		p.B.Close(m, nLiteralPattern, 0)
	case tAnd:
		p.Prefix(nReferencePattern, func() {
			p.Got(kwMut)
			p.patternNoTopAlt()
		})
	case tLParen:
		p.parenthesized(p.pattern, nTuplePattern, nParenthesizedPattern, nTuplePattern)
	case tLBrack:
		p.Delimited(nSlicePattern, tLBrack, tComma, tRBrack, p.pattern)
	case kwRef, kwMut:
		p.Got(kwRef)
		p.Got(kwMut)
		p.ident()
		if p.Got(tAt) {
			p.patternNoTopAlt()
		}
		p.B.Close(m, nIdentifierPattern, 0)
	case kwBox:
		p.Prefix(nBoxPattern, p.patternNoTopAlt)
	case kwConst:
		p.Prefix(nConstBlock, p.block)
	case tIdent:
		if p.builtinStart() {
			p.builtin(m) // builtin # deref(x)
			return
		}
		if p.Peek(1) == tAt {
			p.Leaf()
			p.Leaf()
			p.patternNoTopAlt()
			p.B.Close(m, nIdentifierPattern, 0)
			return
		}
		switch p.Peek(1) {
		case tPathSep, tLParen, tLBrace, tNot, tLT:
			p.pathPattern(m)
		default:
			p.Leaf() // a binding, or a constant: only name resolution knows
		}
	default:
		p.pathPattern(m)
	}
}

// pathPattern parses a pattern that starts with a path: A::B, S(a, b),
// S { a, b: c, .. }, m!(…).
func (p *parser) pathPattern(m int) {
	p.exprPath()
	switch p.Kind {
	case tLParen:
		p.Leaf()
		p.List(tComma, tRParen, p.pattern)
		p.Expect(tRParen)
		p.B.Close(m, nTupleStructPattern, 0)
	case tLBrace:
		p.Leaf()
		p.List(tComma, tRBrace, p.fieldPattern)
		p.Expect(tRBrace)
		p.B.Close(m, nStructPattern, 0)
	case tNot:
		p.Leaf()
		p.macroArgs(false)
		p.B.Close(m, nMacroInvocation, 0)
	}
}

// fieldPattern parses a: p, ref mut b, box c, .., and 0: p.
func (p *parser) fieldPattern() {
	p.attributes() // outer attributes are the siblings before
	m := p.B.Mark()
	switch {
	case p.Kind == tDotDot:
		p.Node(nRestPattern, p.Leaf)
		return
	case (p.Kind == tIdent || p.Kind == tInt) && p.Peek(1) == tColon:
		p.LeafAs(tFieldIdent)
		p.Leaf()
		p.pattern()
	case p.Pattern && p.IsRun(0):
		p.Leaf()
		return
	default:
		p.Got(kwBox)
		p.Got(kwRef)
		p.Got(kwMut)
		p.ident()
	}
	p.B.Close(m, nFieldPattern, 0)
}
