package dapclient

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
	"slices"
	"strings"
	"time"
)

// An Adapter is one row of SPEC.md's table of debug adapters.
type Adapter struct {
	ID      string
	Command string   // how SPEC.md spells the command
	Markers []string // root markers, looked for in the working directory
	// resolve finds the adapter's command line here, or says what is
	// missing.
	resolve func(ctx context.Context, wd string) (argv []string, missing string)
	// Exceptions are the exception filter ids the adapter is known to
	// offer, until a session's capabilities say otherwise.
	Exceptions []string
	// Sources are the extensions of the source files it debugs.
	Sources []string
}

// Adapters returns the table of adapters, in the order status lists them.
func Adapters() []Adapter {
	return []Adapter{
		{"dart", "dart debug_adapter", []string{"pubspec.yaml"}, resolveDart, nil, []string{".dart"}},
		{"debugpy", "python3 -m debugpy.adapter", []string{"pyproject.toml", "setup.py", "requirements.txt"}, resolveDebugpy, []string{"raised", "uncaught", "userUnhandled"}, []string{".py"}},
		{"lldb", "lldb-dap", []string{"Cargo.toml", "CMakeLists.txt"}, resolveLLDB, []string{"cpp_catch", "cpp_throw"}, []string{".c", ".h", ".cc", ".cpp", ".cxx", ".hh", ".hpp", ".hxx", ".m", ".mm", ".rs"}},
		// delve 1.27 offers these two, both on by default; older
		// releases offered none.
		{"delve", "dlv dap", []string{"go.mod"}, resolveDelve, []string{"unrecovered-panic", "runtime-fatal-throw"}, []string{".go"}},
		{"java", "jdtls with java-debug", []string{"pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", ".project"}, resolveJava, nil, []string{".java"}},
	}
}

// AdapterByID returns the adapter of the table with that id.
func AdapterByID(id string) (Adapter, bool) {
	for _, ad := range Adapters() {
		if ad.ID == id {
			return ad, true
		}
	}
	return Adapter{}, false
}

// AdapterOfSource returns the adapter that debugs a source file, by its
// extension.
func AdapterOfSource(path string) (Adapter, bool) {
	ext := strings.ToLower(filepath.Ext(path))
	for _, ad := range Adapters() {
		if slices.Contains(ad.Sources, ext) {
			return ad, true
		}
	}
	return Adapter{}, false
}

// Resolve finds the adapter's command line for working directory wd, or
// says what is missing.
func (a Adapter) Resolve(ctx context.Context, wd string) (argv []string, missing string) {
	return a.resolve(ctx, wd)
}

// Marker returns the first of the adapter's root markers in wd, or "".
func (a Adapter) Marker(wd string) string {
	for _, m := range a.Markers {
		if _, err := os.Stat(filepath.Join(wd, m)); err == nil {
			return m
		}
	}
	return ""
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
	python := Python(wd)
	if missing := debugpyMissing(ctx, python); missing != "" {
		return nil, missing
	}
	return []string{python, "-m", "debugpy.adapter"}, ""
}

// resolveJava says what Java debugging needs; it never finds a command.
// Microsoft's java-debug, the JVM's debug adapter, is no program of its
// own but a plugin that jdtls loads, and a session is asked of jdtls
// (vscode.java.startDebugSession answers with a port): agenttools starts
// adapters as programs, or attaches to a port a debuggee opened, so it
// cannot drive it yet, whether or not jdtls is here.
func resolveJava(ctx context.Context, wd string) ([]string, string) {
	const how = "Java debugging runs inside jdtls (Microsoft's java-debug plugin, started by vscode.java.startDebugSession), " +
		"with a launch of mainClass, projectName and classPaths, or an attach to hostName and port of a JVM run with " +
		"-agentlib:jdwp=transport=dt_socket,server=y,address=PORT; agenttools does not drive it yet"
	if _, err := exec.LookPath("jdtls"); err != nil {
		return nil, "jdtls is not on PATH (Eclipse JDT Language Server); " + how
	}
	return nil, how
}

// LLDBNames are the names lldb's DAP server goes by, newest first: LLVM
// 18 renamed lldb-vscode to lldb-dap, and distributions add the major
// version to both.
func LLDBNames() []string {
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
	for _, n := range LLDBNames() {
		if p, err := exec.LookPath(n); err == nil {
			return []string{p}, ""
		}
	}
	return nil, "no lldb-dap on PATH (looked for lldb-dap, lldb-dap-30 … lldb-dap-18, lldb-vscode and lldb-vscode-17 … -10; Debian and Ubuntu ship it in lldb-N)"
}

// Python is the interpreter that runs debugpy for a project: its own
// .venv/bin/python or venv/bin/python, else python3 on PATH; "" when
// there is none.
func Python(dir string) string {
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

// A Target is what a launch runs: the adapter and how.
type Target struct {
	Adapter string // an id of the adapter table
	Mode    string // delve's launch mode: debug or exec
}

// TargetOf chooses the adapter for a program from what it is, or says
// why none fits.
func TargetOf(path string, info os.FileInfo) (Target, string) {
	if info.IsDir() {
		if gofiles, _ := filepath.Glob(filepath.Join(path, "*.go")); len(gofiles) > 0 {
			return Target{"delve", "debug"}, ""
		}
		return Target{}, "is a folder without .go files; launch a folder only for a Go package, otherwise name the file or the built binary"
	}
	switch filepath.Ext(path) {
	case ".go":
		return Target{"delve", "debug"}, ""
	case ".py":
		return Target{"debugpy", ""}, ""
	case ".dart":
		return Target{"dart", ""}, ""
	case ".java":
		// Named so that launch says what Java needs (resolveJava).
		return Target{"java", ""}, ""
	}
	if !nativeBinary(path) {
		return Target{}, "is neither a program source (.go, .py, .dart), a Go package folder, nor a native executable (ELF or Mach-O); for C, C++ or Rust, build with debug information (-g) and launch the binary"
	}
	if _, err := buildinfo.ReadFile(path); err == nil {
		return Target{"delve", "exec"}, ""
	}
	return Target{"lldb", ""}, ""
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

// LaunchOf returns how to launch the program at path (named program for
// the session's description) with args, in working directory wd, under
// the adapter t names, whose command line is argv (Adapter.Resolve).
func LaunchOf(t Target, argv []string, program, path string, args []string, wd string) (Launch, error) {
	args = append([]string{}, args...)
	l := Launch{Adapter: argv, Dir: wd, Program: program, Debugger: t.Adapter}
	var largs map[string]any
	switch t.Adapter {
	case "delve":
		l.AdapterID = "go"
		largs = map[string]any{"request": "launch", "mode": t.Mode, "program": path, "args": args,
			"cwd": wd, "stopOnEntry": false, "outputMode": "remote"}
		if t.Mode == "debug" {
			out, err := os.MkdirTemp("", "agenttools-dlv-")
			if err != nil {
				return Launch{}, err
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
	default:
		return Launch{}, fmt.Errorf("dapclient: no adapter %q", t.Adapter)
	}
	l.Arguments, _ = json.Marshal(largs)
	return l, nil
}

// AttachOf returns how to attach, with adapter (delve or debugpy), to a
// debuggee listening on a local port; ok is false for another adapter.
func AttachOf(adapter string, port int, wd string) (l Launch, ok bool) {
	l = Launch{Addr: fmt.Sprintf("127.0.0.1:%d", port), Request: "attach", Dir: wd, Debugger: adapter}
	var args map[string]any
	switch adapter {
	case "debugpy":
		// debugpy --listen serves its own adapter on the port: the session
		// talks DAP to it directly (a fresh debugpy.adapter given
		// "connect" waits for the debuggee to call it instead).
		l.ConfigFirst, l.AdapterID = true, "python"
		l.Program = fmt.Sprintf("the Python debuggee on port %d", port)
		args = map[string]any{"request": "attach", "type": "python", "connect": map[string]any{"host": "127.0.0.1", "port": port}, "justMyCode": true}
	case "delve":
		// A headless delve server speaks DAP too; "remote" attaches to the
		// program it runs.
		l.AdapterID = "go"
		l.Program = fmt.Sprintf("the delve server on port %d", port)
		args = map[string]any{"request": "attach", "mode": "remote"}
	default:
		return Launch{}, false
	}
	l.Arguments, _ = json.Marshal(args)
	return l, true
}
