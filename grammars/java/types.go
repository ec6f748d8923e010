package java

import (
	"github.com/agenttools/agenttools/grammars"
)

// Types.

// typ parses a type: a primitive or a class type, annotated or not, and
// the dimensions of an array.
func (p *parser) typ() {
	m := p.B.Mark()
	p.typeNoDims()
	if p.Kind == tLBrack && p.Peek(1) == tRBrack || p.Kind == tAt && p.dimsAhead() {
		p.dimensions()
		p.B.Close(m, nArrayType, 0)
	}
}

// dimsAhead reports whether the annotations at the current token are a
// dimension's: String @A [].
func (p *parser) dimsAhead() bool {
	return p.Lookahead(func() bool {
		p.annotations()
		return p.Kind == tLBrack && p.Peek(1) == tRBrack
	})
}

// dimensions parses [] @A [], and nothing when there are none.
func (p *parser) dimensions() {
	if !(p.Kind == tLBrack && p.Peek(1) == tRBrack) && !(p.Kind == tAt && p.dimsAhead()) {
		return
	}
	p.Node(nDimensions, func() {
		for {
			if p.Kind == tAt && p.dimsAhead() {
				p.annotations()
			}
			if p.Kind != tLBrack || p.Peek(1) != tRBrack {
				return
			}
			p.Leaf()
			p.Leaf()
		}
	})
}

// typeNoDims parses a type without an array's dimensions: new int[n]
// has its own.
func (p *parser) typeNoDims() {
	p.Enter()
	defer p.Leave()
	if p.Kind == tAt {
		m := p.B.Mark()
		p.annotations()
		p.typeNoDims()
		p.B.Close(m, nAnnotatedType, 0)
		return
	}
	if k := primitiveKind(p.Kind); k != 0 {
		p.LeafAs(k)
		return
	}
	p.classType()
}

// primitiveKind returns the kind of leaf a primitive type's keyword is,
// 0 for any other token.
func primitiveKind(k grammars.Kind) grammars.Kind {
	switch k {
	case kwByte, kwShort, kwInt, kwLong, kwChar:
		return tIntegral
	case kwFloat, kwDouble:
		return tFloating
	case kwBoolean:
		return tBooleanTyp
	case kwVoid:
		return tVoidType
	}
	return 0
}

// classType parses a.b.C<T>.D<U> as type identifiers, scoped ones and
// generic types.
func (p *parser) classType() {
	m := p.B.Mark()
	p.IdentAs(tTypeIdent)
	if p.Kind == tLT {
		p.typeArguments()
		p.B.Close(m, nGenericType, 0)
	}
	for p.Kind == tDot && (p.Peek(1) == tIdent || p.Peek(1) == tAt) {
		p.Leaf()
		p.annotations()
		p.IdentAs(tTypeIdent)
		p.B.Close(m, nScopedTypeIdentifier, 0)
		if p.Kind == tLT {
			p.typeArguments()
			p.B.Close(m, nGenericType, 0)
		}
	}
}

// typeArguments parses <A, ? extends B, @C D[]>, and the diamond <>.
func (p *parser) typeArguments() {
	p.Enter()
	p.Delimited(nTypeArguments, tLT, tComma, tGT, p.typeArgument)
	p.Leave()
}

// typeArgument parses a type, or a wildcard: ?, ? extends A, ? super B.
func (p *parser) typeArgument() {
	if p.Kind == tQuestion || p.Kind == tAt && p.wildcardAhead() {
		p.Node(nWildcard, func() {
			p.annotations()
			p.Expect(tQuestion)
			if p.Kind == kwExtends || p.Kind == kwSuper {
				p.Leaf()
				p.typ()
			}
		})
		return
	}
	p.typ()
}

// wildcardAhead reports whether the annotations at the current token are
// a wildcard's: @A ?.
func (p *parser) wildcardAhead() bool {
	return p.Lookahead(func() bool { p.annotations(); return p.Kind == tQuestion })
}

// optTypeParameters parses <T, U extends A & B>, when there are any.
func (p *parser) optTypeParameters() {
	if p.Kind != tLT {
		return
	}
	p.Enter()
	p.Delimited(nTypeParameters, tLT, tComma, tGT, p.typeParameter)
	p.Leave()
}

// typeParameter parses @A T extends B & C.
func (p *parser) typeParameter() {
	p.Node(nTypeParameter, func() {
		p.annotations()
		p.IdentAs(tTypeIdent)
		p.Clause(kwExtends, nTypeBound, func() { p.Separated(tAmp, p.typ) })
	})
}

// typeAhead reports whether a type followed by a token that next
// accepts starts at the current token.
func (p *parser) typeAhead(next func() bool) bool {
	return p.Lookahead(func() bool { p.typ(); return next() })
}
