package java

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Expressions.

// The binary operators' levels, loosest first.
const (
	levelOr = iota + 1
	levelAnd
	levelBitOr
	levelBitXor
	levelBitAnd
	levelEquality
	levelRelational // < > <= >= instanceof
	levelShift
	levelAdditive
	levelMultiplicative
)

// operators are the binary operators by level. >=, >> and >>> are
// joined from adjacent > tokens, and >>= and >>>= are no binary operator
// but an assignment; instanceof is of the relational level, with a type
// or a pattern after it.
var operators = kit.NewPrecedence(
	[]grammars.Kind{tOrOr},
	[]grammars.Kind{tAndAnd},
	[]grammars.Kind{tPipe},
	[]grammars.Kind{tCaret},
	[]grammars.Kind{tAmp},
	[]grammars.Kind{tEq, tNe},
	[]grammars.Kind{tLT, tLE, tGT},
	[]grammars.Kind{tShl},
	[]grammars.Kind{tPlus, tMinus},
	[]grammars.Kind{tStar, tSlash, tPercent},
).
	Joined(levelRelational, tGT, tAssign).
	Joined(levelShift, tGT, tGT).
	Joined(levelShift, tGT, tGT, tGT).
	Joined(0, tGT, tGT, tAssign).
	Joined(0, tGT, tGT, tGT, tAssign).
	Typed(levelRelational, kwInstanceof, nInstanceofExpression, kwFinal)

// assignments are the assignment operators; the lexer keeps > alone, so
// >>= and >>>= are joined from adjacent tokens.
var assignments = kit.NewPrecedence([]grammars.Kind{tAssign, tPlusEq, tMinusEq, tStarEq, tSlashEq, tPercentEq, tCaretEq, tAmpEq, tPipeEq, tShlEq}).
	Joined(1, tGT, tGT, tAssign).
	Joined(1, tGT, tGT, tGT, tAssign)

// expr parses an expression: a lambda, an assignment, or a conditional.
func (p *parser) expr() {
	p.Enter()
	defer p.Leave()
	if p.lambdaAhead() {
		p.lambda()
		return
	}
	m := p.B.Mark()
	p.conditional()
	if p.GotOperator(assignments) {
		p.expr()
		p.B.Close(m, nAssignmentExpression, 0)
	}
}

// conditional parses c ? a : b and the binary expressions below it; a
// lambda may stand after the :, as the language says.
func (p *parser) conditional() {
	m := p.B.Mark()
	p.Climb(&p.binary, levelOr)
	if p.Kind != tQuestion {
		return
	}
	p.Enter()
	defer p.Leave()
	p.Leaf()
	p.expr()
	p.Expect(tColon)
	if p.lambdaAhead() {
		p.lambda()
	} else {
		p.conditional()
	}
	p.B.Close(m, nTernaryExpression, 0)
}

// lambdaAhead reports whether a lambda starts at the current token: x ->
// or ( … ) ->.
func (p *parser) lambdaAhead() bool {
	if p.noLambda {
		return false
	}
	switch p.Kind {
	case tIdent:
		return p.Peek(1) == tArrow
	case tLParen:
		j := p.PartnerOf(0)
		return j > 0 && p.Far(j+1).Kind == tArrow
	}
	return false
}

// lambda parses x -> e, (a, b) -> e, (int a, var b) -> { … }.
func (p *parser) lambda() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	switch {
	case p.Kind == tIdent:
		p.ident()
	case p.inferredAhead():
		p.Delimited(nInferredParameters, tLParen, tComma, tRParen, p.ident)
	default:
		p.formalParameters()
	}
	p.Expect(tArrow)
	if p.Kind == tLBrace {
		p.block()
	} else {
		p.expr()
	}
	p.B.Close(m, nLambdaExpression, 0)
}

// inferredAhead reports whether a lambda's parameters at the current (
// are names alone: (a, b).
func (p *parser) inferredAhead() bool {
	j := p.PartnerOf(0)
	if j < 2 {
		return false
	}
	for i := 1; i < j; i++ {
		if k := p.Far(i).Kind; i%2 == 1 && k != tIdent || i%2 == 0 && k != tComma {
			return false
		}
	}
	return true
}

// unary parses +e, -e, !e, ~e, ++e, --e, a cast, or a postfix
// expression.
func (p *parser) unary() {
	switch p.Kind {
	case tPlus, tMinus, tNot, tTilde:
		p.Enter()
		p.Prefix(nUnaryExpression, p.unary)
		p.Leave()
		return
	case tInc, tDec:
		p.Enter()
		p.Prefix(nUpdateExpression, p.unary)
		p.Leave()
		return
	case tLParen:
		if p.castAhead() {
			p.cast()
			return
		}
	}
	m := p.B.Mark()
	p.primary()
	p.selectors(m)
}

// castAhead reports whether the ( at the current token starts a cast:
// a primitive type in parentheses, whatever follows; or a class type
// (and more after &) followed by what may start an operand that is no
// + or - expression, as the language decides (a) - b.
func (p *parser) castAhead() bool {
	j := p.PartnerOf(0)
	if j < 2 {
		return false
	}
	first := p.Peek(1)
	if primitiveKind(first) == 0 {
		if first != tIdent && first != tAt || !startsOperand(p.Far(j+1).Kind) {
			return false
		}
	}
	closing := p.Far(j).Offset
	return p.Lookahead(func() bool {
		p.Next()
		p.typ()
		for p.Got(tAmp) {
			p.typ()
		}
		return p.Kind == tRParen && p.Tok.Offset == closing
	})
}

// startsOperand reports whether a token of kind k may start the operand
// of a cast to a class type: not + or -, which make (a) - b a
// subtraction.
func startsOperand(k grammars.Kind) bool {
	switch k {
	case tIdent, tDecimal, tHex, tOctal, tBinary, tFloat, tHexFloat, tChar, tString, tLParen, tNot, tTilde,
		kwThis, kwSuper, kwNew, kwSwitch, kwTrue, kwFalse, kwNull,
		kwByte, kwShort, kwInt, kwLong, kwChar, kwFloat, kwDouble, kwBoolean, kwVoid:
		return true
	}
	return false
}

// cast parses (T) e, (A & B) e, (T) () -> e.
func (p *parser) cast() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	p.Leaf()
	p.typ()
	for p.Got(tAmp) {
		p.typ()
	}
	p.Expect(tRParen)
	if p.lambdaAhead() {
		p.lambda()
	} else {
		p.unary()
	}
	p.B.Close(m, nCastExpression, 0)
}

// primary parses a literal, a name or a call of one, this, super, ( e
// ), new, a switch expression, or a type before .class or ::.
func (p *parser) primary() {
	m := p.B.Mark()
	switch p.Kind {
	case tDecimal, tHex, tOctal, tBinary, tFloat, tHexFloat, tChar, tString, kwTrue, kwFalse, kwNull, kwThis, kwSuper:
		p.Leaf()
	case tLParen:
		p.Enter()
		saved := p.noLambda
		p.noLambda = false
		p.Node(nParenthesizedExpression, func() {
			p.Leaf()
			p.expr()
			p.Expect(tRParen)
		})
		p.noLambda = saved
		p.Leave()
	case kwNew:
		p.creation(m)
	case kwSwitch:
		p.switchExpr()
	case kwByte, kwShort, kwInt, kwLong, kwChar, kwFloat, kwDouble, kwBoolean, kwVoid:
		p.typ() // int.class, int[]::new
		if p.Kind != tDot && p.Kind != tColons {
			p.ErrorExpected("'.class' or '::'")
		}
	case tIdent:
		switch p.Peek(1) {
		case tLParen:
			p.ident()
			p.arguments()
			p.B.Close(m, nMethodInvocation, 0)
		case tLT:
			if p.typeAhead(func() bool { return p.Kind == tColons }) {
				p.typ() // List<String>::size
				return
			}
			p.ident()
		case tLBrack:
			if p.Peek(2) == tRBrack {
				p.typ() // String[].class, int[][]::new
				return
			}
			p.ident()
		case tDot:
			if p.Peek(2) == kwClass {
				p.IdentAs(tTypeIdent)
				return
			}
			p.ident()
		default:
			p.ident()
		}
	default:
		p.ErrorExpected("expression")
	}
}

// selectors parses what follows a primary: .name, .name(args),
// .<T>name(args), .this, .class, .super, .new Inner(), [i], ::name,
// ++, --; each a node that closes at m.
func (p *parser) selectors(m int) {
	for {
		switch p.Kind {
		case tDot:
			switch p.Peek(1) {
			case tIdent:
				p.Leaf()
				p.ident()
				if p.Kind == tLParen {
					p.arguments()
					p.B.Close(m, nMethodInvocation, 0)
				} else {
					p.B.Close(m, nFieldAccess, 0)
				}
			case tLT:
				p.Leaf()
				p.typeArguments()
				p.ident()
				p.arguments()
				p.B.Close(m, nMethodInvocation, 0)
			case kwThis:
				p.Leaf()
				p.Leaf()
				p.B.Close(m, nFieldAccess, 0)
			case kwClass:
				p.Leaf()
				p.Leaf()
				p.B.Close(m, nClassLiteral, 0)
			case kwSuper:
				p.Leaf()
				p.Leaf()
				if p.Kind == tLParen {
					p.arguments() // outer.super(args), in a constructor
					p.B.Close(m, nExplicitConstructorInvocation, 0)
				} else {
					p.B.Close(m, nFieldAccess, 0)
				}
			case kwNew:
				p.Leaf()
				p.creation(m)
			default:
				return
			}
		case tLBrack:
			if p.Peek(1) == tRBrack {
				// Map.Entry[].class, Outer.Inner[]::new: a qualified
				// name was a type's.
				if !p.Lookahead(func() bool { p.dimensions(); return p.Kind == tColons || p.Kind == tDot && p.Peek(1) == kwClass }) {
					return
				}
				p.dimensions()
				p.B.Close(m, nArrayType, 0)
				continue
			}
			p.Enter()
			p.Leaf()
			p.expr()
			p.Expect(tRBrack)
			p.Leave()
			p.B.Close(m, nArrayAccess, 0)
		case tColons:
			p.Leaf()
			if p.Kind == tLT {
				p.typeArguments()
			}
			if !p.Got(kwNew) {
				p.ident()
			}
			p.B.Close(m, nMethodReference, 0)
		case tInc, tDec:
			p.Leaf()
			p.B.Close(m, nUpdateExpression, 0)
		default:
			return
		}
	}
}

// creation parses new T(args) { body }, new T[n][], new T[] { values },
// closing it at m: what it qualifies, outer.new Inner(), is in it.
func (p *parser) creation(m int) {
	p.Expect(kwNew)
	if p.Kind == tLT {
		p.typeArguments()
	}
	p.typeNoDims()
	if p.Kind == tLBrack || p.Kind == tAt {
		for p.Kind == tLBrack && p.Peek(1) != tRBrack {
			p.Enter()
			p.Node(nDimensionsExpr, func() { p.Leaf(); p.expr(); p.Expect(tRBrack) })
			p.Leave()
		}
		p.dimensions()
		if p.Kind == tLBrace {
			p.arrayInitializer()
		}
		p.B.Close(m, nArrayCreationExpression, 0)
		return
	}
	p.arguments()
	if p.Kind == tLBrace {
		p.classBody(nClassBody)
	}
	p.B.Close(m, nObjectCreationExpression, 0)
}

// arguments parses (a, b, c).
func (p *parser) arguments() {
	p.Enter()
	saved := p.noLambda
	p.noLambda = false
	p.Delimited(nArgumentList, tLParen, tComma, tRParen, p.expr)
	p.noLambda = saved
	p.Leave()
}

// instanceofTarget parses what follows instanceof (and final): a type, a
// type and a name (a pattern), or a record pattern.
func (p *parser) instanceofTarget() {
	m := p.B.Mark()
	p.typ()
	switch {
	case p.Kind == tLParen:
		p.Enter()
		p.Enclosed(nRecordPatternBody, tLParen, tRParen, func() { p.List(tComma, tRParen, p.pattern) })
		p.Leave()
		p.B.Close(m, nRecordPattern, 0)
	case p.Kind == tIdent:
		p.ident()
	}
}
