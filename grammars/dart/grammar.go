// Package dart is the Dart grammar of agenttools' structural search: a
// hand-written recursive-descent parser over a hand-written lexer, for
// Dart 3 as real packages and Flutter apps write it (null safety,
// records, patterns, class modifiers, extension types).
//
// A top-level declaration that fails to parse becomes an ERROR node up
// to the next line that starts a declaration at column 1, and the rest
// of the file still parses. The ; that ends a statement or a
// declaration is no leaf, so a pattern matches with or without it;
// comments, doc comments included, are trivia.
//
// Annotations are siblings before what they are on: void dispose() {
// $$$B } matches an @override method. A method, a top-level function
// and a local function are one kind of node, as a field, a top-level
// variable and a local variable are.
//
// A call of a name (f(x)) and a method call (a.f(x)) are different kinds
// of node, so dispose($X) does not find a.dispose(x). A string's
// interpolations, $name and ${ e }, are nodes whose expressions patterns
// match in.
package dart

import (
	"fmt"
	"unsafe"

	"github.com/agenttools/agenttools/grammars"
)

// Language is Dart, the language dart, for .dart files.
var Language = newLanguage()

func newLanguage() *grammars.Language {
	l := &grammars.Language{
		ID:         "dart",
		Extensions: []string{".dart"},
		Kinds:      kindTable(),
		Tokens:     numTokens,
		Scaffolds:  scaffolds(),
		MaxSize:    MaxFileSize,
		Blocks:     []string{"block", "program", "class_body", "switch_case", "switch_default"},
		Braces:     "block",
		Forms: []grammars.Form{
			{Keyword: "class", Pattern: "class $C { $$$B }"},
			{Keyword: "if", Pattern: "if ($C) { $$$B }"},
			{Keyword: "for", Pattern: "for ($$$H) { $$$B }"},
			{Keyword: "while", Pattern: "while ($C) { $$$B }"},
			{Keyword: "switch", Pattern: "switch ($X) { $$$C }"},
			{Keyword: "try", Pattern: "try { $$$B } catch ($E) { $$$C }"},
			{Keyword: "enum", Pattern: "enum $E { $$$V }"},
			{Keyword: "mixin", Pattern: "mixin $M { $$$B }"},
			{Keyword: "extension", Pattern: "extension $E on $T { $$$B }"},
			{Keyword: "void", Pattern: "void $F($$$P) { $$$B }"},
		},
	}
	l.Statements, l.Calls = grammars.KindsNamed(l.Kinds, []string{"_statement"}), []string{"call_expression", "method_call"}
	l.Terminator = ";"
	l.BodyParents = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "else_clause")
	l.Parse = func(src []byte) (*grammars.Tree, error) { return parse(l, src, false, false).Tree, nil }
	l.ParsePattern = func(src []byte) (*grammars.Tree, error) { return parse(l, src, true, false).Tree, nil }
	l.Lex = func(src []byte, pattern bool) []grammars.Token { return parse(l, src, pattern, true).lexed }
	return l
}

// scaffolds are the contexts a pattern is tried in, in order: the first
// that parses wins, so dispose(x) is a call, not a function's signature
// as it would be at the top level. An element of a list comes before an
// argument, and a map's entry after it, so child: $C is a named
// argument.
func scaffolds() []grammars.Scaffold {
	return []grammars.Scaffold{
		{Name: "statement", Prefix: "void __() {\n", Suffix: "\n}\n"},
		{Name: "expression", Prefix: "void __() { __ =\n", Suffix: "\n; }\n"},
		{Name: "class member", Prefix: "class __ {\n", Suffix: "\n}\n"},
		{Name: "collection element", Prefix: "var __ = [\n", Suffix: "\n];\n"},
		{Name: "argument", Prefix: "var __ = __(\n", Suffix: "\n);\n"},
		{Name: "map entry", Prefix: "var __ = {\n", Suffix: "\n};\n"},
		{Name: "type", Prefix: "typedef __ =\n", Suffix: "\n;\n"},
		{Name: "annotation", Prefix: "class __ {\n", Suffix: "\nvoid __() {}\n}\n"},
		{Name: "top-level", Prefix: "", Suffix: "\n"},
	}
}

// MaxFileSize is the largest file Parse takes.
const MaxFileSize = 32 << 20

type result struct {
	*grammars.Tree
	lexed []grammars.Token
}

func parse(l *grammars.Language, src []byte, pattern, record bool) result {
	if len(src) > MaxFileSize {
		msg := fmt.Sprintf("file is %.1f MB; the %s grammar parses files up to %d MB", float64(len(src))/(1<<20), l.ID, MaxFileSize>>20)
		return result{Tree: grammars.Refused(l, src, nError, nProgram, msg)}
	}
	text := unsafe.String(unsafe.SliceData(src), len(src)) // read-only view; src is not changed while parsing
	lx := newLexer(text, pattern)
	var lexed []grammars.Token
	if record {
		lexed = make([]grammars.Token, len(lx.toks))
		for i, t := range lx.toks {
			lexed[i] = grammars.Token{Kind: t.Kind, Span: grammars.Span{Start: t.Offset, End: t.End()}}
		}
	}
	b := grammars.NewBuilder(len(src))
	p := newParser(lx, pattern, b)
	errs := p.program()
	t := &grammars.Tree{Lang: l, Src: src}
	b.Finish(t, nProgram)
	t.Trivia = lx.Trivia
	t.Errors = append(lx.Errs, errs...)
	t.Errors.Sort()
	return result{Tree: t, lexed: lexed}
}
