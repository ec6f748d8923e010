package tools

import (
	"strings"
	"testing"
)

// TestTypeReadings: a pattern that is a type finds the type's uses in
// every language, and a TypeScript fragment that is an expression and a
// type (Promise<$T>) is searched as both, as the footer says. A fragment
// whose type reading is left out ([...$X]) never ends in "nothing was
// left out".
func TestTypeReadings(t *testing.T) {
	files := map[string]string{
		"a.ts":   "async function f(p: Promise<number>): Promise<string> { const m: Map<string, number> = new Map(); return g<number>(p); }\n",
		"a.rs":   "fn f(v: Vec<u8>) -> Result<u8, String> { let x: Vec<i32> = Vec::new(); Ok(1) }\n",
		"a.go":   "package p\n\nfunc f(m map[string]int, s []byte, c chan int) map[int]bool { var x []string; _ = x; return nil }\n",
		"a.dart": "Future<int> f(Future<String> x) async { return 1; }\n",
		"a.c":    "void f(struct foo *p, struct bar **q, char *s);\nint g(struct foo *);\n",
	}
	d, _ := editRun(t, files)
	for _, tc := range []struct {
		pattern, language string
		want              []string // the matches' texts
		footer            string
	}{
		{"Promise<$T>", "typescript", []string{"Promise<number>", "Promise<string>"}, "typescript (the pattern read as statement and type)"},
		{"Map<$K, $V>", "typescript", []string{"Map<string, number>"}, "read as statement and type"},
		{"Vec<$T>", "rust", []string{"Vec<u8>", "Vec<i32>"}, "Searched rust"},
		{"Result<$T, $E>", "rust", []string{"Result<u8, String>"}, "Searched rust"},
		{"map[$K]$V", "go", []string{"map[string]int", "map[int]bool"}, "Searched go"},
		{"[]$T", "go", []string{"[]byte", "[]string"}, "Searched go"},
		{"chan $T", "go", []string{"chan int"}, "Searched go"},
		{"Future<$T>", "dart", []string{"Future<int>", "Future<String>"}, "Searched dart"},
		{"struct $S *", "c", []string{"struct foo *p", "struct foo *"}, "Searched c"},
		{"[...$X]", "typescript", nil, "in typescript the pattern also reads as a type, which was not searched"},
	} {
		res := call(t, d, "ast_grep", map[string]any{"pattern": tc.pattern, "language": tc.language})
		if res.IsError {
			t.Errorf("%s: %s", tc.pattern, res.TextContent())
			continue
		}
		var got []string
		for _, m := range res.Structured.(astGrepResult).Matches {
			got = append(got, m.Text)
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s in %s: matches %q, want %q", tc.pattern, tc.language, got, tc.want)
		}
		if text := res.TextContent(); !strings.Contains(text, tc.footer) || strings.Contains(text, "nothing was left out") && tc.want == nil {
			t.Errorf("%s in %s: the text does not say %q:\n%s", tc.pattern, tc.language, tc.footer, text)
		}
	}
}
