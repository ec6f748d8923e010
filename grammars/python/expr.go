package python

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Expressions, from the loosest binding to the tightest. Each level
// builds its node only when it has an operator; otherwise the operand is
// the expression, so a is one node whatever level reached it.

// startsExpr reports whether the current token can start an expression.
func (p *parser) startsExpr() bool {
	switch p.Kind {
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
	m := p.B.Mark()
	p.listElem(star)
	comma := false
	for p.Kind == opComma {
		p.Leaf()
		comma = true
		if !p.startsExpr() {
			break
		}
		p.listElem(star)
	}
	if comma {
		p.B.Close(m, nExpressionList, 0)
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
	m := p.B.Mark()
	p.target()
	comma := false
	for p.Kind == opComma {
		p.Leaf()
		comma = true
		if p.Kind == kwIn || !p.startsExpr() {
			break
		}
		p.target()
	}
	if comma {
		p.B.Close(m, nExpressionList, 0)
	}
}

// target parses one assignment target: an expression without
// comparisons, so for x in y stops at in.
func (p *parser) target() {
	p.PrefixOr(opMul, nListSplat, p.orExpr)
}

// starNamedExpr parses an element of a list, tuple, set or expression
// list: *x, or a named expression.
func (p *parser) starNamedExpr() {
	if p.Kind == opMul {
		p.Prefix(nListSplat, p.orExpr)
		return
	}
	p.namedExpr()
}

// namedExpr parses an expression or name := expression. Python allows
// := in fewer places than this; no valid code is read differently.
func (p *parser) namedExpr() {
	if p.Kind == tIdent && p.Peek(1) == opWalrus {
		p.Prefix(nNamedExpression, p.assigned)
		return
	}
	p.expr()
}

// expr parses an expression: a lambda, or a disjunction with a
// conditional's if and else after it.
func (p *parser) expr() {
	p.Enter()
	if p.Kind == kwLambda {
		p.lambda()
		p.Leave()
		return
	}
	m := p.B.Mark()
	p.disjunction()
	if p.Kind == kwIf {
		p.Leaf()
		p.disjunction()
		p.Expect(kwElse)
		p.expr()
		p.B.Close(m, nConditionalExpression, 0)
	}
	p.Leave()
}

// assigned parses the = or := of a keyword argument or a named
// expression, and the expression after it.
func (p *parser) assigned() {
	p.Leaf()
	p.expr()
}

func (p *parser) lambda() {
	p.Prefix(nLambda, func() {
		p.parameters(0, opColon, false)
		p.Expect(opColon)
		p.expr()
	})
}

func (p *parser) yieldExpr() {
	p.Prefix(nYield, func() {
		if p.Got(kwFrom) {
			p.expr()
		} else if p.startsExpr() && p.Kind != kwYield {
			p.starExprList()
		}
	})
}

// disjunction parses a or b or c, nested to the left as tree-sitter-python
// does.
func (p *parser) disjunction() { p.Chain(nBooleanOperator, p.conjunction, kwOr) }

func (p *parser) conjunction() { p.Chain(nBooleanOperator, p.inversion, kwAnd) }

func (p *parser) inversion() {
	if p.Kind != kwNot {
		p.comparison()
		return
	}
	p.Enter()
	p.Prefix(nNotOperator, p.inversion)
	p.Leave()
}

// comparison parses a chain a < b <= c as one flat node, as Python's ast
// has one Compare for it; not in and is not are two leaves each.
func (p *parser) comparison() {
	m := p.B.Mark()
	p.orExpr()
	ops := false
	for {
		switch p.Kind {
		case opLt, opGt, opLe, opGe, opEq, opNe, kwIn:
			p.Leaf()
		case kwIs:
			p.Leaf()
			p.Got(kwNot)
		case kwNot:
			if p.Peek(1) != kwIn {
				goto done
			}
			p.Leaf()
			p.Leaf()
		default:
			goto done
		}
		p.orExpr()
		ops = true
	}
done:
	if ops {
		p.B.Close(m, nComparisonOperator, 0)
	}
}

// binaryOps are the binary operators from | to *, loosest first.
var binaryOps = kit.NewPrecedence(
	[]grammars.Kind{opOr},
	[]grammars.Kind{opXor},
	[]grammars.Kind{opAnd},
	[]grammars.Kind{opShl, opShr},
	[]grammars.Kind{opAdd, opSub},
	[]grammars.Kind{opMul, opDiv, opFloorDiv, opMod, opMatMul},
)

// orExpr parses the binary operators from | to *, by precedence climbing.
func (p *parser) orExpr() { p.Binary(binaryOps, 1, p.factor, nBinaryOperator) }

// factor parses unary +, - and ~, which bind less tightly than ** on
// their right: -x**2 is -(x**2).
func (p *parser) factor() {
	switch p.Kind {
	case opAdd, opSub, opInvert:
		p.Enter()
		p.Prefix(nUnaryOperator, p.factor)
		p.Leave()
	default:
		p.power()
	}
}

func (p *parser) power() {
	m := p.B.Mark()
	p.PrefixOr(kwAwait, nAwait, p.primary)
	if p.Kind == opPow {
		p.Enter()
		p.Leaf()
		p.factor()
		p.B.Close(m, nBinaryOperator, 0)
		p.Leave()
	}
}

// primary parses an atom and its trailers: attributes, calls and
// subscripts.
func (p *parser) primary() {
	p.Enter()
	m := p.B.Mark()
	p.atom()
	for {
		switch p.Kind {
		case opDot:
			p.Leaf()
			p.Expect(tIdent)
			p.B.Close(m, nAttribute, 0)
		case opLParen:
			p.arguments()
			p.B.Close(m, nCall, 0)
		case opLBrack:
			p.subscript()
			p.B.Close(m, nSubscript, 0)
		default:
			p.Leave()
			return
		}
	}
}

func (p *parser) atom() {
	switch p.Kind {
	case tIdent, tInt, tFloat, kwTrue, kwFalse, kwNone, tEllipsis:
		p.Leaf()
	case tString:
		p.strings()
	case opLParen:
		p.paren()
	case opLBrack:
		p.bracket()
	case opLBrace:
		p.brace()
	case kwYield:
		p.Errorf("yield outside parentheses")
	default:
		p.ErrorExpected("expression")
	}
}

// strings parses adjacent string literals: one is a string, more are a
// concatenated_string of them.
func (p *parser) strings() {
	m := p.B.Mark()
	p.stringLit()
	if p.Kind != tString {
		return
	}
	for p.Kind == tString {
		p.stringLit()
	}
	p.B.Close(m, nConcatenatedString, 0)
}

// paren parses what starts with (: a tuple, a parenthesized expression or
// yield, or a generator expression.
func (p *parser) paren() {
	m := p.B.Mark()
	p.Leaf() // (
	switch p.Kind {
	case opRParen:
		p.Leaf()
		p.B.Close(m, nTuple, 0)
		return
	case kwYield:
		p.yieldExpr()
		p.Expect(opRParen)
		p.B.Close(m, nParenthesizedExpression, 0)
		return
	}
	p.starNamedExpr()
	switch p.Kind {
	case kwFor, kwAsync:
		p.comprehension()
		p.Expect(opRParen)
		p.B.Close(m, nGeneratorExpression, 0)
		return
	case opComma:
		p.elements(opRParen)
		p.B.Close(m, nTuple, 0)
		return
	}
	p.Expect(opRParen)
	p.B.Close(m, nParenthesizedExpression, 0)
}

// elements parses the rest of a tuple, list or set after its first
// element, up to and including the closing bracket.
func (p *parser) elements(close grammars.Kind) {
	p.More(opComma, close, p.starNamedExpr)
	p.Expect(close)
}

func (p *parser) bracket() {
	m := p.B.Mark()
	p.Leaf() // [
	if p.Got(opRBrack) {
		p.B.Close(m, nList, 0)
		return
	}
	p.starNamedExpr()
	if p.Kind == kwFor || p.Kind == kwAsync {
		p.comprehension()
		p.Expect(opRBrack)
		p.B.Close(m, nListComprehension, 0)
		return
	}
	p.elements(opRBrack)
	p.B.Close(m, nList, 0)
}

// brace parses a dictionary, a set, or a comprehension of either.
func (p *parser) brace() {
	m := p.B.Mark()
	p.Leaf() // {
	if p.Got(opRBrace) {
		p.B.Close(m, nDictionary, 0)
		return
	}
	if p.Kind == opPow {
		p.dictElem()
		p.dictRest(m)
		return
	}
	em := p.B.Mark()
	p.starNamedExpr()
	if p.Kind == opColon {
		p.Leaf()
		p.expr()
		p.B.Close(em, nPair, 0)
		if p.Kind == kwFor || p.Kind == kwAsync {
			p.comprehension()
			p.Expect(opRBrace)
			p.B.Close(m, nDictionaryComprehension, 0)
			return
		}
		p.dictRest(m)
		return
	}
	if p.Kind == kwFor || p.Kind == kwAsync {
		p.comprehension()
		p.Expect(opRBrace)
		p.B.Close(m, nSetComprehension, 0)
		return
	}
	p.elements(opRBrace)
	p.B.Close(m, nSet, 0)
}

func (p *parser) dictRest(m int) {
	p.More(opComma, opRBrace, p.dictElem)
	p.Expect(opRBrace)
	p.B.Close(m, nDictionary, 0)
}

// dictElem parses key: value or **mapping.
func (p *parser) dictElem() {
	if p.Kind == opPow {
		p.Prefix(nDictionarySplat, p.orExpr)
		return
	}
	m := p.B.Mark()
	p.expr()
	p.Expect(opColon)
	p.expr()
	p.B.Close(m, nPair, 0)
}

// comprehension parses the for and if clauses after a comprehension's
// element.
func (p *parser) comprehension() {
	for {
		m := p.B.Mark()
		switch p.Kind {
		case kwAsync:
			p.Leaf()
			if p.Kind != kwFor {
				p.ErrorExpected("for after async")
			}
			fallthrough
		case kwFor:
			p.Leaf()
			p.targetList()
			p.Expect(kwIn)
			p.disjunction()
			p.B.Close(m, nForInClause, 0)
		case kwIf:
			p.Prefix(nIfClause, p.disjunction)
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
	m := p.B.Mark()
	p.Leaf() // (
	first := true
	for p.Kind != opRParen {
		am := p.B.Mark()
		p.argument()
		if p.Kind == kwFor || p.Kind == kwAsync {
			if !first {
				p.Errorf("a generator expression argument must be the only one, or parenthesized")
			}
			p.comprehension()
			p.B.Close(am, nGeneratorExpression, 0)
			generator = true
			break
		}
		first = false
		if !p.Got(opComma) {
			break
		}
	}
	p.Expect(opRParen)
	p.B.Close(m, nArgumentList, 0)
	return generator
}

func (p *parser) argument() {
	switch {
	case p.Kind == opMul:
		p.Prefix(nListSplat, p.expr)
	case p.Kind == opPow:
		p.Prefix(nDictionarySplat, p.expr)
	case p.Kind == tIdent && p.Peek(1) == opAssign:
		p.Prefix(nKeywordArgument, p.assigned)
	default:
		p.namedExpr()
	}
}

// subscript parses [index] with its slices; several indices are
// children of the subscript, separated by commas.
func (p *parser) subscript() {
	p.Leaf() // [
	for {
		p.sliceItem()
		if !p.Got(opComma) || p.Kind == opRBrack {
			break
		}
	}
	p.Expect(opRBrack)
}

func (p *parser) sliceItem() {
	m := p.B.Mark()
	if p.Kind != opColon {
		p.starNamedExpr()
		if p.Kind != opColon {
			return
		}
	}
	p.Leaf() // :
	if p.Kind != opColon && p.Kind != opComma && p.Kind != opRBrack {
		p.expr()
	}
	if p.Got(opColon) && p.Kind != opComma && p.Kind != opRBrack {
		p.expr()
	}
	p.B.Close(m, nSlice, 0)
}
