package dart

import "github.com/agenttools/agenttools/grammars"

// Declarations: classes, mixins, extensions, enums, type aliases, and
// the members they and the top level hold. A method, a top-level
// function and a local function are one kind of node, as a field, a
// top-level variable and a local variable are: void dispose() { $$$B }
// finds a method.

// classModifierWords are the words that may stand before class or mixin.
var classModifierWords = map[string]bool{"abstract": true, "sealed": true, "base": true, "interface": true, "mixin": true, "augment": true, "macro": true, "inline": true}

// classModifiers parses a class or a mixin that starts with modifiers
// (abstract class, sealed class, base mixin, mixin M), and reports
// whether there was one.
func (p *parser) classModifiers(m int) bool {
	n := 0
	for ; ; n++ {
		t := p.Far(n)
		if t.Kind == kwFinal || t.Kind == tIdent && classModifierWords[t.Text] {
			continue
		}
		break
	}
	if n == 0 {
		return false
	}
	switch t := p.Far(n); {
	case t.Kind == kwClass:
	case n >= 1 && p.Far(n-1).Text == "mixin" && t.Kind == tIdent:
		// mixin M, base mixin M: the last word is mixin, then its name
	default:
		return false
	}
	for i := 0; i < n; i++ {
		if p.Kind == tIdent && p.Tok.Text == "mixin" && i == n-1 && p.Peek(1) != kwClass {
			p.mixinRest(m)
			return true
		}
		p.LeafAs(tWordOr(p.Kind))
	}
	p.classRest(m)
	return true
}

// tWordOr is the kind a modifier is pushed as: a reserved word keeps its
// own, a built-in word is a keyword.
func tWordOr(k grammars.Kind) grammars.Kind {
	if k == tIdent {
		return tWord
	}
	return k
}

// classRest parses class Name<T> extends A with B implements C { … }, or
// a mixin application class A = B with C;
func (p *parser) classRest(m int) {
	p.Expect(kwClass)
	name := p.Tok.Text
	p.IdentAs(tTypeIdent)
	p.optTypeParameters()
	if p.Got(tAssign) {
		p.typ()
		p.mixins()
		p.interfaces()
		p.Semi(tSemi, tRBrace)
		p.B.Close(m, nClassDeclaration, 0)
		return
	}
	if p.Kind == kwExtends {
		p.Prefix(nSuperclass, p.typ)
	}
	p.mixins()
	p.interfaces()
	p.classBody(name)
	p.B.Close(m, nClassDeclaration, 0)
}

// mixinRest parses mixin M<T> on A, B implements C { … }.
func (p *parser) mixinRest(m int) {
	p.word("mixin")
	name := p.Tok.Text
	p.IdentAs(tTypeIdent)
	p.optTypeParameters()
	if p.IsWord("on") {
		p.wordClause(nOnClause, "on", p.typeList)
	}
	p.interfaces()
	p.classBody(name)
	p.B.Close(m, nMixinDeclaration, 0)
}

// mixins parses with A, B, when there is one.
func (p *parser) mixins() {
	if p.Kind == kwWith {
		p.Prefix(nMixins, p.typeList)
	}
}

// interfaces parses implements A, B, when there is one.
func (p *parser) interfaces() {
	if p.IsWord("implements") {
		p.wordClause(nInterfaces, "implements", p.typeList)
	}
}

// wordClause pushes the contextual word w as a keyword, then runs rest,
// and closes both as a node of kind k: on A, implements B.
func (p *parser) wordClause(k grammars.Kind, w string, rest func()) {
	p.Node(k, func() {
		p.word(w)
		rest()
	})
}

// typeList parses A, B<C>, D.
func (p *parser) typeList() {
	p.Separated(tComma, p.typ)
}

// extensionDecl parses extension Name<T> on Type { … }, whose name may be
// left out.
func (p *parser) extensionDecl(m int) {
	p.word("extension")
	if p.Kind == tIdent && !p.IsWord("on") || p.IsWord("on") && p.WordAt(1, "on") {
		p.IdentAs(tTypeIdent)
	}
	p.optTypeParameters()
	p.wordClause(nOnClause, "on", p.typ)
	p.classBody("")
	p.B.Close(m, nExtensionDeclaration, 0)
}

// extensionTypeDecl parses extension type const Name<T>.named(Type field)
// implements A { … }.
func (p *parser) extensionTypeDecl(m int) {
	p.word("extension")
	p.word("type")
	p.Got(kwConst)
	name := p.Tok.Text
	p.IdentAs(tTypeIdent)
	p.optTypeParameters()
	p.Node(nRepresentation, p.representation)
	p.interfaces()
	if p.Kind == tSemi {
		p.Semi(tSemi, tRBrace) // no members
	} else {
		p.classBody(name)
	}
	p.B.Close(m, nExtensionTypeDeclaration, 0)
}

// representation parses an extension type's .named(Type field).
func (p *parser) representation() {
	if p.Got(tDot) {
		p.nameOrNew(tIdent)
	}
	p.Expect(tLParen)
	p.annotations()
	p.Got(kwFinal)
	if p.Kind == tIdent && p.Peek(1) == tRParen {
		p.typ() // (int) alone is an error, but the type is what there is
	} else {
		p.typ()
		p.ident()
	}
	p.Got(tComma)
	p.Expect(tRParen)
}

// enumDecl parses enum E<T> with M implements I { a, b(1), c.x(); members }.
func (p *parser) enumDecl(m int) {
	p.Expect(kwEnum)
	name := p.Tok.Text
	p.IdentAs(tTypeIdent)
	p.optTypeParameters()
	p.mixins()
	p.interfaces()
	b := p.B.Mark()
	p.Expect(tLBrace)
	for p.Kind != tRBrace && p.Kind != tSemi && p.Kind != tEOF {
		p.annotations()
		p.Node(nEnumConstant, p.enumConstant)
		if !p.Got(tComma) {
			break
		}
	}
	if p.Got(tSemi) {
		p.members(name)
	}
	p.Expect(tRBrace)
	p.B.Close(b, nClassBody, 0)
	p.B.Close(m, nEnumDeclaration, 0)
}

// enumConstant parses a, b(1), c<int>.x(2).
func (p *parser) enumConstant() {
	p.ident()
	if p.Kind == tLT {
		p.typeArguments()
	}
	p.dotName()
	if p.Kind == tLParen {
		p.arguments()
	}
}

// typeAlias parses typedef F<T> = Type; and the old typedef R F<T>(params);
func (p *parser) typeAlias(m int) {
	p.word("typedef")
	if p.Kind == tIdent && (p.Peek(1) == tAssign || p.Peek(1) == tLT && p.Lookahead(func() bool { p.Next(); p.typeParameters(); return p.Kind == tAssign })) {
		p.IdentAs(tTypeIdent)
		p.optTypeParameters()
		p.Expect(tAssign)
		p.typ()
	} else {
		// typedef R F<T>(params): the return type may be left out
		if !p.Lookahead(func() bool { p.Next(); p.optTypeParameters(); return p.Kind == tLParen }) {
			p.typ()
		}
		p.IdentAs(tTypeIdent)
		p.optTypeParameters()
		p.formalParameters()
	}
	p.Semi(tSemi, tRBrace)
	p.B.Close(m, nTypeAlias, 0)
}

// classBody parses { members } of the class, mixin, extension or
// extension type named name.
func (p *parser) classBody(name string) {
	p.Node(nClassBody, func() {
		p.Expect(tLBrace)
		p.members(name)
		p.Expect(tRBrace)
	})
}

// members parses members up to the closing }, each annotation a sibling
// of the member it is on.
func (p *parser) members(name string) {
	saved := p.class
	p.class = name
	for p.Kind != tRBrace && p.Kind != tEOF {
		switch p.Kind {
		case tAt:
			p.annotation()
		case tSemi:
			p.Next()
		default:
			p.Enter()
			p.member(false)
			p.Leave()
		}
	}
	p.class = saved
}

// memberModifiers are the words that may stand before a member or a
// top-level declaration's type.
var memberModifiers = map[string]bool{"external": true, "static": true, "abstract": true, "covariant": true, "late": true, "augment": true}

// member parses a member of a class, or a top-level function, getter,
// setter or variable when top.
func (p *parser) member(top bool) { p.memberAt(p.B.Mark(), top) }

// memberAt parses a member, closing it at m.
func (p *parser) memberAt(m int, top bool) {
	constant := false
	for {
		if p.Kind == tIdent && memberModifiers[p.Tok.Text] {
			if k := p.Peek(1); k == tIdent || k == kwFinal || k == kwConst || k == kwVar || k == kwVoid || k == tLParen && p.Tok.Text != "abstract" {
				p.LeafAs(tWord)
				continue
			}
		}
		if p.Kind == kwConst && p.class != "" && p.Peek(1) == tIdent && (p.Far(1).Text == p.class && (p.Peek(2) == tLParen || p.Peek(2) == tDot && p.Peek(4) == tLParen) || p.WordAt(1, "factory")) {
			p.Leaf()
			constant = true
			continue
		}
		break
	}
	switch {
	case p.IsWord("factory") && p.Peek(1) == tIdent:
		p.factory(m)
		return
	case !top && p.class != "" && p.Kind == tIdent && (p.Tok.Text == p.class || p.IsMetavar()) && (p.Peek(1) == tLParen || p.Peek(1) == tDot) && (p.Tok.Text == p.class || p.initializersAhead()):
		p.constructor(m)
		return
	case constant:
		p.ErrorExpected("constructor")
	}
	if p.Kind == kwFinal || p.Kind == kwConst || p.Kind == kwVar {
		p.Leaf()
		if p.hasType() {
			p.typ()
		}
		p.declarator()
		p.variablesRest(m)
		return
	}
	if !p.accessor() && p.hasType() {
		p.typ()
	}
	if p.accessorRest(m) {
		return
	}
	p.declaration(m, true)
}

// declaration parses a function's or variables' declaration from the
// name on, after the type, closing it at m: the function's parameters
// and body (a member's may be a ;), or the variables' declarators.
func (p *parser) declaration(m int, member bool) {
	name := p.B.Mark()
	p.ident()
	if p.Kind == tLParen || p.Kind == tLT {
		p.optTypeParameters()
		p.formalParameters()
		p.functionBody(member, false)
		p.B.Close(m, nFunctionDeclaration, 0)
		return
	}
	p.declaratorRest(name)
	p.variablesRest(m)
}

// variablesRest parses the declarators after the first and the ;, and
// closes the variables' declaration at m.
func (p *parser) variablesRest(m int) {
	for p.Got(tComma) {
		p.declarator()
	}
	p.Semi(tSemi, tRBrace)
	p.B.Close(m, nVariableDeclaration, 0)
}

// initializersAhead reports whether a pattern's member $C(…) or
// $C.name(…) is followed by an initializer list, which only a
// constructor has: its class's name is a metavariable too.
func (p *parser) initializersAhead() bool {
	n := 1
	if p.Peek(1) == tDot {
		n = 3
	}
	j := p.PartnerOf(n)
	return j > 0 && p.Far(j+1).Kind == tColon
}

// accessor reports whether the current token starts a getter, a setter
// or an operator that has no type before it.
func (p *parser) accessor() bool {
	switch {
	case p.IsWord("get") || p.IsWord("set"):
		return p.Peek(1) == tIdent || p.Peek(1) == kwNew
	case p.IsWord("operator"):
		return isOperator(p.Peek(1))
	}
	return false
}

// accessorRest parses a getter, a setter or an operator from its word
// on, closing it at m, and reports whether there was one.
func (p *parser) accessorRest(m int) bool {
	if !p.accessor() {
		return false
	}
	switch p.Tok.Text {
	case "get":
		p.LeafAs(tWord)
		p.ident()
		p.functionBody(true, false)
		p.B.Close(m, nGetterDeclaration, 0)
	case "set":
		p.LeafAs(tWord)
		p.ident()
		p.formalParameters()
		p.functionBody(true, false)
		p.B.Close(m, nSetterDeclaration, 0)
	default:
		p.LeafAs(tWord)
		p.operatorName()
		p.formalParameters()
		p.functionBody(true, false)
		p.B.Close(m, nOperatorDeclaration, 0)
	}
	return true
}

// isOperator reports whether k can follow the word operator.
func isOperator(k grammars.Kind) bool {
	switch k {
	case tEq, tLT, tLE, tGT, tShl, tPlus, tMinus, tStar, tSlash, tPercent, tTildeSlash, tCaret, tAmp, tPipe, tTilde, tLBrack:
		return true
	}
	return false
}

// operatorName parses the operator of an operator declaration: ==, [],
// []=, >>, >>>, >=, unary -, ~.
func (p *parser) operatorName() {
	switch p.Kind {
	case tLBrack:
		p.Leaf()
		p.Expect(tRBrack)
		if p.Kind == tAssign && p.Tok.Offset == p.End {
			p.Leaf()
		}
	case tGT:
		p.Leaf()
		for i := 0; i < 2 && p.Kind == tGT && p.Tok.Offset == p.End; i++ {
			p.Leaf()
		}
		if p.Kind == tAssign && p.Tok.Offset == p.End {
			p.Leaf()
		}
	default:
		p.Leaf()
	}
}

// hasType reports whether a type starts at the current token, followed
// by the name of what is declared: int x, List<int> xs, void f(), and
// not x = 1, f(), x.y.
func (p *parser) hasType() bool {
	switch p.Kind {
	case kwVoid:
		return true
	case tLParen:
		return p.Lookahead(func() bool { p.typ(); return p.Kind == tIdent })
	case tIdent:
	default:
		return false
	}
	switch p.Peek(1) {
	case tIdent:
		return true
	case tLParen, tAssign, tSemi, tComma, tRParen, tRBrace, tColon, tArrow, tLBrace, tEOF:
		return false
	}
	return p.Lookahead(func() bool { p.typ(); return p.Kind == tIdent })
}

// declarators parses a, b = 1, c.
func (p *parser) declarators() {
	p.Separated(tComma, p.declarator)
}

func (p *parser) declarator() {
	m := p.B.Mark()
	p.ident()
	p.declaratorRest(m)
}

// declaratorRest parses = value after a declared name, and closes the
// declarator at m.
func (p *parser) declaratorRest(m int) {
	if p.Got(tAssign) {
		p.expr()
	}
	p.B.Close(m, nVariableDeclarator, 0)
}

// nameOrNew pushes a constructor's or a member's name after a dot: an
// identifier, or new (A.new).
func (p *parser) nameOrNew(k grammars.Kind) {
	if p.Kind == kwNew {
		p.Leaf()
		return
	}
	p.IdentAs(k)
}

// dotName parses .name or .new after a class or a type, a named
// constructor's, when there is one.
func (p *parser) dotName() {
	if p.Got(tDot) {
		p.nameOrNew(tFieldIdent)
	}
}

// constructorName parses A or A.b, the name of a constructor.
func (p *parser) constructorName() {
	m := p.B.Mark()
	p.ident()
	if p.Got(tDot) {
		p.nameOrNew(tFieldIdent)
		p.B.Close(m, nConstructorName, 0)
	}
}

// constructor parses A.b(params) : initializers { body } after its
// modifiers, and closes it at m.
func (p *parser) constructor(m int) {
	p.constructorName()
	p.formalParameters()
	if p.Kind == tColon {
		p.initializers()
	}
	p.functionBody(true, false)
	p.B.Close(m, nConstructorDeclaration, 0)
}

// factory parses factory A.b(params) { body }, => e; or = C.d; after its
// modifiers, and closes it at m.
func (p *parser) factory(m int) {
	p.word("factory")
	p.constructorName()
	p.formalParameters()
	if p.Kind == tAssign {
		p.Prefix(nRedirection, func() {
			p.typ()
			p.dotName()
			p.Semi(tSemi, tRBrace)
		})
	} else {
		p.functionBody(true, false)
	}
	p.B.Close(m, nFactoryConstructor, 0)
}

// initializers parses : a = 1, this.b = c, super.x(d), this(e), assert(f).
func (p *parser) initializers() {
	p.Prefix(nInitializers, func() {
		p.Separated(tComma, p.initializer)
	})
}

func (p *parser) initializer() {
	switch {
	case p.Kind == kwSuper:
		p.Prefix(nSuperInitializer, p.redirectArgs)
	case p.Kind == kwThis && (p.Peek(1) == tLParen || p.Peek(1) == tDot && p.Peek(3) == tLParen):
		p.Prefix(nThisInitializer, p.redirectArgs)
	case p.Kind == kwAssert:
		p.Prefix(nAssertInitializer, p.assertArgs)
	default:
		p.Node(nFieldInitializer, p.fieldInitializer)
	}
}

// redirectArgs parses .name(args) or (args) after super or this.
func (p *parser) redirectArgs() {
	p.dotName()
	p.arguments()
}

// fieldInitializer parses this.a = e or a = e.
func (p *parser) fieldInitializer() {
	if p.Got(kwThis) {
		p.Expect(tDot)
	}
	p.IdentAs(tFieldIdent)
	p.Expect(tAssign)
	p.exprNoCascade()
	for p.Kind == tDotDot || p.Kind == tQDotDot {
		p.cascadeSection() // a = b..c is allowed in an initializer
	}
}

// assertArgs parses (cond) or (cond, message), with a trailing comma.
func (p *parser) assertArgs() {
	p.Expect(tLParen)
	p.expr()
	if p.Got(tComma) && p.Kind != tRParen {
		p.expr()
		p.Got(tComma)
	}
	p.Expect(tRParen)
}

// functionBody parses a function's body: a block, => e; (=> e in an
// expression), or, where semi allows it, the ; of one with none; with
// async, async* or sync* before it.
func (p *parser) functionBody(semi, inExpr bool) {
	m := p.B.Mark()
	marked := false
	if p.IsWord("async") || p.IsWord("sync") {
		if p.Peek(1) == tStar || p.Peek(1) == tLBrace || p.Peek(1) == tArrow {
			p.LeafAs(tWord)
			p.Got(tStar)
			marked = true
		}
	}
	switch {
	case p.Kind == tArrow:
		p.Leaf()
		p.expr()
		if !inExpr {
			p.Semi(tSemi, tRBrace)
		}
		p.B.Close(m, nFunctionBody, 0)
	case p.Kind == tLBrace:
		p.block()
		if marked {
			p.B.Close(m, nFunctionBody, 0)
		}
	case semi && !marked && (p.Kind == tSemi || p.Pattern && (p.Kind == tEOF || p.Kind == tRBrace)):
		p.Semi(tSemi, tRBrace)
	case semi && p.IsWord("native"):
		p.LeafAs(tWord) // the SDK's own native "name";
		if p.Kind == tString {
			p.Leaf()
		}
		p.Semi(tSemi, tRBrace)
	default:
		p.ErrorExpected("function body")
	}
}

// Parameters.

// formalParameters parses (a, int b, [c = 1], {required d}).
func (p *parser) formalParameters() {
	p.Enter()
	p.parameters(p.formalParameter)
	p.Leave()
}

// parameters parses the ( … ) of a function or a function type, each
// parameter with param, the optional ones in a last [ ] or { } group.
func (p *parser) parameters(param func()) {
	p.Node(nFormalParameters, func() {
		p.Expect(tLParen)
		for p.Kind != tRParen && p.Kind != tEOF {
			if p.Kind == tLBrack || p.Kind == tLBrace {
				p.optionalParameters(param)
				break
			}
			param()
			if !p.Got(tComma) {
				break
			}
		}
		p.Expect(tRParen)
	})
}

// optionalParameters parses [a, b = 1] or {a, required b}, each
// parameter with param: a function's or a function type's.
func (p *parser) optionalParameters(param func()) {
	close, kind := tRBrack, nOptionalParameters
	if p.Kind == tLBrace {
		close, kind = tRBrace, nNamedParameters
	}
	p.Prefix(kind, func() {
		p.List(tComma, close, param)
		p.Expect(close)
	})
}

// formalParameter parses @a required covariant final int this.x = 1,
// and the function-typed void f(int x)?.
func (p *parser) formalParameter() {
	p.annotations()
	m := p.B.Mark()
	for p.Kind == tIdent && (p.Tok.Text == "required" || p.Tok.Text == "covariant") && p.Peek(1) != tComma && p.Peek(1) != tRParen && p.Peek(1) != tAssign && p.Peek(1) != tRBrace && p.Peek(1) != tColon && p.Peek(1) != tRBrack && p.Peek(1) != tLParen {
		p.LeafAs(tWord)
	}
	if p.Kind == kwFinal || p.Kind == kwVar || p.Kind == kwConst {
		p.Leaf()
	}
	if p.Kind != kwThis && p.Kind != kwSuper && p.paramHasType() {
		p.typ()
	}
	switch p.Kind {
	case kwThis, kwSuper:
		p.Leaf()
		p.Expect(tDot)
		p.ident()
	default:
		p.ident()
	}
	if p.Kind == tLParen || p.Kind == tLT {
		p.optTypeParameters()
		p.formalParameters()
		p.Got(tQuestion)
	}
	p.defaultValue()
	p.B.Close(m, nFormalParameter, 0)
}

// defaultValue parses a parameter's = value, or the old : value.
func (p *parser) defaultValue() {
	if p.Kind == tAssign || p.Kind == tColon {
		p.Prefix(nDefaultValue, p.expr)
	}
}

// paramHasType reports whether a parameter's type comes before its name.
func (p *parser) paramHasType() bool {
	switch p.Kind {
	case kwVoid, tLParen:
		return true
	case tIdent:
		switch p.Peek(1) {
		case tComma, tRParen, tRBrack, tRBrace, tAssign, tColon, tLParen:
			return false
		case tLT:
			// f<T>(x): a generic function-typed parameter, or a type's arguments
			return !p.Lookahead(func() bool { p.typeParameters(); return p.Kind == tLParen })
		}
		return true
	}
	return false
}
