package javascript

// JSX.
//
// The lexer reads a tag's names and attributes as ordinary tokens; the
// parser has it read a name with dashes (data-id) or an attribute string
// (which has no escapes) again, and gives the > that ends an opening tag
// and the } that ends an expression among children the kinds after which
// the lexer reads children: text, {, or <.

// jsxElement parses an element, a self-closing element or a fragment at
// its <. inChildren says the element is a child of another, so that the
// lexer reads children again after its last >.
func (p *parser) jsxElement(inChildren bool) {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	mo := p.B.Mark()
	p.Expect(tLT)
	name := ""
	if p.Kind != tGT {
		start := p.Tok.Offset
		p.jsxTagName()
		name = p.src[start:p.End]
		if p.Kind == tLT && p.d.ts {
			p.typeArguments()
		}
		for p.Kind != tGT && p.Kind != tSlash && p.Kind != tEOF {
			p.jsxAttribute()
		}
		if p.Kind == tSlash {
			p.Leaf()
			p.jsxTagEnd(inChildren)
			p.B.Close(m, nJSXSelfClosingElement, 0)
			return
		}
	}
	if p.Kind != tGT {
		p.ErrorExpected("'>'")
	}
	p.retag(tJSXGT)
	p.Leaf()
	p.B.Close(mo, nJSXOpeningElement, 0)
	p.jsxChildren()
	mc := p.B.Mark()
	p.Expect(tLT)
	p.Expect(tSlash)
	if p.Kind != tGT {
		start := p.Tok.Offset
		p.jsxTagName()
		if closing := p.src[start:p.End]; closing != name && !p.Pattern {
			p.Errorf("expected corresponding closing tag for '%s', found '%s'", name, closing)
		}
	} else if name != "" {
		p.Errorf("expected corresponding closing tag for '%s'", name)
	}
	p.jsxTagEnd(inChildren)
	p.B.Close(mc, nJSXClosingElement, 0)
	p.B.Close(m, nJSXElement, 0)
}

// jsxTagEnd pushes the > that ends a tag; after it come the parent's
// children, when there is a parent.
func (p *parser) jsxTagEnd(inChildren bool) {
	if p.Kind != tGT {
		p.ErrorExpected("'>'")
	}
	if inChildren {
		// The lexer reads children after it; the leaf is the same > as an
		// element's at the top, so one pattern matches both.
		p.retag(tJSXGT)
		p.LeafAs(tGT)
		return
	}
	p.Leaf()
}

// jsxChildren parses children up to the </ of the closing tag.
func (p *parser) jsxChildren() {
	for {
		switch p.Kind {
		case tJSXText, tIdent: // an identifier here is a pattern's metavariable
			p.Leaf()
		case tLBrace:
			m := p.B.Mark()
			p.Leaf()
			switch p.Kind {
			case tRBrace: // {} or {/* comment */}
			case tEllipsis:
				p.Prefix(nSpreadElement, p.assignment)
			default:
				p.expression()
			}
			if p.Kind != tRBrace {
				p.ErrorExpected("'}'")
			}
			p.retag(tJSXRBrace)
			p.Leaf()
			p.B.Close(m, nJSXExpression, 0)
		case tLT:
			if p.Peek(1) == tSlash {
				return
			}
			p.jsxElement(true)
		default:
			p.ErrorExpected("closing tag")
		}
	}
}

// jsxName pushes one JSX identifier, which may have dashes, as a leaf of
// the kind the parser gives it.
func (p *parser) jsxName(leaf func()) {
	if !isIdentName(p.Kind) {
		p.ErrorExpected("JSX name")
	}
	if end := int(p.Tok.End()); end < len(p.src) && p.src[end] == '-' {
		p.relex(relexJSXName)
	}
	leaf()
}

// jsxTagName parses a tag's name: a, a-b, a.b.c or a:b.
func (p *parser) jsxTagName() {
	m := p.B.Mark()
	p.jsxName(func() { p.LeafAs(tIdent) })
	switch p.Kind {
	case tColon:
		p.Leaf()
		p.jsxName(func() { p.LeafAs(tIdent) })
		p.B.Close(m, nJSXNamespaceName, 0)
	case tDot:
		for p.Kind == tDot {
			p.Leaf()
			p.identAs(tPropIdent)
			p.B.Close(m, nMemberExpression, 0)
		}
	}
}

// jsxAttribute parses name, name="v", name={expr}, name=<el/>, or {...spread}.
func (p *parser) jsxAttribute() {
	m := p.B.Mark()
	if p.Kind == tLBrace {
		p.Leaf()
		ms := p.B.Mark()
		if p.isMetavarTok() {
			p.Leaf() // {$$$PROPS} in a pattern
		} else {
			p.Expect(tEllipsis)
			p.assignment()
			p.B.Close(ms, nSpreadElement, 0)
		}
		p.Expect(tRBrace)
		p.B.Close(m, nJSXExpression, 0)
		return
	}
	p.jsxName(func() { p.LeafAs(tPropIdent) })
	if p.Kind == tColon {
		p.Leaf()
		p.jsxName(func() { p.LeafAs(tPropIdent) })
		p.B.Close(m, nJSXNamespaceName, 0)
	}
	if p.Got(tAssign) {
		switch {
		case p.Kind == tString:
			p.relex(relexJSXString)
			p.Leaf()
		case p.Kind == tLBrace:
			me := p.B.Mark()
			p.Leaf()
			p.expression()
			p.Expect(tRBrace)
			p.B.Close(me, nJSXExpression, 0)
		case p.Kind == tLT:
			p.jsxElement(false)
		case p.isMetavarTok():
			p.Leaf()
		default:
			p.ErrorExpected("JSX attribute value")
		}
	}
	if p.B.Len(m) > 1 {
		p.B.Close(m, nJSXAttribute, 0)
	}
}
