// Package python is the Python grammar of agenttools' structural search,
// for Python 3.12 as real code is written. A participle grammar parses
// the file skeleton — the module docstring, when the file starts with
// one, then the statements as one token — over a hand-written,
// allocation-free lexer that synthesises NEWLINE, INDENT and DEDENT; the
// statements are then parsed by hand-written recursive descent from the
// same lexer, building tree nodes directly. A top-level statement that
// fails to parse becomes an ERROR node spanning up to the next line that
// starts a statement at column 1, and the rest of the file still parses.
package python

import (
	"cmp"
	"fmt"
	"slices"
	"sync"
	"unsafe"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle skeleton.

type file struct {
	Doc  *docstring `parser:"@@?"`
	Body bool       `parser:"@Body?"`
}

// docstring is the string statement that starts a module (PEP 257): one
// or more adjacent strings alone on the first logical line.
type docstring struct {
	Tokens  []lexer.Token
	Strings []string `parser:"@String+ Newline"`
}

// skeleton is the lexer participle reads: the docstring's tokens, when
// the file starts with one, then one Body token that stands for the
// statements after it, then EOF. The statements are parsed by hand from
// the same scanner afterwards, one token at a time, so that a file's
// tokens are never all held at once (participle's tokens are 64 bytes
// each) and a broken statement is that statement's error, not the whole
// file's.
type skeleton struct {
	sc    *scanner
	doc   int  // the docstring's strings not yet handed over; its NEWLINE follows them
	inDoc bool // the docstring's NEWLINE is still to come
	first kit.Token
	body  bool // first is the statements' first token; only EOF remains
}

func newSkeleton(sc *scanner) *skeleton {
	n := docstringLen(sc.Src)
	return &skeleton{sc: sc, doc: n, inDoc: n > 0}
}

func (k *skeleton) Next() (lexer.Token, error) {
	if k.body {
		return kit.ToParticiple(kit.Token{Kind: kit.EOF, Offset: k.first.Offset, Line: k.first.Line, Column: k.first.Column}), nil
	}
	t := k.sc.Next()
	switch {
	case k.doc > 0:
		k.doc--
		return kit.ToParticiple(t), nil
	case k.inDoc:
		k.inDoc = false
		return kit.ToParticiple(t), nil
	case t.Kind == kit.EOF:
		return kit.ToParticiple(t), nil
	}
	k.first, k.body = t, true
	t.Kind = tBody
	return kit.ToParticiple(t), nil
}

// docstringLen returns how many strings make up the module docstring, or
// 0 when the first logical line is not strings alone.
func docstringLen(src string) int {
	probe := newScanner(src, false)
	probe.Quiet = true
	n := 0
	for {
		switch t := probe.Next(); t.Kind {
		case tString:
			if fPrefix(t.Text) > 0 {
				return 0 // an f-string is no docstring
			}
			n++
		case tNewline:
			return n
		default:
			return 0
		}
	}
}

// statementOrRecover parses one top-level statement. On a syntax error it
// drops what the statement had built, skips to the next token that starts
// a line at column 1 and can start a statement, restarts the scanner
// there, covers what it skipped with an ERROR node and returns the error.
func (p *parser) statementOrRecover() *grammars.Error {
	mark := p.B.Mark()
	start := p.Pos()
	perr := p.Attempt(p.statement)
	if perr == nil {
		return nil
	}
	p.B.Truncate(mark)
	for p.Kind != tEOF && !(p.Pos() > start && p.Tok.Column == 1 && startsStatement(p.Kind)) {
		p.Next()
	}
	if p.Kind != tEOF {
		p.resync()
	}
	end := max(p.End, start)
	perr.Span = grammars.Span{Start: start, End: end}
	p.B.Leaf(nError, start, end)
	return perr
}

// startsStatement reports whether a token of kind k can start a
// statement; else, elif, except and finally cannot, nor can a closing
// bracket or an operator.
func startsStatement(k grammars.Kind) bool {
	switch k {
	case tIdent, tInt, tFloat, tString, kwTrue, kwFalse, kwNone, tEllipsis,
		opLParen, opLBrack, opLBrace, opSub, opAdd, opInvert, opMul, opMatMul,
		kwAssert, kwAsync, kwAwait, kwBreak, kwClass, kwContinue, kwDef, kwDel, kwFor, kwFrom,
		kwGlobal, kwIf, kwImport, kwLambda, kwNonlocal, kwNot, kwPass, kwRaise, kwReturn,
		kwTry, kwWhile, kwWith, kwYield:
		return true
	}
	return false
}

// Language is the Python grammar.
var Language = newLanguage()

// skeletons are the participle parsers of the file skeleton, for files
// and for patterns, built on first use: a process that never parses
// Python never pays for them.
var skeletons = sync.OnceValue(func() [2]*participle.Parser[file] {
	return [2]*participle.Parser[file]{
		participle.MustBuild[file](participle.Lexer(definition{})),
		participle.MustBuild[file](participle.Lexer(definition{pattern: true})),
	}
})

func newLanguage() *grammars.Language {
	l := &grammars.Language{
		ID:         "python",
		Extensions: []string{".py", ".pyi"},
		Kinds:      kindTable(),
		Tokens:     numTokens,
		Scaffolds:  scaffolds,
		MaxSize:    MaxFileSize,
		Blocks:     []string{"block", "module"},
		Forms: []grammars.Form{
			{Keyword: "def", Pattern: "def $F($$$P): $$$B"},
			{Keyword: "async", Pattern: "async def $F($$$P): $$$B"},
			{Keyword: "class", Pattern: "class $C: $$$B, or with bases class $C($$$BASES): $$$B"},
			{Keyword: "if", Pattern: "if $C: $$$B"},
			{Keyword: "for", Pattern: "for $X in $Y: $$$B"},
			{Keyword: "while", Pattern: "while $C: $$$B"},
			{Keyword: "with", Pattern: "with $X as $Y: $$$B"},
			{Keyword: "try", Pattern: "try: $$$B\nexcept $E: $$$H"},
		},
	}
	l.Statements, l.Calls = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "statements"), []string{"call"}
	l.Terminator = "" // a statement ends at its line; a ; between two is a leaf
	l.Parse = func(src []byte) (*grammars.Tree, error) { return parse(l, skeletons()[0], src, false) }
	l.ParsePattern = func(src []byte) (*grammars.Tree, error) { return parse(l, skeletons()[1], src, true) }
	l.Lex = lex
	return l
}

// lex returns the scanner's tokens; NEWLINE, INDENT and DEDENT are
// synthetic.
func lex(src []byte, pattern bool) []grammars.Token {
	return kit.Lex(newScanner(string(src), pattern))
}

// scaffolds are the contexts a pattern is tried in, in order: the first
// that parses wins. The fragment, dedented, goes between Prefix and
// Suffix with Indent before each of its lines, since in Python the
// indentation is syntax: a statement sits in a function's body. A class
// body takes the same statements as a function's, so the class member
// context only restates the statement one, for a pattern that reads as
// a member; an argument such as **$KW or an except, elif, else or case
// clause parses nowhere else.
var scaffolds = []grammars.Scaffold{
	{Name: "statement", Prefix: "def _():\n", Indent: "    ", Suffix: "\n"},
	{Name: "expression", Prefix: "_ = ", Suffix: "\n"},
	{Name: "class member", Prefix: "class _:\n", Indent: "    ", Suffix: "\n"},
	{Name: "decorator", Prefix: "", Suffix: "\ndef _(): pass\n"},
	{Name: "argument", Prefix: "_(", Suffix: ")\n"},
	{Name: "except clause", Prefix: "try:\n    pass\n", Suffix: "\n"},
	{Name: "elif or else clause", Prefix: "if _:\n    pass\n", Suffix: "\n"},
	{Name: "case clause", Prefix: "match _:\n", Indent: "    ", Suffix: "\n"},
	{Name: "top-level", Prefix: "", Suffix: "\n"},
}

// MaxFileSize is the largest file Parse takes, as for Go: a larger file —
// in practice generated data — is refused with an error instead of
// taking gigabytes.
const MaxFileSize = 32 << 20

func parse(l *grammars.Language, pp *participle.Parser[file], src []byte, pattern bool) (*grammars.Tree, error) {
	if len(src) > MaxFileSize {
		return grammars.Refused(l, src, nError, nModule, fmt.Sprintf("file is %.1f MB; the Python grammar parses files up to %d MB", float64(len(src))/(1<<20), MaxFileSize>>20)), nil
	}
	text := unsafe.String(unsafe.SliceData(src), len(src)) // read-only view; src is not changed while parsing
	sc := newScanner(text, pattern)
	sk := newSkeleton(sc)
	plex, err := lexer.Upgrade(sk)
	if err != nil {
		return nil, fmt.Errorf("lexing: %w", err)
	}
	t := &grammars.Tree{Lang: l, Src: src}
	b := grammars.NewBuilder(len(src))
	f, perr := pp.ParseFromLexer(plex)
	if perr != nil {
		// The skeleton itself failed, which the skeleton lexer's tokens
		// should never let happen: the whole file is one error region.
		line, col := 1, 1
		if pe, ok := perr.(participle.Error); ok {
			line, col = pe.Position().Line, pe.Position().Column
		}
		b.Leaf(nError, 0, uint32(len(src)))
		t.Errors = append(t.Errors, &grammars.Error{Line: line, Column: col, Msg: perrMessage(perr), Span: grammars.Span{End: uint32(len(src))}})
	} else {
		if f.Doc != nil {
			docNode(b, f.Doc.Tokens)
		}
		if f.Body {
			t.Errors = append(t.Errors, parseBody(sc, sk.first, b)...)
		}
	}
	b.Finish(t, nModule)
	if sc.fieldTrivia {
		slices.SortFunc(sc.Trivia, func(a, b grammars.Span) int { return cmp.Compare(a.Start, b.Start) })
	}
	t.Trivia = sc.Trivia
	t.Errors = append(t.Errors, sc.Errs...)
	t.Errors.Sort()
	return t, nil
}

// parseBody parses the statements by hand, from first on, onto b, and
// returns their syntax errors.
func parseBody(sc *scanner, first kit.Token, b *grammars.Builder) grammars.ErrorList {
	p := newParser(sc, first, b)
	var errs grammars.ErrorList
	for p.Kind != tEOF {
		if err := p.statementOrRecover(); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

func perrMessage(err error) string {
	if pe, ok := err.(participle.Error); ok {
		return pe.Message()
	}
	return err.Error()
}

// docNode builds the docstring from the skeleton's tokens: a string, or a
// concatenated_string of several, as the same statement in a block is.
func docNode(b *grammars.Builder, toks []lexer.Token) {
	m := b.Mark()
	for _, t := range toks {
		if grammars.Kind(t.Type) == tString {
			start := uint32(t.Pos.Offset)
			b.Leaf(tString, start, start+uint32(len(t.Value)))
		}
	}
	if b.Len(m) > 1 {
		b.Close(m, nConcatenatedString, 0)
	}
}
