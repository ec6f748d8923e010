package c

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Expressions.

var binaryOps = kit.NewPrecedence(
	[]grammars.Kind{tOrOr},
	[]grammars.Kind{tAndAnd},
	[]grammars.Kind{tPipe},
	[]grammars.Kind{tCaret},
	[]grammars.Kind{tAmp},
	[]grammars.Kind{tEq, tNe},
	[]grammars.Kind{tLT, tGT, tLE, tGE},
	[]grammars.Kind{tShl, tShr},
	[]grammars.Kind{tPlus, tMinus},
	[]grammars.Kind{tStar, tSlash, tPercent},
)

func isAssignOp(k grammars.Kind) bool {
	switch k {
	case tAssign, tPlusEq, tMinusEq, tStarEq, tSlashEq, tPercentEq, tAmpEq, tPipeEq, tCaretEq, tShlEq, tShrEq:
		return true
	}
	return false
}

// expr parses an expression with commas: a, b.
func (p *parser) expr() { p.Sequence(nCommaExpression, tComma, p.assignment) }

// parenExpr parses ( expression ).
func (p *parser) parenExpr() { p.inParens(p.expr) }

// inParens parses ( what prod parses ).
func (p *parser) inParens(prod func()) {
	p.Expect(tLParen)
	prod()
	p.Expect(tRParen)
}

// assignment parses a = b, a += b, or a conditional.
func (p *parser) assignment() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	p.conditional()
	if p.cxx {
		if n := p.cxxAssignOp(); n > 0 {
			for range n {
				p.Leaf()
			}
			if p.Kind == tLBrace {
				p.initializerList()
			} else {
				p.assignment()
			}
			p.B.Close(m, nAssignmentExpression, 0)
		}
		return
	}
	if isAssignOp(p.Kind) {
		p.Leaf()
		p.assignment()
		p.B.Close(m, nAssignmentExpression, 0)
	}
}

// conditional parses c ? a : b, and GNU's c ?: b.
func (p *parser) conditional() {
	m := p.B.Mark()
	if p.cxx {
		p.Climb(p.cxxClimb(), 1)
	} else {
		p.Binary(binaryOps, 1, p.unary, nBinaryExpression)
	}
	if p.Kind == tQuestion {
		p.Leaf()
		if p.Kind != tColon {
			p.with(&p.noGT, false, p.expr)
		}
		p.Expect(tColon)
		p.assignment()
		p.B.Close(m, nConditionalExpression, 0)
	}
}

// unary parses prefix operators, casts, sizeof and _Alignof, or a
// postfix expression.
func (p *parser) unary() {
	p.Enter()
	defer p.Leave()
	if p.cxx && p.cxxUnary() {
		return
	}
	switch p.Kind {
	case tStar, tAmp:
		p.Prefix(nPointerExpression, p.unary)
	case tMinus, tPlus, tNot, tTilde, kwReal, kwImag, kwExtension:
		p.Prefix(nUnaryExpression, p.unary)
	case tAndAnd: // GNU's &&label
		p.Prefix(nUnaryExpression, func() { p.IdentAs(tLabel) })
	case tInc, tDec:
		p.Prefix(nUpdateExpression, p.unary)
	case kwSizeof:
		p.Prefix(nSizeofExpression, p.sizeofOperand)
	case kwAlignof:
		p.Prefix(nAlignofExpression, p.sizeofOperand)
	case tLParen:
		if p.cxx && p.cxxCastAhead() || !p.cxx && p.castAhead() {
			p.cast()
		} else {
			p.postfixExpr()
		}
	default:
		p.postfixExpr()
	}
}

// postfixExpr parses a primary expression and its postfix operators.
func (p *parser) postfixExpr() {
	m := p.B.Mark()
	p.primary()
	p.postfix(m)
}

// cast parses (T) operand, or a compound literal, (T){…}, and what
// follows it as an operand.
func (p *parser) cast() {
	m := p.B.Mark()
	p.parenType()
	if p.Kind != tLBrace {
		p.unary()
		p.B.Close(m, nCastExpression, 0)
		return
	}
	p.initializerList()
	p.B.Close(m, nCompoundLiteral, 0)
	p.postfix(m)
}

// sizeofOperand parses what follows sizeof or _Alignof: a type in
// parentheses, or an operand.
func (p *parser) sizeofOperand() {
	switch {
	case p.Kind == tLParen && (p.cxx && (p.cxxCastAhead() || p.parenHoldsType()) || !p.cxx && p.castAhead()):
		p.parenType()
		if p.Kind == tLBrace { // sizeof (T){…}, a compound literal's size
			p.initializerList()
		}
	case p.Kind == tLParen && !postfixStarts(p.afterPartner(0).Kind):
		// sizeof (x): the parentheses are sizeof's, as they are around a
		// type, so sizeof($T) finds sizeof(int) and sizeof(x) alike.
		// sizeof (a)[0] is the size of (a)[0].
		p.Leaf()
		p.expr()
		p.Expect(tRParen)
	default:
		p.unary()
	}
}

// castAhead reports whether the ( at the current token holds a type
// name: a type keyword, a typedef's name, or an unknown name and stars
// before the ) and an operand after it ((T *)p, (T)x).
func (p *parser) castAhead() bool {
	k := p.Peek(1)
	if k != tIdent {
		return isSpecifier(k) && k != kwExtension
	}
	if p.objectMacro(p.tok(1).Text) && isSpecifier(p.Peek(2)) {
		return true // (vector float)x, vector a macro the file defines
	}
	if p.typedefs[p.tok(1).Text] {
		if p.Peek(2) == tLBrack {
			return p.arrayLiteralAhead()
		}
		return p.Peek(2) != tDot && p.Peek(2) != tArrow && p.Peek(2) != tLParen
	}
	n := 2
	for p.Peek(n) == tStar && n < 7 {
		n++
	}
	if p.Peek(n) != tRParen {
		return false
	}
	if n > 2 {
		return true // (T *)
	}
	switch p.Peek(n + 1) {
	case tIdent, tNumber, tChar, tString, tLParen, tNot, tTilde, kwSizeof:
		return true
	}
	return false
}

// arrayLiteralAhead reports whether (T[…]) at the current token is an
// array's compound literal's type: its ) has a { after it. (a[0]) is
// an element, though a be a typedef's name too.
func (p *parser) arrayLiteralAhead() bool {
	j := p.partnerIndex(2)
	if j < 0 {
		return false
	}
	rp, k := p.following(j)
	if rp.Kind != tRParen {
		return false
	}
	lb, _ := p.following(k)
	return lb.Kind == tLBrace
}

// postfixStarts reports whether a token of kind k goes on with an
// operand before it as a postfix operator.
func postfixStarts(k grammars.Kind) bool {
	switch k {
	case tLBrack, tLParen, tDot, tArrow, tInc, tDec, tLBrace:
		return true
	}
	return false
}

// postfix parses what follows an operand: [i], (args), .f, ->f, ++, --.
func (p *parser) postfix(m int) {
	for {
		switch {
		case p.cxx && p.Kind == tIdent && p.B.Len(m) == 1 && isMacroName(p.Tok.Text) && p.Peek(1) == tLParen &&
			p.kindAt(p.prevIdx(p.index())) == tIdent:
			p.Leaf() // std::max BOOST_PREVENT_MACRO_SUBSTITUTION (a, b)
		case p.cxx && p.cxxSelector(m):
		case !p.cxx && p.selector(m):
		case p.Kind == tLParen:
			if p.B.Len(m) == 1 && isMacroName(p.lastIdent) {
				p.macroArguments() // FUNC(typeof, 1): a macro's arguments may be tokens
			} else {
				p.arguments()
			}
			p.B.Close(m, nCallExpression, 0)
		case p.Kind == tInc || p.Kind == tDec:
			p.Leaf()
			p.B.Close(m, nUpdateExpression, 0)
		default:
			return
		}
	}
}

// selector parses a subscript, [i], or a member, .f or ->f, after the
// operand that starts at mark m, and reports whether there was one.
func (p *parser) selector(m int) bool {
	switch p.Kind {
	case tLBrack:
		p.Leaf()
		p.expr()
		p.Expect(tRBrack)
		p.B.Close(m, nSubscriptExpression, 0)
	case tDot, tArrow:
		p.Leaf()
		p.IdentAs(tFieldIdent)
		p.B.Close(m, nFieldExpression, 0)
	default:
		return false
	}
	return true
}

// arguments parses (a, b); a macro's may be a type (va_arg(ap, int),
// offsetof(struct s, f)).
func (p *parser) arguments() {
	saved := p.noGT
	p.noGT = false
	defer func() { p.noGT = saved }() // a failed Try unwinds through here
	p.Enclosed(nArgumentList, tLParen, tRParen, func() { p.List(tComma, tRParen, p.argument) })
}

// argument parses an argument of a call: an expression, or a type.
func (p *parser) argument() {
	if p.cxx {
		m := p.B.Mark()
		if p.cxxArgumentIsType() {
			p.typeName()
		} else {
			p.assignment()
		}
		if p.Kind == tEllipsis {
			p.Leaf()
			p.B.Close(m, nParameterPackExpansion, 0)
		}
		p.macrosAfter()
		return
	}
	if p.argumentIsType() {
		p.typeName()
		return
	}
	p.assignment()
	p.macrosAfter()
}

// macroArguments parses a macro call's arguments as arguments where
// they parse, and as tokens where they do not (LOCK(int x;)).
func (p *parser) macroArguments() {
	if p.Try(p.arguments) {
		return
	}
	p.Node(nArgumentList, p.balanced)
}

// argumentIsType reports whether a type name is the argument at the
// current token: a type keyword's, or struct … followed by , or ).
func (p *parser) argumentIsType() bool {
	if p.Kind == tIdent {
		// T *, T ** and a typedef's name, alone: va_arg(ap, T *)
		n := 1
		for p.Peek(n) == tStar && n < 7 {
			n++
		}
		end := p.Peek(n) == tComma || p.Peek(n) == tRParen
		return end && (n > 1 || p.typedefs[p.Tok.Text])
	}
	return isSpecifier(p.Kind) && p.Kind != kwExtension
}

// primary parses a name, a literal, strings, ( e ), ({ statements }),
// _Generic, __builtin_va_arg, __builtin_offsetof.
func (p *parser) primary() {
	if p.cxx && p.cxxPrimary() {
		return
	}
	p.lastIdent = ""
	switch p.Kind {
	case tIdent:
		if p.Peek(1) == tString && isMacroName(p.Tok.Text) {
			p.strings() // PRIu64 "x": a macro's string before another
			return
		}
		p.lastIdent = p.Tok.Text
		p.Leaf()
	case tNumber, tChar:
		p.Leaf()
	case tString:
		p.strings()
	case tLParen:
		// ({ statements }), GNU's statement expression, or ( e )
		if p.Peek(1) == tLBrace {
			p.Node(nStatementExpression, func() { p.inParens(p.compound) })
		} else {
			p.Node(nParenthesizedExpression, func() { p.inParens(p.expr) })
		}
	case kwGeneric:
		p.Prefix(nGenericExpression, func() {
			p.inParens(func() {
				p.assignment()
				for p.Got(tComma) {
					p.Node(nGenericAssociation, p.genericAssociation)
				}
			})
		})
	case kwBuiltinVaArg:
		p.Prefix(nVaArgExpression, func() {
			p.inParens(func() {
				p.assignment()
				p.Expect(tComma)
				p.typeName()
			})
		})
	case kwBuiltinOffsetof:
		p.Prefix(nOffsetofExpression, func() {
			p.inParens(func() {
				p.typeName()
				p.Expect(tComma)
				p.postfixDesignator()
			})
		})
	default:
		p.ErrorExpected("expression")
	}
}

// genericAssociation parses a _Generic's T: e, or default: e.
func (p *parser) genericAssociation() {
	if p.Kind == kwDefault {
		p.Leaf()
	} else {
		p.typeName()
	}
	p.Expect(tColon)
	p.assignment()
}

// postfixDesignator parses offsetof's member: a.b[2].c.
func (p *parser) postfixDesignator() {
	m := p.B.Mark()
	p.IdentAs(tFieldIdent)
	for p.Kind != tArrow && p.selector(m) {
	}
}

// strings parses "a" "b", and a macro's name or call among them
// ("%" PRIu64, "v=" STR(x)).
func (p *parser) strings() {
	m := p.B.Mark()
	n := 0
	for {
		switch {
		case p.Kind == tString:
			p.Leaf()
		case p.Kind == tIdent && isMacroName(p.Tok.Text) && p.Peek(1) == tString:
			p.Leaf()
		case p.Kind == tIdent && n > 0 && p.Peek(1) == tLParen:
			c := p.B.Mark()
			p.Leaf()
			p.arguments()
			p.B.Close(c, nCallExpression, 0)
		default:
			if n > 1 {
				p.B.Close(m, nConcatenatedString, 0)
			}
			return
		}
		n++
	}
}
