package dart

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// parser holds the hand-written productions on the kit's parser, which
// reads the lexer's tokens through a small window and builds tree nodes
// directly, bottom-up. Looking further ahead than the window reads the
// lexer's slice (tok, partnerOf).
//
// Every production that recurses does so through one that counts a level
// with Enter (statement, block, members, exprWith, unary, arguments,
// collection, element, stringLiteral, formalParameters, typeWith,
// pattern), so input nested past kit.MaxDepth is a syntax error, never a
// stack that grows with the file.
type parser struct {
	kit.Parser
	lx        *lexer
	inPattern bool
	// class is the name of the class, enum or extension type whose
	// members are being parsed, to tell its constructors from methods.
	class string
	// noArrow: ( … ) => is no function expression, in the guard of a
	// switch expression's case, where the => ends the guard: x when (y) =>
	// z. Arguments and collections lift it.
	noArrow bool
}

func newParser(lx *lexer, pattern bool, b *grammars.Builder) *parser {
	p := &parser{lx: lx, inPattern: pattern}
	p.Init(kit.NewWindow(lx, lx.Next()), b, kindNames[:])
	p.Found = found
	p.Rewind = lx.resetAfter
	return p
}

// found describes a token in an "expected X, found Y" message.
func found(t *kit.Token) string {
	switch {
	case t.Kind == tEOF:
		return "end of file"
	case t.Kind == tIdent || t.Kind == tInt || t.Kind == tDouble || t.Kind == tString:
		return kindNames[t.Kind] + " " + kit.Quote(t.Text)
	}
	return kit.Quote(t.Text)
}

// program parses the declarations of a file, each on its own: one that
// fails to parse becomes an ERROR node up to the next line that starts a
// declaration at column 1, and the rest still parses.
func (p *parser) program() grammars.ErrorList {
	var errs grammars.ErrorList
	for p.Kind != tEOF {
		if err := p.Recover(nError, p.topLevel, p.safe); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// safe reports whether recovery may start again at the current token:
// one at column 1 that can start a declaration.
func (p *parser) safe() bool {
	if p.Tok.Column != 1 {
		return false
	}
	switch p.Kind {
	case tAt, tIdent, kwClass, kwEnum, kwFinal, kwConst, kwVar, kwVoid:
		return true
	}
	return false
}

// Tokens.

// cur is the index of the current token in the lexer's slice.
func (p *parser) cur() int { return p.lx.next - p.Win.Buffered() }

// tok returns the token n places after the current one, however far.
func (p *parser) tok(n int) *kit.Token {
	if n < kit.Lookahead {
		return p.PeekTok(n)
	}
	if i := p.cur() + n; i < len(p.lx.toks) {
		return &p.lx.toks[i]
	}
	return &p.lx.eof
}

// partnerOf returns how many tokens after the current one the partner
// of the bracket n places ahead is, or -1.
func (p *parser) partnerOf(n int) int {
	i := p.cur() + n
	if i >= len(p.lx.toks) || p.lx.partner[i] < 0 {
		return -1
	}
	return int(p.lx.partner[i]) - p.cur()
}

// semi ends a statement or a declaration with a ;, which is no leaf of
// the tree: a pattern's statement matches with or without one.
func (p *parser) semi() {
	switch {
	case p.Kind == tSemi:
		p.Next()
	case p.inPattern && (p.Kind == tEOF || p.Kind == tRBrace):
	default:
		p.ErrorExpected("';'")
	}
}

// isWord reports whether the current token is the identifier w: a
// built-in or contextual word (get, async, show, required, late, …).
func (p *parser) isWord(w string) bool { return p.Kind == tIdent && p.Tok.Text == w }

// wordAt reports whether the token n places ahead is the identifier w.
func (p *parser) wordAt(n int, w string) bool {
	t := p.tok(n)
	return t.Kind == tIdent && t.Text == w
}

// word pushes the contextual word w as a keyword.
func (p *parser) word(w string) {
	if !p.isWord(w) {
		p.ErrorExpected("'" + w + "'")
	}
	p.LeafAs(tWord)
}

// gotWord pushes the word w as a keyword if it is the current token.
func (p *parser) gotWord(w string) bool {
	if p.isWord(w) {
		p.LeafAs(tWord)
		return true
	}
	return false
}

// ident pushes an identifier.
func (p *parser) ident() { p.identAs(tIdent) }

// identAs pushes an identifier as a leaf of kind k.
func (p *parser) identAs(k grammars.Kind) {
	if p.Kind != tIdent {
		p.ErrorExpected("identifier")
	}
	p.LeafAs(k)
}

// adjacent reports whether the token n places ahead starts right where
// the one before it ends: the parts of a joined operator (>>, >=).
func (p *parser) adjacent(n int) bool {
	prev := p.Tok
	if n > 1 {
		prev = p.tok(n - 1)
	}
	return p.tok(n).Offset == prev.End()
}

// gt expects a > that closes type arguments or parameters.
func (p *parser) gt() {
	if p.Kind != tGT {
		p.ErrorExpected("'>'")
	}
	p.Leaf()
}

// lookahead runs test and reports what it returned (false when it hit a
// syntax error), then puts the parser back where it was. Input nested
// too deep is an error of the file, not a no from the look ahead: it
// unwinds past the look to the declaration it is in.
func (p *parser) lookahead(test func() bool) bool { return p.Lookahead(test) }

// Directives and the top level.

// topLevel parses one top-level declaration, directive or annotation.
func (p *parser) topLevel() {
	m := p.B.Mark()
	if p.isWord("augment") && (p.Peek(1) == tIdent || p.Peek(1) == kwClass || p.Peek(1) == kwEnum || p.Peek(1) == kwFinal || p.Peek(1) == kwConst || p.Peek(1) == kwVar || p.Peek(1) == kwVoid) {
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
			if p.Peek(1) == tString || p.wordAt(1, "of") {
				p.partDirective()
				return
			}
		case "typedef":
			if k := p.Peek(1); k != tAssign && k != tSemi && k != tComma && (k != tLParen || p.partnerOf(1) > 0 && (p.tok(p.partnerOf(1)+1).Kind == tIdent || p.tok(p.partnerOf(1)+1).Kind == tQuestion)) {
				p.typeAlias(m)
				return
			}
		case "extension":
			if k := p.Peek(1); k == tIdent || k == tLT {
				if p.wordAt(1, "type") && p.Peek(2) != tLBrace && p.Peek(2) != tLT {
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
	p.semi()
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
	if p.isWord("export") {
		kind = nExportDirective
	}
	p.LeafAs(tWord)
	p.strings()
	for p.isWord("if") || p.Kind == kwIf {
		c := p.B.Mark()
		p.Leaf()
		p.Expect(tLParen)
		p.dottedName()
		if p.Got(tEq) {
			p.stringLiteral()
		}
		p.Expect(tRParen)
		p.stringLiteral()
		p.B.Close(c, nConfiguration, 0)
	}
	p.gotWord("deferred")
	if p.gotWord("as") {
		p.ident()
	}
	for p.isWord("show") || p.isWord("hide") {
		c := p.B.Mark()
		p.LeafAs(tWord)
		p.ident()
		for p.Got(tComma) {
			p.ident()
		}
		p.B.Close(c, nCombinator, 0)
	}
	p.semi()
	p.B.Close(m, kind, 0)
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
	p.semi()
	p.B.Close(m, kind, 0)
}

// annotation parses @name, @a.b, @a.b<T>(args), @A.named(args).
func (p *parser) annotation() {
	m := p.B.Mark()
	p.Expect(tAt)
	p.ident()
	for p.Kind == tDot && p.Peek(1) == tIdent {
		p.Leaf()
		p.identAs(tFieldIdent)
	}
	if p.Kind == tLT && p.lookahead(func() bool { p.typeArguments(); return p.Kind == tLParen || p.Kind == tDot }) {
		p.typeArguments()
		if p.Got(tDot) {
			p.identAs(tFieldIdent) // @A<int>.named(…)
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
