package tools

import (
	"context"
	"debug/buildinfo"
	"debug/elf"
	"debug/macho"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/agenttools/agenttools/dapclient"
)

// A debugAdapter is one row of SPEC.md's adapter table.
type debugAdapter struct {
	id      string
	command string   // how SPEC.md spells the command
	markers []string // root markers, looked for in the working directory
	// resolve finds the adapter's command line here, or says what is
	// missing.
	resolve func(ctx context.Context, wd string) (argv []string, missing string)
}

var debugAdapterTable = []debugAdapter{
	{"dart", "dart debug_adapter", []string{"pubspec.yaml"}, resolveDart},
	{"debugpy", "python3 -m debugpy.adapter", []string{"pyproject.toml", "setup.py", "requirements.txt"}, resolveDebugpy},
	{"lldb", "lldb-dap", []string{"Cargo.toml", "CMakeLists.txt"}, resolveLLDB},
	{"delve", "dlv dap", []string{"go.mod"}, resolveDelve},
}

func debugAdapterByID(id string) debugAdapter {
	for _, ad := range debugAdapterTable {
		if ad.id == id {
			return ad
		}
	}
	panic("no debug adapter " + id)
}

func resolveDart(ctx context.Context, wd string) ([]string, string) {
	p, err := exec.LookPath("dart")
	if err != nil {
		return nil, "dart is not on PATH (install the Dart or Flutter SDK)"
	}
	return []string{p, "debug_adapter"}, ""
}

func resolveDelve(ctx context.Context, wd string) ([]string, string) {
	p, err := exec.LookPath("dlv")
	if err != nil {
		return nil, "dlv is not on PATH (go install github.com/go-delve/delve/cmd/dlv@latest)"
	}
	return []string{p, "dap"}, ""
}

func resolveDebugpy(ctx context.Context, wd string) ([]string, string) {
	python := debugPython(wd)
	if missing := debugpyMissing(ctx, python); missing != "" {
		return nil, missing
	}
	return []string{python, "-m", "debugpy.adapter"}, ""
}

// lldbNames are the names lldb's DAP server goes by, newest first: LLVM
// 18 renamed lldb-vscode to lldb-dap, and distributions add the major
// version to both.
func lldbNames() []string {
	names := []string{"lldb-dap"}
	for v := 30; v >= 18; v-- {
		names = append(names, fmt.Sprintf("lldb-dap-%d", v))
	}
	names = append(names, "lldb-vscode")
	for v := 17; v >= 10; v-- {
		names = append(names, fmt.Sprintf("lldb-vscode-%d", v))
	}
	return names
}

func resolveLLDB(ctx context.Context, wd string) ([]string, string) {
	for _, n := range lldbNames() {
		if p, err := exec.LookPath(n); err == nil {
			return []string{p}, ""
		}
	}
	return nil, "no lldb-dap on PATH (looked for lldb-dap, lldb-dap-30 … lldb-dap-18, lldb-vscode and lldb-vscode-17 … -10; Debian and Ubuntu ship it in lldb-N)"
}

// debugPython is the interpreter that runs debugpy for a project: its
// own .venv/bin/python or venv/bin/python, else python3 on PATH; "" when
// there is none.
func debugPython(dir string) string {
	for _, v := range []string{".venv", "venv"} {
		p := filepath.Join(dir, v, "bin", "python")
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	p, _ := exec.LookPath("python3")
	return p
}

// debugpyMissing says why python cannot run debugpy, or "" when it can.
func debugpyMissing(ctx context.Context, python string) string {
	if python == "" {
		return "no Python interpreter: no .venv/bin/python or venv/bin/python in the working directory and no python3 on PATH"
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, python, "-c", "import debugpy").CombinedOutput()
	if err != nil {
		msg := strings.TrimSpace(string(out))
		if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
			msg = msg[i+1:]
		}
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Sprintf("%s cannot import debugpy (%s); install it into that environment (%s -m pip install debugpy)", python, msg, python)
	}
	return ""
}

// rootMarker returns the first of an adapter's markers in the working
// directory, or "".
func (e *env) rootMarker(ad debugAdapter) string {
	for _, m := range ad.markers {
		if _, err := os.Stat(filepath.Join(e.run.Debug.Workdir(), m)); err == nil {
			return m
		}
	}
	return ""
}

// debugAdapters says, per adapter, whether its root marker and its
// command were found, and so whether it is usable here.
func (e *env) debugAdapters(ctx context.Context) Result {
	var b strings.Builder
	wd := e.run.Debug.Workdir()
	for _, ad := range debugAdapterTable {
		fmt.Fprintf(&b, "%s (%s): root marker %s: ", ad.id, ad.command, strings.Join(ad.markers, ", "))
		marker := e.rootMarker(ad)
		if marker != "" {
			b.WriteString("found " + marker)
		} else {
			b.WriteString("not found in the working directory")
		}
		if ad.id == "debugpy" {
			python := debugPython(wd)
			if python == "" {
				python = "none (no .venv/bin/python, venv/bin/python, or python3 on PATH)"
			}
			b.WriteString("; interpreter: " + python)
		}
		argv, missing := ad.resolve(ctx, wd)
		switch {
		case missing != "":
			b.WriteString("; " + missing)
		case ad.id == "debugpy":
			b.WriteString("; debugpy importable")
		default:
			b.WriteString("; command: " + strings.Join(argv, " "))
		}
		if marker != "" && missing == "" {
			b.WriteString(" — usable\n")
		} else {
			b.WriteString(" — not usable\n")
		}
	}
	b.WriteString("(launch picks the adapter from the program itself: a .go file or package folder or a Go binary → delve, a .py file → debugpy, another native binary → lldb, a .dart file → dart)\n")
	return Text(b.String())
}

// A debugTarget is what launch runs: the adapter and how.
type debugTarget struct {
	adapter string // an id of debugAdapterTable
	mode    string // delve's launch mode: debug or exec
}

// debugTargetOf chooses the adapter for a program from what it is.
func debugTargetOf(path string, info os.FileInfo) (debugTarget, string) {
	if info.IsDir() {
		if gofiles, _ := filepath.Glob(filepath.Join(path, "*.go")); len(gofiles) > 0 {
			return debugTarget{"delve", "debug"}, ""
		}
		return debugTarget{}, "is a folder without .go files; launch a folder only for a Go package, otherwise name the file or the built binary"
	}
	switch filepath.Ext(path) {
	case ".go":
		return debugTarget{"delve", "debug"}, ""
	case ".py":
		return debugTarget{"debugpy", ""}, ""
	case ".dart":
		return debugTarget{"dart", ""}, ""
	}
	if !nativeBinary(path) {
		return debugTarget{}, "is neither a program source (.go, .py, .dart), a Go package folder, nor a native executable (ELF or Mach-O); for C, C++ or Rust, build with debug information (-g) and launch the binary"
	}
	if _, err := buildinfo.ReadFile(path); err == nil {
		return debugTarget{"delve", "exec"}, ""
	}
	return debugTarget{"lldb", ""}, ""
}

// nativeBinary reports whether path is an ELF or Mach-O file.
func nativeBinary(path string) bool {
	if f, err := elf.Open(path); err == nil {
		f.Close()
		return true
	}
	if f, err := macho.Open(path); err == nil {
		f.Close()
		return true
	}
	if f, err := macho.OpenFat(path); err == nil {
		f.Close()
		return true
	}
	return false
}

func (e *env) debugLaunch(ctx context.Context, conv *dapclient.Conversation, a debugArgs) (Result, error) {
	if sess, _ := conv.Session(); sess != nil {
		return Errorf("launch: a session already runs %s (started %v ago); terminate it first, or keep debugging it", sess.Program, time.Since(sess.Started).Round(time.Second)), nil
	}
	if a.Program == "" {
		return Errorf("program: launch needs a program: a .go file or Go package folder, a .py file, a .dart file, or a native binary"), nil
	}
	path, err := e.root.ForRead(a.Program)
	var info os.FileInfo
	if err == nil {
		info, err = os.Stat(path)
	}
	if err != nil {
		return pathError("program", a.Program, err), nil
	}
	target, why := debugTargetOf(path, info)
	if why != "" {
		return Errorf("program: %s %s", a.Program, why), nil
	}
	wd := e.run.Debug.Workdir()
	ad := debugAdapterByID(target.adapter)
	argv, missing := ad.resolve(ctx, wd)
	if missing != "" {
		return Errorf("launch: %s needs the %s adapter, which is not usable here: %s; adapters says what is usable", a.Program, ad.id, missing), nil
	}
	args := append([]string{}, a.Args...)
	l := dapclient.Launch{Adapter: argv, Dir: wd, Program: a.Program}
	var largs map[string]any
	switch ad.id {
	case "delve":
		l.AdapterID = "go"
		largs = map[string]any{"request": "launch", "mode": target.mode, "program": path, "args": args,
			"cwd": wd, "stopOnEntry": false, "outputMode": "remote"}
		if target.mode == "debug" {
			out, err := os.MkdirTemp("", "agenttools-dlv-")
			if err != nil {
				return Result{}, err
			}
			// delve removes the binary it built when the session ends; a
			// killed adapter leaves it in the temporary folder.
			largs["output"] = filepath.Join(out, "debug_bin")
		}
	case "debugpy":
		l.Stdio, l.ConfigFirst, l.AdapterID = true, true, "python"
		largs = map[string]any{"request": "launch", "type": "python", "program": path, "args": args,
			"cwd": wd, "python": []string{argv[0]}, "console": "internalConsole", "justMyCode": true, "stopOnEntry": false}
	case "lldb":
		l.Stdio, l.AdapterID = true, "lldb"
		largs = map[string]any{"request": "launch", "program": path, "args": args, "cwd": wd, "stopOnEntry": false}
	case "dart":
		// The Dart adapter answers launch only after configurationDone.
		l.Stdio, l.ConfigFirst, l.AdapterID = true, true, "dart"
		largs = map[string]any{"request": "launch", "program": path, "args": args, "cwd": wd}
	}
	l.Arguments, _ = json.Marshal(largs)
	lctx, cancel := context.WithTimeout(ctx, debugLaunchWait)
	defer cancel()
	return e.debugStart(lctx, conv, "launch", l)
}

// debugAttach connects to a debuggee that already listens on a local
// port: a program run by `python -m debugpy --listen`, or a headless
// delve server.
func (e *env) debugAttach(ctx context.Context, conv *dapclient.Conversation, a debugArgs) (Result, error) {
	if sess, _ := conv.Session(); sess != nil {
		return Errorf("attach: a session already runs %s (started %v ago); terminate it first, or keep debugging it", sess.Program, time.Since(sess.Started).Round(time.Second)), nil
	}
	if a.Port <= 0 || a.Port > 65535 {
		return Errorf("port: attach needs the port the debuggee listens on, 1 to 65535 (python -m debugpy --listen 127.0.0.1:PORT, or dlv --headless --listen=127.0.0.1:PORT)"), nil
	}
	adapter := a.Adapter
	if adapter == "" {
		goMod := e.rootMarker(debugAdapterByID("delve")) != ""
		python := e.rootMarker(debugAdapterByID("debugpy")) != ""
		switch {
		case goMod && python:
			return Errorf("adapter: the working directory is both a Go module and a Python project; say which server listens on port %d (adapter: delve or debugpy)", a.Port), nil
		case goMod:
			adapter = "delve"
		default:
			adapter = "debugpy"
		}
	}
	l := dapclient.Launch{Addr: fmt.Sprintf("127.0.0.1:%d", a.Port), Request: "attach", Dir: e.run.Debug.Workdir()}
	var args map[string]any
	switch adapter {
	case "debugpy":
		// debugpy --listen serves its own adapter on the port: the session
		// talks DAP to it directly (a fresh debugpy.adapter given
		// "connect" waits for the debuggee to call it instead).
		l.ConfigFirst, l.AdapterID = true, "python"
		l.Program = fmt.Sprintf("the Python debuggee on port %d", a.Port)
		args = map[string]any{"request": "attach", "type": "python", "connect": map[string]any{"host": "127.0.0.1", "port": a.Port}, "justMyCode": true}
	case "delve":
		// A headless delve server speaks DAP too; "remote" attaches to the
		// program it runs.
		l.AdapterID = "go"
		l.Program = fmt.Sprintf("the delve server on port %d", a.Port)
		args = map[string]any{"request": "attach", "mode": "remote"}
	default:
		return Errorf("adapter: %q cannot be attached to by port; attach supports delve (a headless dlv server) and debugpy (python -m debugpy --listen)", adapter), nil
	}
	l.Arguments, _ = json.Marshal(args)
	lctx, cancel := context.WithTimeout(ctx, debugLaunchWait)
	defer cancel()
	return e.debugStart(lctx, conv, "attach", l)
}
