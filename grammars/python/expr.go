package python

import "github.com/agenttools/agenttools/grammars"

// Expressions, from the loosest binding to the tightest. Each level
// builds its node only when it has an operator; otherwise the operand is
// the expression, so a is one node whatever level reached it.

// startsExpr reports whether the current token can start an expression.
func (p *parser) startsExpr() bool {
	switch p.kind {
	case tIdent, tInt, tFloat, tString, kwTrue, kwFalse, kwNone, tEllipsis,
		opLParen, opLBrack, opLBrace, opSub, opAdd, opInvert, opMul, opPow,
		kwNot, kwLambda, kwAwait, kwYield:
		return true
	}
	return false
}

// starExprList parses expressions with stars, as on either side of =,
// after return and in a for: more than one, or one with a trailing
// comma, is an expression_list (a tuple without parentheses).
func (p *parser) starExprList() { p.list(true) }

// exprList is starExprList without stars, as after except.
func (p *parser) exprList() { p.list(false) }

func (p *parser) list(star bool) {
	m := p.b.Mark()
	p.listElem(star)
	comma := false
	for p.kind == opComma {
		p.leaf()
		comma = true
		if !p.startsExpr() {
			break
		}
		p.listElem(star)
	}
	if comma {
		p.b.Close(m, nExpressionList, 0)
	}
}

func (p *parser) listElem(star bool) {
	if star {
		p.starNamedExpr()
	} else {
		p.namedExpr()
	}
}

// targetList parses the targets of a for, which stop before in.
func (p *parser) targetList() {
	m := p.b.Mark()
	p.target()
	comma := false
	for p.kind == opComma {
		p.leaf()
		comma = true
		if p.kind == kwIn || !p.startsExpr() {
			break
		}
		p.target()
	}
	if comma {
		p.b.Close(m, nExpressionList, 0)
	}
}

// target parses one assignment target: an expression without
// comparisons, so for x in y stops at in.
func (p *parser) target() {
	if p.kind == opMul {
		m := p.b.Mark()
		p.leaf()
		p.orExpr()
		p.b.Close(m, nListSplat, 0)
		return
	}
	p.orExpr()
}

// starNamedExpr parses an element of a list, tuple, set or expression
// list: *x, or a named expression.
func (p *parser) starNamedExpr() {
	if p.kind == opMul {
		m := p.b.Mark()
		p.leaf()
		p.orExpr()
		p.b.Close(m, nListSplat, 0)
		return
	}
	p.namedExpr()
}

// namedExpr parses an expression or name := expression. Python allows
// := in fewer places than this; no valid code is read differently.
func (p *parser) namedExpr() {
	if p.kind == tIdent && p.peek(1) == opWalrus {
		m := p.b.Mark()
		p.leaf()
		p.leaf()
		p.expr()
		p.b.Close(m, nNamedExpression, 0)
		return
	}
	p.expr()
}

// expr parses an expression: a lambda, or a disjunction with a
// conditional's if and else after it.
func (p *parser) expr() {
	p.enter()
	if p.kind == kwLambda {
		p.lambda()
		p.leave()
		return
	}
	m := p.b.Mark()
	p.disjunction()
	if p.kind == kwIf {
		p.leaf()
		p.disjunction()
		p.expect(kwElse)
		p.expr()
		p.b.Close(m, nConditionalExpression, 0)
	}
	p.leave()
}

func (p *parser) lambda() {
	m := p.b.Mark()
	p.leaf() // lambda
	p.parameters(0, opColon, false)
	p.expect(opColon)
	p.expr()
	p.b.Close(m, nLambda, 0)
}

func (p *parser) yieldExpr() {
	m := p.b.Mark()
	p.leaf() // yield
	if p.got(kwFrom) {
		p.expr()
	} else if p.startsExpr() && p.kind != kwYield {
		p.starExprList()
	}
	p.b.Close(m, nYield, 0)
}

// disjunction parses a or b or c, nested to the left as tree-sitter-python
// does.
func (p *parser) disjunction() {
	m := p.b.Mark()
	p.conjunction()
	for p.kind == kwOr {
		p.leaf()
		p.conjunction()
		p.b.Close(m, nBooleanOperator, 0)
	}
}

func (p *parser) conjunction() {
	m := p.b.Mark()
	p.inversion()
	for p.kind == kwAnd {
		p.leaf()
		p.inversion()
		p.b.Close(m, nBooleanOperator, 0)
	}
}

func (p *parser) inversion() {
	if p.kind != kwNot {
		p.comparison()
		return
	}
	p.enter()
	m := p.b.Mark()
	p.leaf()
	p.inversion()
	p.b.Close(m, nNotOperator, 0)
	p.leave()
}

// comparison parses a chain a < b <= c as one flat node, as Python's ast
// has one Compare for it; not in and is not are two leaves each.
func (p *parser) comparison() {
	m := p.b.Mark()
	p.orExpr()
	ops := false
	for {
		switch p.kind {
		case opLt, opGt, opLe, opGe, opEq, opNe, kwIn:
			p.leaf()
		case kwIs:
			p.leaf()
			p.got(kwNot)
		case kwNot:
			if p.peek(1) != kwIn {
				goto done
			}
			p.leaf()
			p.leaf()
		default:
			goto done
		}
		p.orExpr()
		ops = true
	}
done:
	if ops {
		p.b.Close(m, nComparisonOperator, 0)
	}
}

func precedence(k grammars.Kind) int {
	switch k {
	case opOr:
		return 1
	case opXor:
		return 2
	case opAnd:
		return 3
	case opShl, opShr:
		return 4
	case opAdd, opSub:
		return 5
	case opMul, opDiv, opFloorDiv, opMod, opMatMul:
		return 6
	}
	return 0
}

// orExpr parses the binary operators from | to *, by precedence climbing.
func (p *parser) orExpr() { p.binaryExpr(1) }

func (p *parser) binaryExpr(prec1 int) {
	m := p.b.Mark()
	p.factor()
	for {
		prec := precedence(p.kind)
		if prec < prec1 {
			return
		}
		p.leaf()
		p.binaryExpr(prec + 1)
		p.b.Close(m, nBinaryOperator, 0)
	}
}

// factor parses unary +, - and ~, which bind less tightly than ** on
// their right: -x**2 is -(x**2).
func (p *parser) factor() {
	switch p.kind {
	case opAdd, opSub, opInvert:
		p.enter()
		m := p.b.Mark()
		p.leaf()
		p.factor()
		p.b.Close(m, nUnaryOperator, 0)
		p.leave()
	default:
		p.power()
	}
}

func (p *parser) power() {
	m := p.b.Mark()
	if p.kind == kwAwait {
		p.leaf()
		p.primary()
		p.b.Close(m, nAwait, 0)
	} else {
		p.primary()
	}
	if p.kind == opPow {
		p.enter()
		p.leaf()
		p.factor()
		p.b.Close(m, nBinaryOperator, 0)
		p.leave()
	}
}

// primary parses an atom and its trailers: attributes, calls and
// subscripts.
func (p *parser) primary() {
	p.enter()
	m := p.b.Mark()
	p.atom()
	for {
		switch p.kind {
		case opDot:
			p.leaf()
			p.expect(tIdent)
			p.b.Close(m, nAttribute, 0)
		case opLParen:
			p.arguments()
			p.b.Close(m, nCall, 0)
		case opLBrack:
			p.subscript()
			p.b.Close(m, nSubscript, 0)
		default:
			p.leave()
			return
		}
	}
}

func (p *parser) atom() {
	switch p.kind {
	case tIdent, tInt, tFloat, kwTrue, kwFalse, kwNone, tEllipsis:
		p.leaf()
	case tString:
		p.strings()
	case opLParen:
		p.paren()
	case opLBrack:
		p.bracket()
	case opLBrace:
		p.brace()
	case kwYield:
		p.errorf("yield outside parentheses")
	default:
		p.errorExpected("expression")
	}
}

// strings parses adjacent string literals: one is a string, more are a
// concatenated_string of them.
func (p *parser) strings() {
	m := p.b.Mark()
	p.leaf()
	if p.kind != tString {
		return
	}
	for p.kind == tString {
		p.leaf()
	}
	p.b.Close(m, nConcatenatedString, 0)
}

// paren parses what starts with (: a tuple, a parenthesized expression or
// yield, or a generator expression.
func (p *parser) paren() {
	m := p.b.Mark()
	p.leaf() // (
	switch p.kind {
	case opRParen:
		p.leaf()
		p.b.Close(m, nTuple, 0)
		return
	case kwYield:
		p.yieldExpr()
		p.expect(opRParen)
		p.b.Close(m, nParenthesizedExpression, 0)
		return
	}
	p.starNamedExpr()
	switch p.kind {
	case kwFor, kwAsync:
		p.comprehension()
		p.expect(opRParen)
		p.b.Close(m, nGeneratorExpression, 0)
		return
	case opComma:
		p.elements(opRParen)
		p.b.Close(m, nTuple, 0)
		return
	}
	p.expect(opRParen)
	p.b.Close(m, nParenthesizedExpression, 0)
}

// elements parses the rest of a tuple, list or set after its first
// element, up to and including the closing bracket.
func (p *parser) elements(close grammars.Kind) {
	for p.got(opComma) {
		if p.kind == close {
			break
		}
		p.starNamedExpr()
	}
	p.expect(close)
}

func (p *parser) bracket() {
	m := p.b.Mark()
	p.leaf() // [
	if p.got(opRBrack) {
		p.b.Close(m, nList, 0)
		return
	}
	p.starNamedExpr()
	if p.kind == kwFor || p.kind == kwAsync {
		p.comprehension()
		p.expect(opRBrack)
		p.b.Close(m, nListComprehension, 0)
		return
	}
	p.elements(opRBrack)
	p.b.Close(m, nList, 0)
}

// brace parses a dictionary, a set, or a comprehension of either.
func (p *parser) brace() {
	m := p.b.Mark()
	p.leaf() // {
	if p.got(opRBrace) {
		p.b.Close(m, nDictionary, 0)
		return
	}
	if p.kind == opPow {
		p.dictElem()
		p.dictRest(m)
		return
	}
	em := p.b.Mark()
	p.starNamedExpr()
	if p.kind == opColon {
		p.leaf()
		p.expr()
		p.b.Close(em, nPair, 0)
		if p.kind == kwFor || p.kind == kwAsync {
			p.comprehension()
			p.expect(opRBrace)
			p.b.Close(m, nDictionaryComprehension, 0)
			return
		}
		p.dictRest(m)
		return
	}
	if p.kind == kwFor || p.kind == kwAsync {
		p.comprehension()
		p.expect(opRBrace)
		p.b.Close(m, nSetComprehension, 0)
		return
	}
	p.elements(opRBrace)
	p.b.Close(m, nSet, 0)
}

func (p *parser) dictRest(m int) {
	for p.got(opComma) {
		if p.kind == opRBrace {
			break
		}
		p.dictElem()
	}
	p.expect(opRBrace)
	p.b.Close(m, nDictionary, 0)
}

// dictElem parses key: value or **mapping.
func (p *parser) dictElem() {
	m := p.b.Mark()
	if p.got(opPow) {
		p.orExpr()
		p.b.Close(m, nDictionarySplat, 0)
		return
	}
	p.expr()
	p.expect(opColon)
	p.expr()
	p.b.Close(m, nPair, 0)
}

// comprehension parses the for and if clauses after a comprehension's
// element.
func (p *parser) comprehension() {
	for {
		m := p.b.Mark()
		switch p.kind {
		case kwAsync:
			p.leaf()
			if p.kind != kwFor {
				p.errorExpected("for after async")
			}
			fallthrough
		case kwFor:
			p.leaf()
			p.targetList()
			p.expect(kwIn)
			p.disjunction()
			p.b.Close(m, nForInClause, 0)
		case kwIf:
			p.leaf()
			p.disjunction()
			p.b.Close(m, nIfClause, 0)
		default:
			return
		}
	}
}

// arguments parses a call's or class's arguments in parentheses into an
// argument_list, and reports whether the only argument is a generator
// without parentheses of its own. f(x for x in y) is then an argument
// list holding a generator_expression (without the call's parentheses),
// so that f($X) and f($$$A) match it as they match any one argument.
func (p *parser) arguments() (generator bool) {
	m := p.b.Mark()
	p.leaf() // (
	first := true
	for p.kind != opRParen {
		am := p.b.Mark()
		p.argument()
		if p.kind == kwFor || p.kind == kwAsync {
			if !first {
				p.errorf("a generator expression argument must be the only one, or parenthesized")
			}
			p.comprehension()
			p.b.Close(am, nGeneratorExpression, 0)
			generator = true
			break
		}
		first = false
		if !p.got(opComma) {
			break
		}
	}
	p.expect(opRParen)
	p.b.Close(m, nArgumentList, 0)
	return generator
}

func (p *parser) argument() {
	m := p.b.Mark()
	switch {
	case p.kind == opMul:
		p.leaf()
		p.expr()
		p.b.Close(m, nListSplat, 0)
	case p.kind == opPow:
		p.leaf()
		p.expr()
		p.b.Close(m, nDictionarySplat, 0)
	case p.kind == tIdent && p.peek(1) == opAssign:
		p.leaf()
		p.leaf()
		p.expr()
		p.b.Close(m, nKeywordArgument, 0)
	default:
		p.namedExpr()
	}
}

// subscript parses [index] with its slices; several indices are
// children of the subscript, separated by commas.
func (p *parser) subscript() {
	p.leaf() // [
	for {
		p.sliceItem()
		if !p.got(opComma) || p.kind == opRBrack {
			break
		}
	}
	p.expect(opRBrack)
}

func (p *parser) sliceItem() {
	m := p.b.Mark()
	if p.kind != opColon {
		p.starNamedExpr()
		if p.kind != opColon {
			return
		}
	}
	p.leaf() // :
	if p.kind != opColon && p.kind != opComma && p.kind != opRBrack {
		p.expr()
	}
	if p.got(opColon) && p.kind != opComma && p.kind != opRBrack {
		p.expr()
	}
	p.b.Close(m, nSlice, 0)
}
