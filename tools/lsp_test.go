package tools

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/lspclient"
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
func lspRun(t *testing.T, fixture string, bins ...string) (*Dispatcher, string, *lspclient.Supervisor) {
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
		for _, pid := range pids {
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

func lspCall(t *testing.T, d *Dispatcher, args map[string]any) (string, bool) {
	t.Helper()
	res := call(t, d, "lsp", args)
	return res.TextContent(), res.IsError
}

func TestLSPGo(t *testing.T) {
	d, _, _ := lspRun(t, "go", "gopls")

	text, isErr := lspCall(t, d, map[string]any{"action": "status"})
	if isErr || !strings.Contains(text, "gopls: can run (marker go.mod, binary ") || !strings.Contains(text, "pyright: cannot run here: no root marker") {
		t.Errorf("status before use:\n%s", text)
	}
	for _, tc := range []struct {
		name string
		args map[string]any
		want []string // lines the text must contain
	}{
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
		{"workspace symbols", map[string]any{"action": "symbols", "query": "Greet"},
			[]string{"function Greet  a.go:6:6", "struct Greeter  b.go:4:6"}},
		{"diagnostics", map[string]any{"action": "diagnostics", "file": "a.go"},
			[]string{"no diagnostics in a.go"}},
		{"project check", map[string]any{"action": "diagnostics", "file": "*"},
			[]string{"ran go vet ./... in .: 0 problems"}},
	} {
		text, isErr := lspCall(t, d, tc.args)
		if isErr {
			t.Errorf("%s: %s", tc.name, text)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: text lacks %q:\n%s", tc.name, w, text)
			}
		}
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

	text, _ = lspCall(t, d, map[string]any{"action": "status"})
	if !strings.Contains(text, "gopls: running for .") {
		t.Errorf("status after use:\n%s", text)
	}
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

// TestDiagnosticsOnWriteGo: a write that breaks the build hears so in its
// result, once; moving the error is not news; fixing and breaking it
// again is.
func TestDiagnosticsOnWriteGo(t *testing.T) {
	d, dir, _ := lspRun(t, "go", "gopls")
	orig, _ := os.ReadFile(filepath.Join(dir, "a.go"))
	write := func(content string) string {
		t.Helper()
		res := call(t, d, "write", map[string]any{"path": "a.go", "content": content})
		if res.IsError {
			t.Fatal(res.TextContent())
		}
		return res.TextContent()
	}
	broken := string(orig) + "\nvar broken int = \"x\"\n"
	text := write(broken)
	if !strings.Contains(text, "new diagnostics after this write:\na.go:10:18: error: cannot use \"x\"") {
		t.Errorf("breaking write:\n%s", text)
	}
	moved := string(orig) + "\n\n\n\n\nvar broken int = \"x\"\n"
	if text := write(moved); strings.Contains(text, "new diagnostics") {
		t.Errorf("moving the error four lines down reported it again:\n%s", text)
	}
	if text := write(string(orig)); strings.Contains(text, "new diagnostics") {
		t.Errorf("fixing reported something:\n%s", text)
	}
	if text := write(broken); !strings.Contains(text, "a.go:10:18: error: cannot use \"x\"") {
		t.Errorf("breaking it again was not reported:\n%s", text)
	}
	write(string(orig))

	// Renaming Greet breaks its callers in b.go.
	res := call(t, d, "edit", map[string]any{"path": "a.go", "old_string": "func Greet(", "new_string": "func Welcome("})
	if text := res.TextContent(); !strings.Contains(text, "b.go:7:42: error: undefined: Greet") {
		t.Errorf("a write that breaks another file:\n%s", text)
	}

	// A file no server serves: nothing appended.
	res = call(t, d, "write", map[string]any{"path": "notes.txt", "content": "x\n"})
	if text := res.TextContent(); text != "created notes.txt (2 bytes)" {
		t.Errorf("write of a text file: %q", text)
	}
}

// TestLSPRenameGo renames across two files, and refuses when a file the
// server has open changed on disk behind its back.
func TestLSPRenameGo(t *testing.T) {
	d, dir, _ := lspRun(t, "go", "gopls")
	res := call(t, d, "lsp_rename", map[string]any{"file": "b.go", "line": 10, "symbol": "Greet", "new_name": "Welcome"})
	if res.IsError {
		t.Fatal(res.TextContent())
	}
	if want := "renamed Greet to Welcome: 5 edits in 2 files\na.go: 2 edits\nb.go: 3 edits"; res.TextContent() != want {
		t.Errorf("rename text:\n%s\nwant:\n%s", res.TextContent(), want)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "a.go"))
	b, _ := os.ReadFile(filepath.Join(dir, "b.go"))
	if !strings.Contains(string(a), "// Welcome says hello.\nfunc Welcome(name string) string {") || strings.Count(string(b), "Welcome(") != 3 || strings.Contains(string(a)+string(b), "Greet(") {
		t.Errorf("after the rename:\n%s\n%s", a, b)
	}
	// The server was told: a definition lookup finds the new name.
	text, isErr := lspCall(t, d, map[string]any{"action": "definition", "file": "b.go", "line": 10, "symbol": "Welcome"})
	if isErr || !strings.Contains(text, "a.go:6:6: func Welcome(name string) string {") {
		t.Errorf("definition after the rename: %s", text)
	}

	// b.go changes on disk behind the server's back: nothing is written.
	stale := strings.Replace(string(b), "// Pi greets", "// Pi, changed, greets", 1)
	os.WriteFile(filepath.Join(dir, "b.go"), []byte(stale), 0o644)
	before := snapshot(t, dir)
	res = call(t, d, "lsp_rename", map[string]any{"file": "a.go", "line": 6, "symbol": "Welcome", "new_name": "Hail"})
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
