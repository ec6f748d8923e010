package tools

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/google/go-cmp/cmp"
)

// TestASTGrepHeaders: a .h file is searched as C, or as C++ when it
// holds C++, whether the language is named, inferred for a folder, or
// inferred for the file alone; a C++ pattern finds nothing in a C
// header.
func TestASTGrepHeaders(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"c.h":      "#ifdef __cplusplus\nextern \"C\" {\n#endif\nvoid *alloc(int n);\nstatic inline void clear(void **p) { *p = NULL; }\n#ifdef __cplusplus\n}\n#endif\n",
		"cxx.h":    "#pragma once\nnamespace app {\nclass Box {\npublic:\n  void clear() { p_ = NULL; }\nprivate:\n  void *p_;\n};\n}\n",
		"main.cpp": "#include \"cxx.h\"\nint main() { void *q = NULL; return q == NULL; }\n",
		"main.c":   "#include \"c.h\"\nint main(void) { void *q = NULL; return q == NULL; }\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Registry(&Run{Dir: dir, Grammars: bundled.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	type hit struct {
		File string
		Line int
	}
	for _, tc := range []struct {
		name string
		args map[string]any
		want []hit
		lang []string
	}{
		{"C, named", map[string]any{"pattern": "NULL", "language": "c"},
			[]hit{{"c.h", 5}, {"main.c", 2}, {"main.c", 2}}, []string{"c"}},
		{"C++, named", map[string]any{"pattern": "NULL", "language": "cpp"},
			[]hit{{"cxx.h", 5}, {"main.cpp", 2}, {"main.cpp", 2}}, []string{"cpp"}},
		{"a folder, each file once, by language", map[string]any{"pattern": "NULL"},
			[]hit{{"c.h", 5}, {"main.c", 2}, {"main.c", 2}, {"cxx.h", 5}, {"main.cpp", 2}, {"main.cpp", 2}}, []string{"c", "cpp"}},
		{"a C header alone", map[string]any{"pattern": "NULL", "path": "c.h"}, []hit{{"c.h", 5}}, []string{"c"}},
		{"a C++ header alone", map[string]any{"pattern": "NULL", "path": "cxx.h"}, []hit{{"cxx.h", 5}}, []string{"cpp"}},
		{"a C++ pattern in a folder", map[string]any{"pattern": "class $C { $$$B };"}, []hit{{"cxx.h", 3}}, []string{"cpp"}},
	} {
		res := call(t, d, "ast_grep", tc.args)
		if res.IsError {
			t.Errorf("%s: %s", tc.name, res.TextContent())
			continue
		}
		r := res.Structured.(astGrepResult)
		var got []hit
		for _, m := range r.Matches {
			got = append(got, hit{m.File, m.Range.Start.Line})
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: matches (-want +got):\n%s", tc.name, diff)
		}
		if diff := cmp.Diff(tc.lang, r.Languages); diff != "" {
			t.Errorf("%s: languages (-want +got):\n%s", tc.name, diff)
		}
	}
}
