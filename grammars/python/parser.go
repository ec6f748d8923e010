package python

import (
	"fmt"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// parser holds the hand-written productions: the statements and
// everything below them, on the kit's parser, which reads the scanner's
// tokens through a small lookahead window and builds tree nodes
// directly, bottom-up.
//
// Every production that recurses does so through one that counts a level
// with Enter (suite, expr, primary, inversion, factor, power, assignment,
// pattern, mappingPattern, an f-string's field), so input nested past
// kit.MaxDepth is a syntax error, never a stack that grows with the file.
type parser struct {
	kit.Parser
	sc     *scanner
	budget int // bytes scanAhead may still read past the window
}

// maxScan bounds how many tokens one scanAhead reads past the window,
// and scanBudget, with a byte per byte of source, how many bytes all of
// them read together, so that no file, however broken, makes the
// look-ahead read it more than about twice.
const (
	maxScan    = 4096
	scanBudget = 1 << 16
)

func newParser(sc *scanner, first kit.Token, b *grammars.Builder) *parser {
	p := &parser{sc: sc, budget: scanBudget + len(sc.Src)}
	p.Init(kit.NewWindow(sc, first), b, kindNames[:])
	p.Found = found
	p.Ident = tIdent
	return p
}

// found describes a token in an "expected X, found Y" message: the
// synthetic tokens by what they stand for, a character the scanner could
// not read quoted as Go quotes it.
var found = kit.Found(kindNames[:], func(t *kit.Token) string {
	switch t.Kind {
	case tNewline:
		return "newline"
	case tIndent:
		return "indent"
	case tDedent:
		return "dedent"
	case tIllegal:
		return fmt.Sprintf("%q", t.Text)
	}
	return ""
}, tIdent, tInt, tFloat, tString)

// scanAhead calls f with the kind of each token from the current one on,
// until f returns false, the source ends, a keyword that only starts a
// statement comes (in a bracket, it means the bracket was never closed),
// or the read limits are reached. It reads past the window with a quiet
// copy of the scanner, so the window and the scanner are as they were.
// It is for the few decisions that need a whole line: whether match
// starts a statement, whether with's ( holds its items.
func (p *parser) scanAhead(f func(k grammars.Kind) bool) {
	for i := range p.Win.Buffered() {
		k := p.Win.At(i).Kind
		if statementOnly(k) || !f(k) {
			return
		}
	}
	probe := *p.sc
	probe.Quiet = true
	probe.indents = append([]indent(nil), p.sc.indents...)
	for range maxScan {
		if p.budget <= 0 {
			return
		}
		from := probe.Pos
		t := probe.Next()
		p.budget -= probe.Pos - from
		if k := t.Kind; statementOnly(k) || !f(k) || k == tEOF {
			return
		}
	}
}

// statementOnly reports whether a token of kind k can only start a
// statement or clause, and never be part of an expression.
func statementOnly(k grammars.Kind) bool {
	switch k {
	case kwDef, kwClass, kwReturn, kwImport, kwGlobal, kwNonlocal, kwDel, kwPass, kwBreak, kwContinue,
		kwRaise, kwTry, kwWhile, kwWith, kwAssert, kwElif, kwExcept, kwFinally, tIndent, tDedent:
		return true
	}
	return false
}

// resync restarts the scanner at the current token, which starts a line
// at column 1, with no bracket open and no indentation: after a
// statement that failed to parse, an unclosed bracket or a stray indent
// must not change how the rest of the file is read.
func (p *parser) resync() {
	sc := p.sc
	off := int(p.Tok.Offset)
	sc.Pos, sc.Line, sc.LineStart = off, int(p.Tok.Line), off-int(p.Tok.Column)+1
	sc.depth, sc.dedents, sc.bol, sc.pending = 0, 0, false, false
	sc.indents = sc.indents[:1]
	// What the window had read past this token is read again.
	for len(sc.Trivia) > 0 && int(sc.Trivia[len(sc.Trivia)-1].Start) >= off {
		sc.Trivia = sc.Trivia[:len(sc.Trivia)-1]
	}
	for len(sc.Errs) > 0 && int(sc.Errs[len(sc.Errs)-1].Span.Start) >= off {
		sc.Errs = sc.Errs[:len(sc.Errs)-1]
	}
	p.Win.Reset(sc.Next())
	p.Load()
}

// Statements.

// statement parses one statement: a compound one, or a line of simple
// ones separated by semicolons. The NEWLINE that ends a line and the
// semicolons are no leaves: a line break, so a one-line suite has the
// tree of the same statements written as an indented block.
func (p *parser) statement() {
	switch p.Kind {
	case kwIf:
		p.ifStatement()
	case kwWhile:
		p.whileStatement()
	case kwFor:
		p.forStatement(p.B.Mark())
	case kwTry:
		p.tryStatement()
	case kwWith:
		p.withStatement(p.B.Mark())
	case kwDef:
		p.functionDefinition(p.B.Mark())
	case kwClass:
		p.classDefinition(p.B.Mark())
	case opMatMul:
		p.decorated()
	case kwAsync:
		m := p.B.Mark()
		p.Leaf()
		switch p.Kind {
		case kwDef:
			p.functionDefinition(m)
		case kwFor:
			p.forStatement(m)
		case kwWith:
			p.withStatement(m)
		default:
			p.ErrorExpected("def, for or with after async")
		}
	case tIdent:
		if p.IsWord("match") && p.isMatchStatement() {
			p.matchStatement()
			return
		}
		p.simpleStatements()
	case tIndent:
		p.Errorf("unexpected indent")
	default:
		p.simpleStatements()
	}
}

// simpleStatements parses simple statements separated by semicolons, to
// the end of the line.
func (p *parser) simpleStatements() {
	for {
		p.simpleStatement()
		if p.Kind != opSemi {
			break
		}
		p.Next()
		if p.Kind == tNewline || p.Kind == tEOF {
			break
		}
	}
	switch p.Kind {
	case tNewline:
		p.Next()
	case tEOF:
	default:
		p.ErrorExpected("newline or ';' after statement")
	}
}

// keywordStmts are the kinds of the statements that are a keyword alone,
// or global or nonlocal and names.
var keywordStmts = map[grammars.Kind]grammars.Kind{
	kwPass: nPassStatement, kwBreak: nBreakStatement, kwContinue: nContinueStatement,
	kwGlobal: nGlobalStatement, kwNonlocal: nNonlocalStatement,
}

func (p *parser) simpleStatement() {
	switch p.Kind {
	case kwPass, kwBreak, kwContinue:
		p.Node(keywordStmts[p.Kind], p.Leaf)
	case kwReturn:
		p.Prefix(nReturnStatement, func() {
			if p.startsExpr() {
				p.starExprList()
			}
		})
	case kwRaise:
		p.Prefix(nRaiseStatement, func() {
			if p.startsExpr() {
				p.expr()
				if p.Got(kwFrom) {
					p.expr()
				}
			}
		})
	case kwGlobal, kwNonlocal:
		p.Prefix(keywordStmts[p.Kind], p.names)
	case kwDel:
		// del a, b is a list of targets, no tuple (as in Python's ast).
		p.Prefix(nDeleteStatement, func() {
			p.orExpr()
			for p.Got(opComma) && p.startsExpr() {
				p.orExpr()
			}
		})
	case kwAssert:
		p.Prefix(nAssertStatement, func() {
			p.expr()
			if p.Got(opComma) {
				p.expr()
			}
		})
	case kwImport:
		p.importStatement()
	case kwFrom:
		p.importFrom()
	default:
		if p.IsWord("type") && p.Peek(1) == tIdent && (p.Peek(2) == opAssign || p.Peek(2) == opLBrack) {
			p.typeAlias()
			return
		}
		p.expressionStatement()
	}
}

// names parses the names after global or nonlocal.
func (p *parser) names() { p.Separated(opComma, func() { p.Expect(tIdent) }) }

// expressionStatement parses an expression, a tuple of them, or an
// assignment of any kind.
func (p *parser) expressionStatement() {
	m := p.B.Mark()
	if p.Kind == kwYield {
		p.yieldExpr()
	} else {
		p.starExprList()
	}
	switch p.Kind {
	case opAssign:
		p.assignment(m)
	case opColon:
		p.Leaf()
		p.expr()
		if p.Got(opAssign) {
			p.rightHandSide()
		}
		p.B.Close(m, nAssignment, 0)
	case opAddAs, opSubAs, opMulAs, opDivAs, opFloorAs, opModAs, opMatMulAs, opAndAs, opOrAs, opXorAs, opShrAs, opShlAs, opPowAs:
		p.Leaf()
		p.rightHandSide()
		p.B.Close(m, nAugmentedAssignment, 0)
	}
}

// assignment parses = and what follows the targets above mark m; a chain
// a = b = c nests to the right, as in tree-sitter-python.
func (p *parser) assignment(m int) {
	p.Enter()
	p.Leaf() // =
	rm := p.B.Mark()
	p.rightHandSide()
	if p.Kind == opAssign {
		p.assignment(rm)
	}
	p.B.Close(m, nAssignment, 0)
	p.Leave()
}

func (p *parser) rightHandSide() {
	if p.Kind == kwYield {
		p.yieldExpr()
		return
	}
	p.starExprList()
}

func (p *parser) typeAlias() {
	m := p.B.Mark()
	p.LeafAs(kwType)
	p.Expect(tIdent)
	if p.Kind == opLBrack {
		p.typeParameters()
	}
	p.Expect(opAssign)
	p.expr()
	p.B.Close(m, nTypeAliasStatement, 0)
}

// dottedName parses a.b.c; a single name is an identifier.
func (p *parser) dottedName() {
	m := p.B.Mark()
	p.Expect(tIdent)
	if p.Kind != opDot {
		return
	}
	for p.Got(opDot) {
		p.Expect(tIdent)
	}
	p.B.Close(m, nDottedName, 0)
}

func (p *parser) importStatement() {
	m := p.B.Mark()
	p.Leaf() // import
	for {
		am := p.B.Mark()
		p.dottedName()
		if p.Got(kwAs) {
			p.Expect(tIdent)
			p.B.Close(am, nAliasedImport, 0)
		}
		if !p.Got(opComma) {
			break
		}
	}
	p.B.Close(m, nImportStatement, 0)
}

func (p *parser) importFrom() {
	m := p.B.Mark()
	p.Leaf() // from
	if p.Kind == opDot || p.Kind == tEllipsis {
		rm := p.B.Mark()
		for p.Kind == opDot || p.Kind == tEllipsis {
			p.LeafAs(opDotsKind(p.Kind))
		}
		if p.Kind == tIdent {
			p.dottedName()
		}
		p.B.Close(rm, nRelativeImport, 0)
	} else {
		p.dottedName()
	}
	p.Expect(kwImport)
	if p.Kind == opMul {
		wm := p.B.Mark()
		p.Leaf()
		p.B.Close(wm, nWildcardImport, 0)
		p.B.Close(m, nImportFromStatement, 0)
		return
	}
	paren := p.Got(opLParen)
	for {
		am := p.B.Mark()
		p.Expect(tIdent)
		if p.Got(kwAs) {
			p.Expect(tIdent)
			p.B.Close(am, nAliasedImport, 0)
		}
		if !p.Got(opComma) || paren && p.Kind == opRParen {
			break
		}
	}
	if paren {
		p.Expect(opRParen)
	}
	p.B.Close(m, nImportFromStatement, 0)
}

// opDotsKind is the kind of a relative import's dots: "..." there is
// three dots, not an ellipsis.
func opDotsKind(k grammars.Kind) grammars.Kind {
	if k == tEllipsis {
		return opDots
	}
	return k
}

// suite parses a compound statement's colon and the statements after it:
// an indented block, or simple statements on the same line. Both are a
// block node, so that one pattern matches either. The block holds the
// colon, unlike tree-sitter-python's: a block with a token of its own is
// never taken for the metavariable it holds, so the pattern if $C: $$$B
// is an if with a block of any statements, and does not match an if with
// an else by letting $$$B run on over the else clause.
func (p *parser) suite() {
	p.Enter()
	m := p.B.Mark()
	p.Expect(opColon)
	if p.Kind == tNewline {
		p.indented(p.statement)
	} else {
		p.simpleStatements()
	}
	p.B.Close(m, nBlock, 0)
	p.Leave()
}

// indented parses NEWLINE INDENT, then each item up to the DEDENT.
func (p *parser) indented(item func()) {
	p.Next()
	if p.Kind != tIndent {
		p.ErrorExpected("an indented block")
	}
	p.Next()
	for p.Kind != tDedent && p.Kind != tEOF {
		item()
	}
	p.Next() // the DEDENT
}

func (p *parser) ifStatement() {
	p.Prefix(nIfStatement, func() {
		p.condition()
		for p.Kind == kwElif {
			p.Prefix(nElifClause, p.condition)
		}
		p.elseClause()
	})
}

// condition parses the condition of an if, elif or while, and its suite.
func (p *parser) condition() {
	p.namedExpr()
	p.suite()
}

func (p *parser) elseClause() { p.Clause(kwElse, nElseClause, p.suite) }

func (p *parser) whileStatement() {
	p.Prefix(nWhileStatement, func() {
		p.condition()
		p.elseClause()
	})
}

// forStatement parses a for statement from its for; m marks its start,
// before an async.
func (p *parser) forStatement(m int) {
	p.Leaf() // for
	p.targetList()
	p.Expect(kwIn)
	p.starExprList()
	p.suite()
	p.elseClause()
	p.B.Close(m, nForStatement, 0)
}

func (p *parser) tryStatement() {
	m := p.B.Mark()
	p.Leaf() // try
	p.suite()
	for p.Kind == kwExcept {
		em := p.B.Mark()
		p.Leaf()
		k := nExceptClause
		if p.Got(opMul) {
			k = nExceptGroupClause
		}
		if p.Kind != opColon {
			p.exprList()
			if p.Got(kwAs) {
				p.Expect(tIdent)
			}
		}
		p.suite()
		p.B.Close(em, k, 0)
	}
	p.elseClause()
	p.Clause(kwFinally, nFinallyClause, p.suite)
	p.B.Close(m, nTryStatement, 0)
}

// withStatement parses a with statement from its with; m marks its
// start, before an async. The items are children of the statement; a
// with_item is built for an item with as.
func (p *parser) withStatement(m int) {
	p.Leaf() // with
	paren := p.Kind == opLParen && p.parenthesizedItems()
	if paren {
		p.Leaf()
	}
	for {
		im := p.B.Mark()
		p.expr()
		if p.Got(kwAs) {
			p.target()
			p.B.Close(im, nWithItem, 0)
		}
		if !p.Got(opComma) || paren && p.Kind == opRParen {
			break
		}
	}
	if paren {
		p.Expect(opRParen)
	}
	p.suite()
	p.B.Close(m, nWithStatement, 0)
}

// parenthesizedItems tells, at the ( after with, with (a as b, c): from
// with (a, b) as c: — the items are in parentheses when the ) that
// closes the ( is followed by the colon, as CPython decides.
func (p *parser) parenthesizedItems() bool {
	depth, closed, yes := 0, false, false
	p.scanAhead(func(k grammars.Kind) bool {
		if closed {
			yes = k == opColon
			return false
		}
		switch k {
		case opLParen, opLBrack, opLBrace:
			depth++
		case opRParen, opRBrack, opRBrace:
			depth--
			closed = depth == 0
		case tNewline, tEOF:
			return false
		}
		return true
	})
	return yes
}

func (p *parser) decorated() {
	m := p.B.Mark()
	for p.Kind == opMatMul {
		p.Prefix(nDecorator, p.namedExpr)
		if p.Kind != tNewline {
			p.ErrorExpected("newline after decorator")
		}
		p.Next()
	}
	dm := p.B.Mark()
	switch p.Kind {
	case kwDef:
		p.functionDefinition(dm)
	case kwClass:
		p.classDefinition(dm)
	case kwAsync:
		p.Leaf()
		if p.Kind != kwDef {
			p.ErrorExpected("def after async")
		}
		p.functionDefinition(dm)
	default:
		if p.IsMetavar() { // a pattern's @$D\n$DEF
			p.Leaf()
			if p.Kind == tNewline {
				p.Next()
			}
			break
		}
		p.ErrorExpected("def or class after decorators")
	}
	p.B.Close(m, nDecoratedDefinition, 0)
}

// functionDefinition parses a def; m marks its start, before an async.
func (p *parser) functionDefinition(m int) {
	p.Leaf() // def
	p.Expect(tIdent)
	if p.Kind == opLBrack {
		p.typeParameters()
	}
	p.parameters(opLParen, opRParen, true)
	if p.Got(opArrow) {
		p.expr()
	}
	p.suite()
	p.B.Close(m, nFunctionDefinition, 0)
}

func (p *parser) classDefinition(m int) {
	p.Leaf() // class
	p.Expect(tIdent)
	if p.Kind == opLBrack {
		p.typeParameters()
	}
	if p.Kind == opLParen {
		if p.arguments() {
			p.Errorf("a generator expression cannot be a base class")
		}
	}
	p.suite()
	p.B.Close(m, nClassDefinition, 0)
}

// typeParameters parses PEP 695's [T, T: bound, *Ts, **P].
func (p *parser) typeParameters() {
	m := p.B.Mark()
	p.Leaf() // [
	for p.Kind != opRBrack {
		p.parameter(true)
		if !p.Got(opComma) {
			break
		}
	}
	p.Expect(opRBrack)
	p.B.Close(m, nTypeParameter, 0)
}

// parameters parses a def's parameters in parentheses or, with open 0, a
// lambda's up to its colon.
func (p *parser) parameters(open, close grammars.Kind, annotated bool) {
	m := p.B.Mark()
	if open != 0 {
		p.Expect(open)
	}
	for p.Kind != close {
		p.parameter(annotated)
		if !p.Got(opComma) {
			break
		}
	}
	if open != 0 {
		p.Expect(close)
		p.B.Close(m, nParameters, 0)
	}
}

// parameter parses one parameter: a name with an annotation and a
// default, *args, **kwargs, or the bare * and / markers.
func (p *parser) parameter(annotated bool) {
	m := p.B.Mark()
	switch p.Kind {
	case opDiv:
		p.Node(nPositionalSeparator, p.Leaf)
		return
	case opMul:
		p.Leaf()
		if p.Kind != tIdent {
			p.B.Close(m, nKeywordSeparator, 0)
			return
		}
		p.Leaf()
		p.B.Close(m, nListSplatPattern, 0)
	case opPow:
		p.Leaf()
		p.Expect(tIdent)
		p.B.Close(m, nDictionarySplatPattern, 0)
	default:
		p.Expect(tIdent)
	}
	typed := false
	if annotated && p.Got(opColon) {
		typed = true
		if p.Kind == opMul { // *args: *Ts
			p.Prefix(nListSplat, p.expr)
		} else {
			p.expr()
		}
	}
	if p.Got(opAssign) {
		p.expr()
		if typed {
			p.B.Close(m, nTypedDefaultParameter, 0)
		} else {
			p.B.Close(m, nDefaultParameter, 0)
		}
		return
	}
	if typed {
		p.B.Close(m, nTypedParameter, 0)
	}
}
