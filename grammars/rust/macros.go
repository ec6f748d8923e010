package rust

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Macro calls. A call's arguments are a token tree: delimited tokens,
// with the delimited groups inside as token trees of their own. Where the
// arguments parse as expressions separated by , or ; (println!, vec!,
// assert_eq!, write!, matches!) or, in braces, as statements
// (thread_local!), the token tree holds that parse instead of the bare
// tokens, with the same leaves, so that a pattern matches inside. Where
// they do not (quote!, a macro's own little language), it holds the
// tokens, and that is no error.

// macroArgs parses a macro call's arguments, trying them as expressions
// or statements first.
func (p *parser) macroArgs(stmt bool) {
	switch p.Kind {
	case tLParen, tLBrack, tLBrace:
	default:
		p.ErrorExpected("'(', '[' or '{'")
	}
	open := p.Kind
	p.treeErr = nil
	if p.Try(func() { p.parsedArgs(open) }) {
		return
	}
	if err := p.treeErr; err != nil {
		// The arguments of a call inside failed as tokens too, and so
		// would these, which hold them: trying each enclosing call's
		// tokens in turn would make nested calls cost the square of
		// their depth.
		panic(kit.Bailout{Err: err})
	}
	p.fallbackTree()
}

// fallbackTree parses a macro call's arguments as tokens, after they did
// not parse as expressions, and keeps the error when they fail as tokens
// too, for macroArgs.
func (p *parser) fallbackTree() {
	defer func() {
		if r := recover(); r != nil {
			if b, ok := r.(kit.Bailout); ok {
				p.treeErr = b.Err
			}
			panic(r)
		}
	}()
	p.tokenTree()
}

// parsedArgs parses the arguments as expressions or statements, and
// fails unless they end exactly at the closing delimiter.
func (p *parser) parsedArgs(open grammars.Kind) {
	m := p.B.Mark()
	close := closer(open)
	p.Leaf()
	p.withStruct(true, func() {
		if open == tLBrace {
			p.statements()
			return
		}
		for p.Kind != close && p.Kind != tEOF {
			p.attrExpr()
			if !p.Got(tComma) && !p.Got(tSemi) {
				break
			}
		}
	})
	p.Expect(close)
	p.B.Close(m, nTokenTree, 0)
}

// tokenTree parses delimited tokens as they are: ( … ), [ … ] or { … }.
func (p *parser) tokenTree() {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	close := closer(p.Kind)
	if close == 0 {
		p.ErrorExpected("'(', '[' or '{'")
	}
	p.Leaf()
	for p.Kind != close {
		switch p.Kind {
		case tEOF:
			p.ErrorExpected("'" + kindNames[close] + "'")
		case tLParen, tLBrack, tLBrace:
			p.tokenTree()
		case tRParen, tRBrack, tRBrace:
			p.Errorf("unbalanced %s in a token tree: expected %s", p.Tok.Text, kindNames[close])
		case tLifetime:
			p.lifetime()
		default:
			p.Leaf()
		}
	}
	p.Leaf()
	p.B.Close(m, nTokenTree, 0)
}

// closer returns the closing delimiter of an opening one, or 0.
func closer(k grammars.Kind) grammars.Kind {
	switch k {
	case tLParen:
		return tRParen
	case tLBrack:
		return tRBrack
	case tLBrace:
		return tRBrace
	}
	return 0
}
