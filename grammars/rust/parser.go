package rust

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// parser holds the hand-written productions on the kit's parser, which
// reads the lexer's tokens through a small lookahead window and builds
// tree nodes directly, bottom-up.
type parser struct {
	kit.Parser
	src string
	// noStruct: a path followed by { is no struct expression, as in the
	// head of an if, a while, a match or a for, where the { opens the
	// body. Parentheses, brackets and blocks lift it.
	noStruct bool
	// treeErr is the error of the last macro call whose arguments failed
	// both as expressions and as tokens (see macroArgs).
	treeErr *grammars.Error
	ops     kit.Climb // the binary operators over unary operands
}

func newParser(lx *lexer, pattern bool, b *grammars.Builder) *parser {
	p := &parser{src: lx.Src}
	p.Init(kit.NewWindow(lx, lx.Next()), b, kindNames[:])
	p.Rewind = lx.resetAfter
	p.Pattern, p.Ident = pattern, tIdent
	p.Found = kit.Found(kindNames[:], nil, tIdent, tLifetime, tInt, tFloat, tChar, tString)
	// A speculative parse that fails leaves noStruct as it found it.
	p.SaveState = func() any { return p.noStruct }
	p.RestoreState = func(s any) { p.noStruct = s.(bool) }
	p.ops = kit.Climb{Ops: binaryOps, Operand: p.unary, Node: nBinaryExpression}
	return p
}

// itemSync is where recovery after a syntax error starts again: a line
// that starts an item at column 1.
var itemSync = kit.Sync{Column1: true, Kinds: []grammars.Kind{
	tPound, kwPub, kwFn, kwStruct, kwEnum, kwImpl, kwTrait, kwMod, kwUse, kwConst, kwStatic,
	kwType, kwExtern, kwUnsafe, kwAsync, tIdent,
}}

// sourceFile parses the inner attributes and the items of a file, each
// top-level item on its own: one that fails to parse becomes an ERROR
// node up to the next line that starts an item at column 1, and the rest
// still parses.
func (p *parser) sourceFile() grammars.ErrorList {
	return p.TopLevel(nError, p.topItem, itemSync)
}

// topItem parses an inner attribute, an item, or, in a pattern, a
// statement: a pattern's top level is read as a function body would be,
// so that a scaffold of its own is needed only for what no body holds.
func (p *parser) topItem() {
	p.noStruct = false
	if p.Kind == tPound && p.Peek(1) == tNot {
		p.attribute()
		return
	}
	if p.Kind == tSemi {
		p.Next() // a stray ;, which rustc accepts with a warning
		return
	}
	p.item(true)
}

// Tokens.

// semi ends a statement or an item with a ;, which is no leaf of the
// tree: a pattern's statement matches with or without one.
func (p *parser) semi() { p.Semi(tSemi, tRBrace) }

// ident pushes an identifier.
func (p *parser) ident() { p.identAs(tIdent) }

// identAs pushes an identifier as a leaf of kind k: a contextual
// keyword's word, or one of the 2015 edition's words that later editions
// made keywords (async, await, dyn, try), where only a name can stand.
func (p *parser) identAs(k grammars.Kind) {
	if edition2015Word(p.Kind) {
		p.LeafAs(k)
		return
	}
	p.IdentAs(k)
}

// edition2015Word reports whether k is a keyword of the 2018 edition on
// that was an identifier before it.
func edition2015Word(k grammars.Kind) bool {
	return k == kwAsync || k == kwAwait || k == kwDyn || k == kwTry
}

// parenthesized parses ( items ) separated by commas: one item with no
// comma after it is in parentheses, a node of kind paren; none is a node
// of kind unit, and several, or one with a comma, of kind tuple.
func (p *parser) parenthesized(item func(), unit, paren, tuple grammars.Kind) {
	m := p.B.Mark()
	p.Expect(tLParen)
	n, comma := 0, false
	for p.Kind != tRParen && p.Kind != tEOF {
		item()
		n++
		if comma = p.Got(tComma); !comma {
			break
		}
	}
	p.Expect(tRParen)
	kind := tuple
	switch {
	case n == 0:
		kind = unit
	case n == 1 && !comma:
		kind = paren
	}
	p.B.Close(m, kind, 0)
}

// withStruct runs prod with struct expressions allowed or not.
func (p *parser) withStruct(allowed bool, prod func()) {
	saved := p.noStruct
	p.noStruct = !allowed
	prod()
	p.noStruct = saved
}

// Attributes and visibility.

// attributes parses the outer attributes before an item, a statement, a
// field, a parameter, an arm or an expression.
func (p *parser) attributes() {
	for p.Kind == tPound && p.Peek(1) == tLBrack {
		p.attribute()
	}
}

// attribute parses #[…] or #![…]: a path, then a token tree or = and an
// expression.
func (p *parser) attribute() {
	m := p.B.Mark()
	p.Expect(tPound)
	kind := nAttributeItem
	if p.Got(tNot) {
		kind = nInnerAttributeItem
	}
	p.Expect(tLBrack)
	a := p.B.Mark()
	p.metaPath()
	switch p.Kind {
	case tLParen, tLBrack, tLBrace:
		p.tokenTree()
	case tAssign:
		p.Leaf()
		p.withStruct(true, p.expr)
	}
	p.B.Close(a, nAttribute, 0)
	p.Expect(tRBrack)
	p.B.Close(m, kind, 0)
}

// metaPath parses the path of an attribute or a macro: a::b, ::a.
func (p *parser) metaPath() {
	m := p.B.Mark()
	n := 0
	if p.Got(tPathSep) {
		n++
	}
	for {
		switch p.Kind {
		case tIdent, kwSelfValue, kwSuper, kwCrate, kwSelfType, kwUnsafe:
			p.Leaf()
		default:
			if isKeyword(p.Kind) {
				p.Leaf() // #[macro_use], #[cfg(…)] name keywords sometimes: #[doc(hidden)]
			} else {
				p.ErrorExpected("identifier")
			}
		}
		n++
		if p.Kind != tPathSep || p.Peek(1) == tLBrace || p.Peek(1) == tStar {
			break
		}
		p.Leaf()
	}
	if n > 1 {
		p.B.Close(m, nPath, 0)
	}
}

func isKeyword(k grammars.Kind) bool { return k >= firstKeyword && k <= lastKeyword }

// visibility parses pub, pub(crate), pub(self), pub(super), pub(in a::b)
// and the old crate visibility.
func (p *parser) visibility() {
	switch {
	case p.Kind == kwPub:
	case p.Kind == kwCrate && p.Peek(1) != tPathSep && p.Peek(1) != tNot:
		m := p.B.Mark()
		p.Leaf()
		p.B.Close(m, nVisibility, 0)
		return
	default:
		return
	}
	m := p.B.Mark()
	p.Leaf()
	if p.Kind == tLParen {
		switch k := p.Peek(1); {
		case (k == kwCrate || k == kwSelfValue || k == kwSuper) && p.Peek(2) == tRParen:
			p.Leaf()
			p.Leaf()
			p.Leaf()
		case k == kwIn:
			p.Leaf()
			p.Leaf()
			p.simplePath()
			p.Expect(tRParen)
		}
	}
	p.B.Close(m, nVisibility, 0)
}

// simplePath parses a path with no generic arguments: a::b::c, ::a.
func (p *parser) simplePath() {
	m := p.B.Mark()
	n := 0
	if p.Got(tPathSep) {
		n++
	}
	for {
		switch {
		case p.Kind == tIdent || p.Kind == kwSelfValue || p.Kind == kwSuper || p.Kind == kwCrate || p.Kind == kwSelfType:
			p.Leaf()
		case edition2015Word(p.Kind): // use termion::async;
			p.LeafAs(tIdent)
		default:
			p.ErrorExpected("identifier")
		}
		n++
		if p.Kind != tPathSep || p.Peek(1) == tLBrace || p.Peek(1) == tStar {
			break
		}
		p.Leaf()
	}
	if n > 1 {
		p.B.Close(m, nPath, 0)
	}
}
