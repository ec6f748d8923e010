package tools

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/agenttools/agenttools/internal/peers"
)

// debugRun is a run over a copy of testdata/debug/NAME with a debug
// supervisor of the given TTL; the test's end closes it and checks that
// no adapter or debuggee outlives it.
func debugRun(t *testing.T, name string, ttl time.Duration) (*Dispatcher, string, *dapclient.Supervisor, *[]int) {
	t.Helper()
	dlv := peers.Require(t, "dlv")
	t.Setenv("PATH", filepath.Dir(dlv)+string(os.PathListSeparator)+os.Getenv("PATH"))
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
		sup.Close()
		for _, pid := range *pids {
			if err := syscall.Kill(-pid, 0); !errors.Is(err, syscall.ESRCH) {
				t.Errorf("a process of adapter group %d survives the run (%v)", pid, err)
			}
		}
	})
	d, err := Registry(&Run{Dir: dir, ConversationID: "conv-test", Debug: sup, Yes: true})
	if err != nil {
		t.Fatal(err)
	}
	return d, dir, sup, pids
}

func debugCall(t *testing.T, d *Dispatcher, args map[string]any) (string, bool) {
	t.Helper()
	res := call(t, d, "debug", args)
	return res.TextContent(), res.IsError
}

// wantDebug calls debug and checks the result's kind and that its text
// holds every one of want.
func wantDebug(t *testing.T, d *Dispatcher, args map[string]any, isErr bool, want ...string) string {
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
		var id int
		var name string
		if _, err := fmt.Sscanf(line, "frame %d\t%s", &id, &name); err == nil && name == fn {
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
	wantDebug(t, d, map[string]any{"operation": "attach", "port": 4000}, true, "not available yet")
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "go.mod"}, true, "not a Go program", "not available yet")
}
