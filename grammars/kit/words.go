package kit

import "github.com/agenttools/agenttools/grammars"

// Identifiers, contextual words, joined tokens and terminators: what
// grammars whose keywords are partly contextual (Rust's union, Dart's
// get, TypeScript's type) and whose operators are joined from single
// tokens (>>, >=) all need.

// IdentAs pushes the current token, an identifier, as a leaf of kind k.
func (p *Parser) IdentAs(k grammars.Kind) {
	if p.Kind != p.Ident {
		p.ErrorExpected("identifier")
	}
	p.LeafAs(k)
}

// IsWord reports whether the current token is the identifier w: a
// contextual keyword.
func (p *Parser) IsWord(w string) bool { return p.Kind == p.Ident && p.Tok.Text == w }

// WordAt reports whether the token n places ahead is the identifier w.
func (p *Parser) WordAt(n int, w string) bool {
	t := p.at(n)
	return t.Kind == p.Ident && t.Text == w
}

// at is the token n places ahead, however far when the parser has Toks.
func (p *Parser) at(n int) *Token {
	if p.Toks != nil {
		return p.Far(n)
	}
	return p.PeekTok(n)
}

// Adjacent reports whether the token n places ahead starts right where
// the one before it ends: the parts of a joined operator (>>, >=).
func (p *Parser) Adjacent(n int) bool {
	prev := p.Tok
	if n > 1 {
		prev = p.at(n - 1)
	}
	return p.at(n).Offset == prev.End()
}

// Semi ends a statement or a declaration with the terminator semi, which
// is no leaf of the tree: a pattern's statement matches with or without
// one. In a pattern it may be left out at the end, or before one of
// closers.
func (p *Parser) Semi(semi grammars.Kind, closers ...grammars.Kind) {
	if p.Kind == semi {
		p.Next()
		return
	}
	if p.Pattern {
		if p.Kind == EOF {
			return
		}
		for _, c := range closers {
			if p.Kind == c {
				return
			}
		}
	}
	p.ErrorExpected("'" + p.Names[semi] + "'")
}

// Found returns a Parser's Found for a grammar with kind names names:
// the end of the file says so, a token of one of the kinds described
// (identifiers, literals) is its kind's name and its quoted text, and any
// other token its quoted text. special, when set, names a token first
// (Python's indent; Go's automatic semicolon, a newline), or returns "".
func Found(names []string, special func(t *Token) string, described ...grammars.Kind) func(t *Token) string {
	set := make([]bool, len(names))
	for _, k := range described {
		set[k] = true
	}
	return func(t *Token) string {
		if special != nil {
			if s := special(t); s != "" {
				return s
			}
		}
		switch {
		case t.Kind == EOF:
			return "end of file"
		case int(t.Kind) < len(set) && set[t.Kind]:
			return names[t.Kind] + " " + Quote(t.Text)
		}
		return Quote(t.Text)
	}
}

// Node runs prod and closes what it pushed as a node of kind k.
func (p *Parser) Node(k grammars.Kind, prod func()) {
	m := p.B.Mark()
	prod()
	p.B.Close(m, k, 0)
}

// Prefix pushes the current token (a keyword or an operator), then runs
// operand, and closes both as a node of kind k: return e, -e, await e.
func (p *Parser) Prefix(k grammars.Kind, operand func()) {
	m := p.B.Mark()
	p.Leaf()
	operand()
	p.B.Close(m, k, 0)
}

// Chain parses operand, then, while the current token is one of ops, the
// operator and another operand, closing each step as a node of kind k
// that groups to the left: a or b or c is ((a or b) or c).
func (p *Parser) Chain(k grammars.Kind, operand func(), ops ...grammars.Kind) {
	m := p.B.Mark()
	operand()
	for p.isOneOf(ops) {
		p.Leaf()
		operand()
		p.B.Close(m, k, 0)
	}
}

func (p *Parser) isOneOf(kinds []grammars.Kind) bool {
	for _, k := range kinds {
		if p.Kind == k {
			return true
		}
	}
	return false
}

// PrefixOr parses operand, or, when the current token is of kind op, the
// token and the operand closed as a node of kind k: ...x or x, *x or x,
// await x or x.
func (p *Parser) PrefixOr(op, k grammars.Kind, operand func()) {
	if p.Kind == op {
		p.Prefix(k, operand)
		return
	}
	operand()
}
