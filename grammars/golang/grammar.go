// Package golang is the Go grammar of agenttools' structural search: a
// participle grammar for the file skeleton (the package clause, then the
// declarations as one token) over a hand-written, allocation-free lexer;
// the declarations, imports included, are then parsed by hand-written
// recursive descent from the same lexer, building tree nodes directly. A
// declaration that fails to parse becomes an ERROR node spanning up to
// the next declaration, and the rest of the file still parses.
package golang

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle skeleton.

type file struct {
	Package *packageClause `parser:"@@"`
	Decls   bool           `parser:"@Decls?"`
}

type packageClause struct {
	Tokens []lexer.Token
	Name   string `parser:"'package' @Ident Semi"`
}

// skeleton is the lexer participle reads: the scanner's tokens up to the
// first semicolon (the package clause's), then one Decls token that
// stands for the declarations after it, imports included, then EOF. The
// declarations are parsed by hand from the same scanner afterwards, one
// token at a time, so that a file's tokens are never all held at once
// (participle's tokens are 64 bytes each), a broken import is one
// declaration's error and not the whole file's, and a pattern's import
// $$$I is built by the same code as a file's imports.
type skeleton struct {
	sc        *scanner
	afterSemi bool
	first     kit.Token
	decls     bool // first is the declarations' first token; only EOF remains
}

func (k *skeleton) Next() (lexer.Token, error) {
	if k.decls {
		return kit.ToParticiple(kit.Token{Kind: kit.EOF, Offset: k.first.Offset, Line: k.first.Line, Column: k.first.Column}), nil
	}
	nerrs := len(k.sc.Errs)
	t := k.sc.Next()
	if k.afterSemi && t.Kind != kit.EOF && t.Kind != tSemi {
		// The declarations' parser reports what is wrong with this token.
		k.sc.Errs = k.sc.Errs[:nerrs]
		k.first, k.decls = t, true
		t.Kind = tDecls
		return kit.ToParticiple(t), nil
	}
	k.afterSemi = t.Kind == tSemi
	return kit.ToParticiple(t), nil
}

// declOrRecover parses one top-level declaration. On a syntax error it
// drops what the declaration had built, skips to the next token that
// starts a line with a declaration keyword, covers what it skipped with an
// ERROR node and returns the error.
func (p *parser) declOrRecover() *grammars.Error {
	return p.Recover(nError, p.topDeclAt0, p.startsDecl)
}

func (p *parser) topDeclAt0() {
	p.exprLev = 0
	p.topDecl()
}

// startsDecl reports whether the current token starts a line with a
// declaration keyword: where recovery from a broken declaration resumes.
func (p *parser) startsDecl() bool {
	switch p.Kind {
	case kwFunc, kwVar, kwConst, kwType, kwImport:
		return p.Tok.Column == 1
	}
	return false
}

// Language is the Go grammar.
var Language = newLanguage()

// skeletons are the participle parsers of the file skeleton, for files
// and for patterns, built on first use: a process that never parses Go
// never pays for them.
var skeletons = sync.OnceValue(func() [2]*participle.Parser[file] {
	return [2]*participle.Parser[file]{
		participle.MustBuild[file](participle.Lexer(definition{}), participle.UseLookahead(2)),
		participle.MustBuild[file](participle.Lexer(definition{pattern: true}), participle.UseLookahead(2)),
	}
})

func newLanguage() *grammars.Language {
	l := &grammars.Language{
		ID:         "go",
		Extensions: []string{".go"},
		Kinds:      kindTable(),
		Tokens:     numTokens,
		Scaffolds:  scaffolds,
		MaxSize:    MaxFileSize,
		// Statements sit in blocks and in the clauses of switch and
		// select; declarations at the top of the file.
		Blocks: []string{"block", "expression_case", "type_case", "default_case", "communication_case", "source_file"},
		Forms: []grammars.Form{
			{Keyword: "func", Pattern: "func $F($$$P) $$$R { $$$B }, or for a method func ($RECV $T) $F($$$P) $$$R { $$$B }"},
			{Keyword: "type", Pattern: "type $T struct { $$$F }"},
			{Keyword: "if", Pattern: "if $C { $$$B }"},
			{Keyword: "for", Pattern: "for $$$ { $$$B }"},
			{Keyword: "switch", Pattern: "switch $X { $$$C }"},
		},
	}
	l.Statements, l.Calls = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "statement_list"), []string{"call_expression"}
	l.Terminator = ";"
	l.Parse = func(src []byte) (*grammars.Tree, error) { return parse(l, skeletons()[0], src, false) }
	l.ParsePattern = func(src []byte) (*grammars.Tree, error) { return parse(l, skeletons()[1], src, true) }
	l.Lex = lex
	return l
}

// lex returns the scanner's tokens; a semicolon is synthetic unless it is
// written.
func lex(src []byte, pattern bool) []grammars.Token {
	return kit.Lex(newScanner(string(src), pattern))
}

// scaffolds are the contexts a pattern is tried in, in order: the first
// that parses wins, so errors.New($MSG) is a call (statement) and never a
// declaration.
var scaffolds = []grammars.Scaffold{
	{Name: "statement", Prefix: "package p\nfunc _() {\n", Suffix: "\n}\n"},
	{Name: "expression", Prefix: "package p\nvar _ = ", Suffix: "\n"},
	{Name: "type", Prefix: "package p\nvar _ ", Suffix: "\n"},
	{Name: "struct field", Prefix: "package p\ntype _ struct {\n", Suffix: "\n}\n"},
	{Name: "interface method", Prefix: "package p\ntype _ interface {\n", Suffix: "\n}\n"},
	{Name: "case clause", Prefix: "package p\nfunc _() {\nswitch {\n", Suffix: "\n}\n}\n"},
	{Name: "select case", Prefix: "package p\nfunc _() {\nselect {\n", Suffix: "\n}\n}\n"},
	{Name: "top-level declaration", Prefix: "package p\n", Suffix: "\n"},
	{Name: "file header", Prefix: "", Suffix: "\n"},
}

// MaxFileSize is the largest file Parse takes. A tree holds about seven
// bytes per byte of source and parsing allocates about twelve, so a larger
// file — in practice a generated table — is refused with an error instead
// of taking gigabytes.
const MaxFileSize = 32 << 20

func parse(l *grammars.Language, pp *participle.Parser[file], src []byte, pattern bool) (*grammars.Tree, error) {
	if len(src) > MaxFileSize {
		return grammars.Refused(l, src, nError, nSourceFile, fmt.Sprintf("file is %.1f MB; the Go grammar parses files up to %d MB", float64(len(src))/(1<<20), MaxFileSize>>20)), nil
	}
	text := unsafe.String(unsafe.SliceData(src), len(src)) // read-only view; src is not changed while parsing
	sc := newScanner(text, pattern)
	sk := &skeleton{sc: sc}
	plex, err := lexer.Upgrade(sk)
	if err != nil {
		return nil, fmt.Errorf("lexing: %w", err)
	}
	t := &grammars.Tree{Lang: l, Src: src}
	b := grammars.NewBuilder(len(src))
	f, perr := pp.ParseFromLexer(plex)
	if perr != nil {
		// The skeleton itself failed (no package clause, a broken import
		// block): the whole file is one error region.
		line, col := 1, 1
		if pe, ok := perr.(participle.Error); ok {
			line, col = pe.Position().Line, pe.Position().Column
		}
		b.Leaf(nError, 0, uint32(len(src)))
		t.Errors = append(t.Errors, &grammars.Error{Line: line, Column: col, Msg: perrMessage(perr), Span: grammars.Span{End: uint32(len(src))}})
	} else {
		tokenNode(b, f.Package.Tokens, nPackageClause)
		if f.Decls {
			t.Errors = append(t.Errors, parseDecls(sc, sk.first, b)...)
		}
	}
	b.Finish(t, nSourceFile)
	t.Trivia = sc.Trivia
	t.Errors = append(t.Errors, sc.Errs...)
	t.Errors.Sort()
	return t, nil
}

// parseDecls parses the top-level declarations by hand, from first on,
// onto b, and returns their syntax errors.
func parseDecls(sc *scanner, first kit.Token, b *grammars.Builder) grammars.ErrorList {
	p := newParser(sc, first, b)
	var errs grammars.ErrorList
	for p.Kind != tEOF {
		if err := p.declOrRecover(); err != nil {
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

// tokenNode builds a node of kind k from a declarative production's
// tokens.
func tokenNode(b *grammars.Builder, toks []lexer.Token, k grammars.Kind) {
	m := b.Mark()
	for _, t := range toks {
		tokenLeaf(b, t)
	}
	b.Close(m, k, 0)
}

func tokenLeaf(b *grammars.Builder, t lexer.Token) {
	k := grammars.Kind(t.Type)
	if t.EOF() || k == tSemi { // a terminator, written or automatic, is no leaf
		return
	}
	start := uint32(t.Pos.Offset)
	b.Leaf(k, start, start+uint32(len(t.Value)))
}
