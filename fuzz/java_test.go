package fuzz

import (
	"testing"

	"github.com/agenttools/agenttools/grammars/java"
)

// Java: the ; that ends a statement or a declaration is no leaf, as in
// Go; the seeds are the grammar's own features and an order book, cut
// where a top-level declaration, or a comment before one, starts at
// column 1.
var javaLang = lang{l: java.Language, semis: true, ext: ".java", seeds: []string{"../grammars/java/testdata/features.java", "testdata/java_seed.java"},
	starts: []string{"class ", "public ", "final ", "abstract ", "sealed ", "non-sealed ", "import ", "package ", "@", "record ", "interface ", "enum ", "/**", "//"}}

func FuzzParseJava(f *testing.F) { fuzzParse(f, javaLang) }

func FuzzCompileJava(f *testing.F) {
	fuzzCompile(f, javaLang, "System.out.println($$$A)", "$X.equals($Y)", "List<$T>", "@Override", "if ($X == null) { $$$B }", "case $P -> $E", "catch ($T $E) { $$$B }",
		"record $R($$$C) { $$$B }", "$X -> $Y", "$T::$M", "new $T<>($$$A)", "@Override\npublic $R $M($$$P) { $$$B }", "try ($R) { $$$B }", "for ($T $X : $C) { $$$B }",
		"$X instanceof $T $V", "switch ($X) { $$$C }", "throw new $E($$$A);", "Optional.ofNullable($X).orElse($Y)", "$S.stream().map($F).collect($C)", "private static final $T $N = $V;",
		"import $$$I;", "\"\"\"\n  $X\n  \"\"\"", "String.format($F, $$$A)", "$A != null ? $A : $B", "synchronized ($L) { $$$B }", "case $R($$$F) when $G -> $E", "yield $X;", "\\u0024X")
}

func FuzzMatchJava(f *testing.F)   { fuzzMatch(f, javaLang) }
func FuzzRewriteJava(f *testing.F) { fuzzRewrite(f, javaLang) }
