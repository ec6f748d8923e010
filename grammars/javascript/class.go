package javascript

import "github.com/agenttools/agenttools/grammars"

// Functions.

// function parses a function declaration or expression from its async
// or function keyword; a declaration with no body is a signature (an
// overload, or declared).
func (p *parser) function(m int, k grammars.Kind) {
	async := p.Kind == kwAsync
	if async {
		p.Leaf()
	}
	p.Expect(kwFunction)
	gen := p.Got(tStar)
	if isIdent(p.Kind) {
		p.LeafAs(tIdent)
	} else if k == nFunctionDeclaration && p.Kind != tLParen && p.Kind != tLT {
		p.ErrorExpected("function name")
	}
	p.signature(async, gen)
	if p.Kind == tLBrace {
		p.functionBody(async, gen)
	} else if k == nFunctionDeclaration {
		p.semicolon()
		k = nFunctionSignature
	} else {
		p.ErrorExpected("'{'")
	}
	p.B.Close(m, k, 0)
}

// signature parses type parameters, parameters and a return type.
func (p *parser) signature(async, gen bool) {
	p.Optional(tLT, p.typeParameters)
	var set ctx
	if async {
		set |= cAsync
	}
	if gen {
		set |= cGenerator
	}
	p.withCtx(set|cFunction, cAsync|cGenerator|cNoIn, p.parameters)
	if p.Kind == tColon {
		p.returnType()
	}
}

// parameters parses formal parameters in parentheses.
func (p *parser) parameters() {
	p.Enclosed(nFormalParameters, tLParen, tRParen, func() { p.List(tComma, tRParen, p.parameter) })
}

// parameter parses one parameter. A name alone is no node; one with a
// default only is an assignment_pattern, as in a destructuring; one with
// TypeScript's additions (a type, a ?, modifiers, decorators) is a
// required_parameter or optional_parameter.
func (p *parser) parameter() {
	m := p.B.Mark()
	ts := false
	for p.Kind == tAt {
		p.decorator()
		ts = true
	}
	for isParameterModifier(p.Kind) && (isIdent(p.Peek(1)) || p.Peek(1) == tLBrace || p.Peek(1) == tLBrack || p.Peek(1) == kwThis) {
		p.Leaf()
		ts = true
	}
	if !p.Got(kwThis) {
		p.restOrTarget()
	}
	optional := p.Got(tQuestion)
	if p.Kind == tColon {
		p.typeAnnotation()
		ts = true
	}
	def := p.Got(tAssign)
	if def {
		p.assignment()
	}
	switch {
	case optional:
		p.B.Close(m, nOptionalParameter, 0)
	case ts:
		p.B.Close(m, nRequiredParameter, 0)
	case def:
		p.B.Close(m, nAssignmentPattern, 0)
	}
}

// isParameterModifier reports whether k may start a parameter property:
// constructor(private x: T).
func isParameterModifier(k grammars.Kind) bool {
	switch k {
	case kwPublic, kwPrivate, kwProtected, kwReadonly, kwOverride:
		return true
	}
	return false
}

// bindingTarget parses a name, an object pattern or an array pattern.
func (p *parser) bindingTarget() {
	switch p.Kind {
	case tLBrace:
		p.objectPattern()
	case tLBrack:
		p.arrayPattern()
	default:
		p.ident()
	}
}

// restOrTarget parses a binding target, or ...target.
func (p *parser) restOrTarget() {
	p.PrefixOr(tEllipsis, nRestPattern, p.bindingTarget)
}

// bindingElement is a binding target with an optional default.
func (p *parser) bindingElement() {
	p.Tail(nAssignmentPattern, p.bindingTarget, tAssign, p.assignment)
}

// objectPattern parses { a, b: c, d = 1, ...rest }.
func (p *parser) objectPattern() {
	p.Enclosed(nObjectPattern, tLBrace, tRBrace, func() { p.List(tComma, tRBrace, p.patternMember) })
}

// patternMember parses a member of an object pattern: a rest, a
// shorthand with its default, or a name and its binding.
func (p *parser) patternMember() {
	switch {
	case p.Kind == tEllipsis:
		p.Prefix(nRestPattern, p.bindingTarget)
	case isIdent(p.Kind) && p.Peek(1) != tColon:
		p.Tail(nAssignmentPattern, func() { p.LeafAs(tIdent) }, tAssign, p.assignment)
	default:
		p.Node(nPairPattern, func() {
			p.propertyName()
			p.Expect(tColon)
			p.bindingElement()
		})
	}
}

// arrayPattern parses [a, , b = 1, ...rest].
func (p *parser) arrayPattern() {
	p.Enclosed(nArrayPattern, tLBrack, tRBrack, func() {
		p.holes(func() {
			if p.Kind == tEllipsis {
				p.Prefix(nRestPattern, p.bindingTarget)
				return
			}
			p.bindingElement()
		})
	})
}

// Decorators.

// decorators parses the decorators before a class, member or parameter.
func (p *parser) decorators() {
	for p.Kind == tAt {
		p.decorator()
	}
}

// decorator parses @x, @x.y.z, @x.y(args), @x<T>(args) or @(expr).
func (p *parser) decorator() {
	m := p.B.Mark()
	p.Leaf()
	me := p.B.Mark()
	if p.Kind == tLParen {
		p.primary()
	} else {
		p.ident()
		for p.Kind == tDot {
			p.Leaf()
			p.memberName()
			p.B.Close(me, nMemberExpression, 0)
		}
	}
	for {
		if p.Kind == tLT && p.d.ts && p.tryTypeArguments(me, true) {
			continue
		}
		if p.Kind != tLParen {
			break
		}
		p.arguments()
		p.B.Close(me, nCallExpression, 0)
		if p.Kind == tDot {
			// @a().b is no decorator TypeScript reads; stop at the call.
			break
		}
	}
	p.B.Close(m, nDecorator, 0)
}

// Classes.

// class parses a class declaration or expression from its abstract or
// class keyword, from mark m where its decorators start.
func (p *parser) class(m int, k grammars.Kind) {
	p.Enter() // class extends class extends …
	defer p.Leave()
	if p.Kind == kwAbstract {
		p.Leaf()
	}
	p.Expect(kwClass)
	if isIdent(p.Kind) && !(p.Kind == kwImplements && isIdent(p.Peek(1))) {
		p.LeafAs(tIdent)
	}
	p.Optional(tLT, p.typeParameters)
	p.Clause(kwExtends, nExtendsClause, p.heritage)
	p.Clause(kwImplements, nImplementsClause, p.types)
	p.classBody()
	p.B.Close(m, k, 0)
}

// heritage parses the class after extends, with its type arguments.
func (p *parser) heritage() {
	m := p.B.Mark()
	p.primaryOrNew()
	p.chain(m, true)
	if p.Kind == tLT {
		p.typeArguments()
	}
}

// classBody parses { members }; a member's ; is no leaf.
func (p *parser) classBody() {
	p.Enclosed(nClassBody, tLBrace, tRBrace, func() {
		p.withCtx(cFunction, cAsync|cGenerator|cNoIn, func() {
			for p.Kind != tRBrace && p.Kind != tEOF {
				if p.Kind == tSemi {
					p.Next() // a member's terminator is no leaf
					continue
				}
				p.classMember()
			}
		})
	})
}

// isModifier reports whether k may be a class member's modifier.
func isModifier(k grammars.Kind) bool {
	switch k {
	case kwPublic, kwPrivate, kwProtected, kwStatic, kwReadonly, kwAbstract, kwOverride, kwDeclare, kwAccessor,
		kwAsync, kwGet, kwSet:
		return true
	}
	return false
}

// canStartName reports whether a token of kind k can start a property
// name.
func canStartName(k grammars.Kind) bool {
	return isIdentName(k) || k == tString || k == tNumber || k == tLBrack || k == tPrivateName
}

// modifierFollows reports whether the current contextual keyword is a
// modifier of the member it starts rather than its name: static, get
// and set may be followed by a line break, the others may not.
func (p *parser) modifierFollows() bool {
	next := p.Peek(1)
	switch p.Kind {
	case kwStatic:
		return canStartName(next) || next == tLBrace || next == tStar || next == tAt
	case kwGet, kwSet:
		return canStartName(next)
	case kwAsync:
		return (canStartName(next) || next == tStar) && !p.newlineAt(1)
	}
	return (canStartName(next) || next == tStar) && !p.newlineAt(1)
}

// classMember parses a method, an accessor, a field, an index signature
// or a static block, with its decorators and modifiers. A field that is
// a name alone is no node.
func (p *parser) classMember() {
	m := p.B.Mark()
	p.decorators()
	async, gen := false, false
	for isModifier(p.Kind) && p.modifierFollows() {
		if p.Kind == kwStatic && p.Peek(1) == tLBrace {
			p.Leaf()
			p.withCtx(0, cAsync|cGenerator, p.block)
			p.B.Close(m, nClassStaticBlock, 0)
			return
		}
		async = async || p.Kind == kwAsync
		p.Leaf()
	}
	if p.Kind == tStar {
		gen = true
		p.Leaf()
	}
	if p.Kind == tLBrack && p.isIndexSignature() {
		p.indexSignature(m)
		p.semicolon()
		return
	}
	if p.Kind == tLParen || p.Kind == tLT {
		// A call signature-like member in a class is an error; a method
		// needs a name.
		p.ErrorExpected("member name")
	}
	p.propertyName()
	if p.Kind == tQuestion || p.Kind == tBang {
		p.Leaf()
	}
	if p.Kind == tLParen || p.Kind == tLT {
		p.signature(async, gen)
		if p.Kind == tLBrace {
			p.functionBody(async, gen)
			p.B.Close(m, nMethodDefinition, 0)
			return
		}
		p.semicolon()
		p.B.Close(m, nMethodSignature, 0)
		return
	}
	p.Optional(tColon, p.typeAnnotation)
	if p.Got(tAssign) {
		p.withCtx(cFunction, cAsync|cGenerator|cNoIn, p.assignment)
	}
	p.semicolon()
	if p.B.Len(m) > 1 {
		p.B.Close(m, nFieldDefinition, 0)
	}
}

// isIndexSignature reports whether the [ here starts an index signature,
// [key: T]: V, rather than a computed name.
func (p *parser) isIndexSignature() bool {
	k := p.Peek(1)
	if k == tEllipsis || isParameterModifier(k) && isIdent(p.Peek(2)) {
		return true
	}
	if !isIdent(k) {
		return false
	}
	k = p.Peek(2)
	return k == tColon || k == tComma || k == tQuestion && p.Peek(3) == tColon
}

// indexSignature parses [key: T]: V from mark m, where its modifiers are.
func (p *parser) indexSignature(m int) {
	p.Leaf()
	for isParameterModifier(p.Kind) && isIdent(p.Peek(1)) {
		p.Leaf()
	}
	p.ident()
	p.typeAnnotation()
	p.Expect(tRBrack)
	p.Optional(tColon, p.typeAnnotation)
	p.B.Close(m, nIndexSignature, 0)
}

// propertyName parses a property's name: an IdentifierName, a string, a
// number, a private name or a computed [expression].
func (p *parser) propertyName() {
	switch {
	case isIdentName(p.Kind):
		p.LeafAs(tPropIdent)
	case p.Kind == tString || p.Kind == tNumber || p.Kind == tPrivateName:
		p.Leaf()
	case p.Kind == tLBrack:
		p.Prefix(nComputedPropertyName, func() {
			p.withCtx(0, cNoIn, p.assignment)
			p.Expect(tRBrack)
		})
	default:
		p.ErrorExpected("property name")
	}
}
