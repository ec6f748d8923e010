package kit

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/agenttools/agenttools/grammars"
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Participle adapts a lexer to participle, for a grammar whose file
// skeleton is a participle grammar over the same tokens its hand-written
// productions read. Kind 0 is participle's EOF; every other kind is its
// own token type.
func Participle(lx Lexer) lexer.Lexer { return participleLexer{lx} }

type participleLexer struct{ lx Lexer }

func (l participleLexer) Next() (lexer.Token, error) {
	return ToParticiple(l.lx.Next()), nil
}

// ToParticiple converts a token to participle's form.
func ToParticiple(t Token) lexer.Token {
	typ := lexer.TokenType(t.Kind)
	if t.Kind == EOF {
		typ = lexer.EOF
	}
	return lexer.Token{Type: typ, Value: t.Text, Pos: lexer.Position{Offset: int(t.Offset), Line: int(t.Line), Column: int(t.Column)}}
}

// A Skeleton is the lexer a participle file skeleton reads: lx's tokens
// while head takes them, then one token of kind rest in place of the
// first one head refuses, which stands for the rest of the file, then
// EOF there. The hand-written productions start from First.
type Skeleton struct {
	lx   Lexer
	kind grammars.Kind
	head func(t Token) bool
	// First is the rest's first token, once the skeleton reached it.
	First Token
	// Rest reports whether the skeleton reached the rest of the file:
	// there is one, and it starts at First.
	Rest bool
}

// NewSkeleton returns the skeleton of lx whose head is the tokens head
// takes (the end of the file always is), and whose rest is a token of
// kind rest.
func NewSkeleton(lx Lexer, rest grammars.Kind, head func(t Token) bool) *Skeleton {
	return &Skeleton{lx: lx, kind: rest, head: head}
}

// Next hands participle the next token of the skeleton.
func (s *Skeleton) Next() (lexer.Token, error) {
	if s.Rest {
		// After the rest's token only the end remains, where the rest
		// starts, so that participle's errors point into the head.
		return ToParticiple(Token{Kind: EOF, Offset: s.First.Offset, Line: s.First.Line, Column: s.First.Column}), nil
	}
	t := s.lx.Next()
	if t.Kind == EOF || s.head(t) {
		return ToParticiple(t), nil
	}
	s.First, s.Rest = t, true
	t.Kind = s.kind
	return ToParticiple(t), nil
}

// ParseSkeleton parses a file's skeleton with pp from sk. When it fails
// (the head is not what the skeleton says), the whole file of size bytes
// is one leaf of kind errKind on b, and the error says why; f is nil
// then.
func ParseSkeleton[F any](pp *participle.Parser[F], sk *Skeleton, b *grammars.Builder, errKind grammars.Kind, size int) (f *F, err *grammars.Error) {
	plex, uerr := lexer.Upgrade(sk)
	var perr error
	if uerr != nil {
		perr = fmt.Errorf("lexing: %w", uerr)
	} else if f, perr = pp.ParseFromLexer(plex); perr == nil {
		return f, nil
	}
	line, col := 1, 1
	msg := perr.Error()
	var pe participle.Error
	if errors.As(perr, &pe) {
		line, col, msg = pe.Position().Line, pe.Position().Column, pe.Message()
	}
	b.Leaf(errKind, 0, uint32(size))
	return nil, &grammars.Error{Line: line, Column: col, Msg: msg, Span: grammars.Span{End: uint32(size)}}
}

// A SkeletonGrammar is a grammar's file skeleton: a participle grammar
// of type F, built on first use (a process that never parses the
// language never pays for it), whose Rest token stands for the rest of
// the file; and the parse of a file around it.
type SkeletonGrammar[F any] struct {
	parser          func() *participle.Parser[F]
	rest, err, root grammars.Kind
}

// NewSkeletonGrammar returns the skeleton of type F over the tokens def
// names, with participle's options, whose token of kind rest stands for
// the rest of the file, in a tree whose error and root nodes are of
// kinds errKind and root.
func NewSkeletonGrammar[F any](def Definition, rest, errKind, root grammars.Kind, options ...participle.Option) *SkeletonGrammar[F] {
	return &SkeletonGrammar[F]{
		parser: sync.OnceValue(func() *participle.Parser[F] {
			return participle.MustBuild[F](append([]participle.Option{participle.Lexer(def)}, options...)...)
		}),
		rest: rest, err: errKind, root: root,
	}
}

// Parse parses src with l: a file too large is refused; else the
// skeleton reads lx's tokens while head takes them, and build, given
// what it parsed, pushes the head's nodes and parses the rest by hand
// from its first token (nil when the file has no rest), returning the
// syntax errors. When the skeleton fails, the whole file is one error.
// The errors of scan, lx's, follow build's where both report one at the
// same place.
func (g *SkeletonGrammar[F]) Parse(l *grammars.Language, src []byte, lx Lexer, scan *Scan, head func(t Token) bool,
	build func(f *F, b *grammars.Builder, first *Token) grammars.ErrorList) *grammars.Tree {
	if t := Refuse(l, src, g.err, g.root); t != nil {
		return t
	}
	sk := NewSkeleton(lx, g.rest, head)
	b := grammars.NewBuilder(len(src))
	f, err := ParseSkeleton(g.parser(), sk, b, g.err, len(src))
	if err != nil {
		return Finish(l, src, b, g.root, scan.Trivia, grammars.ErrorList{err}, scan.Errs)
	}
	var first *Token
	if sk.Rest {
		first = &sk.First
	}
	return Finish(l, src, b, g.root, scan.Trivia, build(f, b, first), scan.Errs)
}

// ParticipleLeaves pushes the tokens of a participle production as leaves
// on b, the ones whose kind keep takes: a terminator or a synthetic
// token is no leaf of the tree.
func ParticipleLeaves(b *grammars.Builder, toks []lexer.Token, keep func(k grammars.Kind) bool) {
	for _, t := range toks {
		k := grammars.Kind(t.Type)
		if t.EOF() || !keep(k) {
			continue
		}
		start := uint32(t.Pos.Offset)
		b.Leaf(k, start, start+uint32(len(t.Value)))
	}
}

// A Definition is the participle lexer.Definition of a grammar's tokens:
// every token kind but EOF under its name in Names, or under the name
// Renamed gives it (the names a skeleton's tags write: Ident, String).
type Definition struct {
	Names    []string      // the grammar's kind names, token kinds first
	Tokens   grammars.Kind // how many kinds are tokens
	Renamed  map[grammars.Kind]string
	NewLexer func(src string) Lexer // for Lex
}

// Symbols returns participle's names of the token types.
func (d Definition) Symbols() map[string]lexer.TokenType {
	m := map[string]lexer.TokenType{"EOF": lexer.EOF}
	for k := EOF + 1; k < d.Tokens; k++ {
		name, ok := d.Renamed[k]
		if !ok {
			name = d.Names[k]
		}
		m[name] = lexer.TokenType(k)
	}
	return m
}

// Lex reads r and returns its tokens for participle.
func (d Definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", filename, err)
	}
	return Participle(d.NewLexer(string(b))), nil
}
