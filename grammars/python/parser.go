package python

import (
	"fmt"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/alecthomas/participle/v2/lexer"
)

// maxDepth bounds nesting, so deep input is a parse error and never a
// stack overflow.
const maxDepth = 2000

// parser holds the hand-written productions: the statements and
// everything below them. It reads the scanner's tokens through a small
// lookahead window and builds tree nodes directly, bottom-up.
type parser struct {
	lex   *tokens
	tok   *lexer.Token
	kind  grammars.Kind
	b     *grammars.Builder
	depth int
	end   uint32 // where the last token read ends
}

// bailout unwinds a statement that failed to parse.
type bailout struct{ err *grammars.Error }

// lookahead is how many tokens past the current one the parser may peek
// at, plus one.
const lookahead = 8

// maxScan bounds how many tokens one scanAhead reads past the window,
// and scanBudget, with a byte per byte of source, how many bytes all of
// them read together, so that no file, however broken, makes the
// look-ahead read it more than about twice.
const (
	maxScan    = 4096
	scanBudget = 1 << 16
)

// tokens is a window on the scanner's tokens: the current one and up to
// lookahead-1 after it, in a ring, so parsing allocates nothing per token.
type tokens struct {
	sc     *scanner
	ring   [lookahead]lexer.Token
	head   int // the current token's slot
	n      int // tokens in the ring
	budget int // bytes scanAhead may still read past the window
}

func newTokens(sc *scanner, first lexer.Token) *tokens {
	ts := &tokens{sc: sc, n: 1, budget: scanBudget + len(sc.src)}
	ts.ring[0] = first
	return ts
}

// Peek returns the current token.
func (ts *tokens) Peek() *lexer.Token { return &ts.ring[ts.head] }

// PeekAt returns the token i places after the current one.
func (ts *tokens) PeekAt(i int) *lexer.Token {
	if i >= lookahead {
		panic("python: lookahead too far")
	}
	for ts.n <= i {
		ts.ring[(ts.head+ts.n)%lookahead], _ = ts.sc.Next()
		ts.n++
	}
	return &ts.ring[(ts.head+i)%lookahead]
}

// Next moves to the next token; past the end it stays on EOF.
func (ts *tokens) Next() {
	if ts.ring[ts.head].EOF() {
		return
	}
	ts.PeekAt(1)
	ts.head = (ts.head + 1) % lookahead
	ts.n--
}

// scanAhead calls f with the kind of each token from the current one on,
// until f returns false, the source ends, a keyword that only starts a
// statement comes (in a bracket, it means the bracket was never closed),
// or the read limits are reached. It reads past the window with a quiet
// copy of the scanner, so the window and the scanner are as they were.
// It is for the few decisions that need a whole line: whether match
// starts a statement, whether with's ( holds its items.
func (ts *tokens) scanAhead(f func(k grammars.Kind) bool) {
	for i := 0; i < ts.n; i++ {
		k := kindOf(&ts.ring[(ts.head+i)%lookahead])
		if statementOnly(k) || !f(k) {
			return
		}
	}
	probe := *ts.sc
	probe.quiet = true
	probe.indents = append([]indent(nil), ts.sc.indents...)
	for range maxScan {
		if ts.budget <= 0 {
			return
		}
		from := probe.pos
		t, _ := probe.Next()
		ts.budget -= probe.pos - from
		if k := kindOf(&t); statementOnly(k) || !f(k) || k == tEOF {
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
func (ts *tokens) resync() {
	t := ts.ring[ts.head]
	sc := ts.sc
	off := t.Pos.Offset
	sc.pos, sc.line, sc.lineStart = off, t.Pos.Line, off-t.Pos.Column+1
	sc.depth, sc.dedents, sc.bol, sc.pending = 0, 0, false, false
	sc.indents = sc.indents[:1]
	// What the window had read past this token is read again.
	for len(sc.trivia) > 0 && int(sc.trivia[len(sc.trivia)-1].Start) >= off {
		sc.trivia = sc.trivia[:len(sc.trivia)-1]
	}
	for len(sc.errs) > 0 && int(sc.errs[len(sc.errs)-1].Span.Start) >= off {
		sc.errs = sc.errs[:len(sc.errs)-1]
	}
	ts.head, ts.n = 0, 1
	ts.ring[0], _ = sc.Next()
}

func kindOf(t *lexer.Token) grammars.Kind {
	if t.EOF() {
		return tEOF
	}
	return grammars.Kind(t.Type)
}

func (p *parser) load() {
	p.tok = p.lex.Peek()
	p.kind = kindOf(p.tok)
}

func (p *parser) next() {
	if len(p.tok.Value) > 0 { // not a NEWLINE, INDENT or DEDENT
		p.end = uint32(p.tok.Pos.Offset + len(p.tok.Value))
	}
	p.lex.Next()
	p.load()
}

// isMetavar reports whether the current token is a pattern metavariable;
// only the pattern-mode lexer produces identifiers that start with $.
func (p *parser) isMetavar() bool {
	return p.kind == tIdent && strings.HasPrefix(p.tok.Value, "$")
}

// isSoft reports whether the current token is the identifier word, a soft
// keyword where the parser says so.
func (p *parser) isSoft(word string) bool { return p.kind == tIdent && p.tok.Value == word }

func (p *parser) pos() uint32 { return uint32(p.tok.Pos.Offset) }

// leaf pushes the current token and advances.
func (p *parser) leaf() {
	start := uint32(p.tok.Pos.Offset)
	p.b.Leaf(p.kind, start, start+uint32(len(p.tok.Value)))
	p.next()
}

// leafAs pushes the current token as kind k and advances.
func (p *parser) leafAs(k grammars.Kind) {
	start := uint32(p.tok.Pos.Offset)
	p.b.Leaf(k, start, start+uint32(len(p.tok.Value)))
	p.next()
}

func (p *parser) got(k grammars.Kind) bool {
	if p.kind == k {
		p.leaf()
		return true
	}
	return false
}

func (p *parser) expect(k grammars.Kind) {
	if p.kind != k {
		p.errorExpected("'" + kindNames[k] + "'")
	}
	p.leaf()
}

// peek returns the kind of the token n places after the current one.
func (p *parser) peek(n int) grammars.Kind { return kindOf(p.lex.PeekAt(n)) }

func (p *parser) errorf(format string, args ...any) {
	panic(bailout{&grammars.Error{Line: p.tok.Pos.Line, Column: p.tok.Pos.Column, Msg: fmt.Sprintf(format, args...)}})
}

func (p *parser) errorExpected(what string) {
	found := "'" + p.tok.Value + "'"
	switch p.kind {
	case tEOF:
		found = "end of file"
	case tNewline:
		found = "newline"
	case tIndent:
		found = "indent"
	case tDedent:
		found = "dedent"
	case tIdent, tInt, tFloat, tString:
		found = kindNames[p.kind] + " " + found
	case tIllegal:
		found = fmt.Sprintf("%q", p.tok.Value)
	}
	p.errorf("expected %s, found %s", what, found)
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.errorf("nesting deeper than %d levels", maxDepth)
	}
}

func (p *parser) leave() { p.depth-- }

// Statements.

// statement parses one statement: a compound one, or a line of simple
// ones separated by semicolons. The NEWLINE that ends a line and the
// semicolons are no leaves: a line break, so a one-line suite has the
// tree of the same statements written as an indented block.
func (p *parser) statement() {
	switch p.kind {
	case kwIf:
		p.ifStatement()
	case kwWhile:
		p.whileStatement()
	case kwFor:
		p.forStatement(p.b.Mark())
	case kwTry:
		p.tryStatement()
	case kwWith:
		p.withStatement(p.b.Mark())
	case kwDef:
		p.functionDefinition(p.b.Mark())
	case kwClass:
		p.classDefinition(p.b.Mark())
	case opMatMul:
		p.decorated()
	case kwAsync:
		m := p.b.Mark()
		p.leaf()
		switch p.kind {
		case kwDef:
			p.functionDefinition(m)
		case kwFor:
			p.forStatement(m)
		case kwWith:
			p.withStatement(m)
		default:
			p.errorExpected("def, for or with after async")
		}
	case tIdent:
		if p.isSoft("match") && p.isMatchStatement() {
			p.matchStatement()
			return
		}
		p.simpleStatements()
	case tIndent:
		p.errorf("unexpected indent")
	default:
		p.simpleStatements()
	}
}

// simpleStatements parses simple statements separated by semicolons, to
// the end of the line.
func (p *parser) simpleStatements() {
	for {
		p.simpleStatement()
		if p.kind != opSemi {
			break
		}
		p.next()
		if p.kind == tNewline || p.kind == tEOF {
			break
		}
	}
	switch p.kind {
	case tNewline:
		p.next()
	case tEOF:
	default:
		p.errorExpected("newline or ';' after statement")
	}
}

func (p *parser) simpleStatement() {
	m := p.b.Mark()
	switch p.kind {
	case kwPass:
		p.leaf()
		p.b.Close(m, nPassStatement, 0)
	case kwBreak:
		p.leaf()
		p.b.Close(m, nBreakStatement, 0)
	case kwContinue:
		p.leaf()
		p.b.Close(m, nContinueStatement, 0)
	case kwReturn:
		p.leaf()
		if p.startsExpr() {
			p.starExprList()
		}
		p.b.Close(m, nReturnStatement, 0)
	case kwRaise:
		p.leaf()
		if p.startsExpr() {
			p.expr()
			if p.got(kwFrom) {
				p.expr()
			}
		}
		p.b.Close(m, nRaiseStatement, 0)
	case kwGlobal, kwNonlocal:
		k := nGlobalStatement
		if p.kind == kwNonlocal {
			k = nNonlocalStatement
		}
		p.leaf()
		p.expect(tIdent)
		for p.got(opComma) {
			p.expect(tIdent)
		}
		p.b.Close(m, k, 0)
	case kwDel:
		// del a, b is a list of targets, no tuple (as in Python's ast).
		p.leaf()
		p.orExpr()
		for p.got(opComma) {
			if !p.startsExpr() {
				break
			}
			p.orExpr()
		}
		p.b.Close(m, nDeleteStatement, 0)
	case kwAssert:
		p.leaf()
		p.expr()
		if p.got(opComma) {
			p.expr()
		}
		p.b.Close(m, nAssertStatement, 0)
	case kwImport:
		p.importStatement()
	case kwFrom:
		p.importFrom()
	default:
		if p.isSoft("type") && p.peek(1) == tIdent && (p.peek(2) == opAssign || p.peek(2) == opLBrack) {
			p.typeAlias()
			return
		}
		p.expressionStatement()
	}
}

// expressionStatement parses an expression, a tuple of them, or an
// assignment of any kind.
func (p *parser) expressionStatement() {
	m := p.b.Mark()
	if p.kind == kwYield {
		p.yieldExpr()
	} else {
		p.starExprList()
	}
	switch p.kind {
	case opAssign:
		p.assignment(m)
	case opColon:
		p.leaf()
		p.expr()
		if p.got(opAssign) {
			p.rightHandSide()
		}
		p.b.Close(m, nAssignment, 0)
	case opAddAs, opSubAs, opMulAs, opDivAs, opFloorAs, opModAs, opMatMulAs, opAndAs, opOrAs, opXorAs, opShrAs, opShlAs, opPowAs:
		p.leaf()
		p.rightHandSide()
		p.b.Close(m, nAugmentedAssignment, 0)
	}
}

// assignment parses = and what follows the targets above mark m; a chain
// a = b = c nests to the right, as in tree-sitter-python.
func (p *parser) assignment(m int) {
	p.enter()
	p.leaf() // =
	rm := p.b.Mark()
	p.rightHandSide()
	if p.kind == opAssign {
		p.assignment(rm)
	}
	p.b.Close(m, nAssignment, 0)
	p.leave()
}

func (p *parser) rightHandSide() {
	if p.kind == kwYield {
		p.yieldExpr()
		return
	}
	p.starExprList()
}

func (p *parser) typeAlias() {
	m := p.b.Mark()
	p.leafAs(kwType)
	p.expect(tIdent)
	if p.kind == opLBrack {
		p.typeParameters()
	}
	p.expect(opAssign)
	p.expr()
	p.b.Close(m, nTypeAliasStatement, 0)
}

// dottedName parses a.b.c; a single name is an identifier.
func (p *parser) dottedName() {
	m := p.b.Mark()
	p.expect(tIdent)
	if p.kind != opDot {
		return
	}
	for p.got(opDot) {
		p.expect(tIdent)
	}
	p.b.Close(m, nDottedName, 0)
}

func (p *parser) importStatement() {
	m := p.b.Mark()
	p.leaf() // import
	for {
		am := p.b.Mark()
		p.dottedName()
		if p.got(kwAs) {
			p.expect(tIdent)
			p.b.Close(am, nAliasedImport, 0)
		}
		if !p.got(opComma) {
			break
		}
	}
	p.b.Close(m, nImportStatement, 0)
}

func (p *parser) importFrom() {
	m := p.b.Mark()
	p.leaf() // from
	if p.kind == opDot || p.kind == tEllipsis {
		rm := p.b.Mark()
		for p.kind == opDot || p.kind == tEllipsis {
			p.leafAs(opDotsKind(p.kind))
		}
		if p.kind == tIdent {
			p.dottedName()
		}
		p.b.Close(rm, nRelativeImport, 0)
	} else {
		p.dottedName()
	}
	p.expect(kwImport)
	if p.kind == opMul {
		wm := p.b.Mark()
		p.leaf()
		p.b.Close(wm, nWildcardImport, 0)
		p.b.Close(m, nImportFromStatement, 0)
		return
	}
	paren := p.got(opLParen)
	for {
		am := p.b.Mark()
		p.expect(tIdent)
		if p.got(kwAs) {
			p.expect(tIdent)
			p.b.Close(am, nAliasedImport, 0)
		}
		if !p.got(opComma) || paren && p.kind == opRParen {
			break
		}
	}
	if paren {
		p.expect(opRParen)
	}
	p.b.Close(m, nImportFromStatement, 0)
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
	p.enter()
	m := p.b.Mark()
	p.expect(opColon)
	if p.kind == tNewline {
		p.indented(p.statement)
	} else {
		p.simpleStatements()
	}
	p.b.Close(m, nBlock, 0)
	p.leave()
}

// indented parses NEWLINE INDENT, then each item up to the DEDENT.
func (p *parser) indented(item func()) {
	p.next()
	if p.kind != tIndent {
		p.errorExpected("an indented block")
	}
	p.next()
	for p.kind != tDedent && p.kind != tEOF {
		item()
	}
	p.next() // the DEDENT
}

func (p *parser) ifStatement() {
	m := p.b.Mark()
	p.leaf() // if
	p.namedExpr()
	p.suite()
	for p.kind == kwElif {
		em := p.b.Mark()
		p.leaf()
		p.namedExpr()
		p.suite()
		p.b.Close(em, nElifClause, 0)
	}
	p.elseClause()
	p.b.Close(m, nIfStatement, 0)
}

func (p *parser) elseClause() {
	if p.kind != kwElse {
		return
	}
	m := p.b.Mark()
	p.leaf()
	p.suite()
	p.b.Close(m, nElseClause, 0)
}

func (p *parser) whileStatement() {
	m := p.b.Mark()
	p.leaf() // while
	p.namedExpr()
	p.suite()
	p.elseClause()
	p.b.Close(m, nWhileStatement, 0)
}

// forStatement parses a for statement from its for; m marks its start,
// before an async.
func (p *parser) forStatement(m int) {
	p.leaf() // for
	p.targetList()
	p.expect(kwIn)
	p.starExprList()
	p.suite()
	p.elseClause()
	p.b.Close(m, nForStatement, 0)
}

func (p *parser) tryStatement() {
	m := p.b.Mark()
	p.leaf() // try
	p.suite()
	for p.kind == kwExcept {
		em := p.b.Mark()
		p.leaf()
		k := nExceptClause
		if p.got(opMul) {
			k = nExceptGroupClause
		}
		if p.kind != opColon {
			p.exprList()
			if p.got(kwAs) {
				p.expect(tIdent)
			}
		}
		p.suite()
		p.b.Close(em, k, 0)
	}
	p.elseClause()
	if p.kind == kwFinally {
		fm := p.b.Mark()
		p.leaf()
		p.suite()
		p.b.Close(fm, nFinallyClause, 0)
	}
	p.b.Close(m, nTryStatement, 0)
}

// withStatement parses a with statement from its with; m marks its
// start, before an async. The items are children of the statement; a
// with_item is built for an item with as.
func (p *parser) withStatement(m int) {
	p.leaf() // with
	paren := p.kind == opLParen && p.parenthesizedItems()
	if paren {
		p.leaf()
	}
	for {
		im := p.b.Mark()
		p.expr()
		if p.got(kwAs) {
			p.target()
			p.b.Close(im, nWithItem, 0)
		}
		if !p.got(opComma) || paren && p.kind == opRParen {
			break
		}
	}
	if paren {
		p.expect(opRParen)
	}
	p.suite()
	p.b.Close(m, nWithStatement, 0)
}

// parenthesizedItems tells, at the ( after with, with (a as b, c): from
// with (a, b) as c: — the items are in parentheses when the ) that
// closes the ( is followed by the colon, as CPython decides.
func (p *parser) parenthesizedItems() bool {
	depth, closed, yes := 0, false, false
	p.lex.scanAhead(func(k grammars.Kind) bool {
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
	m := p.b.Mark()
	for p.kind == opMatMul {
		dm := p.b.Mark()
		p.leaf()
		p.namedExpr()
		p.b.Close(dm, nDecorator, 0)
		if p.kind != tNewline {
			p.errorExpected("newline after decorator")
		}
		p.next()
	}
	dm := p.b.Mark()
	switch p.kind {
	case kwDef:
		p.functionDefinition(dm)
	case kwClass:
		p.classDefinition(dm)
	case kwAsync:
		p.leaf()
		if p.kind != kwDef {
			p.errorExpected("def after async")
		}
		p.functionDefinition(dm)
	default:
		if p.isMetavar() { // a pattern's @$D\n$DEF
			p.leaf()
			if p.kind == tNewline {
				p.next()
			}
			break
		}
		p.errorExpected("def or class after decorators")
	}
	p.b.Close(m, nDecoratedDefinition, 0)
}

// functionDefinition parses a def; m marks its start, before an async.
func (p *parser) functionDefinition(m int) {
	p.leaf() // def
	p.expect(tIdent)
	if p.kind == opLBrack {
		p.typeParameters()
	}
	p.parameters(opLParen, opRParen, true)
	if p.got(opArrow) {
		p.expr()
	}
	p.suite()
	p.b.Close(m, nFunctionDefinition, 0)
}

func (p *parser) classDefinition(m int) {
	p.leaf() // class
	p.expect(tIdent)
	if p.kind == opLBrack {
		p.typeParameters()
	}
	if p.kind == opLParen {
		if p.arguments() {
			p.errorf("a generator expression cannot be a base class")
		}
	}
	p.suite()
	p.b.Close(m, nClassDefinition, 0)
}

// typeParameters parses PEP 695's [T, T: bound, *Ts, **P].
func (p *parser) typeParameters() {
	m := p.b.Mark()
	p.leaf() // [
	for p.kind != opRBrack {
		p.parameter(true)
		if !p.got(opComma) {
			break
		}
	}
	p.expect(opRBrack)
	p.b.Close(m, nTypeParameter, 0)
}

// parameters parses a def's parameters in parentheses or, with open 0, a
// lambda's up to its colon.
func (p *parser) parameters(open, close grammars.Kind, annotated bool) {
	m := p.b.Mark()
	if open != 0 {
		p.expect(open)
	}
	for p.kind != close {
		p.parameter(annotated)
		if !p.got(opComma) {
			break
		}
	}
	if open != 0 {
		p.expect(close)
		p.b.Close(m, nParameters, 0)
	}
}

// parameter parses one parameter: a name with an annotation and a
// default, *args, **kwargs, or the bare * and / markers.
func (p *parser) parameter(annotated bool) {
	m := p.b.Mark()
	switch p.kind {
	case opDiv:
		p.leaf()
		p.b.Close(m, nPositionalSeparator, 0)
		return
	case opMul:
		p.leaf()
		if p.kind != tIdent {
			p.b.Close(m, nKeywordSeparator, 0)
			return
		}
		p.leaf()
		p.b.Close(m, nListSplatPattern, 0)
	case opPow:
		p.leaf()
		p.expect(tIdent)
		p.b.Close(m, nDictionarySplatPattern, 0)
	default:
		p.expect(tIdent)
	}
	typed := false
	if annotated && p.got(opColon) {
		typed = true
		if p.kind == opMul { // *args: *Ts
			sm := p.b.Mark()
			p.leaf()
			p.expr()
			p.b.Close(sm, nListSplat, 0)
		} else {
			p.expr()
		}
	}
	if p.got(opAssign) {
		p.expr()
		if typed {
			p.b.Close(m, nTypedDefaultParameter, 0)
		} else {
			p.b.Close(m, nDefaultParameter, 0)
		}
		return
	}
	if typed {
		p.b.Close(m, nTypedParameter, 0)
	}
}
