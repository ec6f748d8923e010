package java

import (
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// parser holds the hand-written productions on the kit's parser, which
// reads the lexer's tokens through a small window and builds tree nodes
// directly, bottom-up. Looking further ahead than the window reads the
// lexer's slice (Far, PartnerOf).
//
// Every production that recurses does so through one that counts a level
// with Enter (statement, block, classBody, expr, unary, arguments,
// typ, typeArguments, annotation, arrayInitializer, pattern), so input
// nested past kit.MaxDepth is a syntax error, never a stack that grows
// with the file.
type parser struct {
	kit.Parser
	// binary is precedence climbing over Java's operators.
	binary kit.Climb
	// noLambda: x -> is no lambda, in a case's labels and guard, where
	// the -> starts the rule's body: case (int) X -> 1. Arguments and
	// parentheses lift it.
	noLambda bool
	// errs are the errors of members that failed to parse, each an ERROR
	// node in its body while the rest of the class still parses;
	// reported is how many of them the top level has counted, and failed
	// how many top-level items failed whole: with them, errors stop at
	// kit.MaxErrors in all.
	errs             grammars.ErrorList
	reported, failed int
	// gaveUp is the error of the body that met the cap, whose rest is one
	// ERROR node: the parse stops there, and says so once.
	gaveUp *grammars.Error
}

// state is what a speculative parse may change of the parser's own.
type state struct {
	noLambda bool
	errs     int
	gaveUp   *grammars.Error
}

func newParser(lx *lexer, pattern bool, b *grammars.Builder) *parser {
	p := &parser{}
	p.Init(kit.NewWindow(lx, lx.Next()), b, kindNames[:])
	p.Pattern = pattern
	p.Ident = tIdent
	p.Found = found
	p.Toks = &lx.Tokens
	p.Rewind = lx.Tokens.ResetAfter
	p.SaveState = func() any { return state{p.noLambda, len(p.errs), p.gaveUp} }
	p.RestoreState = func(s any) {
		st := s.(state)
		p.noLambda, p.errs, p.gaveUp = st.noLambda, p.errs[:st.errs], st.gaveUp
	}
	p.binary = kit.Climb{Ops: operators, Operand: p.unary, Node: nBinaryExpression, Type: func(grammars.Kind) { p.instanceofTarget() }}
	return p
}

// found describes a token in an "expected X, found Y" message.
var found = kit.Found(kindNames[:], nil, tIdent, tDecimal, tHex, tOctal, tBinary, tFloat, tHexFloat, tChar, tString)

// program parses a compilation unit: its package, imports, module and
// type declarations, each on its own. One that fails to parse becomes an
// ERROR node up to the next line that starts, at column 1, with a token
// that can start a declaration, and the rest still parses.
func (p *parser) program() grammars.ErrorList {
	// The members' errors are counted with the items', before each item
	// and after the last, so that the ten-error cap holds of them all.
	members := func() grammars.ErrorList {
		errs := p.errs[p.reported:]
		p.reported = len(p.errs)
		return errs
	}
	errs := p.TopLevelBetween(nError, p.topLevel, kit.Sync{Column1: true, Kinds: []grammars.Kind{
		tAt, tIdent, kwPublic, kwProtected, kwPrivate, kwAbstract, kwFinal, kwStatic, kwStrictfp,
		kwClass, kwInterface, kwEnum, kwImport, kwPackage,
	}}, members)
	if p.gaveUp != nil && len(errs) > 0 && errs[len(errs)-1] != p.gaveUp && strings.HasPrefix(errs[len(errs)-1].Msg, "too many errors") {
		errs = errs[:len(errs)-1] // a body said it first (members)
	}
	return errs
}

// errorCount is how many errors the parse has met so far.
func (p *parser) errorCount() int { return len(p.errs) + p.failed }

// ident pushes an identifier.
func (p *parser) ident() { p.IdentAs(tIdent) }

// topLevel parses one item of a compilation unit.
func (p *parser) topLevel() {
	p.noLambda = false // as a failed item may have left it
	// An item that fails whole is one ERROR node: the errors of its
	// members, whose nodes are dropped with it, go too.
	n, gaveUp := len(p.errs), p.gaveUp
	defer func() {
		if r := recover(); r != nil {
			p.errs, p.gaveUp = p.errs[:n], gaveUp
			p.failed++
			panic(r)
		}
	}()
	switch p.Kind {
	case tSemi:
		p.Next() // a stray ;
		return
	case kwImport:
		p.importDecl()
		return
	case kwPackage:
		p.packageDecl()
		return
	case tAt:
		if p.annotatedPackage() {
			p.packageDecl()
			return
		}
	}
	m := p.B.Mark()
	p.modifiers()
	if p.IsWord("module") || p.IsWord("open") && p.WordAt(1, "module") {
		p.moduleDecl(m)
		return
	}
	if p.typeDeclaration(m) {
		return
	}
	// A method or a field outside any class: a compact source file's
	// (Java 25: void main() { … }), and a pattern's as an agent writes
	// one. Anything else is no member, and the error says what a file
	// holds at its top level.
	if !p.Pattern && !p.memberAhead() {
		p.ErrorExpected("class, interface, enum or record declaration")
	}
	p.memberRest(m, nClassBody)
}

// memberAhead reports whether a method or a field starts at the current
// token, after its modifiers: type parameters, or a type and a name.
func (p *parser) memberAhead() bool {
	if p.Kind == tLT {
		return true
	}
	if !startsMember(p.Kind) {
		return false
	}
	return p.typeAhead(func() bool { return p.Kind == tIdent })
}

// annotatedPackage reports whether the annotations at the current token
// are a package's (package-info.java): a package declaration follows
// them.
func (p *parser) annotatedPackage() bool {
	return p.Lookahead(func() bool {
		for p.Kind == tAt && p.Peek(1) != kwInterface {
			p.annotation()
		}
		return p.Kind == kwPackage
	})
}

// packageDecl parses @A package a.b;
func (p *parser) packageDecl() {
	m := p.B.Mark()
	for p.Kind == tAt {
		p.annotation()
	}
	p.Expect(kwPackage)
	p.qualifiedName()
	p.Semi(tSemi)
	p.B.Close(m, nPackageDeclaration, 0)
}

// importDecl parses import a.b.C; import a.b.*; import static a.B.c;
func (p *parser) importDecl() {
	m := p.B.Mark()
	p.Expect(kwImport)
	if p.IsWord("module") && p.Peek(1) == tIdent {
		p.LeafAs(tWord) // import module java.base; (Java 25)
	} else {
		p.Got(kwStatic)
	}
	q := p.B.Mark()
	p.ident()
	for p.Kind == tDot {
		if p.Peek(1) == tStar {
			p.Leaf()
			p.LeafAs(tAsterisk)
			break
		}
		p.Leaf()
		p.ident()
		p.B.Close(q, nScopedIdentifier, 0)
	}
	p.Semi(tSemi)
	p.B.Close(m, nImportDeclaration, 0)
}

// qualifiedName parses a.b.c as scoped identifiers, each of the one
// before and a name.
func (p *parser) qualifiedName() {
	m := p.B.Mark()
	p.ident()
	for p.Kind == tDot && p.Peek(1) == tIdent {
		p.Leaf()
		p.ident()
		p.B.Close(m, nScopedIdentifier, 0)
	}
}

// moduleDecl parses open module a.b { directives } after its
// annotations, closing it at m.
func (p *parser) moduleDecl(m int) {
	if p.IsWord("open") {
		p.LeafAs(tWord)
	}
	p.LeafAs(tWord)
	p.qualifiedName()
	p.Enclosed(nModuleBody, tLBrace, tRBrace, func() { p.Until(tRBrace, p.moduleDirective) })
	p.B.Close(m, nModuleDeclaration, 0)
}

// moduleDirective parses requires transitive a.b; exports a to b, c;
// opens a; uses A; provides A with B, C;
func (p *parser) moduleDirective() {
	m := p.B.Mark()
	var kind grammars.Kind
	switch {
	case p.IsWord("requires"):
		kind = nRequiresModuleDirective
		p.LeafAs(tWord)
		// requires transitive a; and requires a module named transitive.
		for (p.IsWord("transitive") || p.Kind == kwStatic) && p.Peek(1) != tSemi && p.Peek(1) != tDot {
			p.Node(nRequiresModifier, func() { p.LeafAs(tWord) })
		}
		p.qualifiedName()
	case p.IsWord("exports"), p.IsWord("opens"):
		kind = nExportsModuleDirective
		if p.IsWord("opens") {
			kind = nOpensModuleDirective
		}
		p.LeafAs(tWord)
		p.qualifiedName()
		if p.IsWord("to") {
			p.LeafAs(tWord)
			p.Separated(tComma, p.qualifiedName)
		}
	case p.IsWord("uses"):
		kind = nUsesModuleDirective
		p.LeafAs(tWord)
		p.qualifiedName()
	case p.IsWord("provides"):
		kind = nProvidesModuleDirective
		p.LeafAs(tWord)
		p.qualifiedName()
		if !p.IsWord("with") {
			p.ErrorExpected("'with'")
		}
		p.LeafAs(tWord)
		p.Separated(tComma, p.qualifiedName)
	default:
		p.ErrorExpected("module directive")
	}
	p.Semi(tSemi, tRBrace)
	p.B.Close(m, kind, 0)
}

// Annotations.

// annotation parses @Name, @a.b.Name, @Name(value), @Name(a = 1, b =
// {2, 3}).
func (p *parser) annotation() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	p.Expect(tAt)
	p.qualifiedName()
	if p.Kind != tLParen {
		p.B.Close(m, nMarkerAnnotation, 0)
		return
	}
	p.Delimited(nAnnotationArgumentList, tLParen, tComma, tRParen, func() {
		if p.Kind == tIdent && p.Peek(1) == tAssign {
			p.Node(nElementValuePair, func() { p.ident(); p.Leaf(); p.elementValue() })
			return
		}
		p.elementValue()
	})
	p.B.Close(m, nAnnotation, 0)
}

// elementValue parses an annotation's value: an expression, an
// annotation, or { values }.
func (p *parser) elementValue() {
	switch p.Kind {
	case tAt:
		p.annotation()
	case tLBrace:
		p.Enter()
		p.Delimited(nElementValueArrayInitializer, tLBrace, tComma, tRBrace, p.elementValue)
		p.Leave()
	default:
		p.conditional()
	}
}

// annotations parses the annotations before a type or a type parameter.
func (p *parser) annotations() {
	for p.Kind == tAt && p.Peek(1) != kwInterface {
		p.annotation()
	}
}

// modifiers parses a declaration's annotations and modifiers into one
// modifiers node, as tree-sitter-java has them, and reports whether
// there were any.
func (p *parser) modifiers() bool {
	m := p.B.Mark()
	n := 0
	for ; ; n++ {
		switch p.Kind {
		case tAt:
			if p.Peek(1) == kwInterface {
				goto done
			}
			p.annotation()
		case kwPublic, kwProtected, kwPrivate, kwAbstract, kwStatic, kwFinal, kwStrictfp,
			kwTransient, kwVolatile, kwSynchronized, kwNative:
			p.Leaf()
		case kwDefault:
			if k := p.Peek(1); k == tColon || k == tArrow {
				goto done
			}
			p.Leaf()
		case tIdent:
			if !p.contextualModifier() {
				goto done
			}
		default:
			goto done
		}
	}
done:
	if n > 0 {
		p.B.Close(m, nModifiers, 0)
	}
	return n > 0
}

// contextualModifier pushes sealed or non-sealed where it is a modifier,
// before what a declaration goes on with, and reports whether it did.
func (p *parser) contextualModifier() bool {
	switch {
	case p.IsWord("sealed"):
		if !startsDeclAfterModifier(p.Peek(1)) && !p.WordAt(1, "non") {
			return false
		}
		p.LeafAs(tWord)
		return true
	case p.IsWord("non"):
		if p.Peek(1) != tMinus || !p.WordAt(2, "sealed") || !p.Adjacent(1) || !p.Adjacent(2) {
			return false
		}
		p.LeafAs(tWord)
		p.Leaf()
		p.LeafAs(tWord)
		return true
	}
	return false
}

// startsDeclAfterModifier reports whether a token of kind k may follow a
// class modifier: another modifier, an annotation, or class or
// interface.
func startsDeclAfterModifier(k grammars.Kind) bool {
	switch k {
	case tAt, kwClass, kwInterface, kwPublic, kwProtected, kwPrivate, kwAbstract, kwStatic, kwFinal, kwStrictfp:
		return true
	}
	return false
}
