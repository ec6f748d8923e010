package dart

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// parser holds the hand-written productions on the kit's parser, which
// reads the lexer's tokens through a small window and builds tree nodes
// directly, bottom-up. Looking further ahead than the window reads the
// lexer's slice (Far, PartnerOf).
//
// Every production that recurses does so through one that counts a level
// with Enter (statement, block, members, exprWith, unary, arguments,
// collection, element, stringLiteral, formalParameters, typeWith,
// pattern), so input nested past kit.MaxDepth is a syntax error, never a
// stack that grows with the file.
type parser struct {
	kit.Parser
	// class is the name of the class, enum or extension type whose
	// members are being parsed, to tell its constructors from methods.
	class string
	// noArrow: ( … ) => is no function expression, in the guard of a
	// switch expression's case, where the => ends the guard: x when (y) =>
	// z. Arguments and collections lift it.
	noArrow bool
	// binary is precedence climbing over Dart's operators.
	binary kit.Climb
}

func newParser(lx *lexer, pattern bool, b *grammars.Builder) *parser {
	p := &parser{}
	p.Init(kit.NewWindow(lx, lx.Next()), b, kindNames[:])
	p.Pattern = pattern
	p.Ident = tIdent
	p.Found = found
	p.Toks = &lx.Tokens
	p.Rewind = lx.Tokens.ResetAfter // the token slice's, not the scan's: the tokens are all read
	// A speculation that fails inside a switch expression's guard must
	// not leave noArrow set.
	p.SaveState = func() any { return p.noArrow }
	p.RestoreState = func(s any) { p.noArrow = s.(bool) }
	p.binary = kit.Climb{Ops: operators, Operand: p.unary, Node: nBinaryExpression, Type: func(grammars.Kind) { p.typeWith(true) }}
	return p
}

// found describes a token in an "expected X, found Y" message.
var found = kit.Found(kindNames[:], nil, tIdent, tInt, tDouble, tString)

// program parses the declarations of a file, each on its own: one that
// fails to parse becomes an ERROR node up to the next line that starts
// with a token that can start a declaration at column 1, and the rest
// still parses.
func (p *parser) program() grammars.ErrorList {
	return p.TopLevel(nError, p.topLevel, kit.Sync{Column1: true, Kinds: []grammars.Kind{tAt, tIdent, kwClass, kwEnum, kwFinal, kwConst, kwVar, kwVoid}})
}

// ident pushes an identifier.
func (p *parser) ident() { p.IdentAs(tIdent) }

// word pushes the contextual word w as a keyword.
func (p *parser) word(w string) {
	if !p.IsWord(w) {
		p.ErrorExpected("'" + w + "'")
	}
	p.LeafAs(tWord)
}

// gotWord pushes the word w as a keyword if it is the current token.
func (p *parser) gotWord(w string) bool {
	if p.IsWord(w) {
		p.LeafAs(tWord)
		return true
	}
	return false
}

// Directives and the top level.

// topLevel parses one top-level declaration, directive or annotation.
func (p *parser) topLevel() {
	m := p.B.Mark()
	if p.IsWord("augment") && (p.Peek(1) == tIdent || p.Peek(1) == kwClass || p.Peek(1) == kwEnum || p.Peek(1) == kwFinal || p.Peek(1) == kwConst || p.Peek(1) == kwVar || p.Peek(1) == kwVoid) {
		p.LeafAs(tWord) // an augmentation (an experiment of Dart 3.x)
	}
	switch p.Kind {
	case tAt:
		p.annotation()
		return
	case tSemi:
		p.Next() // a stray ;
		return
	case kwClass:
		p.classRest(m)
		return
	case kwEnum:
		p.enumDecl(m)
		return
	}
	if p.Kind == tIdent {
		switch p.Tok.Text {
		case "library":
			if k := p.Peek(1); k == tIdent || k == tSemi {
				p.libraryDirective()
				return
			}
		case "import", "export":
			if p.Peek(1) == tString || p.Peek(1) == tStringStart {
				p.importDirective()
				return
			}
		case "part":
			if p.Peek(1) == tString || p.WordAt(1, "of") {
				p.partDirective()
				return
			}
		case "typedef":
			if k := p.Peek(1); k != tAssign && k != tSemi && k != tComma && (k != tLParen || p.PartnerOf(1) > 0 && (p.Far(p.PartnerOf(1)+1).Kind == tIdent || p.Far(p.PartnerOf(1)+1).Kind == tQuestion)) {
				p.typeAlias(m)
				return
			}
		case "extension":
			if k := p.Peek(1); k == tIdent || k == tLT {
				if p.WordAt(1, "type") && p.Peek(2) != tLBrace && p.Peek(2) != tLT {
					p.extensionTypeDecl(m)
				} else {
					p.extensionDecl(m)
				}
				return
			}
		}
	}
	if (p.Kind == tIdent || p.Kind == kwFinal) && p.classModifiers(m) {
		return
	}
	p.memberAt(m, true)
}

// libraryDirective parses library a.b; or library;
func (p *parser) libraryDirective() {
	m := p.B.Mark()
	p.word("library")
	if p.Kind == tIdent {
		p.dottedName()
	}
	p.Semi(tSemi, tRBrace)
	p.B.Close(m, nLibraryDirective, 0)
}

// dottedName parses a.b.c.
func (p *parser) dottedName() {
	m := p.B.Mark()
	p.ident()
	n := 1
	for p.Kind == tDot {
		p.Leaf()
		p.ident()
		n++
	}
	if n > 1 {
		p.B.Close(m, nDottedName, 0)
	}
}

// importDirective parses import 'uri' if (…) 'uri' deferred as p show a
// hide b; and export 'uri' … show a;
func (p *parser) importDirective() {
	m := p.B.Mark()
	kind := nImportDirective
	if p.IsWord("export") {
		kind = nExportDirective
	}
	p.LeafAs(tWord)
	p.strings()
	for p.IsWord("if") || p.Kind == kwIf {
		p.Prefix(nConfiguration, p.configuration)
	}
	p.gotWord("deferred")
	if p.gotWord("as") {
		p.ident()
	}
	for p.IsWord("show") || p.IsWord("hide") {
		p.wordClause(nCombinator, p.Tok.Text, func() { p.Separated(tComma, p.ident) })
	}
	p.Semi(tSemi, tRBrace)
	p.B.Close(m, kind, 0)
}

// configuration parses the (dart.library.io == 'true') 'uri' after the
// if of an import's configuration.
func (p *parser) configuration() {
	p.Expect(tLParen)
	p.dottedName()
	if p.Got(tEq) {
		p.stringLiteral()
	}
	p.Expect(tRParen)
	p.stringLiteral()
}

// partDirective parses part 'uri'; part of a.b; part of 'uri';
func (p *parser) partDirective() {
	m := p.B.Mark()
	p.word("part")
	kind := nPartDirective
	if p.gotWord("of") {
		kind = nPartOfDirective
		if p.Kind == tIdent {
			p.dottedName()
		} else {
			p.strings()
		}
	} else {
		p.strings()
	}
	p.Semi(tSemi, tRBrace)
	p.B.Close(m, kind, 0)
}

// annotation parses @name, @a.b, @a.b<T>(args), @A.named(args).
func (p *parser) annotation() {
	m := p.B.Mark()
	p.Expect(tAt)
	p.ident()
	for p.Kind == tDot && p.Peek(1) == tIdent {
		p.Leaf()
		p.IdentAs(tFieldIdent)
	}
	if p.Kind == tLT && p.Lookahead(func() bool { p.typeArguments(); return p.Kind == tLParen || p.Kind == tDot }) {
		p.typeArguments()
		if p.Got(tDot) {
			p.IdentAs(tFieldIdent) // @A<int>.named(…)
		}
	}
	// A ( right after the name gives the annotation arguments; after a
	// space it starts what the annotation is on, a record type, as Dart 3
	// reads it.
	if p.Kind == tLParen && p.Tok.Offset == p.End {
		p.arguments()
	}
	p.B.Close(m, nAnnotation, 0)
}

// annotations parses the annotations before a parameter, a member or
// a statement, as siblings of what they are on.
func (p *parser) annotations() {
	for p.Kind == tAt {
		p.annotation()
	}
}
