package c

import (
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// C++'s expressions.

// cxxBinaryOps are C++'s binary operators: C's, with <=> and the
// pointer-to-member operators, and >> made of two adjacent > (the lexer
// reads > alone, for template arguments).
var cxxBinaryOps = kit.NewPrecedence(
	[]grammars.Kind{tOrOr},
	[]grammars.Kind{tAndAnd},
	[]grammars.Kind{tPipe},
	[]grammars.Kind{tCaret},
	[]grammars.Kind{tAmp},
	[]grammars.Kind{tEq, tNe},
	[]grammars.Kind{tLT, tGT, tLE, tGE},
	[]grammars.Kind{tSpaceship},
	[]grammars.Kind{tShl},
	[]grammars.Kind{tPlus, tMinus},
	[]grammars.Kind{tStar, tSlash, tPercent},
	[]grammars.Kind{tDotStar, tArrowStar},
).Joined(9, tGT, tGT)

// cxxClimb returns the operator climb of C++'s binary expressions: a >
// ends the expression where it closes template arguments.
func (p *parser) cxxClimb() *kit.Climb {
	if p.climb == nil {
		p.climb = &kit.Climb{Ops: cxxBinaryOps, Operand: p.unary, Node: nBinaryExpression,
			Stop: func() bool {
				return p.Kind == tGT && (p.noGT || p.Peek(1) == tGE && p.Adjacent(1))
			}}
	}
	return p.climb
}

// cxxAssignOp reports whether an assignment's operator is at the current
// token, and how many tokens it is: >>= is > and >=.
func (p *parser) cxxAssignOp() int {
	if isAssignOp(p.Kind) {
		return 1
	}
	if p.Kind == tGT && p.Peek(1) == tGE && p.Adjacent(1) && !p.noGT {
		return 2
	}
	return 0
}

// exprNested parses an expression inside brackets, where > is an
// operator again.
func (p *parser) exprNested() {
	p.with(&p.noGT, false, p.expr)
}

// parenthesizedExpr parses ( expression ) as a parenthesized_expression.
func (p *parser) parenthesizedExpr() {
	p.Node(nParenthesizedExpression, func() {
		p.Expect(tLParen)
		p.exprNested()
		p.Expect(tRParen)
	})
}

// parenthesized parses ( e ) in an expression: a fold expression, or a
// parenthesized one.
func (p *parser) parenthesized() {
	if p.foldAhead() {
		p.fold()
		return
	}
	p.parenthesizedExpr()
}

// foldAhead reports whether the ( at the current token holds a fold
// expression: a ... next to an operator, not inside brackets.
func (p *parser) foldAhead() bool {
	i := p.index()
	end := p.partnerAt(i)
	if end < 0 {
		return false
	}
	prev := tLParen
	for j := p.nextIdx(i); j < end; j = p.nextIdx(j) {
		k := p.kindAt(j)
		switch k {
		case tLParen, tLBrack, tLBrace:
			if q := p.partnerAt(j); q > j {
				j = q
			}
		case tEllipsis:
			// (... op e), (e op ...), (e op ... op e); not a pack's
			// expansion, f<Ts...>::value
			next := p.kindAt(p.nextIdx(j))
			if prev == tLParen || isFoldOp(prev) && (next == tRParen || isFoldOp(next)) {
				return true
			}
		}
		prev = k
	}
	return false
}

// isFoldOp reports whether k is a fold expression's operator (or the
// first > of >> and >>=).
func isFoldOp(k grammars.Kind) bool {
	switch k {
	case tPlus, tMinus, tStar, tSlash, tPercent, tCaret, tAmp, tPipe, tShl, tGT, tLT, tAssign, tPlusEq, tMinusEq,
		tStarEq, tSlashEq, tPercentEq, tCaretEq, tAmpEq, tPipeEq, tShlEq, tGE, tEq, tNe, tLE, tAndAnd, tOrOr,
		tComma, tDotStar, tArrowStar:
		return true
	}
	return false
}

// fold parses ( e op ... ), ( ... op e ) and ( e op ... op e ).
func (p *parser) fold() {
	p.Node(nFoldExpression, func() {
		p.Expect(tLParen)
		saved := p.noGT
		p.noGT = false
		defer func() { p.noGT = saved }()
		if p.Kind == tEllipsis {
			p.Leaf()
			p.foldOp()
			p.unary()
		} else {
			p.unary() // a cast expression
			p.foldOp()
			p.Expect(tEllipsis)
			if p.Kind != tRParen {
				p.foldOp()
				p.unary() // a cast expression
			}
		}
		p.Expect(tRParen)
	})
}

// foldOp pushes a fold's operator, >> and >>= as their two tokens.
func (p *parser) foldOp() {
	if p.Kind == tGT && (p.Peek(1) == tGT || p.Peek(1) == tGE) && p.Adjacent(1) {
		p.Leaf()
	}
	if !isFoldOp(p.Kind) {
		p.ErrorExpected("operator")
	}
	p.Leaf()
}

// cxxUnary parses C++'s prefix forms: new, delete, co_await, throw,
// sizeof..., and reports whether there was one.
func (p *parser) cxxUnary() bool {
	switch p.Kind {
	case kwNew:
		p.newExpression()
	case kwDelete:
		p.deleteExpression()
	case tColonColon:
		switch p.Peek(1) {
		case kwNew:
			p.newExpression()
		case kwDelete:
			p.deleteExpression()
		default:
			return false
		}
	case kwCoAwait:
		p.Prefix(nCoAwaitExpression, p.unary)
	case kwThrow:
		p.Prefix(nThrowStatement, func() {
			if p.startsExpression() {
				p.assignment()
			}
		})
	case kwSizeof:
		if p.Peek(1) != tEllipsis {
			return false
		}
		p.Prefix(nSizeofExpression, func() {
			p.Leaf()
			p.Expect(tLParen)
			p.IdentAs(tIdent)
			p.Expect(tRParen)
		})
	default:
		return false
	}
	return true
}

// startsExpression reports whether an expression can start at the
// current token: throw; has none.
func (p *parser) startsExpression() bool {
	switch p.Kind {
	case tSemi, tRParen, tRBrack, tRBrace, tComma, tColon, tEOF:
		return false
	}
	return true
}

// newExpression parses ::new (placement) T(args), new T[n], new T{…}.
func (p *parser) newExpression() {
	p.Node(nNewExpression, func() {
		p.Got(tColonColon)
		p.Expect(kwNew)
		if p.Kind == tLParen && !p.newTypeInParens() {
			p.arguments() // the placement
		}
		if p.Kind == tLParen {
			p.parenType() // new (T)
		} else {
			p.cxxSpecifiers(ctxType)
			if p.Kind == tStar || p.Kind == tAmp || p.Kind == tAndAnd {
				p.abstractPtrs()
			}
		}
		if p.Kind == tLBrack {
			p.Node(nNewDeclarator, func() {
				for p.Kind == tLBrack {
					p.Leaf()
					p.exprNested()
					p.Expect(tRBrack)
				}
			})
		}
		switch p.Kind {
		case tLParen:
			p.arguments()
		case tLBrace:
			p.initializerList()
		}
	})
}

// newTypeInParens reports whether the ( after new holds the type, not
// a placement: new (T)(args) is rare; new (buf) T is the placement.
func (p *parser) newTypeInParens() bool {
	after := p.afterPartner(0).Kind
	return after != tIdent && after != tColonColon && !isSpecifier(after) && !isCxxTypeWord(after) && after != kwTypename &&
		after != kwDecltype && after != kwAuto
}

// deleteExpression parses ::delete p and delete[] p.
func (p *parser) deleteExpression() {
	p.Node(nDeleteExpression, func() {
		p.Got(tColonColon)
		p.Expect(kwDelete)
		if p.Kind == tLBrack && p.Peek(1) == tRBrack {
			p.Leaf()
			p.Leaf()
		}
		p.unary()
	})
}

// cxxCastAhead reports whether the ( at the current token holds a type
// and an operand follows: (int)x, (T *)p, (const T &)r, (std::size_t)n.
func (p *parser) cxxCastAhead() bool {
	k := p.Peek(1)
	if isTypeWord(k) || isCxxTypeWord(k) {
		n := 2
		for isTypeWord(p.Peek(n)) || isCxxTypeWord(p.Peek(n)) {
			n++
		}
		if p.Peek(n) == tLBrace || p.Peek(n) == tLParen && p.Peek(n+1) != tStar && p.Peek(n+1) != tAmp && p.Peek(n+1) != tRParen {
			return false // (float(x) + y): a functional cast inside
		}
	}
	switch {
	case k == kwExtension:
		return false
	case k == kwTypename:
		// (typename T::type)x, but not (typename T::type(0) + ...)
		end := p.nameEnd(p.idx(2))
		for end >= 0 && (p.kindAt(end) == tStar || p.kindAt(end) == tAmp || p.kindAt(end) == tAndAnd || p.kindAt(end) == kwConst) {
			end = p.nextIdx(end)
		}
		return end >= 0 && end == p.partnerAt(p.index())
	case isSpecifier(k) || isCxxTypeWord(k) || k == kwClass || k == kwDecltype && p.cxxCastType():
		return true
	case k == tIdent || k == tColonColon:
		return p.cxxCastType()
	}
	return false
}

// cxxCastType reports whether the parentheses at the current token hold
// a name that is a type and then perhaps *, &, const, and an operand
// follows them.
func (p *parser) cxxCastType() bool {
	i := p.idx(1)
	close := p.partnerAt(p.index())
	if close < 0 {
		return false
	}
	var end int
	if p.kindAt(i) == kwDecltype {
		q := p.partnerAt(p.nextIdx(i))
		if q < 0 {
			return false
		}
		end = p.nextIdx(q)
	} else if end = p.nameEnd(i); end < 0 {
		return false
	}
	ptrs := false
	for end < close {
		switch p.kindAt(end) {
		case tStar, tAmp, tAndAnd, kwConst, kwVolatile:
			ptrs = true
			end = p.nextIdx(end)
			continue
		}
		return false
	}
	name := p.tok(1)
	after := p.kindAt(p.nextIdx(close))
	switch after {
	case tIdent, tNumber, tChar, tString, tRawString, tLParen, tNot, tTilde, kwSizeof, kwThis, kwTrue, kwFalse,
		kwNullptr, tColonColon, kwNew:
	case tMinus, tPlus, tStar, tAmp, tInc, tDec, tLBrace:
		// (T)-x, (T)*p, (T)&x: a cast only for a type known as one
		if !ptrs && !(name.Kind == tIdent && p.typedefs[name.Text]) && !p.qualifiedTemplate(i) {
			return false
		}
	default:
		return false
	}
	if ptrs || p.kindAt(i) == kwDecltype {
		return true
	}
	if name.Kind == tIdent && p.typedefs[name.Text] && (after != tLParen || end == p.nextIdx(i)) {
		return true // (T)x, (T)(x); but (T::max)() is a call
	}
	switch after {
	case tIdent, tNumber, tChar, tString, tRawString, kwThis, kwTrue, kwFalse, kwNullptr, kwNew, tNot, tTilde, kwSizeof:
		return true // (x) y is no expression but a cast
	}
	// (a)(b) is a call as often as a cast; (std::size_t)x, (T<U>)x are
	// casts
	return after != tLParen && (p.kindAt(p.nextIdx(i)) == tColonColon || p.kindAt(p.nextIdx(i)) == tLT || isMacroName(name.Text) && after != tIdent) ||
		p.qualifiedTemplate(i) && after != tLParen
}

// parenHoldsType reports whether the parentheses at the current token
// hold a type alone, sizeof's or alignof's: a type's keyword, a type the
// file declares, or a name with * or & after it.
func (p *parser) parenHoldsType() bool {
	k := p.Peek(1)
	switch {
	case isSpecifier(k) || isCxxTypeWord(k) || k == kwTypename || k == kwClass:
		return k != kwExtension
	case k == tIdent || k == tColonColon:
		close := p.partnerAt(p.index())
		i := p.idx(1)
		end := p.nameEnd(i)
		if end < 0 || close < 0 {
			return false
		}
		if end == close {
			return k == tIdent && p.typedefs[p.tok(1).Text] && p.nextIdx(i) == end
		}
		for end < close {
			switch p.kindAt(end) {
			case tStar, tAmp, tAndAnd, kwConst:
				end = p.nextIdx(end)
				continue
			}
			return false
		}
		return true
	}
	return false
}

// qualifiedTemplate reports whether the name at slice index i is
// qualified or has template arguments.
func (p *parser) qualifiedTemplate(i int) bool {
	k := p.kindAt(p.nextIdx(i))
	return p.kindAt(i) == tColonColon || k == tColonColon || k == tLT
}

// cxxPrimary parses C++'s primary expressions, and reports whether there
// was one.
func (p *parser) cxxPrimary() bool {
	p.lastIdent = ""
	m := p.B.Mark()
	if p.Kind == tIdent && strings.HasSuffix(p.Tok.Text, "_TYPENAME") && isMacroName(p.Tok.Text) && !p.typedefs[p.Tok.Text] &&
		(p.Peek(1) == tIdent || p.Peek(1) == tColonColon) {
		// BOOST_DEDUCED_TYPENAME T::type(): a macro that stands for
		// typename
		p.Prefix(nDependentType, func() { p.cxxName(nameType) })
		p.typeConstruct(m)
		return true
	}
	switch p.Kind {
	case kwThis, kwTrue, kwFalse, kwNullptr:
		p.Leaf()
	case tNumber, tChar:
		p.Leaf()
		if p.Kind == tLiteralSuffix {
			p.Leaf()
			p.B.Close(m, nUserDefinedLiteral, 0)
		}
	case tString, tRawString:
		p.cxxStrings()
	case tLParen:
		p.parenthesized()
	case tLBrack:
		p.lambda()
	case tLBrace:
		p.initializerList()
	case kwRequires:
		p.requiresExpression()
	case kwNoexcept:
		p.Prefix(nNoexcept, p.parenthesizedExpr)
	case kwTypename:
		p.Prefix(nDependentType, func() { p.cxxName(nameType) })
		p.typeConstruct(m)
	case kwDecltype:
		p.decltype()
		if p.Kind == tColonColon {
			p.Leaf()
			p.cxxName(nameValue)
			p.B.Close(m, nQualifiedIdentifier, 0)
		} else {
			p.typeConstruct(m) // decltype(x){…}
		}
	case kwVoid, kwChar, kwShort, kwInt, kwLong, kwFloat, kwDouble, kwSigned, kwUnsigned, kwBool, kwBoolCxx,
		kwWcharT, kwChar8T, kwChar16T, kwChar32T, kwAuto, kwInt128:
		// int(x), unsigned{y}, auto(x): a functional cast
		n := 0
		for isTypeWord(p.Kind) || isCxxTypeWord(p.Kind) || p.Kind == kwAuto {
			p.Leaf()
			n++
		}
		if n > 1 {
			p.B.Close(m, nSizedTypeSpecifier, 0)
		}
		p.typeConstruct(m)
	case tIdent, tColonColon, kwOperator, kwTemplate:
		if p.Kind == tIdent && p.Peek(1) == tString && isMacroName(p.Tok.Text) {
			p.cxxStrings() // PRIu64 "x"
			return true
		}
		end := p.nameEnd(p.index())
		if end >= 0 && p.kindAt(end) == tLBrace && !p.inConstraint && p.braceConstructAhead(end) {
			p.cxxName(nameType) // T{…}, std::vector<int>{…}
			p.typeConstruct(m)
			return true
		}
		if p.Kind == tIdent && p.Peek(1) != tColonColon && p.Peek(1) != tLT {
			p.lastIdent = p.Tok.Text
		}
		p.cxxName(nameValue)
	default:
		return false
	}
	return true
}

// braceConstructAhead reports whether the { at slice index i, after a
// name, is the name's construction: T{…}, not a block after a macro's
// name or a statement.
func (p *parser) braceConstructAhead(i int) bool {
	return p.partnerAt(i) >= 0
}

// typeConstruct parses what follows a type in an expression: ( args ),
// a call_expression, or { … }, a compound_literal_expression, closed at
// m; a type with neither is an error.
func (p *parser) typeConstruct(m int) {
	switch p.Kind {
	case tLParen:
		p.arguments()
		p.B.Close(m, nCallExpression, 0)
	case tLBrace:
		p.initializerList()
		p.B.Close(m, nCompoundLiteral, 0)
	}
}

// cxxStrings parses adjacent string literals, raw ones and ones with
// suffixes among them, and the macros among them.
func (p *parser) cxxStrings() {
	m := p.B.Mark()
	n := 0
	for {
		switch {
		case p.Kind == tString || p.Kind == tRawString:
			s := p.B.Mark()
			p.Leaf()
			if p.Kind == tLiteralSuffix {
				p.Leaf()
				p.B.Close(s, nUserDefinedLiteral, 0)
			}
		case p.Kind == tIdent && (n > 0 || isMacroName(p.Tok.Text)):
			// "%" PRIx32 "\n": a name after a string is a macro's, as
			// one before it spelled as one is
			p.Leaf()
		default:
			if n > 1 {
				p.B.Close(m, nConcatenatedString, 0)
			}
			return
		}
		n++
	}
}

// lambda parses [captures] <T> (params) specifiers -> T requires … {
// body }.
func (p *parser) lambda() {
	p.Node(nLambdaExpression, func() {
		p.Node(nLambdaCaptureSpecifier, func() {
			p.Leaf()
			for p.Kind != tRBrack && p.Kind != tEOF {
				p.capture()
				if !p.Got(tComma) {
					break
				}
			}
			p.Expect(tRBrack)
		})
		if p.Kind == tLT {
			p.templateParameters()
			if p.Kind == kwRequires {
				p.requiresClause()
			}
		}
		if p.Kind == tLParen || p.Kind == kwMutable || p.Kind == kwConstexpr || p.Kind == kwConsteval ||
			p.Kind == kwNoexcept || p.Kind == tArrow || p.Kind == tLBrack && p.Peek(1) == tLBrack || p.IsWord("static") {
			p.Node(nAbstractFunctionDeclarator, func() {
				if p.Kind == tLParen {
					p.parameters()
				}
				for p.Kind == kwMutable || p.Kind == kwConstexpr || p.Kind == kwConsteval || p.Kind == kwStatic {
					p.Leaf()
				}
				p.cxxAttributes()
				p.functionTail()
			})
		}
		p.with(&p.noGT, false, func() { p.with(&p.inConstraint, false, p.compound) })
	})
}

// capture parses one of a lambda's captures: =, &, x, &x, this, *this,
// x = e, &x = e, xs....
func (p *parser) capture() {
	switch {
	case (p.Kind == tAssign || p.Kind == tAmp) && (p.Peek(1) == tComma || p.Peek(1) == tRBrack):
		p.Node(nLambdaDefaultCapture, p.Leaf)
		return
	case p.Kind == tStar && p.Peek(1) == kwThis:
		p.Leaf()
		p.Leaf()
		return
	case p.Kind == kwThis:
		p.Leaf()
		return
	}
	m := p.B.Mark()
	p.Got(tAmp)
	p.Got(tEllipsis)
	p.IdentAs(tIdent)
	p.Got(tEllipsis)
	switch p.Kind {
	case tAssign:
		p.Leaf()
		p.cxxInitializer()
		p.B.Close(m, nLambdaCaptureInitializer, 0)
	case tLBrace, tLParen:
		if p.Kind == tLBrace {
			p.initializerList()
		} else {
			p.arguments()
		}
		p.B.Close(m, nLambdaCaptureInitializer, 0)
	}
}

// cxxSelector parses .f, ->f, .template f<T>, ->~T, after the operand
// at mark m, and reports whether there was one.
func (p *parser) cxxSelector(m int) bool {
	switch p.Kind {
	case tLBrack:
		p.Leaf()
		p.exprNested()
		for p.Got(tComma) {
			p.assignment()
		}
		p.Expect(tRBrack)
		p.B.Close(m, nSubscriptExpression, 0)
	case tDot, tArrow:
		p.Leaf()
		if p.Kind == tColonColon {
			p.ErrorExpected("member name") // a.::b is no C++
		}
		p.cxxName(nameField)
		p.B.Close(m, nFieldExpression, 0)
	default:
		return false
	}
	return true
}

// cxxArgumentIsType reports whether a call's argument at the current
// token is a type alone: sizeof-like calls, typeid(T), f<T>(…) never.
func (p *parser) cxxArgumentIsType() bool {
	switch {
	case p.Kind == kwExtension || p.Kind == kwAuto:
		return false
	case p.Kind == kwTypename:
		k := p.afterName(1)
		return k != tLParen && k != tLBrace
	case isTypeWord(p.Kind) || isCxxTypeWord(p.Kind):
		n := 1
		for isTypeWord(p.Peek(n)) || isCxxTypeWord(p.Peek(n)) {
			n++
		}
		return p.Peek(n) != tLParen && p.Peek(n) != tLBrace // int(x): a functional cast
	case isSpecifier(p.Kind) || p.Kind == kwClass:
		return true
	case p.Kind == tIdent:
		end := p.nameEnd(p.index())
		if end < 0 {
			return false
		}
		n := end
		for p.kindAt(n) == tStar || p.kindAt(n) == tAmp || p.kindAt(n) == kwConst {
			n = p.nextIdx(n)
		}
		k := p.kindAt(n)
		return (k == tComma || k == tRParen) && (n > end || p.typedefs[p.Tok.Text] && p.Peek(1) != tLT)
	}
	return false
}
