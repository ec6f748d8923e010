package javascript

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// A dialect is what one of the three languages allows beyond JavaScript.
type dialect struct {
	ts    bool // type arguments in expressions: f<T>(x), a<b>
	casts bool // <T>x type assertions (TypeScript without JSX)
	jsx   bool
	// forget turns off what keeps speculation linear beyond remembering
	// where a speculation itself failed (speculate.go, arrowscan.go), so
	// that tests can check it changes no tree.
	forget bool
}

// ctx holds the flags of the context the parser is in.
type ctx uint16

const (
	cAsync      ctx = 1 << iota // await is an operator
	cGenerator                  // yield is an operator
	cFunction                   // inside a function, where await is not a top-level await
	cNoIn                       // in is no operator: the head of a for statement
	cNoCondType                 // a type after extends, where A extends B ? … is no conditional type
)

// parser holds the hand-written productions on the kit's parser, which
// reads the lexer's tokens through a small lookahead window and builds
// tree nodes directly, bottom-up.
type parser struct {
	kit.Parser
	lx    *lexer
	src   string
	d     dialect
	ctx   ctx
	climb kit.Climb // how binary climbs the operator table
	// failed remembers where a speculative parse failed, and the
	// productions its failure unwound, so that none is tried twice at
	// one place in one context: an outer speculation that fails parses
	// its inside again, and without this nested ones would cost
	// exponential time, and type arguments tried at every < of a long
	// list quadratic time (speculate.go).
	failed map[memoKey]struct{}
	spec   int       // speculations under way
	open   []memoKey // productions begun inside them and not ended
	// parens holds what scans for the ) that closes a ( found
	// (arrowscan.go), by the ('s offset.
	parens map[uint32]parenScan
	scan   *lexer // the lexer those scans read with
}

// newParser returns a parser reading lx, building on b.
func newParser(lx *lexer, d dialect, pattern bool, b *grammars.Builder) *parser {
	p := &parser{lx: lx, src: lx.Src, d: d}
	p.Init(kit.NewWindow(lx, lx.Next()), b, kindNames[:])
	p.Found = found
	p.Pattern = pattern
	p.Ident = tIdent
	p.Rewind = lx.resetAfter
	// A failed speculation puts the context flags back as they were.
	p.SaveState = func() any { return p.ctx }
	p.RestoreState = func(s any) { p.ctx = s.(ctx) }
	p.DeepIsNo = true // a < b, c < d, … nests speculations, not the input
	p.climb = p.newClimb()
	return p
}

// found describes a token in an "expected X, found Y" message: an
// identifier or a literal by its kind and text, any other by its text.
var found = kit.Found(kindNames[:], nil, tIdent, tPrivateName, tNumber, tString, tRegex, tTemplateChars, tJSXText)

// program parses the statements of a file, each top-level one on its
// own: one that fails to parse becomes an ERROR node up to the next line
// that starts with a statement at column 1, and the rest still parses.
func (p *parser) program() grammars.ErrorList {
	return p.TopLevel(nError, p.topStatement, kit.Sync{Column1: true, Test: p.startsStatement})
}

// topStatement parses a top-level statement, in no function.
func (p *parser) topStatement() {
	p.ctx = 0
	p.statement()
}

// startsStatement reports whether the current token may start a
// statement, for recovery: a keyword, an identifier or a decorator.
func (p *parser) startsStatement() bool { return isIdentName(p.Kind) || p.Kind == tAt }

// Tokens and lines.

// newline reports whether a line break comes between the last token and
// the current one: what automatic semicolon insertion and the
// restricted productions depend on. Comments count; a block comment with
// a line break in it is a line break.
func (p *parser) newline() bool {
	return hasLineBreak(p.src[min(int(p.End), int(p.Tok.Offset)):p.Tok.Offset])
}

// newlineAt reports whether a line break comes before the token i places
// ahead, after the token before it.
func (p *parser) newlineAt(i int) bool {
	if i == 0 {
		return p.newline()
	}
	a, b := p.PeekTok(i-1), p.PeekTok(i)
	return hasLineBreak(p.src[min(a.End(), b.Offset):b.Offset])
}

// hasLineBreak reports whether s holds a line terminator.
func hasLineBreak(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n', '\r':
			return true
		case 0xE2:
			if isLSPS(s, i) {
				return true
			}
		}
	}
	return false
}

// semicolon ends a statement: a ; (no leaf of the tree: written or
// automatic, a terminator is a line break, so one-line patterns match code
// written over many), or, by automatic semicolon insertion, nothing
// before a }, the end of the file or a line break.
func (p *parser) semicolon() {
	if p.Kind == tSemi || !p.canInsertSemicolon() {
		// A pattern may leave out the ; before else that JavaScript
		// wants: if ($C) $S else $T.
		p.Semi(tSemi, kwElse)
	}
}

// canInsertSemicolon reports whether a statement may end here.
func (p *parser) canInsertSemicolon() bool {
	return p.Kind == tSemi || p.Kind == tRBrace || p.Kind == tEOF || p.newline()
}

// ident pushes an identifier, which may be a contextual keyword.
func (p *parser) ident() {
	if !isIdent(p.Kind) {
		p.ErrorExpected("identifier")
	}
	p.LeafAs(tIdent)
}

// identAs pushes an IdentifierName (any keyword allowed) as a leaf of
// kind k.
func (p *parser) identAs(k grammars.Kind) {
	if !isIdentName(p.Kind) {
		p.ErrorExpected("identifier")
	}
	p.LeafAs(k)
}

// isMetavarTok reports whether the current token is a metavariable of a
// pattern, which may stand where the grammar wants another named token.
func (p *parser) isMetavarTok() bool { return p.Pattern && p.Kind == tIdent && p.IsMetavar() }

// Re-reading tokens.

// relex has the lexer read the current token again, the way how says.
func (p *parser) relex(how relex) {
	p.lx.resetBefore(p.Tok)
	t := p.lx.relexAt(how)
	p.Win.Reset(t)
	p.Load()
}

// relexGreater makes the current > the longest operator it starts.
func (p *parser) relexGreater() {
	if p.Kind != tGT {
		return
	}
	if off := int(p.Tok.Offset) + 1; off < len(p.src) && (p.src[off] == '>' || p.src[off] == '=') {
		p.relex(relexGreater)
	}
}

// retag gives the current token kind k, which decides how the lexer reads
// on after it (template text after a substitution's }, JSX children after
// a tag's >).
func (p *parser) retag(k grammars.Kind) {
	t := *p.Tok
	t.Kind = k
	p.lx.resetAfter(&t)
	if toks := p.lx.toks; len(toks) > 0 && toks[len(toks)-1].Start == t.Offset {
		toks[len(toks)-1].Kind = k
	}
	p.Win.Reset(t)
	p.Load()
}
