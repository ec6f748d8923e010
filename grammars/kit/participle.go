package kit

import (
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
