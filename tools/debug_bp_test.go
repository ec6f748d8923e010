//go:build unix

package tools

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
)

// A bpProgram is a loop of ten calls, for i from 0 to 9, of a function
// work, under one adapter.
type bpProgram struct {
	name     string
	start    func(t *testing.T) (*tool.Dispatcher, string, *dapclient.Supervisor, *[]int) // the run, and the program to launch
	file     string
	loop     int    // the line of the call in the loop, where i is in scope
	function string // work, as a function breakpoint names it
	frame    string // work's frame, as stack names it
	fnStop   string // the reason the adapter gives for a stop at a function breakpoint
	// hitAgain: a hit condition N stops on the Nth hit and every later
	// one (lldb's ignore count), not on the Nth alone.
	hitAgain bool
	total    string // what the program prints at its end
}

func bpPrograms() []bpProgram {
	return []bpProgram{
		{
			name: "delve",
			start: func(t *testing.T) (*tool.Dispatcher, string, *dapclient.Supervisor, *[]int) {
				d, _, sup, pids := debugRun(t, "goloop", 0)
				return d, ".", sup, pids
			},
			file: "main.go", loop: 12, function: "main.work", frame: "main.work", fnStop: "function breakpoint", total: "total 90",
		},
		{
			name: "debugpy",
			start: func(t *testing.T) (*tool.Dispatcher, string, *dapclient.Supervisor, *[]int) {
				debugpyPeer(t)
				d, _, sup, pids := debugRunIn(t, "pyloop", 0)
				return d, "main.py", sup, pids
			},
			file: "main.py", loop: 14, function: "work", frame: "work", fnStop: "function breakpoint", total: "total 90",
		},
		{
			name: "lldb",
			start: func(t *testing.T) (*tool.Dispatcher, string, *dapclient.Supervisor, *[]int) {
				lldbPeer(t)
				cxx := peers.Require(t, "clang++-14")
				d, dir, sup, pids := debugRunIn(t, "cpploop", 0)
				if out, err := exec.Command(cxx, "-g", "-O0", "-o", filepath.Join(dir, "loop"), filepath.Join(dir, "main.cpp")).CombinedOutput(); err != nil {
					t.Fatalf("clang++-14: %v\n%s", err, out)
				}
				return d, "loop", sup, pids
			},
			file: "main.cpp", loop: 20, function: "calc::work", frame: "calc::work(int)", fnStop: "breakpoint", hitAgain: true, total: "total 90",
		},
	}
}

// launchBP launches the program and records its adapter's process group
// for the run's final check.
func launchBP(t *testing.T, d *tool.Dispatcher, program string, sup *dapclient.Supervisor, pids *[]int, want ...string) string {
	t.Helper()
	text := wantDebug(t, d, map[string]any{"operation": "launch", "program": program}, false, want...)
	*pids = append(*pids, sup.PIDs()...)
	return text
}

// TestDebugBreakpointKinds: a condition, a hit condition, a logpoint and
// a function breakpoint, each set before launch, under delve, debugpy
// and lldb-dap.
func TestDebugBreakpointKinds(t *testing.T) {
	for _, p := range bpPrograms() {
		t.Run(p.name+"/condition", func(t *testing.T) {
			d, program, sup, pids := p.start(t)
			wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": p.file, "lines": []any{map[string]any{"line": p.loop, "condition": "i == 3"}}}, false,
				"kept", fmt.Sprintf("lines %d (condition i == 3)", p.loop))
			launchBP(t, d, program, sup, pids, fmt.Sprintf("%s:%d verified at line %d (condition i == 3)", p.file, p.loop, p.loop), "stopped (breakpoint)", fmt.Sprintf("%s:%d", p.file, p.loop))
			wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "i"}, false, "3")
			if got := localOf(t, d, "i"); got != "3" {
				t.Errorf("variables: i = %q, want 3", got)
			}
			wantDebug(t, d, map[string]any{"operation": "continue"}, false, "the session ended", "exited with code 0")
			wantDebug(t, d, map[string]any{"operation": "output"}, false, p.total)
		})
		t.Run(p.name+"/hit_condition", func(t *testing.T) {
			d, program, sup, pids := p.start(t)
			wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": p.file, "lines": []any{map[string]any{"line": p.loop, "hit_condition": "4"}}}, false, "(hit condition 4)")
			launchBP(t, d, program, sup, pids, "stopped (breakpoint)", fmt.Sprintf("%s:%d", p.file, p.loop))
			wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "i"}, false, "3")
			if !p.hitAgain {
				wantDebug(t, d, map[string]any{"operation": "continue"}, false, "the session ended", "exited with code 0")
				return
			}
			wantDebug(t, d, map[string]any{"operation": "continue"}, false, "stopped (breakpoint)", fmt.Sprintf("%s:%d", p.file, p.loop))
			wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "i"}, false, "4")
			wantDebug(t, d, map[string]any{"operation": "terminate"}, false, "terminated")
		})
		t.Run(p.name+"/logpoint", func(t *testing.T) {
			d, program, sup, pids := p.start(t)
			wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": p.file, "lines": []any{map[string]any{"line": p.loop, "log_message": "i={i}"}}}, false, `(logpoint "i={i}")`)
			launchBP(t, d, program, sup, pids, "the session ended", "exited with code 0")
			out := wantDebug(t, d, map[string]any{"operation": "output"}, false, p.total)
			var want []string
			for i := range 10 {
				want = append(want, fmt.Sprintf("i=%d", i))
			}
			got := regexp.MustCompile(`(?m)\bi=\d+$`).FindAllString(out, -1)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("logpoint lines in output (-want +got):\n%s\noutput:\n%s", diff, out)
			}
		})
		t.Run(p.name+"/function", func(t *testing.T) {
			d, program, sup, pids := p.start(t)
			wantDebug(t, d, map[string]any{"operation": "function_breakpoints", "names": []string{p.function}}, false, "kept for "+p.function)
			launchBP(t, d, program, sup, pids, "function "+p.function+" verified", "stopped ("+p.fnStop+")", "in "+p.frame)
			stack := wantDebug(t, d, map[string]any{"operation": "stack"}, false)
			frameID(t, stack, p.frame)
			wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "i"}, false, "0")
			// Cleared while the session runs: the program runs to its end.
			wantDebug(t, d, map[string]any{"operation": "function_breakpoints", "names": []string{}}, false, "cleared")
			wantDebug(t, d, map[string]any{"operation": "continue"}, false, "the session ended")
		})
	}
}

// localOf reads a local variable of the top frame through stack, scopes
// and variables, and returns its value.
func localOf(t *testing.T, d *tool.Dispatcher, name string) string {
	t.Helper()
	stack := wantDebug(t, d, map[string]any{"operation": "stack"}, false)
	var id int
	if _, err := fmt.Sscanf(strings.SplitN(stack, "\n", 3)[1], "frame %d", &id); err != nil {
		t.Fatalf("no top frame in:\n%s", stack)
	}
	scopes := wantDebug(t, d, map[string]any{"operation": "scopes", "frame_id": id}, false, "Locals")
	vars := wantDebug(t, d, map[string]any{"operation": "variables", "reference": refOf(t, scopes, "Locals")}, false)
	for _, line := range strings.Split(vars, "\n") {
		if n, rest, ok := strings.Cut(line, " "); ok && n == name {
			_, val, _ := strings.Cut(rest, " = ")
			val, _, _ = strings.Cut(val, "\t")
			return val
		}
	}
	t.Fatalf("no variable %s in:\n%s", name, vars)
	return ""
}

// TestDebugBreakpointsWhileRunning: breakpoints of every kind set while
// the session is stopped take effect at once.
func TestDebugBreakpointsWhileRunning(t *testing.T) {
	debugpyPeer(t)
	d, _, _, _ := debugRunIn(t, "pyloop", 0)
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.py", "lines": []int{12}}, false)
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "main.py"}, false, "stopped (breakpoint)", "main.py:12")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.py", "lines": []any{map[string]any{"line": 14, "condition": "i == 6"}}}, false,
		"main.py:14 verified at line 14 (condition i == 6)")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "stopped (breakpoint)", "main.py:14")
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "i"}, false, "6")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.py", "lines": []int{}}, false, "cleared")
	wantDebug(t, d, map[string]any{"operation": "function_breakpoints", "names": []string{"check"}}, false, "function check verified")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "stopped (function breakpoint)", "in check")
	wantDebug(t, d, map[string]any{"operation": "exception_breakpoints", "filters": []string{"nosuch"}}, true, `no exception filter "nosuch"`, "raised, uncaught, userUnhandled")
	wantDebug(t, d, map[string]any{"operation": "exception_breakpoints", "filters": []string{"raised"}}, false, "exception filters set: raised")
	wantDebug(t, d, map[string]any{"operation": "status"}, false, "exception filters of debugpy: raised, uncaught, userUnhandled (set: raised)", "function breakpoints: check")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "stopped (exception)", "main.py:7", "ValueError")
	wantDebug(t, d, map[string]any{"operation": "exception_breakpoints", "filters": []string{}}, false, "cleared")
	// Cleared, the filter no longer stops the exception in the frame that
	// catches it.
	wantDebug(t, d, map[string]any{"operation": "function_breakpoints"}, false, "cleared")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "the session ended")
	wantDebug(t, d, map[string]any{"operation": "output"}, false, "total 90")
}

// TestDebugPythonRaised: debugpy's raised filter stops where a ValueError
// is raised, though its caller catches it.
func TestDebugPythonRaised(t *testing.T) {
	debugpyPeer(t)
	d, _, _, _ := debugRunIn(t, "pyloop", 0)
	wantDebug(t, d, map[string]any{"operation": "adapters"}, false, "debugpy importable — usable; exception filters: raised, uncaught, userUnhandled", "exception filters: unrecovered-panic, runtime-fatal-throw")
	wantDebug(t, d, map[string]any{"operation": "exception_breakpoints", "filters": []string{"raised"}}, false, "exception filters raised kept", "debugpy: raised, uncaught, userUnhandled")
	wantDebug(t, d, map[string]any{"operation": "status"}, false, "exception filters kept for the next launch: raised")
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "main.py"}, false,
		"exception filters set: raised", "stopped (exception)", "main.py:7 in check", "exception ValueError: too big: 5", `raise ValueError("too big: %d" % n)`)
	stack := wantDebug(t, d, map[string]any{"operation": "stack"}, false, "check\tmain.py:7", "main\tmain.py:16")
	wantDebug(t, d, map[string]any{"operation": "evaluate", "expression": "n", "frame_id": frameID(t, stack, "check")}, false, "5")
	// debugpy stops again as the exception reaches the frame that
	// catches it.
	for range 3 {
		text := wantDebug(t, d, map[string]any{"operation": "continue"}, false)
		if strings.Contains(text, "the session ended") {
			if !strings.Contains(text, "exited with code 0") {
				t.Errorf("the program did not exit with 0:\n%s", text)
			}
			break
		}
		if !strings.Contains(text, "exception ValueError: too big: 5") {
			t.Fatalf("continue stopped elsewhere than at the ValueError:\n%s", text)
		}
	}
	wantDebug(t, d, map[string]any{"operation": "output"}, false, "total 90")
	// The filters of the session that ran, from its capabilities.
	wantDebug(t, d, map[string]any{"operation": "adapters"}, false, "exception filters: raised, uncaught, userUnhandled")
}

// TestDebugCppThrow: lldb-dap's cpp_throw filter stops where a C++
// exception is thrown, though its caller catches it.
func TestDebugCppThrow(t *testing.T) {
	p := bpPrograms()[2]
	d, program, sup, pids := p.start(t)
	wantDebug(t, d, map[string]any{"operation": "exception_breakpoints", "filters": []string{"cpp_throw"}}, false, "kept", "lldb: cpp_catch, cpp_throw")
	launchBP(t, d, program, sup, pids, "exception filters set: cpp_throw", "stopped (exception)", "exception cpp_throw",
		"thrown from calc::check(int) at main.cpp:11", `throw std::runtime_error("too big");`)
	stack := wantDebug(t, d, map[string]any{"operation": "stack"}, false, "main\tmain.cpp:23")
	frameID(t, stack, "calc::check(int)")
	wantDebug(t, d, map[string]any{"operation": "status"}, false, "exception filters of lldb: ", "cpp_throw", "(set: cpp_throw)")
	wantDebug(t, d, map[string]any{"operation": "continue"}, false, "the session ended", "exited with code 0")
	wantDebug(t, d, map[string]any{"operation": "output"}, false, p.total)
}

// TestDebugGoPanic: delve stops on an unrecovered panic by its default
// filter, and the stop names the panic and the code that panicked.
func TestDebugGoPanic(t *testing.T) {
	d, _, _, _ := debugRun(t, "gopanic", 0)
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "."}, false, "no breakpoints set", "stopped (exception)",
		`exception panic: "too big: 5"`, "thrown from main.check at main.go:7", `panic(fmt.Sprintf("too big: %d", n))`)
	wantDebug(t, d, map[string]any{"operation": "stack"}, false, "main.check\tmain.go:7", "main.main\tmain.go:13")
	wantDebug(t, d, map[string]any{"operation": "status"}, false, "exception filters of delve: unrecovered-panic, runtime-fatal-throw (by the adapter's default: unrecovered-panic, runtime-fatal-throw)")
	wantDebug(t, d, map[string]any{"operation": "terminate"}, false, "terminated")
}

// TestDebugExceptionFiltersDelve: delve's filters are its own
// (unrecovered-panic, runtime-fatal-throw); one it lacks, kept before
// launch, is named as not set, and refused while a session runs.
func TestDebugExceptionFiltersDelve(t *testing.T) {
	d, _, _, _ := debugRun(t, "goloop", 0)
	wantDebug(t, d, map[string]any{"operation": "exception_breakpoints", "filters": []string{"raised"}}, false, "kept")
	wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.go", "lines": []int{12}}, false)
	wantDebug(t, d, map[string]any{"operation": "launch", "program": "."}, false,
		"the exception filters raised are not set: the delve adapter does not have them (its filters are unrecovered-panic, runtime-fatal-throw, left as the adapter sets them)", "stopped (breakpoint)")
	wantDebug(t, d, map[string]any{"operation": "exception_breakpoints", "filters": []string{"raised"}}, true,
		`filters: the delve adapter has no exception filter "raised"; its filters are unrecovered-panic, runtime-fatal-throw`)
	wantDebug(t, d, map[string]any{"operation": "exception_breakpoints", "filters": []string{"unrecovered-panic"}}, false, "exception filters set: unrecovered-panic")
	wantDebug(t, d, map[string]any{"operation": "status"}, false, "exception filters of delve: unrecovered-panic, runtime-fatal-throw (set: unrecovered-panic)")
	wantDebug(t, d, map[string]any{"operation": "terminate"}, false, "terminated")
}

// TestDebugBadLines: an item of lines that is neither a line number nor
// an object with a line is refused, naming lines and what is wrong.
func TestDebugBadLines(t *testing.T) {
	d, _, _, _ := debugRun(t, "goloop", 0)
	for _, tc := range []struct {
		name  string
		lines any
		want  string
	}{
		{"string", []any{"12"}, `has type "string", want "integer"`},
		{"no line", []any{map[string]any{"condition": "i == 3"}}, `missing properties: ["line"]`},
		{"unknown field", []any{map[string]any{"line": 12, "when": "i == 3"}}, `unexpected additional properties ["when"]`},
		{"zero", []any{0}, "is less than 1"},
		{"zero in object", []any{map[string]any{"line": 0}}, "is less than 1"},
		{"fraction", []any{1.5}, `has type "number", want "integer"`},
		{"condition not text", []any{map[string]any{"line": 12, "condition": true}}, `has type "boolean", want "string"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantDebug(t, d, map[string]any{"operation": "breakpoints", "file": "main.go", "lines": tc.lines}, true, `argument "lines"`, tc.want,
				"want with breakpoints: each a 1-based line, or an object {line, condition, hit_condition, log_message}")
		})
	}
	wantDebug(t, d, map[string]any{"operation": "status"}, false, "no debug session runs")
	wantDebug(t, d, map[string]any{"operation": "function_breakpoints", "names": []string{""}}, true, "names: a function name is empty")
	wantDebug(t, d, map[string]any{"operation": "exception_breakpoints", "filters": []string{" "}}, true, "filters: a filter id is empty")
}

// TestDebugLineJSON: an item of lines decodes from a number or from the
// object form, and anything else is an error naming lines.
func TestDebugLineJSON(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    debugLine
		wantErr bool
	}{
		{`7`, debugLine{Line: 7}, false},
		{`{"line": 7}`, debugLine{Line: 7}, false},
		{`{"line": 7, "condition": "i == 3", "hit_condition": "4", "log_message": "i={i}"}`, debugLine{Line: 7, Condition: "i == 3", HitCondition: "4", LogMessage: "i={i}"}, false},
		{`"7"`, debugLine{}, true},
		{`{"condition": "i == 3"}`, debugLine{}, true},
		{`{"line": 7, "cond": "x"}`, debugLine{}, true},
		{`[7]`, debugLine{}, true},
		{`null`, debugLine{}, true},
	} {
		var got debugLine
		err := json.Unmarshal([]byte(tc.in), &got)
		if (err != nil) != tc.wantErr {
			t.Errorf("%s: error %v, want error %v", tc.in, err, tc.wantErr)
			continue
		}
		if err != nil && !strings.HasPrefix(err.Error(), "lines: ") {
			t.Errorf("%s: error %q does not name lines", tc.in, err)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.in, diff)
		}
	}
}
