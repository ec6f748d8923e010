package fuzz

import (
	"slices"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/c"
)

// C: the ; that ends a statement or a declaration is no leaf, as in Go
// (the ; of a for's head, of an empty statement and of a #define's body
// are leaves, which semis leaves out on both sides alike). Directive
// lines that no list took and the branches no compiler takes are trivia,
// as comments are, and no leaves. Some nodes' text alone, as a pattern,
// reads as another tree: a conditional's branches hold items of the list
// it stands in (listRead), typedef names are types only after their
// typedef (typeNames), what follows a call with no ; tells a call from
// a macro's statement (openEnd), and a name may hold a $ (dollarNames).
// The seeds are the grammar's own forms and an event-loop library, cut
// where a top-level item starts at column 1: a declaration's first word,
// a comment before a function, or a directive that opens something
// (#include, #define, #if…), never an #else or #endif, which would part a
// conditional from its #if.
var cLang = lang{l: c.Language, semis: true, trivia: true, typeNames: cTypeNames, listRead: []string{"preproc_if"}, openEnd: cOpenEnd, dollarNames: true, contextLeaves: []string{"field_identifier"}, ext: ".c", seeds: []string{"../grammars/c/testdata/forms.c", "testdata/c_seed.c"},
	starts: []string{"#include", "#define", "#if", "/*", "static ", "extern ", "typedef ", "struct ", "union ", "enum ", "const ", "inline ", "_Static_assert", "int ", "void ", "char ", "unsigned ", "long ", "double ", "size_t "}}

// cTypeNames returns the names a C file has made types: those its
// typedefs declare, and those it uses as types (a type_identifier that
// names no struct, union or enum), which the parser reads as types
// after their typedef. A pattern alone has no typedef before it, so
// there the same name may be a variable or a macro: in a file with
// typedef int r; the text struct {r;} is a field of type r, and the
// pattern struct {r;} a field that is a macro.
func cTypeNames(tree *grammars.Tree) []string {
	var out []string
	var walk func(n int32, inTypedef bool)
	walk = func(n int32, inTypedef bool) {
		kind := tree.KindName(n)
		if tree.IsLeaf(n) {
			switch parent := tree.KindName(tree.Nodes[n].Parent); {
			case kind == "type_identifier" && parent != "struct_specifier" && parent != "union_specifier" && parent != "enum_specifier",
				kind == "identifier" && inTypedef:
				out = append(out, tree.Text(n))
			}
			return
		}
		for _, c := range tree.Children(n) {
			walk(c, inTypedef || kind == "type_definition")
		}
	}
	walk(tree.Root, false)
	return out
}

// cOpenEnd reports whether n's text holds a statement whose reading
// depends on what follows it outside the text, or a ; that is not in
// it: a call or a name with no ; at a line's end is a macro standing
// for a statement in a file, and in a pattern, before the pattern's end
// or a }, a call whose ; is left out. So if (x) B; holds an expression
// statement whose text alone, if (x) B, reads otherwise, and {B\n()}
// holds a macro in a file and a call as a pattern.
func cOpenEnd(tree *grammars.Tree, n int32) bool {
	for k := n; !tree.IsLeaf(k); {
		kids := tree.Children(k)
		if len(kids) == 0 {
			break
		}
		k = kids[len(kids)-1]
		if tree.KindName(k) == "expression_statement" {
			return true
		}
	}
	var macro func(k int32) bool
	macro = func(k int32) bool {
		return tree.KindName(k) == "macro_call" || slices.ContainsFunc(tree.Children(k), macro)
	}
	return macro(n)
}

func FuzzParseC(f *testing.F) { fuzzParse(f, cLang) }

func FuzzCompileC(f *testing.F) {
	fuzzCompile(f, cLang, "malloc($N)", "if ($X == NULL) return $$$R;", "$X == $X", "free($P)", "sizeof($T)", "struct $S { $$$F };", "#include $H", "#define $N $V",
		"for ($I; $C; $S) { $$$B }", "$P->$F", "(struct $S *)$X", "static $T $F($$$P) { $$$B }", "switch ($X) { $$$B }", "return $X;", "$F($$$A);",
		"memcpy($D, $S, sizeof($T))", "case $V:", "goto $L;", "#ifdef $M\n$$$A\n#endif", "typedef struct $S $T;", "$T $X = { $$$I };", ".$F = $V", "($T)$X", "while ($C) $S", "$X ? $Y : $Z", "__attribute__(($$$A))")
}

func FuzzMatchC(f *testing.F)   { fuzzMatch(f, cLang) }
func FuzzRewriteC(f *testing.F) { fuzzRewrite(f, cLang) }
