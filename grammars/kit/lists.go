package kit

import (
	"github.com/agenttools/agenttools/grammars"
)

// Lists and clauses: the shapes of productions that every grammar writes,
// over the parser's Got, Expect and List.

// More parses the rest of a list after its first item: while the
// current token is sep, the separator and, unless close follows it (a
// trailing separator), another item. It returns how many items it
// parsed; neither close nor anything after it is consumed.
func (p *Parser) More(sep, close grammars.Kind, item func()) int {
	n := 0
	for p.Got(sep) && p.Kind != close {
		item()
		n++
	}
	return n
}

// Separated parses item, then, while the current token is sep, the
// separator and another item.
func (p *Parser) Separated(sep grammars.Kind, item func()) {
	item()
	for p.Got(sep) {
		item()
	}
}

// Clause parses an optional clause that starts with a keyword: when the
// current token is of kind kw, it pushes it, runs body and closes both
// as a node of kind k (else s, finally { }). It reports whether the
// clause was there.
func (p *Parser) Clause(kw, k grammars.Kind, body func()) bool {
	if p.Kind != kw {
		return false
	}
	p.Prefix(k, body)
	return true
}

// Enclosed parses the bracket of kind open, body and the bracket of kind
// close as a node of kind k, a level of nesting deeper: a block, an
// argument list, whose contents may hold another.
func (p *Parser) Enclosed(k, open, close grammars.Kind, body func()) {
	p.Enter()
	p.Node(k, func() {
		p.Expect(open)
		body()
		p.Expect(close)
	})
	p.Leave()
}

// Tail parses first, then, when the current token is of kind op, the
// operator and rest, closing all three as a node of kind k: a default
// (x = 1), a key and its value (k: v). Without op, first stands alone.
// It reports whether op was there.
func (p *Parser) Tail(k grammars.Kind, first func(), op grammars.Kind, rest func()) bool {
	m := p.B.Mark()
	first()
	if !p.Got(op) {
		return false
	}
	rest()
	p.B.Close(m, k, 0)
	return true
}

// Delimited pushes open, items separated by sep (a trailing one
// allowed) up to close, and close, and closes them as a node of kind k:
// (a, b), <T, U>, { x: T, }.
func (p *Parser) Delimited(k, open, sep, close grammars.Kind, item func()) {
	m := p.B.Mark()
	p.Expect(open)
	p.List(sep, close, item)
	p.Expect(close)
	p.B.Close(m, k, 0)
}

// Until parses items with item up to a token of kind close or the end of
// the file, neither of which it consumes: a block's statements.
func (p *Parser) Until(close grammars.Kind, item func()) {
	for p.Kind != close && p.Kind != EOF {
		item()
	}
}

// Sequence parses item, then, while the current token is sep, the
// separator and another item; when it parsed more than one, it closes
// them all as one node of kind k: a, b, c is (k a , b , c), and a alone
// is a.
func (p *Parser) Sequence(k, sep grammars.Kind, item func()) {
	m := p.B.Mark()
	item()
	if p.Kind != sep {
		return
	}
	for p.Got(sep) {
		item()
	}
	p.B.Close(m, k, 0)
}

// Optional runs prod when the current token is of kind k, which starts
// what prod parses, and reports whether it did.
func (p *Parser) Optional(k grammars.Kind, prod func()) bool {
	if p.Kind != k {
		return false
	}
	prod()
	return true
}
