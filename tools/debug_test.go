package tools

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/tool"
)

// debugRun is a run over a copy of testdata/debug/NAME with a debug
// supervisor of the given TTL; the test's end closes it and checks that
// no adapter or debuggee outlives it.
func debugRun(t *testing.T, name string, ttl time.Duration) (*tool.Dispatcher, string, *dapclient.Supervisor, *[]int) {
	t.Helper()
	dlv := peers.Require(t, "dlv")
	t.Setenv("PATH", filepath.Dir(dlv)+string(os.PathListSeparator)+os.Getenv("PATH"))
	return debugRunIn(t, name, ttl)
}

func debugRunIn(t *testing.T, name string, ttl time.Duration) (*tool.Dispatcher, string, *dapclient.Supervisor, *[]int) {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "testdata", "debug", name))); err != nil {
		t.Fatal(err)
	}
	sup := dapclient.NewSupervisor(dir, ttl)
	pids := &[]int{}
	t.Cleanup(func() {
		*pids = append(*pids, sup.PIDs()...)
		debuggees := append(sup.Debuggees(), debuggeesSeen[sup]...)
		sup.Close()
		for _, pid := range *pids {
			if err := syscall.Kill(-pid, 0); !errors.Is(err, syscall.ESRCH) {
				t.Errorf("a process of adapter group %d survives the run (%v)", pid, err)
			}
		}
		for _, pid := range debuggees {
			if !gone(pid) {
				t.Errorf("debuggee %d survives the run", pid)
			}
		}
	})
	d, err := Registry(&Run{Dir: dir, ConversationID: "conv-test", Debug: sup, Yes: true})
	if err != nil {
		t.Fatal(err)
	}
	return d, dir, sup, pids
}

// debuggeesSeen keeps, per supervisor, the debuggees of sessions that
// ended during a test, for its final check.
var debuggeesSeen = map[*dapclient.Supervisor][]int{}

// noteDebuggees records the debuggees running now.
func noteDebuggees(sup *dapclient.Supervisor) {
	debuggeesSeen[sup] = append(debuggeesSeen[sup], sup.Debuggees()...)
}

// gone reports whether process pid has ended (and been reaped), waiting
// for it a few seconds.
func gone(pid int) bool {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
			return true
		}
	}
	return false
}

func debugCall(t *testing.T, d *tool.Dispatcher, args map[string]any) (string, bool) {
	t.Helper()
	res := call(t, d, "debug", args)
	return res.TextContent(), res.IsError
}

// wantDebug calls debug and checks the result's kind and that its text
// holds every one of want.
func wantDebug(t *testing.T, d *tool.Dispatcher, args map[string]any, isErr bool, want ...string) string {
	t.Helper()
	text, gotErr := debugCall(t, d, args)
	if gotErr != isErr {
		t.Fatalf("debug %v: isError %v, want %v:\n%s", args, gotErr, isErr, text)
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Fatalf("debug %v: want %q in:\n%s", args, w, text)
		}
	}
	return text
}

// frameID takes the id of the frame of a function from stack's text.
func frameID(t *testing.T, stack, fn string) int {
	t.Helper()
	for _, line := range strings.Split(stack, "\n") {
		// A C++ function's name holds spaces ("int add<int>(int, int)"):
		// the fields are cut at the tabs.
		head, rest, _ := strings.Cut(line, "\t")
		name, _, _ := strings.Cut(rest, "\t")
		var id int
		if _, err := fmt.Sscanf(head, "frame %d", &id); err == nil && name == fn {
			return id
		}
	}
	t.Fatalf("no frame of %s in:\n%s", fn, stack)
	return 0
}

// refOf takes the reference of a scope from scopes' text.
func refOf(t *testing.T, scopes, scope string) int {
	t.Helper()
	for _, line := range strings.Split(scopes, "\n") {
		name, rest, ok := strings.Cut(line, "\treference ")
		if ok && name == scope {
			var ref int
			if _, err := fmt.Sscanf(rest, "%d", &ref); err == nil {
				return ref
			}
		}
	}
	t.Fatalf("no scope %s in:\n%s", scope, scopes)
	return 0
}

func TestDebugGo(t *testing.T) {
	d, _, sup, pids := debugRun(t, "go", 0)
	wantDebug(t, d, map[string]any{"operation": "adapters"}, false, "delve", "go.mod: found", "usable")
	wantDebug(t, d, map[string]any{"operation": "status"}, false, "no debug session runs")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.go", "lines": []int{6}}, false, "kept", "launched")
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "."}, false,
		"main.go:6 verified at line 6", "stopped (breakpoint)", "main.go:6 in main.square", "r := n * n")
	*pids = append(*pids, sup.PIDs()...)
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "main.go"}, true, "already runs .", "terminate it first")
	wantDebug(t, d, map[string]any{"operation": "status"}, false, "a session runs .", "stopped (breakpoint)")
	wantDebug(t, d, map[string]any{"operation": "threads"}, false, "main")

	stack := wantDebug(t, d, map[string]any{"operation": "stack"}, false, "main.square\tmain.go:6", "main.main\tmain.go:13")
	top := frameID(t, stack, "main.square")
	caller := frameID(t, stack, "main.main")
	scopes := wantDebug(t, d, map[string]any{"operation": "scopes", "frame_id": top}, false, "Locals")
	wantDebug(t, d, map[string]any{"operation": "variables", "reference": refOf(t, scopes, "Locals")}, false, "n int = 1")
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "n + 41"}, false, "42")
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "total", "frame_id": caller}, false, "int = 0")

	wantDebug(t, d, map[string]any{"operation": "step_over"}, false, "main.go:7", "return r")
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "r"}, false, "1")
	// The frame ids of the last stop are gone.
	wantDebug(t, d, map[string]any{"operation": "scopes", "frame_id": top}, true, "not a frame of the current stop", "call stack again")
	wantDebug(t, d, map[string]any{"operation": "step_out"}, false, "main.main")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.go", "lines": []int{}}, false, "cleared")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.go", "lines": []int{13}}, false, "verified at line 13")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "main.go:13", "total += square(i)")
	wantDebug(t, d, map[string]any{"operation": "step_in"}, false, "main.square")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.go", "lines": []int{}}, false, "cleared")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "the session ended", "exited with code 0")
	if out := wantDebug(t, d, map[string]any{"operation": "output"}, false, "total 14"); strings.Contains(out, "Building") {
		t.Errorf("output holds the adapter's own messages:\n%s", out)
	}
	wantDebug(t, d, map[string]any{"operation": "status"}, false, "the last one ended: the program exited with code 0")
	wantDebug(t, d, map[string]any{"operation": "continue"}, true, "no debug session runs", "launch a program first")
	for _, pid := range *pids {
		if err := syscall.Kill(-pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("adapter group %d survives the program's exit (%v)", pid, err)
		}
	}
}

// TestDebugClose: closing the run ends a session stopped at a breakpoint,
// its adapter and debuggee with it.
func TestDebugClose(t *testing.T) {
	d, _, sup, _ := debugRun(t, "go", 0)
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.go", "lines": []int{6}}, false)
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "."}, false, "stopped (breakpoint)")
	pids := sup.PIDs()
	if len(pids) != 1 {
		t.Fatalf("PIDs = %v, want one adapter", pids)
	}
	sup.Close()
	if err := syscall.Kill(-pids[0], 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("adapter group %d survives Close (%v)", pids[0], err)
	}
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "."}, true, "shut down")
}

func TestDebugTTL(t *testing.T) {
	d, _, sup, pids := debugRun(t, "go", 2*time.Second)
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.go", "lines": []int{6}}, false)
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "."}, false, "stopped (breakpoint)")
	*pids = append(*pids, sup.PIDs()...)
	sess := sup.Conversation("conv-test").Last()
	select {
	case <-sess.Done():
	case <-time.After(30 * time.Second):
		t.Fatal("the session outlived its 2s TTL by 30s")
	}
	wantDebug(t, d, map[string]any{"operation": "status"}, false, "time limit of 2s")
	wantDebug(t, d, map[string]any{"operation": "stack"}, true, "time limit", "launch a program first")
}

func TestDebugBadInput(t *testing.T) {
	d, _, _, _ := debugRun(t, "go", 0)
	wantDebug(t, d, map[string]any{"operation": "continue"}, true, "no debug session runs", "launch a program first")
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "nothere.go"}, true, "program", "does not exist")
	wantDebug(t, d, map[string]any{"operation": "launch"}, true, "program")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "../outside.go", "lines": []int{1}}, true, "file", "inside the working directory")
	wantDebug(t, d, map[string]any{"operation": "attach"}, true, "port", "1 to 65535")
	wantDebug(t, d, map[string]any{"operation": "attach", "port": 70000}, true, "port", "1 to 65535")
	wantDebug(t, d, map[string]any{"operation": "attach", "port": 1234, "adapter": "gdb"}, true, "adapter")
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "go.mod"}, true, "program: go.mod is neither", "native executable")
	wantDebug(t, d, map[string]any{"operation": "pause"}, true, "no debug session runs")
}

// debugpyPeer makes python3 on PATH an interpreter that imports debugpy:
// the one on PATH, else /usr/bin/python3 (where scripts/peers.sh installs
// Debian's python3-debugpy), put first on PATH. It returns its path. A
// missing debugpy skips, or fails under AGENTTOOLS_REQUIRE_PEERS=1.
func debugpyPeer(t *testing.T) string {
	t.Helper()
	py := peers.Require(t, "python3")
	if exec.Command(py, "-c", "import debugpy").Run() == nil {
		return py
	}
	const system = "/usr/bin/python3"
	if exec.Command(system, "-c", "import debugpy").Run() == nil {
		bin := t.TempDir()
		if err := os.Symlink(system, filepath.Join(bin, "python3")); err != nil {
			t.Fatal(err)
		}
		t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		return filepath.Join(bin, "python3")
	}
	msg := fmt.Sprintf("peer required: debugpy is not importable by %s or %s: run scripts/peers.sh debugpy (make test does)", py, system)
	if os.Getenv("AGENTTOOLS_REQUIRE_PEERS") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

func TestDebugPython(t *testing.T) {
	debugpyPeer(t)
	d, _, sup, pids := debugRunIn(t, "python", 0)
	wantDebug(t, d, map[string]any{"operation": "adapters"}, false, "debugpy (python3 -m debugpy.adapter): root marker", "found requirements.txt", "debugpy importable — usable", "delve")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.py", "lines": []int{2}}, false, "kept")
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "main.py"}, false,
		"main.py:2 verified at line 2", "stopped (breakpoint)", "main.py:2 in square", "r = n * n")
	*pids = append(*pids, sup.PIDs()...)
	if len(*pids) != 1 {
		t.Fatalf("PIDs = %v, want one adapter", *pids)
	}
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "main.py"}, true, "already runs main.py", "terminate it first")
	wantDebug(t, d, map[string]any{"operation": "threads"}, false, "MainThread")

	stack := wantDebug(t, d, map[string]any{"operation": "stack"}, false, "square\tmain.py:2", "main\tmain.py:9")
	top := frameID(t, stack, "square")
	caller := frameID(t, stack, "main")
	scopes := wantDebug(t, d, map[string]any{"operation": "scopes", "frame_id": top}, false, "Locals")
	wantDebug(t, d, map[string]any{"operation": "variables", "reference": refOf(t, scopes, "Locals")}, false, "n int = 1")
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "n + 41"}, false, "42")
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "total", "frame_id": caller}, false, "int = 0")

	wantDebug(t, d, map[string]any{"operation": "step_over"}, false, "main.py:3", "return r")
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "r"}, false, "1")
	wantDebug(t, d, map[string]any{"operation": "scopes", "frame_id": top}, true, "not a frame of the current stop")
	wantDebug(t, d, map[string]any{"operation": "step_out"}, false, "in main")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.py", "lines": []int{}}, false, "cleared")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.py", "lines": []int{9}}, false, "verified at line 9")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "main.py:9", "total += square(i)")
	wantDebug(t, d, map[string]any{"operation": "step_in"}, false, "in square")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.py", "lines": []int{}}, false, "cleared")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "the session ended")
	wantDebug(t, d, map[string]any{"operation": "output"}, false, "total 14")
	wantDebug(t, d, map[string]any{"operation": "status"}, false, "the last one ended")
	for _, pid := range *pids {
		if err := syscall.Kill(-pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("adapter group %d survives the program's exit (%v)", pid, err)
		}
	}
}

// TestDebugPythonVenv: a project's .venv/bin/python runs the program, not
// python3 from PATH.
func TestDebugPythonVenv(t *testing.T) {
	debugpyPeer(t)
	d, dir, sup, pids := debugRunIn(t, "python", 0)
	venv := filepath.Join(dir, ".venv")
	if out, err := exec.Command("/usr/bin/python3", "-m", "venv", "--system-site-packages", "--without-pip", venv).CombinedOutput(); err != nil {
		t.Fatalf("making a venv: %v\n%s", err, out)
	}
	want := filepath.Join(venv, "bin", "python")
	wantDebug(t, d, map[string]any{"operation": "adapters"}, false, "interpreter: "+want, "usable")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.py", "lines": []int{2}}, false)
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "main.py"}, false, "stopped (breakpoint)")
	*pids = append(*pids, sup.PIDs()...)
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "__import__('sys').executable"}, false, want)
	wantDebug(t, d, map[string]any{"operation": "terminate"}, false, "terminated")
}

// TestDebugPythonNoDebugpy: an interpreter without debugpy is named, not
// started.
func TestDebugPythonNoDebugpy(t *testing.T) {
	debugpyPeer(t)
	d, dir, _, _ := debugRunIn(t, "python", 0)
	venv := filepath.Join(dir, "venv")
	// Without the system site-packages the venv cannot import debugpy.
	if out, err := exec.Command("/usr/bin/python3", "-m", "venv", "--without-pip", venv).CombinedOutput(); err != nil {
		t.Fatalf("making a venv: %v\n%s", err, out)
	}
	py := filepath.Join(venv, "bin", "python")
	wantDebug(t, d, map[string]any{"operation": "adapters"}, false, py+" cannot import debugpy", "not usable")
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "main.py"}, true, py+" cannot import debugpy")
}

// TestDebugPythonAttach: attach to a program that debugpy runs listening
// on a port and waiting for a client.
func TestDebugPythonAttach(t *testing.T) {
	py := debugpyPeer(t)
	d, dir, sup, pids := debugRunIn(t, "python", 0)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(py, "-m", "debugpy", "--log-to-stderr", "--listen", fmt.Sprintf("127.0.0.1:%d", port), "--wait-for-client", "main.py")
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stdout strings.Builder
	cmd.Stdout = &stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	listening := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stderr)
		said := false
		for sc.Scan() {
			if !said && strings.Contains(sc.Text(), "accepting incoming client connections") {
				close(listening)
				said = true
			}
		}
		cmd.Wait()
		close(exited)
	}()
	*pids = append(*pids, cmd.Process.Pid)
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-exited
	})
	select {
	case <-listening:
	case <-exited:
		t.Fatal("the debuggee exited before it listened")
	case <-time.After(30 * time.Second):
		t.Fatal("the debuggee did not listen within 30s")
	}
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.py", "lines": []int{2}}, false)
	wantDebug(t, d, map[string]any{"operation": "attach", "port": port}, false,
		fmt.Sprintf("attached to the Python debuggee on port %d", port), "main.py:2 verified", "stopped (breakpoint)", "main.py:2 in square")
	if p := sup.PIDs(); len(p) != 0 {
		t.Errorf("PIDs = %v, want none: the session started no adapter", p)
	}
	wantDebug(t, d, map[string]any{"operation": "attach", "port": port}, true, "already runs")
	stack := wantDebug(t, d, map[string]any{"operation": "stack"}, false, "square\tmain.py:2", "main\tmain.py:9")
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "total", "frame_id": frameID(t, stack, "main")}, false, "0")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "stopped (breakpoint)", "main.py:2")
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "n"}, false, "2")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.py", "lines": []int{}}, false, "cleared")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "the session ended")
	select {
	case <-exited:
	case <-time.After(30 * time.Second):
		t.Fatal("the debuggee did not exit within 30s of running to its end")
	}
	if !strings.Contains(stdout.String(), "total 14") {
		t.Errorf("the debuggee printed %q, want total 14", stdout.String())
	}
	if err := syscall.Kill(-cmd.Process.Pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("a process of the debuggee's group %d survives its exit (%v)", cmd.Process.Pid, err)
	}
	wantDebug(t, d, map[string]any{"operation": "attach", "port": port}, true, "attach", "connecting")
}
