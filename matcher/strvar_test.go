package matcher

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agenttools/agenttools/grammars/bundled"
)

// TestStringMetavariables: a string literal whose content is a
// metavariable ('$S') matches any string of the same kind and quotes,
// and captures its content; a rewrite writes the content where the
// template has $S.
func TestStringMetavariables(t *testing.T) {
	reg := bundled.Registry()
	for _, tc := range []struct {
		lang, pattern, src, rewrite string
		want                        []string // each match's text, then its capture S
		out                         string
	}{
		{"go", "`$S`", "package a\ntype T struct{ A int `json:\"a\"` }\nvar x = \"s\"\n", "`$S,x`",
			[]string{"`json:\"a\"`", `json:"a"`}, "package a\ntype T struct{ A int `json:\"a\",x` }\nvar x = \"s\"\n"},
		{"typescript", "import $X from '$S'", "import a from './a'\nimport b from \"./b\"\n", "import $X from '$S.js'",
			[]string{"import a from './a'", "./a"}, "import a from './a.js'\nimport b from \"./b\"\n"},
		{"python", "f'$S'", "x = f'{a}b' + 'c'\n", "f'<$S>'",
			nil, "x = f'{a}b' + 'c'\n"}, // an f-string with parts is no leaf: it holds no bare content
		{"python", "'$S'", "x = 'a' + \"b\"\n", "'<$S>'",
			[]string{"'a'", "a"}, "x = '<a>' + \"b\"\n"},
		{"rust", `r#"$S"#`, "fn f() { let x = r#\"a\"#; let y = \"b\"; }\n", `r#"$S!"#`,
			[]string{`r#"a"#`, "a"}, "fn f() { let x = r#\"a!\"#; let y = \"b\"; }\n"},
	} {
		l, err := reg.Lookup(tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Compile(l, tc.pattern)
		if err != nil {
			t.Fatalf("%s %q: %v", tc.lang, tc.pattern, err)
		}
		tree, err := l.Parse([]byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		lines := NewLineIndex(tree.Src)
		for _, m := range p.Find(tree) {
			f := Locate(tree, lines, "f", m, 0)
			got = append(got, f.Text)
			for _, c := range f.Captures {
				if c.Name == "S" {
					got = append(got, c.Text)
				}
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s %q: matches (-want +got):\n%s", tc.lang, tc.pattern, diff)
		}
		tm, err := CompileTemplate(p, tc.rewrite)
		if err != nil {
			t.Fatal(err)
		}
		if out := string(RewriteTree(tree, p, tm).Src); out != tc.out {
			t.Errorf("%s %q: rewrite gives %q, want %q", tc.lang, tc.pattern, out, tc.out)
		}
	}
}
