// Package rust is the Rust grammar of agenttools' structural search: a
// hand-written recursive-descent parser over a hand-written lexer, for
// the 2021 and 2024 editions as real crates write them. It stands on the
// grammar kit (grammars/kit) for the driver, the top-level recovery,
// speculation and precedence climbing, and keeps its productions, its
// tables and its lexer.
//
// A top-level item that fails to parse becomes an ERROR node up to the
// next line that starts an item at column 1, and the rest of the file
// still parses; after the kit's cap of errors (kit.MaxErrors) the rest
// of the file is one ERROR node. Statement terminators are no leaves;
// comments, doc comments included, are trivia.
//
// Outer attributes are siblings before what they are on, as
// tree-sitter-rust has them: fn $F() { $$$B } matches a #[test] function.
//
// A method call (a.b(c)) and a call (f(a), T::f(a)) are different kinds
// of node, so $F($$$A) finds calls and $X.$M($$$A) method calls. A macro
// call keeps its token tree, and where its arguments parse as
// expressions or statements the tree holds that parse, with the same
// leaves: $X.unwrap() finds println!("{}", a.unwrap()).
package rust

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Language is Rust, the language rust, for .rs files.
var Language = newLanguage()

func newLanguage() *grammars.Language {
	l := &grammars.Language{
		ID:         "rust",
		Title:      "Rust",
		Aliases:    []string{"rs"},
		Extensions: []string{".rs"},
		Kinds:      kindTable(),
		Tokens:     numTokens,
		TreeSitter: treeSitter,
		Scaffolds:  scaffolds(),
		MaxSize:    kit.MaxFileSize,
		Blocks:     []string{"block", "source_file", "declaration_list", "token_tree"},
		Forms: []string{
			"fn $F($$$P) { $$$B }", "impl $T { $$$B }", "if $C { $$$B }", "match $X { $$$A }",
			"for $X in $Y { $$$B }", "while $C { $$$B }", "struct $S { $$$F }", "enum $E { $$$V }",
			"trait $T { $$$B }", "mod $M { $$$B }",
		},
	}
	l.Statements, l.Calls = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "macro_statements"), []string{"call_expression", "method_call_expression"}
	l.Terminator = ";"
	kit.Bind(l, func(src []byte, pattern, _ bool) (*grammars.Tree, []grammars.Token) {
		return parse(l, src, pattern), nil
	})
	// The lexer needs nothing from the parser (a < or a > is always a
	// token of its own), so Lex runs it alone.
	l.Lex = func(src []byte, pattern bool) []grammars.Token { return kit.Lex(newLexer(kit.Text(src), pattern)) }
	return l
}

// scaffolds are the contexts a pattern is tried in, in order: the first
// that parses wins, so $X.unwrap() is a method call and impl $T for $U {
// $$$B } an impl.
func scaffolds() []grammars.Scaffold {
	return []grammars.Scaffold{
		{Name: "statement", Prefix: "fn __() {\n", Suffix: "\n}\n"},
		{Name: "expression", Prefix: "fn __() { __(\n", Suffix: "\n); }\n"},
		{Name: "item", Prefix: "", Suffix: "\n"},
		{Name: "impl member", Prefix: "impl __ {\n", Suffix: "\n}\n"},
		{Name: "trait member", Prefix: "trait __ {\n", Suffix: "\n}\n"},
		{Name: "match arm", Prefix: "fn __() { match __ {\n", Suffix: "\n} }\n"},
		{Name: "pattern", Prefix: "fn __() { let\n", Suffix: "\n= __; }\n"},
		{Name: "type", Prefix: "type __ =\n", Suffix: "\n;\n"},
		{Name: "attribute", Prefix: "#[\n", Suffix: "\n]\nfn __() {}\n"},
		{Name: "top-level", Prefix: "", Suffix: "\n"},
	}
}

// parse parses src as a file or, with pattern set, a pattern.
func parse(l *grammars.Language, src []byte, pattern bool) *grammars.Tree {
	if t := kit.Refuse(l, src, nError, nSourceFile); t != nil {
		return t
	}
	lx := newLexer(kit.Text(src), pattern)
	b := grammars.NewBuilder(len(src))
	errs := newParser(lx, pattern, b).sourceFile()
	return kit.Finish(l, src, b, nSourceFile, lx.Trivia, lx.Errs, errs)
}
