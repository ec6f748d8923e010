package kit

import (
	"fmt"

	"github.com/agenttools/agenttools/grammars"
)

// MaxDepth is the deepest nesting a grammar's productions enter before
// the input is a syntax error: deep input is an error, never a stack
// overflow.
const MaxDepth = 2000

// A Parser is the state and helpers every hand-written recursive-descent
// parser shares. A grammar's parser embeds it and writes its productions
// as methods that read Tok and Kind, push leaves with Leaf, Got and
// Expect, and close nodes on B.
type Parser struct {
	Win   *Window
	Tok   *Token        // the current token
	Kind  grammars.Kind // its kind
	B     *grammars.Builder
	Depth int
	End   uint32 // where the last token read with any text ends

	// Names are the grammar's kind names, for "expected ';'" messages.
	Names []string
	// Found describes the current token in an "expected X, found Y"
	// message; nil, or "" from it, quotes the token's text.
	Found func(t *Token) string
	// Pattern: the parser reads a pattern, where a statement's
	// terminator may be left out before the end or a closer (Semi).
	Pattern bool
	// Ident is the grammar's identifier kind, for Ident, IsWord and
	// WordAt.
	Ident grammars.Kind

	// Rewind moves the lexer to just after a token, for speculation
	// (Try, Lookahead, Restore). SaveState and RestoreState, when set,
	// save and restore the grammar's own state that a speculative parse
	// may change (flags, a stack of contexts, what a lexer has taken).
	Rewind       func(after *Token)
	SaveState    func() any
	RestoreState func(any)
	// DeepIsNo makes a speculative parse that nests too deep a "no" (Try
	// and Lookahead) instead of an error of the file: for a grammar whose
	// speculations nest where the input does not (TypeScript's
	// a < b, c < d, …, each < tried as type arguments).
	DeepIsNo bool
	// Toks is the whole file's tokens when the lexer reads them all
	// before the parse (Far, Partner); nil for a lexer that streams.
	Toks *Tokens
}

// A Bailout is the panic that unwinds a production on a syntax error, up
// to the Attempt that parses the declaration or statement it is in.
// Deep marks the error of input nested past MaxDepth: speculation passes
// it through, since a deeper parse of another reading would fail too, and
// it must unwind to the top-level item instead of being taken for a "no".
type Bailout struct {
	Err  *grammars.Error
	Deep bool
}

// Init points the parser at a window and a builder.
func (p *Parser) Init(w *Window, b *grammars.Builder, names []string) {
	p.Win, p.B, p.Names = w, b, names
	p.Load()
}

// Load reads the window's current token into Tok and Kind.
func (p *Parser) Load() {
	p.Tok = p.Win.Peek()
	p.Kind = p.Tok.Kind
}

// Next moves to the next token.
func (p *Parser) Next() {
	if len(p.Tok.Text) > 0 {
		p.End = p.Tok.End()
	}
	p.Win.Next()
	p.Load()
}

// Pos is the offset of the current token.
func (p *Parser) Pos() uint32 { return p.Tok.Offset }

// Peek returns the kind of the token n places after the current one.
func (p *Parser) Peek(n int) grammars.Kind { return p.Win.PeekAt(n).Kind }

// PeekTok returns the token n places after the current one.
func (p *Parser) PeekTok(n int) *Token { return p.Win.PeekAt(n) }

// Leaf pushes the current token and moves past it. A synthetic token and
// the end of the file are passed over, never pushed.
func (p *Parser) Leaf() {
	if !p.Tok.Synthetic && p.Kind != EOF {
		p.B.Leaf(p.Kind, p.Tok.Offset, p.Tok.End())
	}
	p.Next()
}

// LeafAs pushes the current token as a leaf of kind k (a contextual
// keyword read as an identifier, or the other way round).
func (p *Parser) LeafAs(k grammars.Kind) {
	p.B.Leaf(k, p.Tok.Offset, p.Tok.End())
	p.Next()
}

// Got pushes the current token if it is of kind k, and reports whether
// it was.
func (p *Parser) Got(k grammars.Kind) bool {
	if p.Kind == k {
		p.Leaf()
		return true
	}
	return false
}

// Expect pushes the current token, which must be of kind k.
func (p *Parser) Expect(k grammars.Kind) {
	if p.Kind != k {
		p.ErrorExpected("'" + p.Names[k] + "'")
	}
	p.Leaf()
}

// IsMetavar reports whether the current token is a pattern
// metavariable. Only a pattern's tree has them: a file's $X is an
// ordinary identifier where the language allows one.
func (p *Parser) IsMetavar() bool { return grammars.IsMetavar(p.Tok.Text) }

// IsRun reports whether the token n places after the current one is a
// $$$ metavariable.
func (p *Parser) IsRun(n int) bool { return grammars.IsRunMetavar(p.Win.PeekAt(n).Text) }

// Errorf unwinds to the enclosing Attempt with an error at the current
// token.
func (p *Parser) Errorf(format string, args ...any) {
	panic(Bailout{Err: p.errorHere(fmt.Sprintf(format, args...))})
}

func (p *Parser) errorHere(msg string) *grammars.Error {
	return &grammars.Error{Line: int(p.Tok.Line), Column: int(p.Tok.Column), Msg: msg}
}

// ErrorExpected unwinds with "expected what, found" the current token.
func (p *Parser) ErrorExpected(what string) {
	found := ""
	if p.Found != nil {
		found = p.Found(p.Tok)
	}
	if found == "" {
		found = "'" + p.Tok.Text + "'"
		if p.Kind == EOF {
			found = "end of file"
		}
	}
	p.Errorf("expected %s, found %s", what, found)
}

// Enter goes one level deeper, failing past MaxDepth.
func (p *Parser) Enter() {
	p.Depth++
	if p.Depth > MaxDepth {
		panic(Bailout{Err: p.errorHere(fmt.Sprintf("nesting deeper than %d levels", MaxDepth)), Deep: true})
	}
}

// Leave comes back up a level.
func (p *Parser) Leave() { p.Depth-- }

// Attempt runs a production and returns the syntax error that unwound
// it, or nil. The nesting depth starts again from zero.
func (p *Parser) Attempt(prod func()) (err *grammars.Error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(Bailout)
			if !ok {
				panic(r)
			}
			err = b.Err
		}
	}()
	p.Depth = 0
	prod()
	return nil
}

// Recover parses one declaration or statement with prod. On a syntax
// error it drops what prod had built, moves on at least one token to the
// first token that safe accepts (or the end of the file), covers what it
// passed over with a leaf of kind errKind, and returns the error with
// that region as its Span.
func (p *Parser) Recover(errKind grammars.Kind, prod func(), safe func() bool) *grammars.Error {
	mark := p.B.Mark()
	start := p.Pos()
	perr := p.Attempt(prod)
	if perr == nil {
		return nil
	}
	p.B.Truncate(mark)
	end := p.Pos()
	for p.Kind != EOF {
		end = p.Tok.End()
		p.Next()
		if safe() {
			break
		}
	}
	end = max(end, start)
	perr.Span = grammars.Span{Start: start, End: end}
	p.B.Leaf(errKind, start, end)
	return perr
}

// List parses items separated by sep until close or the end of the file,
// with an optional trailing separator, and returns how many it parsed.
// Neither close nor anything after it is consumed.
func (p *Parser) List(sep, close grammars.Kind, item func()) int {
	n := 0
	for p.Kind != close && p.Kind != EOF {
		item()
		n++
		if !p.Got(sep) {
			break
		}
	}
	return n
}
