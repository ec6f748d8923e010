package kit

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle file skeleton: Go's package clause and Python's module
// docstring are participle grammars over the grammar's own lexer, and the
// rest of the file is one token of the skeleton, parsed by hand from the
// same lexer afterwards. What follows is the part of that which every
// such grammar wrote again: the lexer participle reads, its Definition,
// the parse of the skeleton and the leaves of its tokens.

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

// TopLevelRestart is TopLevel for a grammar whose lexer keeps a state
// that a broken item leaves wrong (Python's open brackets and
// indentation): recovery stops at the first token past the item's start
// that sync accepts, which may be the one the item failed at (a def
// whose block is missing ends before the next line's statement), and
// calls restart there to start the lexer again at that token. The ERROR
// leaf ends where the last token read with any text ends, so it holds
// no synthetic token past the text.
func (p *Parser) TopLevelRestart(errKind grammars.Kind, item func(), sync Sync, restart func()) grammars.ErrorList {
	var errs grammars.ErrorList
	for p.Kind != EOF {
		if len(errs) == MaxErrors {
			return append(errs, p.GiveUp(errKind))
		}
		if err := p.recoverRestart(errKind, item, sync, restart); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// recoverRestart parses one item for TopLevelRestart, and on a syntax
// error drops what it built, moves to where sync accepts, restarts the
// lexer there and covers what it passed over with a leaf of kind
// errKind.
func (p *Parser) recoverRestart(errKind grammars.Kind, item func(), sync Sync, restart func()) *grammars.Error {
	mark := p.B.Mark()
	start := p.Pos()
	err := p.Attempt(item)
	if err == nil {
		return nil
	}
	p.B.Truncate(mark)
	for p.Kind != EOF && (p.Pos() <= start || !sync.At(p)) {
		p.Next()
	}
	if p.Kind != EOF {
		restart()
	}
	end := max(p.End, start)
	err.Span = grammars.Span{Start: start, End: end}
	p.B.Leaf(errKind, start, end)
	return err
}

// Tables a grammar builds from its kind names, so that each name is
// written once. KindTable, Keywords, Puncts, PunctsOf and Scan.Punct are
// the names and signatures the C, Dart and Rust helpers gave the same
// helpers: one copy stays when the branches meet.

// KindTable returns the KindInfo of each kind names names; named says
// which kinds are named (nodes, and the tokens a metavariable binds:
// identifiers, literals).
func KindTable(names []string, named func(k grammars.Kind) bool) []grammars.KindInfo {
	out := make([]grammars.KindInfo, len(names))
	for i := range names {
		out[i] = grammars.KindInfo{Name: names[i], Named: named(grammars.Kind(i))}
	}
	return out
}

// Keywords maps each keyword, the kinds first to last whose names are
// their text, to its kind.
func Keywords(names []string, first, last grammars.Kind) map[string]grammars.Kind {
	out := make(map[string]grammars.Kind, int(last-first)+1)
	for k := first; k <= last; k++ {
		out[names[k]] = k
	}
	return out
}

// Puncts is a lexer's punctuation, by the first byte of its text, the
// longest first, so that the longest that matches wins (<<= before <<
// before <).
type Puncts [256][]punct

type punct struct {
	text string
	kind grammars.Kind
}

// PunctsOf returns the punctuation of the kinds first to last, each
// one's text its name in names.
func PunctsOf(names []string, first, last grammars.Kind) *Puncts {
	t := &Puncts{}
	for k := first; k <= last; k++ {
		c := names[k][0]
		t[c] = append(t[c], punct{text: names[k], kind: k})
	}
	for c := range t {
		slices.SortStableFunc(t[c], func(a, b punct) int { return len(b.text) - len(a.text) })
	}
	return t
}

// With adds the punctuation text of kind k, one outside PunctsOf's
// range or not named by its text (Go's ;, Python's ellipsis), and
// returns t.
func (t *Puncts) With(text string, k grammars.Kind) *Puncts {
	c := text[0]
	t[c] = append(t[c], punct{text: text, kind: k})
	slices.SortStableFunc(t[c], func(a, b punct) int { return len(b.text) - len(a.text) })
	return t
}

// Punct reads the punctuation of t at the current position and returns
// its kind, or false, not moving, when none is there.
func (s *Scan) Punct(t *Puncts) (grammars.Kind, bool) {
	if s.Pos >= len(s.Src) {
		return 0, false
	}
	rest := s.Src[s.Pos:]
	for _, p := range t[rest[0]] {
		if strings.HasPrefix(rest, p.text) {
			s.Pos += len(p.text)
			return p.kind, true
		}
	}
	return 0, false
}

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

// Words, raw text and characters no token starts: what scanners of C-like
// identifiers and raw strings all do.

// Word moves past the rest of an identifier: ASCII letters, digits and
// _, and the other characters inWord accepts (the language's Unicode
// letters and digits).
func (s *Scan) Word(inWord func(r rune) bool) {
	for s.Pos < len(s.Src) {
		c := s.Src[s.Pos]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || '0' <= c && c <= '9' {
			s.Pos++
			continue
		}
		if c < utf8.RuneSelf {
			return
		}
		r, n := utf8.DecodeRuneInString(s.Src[s.Pos:])
		if !inWord(r) {
			return
		}
		s.Pos += n
	}
}

// Raw reads the rest of a literal that has no escapes, from the current
// position just after its opening byte to the closing byte q, which it
// passes, counting the lines in it; when the source ends first, it
// records the error msg at start. (The JavaScript helper's, by name and
// signature.)
func (s *Scan) Raw(start int, q byte, msg string) {
	for s.Pos < len(s.Src) && s.Src[s.Pos] != q {
		if s.Src[s.Pos] == '\n' {
			s.Newline(s.Pos)
		}
		s.Pos++
	}
	if s.Pos >= len(s.Src) {
		s.Errorf(start, "%s", msg)
		return
	}
	s.Pos++
}

// BadRune moves past the character at Pos, which no token starts, with
// an error that names it, or says that the source is not UTF-8 there.
func (s *Scan) BadRune() {
	start := s.Pos
	r, n := utf8.DecodeRuneInString(s.Src[s.Pos:])
	s.Pos += n
	if r == utf8.RuneError && n == 1 {
		s.Errorf(start, "invalid UTF-8 encoding")
	} else {
		s.Errorf(start, "invalid character %U", r)
	}
}

// Shapes productions of several grammars repeat, as the C, Dart and
// JavaScript helpers named them: Separated, Clause, Enclosed and Tail are
// theirs by name, signature and meaning, so one copy stays when the
// branches meet.

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
