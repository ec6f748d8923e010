package javascript

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Arrow functions that are not: (a = (b = (c = 1))) looks like an
// arrow's parameters at every (, and TypeScript tries each as one. The
// try at the first ( parses the second as a parenthesized expression
// after the try at the second failed, and so on in, so that each level
// is parsed once for every level around it: quadratic time in the
// nesting. An arrow's ) is followed by => or by a return type's :, so
// before trying, the parser finds the ) by reading tokens only, and
// does not try where neither follows it. The scan remembers the ) of
// every ( it passes, so that no token is scanned twice, and gives up
// (the parser then tries, as before) where a token's reading needs the
// parser: a /, which may start a regular expression, and, in JSX, a <.

// A parenScan is what a scan found for one (: the ) that closes it, or,
// when known is false, that it could not tell.
type parenScan struct {
	close kit.Token
	known bool
}

// An opener is a ( { or ${ that a scan has passed and not yet closed.
type opener struct {
	off  uint32
	kind grammars.Kind
}

// notArrow reports whether the arrow function that isParenArrow could
// not rule out is certainly none: the token after the ) that closes its
// ( is neither => nor :. Type parameters before the ( are looked past
// when they are names only, <T> or <K, V>, and then a ( must follow
// them: <T>x is a type assertion.
func (p *parser) notArrow() bool {
	if p.d.forget {
		return false
	}
	i := 0
	if p.Kind == kwAsync {
		i = 1
	}
	if p.Peek(i) == tLT {
		i++
		// The names, their > and the ( after it must fit the window: at
		// most Peek(kit.Lookahead-1).
		for i+4 < kit.Lookahead && isIdent(p.Peek(i)) && p.Peek(i+1) == tComma {
			i += 2
		}
		if !isIdent(p.Peek(i)) || p.Peek(i+1) != tGT {
			return false
		}
		i += 2
		if p.Peek(i) != tLParen {
			return true
		}
	}
	open := p.PeekTok(i)
	if open.Kind != tLParen {
		return false
	}
	ps, ok := p.parens[open.Offset]
	if !ok {
		ps = p.scanParens(open)
	}
	if !ps.known {
		return false
	}
	sl := p.scanner()
	sl.resetAfter(&ps.close)
	k := sl.Next().Kind
	return k != tArrow && k != tColon
}

// scanner returns the lexer that scans read with: one of its own, quiet,
// so that the parser's lexer stays where it is.
func (p *parser) scanner() *lexer {
	if p.scan == nil {
		p.scan = &lexer{Scan: kit.NewScan(p.src, p.Pattern)}
		p.scan.Quiet = true
		p.parens = map[uint32]parenScan{}
	}
	return p.scan
}

// scanParens reads tokens from the ( open to the ) that closes it,
// remembering the ) of each ( on the way, and returns what it found for
// open.
func (p *parser) scanParens(open *kit.Token) parenScan {
	sl := p.scanner()
	sl.resetAfter(open)
	stack := []opener{{open.Offset, tLParen}}
	for {
		t := sl.Next()
		switch t.Kind {
		case tLParen:
			if ps, ok := p.parens[t.Offset]; ok {
				if !ps.known {
					return p.scanFailed(stack)
				}
				sl.resetAfter(&ps.close)
				continue
			}
			stack = append(stack, opener{t.Offset, tLParen})
		case tLBrace, tDollarBrace:
			stack = append(stack, opener{t.Offset, t.Kind})
		case tRParen:
			top := stack[len(stack)-1]
			if top.kind != tLParen {
				return p.scanFailed(stack)
			}
			stack = stack[:len(stack)-1]
			p.parens[top.off] = parenScan{close: t, known: true}
			if len(stack) == 0 {
				return p.parens[top.off]
			}
		case tRBrace:
			switch stack[len(stack)-1].kind {
			case tLBrace:
			case tDollarBrace:
				// The } that closes a substitution, after which comes
				// template text, as the parser's retag has it.
				t.Kind = tTemplateRBrace
				sl.resetAfter(&t)
			default:
				return p.scanFailed(stack)
			}
			stack = stack[:len(stack)-1]
		case tSlash, tSlashAs, tEOF, tIllegal:
			return p.scanFailed(stack)
		case tLT:
			if p.d.jsx {
				return p.scanFailed(stack)
			}
		}
	}
}

// scanFailed remembers that a scan could not find the ) of the ( still
// open in stack: a scan from any of them stops where this one did.
func (p *parser) scanFailed(stack []opener) parenScan {
	for _, o := range stack {
		if o.kind == tLParen {
			p.parens[o.off] = parenScan{}
		}
	}
	return parenScan{}
}
