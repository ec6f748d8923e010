// Package c is the C grammar of agenttools' structural search: a
// hand-written recursive-descent parser over a hand-written lexer, for
// C11 and C17 with the GNU extensions real code uses, and the
// preprocessor in the tree.
//
// Directive lines are nodes where a list of items goes on (see
// directives.go), and a conditional's branches hold whole items where
// they can. The names a typedef declares are types from then on; at a
// statement's start an unknown name followed by a name, or by * and a
// name and ;, =, , or [, begins a declaration.
//
// The grammar stands on grammars/kit: the parse driver, the top-level
// loop (TopLevelBetween, which reads the directive lines between items
// and stops after kit.MaxErrors errors), speculation that gives back the
// directive lines it took (SaveState), the bracket and punctuation
// tables, and the shapes its productions close nodes with. What is its
// own is the lexer's compact tokens, the preprocessor in the tree and
// the heuristics for macros (macros.go).
package c

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Language is C, the language c, for .c and .h files.
var Language = newLanguage()

// CPP is C++, the language cpp (c++), for its sources and headers, and
// for the .h files that hold C++ (see HoldsCxx).
var CPP = newCPP()

func newLanguage() *grammars.Language {
	l := &grammars.Language{
		ID:         "c",
		Title:      "C",
		Extensions: []string{".c", ".h"},
		Kinds:      kit.KindTable(kindNames[:], named),
		Tokens:     numTokens,
		TreeSitter: treeSitter,
		Scaffolds:  scaffolds(),
		MaxSize:    kit.MaxFileSize,
		Blocks:     []string{"compound_statement", "translation_unit", "field_declaration_list", "preproc_if", "preproc_else", "preproc_elif"},
		Braces:     "compound_statement",
		Terminator: ";",
		Names:      []string{"struct_specifier", "union_specifier", "enum_specifier"},
		Abstract: map[string]string{
			"abstract_pointer_declarator":  "pointer_declarator",
			"abstract_array_declarator":    "array_declarator",
			"abstract_function_declarator": "function_declarator",
		},
		DeclaredName: "identifier",
		Claims:       map[string]func([]byte) bool{".h": func(src []byte) bool { return !HoldsCxx(src) }},
	}
	l.Statements, l.Calls = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "statement_expression", "statement_identifier"), []string{"call_expression", "macro_call", "preproc_call"}
	l.BodyParents = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "else_clause")
	kit.Bind(l, func(src []byte, pattern, record bool) (*grammars.Tree, []grammars.Token) {
		return parse(l, src, pattern, record, false)
	})
	return l
}

func newCPP() *grammars.Language {
	l := &grammars.Language{
		ID:         "cpp",
		Title:      "C++",
		Aliases:    []string{"c++"},
		Extensions: []string{".cc", ".cpp", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp", ".tpp", ".inl", ".h"},
		Claims:     map[string]func([]byte) bool{".h": HoldsCxx},
		Kinds:      kit.KindTable(kindNames[:], namedCxx),
		Tokens:     numTokens,
		TreeSitter: cxxTreeSitter,
		Scaffolds:  cxxScaffolds(),
		MaxSize:    kit.MaxFileSize,
		Blocks: []string{"compound_statement", "translation_unit", "field_declaration_list", "declaration_list",
			"preproc_if", "preproc_else", "preproc_elif"},
		Braces:     "compound_statement",
		Terminator: ";",
		Names:      []string{"struct_specifier", "union_specifier", "enum_specifier", "class_specifier"},
		Abstract: map[string]string{
			"abstract_pointer_declarator":   "pointer_declarator",
			"abstract_array_declarator":     "array_declarator",
			"abstract_function_declarator":  "function_declarator",
			"abstract_reference_declarator": "reference_declarator",
		},
		DeclaredName: "identifier",
		// std::vector<$T> and Box<$T> name the type far more often than
		// the template function: both are searched.
		TypeReadings: []string{"template_function", "qualified_identifier"},
	}
	l.Statements, l.Calls = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "statement_expression", "statement_identifier"), []string{"call_expression", "macro_call", "preproc_call"}
	l.BodyParents = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "else_clause", "for_range_loop", "catch_clause")
	kit.Bind(l, func(src []byte, pattern, record bool) (*grammars.Tree, []grammars.Token) {
		return parse(l, src, pattern, record, true)
	})
	return l
}

// cxxScaffolds are the contexts a C++ pattern is tried in, in order.
func cxxScaffolds() []grammars.Scaffold {
	return []grammars.Scaffold{
		{Name: "preprocessor directive", Prefix: "", Suffix: "\n", Lead: "#"},
		{Name: "statement", Prefix: "void __() {\n", Suffix: "\n}\n"},
		{Name: "expression", Prefix: "void __() { __ =\n", Suffix: "\n; }\n"},
		{Name: "declaration", Prefix: "", Suffix: "\n"},
		{Name: "class member", Prefix: "class __ {\n", Suffix: "\n};\n"},
		{Name: "namespace member", Prefix: "namespace __ {\n", Suffix: "\n}\n"},
		{Name: "initializer", Prefix: "int __[] = {\n", Suffix: "\n};\n"},
		{Name: "lambda capture", Prefix: "auto __ = [\n", Suffix: "\n] {};\n"},
		{Name: "top-level", Prefix: "", Suffix: "\n"},
		{Name: "type", Prefix: "void __(\n", Suffix: "\n);\n"},
	}
}

// scaffolds are the contexts a pattern is tried in, in order.
func scaffolds() []grammars.Scaffold {
	return []grammars.Scaffold{
		// A directive first, at the top level: in a function body it
		// would parse too, as a statement's neighbour.
		{Name: "preprocessor directive", Prefix: "", Suffix: "\n", Lead: "#"},
		{Name: "statement", Prefix: "void __(void) {\n", Suffix: "\n}\n"},
		{Name: "expression", Prefix: "void __(void) { __ =\n", Suffix: "\n; }\n"},
		{Name: "declaration", Prefix: "", Suffix: "\n"},
		{Name: "struct member", Prefix: "struct __ {\n", Suffix: "\n};\n"},
		{Name: "initializer", Prefix: "int __[] = {\n", Suffix: "\n};\n"},
		{Name: "top-level", Prefix: "", Suffix: "\n"},
		// A type written alone (struct $S *) is a parameter's: it
		// matches parameters of that type, named or not.
		{Name: "type", Prefix: "void __(\n", Suffix: "\n);\n"},
	}
}

// MaxFileSize is the largest file Parse takes.
const MaxFileSize = kit.MaxFileSize

// parse is the grammar's kit.ParseFunc. The lexer reads the whole file
// first, so the tokens Lex wants are its slice's, directive lines
// included, and the builder is sized from their count.
func parse(l *grammars.Language, src []byte, pattern, record, cxx bool) (*grammars.Tree, []grammars.Token) {
	if t := kit.Refuse(l, src, nError, nTranslationUnit); t != nil {
		return t, nil
	}
	lx := newLexer(kit.Text(src), pattern, cxx)
	// about 1.3 nodes a token in headers, 1.6 in sqlite3.c
	b := grammars.NewBuilderNodes(len(lx.toks) * 13 / 8)
	errs := newParser(lx, pattern, b).translationUnit()
	t := kit.Finish(l, src, b, nTranslationUnit, mergeSpans(lx.Trivia, lx.trivia()), lx.Errs, errs)
	var lexed []grammars.Token
	if record {
		lexed = lx.lexed()
	}
	lx.release()
	return t, lexed
}

// lexed returns the tokens the lexer read, for Language.Lex: not the
// synthetic ends of directive lines.
func (lx *lexer) lexed() []grammars.Token {
	var out []grammars.Token
	for _, tok := range lx.toks {
		if !tok.Synthetic {
			out = append(out, grammars.Token{Kind: tok.Kind, Span: grammars.Span{Start: tok.Offset, End: tok.End()}})
		}
	}
	return out
}

// mergeSpans returns the spans of a and b, both sorted, in order.
func mergeSpans(a, b []grammars.Span) []grammars.Span {
	out := make([]grammars.Span, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		if len(b) == 0 || len(a) > 0 && a[0].Start < b[0].Start {
			out = append(out, a[0])
			a = a[1:]
		} else {
			out = append(out, b[0])
			b = b[1:]
		}
	}
	return out
}
