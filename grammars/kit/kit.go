// Package kit is what every hand-written grammar of agenttools is built
// on, so that a grammar is its lexer, its productions and its tables:
//
//   - tokens: the Token a lexer produces, the Window a parser reads them
//     through, Tokens (a whole file's, with each bracket's partner, for a
//     parser that looks far ahead), and Scan, a scanner base that keeps
//     positions, trivia and errors, with what lexers share besides
//     (rescan.go: a #! line, raw strings, words of any script, moving a
//     streaming scan back for a parser that speculates);
//   - tables built from a grammar's kind names (tables.go): its KindInfo,
//     its keywords and its punctuation, longest first;
//   - the driver: Refuse (a file too large), Text, Finish (the tree, its
//     trivia and its errors) and Bind (Parse, ParsePattern and Lex from
//     one parse function);
//   - the parser: Parser's helpers (Got, Expect, Semi, IdentAs, IsWord,
//     Adjacent, Node, Prefix, PrefixOr, Chain, and the lists and clauses
//     of lists.go), the depth guard, errors that unwind one item (Found
//     says what was found), bounded recovery at the top level to a
//     grammar's Sync set (TopLevel; TopLevelBetween for a grammar that
//     reads lines between items, as C's directives; a Sync's Restart for
//     one whose lexer must start again, as Python's indentation), and
//     speculation (Try, Lookahead) that saves a grammar's own state and
//     lets a depth error through;
//   - expressions: precedence climbing from a Precedence table, with
//     operators of several tokens, contextual words and a type on the
//     right;
//   - participle.go: the one adapter that lets a participle skeleton read
//     the same tokens, and the skeleton's parse (Go's package clause and
//     imports, Python's docstring) around the hand-written rest.
//
// By convention kind 0 is the end of the file in every grammar.
package kit

import "github.com/agenttools/agenttools/grammars"

// EOF is the kind of the token at the end of the source, in every grammar.
const EOF grammars.Kind = 0

// A Token is one token of a lexer's output: 32 bytes, its text a slice of
// the source.
type Token struct {
	Text   string
	Offset uint32 // byte offset of the token's start
	Line   int32  // 1-based
	Column int32  // 1-based, in bytes
	Kind   grammars.Kind
	// Synthetic: the lexer made it up and it is not written in the source
	// (Go's automatic semicolon; Python's NEWLINE, INDENT, DEDENT). A
	// synthetic token is never a leaf of the tree.
	Synthetic bool
}

// End returns the offset just past the token.
func (t *Token) End() uint32 { return t.Offset + uint32(len(t.Text)) }

// A Lexer produces tokens one at a time; after the last it returns EOF
// tokens forever. It never fails: what it cannot read is an error it
// keeps, and a token of the grammar's illegal kind.
type Lexer interface {
	Next() Token
}

// Lex runs a lexer to the end and returns its tokens in the form
// Language.Lex wants.
func Lex(lx Lexer) []grammars.Token {
	var out []grammars.Token
	for {
		t := lx.Next()
		if t.Kind == EOF {
			return out
		}
		out = append(out, grammars.Token{Kind: t.Kind, Span: grammars.Span{Start: t.Offset, End: t.End()}, Synthetic: t.Synthetic})
	}
}
