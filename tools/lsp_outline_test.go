package tools

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
)

// noServersRun is a run over a temp dir holding files (by relative
// path), where no language server can be found: PATH, GOBIN and GOPATH
// point at empty folders. The test's end checks that none started.
func noServersRun(t *testing.T, files map[string]string) *tool.Dispatcher {
	t.Helper()
	dir := serverlessDir(t, files)
	sup := lspclient.NewSupervisor(dir)
	t.Cleanup(func() {
		if pids := sup.PIDs(); len(pids) != 0 {
			t.Errorf("language servers started: %v", pids)
		}
		sup.Close(context.Background())
	})
	d, err := Registry(&Run{Dir: dir, LSP: sup})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// serverlessDir writes files (by relative path) into a temp dir and
// makes every language server unfindable: PATH, GOBIN and GOPATH point
// at empty folders.
func serverlessDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", t.TempDir())
	t.Setenv("GOBIN", "")
	t.Setenv("GOPATH", t.TempDir())
	return dir
}

func outlineFixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "outline", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestLSPFromGrammar: where no server can run (no rust-analyzer, no
// gopls), symbols answers from the grammar, saying so: a file's outline,
// nested as declared, and a search of the workspace by name; definition
// answers where the name is declared once, and says what is missing
// where it is not. The other actions answer as before.
func TestLSPFromGrammar(t *testing.T) {
	d := noServersRun(t, map[string]string{
		"Cargo.toml":         "[package]\nname = \"shapes\"\nversion = \"0.1.0\"\n",
		"src/shapes.rs":      outlineFixture(t, "shapes.rs"),
		"go.mod":             "module example.com/server\n",
		"server/server.go":   outlineFixture(t, "server.go"),
		"server/other.go":    "package server\n\nfunc (c counter) Greet(n Name) string { return n }\n",
		"node_modules/x.rs":  "fn total_area() {}\n",
		"tools/area_calc.py": "def total_area_of(xs):\n    return total_area(xs)\n",
	})
	const rustNote = "(from the Rust grammar, not a language server: rust-analyzer is not installed (looked for rust-analyzer); rust-analyzer would give more, lsp status says what can run here)"
	const goNote = "(from the Go grammar, not a language server: gopls is not installed (looked for gopls); gopls would give more, lsp status says what can run here)"
	for _, tc := range []struct {
		name  string
		args  map[string]any
		want  string
		isErr bool
	}{
		{"rust outline", map[string]any{"action": "symbols", "file": "src/shapes.rs"}, rustNote + `
struct Point  src/shapes.rs:8:12 (lines 8-11)
enum Shape  src/shapes.rs:13:10 (lines 13-16)
interface Area  src/shapes.rs:18:11 (lines 18-23)
  method area  src/shapes.rs:19:8 (lines 19-19)
  method describe  src/shapes.rs:20:8 (lines 20-22)
type Registry  src/shapes.rs:25:6 (lines 25-25)
impl Area for Shape  src/shapes.rs:27:1 (lines 27-34)
  method area  src/shapes.rs:28:8 (lines 28-33)
impl fmt::Display for Point  src/shapes.rs:36:1 (lines 36-40)
  method fmt  src/shapes.rs:37:8 (lines 37-39)
module geometry  src/shapes.rs:42:5 (lines 42-49)
  function distance  src/shapes.rs:43:12 (lines 43-48)
    function square  src/shapes.rs:44:12 (lines 44-46)
macro point  src/shapes.rs:51:14 (lines 51-55)
function total_area  src/shapes.rs:57:8 (lines 57-59)
function main  src/shapes.rs:61:4 (lines 61-64)
impl <T: Send> Send for Wrapper<T>  src/shapes.rs:66:1 (lines 66-66)`, false},
		{"go outline", map[string]any{"action": "symbols", "file": "server/server.go"}, goNote + `
interface Greeter  server/server.go:15:6 (lines 15-17)
  method Greet  server/server.go:16:2 (lines 16-16)
struct Server  server/server.go:20:6 (lines 20-23)
type Name  server/server.go:27:2 (lines 27-27)
type counter  server/server.go:28:2 (lines 28-28)
method Greet  server/server.go:32:18 (lines 32-37)
method ServeHTTP  server/server.go:40:18 (lines 40-49)
method String  server/server.go:51:18 (lines 51-51)
function New  server/server.go:54:6 (lines 54-57)
function Map  server/server.go:59:6 (lines 59-65)`, false},
		{"workspace search", map[string]any{"action": "symbols", "query": "total_area"},
			"(from the grammars, not a language server: no language server can run here; pyright, rust-analyzer would give more, lsp status says what can run here)\n" +
				"function total_area  src/shapes.rs:57:8 (lines 57-59)\n" +
				"function total_area_of  tools/area_calc.py:1:5 (lines 1-2)", false},
		{"search finds nothing", map[string]any{"action": "symbols", "query": "nowhere_declared"},
			"(from the grammars, not a language server: no language server can run here, lsp status says what can run here)\nno declarations matching \"nowhere_declared\" in 4 files", false},
		{"definition in the file", map[string]any{"action": "definition", "file": "src/shapes.rs", "line": 63, "symbol": "total_area"},
			"(\"total_area\" is declared once in this file, according to the Rust grammar, not a language server: rust-analyzer is not installed (looked for rust-analyzer); rust-analyzer would give more, lsp status says what can run here)\n" +
				"src/shapes.rs:57:8: pub fn total_area(shapes: &Registry) -> f64 {", false},
		{"definition in the workspace", map[string]any{"action": "definition", "file": "tools/area_calc.py", "line": 2, "symbol": "total_area"},
			"(\"total_area\" is declared once in the workspace, according to the grammars, not a language server: pyright needs a root marker (pyproject.toml, setup.py, setup.cfg, requirements.txt, pyrightconfig.json) in the file's folder or above it; pyright would give more, lsp status says what can run here)\n" +
				"src/shapes.rs:57:8: pub fn total_area(shapes: &Registry) -> f64 {", false},
		{"definition of no declaration", map[string]any{"action": "definition", "file": "tools/area_calc.py", "line": 1, "symbol": "xs"},
			"pyright needs a root marker (pyproject.toml, setup.py, setup.cfg, requirements.txt, pyrightconfig.json) in the file's folder or above it; lsp status says what can run here; the grammar finds no declaration of \"xs\" in the workspace (it lists functions, types and their members, not variables or parameters)", true},
		{"definition declared twice", map[string]any{"action": "definition", "file": "server/server.go", "line": 16, "symbol": "Greet"},
			"gopls is not installed (looked for gopls); lsp status says what can run here; the grammar finds \"Greet\" declared 2 times in this file and cannot tell which is meant; a language server would", true},
		{"status", map[string]any{"action": "status"}, "gopls: cannot run here: no binary (gopls) found\n" +
			"pyright: cannot run here: no root marker (pyproject.toml, setup.py, setup.cfg, requirements.txt, pyrightconfig.json) and binary (pyright-langserver, then pylsp) found\n" +
			"typescript-language-server: cannot run here: no root marker (tsconfig.json, jsconfig.json, package.json) and binary (typescript-language-server) found\n" +
			"rust-analyzer: cannot run here: no binary (rust-analyzer) found\n" +
			"clangd: cannot run here: no root marker (compile_commands.json, compile_flags.txt, CMakeLists.txt) and binary (clangd) found\n" +
			"dart: cannot run here: no root marker (pubspec.yaml) and binary (dart) found\n" +
			"jdtls: cannot run here: no root marker (pom.xml, build.gradle, build.gradle.kts, settings.gradle, settings.gradle.kts, .project) and binary (jdtls) found\n" +
			"where no server runs, symbols and definition answer from our own grammars, which know declarations only; the server named would give more: " +
			"Go (gopls); Python (pyright); TypeScript, TSX, JavaScript (typescript-language-server); Rust (rust-analyzer); C, C++ (clangd); Dart (dart); Java (jdtls)", false},
		{"hover as before", map[string]any{"action": "hover", "file": "src/shapes.rs", "line": 57, "symbol": "total_area"},
			"rust-analyzer is not installed (looked for rust-analyzer); lsp status says what can run here", true},
	} {
		res := call(t, d, "lsp", tc.args)
		got := res.TextContent()
		if diff := cmp.Diff(tc.want, got); diff != "" || res.IsError != tc.isErr {
			t.Errorf("%s: isError %v, want %v; text (-want +got):\n%s", tc.name, res.IsError, tc.isErr, diff)
		}
	}
}

// TestLSPSymbolsMixed: in a workspace that is a Go module and a Rust
// crate, with gopls and no rust-analyzer, a workspace search lists
// gopls's symbols and, from the Rust grammar, the Rust declarations,
// saying which came from where.
func TestLSPSymbolsMixed(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", filepath.Dir(goBin)) // gopls is added; no rust-analyzer
	d, _, _ := lspRun(t, "mixed", "gopls")
	text, isErr := lspCall(t, d, map[string]any{"action": "symbols", "query": "shape"})
	if isErr {
		t.Fatal(text)
	}
	for _, want := range []string{
		"function ShapeArea  main.go:4:6",
		"(from the grammars, not a language server, where none can run: rust-analyzer: ",
		"function shape_perimeter  src/lib.rs:2:8",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("want %q in:\n%s", want, text)
		}
	}
}
