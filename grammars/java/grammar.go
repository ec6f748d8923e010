// Package java is the Java grammar of agenttools' structural search: a
// hand-written recursive-descent parser over a hand-written lexer, for
// Java 21 and the final features since (records, sealed types, switch
// expressions and patterns, record patterns, text blocks, unnamed
// variables), module-info.java and package-info.java included.
//
// The grammar stands on grammars/kit: its driver, its token slice with
// bracket partners, its top-level recovery and its operator table; what
// is here is Java's lexer, productions and tables. Node kinds are named
// as tree-sitter-java names them where the shape is the same.
//
// Unicode escapes (\u0041) are translated before the file is cut into
// tokens, as the language says; a leaf's text is still what the file
// says. Contextual keywords (record, sealed, permits, yield, var, when,
// module, …) are identifiers wherever a name may stand.
//
// Modifiers and annotations belong to their declaration, in one
// modifiers node as tree-sitter-java has them: a pattern that writes
// none finds only declarations without them. The ; that ends a statement
// or a declaration is no leaf, so a pattern matches with or without it;
// comments are trivia.
package java

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Language is Java, the language java, for .java files.
var Language = newLanguage()

func newLanguage() *grammars.Language {
	l := &grammars.Language{
		ID:         "java",
		Title:      "Java",
		Extensions: []string{".java"},
		Kinds:      kindTable(),
		Tokens:     numTokens,
		TreeSitter: treeSitter,
		Scaffolds:  scaffolds(),
		MaxSize:    kit.MaxFileSize,
		Blocks: []string{"block", "program", "class_body", "interface_body", "enum_body_declarations",
			"annotation_type_body", "constructor_body", "switch_block", "switch_block_statement_group", "module_body"},
		Braces: "block",
		Forms: []string{
			"class $C { $$$B }", "interface $I { $$$B }", "enum $E { $$$V }", "record $R($$$C) { $$$B }",
			"if ($C) { $$$B }", "for ($$$H) { $$$B }", "while ($C) { $$$B }", "do { $$$B } while ($C);",
			"switch ($X) { $$$C }", "try { $$$B } catch ($T $E) { $$$C }", "synchronized ($L) { $$$B }",
			"catch ($T $E) { $$$B }", "import $$$I;", "package $P;",
		},
		TypeReadings: []string{"identifier", "field_access"},
		Terminator:   ";",
	}
	l.Statements = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "local_variable_declaration", "explicit_constructor_invocation")
	l.Calls = []string{"method_invocation", "object_creation_expression", "explicit_constructor_invocation"}
	l.BodyParents = []string{"if_statement", "while_statement", "for_statement", "enhanced_for_statement", "do_statement", "labeled_statement"}
	kit.Bind(l, func(src []byte, pattern, record bool) (*grammars.Tree, []grammars.Token) {
		return parse(l, src, pattern, record)
	})
	return l
}

// scaffolds are the contexts a pattern is tried in, in order: the first
// that parses wins, so System.out.println(x) is a call in a method's
// body, and List<$T> is a type, which no expression reads.
func scaffolds() []grammars.Scaffold {
	return []grammars.Scaffold{
		{Name: "statement", Prefix: "class __ { void __() {\n", Suffix: "\n} }\n"},
		{Name: "expression", Prefix: "class __ { Object __ =\n", Suffix: "\n; }\n"},
		{Name: "class member", Prefix: "class __ {\n", Suffix: "\n}\n"},
		{Name: "annotation", Prefix: "class __ {\n", Suffix: "\nvoid __() {} }\n"},
		{Name: "type", Prefix: "class __ {\n", Suffix: "\n__; }\n"},
		{Name: "switch label", Prefix: "class __ { void __() { switch (__) {\n", Suffix: "\n} } }\n"},
		{Name: "catch clause", Prefix: "class __ { void __() { try {}\n", Suffix: "\n} }\n"},
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
	// About three nodes for every two tokens, measured on the JDK's
	// sources: sized by the tokens, the tree is seldom copied to trim it.
	b := grammars.NewBuilderNodes(len(lx.Toks) * 8 / 5)
	errs := newParser(lx, pattern, b).program()
	t := kit.Finish(l, src, b, nProgram, lx.Trivia, lx.Errs, errs)
	lx.Release() // the tree holds none of the tokens
	return t, lexed
}
