package c

import "github.com/agenttools/agenttools/grammars"

// C++'s declarations: specifiers, declarators, classes, functions.

// A declCtx says where a declaration stands.
type declCtx int

const (
	ctxTop    declCtx = iota // a namespace's, or the file's
	ctxMember                // a class's
	ctxBlock                 // a statement's
	ctxFor                   // a for's or a condition's, with no ;
	ctxType                  // a type name's: specifiers only
	ctxParam                 // a parameter's
)

// local reports whether ctx is a statement's, where T x(a) defines x.
func (ctx declCtx) local() bool { return ctx == ctxBlock || ctx == ctxFor }

// cxxSpecifiers parses a C++ declaration's specifiers and its type.
func (p *parser) cxxSpecifiers(ctx declCtx) specs {
	var s specs
	for {
		switch p.Kind {
		case kwTypedef:
			s.typedef = true
			p.Leaf()
		case kwVirtual:
			if ctx != ctxMember {
				p.Errorf("virtual stands in a class")
			}
			p.Leaf()
		case kwExtern, kwStatic, kwRegister, kwThreadLocal, kwInline, kwMutable, kwConstexpr, kwFriend,
			kwConsteval, kwConstinit, kwExtension, kwNoreturn, kwConst, kwVolatile, kwRestrict:
			p.Leaf()
		case kwExplicit:
			p.Prefix(nExplicitFunctionSpecifier, func() {
				if p.Kind == tLParen {
					p.parenthesizedExpr()
				}
			})
		case kwAtomic:
			p.Leaf()
			if p.Kind == tLParen {
				p.parenType()
				s.typ = true
			}
		case kwAttribute, kwDeclspec, kwAlignas:
			p.cxxAttributes()
		case tLBrack:
			if p.Peek(1) != tLBrack {
				return s
			}
			p.cxxAttributes()
		case kwVoid, kwChar, kwShort, kwInt, kwLong, kwFloat, kwDouble, kwSigned, kwUnsigned, kwBool, kwComplex,
			kwImaginary, kwAutoType, kwInt128, kwBoolCxx, kwWcharT, kwChar8T, kwChar16T, kwChar32T:
			if s.typ && !isTypeWord(p.Kind) && !isCxxTypeWord(p.Kind) {
				return s
			}
			m := p.B.Mark()
			n := 0
			for isTypeWord(p.Kind) || isCxxTypeWord(p.Kind) {
				sign := p.Kind == kwSigned || p.Kind == kwUnsigned
				p.Leaf()
				n++
				if sign && p.Kind == tIdent && isMacroName(p.Tok.Text) && !p.typedefs[p.Tok.Text] && (p.Peek(1) == tGT || p.Peek(1) == tIdent || p.noGT && p.Peek(1) == tComma) {
					p.Leaf() // unsigned __GLIBCXX_TYPE_INT_N_0: a macro's type
					n++
				}
			}
			if n > 1 {
				p.B.Close(m, nSizedTypeSpecifier, 0)
			}
			s.typ = true
		case kwAuto:
			if s.typ {
				return s
			}
			p.Node(nPlaceholderTypeSpecifier, p.Leaf)
			s.typ = true
		case kwDecltype:
			if s.typ {
				return s
			}
			if p.afterPartner(1).Kind == tColonColon {
				p.cxxName(nameType)
			} else if p.Peek(2) == kwAuto && p.Peek(3) == tRParen {
				p.Node(nPlaceholderTypeSpecifier, p.decltype)
			} else {
				p.decltype()
			}
			s.typ = true
		case kwStruct, kwUnion, kwEnum, kwClass:
			if s.typ {
				return s
			}
			p.classSpecifier()
			s.typ = true
		case kwTypename:
			if s.typ {
				return s
			}
			p.Prefix(nDependentType, func() {
				if p.Kind == tIdent && isMacroName(p.Tok.Text) && p.Peek(1) == tLParen && p.afterPartner(1).Kind != tColonColon {
					p.Node(nMacroTypeSpecifier, func() { // typename GTEST_BIND_(T, U)
						p.IdentAs(tIdent)
						p.Node(nArgumentList, p.balanced)
					})
					return
				}
				p.cxxName(nameType)
			})
			s.typ = true
		case kwTypeof:
			p.Prefix(nTypeofSpecifier, p.typeofOperand)
			s.typ = true
		case tIdent, tColonColon:
			if !p.cxxSpecifierName(ctx, &s) {
				return s
			}
		default:
			return s
		}
		s.any = true
	}
}

// cxxSpecifierName parses a name among a declaration's specifiers, its
// type's or a macro's, and reports whether there was one; when there
// was not, the name is the declarator's.
func (p *parser) cxxSpecifierName(ctx declCtx, s *specs) bool {
	name := p.Tok.Text
	known := p.typedefs[name]
	next := p.Peek(1)
	if s.typ {
		switch {
		case p.Kind != tIdent || known:
			return false
		case macroLike(name) && (next == tIdent || next == tStar || next == tAmp || next == tColonColon && len(name) > 1 || next == kwOperator) &&
			!(ctx == ctxParam && next == tIdent && isMacroName(p.tok(1).Text) && p.Peek(2) == tLParen):
			// not int N DOCONLY(= 2), a parameter's name and a macro
			p.Leaf() // int LLVM_ATTRIBUTE_UNUSED x; T BOOST_FORCEINLINE f()
			return true
		case macroLike(name) && next == tLParen && p.attributeMacroAhead():
			p.Prefix(nAttributeSpecifier, p.balanced)
			return true
		}
		return false
	}
	if p.Kind == tIdent && !known {
		switch {
		case p.IsWord("concept"):
			return false
		case ctx == ctxType && next == tIdent && isMacroName(name):
			p.Leaf() // BOOST_STRING_TYPENAME range_iterator<R>::type
			return true
		case ctx == ctxType && next == tLParen && isMacroName(name) && len(name) > 2 && p.afterPartner(1).Kind != tColonColon:
			// const GTEST_REMOVE_REFERENCE_AND_CONST_(T) *: a macro's type
			p.Prefix(nMacroTypeSpecifier, func() { p.Node(nArgumentList, p.balanced) })
			s.typ = true
			return true
		case next == tTilde && macroLike(name) && ctx == ctxMember,
			next == tIdent && isMacroName(name) && ctx == ctxMember && p.tok(1).Text == p.className && p.Peek(2) == tLParen,
			next == tIdent && isMacroName(name) && isMacroName(p.tok(1).Text) && !p.typedefs[p.tok(1).Text] && ctx != ctxParam &&
				isWord(p.Peek(2)),
			next == tIdent && isMacroName(name) && p.macroBeforeType(ctx),
			(isSpecifier(next) || startsDecl(next) || next == kwTypename || next == kwAuto || next == kwDecltype) && macroLike(name):
			p.Leaf() // LLVM_ABI int f(); BOOST_FORCEINLINE static T g();
			return true
		case next == tLParen && isMacroName(name) && ctx == ctxBlock && !s.typ && p.macroTypedName():
			p.Prefix(nMacroTypeSpecifier, func() { p.Node(nArgumentList, p.balanced) })
			s.typ = true
			return true
		case next == tLParen && isMacroName(name) && (ctx != ctxBlock || s.any) && ctx != ctxType && p.macroTypeCallAhead(ctx, s.any):
			p.Prefix(nMacroTypeSpecifier, func() { p.Node(nArgumentList, p.balanced) })
			s.typ = true
			return true
		case next == tLParen && macroLike(name) && !p.ctorAhead(ctx) && p.macroTypeAhead():
			p.macroType() // API(int) f(…)
			s.typ = true
			return true
		case next == tLParen && isMacroName(name) && startsDecl(p.afterPartner(1).Kind),
			next == tLParen && isMacroName(name) && p.afterPartner(1).Kind != tSemi && p.attributeMacroAhead():
			p.Prefix(nAttributeSpecifier, p.balanced) // LLVM_DEPRECATED("…") void f();
			return true
		}
	}
	if p.ctorAhead(ctx) || known && next == tLParen && p.afterPartner(1).Kind == tArrow {
		return false // a constructor, or a deduction guide: queue(C) -> queue<T>;
	}
	end := p.nameEnd(p.index())
	if end < 0 {
		return false
	}
	// const T& x(…): after a specifier, a name is the type
	if !known && ctx != ctxType && ctx != ctxParam && !s.any && !p.declaratorAt(end, ctx) {
		return false
	}
	if p.Kind == tIdent && p.Peek(1) == tLT && p.templateArgsAhead(1, true) {
		p.templates[name] = true
	}
	m := p.B.Mark()
	p.cxxName(nameType)
	// Concept auto: a constrained placeholder
	if p.Kind == kwAuto || p.Kind == kwDecltype && p.Peek(2) == kwAuto {
		if p.Kind == kwAuto {
			p.Leaf()
		} else {
			p.decltype()
		}
		p.B.Close(m, nPlaceholderTypeSpecifier, 0)
	}
	s.typ = true
	return true
}

// macroTypeCallAhead reports whether the macro's call at the current
// token stands for a declaration's type: BOOST_ASIO_MOVE_ARG(T)... xs,
// API(T)& operator<<(…), RESULT(H, void(E))\n f(…).
func (p *parser) macroTypeCallAhead(ctx declCtx, afterSpecifier bool) bool {
	q := p.partnerAt(p.idx(1))
	if q < 0 {
		return false
	}
	after := p.nextIdx(q)
	switch p.kindAt(after) {
	case tEllipsis:
		return ctx == ctxParam
	case tAmp, tAndAnd, tStar:
		return p.declaratorAt(after, ctx)
	case kwOperator:
		// constexpr RESULT(const F&, id_<Ts>...) operator()(Ts&&... xs),
		// BOOST_RV_REF(V) operator()(V& x) in a class
		return afterSpecifier || ctx == ctxMember
	case tIdent:
		k := p.kindAt(p.nextIdx(after))
		if ctx == ctxParam {
			// MOVE_ARG(H) h, MOVE_ARG(H) h DEFAULT_TOKEN(E))
			return k == tComma || k == tRParen || k == tAssign || k == tLBrack ||
				k == tIdent && isMacroName(p.lx.text(&p.lx.toks[p.nextIdx(after)]))
		}
		end := p.nameEnd(after)
		switch p.kindAt(end) {
		case tSemi, tComma, tAssign, tLBrack:
			return true // typedef ADAPTOR(T, U) name;
		}
		// inline RESULT(H, void()) f(…): after a specifier, a macro's
		// call before a declarator is its type, on the same line too
		return end >= 0 && p.kindAt(end) == tLParen && (afterSpecifier || p.lx.toks[after].Line > p.lx.toks[q].Line)
	}
	return false
}

// isWord reports whether a token of kind k is a name or a keyword.
func isWord(k grammars.Kind) bool {
	return k == tIdent || k >= firstKeyword && k <= lastKeyword || k >= firstCxxKeyword && k <= lastCxxKeyword
}

// macroTypedName reports whether the macro's call at the current token
// is a declaration's type in a block: a name and ; or = follow its ).
func (p *parser) macroTypedName() bool {
	q := p.partnerAt(p.idx(1))
	if q < 0 {
		return false
	}
	after := p.nextIdx(q)
	if p.kindAt(after) != tIdent {
		return false
	}
	switch p.kindAt(p.nextIdx(after)) {
	case tSemi, tAssign:
		return true
	}
	return false
}

// startsDecl reports whether a declaration's specifier is of kind k.
func startsDecl(k grammars.Kind) bool {
	switch k {
	case kwTypedef, kwVirtual, kwConstexpr, kwConsteval, kwTemplate, kwStatic, kwInline, kwExplicit, kwFriend, kwUsing,
		kwClass, kwStruct, kwEnum, kwUnion, kwExtern:
		return true
	}
	return isTypeKeyword(k) || isCxxTypeWord(k)
}

// macroBeforeType reports whether the capitalized name at the current
// token, followed by a name, is a macro before a declaration's type:
// LLVM_ABI Foo *f(); and not the type of Foo x;.
func (p *parser) macroBeforeType(ctx declCtx) bool {
	end := p.nameEnd(p.idx(1))
	if end < 0 {
		return false
	}
	if ctx != ctxParam {
		ctx = ctxTop
	}
	return p.declaratorAt(end, ctx) // f(CONST T*, …): a parameter's abstract one too
}

// declaratorAt reports whether a declarator starts at slice index i,
// after a name that would be a declaration's type: a name, *, & or &&
// and a name, ( * …, ... , operator, [[, a qualifier.
func (p *parser) declaratorAt(i int, ctx declCtx) bool {
	switch k := p.kindAt(i); k {
	case tIdent:
		if !ctx.local() {
			return true
		}
		// a < b > c) is a comparison: a declarator's name goes on with
		// its initializer, its ; or what it is bound to
		switch p.kindAt(p.nextIdx(i)) {
		case tSemi, tAssign, tLBrace, tLParen, tLBrack, tComma, tColon, kwAttribute, tIdent:
			return true
		}
		return false
	case kwOperator, tEllipsis, kwConst, kwVolatile, kwRestrict, kwAttribute, kwDeclspec, kwInline,
		kwStatic, kwConstexpr, kwAuto:
		return true // Concept auto x: a constrained placeholder
	case tColonColon:
		return p.kindAt(p.nextIdx(i)) == tIdent || p.kindAt(p.nextIdx(i)) == tTilde
	case tLBrack:
		return p.kindAt(p.nextIdx(i)) == tLBrack && p.kindAt(i-1) != tLBrack
	case tStar, tAmp, tAndAnd:
		ref := p.kindAt(i) != tStar
		j := p.nextIdx(i)
		for {
			switch p.kindAt(j) {
			case tStar, tAmp, tAndAnd, kwConst, kwVolatile, kwRestrict:
				j = p.nextIdx(j)
				continue
			case tIdent, tColonColon, kwOperator, tEllipsis:
				if t := p.lx.text(&p.lx.toks[j]); p.kindAt(j) == tIdent && isMacroName(t) && !p.typedefs[t] && p.kindAt(p.nextIdx(j)) == tIdent {
					j = p.nextIdx(j) // T& UNUSED x = y: an attribute's macro
					continue
				}
				n := p.nameEnd(j)
				if p.kindAt(j) == tEllipsis || p.kindAt(j) == kwOperator {
					return true
				}
				if n >= 0 && p.kindAt(n-1) == tColonColon {
					return true // T &A<B>::operator=(…), A::~A
				}
				if n < 0 {
					return false
				}
				switch p.kindAt(n) {
				case tSemi, tComma, tLBrack:
					// a & b; a && b[0]: a reference needs its
					// initializer, and makes no array
					return !ref || !ctx.local()
				case tAssign, tLBrace, tColon:
					return true
				case tRParen, tLParen:
					// f(a & b), a * f(x): an expression's, in a block
					return ctx != ctxBlock
				case tIdent:
					// f(T* p EXTRA_ARG(U)): a macro after a parameter
					return ctx == ctxParam && isMacroName(p.lx.text(&p.lx.toks[n]))
				}
				return false
			case tLParen:
				return !ctx.local() // a && (b): an expression's, in a block
			case tRParen, tComma, tGT, tAssign:
				return ctx == ctxParam || ctx == ctxType
			}
			return false
		}
	case tLParen:
		if ctx == ctxBlock {
			// f(*p): a call, though T (*p) declares p; but no
			// expression holds A::*
			return p.kindAt(p.nextIdx(i)) == tIdent && p.memberPointerAt(p.nextIdx(i))
		}
		switch p.kindAt(p.nextIdx(i)) {
		case tStar, tAmp, tAndAnd, tColonColon:
			return true
		case tIdent:
			return p.memberPointerAt(p.nextIdx(i)) // Error (Parser::*f)(int)
		}
	}
	return false
}

// memberPointerAt reports whether A::B::* starts at slice index i.
func (p *parser) memberPointerAt(i int) bool {
	for p.kindAt(i) == tIdent {
		i = p.nextIdx(i)
		if p.kindAt(i) == tLT {
			j := p.angles(i)
			if j < 0 {
				return false
			}
			i = p.nextIdx(j)
		}
		if p.kindAt(i) != tColonColon {
			return false
		}
		i = p.nextIdx(i)
	}
	return p.kindAt(i) == tStar
}

// memberStarAt returns the slice index of the * of the pointer to a
// member that starts at slice index i, where memberPointerAt says one
// does.
func (p *parser) memberStarAt(i int) int {
	for p.kindAt(i) != tStar && i < len(p.lx.toks) {
		if p.kindAt(i) == tLT {
			if i = p.angles(i); i < 0 {
				return len(p.lx.toks) // memberPointerAt found it closed
			}
		}
		i = p.nextIdx(i)
	}
	return i
}

// ctorAhead reports whether the name at the current token is a
// constructor's, destructor's or conversion's declarator, with no type
// before it: X( in class X, A::A(, A<T>::~A(, A::operator T.
func (p *parser) ctorAhead(ctx declCtx) bool {
	if p.Kind == tIdent && p.Peek(1) == tLParen {
		return ctx == ctxMember && p.Tok.Text == p.className
	}
	// walk the qualified name, noting its last two parts
	i := p.index()
	if p.kindAt(i) == tColonColon {
		i = p.nextIdx(i)
	}
	last, prev := "", ""
	for {
		switch p.kindAt(i) {
		case tIdent:
			prev, last = last, p.lx.text(&p.lx.toks[i])
			i = p.nextIdx(i)
			if p.kindAt(i) == tLT {
				j := p.angles(i)
				if j < 0 {
					return false
				}
				i = p.nextIdx(j)
			}
		case kwTemplate:
			i = p.nextIdx(i)
			continue
		default:
			return false
		}
		if p.kindAt(i) != tColonColon {
			// A::A(, or X<T>( in class X's own body
			return p.kindAt(i) == tLParen && (last == prev && prev != "" || prev == "" && ctx == ctxMember && last == p.className)
		}
		i = p.nextIdx(i)
		switch p.kindAt(i) {
		case tTilde, kwOperator:
			return true
		}
	}
}

// cxxDeclaration parses a declaration, a function's definition among
// them, in context ctx.
func (p *parser) cxxDeclaration(ctx declCtx) {
	memberTemplate := p.memberTemplate
	p.memberTemplate = false
	if p.Kind == kwFriend {
		// a friend's declaration is a namespace's, inside the class
		p.Prefix(nFriendDeclaration, func() {
			if (p.Kind == kwClass || p.Kind == kwStruct || p.Kind == kwUnion) && p.afterName(1) == tSemi {
				p.Leaf()
				p.cxxName(nameType)
				p.Semi(tSemi, tRBrace)
				return
			}
			p.cxxDeclarationBody(nDeclaration, ctxTop)
		})
		return
	}
	kind := nDeclaration
	if ctx == ctxMember && !memberTemplate {
		kind = nFieldDeclaration
	}
	p.cxxDeclarationBody(kind, ctx)
}

// afterName returns the kind of the token after the name n tokens after
// the current one.
func (p *parser) afterName(n int) grammars.Kind {
	end := p.nameEnd(p.idx(n))
	return p.kindAt(end)
}

// cxxDeclarationBody parses a declaration's specifiers and declarators,
// or a function's definition, and closes them as a node of kind (a
// declaration's, a field's, or a template instantiation's).
func (p *parser) cxxDeclarationBody(kind grammars.Kind, ctx declCtx) {
	p.cxxDeclarationFrom(p.B.Mark(), kind, ctx)
}

// cxxDeclarationFrom is cxxDeclarationBody with the node starting at
// mark m, before what the caller pushed: template of an explicit
// instantiation.
func (p *parser) cxxDeclarationFrom(m int, kind grammars.Kind, ctx declCtx) {
	p.cxxAttributes()
	s := p.cxxSpecifiers(ctx)
	if s.typedef {
		kind = nTypeDefinition
	}
	// a method's or a field's name is a field_identifier; a
	// constructor's, a member template's, a friend's an identifier
	saved := p.fieldNames
	p.fieldNames = ctx == ctxMember && s.typ && kind == nFieldDeclaration
	defer func() { p.fieldNames = saved }()
	if !s.typ && kind == nFieldDeclaration {
		kind = nDeclaration // a constructor's, a destructor's, a conversion's
	}
	if p.Kind == tSemi || p.Pattern && p.Kind == tEOF && s.typ {
		if !s.any {
			p.ErrorExpected("declaration")
		}
		p.Semi(tSemi, tRBrace)
		p.B.Close(m, kind, 0)
		return
	}
	if !s.any && !p.declaratorStarts() {
		p.ErrorExpected("declaration")
	}
	d := p.B.Mark()
	isFunc := false
	if p.Kind != tColon || ctx != ctxMember {
		isFunc = p.cxxDeclarator(ctx, false) // unsigned : 3, an unnamed bit-field, has none
	}
	if isFunc && ctx != ctxBlock && ctx != ctxFor && !s.typedef && p.functionBodyAhead() {
		p.functionBody()
		p.B.Close(m, nFunctionDefinition, 0)
		return
	}
	p.cxxInitRest(d, s.typedef, isFunc, ctx)
	for p.Got(tComma) {
		d := p.B.Mark()
		p.cxxAttributes()
		isFunc := false
		if p.Kind != tColon || ctx != ctxMember {
			isFunc = p.cxxDeclarator(ctx, false)
		}
		p.cxxInitRest(d, s.typedef, isFunc, ctx)
	}
	if isFunc && ctx != ctxFor && p.Kind == tIdent && isMacroName(p.Tok.Text) && !p.typedefs[p.Tok.Text] &&
		p.PeekTok(1).Line > p.Tok.Line && p.kindAt(p.prevIdx(p.index())) == tRParen {
		p.Node(nAttributeSpecifier, p.Leaf) // T() DEFAULT_CONSTRUCT\n: a macro for its body
	}
	if ctx != ctxFor && !(isFunc && p.bodyMacroBefore()) {
		p.Semi(tSemi, tRBrace)
	}
	p.B.Close(m, kind, 0)
}

// bodyMacroBefore reports whether the function's declaration just read
// ends in a macro's call that stands for its body, with no ; after it
// and the next item on a later line: auto f(T x) BOOST_HOF_RETURNS(g(x)).
func (p *parser) bodyMacroBefore() bool {
	if p.Kind == tSemi {
		return false
	}
	i := len(p.lx.toks)
	if p.Kind != tEOF {
		i = p.index()
	}
	closing := p.prevIdx(i)
	if p.kindAt(closing) == tIdent && isMacroName(p.lx.text(&p.lx.toks[closing])) {
		// T() DEFAULT_CONSTRUCT\n: a macro alone, = default; or { }
		switch p.kindAt(p.prevIdx(closing)) {
		case tRParen, kwConst:
			return p.Kind == tEOF || p.Tok.Line > p.lx.toks[closing].Line
		}
		return false
	}
	if p.kindAt(closing) != tRParen {
		return false
	}
	name := p.prevIdx(p.partnerAt(closing))
	if p.kindAt(name) != tIdent || !isMacroName(p.lx.text(&p.lx.toks[name])) {
		return false
	}
	// after the parameters and what may follow them, not the
	// declarator's name: F(int a)\n is no body
	switch p.kindAt(p.prevIdx(name)) {
	case tRParen, kwConst, kwVolatile, tAmp, tAndAnd, tIdent:
	default:
		return false
	}
	return p.Kind == tEOF || p.Tok.Line > p.lx.toks[closing].Line
}

// declaratorStarts reports whether a declarator starts at the current
// token, with no type before it: a constructor's name, ~X, operator.
func (p *parser) declaratorStarts() bool {
	switch p.Kind {
	case tIdent, tColonColon, tTilde, kwOperator, tStar, tAmp, tAndAnd, tLParen:
		return true
	}
	return false
}

// functionBodyAhead reports whether a function's body follows its
// declarator: {, : and its initializers, try, = default, = delete.
func (p *parser) functionBodyAhead() bool {
	switch p.Kind {
	case tLBrace, kwTry:
		return true
	case tColon:
		return true
	case tAssign:
		return p.Peek(1) == kwDefault || p.Peek(1) == kwDelete
	}
	return false
}

// functionBody parses a function's body: { … }, : inits { … }, try { …
// } catch …, = default;, = delete;.
func (p *parser) functionBody() {
	switch p.Kind {
	case tAssign:
		k := nDefaultMethodClause
		if p.Peek(1) == kwDelete {
			k = nDeleteMethodClause
		}
		p.Node(k, func() {
			p.Leaf()
			p.Leaf()
			p.Semi(tSemi, tRBrace)
		})
		return
	case kwTry:
		p.Prefix(nTryStatement, func() {
			if p.Kind == tColon {
				p.fieldInitializers()
			}
			p.compound()
			p.catchClauses()
		})
		return
	}
	if p.Kind == tColon {
		p.fieldInitializers()
	}
	p.compound()
}

// fieldInitializers parses a constructor's : a(1), b{2}, Base(x)....
func (p *parser) fieldInitializers() {
	p.Prefix(nFieldInitializerList, func() {
		for {
			if p.Kind == tIdent && isMacroName(p.Tok.Text) && p.Peek(1) == tLParen && p.afterPartner(1).Kind == tIdent {
				// GTEST_DISABLE_MSC_WARNINGS_PUSH_(4355) a(x): a macro
				// among the initializers
				p.Node(nMacroCall, func() {
					p.IdentAs(tIdent)
					p.Node(nArgumentList, p.balanced)
				})
			}
			p.Node(nFieldInitializer, func() {
				p.cxxName(nameField)
				if p.Kind == tIdent && isMacroName(p.Tok.Text) && p.Peek(1) == tLParen {
					p.Leaf() // min BOOST_PREVENT_MACRO_SUBSTITUTION (m)
				}
				if p.Kind == tLBrace {
					p.initializerList()
				} else {
					p.arguments()
				}
				p.Got(tEllipsis)
			})
			if !p.Got(tComma) {
				return
			}
		}
	})
}

// catchClauses parses catch (T e) { … }, one or more.
func (p *parser) catchClauses() {
	for p.Kind == kwCatch {
		p.Prefix(nCatchClause, func() {
			p.parameters()
			p.compound()
		})
	}
}

// cxxInitRest parses what follows a declarator: attributes, a bitfield's
// width, = initializer, { … }, ( arguments ), = 0, and closes an
// init_declarator at d where one is.
func (p *parser) cxxInitRest(d int, typedef, isFunc bool, ctx declCtx) {
	if typedef {
		p.typedefs[p.lastName] = true
	}
	p.declaratorTail()
	p.cxxAttributes()
	if p.Kind == tIdent && !p.typedefs[p.Tok.Text] {
		switch p.Peek(1) {
		case tAssign, tSemi, tComma, tLBrace:
			// void (C::*x)() _IsUnused = …: a name after a whole
			// declarator is an attribute's macro
			p.Node(nAttributeSpecifier, p.Leaf)
		}
	}
	switch {
	case p.Kind == tColon && ctx == ctxMember:
		p.Prefix(nBitfieldClause, p.conditional)
		if p.Kind == tAssign || p.Kind == tLBrace {
			p.cxxInitRest(d, false, false, ctx)
		}
	case p.Kind == tAssign && isFunc && p.Peek(1) == tNumber && ctx != ctxMember:
		p.Errorf("a pure virtual function's = 0 stands in a class")
	case p.Kind == tAssign && isFunc && ctx == ctxMember && p.Peek(1) == tNumber:
		p.Node(nPureVirtualClause, func() {
			p.Leaf()
			p.Leaf()
		})
	case p.Kind == tAssign && isFunc && (p.Peek(1) == kwDefault || p.Peek(1) == kwDelete):
		k := nDefaultMethodClause
		if p.Peek(1) == kwDelete {
			k = nDeleteMethodClause
		}
		p.Node(k, func() {
			p.Leaf()
			p.Leaf()
		})
	case p.Got(tAssign):
		p.cxxInitializer()
		if ctx != ctxMember {
			p.B.Close(d, nInitDeclarator, 0)
		}
	case p.Kind == tLBrace:
		p.initializerList()
		if ctx != ctxMember {
			p.B.Close(d, nInitDeclarator, 0)
		}
	case p.Kind == tLParen && !isFunc:
		p.arguments()
		p.B.Close(d, nInitDeclarator, 0)
	}
}

// cxxInitializer parses = 's initializer: an expression or a braced
// list.
func (p *parser) cxxInitializer() {
	if p.Kind == tLBrace {
		p.initializerList()
		return
	}
	p.assignment()
}

// cxxDeclarator parses a declarator, abstract when abstract, and reports
// whether it declares a function. It leaves a ( that holds a
// constructor's arguments (T x(1, 2)) to cxxInitRest.
func (p *parser) cxxDeclarator(ctx declCtx, abstract bool) (isFunc bool) {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	switch p.Kind {
	case tStar, tAmp, tAndAnd:
		k := nPointerDeclarator
		if p.Kind == tAmp || p.Kind == tAndAnd {
			k = nReferenceDeclarator
		}
		p.Leaf()
		p.cxxQualifiers()
		names := p.names
		inner := false
		switch {
		case !p.declaratorEnds():
			inner = p.cxxDeclarator(ctx, abstract)
		case !abstract:
			p.ErrorExpected("declarator") // T &; declares nothing
		}
		if abstract && p.names == names {
			if k == nPointerDeclarator {
				k = nAbstractPointerDeclarator
			} else {
				k = nAbstractReferenceDeclarator
			}
		}
		p.B.Close(m, k, 0)
		return inner
	case tEllipsis:
		p.ellipses++
		p.Leaf()
		if p.Kind == tIdent {
			p.lastName = p.Tok.Text
			p.names++
			p.Leaf()
		}
		p.B.Close(m, nVariadicDeclarator, 0)
		return p.declaratorSuffixes(m, ctx, abstract, true, false)
	case tIdent:
		if p.memberPointerAt(p.index()) {
			// T A::*p: a pointer to a member
			for p.Kind != tStar && p.Kind != tEOF {
				p.Leaf()
			}
			p.Leaf()
			p.cxxQualifiers()
			inner := p.cxxDeclarator(ctx, abstract)
			p.B.Close(m, nPointerDeclarator, 0)
			return inner
		}
	}
	named, nested := false, false
	switch {
	case p.Kind == tIdent || p.Kind == tColonColon || p.Kind == tTilde || p.Kind == kwOperator || p.Kind == kwTemplate:
		if p.Kind == tIdent && p.Peek(1) != tColonColon {
			p.lastName = p.Tok.Text
		}
		p.names++
		if p.Kind == kwOperator && p.conversionAhead() {
			// operator bool() const: the operator_cast holds the type
			// and the parameters, as tree-sitter-cpp's
			p.Leaf()
			if s := p.cxxSpecifiers(ctxType); !s.typ {
				p.ErrorExpected("type")
			}
			p.cxxDeclarator(ctxType, true)
			p.B.Close(m, nOperatorCast, 0)
			return true
		}
		mode := nameDecl
		if ctx == ctxMember && p.fieldNames {
			mode = nameField
		}
		p.cxxName(mode)
		p.cxxAttributes()
		named = true
	case p.Kind == tLBrack && !abstract && p.Peek(1) != tLBrack:
		// auto [a, b] = …: a structured binding
		p.Node(nStructuredBindingDeclarator, func() {
			p.Leaf()
			for p.Kind != tRBrack && p.Kind != tEOF {
				p.IdentAs(tIdent)
				if !p.Got(tComma) {
					break
				}
			}
			p.Expect(tRBrack)
		})
		return false
	case p.Kind == tLParen && (!abstract || p.cxxNestedAhead()):
		p.Leaf()
		p.cxxAttributes()
		if p.convention(0) && (p.Peek(1) == tStar || p.Peek(1) == tIdent) {
			p.Leaf()
		}
		// T (min)() const: a name alone in parentheses is a function's
		// name as it is bare (kept from a function-like macro)
		wrapped := (p.Kind == tIdent || p.Kind == kwOperator) && p.afterName(0) == tRParen
		isFunc = p.cxxDeclarator(ctx, abstract)
		nested = true
		p.Expect(tRParen)
		p.B.Close(m, nParenthesizedDeclarator, 0)
		named = wrapped
	case abstract:
	default:
		p.ErrorExpected("declarator")
	}
	return p.declaratorSuffixes(m, ctx, abstract, named, nested && isFunc) || isFunc && nested
}

// conversionAhead reports whether operator at the current token names a
// conversion function: a type, not an operator's token, follows it.
func (p *parser) conversionAhead() bool {
	switch k := p.Peek(1); {
	case isOperatorToken(k), k == tLParen, k == tLBrack, k == kwNew, k == kwDelete, k == tString, k == kwCoAwait:
		return false
	}
	return true
}

// declaratorEnds reports whether the declarator is over at the current
// token: after a * or & of an abstract declarator.
func (p *parser) declaratorEnds() bool {
	switch p.Kind {
	case tRParen, tComma, tGT, tSemi, tAssign, tEOF, tLBrace, tColon:
		return true
	}
	return false
}

// cxxNestedAhead reports whether the ( at the current token, in an
// abstract declarator, nests one ((*)(int), (&)[3]) rather than holding
// parameters.
func (p *parser) cxxNestedAhead() bool {
	switch p.Peek(1) {
	case tStar, tAmp, tAndAnd:
		return true
	case tIdent:
		return p.Peek(2) == tColonColon && p.Peek(3) == tStar
	}
	return false
}

// declaratorSuffixes parses [n] and (params) after a declarator that
// starts at mark m, and reports whether the declarator is a function's.
func (p *parser) declaratorSuffixes(m int, ctx declCtx, abstract, named, isFunc bool) bool {
	for {
		switch p.Kind {
		case tLBrack:
			if p.Peek(1) == tLBrack {
				return isFunc
			}
			p.Leaf()
			if p.Kind != tRBrack {
				p.exprNested()
			}
			p.Expect(tRBrack)
			k := nArrayDeclarator
			if !named && abstract {
				k = nAbstractArrayDeclarator
			}
			p.B.Close(m, k, 0)
			isFunc = false
		case tIdent:
			// max BOOST_PREVENT_MACRO_SUBSTITUTION (): a macro between a
			// function's name and its parameters
			// not a parameter's: T n DOCONLY(= 2) is a macro after it
			if !named || !isMacroName(p.Tok.Text) || p.Peek(1) != tLParen || ctx == ctxParam {
				return isFunc
			}
			p.Leaf()
		case tLParen:
			if named && !abstract && !p.parametersAhead(ctx) {
				return isFunc // T x(1, 2): a constructor's arguments
			}
			p.parameters()
			p.functionTail()
			k := nFunctionDeclarator
			if !named && abstract {
				k = nAbstractFunctionDeclarator
			}
			p.B.Close(m, k, 0)
			isFunc = named || isFunc
			named = false
		default:
			return isFunc
		}
	}
}

// functionTail parses what follows a function's parameters: const,
// volatile, & or &&, noexcept(…), throw(…), attributes, -> T, override,
// final, requires ….
func (p *parser) functionTail() {
	for {
		switch p.Kind {
		case kwConst, kwVolatile:
			p.Leaf()
		case tAmp, tAndAnd:
			p.Node(nRefQualifier, p.Leaf)
		case kwNoexcept:
			p.Prefix(nNoexcept, func() {
				if p.Kind == tLParen {
					p.Leaf()
					p.exprNested()
					p.Expect(tRParen)
				}
			})
		case kwThrow:
			p.Prefix(nThrowSpecifier, func() {
				p.Expect(tLParen)
				for p.Kind != tRParen && p.Kind != tEOF {
					p.typeName()
					p.Got(tEllipsis)
					if !p.Got(tComma) {
						break
					}
				}
				p.Expect(tRParen)
			})
		case tArrow:
			p.Prefix(nTrailingReturnType, p.typeName)
		case kwAttribute, kwDeclspec:
			p.attribute()
		case tLBrack:
			if p.Peek(1) != tLBrack {
				return
			}
			p.cxxAttributes()
		case kwRequires:
			p.requiresClause()
		case tIdent:
			switch {
			case p.IsWord("override") || p.IsWord("final"):
				p.Node(nVirtualSpecifier, p.Leaf)
			case p.cxxTailMacro():
				p.Prefix(nAttributeSpecifier, func() {
					if p.Kind == tLParen {
						p.balanced()
					}
				})
			default:
				return
			}
		default:
			return
		}
	}
}

// cxxTailMacro reports whether the name at the current token is a
// macro standing for a specifier after a function's parameters:
// _GLIBCXX_NOEXCEPT, LLVM_READONLY, noexcept's macro with arguments.
func (p *parser) cxxTailMacro() bool {
	if p.typedefs[p.Tok.Text] || !macroLike(p.Tok.Text) {
		return p.tailMacro()
	}
	switch p.Peek(1) {
	case tLParen, tSemi, tLBrace, tComma, tAssign, tColon, tRParen, tArrow, kwConst, kwNoexcept, kwTry, tAmp, tAndAnd,
		kwAttribute, kwAsm, tLBrack, kwRequires, tEOF, tGT:
		return true
	case tIdent:
		t := p.tok(1)
		return macroLike(t.Text) || t.Text == "override" || t.Text == "final"
	}
	return false
}

// parametersAhead reports whether the ( after a declarator's name holds
// parameters rather than a constructor's arguments: it is empty or
// holds ..., or its first item starts with a type: a type's keyword, a
// type the file declares, or a name a declarator follows. In a block a
// name alone, T x(a), is an argument; elsewhere a parameter's type.
func (p *parser) parametersAhead(ctx declCtx) bool {
	k := p.Peek(1)
	switch {
	case k == tRParen || k == tEllipsis:
		return true
	case isSpecifier(k) || isCxxTypeWord(k) || k == kwTypename || k == kwClass || k == kwAuto || k == kwDecltype && !ctx.local():
		return k != kwExtension
	case k == tLBrack && p.Peek(2) == tLBrack:
		return true
	case k == tIdent || k == tColonColon:
		end := p.nameEnd(p.idx(1))
		if end < 0 {
			return false
		}
		if p.kindAt(end) == tLParen && isMacroName(p.tok(1).Text) && len(p.tok(1).Text) > 2 && !p.typedefs[p.tok(1).Text] {
			// (BOOST_ASIO_MOVE_ARG(E) e): a macro's type
			q := p.partnerAt(end)
			k := p.kindAt(p.nextIdx(q))
			return q > end && (k == tIdent || k == tEllipsis || k == tComma || k == tRParen || k == tAmp || k == tAndAnd || k == tStar) && !ctx.local()
		}
		// in a block, T x(U::m, …): U's member, a value as likely as a type
		if p.Peek(1) == tIdent && p.typedefs[p.tok(1).Text] && !(ctx.local() && p.Peek(2) == tColonColon) {
			// T x(U(1)): a functional cast, in a block
			return !ctx.local() || p.kindAt(end) != tLParen && p.kindAt(end) != tLBrace
		}
		if p.declaratorAt(end, ctxParam) {
			return !ctx.local() || p.kindAt(end) == tIdent || p.kindAt(end) == kwConst
		}
		switch p.kindAt(end) {
		case tComma, tRParen, tAssign:
			return !ctx.local()
		}
	}
	return false
}

// cxxQualifiers parses const, volatile, __restrict, attributes and
// calling conventions' macros after a * or &.
func (p *parser) cxxQualifiers() {
	for {
		switch p.Kind {
		case kwConst, kwVolatile, kwRestrict, kwAtomic:
			p.Leaf()
		case kwAttribute, kwDeclspec:
			p.attribute()
		case tLBrack:
			if p.Peek(1) != tLBrack {
				return
			}
			p.cxxAttributes()
		case tIdent:
			if p.typedefs[p.Tok.Text] || !macroLike(p.Tok.Text) || p.Peek(1) != tIdent && p.Peek(1) != tStar {
				return
			}
			p.Leaf()
		default:
			return
		}
	}
}

// cxxParameter parses a parameter: T x, T x = 1, T... xs, ..., this T
// self.
func (p *parser) cxxParameter() {
	if p.Kind == tEllipsis {
		p.Leaf()
		return
	}
	m := p.B.Mark()
	p.cxxAttributes()
	if p.Kind == kwThis {
		p.Leaf() // an explicit object parameter: this Self&& self
	}
	if s := p.cxxSpecifiers(ctxParam); !s.any {
		p.ErrorExpected("parameter")
	}
	kind := nParameterDeclaration
	if p.Kind != tComma && p.Kind != tRParen && p.Kind != tGT && p.Kind != tAssign {
		if p.Kind == tEllipsis && (p.Peek(1) == tComma || p.Peek(1) == tRParen || p.Peek(1) == tGT) {
			p.Leaf() // T... in a type's parameters
			kind = nVariadicParameterDeclaration
		} else {
			ellipses := p.ellipses
			p.cxxDeclarator(ctxParam, true)
			if p.ellipses > ellipses {
				kind = nVariadicParameterDeclaration
			}
			p.declaratorTail()
			p.cxxAttributes()
		}
	}
	p.macroAfterParam()
	if p.Got(tAssign) {
		if p.noGT && p.typeArgumentAhead() {
			p.typeName() // template <Concept T = const U>
		} else {
			p.cxxInitializer()
		}
		kind = nOptionalParameterDeclaration
	}
	p.B.Close(m, kind, 0)
	if p.Kind == tEllipsis && p.Peek(1) == tRParen {
		p.Leaf() // f(int...), f(Args......): C's ... with no comma before it
	}
	p.macrosAfter()
}

// macroAfterParam parses a macro's call after a parameter's name, as an
// attribute: unsigned N BOOST_CONTAINER_DOCONLY(= 2).
func (p *parser) macroAfterParam() {
	if p.Kind == tIdent && isMacroName(p.Tok.Text) && p.Peek(1) == tLParen {
		p.Prefix(nAttributeSpecifier, p.balanced)
	}
}

// classSpecifier parses class, struct, union or enum with its name, its
// bases, its body, or some of them.
func (p *parser) classSpecifier() {
	m := p.B.Mark()
	var kind grammars.Kind
	switch p.Kind {
	case kwClass:
		kind = nClassSpecifier
	case kwStruct:
		kind = nStructSpecifier
	case kwUnion:
		kind = nUnionSpecifier
	default:
		kind = nEnumSpecifier
	}
	p.Leaf()
	if kind == nEnumSpecifier && (p.Kind == kwClass || p.Kind == kwStruct) {
		p.Leaf()
	}
	p.cxxAttributes()
	// class LLVM_LIBRARY_VISIBILITY X {, class BOOST_SYMBOL_VISIBLE X:
	// a macro before the name
	for p.Kind == tIdent && macroLike(p.Tok.Text) && (p.Peek(1) == tIdent || p.Peek(1) == tColonColon) && !p.IsWord("final") {
		if p.Peek(1) == tColonColon {
			break
		}
		p.Leaf()
	}
	if p.Kind == tIdent && p.Peek(1) == tLParen && isMacroName(p.Tok.Text) {
		p.Prefix(nAttributeSpecifier, p.balanced) // class LLVM_ALIGNAS(8) X
	}
	named := false
	name := ""
	if p.Kind == tIdent || p.Kind == tColonColon {
		name = p.classNameAhead()
		if p.Kind == tIdent && p.Peek(1) != tColonColon {
			p.typedefs[p.Tok.Text] = true
		}
		p.cxxName(nameType)
		named = true
	}
	if p.IsWord("final") || p.IsWord("__final") {
		p.Node(nVirtualSpecifier, p.Leaf)
	}
	if named && p.Kind == tIdent && isMacroName(p.Tok.Text) && p.Peek(1) == tLParen {
		p.Prefix(nAttributeSpecifier, p.balanced) // enum E FMT_ENUM_UNDERLYING_TYPE(int) {
	}
	if named && p.Kind == tIdent && isMacroName(p.Tok.Text) && (p.Peek(1) == tLBrace || p.Peek(1) == tColon) {
		p.Node(nAttributeSpecifier, p.Leaf) // class C BOOST_ASIO_INHERIT_TRACKED_HANDLER {
	}
	if p.Kind == tColon {
		if kind == nEnumSpecifier {
			p.Leaf()
			p.typeName()
		} else {
			p.baseClause()
		}
	}
	switch {
	case p.Kind == tLBrace && kind == nEnumSpecifier:
		p.braced(nEnumeratorList, p.enumerator)
	case p.Kind == tLBrace:
		saved := p.className
		p.className = name
		defer func() { p.className = saved }()
		p.braced(nFieldDeclarationList, p.cxxMember)
	case !named:
		p.ErrorExpected("'{'")
	}
	p.cxxAttributes()
	p.B.Close(m, kind, 0)
}

// classNameAhead returns the class's own name in the (qualified)
// name at the current token: C in A<T>::C, S in S<int, T>.
func (p *parser) classNameAhead() string {
	i := p.index()
	name := ""
	for {
		if p.kindAt(i) == tColonColon {
			i = p.nextIdx(i)
		}
		if p.kindAt(i) != tIdent {
			return name
		}
		name = p.lx.text(&p.lx.toks[i])
		i = p.nextIdx(i)
		if p.kindAt(i) == tLT {
			j := p.angles(i)
			if j < 0 {
				return name
			}
			i = p.nextIdx(j)
		}
		if p.kindAt(i) != tColonColon {
			return name
		}
	}
}

// baseClause parses : public A, virtual B<T>, C....
func (p *parser) baseClause() {
	p.Prefix(nBaseClassClause, func() {
		for {
			p.cxxAttributes()
			for p.Kind == kwPublic || p.Kind == kwPrivate || p.Kind == kwProtected || p.Kind == kwVirtual {
				if p.Kind == kwVirtual {
					p.Leaf()
				} else {
					p.Node(nAccessSpecifier, p.Leaf)
				}
			}
			if p.Kind == tIdent && isMacroName(p.Tok.Text) && p.Peek(1) == tIdent && !p.typedefs[p.Tok.Text] {
				p.Node(nAccessSpecifier, p.Leaf) // : PROTECTED_IF_FRIENDS Super::type, a macro's access
			}
			if p.Kind == tIdent && isMacroName(p.Tok.Text) && p.Peek(1) == tLParen && p.afterPartner(1).Kind != tColonColon {
				p.Node(nMacroTypeSpecifier, func() { // public ADAPTOR(T, U)
					p.IdentAs(tIdent)
					p.macroArguments()
				})
			} else {
				p.cxxName(nameType)
			}
			p.Got(tEllipsis)
			if p.Kind == tIdent && isMacroName(p.Tok.Text) && (p.Peek(1) == tLBrace || p.Peek(1) == tComma) {
				p.Node(nAttributeSpecifier, p.Leaf) // : public B ALSO_INHERIT_TRACKED {
			}
			if !p.Got(tComma) {
				return
			}
		}
	})
}

// cxxMember parses a member of a class: an access specifier, a field,
// a method, a nested type, a friend, a using declaration, a template.
func (p *parser) cxxMember() {
	if p.Kind == kwExtension && (p.Peek(1) == kwUsing || p.Peek(1) == kwTemplate) {
		p.Leaf() // __extension__ using T = unsigned __int128;
	}
	switch p.Kind {
	case tSemi:
		p.Next()
		return
	case kwPublic, kwPrivate, kwProtected:
		if p.Peek(1) == tColon {
			// public: holds its colon, so that a pattern can be it
			p.Node(nAccessSpecifier, func() {
				p.Leaf()
				p.Leaf()
			})
			return
		}
	case kwTemplate:
		p.templateDeclaration(func() { p.with(&p.memberTemplate, true, p.cxxMember) })
		return
	case kwUsing:
		p.usingDeclaration()
		return
	case kwStaticAssert:
		p.staticAssert()
		return
	case tIdent:
		if isMacroName(p.Tok.Text) && p.Peek(1) == tColon && !p.typedefs[p.Tok.Text] {
			// JSON_PRIVATE_UNLESS_TESTED: a macro that stands for an
			// access specifier
			p.Node(nAccessSpecifier, func() {
				p.Leaf()
				p.Leaf()
			})
			return
		}
		if p.Pattern && grammars.IsMetavar(p.Tok.Text) {
			switch p.Peek(1) {
			case tSemi, tRBrace, tEOF:
				m := p.B.Mark()
				p.Leaf() // a pattern's $$$F among the members
				p.Semi(tSemi, tRBrace)
				p.B.Close(m, nFieldDeclaration, 0)
				return
			}
		}
		if !p.typedefs[p.Tok.Text] && p.Tok.Text != p.className {
			m := p.B.Mark()
			next := p.PeekTok(1)
			switch {
			case next.Kind == tSemi && isMacroName(p.Tok.Text):
				p.Leaf() // a macro that stands for members: Q_OBJECT;
				p.Semi(tSemi, tRBrace)
				p.B.Close(m, nMacroCall, 0)
				return
			case isMacroName(p.Tok.Text) && next.Line > p.Tok.Line && next.Kind != tStar && next.Kind != tLParen && next.Kind != tColonColon && next.Kind != tAmp:
				p.Leaf() // the same with no ;, alone on its line
				p.B.Close(m, nMacroCall, 0)
				return
			case isMacroName(p.Tok.Text) && next.Kind == tLParen && p.afterPartner(1).Kind == tRBrace:
				p.IdentAs(tIdent) // struct tag { IS_TAG() };: the last member
				p.macroArguments()
				p.B.Close(m, nMacroCall, 0)
				return
			case p.macroItem():
				return
			case p.macroFallback(func() { p.cxxDeclaration(ctxMember) }):
				return
			}
		}
	}
	p.cxxDeclaration(ctxMember)
}
