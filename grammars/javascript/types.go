package javascript

import "github.com/agenttools/agenttools/grammars"

// TypeScript types.

// typeAnnotation parses : Type.
func (p *parser) typeAnnotation() {
	p.Node(nTypeAnnotation, func() {
		p.Expect(tColon)
		p.typ()
	})
}

// returnType parses a function's : Type, which may be a type predicate.
func (p *parser) returnType() {
	p.Node(nTypeAnnotation, func() {
		p.Expect(tColon)
		p.withCtx(0, cNoCondType, p.typeOrPredicate)
	})
}

// typeOrPredicate parses a type, or x is T, asserts x, asserts x is T.
func (p *parser) typeOrPredicate() {
	switch {
	case p.Kind == kwAsserts && (isIdent(p.Peek(1)) || p.Peek(1) == kwThis) && !p.newlineAt(1):
		p.Prefix(nTypePredicate, func() {
			p.predicateSubject()
			if p.Kind == kwIs && !p.newline() {
				p.Leaf()
				p.typ()
			}
		})
	case (isIdent(p.Kind) || p.Kind == kwThis) && p.Peek(1) == kwIs && !p.newlineAt(1):
		p.Node(nTypePredicate, func() {
			p.predicateSubject()
			p.Leaf()
			p.typ()
		})
	default:
		p.typ()
	}
}

// predicateSubject parses the x or this of a type predicate.
func (p *parser) predicateSubject() {
	if p.Kind == kwThis {
		p.LeafAs(tThisType)
		return
	}
	p.LeafAs(tIdent)
}

// startsType reports whether a token of kind k can start a type.
func startsType(k grammars.Kind) bool {
	switch k {
	case tIdent, tNumber, tString, tBacktick, tLBrace, tLBrack, tLParen, tLT, tMinus, tPipe, tAmp, tQuestion, tStar, tBang,
		kwVoid, kwNull, kwTrue, kwFalse, kwThis, kwTypeof, kwNew, kwImportKw, kwFunction:
		return true
	}
	return k >= firstContextual && k <= lastKeyword
}

// types parses types separated by commas: what a class implements, what
// an interface extends.
func (p *parser) types() { p.Separated(tComma, p.typ) }

// typ parses a Type: a function or constructor type, or a union and the
// conditional type it may start.
func (p *parser) typ() {
	p.Enter()
	defer p.Leave()
	if p.isStartOfFunctionType() {
		p.functionType()
		return
	}
	m := p.B.Mark()
	p.unionType()
	if p.ctx&cNoCondType == 0 && p.Kind == kwExtends && !p.newline() {
		p.Leaf()
		p.withCtx(cNoCondType, 0, p.typ)
		p.Expect(tQuestion)
		p.withCtx(0, cNoCondType, p.typ)
		p.Expect(tColon)
		p.withCtx(0, cNoCondType, p.typ)
		p.B.Close(m, nConditionalType, 0)
	}
}

// isStartOfFunctionType reports whether a function type (<T>(a) => R,
// (a: A) => R) or a constructor type (new () => T, abstract new …)
// starts here.
func (p *parser) isStartOfFunctionType() bool {
	switch p.Kind {
	case tLT, kwNew:
		return true
	case kwAbstract:
		return p.Peek(1) == kwNew
	case tLParen:
		return p.isUnambiguouslyFunctionType()
	}
	return false
}

// isUnambiguouslyFunctionType looks past ( for a parameter: (), (...,
// or a name or pattern followed by :, ,, ?, =, or ) =>.
func (p *parser) isUnambiguouslyFunctionType() bool {
	k := p.Peek(1)
	if k == tRParen || k == tEllipsis {
		return true
	}
	i := 1
	for i < 4 && isParameterModifier(p.Peek(i)) && isIdent(p.Peek(i+1)) {
		i++
	}
	k = p.Peek(i)
	switch {
	case isIdent(k) || k == kwThis:
		i++
	case k == tLBrace || k == tLBrack:
		if i != 1 {
			return false
		}
		return p.lookahead(func() bool {
			p.Next()
			p.bindingTarget()
			switch p.Kind {
			case tColon, tComma, tQuestion, tAssign:
				return true
			case tRParen:
				p.Next()
				return p.Kind == tArrow
			}
			return false
		})
	default:
		return false
	}
	switch p.Peek(i) {
	case tColon, tComma, tQuestion, tAssign:
		return true
	case tRParen:
		return p.Peek(i+1) == tArrow
	}
	return false
}

// functionType parses [abstract] [new] [<T>] (params) => R.
func (p *parser) functionType() {
	m := p.B.Mark()
	k := nFunctionType
	p.Got(kwAbstract)
	if p.Got(kwNew) {
		k = nConstructorType
	}
	p.Optional(tLT, p.typeParameters)
	p.withCtx(cFunction, cAsync|cGenerator|cNoIn, p.parameters)
	p.Expect(tArrow)
	p.withCtx(0, cNoCondType, p.typeOrPredicate)
	p.B.Close(m, k, 0)
}

// unionType parses A | B | C, with an optional leading |.
func (p *parser) unionType() { p.typeList(nUnionType, tPipe, p.intersectionType) }

// intersectionType parses A & B & C, with an optional leading &.
func (p *parser) intersectionType() { p.typeList(nIntersectionType, tAmp, p.typeOperator) }

// typeList parses types by item separated by op, which may also lead, as
// a node of kind k when there is an op.
func (p *parser) typeList(k, op grammars.Kind, item func()) {
	m := p.B.Mark()
	lead := p.Got(op)
	item()
	if p.Kind == op || lead {
		for p.Got(op) {
			item()
		}
		p.B.Close(m, k, 0)
	}
}

// typeOperators are the nodes the type operators make, by their kind.
var typeOperators = map[grammars.Kind]grammars.Kind{kwKeyof: nIndexTypeQuery, kwReadonly: nReadonlyType, kwUnique: nUniqueType}

// typeOperator parses keyof T, unique symbol, readonly T[], infer X, or
// a postfix type.
func (p *parser) typeOperator() {
	m := p.B.Mark()
	switch p.Kind {
	case kwKeyof, kwUnique, kwReadonly:
		p.Enter()
		p.Prefix(typeOperators[p.Kind], p.typeOperator)
		p.Leave()
		return
	case kwInfer:
		p.Leaf()
		p.identAs(tTypeIdent)
		if p.Kind == kwExtends && !p.newline() {
			// infer U extends C: the constraint is the infer's unless a ?
			// follows it, when the extends starts a conditional type.
			p.speculate(specInfer, func() {
				p.Leaf()
				p.withCtx(cNoCondType, 0, p.typ)
				if p.ctx&cNoCondType == 0 && p.Kind == tQuestion {
					p.Errorf("a conditional type")
				}
			})
		}
		p.B.Close(m, nInferType, 0)
		return
	}
	p.withCtx(0, cNoCondType, p.postfixType)
}

// postfixType parses a primary type followed by [] and [K].
func (p *parser) postfixType() {
	m := p.B.Mark()
	p.primaryType()
	for p.Kind == tLBrack && !p.newline() {
		p.Leaf()
		if p.Got(tRBrack) {
			p.B.Close(m, nArrayType, 0)
			continue
		}
		p.typ()
		p.Expect(tRBrack)
		p.B.Close(m, nIndexedAccessType, 0)
	}
}

// predefined are the type keywords TypeScript's scanner reads as
// identifiers elsewhere.
var predefined = map[string]bool{
	"any": true, "unknown": true, "string": true, "number": true, "bigint": true, "symbol": true,
	"boolean": true, "never": true, "object": true, "undefined": true, "intrinsic": true,
}

// primaryType parses a type other than a union, an intersection, an
// operator or a postfix [].
func (p *parser) primaryType() {
	m := p.B.Mark()
	switch p.Kind {
	case tIdent:
		if predefined[p.Tok.Text] && p.Peek(1) != tDot {
			p.LeafAs(tPredefType)
			return
		}
		p.typeReference()
	case kwVoid:
		p.LeafAs(tPredefType)
	case kwNull, kwTrue, kwFalse, tNumber, tString:
		p.Leaf()
	case tMinus:
		p.Leaf()
		if p.Kind != tNumber {
			p.ErrorExpected("number")
		}
		p.Leaf()
		p.B.Close(m, nLiteralType, 0)
	case kwThis:
		p.LeafAs(tThisType)
	case kwTypeof:
		p.Leaf()
		if p.Kind == kwImportKw {
			p.importType()
		} else {
			me := p.B.Mark()
			p.identAs(tIdent)
			for p.Kind == tDot {
				p.Leaf()
				p.memberName()
				p.B.Close(me, nMemberExpression, 0)
			}
		}
		if p.Kind == tLT && !p.newline() {
			p.typeArguments()
		}
		p.B.Close(m, nTypeQuery, 0)
	case tLBrace:
		if p.isMappedType() {
			p.mappedType()
		} else {
			p.typeMembers(nObjectType)
		}
	case tLBrack:
		p.tupleType()
	case tLParen:
		p.Leaf()
		p.typ()
		p.Expect(tRParen)
		p.B.Close(m, nParenthesizedType, 0)
	case kwImportKw:
		p.importType()
	case tBacktick:
		p.templateType()
	case tQuestion, tStar:
		p.Leaf() // JSDoc's ? and *, which TypeScript reads in types
	default:
		if isIdent(p.Kind) {
			p.typeReference()
			return
		}
		if p.isMetavarTok() {
			p.Leaf()
			return
		}
		p.ErrorExpected("type")
	}
}

// typeReference parses a (possibly dotted) type name and its type
// arguments.
func (p *parser) typeReference() {
	m := p.B.Mark()
	if p.Peek(1) == tDot {
		p.LeafAs(tIdent)
		for p.Got(tDot) {
			if p.Peek(1) == tDot {
				p.identAs(tIdent)
			} else {
				p.identAs(tTypeIdent)
			}
		}
		p.B.Close(m, nNestedTypeIdentifier, 0)
	} else {
		p.LeafAs(tTypeIdent)
	}
	if p.Kind == tLT && !p.newline() {
		p.typeArguments()
		p.B.Close(m, nGenericType, 0)
	}
}

// importType parses import("x").A.B<T>.
func (p *parser) importType() {
	m := p.B.Mark()
	p.LeafAs(tImport)
	p.Expect(tLParen)
	p.typ()
	if p.Got(tComma) {
		if p.Kind == tLBrace {
			p.object()
		}
		p.Got(tComma)
	}
	p.Expect(tRParen)
	for p.Got(tDot) {
		p.identAs(tTypeIdent)
	}
	if p.Kind == tLT && !p.newline() {
		p.typeArguments()
	}
	p.B.Close(m, nImportType, 0)
}

// typeArguments parses <A, B>. The lexer reads > alone, so the >> that
// closes A<B<C>> is two tokens.
func (p *parser) typeArguments() {
	p.Enter()
	p.begin(memoTypeArgs)
	m := p.B.Mark()
	p.Expect(tLT)
	p.withCtx(0, cNoCondType, func() {
		p.List(tComma, tGT, p.typ)
	})
	p.Expect(tGT)
	p.B.Close(m, nTypeArguments, 0)
	p.end()
	p.Leave()
}

// typeParameters parses <const in out T extends C = D, …>.
func (p *parser) typeParameters() {
	p.Enclosed(nTypeParameters, tLT, tGT, func() { p.List(tComma, tGT, p.typeParameter) })
}

// typeParameter parses const in out T extends C = D; a name alone is no
// node.
func (p *parser) typeParameter() {
	m := p.B.Mark()
	for (p.Kind == kwConst || p.Kind == kwIn || p.Kind == kwOut) && isIdent(p.Peek(1)) {
		p.Leaf()
	}
	if p.isMetavarTok() {
		p.Leaf()
	} else {
		p.identAs(tTypeIdent)
	}
	if p.Got(kwExtends) {
		p.withCtx(0, cNoCondType, p.typ)
	}
	if p.Got(tAssign) {
		p.withCtx(0, cNoCondType, p.typ)
	}
	if p.B.Len(m) > 1 {
		p.B.Close(m, nTypeParameter, 0)
	}
}

// isMappedType reports whether the { here starts a mapped type:
// { [K in T]: V }, maybe with ±readonly.
func (p *parser) isMappedType() bool {
	i := 1
	switch p.Peek(1) {
	case tPlus, tMinus:
		if p.Peek(2) != kwReadonly {
			return false
		}
		i = 3
	case kwReadonly:
		i = 2
	}
	return p.Peek(i) == tLBrack && isIdent(p.Peek(i+1)) && p.Peek(i+2) == kwIn
}

// mappedType parses { ±readonly [K in T as N]±?: V }.
func (p *parser) mappedType() {
	p.Enclosed(nMappedType, tLBrace, tRBrace, p.mapping)
}

// mapping parses what a mapped type's braces hold.
func (p *parser) mapping() {
	if p.Kind == tPlus || p.Kind == tMinus {
		p.Leaf()
	}
	p.Got(kwReadonly)
	p.Expect(tLBrack)
	p.identAs(tTypeIdent)
	p.Expect(kwIn)
	p.typ()
	if p.Got(kwAs) {
		p.typ()
	}
	p.Expect(tRBrack)
	if p.Kind == tPlus || p.Kind == tMinus {
		p.Leaf()
		if p.Kind != tQuestion {
			p.ErrorExpected("'?'")
		}
	}
	p.Got(tQuestion)
	p.Optional(tColon, p.typeAnnotation)
	if p.Kind == tSemi || p.Kind == tComma {
		p.Next()
	}
}

// tupleType parses [A, B?, ...C, name: D, name?: E, ...rest: F].
func (p *parser) tupleType() {
	p.Enclosed(nTupleType, tLBrack, tRBrack, func() { p.List(tComma, tRBrack, p.tupleMember) })
}

// tupleMember parses one member of a tuple type.
func (p *parser) tupleMember() {
	m := p.B.Mark()
	rest := p.Got(tEllipsis)
	if isIdentName(p.Kind) && (p.Peek(1) == tColon || p.Peek(1) == tQuestion && p.Peek(2) == tColon) {
		p.LeafAs(tIdent)
		p.Got(tQuestion)
		p.Leaf()
		p.typ()
		p.B.Close(m, nNamedTupleMember, 0)
		return
	}
	p.typ()
	switch {
	case rest:
		p.B.Close(m, nRestType, 0)
	case p.Got(tQuestion):
		p.B.Close(m, nOptionalType, 0)
	}
}

// templateType parses a template literal type: `a${T}b`.
func (p *parser) templateType() {
	p.templateOf(func() { p.withCtx(0, cNoCondType, p.typ) }, nTemplateType, nTemplateLiteralType)
}

// typeMembers parses { members } of an object type or an interface, as a
// node of kind k. A member's ; or , is no leaf.
func (p *parser) typeMembers(k grammars.Kind) {
	p.Enclosed(k, tLBrace, tRBrace, func() { p.withCtx(0, cNoCondType, p.typeMemberList) })
}

// typeMemberList parses the members of an object type or an interface,
// each ended by a ;, a , or a line break.
func (p *parser) typeMemberList() {
	for p.Kind != tRBrace && p.Kind != tEOF {
		if p.Kind == tSemi || p.Kind == tComma {
			p.Next()
			continue
		}
		p.typeMember()
		switch p.Kind {
		case tSemi, tComma:
			p.Next()
		case tRBrace:
		default:
			if !p.newline() {
				p.ErrorExpected("';'")
			}
		}
	}
}

// typeMember parses a property, method, call, construct or index
// signature, or a get or set accessor signature.
func (p *parser) typeMember() {
	m := p.B.Mark()
	switch {
	case p.Kind == tLParen || p.Kind == tLT:
		p.signature(false, false)
		p.B.Close(m, nCallSignature, 0)
		return
	case p.Kind == kwNew && (p.Peek(1) == tLParen || p.Peek(1) == tLT):
		p.Leaf()
		p.signature(false, false)
		p.B.Close(m, nConstructSignature, 0)
		return
	}
	for (p.Kind == kwReadonly || p.Kind == kwGet || p.Kind == kwSet) && canStartName(p.Peek(1)) && !p.newlineAt(1) {
		p.Leaf()
	}
	if p.Kind == tLBrack && p.isIndexSignature() {
		p.indexSignature(m)
		return
	}
	p.propertyName()
	p.Got(tQuestion)
	if p.Kind == tLParen || p.Kind == tLT {
		p.signature(false, false)
		p.B.Close(m, nMethodSignature, 0)
		return
	}
	p.Optional(tColon, p.typeAnnotation)
	if p.B.Len(m) > 1 {
		p.B.Close(m, nPropertySignature, 0)
	}
}
