package golang

import (
	"fmt"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/alecthomas/participle/v2/lexer"
)

// maxDepth bounds nesting, so deep input is a parse error and never a
// stack overflow.
const maxDepth = 2000

// parser holds the hand-written productions: the top-level declarations
// and everything below them. It reads the scanner's tokens through a
// small lookahead window and builds tree nodes directly, bottom-up.
type parser struct {
	lex     *tokens
	tok     *lexer.Token
	kind    grammars.Kind
	b       *grammars.Builder
	depth   int
	exprLev int  // < 0: in a control clause, where { starts a block
	guard   bool // a type switch guard x.(type) was parsed
}

// bailout unwinds a declaration that failed to parse.
type bailout struct{ err *grammars.Error }

// lookahead is how many tokens past the current one the parser may peek
// at, plus one.
const lookahead = 8

// tokens is a window on the scanner's tokens: the current one and up to
// lookahead-1 after it, in a ring, so parsing allocates nothing per token.
type tokens struct {
	sc   *scanner
	ring [lookahead]lexer.Token
	head int // the current token's slot
	n    int // tokens in the ring
}

func newTokens(sc *scanner, first lexer.Token) *tokens {
	ts := &tokens{sc: sc, n: 1}
	ts.ring[0] = first
	return ts
}

// Peek returns the current token.
func (ts *tokens) Peek() *lexer.Token { return &ts.ring[ts.head] }

// PeekAt returns the token i places after the current one.
func (ts *tokens) PeekAt(i int) *lexer.Token {
	if i >= lookahead {
		panic("golang: lookahead too far")
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

func (p *parser) load() {
	p.tok = p.lex.Peek()
	if p.tok.EOF() {
		p.kind = tEOF
	} else {
		p.kind = grammars.Kind(p.tok.Type)
	}
}

func (p *parser) next() {
	p.lex.Next()
	p.load()
}

// isMetavar reports whether the current token is a pattern metavariable;
// only the pattern-mode lexer produces identifiers that start with $.
func (p *parser) isMetavar() bool {
	return p.kind == tIdent && strings.HasPrefix(p.tok.Value, "$")
}

func (p *parser) pos() uint32 { return uint32(p.tok.Pos.Offset) }

// leaf pushes the current token and advances. An automatic semicolon is
// not a token of the source and is skipped.
func (p *parser) leaf() {
	if !(p.kind == tSemi && p.tok.Value != ";") && p.kind != tEOF {
		start := uint32(p.tok.Pos.Offset)
		p.b.Leaf(p.kind, start, start+uint32(len(p.tok.Value)))
	}
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
func (p *parser) peek(n int) grammars.Kind {
	t := p.peekToken(n)
	if t.EOF() {
		return tEOF
	}
	return grammars.Kind(t.Type)
}

func (p *parser) peekToken(n int) *lexer.Token { return p.lex.PeekAt(n) }

// isRun reports whether the token n places after the current one is a
// pattern's $$$ metavariable.
func (p *parser) isRun(n int) bool {
	t := p.peekToken(n)
	return grammars.Kind(t.Type) == tIdent && strings.HasPrefix(t.Value, "$$$")
}

func (p *parser) errorf(format string, args ...any) {
	panic(bailout{&grammars.Error{Line: p.tok.Pos.Line, Column: p.tok.Pos.Column, Msg: fmt.Sprintf(format, args...)}})
}

func (p *parser) errorExpected(what string) {
	found := "'" + p.tok.Value + "'"
	switch {
	case p.kind == tEOF:
		found = "end of file"
	case p.kind == tSemi && p.tok.Value != ";":
		found = "newline"
	case p.kind == tIdent || p.kind >= tInt && p.kind <= tRawString:
		found = kindNames[p.kind] + " " + found
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

// terminator skips the semicolon that ends a statement, spec, field or
// declaration. Written or automatic, it is no leaf of the tree: a ; there
// is a line break, so { a(); b() } has the tree of the block written on
// three lines, and a one-line pattern matches code written on many. The
// semicolons inside a for, if or switch header stay leaves.
func (p *parser) terminator() { p.next() }

// semi ends a statement or spec: a semicolon, or nothing before a closing
// ) or }.
func (p *parser) semi() {
	switch p.kind {
	case tSemi:
		p.terminator()
	case opRParen, opRBrace:
	default:
		p.errorExpected("';' or newline")
	}
}

// Declarations.

func (p *parser) topDecl() {
	switch p.kind {
	case kwFunc:
		p.funcDecl()
	case kwVar, kwConst, kwType, kwImport:
		p.genDecl()
	default:
		p.errorExpected("declaration")
	}
	switch p.kind {
	case tSemi:
		p.terminator()
	case tEOF:
	default:
		p.errorExpected("';' or newline after declaration")
	}
}

func (p *parser) funcDecl() {
	m := p.b.Mark()
	p.leaf() // func
	kind := nFunctionDeclaration
	if p.kind == opLParen {
		kind = nMethodDeclaration
		p.parameters()
	}
	p.expect(tIdent)
	if p.kind == opLBrack {
		p.typeParams()
	}
	p.signature()
	if p.kind == opLBrace {
		p.block()
	}
	p.b.Close(m, kind, 0)
}

func (p *parser) genDecl() {
	m := p.b.Mark()
	kw := p.kind
	p.leaf()
	if p.kind == opLParen {
		p.leaf()
		for p.kind != opRParen && p.kind != tEOF {
			p.spec(kw)
			p.semi()
		}
		p.expect(opRParen)
	} else {
		p.spec(kw)
	}
	var k grammars.Kind
	switch kw {
	case kwVar:
		k = nVarDeclaration
	case kwConst:
		k = nConstDeclaration
	case kwType:
		k = nTypeDeclaration
	default:
		k = nImportDeclaration
	}
	p.b.Close(m, k, 0)
}

func (p *parser) spec(kw grammars.Kind) {
	if p.isMetavar() && (p.peek(1) == tSemi || p.peek(1) == opRParen) {
		p.leaf() // a pattern's $$$I in import $$$I or type ( $$$T ) stands for the specs
		return
	}
	m := p.b.Mark()
	switch kw {
	case kwImport:
		if p.kind == tIdent || p.kind == opPeriod {
			p.leaf()
		}
		if p.kind != tString && p.kind != tRawString {
			p.errorExpected("import path")
		}
		p.leaf()
		p.b.Close(m, nImportSpec, 0)
	case kwVar, kwConst:
		p.identList()
		if p.kind != opAssign && p.kind != tSemi && p.kind != opRParen {
			p.parseType()
		}
		if p.got(opAssign) {
			p.exprList()
		}
		if kw == kwVar {
			p.b.Close(m, nVarSpec, 0)
		} else {
			p.b.Close(m, nConstSpec, 0)
		}
	case kwType:
		p.expect(tIdent)
		if p.kind == opLBrack && p.isTypeParams() {
			p.typeParams()
		}
		if p.got(opAssign) {
			p.parseType()
			p.b.Close(m, nTypeAlias, 0)
			return
		}
		p.parseType()
		p.b.Close(m, nTypeSpec, 0)
	}
}

// isTypeParams tells, at the [ after a type name, a type parameter list
// (type T[P any] …) from an array type (type T [N]int).
func (p *parser) isTypeParams() bool {
	if p.peek(1) != tIdent {
		return false
	}
	if p.isRun(1) { // a pattern's type T[$$$P]: a run of type parameters
		return true
	}
	switch p.peek(2) {
	case tIdent, kwInterface, kwFunc, kwMap, kwChan, kwStruct, opTilde, opComma, opLBrack, opMul, opLParen:
		return p.peek(2) != opMul || p.peek(3) == tIdent && p.peek(4) != opRBrack
	}
	return false
}

func (p *parser) identList() {
	p.expect(tIdent)
	for p.got(opComma) {
		p.expect(tIdent)
	}
}

func (p *parser) typeParams() {
	m := p.b.Mark()
	p.leaf() // [
	for p.kind != opRBrack && p.kind != tEOF {
		if p.isMetavar() && (p.peek(1) == opComma || p.peek(1) == opRBrack) {
			p.leaf() // a pattern's $$$T in func F[$$$T]() stands for declarations
			if !p.got(opComma) {
				break
			}
			continue
		}
		dm := p.b.Mark()
		p.identList()
		p.typeElem()
		p.b.Close(dm, nTypeParameterDeclaration, 0)
		if !p.got(opComma) {
			break
		}
	}
	p.expect(opRBrack)
	p.b.Close(m, nTypeParameterList, 0)
}

// typeElem parses a constraint or interface element: ~T | U | ….
func (p *parser) typeElem() {
	m := p.b.Mark()
	wrap := false
	for {
		if p.kind == opTilde {
			p.leaf()
			wrap = true
		}
		p.parseType()
		if p.kind != opOr {
			break
		}
		p.leaf()
		wrap = true
	}
	if wrap {
		p.b.Close(m, nTypeElem, 0)
	}
}

func (p *parser) signature() {
	p.parameters()
	switch p.kind {
	case opLParen:
		p.parameters()
	case tIdent, opMul, opLBrack, kwFunc, kwMap, kwChan, kwStruct, kwInterface, opArrow:
		p.parseType()
	}
}

type param struct {
	start, end int // stack range
	named      bool
	variadic   bool
	run        bool // a pattern's $$$X, which stands for several parameters
}

func (p *parser) parameters() {
	m := p.b.Mark()
	p.expect(opLParen)
	var items []param
	for p.kind != opRParen && p.kind != tEOF {
		it := param{start: p.b.Mark()}
		p.paramItem(&it)
		it.end = p.b.Mark()
		items = append(items, it)
		if !p.got(opComma) {
			break
		}
	}
	p.groupParams(items)
	p.expect(opRParen)
	p.b.Close(m, nParameterList, 0)
}

// groupParams makes parameter declarations of the items: with names, each
// run of bare names joins the named item that ends it (a, b int); without,
// each item is a type.
func (p *parser) groupParams(items []param) {
	named := false
	for _, it := range items {
		named = named || it.named
	}
	kindOf := func(it param) grammars.Kind {
		if it.variadic {
			return nVariadicParameterDeclaration
		}
		return nParameterDeclaration
	}
	for i := len(items) - 1; i >= 0; {
		it := items[i]
		if it.run {
			i--
			continue
		}
		if !named || !it.named {
			p.b.CloseRange(it.start, it.end, kindOf(it), 0)
			i--
			continue
		}
		j := i
		for j > 0 && !items[j-1].named {
			j--
		}
		p.b.CloseRange(items[j].start, it.end, kindOf(it), 0)
		i = j - 1
	}
}

func (p *parser) paramItem(it *param) {
	if p.kind == opEllipsis {
		p.leaf()
		p.parseType()
		it.variadic = true
		return
	}
	if p.kind != tIdent {
		p.parseType()
		return
	}
	switch p.peek(1) {
	case opPeriod:
		p.parseType()
	case opComma, opRParen:
		it.run = strings.HasPrefix(p.tok.Value, "$$$")
		p.leaf()
	case opEllipsis:
		p.leaf()
		p.leaf()
		p.parseType()
		it.named, it.variadic = true, true
	case opLBrack:
		it.named = p.nameOrGeneric()
	default:
		p.leaf()
		p.parseType()
		it.named = true
	}
}

// nameOrGeneric parses "name [N]T", "name []T" or "Generic[T, …]" and
// reports whether it was a name followed by an array or slice type.
func (p *parser) nameOrGeneric() bool {
	m0 := p.b.Mark()
	p.leaf() // identifier
	m1 := p.b.Mark()
	p.leaf() // [
	switch p.kind {
	case opRBrack:
		p.leaf()
		p.parseType()
		p.b.Close(m1, nSliceType, 0)
		return true
	case opEllipsis:
		p.leaf()
		p.expect(opRBrack)
		p.parseType()
		p.b.Close(m1, nImplicitLengthArrayType, 0)
		return true
	}
	p.exprLev++
	p.expr()
	n := 1
	for p.got(opComma) {
		if p.kind == opRBrack {
			break
		}
		p.expr()
		n++
	}
	p.exprLev--
	p.expect(opRBrack)
	if n == 1 && startsType(p.kind) {
		p.parseType()
		p.b.Close(m1, nArrayType, 0)
		return true
	}
	p.b.Close(m1, nTypeArguments, 0)
	p.b.Close(m0, nGenericType, 0)
	return false
}

func startsType(k grammars.Kind) bool {
	switch k {
	case tIdent, opMul, opLBrack, opLParen, kwFunc, kwMap, kwChan, kwStruct, kwInterface, opArrow:
		return true
	}
	return false
}

// Types.

func (p *parser) parseType() {
	p.enter()
	m := p.b.Mark()
	switch p.kind {
	case tIdent:
		p.typeName()
	case opMul:
		p.leaf()
		p.parseType()
		p.b.Close(m, nPointerType, 0)
	case opLBrack:
		p.leaf()
		switch p.kind {
		case opRBrack:
			p.leaf()
			p.parseType()
			p.b.Close(m, nSliceType, 0)
		case opEllipsis:
			p.leaf()
			p.expect(opRBrack)
			p.parseType()
			p.b.Close(m, nImplicitLengthArrayType, 0)
		default:
			p.exprLev++
			p.expr()
			p.exprLev--
			p.expect(opRBrack)
			p.parseType()
			p.b.Close(m, nArrayType, 0)
		}
	case kwMap:
		p.leaf()
		p.expect(opLBrack)
		p.parseType()
		p.expect(opRBrack)
		p.parseType()
		p.b.Close(m, nMapType, 0)
	case kwChan:
		p.leaf()
		p.got(opArrow)
		p.parseType()
		p.b.Close(m, nChannelType, 0)
	case opArrow:
		p.leaf()
		p.expect(kwChan)
		p.parseType()
		p.b.Close(m, nChannelType, 0)
	case kwFunc:
		p.leaf()
		p.signature()
		p.b.Close(m, nFunctionType, 0)
	case kwStruct:
		p.structType()
	case kwInterface:
		p.interfaceType()
	case opLParen:
		p.leaf()
		p.parseType()
		p.expect(opRParen)
		p.b.Close(m, nParenthesizedType, 0)
	default:
		p.errorExpected("type")
	}
	p.leave()
}

func (p *parser) typeName() {
	m := p.b.Mark()
	p.leaf()
	if p.kind == opPeriod {
		p.leaf()
		p.expect(tIdent)
		p.b.Close(m, nQualifiedType, 0)
	}
	if p.kind == opLBrack {
		am := p.b.Mark()
		p.leaf()
		p.exprLev++
		for p.kind != opRBrack && p.kind != tEOF {
			p.parseType()
			if !p.got(opComma) {
				break
			}
		}
		p.exprLev--
		p.expect(opRBrack)
		p.b.Close(am, nTypeArguments, 0)
		p.b.Close(m, nGenericType, 0)
	}
}

func (p *parser) structType() {
	m := p.b.Mark()
	p.leaf() // struct
	lm := p.b.Mark()
	p.expect(opLBrace)
	for p.kind != opRBrace && p.kind != tEOF {
		p.fieldDecl()
		p.semi()
	}
	p.expect(opRBrace)
	p.b.Close(lm, nFieldDeclarationList, 0)
	p.b.Close(m, nStructType, 0)
}

func (p *parser) fieldDecl() {
	m := p.b.Mark()
	switch {
	case p.kind == opMul:
		p.parseType()
	case p.kind == tIdent:
		switch p.peek(1) {
		case opPeriod, tSemi, opRBrace, tString, tRawString:
			p.typeName()
		case opLBrack:
			p.nameOrGeneric()
		default:
			p.identList()
			p.parseType()
		}
	default:
		p.errorExpected("field name or embedded type")
	}
	if p.kind == tString || p.kind == tRawString {
		p.leaf()
	}
	p.b.Close(m, nFieldDeclaration, 0)
}

func (p *parser) interfaceType() {
	m := p.b.Mark()
	p.leaf() // interface
	p.expect(opLBrace)
	for p.kind != opRBrace && p.kind != tEOF {
		if p.kind == tIdent && p.peek(1) == opLParen {
			em := p.b.Mark()
			p.leaf()
			p.signature()
			p.b.Close(em, nMethodElem, 0)
		} else {
			p.typeElem()
		}
		p.semi()
	}
	p.expect(opRBrace)
	p.b.Close(m, nInterfaceType, 0)
}

// Statements.

func (p *parser) block() {
	p.enter()
	m := p.b.Mark()
	p.expect(opLBrace)
	p.stmtList()
	p.expect(opRBrace)
	p.b.Close(m, nBlock, 0)
	p.leave()
}

func (p *parser) stmtList() {
	for p.kind != opRBrace && p.kind != kwCase && p.kind != kwDefault && p.kind != tEOF {
		if p.kind == tSemi { // an empty statement
			p.terminator()
			continue
		}
		p.stmt()
		switch p.kind {
		case tSemi:
			p.terminator()
		case opRBrace, kwCase, kwDefault:
		default:
			p.errorExpected("';' or newline after statement")
		}
	}
}

func (p *parser) stmt() {
	p.enter()
	m := p.b.Mark()
	switch p.kind {
	case kwVar, kwConst, kwType:
		p.genDecl()
	case kwReturn:
		p.leaf()
		if p.kind != tSemi && p.kind != opRBrace {
			p.exprList()
		}
		p.b.Close(m, nReturnStatement, 0)
	case kwIf:
		p.ifStmt()
	case kwFor:
		p.forStmt()
	case kwSwitch:
		p.switchStmt()
	case kwSelect:
		p.selectStmt()
	case kwGo, kwDefer:
		k := nGoStatement
		if p.kind == kwDefer {
			k = nDeferStatement
		}
		p.leaf()
		p.expr()
		p.b.Close(m, k, 0)
	case kwBreak, kwContinue, kwGoto:
		k := nGotoStatement
		switch p.kind {
		case kwBreak:
			k = nBreakStatement
		case kwContinue:
			k = nContinueStatement
		}
		p.leaf()
		if p.kind == tIdent {
			p.leaf()
		}
		p.b.Close(m, k, 0)
	case kwFallthrough:
		p.leaf()
		p.b.Close(m, nFallthroughStatement, 0)
	case opLBrace:
		p.block()
	default:
		p.simpleStmt(true, false)
	}
	p.leave()
}

// simpleStmt parses an expression, send, inc/dec, assignment or short
// variable declaration; with label, a labeled statement; with rangeOK, a
// range clause, and reports whether it parsed one.
func (p *parser) simpleStmt(label, rangeOK bool) bool {
	m := p.b.Mark()
	single := p.kind == tIdent
	n := p.exprList()
	switch p.kind {
	case opDefine, opAssign, opAddAs, opSubAs, opMulAs, opQuoAs, opRemAs, opAndAs, opOrAs, opXorAs, opShlAs, opShrAs, opAndNotAs:
		op := p.kind
		p.leaf()
		if rangeOK && p.kind == kwRange && (op == opDefine || op == opAssign) {
			p.leaf()
			p.expr()
			p.b.Close(m, nRangeClause, 0)
			return true
		}
		p.exprList()
		if op == opDefine {
			p.b.Close(m, nShortVarDeclaration, 0)
		} else {
			p.b.Close(m, nAssignmentStatement, 0)
		}
	case opInc:
		p.leaf()
		p.b.Close(m, nIncStatement, 0)
	case opDec:
		p.leaf()
		p.b.Close(m, nDecStatement, 0)
	case opArrow:
		p.leaf()
		p.expr()
		p.b.Close(m, nSendStatement, 0)
	case opColon:
		if label && single && n == 1 && p.b.Len(m) == 1 && p.b.Nodes[p.b.Top()].Kind == tIdent {
			p.leaf()
			// A label before }, case, default or ; labels an empty
			// statement; the ; is left to end the labeled statement.
			if p.kind != opRBrace && p.kind != kwCase && p.kind != kwDefault && p.kind != tSemi {
				p.stmt()
			}
			p.b.Close(m, nLabeledStatement, 0)
		}
	}
	return false
}

func (p *parser) ifStmt() {
	m := p.b.Mark()
	p.leaf() // if
	outer := p.exprLev
	p.exprLev = -1
	if p.kind == tSemi {
		p.leaf()
		p.expr()
	} else {
		p.simpleStmt(false, false)
		if p.kind == tSemi {
			p.leaf()
			p.expr()
		}
	}
	p.exprLev = outer
	p.block()
	if p.got(kwElse) {
		switch p.kind {
		case kwIf:
			p.ifStmt()
		case opLBrace:
			p.block()
		default:
			p.errorExpected("if or block after else")
		}
	}
	p.b.Close(m, nIfStatement, 0)
}

func (p *parser) forStmt() {
	m := p.b.Mark()
	p.leaf() // for
	outer := p.exprLev
	p.exprLev = -1
	switch p.kind {
	case opLBrace:
	case kwRange:
		rm := p.b.Mark()
		p.leaf()
		p.expr()
		p.b.Close(rm, nRangeClause, 0)
	default:
		cm := p.b.Mark()
		isRange := false
		if p.kind != tSemi {
			isRange = p.simpleStmt(false, true)
		}
		if !isRange && p.kind == tSemi {
			p.leaf()
			if p.kind != tSemi {
				p.expr()
			}
			if p.kind != tSemi {
				p.errorExpected("';' in for clause")
			}
			p.leaf()
			if p.kind != opLBrace {
				p.simpleStmt(false, false)
			}
			p.b.Close(cm, nForClause, 0)
		}
	}
	p.exprLev = outer
	p.block()
	p.b.Close(m, nForStatement, 0)
}

func (p *parser) switchStmt() {
	m := p.b.Mark()
	p.leaf() // switch
	outer := p.exprLev
	p.exprLev = -1
	p.guard = false
	if p.kind != opLBrace {
		if p.kind != tSemi {
			p.simpleStmt(false, false)
		}
		if p.kind == tSemi {
			p.leaf()
			if p.kind != opLBrace {
				p.simpleStmt(false, false)
			}
		}
	}
	isType := p.guard
	p.exprLev = outer
	p.expect(opLBrace)
	for p.kind == kwCase || p.kind == kwDefault || p.isMetavar() {
		if p.caseMetavar() {
			continue
		}
		cm := p.b.Mark()
		k := nDefaultCase
		if p.got(kwCase) {
			k = nExpressionCase
			if isType {
				k = nTypeCase
				p.parseType()
				for p.got(opComma) {
					p.parseType()
				}
			} else {
				p.exprList()
			}
		} else {
			p.leaf()
		}
		p.expect(opColon)
		p.stmtList()
		p.b.Close(cm, k, 0)
	}
	p.expect(opRBrace)
	if isType {
		p.b.Close(m, nTypeSwitchStatement, 0)
	} else {
		p.b.Close(m, nExpressionSwitchStatement, 0)
	}
}

func (p *parser) selectStmt() {
	m := p.b.Mark()
	p.leaf() // select
	p.expect(opLBrace)
	for p.kind == kwCase || p.kind == kwDefault || p.isMetavar() {
		if p.caseMetavar() {
			continue
		}
		cm := p.b.Mark()
		k := nDefaultCase
		if p.got(kwCase) {
			k = nCommunicationCase
			p.simpleStmt(false, false)
		} else {
			p.leaf()
		}
		p.expect(opColon)
		p.stmtList()
		p.b.Close(cm, k, 0)
	}
	p.expect(opRBrace)
	p.b.Close(m, nSelectStatement, 0)
}

// caseMetavar parses a pattern's metavariable that stands for case
// clauses, as in switch $X { $$$C }, with the ; or newline after it.
func (p *parser) caseMetavar() bool {
	if !p.isMetavar() {
		return false
	}
	p.leaf()
	if p.kind == tSemi {
		p.terminator()
	}
	return true
}

// Expressions.

// exprList parses one or more expressions; more than one are wrapped in an
// expression_list. It returns how many.
func (p *parser) exprList() int {
	m := p.b.Mark()
	p.expr()
	n := 1
	for p.got(opComma) {
		p.expr()
		n++
	}
	if n > 1 {
		p.b.Close(m, nExpressionList, 0)
	}
	return n
}

func precedence(k grammars.Kind) int {
	switch k {
	case opLOr:
		return 1
	case opLAnd:
		return 2
	case opEql, opNeq, opLss, opLeq, opGtr, opGeq:
		return 3
	case opAdd, opSub, opOr, opXor:
		return 4
	case opMul, opQuo, opRem, opShl, opShr, opAnd, opAndNot:
		return 5
	}
	return 0
}

func (p *parser) expr() { p.binaryExpr(1) }

func (p *parser) binaryExpr(prec1 int) {
	m := p.b.Mark()
	p.unaryExpr()
	for {
		prec := precedence(p.kind)
		if prec < prec1 {
			return
		}
		p.leaf()
		p.binaryExpr(prec + 1)
		p.b.Close(m, nBinaryExpression, 0)
	}
}

func (p *parser) unaryExpr() {
	p.enter()
	m := p.b.Mark()
	switch p.kind {
	case opAdd, opSub, opNot, opXor, opAnd, opTilde, opMul:
		p.leaf()
		p.unaryExpr()
		p.b.Close(m, nUnaryExpression, 0)
	case opArrow:
		if p.peek(1) == kwChan {
			p.parseType()
			p.suffixes(m)
			break
		}
		p.leaf()
		p.unaryExpr()
		p.b.Close(m, nUnaryExpression, 0)
	default:
		p.operand()
		p.suffixes(m)
	}
	p.leave()
}

func (p *parser) operand() {
	m := p.b.Mark()
	switch p.kind {
	case tIdent, tInt, tFloat, tImag, tChar, tString, tRawString:
		p.leaf()
	case opLParen:
		p.leaf()
		p.exprLev++
		p.expr()
		p.exprLev--
		p.expect(opRParen)
		p.b.Close(m, nParenthesizedExpression, 0)
	case kwFunc:
		p.leaf()
		p.signature()
		if p.kind == opLBrace {
			p.exprLev++
			p.block()
			p.exprLev--
			p.b.Close(m, nFuncLiteral, 0)
		} else {
			p.b.Close(m, nFunctionType, 0)
		}
	case opLBrack, kwMap, kwChan, kwStruct, kwInterface:
		p.parseType()
	default:
		p.errorExpected("expression")
	}
}

func (p *parser) suffixes(m int) {
	for {
		switch p.kind {
		case opPeriod:
			p.leaf()
			switch p.kind {
			case tIdent:
				p.leaf()
				p.b.Close(m, nSelectorExpression, 0)
			case opLParen:
				p.leaf()
				if p.kind == kwType {
					p.leaf()
					p.expect(opRParen)
					p.b.Close(m, nTypeSwitchGuard, 0)
					p.guard = true
				} else {
					p.parseType()
					p.expect(opRParen)
					p.b.Close(m, nTypeAssertionExpression, 0)
				}
			default:
				p.errorExpected("selector or type assertion")
			}
		case opLBrack:
			p.index(m)
		case opLParen:
			am := p.b.Mark()
			p.leaf()
			p.exprLev++
			for p.kind != opRParen && p.kind != tEOF {
				p.expr()
				p.got(opEllipsis)
				if !p.got(opComma) {
					break
				}
			}
			p.exprLev--
			p.expect(opRParen)
			p.b.Close(am, nArgumentList, 0)
			p.b.Close(m, nCallExpression, 0)
		case opLBrace:
			if !p.compositeAllowed() {
				return
			}
			p.literalValue()
			p.b.Close(m, nCompositeLiteral, 0)
		default:
			return
		}
	}
}

// compositeAllowed decides whether { after the expression on top of the
// stack opens a composite literal or a block (in a control clause).
func (p *parser) compositeAllowed() bool {
	switch p.b.Nodes[p.b.Top()].Kind {
	case tIdent, nSelectorExpression, nIndexExpression, nGenericType:
		return p.exprLev >= 0
	case nArrayType, nSliceType, nMapType, nStructType, nImplicitLengthArrayType:
		return true
	}
	return false
}

func (p *parser) index(m int) {
	p.leaf() // [
	p.exprLev++
	defer func() { p.exprLev-- }()
	if p.kind != opColon {
		p.expr()
	}
	switch p.kind {
	case opColon:
		p.leaf()
		if p.kind != opRBrack && p.kind != opColon {
			p.expr()
		}
		if p.got(opColon) {
			p.expr()
		}
		p.expect(opRBrack)
		p.b.Close(m, nSliceExpression, 0)
		return
	case opComma:
		for p.got(opComma) {
			if p.kind == opRBrack {
				break
			}
			p.expr()
		}
	}
	p.expect(opRBrack)
	p.b.Close(m, nIndexExpression, 0)
}

func (p *parser) literalValue() {
	p.enter()
	m := p.b.Mark()
	p.leaf() // {
	p.exprLev++
	for p.kind != opRBrace && p.kind != tEOF {
		em := p.b.Mark()
		p.element()
		if p.got(opColon) {
			p.element()
			p.b.Close(em, nKeyedElement, 0)
		}
		if !p.got(opComma) {
			break
		}
	}
	p.exprLev--
	p.expect(opRBrace)
	p.b.Close(m, nLiteralValue, 0)
	p.leave()
}

func (p *parser) element() {
	if p.kind == opLBrace {
		p.literalValue()
		return
	}
	p.expr()
}
