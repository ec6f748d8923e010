package tools

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fstringSrc has code inside f-strings' fields: a call, a format spec's
// own field, Python 3.12's nested quotes, a nested f-string, a
// conversion, and text that only looks like code.
const fstringSrc = `def show(d, k, width):
    print(f"value: {d.get(k)}")
    print(f"{k!r:>{len(k)}}")
    print(f"{d["key"]} and {f'{d.get(k)}'}")
    print(f"{k!r}", "d.get(k)", f"d.get(k) {{d.get(k)}}")
    return f"""
    {d.get(
        k)}"""
`

// TestASTGrepFStrings: code in f-strings' fields is searched like any
// other, and literal text, doubled braces and strings are not code.
func TestASTGrepFStrings(t *testing.T) {
	d, _ := editRun(t, map[string]string{"f.py": fstringSrc})
	type loc struct {
		Line     int
		Text, K  string
		Captured string
	}
	for _, tc := range []struct {
		pattern string
		want    []loc
	}{
		{"$D.get($K)", []loc{{2, "d.get(k)", "k", "d"}, {4, "d.get(k)", "k", "d"}, {7, "d.get(\n        k)", "k", "d"}}},
		{"len($K)", []loc{{3, "len(k)", "k", ""}}},
		{`$D["key"]`, []loc{{4, `d["key"]`, "", "d"}}},
		{`f"{$K!r}"`, []loc{{5, `f"{k!r}"`, "k", ""}}},
		{`f"{$K!r:>{$W}}"`, []loc{{3, `f"{k!r:>{len(k)}}"`, "k", ""}}},
	} {
		res := call(t, d, "ast_grep", map[string]any{"pattern": tc.pattern, "language": "python"})
		if res.IsError {
			t.Errorf("%s: %s", tc.pattern, res.TextContent())
			continue
		}
		var got []loc
		for _, m := range res.Structured.(astGrepResult).Matches {
			got = append(got, loc{m.Range.Start.Line, m.Text, captureOf(m, "K"), captureOf(m, "D")})
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.pattern, diff)
		}
	}
}

// TestASTEditFStrings: a rewrite inside an f-string's field changes the
// field and nothing else.
func TestASTEditFStrings(t *testing.T) {
	d, dir := editRun(t, map[string]string{"f.py": fstringSrc})
	r := stage(t, d, map[string]any{"pattern": "$D.get($K)", "rewrite": "$D[$K]", "language": "python"})
	if r.Replacements != 3 {
		t.Fatalf("staged %+v", r)
	}
	if res := resolveEdit(t, d, r.EditID, "accept"); res.IsError {
		t.Fatal(res.TextContent())
	}
	want := `def show(d, k, width):
    print(f"value: {d[k]}")
    print(f"{k!r:>{len(k)}}")
    print(f"{d["key"]} and {f'{d[k]}'}")
    print(f"{k!r}", "d.get(k)", f"d.get(k) {{d.get(k)}}")
    return f"""
    {d[k]}"""
`
	if diff := cmp.Diff(map[string]string{filepath.Join(dir, "f.py"): want}, snapshot(t, dir)); diff != "" {
		t.Errorf("after accept (-want +got):\n%s", diff)
	}
}
