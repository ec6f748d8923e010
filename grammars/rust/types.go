package rust

// typ parses a type.
func (p *parser) typ() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	switch p.Kind {
	case tNot:
		p.Node(nNeverType, p.Leaf)
	case tUnderscore:
		p.Node(nInferType, p.Leaf)
	case tLParen:
		p.parenthesized(p.typeWithBounds, nUnitType, nParenthesizedType, nTupleType)
	case tLBrack:
		p.Leaf()
		p.typ()
		if p.Got(tSemi) {
			p.withStruct(true, p.expr)
			p.Expect(tRBrack)
			p.B.Close(m, nArrayType, 0)
			return
		}
		p.Expect(tRBrack)
		p.B.Close(m, nSliceType, 0)
	case tAnd:
		p.Leaf()
		if p.Kind == tLifetime {
			p.lifetime()
		}
		if !p.pinned() {
			p.Got(kwMut)
		}
		p.typ()
		p.B.Close(m, nReferenceType, 0)
	case tStar:
		p.Prefix(nPointerType, func() {
			if !p.Got(kwConst) {
				p.Expect(kwMut)
			}
			p.typ()
		})
	case kwUnsafe:
		if p.Peek(1) == tLT { // unsafe<'a> &'a T, nightly
			p.Leaf()
			p.genericParams()
			p.typ()
			p.B.Close(m, nUnsafeBinderType, 0)
			return
		}
		p.fnType(m)
	case kwFn, kwExtern:
		p.fnType(m)
	case kwFor:
		p.forLifetimes()
		if p.Kind == kwFn || p.Kind == kwUnsafe || p.Kind == kwExtern {
			p.fnType(m)
			return
		}
		p.typePath()
		p.B.Close(m, nHigherRankedBound, 0)
	case kwImpl:
		p.Prefix(nImplType, p.bounds)
	case kwDyn:
		p.Prefix(nDynType, p.bounds)
	case tQuestion, tLifetime:
		p.bounds() // a bare trait object: ?Sized + 'a, in old code
		p.B.Close(m, nBoundedType, 0)
	default:
		p.typePath()
		if p.Kind == tNot && p.B.Len(m) == 1 {
			p.Leaf()
			p.tokenTree()
			p.B.Close(m, nMacroType, 0)
		}
	}
}

// pinned pushes the pin mut or pin const of a pinned reference (&pin mut
// T, &pin const x, nightly), and reports whether it found one. Nothing
// else can follow & with pin and then mut or const.
func (p *parser) pinned() bool {
	if !p.IsWord("pin") || p.Peek(1) != kwMut && p.Peek(1) != kwConst {
		return false
	}
	p.LeafAs(tIdent)
	p.Leaf()
	return true
}

// typeWithBounds parses a type that + may continue into a bare trait
// object (in parentheses, generic arguments and old code): Box<Error +
// Send>.
func (p *parser) typeWithBounds() {
	m := p.B.Mark()
	p.typ()
	if p.Kind == tPlus {
		for p.Got(tPlus) {
			if p.boundStart() {
				p.bound()
			}
		}
		p.B.Close(m, nBoundedType, 0)
	}
}

// fnType parses unsafe? extern "C"? fn(A, B) -> C.
func (p *parser) fnType(m int) {
	p.Got(kwUnsafe)
	if p.Got(kwExtern) && p.Kind == tString {
		p.Leaf()
	}
	p.Expect(kwFn)
	p.parameters()
	if p.Got(tArrow) {
		p.typ()
	}
	p.B.Close(m, nFunctionType, 0)
}

// typePath parses a type's path: Vec<T>, std::io::Result<()>, Self,
// <T as Trait>::Out, Fn(A) -> B, T::Item.
func (p *parser) typePath() {
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
		s := p.B.Mark()
		switch p.Kind {
		case tIdent:
			p.LeafAs(tTypeIdent)
		case kwSelfType, kwSelfValue, kwSuper, kwCrate:
			p.Leaf()
		default:
			p.ErrorExpected("type")
		}
		n++
		generic := false
		if p.Kind == tPathSep && p.Peek(1) == tLT {
			p.Leaf()
		}
		switch {
		case p.Kind == tLT && !(p.Peek(1) == tAssign && p.Adjacent(1)):
			// Not <=, which after a cast is a comparison: x as u32 <= y.
			p.genericArgs()
			generic = true
		case p.Kind == tLParen: // Fn(A) -> B
			p.fnSugar()
			generic = true
		}
		if generic {
			p.B.Close(s, nGenericType, 0)
		}
		if p.Kind != tPathSep || p.Peek(1) == tLBrace {
			break
		}
		p.Leaf()
	}
	if n > 1 {
		p.B.Close(m, nScopedType, 0)
	}
}

// fnSugar parses the (A, B) -> C of Fn(A, B) -> C.
func (p *parser) fnSugar() {
	m := p.B.Mark()
	p.Expect(tLParen)
	p.List(tComma, tRParen, p.typeWithBounds)
	p.Expect(tRParen)
	if p.Got(tArrow) {
		p.typ()
	}
	p.B.Close(m, nParameters, 0)
}

// qualifiedPath parses <T as Trait> or <T>.
func (p *parser) qualifiedPath() {
	m := p.B.Mark()
	p.Expect(tLT)
	p.typ()
	if p.Got(kwAs) {
		p.typePath()
	}
	p.Expect(tGT)
	p.B.Close(m, nQualifiedPath, 0)
}

// genericArgs parses <'a, T, N, { N + 1 }, Item = T, Item: Bound>. It
// takes no level of the depth guard of its own: what nests in it is a
// type, a bound or a block, which take theirs, so Vec<Vec<…>> costs one
// level a type, as it did.
func (p *parser) genericArgs() {
	p.Delimited(nGenericArgs, tLT, tComma, tGT, func() {
		a := p.B.Mark()
		switch {
		case p.Kind == tLifetime:
			p.lifetime()
		case p.Kind == tIdent && (p.Peek(1) == tAssign || p.Peek(1) == tColon && p.Peek(2) != tColon) ||
			p.Kind == tIdent && p.Peek(1) == tLT && p.assocBinding():
			p.LeafAs(tTypeIdent)
			if p.Kind == tLT {
				p.genericArgs()
			}
			if p.Got(tColon) {
				p.bounds()
			} else {
				p.Expect(tAssign)
				if p.Kind == tLBrace || p.Kind == tInt || p.Kind == tMinus {
					p.constArg()
				} else {
					p.typeWithBounds()
				}
			}
			p.B.Close(a, nTypeBinding, 0)
		case p.Kind == tLBrace || p.Kind == tInt || p.Kind == tString || p.Kind == tChar || p.Kind == tMinus ||
			p.Kind == kwTrue || p.Kind == kwFalse || p.Kind == tFloat:
			p.constArg()
		default:
			p.typeWithBounds()
		}
	})
}

// assocBinding reports whether Name<…> is the start of a generic
// associated type's binding, Name<'a> = T.
func (p *parser) assocBinding() bool {
	depth := 0
	for i := 1; i < 7; i++ {
		switch p.Peek(i) {
		case tLT:
			depth++
		case tGT:
			depth--
			if depth == 0 {
				k := p.Peek(i + 1)
				return k == tAssign || k == tColon
			}
		case tEOF, tSemi, tLBrace:
			return false
		}
	}
	return false
}

// constArg parses a const generic argument: a literal, -1, or { e }.
func (p *parser) constArg() {
	switch p.Kind {
	case tLBrace:
		p.block()
	case tMinus:
		p.Prefix(nUnaryExpression, p.Leaf)
	default:
		p.Leaf()
	}
}

// bounds parses Bound + Bound + 'a.
func (p *parser) bounds() {
	m := p.B.Mark()
	n := 0
	for p.boundStart() {
		p.bound()
		n++
		if !p.Got(tPlus) {
			break
		}
	}
	if n == 0 {
		p.ErrorExpected("bound")
	}
	p.B.Close(m, nTraitBounds, 0)
}

// boundStart reports whether a bound starts here.
func (p *parser) boundStart() bool {
	switch p.Kind {
	case tLifetime, tQuestion, tLParen, kwFor, tIdent, tPathSep, kwSelfType, kwSuper, kwCrate, kwSelfValue, tTilde, kwConst, kwAsync, tLT, kwUse, tNot:
		return true
	case tLBrack:
		return p.Peek(1) == kwConst && p.Peek(2) == tRBrack // [const] Trait
	}
	return false
}

// bound parses one bound: 'a, ?Sized, (Trait), for<'a> Fn(&'a T),
// const Trait, ~const Trait, [const] Trait, async Fn(), use<'a, T>. Its
// modifiers are leaves before the trait's path, and stand before or
// after a for<…> binder.
func (p *parser) bound() {
	p.Enter() // ((Trait)) nests
	defer p.Leave()
	m := p.B.Mark()
	switch p.Kind {
	case tLifetime:
		p.lifetime()
		return
	case tLParen:
		p.Leaf()
		p.bound()
		p.Expect(tRParen)
		p.B.Close(m, nParenthesizedType, 0)
		return
	case kwUse:
		p.Leaf()
		p.genericArgs()
		return
	}
	p.boundModifiers()
	if p.Kind == kwFor {
		p.forLifetimes()
		p.boundModifiers()
		p.typePath()
		p.B.Close(m, nHigherRankedBound, 0)
		return
	}
	p.typePath()
	if p.B.Len(m) > 1 {
		p.B.Close(m, nBoundedType, 0)
	}
}

// boundModifiers pushes a bound's modifiers: ? and ! (polarity), const,
// ~const and [const] (constness), async.
func (p *parser) boundModifiers() {
	for {
		switch {
		case p.Kind == tQuestion || p.Kind == tNot || p.Kind == kwConst || p.Kind == kwAsync:
			p.Leaf()
		case p.Kind == tTilde:
			p.Leaf()
			p.Expect(kwConst)
		case p.Kind == tLBrack && p.Peek(1) == kwConst && p.Peek(2) == tRBrack:
			p.Leaf()
			p.Leaf()
			p.Leaf()
		default:
			return
		}
	}
}
