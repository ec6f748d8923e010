package fuzz

import (
	"testing"

	"github.com/agenttools/agenttools/grammars/dart"
)

// Dart: the ; that ends a statement or a declaration is no leaf, as in
// Go; the seeds are the grammar's own forms and a Flutter-style app, cut
// at top-level declarations.
var dartLang = lang{l: dart.Language, semis: true, ext: ".dart", seeds: []string{"../grammars/dart/testdata/forms.dart", "testdata/dart_seed.dart"},
	starts: []string{"class ", "void ", "import ", "export ", "part ", "library ", "enum ", "mixin ", "extension ", "typedef ", "final ", "const ", "var ", "late ", "@", "abstract ", "sealed ", "base ", "interface ", "external ", "Future<", "Stream<", "Widget ", "String ", "int ", "double ", "bool "}}

func FuzzParseDart(f *testing.F) { fuzzParse(f, dartLang) }

func FuzzCompileDart(f *testing.F) {
	fuzzCompile(f, dartLang, "if ($X != null) $X.dispose()", "setState(() { $$$B })", "$X?.$Y", "switch ($X) { $$$C }", "'${$X}'", "$A..$B()", "final $X = $Y;", "class $C extends $S { $$$B }",
		"@override\nvoid dispose() { $$$B }", "Widget build(BuildContext $C) { $$$B }", "$X ?? $Y", "await $F", "case $P when $G:", "($A, $B)", "'$$X'", "for (final $X in $Y) { $$$B }")
}

func FuzzMatchDart(f *testing.F)   { fuzzMatch(f, dartLang) }
func FuzzRewriteDart(f *testing.F) { fuzzRewrite(f, dartLang) }
