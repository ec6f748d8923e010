package c

import (
	"github.com/agenttools/agenttools/grammars"
)

// Declarations.

// topItem parses one top-level item: a declaration, a function's
// definition, a macro call standing where a declaration should.
func (p *parser) topItem() {
	if p.cxx {
		p.cxxTopItem()
		return
	}
	switch p.Kind {
	case tSemi:
		p.Next() // a stray ;
		return
	case kwStaticAssert:
		p.staticAssert()
		return
	case kwAsm:
		p.asmStatement()
		return
	case kwExtern:
		if p.Peek(1) == tString && p.Peek(2) == tLBrace {
			p.linkage()
			return
		}
	case tIdent:
		if p.macroItem() || p.macroFallback(func() { p.declaration(true) }) {
			return
		}
	}
	p.declaration(true)
}

// krAhead reports whether the name and ( at the current token begin an
// old definition with no type, f(a, b) int a; char *b; { … }: names in
// the parentheses, then declarations up to a {.
func (p *parser) krAhead() bool {
	return p.Lookahead(func() bool {
		p.Next()
		p.Next()
		for p.Kind == tIdent {
			p.Next()
			if !p.Got(tComma) {
				break
			}
		}
		if !p.Got(tRParen) {
			return false
		}
		for p.Kind != tLBrace && p.Kind != tEOF {
			p.declaration(false)
		}
		return p.Kind == tLBrace
	})
}

// linkage parses extern "C" { … }, which headers open for C++.
func (p *parser) linkage() {
	p.Prefix(nLinkageSpecification, func() {
		p.Leaf()
		p.braced(nFieldDeclarationList, p.topItem)
	})
}

// braced parses { items }, with the directive lines among them, as a
// node of kind k.
func (p *parser) braced(k grammars.Kind, item func()) {
	p.Node(k, func() {
		closing := p.partnerIndex(0)
		p.Expect(tLBrace)
		p.with(&p.recovering, p.cxx && (k == nDeclarationList || k == nFieldDeclarationList), func() {
			if p.recovering {
				p.recoveringList(item, p.partnerAt(closing), closing)
			} else {
				p.list(item, tRBrace)
			}
		})
		p.Expect(tRBrace)
	})
}

// list parses items up to end, with the directive lines among them.
func (p *parser) list(item func(), end grammars.Kind) {
	stop := func() bool { return p.Kind == end || p.Kind == tEOF }
	for {
		p.pending(item, stop, false)
		if stop() {
			return
		}
		p.Enter()
		p.guarded(item)
		p.Leave()
	}
}

// A specs says what declaration specifiers held.
type specs struct {
	typedef, typ, any bool
}

// specifiers parses a declaration's specifiers: storage classes,
// qualifiers, attributes, and its type (a keyword's, a struct, union or
// enum, typeof, a typedef's name).
func (p *parser) specifiers() specs {
	var s specs
	for {
		switch p.Kind {
		case kwTypedef:
			s.typedef = true
			p.Leaf()
		case kwExtern, kwStatic, kwAuto, kwRegister, kwThreadLocal, kwInline, kwNoreturn, kwExtension,
			kwConst, kwVolatile, kwRestrict:
			p.Leaf()
		case kwAtomic:
			p.Leaf()
			if p.Kind == tLParen {
				p.parenType()
				s.typ = true
			}
		case kwAttribute, kwDeclspec:
			p.attribute()
		case kwAlignas:
			p.Leaf()
			p.balanced()
		case kwVoid, kwChar, kwShort, kwInt, kwLong, kwFloat, kwDouble, kwSigned, kwUnsigned, kwBool, kwComplex, kwImaginary, kwAutoType, kwInt128:
			// A run of type words, unsigned long int, is one type, a
			// sized_type_specifier, so $T binds it whole.
			m := p.B.Mark()
			n := 0
			for isTypeWord(p.Kind) {
				p.Leaf()
				n++
			}
			if n > 1 {
				p.B.Close(m, nSizedTypeSpecifier, 0)
			}
			s.typ = true
		case kwStruct, kwUnion, kwEnum:
			p.structSpecifier()
			s.typ = true
		case kwTypeof:
			p.Prefix(nTypeofSpecifier, p.typeofOperand)
			s.typ = true
		case tIdent:
			switch {
			case p.IsWord("alignas") && p.Peek(1) == tLParen && !p.typedefs[p.Tok.Text]:
				p.Leaf() // C23's keyword, <stdalign.h>'s macro before it: _Alignas
				p.balanced()
			case s.typ && macroLike(p.Tok.Text) && !p.typedefs[p.Tok.Text] && (p.Peek(1) == tIdent || p.Peek(1) == tStar),
				s.typ && !p.typedefs[p.Tok.Text] && p.Peek(1) == tStar:
				p.Leaf() // an attribute's macro after the type: int SQLITE_NOINLINE f(void); XColor _Xconst *
			case s.typ && p.wantType && p.objectMacro(p.Tok.Text) && (p.Peek(1) == tRParen || p.Peek(1) == tStar):
				p.Leaf() // (unsigned WIDE_INT): a macro the file defines, in a type name
			case s.typ && p.Peek(1) == tLParen && p.attributeMacroAhead():
				p.Prefix(nAttributeSpecifier, p.balanced) // void _X_ATTRIBUTE_PRINTF(2, 3) f(…)
			case s.typ:
				return s
			case p.Peek(1) == tIdent && !p.typedefs[p.Tok.Text] && (p.typedefs[p.tok(1).Text] || p.Peek(2) == tIdent || p.Peek(2) == tStar || isSpecifier(p.Peek(2))),
				isMacroName(p.Tok.Text) && !p.typedefs[p.Tok.Text] && isSpecifier(p.Peek(1)):
				p.Leaf() // a macro before the type: SQLITE_PRIVATE u32 x;
			case p.Peek(1) == tIdent && p.Peek(2) == tLParen && macroLike(p.Tok.Text) &&
				!p.typedefs[p.Tok.Text] && !p.typedefs[p.tok(1).Text] && p.Lookahead(func() bool { p.Next(); return p.macroTypeAhead() }):
				p.Leaf() // an attribute's macro before a macro's type: __owur STACK_OF(T) *f(void);
			case !p.typedefs[p.Tok.Text] && p.Peek(1) == tLParen && p.macroTypeAhead():
				p.macroType() // NCURSES_EXPORT(int) addch(…), FT_EXPORT( void ) f(…)
				s.typ = true
			case p.objectMacro(p.Tok.Text) && isSpecifier(p.Peek(1)):
				p.Leaf() // #define vector __attribute__((…)), then vector float v;
			case !s.typ && p.fnMacro(p.Tok.Text) && p.Peek(1) == tLParen && p.definedTypeAhead():
				p.Prefix(nMacroTypeSpecifier, p.balanced) // #define vector(n, T) …, then vector(4, float) v;
				s.typ = true
			case p.identIsType():
				p.LeafAs(tTypeIdent)
				s.typ = true
			case isSpecifier(p.Peek(1)) && !p.typedefs[p.Tok.Text]:
				p.Leaf() // a macro standing for an attribute: EXPORT int f();
			default:
				return s
			}
		default:
			return s
		}
		s.any = true
	}
}

// typeofOperand parses typeof's (type) or (expression).
func (p *parser) typeofOperand() {
	p.Expect(tLParen)
	if isSpecifier(p.Kind) || p.Kind == tIdent && p.typedefs[p.Tok.Text] {
		p.typeName()
	} else {
		p.expr()
	}
	p.Expect(tRParen)
}

// isTypeWord reports whether a token of kind k is a keyword of a
// primitive type.
func isTypeWord(k grammars.Kind) bool {
	switch k {
	case kwVoid, kwChar, kwShort, kwInt, kwLong, kwFloat, kwDouble, kwSigned, kwUnsigned, kwBool, kwComplex, kwImaginary, kwAutoType, kwInt128:
		return true
	}
	return false
}

// identIsType reports whether the name at the current token, with no type
// before it, is the declaration's type: a typedef's name, or an unknown
// name followed by what can only be a declarator (T x, T *x, T (*f)(),
// T const x).
func (p *parser) identIsType() bool {
	if p.typedefs[p.Tok.Text] || p.wantType {
		return true
	}
	switch p.Peek(1) {
	case tIdent, tStar:
		return true
	case tLParen:
		if p.Peek(2) == tStar {
			return true // T (*f)(…)
		}
		// T (API *f)(…), T (APIP f)(…); but f (FILE *fp) is a
		// declarator, with no ( after its )
		return p.convention(2) && (p.Peek(3) == tStar || p.Peek(3) == tIdent && p.Peek(4) == tRParen) &&
			p.afterPartner(1).Kind == tLParen
	case kwConst, kwVolatile, kwRestrict:
		// T const x, but FcPublic const FcChar8 *f: past the
		// qualifiers, a type or a name before a declarator shows the
		// name is a macro.
		n := 1
		for n < 6 && (p.Peek(n) == kwConst || p.Peek(n) == kwVolatile || p.Peek(n) == kwRestrict) {
			n++
		}
		switch k := p.Peek(n); {
		case isSpecifier(k):
			return false
		case k == tIdent:
			// and __owur const STACK_OF(T) *f: a macro's type
			return p.Peek(n+1) != tIdent && p.Peek(n+1) != tStar && p.Peek(n+1) != tLParen && !p.typedefs[p.tok(n).Text]
		}
		return true
	}
	return false
}

// isSpecifier reports whether a token of kind k is a specifier keyword.
func isSpecifier(k grammars.Kind) bool {
	switch k {
	case kwTypedef, kwExtern, kwStatic, kwAuto, kwRegister, kwThreadLocal, kwInline, kwNoreturn, kwExtension,
		kwConst, kwVolatile, kwRestrict, kwAtomic, kwAttribute, kwDeclspec, kwAlignas, kwStruct, kwUnion, kwEnum, kwTypeof:
		return true
	}
	return isTypeKeyword(k)
}

// isTypeKeyword reports whether k is a keyword that names a type.
func isTypeKeyword(k grammars.Kind) bool {
	switch k {
	case kwVoid, kwChar, kwShort, kwInt, kwLong, kwFloat, kwDouble, kwSigned, kwUnsigned, kwBool, kwComplex, kwImaginary, kwAutoType, kwInt128:
		return true
	}
	return false
}

// declaration parses a declaration, or, at the top level, a function's
// definition (K&R's included).
func (p *parser) declaration(top bool) {
	if p.cxx {
		ctx := ctxBlock
		if top {
			ctx = ctxTop
		}
		p.cxxDeclarationBody(nDeclaration, ctx)
		return
	}
	p.declarationTo(top, true)
}

// declarationTo parses a declaration; semi says it ends with its ;, which
// is then no leaf, as a statement's is not. A for's declaration leaves
// its ; to the for, a leaf there as after an expression, so that
// for ($I; $C; $S) finds for (int i = 0; …).
func (p *parser) declarationTo(top, semi bool) {
	m := p.B.Mark()
	s := p.specifiers()
	if !s.any && !(top && p.Kind == tIdent) {
		p.ErrorExpected("declaration")
	}
	kind := nDeclaration
	if s.typedef {
		kind = nTypeDefinition
	}
	if p.Kind == tSemi || p.Pattern && p.Kind == tEOF && s.typ {
		if semi {
			p.Semi(tSemi, tRBrace) // struct S { … };
		}
		p.B.Close(m, kind, 0)
		return
	}
	d := p.B.Mark()
	isFunc := p.declarator(false, false)
	if isFunc && (p.Kind == kwAttribute || p.Kind == kwDeclspec || p.Kind == kwAsm || p.Kind == tIdent && p.tailMacro()) {
		p.declaratorTail() // f(void) __THROW: attributes, no K&R declarations
	}
	if isFunc && !s.typedef && (p.Kind == tLBrace || top && p.Kind != tSemi && p.Kind != tComma && p.Kind != tAssign && isSpecifier(p.Kind) || top && p.Kind == tIdent) {
		p.declaratorTail()
		if p.Kind != tLBrace {
			k := p.B.Mark()
			for p.Kind != tLBrace && p.Kind != tEOF {
				p.declaration(false) // int a; char *b; of a K&R definition
			}
			p.B.Close(k, nKRParameters, 0)
		}
		p.compound()
		p.B.Close(m, nFunctionDefinition, 0)
		return
	}
	p.initRest(d, s.typedef)
	for p.Got(tComma) {
		d := p.B.Mark()
		p.attributes() // a, __attribute__((format(printf, 1, 2))) b(const char *, ...)
		p.declarator(false, false)
		p.initRest(d, s.typedef)
	}
	if semi {
		p.Semi(tSemi, tRBrace)
	}
	p.B.Close(m, kind, 0)
}

// initRest parses what follows a declarator (attributes, an asm label,
// = and an initializer) and closes it at d; a typedef's name is
// remembered.
func (p *parser) initRest(d int, typedef bool) {
	if typedef {
		p.typedefs[p.lastName] = true
	}
	p.declaratorTail()
	if p.Got(tAssign) {
		p.initializer()
		p.B.Close(d, nInitDeclarator, 0)
	}
}

// declaratorTail parses the attributes and the asm label after a
// declarator.
func (p *parser) declaratorTail() {
	for {
		switch p.Kind {
		case kwAttribute, kwDeclspec:
			p.attribute()
		case kwAsm:
			p.asm()
		case tIdent:
			if !p.tailMacro() {
				return
			}
			// an attribute's macro after a declarator: f(void) _X_SENTINEL(0);
			p.Prefix(nAttributeSpecifier, func() {
				if p.Kind == tLParen {
					p.balanced()
				}
			})
		default:
			return
		}
	}
}

// declarator parses a declarator (*p, a[3], f(int), (*fp)(void)), or an
// abstract one in a type name when abstract, and reports whether it
// declares a function. A field's name is a field_identifier.
func (p *parser) declarator(abstract, field bool) (isFunc bool) {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	if p.Kind == tStar {
		p.Leaf()
		p.qualifiers()
		names := p.names
		inner := p.declarator(abstract, field)
		k := nPointerDeclarator
		if abstract && p.names == names {
			k = nAbstractPointerDeclarator // int *, not int *a
		}
		p.B.Close(m, k, 0)
		return inner
	}
	// wrapped: a name alone in parentheses, (sprintf) (char *buf, …),
	// is a function's name as it is bare
	named, nested, wrapped := false, false, false
	switch {
	case p.Kind == tIdent && p.Peek(1) == tLParen && p.Peek(2) == tIdent && p.Peek(3) == tLParen && !p.typedefs[p.Tok.Text] && p.afterPartner(3).Kind == tRParen:
		// __NTH (tolower (int c)): a macro around the declarator
		p.Leaf()
		p.Leaf()
		isFunc = p.declarator(abstract, field)
		nested = true
		p.Expect(tRParen)
		p.B.Close(m, nParenthesizedDeclarator, 0)
	case p.Kind == tIdent && p.Peek(1) == tLParen && isMacroName(p.Tok.Text) && !field && p.afterPartner(1).Kind == tLParen:
		// NCURSES_SP_NAME(new_form) (SCREEN *): a macro that makes the name
		p.names++
		p.IdentAs(tIdent)
		p.macroArguments()
		p.B.Close(m, nMacroCall, 0)
		named = true
	case p.Kind == tIdent:
		p.lastName = p.Tok.Text
		p.names++
		if field {
			p.LeafAs(tFieldIdent)
		} else {
			p.Leaf()
		}
		named = true
	case p.Kind == tLParen && (!abstract || p.nestedAhead()):
		p.Leaf()
		p.attributes()
		if p.convention(0) && (p.Peek(1) == tStar || p.Peek(1) == tIdent) {
			p.Leaf() // (SQLITE_CDECL *f), (EGLAPIENTRYP f), (__stdcall f)
		}
		wrapped = p.Kind == tIdent && p.Peek(1) == tRParen
		isFunc = p.declarator(abstract, field) // void (*f(int))(void) is f's
		nested = true
		p.Expect(tRParen)
		p.B.Close(m, nParenthesizedDeclarator, 0)
	case abstract:
	default:
		p.ErrorExpected("declarator")
	}
	for {
		switch p.Kind {
		case tLBrack:
			p.Leaf()
			p.qualifiersOf(false)
			p.Got(kwStatic)
			p.qualifiersOf(false)
			if p.Kind == tIdent && p.Peek(1) == tIdent { // no expression is a name before a name
				p.Leaf() // a qualifier's macro: [_Restrict_arr_ _REGEX_NELTS (n)]
			}
			if p.Kind == tStar && p.Peek(1) == tRBrack {
				p.Leaf() // [*]
			} else if p.Kind != tRBrack {
				p.assignment()
			}
			p.Expect(tRBrack)
			k := nArrayDeclarator
			if !named && abstract {
				k = nAbstractArrayDeclarator
			}
			p.B.Close(m, k, 0)
			isFunc, wrapped = isFunc && nested, false
		case tLParen:
			if !named || !macroLike(p.lastName) || !p.Try(p.parameters) {
				// __REDIRECT (name, (params), alias): a macro's
				// arguments, where the parameters would be
				if named && macroLike(p.lastName) {
					p.macroArguments()
				} else {
					p.parameters()
				}
			}
			k := nFunctionDeclarator
			if !named && abstract {
				k = nAbstractFunctionDeclarator
			}
			p.B.Close(m, k, 0)
			isFunc = named || wrapped || isFunc && nested
			named, wrapped = false, false
		case tIdent:
			if !named && !nested || !isMacroName(p.Tok.Text) || p.Peek(1) != tLParen || p.Peek(2) != tLParen {
				return isFunc
			}
			// zlibVersion OF((void)), (*alloc_func) OF((voidpf opaque)):
			// a macro around the parameters
			p.Leaf()
			p.Leaf()
			p.parameters()
			p.Expect(tRParen)
			p.B.Close(m, nFunctionDeclarator, 0)
			isFunc, named = true, false
		default:
			return isFunc
		}
	}
}

// nestedAhead reports whether the ( at the current token, in an abstract
// declarator, nests one ((*)(int)) rather than holding parameters.
func (p *parser) nestedAhead() bool {
	switch p.Peek(1) {
	case tStar, tLParen, tLBrack, kwAttribute:
		return true
	case tIdent:
		return !p.typedefs[p.tok(1).Text] && (p.Peek(2) == tRParen || p.Peek(2) == tLBrack || p.Peek(2) == tLParen)
	}
	return false
}

// qualifiers parses type qualifiers and attributes after a *.
func (p *parser) qualifiers() { p.qualifiersOf(true) }

// qualifiersOf parses type qualifiers and attributes; macros says a
// name before a name or a * is a macro among them (*__cdecl f), which
// it is not in an array's brackets: a[NB*2].
func (p *parser) qualifiersOf(macros bool) {
	for {
		switch p.Kind {
		case kwConst, kwVolatile, kwRestrict, kwAtomic:
			p.Leaf()
		case kwAttribute, kwDeclspec:
			p.attribute()
		case tIdent:
			if !macros || p.typedefs[p.Tok.Text] || !macroLike(p.Tok.Text) || p.Peek(1) != tIdent && p.Peek(1) != tStar {
				return // not *result TCL_DEPRECATED("…")
			}
			p.Leaf() // a calling convention's macro: *__cdecl f
		default:
			return
		}
	}
}

// attributes parses __attribute__((…)) specifiers.
func (p *parser) attributes() {
	for p.Kind == kwAttribute || p.Kind == kwDeclspec {
		p.attribute()
	}
}

// attribute parses __attribute__((…)) or __declspec(…), its arguments as
// tokens.
func (p *parser) attribute() { p.Prefix(nAttributeSpecifier, p.balanced) }

// asmStatement parses asm(…); where a statement or a declaration stands.
func (p *parser) asmStatement() {
	p.Node(nExpressionStatement, func() {
		p.asm()
		p.Semi(tSemi, tRBrace)
	})
}

// asm parses asm volatile goto ( … ), its operands as tokens.
func (p *parser) asm() {
	p.Prefix(nAsmStatement, func() {
		for p.Kind == kwVolatile || p.Kind == kwInline || p.Kind == kwGoto {
			p.Leaf()
		}
		p.balanced()
	})
}

// parameters parses (int a, char *b, ...), (void), and K&R's (a, b).
func (p *parser) parameters() {
	saved := p.inParams
	p.inParams = true
	defer func() { p.inParams = saved }()
	p.Delimited(nParameterList, tLParen, tComma, tRParen, p.parameter)
}

// parameter parses a parameter's declaration, a K&R parameter's name, or
// the ... of a variadic function.
func (p *parser) parameter() {
	if p.cxx {
		p.cxxParameter()
		return
	}
	if p.Kind == tEllipsis {
		p.Leaf()
		return
	}
	if p.Kind == tIdent && !p.typedefs[p.Tok.Text] && (p.Peek(1) == tComma || p.Peek(1) == tRParen) {
		p.Leaf() // a K&R parameter's name
		return
	}
	p.Node(nParameterDeclaration, func() {
		if s := p.specifiers(); !s.any {
			p.ErrorExpected("parameter")
		}
		if p.Kind != tComma && p.Kind != tRParen {
			p.declarator(true, false)
			p.declaratorTail()
		}
	})
	p.macrosAfter() // f(int a X_PDECL)
}

// macrosAfter pushes the names after a parameter or an argument that
// stand for more of them, macros: f(int a X_PDECL), f(a X_PARAM).
func (p *parser) macrosAfter() {
	for p.Kind == tIdent && (p.Peek(1) == tRParen || p.Peek(1) == tComma) {
		p.Leaf()
	}
}

// parenType parses ( type name ).
func (p *parser) parenType() { p.inParens(p.typeName) }

// typeName parses a type name: specifiers and an abstract declarator.
// It counts a level: a type name's specifiers may hold type names
// (typeof(typeof(…)), _Atomic(_Atomic(…)), API(API(…))).
func (p *parser) typeName() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	if p.cxx {
		if s := p.cxxSpecifiers(ctxType); !s.any {
			p.ErrorExpected("type")
		}
		switch p.Kind {
		case tStar, tAmp, tAndAnd, tLParen, tLBrack, tIdent:
			if p.Kind == tLBrack && p.Peek(1) == tLBrack || p.Kind == tIdent && !p.memberPointerAt(p.index()) {
				break
			}
			p.cxxDeclarator(ctxType, true) // *, &, (*)(int), [3], C::*
		}
		p.B.Close(m, nTypeDescriptor, 0)
		return
	}
	var s specs
	p.with(&p.wantType, true, func() { s = p.specifiers() })
	if !s.any {
		p.ErrorExpected("type")
	}
	if p.Kind == tStar || p.Kind == tLParen || p.Kind == tLBrack {
		p.declarator(true, false)
	}
	p.B.Close(m, nTypeDescriptor, 0)
}

// structSpecifier parses struct, union or enum with its name, its body,
// or both.
func (p *parser) structSpecifier() {
	m := p.B.Mark()
	kind := map[grammars.Kind]grammars.Kind{kwStruct: nStructSpecifier, kwUnion: nUnionSpecifier, kwEnum: nEnumSpecifier}[p.Kind]
	enum := p.Kind == kwEnum
	p.Leaf()
	p.attributes()
	named := false
	if p.Kind == tIdent {
		p.LeafAs(tTypeIdent)
		named = true
	}
	if enum && p.Kind == tColon {
		p.Leaf()
		p.typeName()
	}
	switch {
	case p.Kind == tLBrace && enum:
		p.braced(nEnumeratorList, p.enumerator)
	case p.Kind == tLBrace:
		p.braced(nFieldDeclarationList, p.field)
	case !named:
		p.ErrorExpected("'{'")
	}
	p.attributes()
	p.B.Close(m, kind, 0)
}

// enumerator parses A, B = 2, with its comma.
func (p *parser) enumerator() {
	if p.Kind == tIdent && p.Peek(1) == tLParen {
		// a macro that stands for enumerators, or names one
		p.Node(nMacroCall, func() {
			p.IdentAs(tIdent)
			p.macroArguments()
		})
		p.enumValue()
	} else {
		p.Node(nEnumerator, func() {
			p.IdentAs(tIdent)
			p.attributes()
			p.enumValue()
		})
	}
	p.listComma()
}

// enumValue parses an enumerator's = value, if it has one.
func (p *parser) enumValue() {
	if p.Got(tAssign) {
		p.assignment()
	}
}

// listComma ends an element of an enumerator or initializer list: with
// a comma, or none before the } or before a directive line (the last
// element of a conditional's branch, whose other branch goes on).
func (p *parser) listComma() {
	if p.Got(tComma) || p.Kind == tRBrace {
		return
	}
	if _, ok := p.nextPending(); !ok {
		p.ErrorExpected("','")
	}
}

// field parses a struct's field declaration: int a, *b, c : 3;
func (p *parser) field() {
	switch p.Kind {
	case tSemi:
		p.Next()
		return
	case kwStaticAssert:
		p.staticAssert()
		return
	}
	m := p.B.Mark()
	if p.Pattern && p.Kind == tIdent && grammars.IsMetavar(p.Tok.Text) {
		switch p.Peek(1) {
		case tSemi, tRBrace, tEOF:
			p.Leaf() // a pattern's $$$F among the fields
			p.Semi(tSemi, tRBrace)
			return
		}
	}
	if p.Kind == tIdent && !p.typedefs[p.Tok.Text] {
		next := p.PeekTok(1)
		switch {
		case next.Kind == tSemi:
			p.Leaf() // a macro that stands for fields: __GLX_RENDER_HDR;
			p.Semi(tSemi, tRBrace)
			p.B.Close(m, nMacroCall, 0)
			return
		case isMacroName(p.Tok.Text) && next.Line > p.Tok.Line && next.Kind != tStar && next.Kind != tLParen,
			p.objectMacro(p.Tok.Text) && next.Kind != tStar && next.Kind != tLParen && next.Kind != tIdent:
			p.Leaf() // the same with no ;, alone on its line
			p.B.Close(m, nMacroCall, 0)
			return
		case p.macroFallback(p.fieldDeclaration):
			return // __DECLARE_FLEX_ARRAY(T, a);
		}
	}
	p.fieldDeclaration()
}

// fieldDeclaration parses a field's declaration: int a, *b, c : 3;
func (p *parser) fieldDeclaration() {
	m := p.B.Mark()
	if p.Kind == tIdent && p.Peek(1) == tColon {
		p.LeafAs(tTypeIdent) // __u8 :8; a typedef's padding
	} else if s := p.specifiers(); !s.any {
		p.ErrorExpected("field")
	}
	for p.Kind != tSemi && !(p.Pattern && (p.Kind == tEOF || p.Kind == tRBrace)) {
		if p.Kind != tColon {
			p.declarator(false, true)
		}
		if p.Kind == tColon {
			p.Prefix(nBitfieldClause, p.conditional)
		}
		p.declaratorTail()
		if !p.Got(tComma) {
			break
		}
	}
	if p.Kind != tRBrace { // the last field's ; may be left out: struct { int a };
		p.Semi(tSemi, tRBrace)
	}
	p.B.Close(m, nFieldDeclaration, 0)
}

// staticAssert parses _Static_assert(e, "message");
func (p *parser) staticAssert() {
	p.Prefix(nStaticAssert, func() {
		p.Expect(tLParen)
		p.assignment()
		if p.Got(tComma) {
			if p.Kind == tString || p.Kind == tRawString {
				p.strings()
			} else {
				p.assignment() // a pattern's $M, a macro's message
			}
		}
		p.Expect(tRParen)
		p.Semi(tSemi, tRBrace)
	})
}

// initializer parses an expression or { designated, initializers }.
func (p *parser) initializer() {
	if p.Kind != tLBrace {
		p.assignment()
		return
	}
	p.initializerList()
}

// initializerList parses { .a = 1, [2] = x, [3 ... 5] = y, { … }, }.
func (p *parser) initializerList() {
	p.Enclosed(nInitializerList, tLBrace, tRBrace, func() { p.list(p.initializerItem, tRBrace) })
}

// initializerItem parses an element of an initializer list, designated
// or not, with its comma, which goes with it for a conditional's
// branches.
func (p *parser) initializerItem() {
	d := p.B.Mark()
	designated := false
	for p.designator() {
		designated = true
	}
	switch {
	case designated:
		p.Expect(tAssign)
	case p.Kind == tIdent && p.Peek(1) == tColon: // GNU's old field: value
		p.IdentAs(tFieldIdent)
		p.Leaf()
		designated = true
	}
	p.initializer()
	if p.cxx && p.Kind == tEllipsis {
		p.Leaf()
		p.B.Close(d, nParameterPackExpansion, 0)
	}
	if designated {
		p.B.Close(d, nInitializerPair, 0)
	}
	p.listComma()
}

// designator parses .f, [i] or GNU's [a ... b], and reports whether
// there was one.
func (p *parser) designator() bool {
	switch p.Kind {
	case tDot:
		p.Prefix(nFieldDesignator, func() { p.IdentAs(tFieldIdent) })
	case tLBrack:
		if p.cxx {
			return false // a lambda: [x] { … }
		}
		p.Prefix(nSubscriptDesignator, func() {
			p.constantRange()
			p.Expect(tRBrack)
		})
	default:
		return false
	}
	return true
}
