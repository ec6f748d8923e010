package fuzz

import (
	"testing"

	"github.com/agenttools/agenttools/grammars/rust"
)

// Rust: the ; that ends a statement or an item is no leaf, as in Go; the
// seeds are the grammar's own forms, cut at items.
var rustLang = lang{l: rust.Language, semis: true, ext: ".rs", seeds: []string{"../grammars/rust/testdata/forms.rs", "../grammars/rust/testdata/edges.rs"},
	starts: []string{"fn ", "pub ", "impl ", "struct ", "enum ", "trait ", "mod ", "use ", "#[", "const ", "static ", "type ", "macro_rules!", "async fn ", "unsafe "}}

func FuzzParseRust(f *testing.F) { fuzzParse(f, rustLang) }

func FuzzCompileRust(f *testing.F) {
	fuzzCompile(f, rustLang, "$X.unwrap()", "impl $T for $U { $$$B }", "match $X { $$$A }", "println!($$$A)", "let $P = $E else { $$$B };", "|$X| $Y", "$X?", "fn $F<$T>($$$P) -> $R where $T: $B { $$$S }")
}

func FuzzMatchRust(f *testing.F)   { fuzzMatch(f, rustLang) }
func FuzzRewriteRust(f *testing.F) { fuzzRewrite(f, rustLang) }
