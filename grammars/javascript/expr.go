package javascript

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Expressions.

// expression parses assignments separated by commas; a sequence of one
// is that assignment.
func (p *parser) expression() { p.Sequence(nSequenceExpression, tComma, p.assignment) }

// isAssignOp reports whether k is = or a compound assignment.
func isAssignOp(k grammars.Kind) bool {
	return k == tAssign || k >= tPlusAs && k <= tQQAs
}

// assignment parses an AssignmentExpression: yield, an arrow function,
// or a conditional expression and what may be assigned to it.
func (p *parser) assignment() { p.assign(true) }

// assign is assignment; returnType false is the true branch of a
// conditional, where (a): b => c is an arrow function only when a :
// follows it, as TypeScript has it (a ? (b) : c => d is a conditional).
func (p *parser) assign(returnType bool) {
	p.Enter()
	defer p.Leave()
	if p.Kind == kwYield && p.isYield() {
		p.yield()
		return
	}
	if p.arrowFunction(returnType) {
		return
	}
	m := p.B.Mark()
	p.conditional(returnType)
	p.relexGreater() // >>= and >>>=
	if isAssignOp(p.Kind) {
		k := nAugmentedAssignmentExpression
		if p.Kind == tAssign {
			k = nAssignmentExpression
		}
		p.Leaf()
		p.assign(returnType)
		p.B.Close(m, k, 0)
	}
}

// isYield reports whether yield is the operator here: in a generator, or,
// as TypeScript reads it, before an operand on the same line.
func (p *parser) isYield() bool {
	return p.ctx&cGenerator != 0 || p.operandOnSameLine()
}

// isAwait reports whether await is the operator here: in an async
// function, at the top level of a file (a module's top-level await), or
// before an operand on the same line.
func (p *parser) isAwait() bool {
	if p.ctx&cAsync != 0 {
		return true
	}
	if p.ctx&cFunction == 0 && startsExpression(p.Peek(1)) && !p.newlineAt(1) {
		// At the top level, as in a module, await (x) and await [x] await
		// too; await + x, await / x and await < x stay binary expressions
		// on an identifier, as in a script.
		k := p.Peek(1)
		return isIdentName(k) || k != tPlus && k != tMinus && k != tSlash && k != tSlashAs && k != tLT
	}
	return p.operandOnSameLine()
}

// operandOnSameLine reports whether the next token is an identifier,
// keyword or literal on the same line.
func (p *parser) operandOnSameLine() bool {
	k := p.Peek(1)
	return (isIdentName(k) || k == tNumber || k == tString || k == tBacktick || k == tPrivateName) && !p.newlineAt(1)
}

// yield parses yield, yield x and yield* x.
func (p *parser) yield() {
	p.Prefix(nYieldExpression, func() {
		if p.newline() {
			return
		}
		if p.Got(tStar) || startsExpression(p.Kind) {
			p.assignment()
		}
	})
}

// startsExpression reports whether a token of kind k can start an
// expression.
func startsExpression(k grammars.Kind) bool {
	switch k {
	case tIdent, tPrivateName, tNumber, tString, tRegex, tBacktick, tLParen, tLBrack, tLBrace,
		tSlash, tSlashAs, tPlus, tMinus, tTilde, tBang, tInc, tDec, tLT, tAt,
		kwThis, kwSuper, kwNull, kwTrue, kwFalse, kwFunction, kwClass, kwNew, kwDelete, kwTypeof, kwVoid, kwImportKw:
		return true
	}
	return k >= firstContextual && k <= lastKeyword
}

// A tristate is TypeScript's answer to "is this an arrow function?":
// yes, no, or parse and see.
type tristate uint8

const (
	triFalse tristate = iota
	triTrue
	triUnknown
)

// arrowFunction parses an arrow function if one starts here, and reports
// whether it did.
func (p *parser) arrowFunction(returnType bool) bool {
	switch p.Kind {
	case tLParen, tLT, kwAsync:
		switch p.isParenArrow() {
		case triTrue:
			p.parenArrow(false, returnType)
			return true
		case triUnknown:
			if !p.notArrow() && p.speculate(specArrow, func() { p.parenArrow(true, returnType) }) {
				return true
			}
		}
	}
	if !isIdent(p.Kind) {
		return false
	}
	i := 0
	if p.Kind == kwAsync && isIdent(p.Peek(1)) && !p.newlineAt(1) {
		i = 1
	}
	if p.Peek(i+1) != tArrow || p.newlineAt(i+1) {
		return false
	}
	async := i == 1
	p.Node(nArrowFunction, func() {
		if async {
			p.Leaf()
		}
		p.LeafAs(tIdent)
		p.Leaf()
		p.arrowBody(async, returnType)
	})
	return true
}

// isParenArrow looks ahead, without parsing, at whether the ( or < here
// (after async, maybe) starts an arrow function's parameters, as
// TypeScript does.
func (p *parser) isParenArrow() tristate {
	i := 0
	if p.Kind == kwAsync {
		if p.newlineAt(1) {
			return triFalse
		}
		if k := p.Peek(1); k != tLParen && k != tLT {
			return triFalse
		}
		i = 1
	}
	first, second := p.Peek(i), p.Peek(i+1)
	if first == tLT {
		if !isIdent(second) && second != kwConst {
			return triFalse
		}
		if !p.d.jsx {
			if !p.d.ts && !p.d.casts {
				return triFalse
			}
			return triUnknown
		}
		// In JSX, <T,>, <T extends U> and <const T,> start generic arrows;
		// anything else is an element.
		j := i + 2
		if second == kwConst {
			j++
		}
		switch p.Peek(j) {
		case kwExtends:
			switch p.Peek(j + 1) {
			case tAssign, tGT, tSlash:
				return triFalse
			}
			return triTrue
		case tComma, tAssign:
			return triTrue
		}
		return triFalse
	}
	switch {
	case second == tRParen:
		switch p.Peek(i + 2) {
		case tArrow, tColon, tLBrace:
			return triTrue
		}
		return triFalse
	case second == tLBrack || second == tLBrace:
		return triUnknown
	case second == tEllipsis:
		return triTrue
	case isParameterModifier(second) && isIdent(p.Peek(i+2)):
		if p.Peek(i+3) == kwAs {
			return triFalse
		}
		return triTrue
	case !isIdent(second) && second != kwThis:
		return triFalse
	}
	switch p.Peek(i + 2) {
	case tColon:
		return triTrue
	case tQuestion:
		switch p.Peek(i + 3) {
		case tColon, tComma, tAssign, tRParen:
			return triTrue
		}
		return triFalse
	case tRParen:
		// (a) is an arrow's parameter list only before => or a return type.
		switch p.Peek(i + 3) {
		case tArrow, tColon:
			return triUnknown
		}
		return triFalse
	case tComma, tAssign:
		return triUnknown
	}
	return triFalse
}

// parenArrow parses [async] [<T>] (params) [: type] => body. When
// speculative and returnType is false, a return type must be followed by
// :, as TypeScript has it.
func (p *parser) parenArrow(speculative, allowReturnType bool) {
	m := p.B.Mark()
	async := p.Kind == kwAsync
	if async {
		p.Leaf()
	}
	p.Optional(tLT, p.typeParameters)
	var set ctx
	if async {
		set = cAsync
	}
	p.withCtx(set|cFunction, cAsync|cGenerator|cNoIn, p.parameters)
	returnType := p.Kind == tColon
	if returnType {
		p.returnType()
	}
	if p.Kind != tArrow || p.newline() {
		p.ErrorExpected("'=>'")
	}
	p.Leaf()
	p.arrowBody(async, allowReturnType)
	if speculative && returnType && !allowReturnType && p.Kind != tColon {
		p.Errorf("ambiguous arrow function in a conditional expression")
	}
	p.B.Close(m, nArrowFunction, 0)
}

// arrowBody parses an arrow function's block or expression.
func (p *parser) arrowBody(async, returnType bool) {
	if p.Kind == tLBrace {
		p.functionBody(async, false)
		return
	}
	set := cFunction
	if async {
		set |= cAsync
	}
	p.withCtx(set, cAsync|cGenerator, func() { p.assign(returnType) })
}

// conditional parses a binary expression and the ? : after it.
func (p *parser) conditional(returnType bool) {
	m := p.B.Mark()
	p.binary(1)
	if p.Kind != tQuestion {
		return
	}
	p.Leaf()
	p.withCtx(0, cNoIn, func() { p.assign(false) })
	p.Expect(tColon)
	p.assign(returnType)
	p.B.Close(m, nTernaryExpression, 0)
}

// binaryOps are the binary operators, loosest first; ** groups to the
// right, and as and satisfies, which bind as < does, take a type on
// their right.
var binaryOps = func() *kit.Precedence {
	t := kit.NewPrecedence(
		[]grammars.Kind{tQQ},
		[]grammars.Kind{tOrOr},
		[]grammars.Kind{tAndAnd},
		[]grammars.Kind{tPipe},
		[]grammars.Kind{tCaret},
		[]grammars.Kind{tAmp},
		[]grammars.Kind{tEq, tNe, tEqq, tNeq},
		[]grammars.Kind{tLT, tGT, tLE, tGE, kwInstanceof, kwIn},
		[]grammars.Kind{tShl, tShr, tUShr},
		[]grammars.Kind{tPlus, tMinus},
		[]grammars.Kind{tStar, tSlash, tPercent},
		[]grammars.Kind{tStarStar},
	).Right(tStarStar)
	relational := t.Of(tLT)
	return t.Typed(relational, kwAs, nAsExpression).Typed(relational, kwSatisfies, nSatisfiesExpression)
}()

// binary parses a unary expression followed by binary operators of
// level min or tighter.
func (p *parser) binary(min int) { p.Climb(&p.climb, min) }

// newClimb returns how p climbs binaryOps, made once: binary is called
// for every expression.
func (p *parser) newClimb() kit.Climb {
	return kit.Climb{
		Ops:     binaryOps,
		Operand: p.unary,
		Node:    nBinaryExpression,
		Type:    p.asType,
		// A line break ends the expression before as and satisfies; in
		// the head of a for statement, in is no operator.
		Stop: func() bool {
			return (p.Kind == kwAs || p.Kind == kwSatisfies) && p.newline() || p.isNoIn()
		},
		Before: p.relexGreater, // the > the lexer read alone may be >> or >=
	}
}

// isNoIn reports whether the current token is an in that is no operator
// here.
func (p *parser) isNoIn() bool { return p.Kind == kwIn && p.ctx&cNoIn != 0 }

// asType parses the type after as or satisfies, or as's const.
func (p *parser) asType(op grammars.Kind) {
	if op == kwAs && p.Kind == kwConst {
		p.Leaf()
		return
	}
	p.typ()
}

// unary parses prefix operators, await, a type assertion, and a
// left-hand side expression with its postfix ++ or --.
func (p *parser) unary() {
	m := p.B.Mark()
	if k := prefixOperator(p.Kind); k != 0 && (k != nAwaitExpression || p.isAwait()) {
		p.Enter()
		p.Prefix(k, p.unary)
		p.Leave()
		return
	}
	if p.Kind == tLT && p.d.casts {
		p.Enter()
		p.Node(nTypeAssertion, func() {
			p.Prefix(nTypeArguments, func() {
				p.typ()
				p.Expect(tGT)
			})
			p.unary()
		})
		p.Leave()
		return
	}
	p.primaryOrNew()
	p.chain(m, true)
	if (p.Kind == tInc || p.Kind == tDec) && !p.newline() {
		p.Leaf()
		p.B.Close(m, nUpdateExpression, 0)
	}
}

// prefixOperator returns the kind of the node a prefix operator of kind k
// makes of its operand, or 0 when k is none. await is one only where
// isAwait says.
func prefixOperator(k grammars.Kind) grammars.Kind {
	switch k {
	case tPlus, tMinus, tTilde, tBang, kwTypeof, kwVoid, kwDelete:
		return nUnaryExpression
	case tInc, tDec:
		return nUpdateExpression
	case kwAwait:
		return nAwaitExpression
	}
	return 0
}

// primaryOrNew parses a primary expression or a new expression.
func (p *parser) primaryOrNew() {
	if !p.Optional(kwNew, p.newExpression) {
		p.primary()
	}
}

// newExpression parses new C, new C(args), new C<T>(args), new.target.
func (p *parser) newExpression() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	p.Leaf()
	if p.Got(tDot) {
		p.identAs(tPropIdent)
		p.B.Close(m, nMetaProperty, 0)
		return
	}
	mc := p.B.Mark()
	p.primaryOrNew()
	p.chain(mc, false)
	if p.Kind == tQDot {
		p.Errorf("invalid optional chain from new expression")
	}
	if p.Kind == tLT && p.d.ts && !p.failedBefore(memoTypeArgs) {
		p.speculate(specTypeArgs, func() {
			p.typeArguments()
			if p.Kind != tLParen && !p.canFollowTypeArguments() {
				p.Errorf("no type arguments")
			}
		})
	}
	if p.Kind == tLParen {
		p.arguments()
	}
	p.B.Close(m, nNewExpression, 0)
}

// chain parses what follows a primary expression: member accesses,
// indexes, calls (unless calls is false: the callee of new), tagged
// templates, non-null assertions and type arguments, each closed from
// mark m so that a.b(c).d nests to the left.
func (p *parser) chain(m int, calls bool) {
	for {
		switch p.Kind {
		case tDot:
			p.Leaf()
			p.memberName()
			p.B.Close(m, nMemberExpression, 0)
		case tQDot:
			if !calls {
				return
			}
			p.Leaf()
			switch p.Kind {
			case tLParen:
				p.arguments()
				p.B.Close(m, nCallExpression, 0)
			case tLBrack:
				p.index(m)
			case tLT:
				p.typeArguments()
				p.arguments()
				p.B.Close(m, nCallExpression, 0)
			default:
				p.memberName()
				p.B.Close(m, nMemberExpression, 0)
			}
		case tLBrack:
			p.index(m)
		case tBacktick:
			p.template()
			p.B.Close(m, nCallExpression, 0)
		case tBang:
			if p.newline() {
				return
			}
			p.Leaf()
			p.B.Close(m, nNonNullExpression, 0)
		case tLParen:
			if !calls {
				return
			}
			p.arguments()
			p.B.Close(m, nCallExpression, 0)
		case tLT:
			if !calls || !p.d.ts || !p.tryTypeArguments(m, true) {
				return
			}
		default:
			return
		}
	}
}

// index parses [expression] after an object, closed from mark m.
func (p *parser) index(m int) {
	p.Leaf()
	p.withCtx(0, cNoIn, p.expression)
	p.Expect(tRBrack)
	p.B.Close(m, nSubscriptExpression, 0)
}

// tryTypeArguments parses f<T> as type arguments when TypeScript would:
// they must parse, and the token after them must be one that can follow
// type arguments. Then a call, a tagged template or an instantiation
// expression is closed from mark m. It reports whether it did so.
func (p *parser) tryTypeArguments(m int, calls bool) bool {
	// A quick look first: most < are comparisons, i < n.
	switch k := p.Peek(1); {
	case isIdent(k) && k != kwKeyof && k != kwReadonly && k != kwUnique && k != kwInfer:
		switch p.Peek(2) {
		case tGT, tComma, tDot, tLT, tLBrack, tPipe, tAmp, kwExtends:
		default:
			return false
		}
	case k == tGT && p.Peek(2) == tLParen: // f<>() is an error, but f < () is worse
		return false
	case !startsType(k):
		return false
	}
	if p.failedBefore(memoTypeArgs) {
		return false
	}
	return p.speculate(specTypeArgs, func() {
		p.typeArguments()
		switch {
		case p.Kind == tLParen && calls:
			p.arguments()
			p.B.Close(m, nCallExpression, 0)
		case p.Kind == tBacktick:
			p.template()
			p.B.Close(m, nCallExpression, 0)
		case p.canFollowTypeArguments():
			p.B.Close(m, nInstantiationExpression, 0)
		default:
			p.Errorf("no type arguments")
		}
	})
}

// canFollowTypeArguments reports whether the current token may follow
// type arguments in an expression, as TypeScript decides: a line break, a
// binary operator, or something that cannot start an expression; never
// <, >, + or -.
func (p *parser) canFollowTypeArguments() bool {
	switch p.Kind {
	case tLParen, tBacktick:
		return true
	case tLT, tGT, tPlus, tMinus:
		return false
	}
	if level, _ := p.OperatorAt(binaryOps); p.newline() || level > 0 && !p.isNoIn() {
		return true
	}
	return !startsExpression(p.Kind)
}

// memberName parses the name after . or ?.: any IdentifierName, or a
// private name.
func (p *parser) memberName() {
	if p.Kind == tPrivateName {
		p.Leaf()
		return
	}
	p.identAs(tPropIdent)
}

// arguments parses a call's arguments in parentheses.
func (p *parser) arguments() {
	p.Enter()
	p.begin(memoArgs)
	p.Node(nArguments, func() {
		p.Expect(tLParen)
		p.withCtx(0, cNoIn, func() { p.List(tComma, tRParen, p.element) })
		p.Expect(tRParen)
	})
	p.end()
	p.Leave()
}

// element parses an argument or array element: an assignment, or a
// spread.
func (p *parser) element() {
	p.PrefixOr(tEllipsis, nSpreadElement, p.assignment)
}

// primary parses a PrimaryExpression.
func (p *parser) primary() {
	switch p.Kind {
	case tNumber, tString, tRegex, kwThis, kwSuper, kwTrue, kwFalse, kwNull, tPrivateName:
		p.Leaf()
	case tSlash, tSlashAs:
		p.relex(relexRegex)
		p.Leaf()
	case tBacktick:
		p.template()
	case tLParen:
		p.Enter()
		p.begin(memoParen)
		p.parenExpression()
		p.end()
		p.Leave()
	case tLBrack:
		p.array()
	case tLBrace:
		p.object()
	case kwFunction:
		p.function(p.B.Mark(), nFunctionExpression)
	case kwClass:
		p.class(p.B.Mark(), nClass)
	case tAt:
		m := p.B.Mark()
		p.decorators()
		p.class(m, nClass)
	case kwImportKw:
		m := p.B.Mark()
		p.LeafAs(tImport)
		if p.Got(tDot) {
			p.identAs(tPropIdent)
			p.B.Close(m, nMetaProperty, 0)
		} else if p.Kind != tLParen {
			p.ErrorExpected("'('")
		}
	case tLT:
		if !p.d.jsx {
			p.ErrorExpected("expression")
		}
		p.jsxElement(false)
	case kwAsync:
		if p.Peek(1) == kwFunction && !p.newlineAt(1) {
			p.function(p.B.Mark(), nFunctionExpression)
			return
		}
		p.LeafAs(tIdent)
	default:
		if isIdent(p.Kind) {
			p.LeafAs(tIdent)
			return
		}
		p.ErrorExpected("expression")
	}
}

// array parses an array literal, holes included: [a, , b].
func (p *parser) array() {
	p.Enclosed(nArray, tLBrack, tRBrack, func() {
		p.withCtx(0, cNoIn, func() { p.holes(p.element) })
	})
}

// holes parses the elements of an array or an array pattern up to its ],
// each by element, where a , may stand alone: [a, , b].
func (p *parser) holes(element func()) {
	for p.Kind != tRBrack && p.Kind != tEOF {
		if p.Got(tComma) {
			continue
		}
		element()
		if p.Kind != tRBrack {
			p.Expect(tComma)
		}
	}
}

// object parses an object literal.
func (p *parser) object() {
	p.Enclosed(nObject, tLBrace, tRBrace, func() {
		p.withCtx(0, cNoIn, func() { p.List(tComma, tRBrace, p.objectMember) })
	})
}

// objectMember parses a pair, a shorthand, a method, an accessor or a
// spread. The shorthand with a default, {a = 1}, is only valid in a
// pattern, which an object literal may turn out to be.
func (p *parser) objectMember() {
	if p.Kind == tEllipsis {
		p.Prefix(nSpreadElement, p.assignment)
		return
	}
	m := p.B.Mark()
	async, gen, method := false, false, false
	for (p.Kind == kwAsync || p.Kind == kwGet || p.Kind == kwSet) && p.modifierFollows() {
		async = async || p.Kind == kwAsync
		method = true
		p.Leaf()
	}
	if p.Kind == tStar {
		gen, method = true, true
		p.Leaf()
	}
	if !method && isIdent(p.Kind) {
		switch p.Peek(1) {
		case tComma, tRBrace:
			p.LeafAs(tIdent)
			return
		case tAssign:
			p.Tail(nAssignmentPattern, func() { p.LeafAs(tIdent) }, tAssign, p.assignment)
			return
		}
	}
	p.propertyName()
	if p.Kind == tQuestion || p.Kind == tBang {
		p.Leaf() // an error TypeScript reports later, not a syntax error
	}
	if method || p.Kind == tLParen || p.Kind == tLT {
		p.signature(async, gen)
		p.functionBody(async, gen)
		p.B.Close(m, nMethodDefinition, 0)
		return
	}
	p.Expect(tColon)
	p.assignment()
	p.B.Close(m, nPair, 0)
}

// template parses a template literal: its text and its substitutions,
// each ${ expression } a node, so that a pattern matches inside it.
func (p *parser) template() {
	p.templateOf(func() { p.withCtx(0, cNoIn, p.expression) }, nTemplateSubstitution, nTemplateString)
}

// templateOf parses a template, a literal or a literal type: its text and
// its ${ … } holes, each parsed by hole as a node of kind holeKind, the
// whole a node of kind k.
func (p *parser) templateOf(hole func(), holeKind, k grammars.Kind) {
	open := *p.Tok
	p.Enclosed(k, tBacktick, tBacktickEnd, func() {
		for p.Kind != tBacktickEnd {
			switch p.Kind {
			case tTemplateChars:
				p.Leaf()
			case tDollarBrace:
				p.Prefix(holeKind, func() {
					hole()
					p.templateBrace()
				})
			case tEOF:
				p.failAt(&open, "unterminated template literal")
			default:
				p.ErrorExpected("'`'")
			}
		}
	})
}

// failAt unwinds with the error msg at token t, which the parser has
// passed: what the error is about started there.
func (p *parser) failAt(t *kit.Token, msg string) {
	panic(kit.Bailout{Err: &grammars.Error{Line: int(t.Line), Column: int(t.Column), Msg: msg}})
}

// templateBrace pushes the } that closes a substitution, after which
// the lexer reads template text.
func (p *parser) templateBrace() {
	if p.Kind != tRBrace {
		p.ErrorExpected("'}'")
	}
	p.retag(tTemplateRBrace)
	p.Leaf()
}
