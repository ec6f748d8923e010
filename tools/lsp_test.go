package tools

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
)

// copyFixture copies testdata/lsp/NAME into a temp dir.
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	src := filepath.Join("..", "testdata", "lsp", name)
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// lspRun is a run over a copy of a fixture with a language-server
// supervisor, whose servers the test's end shuts down; it checks that no
// server process outlives the run.
func lspRun(t *testing.T, fixture string, bins ...string) (*tool.Dispatcher, string, *lspclient.Supervisor) {
	t.Helper()
	path := os.Getenv("PATH")
	for _, b := range bins {
		path = filepath.Dir(peers.Require(t, b)) + string(os.PathListSeparator) + path
	}
	t.Setenv("PATH", path)
	dir := copyFixture(t, fixture)
	sup := lspclient.NewSupervisor(dir)
	t.Cleanup(func() {
		pids := sup.PIDs()
		sup.Close(context.Background())
		// Close kills every group; on a loaded machine init may take a
		// few seconds more to reap what it killed.
		deadline := time.Now().Add(10 * time.Second)
		for _, pid := range pids {
			for !errors.Is(syscall.Kill(-pid, 0), syscall.ESRCH) && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			if err := syscall.Kill(-pid, 0); !errors.Is(err, syscall.ESRCH) {
				t.Errorf("a process of server group %d survives the run (%v)", pid, err)
			}
		}
	})
	d, err := Registry(&Run{Dir: dir, LSP: sup, Yes: true})
	if err != nil {
		t.Fatal(err)
	}
	return d, dir, sup
}

func lspCall(t *testing.T, d *tool.Dispatcher, args map[string]any) (string, bool) {
	t.Helper()
	res := call(t, d, "lsp", args)
	return res.TextContent(), res.IsError
}

// An lspLanguage is one language's fixture for the shared language-server
// tests, which run against the real server: the programs it needs, where
// its symbols stand and what the server must answer. Each fixture has a
// function greet (Greet in Go) in one file, used in another on a line
// that names it twice and on a line with non-ASCII text before it (a
// character outside the Basic Multilingual Plane among it, so that a
// server speaking UTF-16 sees other columns than the bytes).
type lspLanguage struct {
	fixture string                         // folder under testdata/lsp
	peers   []string                       // programs the tests need
	server  string                         // the server's ID in the table
	setup   func(t *testing.T, dir string) // after the fixture is copied; nil when none
	status  string                         // what status says of the server before use
	queries []lspQuery                     // lsp calls and what they answer
	refused []lspQuery                     // lsp calls the server cannot answer, and what the error says
	write   lspWrite
	rename  lspRename
}

// An lspQuery is a call of the lsp tool and lines its text must contain.
type lspQuery struct {
	name string
	args map[string]any
	want []string
}

// An lspWrite breaks a file with a line appended to it; want is how the
// write reports the diagnostic. other, when set, is an edit of the file
// that breaks another file, and otherWant what that write reports.
type lspWrite struct {
	file, line, want string
	other            [2]string // old_string, new_string
	otherWant        string
}

// An lspRename renames greet from a line of the file that uses it; want
// is the tool's text, after what each file then holds, and def a
// definition lookup of the new name.
type lspRename struct {
	args  map[string]any
	want  string
	after map[string][]string
	gone  string // in no file after the rename
	def   lspQuery
}

var goLSP = lspLanguage{
	fixture: "go", peers: []string{"gopls"}, server: "gopls",
	status: "gopls: can run (marker go.mod, binary ",
	queries: []lspQuery{
		{"workspace symbols", map[string]any{"action": "symbols", "query": "Greet"},
			[]string{"function Greet  a.go:6:6", "struct Greeter  b.go:4:6"}},
		{"definition", map[string]any{"action": "definition", "file": "b.go", "line": 7, "symbol": "Greet"},
			[]string{"a.go:6:6: func Greet(name string) string {"}},
		{"definition after non-ASCII text", map[string]any{"action": "definition", "file": "b.go", "line": 10, "symbol": "Greet"},
			[]string{"a.go:6:6: func Greet(name string) string {"}},
		{"type definition", map[string]any{"action": "type_definition", "file": "b.go", "line": 7, "symbol": "g"},
			[]string{"b.go:4:6: type Greeter struct{ Name string }"}},
		{"references", map[string]any{"action": "references", "file": "a.go", "line": 6, "symbol": "Greet"},
			[]string{"a.go:6:6: func Greet(name string) string {", "b.go:7:42: func (g Greeter) Hello() string { return Greet(g.Name) + Greet(\"again\") }", "b.go:7:58: ", "b.go:10:43: "}},
		{"hover", map[string]any{"action": "hover", "file": "b.go", "line": 10, "symbol": "Greet"},
			[]string{"func Greet(name string) string", "Greet says hello."}},
		{"document symbols", map[string]any{"action": "symbols", "file": "b.go"},
			[]string{"struct Greeter  b.go:4:6", "method (Greeter).Hello  b.go:7:18", "function Pi  b.go:10:6"}},
		{"diagnostics", map[string]any{"action": "diagnostics", "file": "a.go"},
			[]string{"no diagnostics in a.go"}},
		{"project check", map[string]any{"action": "diagnostics", "file": "*"},
			[]string{"ran go vet ./... in .: 0 problems"}},
	},
	write: lspWrite{file: "a.go", line: `var broken int = "x"`, want: `a.go:10:18: error: cannot use "x"`,
		other: [2]string{"func Greet(", "func Welcome("}, otherWant: "b.go:7:42: error: undefined: Greet"},
	rename: lspRename{
		args: map[string]any{"file": "b.go", "line": 10, "symbol": "Greet", "new_name": "Welcome"},
		want: "renamed Greet to Welcome: 5 edits in 2 files\na.go: 2 edits\nb.go: 3 edits",
		after: map[string][]string{"a.go": {"// Welcome says hello.\nfunc Welcome(name string) string {"},
			"b.go": {`return Welcome(g.Name) + Welcome("again")`, `return s + Welcome("ü")`}},
		gone: "Greet(",
		def: lspQuery{"definition", map[string]any{"action": "definition", "file": "b.go", "line": 10, "symbol": "Welcome"},
			[]string{"a.go:6:6: func Welcome(name string) string {"}},
	},
}

// pythonLSP: pyright speaks UTF-16 and pulls diagnostics, registering
// them only after initialized.
var pythonLSP = lspLanguage{
	fixture: "python", peers: []string{"pyright-langserver", "pyright"}, server: "pyright",
	status: "pyright: can run (marker pyproject.toml, binary ",
	queries: []lspQuery{
		{"workspace symbols", map[string]any{"action": "symbols", "query": "greet"},
			[]string{"function greet  a.py:4:5", "class Greeter  b.py:4:7"}},
		{"diagnostics", map[string]any{"action": "diagnostics", "file": "a.py"},
			[]string{"no diagnostics in a.py"}},
		{"definition", map[string]any{"action": "definition", "file": "b.py", "line": 11, "symbol": "greet"},
			[]string{"a.py:4:5: def greet(name: str) -> str:"}},
		// The line holds greet inside greeting first, and after "π𝄞é".
		{"definition after non-ASCII text", map[string]any{"action": "definition", "file": "b.py", "line": 15, "symbol": "greet"},
			[]string{"a.py:4:5: def greet(name: str) -> str:"}},
		{"references", map[string]any{"action": "references", "file": "a.py", "line": 4, "symbol": "greet"},
			[]string{"a.py:4:5: def greet(name: str) -> str:", "b.py:1:15: from a import greet",
				`b.py:11:16: return greet(self.name) + greet("again")`, "b.py:11:35: ",
				`b.py:15:41: greeting = "π𝄞é"; return greeting + greet("ü") + greet("!")`, "b.py:15:54: "}},
		{"references from the non-ASCII line", map[string]any{"action": "references", "file": "b.py", "line": 15, "symbol": "greet"},
			[]string{"a.py:4:5: ", "b.py:15:41: ", "b.py:15:54: "}},
		{"hover", map[string]any{"action": "hover", "file": "b.py", "line": 15, "symbol": "greet"},
			[]string{"def greet(name: str) -> str", "Greet says hello."}},
		{"document symbols", map[string]any{"action": "symbols", "file": "b.py"},
			[]string{"class Greeter  b.py:4:7", "  method hello  b.py:10:9", "function pi  b.py:14:5", "  variable greeting  b.py:15:5"}},
		{"project check", map[string]any{"action": "diagnostics", "file": "*"},
			[]string{"ran pyright --outputjson in .: 0 problems"}},
	},
	refused: []lspQuery{
		{"implementation", map[string]any{"action": "implementation", "file": "b.py", "line": 11, "symbol": "greet"},
			[]string{"implementation: pyright does not offer textDocument/implementation (not among its capabilities), so it cannot answer this"}},
	},
	write: lspWrite{file: "a.py", line: `broken: int = "x"`,
		want: `a.py:8:15: error: Type "Literal['x']" is not assignable to declared type "int"`},
	rename: lspRename{
		args: map[string]any{"file": "b.py", "line": 15, "symbol": "greet", "new_name": "welcome"},
		want: "renamed greet to welcome: 6 edits in 2 files\na.py: 1 edit\nb.py: 5 edits",
		after: map[string][]string{"a.py": {"def welcome(name: str) -> str:"},
			"b.py": {"from a import welcome", `return welcome(self.name) + welcome("again")`, `return greeting + welcome("ü") + welcome("!")`}},
		gone: "greet(",
		def: lspQuery{"definition", map[string]any{"action": "definition", "file": "b.py", "line": 15, "symbol": "welcome"},
			[]string{"a.py:4:5: def welcome(name: str) -> str:"}},
	},
}

// typescriptLSP: typescript-language-server speaks UTF-16, publishes
// diagnostics without versions, and renames at an import only its alias
// unless told otherwise (the table's InitOptions tell it).
var typescriptLSP = lspLanguage{
	fixture: "typescript", peers: []string{"typescript-language-server", "tsc"}, server: "typescript-language-server",
	status: "typescript-language-server: can run (marker tsconfig.json, binary ",
	queries: []lspQuery{
		{"workspace symbols", map[string]any{"action": "symbols", "query": "greet"},
			[]string{"function greet  a.ts:2:1", "class Greeter  b.ts:4:1"}},
		{"diagnostics", map[string]any{"action": "diagnostics", "file": "a.ts"},
			[]string{"no diagnostics in a.ts"}},
		{"definition", map[string]any{"action": "definition", "file": "b.ts", "line": 7, "symbol": "greet"},
			[]string{"a.ts:2:17: export function greet(name: string): string {"}},
		{"definition after non-ASCII text", map[string]any{"action": "definition", "file": "b.ts", "line": 10, "symbol": "greet"},
			[]string{"a.ts:2:17: export function greet(name: string): string {"}},
		{"references", map[string]any{"action": "references", "file": "a.ts", "line": 2, "symbol": "greet"},
			[]string{"a.ts:2:17: export function greet(name: string): string {", `b.ts:1:10: import { greet } from "./a";`,
				`b.ts:7:28: hello(): string { return greet(this.name) + greet("again"); }`, "b.ts:7:47: ",
				`b.ts:10:74: export function pi(): string { const greeting = "π𝄞é"; return greeting + greet("ü") + greet("!"); }`, "b.ts:10:87: "}},
		{"references from the non-ASCII line", map[string]any{"action": "references", "file": "b.ts", "line": 10, "symbol": "greet"},
			[]string{"a.ts:2:17: ", "b.ts:10:74: ", "b.ts:10:87: "}},
		{"hover", map[string]any{"action": "hover", "file": "b.ts", "line": 10, "symbol": "greet"},
			[]string{"greet(name: string): string", "Greet says hello."}},
		{"document symbols", map[string]any{"action": "symbols", "file": "b.ts"},
			[]string{"class Greeter  b.ts:4:14", "  method hello  b.ts:7:3", "function pi  b.ts:10:17", "  constant greeting  b.ts:10:38"}},
		{"project check", map[string]any{"action": "diagnostics", "file": "*"},
			[]string{"ran tsc --noEmit -p . in .: 0 problems"}},
	},
	write: lspWrite{file: "a.ts", line: `const broken: number = "x";`,
		want: "a.ts:6:7: error: Type 'string' is not assignable to type 'number'. [2322]"},
	rename: lspRename{
		args: map[string]any{"file": "b.ts", "line": 10, "symbol": "greet", "new_name": "welcome"},
		want: "renamed greet to welcome: 6 edits in 2 files\na.ts: 1 edit\nb.ts: 5 edits",
		after: map[string][]string{"a.ts": {"export function welcome(name: string): string {"},
			"b.ts": {`import { welcome } from "./a";`, `return welcome(this.name) + welcome("again");`, `return greeting + welcome("ü") + welcome("!");`}},
		gone: "greet(",
		def: lspQuery{"definition", map[string]any{"action": "definition", "file": "b.ts", "line": 10, "symbol": "welcome"},
			[]string{"a.ts:2:17: export function welcome(name: string): string {"}},
	},
}

// cLSP: clangd 14 speaks UTF-16, publishes versioned diagnostics, and
// finds other files' references (for references, rename and workspace
// symbols) in its background index, which needs a compile_commands.json
// listing them; that holds absolute paths, so the test writes it.
var cLSP = lspLanguage{
	fixture: "c", peers: []string{"clangd"}, server: "clangd",
	setup:  writeCompileCommands,
	status: "clangd: can run (marker compile_commands.json, binary ",
	queries: []lspQuery{
		{"workspace symbols", map[string]any{"action": "symbols", "query": "greet"},
			[]string{"function greet  a.c:4:13", "class greeter  b.c:4:8"}},
		{"diagnostics", map[string]any{"action": "diagnostics", "file": "a.c"},
			[]string{"no diagnostics in a.c"}},
		{"definition", map[string]any{"action": "definition", "file": "b.c", "line": 7, "symbol": "greet"},
			[]string{"a.c:4:13: const char *greet(const char *name) {"}},
		{"definition after non-ASCII text", map[string]any{"action": "definition", "file": "b.c", "line": 10, "symbol": "greet"},
			[]string{"a.c:4:13: const char *greet(const char *name) {"}},
		{"references", map[string]any{"action": "references", "file": "a.c", "line": 4, "symbol": "greet"},
			[]string{"a.c:4:13: const char *greet(const char *name) {", "greet.h:5:13: const char *greet(const char *name);",
				`b.c:7:38: int hello(struct greeter g) { return greet(g.name)[0] + greet("again")[0]; }`, "b.c:7:57: ",
				`b.c:10:61: const char *pi(void) { const char *greeting = "π𝄞é"; return greet(greeting)[0] ? greet("ü") : greeting; }`, "b.c:10:82: "}},
		{"references from the non-ASCII line", map[string]any{"action": "references", "file": "b.c", "line": 10, "symbol": "greet"},
			[]string{"a.c:4:13: ", "greet.h:5:13: ", "b.c:10:61: ", "b.c:10:82: "}},
		{"hover", map[string]any{"action": "hover", "file": "b.c", "line": 10, "symbol": "greet"},
			[]string{"const char *greet(const char *name)", "greet says hello."}},
		{"document symbols", map[string]any{"action": "symbols", "file": "b.c"},
			[]string{"class greeter  b.c:4:8", "  field name  b.c:4:30", "function hello  b.c:7:5", "function pi  b.c:10:13"}},
		{"project check", map[string]any{"action": "diagnostics", "file": "*"},
			[]string{"clangd has no project-wide check; ask diagnostics for each file"}},
	},
	write: lspWrite{file: "a.c", line: `int broken = undefined_thing;`,
		want: "a.c:8:14: error: Use of undeclared identifier 'undefined_thing' [undeclared_var_use]"},
	rename: lspRename{
		args: map[string]any{"file": "b.c", "line": 10, "symbol": "greet", "new_name": "welcome"},
		want: "renamed greet to welcome: 6 edits in 3 files\na.c: 1 edit\nb.c: 4 edits\ngreet.h: 1 edit",
		after: map[string][]string{"a.c": {"const char *welcome(const char *name) {"}, "greet.h": {"const char *welcome(const char *name);"},
			"b.c": {`return welcome(g.name)[0] + welcome("again")[0];`, `return welcome(greeting)[0] ? welcome("ü") : greeting;`}},
		gone: "greet(",
		def: lspQuery{"definition", map[string]any{"action": "definition", "file": "b.c", "line": 10, "symbol": "welcome"},
			[]string{"a.c:4:13: const char *welcome(const char *name) {"}},
	},
}

// javaLSP: JDT LS imports the fixture as a Maven project (its pom.xml
// has no dependencies, so nothing is downloaded), speaks UTF-16 and
// keeps its workspace under the user's cache folder, which the test
// points at a temporary one.
var javaLSP = lspLanguage{
	fixture: "java", peers: []string{"jdtls"}, server: "jdtls",
	status: "jdtls: can run (marker .project, binary ",
	queries: []lspQuery{
		// JDT LS's workspace search finds types: those of package greet.
		{"workspace symbols", map[string]any{"action": "symbols", "query": "greet"},
			[]string{"class A  src/greet/A.java:3:14", "class B  src/greet/B.java:4:14"}},
		{"diagnostics", map[string]any{"action": "diagnostics", "file": "src/greet/A.java"},
			[]string{"no diagnostics in src/greet/A.java"}},
		{"definition", map[string]any{"action": "definition", "file": "src/greet/B.java", "line": 8, "symbol": "greet"},
			[]string{"src/greet/A.java:5:23: public static String greet(String name) {"}},
		{"definition after non-ASCII text", map[string]any{"action": "definition", "file": "src/greet/B.java", "line": 11, "symbol": "greet"},
			[]string{"src/greet/A.java:5:23: public static String greet(String name) {"}},
		{"references", map[string]any{"action": "references", "file": "src/greet/A.java", "line": 5, "symbol": "greet"},
			[]string{"src/greet/A.java:5:23: public static String greet(String name) {",
				`src/greet/B.java:8:28: String hello() { return A.greet(name) + A.greet("again"); }`, "src/greet/B.java:8:44: ",
				`src/greet/B.java:11:68: static String pi() { String greeting = "π𝄞é"; return greeting + A.greet("ü") + A.greet("!"); }`, "src/greet/B.java:11:83: "}},
		{"references from the non-ASCII line", map[string]any{"action": "references", "file": "src/greet/B.java", "line": 11, "symbol": "greet"},
			[]string{"src/greet/A.java:5:23: ", "src/greet/B.java:11:68: ", "src/greet/B.java:11:83: "}},
		{"hover", map[string]any{"action": "hover", "file": "src/greet/B.java", "line": 11, "symbol": "greet"},
			[]string{"String greet.A.greet(String name)", "greet says hello."}},
		{"document symbols", map[string]any{"action": "symbols", "file": "src/greet/B.java"},
			[]string{"class B  src/greet/B.java:4:14", "  field name  src/greet/B.java:5:9", "  method hello()  src/greet/B.java:8:9", "  method pi()  src/greet/B.java:11:16"}},
		{"project check", map[string]any{"action": "diagnostics", "file": "*"},
			[]string{"jdtls has no project-wide check; ask diagnostics for each file"}},
	},
	// JDT LS sends a file's renames as one edit, from the first to the
	// last.
	rename: lspRename{
		args: map[string]any{"file": "src/greet/B.java", "line": 11, "symbol": "greet", "new_name": "welcome"},
		want: "renamed greet to welcome: 2 edits in 2 files\nsrc/greet/A.java: 1 edit\nsrc/greet/B.java: 1 edit",
		after: map[string][]string{"src/greet/A.java": {"public static String welcome(String name) {"},
			"src/greet/B.java": {`return A.welcome(name) + A.welcome("again");`, `return greeting + A.welcome("ü") + A.welcome("!");`}},
		gone: "greet(",
		def: lspQuery{"definition", map[string]any{"action": "definition", "file": "src/greet/B.java", "line": 11, "symbol": "welcome"},
			[]string{"src/greet/A.java:5:23: public static String welcome(String name) {"}},
	},
}

// writeCompileCommands writes the compilation database of the C fixture's
// copy, with its absolute paths.
func writeCompileCommands(t *testing.T, dir string) {
	writeCompilationDatabase(t, dir, []string{"cc", "-std=c11"}, "a.c", "b.c")
}

// writeCompilationDatabase writes dir's compile_commands.json, as a build
// system would: each file compiled by the command, with -Wall -c.
func writeCompilationDatabase(t *testing.T, dir string, command []string, files ...string) {
	t.Helper()
	var cmds []map[string]any
	for _, f := range files {
		args := append(append([]string{}, command...), "-Wall", "-c", f)
		cmds = append(cmds, map[string]any{"directory": dir, "file": filepath.Join(dir, f), "arguments": args})
	}
	b, err := json.MarshalIndent(cmds, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "compile_commands.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// lspLanguageRun is lspRun for a language's fixture, set up.
func lspLanguageRun(t *testing.T, l lspLanguage) (*tool.Dispatcher, string, *lspclient.Supervisor) {
	t.Helper()
	d, dir, sup := lspRun(t, l.fixture, l.peers...)
	if l.setup != nil {
		l.setup(t, dir)
	}
	return d, dir, sup
}

// testLSPQueries asks a language's server each of its queries, with
// status before and after. The first is a workspace symbol search, which
// no file opened yet must not leave empty.
func testLSPQueries(t *testing.T, l lspLanguage) *tool.Dispatcher {
	t.Helper()
	d, _, _ := lspLanguageRun(t, l)
	text, isErr := lspCall(t, d, map[string]any{"action": "status"})
	if isErr || !strings.Contains(text, l.status) {
		t.Errorf("status before use:\n%s", text)
	}
	for _, q := range l.queries {
		text, isErr := lspCall(t, d, q.args)
		if isErr {
			t.Errorf("%s: %s", q.name, text)
			continue
		}
		for _, w := range q.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: text lacks %q:\n%s", q.name, w, text)
			}
		}
	}
	for _, q := range l.refused {
		text, isErr := lspCall(t, d, q.args)
		for _, w := range q.want {
			if !isErr || !strings.Contains(text, w) {
				t.Errorf("%s: %q, want an error containing %q", q.name, text, w)
			}
		}
	}
	text, _ = lspCall(t, d, map[string]any{"action": "status"})
	if !strings.Contains(text, l.server+": running for .") {
		t.Errorf("status after use:\n%s", text)
	}
	return d
}

// testDiagnosticsOnWrite: a write that breaks the file hears so in its
// result, once; moving the error four lines down is not news; fixing it
// and breaking it again is.
func testDiagnosticsOnWrite(t *testing.T, l lspLanguage) *tool.Dispatcher {
	t.Helper()
	d, dir, _ := lspLanguageRun(t, l)
	w := l.write
	orig, err := os.ReadFile(filepath.Join(dir, w.file))
	if err != nil {
		t.Fatal(err)
	}
	write := func(content string) string {
		t.Helper()
		res := call(t, d, "write", map[string]any{"path": w.file, "content": content})
		if res.IsError {
			t.Fatal(res.TextContent())
		}
		return res.TextContent()
	}
	broken := string(orig) + "\n" + w.line + "\n"
	if text := write(broken); !strings.Contains(text, "new diagnostics after this write:\n"+w.want) {
		t.Errorf("breaking write:\n%s\nwant %q", text, w.want)
	}
	moved := string(orig) + "\n\n\n\n\n" + w.line + "\n"
	if text := write(moved); strings.Contains(text, "new diagnostics") {
		t.Errorf("moving the error four lines down reported it again:\n%s", text)
	}
	if text := write(string(orig)); strings.Contains(text, "new diagnostics") {
		t.Errorf("fixing reported something:\n%s", text)
	}
	if text := write(broken); !strings.Contains(text, w.want) {
		t.Errorf("breaking it again was not reported:\n%s\nwant %q", text, w.want)
	}
	write(string(orig))

	if w.otherWant != "" {
		res := call(t, d, "edit", map[string]any{"path": w.file, "old_string": w.other[0], "new_string": w.other[1]})
		if text := res.TextContent(); !strings.Contains(text, w.otherWant) {
			t.Errorf("a write that breaks another file:\n%s\nwant %q", text, w.otherWant)
		}
	}

	// A file no server serves: nothing appended.
	res := call(t, d, "write", map[string]any{"path": "notes.txt", "content": "x\n"})
	if text := res.TextContent(); text != "created notes.txt (2 bytes)" {
		t.Errorf("write of a text file: %q", text)
	}
	return d
}

// testLSPRename renames greet across the fixture's files, and finds its
// definition under the new name.
func testLSPRename(t *testing.T, l lspLanguage) (*tool.Dispatcher, string) {
	t.Helper()
	d, dir, _ := lspLanguageRun(t, l)
	r := l.rename
	res := call(t, d, "lsp_rename", r.args)
	if res.IsError {
		t.Fatal(res.TextContent())
	}
	if res.TextContent() != r.want {
		t.Errorf("rename text:\n%s\nwant:\n%s", res.TextContent(), r.want)
	}
	for file, wants := range r.after {
		b, _ := os.ReadFile(filepath.Join(dir, file))
		for _, w := range wants {
			if !strings.Contains(string(b), w) {
				t.Errorf("after the rename, %s lacks %q:\n%s", file, w, b)
			}
		}
		if strings.Contains(string(b), r.gone) {
			t.Errorf("after the rename, %s still holds %q:\n%s", file, r.gone, b)
		}
	}
	// The server was told: a definition lookup finds the new name.
	text, isErr := lspCall(t, d, r.def.args)
	for _, w := range r.def.want {
		if isErr || !strings.Contains(text, w) {
			t.Errorf("definition after the rename: %s\nwant %q", text, w)
		}
	}
	return d, dir
}

func TestLSPGo(t *testing.T) {
	d := testLSPQueries(t, goLSP)

	text, _ := lspCall(t, d, map[string]any{"action": "status"})
	if !strings.Contains(text, "pyright: cannot run here: no root marker") {
		t.Errorf("status:\n%s", text)
	}
	for _, tc := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"symbol absent", map[string]any{"action": "definition", "file": "b.go", "line": 7, "symbol": "Farewell"},
			`symbol: "Farewell" is not on line 7; the identifiers there are func, g, Greeter, Hello, string, return, Greet, Name`},
		{"symbol inside a longer identifier", map[string]any{"action": "definition", "file": "b.go", "line": 4, "symbol": "Greet"},
			`symbol: "Greet" stands on line 4 only inside longer identifiers`},
		{"no symbol", map[string]any{"action": "hover", "file": "b.go", "line": 7},
			"symbol: required with a line"},
		{"line past the end", map[string]any{"action": "definition", "file": "b.go", "line": 99, "symbol": "x"},
			"line: 99 is past the end of the file (10 lines)"},
		{"no line", map[string]any{"action": "references", "file": "b.go", "symbol": "Greet"},
			"line: references needs line and symbol"},
		{"no file", map[string]any{"action": "definition", "line": 1, "symbol": "x"},
			"file: definition needs a file"},
		{"outside", map[string]any{"action": "hover", "file": "../x.go", "line": 1, "symbol": "x"},
			"file: ../x.go: outside the working directory"},
		{"unknown action", map[string]any{"action": "explain", "file": "a.go"},
			`argument "action"`},
		{"no server for the file", map[string]any{"action": "hover", "file": "go.mod", "line": 1, "symbol": "module"},
			"no server in the table serves .mod files"},
	} {
		text, isErr := lspCall(t, d, tc.args)
		if !isErr || !strings.Contains(text, tc.want) {
			t.Errorf("%s: %q, want an error containing %q", tc.name, text, tc.want)
		}
	}
}

func TestLSPPython(t *testing.T)     { testLSPQueries(t, pythonLSP) }
func TestLSPTypeScript(t *testing.T) { testLSPQueries(t, typescriptLSP) }
func TestLSPC(t *testing.T)          { testLSPQueries(t, cLSP) }

// TestLSPJava: before the run, so that it is removed after the server
// has ended, a cache folder of the test's own for JDT LS's workspace.
func TestLSPJava(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	testLSPQueries(t, javaLSP)
}

// TestLSPStatusMissing: status names what is missing, and starts nothing.
func TestLSPStatusMissing(t *testing.T) {
	// A go.mod, and no gopls anywhere the supervisor looks.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module m\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "m.go"), []byte("package m\n"), 0o644)
	t.Setenv("PATH", t.TempDir())
	t.Setenv("GOBIN", "")
	t.Setenv("GOPATH", t.TempDir())
	sup := lspclient.NewSupervisor(dir)
	defer sup.Close(context.Background())
	d, err := Registry(&Run{Dir: dir, LSP: sup})
	if err != nil {
		t.Fatal(err)
	}
	text, _ := lspCall(t, d, map[string]any{"action": "status"})
	if !strings.Contains(text, "gopls: cannot run here: no binary (gopls) found") {
		t.Errorf("status without gopls:\n%s", text)
	}
	text, isErr := lspCall(t, d, map[string]any{"action": "hover", "file": "m.go", "line": 1, "symbol": "m"})
	if !isErr || !strings.Contains(text, "gopls is not installed") {
		t.Errorf("hover without gopls: %s", text)
	}
	if len(sup.PIDs()) != 0 {
		t.Error("a server was started")
	}
}

// TestLSPStatusNoMarker: gopls installed, no go.mod: the marker is missing.
func TestLSPStatusNoMarker(t *testing.T) {
	gopls := peers.Require(t, "gopls")
	t.Setenv("PATH", filepath.Dir(gopls)+string(os.PathListSeparator)+os.Getenv("PATH"))
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "m.go"), []byte("package m\n"), 0o644)
	sup := lspclient.NewSupervisor(dir)
	defer sup.Close(context.Background())
	d, err := Registry(&Run{Dir: dir, LSP: sup})
	if err != nil {
		t.Fatal(err)
	}
	text, _ := lspCall(t, d, map[string]any{"action": "status"})
	if !strings.Contains(text, "gopls: cannot run here: no root marker (go.work, go.mod) found") {
		t.Errorf("status without go.mod:\n%s", text)
	}
	text, isErr := lspCall(t, d, map[string]any{"action": "diagnostics", "file": "m.go"})
	if !isErr || !strings.Contains(text, "gopls needs a root marker (go.work, go.mod)") {
		t.Errorf("diagnostics without go.mod: %s", text)
	}
	if len(sup.PIDs()) != 0 {
		t.Error("a server was started")
	}
}

// TestDiagnosticsOnWriteGo: besides the file written, gopls reports the
// files the write broke.
func TestDiagnosticsOnWriteGo(t *testing.T)         { testDiagnosticsOnWrite(t, goLSP) }
func TestDiagnosticsOnWritePython(t *testing.T)     { testDiagnosticsOnWrite(t, pythonLSP) }
func TestDiagnosticsOnWriteTypeScript(t *testing.T) { testDiagnosticsOnWrite(t, typescriptLSP) }
func TestDiagnosticsOnWriteC(t *testing.T)          { testDiagnosticsOnWrite(t, cLSP) }

// TestLSPRenameGo renames across two files, and refuses when a file the
// server has open changed on disk behind its back.
func TestLSPRenameGo(t *testing.T) {
	d, dir := testLSPRename(t, goLSP)

	// b.go changes on disk behind the server's back: nothing is written.
	b, _ := os.ReadFile(filepath.Join(dir, "b.go"))
	stale := strings.Replace(string(b), "// Pi greets", "// Pi, changed, greets", 1)
	os.WriteFile(filepath.Join(dir, "b.go"), []byte(stale), 0o644)
	before := snapshot(t, dir)
	res := call(t, d, "lsp_rename", map[string]any{"file": "a.go", "line": 6, "symbol": "Welcome", "new_name": "Hail"})
	if !res.IsError || !strings.Contains(res.TextContent(), "b.go changed on disk since the server read it; nothing was written") {
		t.Errorf("rename over a stale file: %s", res.TextContent())
	}
	if diff := cmp.Diff(before, snapshot(t, dir)); diff != "" {
		t.Errorf("files changed (-before +after):\n%s", diff)
	}

	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"file": "a.go", "line": 6, "symbol": "Welcome", "new_name": ""}, "new_name: must not be empty"},
		{map[string]any{"file": "a.go", "line": 6, "symbol": "Nope", "new_name": "X"}, `symbol: "Nope" is not on line 6`},
		{map[string]any{"file": "a.go", "line": 1, "symbol": "package", "new_name": "X"}, "nothing was written"},
	} {
		res := call(t, d, "lsp_rename", tc.args)
		if !res.IsError || !strings.Contains(res.TextContent(), tc.want) {
			t.Errorf("lsp_rename %v = %q, want an error containing %q", tc.args, res.TextContent(), tc.want)
		}
	}
}

func TestLSPRenamePython(t *testing.T)     { testLSPRename(t, pythonLSP) }
func TestLSPRenameTypeScript(t *testing.T) { testLSPRename(t, typescriptLSP) }
func TestLSPRenameC(t *testing.T)          { testLSPRename(t, cLSP) }

func TestLSPRenameJava(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // see TestLSPJava
	testLSPRename(t, javaLSP)
}
