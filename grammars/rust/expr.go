package rust

import (
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Statements.

// block parses { statements } with its inner attributes.
func (p *parser) block() {
	m := p.B.Mark()
	p.Expect(tLBrace)
	p.withStruct(true, p.statements)
	p.Expect(tRBrace)
	p.B.Close(m, nBlock, 0)
}

// statements parses the statements of a block, up to its }.
func (p *parser) statements() {
	for p.Kind != tRBrace && p.Kind != tEOF {
		if p.Kind == tPound && p.Peek(1) == tNot {
			p.attribute()
			continue
		}
		p.statement()
	}
}

// statement parses one statement: an empty one, a let, an item, or an
// expression, which a ; ends unless it is the block's last or ends with a
// block of its own (if, match, loop, a block, a macro call in braces).
func (p *parser) statement() {
	p.Enter()
	defer p.Leave()
	if p.Kind == tSemi {
		p.Next()
		return
	}
	p.attributes() // outer attributes are the siblings before
	m := p.B.Mark()
	switch {
	case p.Kind == kwLet:
		p.letDeclaration(m)
		return
	case p.Kind == kwSuper && p.Peek(1) == kwLet: // super let, nightly
		p.Leaf()
		p.letDeclaration(m)
		return
	case p.itemStart():
		p.itemAfterAttrs(m)
		return
	case p.IsWord("macro_rules") && p.Peek(1) == tNot:
		p.macroRules(m)
		return
	}
	// A run of statements in a pattern (a(); $$$X b();) stands for
	// statements that end themselves: its ; may be left out.
	run := p.Pattern && p.Kind == tIdent && strings.HasPrefix(p.Tok.Text, "$$$") && !slices.Contains([]grammars.Kind{tDot, tLParen, tPathSep, tNot, tQuestion, tLBrack}, p.Peek(1))
	// A block-like expression ends the statement, unless a method call, a
	// field or a ? goes on from it.
	blockLike := p.exprStatementStart()
	if blockLike {
		blockLike = p.blockLikeFirst()
	} else {
		p.expr()
	}
	switch {
	case p.Kind == tSemi:
		p.Next()
		p.B.Close(m, nExpressionStatement, 0)
	case p.Kind == tRBrace || p.Kind == tEOF:
		if blockLike && p.B.Len(m) > 1 {
			p.B.Close(m, nExpressionStatement, 0)
		}
		// The block's value, with no statement around it.
	case blockLike, run:
		p.B.Close(m, nExpressionStatement, 0)
	default:
		p.ErrorExpected("';' or '}'")
	}
}

// blockLikeFirst parses a block-like expression that starts a statement
// or a match arm's body, and reports whether it stands alone: a method
// call, a field or a ? after it makes it the first operand of an
// expression instead (match x {}.len() + 1).
func (p *parser) blockLikeFirst() (alone bool) {
	m := p.B.Mark()
	first := true
	c := p.ops
	c.Operand = func() {
		if !first {
			p.unary()
			return
		}
		first = false
		p.blockLikeExpr()
		if alone = p.Kind != tDot && p.Kind != tQuestion; !alone {
			p.postfix(m)
		}
	}
	c.Stop = func() bool { return alone }
	p.Climb(&c, lOr)
	if !alone {
		p.rangeRest(m)
		p.assignRest(m)
	}
	return alone
}

// exprStatementStart reports whether the expression statement ahead
// starts with a block-like expression.
func (p *parser) exprStatementStart() bool {
	switch p.Kind {
	case tLBrace, kwIf, kwMatch, kwLoop, kwWhile, kwFor:
		return true
	case kwUnsafe:
		return p.Peek(1) == tLBrace
	case kwConst:
		return p.Peek(1) == tLBrace
	case kwAsync:
		return p.Peek(1) == tLBrace || p.Peek(1) == kwMove && p.Peek(2) == tLBrace || p.WordAt(1, "gen") && p.genBlockAt(2)
	case kwTry:
		return p.Peek(1) == tLBrace || p.WordAt(1, "bikeshed")
	case tLifetime:
		return p.Peek(1) == tColon
	case tIdent:
		return p.IsWord("gen") && p.genBlockAt(1) || p.macroBraceStatement()
	case kwSelfValue, kwSuper, kwCrate, tPathSep:
		return p.macroBraceStatement()
	}
	return false
}

// genBlockAt reports whether the tokens n places ahead are the rest of a
// gen block after its gen (nightly, and the 2024 edition's keyword): { or
// move {. Where a { cannot open a struct expression (the head of an if),
// gen is a name.
func (p *parser) genBlockAt(n int) bool {
	return !p.noStruct && (p.Peek(n) == tLBrace || p.Peek(n) == kwMove && p.Peek(n+1) == tLBrace)
}

// macroBraceStatement reports whether a macro call with braces starts
// here: m! { … } as a statement needs no ;.
func (p *parser) macroBraceStatement() bool {
	for i := 0; i < 7; i++ {
		k := p.Peek(i)
		switch {
		case k == tNot:
			return p.Peek(i+1) == tLBrace
		case k == tPathSep || k == tIdent || k == kwSelfValue || k == kwSuper || k == kwCrate:
			continue
		}
		return false
	}
	return false
}

// blockLikeExpr parses a block-like expression at the start of a
// statement.
func (p *parser) blockLikeExpr() {
	m := p.B.Mark()
	if p.macroBraceStatement() {
		p.exprPath()
		p.Expect(tNot)
		p.macroArgs(true)
		p.B.Close(m, nMacroInvocation, 0)
		return
	}
	p.primary()
}

// letDeclaration parses let pattern: T = e else { … };.
func (p *parser) letDeclaration(m int) {
	p.Expect(kwLet)
	p.pattern()
	if p.Got(tColon) {
		p.typ()
	}
	if p.Got(tAssign) {
		p.expr()
		if p.Kind == kwElse {
			p.Prefix(nLetElse, p.block)
		}
	}
	p.semi()
	p.B.Close(m, nLetDeclaration, 0)
}

// Expressions, loosest first: assignment, range, then the binary
// operators by precedence, unary operators and casts, postfix operators,
// primaries.

// Binary operator levels, loosest first.
const (
	lOr = 1 + iota
	lAnd
	lCompare
	lBitOr
	lBitXor
	lBitAnd
	lShift
	lAdd
	lMul
)

// expr parses an expression.
func (p *parser) expr() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	p.rangeExpr()
	p.assignRest(m)
}

// assignRest goes on from an operand on the stack from m to an
// assignment, if one comes next: assignments group to the right.
func (p *parser) assignRest(m int) {
	n, compound := p.assignOp()
	if n == 0 {
		return
	}
	for range n {
		p.Leaf()
	}
	p.expr()
	kind := nAssignmentExpression
	if compound {
		kind = nCompoundAssignment
	}
	p.B.Close(m, kind, 0)
}

// assignOp reports whether an assignment operator comes next, how many
// tokens it is (<<= and >>= are three), and whether it is compound.
func (p *parser) assignOp() (int, bool) {
	switch p.Kind {
	case tAssign:
		return 1, false
	case tPlusEq, tMinusEq, tStarEq, tSlashEq, tPercentEq, tCaretEq, tAndEq, tOrEq:
		return 1, true
	case tLT, tGT:
		if p.Peek(1) == p.Kind && p.Adjacent(1) && p.Peek(2) == tAssign && p.Adjacent(2) {
			return 3, true
		}
	}
	return 0, false
}

// rangeExpr parses a..b, a.., ..b, .., a..=b, or an expression with no
// range.
func (p *parser) rangeExpr() {
	m := p.B.Mark()
	if p.Kind != tDotDot && p.Kind != tDotDotEq {
		p.binary(lOr)
	}
	p.rangeRest(m)
}

// rangeRest goes on from a range's start, if any, on the stack from m, to
// its .. or ..= and its end, if any; it does nothing where no .. comes
// next.
func (p *parser) rangeRest(m int) {
	if p.Kind != tDotDot && p.Kind != tDotDotEq {
		return
	}
	p.Leaf()
	if p.exprStart() {
		p.binary(lOr)
	}
	p.B.Close(m, nRangeExpression, 0)
}

// exprStart reports whether an expression can start at the current
// token: what tells a..b from a.. .
func (p *parser) exprStart() bool {
	switch p.Kind {
	case tIdent, tInt, tFloat, tChar, tString, kwTrue, kwFalse, tLParen, tLBrack, tMinus, tNot, tStar,
		tAnd, tOr, tPathSep, tLT, kwSelfValue, kwSelfType, kwSuper, kwCrate, kwIf, kwMatch,
		kwLoop, kwWhile, kwFor, kwUnsafe, kwMove, kwReturn, kwBreak, kwContinue, tLifetime, kwAsync,
		tUnderscore, kwYield, kwConst, kwStatic, kwBox, kwLet, kwTry, kwBecome:
		return true
	case tLBrace:
		return !p.noStruct
	case tPound:
		return p.Peek(1) == tLBrack // an attribute on the expression
	}
	return false
}

// valueStart reports whether the value of a return, a break or a yield
// starts here: an expression, or a range with no start (return ..1).
func (p *parser) valueStart() bool {
	return p.exprStart() || p.Kind == tDotDot || p.Kind == tDotDotEq
}

// binaryOps are the binary operators by level. The lexer keeps <, >, &
// and | alone, so ||, &&, <=, >=, << and >> are joined here from adjacent
// ones, and <<= and >>=, which assign, are no binary operator.
var binaryOps = kit.NewPrecedence(
	nil, // lOr: ||
	nil, // lAnd: &&
	[]grammars.Kind{tEq, tNe, tLT, tGT},
	[]grammars.Kind{tOr},
	[]grammars.Kind{tCaret},
	[]grammars.Kind{tAnd},
	nil, // lShift: << >>
	[]grammars.Kind{tPlus, tMinus},
	[]grammars.Kind{tStar, tSlash, tPercent},
).Joined(lOr, tOr, tOr).Joined(lAnd, tAnd, tAnd).
	Joined(lCompare, tLT, tAssign).Joined(lCompare, tGT, tAssign).
	Joined(lShift, tLT, tLT).Joined(lShift, tGT, tGT).
	Joined(0, tLT, tLT, tAssign).Joined(0, tGT, tGT, tAssign)

// binary parses an operand and the binary operators of level min or
// tighter after it, by precedence climbing.
func (p *parser) binary(min int) { p.Climb(&p.ops, min) }

// unary parses -e, !e, *e, &e, &mut e, &&e, &raw const e, a primary
// with its postfix operators, and casts, which bind tighter than binary
// operators but looser than unary ones.
// An operand may have outer attributes (#[cold] || …, #[rustc_box]
// Box::new(x)), which are siblings before it.
func (p *parser) unary() {
	p.Enter()
	defer p.Leave()
	p.attributes()
	m := p.B.Mark()
	switch p.Kind {
	case tMinus, tNot, tStar, kwBox:
		p.Prefix(nUnaryExpression, p.unary)
	case tAnd:
		p.Leaf()
		kind := nReferenceExpression
		switch {
		case p.IsWord("raw") && (p.Peek(1) == kwConst || p.Peek(1) == kwMut):
			p.LeafAs(tIdent)
			p.Leaf()
			kind = nRawReference
		case p.pinned():
		default:
			p.Got(kwMut)
		}
		p.unary()
		p.B.Close(m, kind, 0)
	default:
		p.primary()
		p.postfix(m)
	}
	for p.Kind == kwAs {
		p.Leaf()
		p.typ()
		p.B.Close(m, nCastExpression, 0)
	}
}

// postfix parses the calls, indexes, ?s and what a . starts after the
// operand on the stack from m, each closed with what it follows.
func (p *parser) postfix(m int) {
	for {
		var kind grammars.Kind
		switch p.Kind {
		case tQuestion:
			p.Leaf()
			kind = nTryExpression
		case tLParen:
			p.arguments()
			kind = nCallExpression
		case tLBrack:
			p.Leaf()
			p.withStruct(true, p.expr)
			p.Expect(tRBrack)
			kind = nIndexExpression
		case tDot:
			kind = p.member()
		default:
			return
		}
		p.B.Close(m, kind, 0)
	}
}

// member parses what a . starts after an operand: .await, a field (x.0,
// x.y), a method call (x.f::<T>(a)), and returns the kind of node it
// closes with the operand.
func (p *parser) member() grammars.Kind {
	p.Expect(tDot)
	switch {
	case p.Kind == kwAwait:
		p.Leaf()
		return nAwaitExpression
	case p.Kind == tInt:
		p.LeafAs(tFieldIdent)
	case p.Kind == tFloat:
		p.Errorf("a tuple index cannot be %s", p.Tok.Text)
	case p.Kind == tIdent || edition2015Word(p.Kind): // x.dyn, in 2015 code
		p.LeafAs(tFieldIdent)
		if p.Kind == tPathSep && p.Peek(1) == tLT {
			p.Leaf()
			p.genericArgs()
		}
		if p.Kind == tLParen {
			p.arguments()
			return nMethodCallExpression
		}
	case p.Kind == kwMatch || p.Kind == kwUse: // postfix match and .use, nightly
		p.LeafAs(tFieldIdent)
		if p.Kind == tLBrace {
			p.matchBlock()
		}
	default:
		p.ErrorExpected("field or method name")
	}
	return nFieldExpression
}

// arguments parses ( e, e, … ) of a call.
func (p *parser) arguments() {
	p.withStruct(true, func() { p.Delimited(nArguments, tLParen, tComma, tRParen, p.attrExpr) })
}

// attrExpr parses an expression that may have outer attributes.
func (p *parser) attrExpr() {
	p.attributes()
	p.expr()
}

// primary parses a primary expression.
func (p *parser) primary() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	switch p.Kind {
	case tInt, tFloat, tChar, tString, kwTrue, kwFalse:
		p.Leaf()
	case tUnderscore:
		p.Leaf()
	case tLParen:
		p.withStruct(true, func() {
			p.parenthesized(p.attrExpr, nUnitExpression, nParenthesizedExpression, nTupleExpression)
		})
	case tLBrack:
		p.Leaf()
		p.withStruct(true, func() {
			if p.Kind == tRBrack {
				return
			}
			p.attrExpr()
			if p.Got(tSemi) {
				p.expr()
				return
			}
			for p.Got(tComma) && p.Kind != tRBrack {
				p.attrExpr()
			}
		})
		p.Expect(tRBrack)
		p.B.Close(m, nArrayExpression, 0)
	case tLBrace:
		p.block()
	case kwUnsafe:
		p.Prefix(nUnsafeBlock, p.block)
	case kwConst:
		if p.Peek(1) == tLBrace {
			p.Prefix(nConstBlock, p.block)
			return
		}
		p.closure(m)
	case kwAsync:
		switch {
		case p.Peek(1) == tLBrace || p.Peek(1) == kwMove && p.Peek(2) == tLBrace:
			p.Prefix(nAsyncBlock, p.moveBlock)
		case p.WordAt(1, "gen") && p.genBlockAt(2):
			p.Leaf()
			p.genBlock(m)
		default:
			p.closure(m)
		}
	case kwTry:
		if p.Peek(1) == tLBrace {
			p.Prefix(nTryBlock, p.block)
			return
		}
		if p.WordAt(1, "bikeshed") { // try bikeshed T { … }, nightly
			p.Prefix(nTryBlock, func() {
				p.LeafAs(tIdent)
				p.typ()
				p.block()
			})
			return
		}
		p.pathExpr(m) // try!(…) in old code
	case tLifetime:
		p.label()
		p.Expect(tColon)
		switch p.Kind {
		case kwLoop, kwWhile, kwFor:
			p.loopExpr(m)
		default:
			p.block()
		}
	case kwIf:
		p.ifExpr(m)
	case kwMatch:
		p.Leaf()
		p.withStruct(false, p.expr)
		p.matchBlock()
		p.B.Close(m, nMatchExpression, 0)
	case kwLoop, kwWhile, kwFor:
		p.loopExpr(m)
	case tOr, kwMove, kwStatic:
		p.closure(m)
	case kwUse:
		if p.Peek(1) != tOr && p.Peek(1) != kwMove {
			p.ErrorExpected("expression")
		}
		p.closure(m) // use || x: a closure that clones what it uses, nightly
	case kwDo:
		if !p.WordAt(1, "yeet") {
			p.ErrorExpected("expression")
		}
		p.Prefix(nYeetExpression, func() {
			p.LeafAs(tIdent)
			p.value()
		})
	case kwReturn:
		p.Prefix(nReturnExpression, p.value)
	case kwBecome:
		p.Prefix(nBecomeExpression, p.expr)
	case kwYield:
		p.Prefix(nYieldExpression, p.value)
	case kwBreak:
		p.Prefix(nBreakExpression, func() {
			p.optLabel()
			if p.valueStart() && !(p.Kind == tLBrace && p.noStruct) {
				p.expr()
			}
		})
	case kwContinue:
		p.Prefix(nContinueExpression, p.optLabel)
	case kwLet:
		p.Leaf()
		p.pattern()
		p.Expect(tAssign)
		p.binary(lAnd + 1)
		p.B.Close(m, nLetCondition, 0)
	case tIdent:
		switch {
		case p.IsWord("gen") && p.genBlockAt(1):
			p.genBlock(m)
		case p.builtinStart():
			p.builtin(m)
		default:
			p.pathExpr(m)
		}
	default:
		p.pathExpr(m)
	}
}

// value parses the value of a return, a yield or a do yeet, if there is
// one.
func (p *parser) value() {
	if p.valueStart() {
		p.expr()
	}
}

// genBlock parses gen { … } or gen move { … } (nightly, and a keyword of
// the 2024 edition), after an async if there was one on the stack from m.
func (p *parser) genBlock(m int) {
	p.LeafAs(tIdent)
	p.moveBlock()
	p.B.Close(m, nGenBlock, 0)
}

// moveBlock parses the block of an async or a gen block, and the move
// before it if there is one.
func (p *parser) moveBlock() {
	p.Got(kwMove)
	p.block()
}

// builtinStart reports whether builtin syntax starts here: builtin #
// offset_of(…), builtin # deref(…), as the standard library's macros
// expand to.
func (p *parser) builtinStart() bool {
	return p.IsWord("builtin") && p.Peek(1) == tPound && p.Peek(2) == tIdent
}

// builtin parses builtin # name(…) as a macro call, the arguments parsed
// where they parse.
func (p *parser) builtin(m int) {
	p.LeafAs(tIdent)
	p.Leaf()
	p.ident()
	p.macroArgs(false)
	p.B.Close(m, nMacroInvocation, 0)
}

// label pushes a loop label or a label after break or continue.
func (p *parser) label() { p.Node(nLabel, func() { p.Expect(tLifetime) }) }

// optLabel pushes the label after a break or a continue, if there is one.
func (p *parser) optLabel() {
	if p.Kind == tLifetime {
		p.label()
	}
}

// pathExpr parses an expression that starts with a path: the path, a
// macro call, or a struct expression.
func (p *parser) pathExpr(m int) {
	switch p.Kind {
	case tIdent, tPathSep, tLT, kwSelfValue, kwSelfType, kwSuper, kwCrate, kwTry:
	default:
		p.ErrorExpected("expression")
	}
	p.exprPath()
	switch {
	case p.Kind == tNot:
		p.Leaf()
		p.macroArgs(false)
		p.B.Close(m, nMacroInvocation, 0)
	case p.Kind == tLBrace && !p.noStruct:
		p.structFields()
		p.B.Close(m, nStructExpression, 0)
	}
}

// exprPath parses a path in an expression or a pattern: a, a::b,
// Vec::<T>::new, <T as Trait>::f, Self::X.
func (p *parser) exprPath() {
	m := p.B.Mark()
	n := 0
	if p.Kind == tLT {
		p.qualifiedPath()
		n++
		if p.Kind != tPathSep {
			p.ErrorExpected("'::'")
		}
		p.Leaf()
	} else if p.Got(tPathSep) {
		n++
	}
	for {
		switch p.Kind {
		case tIdent, kwSelfValue, kwSelfType, kwSuper, kwCrate:
			p.Leaf()
		case kwTry:
			p.LeafAs(tIdent)
		default:
			p.ErrorExpected("identifier")
		}
		n++
		if p.Kind != tPathSep {
			break
		}
		p.Leaf()
		if p.Kind == tLT {
			p.genericArgs()
			if p.Kind != tPathSep {
				break
			}
			p.Leaf()
		}
	}
	if n > 1 || p.B.Len(m) > 1 {
		p.B.Close(m, nPath, 0)
	}
}

// structFields parses the { a: 1, b, ..base } of a struct expression.
func (p *parser) structFields() {
	p.withStruct(true, func() { p.Delimited(nFieldInitializerList, tLBrace, tComma, tRBrace, p.fieldInitializer) })
}

// fieldInitializer parses a: 1, b, ..base, or 0: x.
func (p *parser) fieldInitializer() {
	p.attributes() // outer attributes are the siblings before
	m := p.B.Mark()
	switch {
	case p.Kind == tDotDot:
		p.Leaf()
		if p.Kind != tRBrace {
			p.expr()
		}
		p.B.Close(m, nBaseFieldInitializer, 0)
	case (p.Kind == tIdent || p.Kind == tInt) && p.Peek(1) == tColon:
		p.LeafAs(tFieldIdent)
		p.Leaf()
		p.expr()
		p.B.Close(m, nFieldInitializer, 0)
	case p.Kind == tIdent && p.Pattern && p.IsRun(0):
		p.Leaf()
	default:
		p.ident()
		p.B.Close(m, nShorthandFieldInitializer, 0)
	}
}

// closure parses |a, b: T| e, || e, move |x| { … }, async move |x| e,
// static || e and |x| -> T { … }.
func (p *parser) closure(m int) {
	for p.Kind == kwMove || p.Kind == kwAsync || p.Kind == kwStatic || p.Kind == kwConst || p.Kind == kwUse {
		p.Leaf()
	}
	if p.Kind == kwFor {
		p.forLifetimes()
	}
	if p.Kind != tOr {
		p.ErrorExpected("closure parameters")
	}
	p.Delimited(nClosureParameters, tOr, tComma, tOr, func() {
		p.attributes() // outer attributes are the siblings before
		m := p.B.Mark()
		p.patternNoTopAlt()
		if p.Got(tColon) {
			p.typ()
			p.B.Close(m, nParameter, 0)
		}
	})
	if p.Got(tArrow) {
		p.typ()
		p.block()
	} else {
		p.expr()
	}
	p.B.Close(m, nClosureExpression, 0)
}

// ifExpr parses if cond { … } else if … else { … }, conditions with let
// chains included. Each else if nests in the one before, so each goes
// through the depth guard.
func (p *parser) ifExpr(m int) {
	p.Enter()
	defer p.Leave()
	p.Expect(kwIf)
	p.withStruct(false, p.expr)
	p.block()
	if p.Kind == kwElse {
		p.Prefix(nElseClause, func() {
			if p.Kind == kwIf {
				p.ifExpr(p.B.Mark())
			} else {
				p.block()
			}
		})
	}
	p.B.Close(m, nIfExpression, 0)
}

// loopExpr parses loop { … }, while cond { … }, for pat in e { … }, after
// a label if one is on the stack from m.
func (p *parser) loopExpr(m int) {
	var kind grammars.Kind
	switch p.Kind {
	case kwLoop:
		p.Leaf()
		kind = nLoopExpression
	case kwWhile:
		p.Leaf()
		p.withStruct(false, p.expr)
		kind = nWhileExpression
	case kwFor:
		p.Leaf()
		p.pattern()
		p.Expect(kwIn)
		p.withStruct(false, p.expr)
		kind = nForExpression
	}
	p.block()
	p.B.Close(m, kind, 0)
}

// matchBlock parses the { arms } of a match.
func (p *parser) matchBlock() {
	m := p.B.Mark()
	p.Expect(tLBrace)
	p.withStruct(true, func() {
		for p.Kind == tPound && p.Peek(1) == tNot {
			p.attribute()
		}
		for p.Kind != tRBrace && p.Kind != tEOF {
			p.matchArm()
		}
	})
	p.Expect(tRBrace)
	p.B.Close(m, nMatchBlock, 0)
}

// matchArm parses pattern if guard => e, ending with a , unless e is a
// block-like expression.
func (p *parser) matchArm() {
	p.attributes() // outer attributes are the siblings before
	m := p.B.Mark()
	if p.Pattern && p.IsRun(0) && (p.Peek(1) == tComma || p.Peek(1) == tRBrace) {
		p.Leaf()
		p.Got(tComma)
		return
	}
	p.pattern()
	if p.Kind == kwIf {
		p.Prefix(nMatchGuard, p.expr)
	}
	p.Expect(tFatArrow)
	p.attributes() // on the arm's expression: siblings before it
	e := p.B.Mark()
	if p.exprStatementStart() && !p.macroBraceStatement() {
		p.blockLikeFirst() // a block-like body ends the arm, as it ends a statement
	} else {
		p.expr()
	}
	block := p.endsInBlock(e)
	p.B.Close(m, nMatchArm, 0)
	// The , after an arm is the block's, as a list's , is the list's.
	if !p.Got(tComma) && p.Kind != tRBrace && !block {
		p.ErrorExpected("',' or '}'")
	}
}

// endsInBlock reports whether the expression on the stack from m is a
// block-like one, after which an arm needs no comma.
func (p *parser) endsInBlock(m int) bool {
	if p.B.Len(m) != 1 {
		return false
	}
	switch p.B.Nodes[p.B.Top()].Kind {
	case nBlock, nIfExpression, nMatchExpression, nLoopExpression, nWhileExpression, nForExpression,
		nUnsafeBlock, nAsyncBlock, nConstBlock, nTryBlock, nGenBlock:
		return true
	case nMacroInvocation:
		return p.src[p.End-1] == '}'
	}
	return false
}
