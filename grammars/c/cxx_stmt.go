package c

import "strings"

// C++'s statements.

// cxxStatement parses the statements C++ adds, and reports whether
// there was one.
func (p *parser) cxxStatement() bool {
	switch p.Kind {
	case kwTry:
		p.Prefix(nTryStatement, func() {
			p.compound()
			p.catchClauses()
		})
	case kwThrow:
		m := p.B.Mark()
		p.Leaf()
		if p.Kind != tSemi {
			p.expr()
		}
		p.Semi(tSemi, tRBrace)
		p.B.Close(m, nThrowStatement, 0)
	case kwCoReturn:
		p.Prefix(nCoReturnStatement, func() {
			if p.Kind != tSemi {
				p.cxxExprOrList()
			}
			p.Semi(tSemi, tRBrace)
		})
	case kwCoYield:
		p.Prefix(nCoYieldStatement, func() {
			p.cxxExprOrList()
			p.Semi(tSemi, tRBrace)
		})
	case kwReturn:
		p.Prefix(nReturnStatement, func() {
			if p.Kind != tSemi {
				p.cxxExprOrList()
			}
			p.Semi(tSemi, tRBrace)
		})
	case kwUsing:
		p.usingDeclaration()
	case kwNamespace:
		if p.Peek(2) != tAssign {
			return false // a namespace's definition stands in no block
		}
		p.namespaceDefinition()
	case tIdent:
		if !strings.Contains(p.Tok.Text, "IF_CONSTEXPR") || p.Peek(1) != tLParen {
			return false
		}
		// BOOST_IF_CONSTEXPR (c) s else t: a macro for if constexpr
		p.Prefix(nIfStatement, func() {
			p.condition(true)
			p.bodyStatement()
			p.Clause(kwElse, nElseClause, p.bodyStatement)
		})
	case kwIf:
		p.Prefix(nIfStatement, func() {
			if p.Kind == kwConstexpr || p.Kind == tIdent && macroLike(p.Tok.Text) && p.Peek(1) == tLParen {
				p.Leaf() // if constexpr, if _GLIBCXX17_CONSTEXPR
			}
			if p.Kind == tNot && p.Peek(1) == kwConsteval || p.Kind == kwConsteval {
				p.Got(tNot)
				p.Leaf()
				p.compound()
			} else {
				p.condition(true)
				p.bodyStatement()
			}
			p.Clause(kwElse, nElseClause, p.bodyStatement)
		})
	case kwSwitch:
		p.Prefix(nSwitchStatement, func() {
			p.condition(true)
			p.bodyStatement()
		})
	case kwWhile:
		p.Prefix(nWhileStatement, func() {
			p.condition(false)
			p.bodyStatement()
		})
	case kwFor:
		if !p.rangeForAhead() {
			return false
		}
		p.rangeFor()
	case tLBrack:
		if p.Peek(1) != tLBrack {
			return false
		}
		// [[likely]] stmt, [[fallthrough]];, or a declaration's
		// attributes
		if p.Lookahead(func() bool { p.cxxAttributes(); return p.cxxDeclarationAhead() }) {
			p.cxxDeclarationBody(nDeclaration, ctxBlock) // [[maybe_unused]] int x;
			return true
		}
		m := p.B.Mark()
		p.cxxAttributes()
		if p.Kind == tSemi {
			p.Leaf()
			p.B.Close(m, nAttributedStatement, 0)
			return true
		}
		p.statement()
		p.B.Close(m, nAttributedStatement, 0)
	default:
		return false
	}
	return true
}

// cxxExprOrList parses an expression, or a braced list: return {a, b};.
func (p *parser) cxxExprOrList() {
	if p.Kind == tLBrace {
		p.initializerList()
		return
	}
	p.expr()
}

// condition parses ( init; condition ) of if, switch and while: init a
// statement (withInit), the condition an expression or a declaration
// with an initializer (if (auto x = f())).
func (p *parser) condition(withInit bool) {
	p.Expect(tLParen)
	saved := p.noGT
	p.noGT = false
	defer func() { p.noGT = saved }()
	if withInit && p.initStatementAhead() {
		if p.cxxDeclarationAhead() {
			p.cxxDeclarationBody(nDeclaration, ctxBlock)
		} else if p.Kind == kwUsing {
			p.usingDeclaration()
		} else {
			m := p.B.Mark()
			if p.Kind != tSemi {
				p.expr()
			}
			p.Expect(tSemi)
			p.B.Close(m, nExpressionStatement, 0)
		}
	}
	// a condition's declaration has its initializer and ends at the ):
	// if (a * b[i] > c) is a comparison
	if p.cxxDeclarationAhead() && p.Lookahead(func() bool { p.cxxDeclarationBody(nDeclaration, ctxFor); return p.Kind == tRParen }) {
		p.cxxDeclarationBody(nDeclaration, ctxFor)
	} else {
		p.expr()
	}
	p.Expect(tRParen)
}

// initStatementAhead reports whether the parentheses of if or switch
// hold an init statement: a ; at their depth.
func (p *parser) initStatementAhead() bool {
	i := p.index() - 1
	for i >= 0 && (p.lx.skip[i] || p.kindAt(i) != tLParen) {
		i--
	}
	end := p.partnerAt(max(i, 0))
	if i < 0 || end < 0 {
		return false
	}
	for j := p.nextIdx(i); j < end; j = p.nextIdx(j) {
		switch p.kindAt(j) {
		case tLParen, tLBrack, tLBrace:
			if q := p.partnerAt(j); q > j {
				j = q
			}
		case tSemi:
			return true
		}
	}
	return false
}

// rangeForAhead reports whether the for at the current token is a range
// for: a : at its parentheses' depth, not a ?:'s.
func (p *parser) rangeForAhead() bool {
	i := p.idx(1)
	end := p.partnerAt(i)
	if p.kindAt(i) != tLParen || end < 0 {
		return false
	}
	q := 0
	for j := p.nextIdx(i); j < end; j = p.nextIdx(j) {
		switch p.kindAt(j) {
		case tLParen, tLBrack, tLBrace:
			if r := p.partnerAt(j); r > j {
				j = r
			}
		case tQuestion:
			q++
		case tColon:
			if q == 0 {
				return true
			}
			q--
		}
	}
	return false
}

// rangeFor parses for (init; T x : range) body.
func (p *parser) rangeFor() {
	p.Prefix(nForRangeLoop, func() {
		p.Expect(tLParen)
		if p.initStatementAhead() {
			if p.cxxDeclarationAhead() {
				p.cxxDeclarationBody(nDeclaration, ctxBlock)
			} else {
				m := p.B.Mark()
				p.expr()
				p.Expect(tSemi)
				p.B.Close(m, nExpressionStatement, 0)
			}
		}
		p.cxxAttributes()
		p.cxxSpecifiers(ctxBlock)
		p.cxxDeclarator(ctxFor, false)
		p.Expect(tColon)
		p.cxxExprOrList()
		p.Expect(tRParen)
		p.bodyStatement()
	})
}

// cxxDeclarationAhead reports whether a declaration starts at the
// current token of a statement: a specifier's keyword, or a type and a
// declarator after it (T x, T *x;, A::B<C> &x, auto [a, b]).
func (p *parser) cxxDeclarationAhead() bool {
	switch p.Kind {
	case kwBoolCxx, kwWcharT, kwChar8T, kwChar16T, kwChar32T:
		return p.Peek(1) != tLBrace && (p.Peek(1) != tLParen || p.Peek(2) == tStar || p.Peek(2) == tAmp ||
			p.Peek(2) == tIdent && p.Peek(3) == tColonColon)
	case kwClass, kwTypename, kwAuto, kwConstexpr, kwConstinit, kwConsteval, kwInline, kwThreadLocal,
		kwTypedef, kwStatic, kwExtern:
		return p.Kind != kwTypename || p.afterName(1) != tLParen && p.afterName(1) != tLBrace
	case kwVoid, kwChar, kwShort, kwInt, kwLong, kwFloat, kwDouble, kwSigned, kwUnsigned, kwBool:
		n := 1
		for isTypeWord(p.Peek(n)) {
			n++
		}
		// int(x) == y: a functional cast
		return p.Peek(n) != tLBrace && (p.Peek(n) != tLParen || p.Peek(n+1) == tStar || p.Peek(n+1) == tAmp ||
			p.Peek(n+1) == tIdent && p.Peek(n+2) == tColonColon)
	case kwDecltype:
		end := p.partnerAt(p.idx(1))
		return end >= 0 && p.declaratorAt(p.nextIdx(end), ctxBlock)
	case tLBrack:
		return false
	case tIdent, tColonColon:
		if p.Kind == tIdent && isMacroName(p.Tok.Text) && !p.typedefs[p.Tok.Text] {
			// _GLIBCXX_SIMD_USE_CONSTEXPR auto x = …; a macro before a
			// declaration's specifiers or type
			switch k := p.Peek(1); {
			case k == kwAuto || k == kwConst || k == kwStatic || k == kwConstexpr || isTypeKeyword(k) || isCxxTypeWord(k):
				return true
			case k == tLParen:
				// BOOST_ALIGNMENT(16) static const char t[] = …
				if a := p.afterPartner(1).Kind; startsDecl(a) || a == kwConst || a == kwAuto || a == kwConstexpr {
					return true
				}
				if p.macroTypedName() {
					return true // HANDLER_CHECK(H, h) type_check;
				}
			case k == tIdent:
				if end := p.nameEnd(p.idx(1)); end >= 0 && p.declaratorAt(end, ctxBlock) {
					return true
				}
			}
		}
		if p.Kind == tIdent && p.typedefs[p.Tok.Text] {
			switch p.Peek(1) {
			case tAssign, tDot, tArrow, tLBrack, tInc, tDec, tSemi, tLParen, tLBrace:
				return false
			case tStar, tAmp, tAndAnd:
				if p.Peek(2) == tIdent {
					return true // T *p _IsUnused = …: a type the file declares
				}
				if p.Peek(2) == tLParen && (p.Peek(3) == tStar || p.memberPointerAt(p.idx(3))) {
					return true // T *(C::*fs[])() = …
				}
			}
		}
		end := p.nameEnd(p.index())
		if end < 0 {
			return false
		}
		return p.declaratorAt(end, ctxBlock) && p.kindAt(end) != kwOperator
	}
	return isSpecifier(p.Kind) && !(p.Kind == kwExtension && p.Peek(1) == tLParen)
}
