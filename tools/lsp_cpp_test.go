package tools

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
)

// The C++ fixture is a small CMake project: a namespace geo in geo.hpp
// holding a struct Point with a method norm2, a function template twice
// and a function origin, defined in point.cpp and used in main.cpp.

// cppLSPRun is lspRun over the C++ fixture with its compilation
// database, which CMake would write and clangd needs to index the other
// files (for references and rename); it holds absolute paths, so the
// test writes it rather than running CMake.
func cppLSPRun(t *testing.T) (*tool.Dispatcher, string) {
	t.Helper()
	d, dir, _ := lspRun(t, "cpp", "clangd")
	writeCompilationDatabase(t, dir, []string{"c++", "-std=c++17"}, "main.cpp", "point.cpp")
	return d, dir
}

// TestLSPCpp asks clangd about a method, a function template and a
// namespaced function, and compares the whole answers.
func TestLSPCpp(t *testing.T) {
	d, _ := cppLSPRun(t)
	if text, _ := lspCall(t, d, map[string]any{"action": "status"}); !strings.Contains(text, "clangd: can run (marker compile_commands.json, binary ") {
		t.Errorf("status before use:\n%s", text)
	}
	for _, tc := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"definition of a method", map[string]any{"action": "definition", "file": "main.cpp", "line": 5, "symbol": "norm2"},
			"point.cpp:5:12: int Point::norm2() const { return x * x + y * y; }"},
		{"definition of a template function", map[string]any{"action": "definition", "file": "main.cpp", "line": 6, "symbol": "twice"},
			"geo.hpp:14:3: T twice(T v) {"},
		{"definition of a namespaced function", map[string]any{"action": "definition", "file": "main.cpp", "line": 5, "symbol": "origin"},
			"point.cpp:7:7: Point origin() { return Point{0, 0}; }"},
		{"references of a method", map[string]any{"action": "references", "file": "geo.hpp", "line": 9, "symbol": "norm2"},
			"geo.hpp:9:6: int norm2() const;\n" +
				"main.cpp:5:12: int n = p.norm2() + geo::origin().norm2();\n" +
				"main.cpp:5:36: int n = p.norm2() + geo::origin().norm2();\n" +
				"point.cpp:5:12: int Point::norm2() const { return x * x + y * y; }"},
		{"references of a template function", map[string]any{"action": "references", "file": "geo.hpp", "line": 14, "symbol": "twice"},
			"geo.hpp:14:3: T twice(T v) {\n" +
				"main.cpp:6:14: return geo::twice(n) + geo::twice(p.x) + geo::origin().x;\n" +
				"main.cpp:6:30: return geo::twice(n) + geo::twice(p.x) + geo::origin().x;"},
		{"references of a namespaced function", map[string]any{"action": "references", "file": "geo.hpp", "line": 19, "symbol": "origin"},
			"geo.hpp:19:7: Point origin();\n" +
				"main.cpp:5:27: int n = p.norm2() + geo::origin().norm2();\n" +
				"main.cpp:6:48: return geo::twice(n) + geo::twice(p.x) + geo::origin().x;\n" +
				"point.cpp:7:7: Point origin() { return Point{0, 0}; }"},
		{"hover on a method", map[string]any{"action": "hover", "file": "main.cpp", "line": 5, "symbol": "norm2"},
			"instance-method norm2\n\n→ int\nnorm2 is the point's squared distance from the origin.\n\n// In Point\npublic: int norm2() const"},
		// clangd shows the instantiation the call uses.
		{"hover on a template function", map[string]any{"action": "hover", "file": "main.cpp", "line": 6, "symbol": "twice"},
			"function twice\n\n→ int\nParameters:\n- int v\ntwice adds a value to itself.\n\n// In namespace geo\ntemplate <> int twice<int>(int v)"},
		{"hover on a namespaced function", map[string]any{"action": "hover", "file": "main.cpp", "line": 5, "symbol": "origin"},
			"function origin\n\n→ struct geo::Point\norigin is the point at (0, 0).\n\n// In namespace geo\ngeo::Point origin()"},
		{"diagnostics", map[string]any{"action": "diagnostics", "file": "main.cpp"},
			"no diagnostics in main.cpp"},
	} {
		text, isErr := lspCall(t, d, tc.args)
		if isErr {
			t.Errorf("%s: %s", tc.name, text)
			continue
		}
		if diff := cmp.Diff(tc.want, strings.TrimRight(text, "\n")); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestLSPRenameCpp renames a method, a function template and a
// namespaced function in turn; each rename changes the lines it should in
// every file and nothing else, and clangd then finds the new name.
func TestLSPRenameCpp(t *testing.T) {
	d, dir := cppLSPRun(t)
	for _, tc := range []struct {
		name  string
		args  map[string]any
		want  string
		lines map[string][][2]string // file: lines replaced, as {old, new}
		def   lspQuery
	}{
		{"method", map[string]any{"file": "main.cpp", "line": 5, "symbol": "norm2", "new_name": "length2"},
			"renamed norm2 to length2: 4 edits in 3 files\ngeo.hpp: 1 edit\nmain.cpp: 2 edits\npoint.cpp: 1 edit",
			map[string][][2]string{
				"geo.hpp":   {{"\tint norm2() const;", "\tint length2() const;"}},
				"point.cpp": {{"int Point::norm2() const {", "int Point::length2() const {"}},
				"main.cpp":  {{"p.norm2() + geo::origin().norm2();", "p.length2() + geo::origin().length2();"}},
			},
			lspQuery{"definition", map[string]any{"action": "definition", "file": "main.cpp", "line": 5, "symbol": "length2"},
				[]string{"point.cpp:5:12: int Point::length2() const { return x * x + y * y; }"}}},
		{"template function", map[string]any{"file": "main.cpp", "line": 6, "symbol": "twice", "new_name": "doubled"},
			"renamed twice to doubled: 3 edits in 2 files\ngeo.hpp: 1 edit\nmain.cpp: 2 edits",
			map[string][][2]string{
				"geo.hpp":  {{"T twice(T v) {", "T doubled(T v) {"}},
				"main.cpp": {{"geo::twice(n) + geo::twice(p.x)", "geo::doubled(n) + geo::doubled(p.x)"}},
			},
			lspQuery{"definition", map[string]any{"action": "definition", "file": "main.cpp", "line": 6, "symbol": "doubled"},
				[]string{"geo.hpp:14:3: T doubled(T v) {"}}},
		{"namespaced function", map[string]any{"file": "point.cpp", "line": 7, "symbol": "origin", "new_name": "zero"},
			"renamed origin to zero: 4 edits in 3 files\ngeo.hpp: 1 edit\nmain.cpp: 2 edits\npoint.cpp: 1 edit",
			map[string][][2]string{
				"geo.hpp":   {{"Point origin();", "Point zero();"}},
				"point.cpp": {{"Point origin() {", "Point zero() {"}},
				"main.cpp":  {{"geo::origin().length2()", "geo::zero().length2()"}, {"geo::origin().x", "geo::zero().x"}},
			},
			lspQuery{"definition", map[string]any{"action": "definition", "file": "main.cpp", "line": 6, "symbol": "zero"},
				[]string{"point.cpp:7:7: Point zero() { return Point{0, 0}; }"}}},
	} {
		want := sourceFiles(t, dir)
		for file, lines := range tc.lines {
			for _, l := range lines {
				if !strings.Contains(want[file], l[0]) {
					t.Fatalf("%s: %s lacks %q before the rename", tc.name, file, l[0])
				}
				want[file] = strings.Replace(want[file], l[0], l[1], 1)
			}
		}
		res := call(t, d, "lsp_rename", tc.args)
		if res.IsError {
			t.Fatalf("%s: %s", tc.name, res.TextContent())
		}
		if diff := cmp.Diff(tc.want, res.TextContent()); diff != "" {
			t.Errorf("%s: rename text (-want +got):\n%s", tc.name, diff)
		}
		if diff := cmp.Diff(want, sourceFiles(t, dir)); diff != "" {
			t.Errorf("%s: files after the rename (-want +got):\n%s", tc.name, diff)
		}
		text, isErr := lspCall(t, d, tc.def.args)
		if diff := cmp.Diff(tc.def.want[0], strings.TrimRight(text, "\n")); isErr || diff != "" {
			t.Errorf("%s: definition after the rename (-want +got):\n%s", tc.name, diff)
		}
	}
}

// sourceFiles reads every file of the project by its path relative to
// dir, leaving out clangd's index under .cache, which is clangd's to
// write.
func sourceFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if de.IsDir() && rel == ".cache" {
			return filepath.SkipDir
		}
		if de.Type().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			m[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
