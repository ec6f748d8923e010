package c

// The macros real code writes where a declaration stands, which no reader
// of one file can know: the heuristics that tell a macro from a type, a
// name or a call (a capital name alone on its line, a #defined name, an
// attribute or calling convention's macro, a macro that makes a type),
// and the fallback that reads a failed item as a macro call.

import (
	"strings"

	"github.com/agenttools/agenttools/grammars/kit"
)

// macroFallback parses the item at the current token with item, and
// when that fails and the item is a name, its arguments and perhaps a ;
// alone at the end of their line, parses them as a macro call instead:
// SKM_DEFINE_STACK_OF(void, void, void), __DECLARE_FLEX_ARRAY(T, a);.
// It reports whether one of the two parsed; when it reports false, the
// parser has not moved, and item's error is the item's to raise.
func (p *parser) macroFallback(item func()) bool {
	if p.Peek(1) != tLParen || p.typedefs[p.Tok.Text] {
		return false
	}
	j := p.partnerIndex(1)
	if j < 0 {
		return false
	}
	line := p.lx.full(j).Line
	t, k := p.following(j)
	if t.Kind == tSemi && t.Line == line {
		t, _ = p.following(k)
	}
	if t.Kind != tEOF && t.Line == line {
		return false
	}
	if p.Try(item) {
		return true
	}
	m := p.B.Mark()
	p.IdentAs(tIdent)
	p.macroArguments()
	if p.Kind == tSemi {
		p.Next()
	}
	p.B.Close(m, nMacroCall, 0)
	return true
}

// macroItem parses a macro call that stands for a declaration with no ;
// after it (FOO(x) at the end of its line, BEGIN_DECLS alone on its
// line), and reports whether there was one.
func (p *parser) macroItem() bool {
	if p.typedefs[p.Tok.Text] {
		return false
	}
	m := p.B.Mark()
	if p.Peek(1) == tLParen {
		after := p.afterPartner(1)
		// D(0) D(1): calls of a macro the file defines, one after another
		chained := p.fnMacro(p.Tok.Text) && after.Kind == tIdent && p.fnMacro(after.Text)
		if !chained && (!p.endsMacro(after) || isTypeKeyword(p.Peek(2)) || p.macroTypeAhead() || p.krAhead()) {
			return false
		}
		p.IdentAs(tIdent)
		p.macroArguments()
		if p.Kind == tSemi {
			p.Next()
		}
		p.B.Close(m, nMacroCall, 0)
		return true
	}
	next := p.PeekTok(1)
	if !isMacroName(p.Tok.Text) || next.Line == p.Tok.Line && next.Kind != tEOF {
		return false
	}
	switch next.Kind {
	case tStar, tLParen, tSemi, tAssign, tComma, tLBrack:
		return false
	}
	p.IdentAs(tIdent)
	p.B.Close(m, nMacroCall, 0)
	return true
}

// endsMacro reports whether t, after a macro call's ), shows the call
// stood alone: it is on a later line and can start no part of a
// declaration's rest.
func (p *parser) endsMacro(t kit.Token) bool {
	if t.Kind == tEOF {
		return true
	}
	if t.Line == p.Tok.Line && t.Kind != tSemi {
		return false
	}
	switch t.Kind {
	case tLBrace, tComma, tAssign, tLBrack, tLParen, tColon, kwAttribute, kwAsm:
		return false
	}
	return !isTypeKeyword(t.Kind) || t.Line > p.Tok.Line
}

// macroLike reports whether a name is spelled as a macro's or is
// reserved (__THROW, __wur): one that may stand for an attribute.
func macroLike(s string) bool { return isMacroName(s) || strings.HasPrefix(s, "__") }

// isMacroName reports whether a name is spelled as macros are: capitals,
// digits and _ only.
func isMacroName(s string) bool {
	upper := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'A' && c <= 'Z':
			upper = true
		case c == '_' || c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return upper
}

// macroTypeAhead reports whether the name and ( at the current token are
// a macro that wraps a declaration's type, API(int) f(…): a type keyword
// or a name in the parentheses, and a name and ( after them.
func (p *parser) macroTypeAhead() bool {
	k := p.Peek(2)
	if !isSpecifier(k) && !(k == tIdent && (p.Peek(3) == tRParen || p.Peek(3) == tStar || isSpecifier(p.Peek(3)))) {
		return false // FOO(a, b): no type inside
	}
	after := p.afterPartner(1)
	if after.Kind != tIdent && after.Kind != tStar {
		return false
	}
	return p.Lookahead(func() bool {
		p.Next()
		p.Next()
		names := p.names
		p.typeName() // not f (int a): a type, alone
		if p.Kind != tRParen || p.names != names {
			return false
		}
		p.Next()
		for p.Kind == tStar {
			p.Next()
		}
		for p.attributeMacroAhead() {
			p.Next() // XMLPARSEAPI(void *) XML_ATTR_MALLOC XML_ATTR_ALLOC_SIZE(2) f(…)
			if p.Kind == tLParen {
				p.balanced()
			}
		}
		switch {
		case p.Kind == tLParen && p.Peek(1) == tStar:
			return true // STACK_OF(T) *(*f)(…)
		case p.Kind != tIdent:
		case p.Peek(1) == tSemi || p.Peek(1) == tAssign || p.Peek(1) == tLBrack:
			return true
		case p.Peek(1) == tLParen:
			// API(T) f(…) goes on to a ;, a { or attributes; a second
			// macro's ) ends its line: DECLARE_A(T)\nDECLARE_B(T, T)
			t := p.afterPartner(1)
			if t.Kind == tLParen && isMacroName(p.Tok.Text) {
				return true // API(T) NAME(f) (params): a macro makes the name
			}
			return t.Kind == tSemi || t.Kind == tLBrace || t.Kind == tComma || t.Kind == kwAttribute || t.Kind == kwAsm ||
				(t.Kind == tIdent || isSpecifier(t.Kind)) && t.Line == p.partner(1).Line
		}
		if !p.inParams {
			return false
		}
		// a parameter: STACK_OF(X) *a, STACK_OF(X) **
		return p.Kind == tIdent && (p.Peek(1) == tComma || p.Peek(1) == tRParen) || p.Kind == tComma || p.Kind == tRParen
	})
}

// attributeMacroAhead reports whether the name at the current token is
// a macro standing for an attribute before a declarator: spelled as a
// macro, followed by a name, or by arguments that begin with a number
// (XML_ATTR_ALLOC_SIZE(2), _X_ATTRIBUTE_PRINTF(2, 3)) and a name.
func (p *parser) attributeMacroAhead() bool {
	if p.Kind != tIdent || p.typedefs[p.Tok.Text] || !macroLike(p.Tok.Text) {
		return false
	}
	switch p.Peek(1) {
	case tIdent:
		return true
	case tLParen:
		t := p.afterPartner(1)
		if t.Kind != tIdent {
			return false
		}
		if p.Peek(2) == tNumber {
			return true
		}
		// T MP_DEPRECATED(x) name;, but not int F(int a) __THROW;
		return isMacroName(p.Tok.Text) && !macroLike(t.Text) && p.Lookahead(func() bool {
			p.Next()
			p.balanced()
			switch p.Peek(1) {
			case tSemi, tComma, tAssign, tLBrack:
				return true
			}
			return false
		})
	}
	return false
}

// definedTypeAhead reports whether the function-like macro and ( at the
// current token stand for a declaration's type: a name and what ends a
// declarator follow its ). A macro whose arguments hold a ;, a { or an
// assignment wraps statements (LOGIC( mutex *m; ), TESTONLY(rc |=) f(x))
// and makes no type, nor does one before another of the file's macros,
// nor one whose arguments begin with a ( (IOTRACE((…)) rc = f(x);), as a
// type never does.
func (p *parser) definedTypeAhead() bool {
	j := p.partnerIndex(1)
	if j < 0 || p.Peek(2) == tLParen {
		return false
	}
	for i := p.index() + 1; i < j; i++ {
		if k := p.lx.full(i).Kind; k == tSemi || k == tLBrace || isAssignOp(k) {
			return false
		}
	}
	t, k := p.following(j)
	if t.Kind != tIdent || p.fnMacro(t.Text) {
		return false
	}
	switch u, _ := p.following(k); u.Kind {
	case tSemi, tAssign, tComma, tLBrack:
		return true
	case tLParen:
		// IOTRACE((…)) at a line's end and a call on the next is a
		// statement macro; a type macro and the function it declares
		// share a line.
		return t.Line == p.lx.full(j).Line
	}
	return false
}

// macroType parses API(int): a macro and the type it wraps.
func (p *parser) macroType() {
	p.Prefix(nMacroTypeSpecifier, p.parenType)
}

// convention reports whether the token n after the current one may be
// a calling convention's macro in a declarator's parentheses: a name
// spelled as a macro that no typedef declared.
func (p *parser) convention(n int) bool {
	t := p.tok(n)
	return t.Kind == tIdent && macroLike(t.Text) && !p.typedefs[t.Text]
}

// tailMacro reports whether the name at the current token is a macro
// standing for an attribute after a declarator (__THROW, __wur,
// __nonnull ((1)), _X_SENTINEL(0)): spelled as a macro or reserved, and
// followed by what ends a declarator or by another such.
func (p *parser) tailMacro() bool {
	if p.typedefs[p.Tok.Text] {
		return false
	}
	if !macroLike(p.Tok.Text) {
		// a lowercase macro with arguments: f(…) ossl_attr((format(…)));
		if p.Peek(1) != tLParen {
			return false
		}
		switch p.afterPartner(1).Kind {
		case tSemi, tComma, tLBrace, kwAttribute:
			return true
		case tIdent:
			// an attribute's (( before another: f(…) _Attr_access_ ((…)) _Attr_access_ ((…));
			return p.Peek(2) == tLParen
		}
		return false
	}
	switch p.Peek(1) {
	case tLParen, tSemi, tLBrace, tComma, tAssign, kwAttribute, kwAsm, tRParen:
		return true
	case tIdent:
		t := p.tok(1)
		return macroLike(t.Text)
	}
	return false
}
