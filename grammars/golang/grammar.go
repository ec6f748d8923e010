// Package golang is the Go grammar of agenttools' structural search: a
// participle grammar for the file skeleton (the package clause, then the
// declarations as one token) over a hand-written, allocation-free lexer;
// the declarations, imports included, are then parsed by hand-written
// recursive descent from the same lexer, building tree nodes directly. A
// declaration that fails to parse becomes an ERROR node spanning up to
// the next declaration, and the rest of the file still parses.
package golang

import (
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

// head tells the skeleton's tokens, the package clause's up to its
// semicolon, from the first of the declarations after it, imports
// included, which the skeleton reads as one Decls token. The declarations
// are parsed by hand from the same scanner afterwards, one token at a
// time, so that a file's tokens are never all held at once (participle's
// tokens are 64 bytes each), a broken import is one declaration's error
// and not the whole file's, and a pattern's import $$$I is built by the
// same code as a file's imports.
func head(sc *scanner) func(t kit.Token) bool {
	afterSemi := false
	return func(t kit.Token) bool {
		if afterSemi && t.Kind != tSemi {
			// The declarations' parser reports what is wrong with this
			// token: the scanner's errors about it go.
			for n := len(sc.Errs); n > 0 && sc.Errs[n-1].Span.Start >= t.Offset; n-- {
				sc.Errs = sc.Errs[:n-1]
			}
			return false
		}
		afterSemi = t.Kind == tSemi
		return true
	}
}

// parseDecls parses the top-level declarations by hand, from first on,
// onto b, and returns their syntax errors. A declaration that fails to
// parse is an ERROR node up to the next line that starts with a
// declaration keyword.
func parseDecls(sc *scanner, first kit.Token, b *grammars.Builder) grammars.ErrorList {
	p := newParser(sc, first, b)
	return p.TopLevel(nError, p.topDeclAt0, kit.Sync{Column1: true, Kinds: []grammars.Kind{kwFunc, kwVar, kwConst, kwType, kwImport}})
}

func (p *parser) topDeclAt0() {
	p.exprLev = 0
	p.topDecl()
}

// Language is the Go grammar.
var Language = newLanguage()

// skeleton is the participle grammar of the file skeleton, built on
// first use: a process that never parses Go never pays for it.
var skeleton = kit.NewSkeletonGrammar[file](kit.Definition{
	Names:  kindNames[:],
	Tokens: numTokens,
	Renamed: map[grammars.Kind]string{
		tIdent: "Ident", tInt: "Int", tFloat: "Float", tImag: "Imag", tChar: "Char", tString: "String",
		tRawString: "RawString", tSemi: "Semi", tIllegal: "Illegal", tDecls: "Decls",
	},
	NewLexer: func(src string) kit.Lexer { return newScanner(src, false) },
}, tDecls, nError, nSourceFile, participle.UseLookahead(2))

func newLanguage() *grammars.Language {
	l := &grammars.Language{
		ID:         "go",
		Title:      "Go",
		Extensions: []string{".go"},
		Kinds:      kindTable(),
		Tokens:     numTokens,
		Scaffolds:  scaffolds,
		MaxSize:    MaxFileSize,
		// Statements sit in blocks and in the clauses of switch and
		// select; declarations at the top of the file.
		Blocks: []string{"block", "expression_case", "type_case", "default_case", "communication_case", "source_file"},
		Forms: []string{
			"func $F($$$P) $$$R { $$$B }, or for a method func ($RECV $T) $F($$$P) $$$R { $$$B }",
			"type $T struct { $$$F }", "if $C { $$$B }", "for $$$ { $$$B }", "switch $X { $$$C }",
		},
		TreeSitter: treeSitter,
	}
	l.Statements, l.Calls = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "statement_list"), []string{"call_expression"}
	l.Terminator = ";"
	kit.Bind(l, func(src []byte, pattern, record bool) (*grammars.Tree, []grammars.Token) {
		return parse(l, src, pattern, record)
	})
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

// MaxFileSize is the largest file Parse takes: the kit's limit.
const MaxFileSize = kit.MaxFileSize

// parse parses a file or a pattern. With record, it only returns the
// scanner's tokens, where a semicolon is synthetic unless it is written.
// A file without a package clause, or with a broken one, is one error.
func parse(l *grammars.Language, src []byte, pattern, record bool) (*grammars.Tree, []grammars.Token) {
	sc := newScanner(kit.Text(src), pattern)
	if record {
		return nil, kit.Lex(sc)
	}
	return skeleton.Parse(l, src, sc, &sc.Scan, head(sc), func(f *file, b *grammars.Builder, first *kit.Token) grammars.ErrorList {
		packageClause := b.Mark()
		kit.ParticipleLeaves(b, f.Package.Tokens, func(k grammars.Kind) bool { return k != tSemi })
		b.Close(packageClause, nPackageClause, 0)
		if first == nil {
			return nil
		}
		return parseDecls(sc, *first, b)
	}), nil
}
