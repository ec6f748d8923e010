package dart

import (
	"strings"

	"github.com/agenttools/agenttools/grammars"
)

// Statements.

// block parses { statements }.
func (p *parser) block() {
	p.Enclosed(nBlock, tLBrace, tRBrace, func() { p.Until(tRBrace, p.statement) })
}

// statement parses one statement; an annotation before a local
// declaration is a statement-level sibling of it.
func (p *parser) statement() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	switch p.Kind {
	case tLBrace:
		if j := p.PartnerOf(0); j > 0 && p.Far(j+1).Kind == tAssign {
			p.patternAssignment(m) // {'k': v} = map;
			return
		}
		p.block()
		return
	case tAt:
		p.annotation()
		return
	case tSemi:
		p.Node(nEmptyStatement, p.Leaf)
		return
	case kwIf:
		p.ifStatement()
		return
	case kwFor:
		p.forStatement(m)
		return
	case kwWhile:
		p.Prefix(nWhileStatement, func() { p.parenExpr(); p.statement() })
		return
	case kwDo:
		p.Prefix(nDoStatement, func() {
			p.statement()
			p.Expect(kwWhile)
			p.parenExpr()
			p.Semi(tSemi, tRBrace)
		})
		return
	case kwSwitch:
		p.switchStatement()
		return
	case kwTry:
		p.tryStatement()
		return
	case kwReturn:
		p.Prefix(nReturnStatement, func() {
			if p.Kind != tSemi && p.Kind != tRBrace && p.Kind != tEOF {
				p.expr()
			}
			p.Semi(tSemi, tRBrace)
		})
		return
	case kwBreak:
		p.Prefix(nBreakStatement, p.jumpLabel)
		return
	case kwContinue:
		p.Prefix(nContinueStatement, p.jumpLabel)
		return
	case kwRethrow:
		p.Prefix(nRethrowStatement, func() { p.Semi(tSemi, tRBrace) })
		return
	case kwAssert:
		p.Prefix(nAssertStatement, func() { p.assertArgs(); p.Semi(tSemi, tRBrace) })
		return
	case kwVar, kwFinal:
		p.localDeclaration(m)
		return
	case kwConst:
		if p.Peek(1) == tIdent && p.Peek(2) == tAssign || p.declAhead(1) {
			p.localDeclaration(m)
			return
		}
	case kwVoid:
		p.localDeclaration(m)
		return
	case tLParen, tLBrack:
		if j := p.PartnerOf(0); j > 0 && p.Far(j+1).Kind == tAssign {
			p.patternAssignment(m) // (a, b) = (b, a); [x, y] = list; (:a, :b) = r;
			return
		}
		if p.Kind == tLParen && p.declAhead(0) {
			p.localDeclaration(m)
			return
		}
	case tIdent:
		if p.Pattern && strings.HasPrefix(p.Tok.Text, "$$$") && p.Peek(1) != tDot && p.Peek(1) != tLParen {
			// A run of statements in a pattern (a(); $$$X b();) stands
			// for statements that end themselves: its ; may be left out.
			p.Leaf()
			if p.Kind == tSemi {
				p.Next()
			}
			p.B.Close(m, nExpressionStatement, 0)
			return
		}
		if p.identStatement(m) {
			return
		}
	}
	p.expr()
	p.Semi(tSemi, tRBrace)
	p.B.Close(m, nExpressionStatement, 0)
}

// jumpLabel parses the rest of a break or a continue: its label, if
// any, and the ;.
func (p *parser) jumpLabel() {
	if p.Kind == tIdent {
		p.IdentAs(tLabel)
	}
	p.Semi(tSemi, tRBrace)
}

// identStatement parses a statement that starts with a word that makes
// it no expression statement (yield, await for, late, a label, a local
// declaration), and reports whether there was one.
func (p *parser) identStatement(m int) bool {
	switch p.Tok.Text {
	case "yield":
		if p.Peek(1) == tStar || startsExpr(p.Peek(1)) && p.Peek(1) != tLParen || p.Peek(1) == tLParen && p.yieldParen() {
			p.LeafAs(tWord)
			p.Got(tStar)
			p.expr()
			p.Semi(tSemi, tRBrace)
			p.B.Close(m, nYieldStatement, 0)
			return true
		}
	case "await":
		if p.Peek(1) == kwFor {
			p.forStatement(m)
			return true
		}
		if startsExpr(p.Peek(1)) {
			return false
		}
	case "late":
		if k := p.Peek(1); k == tIdent || k == kwFinal || k == kwVar || k == tLParen || k == kwVoid {
			p.localDeclaration(m)
			return true
		}
	}
	switch p.Peek(1) {
	case tColon:
		if p.Pattern && !labelable(p.Peek(2)) && !(p.WordAt(2, "await") && p.Peek(3) == kwFor) {
			return false // a pattern's child: x is a named argument
		}
		p.IdentAs(tLabel)
		p.Leaf()
		p.statement()
		p.B.Close(m, nLabeledStatement, 0)
		return true
	case tLParen:
		// f(x) { … } is a local function, f(x); a call, and Point(:x) = p;
		// a pattern assignment.
		j := p.PartnerOf(1)
		switch {
		case j > 0 && p.bodyAt(j+1):
			p.localDeclaration(m)
			return true
		case j > 0 && p.Far(j+1).Kind == tAssign:
			p.patternAssignment(m)
			return true
		}
		return false
	case tAssign, tSemi, tQDot, tLBrack, tInc, tDec, tDotDot, tQDotDot, tPlusEq, tMinusEq, tQQ, tQQEq, tEq, tNe, tNot:
		return false
	}
	if p.declAhead(0) {
		p.localDeclaration(m)
		return true
	}
	return false
}

// labelable reports whether a statement that starts with a token of kind
// k is one a label stands before in real code: a loop, a switch, a block.
func labelable(k grammars.Kind) bool {
	switch k {
	case kwFor, kwWhile, kwDo, kwSwitch, tLBrace:
		return true
	}
	return false
}

// yieldParen reports whether yield ( … ) is a yield of a parenthesized
// expression, not a call of a function named yield.
func (p *parser) yieldParen() bool {
	j := p.PartnerOf(1)
	return j > 0 && p.Far(j+1).Kind != tSemi
}

// bodyAt reports whether a function's body starts n tokens ahead: {, =>,
// async, async*, sync*.
func (p *parser) bodyAt(n int) bool {
	t := p.Far(n)
	switch {
	case t.Kind == tLBrace || t.Kind == tArrow:
		return true
	case t.Kind == tIdent && (t.Text == "async" || t.Text == "sync"):
		k := p.Far(n + 1).Kind
		return k == tLBrace || k == tArrow || k == tStar
	}
	return false
}

// declAhead reports whether a local declaration's type and name start n
// tokens ahead (n is 0 or 1): int x = …, List<int> xs;, (int, int) r;,
// Foo f() {}.
func (p *parser) declAhead(n int) bool {
	return p.Lookahead(func() bool {
		for i := 0; i < n; i++ {
			p.Next()
		}
		p.typ()
		if p.Kind != tIdent {
			return false
		}
		as := p.IsWord("as") // x as T is a cast; int as = 1 declares as
		p.Next()
		switch p.Kind {
		case tAssign, tSemi:
			return true
		case tComma, tLT, kwIn:
			return !as
		case tLParen: // a local function, not c ? f(x) : y
			j := p.PartnerOf(0)
			return j > 0 && p.bodyAt(j+1)
		}
		return p.Pattern && (p.Kind == tEOF || p.Kind == tRBrace || p.Kind == tRParen)
	})
}

// localDeclaration parses a local variable, a pattern declaration or a
// local function, closing it at m.
func (p *parser) localDeclaration(m int) {
	p.gotWord("late")
	if p.Kind == kwVar || p.Kind == kwFinal || p.Kind == kwConst {
		p.Leaf()
		if p.destructures() {
			p.patternBinding(m, nPatternDeclaration)
			return
		}
		if p.hasType() {
			p.typ()
		}
	} else if p.Kind != tIdent || p.Peek(1) != tLParen {
		p.typ()
	}
	p.declaration(m, false)
}

// destructures reports whether the var or final just read is followed by
// a pattern to destructure: (a, b), [x, y], {'k': v}, Point(:x).
func (p *parser) destructures() bool {
	switch p.Kind {
	case tLParen:
		return !p.Lookahead(func() bool { p.typ(); return p.Kind == tIdent })
	case tLBrack, tLBrace, tLT:
		return true
	case tIdent:
		k := p.Peek(1)
		return k == tLParen || k == tLT && p.Lookahead(func() bool { p.typ(); return p.Kind == tLParen }) ||
			k == tDot && p.Peek(2) == tIdent && p.Peek(3) == tLParen
	}
	return false
}

// patternAssignment parses pattern = e; closing it at m.
func (p *parser) patternAssignment(m int) { p.patternBinding(m, nPatternAssignment) }

// patternBinding parses pattern = e; closing it at m as a node of kind
// k: a pattern assignment, or a declaration's after its var or final.
func (p *parser) patternBinding(m int, k grammars.Kind) {
	p.pattern()
	p.Expect(tAssign)
	p.expr()
	p.Semi(tSemi, tRBrace)
	p.B.Close(m, k, 0)
}

// parenExpr parses ( expression ).
func (p *parser) parenExpr() {
	p.Expect(tLParen)
	p.expr()
	p.Expect(tRParen)
}

// ifStatement parses if (c) s else s, and if (e case p when g) s.
func (p *parser) ifStatement() {
	p.Prefix(nIfStatement, func() {
		p.ifHead()
		p.statement()
		if p.Got(kwElse) {
			p.statement()
		}
	})
}

// ifHead parses (c) or (e case p when g) of an if statement or element.
func (p *parser) ifHead() {
	p.Expect(tLParen)
	p.expr()
	if p.Got(kwCase) {
		p.pattern()
		p.guard(false)
	}
	p.Expect(tRParen)
}

// guard parses when e, when there is one; arrow says a => ends it.
func (p *parser) guard(arrow bool) {
	if p.IsWord("when") {
		p.Node(nGuard, func() {
			p.LeafAs(tWord)
			saved := p.noArrow
			p.noArrow = arrow
			p.expr()
			p.noArrow = saved
		})
	}
}

// forStatement parses [await] for (parts) s, closing it at m.
func (p *parser) forStatement(m int) {
	p.gotWord("await")
	p.Expect(kwFor)
	p.forParts()
	p.statement()
	p.B.Close(m, nForStatement, 0)
}

// forParts parses the head of a for: (init; cond; update, update), (var
// x in e), (final (a, b) in e), (x in e).
func (p *parser) forParts() {
	p.Expect(tLParen)
	m := p.B.Mark()
	switch {
	case p.Kind == tSemi:
	case p.Kind == kwVar || p.Kind == kwFinal || p.Kind == kwConst || p.IsWord("late") && p.Peek(1) != kwIn:
		p.gotWord("late")
		p.Leaf()
		if p.destructures() {
			p.pattern()
			if p.Got(tAssign) {
				p.expr()
			}
			p.B.Close(m, nPatternDeclaration, 0)
			break
		}
		if p.hasType() {
			p.typ()
		}
		p.forDeclarators(m)
	case p.Kind == tIdent && p.Peek(1) == kwIn:
		p.ident()
	case p.declAhead(0):
		p.typ()
		p.forDeclarators(m)
	default:
		p.Separated(tComma, p.expr)
	}
	if p.Got(kwIn) {
		p.expr()
		p.Expect(tRParen)
		return
	}
	p.Expect(tSemi)
	if p.Kind != tSemi {
		p.expr()
	}
	p.Expect(tSemi)
	if p.Kind != tRParen {
		p.Separated(tComma, p.expr)
	}
	p.Expect(tRParen)
}

// forDeclarators parses the names of a for's declaration, closing it at m.
func (p *parser) forDeclarators(m int) {
	if p.Peek(1) == kwIn {
		p.Node(nVariableDeclarator, p.ident)
	} else {
		p.declarators()
	}
	p.B.Close(m, nVariableDeclaration, 0)
}

// switchStatement parses switch (e) { case p when g: s… default: s… }.
func (p *parser) switchStatement() {
	p.Prefix(nSwitchStatement, func() {
		p.parenExpr()
		p.Node(nSwitchBlock, func() {
			p.Expect(tLBrace)
			p.Until(tRBrace, p.switchCase)
			p.Expect(tRBrace)
		})
	})
}

// switchCase parses case p when g: s… or default: s…, with the labels
// before it.
func (p *parser) switchCase() {
	c := p.B.Mark()
	for p.Kind == tIdent && p.Peek(1) == tColon {
		p.IdentAs(tLabel)
		p.Leaf()
	}
	kind := nSwitchCase
	switch p.Kind {
	case kwCase:
		p.Leaf()
		p.pattern()
		p.guard(false)
	case kwDefault:
		kind = nSwitchDefault
		p.Leaf()
	default:
		p.ErrorExpected("case or default")
	}
	p.Expect(tColon)
	for p.Kind != kwCase && p.Kind != kwDefault && p.Kind != tRBrace && p.Kind != tEOF &&
		!(p.Kind == tIdent && p.Peek(1) == tColon && (p.Peek(2) == kwCase || p.Peek(2) == kwDefault)) {
		p.statement()
	}
	p.B.Close(c, kind, 0)
}

// tryStatement parses try { } on T catch (e, s) { } finally { }.
func (p *parser) tryStatement() {
	m := p.B.Mark()
	p.Expect(kwTry)
	p.block()
	for p.IsWord("on") || p.Kind == kwCatch {
		p.Node(nCatchClause, p.catchClause)
	}
	if p.Kind == kwFinally {
		p.Prefix(nFinallyClause, p.block)
	}
	p.B.Close(m, nTryStatement, 0)
}

// catchClause parses on T catch (e, s) { }, either part left out.
func (p *parser) catchClause() {
	if p.gotWord("on") {
		p.typ()
	}
	if p.Got(kwCatch) {
		p.Expect(tLParen)
		p.ident()
		if p.Got(tComma) {
			p.ident()
		}
		p.Expect(tRParen)
	}
	p.block()
}
