package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/google/go-dap"
)

// Limits of the debug tool.
const (
	maxDebugFrames    = 30
	maxDebugVariables = 50
	maxDebugValue     = 400
	debugStopWait     = 10 * time.Second
	debugLaunchWait   = 2 * time.Minute // delve builds the program first
	debugRequestWait  = 30 * time.Second
)

func debugTools(e *env) []*Tool {
	t := NewTool("debug", Exec, false,
		"Drive a debugger (delve for Go, debugpy for Python). Set breakpoints (file, lines; empty lines clears the file) before or after launch; launch (program: a .go file or package folder, or a .py file; args) starts it and runs to the first breakpoint; attach (port) connects to a Python program started with `python -m debugpy --listen 127.0.0.1:PORT` (attaching to a delve server is not available). continue, pause, step_over, step_in, step_out (thread_id optional) wait up to 10 s for the next stop and say where it is. threads, stack (up to 30 frames), scopes (frame_id from the current stack), variables (reference from scopes or variables; up to 50), evaluate (expression, frame_id optional) inspect a stopped program. output shows the program's stdout/stderr; status says whether a session runs; adapters says which debuggers are usable here; terminate ends the session. One session per conversation, ended after its time limit.",
		e.debug)
	setEnum(t.InputSchema, "operation", "adapters", "status", "breakpoints", "launch", "attach", "continue", "pause", "step_over", "step_in", "step_out", "threads", "stack", "scopes", "variables", "evaluate", "output", "terminate")
	return []*Tool{t}
}

type debugArgs struct {
	Operation  string   `json:"operation" jsonschema:"what to do"`
	File       string   `json:"file,omitempty" jsonschema:"with breakpoints: the source file, relative to the working directory"`
	Lines      []int    `json:"lines,omitempty" jsonschema:"with breakpoints: 1-based lines; empty clears the file"`
	Program    string   `json:"program,omitempty" jsonschema:"with launch: a .go file or a package folder, or a .py file, relative to the working directory"`
	Args       []string `json:"args,omitempty" jsonschema:"with launch: the program's command-line arguments"`
	Port       int      `json:"port,omitempty" jsonschema:"with attach: the port the debuggee listens on"`
	ThreadID   int      `json:"thread_id,omitempty" jsonschema:"thread to move or inspect; default the stopped one"`
	FrameID    int      `json:"frame_id,omitempty" jsonschema:"a frame id from stack, during the current stop"`
	Reference  int      `json:"reference,omitempty" jsonschema:"a variables reference from scopes or variables"`
	Expression string   `json:"expression,omitempty" jsonschema:"with evaluate: the expression"`
}

func (e *env) debug(ctx context.Context, a debugArgs) (Result, error) {
	conv := e.run.Debug.Conversation(e.run.ConversationID)
	conv.Lock()
	defer conv.Unlock()
	switch a.Operation {
	case "adapters":
		return e.debugAdapters(ctx), nil
	case "status":
		return debugStatus(conv), nil
	case "breakpoints":
		return e.debugBreakpoints(ctx, conv, a)
	case "launch":
		return e.debugLaunch(ctx, conv, a)
	case "attach":
		return e.debugAttach(ctx, conv, a)
	case "output":
		sess := conv.Last()
		if sess == nil {
			return Errorf("no session has run in this conversation; launch a program first"), nil
		}
		out, dropped := sess.Output()
		var b strings.Builder
		if dropped > 0 {
			fmt.Fprintf(&b, "(%d earlier bytes dropped; the last %d kept)\n", dropped, len(out))
		}
		if out == "" {
			b.WriteString("(no output)")
		}
		b.WriteString(out)
		return Text(b.String()), nil
	}
	sess, why := conv.Session()
	if sess == nil {
		msg := "no debug session runs"
		if why != "" {
			msg += " (the last one ended: " + why + ")"
		}
		return Errorf("%s: %s; launch a program first (debug launch with program)", a.Operation, msg), nil
	}
	rctx, cancel := context.WithTimeout(ctx, debugRequestWait)
	defer cancel()
	switch a.Operation {
	case "terminate":
		sess.End("terminated on request")
		conv.Session()
		return Text("the session is terminated; its adapter and program are ended"), nil
	case "continue", "step_over", "step_in", "step_out", "pause":
		return e.debugMove(rctx, sess, a)
	case "threads":
		resp, err := sess.Client().Do(rctx, &dap.ThreadsRequest{Request: dap.Request{Command: "threads"}})
		if err != nil {
			return debugErr(a.Operation, err), nil
		}
		var b strings.Builder
		for _, t := range resp.(*dap.ThreadsResponse).Body.Threads {
			fmt.Fprintf(&b, "%d\t%s\n", t.Id, t.Name)
		}
		return Text(b.String()), nil
	case "stack":
		return e.debugStack(rctx, sess, a)
	case "scopes":
		if a.FrameID == 0 {
			return Errorf("frame_id: scopes needs a frame id; call stack and take one of its ids"), nil
		}
		h, ok := sess.Frame(a.FrameID)
		if !ok {
			return staleFrame(a.FrameID), nil
		}
		resp, err := sess.Client().Do(rctx, &dap.ScopesRequest{Request: dap.Request{Command: "scopes"}, Arguments: dap.ScopesArguments{FrameId: h}})
		if err != nil {
			return debugErr(a.Operation, err), nil
		}
		var b strings.Builder
		for _, s := range resp.(*dap.ScopesResponse).Body.Scopes {
			fmt.Fprintf(&b, "%s\treference %d\n", s.Name, sess.AddRef(s.VariablesReference))
		}
		return Text(b.String()), nil
	case "variables":
		if a.Reference <= 0 {
			return Errorf("reference: variables needs a reference; take one from scopes (or from a variable's children)"), nil
		}
		h, ok := sess.Ref(a.Reference)
		if !ok {
			return Errorf("reference: %d is not from the current stop (the program moved since, or it was never given out); call stack, then scopes, again", a.Reference), nil
		}
		resp, err := sess.Client().Do(rctx, &dap.VariablesRequest{Request: dap.Request{Command: "variables"}, Arguments: dap.VariablesArguments{VariablesReference: h}})
		if err != nil {
			return debugErr(a.Operation, err), nil
		}
		vars := resp.(*dap.VariablesResponse).Body.Variables
		var b strings.Builder
		cut := 0
		for i, v := range vars {
			if i == maxDebugVariables {
				fmt.Fprintf(&b, "(%d more not shown; %d is the cap)\n", len(vars)-i, maxDebugVariables)
				break
			}
			val, c := cutValue(v.Value)
			if c {
				cut++
			}
			fmt.Fprintf(&b, "%s %s = %s", v.Name, v.Type, val)
			if v.VariablesReference > 0 {
				fmt.Fprintf(&b, "\t(children: reference %d)", sess.AddRef(v.VariablesReference))
			}
			b.WriteByte('\n')
		}
		if cut > 0 {
			fmt.Fprintf(&b, "(%d values cut at %d characters; evaluate an expression to see a part of one)\n", cut, maxDebugValue)
		}
		if len(vars) == 0 {
			b.WriteString("(no variables)")
		}
		return Text(b.String()), nil
	case "evaluate":
		if a.Expression == "" {
			return Errorf("expression: evaluate needs an expression"), nil
		}
		var frame int
		if a.FrameID != 0 {
			h, ok := sess.Frame(a.FrameID)
			if !ok {
				return staleFrame(a.FrameID), nil
			}
			frame = h
		} else {
			f, _, err := topFrame(rctx, sess, 0)
			if err != nil {
				return debugErr(a.Operation, err), nil
			}
			frame = f.Id
		}
		resp, err := sess.Client().Do(rctx, &dap.EvaluateRequest{Request: dap.Request{Command: "evaluate"}, Arguments: dap.EvaluateArguments{Expression: a.Expression, FrameId: frame, Context: "watch"}})
		if err != nil {
			return debugErr(a.Operation, err), nil
		}
		body := resp.(*dap.EvaluateResponse).Body
		val, c := cutValue(body.Result)
		s := val
		if body.Type != "" {
			s = body.Type + " = " + val
		}
		if c {
			s += fmt.Sprintf("\n(value cut at %d characters)", maxDebugValue)
		}
		if body.VariablesReference > 0 {
			s += fmt.Sprintf("\n(children: reference %d)", sess.AddRef(body.VariablesReference))
		}
		return Text(s), nil
	}
	return Errorf("operation: unknown operation %q", a.Operation), nil
}

func staleFrame(id int) Result {
	return Errorf("frame_id: %d is not a frame of the current stop (the program moved since, or stack never gave it); call stack again and use one of its ids", id)
}

func debugErr(op string, err error) Result {
	var re *dapclient.ResponseError
	if errors.As(err, &re) {
		return Errorf("%s: the debugger refused: %s", op, re.Message)
	}
	return Errorf("%s: %v", op, err)
}

func cutValue(v string) (string, bool) {
	if len(v) <= maxDebugValue {
		return v, false
	}
	return v[:maxDebugValue] + "…", true
}

// stoppedThread is the thread to act on: the one given, else the one that
// stopped, else the first.
func stoppedThread(ctx context.Context, sess *dapclient.Session, id int) (int, error) {
	if id != 0 {
		return id, nil
	}
	if st, _, _ := sess.State(); st != nil && st.ThreadId != 0 {
		return st.ThreadId, nil
	}
	resp, err := sess.Client().Do(ctx, &dap.ThreadsRequest{Request: dap.Request{Command: "threads"}})
	if err != nil {
		return 0, err
	}
	ts := resp.(*dap.ThreadsResponse).Body.Threads
	if len(ts) == 0 {
		return 0, fmt.Errorf("the program has no threads")
	}
	return ts[0].Id, nil
}

// topFrame returns the top frame of a thread (the adapter's) and its id
// for the model.
func topFrame(ctx context.Context, sess *dapclient.Session, thread int) (dap.StackFrame, int, error) {
	th, err := stoppedThread(ctx, sess, thread)
	if err != nil {
		return dap.StackFrame{}, 0, err
	}
	resp, err := sess.Client().Do(ctx, &dap.StackTraceRequest{Request: dap.Request{Command: "stackTrace"}, Arguments: dap.StackTraceArguments{ThreadId: th, Levels: 1}})
	if err != nil {
		return dap.StackFrame{}, 0, err
	}
	fs := resp.(*dap.StackTraceResponse).Body.StackFrames
	if len(fs) == 0 {
		return dap.StackFrame{}, 0, fmt.Errorf("thread %d has no frames", th)
	}
	return fs[0], sess.AddFrame(fs[0].Id), nil
}

func (e *env) debugStack(ctx context.Context, sess *dapclient.Session, a debugArgs) (Result, error) {
	th, err := stoppedThread(ctx, sess, a.ThreadID)
	if err != nil {
		return debugErr("stack", err), nil
	}
	resp, err := sess.Client().Do(ctx, &dap.StackTraceRequest{Request: dap.Request{Command: "stackTrace"}, Arguments: dap.StackTraceArguments{ThreadId: th, Levels: maxDebugFrames}})
	if err != nil {
		return debugErr("stack", err), nil
	}
	body := resp.(*dap.StackTraceResponse).Body
	var b strings.Builder
	fmt.Fprintf(&b, "thread %d:\n", th)
	for _, f := range body.StackFrames {
		fmt.Fprintf(&b, "frame %d\t%s\t%s\n", sess.AddFrame(f.Id), f.Name, e.where(f))
	}
	if body.TotalFrames > len(body.StackFrames) {
		fmt.Fprintf(&b, "(%d frames in all; the first %d shown)\n", body.TotalFrames, len(body.StackFrames))
	}
	return Text(b.String()), nil
}

// where renders a frame's file:line, relative to the working directory
// when inside it.
func (e *env) where(f dap.StackFrame) string {
	if f.Source == nil || f.Source.Path == "" {
		return fmt.Sprintf("(no source) line %d", f.Line)
	}
	return fmt.Sprintf("%s:%d", e.debugRel(f.Source.Path), f.Line)
}

func (e *env) debugRel(p string) string {
	if r, err := filepath.Rel(e.run.Debug.Workdir(), p); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return p
}

// sourceLine returns line n (1-based) of a file, trimmed, or "".
func sourceLine(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil || n < 1 {
		return ""
	}
	lines := strings.Split(string(b), "\n")
	if n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
}

func (e *env) debugMove(ctx context.Context, sess *dapclient.Session, a debugArgs) (Result, error) {
	st, running, _ := sess.State()
	if a.Operation == "pause" {
		if !running {
			return Errorf("pause: the program is not running (it is stopped); use stack to see where, or continue"), nil
		}
	} else if running || st == nil {
		return Errorf("%s: the program is running, not stopped; pause it first, or wait with status", a.Operation), nil
	}
	th, err := stoppedThread(ctx, sess, a.ThreadID)
	if err != nil {
		return debugErr(a.Operation, err), nil
	}
	since := sess.Stops()
	var req dap.RequestMessage
	switch a.Operation {
	case "continue":
		req = &dap.ContinueRequest{Request: dap.Request{Command: "continue"}, Arguments: dap.ContinueArguments{ThreadId: th}}
	case "step_over":
		req = &dap.NextRequest{Request: dap.Request{Command: "next"}, Arguments: dap.NextArguments{ThreadId: th}}
	case "step_in":
		req = &dap.StepInRequest{Request: dap.Request{Command: "stepIn"}, Arguments: dap.StepInArguments{ThreadId: th}}
	case "step_out":
		req = &dap.StepOutRequest{Request: dap.Request{Command: "stepOut"}, Arguments: dap.StepOutArguments{ThreadId: th}}
	case "pause":
		req = &dap.PauseRequest{Request: dap.Request{Command: "pause"}, Arguments: dap.PauseArguments{ThreadId: th}}
	}
	if a.Operation != "pause" {
		sess.Resumed()
	}
	if _, err := sess.Client().Do(ctx, req); err != nil {
		return debugErr(a.Operation, err), nil
	}
	return e.afterMove(ctx, sess, since), nil
}

// afterMove waits for the next stop after since and says where it is.
func (e *env) afterMove(ctx context.Context, sess *dapclient.Session, since int) Result {
	if !sess.WaitStop(ctx, since, debugStopWait) {
		return Text(fmt.Sprintf("still running after %v; pause or wait (status says when it stops)", debugStopWait))
	}
	if _, _, code := sess.State(); code != nil {
		// The program exited: the adapter ends the session next.
		select {
		case <-sess.Done():
		case <-time.After(5 * time.Second):
		case <-ctx.Done():
		}
	}
	return Text(e.describeStop(ctx, sess))
}

// describeStop says where the program stands: stopped at a line, or ended.
func (e *env) describeStop(ctx context.Context, sess *dapclient.Session) string {
	if why := sess.Ended(); why != "" {
		return "the session ended: " + why + "; output shows what the program printed"
	}
	st, running, code := sess.State()
	if st == nil {
		if code != nil {
			return fmt.Sprintf("the program exited with code %d", *code)
		}
		if running {
			return "running"
		}
		return "not stopped"
	}
	f, id, err := topFrame(ctx, sess, st.ThreadId)
	if err != nil {
		return fmt.Sprintf("stopped (%s) in thread %d; stack failed: %v", st.Reason, st.ThreadId, err)
	}
	s := fmt.Sprintf("stopped (%s) in thread %d at %s in %s (frame %d)", st.Reason, st.ThreadId, e.where(f), f.Name, id)
	if f.Source != nil {
		if line := sourceLine(f.Source.Path, f.Line); line != "" {
			s += fmt.Sprintf("\n%6d\t%s", f.Line, line)
		}
	}
	return s
}

func debugStatus(conv *dapclient.Conversation) Result {
	sess, why := conv.Session()
	if sess == nil {
		if why != "" {
			return Text("no debug session runs; the last one ended: " + why)
		}
		return Text("no debug session runs in this conversation")
	}
	st, running, _ := sess.State()
	state := "starting"
	switch {
	case st != nil:
		state = fmt.Sprintf("stopped (%s) in thread %d; stack shows where", st.Reason, st.ThreadId)
	case running:
		state = "running"
	}
	return Text(fmt.Sprintf("a session runs %s (for %v): %s", sess.Program, time.Since(sess.Started).Round(time.Second), state))
}

// A debugAdapter is one entry of the adapter table.
type debugAdapter struct {
	id      string
	binary  string
	markers []string
}

var debugAdapters = []debugAdapter{{"delve", "dlv", []string{"go.mod"}}}

// debugpyMarkers are the root markers of a Python project.
var debugpyMarkers = []string{"pyproject.toml", "setup.py", "requirements.txt"}

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

func (e *env) debugAdapters(ctx context.Context) Result {
	var b strings.Builder
	for _, ad := range debugAdapters {
		marker := ""
		for _, m := range ad.markers {
			if _, err := os.Stat(filepath.Join(e.run.Debug.Workdir(), m)); err == nil {
				marker = m
			}
		}
		bin, _ := exec.LookPath(ad.binary)
		fmt.Fprintf(&b, "%s: root marker %s: ", ad.id, strings.Join(ad.markers, ", "))
		if marker != "" {
			b.WriteString("found")
		} else {
			b.WriteString("not found in the working directory")
		}
		fmt.Fprintf(&b, "; binary %s: ", ad.binary)
		if bin != "" {
			b.WriteString(bin)
		} else {
			b.WriteString("not found on PATH")
		}
		if marker != "" && bin != "" {
			b.WriteString(" — usable\n")
		} else {
			b.WriteString(" — not usable\n")
		}
	}
	wd := e.run.Debug.Workdir()
	marker := ""
	for _, m := range debugpyMarkers {
		if _, err := os.Stat(filepath.Join(wd, m)); err == nil {
			marker = m
			break
		}
	}
	fmt.Fprintf(&b, "debugpy: root marker %s: ", strings.Join(debugpyMarkers, ", "))
	if marker != "" {
		b.WriteString("found " + marker)
	} else {
		b.WriteString("not found in the working directory")
	}
	python := debugPython(wd)
	b.WriteString("; interpreter: ")
	if python != "" {
		b.WriteString(python)
	} else {
		b.WriteString("none (no .venv/bin/python, venv/bin/python, or python3 on PATH)")
	}
	missing := debugpyMissing(ctx, python)
	if python != "" {
		if missing == "" {
			b.WriteString("; debugpy importable")
		} else {
			b.WriteString("; " + missing)
		}
	}
	if marker != "" && missing == "" {
		b.WriteString(" — usable\n")
	} else {
		b.WriteString(" — not usable\n")
	}
	b.WriteString("lldb and dart are not available yet\n")
	return Text(b.String())
}

func (e *env) debugBreakpoints(ctx context.Context, conv *dapclient.Conversation, a debugArgs) (Result, error) {
	if a.File == "" {
		return Errorf("file: breakpoints needs a file"), nil
	}
	path, err := e.root.ForRead(a.File)
	if err == nil {
		_, err = os.Stat(path)
	}
	if err != nil {
		return pathError("file", a.File, err), nil
	}
	for _, l := range a.Lines {
		if l < 1 {
			return Errorf("lines: %d is not a line; lines are 1-based", l), nil
		}
	}
	if len(a.Lines) == 0 {
		delete(conv.Breakpoints, path)
	} else {
		conv.Breakpoints[path] = append([]int(nil), a.Lines...)
	}
	sess, _ := conv.Session()
	if sess == nil {
		if len(a.Lines) == 0 {
			return Text(fmt.Sprintf("breakpoints of %s cleared", a.File)), nil
		}
		return Text(fmt.Sprintf("breakpoints kept for %s at lines %v; they are set when a program is launched", a.File, a.Lines)), nil
	}
	rctx, cancel := context.WithTimeout(ctx, debugRequestWait)
	defer cancel()
	got, err := sess.SetBreakpoints(rctx, path, a.Lines)
	if err != nil {
		return debugErr("breakpoints", err), nil
	}
	if len(a.Lines) == 0 {
		return Text(fmt.Sprintf("breakpoints of %s cleared", a.File)), nil
	}
	return Text(e.describeBreakpoints(map[string][]dap.Breakpoint{path: got}, map[string][]int{path: a.Lines})), nil
}

func (e *env) describeBreakpoints(got map[string][]dap.Breakpoint, asked map[string][]int) string {
	var b strings.Builder
	for file, bps := range got {
		for i, bp := range bps {
			want := 0
			if i < len(asked[file]) {
				want = asked[file][i]
			}
			if bp.Verified {
				fmt.Fprintf(&b, "%s:%d verified at line %d\n", e.debugRel(file), want, bp.Line)
			} else {
				fmt.Fprintf(&b, "%s:%d not verified: %s\n", e.debugRel(file), want, bp.Message)
			}
		}
	}
	return b.String()
}

func (e *env) debugLaunch(ctx context.Context, conv *dapclient.Conversation, a debugArgs) (Result, error) {
	if sess, _ := conv.Session(); sess != nil {
		return Errorf("launch: a session already runs %s (started %v ago); terminate it first, or keep debugging it", sess.Program, time.Since(sess.Started).Round(time.Second)), nil
	}
	if a.Program == "" {
		return Errorf("program: launch needs a program, a .go file or a package folder"), nil
	}
	path, err := e.root.ForRead(a.Program)
	var info os.FileInfo
	if err == nil {
		info, err = os.Stat(path)
	}
	if err != nil {
		return pathError("program", a.Program, err), nil
	}
	isGo := strings.HasSuffix(path, ".go")
	if info.IsDir() {
		gofiles, _ := filepath.Glob(filepath.Join(path, "*.go"))
		isGo = len(gofiles) > 0
	}
	if !info.IsDir() && strings.HasSuffix(path, ".py") {
		return e.debugPy(ctx, conv, a, path)
	}
	if !isGo {
		return Errorf("program: %s is not a Go or Python program (a .go file, a folder with .go files, or a .py file); debugging other languages (lldb-dap, dart) is not available yet", a.Program), nil
	}
	dlv, err := exec.LookPath("dlv")
	if err != nil {
		return Errorf("launch: delve (dlv) is not installed, so a Go program cannot be debugged here; adapters says what is usable"), nil
	}
	out, err := os.MkdirTemp("", "agenttools-dlv-")
	if err != nil {
		return Result{}, err
	}
	// delve removes the binary it built when the session ends; a killed
	// adapter leaves it in the temporary folder.
	largs, _ := json.Marshal(map[string]any{
		"request": "launch", "mode": "debug", "program": path, "args": append([]string{}, a.Args...),
		"cwd": e.run.Debug.Workdir(), "output": filepath.Join(out, "debug_bin"), "stopOnEntry": false, "outputMode": "remote",
	})
	lctx, cancel := context.WithTimeout(ctx, debugLaunchWait)
	defer cancel()
	return e.debugStart(lctx, conv, "launch", dapclient.Launch{
		Adapter: []string{dlv, "dap"}, Dir: e.run.Debug.Workdir(), AdapterID: "go", Program: a.Program, Arguments: largs,
	})
}

// debugPy launches a Python program under debugpy.
func (e *env) debugPy(ctx context.Context, conv *dapclient.Conversation, a debugArgs, path string) (Result, error) {
	wd := e.run.Debug.Workdir()
	python := debugPython(wd)
	if missing := debugpyMissing(ctx, python); missing != "" {
		return Errorf("launch: a Python program cannot be debugged here: %s", missing), nil
	}
	largs, _ := json.Marshal(map[string]any{
		"request": "launch", "type": "python", "program": path, "args": append([]string{}, a.Args...),
		"cwd": wd, "python": []string{python}, "console": "internalConsole", "justMyCode": true, "stopOnEntry": false,
	})
	lctx, cancel := context.WithTimeout(ctx, debugLaunchWait)
	defer cancel()
	return e.debugStart(lctx, conv, "launch", dapclient.Launch{
		Adapter: []string{python, "-m", "debugpy.adapter"}, Stdio: true, ConfigFirst: true,
		Dir: wd, AdapterID: "python", Program: a.Program, Arguments: largs,
	})
}

// debugAttach connects to a Python program that debugpy runs listening on
// a local port.
func (e *env) debugAttach(ctx context.Context, conv *dapclient.Conversation, a debugArgs) (Result, error) {
	if sess, _ := conv.Session(); sess != nil {
		return Errorf("attach: a session already runs %s (started %v ago); terminate it first, or keep debugging it", sess.Program, time.Since(sess.Started).Round(time.Second)), nil
	}
	if a.Port <= 0 || a.Port > 65535 {
		return Errorf("port: attach needs the port the debuggee listens on (python -m debugpy --listen 127.0.0.1:PORT); attaching to a delve server is not available"), nil
	}
	// debugpy --listen serves its own adapter on the port: the session
	// talks DAP to it directly (a fresh debugpy.adapter given "connect"
	// waits for the debuggee to call it instead).
	args, _ := json.Marshal(map[string]any{
		"request": "attach", "type": "python", "connect": map[string]any{"host": "127.0.0.1", "port": a.Port}, "justMyCode": true,
	})
	lctx, cancel := context.WithTimeout(ctx, debugLaunchWait)
	defer cancel()
	return e.debugStart(lctx, conv, "attach", dapclient.Launch{
		Addr: fmt.Sprintf("127.0.0.1:%d", a.Port), ConfigFirst: true, Request: "attach",
		Dir: e.run.Debug.Workdir(), AdapterID: "python", Program: fmt.Sprintf("the debuggee on port %d", a.Port), Arguments: args,
	})
}

// debugStart starts a session and says where the program stopped.
func (e *env) debugStart(lctx context.Context, conv *dapclient.Conversation, op string, l dapclient.Launch) (Result, error) {
	sess, bps, err := conv.Start(lctx, l)
	if err != nil {
		return debugErr(op, err), nil
	}
	var b strings.Builder
	if op == "attach" {
		fmt.Fprintf(&b, "attached to %s\n", l.Program)
	} else {
		fmt.Fprintf(&b, "launched %s\n", l.Program)
	}
	if len(bps) == 0 {
		b.WriteString("no breakpoints set; it runs until it ends or you pause it\n")
	} else {
		b.WriteString(e.describeBreakpoints(bps, conv.Breakpoints))
	}
	b.WriteString(e.afterMove(lctx, sess, 0).TextContent())
	return Text(b.String()), nil
}
