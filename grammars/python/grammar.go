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
	"slices"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
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

// head tells the skeleton's tokens, the docstring's and its NEWLINE
// when the file starts with one, from the first statement after them,
// which the skeleton reads as one Body token. The statements are parsed
// by hand from the same scanner afterwards, one token at a time, so that
// a file's tokens are never all held at once (participle's tokens are 64
// bytes each) and a broken statement is that statement's error, not the
// whole file's.
func head(src string) func(t kit.Token) bool {
	doc := docstringLen(src) // the docstring's strings not yet handed over
	newline := doc > 0       // the docstring's NEWLINE is still to come
	return func(t kit.Token) bool {
		switch {
		case doc > 0:
			doc--
			return true
		case newline:
			newline = false
			return true
		}
		return false
	}
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

// statementStart is where recovery from a broken top-level statement
// resumes: a token at column 1 that can start a statement (else, elif,
// except and finally cannot, nor can a closing bracket or an operator).
var statementStart = kit.Sync{Column1: true, Kinds: []grammars.Kind{
	tIdent, tInt, tFloat, tString, kwTrue, kwFalse, kwNone, tEllipsis,
	opLParen, opLBrack, opLBrace, opSub, opAdd, opInvert, opMul, opMatMul,
	kwAssert, kwAsync, kwAwait, kwBreak, kwClass, kwContinue, kwDef, kwDel, kwFor, kwFrom,
	kwGlobal, kwIf, kwImport, kwLambda, kwNonlocal, kwNot, kwPass, kwRaise, kwReturn,
	kwTry, kwWhile, kwWith, kwYield,
}}

// Language is the Python grammar.
var Language = newLanguage()

// skeleton is the participle grammar of the file skeleton, built on
// first use: a process that never parses Python never pays for it.
var skeleton = kit.NewSkeletonGrammar[file](kit.Definition{
	Names:    kindNames[:],
	Tokens:   numTokens,
	Renamed:  map[grammars.Kind]string{tIdent: "Ident", tString: "String", tNewline: "Newline", tIllegal: "Illegal", tBody: "Body"},
	NewLexer: func(src string) kit.Lexer { return newScanner(src, false) },
}, tBody, nError, nModule)

func newLanguage() *grammars.Language {
	l := &grammars.Language{
		ID:         "python",
		Title:      "Python",
		Extensions: []string{".py", ".pyi"},
		Kinds:      kindTable(),
		Tokens:     numTokens,
		Scaffolds:  scaffolds,
		MaxSize:    MaxFileSize,
		Blocks:     []string{"block", "module"},
		Forms: []string{
			"def $F($$$P): $$$B", "async def $F($$$P): $$$B",
			"class $C: $$$B, or with bases class $C($$$BASES): $$$B", "if $C: $$$B",
			"for $X in $Y: $$$B", "while $C: $$$B", "with $X as $Y: $$$B",
			"try: $$$B\nexcept $E: $$$H",
		},
		TreeSitter: treeSitter,
	}
	l.Statements, l.Calls = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "statements"), []string{"call"}
	l.Terminator = "" // a statement ends at its line; a ; between two is a leaf
	kit.Bind(l, func(src []byte, pattern, record bool) (*grammars.Tree, []grammars.Token) {
		return parse(l, src, pattern, record)
	})
	return l
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

// MaxFileSize is the largest file Parse takes: the kit's limit.
const MaxFileSize = kit.MaxFileSize

// parse parses a file or a pattern. With record, it only returns the
// scanner's tokens, where NEWLINE, INDENT and DEDENT are synthetic: a
// fresh scan's, since the parse restarts its scanner after an error.
func parse(l *grammars.Language, src []byte, pattern, record bool) (*grammars.Tree, []grammars.Token) {
	sc := newScanner(kit.Text(src), pattern)
	if record {
		return nil, kit.Lex(sc)
	}
	return skeleton.Parse(l, src, sc, &sc.Scan, head(sc.Src), func(f *file, b *grammars.Builder, first *kit.Token) grammars.ErrorList {
		if f.Doc != nil {
			docNode(b, f.Doc.Tokens)
		}
		var errs grammars.ErrorList
		if first != nil {
			errs = parseBody(sc, *first, b)
		}
		if sc.fieldTrivia {
			slices.SortFunc(sc.Trivia, func(a, b grammars.Span) int { return cmp.Compare(a.Start, b.Start) })
		}
		return errs
	}), nil
}

// parseBody parses the statements by hand, from first on, onto b, and
// returns their syntax errors.
func parseBody(sc *scanner, first kit.Token, b *grammars.Builder) grammars.ErrorList {
	p := newParser(sc, first, b)
	sync := statementStart
	sync.Restart = p.resync
	return p.TopLevel(nError, p.statement, sync)
}

// docNode builds the docstring from the skeleton's tokens: a string, or a
// concatenated_string of several, as the same statement in a block is.
func docNode(b *grammars.Builder, toks []lexer.Token) {
	m := b.Mark()
	kit.ParticipleLeaves(b, toks, func(k grammars.Kind) bool { return k == tString })
	if b.Len(m) > 1 {
		b.Close(m, nConcatenatedString, 0)
	}
}
