package fuzz

import (
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/c"
)

// C++: as C (semis, trivia, macros with no ;), and what one file knows
// of its names is more: the classes, aliases and template parameters it
// declares are types, the templates it declares take arguments where a
// < would be a comparison (cppTypeNames). The seeds are the grammar's
// forms and the tree-sitter sample.
var cppLang = lang{l: c.CPP, semis: true, trivia: true, typeNames: cppTypeNames, listRead: []string{"preproc_if"}, openEnd: cOpenEnd, dollarNames: true, contextLeaves: []string{"field_identifier", "namespace_identifier"}, ext: ".cpp",
	seeds: []string{"../grammars/c/testdata/cxx/forms.cpp", "../grammars/c/testdata/treesitter/sample.cpp"},
	starts: []string{"#include", "#define", "#if", "//", "/*", "template", "namespace", "class ", "struct ", "enum ", "using ", "static ", "inline ", "constexpr ",
		"int ", "void ", "auto ", "bool ", "extern ", "static_assert"}}

// cppTypeNames returns the names a C++ file has made types or
// templates: every type_identifier, and the names of template functions
// and of typedefs, which a pattern alone may read as values.
func cppTypeNames(tree *grammars.Tree) []string {
	out := cTypeNames(tree)
	var walk func(n int32)
	walk = func(n int32) {
		if tree.IsLeaf(n) {
			switch parent := tree.KindName(tree.Nodes[n].Parent); {
			case tree.KindName(n) == "identifier" && (parent == "template_function" || parent == "concept_definition"),
				tree.KindName(n) == "type_identifier":
				out = append(out, tree.Text(n))
			}
			return
		}
		for _, k := range tree.Children(n) {
			walk(k)
		}
	}
	walk(tree.Root)
	return out
}

func FuzzParseCpp(f *testing.F) { fuzzParse(f, cppLang) }

func FuzzCompileCpp(f *testing.F) {
	fuzzCompile(f, cppLang, "std::move($X)", "$X == $X", "$X->$M($$$A)", "template <$$$P> class $C { $$$B };", "for (auto $V : $E) { $$$B }",
		"$X.size() == 0", "NULL", "static_cast<$T>($E)", "std::vector<$T>", "[$$$C]($$$P) { $$$B }", "new $T($$$A)", "delete $P;",
		"namespace $N { $$$B }", "class $C : public $B { $$$M };", "using $A = $T;", "try { $$$B } catch ($E) { $$$H }", "throw $X;",
		"if constexpr ($C) { $$$B }", "auto [$$$B] = $E;", "co_await $X", "#include <$H>", "virtual $R $F($$$P) = 0;", "$C::$C($$$P) : $$$I { $$$B }",
		"operator $T() const", "requires $C", "$T&&", "sizeof...($P)", "($P + ...)")
}

func FuzzMatchCpp(f *testing.F)   { fuzzMatch(f, cppLang) }
func FuzzRewriteCpp(f *testing.F) { fuzzRewrite(f, cppLang) }
