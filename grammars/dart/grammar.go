// Package dart is the Dart grammar of agenttools' structural search: a
// hand-written recursive-descent parser over a hand-written lexer, for
// Dart 3 as real packages and Flutter apps write it (null safety,
// records, patterns, class modifiers, extension types).
//
// The grammar stands on grammars/kit: its driver, its token slice with
// bracket partners, its top-level recovery, its operator table and its
// production shapes; what is here is Dart's lexer, productions and
// tables. A top-level declaration that fails to parse becomes an ERROR
// node up to the next line that starts a declaration at column 1, and
// the rest of the file still parses, up to kit.MaxErrors errors, after
// which the rest of the file is one ERROR node. The ; that ends a
// statement or a declaration is no leaf, so a pattern matches with or
// without it; comments, doc comments included, are trivia.
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
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Language is Dart, the language dart, for .dart files.
var Language = newLanguage()

func newLanguage() *grammars.Language {
	l := &grammars.Language{
		ID:         "dart",
		Title:      "Dart",
		Extensions: []string{".dart"},
		Kinds:      kindTable(),
		Tokens:     numTokens,
		TreeSitter: treeSitter,
		Scaffolds:  scaffolds(),
		MaxSize:    kit.MaxFileSize,
		Blocks:     []string{"block", "program", "class_body", "switch_case", "switch_default"},
		Braces:     "block",
		Forms: []string{
			"class $C { $$$B }", "if ($C) { $$$B }", "for ($$$H) { $$$B }", "while ($C) { $$$B }",
			"switch ($X) { $$$C }", "try { $$$B } catch ($E) { $$$C }", "enum $E { $$$V }",
			"mixin $M { $$$B }", "extension $E on $T { $$$B }", "void $F($$$P) { $$$B }",
		},
	}
	l.Statements, l.Calls = grammars.KindsNamed(l.Kinds, []string{"_statement"}), []string{"call_expression", "method_call"}
	l.Terminator = ";"
	l.BodyParents = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "else_clause")
	kit.Bind(l, func(src []byte, pattern, record bool) (*grammars.Tree, []grammars.Token) {
		return parse(l, src, pattern, record)
	})
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

// parse parses src, a file or a pattern, and with record set returns the
// tokens the lexer read too.
func parse(l *grammars.Language, src []byte, pattern, record bool) (*grammars.Tree, []grammars.Token) {
	if t := kit.Refuse(l, src, nError, nProgram); t != nil {
		return t, nil
	}
	lx := newLexer(kit.Text(src), pattern)
	var lexed []grammars.Token
	if record {
		lexed = kit.Lex(&kit.Tokens{Toks: lx.Toks, EOF: lx.EOF})
	}
	b := grammars.NewBuilder(len(src))
	errs := newParser(lx, pattern, b).program()
	t := kit.Finish(l, src, b, nProgram, lx.Trivia, lx.Errs, errs)
	lx.Release() // the tree holds none of the tokens
	return t, lexed
}
