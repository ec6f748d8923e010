package fuzz

import (
	"testing"

	"github.com/agenttools/agenttools/grammars/javascript"
)

// The JavaScript dialects: semicolons that end statements are no leaves,
// as in Go; the seeds are the grammar's own forms, cut at top-level
// declarations.
var (
	jsStarts     = []string{"function ", "async function ", "class ", "export ", "const ", "let ", "var ", "import ", "interface ", "type ", "declare ", "namespace ", "enum ", "@"}
	jsContextual = []string{"await", "yield"}
	jsLang       = lang{l: javascript.JavaScript, semis: true, memberCommas: true, contextual: jsContextual, ext: ".js", seeds: []string{"../grammars/javascript/testdata/forms.js"}, starts: jsStarts}
	tsLang       = lang{l: javascript.TypeScript, semis: true, memberCommas: true, contextual: jsContextual, ext: ".ts", seeds: []string{"../grammars/javascript/testdata/forms.ts"}, starts: jsStarts}
	tsxLang      = lang{l: javascript.TSX, semis: true, memberCommas: true, contextual: jsContextual, ext: ".tsx", seeds: []string{"../grammars/javascript/testdata/forms.tsx"}, starts: jsStarts}
)

func FuzzParseJavaScript(f *testing.F) { fuzzParse(f, jsLang) }
func FuzzParseTypeScript(f *testing.F) { fuzzParse(f, tsLang) }
func FuzzParseTSX(f *testing.F)        { fuzzParse(f, tsxLang) }

var jsPatterns = []string{"console.log($$$A)", "$X === $X", "if ($C) { $$$B }", "const $X = $Y", "async function $F($$$P) { $$$B }", "`${$X}`", "$A ?? $B", "$A?.$B", "import $X from $S"}

func FuzzCompileJavaScript(f *testing.F) {
	fuzzCompile(f, jsLang, append(jsPatterns, "<$T $$$A />", "$($X)", "$el.on($E, $F)")...)
}

func FuzzCompileTypeScript(f *testing.F) {
	fuzzCompile(f, tsLang, append(jsPatterns, "$X as $T", "interface $I { $$$M }", "type $T = $U", "f<$T>($X)", "<$T>$X")...)
}

func FuzzCompileTSX(f *testing.F) {
	fuzzCompile(f, tsxLang, append(jsPatterns, "<$T $$$A />", "<div>{$X}</div>", "$X satisfies $T")...)
}

func FuzzMatchJavaScript(f *testing.F) { fuzzMatch(f, jsLang) }
func FuzzMatchTypeScript(f *testing.F) { fuzzMatch(f, tsLang) }
func FuzzMatchTSX(f *testing.F)        { fuzzMatch(f, tsxLang) }

func FuzzRewriteJavaScript(f *testing.F) { fuzzRewrite(f, jsLang) }
func FuzzRewriteTypeScript(f *testing.F) { fuzzRewrite(f, tsLang) }
func FuzzRewriteTSX(f *testing.F)        { fuzzRewrite(f, tsxLang) }
