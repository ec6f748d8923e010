//go:build unix

package tools

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/agenttools/agenttools/internal/peers"
)

// lldbPeer puts lldb-dap, under whichever name it is installed, on PATH.
func lldbPeer(t *testing.T) {
	t.Helper()
	for _, n := range dapclient.LLDBNames() {
		if p, err := peers.Find(n); err == nil {
			t.Setenv("PATH", filepath.Dir(p)+string(os.PathListSeparator)+os.Getenv("PATH"))
			return
		}
	}
	peers.Require(t, "lldb-dap") // skips, or fails under AGENTTOOLS_REQUIRE_PEERS=1
}

// TestDebugC debugs a C program built with gcc -g under lldb-dap.
func TestDebugC(t *testing.T) {
	lldbPeer(t)
	gcc := peers.Require(t, "gcc")
	d, dir, sup, pids := debugRunIn(t, "c", 0)
	if out, err := exec.Command(gcc, "-g", "-O0", "-o", filepath.Join(dir, "square"), filepath.Join(dir, "main.c")).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	wantDebug(t, d, map[string]any{"operation": "adapters"}, false, "lldb (lldb-dap): root marker Cargo.toml, CMakeLists.txt: found CMakeLists.txt; command: ", "lldb-dap")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.c", "lines": []int{4}}, false, "kept")
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "square"}, false,
		"main.c:4 verified at line 4", "stopped (breakpoint)", "main.c:4 in square", "int r = n * n;")
	*pids = append(*pids, sup.PIDs()...)
	if len(*pids) != 1 {
		t.Fatalf("PIDs = %v, want one adapter", *pids)
	}
	stack := wantDebug(t, d, map[string]any{"operation": "stack"}, false, "square\tmain.c:4", "main\tmain.c:11")
	scopes := wantDebug(t, d, map[string]any{"operation": "scopes", "frame_id": frameID(t, stack, "square")}, false, "Locals")
	wantDebug(t, d, map[string]any{"operation": "variables", "reference": refOf(t, scopes, "Locals")}, false, "n int = 1")
	scopes = wantDebug(t, d, map[string]any{"operation": "scopes", "frame_id": frameID(t, stack, "main")}, false, "Locals")
	wantDebug(t, d, map[string]any{"operation": "variables", "reference": refOf(t, scopes, "Locals")}, false, "total int = 0", "i int = 1")
	wantDebug(t, d, map[string]any{"operation": "step_over"}, false, "main.c:5", "return r;")
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "r + 41"}, false, "42")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.c", "lines": []int{}}, false, "cleared")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "the session ended", "exited with code 0")
	wantDebug(t, d, map[string]any{"operation": "output"}, false, "total 14")
	for _, pid := range *pids {
		if err := syscall.Kill(-pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("adapter group %d survives the program's exit (%v)", pid, err)
		}
	}
}

// TestDebugGoBinary: a built Go binary runs under delve's exec mode, not
// lldb.
func TestDebugGoBinary(t *testing.T) {
	d, dir, sup, pids := debugRun(t, "go", 0)
	build := exec.Command("go", "build", "-gcflags=all=-N -l", "-o", "debugme", ".")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.go", "lines": []int{6}}, false)
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "debugme"}, false,
		"main.go:6 verified at line 6", "stopped (breakpoint)", "main.go:6 in main.square")
	*pids = append(*pids, sup.PIDs()...)
	noteDebuggees(sup)
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "n"}, false, "1")
	wantDebug(t, d, map[string]any{"operation": "terminate"}, false, "terminated")
}

// TestDebugPause: a program that never stops by itself is reported as
// running after the bounded wait, refuses a step, and stops on pause.
func TestDebugPause(t *testing.T) {
	d, _, sup, pids := debugRun(t, "spin", 0)
	sup.WithStopWait(2 * time.Second)
	wantDebug(t, d, map[string]any{"operation": "pause"}, true, "no debug session runs")
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "."}, false, "no breakpoints set", "still running after 2s", "pause it")
	*pids = append(*pids, sup.PIDs()...)
	wantDebug(t, d, map[string]any{"operation": "status"}, false, "a session runs .", "running")
	wantDebug(t, d, map[string]any{"operation": "step_over"}, true, "running, not stopped", "pause it first")
	wantDebug(t, d, map[string]any{"operation": "stack"}, true)
	wantDebug(t, d, map[string]any{"operation": "pause"}, false, "stopped (pause)")
	wantDebug(t, d, map[string]any{"operation": "pause"}, true, "not running")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.go", "lines": []int{10}}, false, "verified at line 10")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "main.go:10 in main.tick", "return n + 1")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.go", "lines": []int{}}, false, "cleared")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "still running after 2s")
	wantDebug(t, d, map[string]any{"operation": "output"}, false, "spinning")
	debuggees := sup.Debuggees()
	if len(debuggees) != 1 {
		t.Fatalf("Debuggees = %v, want the spinning program", debuggees)
	}
	wantDebug(t, d, map[string]any{"operation": "terminate"}, false, "terminated")
	if !gone(debuggees[0]) {
		t.Errorf("the debuggee %d survives terminate", debuggees[0])
	}
	wantDebug(t, d, map[string]any{"operation": "status"}, false, "terminated on request")
}

// TestDebugDelveAttach: attach to a headless delve server by its port.
func TestDebugDelveAttach(t *testing.T) {
	d, dir, sup, pids := debugRun(t, "go", 0)
	dlv := peers.Require(t, "dlv")
	cmd := exec.Command(dlv, "debug", "--headless", "--listen=127.0.0.1:0", "--api-version=2", "--accept-multiclient")
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	*pids = append(*pids, cmd.Process.Pid)
	exited := make(chan struct{})
	ports := make(chan int, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		re := regexp.MustCompile(`listening at: 127\.0\.0\.1:(\d+)`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				p, _ := strconv.Atoi(m[1])
				ports <- p
			}
		}
		cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-exited
	})
	var port int
	select {
	case port = <-ports:
	case <-exited:
		t.Fatal("dlv exited before it listened")
	case <-time.After(2 * time.Minute):
		t.Fatal("dlv did not listen within 2m")
	}
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.go", "lines": []int{6}}, false)
	wantDebug(t, d, map[string]any{"operation": "attach", "port": port}, false,
		fmt.Sprintf("attached to the delve server on port %d", port), "main.go:6 verified", "stopped (breakpoint)", "main.go:6 in main.square")
	if p := sup.PIDs(); len(p) != 0 {
		t.Errorf("PIDs = %v, want none: the session started no adapter", p)
	}
	wantDebug(t, d, map[string]any{"operation": "attach", "port": port}, true, "already runs")
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "n * 10"}, false, "10")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "main.go:6", "r := n * n")
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "n"}, false, "2")
	wantDebug(t, d, map[string]any{"operation": "terminate"}, false, "terminated")
	select {
	case <-exited:
		t.Error("terminate ended the delve server this session did not start")
	case <-time.After(200 * time.Millisecond):
	}
}
