package dart

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Expressions.

// The binary operators' levels, loosest first.
const (
	levelIfNull = iota + 1
	levelOr
	levelAnd
	levelEquality
	levelRelational // < > <= >= is as
	levelBitOr
	levelBitXor
	levelBitAnd
	levelShift
	levelAdditive
	levelMultiplicative
)

// expr parses an expression: an assignment, a cascade, a conditional, a
// throw.
func (p *parser) expr() { p.exprWith(true) }

// exprNoCascade parses an expression with no cascade at its top: a
// conditional's branches, a cascade's assigned value.
func (p *parser) exprNoCascade() { p.exprWith(false) }

func (p *parser) exprWith(cascade bool) {
	p.Enter()
	defer p.Leave()
	if p.Kind == kwThrow {
		p.Prefix(nThrowExpression, func() { p.exprWith(cascade) })
		return
	}
	m := p.B.Mark()
	p.conditional()
	if cascade && (p.Kind == tDotDot || p.Kind == tQDotDot) {
		for p.Kind == tDotDot || p.Kind == tQDotDot {
			p.cascadeSection()
		}
		p.B.Close(m, nCascadeExpression, 0)
		return
	}
	if p.GotOperator(assignments) {
		p.exprWith(cascade)
		p.B.Close(m, nAssignmentExpression, 0)
	}
}

// assignments are the assignment operators; the lexer keeps > alone, so
// >>= and >>>= are joined from adjacent tokens.
var assignments = kit.NewPrecedence([]grammars.Kind{tAssign, tPlusEq, tMinusEq, tStarEq, tSlashEq, tPercentEq, tTildeSlashEq, tCaretEq, tAmpEq, tPipeEq, tShlEq, tQQEq}).
	Joined(1, tGT, tGT, tAssign).
	Joined(1, tGT, tGT, tGT, tAssign)

// conditional parses c ? a : b.
func (p *parser) conditional() {
	m := p.B.Mark()
	p.Climb(&p.binary, levelIfNull)
	if p.Kind == tQuestion {
		p.Leaf()
		p.exprNoCascade()
		p.Expect(tColon)
		p.exprNoCascade()
		p.B.Close(m, nConditionalExpression, 0)
	}
}

// binaryAbove parses an operand of the operators of level l: an
// expression of the tighter levels only.
func (p *parser) binaryAbove(l int) { p.Climb(&p.binary, l+1) }

// operators are the binary operators by level. >=, >> and >>> are joined
// from adjacent > tokens, and >>= and >>>= are no binary operator but an
// assignment; is and as are of the relational level, with a type after
// them.
var operators = kit.NewPrecedence(
	[]grammars.Kind{tQQ},
	[]grammars.Kind{tOrOr},
	[]grammars.Kind{tAndAnd},
	[]grammars.Kind{tEq, tNe},
	[]grammars.Kind{tLT, tLE, tGT},
	[]grammars.Kind{tPipe},
	[]grammars.Kind{tCaret},
	[]grammars.Kind{tAmp},
	[]grammars.Kind{tShl},
	[]grammars.Kind{tPlus, tMinus},
	[]grammars.Kind{tStar, tSlash, tPercent, tTildeSlash},
).
	Joined(levelRelational, tGT, tAssign).
	Joined(levelShift, tGT, tGT).
	Joined(levelShift, tGT, tGT, tGT).
	Joined(0, tGT, tGT, tAssign).
	Joined(0, tGT, tGT, tGT, tAssign).
	Typed(levelRelational, kwIs, nTypeTestExpression, tNot).
	Word(levelRelational, tIdent, "as", tWord, nTypeCastExpression)

// unary parses -e, !e, ~e, ++e, --e, await e, or a postfix expression.
func (p *parser) unary() {
	switch p.Kind {
	case tMinus, tNot, tTilde, tInc, tDec:
		p.Enter()
		p.Prefix(nUnaryExpression, p.unary)
		p.Leave()
		return
	case tIdent:
		// await++ increments a variable named await; await --x awaits.
		if p.Tok.Text == "await" && startsExpr(p.Peek(1)) && (p.Peek(1) != tInc && p.Peek(1) != tDec || startsExpr(p.Peek(2))) {
			p.Enter()
			p.Node(nAwaitExpression, func() { p.LeafAs(tWord); p.unary() })
			p.Leave()
			return
		}
	}
	m := p.B.Mark()
	p.primary()
	p.selectors(m)
}

// selectors parses what follows a primary: .name, ?.name, [i], ?[i],
// (args), <T>(args), !, ++, --; each a node that closes at m.
func (p *parser) selectors(m int) { p.selectorsOf(m, true) }

// selectorsOf parses selectors, closing each as a node at m when nest
// says so, and leaving them flat otherwise.
func (p *parser) selectorsOf(m int, nest bool) {
	closeAs := func(k grammars.Kind) {
		if nest {
			p.B.Close(m, k, 0)
		}
	}
	for {
		switch p.Kind {
		case tDot, tQDot:
			p.Leaf()
			p.nameOrNew(tFieldIdent)
			if p.Kind == tLT && p.typeArgumentsAhead() {
				p.typeArguments()
			}
			if p.Kind == tLParen {
				p.arguments()
				closeAs(nMethodCall)
			} else {
				closeAs(nFieldAccess)
			}
		case tLBrack:
			p.index()
			closeAs(nIndexExpression)
		case tQuestion:
			if p.Peek(1) != tLBrack || !p.Adjacent(1) {
				return
			}
			p.Leaf()
			p.index()
			closeAs(nIndexExpression)
		case tLParen:
			p.arguments()
			closeAs(nCallExpression)
		case tLT:
			if !p.typeArgumentsAhead() {
				return
			}
			p.typeArguments()
			if p.Kind == tLParen {
				p.arguments()
				closeAs(nCallExpression)
			} else {
				closeAs(nTypeLiteral)
			}
		case tNot:
			p.Leaf()
			closeAs(nNullAssertExpression)
		case tInc, tDec:
			p.Leaf()
			closeAs(nPostfixExpression)
		default:
			return
		}
	}
}

// index parses [e].
func (p *parser) index() {
	p.Expect(tLBrack)
	p.expr()
	p.Expect(tRBrack)
}

// typeArgumentsAhead reports whether the < at the current token opens
// type arguments: f<int>(x), List<int>.filled, and not a < b.
func (p *parser) typeArgumentsAhead() bool {
	return p.Lookahead(func() bool {
		p.typeArguments()
		switch p.Kind {
		case tLParen, tDot, tRParen, tRBrack, tRBrace, tInterpEnd, tSemi, tComma, tColon, tEq, tNe, tQDot, tDotDot, tQDotDot, tQQ, tEOF:
			return true
		case tQuestion:
			return p.Peek(1) != tLBrack
		}
		return false
	})
}

// arguments parses (a, b, name: c,).
func (p *parser) arguments() {
	p.Enter()
	defer p.Leave()
	saved := p.noArrow
	p.noArrow = false
	defer func() { p.noArrow = saved }()
	m := p.B.Mark()
	p.Expect(tLParen)
	p.List(tComma, tRParen, p.argument)
	p.Expect(tRParen)
	p.B.Close(m, nArguments, 0)
}

// argument parses e or name: e.
func (p *parser) argument() {
	if p.Kind == tIdent && p.Peek(1) == tColon {
		p.labeled(nNamedArgument, p.expr)
		return
	}
	p.expr()
}

// labeled parses name: and what value parses after it, closed as a node
// of kind k.
func (p *parser) labeled(k grammars.Kind, value func()) {
	p.Node(k, func() {
		p.IdentAs(tLabel)
		p.Leaf()
		value()
	})
}

// cascadeSection parses ..a.b(c) = d, ?..[i], after the target.
func (p *parser) cascadeSection() {
	m := p.B.Mark()
	p.Leaf()
	s := m
	if p.Kind == tLBrack {
		p.index()
	} else {
		p.nameOrNew(tFieldIdent)
		if p.Kind == tLT && p.typeArgumentsAhead() {
			p.typeArguments()
		}
		if p.Kind == tLParen {
			p.arguments()
		}
	}
	// A section's selectors stay flat: in x..a.b(c) the receiver of b is
	// x.a, which is written nowhere, so $R.b($A) must not find a.b(c).
	p.selectorsOf(s, false)
	if p.GotOperator(assignments) {
		p.exprNoCascade()
	}
	p.B.Close(m, nCascadeSection, 0)
}

// primary parses a literal, a name, this, super, a collection, a record,
// a function expression, new and const, a switch expression, or ( e ).
func (p *parser) primary() {
	m := p.B.Mark()
	switch p.Kind {
	case kwThis, kwSuper, kwNull, kwTrue, kwFalse, tInt, tDouble:
		p.Leaf()
	case tString, tStringStart:
		p.strings()
	case tIdent:
		if p.Peek(1) == tLT && p.bareType() {
			p.typ() // List<int> as a value is the type, as in a declaration
			return
		}
		p.ident()
	case tHash:
		p.symbol()
	case kwNew:
		p.Prefix(nNewExpression, p.constructorCall)
	case kwConst:
		p.Prefix(nConstExpression, p.constant)
	case tLBrack:
		p.collection(m, tLBrack, tRBrack, nListLiteral)
	case tLBrace:
		p.collection(m, tLBrace, tRBrace, nSetOrMapLiteral)
	case tLT:
		if p.Lookahead(func() bool { p.typeParameters(); return p.Kind == tLParen }) && p.functionAhead(0, true) {
			p.functionExpr(m)
			return
		}
		p.typeArguments()
		if p.Kind == tLBrack {
			p.collection(m, tLBrack, tRBrack, nListLiteral)
		} else {
			p.collection(m, tLBrace, tRBrace, nSetOrMapLiteral)
		}
	case tLParen:
		if p.functionAhead(0, false) {
			p.functionExpr(m)
			return
		}
		p.record(m)
	case kwSwitch:
		p.switchExpr()
	case tDot:
		// A dot shorthand (Dart 3.10): .light, .symmetric(x), .new(), a
		// member of the type the context wants.
		p.Prefix(nDotShorthand, func() { p.nameOrNew(tFieldIdent) })
	case kwVoid:
		p.typ() // void where an expression stands: a type argument's, a tear-off's
		p.B.Close(m, nTypeLiteral, 0)
	default:
		p.ErrorExpected("expression")
	}
}

// constant parses what follows const in an expression: a collection, a
// record, a constructor call, or a dot shorthand's .named(args).
func (p *parser) constant() {
	switch p.Kind {
	case tLBrack, tLBrace, tLT, tLParen:
		p.primary()
	case tDot:
		p.Leaf()
		p.nameOrNew(tFieldIdent)
		p.arguments()
	default:
		p.constructorCall()
	}
}

// bareType reports whether a name and type arguments are a type standing
// alone as a value (List<int>, Map<K, V>?), with no call or member after
// them.
func (p *parser) bareType() bool {
	return p.Lookahead(func() bool {
		p.Next()
		if !p.typeArgumentsAhead() {
			return false
		}
		p.typeArguments()
		return p.Kind != tLParen && p.Kind != tDot && p.Kind != tQDot && p.Kind != tLBrack
	})
}

// functionAhead reports whether a function expression's parameters start
// n tokens ahead: ( … ) followed by a body; after type parameters when
// generic.
func (p *parser) functionAhead(n int, generic bool) bool {
	if generic {
		return true // <T>(…) after type parameters is always a function
	}
	j := p.PartnerOf(n)
	return j > 0 && p.bodyAt(j+1) && !(p.noArrow && p.Far(j+1).Kind == tArrow)
}

// functionExpr parses (a, b) => e, (a) { … }, <T>(T x) => x, async ones.
func (p *parser) functionExpr(m int) {
	p.optTypeParameters()
	p.formalParameters()
	p.functionBody(false, true)
	p.B.Close(m, nFunctionExpression, 0)
}

// constructorCall parses A(args), A.b(args), p.A<T>.b(args) after new
// or const.
func (p *parser) constructorCall() {
	p.typ()
	p.dotName()
	p.arguments()
}

// record parses (), (e), (e,), (a, name: b).
func (p *parser) record(m int) {
	p.Expect(tLParen)
	n, comma, named := 0, false, false
	for p.Kind != tRParen && p.Kind != tEOF {
		if p.Kind == tIdent && p.Peek(1) == tColon {
			named = true
		}
		p.argument()
		n++
		if !p.Got(tComma) {
			break
		}
		comma = true
	}
	p.Expect(tRParen)
	if n == 1 && !comma && !named {
		p.B.Close(m, nParenthesizedExpression, 0)
		return
	}
	p.B.Close(m, nRecordLiteral, 0)
}

// collection parses a list, set or map literal's elements between open
// and close, after its type arguments, closing it at m.
func (p *parser) collection(m int, open, close, kind grammars.Kind) {
	p.Enter()
	defer p.Leave()
	saved := p.noArrow
	p.noArrow = false
	defer func() { p.noArrow = saved }()
	p.Expect(open)
	p.List(tComma, close, func() { p.element(open == tLBrace) })
	p.Expect(close)
	p.B.Close(m, kind, 0)
}

// element parses a collection's element: e, ...e, ...?e, ?e, if (c) e
// else f, for (…) e, and k: v where entries may stand.
func (p *parser) element(entries bool) {
	p.Enter()
	defer p.Leave()
	switch {
	case p.Kind == tEllipsis || p.Kind == tQEllipsis:
		p.Prefix(nSpreadElement, p.expr)
		return
	case p.Kind == kwIf:
		p.Prefix(nIfElement, func() {
			p.ifHead()
			p.element(entries)
			if p.Got(kwElse) {
				p.element(entries)
			}
		})
		return
	case p.Kind == kwFor || p.IsWord("await") && p.Peek(1) == kwFor:
		p.Node(nForElement, func() {
			p.gotWord("await")
			p.Leaf()
			p.forParts()
			p.element(entries)
		})
		return
	}
	m := p.B.Mark()
	p.nullAware()
	if entries && p.Got(tColon) {
		p.nullAware()
		p.B.Close(m, nPair, 0)
	}
}

// nullAware parses e, or ?e: an element, key or value left out when null.
func (p *parser) nullAware() {
	if p.Kind != tQuestion {
		p.expr()
		return
	}
	p.Prefix(nNullAwareElement, p.expr)
}

// switchExpr parses switch (e) { p when g => e, … }.
func (p *parser) switchExpr() {
	p.Prefix(nSwitchExpression, func() {
		p.parenExpr()
		p.Expect(tLBrace)
		p.List(tComma, tRBrace, func() { p.Node(nSwitchExpressionCase, p.switchExprCase) })
		p.Expect(tRBrace)
	})
}

// switchExprCase parses p when g => e.
func (p *parser) switchExprCase() {
	p.pattern()
	p.guard(true)
	p.Expect(tArrow)
	p.expr()
}

// symbol parses #name, #a.b, #+, #[]=.
func (p *parser) symbol() {
	p.Prefix(nSymbolLiteral, func() {
		switch {
		case p.Kind == tIdent || p.Kind == kwVoid:
			p.Leaf()
			for p.Kind == tDot && p.Peek(1) == tIdent {
				p.Leaf()
				p.Leaf()
			}
		case isOperator(p.Kind):
			p.operatorName()
		default:
			p.ErrorExpected("symbol")
		}
	})
}

// interpolated parses the expression of a ${ } and its closing }.
func (p *parser) interpolated() {
	p.expr()
	if p.Kind != tInterpEnd {
		p.ErrorExpected("'}'")
	}
	p.Leaf()
}

// strings parses a string, or strings written next to each other ('a'
// 'b'), which are one.
func (p *parser) strings() {
	m := p.B.Mark()
	n := 0
	for p.Kind == tString || p.Kind == tStringStart {
		p.stringLiteral()
		n++
	}
	if n > 1 {
		p.B.Close(m, nAdjacentStrings, 0)
	}
}

// stringLiteral parses one string: a single token, or an interpolated
// string's pieces and its $name and ${ e } interpolations, each a node
// whose expression a pattern matches in.
func (p *parser) stringLiteral() {
	if p.Kind == tString {
		p.Leaf()
		return
	}
	if p.Kind != tStringStart {
		p.ErrorExpected("string")
	}
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	open := *p.Tok
	p.Leaf()
	for {
		switch p.Kind {
		case tDollar:
			p.Prefix(nInterpolation, p.Leaf) // the name, or this
		case tDollarBrace:
			p.Prefix(nInterpolation, p.interpolated)
		case tStringMid:
			p.Leaf()
		case tIdent: // a pattern's $X, for one interpolation
			p.Leaf()
		case tStringEnd:
			p.Leaf()
			p.B.Close(m, nStringLiteral, 0)
			return
		default:
			panic(kit.Bailout{Err: &grammars.Error{Line: int(open.Line), Column: int(open.Column), Msg: "string literal not terminated"}})
		}
	}
}
