package python

import "github.com/agenttools/agenttools/grammars"

// The match statement (PEP 634) and its patterns.

// isMatchStatement tells, at the identifier match, a match statement from
// an expression or assignment that uses match as a name: the statement's
// subject is followed by a colon at bracket depth 0 that ends the line,
// as in match (x): but not in match(x) or match = 1.
func (p *parser) isMatchStatement() bool {
	switch p.peek(1) {
	case opAssign, opDot, opComma, opRParen, opRBrack, opRBrace, tNewline, tEOF, opColon, opSemi,
		opAddAs, opSubAs, opMulAs, opDivAs, opFloorAs, opModAs, opMatMulAs, opAndAs, opOrAs, opXorAs, opShrAs, opShlAs, opPowAs,
		kwIf, kwIn, kwIs, kwAnd, kwOr, kwFor, opEq, opNe, opLt, opGt, opLe, opGe, opWalrus:
		return false
	}
	depth, colon, yes := 0, false, false
	p.lex.scanAhead(func(k grammars.Kind) bool {
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
	m := p.b.Mark()
	p.leafAs(kwMatch)
	p.starExprList()
	p.enter()
	bm := p.b.Mark()
	p.expect(opColon)
	if p.kind != tNewline {
		p.errorExpected("newline after match")
	}
	p.indented(p.caseOrMetavar)
	p.b.Close(bm, nBlock, 0)
	p.leave()
	p.b.Close(m, nMatchStatement, 0)
}

// caseOrMetavar parses a case clause, or a pattern's metavariable on a
// line of its own, which stands for case clauses.
func (p *parser) caseOrMetavar() {
	if p.isMetavar() && p.peek(1) == tNewline {
		p.leaf()
		p.next()
		return
	}
	p.caseClause()
}

// caseClause parses case patterns [if guard]: block. An open sequence
// case a, *b: has the patterns as children, separated by commas.
func (p *parser) caseClause() {
	if !p.isSoft("case") {
		p.errorExpected("case")
	}
	m := p.b.Mark()
	p.leafAs(kwCase)
	for {
		p.maybeStarPattern()
		if !p.got(opComma) || p.kind == opColon || p.kind == kwIf {
			break
		}
	}
	if p.kind == kwIf {
		gm := p.b.Mark()
		p.leaf()
		p.namedExpr()
		p.b.Close(gm, nGuard, 0)
	}
	p.suite()
	p.b.Close(m, nCaseClause, 0)
}

func (p *parser) maybeStarPattern() {
	if p.kind == opMul {
		m := p.b.Mark()
		p.leaf()
		p.expect(tIdent)
		p.b.Close(m, nSplatPattern, 0)
		return
	}
	p.pattern()
}

// pattern parses an or-pattern, with as name after it.
func (p *parser) pattern() {
	p.enter()
	m := p.b.Mark()
	p.closedPattern()
	if p.kind == opOr {
		for p.got(opOr) {
			p.closedPattern()
		}
		p.b.Close(m, nUnionPattern, 0)
	}
	if p.got(kwAs) {
		p.expect(tIdent)
		p.b.Close(m, nAsPattern, 0)
	}
	p.leave()
}

func (p *parser) closedPattern() {
	m := p.b.Mark()
	switch p.kind {
	case tIdent:
		p.dottedName()
		if p.kind == opLParen {
			p.classPattern(m)
		}
	case tString:
		p.strings()
	case kwNone, kwTrue, kwFalse:
		p.leaf()
	case opSub, tInt, tFloat:
		p.number()
		if p.kind == opAdd || p.kind == opSub { // a complex literal, 1+2j
			p.leaf()
			p.number()
			p.b.Close(m, nBinaryOperator, 0)
		}
	case opLParen:
		p.sequencePattern(opRParen, nTuplePattern)
	case opLBrack:
		p.sequencePattern(opRBrack, nListPattern)
	case opLBrace:
		p.mappingPattern()
	default:
		p.errorExpected("pattern")
	}
}

// number parses a literal pattern's number, with its minus sign.
func (p *parser) number() {
	m := p.b.Mark()
	neg := p.got(opSub)
	if p.kind != tInt && p.kind != tFloat {
		p.errorExpected("number")
	}
	p.leaf()
	if neg {
		p.b.Close(m, nUnaryOperator, 0)
	}
}

// sequencePattern parses [p, …] or (p, …); a group pattern (p) is a
// tuple_pattern too, as in tree-sitter-python.
func (p *parser) sequencePattern(close, k grammars.Kind) {
	m := p.b.Mark()
	p.leaf()
	for p.kind != close {
		p.maybeStarPattern()
		if !p.got(opComma) {
			break
		}
	}
	p.expect(close)
	p.b.Close(m, k, 0)
}

// mappingPattern parses {key: p, …, **rest}; keys and values are
// children of the pattern, as in tree-sitter-python.
func (p *parser) mappingPattern() {
	m := p.b.Mark()
	p.leaf() // {
	for p.kind != opRBrace {
		if p.kind == opPow {
			sm := p.b.Mark()
			p.leaf()
			p.expect(tIdent)
			p.b.Close(sm, nSplatPattern, 0)
		} else {
			p.closedPattern()
			p.expect(opColon)
			p.pattern()
		}
		if !p.got(opComma) {
			break
		}
	}
	p.expect(opRBrace)
	p.b.Close(m, nDictPattern, 0)
}

// classPattern parses the arguments of Name(p, …, key=p, …); m marks
// the class name.
func (p *parser) classPattern(m int) {
	p.leaf() // (
	for p.kind != opRParen {
		if p.kind == tIdent && p.peek(1) == opAssign {
			km := p.b.Mark()
			p.leaf()
			p.leaf()
			p.pattern()
			p.b.Close(km, nKeywordPattern, 0)
		} else {
			p.maybeStarPattern()
		}
		if !p.got(opComma) {
			break
		}
	}
	p.expect(opRParen)
	p.b.Close(m, nClassPattern, 0)
}
