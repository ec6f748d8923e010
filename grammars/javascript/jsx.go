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
	name, selfClosing := p.jsxOpening(inChildren)
	if selfClosing {
		p.B.Close(m, nJSXSelfClosingElement, 0)
		return
	}
	p.jsxChildren()
	p.Node(nJSXClosingElement, func() { p.jsxClosing(name, inChildren) })
	p.B.Close(m, nJSXElement, 0)
}

// jsxOpening parses an opening tag, or all of a self-closing element,
// and returns the tag's name ("" for a fragment's) and whether the
// element closed itself.
func (p *parser) jsxOpening(inChildren bool) (name string, selfClosing bool) {
	m := p.B.Mark()
	p.Expect(tLT)
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
		if p.Got(tSlash) {
			p.jsxTagEnd(inChildren)
			return name, true
		}
	}
	if p.Kind != tGT {
		p.ErrorExpected("'>'")
	}
	p.retag(tJSXGT)
	p.Leaf()
	p.B.Close(m, nJSXOpeningElement, 0)
	return name, false
}

// jsxClosing parses the closing tag of the element named name.
func (p *parser) jsxClosing(name string, inChildren bool) {
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
			p.Prefix(nJSXExpression, p.jsxChildExpression)
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

// jsxChildExpression parses what follows the { of an expression among
// children, its } included, after which the lexer reads children again.
func (p *parser) jsxChildExpression() {
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
	if p.Kind == tLBrace {
		p.Prefix(nJSXExpression, func() {
			if p.isMetavarTok() {
				p.Leaf() // {$$$PROPS} in a pattern
			} else {
				p.Node(nSpreadElement, func() {
					p.Expect(tEllipsis)
					p.assignment()
				})
			}
			p.Expect(tRBrace)
		})
		return
	}
	m := p.B.Mark()
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
			p.Prefix(nJSXExpression, func() {
				p.expression()
				p.Expect(tRBrace)
			})
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
