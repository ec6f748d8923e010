package c

import (
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Statements.

// compound parses { statements }, with the directive lines among them.
func (p *parser) compound() {
	p.bodies++
	defer func() { p.bodies-- }()
	p.Enclosed(nCompoundStatement, tLBrace, tRBrace, func() { p.list(p.statement, tRBrace) })
}

// statement parses one statement of a list, or a declaration where one
// stands.
func (p *parser) statement() { p.statementAs(false) }

// bodyStatement parses the statement that is the body of if, else, while,
// do, for or switch, where a case label takes the statement after it
// (switch (x) case 1: f();).
func (p *parser) bodyStatement() { p.statementAs(true) }

func (p *parser) statementAs(body bool) {
	p.Enter()
	defer p.Leave()
	if p.cxx && p.cxxStatement() {
		return
	}
	switch p.Kind {
	case tLBrace:
		p.compound()
	case tSemi:
		p.Node(nEmptyStatement, p.Leaf)
	case kwIf:
		p.Prefix(nIfStatement, func() {
			p.headAndBody()
			p.Clause(kwElse, nElseClause, p.bodyStatement)
		})
	case kwWhile:
		p.Prefix(nWhileStatement, p.headAndBody)
	case kwSwitch:
		p.Prefix(nSwitchStatement, p.headAndBody)
	case kwDo:
		p.Prefix(nDoStatement, func() {
			p.bodyStatement()
			p.Expect(kwWhile)
			p.parenExpr()
			p.Semi(tSemi, tRBrace)
		})
	case kwFor:
		p.Prefix(nForStatement, p.forRest)
	case kwCase, kwDefault:
		p.Node(nCaseStatement, func() { p.caseLabel(body) })
	case kwReturn:
		p.Prefix(nReturnStatement, func() {
			if p.Kind != tSemi {
				p.expr()
			}
			p.Semi(tSemi, tRBrace)
		})
	case kwBreak:
		p.Prefix(nBreakStatement, func() { p.Semi(tSemi, tRBrace) })
	case kwContinue:
		p.Prefix(nContinueStatement, func() { p.Semi(tSemi, tRBrace) })
	case kwGoto:
		p.Prefix(nGotoStatement, func() {
			if p.Kind == tStar { // GNU's computed goto
				p.expr()
			} else {
				p.IdentAs(tLabel)
			}
			p.Semi(tSemi, tRBrace)
		})
	case kwAsm:
		p.asmStatement()
	case kwStaticAssert:
		p.staticAssert()
	case kwLabel: // __label__ a, b;
		p.Prefix(nDeclaration, func() {
			p.Separated(tComma, func() { p.IdentAs(tLabel) })
			p.Semi(tSemi, tRBrace)
		})
	default:
		p.otherStatement()
	}
}

// headAndBody parses what follows while or switch: (e) body.
func (p *parser) headAndBody() {
	p.parenExpr()
	p.bodyStatement()
}

// forRest parses what follows for: (init; cond; step) body.
func (p *parser) forRest() {
	p.Expect(tLParen)
	if p.cxx && p.cxxDeclarationAhead() {
		p.cxxDeclarationBody(nDeclaration, ctxFor)
		p.Expect(tSemi)
	} else if !p.cxx && p.declarationAhead() {
		p.declarationTo(false, false)
		p.Expect(tSemi)
	} else {
		p.exprUntil(tSemi)
	}
	p.exprUntil(tSemi)
	p.exprUntil(tRParen)
	p.bodyStatement()
}

// exprUntil parses an expression, unless end comes first, and then end.
func (p *parser) exprUntil(end grammars.Kind) {
	if p.Kind != end {
		p.expr()
	}
	p.Expect(end)
}

// caseLabel parses case e:, case a ... b: or default:, and in a body the
// statement after it.
func (p *parser) caseLabel(body bool) {
	if p.Kind == kwCase {
		p.Leaf()
		p.constantRange()
	} else {
		p.Leaf()
	}
	p.Expect(tColon)
	if body && p.Kind != tRBrace {
		p.bodyStatement()
	}
}

// constantRange parses a constant expression, or GNU's range of them:
// case 1 ... 3:, [0 ... 9] = x.
func (p *parser) constantRange() {
	p.conditional()
	if p.Got(tEllipsis) {
		p.conditional()
	}
}

// otherStatement parses a statement that no keyword starts: a label, a
// macro's call or name standing for a statement, a declaration, or an
// expression.
func (p *parser) otherStatement() {
	m := p.B.Mark()
	if p.Kind == tIdent && p.identStatement(m) {
		return
	}
	if p.cxx {
		if p.cxxDeclarationAhead() {
			p.cxxDeclarationBody(nDeclaration, ctxBlock)
			return
		}
	} else if p.declarationAhead() {
		p.declaration(false)
		return
	}
	p.expr()
	p.Semi(tSemi, tRBrace)
	p.B.Close(m, nExpressionStatement, 0)
}

// identStatement parses the statements a name starts that are not its
// declaration's or its expression's, closed at m, and reports whether
// there was one.
func (p *parser) identStatement(m int) bool {
	switch next := p.PeekTok(1); {
	case next.Kind == tColon:
		p.IdentAs(tLabel)
		p.Leaf()
		if p.Kind != tRBrace {
			p.statement()
		}
		p.B.Close(m, nLabeledStatement, 0)
	case next.Kind == tLParen && p.fnMacro(p.Tok.Text) && p.definedTypeAhead():
		p.declaration(false) // vector(4, float) v = …, vector a macro the file defines
	case next.Kind == tLParen:
		return p.macroStatement(m)
	case next.Kind == tLBrace && isMacroName(p.Tok.Text) && !p.typedefs[p.Tok.Text]:
		p.IdentAs(tIdent) // SEH_TRY { … }: a macro before a block
		p.compound()
		p.B.Close(m, nMacroCall, 0)
	case p.cxx && !p.Pattern && next.Kind == tRBrace && isMacroName(p.Tok.Text) && !p.typedefs[p.Tok.Text]:
		p.IdentAs(tIdent) // { BOOST_RETHROW }: a macro's statement before the }
		p.B.Close(m, nMacroCall, 0)
	case next.Line > p.Tok.Line && !p.typedefs[p.Tok.Text] && p.standsAlone(next):
		p.IdentAs(tIdent) // a macro standing for a statement: fall_through
		p.B.Close(m, nMacroCall, 0)
	default:
		return false
	}
	return true
}

// macroStatement parses a macro call that stands for a statement with no
// ; after it (FOO(x) at the end of its line), or for a loop's head before
// a body (list_for_each(p, h) { … }), and reports whether there was one.
func (p *parser) macroStatement(m int) bool {
	after := p.afterPartner(1)
	if p.Pattern && (after.Kind == tRBrace || after.Kind == tEOF) {
		return false // a pattern's call with no ; after it: foo($A)
	}
	if p.cxx && after.Line == p.Tok.Line && loopMacro(p.Tok.Text) && (after.Kind == tIdent || after.Kind == tInc || after.Kind == tDec) {
		// BGL_FORALL_VERTICES_T(v, g, G) put(m, v, 0); a loop's head
		// before its body, on one line
		p.IdentAs(tIdent)
		p.macroArguments()
		p.B.Close(m, nMacroCall, 0)
		return true
	}
	if after.Kind != tSemi && after.Line == p.Tok.Line && isMacroName(p.Tok.Text) && !p.Lookahead(func() bool { p.Next(); p.arguments(); return true }) {
		// TESTONLY(rc =) f(x); a macro of tokens before the statement's rest
		p.IdentAs(tIdent)
		p.macroArguments()
		p.B.Close(m, nMacroCall, 0)
		return true
	}
	if after.Kind == tSemi && !p.Lookahead(func() bool { p.Next(); p.arguments(); return true }) {
		// FOO(return x;); a macro's arguments that are no expressions
		p.IdentAs(tIdent)
		p.macroArguments()
		p.Semi(tSemi, tRBrace)
		p.B.Close(m, nMacroCall, 0)
		return true
	}
	body := after.Kind == tLBrace
	if p.cxx && after.Kind == tRBrace && isMacroName(p.Tok.Text) && !p.Pattern {
		p.IdentAs(tIdent) // { ASSERT_VALID(x) }: a macro's statement before the }
		p.macroArguments()
		p.B.Close(m, nMacroCall, 0)
		return true
	}
	// ASSERT(x)\n++n; a ++ before an operand starts a statement of its own
	step := p.cxx && after.Line > p.Tok.Line && p.prefixStepAt(p.nextIdx(p.partnerIndex(1)))
	if !body && !step && (after.Line == p.Tok.Line || after.Kind == tSemi || !p.endsMacro(after) || continues(after.Kind)) {
		return false
	}
	if p.typedefs[p.Tok.Text] {
		return false
	}
	p.IdentAs(tIdent)
	p.macroArguments()
	if body {
		p.compound()
	}
	p.B.Close(m, nMacroCall, 0)
	return true
}

// standsAlone reports whether a name followed by next, on a later line,
// is a statement of its own: a macro's, since a name alone is no C
// statement. What goes on with an expression, or with a declaration
// whose type is the name (T\nx;), keeps it.
func (p *parser) standsAlone(next *kit.Token) bool {
	switch k := next.Kind; {
	case p.cxx && p.prefixStepAt(p.idx(1)):
		return true // BOOST_MATH_STD_USING\n++n;
	case continues(k), k == tSemi, k == tLParen, k == tLBrack, k == tComma, k == tColon:
		return false
	case k == tIdent:
		switch p.Peek(2) {
		case tSemi, tAssign, tComma, tLBrack:
			return false
		}
	}
	return true
}

// loopMacro reports whether a name is spelled as a macro that makes a
// loop's head: Q_FOREACH, BOOST_FOREACH, BGL_FORALL_VERTICES.
func loopMacro(s string) bool {
	return isMacroName(s) && (strings.Contains(s, "FOREACH") || strings.Contains(s, "FOR_EACH") || strings.Contains(s, "FORALL"))
}

// prefixStepAt reports whether the token at slice index i is a ++ or a
// -- before an operand, a prefix operator: what comes before it does not
// go on with it.
func (p *parser) prefixStepAt(i int) bool {
	if k := p.kindAt(i); k != tInc && k != tDec {
		return false
	}
	switch p.kindAt(p.nextIdx(i)) {
	case tIdent, tLParen, tStar, kwThis, tColonColon:
		return true
	}
	return false
}

// continues reports whether a token of kind k goes on with an expression
// before it: an operator, a ., a ->.
func continues(k grammars.Kind) bool {
	switch k {
	case tDot, tArrow, tQuestion, tPlus, tMinus, tStar, tSlash, tPercent, tAmp, tPipe, tCaret, tAndAnd, tOrOr,
		tEq, tNe, tLT, tLE, tGT, tGE, tShl, tShr, tInc, tDec, tRParen, tRBrack:
		return true
	}
	return isAssignOp(k)
}

// declarationAhead reports whether a declaration starts at the current
// token: a specifier keyword, a typedef's name, or an unknown name
// followed by a name (T x), or by * and a name and what ends a
// declarator (T * x; T * x = 1, as compilers' error recovery and
// tree-sitter read it).
func (p *parser) declarationAhead() bool {
	if p.Kind != tIdent {
		return isSpecifier(p.Kind) && !(p.Kind == kwExtension && p.Peek(1) == tLParen)
	}
	if p.typedefs[p.Tok.Text] {
		switch p.Peek(1) {
		case tAssign, tDot, tArrow, tLBrack, tInc, tDec, tSemi:
			return false
		}
		return true
	}
	switch p.Peek(1) {
	case tIdent:
		return true
	case tStar:
		for n := 2; n < 7; n++ {
			switch p.Peek(n) {
			case tStar, kwConst, kwVolatile, kwRestrict:
				continue
			case tIdent:
				switch p.Peek(n + 1) {
				case tSemi, tAssign, tComma, tLBrack, tRParen:
					return true
				}
			}
			return false
		}
	case kwConst, kwVolatile, kwRestrict:
		return true
	}
	return isSpecifier(p.Peek(1)) && !isTypeKeyword(p.Peek(1)) || isTypeKeyword(p.Peek(1))
}
