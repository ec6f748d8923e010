package python

import "github.com/agenttools/agenttools/grammars"

// The match statement (PEP 634) and its patterns.

// isMatchStatement tells, at the identifier match, a match statement from
// an expression or assignment that uses match as a name: the statement's
// subject is followed by a colon at bracket depth 0 that ends the line,
// as in match (x): but not in match(x) or match = 1.
func (p *parser) isMatchStatement() bool {
	switch p.Peek(1) {
	case opAssign, opDot, opComma, opRParen, opRBrack, opRBrace, tNewline, tEOF, opColon, opSemi,
		opAddAs, opSubAs, opMulAs, opDivAs, opFloorAs, opModAs, opMatMulAs, opAndAs, opOrAs, opXorAs, opShrAs, opShlAs, opPowAs,
		kwIf, kwIn, kwIs, kwAnd, kwOr, kwFor, opEq, opNe, opLt, opGt, opLe, opGe, opWalrus:
		return false
	}
	depth, colon, yes := 0, false, false
	p.scanAhead(func(k grammars.Kind) bool {
		if colon {
			yes = k == tNewline
			return false
		}
		switch k {
		case opLParen, opLBrack, opLBrace:
			depth++
		case opRParen, opRBrack, opRBrace:
			depth--
		case opColon:
			colon = depth == 0
		case tNewline, tEOF:
			return false
		}
		return true
	})
	return yes
}

func (p *parser) matchStatement() {
	m := p.B.Mark()
	p.LeafAs(kwMatch)
	p.starExprList()
	p.Enter()
	bm := p.B.Mark()
	p.Expect(opColon)
	if p.Kind != tNewline {
		p.ErrorExpected("newline after match")
	}
	p.indented(p.caseOrMetavar)
	p.B.Close(bm, nBlock, 0)
	p.Leave()
	p.B.Close(m, nMatchStatement, 0)
}

// caseOrMetavar parses a case clause, or a pattern's metavariable on a
// line of its own, which stands for case clauses.
func (p *parser) caseOrMetavar() {
	if p.IsMetavar() && p.Peek(1) == tNewline {
		p.Leaf()
		p.Next()
		return
	}
	p.caseClause()
}

// caseClause parses case patterns [if guard]: block. An open sequence
// case a, *b: has the patterns as children, separated by commas.
func (p *parser) caseClause() {
	if !p.IsWord("case") {
		p.ErrorExpected("case")
	}
	m := p.B.Mark()
	p.LeafAs(kwCase)
	for {
		p.maybeStarPattern()
		if !p.Got(opComma) || p.Kind == opColon || p.Kind == kwIf {
			break
		}
	}
	p.Clause(kwIf, nGuard, p.namedExpr)
	p.suite()
	p.B.Close(m, nCaseClause, 0)
}

func (p *parser) maybeStarPattern() {
	if p.Kind == opMul {
		p.splatPattern()
		return
	}
	p.pattern()
}

// splatPattern parses *name or **name.
func (p *parser) splatPattern() {
	p.Prefix(nSplatPattern, func() { p.Expect(tIdent) })
}

// pattern parses an or-pattern, with as name after it.
func (p *parser) pattern() {
	p.Enter()
	m := p.B.Mark()
	p.closedPattern()
	if p.Kind == opOr {
		for p.Got(opOr) {
			p.closedPattern()
		}
		p.B.Close(m, nUnionPattern, 0)
	}
	if p.Got(kwAs) {
		p.Expect(tIdent)
		p.B.Close(m, nAsPattern, 0)
	}
	p.Leave()
}

func (p *parser) closedPattern() {
	m := p.B.Mark()
	switch p.Kind {
	case tIdent:
		p.dottedName()
		if p.Kind == opLParen {
			p.classPattern(m)
		}
	case tString:
		p.strings()
	case kwNone, kwTrue, kwFalse:
		p.Leaf()
	case opSub, tInt, tFloat:
		p.number()
		if p.Kind == opAdd || p.Kind == opSub { // a complex literal, 1+2j
			p.Leaf()
			p.number()
			p.B.Close(m, nBinaryOperator, 0)
		}
	case opLParen:
		p.sequencePattern(opRParen, nTuplePattern)
	case opLBrack:
		p.sequencePattern(opRBrack, nListPattern)
	case opLBrace:
		p.mappingPattern()
	default:
		p.ErrorExpected("pattern")
	}
}

// number parses a literal pattern's number, with its minus sign.
func (p *parser) number() {
	m := p.B.Mark()
	neg := p.Got(opSub)
	if p.Kind != tInt && p.Kind != tFloat {
		p.ErrorExpected("number")
	}
	p.Leaf()
	if neg {
		p.B.Close(m, nUnaryOperator, 0)
	}
}

// sequencePattern parses [p, …] or (p, …); a group pattern (p) is a
// tuple_pattern too, as in tree-sitter-python.
func (p *parser) sequencePattern(close, k grammars.Kind) {
	m := p.B.Mark()
	p.Leaf()
	for p.Kind != close {
		p.maybeStarPattern()
		if !p.Got(opComma) {
			break
		}
	}
	p.Expect(close)
	p.B.Close(m, k, 0)
}

// mappingPattern parses {key: p, …, **rest}; keys and values are
// children of the pattern, as in tree-sitter-python. It counts a level:
// a key is read as a closed pattern, not through pattern, so {{{… would
// otherwise nest without one.
func (p *parser) mappingPattern() {
	p.Enter()
	m := p.B.Mark()
	p.Leaf() // {
	for p.Kind != opRBrace {
		if p.Kind == opPow {
			p.splatPattern()
		} else {
			p.closedPattern()
			p.Expect(opColon)
			p.pattern()
		}
		if !p.Got(opComma) {
			break
		}
	}
	p.Expect(opRBrace)
	p.B.Close(m, nDictPattern, 0)
	p.Leave()
}

// classPattern parses the arguments of Name(p, …, key=p, …); m marks
// the class name.
func (p *parser) classPattern(m int) {
	p.Leaf() // (
	for p.Kind != opRParen {
		if p.Kind == tIdent && p.Peek(1) == opAssign {
			p.Prefix(nKeywordPattern, func() {
				p.Leaf()
				p.pattern()
			})
		} else {
			p.maybeStarPattern()
		}
		if !p.Got(opComma) {
			break
		}
	}
	p.Expect(opRParen)
	p.B.Close(m, nClassPattern, 0)
}
