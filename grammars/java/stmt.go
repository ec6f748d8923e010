package java

import (
	"github.com/agenttools/agenttools/grammars"
)

// Statements.

// block parses { statements }.
func (p *parser) block() {
	p.Enclosed(nBlock, tLBrace, tRBrace, func() { p.Until(tRBrace, p.statement) })
}

// statement parses one statement, a local variable or a local class.
func (p *parser) statement() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	switch p.Kind {
	case tLBrace:
		p.block()
	case tSemi:
		p.Node(nEmptyStatement, p.Leaf)
	case kwIf:
		p.ifStatement()
	case kwWhile:
		p.Prefix(nWhileStatement, func() { p.parenExpr(); p.statement() })
	case kwDo:
		p.Prefix(nDoStatement, func() {
			p.statement()
			p.Expect(kwWhile)
			p.parenExpr()
			p.Semi(tSemi, tRBrace)
		})
	case kwFor:
		p.forStatement(m)
	case kwTry:
		p.tryStatement(m)
	case kwSwitch:
		p.switchExpr()
	case kwReturn:
		p.Prefix(nReturnStatement, func() {
			if p.Kind != tSemi && p.Kind != tRBrace && p.Kind != tEOF {
				p.expr()
			}
			p.Semi(tSemi, tRBrace)
		})
	case kwBreak:
		p.Prefix(nBreakStatement, p.jumpLabel)
	case kwContinue:
		p.Prefix(nContinueStatement, p.jumpLabel)
	case kwThrow:
		p.Prefix(nThrowStatement, func() { p.expr(); p.Semi(tSemi, tRBrace) })
	case kwAssert:
		p.Prefix(nAssertStatement, func() {
			p.expr()
			if p.Got(tColon) {
				p.expr()
			}
			p.Semi(tSemi, tRBrace)
		})
	case kwSynchronized:
		if p.Peek(1) != tLParen {
			p.localDeclaration(m)
			return
		}
		p.Prefix(nSynchronizedStatement, func() { p.parenExpr(); p.block() })
	case kwClass, kwInterface, kwEnum, kwAbstract, kwStatic, kwStrictfp, kwFinal, tAt:
		p.localDeclaration(m)
	case kwThis, kwSuper:
		if p.Peek(1) == tLParen {
			p.Node(nExplicitConstructorInvocation, func() { p.Leaf(); p.arguments(); p.Semi(tSemi, tRBrace) })
			return
		}
		p.expressionStatement(m)
	case kwByte, kwShort, kwInt, kwLong, kwChar, kwFloat, kwDouble, kwBoolean:
		if p.Peek(1) == tDot || p.Peek(1) == tColons || p.Peek(1) == tLBrack && p.Peek(2) == tRBrack && p.primitiveExpr() {
			p.expressionStatement(m) // int.class.getName(); int[]::new
			return
		}
		p.localDeclaration(m)
	case tIdent:
		p.identStatement(m)
	default:
		p.expressionStatement(m)
	}
}

// primitiveExpr reports whether int[] at the current token starts an
// expression (int[].class, int[]::new), not a declaration.
func (p *parser) primitiveExpr() bool {
	return p.typeAhead(func() bool { return p.Kind == tDot || p.Kind == tColons })
}

// expressionStatement parses e; closing it at m.
func (p *parser) expressionStatement(m int) {
	p.expr()
	p.Semi(tSemi, tRBrace)
	p.B.Close(m, nExpressionStatement, 0)
}

// jumpLabel parses the rest of a break or a continue: its label, if
// any, and the ;.
func (p *parser) jumpLabel() {
	if p.Kind == tIdent {
		p.ident()
	}
	p.Semi(tSemi, tRBrace)
}

// identStatement parses a statement that starts with an identifier: a
// label, yield, a local record, class or variable, an expression.
func (p *parser) identStatement(m int) {
	if p.Pattern && p.IsRun(0) {
		// A run of statements in a pattern (a(); $$$X b();) stands for
		// statements that end themselves: its ; may be left out.
		if k := p.Peek(1); k != tDot && k != tLParen && k != tIdent && k != tLBrack && k != tLT {
			p.Leaf()
			if p.Kind == tSemi {
				p.Next()
			}
			p.B.Close(m, nExpressionStatement, 0)
			return
		}
	}
	switch k := p.Peek(1); {
	case k == tColon:
		p.ident()
		p.Leaf()
		p.statement()
		p.B.Close(m, nLabeledStatement, 0)
		return
	case p.Tok.Text == "yield" && p.yieldAhead():
		p.LeafAs(tWord)
		p.expr()
		p.Semi(tSemi, tRBrace)
		p.B.Close(m, nYieldStatement, 0)
		return
	case p.recordAhead(), p.IsWord("sealed") && startsDeclAfterModifier(k), p.IsWord("non") && k == tMinus && p.WordAt(2, "sealed"):
		p.localDeclaration(m)
		return
	case k == tIdent:
		p.localDeclaration(m) // Type name
		return
	case k == tDot, k == tLT, k == tLBrack:
		if p.declAhead() {
			p.localDeclaration(m)
			return
		}
	}
	p.expressionStatement(m)
}

// yieldAhead reports whether yield at the current token starts a yield
// statement, not an expression that uses a variable named yield: yield
// x; yield -1; yield (x); but not yield = 1; or yield.f();.
func (p *parser) yieldAhead() bool {
	switch p.Peek(1) {
	case tAssign, tPlusEq, tMinusEq, tStarEq, tSlashEq, tPercentEq, tCaretEq, tAmpEq, tPipeEq, tShlEq,
		tDot, tLBrack, tColons, tArrow, tSemi, tInc, tDec, tGT, tLT, tEq, tNe, tQuestion:
		return false
	case tIdent:
		return !p.IsRun(1) || p.Peek(2) != tSemi
	}
	return true
}

// declAhead reports whether a local variable's type and name start at
// the current token: a.b.C x, List<T> x, String[] x.
func (p *parser) declAhead() bool {
	return p.typeAhead(func() bool {
		if p.Kind != tIdent {
			return false
		}
		switch p.Peek(1) {
		case tAssign, tSemi, tComma, tLBrack, tColon:
			return true
		case tEOF, tRBrace, tRParen:
			return p.Pattern
		}
		return false
	})
}

// localDeclaration parses a local class, interface, enum or record, or a
// local variable declaration, closing it at m.
func (p *parser) localDeclaration(m int) {
	p.modifiers()
	if p.typeDeclaration(m) {
		return
	}
	p.typ()
	p.declarators()
	p.Semi(tSemi, tRBrace)
	p.B.Close(m, nLocalVariableDeclaration, 0)
}

// parenExpr parses ( e ) as a parenthesized_expression, as
// tree-sitter-java has the condition of an if, a while, a switch.
func (p *parser) parenExpr() {
	p.Node(nParenthesizedExpression, func() {
		p.Expect(tLParen)
		p.expr()
		p.Expect(tRParen)
	})
}

// ifStatement parses if (c) s else t; an else if chain is a loop, not a
// recursion, so a long one does not nest the stack. Each link is still a
// level of the tree, an if_statement in the one before, so each counts
// as one: a chain longer than kit.MaxDepth is an error, as in the other
// grammars, not a tree that every walk of it must descend.
func (p *parser) ifStatement() {
	var marks []int
	defer func() {
		for range len(marks) - 1 {
			p.Leave()
		}
	}()
	for {
		if len(marks) > 0 {
			p.Enter()
		}
		marks = append(marks, p.B.Mark())
		p.Leaf() // if
		p.parenExpr()
		p.statement()
		if p.Kind != kwElse {
			break
		}
		p.Leaf()
		if p.Kind != kwIf {
			p.statement()
			break
		}
	}
	for i := len(marks) - 1; i >= 0; i-- {
		p.B.Close(marks[i], nIfStatement, 0)
	}
}

// forStatement parses for (init; cond; update) s and for (T x : e) s,
// closing it at m.
func (p *parser) forStatement(m int) {
	p.Leaf()
	p.Expect(tLParen)
	if p.Pattern && p.IsRun(0) && p.Peek(1) == tRParen {
		p.Leaf() // for ($$$H) in a pattern: any head
		p.Leaf()
		p.statement()
		p.B.Close(m, nForStatement, 0)
		return
	}
	if p.forDeclAhead() {
		d := p.B.Mark()
		p.modifiers()
		p.typ()
		if p.Kind == tIdent && p.Peek(1) == tColon || p.Kind == tIdent && p.Peek(1) == tLBrack && p.enhancedAhead() {
			p.ident()
			p.dimensions()
			p.Leaf() // :
			p.expr()
			p.Expect(tRParen)
			p.statement()
			p.B.Close(m, nEnhancedForStatement, 0)
			return
		}
		p.declarators()
		p.B.Close(d, nLocalVariableDeclaration, 0)
		p.Expect(tSemi)
	} else {
		p.expressionList(tSemi)
		p.Expect(tSemi)
	}
	if p.Kind != tSemi {
		p.expr()
	}
	p.Expect(tSemi)
	p.expressionList(tRParen)
	p.Expect(tRParen)
	p.statement()
	p.B.Close(m, nForStatement, 0)
}

// enhancedAhead reports whether name[] : at the current token ends an
// enhanced for's variable.
func (p *parser) enhancedAhead() bool {
	return p.Lookahead(func() bool { p.Next(); p.dimensions(); return p.Kind == tColon })
}

// forDeclAhead reports whether a for's head declares its variables.
func (p *parser) forDeclAhead() bool {
	switch p.Kind {
	case kwFinal, tAt, kwByte, kwShort, kwInt, kwLong, kwChar, kwFloat, kwDouble, kwBoolean:
		return true
	case tIdent:
		if p.Peek(1) == tIdent {
			return true
		}
		return p.declAhead()
	}
	return false
}

// expressionList parses a, b, c up to end, which it does not consume:
// a for's init and update.
func (p *parser) expressionList(end grammars.Kind) {
	if p.Kind == end {
		return
	}
	p.Separated(tComma, p.expr)
}

// tryStatement parses try (resources) { } catch (A | B e) { } finally
// { }, closing it at m.
func (p *parser) tryStatement(m int) {
	p.Leaf()
	kind := nTryStatement
	if p.Kind == tLParen {
		kind = nTryWithResourcesStatement
		p.Enter()
		p.Node(nResourceSpecification, func() {
			p.Leaf()
			for p.Kind != tRParen && p.Kind != tEOF {
				p.resource()
				if p.Kind != tSemi {
					break
				}
				p.Leaf()
			}
			p.Expect(tRParen)
		})
		p.Leave()
	}
	p.block()
	for p.Kind == kwCatch {
		p.Node(nCatchClause, func() {
			p.Leaf()
			p.Expect(tLParen)
			p.Node(nCatchFormalParameter, func() {
				p.modifiers()
				p.Node(nCatchType, func() { p.Separated(tPipe, p.typ) })
				p.ident()
				p.dimensions()
			})
			p.Expect(tRParen)
			p.block()
		})
	}
	p.Clause(kwFinally, nFinallyClause, p.block)
	p.B.Close(m, kind, 0)
}

// resource parses a try's resource: final T x = e, or a variable or a
// field that holds one.
func (p *parser) resource() {
	p.Node(nResource, func() {
		if p.Kind == kwFinal || p.Kind == tAt || p.Kind == tIdent && p.resourceDeclAhead() {
			p.modifiers()
			p.typ()
			p.ident()
			p.Expect(tAssign)
			p.expr()
			return
		}
		p.expr()
	})
}

// resourceDeclAhead reports whether a resource declares its variable.
func (p *parser) resourceDeclAhead() bool {
	return p.typeAhead(func() bool { return p.Kind == tIdent && p.Peek(1) == tAssign })
}

// switchExpr parses switch (e) { cases }, a statement or an expression.
func (p *parser) switchExpr() {
	p.Prefix(nSwitchExpression, func() {
		p.parenExpr()
		p.Enter()
		p.Node(nSwitchBlock, func() {
			p.Expect(tLBrace)
			p.Until(tRBrace, p.switchItem)
			p.Expect(tRBrace)
		})
		p.Leave()
	})
}

// switchItem parses a rule, case L -> e; or a group of labels and the
// statements after them.
func (p *parser) switchItem() {
	if p.Pattern && p.IsRun(0) {
		p.Leaf() // switch ($X) { $$$C }
		return
	}
	m := p.B.Mark()
	p.switchLabel()
	if p.Got(tArrow) {
		switch p.Kind {
		case tLBrace:
			p.block()
		case kwThrow:
			p.statement()
		default:
			e := p.B.Mark()
			p.expr()
			p.Semi(tSemi, tRBrace)
			p.B.Close(e, nExpressionStatement, 0)
		}
		p.B.Close(m, nSwitchRule, 0)
		return
	}
	p.Expect(tColon)
	for p.Kind == kwCase || p.Kind == kwDefault {
		p.switchLabel()
		p.Expect(tColon)
	}
	for p.Kind != kwCase && p.Kind != kwDefault && p.Kind != tRBrace && p.Kind != tEOF {
		if p.Pattern && p.IsRun(0) && (p.Peek(1) == kwCase || p.Peek(1) == kwDefault || p.Peek(1) == tRBrace) {
			p.Leaf()
			continue
		}
		p.statement()
	}
	p.B.Close(m, nSwitchBlockStatementGroup, 0)
}

// switchLabel parses case A, B when g, or default.
func (p *parser) switchLabel() {
	p.Node(nSwitchLabel, func() {
		if p.Got(kwDefault) {
			return
		}
		p.Expect(kwCase)
		saved := p.noLambda
		p.noLambda = true
		p.Separated(tComma, p.caseItem)
		if p.IsWord("when") {
			p.Node(nGuard, func() { p.LeafAs(tWord); p.conditional() })
		}
		p.noLambda = saved
	})
}

// caseItem parses one of a case's labels: a pattern, a constant, null
// or default.
func (p *parser) caseItem() {
	if p.Kind == kwDefault {
		p.Leaf()
		return
	}
	if p.patternAhead() {
		p.pattern()
		return
	}
	p.conditional()
}

// patternAhead reports whether a pattern starts at the current token:
// a type and a name, or a record's type and (.
func (p *parser) patternAhead() bool {
	switch p.Kind {
	case kwFinal, tAt:
		return true
	case tIdent, kwByte, kwShort, kwInt, kwLong, kwChar, kwFloat, kwDouble, kwBoolean:
		// A type and when is no pattern but, in a pattern, a metavariable
		// that stands for a whole one and its guard: case $P when $G.
		return p.typeAhead(func() bool {
			return p.Kind == tIdent && !(p.IsWord("when") && p.Pattern) || p.Kind == tLParen
		})
	}
	return false
}

// pattern parses a type pattern (final T x) or a record pattern (R(P q,
// var y)).
func (p *parser) pattern() {
	p.Enter()
	defer p.Leave()
	if p.Kind == tIdent && (p.Tok.Text == "_" || p.Pattern && p.IsMetavar()) && (p.Peek(1) == tComma || p.Peek(1) == tRParen) {
		// The unnamed pattern, in a record pattern; or a metavariable
		// that stands for a whole component: case $R($A, $B), case
		// $R($$$P).
		p.ident()
		return
	}
	m := p.B.Mark()
	p.modifiers()
	p.typ()
	if p.Kind == tLParen {
		p.Enclosed(nRecordPatternBody, tLParen, tRParen, func() { p.List(tComma, tRParen, p.pattern) })
		p.B.Close(m, nRecordPattern, 0)
		return
	}
	p.ident()
	p.B.Close(m, nTypePattern, 0)
}
