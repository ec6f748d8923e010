// Package golang is the Go grammar of agenttools' structural search: a
// participle grammar for the file skeleton (package clause, imports, the
// sequence of top-level declarations) over a hand-written, allocation-free
// lexer, with each top-level declaration parsed by hand-written
// participle Parseable productions that build tree nodes directly. A
// declaration that fails to parse becomes an ERROR node spanning up to
// the next declaration, and the rest of the file still parses.
package golang

import (
	"fmt"
	"unsafe"

	"github.com/agenttools/agenttools/grammars"
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle skeleton.

type file struct {
	Package *packageClause `parser:"@@"`
	Imports []*importDecl  `parser:"@@*"`
	Decls   *topDecls      `parser:"@@?"`
}

type packageClause struct {
	Tokens []lexer.Token
	Name   string `parser:"'package' @Ident Semi"`
}

type importDecl struct {
	Tokens []lexer.Token
	Specs  []*importSpec `parser:"'import' ( '(' ( @@ Semi? )* ')' | @@ ) Semi"`
}

type importSpec struct {
	Tokens []lexer.Token
	Name   string `parser:"( @Ident | @'.' )?"`
	Path   string `parser:"@( String | RawString )"`
}

// topDecls is the rest of the file after the imports: its top-level
// declarations, each parsed by hand into one tree fragment. One production
// for all of them keeps participle's per-repetition cost (and its limit of
// a million repetitions) out of large files.
type topDecls struct {
	frag grammars.Builder
	errs grammars.ErrorList
}

// Parse implements participle.Parseable.
func (d *topDecls) Parse(lex *lexer.PeekingLexer) error {
	if lex.Peek().EOF() {
		return participle.NextMatch
	}
	p := &parser{lex: lex, b: &d.frag}
	p.load()
	for p.kind != tEOF {
		if err := p.declOrRecover(); err != nil {
			d.errs = append(d.errs, err)
		}
	}
	return nil
}

// declOrRecover parses one top-level declaration. On a syntax error it
// drops what the declaration had built, skips to the next token that
// starts a line with a declaration keyword, covers what it skipped with an
// ERROR node and returns the error.
func (p *parser) declOrRecover() (perr *grammars.Error) {
	mark := p.b.Mark()
	start := p.pos()
	func() {
		defer func() {
			if r := recover(); r != nil {
				b, ok := r.(bailout)
				if !ok {
					panic(r)
				}
				perr = b.err
			}
		}()
		p.depth, p.exprLev = 0, 0
		p.topDecl()
	}()
	if perr == nil {
		return nil
	}
	p.b.Truncate(mark)
	end := p.pos()
	for p.kind != tEOF {
		end = uint32(p.tok.Pos.Offset + len(p.tok.Value))
		p.next()
		if p.tok.Pos.Column == 1 && (p.kind == kwFunc || p.kind == kwVar || p.kind == kwConst || p.kind == kwType || p.kind == kwImport) {
			break
		}
	}
	if end < start {
		end = start
	}
	perr.Span = grammars.Span{Start: start, End: end}
	p.b.Leaf(nError, start, end)
	return perr
}

// Language is the Go grammar.
var Language = newLanguage()

func newLanguage() *grammars.Language {
	l := &grammars.Language{
		ID:         "go",
		Extensions: []string{".go"},
		Kinds:      kindTable(),
		Tokens:     numTokens,
		Scaffolds:  scaffolds,
	}
	files := participle.MustBuild[file](participle.Lexer(definition{}), participle.UseLookahead(2))
	patterns := participle.MustBuild[file](participle.Lexer(definition{pattern: true}), participle.UseLookahead(2))
	l.Parse = func(src []byte) (*grammars.Tree, error) { return parse(l, files, src, false) }
	l.ParsePattern = func(src []byte) (*grammars.Tree, error) { return parse(l, patterns, src, true) }
	return l
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

// MaxFileSize is the largest file Parse takes. Parsing costs about 130
// bytes of heap per byte of source while it runs (participle's tokens are
// 64 bytes each), so a larger file — in practice a generated table — is
// refused with an error instead of taking gigabytes.
const MaxFileSize = 8 << 20

func parse(l *grammars.Language, pp *participle.Parser[file], src []byte, pattern bool) (*grammars.Tree, error) {
	if len(src) > MaxFileSize {
		t := &grammars.Tree{Lang: l, Src: src}
		b := &grammars.Builder{}
		b.Leaf(nError, 0, uint32(len(src)))
		t.Root = b.Close(0, nSourceFile, 0)
		t.Nodes, t.Kids = b.Nodes, b.Kids
		t.Errors = grammars.ErrorList{{Line: 1, Column: 1, Span: grammars.Span{End: uint32(len(src))},
			Msg: fmt.Sprintf("file is %.1f MB; the Go grammar parses files up to %d MB", float64(len(src))/(1<<20), MaxFileSize>>20)}}
		return t, nil
	}
	text := unsafe.String(unsafe.SliceData(src), len(src)) // read-only view; src is not changed while parsing
	sc := newScanner(text, pattern)
	plex, err := lexer.Upgrade(sc)
	if err != nil {
		return nil, fmt.Errorf("lexing: %w", err)
	}
	t := &grammars.Tree{Lang: l, Src: src}
	b := &grammars.Builder{}
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
		tokenNode(b, f.Package.Tokens, nPackageClause, nil)
		for _, imp := range f.Imports {
			tokenNode(b, imp.Tokens, nImportDeclaration, imp.Specs)
		}
		if f.Decls != nil {
			b.Splice(&f.Decls.frag)
			t.Errors = append(t.Errors, f.Decls.errs...)
		}
	}
	t.Root = b.Close(0, nSourceFile, 0)
	t.Nodes, t.Kids = b.Nodes, b.Kids
	t.Nodes[t.Root].Start, t.Nodes[t.Root].End = 0, uint32(len(src))
	t.Trivia = sc.trivia
	t.Errors = append(t.Errors, sc.errs...)
	t.Errors.Sort()
	return t, nil
}

func perrMessage(err error) string {
	if pe, ok := err.(participle.Error); ok {
		return pe.Message()
	}
	return err.Error()
}

// tokenNode builds a node of kind k from a declarative production's
// tokens, with the import specs among them as child nodes.
func tokenNode(b *grammars.Builder, toks []lexer.Token, k grammars.Kind, specs []*importSpec) {
	m := b.Mark()
	si := 0
	for i := 0; i < len(toks); i++ {
		if si < len(specs) && len(specs[si].Tokens) > 0 && toks[i].Pos.Offset == specs[si].Tokens[0].Pos.Offset {
			tokenNode(b, specs[si].Tokens, nImportSpec, nil)
			i += len(specs[si].Tokens) - 1
			si++
			continue
		}
		tokenLeaf(b, toks[i])
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
