package c

import (
	"sort"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// C++: the top level, namespaces, templates, using and modules.
//
// C++ shares C's lexer, its preprocessor in the tree, its statements and
// its heuristics for macros; what it adds is in the cxx*.go files, each
// production entered where C's would be when the parser's cxx is set.
//
// One file cannot always tell a type from a value, which C++'s grammar
// needs: the parser knows the names the file declares as types (classes,
// enums, typedefs, aliases, template parameters) and as templates, and
// otherwise decides as a reader would. A name then < is a template's
// arguments when a > closes them before a ; or an unmatched bracket and,
// in an expression, what follows that > can only follow a template-id
// ((, ::, {, a closer or a separator), or the name is a template the file
// declares or a cast (static_cast and the others); a statement is a
// declaration when a type and a declarator follow each other (T x, T *x;
// T<U> x, A::B &x), an expression otherwise, as C's is.

// cxxTopItem parses one top-level item of C++, or one of a namespace's.
func (p *parser) cxxTopItem() {
	if p.Kind == kwExtension && p.Peek(1) != tLParen {
		p.Leaf() // __extension__ using T = unsigned __int128;, __extension__ MACRO(x)
	}
	switch p.Kind {
	case tSemi:
		p.Next()
		return
	case kwNamespace:
		p.namespaceDefinition()
		return
	case kwInline:
		if p.Peek(1) == kwNamespace {
			p.namespaceDefinition()
			return
		}
	case kwTemplate:
		p.templateDeclaration(p.cxxTopItem)
		return
	case kwUsing:
		p.usingDeclaration()
		return
	case kwStaticAssert:
		p.staticAssert()
		return
	case kwAsm:
		p.asmStatement()
		return
	case kwExtern:
		if p.Peek(1) == tString && (p.Peek(2) == tLBrace || p.Peek(2) != tSemi) {
			p.cxxLinkage()
			return
		}
		if p.Peek(1) == kwTemplate {
			m := p.B.Mark()
			p.Leaf()
			p.Leaf()
			p.cxxDeclarationFrom(m, nTemplateInstantiation, ctxTop)
			return
		}
	case tIdent:
		switch {
		case p.IsWord("export") && p.Peek(1) != tColonColon && p.Peek(1) != tLParen:
			p.Node(nExportDeclaration, func() {
				p.Leaf()
				if p.Kind == tLBrace {
					p.braced(nDeclarationList, p.cxxTopItem)
					return
				}
				p.cxxTopItem()
			})
			return
		case p.IsWord("module") && (p.Peek(1) == tIdent || p.Peek(1) == tSemi || p.Peek(1) == tColon):
			p.moduleDeclaration()
			return
		case p.IsWord("import") && (p.Peek(1) == tIdent || p.Peek(1) == tString || p.Peek(1) == tLT || p.Peek(1) == tColon):
			p.importDeclaration()
			return
		}
		if p.Peek(1) == tLParen && !p.typedefs[p.Tok.Text] && p.macroCallAlone() {
			// _Cxx_hashtable_define_trivial_hash(bool) at a line's end:
			// C++ has no declaration with no type, so a call alone is a
			// macro's
			p.Node(nMacroCall, func() {
				p.IdentAs(tIdent)
				p.macroArguments()
				p.Got(tSemi)
			})
			return
		}
		if isMacroName(p.Tok.Text) && !p.typedefs[p.Tok.Text] && itemKeyword(p.Peek(1)) {
			p.Node(nMacroCall, p.Leaf) // BOOST_HANA_NAMESPACE_BEGIN namespace detail {
			return
		}
		if macroPrefixed(p.Tok.Text) && !p.typedefs[p.Tok.Text] && p.Peek(1) == tLParen && (p.afterPartner(1).Kind == tLBrace || p.afterPartner(1).Kind == tColon) {
			if p.Try(func() { p.cxxDeclaration(ctxTop) }) {
				return // TEST(A, B) { … }, read as a function's definition
			}
			p.macroWithBody()
			return
		}
		if p.macroItem() || p.macroFallback(func() { p.cxxDeclaration(ctxTop) }) {
			return
		}
	}
	p.cxxDeclaration(ctxTop)
}

// macroPrefixed reports whether a name is spelled as a macro's: in
// capitals, or after a prefix in capitals (BOOST_concept).
func macroPrefixed(s string) bool {
	if isMacroName(s) {
		return true
	}
	prefix, _, ok := strings.Cut(s, "_")
	return ok && len(prefix) >= 2 && isMacroName(prefix)
}

// macroWithBody parses a macro's call and the braced body after it,
// where no function's definition reads them, as a macro_call holding
// the body. The body is the first of these its content reads as:
// enumerators (BOOST_SCOPED_ENUM_DECLARE_BEGIN(E) { a, b }), statements
// (MATCHER(M, "doc") { … }), a class's members (BOOST_concept(C, (T))
// { … };), and a namespace's declarations
// (BOOST_THREAD_INLINE_NAMESPACE(v2) { … }). A class's bases may come
// before it: BOOST_concept(C, (T)) : Base<T> { … };.
func (p *parser) macroWithBody() {
	p.Node(nMacroCall, func() {
		p.IdentAs(tIdent)
		p.macroArguments()
		if p.Kind == tColon {
			p.baseClause()
		}
		p.trying++ // no recovery inside a trial: an error must fail it
		ok := p.Try(func() { p.braced(nEnumeratorList, p.enumerator) }) ||
			p.Try(p.compound) ||
			p.Try(func() { p.braced(nFieldDeclarationList, p.cxxMember) })
		p.trying--
		if !ok {
			p.braced(nDeclarationList, p.cxxTopItem)
		}
		p.Got(tSemi)
	})
}

// macroCallAlone reports whether the name and ( at the current token
// are a call that ends its line, and perhaps a ; after it, with the next
// item on a later line: no function's declarator, whose parameters a ;,
// a body, a specifier or a trailing type would follow.
func (p *parser) macroCallAlone() bool {
	j := p.partnerIndex(1)
	if j < 0 {
		return false
	}
	line := p.lx.toks[j].Line
	t, k := p.following(j)
	if t.Kind == tSemi && t.Line == line {
		t, k = p.following(k)
	}
	if t.Kind == tEOF {
		return true
	}
	if t.Line == line {
		return false
	}
	switch t.Kind {
	case tLBrace, tColon, tArrow, tAssign, kwConst, kwNoexcept, kwTry, kwThrow, kwAttribute, tLBrack, kwRequires, tComma:
		return false
	case tIdent, tColonColon:
		// RESULT(H)\nA<T>::f(…): a macro's type before a declarator
		if end := p.nameEnd(k); end >= 0 && p.kindAt(end) == tLParen {
			return false
		}
	}
	return true
}

// itemKeyword reports whether k starts a top-level item and no
// declaration's type: a macro's name before it stands alone.
func itemKeyword(k grammars.Kind) bool {
	switch k {
	case kwNamespace, kwUsing, kwExtern, kwTemplate:
		return true
	}
	return false
}

// namespaceDefinition parses namespace N { … }, inline namespace N,
// namespace A::B { … }, namespace { … } and namespace N = A::B;.
func (p *parser) namespaceDefinition() {
	m := p.B.Mark()
	p.Got(kwInline)
	p.Expect(kwNamespace)
	p.cxxAttributes()
	if p.Kind == tIdent && p.Peek(1) == tAssign {
		p.LeafAs(tNamespaceIdent)
		p.Leaf()
		p.cxxName(nameNamespace)
		p.Semi(tSemi, tRBrace)
		p.B.Close(m, nNamespaceAliasDefinition, 0)
		return
	}
	if p.Kind == tIdent {
		if p.Peek(1) == tColonColon {
			p.nestedNamespace()
		} else {
			p.LeafAs(tNamespaceIdent)
		}
	}
	p.cxxAttributes()
	for p.Kind == tIdent && macroLike(p.Tok.Text) {
		// namespace std _GLIBCXX_VISIBILITY(default) {: an attribute's
		// macro
		p.Prefix(nAttributeSpecifier, func() {
			if p.Kind == tLParen {
				p.balanced()
			}
		})
	}
	p.braced(nDeclarationList, p.cxxTopItem)
	p.B.Close(m, nNamespaceDefinition, 0)
}

// nestedNamespace parses a::b::c, a::inline b, nested to the right as
// tree-sitter-cpp nests it: (a :: (b :: c)).
func (p *parser) nestedNamespace() {
	p.Enter()
	defer p.Leave()
	p.Node(nNestedNamespaceSpecifier, func() {
		p.Got(kwInline)
		p.IdentAs(tNamespaceIdent)
		p.Expect(tColonColon)
		if p.Peek(1) == tColonColon || p.Kind == kwInline && p.Peek(2) == tColonColon {
			p.nestedNamespace()
			return
		}
		p.Got(kwInline)
		p.IdentAs(tNamespaceIdent)
	})
}

// cxxLinkage parses extern "C" { … } and extern "C" declaration.
func (p *parser) cxxLinkage() {
	p.Prefix(nLinkageSpecification, func() {
		p.Leaf()
		if p.Kind == tLBrace {
			p.braced(nDeclarationList, p.cxxTopItem)
			return
		}
		p.cxxTopItem()
	})
}

// typeParam notes a type parameter of the template being read.
func (p *parser) typeParam(name string) {
	p.typeParams[name]++
	p.params = append(p.params, templateParam{name: name})
}

// valueParam notes a value's parameter of the template being read.
func (p *parser) valueParam(name string) {
	p.valueParams[name]++
	p.params = append(p.params, templateParam{name: name, value: true})
}

// templateDeclaration parses template <params> declaration, with item
// parsing the declaration, template class X<int>; (an explicit
// instantiation), and template <> (a specialization).
func (p *parser) templateDeclaration(item func()) {
	if p.Peek(1) != tLT {
		m := p.B.Mark()
		p.Leaf()
		p.cxxDeclarationFrom(m, nTemplateInstantiation, ctxTop)
		return
	}
	p.Enter()
	defer p.Leave()
	// its type parameters are its own: a class of the same name may
	// follow it
	defer func(n int) {
		for _, tp := range p.params[n:] {
			if tp.value {
				p.valueParams[tp.name]--
			} else {
				p.typeParams[tp.name]--
			}
		}
		p.params = p.params[:n]
	}(len(p.params))
	p.Prefix(nTemplateDeclaration, func() {
		p.templateParameters()
		if p.Kind == kwRequires {
			p.requiresClause()
		}
		if p.Kind == kwConcept {
			p.conceptDefinition()
			return
		}
		item()
	})
}

// conceptDefinition parses concept C = constraint;.
func (p *parser) conceptDefinition() {
	p.Prefix(nConceptDefinition, func() {
		if p.Kind == tIdent && isMacroName(p.Tok.Text) && p.Peek(1) == tIdent {
			p.Node(nAttributeSpecifier, p.Leaf) // concept GCC6_CONCEPT_BOOL C = …
		}
		p.IdentAs(tIdent)
		p.cxxAttributes()
		p.Expect(tAssign)
		p.with(&p.inConstraint, true, p.expr)
		p.Semi(tSemi, tRBrace)
	})
}

// templateParameters parses < typename T, class U = int, int N, … >.
func (p *parser) templateParameters() {
	p.Node(nTemplateParameterList, func() {
		p.Expect(tLT)
		saved := p.noGT
		p.noGT = true
		defer func() { p.noGT = saved }()
		for p.Kind != tGT && p.Kind != tEOF {
			p.templateParameter()
			if p.macrosInArguments() {
				continue // ARGS(E, T) STREAM_COMMA typename T: a macro for a comma
			}
			if !p.Got(tComma) {
				break
			}
		}
		p.Expect(tGT)
	})
}

// templateParameter parses one template parameter.
func (p *parser) templateParameter() {
	m := p.B.Mark()
	switch {
	case p.Kind == kwTemplate:
		p.Leaf()
		p.templateParameters()
		p.typeParameterRest(m, nTemplateTemplateParameterDeclaration)
		return
	case (p.Kind == kwTypename || p.Kind == kwClass) && p.typeParameterAhead():
		p.Leaf()
		p.typeParameterRest(m, nTypeParameterDeclaration)
		return
	case p.Kind == tIdent && isMacroName(p.Tok.Text) && p.Peek(1) == tLParen &&
		(p.afterPartner(1).Kind == tComma || p.afterPartner(1).Kind == tGT || p.afterPartner(1).Kind == tIdent && isMacroName(p.afterPartner(1).Text) && strings.Contains(p.afterPartner(1).Text, "_")):
		// FMT_ENABLE_IF(cond): a macro that makes a parameter
		p.Node(nMacroCall, func() {
			p.IdentAs(tIdent)
			p.Node(nArgumentList, p.balanced)
		})
		return
	case p.Kind == tIdent && isMacroName(p.Tok.Text) && p.Peek(1) == tLParen && p.afterPartner(1).Kind == tIdent:
		// BOOST_ASIO_COMPLETION_TOKEN_FOR(void (error_code)) Handler: a
		// macro that makes the parameter's kind
		p.Node(nMacroCall, func() {
			p.IdentAs(tIdent)
			p.Node(nArgumentList, p.balanced)
		})
		p.typeParameterRest(m, nTypeParameterDeclaration)
		return
	case (p.Kind == tIdent || p.Kind == tColonColon) && p.constraintAhead():
		// a constrained parameter, std::integral T, C<U>... Ts: a
		// parameter's declaration, as tree-sitter-cpp reads it, that
		// declares a type
		p.cxxParameter()
		p.typedefs[p.lastName] = true
		p.typeParam(p.lastName)
		return
	}
	names := p.names
	p.cxxParameter()
	if p.names > names && p.lastName != "" {
		p.valueParam(p.lastName) // int N: N < 6 compares
	}
}

// typeParameterAhead reports whether typename or class at the current
// token declares a type parameter, not a value's of a dependent type
// (typename enable_if<…>::type = true): a name or ... and then , > or
// =, or nothing.
func (p *parser) typeParameterAhead() bool {
	n := 1
	if p.Peek(n) == tEllipsis {
		n++
	}
	if p.Peek(n) == tIdent {
		n++
	}
	switch p.Peek(n) {
	case tComma, tGT, tAssign:
		return true
	case tIdent:
		return isMacroName(p.tok(n).Text) // typename... Args _GLIBCXX_NOEXCEPT_PARM
	}
	return false
}

// constraintAhead reports whether the name at the current token is a
// concept constraining a type parameter: a name, or ..., and then , or
// > or =.
func (p *parser) constraintAhead() bool {
	if p.Kind == tIdent && p.typedefs[p.Tok.Text] {
		return false
	}
	end := p.nameEnd(p.index())
	if end < 0 || strings.HasSuffix(p.lx.text(&p.lx.toks[p.prevIdx(end)]), "_t") {
		return false // size_t N: a value's type
	}
	i := end
	if p.kindAt(i) == tEllipsis {
		i = p.nextIdx(i)
	}
	if p.kindAt(i) != tIdent {
		return false
	}
	i = p.nextIdx(i)
	switch p.kindAt(i) {
	case tComma, tGT:
		return true
	case tAssign:
		// Concept T = int, but size_t N = 4096: a type's default
		j := p.nextIdx(i)
		k := p.kindAt(j)
		return isSpecifier(k) || isCxxTypeWord(k) || k == kwTypename ||
			k == tIdent && p.typedefs[p.lx.text(&p.lx.toks[j])] ||
			k == tIdent && (p.kindAt(p.nextIdx(j)) == tColonColon || p.kindAt(p.nextIdx(j)) == tLT)
	}
	return false
}

// typeParameterRest parses what follows typename, class or template<…>
// class in a template parameter: ..., a name, = a default; the node is
// closed at m as kind k, or as its optional or variadic form.
func (p *parser) typeParameterRest(m int, k grammars.Kind) {
	if k == nTemplateTemplateParameterDeclaration {
		// template <typename> class C = D: the class C = D is a type
		// parameter's declaration inside
		if p.Kind != kwClass && p.Kind != kwTypename {
			p.ErrorExpected("'class'")
		}
		inner := p.B.Mark()
		p.Leaf()
		p.typeParameterRest(inner, nTypeParameterDeclaration)
		p.B.Close(m, k, 0)
		return
	}
	variadic := p.Got(tEllipsis)
	if p.Kind == tIdent && p.Peek(1) == tLParen && isMacroName(p.Tok.Text) {
		// typename BOOST_MPL_AUX_NA_PARAM(T): a macro that makes the
		// name and its default
		p.Node(nMacroCall, func() {
			p.IdentAs(tIdent)
			p.macroArguments()
		})
		p.B.Close(m, k, 0)
		return
	}
	if p.Kind == tIdent {
		p.typedefs[p.Tok.Text] = true
		p.typeParam(p.Tok.Text)
		if k == nTemplateTemplateParameterDeclaration {
			p.templates[p.Tok.Text] = true
		}
		p.LeafAs(tTypeIdent)
	}
	if p.Kind == tIdent && isMacroName(p.Tok.Text) && p.Peek(1) != tLParen {
		p.Node(nAttributeSpecifier, p.Leaf)
	}
	p.macroAfterParam()
	switch {
	case p.Got(tAssign):
		if k == nTemplateTemplateParameterDeclaration {
			p.cxxName(nameType)
		} else {
			p.typeName()
		}
		if k == nTypeParameterDeclaration {
			k = nOptionalTypeParameterDeclaration
		}
	case variadic && k == nTypeParameterDeclaration:
		k = nVariadicTypeParameterDeclaration
	}
	p.B.Close(m, k, 0)
}

// requiresClause parses requires constraint, after template <…> or a
// function's declarator.
func (p *parser) requiresClause() {
	saved := p.inConstraint
	p.inConstraint = true
	defer func() { p.inConstraint = saved }()
	p.Prefix(nRequiresClause, p.constraint)
}

// constraint parses a requires clause's constraint: primaries joined
// by && and ||, a primary being a name, a template-id, (e), a requires
// expression, or a literal.
func (p *parser) constraint() {
	m := p.B.Mark()
	p.constraintAnd()
	for p.Kind == tOrOr {
		p.Leaf()
		p.constraintAnd()
		p.B.Close(m, nConstraintDisjunction, 0)
	}
}

func (p *parser) constraintAnd() {
	m := p.B.Mark()
	p.constraintPrimary()
	for p.Kind == tAndAnd {
		p.Leaf()
		p.constraintPrimary()
		p.B.Close(m, nConstraintConjunction, 0)
	}
}

func (p *parser) constraintPrimary() {
	p.Enter()
	defer p.Leave()
	switch p.Kind {
	case tLParen:
		p.parenthesized()
	case kwRequires:
		p.requiresExpression()
	case tNot:
		p.Prefix(nUnaryExpression, p.constraintPrimary)
	case kwNoexcept:
		p.Prefix(nNoexcept, p.parenthesizedExpr)
	case tIdent, tColonColon:
		if p.afterName(0) == tLParen || p.Peek(1) == tLParen {
			m := p.B.Mark() // requires f(x), a call
			p.primary()
			p.postfix(m)
			return
		}
		p.cxxName(nameType) // requires Addable<T>: a concept's template-id
	default:
		m := p.B.Mark()
		p.primary()
		p.postfix(m)
	}
}

// requiresExpression parses requires (params) { requirements }.
func (p *parser) requiresExpression() {
	p.Prefix(nRequiresExpression, func() {
		if p.Kind == tLParen {
			p.parameters()
		}
		saved := p.inConstraint
		p.inConstraint = false
		defer func() { p.inConstraint = saved }()
		p.Enclosed(nRequirementSeq, tLBrace, tRBrace, func() {
			for p.Kind != tRBrace && p.Kind != tEOF {
				p.requirement()
			}
		})
	})
}

// requirement parses one requirement: e;, { e } noexcept -> C;,
// typename T;, requires C;.
func (p *parser) requirement() {
	switch p.Kind {
	case tLBrace:
		// { e } noexcept -> C;: the braces are the requirement's own
		p.Node(nCompoundRequirement, func() {
			p.Leaf()
			p.exprNested()
			p.Expect(tRBrace)
			p.Got(kwNoexcept)
			if p.Kind == tArrow {
				p.Prefix(nTrailingReturnType, p.typeName)
			}
			p.Semi(tSemi, tRBrace)
		})
	case kwTypename:
		p.Node(nTypeRequirement, func() {
			p.Leaf()
			p.cxxName(nameType)
			p.Semi(tSemi, tRBrace)
		})
	case kwRequires:
		// requires sizeof(T) > 1;: a nested requirement, whose
		// constraint is any expression
		p.Node(nSimpleRequirement, func() {
			p.Prefix(nRequiresClause, func() { p.with(&p.inConstraint, true, p.expr) })
			p.Semi(tSemi, tRBrace)
		})
	default:
		p.Node(nSimpleRequirement, func() {
			p.expr()
			p.Semi(tSemi, tRBrace)
		})
	}
}

// usingDeclaration parses using namespace N;, using A::b;, using T =
// type; and using enum E;.
func (p *parser) usingDeclaration() {
	if p.Peek(1) == tIdent && (p.Peek(2) == tAssign || p.Peek(2) == tLBrack && p.Peek(3) == tLBrack ||
		p.Peek(2) == kwAttribute || p.Peek(2) == tIdent && isMacroName(p.tok(2).Text)) {
		p.Prefix(nAliasDeclaration, func() {
			name := p.Tok.Text
			p.typedefs[name] = true
			p.LeafAs(tTypeIdent)
			p.cxxAttributes()
			if p.Kind == tIdent {
				// using T _GLIBCXX20_DEPRECATED("…") = U;
				p.Prefix(nAttributeSpecifier, func() {
					if p.Kind == tLParen {
						p.balanced()
					}
				})
			}
			p.Expect(tAssign)
			p.typeName()
			p.Semi(tSemi, tRBrace)
		})
		return
	}
	p.Prefix(nUsingDeclaration, func() {
		if p.Kind == kwNamespace || p.Kind == kwEnum {
			p.Leaf()
		}
		p.Got(kwTypename)
		for {
			p.cxxName(nameValue)
			p.Got(tEllipsis)
			if !p.Got(tComma) {
				break
			}
		}
		p.Semi(tSemi, tRBrace)
	})
}

// moduleDeclaration parses export module M;, module M:part;, module;
// and module :private;.
func (p *parser) moduleDeclaration() {
	p.Prefix(nModuleDeclaration, func() {
		if p.Kind == tIdent {
			p.moduleName()
		}
		if p.Got(tColon) {
			p.moduleName()
		}
		p.cxxAttributes()
		p.Semi(tSemi, tRBrace)
	})
}

// moduleName parses a.b.c.
func (p *parser) moduleName() {
	p.Node(nModuleName, func() {
		p.IdentAs(tIdent)
		for p.Kind == tDot {
			p.Leaf()
			p.IdentAs(tIdent)
		}
	})
}

// importDeclaration parses import M;, import :part;, import <header>;
// and import "header";.
func (p *parser) importDeclaration() {
	p.Prefix(nImportDeclaration, func() {
		switch {
		case p.Kind == tString:
			p.Leaf()
		case p.Kind == tLT:
			for p.Kind != tGT && p.Kind != tEOF && p.Kind != tSemi {
				p.Leaf()
			}
			p.Expect(tGT)
		case p.Got(tColon):
			p.moduleName()
		default:
			p.moduleName()
			if p.Got(tColon) {
				p.moduleName()
			}
		}
		p.cxxAttributes()
		p.Semi(tSemi, tRBrace)
	})
}

// cxxAttributes parses [[…]], alignas(…), __attribute__((…)) and
// __declspec(…), each a node.
func (p *parser) cxxAttributes() bool {
	any := false
	for {
		switch {
		case p.Kind == tLBrack && p.Peek(1) == tLBrack:
			p.Node(nAttributeDeclaration, func() {
				p.Leaf()
				p.Leaf()
				if p.Kind == kwUsing {
					p.Leaf()
					p.IdentAs(tNamespaceIdent)
					p.Expect(tColon)
				}
				for p.Kind != tRBrack && p.Kind != tEOF {
					p.attributeItem()
					if !p.Got(tComma) {
						break
					}
				}
				p.Expect(tRBrack)
				p.Expect(tRBrack)
			})
		case p.Kind == kwAttribute || p.Kind == kwDeclspec:
			p.attribute()
		case p.Kind == kwAlignas:
			p.Prefix(nAttributeSpecifier, p.balanced)
		default:
			return any
		}
		any = true
	}
}

// attributeItem parses one attribute of [[…]]: ns::name(args...).
func (p *parser) attributeItem() {
	if p.Kind == tComma {
		return
	}
	p.Node(nAttribute, func() {
		if p.Peek(1) == tColonColon {
			p.LeafAs(tNamespaceIdent)
			p.Leaf()
		}
		p.Leaf() // a name, or a keyword: [[noreturn]], [[using]]
		if p.Kind == tLParen {
			p.Node(nArgumentList, p.balanced)
		}
		p.Got(tEllipsis)
	})
}

// recoveringList parses the items of a C++ namespace's, linkage's or
// class's body up to its }, at slice index closing (-1 when its brackets
// do not pair), with the directive lines among them. An item that fails
// to parse is an ERROR leaf up to where items start again, and the rest
// of the body still parses: C++ holds most of a file in a namespace,
// and an error in one function must not cost the matches in the others
// (nor a reparse of the whole namespace per conditional before it). A
// pattern has no such recovery.
func (p *parser) recoveringList(item func(), open, closing int) {
	if p.conditionalWithin(open, closing) {
		closing = -1 // a conditional's branches may pair the brackets otherwise
	}
	stop := func() bool { return p.Kind == tRBrace || p.Kind == tEOF }
	for {
		p.pending(item, stop, false)
		if stop() {
			return
		}
		p.Enter()
		if p.Pattern || p.trying > 0 || len(p.errs) >= kit.MaxErrors {
			p.guarded(item)
		} else {
			p.recoverItem(item, open, closing)
		}
		p.Leave()
	}
}

// recoverItem parses one item of a body with item; on a syntax error
// inside the body it drops what item built and covers the item, up to
// the first line that starts no further right than it did, or the
// body's }, with an ERROR leaf. An error past the body, or of input
// nested too deep, unwinds on.
func (p *parser) recoverItem(item func(), open, closing int) {
	s, depth, mark := p.Save(), p.Depth, p.B.Mark()
	start, col, from := p.Pos(), p.Tok.Column, p.index()
	bail := catch(func() { p.guarded(item) })
	if bail == nil {
		return
	}
	if bail.Deep || strings.HasPrefix(bail.Err.Msg, tooDeep) || closing >= 0 && p.index() > closing {
		panic(*bail)
	}
	l, ok := p.straddling(from)
	if ok && l.start < open {
		// a conditional around the body's start: the item around the
		// body reads it as its first branch
		panic(*bail)
	}
	// back to the item's start, its directive lines given back
	p.Restore(s)
	p.Depth = depth
	p.B.Truncate(mark)
	if ok {
		// The item starts in a branch of a conditional the item before
		// it began in (x\n#ifdef A\n= 1;\n#else\n= 2;\n#endif): read as
		// its first branch, the rest of it is trivia, and the list goes
		// on after it.
		p.flatten(l)
		return
	}
	end := start
	ends := func() bool {
		if closing >= 0 {
			return p.index() >= closing
		}
		return p.Kind == tRBrace && p.Tok.Column < col
	}
	last := p.itemEnd(from)
	for p.Kind != tEOF && !ends() {
		end = p.Tok.End()
		p.Next()
		if last >= 0 && p.index() > last {
			break
		}
		if last < 0 && p.Tok.Column <= col && p.Tok.Line > p.lx.toks[from].Line && p.index() > from && p.lineStart() && startsItem(p.Kind) {
			break
		}
	}
	err := bail.Err
	err.Span = grammars.Span{Start: start, End: end}
	p.B.Leaf(nError, start, end)
	p.errs = append(p.errs, err)
}

// itemEnd returns the slice index of the last token of the item that
// starts at slice index from, by its brackets: its ; at its own depth,
// or the } of a body that no ; follows (a function's, a namespace's); or
// -1 when its brackets do not pair.
func (p *parser) itemEnd(from int) int {
	for i := from; i < len(p.lx.toks); i = p.nextIdx(i) {
		switch p.kindAt(i) {
		case tSemi:
			return i
		case tRBrace, tRParen, tRBrack, tEOF:
			return -1 // the body around the item closes first
		case tLParen, tLBrack:
			if i = p.partnerAt(i); i < 0 {
				return -1
			}
		case tLBrace:
			q := p.partnerAt(i)
			if q < 0 {
				return -1
			}
			switch next := p.nextIdx(q); p.kindAt(next) {
			case tSemi:
				return next // class C { … };
			case tComma, tAssign, tRParen, tDot, tArrow, tIdent, tStar, tAmp:
				i = q // T x = { … }, y; or struct { … } s;
			default:
				return q // a function's body
			}
		}
	}
	return -1
}

// conditionalWithin reports whether a conditional's line stands between
// the tokens at slice indexes open and closing (or after open, when
// closing is -1).
func (p *parser) conditionalWithin(open, closing int) bool {
	c := p.lx.conditionals()
	for j := sort.Search(len(c.dirs), func(j int) bool { return int(c.dirs[j].at) > open }); j < len(c.dirs); j++ {
		i := int(c.dirs[j].at)
		if closing >= 0 && i > closing {
			return false
		}
		switch p.lx.name(p.lx.lineAt(i)) {
		case "if", "ifdef", "ifndef", "elif", "else", "endif":
			return true
		}
	}
	return false
}

// straddling returns the first conditional whose #if stands before the
// token at slice index from, and whose #endif after it, that is still
// read with all its branches: one an item began in before the item at
// from, whose start is in one of its later branches, or one around the
// body's start.
func (p *parser) straddling(from int) (line, bool) {
	lx := p.lx
	c := lx.conditionals()
	for j := 0; j < len(c.dirs) && int(c.dirs[j].at) < from; j++ {
		i := int(c.dirs[j].at)
		if p.flat[i] || p.reading[i] || c.dirs[j].next < 0 {
			continue
		}
		l := lx.lineAt(i)
		switch lx.name(l) {
		case "if", "ifdef", "ifndef":
		default:
			continue
		}
		splits := lx.splits(l)
		if len(splits) > 0 && splits[len(splits)-1].start > from {
			return l, true
		}
	}
	return line{}, false
}

// startsItem reports whether a token of kind k may start an item of a
// namespace or a class: a name, a keyword, ::, ~ or [[; not an operator
// that goes on the item before (= on a line of its own).
func startsItem(k grammars.Kind) bool {
	switch {
	case k == tIdent, k == tColonColon, k == tTilde, k == tLBrack:
		return true
	case k >= firstKeyword && k <= lastKeyword, k >= firstCxxKeyword && k <= lastCxxKeyword:
		return true
	}
	return false
}

// lineStart reports whether the current token is the first of its line.
func (p *parser) lineStart() bool {
	i := p.prevIdx(p.index())
	return i < 0 || p.lx.toks[i].Line < p.Tok.Line
}
