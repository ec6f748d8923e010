// Package javascript is the JavaScript, TypeScript and TSX grammar of
// agenttools' structural search: one hand-written recursive-descent
// parser, with flags for the three dialects, over a lexer it drives, as
// TypeScript's own parser drives its scanner (a / is division or a
// regular expression, a } closes a block or a template substitution,
// depending on where the parser is). It covers ES2024 and TypeScript 5
// as real code is written, .d.ts files, decorators and JSX included.
//
// A top-level statement that fails to parse becomes an ERROR node up to
// the next line that starts a statement at column 1, and the rest of the
// file still parses; after kit.MaxErrors errors, the rest of the file is
// one ERROR node. The parse driver, the top-level recovery, operator
// precedence, speculation and the shapes of most productions are the
// kit's. Statement terminators, written or automatic, are no leaves;
// comments are trivia. Where TypeScript's grammar is ambiguous
// (an arrow function or a parenthesized expression, type arguments or a
// comparison) the parser decides as TypeScript does, speculating where
// TypeScript does, and remembers where a speculation failed, and what
// its failure unwound, so that parsing stays linear. Every recursive
// production goes through kit's depth guard: input nested past
// kit.MaxDepth is an error, never a stack overflow.
package javascript

import (
	"bytes"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

var (
	// JavaScript is JavaScript with JSX, for .js, .mjs, .cjs and .jsx
	// files. TypeScript's syntax is accepted too, as TypeScript's own
	// parser accepts it in JavaScript files, but for type arguments in
	// expressions and <T>x casts.
	JavaScript = newLanguage("javascript", "JavaScript", []string{"js", "jsx"}, []string{".js", ".mjs", ".cjs", ".jsx"},
		dialect{jsx: true}, scaffolds(false, true))
	// TypeScript is TypeScript without JSX, for .ts, .mts, .cts and .d.ts
	// files, where <T>x is a type assertion.
	TypeScript = newLanguage("typescript", "TypeScript", []string{"ts"}, []string{".ts", ".mts", ".cts"},
		dialect{ts: true, casts: true}, scaffolds(true, false))
	// TSX is TypeScript with JSX, for .tsx files.
	TSX = newLanguage("tsx", "TSX", nil, []string{".tsx"}, dialect{ts: true, jsx: true}, scaffolds(true, true))
)

// newLanguage returns one of the three languages.
func newLanguage(id, title string, aliases, exts []string, d dialect, sc []grammars.Scaffold) *grammars.Language {
	l := &grammars.Language{
		ID:         id,
		Title:      title,
		Aliases:    aliases,
		Extensions: exts,
		Kinds:      kindTable(),
		Tokens:     numTokens,
		Scaffolds:  sc,
		MaxSize:    MaxFileSize,
		Blocks:     []string{"statement_block", "program", "switch_case", "switch_default", "class_static_block"},
		// Promise<$T> means the type far more often than the
		// instantiation expression: both are searched.
		TypeReadings: []string{"instantiation_expression"},
		Forms: []string{
			"function $F($$$P) { $$$B }", "async function $F($$$P) { $$$B }", "class $C { $$$B }",
			"if ($C) { $$$B }", "for (const $X of $Y) { $$$B }", "try { $$$B } catch ($E) { $$$H }",
			"interface $I { $$$M }",
		},
	}
	l.Statements, l.Calls = grammars.KindsNamed(l.Kinds, []string{"_statement"}, "statement_block", "statement_identifier"), []string{"call_expression", "call_signature"}
	l.Terminator = ";"
	l.TreeSitter = jsTreeSitter
	if d.ts {
		l.TreeSitter = tsTreeSitter
	}
	kit.Bind(l, func(src []byte, pattern, record bool) (*grammars.Tree, []grammars.Token) {
		return parse(l, d, src, pattern, record)
	})
	return l
}

// scaffolds are the contexts a pattern is tried in, in order: the first
// that parses wins, so console.log($$$A) is a call (statement) and
// class $C { $$$B } a class.
func scaffolds(ts, jsx bool) []grammars.Scaffold {
	out := []grammars.Scaffold{
		{Name: "statement", Prefix: "async function* __() {\n", Suffix: "\n}\n"},
		{Name: "expression", Prefix: "__ = (\n", Suffix: "\n);\n"},
		{Name: "class member", Prefix: "class __ {\n", Suffix: "\n}\n"},
		{Name: "object member", Prefix: "__ = {\n", Suffix: "\n};\n"},
	}
	if ts {
		out = append(out,
			grammars.Scaffold{Name: "type", Prefix: "type __ = (\n", Suffix: "\n);\n"},
			grammars.Scaffold{Name: "interface member", Prefix: "interface __ {\n", Suffix: "\n}\n"})
	}
	if jsx {
		// A JSX element is an expression; an attribute needs an element
		// around it. (No scaffold puts the fragment among an element's
		// children, where any text at all is JSX text.)
		out = append(out, grammars.Scaffold{Name: "JSX attribute", Prefix: "__ = <__ ", Suffix: " />;\n"})
	}
	return append(out,
		grammars.Scaffold{Name: "parameter", Prefix: "function __(", Suffix: ") {}\n"},
		grammars.Scaffold{Name: "top-level", Prefix: "", Suffix: "\n"})
}

// MaxFileSize is the largest file Parse takes: the kit's.
const MaxFileSize = kit.MaxFileSize

// parse parses src in dialect d; record also returns the tokens, for Lex.
func parse(l *grammars.Language, d dialect, src []byte, pattern, record bool) (*grammars.Tree, []grammars.Token) {
	if t := kit.Refuse(l, src, nError, nProgram); t != nil {
		return t, nil
	}
	lx := newLexer(kit.Text(src), pattern)
	lx.record = record
	b := newBuilder(src)
	errs := newParser(lx, d, pattern, b).program()
	return kit.Finish(l, src, b, nProgram, lx.Trivia, lx.Errs, errs), lx.toks
}

// newBuilder returns a builder sized for src. Code as people write it
// makes about one node for four bytes, as grammars.NewBuilder assumes;
// minified code, all on a few very long lines, makes about one a byte,
// and growing the slices to that size would copy them several times.
func newBuilder(src []byte) *grammars.Builder {
	if len(src) < 64<<10 || len(src)/(1+bytes.Count(src, []byte{'\n'})) < 200 {
		return grammars.NewBuilder(len(src))
	}
	n := len(src) + 16
	return &grammars.Builder{Nodes: make([]grammars.Node, 0, n), Kids: make([]int32, 0, n)}
}
