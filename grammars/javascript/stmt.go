package javascript

import "github.com/agenttools/agenttools/grammars"

// Statements and declarations.

// statement parses one statement or declaration.
func (p *parser) statement() {
	p.Enter()
	defer p.Leave()
	switch p.Kind {
	case tSemi:
		p.Node(nEmptyStatement, p.Leaf)
		return
	case tLBrace:
		p.block()
		return
	case kwVar:
		p.varDeclaration(p.B.Mark(), nVariableDeclaration, true)
		return
	case kwConst:
		if p.Peek(1) == kwEnum {
			p.enumDeclaration(p.B.Mark())
			return
		}
		p.varDeclaration(p.B.Mark(), nLexicalDeclaration, true)
		return
	case kwLet:
		if k := p.Peek(1); isIdent(k) || k == tLBrack || k == tLBrace {
			p.varDeclaration(p.B.Mark(), nLexicalDeclaration, true)
			return
		}
	case kwUsing, kwAwait:
		if p.isUsing() {
			p.varDeclaration(p.B.Mark(), nLexicalDeclaration, true)
			return
		}
	case kwIf:
		p.ifStatement()
		return
	case kwFor:
		p.forStatement()
		return
	case kwWhile, kwWith:
		k := nWhileStatement
		if p.Kind == kwWith {
			k = nWithStatement
		}
		p.Prefix(k, func() {
			p.parenExpression()
			p.statement()
		})
		return
	case kwDo:
		p.Prefix(nDoStatement, p.doWhile)
		return
	case kwReturn:
		p.Prefix(nReturnStatement, func() {
			if !p.canInsertSemicolon() {
				p.expression()
			}
			p.semicolon()
		})
		return
	case kwThrow:
		p.throw()
		return
	case kwBreak, kwContinue:
		k := nBreakStatement
		if p.Kind == kwContinue {
			k = nContinueStatement
		}
		p.Prefix(k, func() {
			if isIdent(p.Kind) && !p.newline() {
				p.LeafAs(tLabel)
			}
			p.semicolon()
		})
		return
	case kwTry:
		p.tryStatement()
		return
	case kwSwitch:
		p.switchStatement()
		return
	case kwDebugger:
		p.Prefix(nDebuggerStatement, p.semicolon)
		return
	case kwFunction:
		p.function(p.B.Mark(), nFunctionDeclaration)
		return
	case kwAsync:
		if p.Peek(1) == kwFunction && !p.newlineAt(1) {
			p.function(p.B.Mark(), nFunctionDeclaration)
			return
		}
	case kwClass:
		p.class(p.B.Mark(), nClassDeclaration)
		return
	case tAt:
		m := p.B.Mark()
		p.decorators()
		switch {
		case p.Kind == kwExport:
			p.exportStatement(m)
		case p.Kind == kwAbstract || p.Kind == kwDeclare:
			p.declaration(m)
		default:
			p.class(m, nClassDeclaration)
		}
		return
	case kwImportKw:
		if k := p.Peek(1); k != tLParen && k != tDot {
			p.importStatement()
			return
		}
	case kwExport:
		p.exportStatement(p.B.Mark())
		return
	case kwEnum, kwInterface, kwType, kwNamespace, kwModule, kwDeclare, kwAbstract, kwGlobal:
		if p.isDeclaration() {
			p.declaration(p.B.Mark())
			return
		}
	}
	if isIdent(p.Kind) && p.Peek(1) == tColon {
		p.Node(nLabeledStatement, func() {
			p.LeafAs(tLabel)
			p.Leaf()
			p.statement()
		})
		return
	}
	p.expression()
	p.semicolon()
}

// doWhile parses the rest of do s while (…) after do; its ; may be left
// out even on the same line.
func (p *parser) doWhile() {
	p.statement()
	p.Expect(kwWhile)
	p.parenExpression()
	if p.Kind == tSemi {
		p.Next()
	}
}

// throw parses a throw statement, whose throw no line break may follow.
func (p *parser) throw() {
	throw := *p.Tok
	p.Prefix(nThrowStatement, func() {
		if p.newline() {
			p.failAt(&throw, "line break not permitted after throw")
		}
		p.expression()
		p.semicolon()
	})
}

// isUsing reports whether a using or await using declaration starts here.
func (p *parser) isUsing() bool {
	i := 0
	if p.Kind == kwAwait {
		if p.Peek(1) != kwUsing || p.newlineAt(1) {
			return false
		}
		i = 1
	}
	k := p.Peek(i + 1)
	return isIdent(k) && !p.newlineAt(i+1) && !(k == kwOf && p.Peek(i+2) != tAssign) && k != kwIn
}

// isDeclaration reports whether a contextual keyword starts a TypeScript
// declaration here (type X = …) rather than an expression (type = 1).
func (p *parser) isDeclaration() bool {
	for i := 0; ; i++ {
		k := p.Peek(i)
		next := p.Peek(i + 1)
		sameLine := !p.newlineAt(i + 1)
		switch k {
		case kwEnum, kwClass, kwFunction, kwVar, kwLet, kwConst:
			return i > 0 || k == kwEnum
		case kwInterface, kwType:
			return isIdent(next) && sameLine
		case kwNamespace, kwModule:
			return (isIdent(next) || next == tString) && sameLine
		case kwGlobal:
			return next == tLBrace
		case kwDeclare, kwAbstract, kwAsync:
			if !sameLine || i >= 5 {
				return false
			}
			if k == kwAsync && next != kwFunction {
				return false
			}
		case kwUsing:
			return i > 0
		default:
			return false
		}
	}
}

// declaration parses a declaration that starts with a keyword, from mark
// m (where its decorators start, if any).
func (p *parser) declaration(m int) {
	p.Enter() // declare declare …
	defer p.Leave()
	switch p.Kind {
	case kwVar:
		p.varDeclaration(m, nVariableDeclaration, true)
	case kwLet, kwConst, kwUsing, kwAwait:
		if p.Kind == kwConst && p.Peek(1) == kwEnum {
			p.enumDeclaration(m)
			return
		}
		p.varDeclaration(m, nLexicalDeclaration, true)
	case kwFunction, kwAsync:
		p.function(m, nFunctionDeclaration)
	case kwClass, kwAbstract, tAt:
		if p.Kind == tAt {
			p.decorators()
		}
		p.class(m, nClassDeclaration)
	case kwEnum:
		p.enumDeclaration(m)
	case kwInterface:
		p.interfaceDeclaration(m)
	case kwType:
		p.typeAlias(m)
	case kwNamespace:
		p.Leaf()
		p.namespaceName()
		p.block()
		p.B.Close(m, nInternalModule, 0)
	case kwGlobal:
		p.Leaf()
		p.block()
		p.B.Close(m, nInternalModule, 0)
	case kwModule:
		p.Leaf()
		p.moduleDeclaration()
		p.B.Close(m, nModule, 0)
	case kwDeclare:
		p.Leaf()
		if p.Kind == kwGlobal && p.Peek(1) == tLBrace {
			p.Leaf()
			p.block()
		} else {
			p.declaration(p.B.Mark())
		}
		p.B.Close(m, nAmbientDeclaration, 0)
	default:
		p.ErrorExpected("declaration")
	}
}

// moduleDeclaration parses what follows module: a name, or a string, and
// a block, or nothing in a declaration.
func (p *parser) moduleDeclaration() {
	if !p.Got(tString) {
		p.namespaceName()
	}
	if p.Kind == tLBrace {
		p.block()
	} else {
		p.semicolon()
	}
}

// namespaceName parses A or A.B.C.
func (p *parser) namespaceName() {
	m := p.B.Mark()
	p.ident()
	if p.Kind == tDot {
		for p.Got(tDot) {
			p.identAs(tIdent)
		}
		p.B.Close(m, nNestedIdentifier, 0)
	}
}

// block parses { statements }.
func (p *parser) block() {
	p.Enclosed(nStatementBlock, tLBrace, tRBrace, func() {
		for p.Kind != tRBrace && p.Kind != tEOF {
			p.statement()
		}
	})
}

// functionBody parses a function's block with the context of its kind.
func (p *parser) functionBody(async, generator bool) {
	set := cFunction
	if async {
		set |= cAsync
	}
	if generator {
		set |= cGenerator
	}
	p.withCtx(set, cAsync|cGenerator|cNoIn, p.block)
}

// parenExpression parses the ( expression ) of if, while, switch and with.
func (p *parser) parenExpression() {
	p.Node(nParenthesizedExpression, func() {
		p.Expect(tLParen)
		p.withCtx(0, cNoIn, p.expression)
		p.Expect(tRParen)
	})
}

// varDeclaration parses var, let, const, using or await using and its
// declarators, then the statement's end when semi is set.
func (p *parser) varDeclaration(m int, k grammars.Kind, semi bool) {
	if p.Kind == kwAwait {
		p.Leaf()
	}
	p.Leaf()
	p.declarators()
	if semi {
		p.semicolon()
	}
	p.B.Close(m, k, 0)
}

// declarators parses declarators separated by commas.
func (p *parser) declarators() { p.Separated(tComma, p.declarator) }

// declarator parses a name or pattern with its type and initializer; a
// name alone is no node of its own.
func (p *parser) declarator() {
	m := p.B.Mark()
	p.bindingTarget()
	if p.Kind == tBang {
		p.Leaf()
	}
	p.Optional(tColon, p.typeAnnotation)
	if p.Got(tAssign) {
		p.assignment()
	}
	if p.B.Len(m) > 1 {
		p.B.Close(m, nVariableDeclarator, 0)
	}
}

// ifStatement parses if (…) s, and its else, which is a child: if ($C) { $$$B }
// matches no if with an else.
func (p *parser) ifStatement() {
	p.Prefix(nIfStatement, func() {
		p.parenExpression()
		p.statement()
		p.Clause(kwElse, nElseClause, p.statement)
	})
}

// forStatement parses for (init; cond; update), for (x in y), for (x of
// y) and for await; the ; of the header are leaves.
func (p *parser) forStatement() {
	m := p.B.Mark()
	p.Leaf()
	p.Got(kwAwait)
	p.Expect(tLParen)
	forIn := false
	if p.Kind != tSemi {
		mi := p.B.Mark()
		decl := p.Kind == kwVar || p.Kind == kwConst ||
			p.Kind == kwLet && func() bool { k := p.Peek(1); return isIdent(k) || k == tLBrack || k == tLBrace }() ||
			(p.Kind == kwUsing || p.Kind == kwAwait) && p.isUsing()
		if decl {
			k := nLexicalDeclaration
			if p.Kind == kwVar {
				k = nVariableDeclaration
			}
			if p.Kind == kwAwait {
				p.Leaf()
			}
			p.Leaf()
			p.withCtx(cNoIn, 0, p.declarators)
			if p.Kind == kwOf || p.Kind == kwIn {
				// for (const x of y): the keyword and the binding are the
				// statement's own children.
				forIn = true
			} else {
				p.B.Close(mi, k, 0)
			}
		} else {
			p.withCtx(cNoIn, 0, p.expression)
			forIn = p.Kind == kwOf || p.Kind == kwIn
		}
	}
	if forIn {
		of := p.Kind == kwOf
		p.Leaf()
		if of {
			p.withCtx(0, cNoIn, p.assignment)
		} else {
			p.withCtx(0, cNoIn, p.expression)
		}
		p.Expect(tRParen)
		p.statement()
		p.B.Close(m, nForInStatement, 0)
		return
	}
	p.Expect(tSemi)
	if p.Kind != tSemi {
		p.withCtx(0, cNoIn, p.expression)
	}
	p.Expect(tSemi)
	if p.Kind != tRParen {
		p.withCtx(0, cNoIn, p.expression)
	}
	p.Expect(tRParen)
	p.statement()
	p.B.Close(m, nForStatement, 0)
}

// tryStatement parses try with catch (whose binding is optional) and
// finally.
func (p *parser) tryStatement() {
	m := p.B.Mark()
	p.Leaf()
	p.block()
	p.Clause(kwCatch, nCatchClause, func() {
		if p.Got(tLParen) {
			p.bindingTarget()
			p.Optional(tColon, p.typeAnnotation)
			p.Expect(tRParen)
		}
		p.block()
	})
	p.Clause(kwFinally, nFinallyClause, p.block)
	if p.B.Len(m) < 3 {
		p.ErrorExpected("catch or finally")
	}
	p.B.Close(m, nTryStatement, 0)
}

// switchStatement parses switch (…) { case …: … default: … }.
func (p *parser) switchStatement() {
	p.Prefix(nSwitchStatement, func() {
		p.parenExpression()
		p.Node(nSwitchBody, p.switchBody)
	})
}

// switchBody parses the { clauses } of a switch.
func (p *parser) switchBody() {
	p.Expect(tLBrace)
	for p.Kind == kwCase || p.Kind == kwDefault || p.isMetavarTok() {
		if p.isMetavarTok() { // a pattern's $$$C stands for the clauses
			p.Leaf()
			continue
		}
		p.switchClause()
	}
	p.Expect(tRBrace)
}

// switchClause parses case x: statements, or default: statements.
func (p *parser) switchClause() {
	k := nSwitchDefault
	if p.Kind == kwCase {
		k = nSwitchCase
	}
	p.Prefix(k, func() {
		if k == nSwitchCase {
			p.expression()
		}
		p.Expect(tColon)
		for p.Kind != kwCase && p.Kind != kwDefault && p.Kind != tRBrace && p.Kind != tEOF {
			p.statement()
		}
	})
}

// TypeScript declarations.

// enumDeclaration parses [const] enum E { A, B = 1 } from mark m.
func (p *parser) enumDeclaration(m int) {
	if p.Kind == kwConst {
		p.Leaf()
	}
	p.Expect(kwEnum)
	p.ident()
	p.Node(nEnumBody, func() {
		p.Expect(tLBrace)
		p.List(tComma, tRBrace, func() { p.Tail(nEnumAssignment, p.propertyName, tAssign, p.assignment) })
		p.Expect(tRBrace)
	})
	p.B.Close(m, nEnumDeclaration, 0)
}

// interfaceDeclaration parses interface I<T> extends A, B { … } from
// mark m.
func (p *parser) interfaceDeclaration(m int) {
	p.Expect(kwInterface)
	p.identAs(tTypeIdent)
	p.Optional(tLT, p.typeParameters)
	p.Clause(kwExtends, nExtendsTypeClause, p.types)
	p.typeMembers(nInterfaceBody)
	p.B.Close(m, nInterfaceDeclaration, 0)
}

// typeAlias parses type T<P> = … from mark m.
func (p *parser) typeAlias(m int) {
	p.Expect(kwType)
	p.identAs(tTypeIdent)
	p.Optional(tLT, p.typeParameters)
	p.Expect(tAssign)
	p.typ()
	p.semicolon()
	p.B.Close(m, nTypeAliasDeclaration, 0)
}
