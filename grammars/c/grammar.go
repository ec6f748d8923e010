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
package c

import (
	"fmt"
	"unsafe"

	"github.com/agenttools/agenttools/grammars"
)

// Language is C, the language c, for .c and .h files.
var Language = newLanguage()

func newLanguage() *grammars.Language {
	l := &grammars.Language{
		ID:         "c",
		Extensions: []string{".c", ".h"},
		Kinds:      kindTable(),
		Tokens:     numTokens,
		Scaffolds:  scaffolds(),
		MaxSize:    MaxFileSize,
		Blocks:     []string{"compound_statement", "translation_unit", "field_declaration_list", "preproc_if", "preproc_else", "preproc_elif"},
		Braces:     "compound_statement",
		Terminator: ";",
		Names:      []string{"struct_specifier", "union_specifier", "enum_specifier"},
		Abstract: map[string]string{
			"abstract_pointer_declarator":       "pointer_declarator",
			"abstract_array_declarator":         "array_declarator",
			"abstract_function_declarator":      "function_declarator",
			"abstract_parenthesized_declarator": "parenthesized_declarator",
		},
	}
	l.Statements, l.Calls = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "statement_expression", "statement_identifier"), []string{"call_expression", "macro_call", "preproc_call"}
	l.BodyParents = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "else_clause")
	l.Parse = func(src []byte) (*grammars.Tree, error) { return parse(l, src, false, false).Tree, nil }
	l.ParsePattern = func(src []byte) (*grammars.Tree, error) { return parse(l, src, true, false).Tree, nil }
	l.Lex = func(src []byte, pattern bool) []grammars.Token { return parse(l, src, pattern, true).lexed }
	return l
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
const MaxFileSize = 32 << 20

type result struct {
	*grammars.Tree
	lexed []grammars.Token
}

func parse(l *grammars.Language, src []byte, pattern, record bool) result {
	if len(src) > MaxFileSize {
		msg := fmt.Sprintf("file is %.1f MB; the %s grammar parses files up to %d MB", float64(len(src))/(1<<20), l.ID, MaxFileSize>>20)
		return result{Tree: grammars.Refused(l, src, nError, nTranslationUnit, msg)}
	}
	text := unsafe.String(unsafe.SliceData(src), len(src)) // read-only view; src is not changed while parsing
	lx := newLexer(text, pattern)
	// about 1.3 nodes a token in headers, 1.6 in sqlite3.c
	b := grammars.NewBuilderNodes(len(lx.toks) * 13 / 8)
	p := newParser(lx, pattern, b)
	errs := p.translationUnit()
	t := &grammars.Tree{Lang: l, Src: src}
	b.Finish(t, nTranslationUnit)
	t.Trivia = mergeSpans(lx.Trivia, lx.trivia())
	t.Errors = append(lx.Errs, errs...)
	t.Errors.Sort()
	var lexed []grammars.Token
	if record {
		for _, tok := range lx.toks {
			if !tok.Synthetic {
				lexed = append(lexed, grammars.Token{Kind: tok.Kind, Span: grammars.Span{Start: tok.Offset, End: tok.End()}})
			}
		}
	}
	lx.release()
	return result{Tree: t, lexed: lexed}
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
