package golang

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// parser holds the hand-written productions: the top-level declarations
// and everything below them, on the kit's parser, which reads the
// scanner's tokens through a small lookahead window and builds tree nodes
// directly, bottom-up.
//
// Every production that recurses does so through one of the guarded
// ones, stmt, block, parseType, unaryExpr and literalValue, whose Enter
// counts a level, so input nested past kit.MaxDepth is a syntax error
// and never a stack that grows with the file: an else-if chain goes
// through stmt, a type in a type through parseType, an expression in an
// expression through unaryExpr.
type parser struct {
	kit.Parser
	exprLev int  // < 0: in a control clause, where { starts a block
	guard   bool // a type switch guard x.(type) was parsed
}

func newParser(sc *scanner, first kit.Token, b *grammars.Builder) *parser {
	p := &parser{}
	p.Init(kit.NewWindow(sc, first), b, kindNames[:])
	p.Found = found
	p.Ident = tIdent
	return p
}

// found describes a token in an "expected X, found Y" message: an
// automatic semicolon is a newline.
var found = kit.Found(kindNames[:], func(t *kit.Token) string {
	if t.Kind == tSemi && t.Synthetic {
		return "newline"
	}
	return ""
}, tIdent, tInt, tFloat, tImag, tChar, tString, tRawString)

// terminator skips the semicolon that ends a statement, spec, field or
// declaration. Written or automatic, it is no leaf of the tree: a ; there
// is a line break, so { a(); b() } has the tree of the block written on
// three lines, and a one-line pattern matches code written on many. The
// semicolons inside a for, if or switch header stay leaves.
func (p *parser) terminator() { p.Next() }

// semi ends a statement or spec: a semicolon, or nothing before a closing
// ) or }. It is not the kit's Semi, which leaves the terminator out only
// in a pattern: Go's spec lets a file leave it out there too.
func (p *parser) semi() {
	switch p.Kind {
	case tSemi:
		p.terminator()
	case opRParen, opRBrace:
	default:
		p.ErrorExpected("';' or newline")
	}
}

// Declarations.

func (p *parser) topDecl() {
	switch p.Kind {
	case kwFunc:
		p.funcDecl()
	case kwVar, kwConst, kwType, kwImport:
		p.genDecl()
	default:
		p.ErrorExpected("declaration")
	}
	switch p.Kind {
	case tSemi:
		p.terminator()
	case tEOF:
	default:
		p.ErrorExpected("';' or newline after declaration")
	}
}

func (p *parser) funcDecl() {
	m := p.B.Mark()
	p.Leaf() // func
	kind := nFunctionDeclaration
	if p.Kind == opLParen {
		kind = nMethodDeclaration
		p.parameters()
	}
	p.Expect(tIdent)
	if p.Kind == opLBrack {
		p.typeParams()
	}
	p.signature()
	if p.Kind == opLBrace {
		p.block()
	}
	p.B.Close(m, kind, 0)
}

func (p *parser) genDecl() {
	m := p.B.Mark()
	kw := p.Kind
	p.Leaf()
	if p.Kind == opLParen {
		p.Leaf()
		for p.Kind != opRParen && p.Kind != tEOF {
			p.spec(kw)
			p.semi()
		}
		p.Expect(opRParen)
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
	p.B.Close(m, k, 0)
}

func (p *parser) spec(kw grammars.Kind) {
	if p.IsMetavar() && (p.Peek(1) == tSemi || p.Peek(1) == opRParen) {
		p.Leaf() // a pattern's $$$I in import $$$I or type ( $$$T ) stands for the specs
		return
	}
	m := p.B.Mark()
	switch kw {
	case kwImport:
		if p.Kind == tIdent || p.Kind == opPeriod {
			p.Leaf()
		}
		if p.Kind != tString && p.Kind != tRawString {
			p.ErrorExpected("import path")
		}
		p.Leaf()
		p.B.Close(m, nImportSpec, 0)
	case kwVar, kwConst:
		p.identList()
		if p.Kind != opAssign && p.Kind != tSemi && p.Kind != opRParen {
			p.parseType()
		}
		if p.Got(opAssign) {
			p.exprList()
		}
		if kw == kwVar {
			p.B.Close(m, nVarSpec, 0)
		} else {
			p.B.Close(m, nConstSpec, 0)
		}
	case kwType:
		p.Expect(tIdent)
		if p.Kind == opLBrack && p.isTypeParams() {
			p.typeParams()
		}
		if p.Got(opAssign) {
			p.parseType()
			p.B.Close(m, nTypeAlias, 0)
			return
		}
		p.parseType()
		p.B.Close(m, nTypeSpec, 0)
	}
}

// isTypeParams tells, at the [ after a type name, a type parameter list
// (type T[P any] …) from an array type (type T [N]int).
func (p *parser) isTypeParams() bool {
	if p.Peek(1) != tIdent {
		return false
	}
	if p.IsRun(1) { // a pattern's type T[$$$P]: a run of type parameters
		return true
	}
	switch p.Peek(2) {
	case tIdent, kwInterface, kwFunc, kwMap, kwChan, kwStruct, opTilde, opComma, opLBrack, opMul, opLParen:
		return p.Peek(2) != opMul || p.Peek(3) == tIdent && p.Peek(4) != opRBrack
	}
	return false
}

func (p *parser) identList() { p.Separated(opComma, p.ident) }

func (p *parser) ident() { p.Expect(tIdent) }

func (p *parser) typeParams() {
	m := p.B.Mark()
	p.Leaf() // [
	p.List(opComma, opRBrack, p.typeParam)
	p.Expect(opRBrack)
	p.B.Close(m, nTypeParameterList, 0)
}

func (p *parser) typeParam() {
	if p.IsMetavar() && (p.Peek(1) == opComma || p.Peek(1) == opRBrack) {
		p.Leaf() // a pattern's $$$T in func F[$$$T]() stands for declarations
		return
	}
	p.Node(nTypeParameterDeclaration, func() {
		p.identList()
		p.typeElem()
	})
}

// typeElem parses a constraint or interface element: ~T | U | ….
func (p *parser) typeElem() {
	m := p.B.Mark()
	wrap := false
	for {
		if p.Kind == opTilde {
			p.Leaf()
			wrap = true
		}
		p.parseType()
		if p.Kind != opOr {
			break
		}
		p.Leaf()
		wrap = true
	}
	if wrap {
		p.B.Close(m, nTypeElem, 0)
	}
}

func (p *parser) signature() {
	p.parameters()
	switch p.Kind {
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
	m := p.B.Mark()
	p.Expect(opLParen)
	// A loop, not p.List: a closure appending to items would move its
	// array, which stays on the stack here, to the heap.
	var items []param
	for p.Kind != opRParen && p.Kind != tEOF {
		it := param{start: p.B.Mark()}
		p.paramItem(&it)
		it.end = p.B.Mark()
		items = append(items, it)
		if !p.Got(opComma) {
			break
		}
	}
	p.groupParams(items)
	p.Expect(opRParen)
	p.B.Close(m, nParameterList, 0)
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
			p.B.CloseRange(it.start, it.end, kindOf(it), 0)
			i--
			continue
		}
		j := i
		for j > 0 && !items[j-1].named {
			j--
		}
		p.B.CloseRange(items[j].start, it.end, kindOf(it), 0)
		i = j - 1
	}
}

func (p *parser) paramItem(it *param) {
	if p.Kind == opEllipsis {
		p.Leaf()
		p.parseType()
		it.variadic = true
		return
	}
	if p.Kind != tIdent {
		p.parseType()
		return
	}
	switch p.Peek(1) {
	case opPeriod:
		p.parseType()
	case opComma, opRParen:
		it.run = grammars.IsRunMetavar(p.Tok.Text)
		p.Leaf()
	case opEllipsis:
		p.Leaf()
		p.Leaf()
		p.parseType()
		it.named, it.variadic = true, true
	case opLBrack:
		it.named = p.nameOrGeneric()
	default:
		p.Leaf()
		p.parseType()
		it.named = true
	}
}

// nameOrGeneric parses "name [N]T", "name []T" or "Generic[T, …]" and
// reports whether it was a name followed by an array or slice type.
func (p *parser) nameOrGeneric() bool {
	m0 := p.B.Mark()
	p.Leaf() // identifier
	m1 := p.B.Mark()
	p.Leaf() // [
	if p.unsizedArray(m1) {
		return true
	}
	p.exprLev++
	p.expr()
	n := 1 + p.More(opComma, opRBrack, p.expr)
	p.exprLev--
	p.Expect(opRBrack)
	if n == 1 && startsType(p.Kind) {
		p.parseType()
		p.B.Close(m1, nArrayType, 0)
		return true
	}
	p.B.Close(m1, nTypeArguments, 0)
	p.B.Close(m0, nGenericType, 0)
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
	p.Enter()
	m := p.B.Mark()
	switch p.Kind {
	case tIdent:
		p.typeName()
	case opMul:
		p.Prefix(nPointerType, p.parseType)
	case opLBrack:
		p.Leaf()
		if !p.unsizedArray(m) {
			p.exprLev++
			p.expr()
			p.exprLev--
			p.Expect(opRBrack)
			p.parseType()
			p.B.Close(m, nArrayType, 0)
		}
	case kwMap:
		p.Prefix(nMapType, func() {
			p.Expect(opLBrack)
			p.parseType()
			p.Expect(opRBrack)
			p.parseType()
		})
	case kwChan:
		p.Prefix(nChannelType, func() {
			p.Got(opArrow)
			p.parseType()
		})
	case opArrow:
		p.Prefix(nChannelType, func() {
			p.Expect(kwChan)
			p.parseType()
		})
	case kwFunc:
		p.Prefix(nFunctionType, p.signature)
	case kwStruct:
		p.structType()
	case kwInterface:
		p.interfaceType()
	case opLParen:
		p.Prefix(nParenthesizedType, func() {
			p.parseType()
			p.Expect(opRParen)
		})
	default:
		p.ErrorExpected("type")
	}
	p.Leave()
}

// unsizedArray parses, after the [ of a type that m marks, the rest of
// a slice type []T or an array type [...]T, and reports whether it was
// one: false leaves the [ of an array's length or type arguments.
func (p *parser) unsizedArray(m int) bool {
	switch p.Kind {
	case opRBrack:
		p.Leaf()
		p.parseType()
		p.B.Close(m, nSliceType, 0)
		return true
	case opEllipsis:
		p.Leaf()
		p.Expect(opRBrack)
		p.parseType()
		p.B.Close(m, nImplicitLengthArrayType, 0)
		return true
	}
	return false
}

func (p *parser) typeName() {
	m := p.B.Mark()
	p.Leaf()
	if p.Kind == opPeriod {
		p.Leaf()
		p.Expect(tIdent)
		p.B.Close(m, nQualifiedType, 0)
	}
	if p.Kind == opLBrack {
		am := p.B.Mark()
		p.Leaf()
		p.exprLev++
		p.List(opComma, opRBrack, p.parseType)
		p.exprLev--
		p.Expect(opRBrack)
		p.B.Close(am, nTypeArguments, 0)
		p.B.Close(m, nGenericType, 0)
	}
}

func (p *parser) structType() {
	m := p.B.Mark()
	p.Leaf() // struct
	lm := p.B.Mark()
	p.Expect(opLBrace)
	for p.Kind != opRBrace && p.Kind != tEOF {
		p.fieldDecl()
		p.semi()
	}
	p.Expect(opRBrace)
	p.B.Close(lm, nFieldDeclarationList, 0)
	p.B.Close(m, nStructType, 0)
}

func (p *parser) fieldDecl() {
	m := p.B.Mark()
	switch {
	case p.Kind == opMul:
		p.parseType()
	case p.Kind == tIdent:
		switch p.Peek(1) {
		case opPeriod, tSemi, opRBrace, tString, tRawString:
			p.typeName()
		case opLBrack:
			p.nameOrGeneric()
		default:
			p.identList()
			p.parseType()
		}
	default:
		p.ErrorExpected("field name or embedded type")
	}
	if p.Kind == tString || p.Kind == tRawString {
		p.Leaf()
	}
	p.B.Close(m, nFieldDeclaration, 0)
}

func (p *parser) interfaceType() {
	m := p.B.Mark()
	p.Leaf() // interface
	p.Expect(opLBrace)
	for p.Kind != opRBrace && p.Kind != tEOF {
		if p.Kind == tIdent && p.Peek(1) == opLParen {
			em := p.B.Mark()
			p.Leaf()
			p.signature()
			p.B.Close(em, nMethodElem, 0)
		} else {
			p.typeElem()
		}
		p.semi()
	}
	p.Expect(opRBrace)
	p.B.Close(m, nInterfaceType, 0)
}

// Statements.

func (p *parser) block() { p.Enclosed(nBlock, opLBrace, opRBrace, p.stmtList) }

func (p *parser) stmtList() {
	for p.Kind != opRBrace && p.Kind != kwCase && p.Kind != kwDefault && p.Kind != tEOF {
		if p.Kind == tSemi { // an empty statement
			p.terminator()
			continue
		}
		p.stmt()
		switch p.Kind {
		case tSemi:
			p.terminator()
		case opRBrace, kwCase, kwDefault:
		default:
			p.ErrorExpected("';' or newline after statement")
		}
	}
}

// stmtKinds are the kinds of the statements one token tells: go, defer
// or a jump keyword at the start, ++, -- or a send's <- after the
// expression.
var stmtKinds = map[grammars.Kind]grammars.Kind{
	kwGo: nGoStatement, kwDefer: nDeferStatement,
	kwBreak: nBreakStatement, kwContinue: nContinueStatement, kwGoto: nGotoStatement,
	opInc: nIncStatement, opDec: nDecStatement, opArrow: nSendStatement,
}

func (p *parser) stmt() {
	p.Enter()
	switch p.Kind {
	case kwVar, kwConst, kwType:
		p.genDecl()
	case kwReturn:
		p.Prefix(nReturnStatement, func() {
			if p.Kind != tSemi && p.Kind != opRBrace {
				p.exprList()
			}
		})
	case kwIf:
		p.ifStmt()
	case kwFor:
		p.forStmt()
	case kwSwitch:
		p.switchStmt()
	case kwSelect:
		p.selectStmt()
	case kwGo, kwDefer:
		p.Prefix(stmtKinds[p.Kind], p.expr)
	case kwBreak, kwContinue, kwGoto:
		p.Prefix(stmtKinds[p.Kind], p.label)
	case kwFallthrough:
		p.Node(nFallthroughStatement, p.Leaf)
	case opLBrace:
		p.block()
	default:
		p.simpleStmt(true, false)
	}
	p.Leave()
}

// label parses the label a break or continue may have, and a goto has.
func (p *parser) label() { p.Got(tIdent) }

// simpleStmt parses an expression, send, inc/dec, assignment or short
// variable declaration; with label, a labeled statement; with rangeOK, a
// range clause, and reports whether it parsed one.
func (p *parser) simpleStmt(label, rangeOK bool) bool {
	m := p.B.Mark()
	single := p.Kind == tIdent
	n := p.exprList()
	switch p.Kind {
	case opDefine, opAssign, opAddAs, opSubAs, opMulAs, opQuoAs, opRemAs, opAndAs, opOrAs, opXorAs, opShlAs, opShrAs, opAndNotAs:
		return p.assignment(m, rangeOK)
	case opInc, opDec, opArrow: // x++, x--, ch <- v
		k := stmtKinds[p.Kind]
		p.Leaf()
		if k == nSendStatement {
			p.expr()
		}
		p.B.Close(m, k, 0)
	case opColon:
		if label && single && n == 1 && p.B.Len(m) == 1 && p.B.Nodes[p.B.Top()].Kind == tIdent {
			p.Leaf()
			// A label before }, case, default or ; labels an empty
			// statement; the ; is left to end the labeled statement.
			if p.Kind != opRBrace && p.Kind != kwCase && p.Kind != kwDefault && p.Kind != tSemi {
				p.stmt()
			}
			p.B.Close(m, nLabeledStatement, 0)
		}
	}
	return false
}

// assignment parses, after the expressions that m marks, an assignment's
// or short variable declaration's operator and right side; with rangeOK,
// a range clause, and reports whether it parsed one.
func (p *parser) assignment(m int, rangeOK bool) bool {
	op := p.Kind
	p.Leaf()
	if rangeOK && p.Kind == kwRange && (op == opDefine || op == opAssign) {
		p.Leaf()
		p.expr()
		p.B.Close(m, nRangeClause, 0)
		return true
	}
	p.exprList()
	k := nAssignmentStatement
	if op == opDefine {
		k = nShortVarDeclaration
	}
	p.B.Close(m, k, 0)
	return false
}

func (p *parser) ifStmt() {
	m := p.B.Mark()
	p.Leaf() // if
	outer := p.exprLev
	p.exprLev = -1
	if p.Kind == tSemi {
		p.Leaf()
		p.expr()
	} else {
		p.simpleStmt(false, false)
		if p.Kind == tSemi {
			p.Leaf()
			p.expr()
		}
	}
	p.exprLev = outer
	p.block()
	if p.Got(kwElse) {
		switch p.Kind {
		case kwIf:
			p.stmt() // through stmt's guard: each link of an else-if chain is a level
		case opLBrace:
			p.block()
		default:
			p.ErrorExpected("if or block after else")
		}
	}
	p.B.Close(m, nIfStatement, 0)
}

func (p *parser) forStmt() {
	m := p.B.Mark()
	p.Leaf() // for
	outer := p.exprLev
	p.exprLev = -1
	switch p.Kind {
	case opLBrace:
	case kwRange:
		rm := p.B.Mark()
		p.Leaf()
		p.expr()
		p.B.Close(rm, nRangeClause, 0)
	default:
		cm := p.B.Mark()
		isRange := false
		if p.Kind != tSemi {
			isRange = p.simpleStmt(false, true)
		}
		if !isRange && p.Kind == tSemi {
			p.Leaf()
			if p.Kind != tSemi {
				p.expr()
			}
			if p.Kind != tSemi {
				p.ErrorExpected("';' in for clause")
			}
			p.Leaf()
			if p.Kind != opLBrace {
				p.simpleStmt(false, false)
			}
			p.B.Close(cm, nForClause, 0)
		}
	}
	p.exprLev = outer
	p.block()
	p.B.Close(m, nForStatement, 0)
}

func (p *parser) switchStmt() {
	m := p.B.Mark()
	p.Leaf() // switch
	outer := p.exprLev
	p.exprLev = -1
	p.guard = false
	if p.Kind != opLBrace {
		if p.Kind != tSemi {
			p.simpleStmt(false, false)
		}
		if p.Kind == tSemi {
			p.Leaf()
			if p.Kind != opLBrace {
				p.simpleStmt(false, false)
			}
		}
	}
	isType := p.guard
	p.exprLev = outer
	p.Expect(opLBrace)
	for p.Kind == kwCase || p.Kind == kwDefault || p.IsMetavar() {
		if p.caseMetavar() {
			continue
		}
		cm := p.B.Mark()
		k := nDefaultCase
		if p.Got(kwCase) {
			k = nExpressionCase
			if isType {
				k = nTypeCase
				p.parseType()
				for p.Got(opComma) {
					p.parseType()
				}
			} else {
				p.exprList()
			}
		} else {
			p.Leaf()
		}
		p.Expect(opColon)
		p.stmtList()
		p.B.Close(cm, k, 0)
	}
	p.Expect(opRBrace)
	if isType {
		p.B.Close(m, nTypeSwitchStatement, 0)
	} else {
		p.B.Close(m, nExpressionSwitchStatement, 0)
	}
}

func (p *parser) selectStmt() {
	m := p.B.Mark()
	p.Leaf() // select
	p.Expect(opLBrace)
	for p.Kind == kwCase || p.Kind == kwDefault || p.IsMetavar() {
		if p.caseMetavar() {
			continue
		}
		cm := p.B.Mark()
		k := nDefaultCase
		if p.Got(kwCase) {
			k = nCommunicationCase
			p.simpleStmt(false, false)
		} else {
			p.Leaf()
		}
		p.Expect(opColon)
		p.stmtList()
		p.B.Close(cm, k, 0)
	}
	p.Expect(opRBrace)
	p.B.Close(m, nSelectStatement, 0)
}

// caseMetavar parses a pattern's metavariable that stands for case
// clauses, as in switch $X { $$$C }, with the ; or newline after it.
func (p *parser) caseMetavar() bool {
	if !p.IsMetavar() {
		return false
	}
	p.Leaf()
	if p.Kind == tSemi {
		p.terminator()
	}
	return true
}

// Expressions.

// exprList parses one or more expressions; more than one are wrapped in an
// expression_list. It returns how many.
func (p *parser) exprList() int {
	m := p.B.Mark()
	p.expr()
	n := 1
	for p.Got(opComma) {
		p.expr()
		n++
	}
	if n > 1 {
		p.B.Close(m, nExpressionList, 0)
	}
	return n
}

// binaryOps are Go's binary operators by precedence, loosest first.
var binaryOps = kit.NewPrecedence(
	[]grammars.Kind{opLOr},
	[]grammars.Kind{opLAnd},
	[]grammars.Kind{opEql, opNeq, opLss, opLeq, opGtr, opGeq},
	[]grammars.Kind{opAdd, opSub, opOr, opXor},
	[]grammars.Kind{opMul, opQuo, opRem, opShl, opShr, opAnd, opAndNot},
)

func (p *parser) expr() { p.Binary(binaryOps, 1, p.unaryExpr, nBinaryExpression) }

func (p *parser) keyedElement() { p.Tail(nKeyedElement, p.element, opColon, p.element) }

func (p *parser) unaryExpr() {
	p.Enter()
	m := p.B.Mark()
	switch p.Kind {
	case opAdd, opSub, opNot, opXor, opAnd, opTilde, opMul:
		p.Prefix(nUnaryExpression, p.unaryExpr)
	case opArrow:
		if p.Peek(1) == kwChan {
			p.parseType()
			p.suffixes(m)
			break
		}
		p.Prefix(nUnaryExpression, p.unaryExpr)
	default:
		p.operand()
		p.suffixes(m)
	}
	p.Leave()
}

func (p *parser) operand() {
	m := p.B.Mark()
	switch p.Kind {
	case tIdent, tInt, tFloat, tImag, tChar, tString, tRawString:
		p.Leaf()
	case opLParen:
		p.Prefix(nParenthesizedExpression, func() {
			p.exprLev++
			p.expr()
			p.exprLev--
			p.Expect(opRParen)
		})
	case kwFunc:
		p.Leaf()
		p.signature()
		if p.Kind == opLBrace {
			p.exprLev++
			p.block()
			p.exprLev--
			p.B.Close(m, nFuncLiteral, 0)
		} else {
			p.B.Close(m, nFunctionType, 0)
		}
	case opLBrack, kwMap, kwChan, kwStruct, kwInterface:
		p.parseType()
	default:
		p.ErrorExpected("expression")
	}
}

func (p *parser) suffixes(m int) {
	for {
		switch p.Kind {
		case opPeriod:
			p.Leaf()
			switch p.Kind {
			case tIdent:
				p.Leaf()
				p.B.Close(m, nSelectorExpression, 0)
			case opLParen:
				p.Leaf()
				if p.Kind == kwType {
					p.Leaf()
					p.Expect(opRParen)
					p.B.Close(m, nTypeSwitchGuard, 0)
					p.guard = true
				} else {
					p.parseType()
					p.Expect(opRParen)
					p.B.Close(m, nTypeAssertionExpression, 0)
				}
			default:
				p.ErrorExpected("selector or type assertion")
			}
		case opLBrack:
			p.index(m)
		case opLParen:
			am := p.B.Mark()
			p.Leaf()
			p.exprLev++
			p.List(opComma, opRParen, p.argument)
			p.exprLev--
			p.Expect(opRParen)
			p.B.Close(am, nArgumentList, 0)
			p.B.Close(m, nCallExpression, 0)
		case opLBrace:
			if !p.compositeAllowed() {
				return
			}
			p.literalValue()
			p.B.Close(m, nCompositeLiteral, 0)
		default:
			return
		}
	}
}

// compositeAllowed decides whether { after the expression on top of the
// stack opens a composite literal or a block (in a control clause).
func (p *parser) compositeAllowed() bool {
	switch p.B.Nodes[p.B.Top()].Kind {
	case tIdent, nSelectorExpression, nIndexExpression, nGenericType:
		return p.exprLev >= 0
	case nArrayType, nSliceType, nMapType, nStructType, nImplicitLengthArrayType:
		return true
	}
	return false
}

func (p *parser) index(m int) {
	p.Leaf() // [
	p.exprLev++
	defer func() { p.exprLev-- }()
	if p.Kind != opColon {
		p.expr()
	}
	if p.Kind == opColon {
		p.Leaf()
		if p.Kind != opRBrack && p.Kind != opColon {
			p.expr()
		}
		if p.Got(opColon) {
			p.expr()
		}
		p.Expect(opRBrack)
		p.B.Close(m, nSliceExpression, 0)
		return
	}
	p.More(opComma, opRBrack, p.expr)
	p.Expect(opRBrack)
	p.B.Close(m, nIndexExpression, 0)
}

// argument parses a call's argument, with the ... that spreads a slice.
func (p *parser) argument() {
	p.expr()
	p.Got(opEllipsis)
}

func (p *parser) literalValue() {
	p.Enclosed(nLiteralValue, opLBrace, opRBrace, func() {
		p.exprLev++
		p.List(opComma, opRBrace, p.keyedElement)
		p.exprLev--
	})
}

func (p *parser) element() {
	if p.Kind == opLBrace {
		p.literalValue()
		return
	}
	p.expr()
}
