package rust

import "github.com/agenttools/agenttools/grammars"

// itemStart reports whether the tokens ahead start an item (after its
// attributes): what a statement tells apart from an expression.
func (p *parser) itemStart() bool {
	k, k1 := p.Kind, p.Peek(1)
	switch k {
	case kwPub, kwFn, kwStruct, kwEnum, kwTrait, kwImpl, kwMod, kwUse, kwType, kwExtern, kwMacro:
		return !(k == kwMacro && k1 == tNot) && !(k == kwUse && k1 == tOr) // use || x: a closure
	case kwCrate:
		return k1 != tPathSep && k1 != tNot
	case kwStatic:
		return k1 == tIdent || k1 == kwMut || k1 == kwRef
	case kwConst:
		return k1 != tLBrace && k1 != tOr && k1 != kwMove && k1 != kwAsync && k1 != kwStatic
	case kwUnsafe:
		return k1 != tLBrace
	case kwAsync:
		if p.WordAt(1, "gen") { // async gen fn, not an async gen block
			k1 = p.Peek(2)
		}
		return k1 == kwFn || k1 == kwUnsafe || (k1 == kwExtern)
	case tIdent:
		switch p.Tok.Text {
		case "gen":
			return k1 == kwFn || k1 == kwUnsafe || k1 == kwExtern
		case "union":
			return k1 == tIdent
		case "auto":
			return k1 == kwTrait
		case "default":
			return k1 == kwFn || k1 == kwImpl || k1 == kwConst || k1 == kwType || k1 == kwUnsafe || k1 == kwAsync || k1 == kwPub
		case "macro_rules":
			return k1 == tNot && p.Peek(2) == tIdent
		case "safe":
			return k1 == kwFn || k1 == kwStatic
		}
	}
	return false
}

// item parses one item with its attributes and visibility. A macro call
// in item position (foo! { … }, foo!(…);) is an item too. With top set,
// a pattern's top level may hold a statement instead. Items nest (a
// module's, an impl's), so each goes through the depth guard.
func (p *parser) item(top bool) {
	p.Enter()
	defer p.Leave()
	p.attributes() // outer attributes are the siblings before
	m := p.B.Mark()
	if top && p.Pattern && !p.itemStart() && !p.macroItemStart() {
		p.statement()
		return
	}
	p.itemAfterAttrs(m)
}

// macroItemStart reports whether a macro call in item position starts
// here: a path, then !.
func (p *parser) macroItemStart() bool {
	if p.Kind == tPathSep {
		return true
	}
	if p.Kind != tIdent && p.Kind != kwSelfValue && p.Kind != kwSuper && p.Kind != kwCrate {
		return false
	}
	for i := 1; i < 7; i += 2 {
		switch p.Peek(i) {
		case tNot:
			return true
		case tPathSep:
			continue
		}
		return false
	}
	return false
}

// itemAfterAttrs parses an item whose attributes are on the stack from m.
func (p *parser) itemAfterAttrs(m int) {
	p.visibility()
	switch {
	case p.IsWord("macro_rules") && p.Peek(1) == tNot:
		p.macroRules(m)
		return
	case p.IsWord("default") && p.Peek(1) != tNot && p.Peek(1) != tPathSep:
		p.LeafAs(tIdent)
	case p.IsWord("safe") && (p.Peek(1) == kwFn || p.Peek(1) == kwStatic):
		p.LeafAs(tIdent)
	}
	switch p.Kind {
	case kwFn:
		p.function(m)
	case kwConst:
		switch k1 := p.Peek(1); {
		case p.constTrait():
			p.trait(m)
		case k1 == kwImpl:
			p.impl(m)
		case k1 == kwFn || k1 == kwUnsafe || k1 == kwAsync || k1 == kwExtern:
			p.function(m)
		default:
			p.constItem(m)
		}
	case kwAsync:
		p.function(m)
	case kwUnsafe:
		switch p.Peek(1) {
		case kwImpl:
			p.impl(m)
		case kwTrait:
			p.trait(m)
		case kwExtern:
			if p.Peek(2) == tLBrace || p.Peek(3) == tLBrace {
				p.foreignMod(m)
			} else {
				p.function(m)
			}
		case kwMod:
			p.Leaf()
			p.module(m)
		case kwStatic: // in an extern block
			p.Leaf()
			p.staticItem(m)
		case tIdent:
			if p.WordAt(1, "auto") {
				p.trait(m)
			} else {
				p.function(m)
			}
		default:
			p.function(m)
		}
	case kwExtern:
		switch {
		case p.Peek(1) == kwCrate:
			p.externCrate(m)
		case p.Peek(1) == tLBrace || p.Peek(1) == tString && p.Peek(2) == tLBrace:
			p.foreignMod(m)
		default:
			p.function(m)
		}
	case kwStatic:
		p.staticItem(m)
	case kwStruct:
		p.structItem(m, nStructItem)
	case kwEnum:
		p.enumItem(m)
	case kwTrait:
		p.trait(m)
	case kwImpl:
		p.impl(m)
	case kwMod:
		p.module(m)
	case kwUse:
		p.use(m)
	case kwType:
		p.typeItem(m)
	case kwMacro:
		p.macro2(m)
	case tIdent:
		switch {
		case p.Tok.Text == "union" && p.Peek(1) == tIdent:
			p.LeafAs(tIdent)
			p.structBody(m, nUnionItem)
		case p.Tok.Text == "auto" && p.Peek(1) == kwTrait:
			p.LeafAs(tIdent)
			p.trait(m)
		case p.Tok.Text == "gen" && (p.Peek(1) == kwFn || p.Peek(1) == kwUnsafe || p.Peek(1) == kwExtern):
			p.function(m)
		default:
			p.macroItem(m)
		}
	default:
		if p.macroItemStart() {
			p.macroItem(m)
			return
		}
		p.ErrorExpected("item")
	}
}

// function parses a function: its qualifiers, name, generics,
// parameters, return type, where clause, and a body or a ;.
func (p *parser) function(m int) {
	q := p.B.Mark()
	for {
		switch {
		case p.Kind == kwConst || p.Kind == kwAsync || p.Kind == kwUnsafe || p.IsWord("safe"):
			p.Leaf()
			continue
		case p.IsWord("gen") && (p.Peek(1) == kwFn || p.Peek(1) == kwUnsafe || p.Peek(1) == kwExtern):
			p.LeafAs(tIdent) // gen fn, async gen fn: nightly
			continue
		case p.Kind == kwExtern:
			p.Leaf()
			p.Got(tString)
			continue
		}
		break
	}
	if p.B.Len(q) > 0 {
		p.B.Close(q, nFunctionModifiers, 0)
	}
	p.Expect(kwFn)
	p.ident()
	p.genericParams()
	p.parameters()
	if p.Got(tArrow) {
		p.typ()
	}
	p.whereClause()
	kind := nFunctionItem
	if p.Kind == tSemi {
		p.semi()
		kind = nFunctionSignature
	} else {
		p.block()
	}
	p.B.Close(m, kind, 0)
}

// parameters parses ( self, pattern: type, … ) of a function.
func (p *parser) parameters() {
	p.withStruct(true, func() { p.Delimited(nParameters, tLParen, tComma, tRParen, p.parameter) })
}

func (p *parser) parameter() {
	p.attributes() // outer attributes are the siblings before
	m := p.B.Mark()
	if p.selfParam() {
		p.B.Close(m, nSelfParameter, 0)
		return
	}
	if p.Kind == tDotDotDot {
		p.Leaf()
		p.B.Close(m, nVariadicParameter, 0)
		return
	}
	if p.Pattern && p.IsRun(0) && (p.Peek(1) == tComma || p.Peek(1) == tRParen) {
		p.Leaf() // $$$P among parameters
		return
	}
	named := p.paramHasPattern()
	if !named && (p.Kind == tIdent || p.Kind == tPathSep || p.Kind == tAnd || p.Kind == tLParen || p.Kind == tLBrack || p.Kind == tUnderscore) {
		// ops::Yeet(()): T is a pattern; ops::Yeet<()> a type.
		named = p.Lookahead(func() bool {
			p.patternNoTopAlt()
			return p.Kind == tColon && p.Peek(1) != tColon
		})
	}
	if named {
		p.patternNoTopAlt()
		p.Expect(tColon)
		if p.Kind == tDotDotDot {
			p.Leaf() // args: ... in a C variadic function
		} else {
			p.typ()
		}
	} else {
		p.typ() // a parameter with no name, as fn types and old traits allow
	}
	p.B.Close(m, nParameter, 0)
}

// paramHasPattern reports whether a parameter surely starts with a
// pattern and a colon, rather than being a bare type.
func (p *parser) paramHasPattern() bool {
	switch p.Kind {
	case tIdent, tUnderscore:
		return p.Peek(1) == tColon && p.Peek(2) != tColon || p.Peek(1) == tAt
	case kwMut, kwRef, tInt, tString, tChar, tMinus:
		return true
	}
	return false
}

// selfParam parses self, mut self, &self, &'a mut self and self: T, and
// reports whether it found one.
func (p *parser) selfParam() bool {
	i := 0
	if p.Kind == tAnd {
		i = 1
		if p.Peek(i) == tLifetime {
			i++
		}
		if p.WordAt(i, "pin") && (p.Peek(i+1) == kwMut || p.Peek(i+1) == kwConst) {
			i++ // &pin mut self, &pin const self
		}
	}
	if p.Peek(i) == kwMut || i > 0 && p.Peek(i) == kwConst && p.WordAt(i-1, "pin") {
		i++
	}
	if p.Peek(i) != kwSelfValue || p.Peek(i+1) == tPathSep {
		return false
	}
	for range i + 1 {
		if p.Kind == tLifetime {
			p.lifetime()
		} else {
			p.Leaf()
		}
	}
	if p.Got(tColon) {
		p.typ()
	}
	return true
}

// lifetime pushes a lifetime as a node holding its token.
func (p *parser) lifetime() { p.Node(nLifetime, func() { p.Expect(tLifetime) }) }

// genericParams parses <'a, T: Bound = D, const N: usize>, if any.
func (p *parser) genericParams() {
	if p.Kind != tLT {
		return
	}
	p.Delimited(nTypeParameters, tLT, tComma, tGT, func() {
		p.attributes() // outer attributes are the siblings before
		g := p.B.Mark()
		switch {
		case p.Kind == tLifetime:
			p.lifetime()
			if p.Got(tColon) {
				p.lifetimeBounds()
			}
			p.B.Close(g, nLifetimeParameter, 0)
		case p.Kind == kwConst:
			p.Leaf()
			p.ident()
			p.Expect(tColon)
			p.typ()
			if p.Got(tAssign) {
				p.constArg()
			}
			p.B.Close(g, nConstParameter, 0)
		default:
			p.ident()
			if p.Got(tColon) {
				p.bounds()
			}
			if p.Got(tAssign) {
				p.typ()
			}
			p.B.Close(g, nTypeParameter, 0)
		}
	})
}

// lifetimeBounds parses 'a + 'b.
func (p *parser) lifetimeBounds() {
	for p.Kind == tLifetime {
		p.lifetime()
		if !p.Got(tPlus) {
			break
		}
	}
}

// whereClause parses where T: A + B, 'a: 'b, for<'a> F: Fn(&'a T), if any.
func (p *parser) whereClause() {
	if p.Kind != kwWhere {
		return
	}
	m := p.B.Mark()
	p.Leaf()
	for p.Kind != tLBrace && p.Kind != tSemi && p.Kind != tEOF && p.Kind != tAssign {
		w := p.B.Mark()
		if p.Kind == tLifetime {
			p.lifetime()
			p.Expect(tColon)
			p.lifetimeBounds()
		} else {
			if p.Kind == kwFor {
				p.forLifetimes()
			}
			p.typ()
			p.Expect(tColon)
			if p.Kind != tComma && p.Kind != tLBrace && p.Kind != tSemi {
				p.bounds()
			}
		}
		p.B.Close(w, nWherePredicate, 0)
		if !p.Got(tComma) {
			break
		}
	}
	p.B.Close(m, nWhereClause, 0)
}

// forLifetimes parses for<'a, 'b>.
func (p *parser) forLifetimes() {
	p.Expect(kwFor)
	p.genericParams()
}

// structItem parses struct S<T> { … }, struct S(T);, struct S;.
func (p *parser) structItem(m int, kind grammars.Kind) {
	p.Leaf() // struct
	p.structBody(m, kind)
}

func (p *parser) structBody(m int, kind grammars.Kind) {
	p.identAs(tTypeIdent)
	p.genericParams()
	p.whereClause()
	switch p.Kind {
	case tLBrace:
		p.fieldDeclarations()
	case tLParen:
		p.tupleFields()
		p.whereClause()
		p.semi()
	default:
		p.semi()
	}
	p.B.Close(m, kind, 0)
}

// fieldDeclarations parses { a: T, pub b: U = default, … }.
func (p *parser) fieldDeclarations() {
	p.Delimited(nFieldDeclarationList, tLBrace, tComma, tRBrace, func() {
		p.attributes() // outer attributes are the siblings before
		f := p.B.Mark()
		if p.Pattern && p.IsRun(0) && (p.Peek(1) == tComma || p.Peek(1) == tRBrace) {
			p.Leaf()
			return
		}
		p.visibility()
		p.Got(kwUnsafe)
		p.identAs(tFieldIdent)
		p.Expect(tColon)
		p.typ()
		if p.Got(tAssign) {
			p.expr()
		}
		p.B.Close(f, nFieldDeclaration, 0)
	})
}

// tupleFields parses ( T, pub U, … ).
func (p *parser) tupleFields() {
	p.Delimited(nOrderedFieldDeclarationList, tLParen, tComma, tRParen, func() {
		p.attributes() // outer attributes are the siblings before
		p.Node(nFieldDeclaration, func() {
			p.visibility()
			p.typ()
		})
	})
}

// enumItem parses enum E<T> { A, B(T), C { x: T }, D = 1 }.
func (p *parser) enumItem(m int) {
	p.Leaf()
	p.identAs(tTypeIdent)
	p.genericParams()
	p.whereClause()
	p.Delimited(nEnumVariantList, tLBrace, tComma, tRBrace, func() {
		p.attributes() // outer attributes are the siblings before
		v := p.B.Mark()
		if p.Pattern && p.IsRun(0) && (p.Peek(1) == tComma || p.Peek(1) == tRBrace) {
			p.Leaf()
			return
		}
		p.visibility()
		p.ident()
		switch p.Kind {
		case tLBrace:
			p.fieldDeclarations()
		case tLParen:
			p.tupleFields()
		}
		if p.Got(tAssign) {
			p.expr()
		}
		p.B.Close(v, nEnumVariant, 0)
	})
	p.B.Close(m, nEnumItem, 0)
}

// constTrait reports whether a const trait starts at the current const:
// const trait, const unsafe trait, const auto trait, const unsafe auto
// trait (nightly, as the standard library writes its traits).
func (p *parser) constTrait() bool {
	i := 1
	if p.Peek(i) == kwUnsafe {
		i++
	}
	if p.WordAt(i, "auto") {
		i++
	}
	return p.Peek(i) == kwTrait
}

// trait parses const? unsafe? auto? trait T<G>: Bounds where … { items },
// and a trait alias, trait A = B;.
func (p *parser) trait(m int) {
	p.Got(kwConst)
	p.Got(kwUnsafe)
	if p.IsWord("auto") {
		p.LeafAs(tIdent)
	}
	p.Expect(kwTrait)
	p.identAs(tTypeIdent)
	p.genericParams()
	if p.Got(tColon) && p.Kind != tLBrace && p.Kind != kwWhere {
		p.bounds()
	}
	if p.Got(tAssign) {
		p.bounds()
		p.whereClause()
		p.semi()
	} else {
		p.whereClause()
		p.declarationList()
	}
	p.B.Close(m, nTraitItem, 0)
}

// impl parses const? unsafe? impl<G> const? !?Trait for Type where … {
// items } and impl<G> Type { items }. A ! before the { or the where is
// the never type as the self type (impl ! { … }), not a negative impl.
func (p *parser) impl(m int) {
	p.Got(kwConst)
	p.Got(kwUnsafe)
	p.Expect(kwImpl)
	if p.Kind == tLT && p.implGenerics() {
		p.genericParams()
	}
	p.Got(kwConst)
	if p.Kind == tNot && p.Peek(1) != tLBrace && p.Peek(1) != kwWhere {
		p.Leaf()
	}
	p.typeWithBounds() // a bare trait object, in old code: impl T for Send + Sync
	if p.Got(kwFor) {
		p.typeWithBounds()
	}
	p.whereClause()
	p.declarationsOrSemi() // impl Trait for T; is a placeholder some code has
	p.B.Close(m, nImplItem, 0)
}

// implGenerics reports whether the < after impl opens its generic
// parameters rather than a qualified type: impl<T> X vs impl <T as U>::X.
func (p *parser) implGenerics() bool {
	switch p.Peek(1) {
	case tGT, tLifetime, kwConst, tPound:
		return true
	case tIdent:
		switch p.Peek(2) {
		case tGT, tComma, tColon, tAssign:
			return true
		}
	}
	return false
}

// declarationList parses the { … } of an impl, a trait, a module or an
// extern block: inner attributes, then items.
func (p *parser) declarationList() {
	m := p.B.Mark()
	p.Expect(tLBrace)
	for p.Kind != tRBrace && p.Kind != tEOF {
		switch {
		case p.Kind == tPound && p.Peek(1) == tNot:
			p.attribute()
		case p.Kind == tSemi:
			p.Next()
		case p.Pattern && p.IsRun(0):
			p.Leaf() // $$$B among the items
		default:
			p.item(false)
		}
	}
	p.Expect(tRBrace)
	p.B.Close(m, nDeclarationList, 0)
}

// declarationsOrSemi parses the { items } of a module or an impl, or the
// ; that stands for them.
func (p *parser) declarationsOrSemi() {
	if p.Kind == tSemi {
		p.semi()
	} else {
		p.declarationList()
	}
}

// module parses mod m; and mod m { items }.
func (p *parser) module(m int) {
	p.Expect(kwMod)
	p.ident()
	p.declarationsOrSemi()
	p.B.Close(m, nModItem, 0)
}

// foreignMod parses unsafe? extern "C"? { items }.
func (p *parser) foreignMod(m int) {
	p.Got(kwUnsafe)
	p.Expect(kwExtern)
	p.Got(tString)
	p.declarationList()
	p.B.Close(m, nForeignModItem, 0)
}

// externCrate parses extern crate name as alias;.
func (p *parser) externCrate(m int) {
	p.Expect(kwExtern)
	p.Expect(kwCrate)
	if !p.Got(kwSelfValue) {
		p.ident()
	}
	if p.Got(kwAs) {
		if !p.Got(tUnderscore) {
			p.ident()
		}
	}
	p.semi()
	p.B.Close(m, nExternCrate, 0)
}

// use parses use a::b::{c, d as e, f::*};.
func (p *parser) use(m int) {
	p.Expect(kwUse)
	p.useTree()
	p.semi()
	p.B.Close(m, nUseDeclaration, 0)
}

func (p *parser) useTree() {
	p.Enter() // use a::{b::{c::{…}}} nests
	defer p.Leave()
	m := p.B.Mark()
	switch {
	case p.Kind == tStar:
		p.Leaf()
		p.B.Close(m, nUseWildcard, 0)
		return
	case p.Kind == tLBrace:
		p.useList()
		return
	case p.Kind == tPathSep && (p.Peek(1) == tLBrace || p.Peek(1) == tStar):
		p.Leaf()
		if p.Kind == tStar { // use ::*;
			p.Leaf()
			p.B.Close(m, nUseWildcard, 0)
			return
		}
	default:
		p.simplePath()
	}
	switch {
	case p.Kind == tPathSep && p.Peek(1) == tStar:
		p.Leaf()
		p.Leaf()
		p.B.Close(m, nUseWildcard, 0)
	case p.Kind == tPathSep && p.Peek(1) == tLBrace:
		p.Leaf()
		p.useList()
		p.B.Close(m, nScopedUseList, 0)
	case p.Kind == tLBrace: // ::{a, b}
		p.useList()
		p.B.Close(m, nScopedUseList, 0)
	case p.Kind == kwAs:
		p.Leaf()
		if !p.Got(tUnderscore) {
			p.ident()
		}
		p.B.Close(m, nUseAsClause, 0)
	}
}

func (p *parser) useList() { p.Delimited(nUseList, tLBrace, tComma, tRBrace, p.useTree) }

// constItem parses const NAME: T = e; (in a trait, the value may be
// missing).
func (p *parser) constItem(m int) {
	p.Expect(kwConst)
	if !p.Got(tUnderscore) {
		p.ident()
	}
	p.genericParams()
	if p.Got(tColon) {
		p.typ()
	}
	if p.Got(tAssign) {
		p.withStruct(true, p.expr)
	}
	p.whereClause()
	p.semi()
	p.B.Close(m, nConstItem, 0)
}

// staticItem parses static mut? NAME: T = e;.
func (p *parser) staticItem(m int) {
	p.Expect(kwStatic)
	p.Got(kwMut)
	p.ident()
	p.Expect(tColon)
	p.typ()
	if p.Got(tAssign) {
		p.withStruct(true, p.expr)
	}
	p.semi()
	p.B.Close(m, nStaticItem, 0)
}

// typeItem parses type A<T> where … = B; and, in a trait or an impl,
// type A: Bounds = D;.
func (p *parser) typeItem(m int) {
	p.Expect(kwType)
	p.identAs(tTypeIdent)
	p.genericParams()
	kind := nTypeItem
	if p.Got(tColon) {
		kind = nAssociatedType
		if p.Kind != tSemi && p.Kind != kwWhere && p.Kind != tAssign {
			p.bounds()
		}
	}
	p.whereClause()
	if p.Got(tAssign) {
		p.typeWithBounds() // a bare trait object, in old code: type A = Fn() + Send;
	} else if kind == nTypeItem {
		kind = nAssociatedType
	}
	p.whereClause()
	p.semi()
	p.B.Close(m, kind, 0)
}

// macroRules parses macro_rules! name { rules } (or ( … ); or [ … ];).
func (p *parser) macroRules(m int) {
	p.LeafAs(tIdent)
	p.Expect(tNot)
	p.ident()
	brace := p.Kind == tLBrace
	p.tokenTree()
	if !brace {
		p.semi()
	}
	p.B.Close(m, nMacroDefinition, 0)
}

// macro2 parses a macro 2.0 definition: macro m($x: expr) { … } or
// macro m { rules }.
func (p *parser) macro2(m int) {
	p.Expect(kwMacro)
	p.ident()
	if p.Kind == tLParen {
		p.tokenTree()
	}
	p.tokenTree()
	p.B.Close(m, nMacroDefinition, 0)
}

// macroItem parses a macro call in item position: m! { … }, m!(…);, and
// m! name { … } (an old form some macros take).
func (p *parser) macroItem(m int) {
	p.metaPath()
	p.Expect(tNot)
	if p.Kind == tIdent {
		p.Leaf()
	}
	brace := p.Kind == tLBrace
	p.macroArgs(brace)
	if !brace {
		p.semi()
	}
	p.B.Close(m, nMacroInvocation, 0)
}
