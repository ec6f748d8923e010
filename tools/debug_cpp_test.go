//go:build unix

package tools

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
)

// TestDebugCpp debugs a C++ program built with clang++-14 -g under
// lldb-dap: a breakpoint in a function template stops in each of its two
// instantiations, whose frames and locals lldb names by their types.
func TestDebugCpp(t *testing.T) {
	lldbPeer(t)
	cxx := peers.Require(t, "clang++-14")
	d, dir, sup, pids := debugRunIn(t, "cpp", 0)
	if out, err := exec.Command(cxx, "-g", "-O0", "-o", filepath.Join(dir, "add"), filepath.Join(dir, "main.cpp")).CombinedOutput(); err != nil {
		t.Fatalf("clang++-14: %v\n%s", err, out)
	}
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.cpp", "lines": []int{5}}, false, "kept")
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "add"}, false,
		"main.cpp:5 verified at line 5", "stopped (breakpoint)", "main.cpp:5 in int add<int>(int, int)", "T sum = a + b;")
	*pids = append(*pids, sup.PIDs()...)

	// At the breakpoint sum is not yet assigned, and holds whatever the
	// stack held: only the parameters are known.
	top := "int add<int>(int, int)"
	locals := cppLocals(t, d, top, []string{top + "\tmain.cpp:5", "main\tmain.cpp:10"})
	if want := "a int = 2\nb int = 3\nsum int = "; !strings.HasPrefix(locals, want) {
		t.Errorf("locals of %s at the breakpoint:\n%s\nwant them to begin %q", top, locals, want)
	}
	wantDebug(t, d, map[string]any{"operation": "step_over"}, false, "main.cpp:6", "return sum;")
	if diff := cmp.Diff("a int = 2\nb int = 3\nsum int = 5", cppLocals(t, d, top, []string{top + "\tmain.cpp:6", "main\tmain.cpp:10"})); diff != "" {
		t.Errorf("locals of %s after the step (-want +got):\n%s", top, diff)
	}

	top = "double add<double>(double, double)"
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "stopped (breakpoint)", "main.cpp:5 in "+top)
	wantDebug(t, d, map[string]any{"operation": "step_over"}, false, "main.cpp:6", "return sum;")
	if diff := cmp.Diff("a double = 0.25\nb double = 0.25\nsum double = 0.5", cppLocals(t, d, top, []string{top + "\tmain.cpp:6", "main\tmain.cpp:11"})); diff != "" {
		t.Errorf("locals of %s after the step (-want +got):\n%s", top, diff)
	}

	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.cpp", "lines": []int{}}, false, "cleared")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "the session ended", "exited with code 0")
	wantDebug(t, d, map[string]any{"operation": "output"}, false, "total 5 half 0.50")
	for _, pid := range *pids {
		if err := syscall.Kill(-pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("adapter group %d survives the program's exit (%v)", pid, err)
		}
	}
}

// cppLocals asks for the stack, checks that its innermost frames are
// want (each "function\tfile:line"), and returns the variables of the
// Locals scope of the frame of fn, without the final newline.
func cppLocals(t *testing.T, d *tool.Dispatcher, fn string, want []string) string {
	t.Helper()
	stack := wantDebug(t, d, map[string]any{"operation": "stack"}, false)
	var frames []string
	for _, line := range strings.Split(stack, "\n") {
		if _, frame, ok := strings.Cut(line, "\t"); ok && strings.HasPrefix(line, "frame ") {
			frames = append(frames, frame)
		}
	}
	if len(frames) > len(want) {
		frames = frames[:len(want)]
	}
	if diff := cmp.Diff(want, frames); diff != "" {
		t.Errorf("innermost frames (-want +got):\n%s", diff)
	}
	scopes := wantDebug(t, d, map[string]any{"operation": "scopes", "frame_id": frameID(t, stack, fn)}, false, "Locals")
	vars := wantDebug(t, d, map[string]any{"operation": "variables", "reference": refOf(t, scopes, "Locals")}, false)
	return strings.TrimRight(vars, "\n")
}
