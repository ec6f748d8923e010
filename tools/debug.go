package tools

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/agenttools/agenttools/tool"
)

// Limits of the debug tool.
const (
	maxDebugFrames    = 30
	maxDebugVariables = 50
	maxDebugValue     = 400
	debugLaunchWait   = 2 * time.Minute // delve builds the program first
	debugRequestWait  = 30 * time.Second
)

func debugTools(e *env) []*tool.Tool {
	t := tool.New("debug", tool.Exec, false,
		"Drive a debugger: delve for Go, debugpy for Python, lldb-dap for C, C++ and Rust binaries, dart for Dart. Set breakpoints (file, lines; empty lines clears the file) before or after launch; launch (program: a .go file, a Go package folder or a Go binary, a .py file, a .dart file, or a native binary built with -g; args) starts it and runs to the first breakpoint; attach (port, adapter optional) connects to a program already listening: `python -m debugpy --listen 127.0.0.1:PORT` or `dlv --headless --listen=127.0.0.1:PORT`. continue, pause, step_over, step_in, step_out (thread_id optional) wait up to 10 s for the next stop and say where it is. threads, stack (up to 30 frames), scopes (frame_id from the current stack), variables (reference from scopes or variables; up to 50), evaluate (expression, frame_id optional) inspect a stopped program. output shows the program's stdout/stderr; status says whether a session runs; adapters says which debuggers are usable here; terminate ends the session. One session per conversation, ended after its time limit.",
		e.debug)
	var names []any
	for _, op := range debugOps {
		names = append(names, op.name)
	}
	setEnum(t.InputSchema, "operation", names...)
	setEnum(t.InputSchema, "adapter", "delve", "debugpy")
	return []*tool.Tool{t}
}

type debugArgs struct {
	Operation  string   `json:"operation" jsonschema:"what to do"`
	File       string   `json:"file,omitempty" jsonschema:"with breakpoints: the source file, relative to the working directory"`
	Lines      []int    `json:"lines,omitempty" jsonschema:"with breakpoints: 1-based lines; empty clears the file"`
	Program    string   `json:"program,omitempty" jsonschema:"with launch: a .go file, Go package folder or Go binary, a .py or .dart file, or a native binary, relative to the working directory"`
	Args       []string `json:"args,omitempty" jsonschema:"with launch: the program's command-line arguments"`
	Port       int      `json:"port,omitempty" jsonschema:"with attach: the port the debuggee listens on"`
	Adapter    string   `json:"adapter,omitempty" jsonschema:"with attach: delve or debugpy; by default delve in a Go module, else debugpy"`
	ThreadID   int      `json:"thread_id,omitempty" jsonschema:"thread to move or inspect; default the stopped one"`
	FrameID    int      `json:"frame_id,omitempty" jsonschema:"a frame id from stack, during the current stop"`
	Reference  int      `json:"reference,omitempty" jsonschema:"a variables reference from scopes or variables"`
	Expression string   `json:"expression,omitempty" jsonschema:"with evaluate: the expression"`
}

// A debugOp is one operation of the debug tool: the schema's enum, the
// dispatch and which operations need a running session all come from
// debugOps. An operation has conv when it runs with the conversation
// alone, sess when it needs a session.
type debugOp struct {
	name string
	conv func(e *env, ctx context.Context, conv *dapclient.Conversation, a debugArgs) (tool.Result, error)
	sess func(e *env, ctx context.Context, sess *dapclient.Session, a debugArgs) (tool.Result, error)
}

// motion makes the operation that sets a stopped program going (or
// pauses a running one) with m.
func motion(name string, m dapclient.Motion) debugOp {
	return debugOp{name: name, sess: func(e *env, ctx context.Context, sess *dapclient.Session, a debugArgs) (tool.Result, error) {
		return e.debugMove(ctx, sess, a, m)
	}}
}

var debugOps = []debugOp{
	{name: "adapters", conv: func(e *env, ctx context.Context, _ *dapclient.Conversation, _ debugArgs) (tool.Result, error) {
		return e.debugAdapters(ctx), nil
	}},
	{name: "status", conv: func(_ *env, _ context.Context, conv *dapclient.Conversation, _ debugArgs) (tool.Result, error) {
		return debugStatus(conv), nil
	}},
	{name: "breakpoints", conv: (*env).debugBreakpoints},
	{name: "launch", conv: (*env).debugLaunch},
	{name: "attach", conv: (*env).debugAttach},
	motion("continue", dapclient.Continue),
	motion("pause", dapclient.Pause),
	motion("step_over", dapclient.StepOver),
	motion("step_in", dapclient.StepIn),
	motion("step_out", dapclient.StepOut),
	{name: "threads", sess: (*env).debugThreads},
	{name: "stack", sess: (*env).debugStack},
	{name: "scopes", sess: (*env).debugScopes},
	{name: "variables", sess: (*env).debugVariables},
	{name: "evaluate", sess: (*env).debugEvaluate},
	{name: "output", conv: func(_ *env, _ context.Context, conv *dapclient.Conversation, _ debugArgs) (tool.Result, error) {
		return debugOutput(conv), nil
	}},
	{name: "terminate", sess: func(_ *env, _ context.Context, sess *dapclient.Session, _ debugArgs) (tool.Result, error) {
		sess.End("terminated on request")
		return tool.Text("the session is terminated; its adapter and program are ended"), nil
	}},
}

func (e *env) debug(ctx context.Context, a debugArgs) (tool.Result, error) {
	i := slices.IndexFunc(debugOps, func(op debugOp) bool { return op.name == a.Operation })
	if i < 0 {
		return tool.Errorf("operation: unknown operation %s", tool.Quote(a.Operation)), nil
	}
	op := debugOps[i]
	conv := e.run.Debug.Conversation(e.run.ConversationID)
	conv.Lock()
	defer conv.Unlock()
	if op.conv != nil {
		return op.conv(e, ctx, conv, a)
	}
	sess, why := conv.Session()
	if sess == nil {
		msg := "no debug session runs"
		if why != "" {
			msg += " (the last one ended: " + why + ")"
		}
		return tool.Errorf("%s: %s; launch a program first (debug launch with program)", a.Operation, msg), nil
	}
	rctx, cancel := context.WithTimeout(ctx, debugRequestWait)
	defer cancel()
	res, err := op.sess(e, rctx, sess, a)
	if op.name == "terminate" {
		conv.Session() // lets the conversation see the session gone
	}
	return res, err
}

// debugOutput shows what the last session's program printed.
func debugOutput(conv *dapclient.Conversation) tool.Result {
	sess := conv.Last()
	if sess == nil {
		return tool.Errorf("no session has run in this conversation; launch a program first")
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
	return tool.Text(b.String())
}

func (e *env) debugThreads(ctx context.Context, sess *dapclient.Session, a debugArgs) (tool.Result, error) {
	ts, err := sess.Threads(ctx)
	if err != nil {
		return debugErr(a.Operation, err), nil
	}
	var b strings.Builder
	for _, t := range ts {
		fmt.Fprintf(&b, "%d\t%s\n", t.Id, t.Name)
	}
	return tool.Text(b.String()), nil
}

func (e *env) debugScopes(ctx context.Context, sess *dapclient.Session, a debugArgs) (tool.Result, error) {
	if a.FrameID == 0 {
		return tool.Errorf("frame_id: scopes needs a frame id; call stack and take one of its ids"), nil
	}
	h, ok := sess.Frame(a.FrameID)
	if !ok {
		return staleFrame(a.FrameID), nil
	}
	scopes, err := sess.Scopes(ctx, h)
	if err != nil {
		return debugErr(a.Operation, err), nil
	}
	var b strings.Builder
	for _, s := range scopes {
		fmt.Fprintf(&b, "%s\treference %d\n", s.Name, sess.AddRef(s.VariablesReference))
	}
	return tool.Text(b.String()), nil
}

func (e *env) debugVariables(ctx context.Context, sess *dapclient.Session, a debugArgs) (tool.Result, error) {
	if a.Reference <= 0 {
		return tool.Errorf("reference: variables needs a reference; take one from scopes (or from a variable's children)"), nil
	}
	h, ok := sess.Ref(a.Reference)
	if !ok {
		return tool.Errorf("reference: %d is not from the current stop (the program moved since, or it was never given out); call stack, then scopes, again", a.Reference), nil
	}
	vars, err := sess.Variables(ctx, h)
	if err != nil {
		return debugErr(a.Operation, err), nil
	}
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
	return tool.Text(b.String()), nil
}

func (e *env) debugEvaluate(ctx context.Context, sess *dapclient.Session, a debugArgs) (tool.Result, error) {
	if a.Expression == "" {
		return tool.Errorf("expression: evaluate needs an expression"), nil
	}
	var frame int
	if a.FrameID != 0 {
		h, ok := sess.Frame(a.FrameID)
		if !ok {
			return staleFrame(a.FrameID), nil
		}
		frame = h
	} else {
		f, _, err := sess.TopFrame(ctx, 0)
		if err != nil {
			return debugErr(a.Operation, err), nil
		}
		frame = f.Id
	}
	ev, err := sess.Evaluate(ctx, a.Expression, frame)
	if err != nil {
		return debugErr(a.Operation, err), nil
	}
	val, c := cutValue(ev.Result)
	s := val
	if ev.Type != "" {
		s = ev.Type + " = " + val
	}
	if c {
		s += fmt.Sprintf("\n(value cut at %d characters)", maxDebugValue)
	}
	if ev.VariablesReference > 0 {
		s += fmt.Sprintf("\n(children: reference %d)", sess.AddRef(ev.VariablesReference))
	}
	return tool.Text(s), nil
}

func staleFrame(id int) tool.Result {
	return tool.Errorf("frame_id: %d is not a frame of the current stop (the program moved since, or stack never gave it); call stack again and use one of its ids", id)
}

func debugErr(op string, err error) tool.Result {
	var re *dapclient.ResponseError
	if errors.As(err, &re) {
		return tool.Errorf("%s: the debugger refused: %s", op, re.Message)
	}
	return tool.Errorf("%s: %v", op, err)
}

func cutValue(v string) (string, bool) {
	if cut, ok := cutBytes(v, maxDebugValue); ok {
		return cut + "…", true // never inside a character
	}
	return v, false
}

func (e *env) debugStack(ctx context.Context, sess *dapclient.Session, a debugArgs) (tool.Result, error) {
	th, err := sess.StoppedThread(ctx, a.ThreadID)
	if err != nil {
		return debugErr("stack", err), nil
	}
	frames, total, err := sess.Stack(ctx, th, maxDebugFrames)
	if err != nil {
		return debugErr("stack", err), nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "thread %d:\n", th)
	for _, f := range frames {
		fmt.Fprintf(&b, "frame %d\t%s\t%s\n", sess.AddFrame(f.Id), f.Name, e.where(f))
	}
	if total > len(frames) {
		fmt.Fprintf(&b, "(%d frames in all; the first %d shown)\n", total, len(frames))
	}
	return tool.Text(b.String()), nil
}

// where renders a frame's file:line, relative to the working directory
// when inside it.
func (e *env) where(f dapclient.Frame) string {
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

func (e *env) debugMove(ctx context.Context, sess *dapclient.Session, a debugArgs, m dapclient.Motion) (tool.Result, error) {
	st, running, _ := sess.State()
	if m == dapclient.Pause {
		if !running {
			return tool.Errorf("pause: the program is not running (it is stopped); use stack to see where, or continue"), nil
		}
	} else if running || st == nil {
		return tool.Errorf("%s: the program is running, not stopped; pause it first, or wait with status", a.Operation), nil
	}
	th, err := sess.StoppedThread(ctx, a.ThreadID)
	if err != nil {
		return debugErr(a.Operation, err), nil
	}
	since := sess.Stops()
	if m != dapclient.Pause {
		sess.Resumed()
	}
	if err := sess.Move(ctx, m, th); err != nil {
		return debugErr(a.Operation, err), nil
	}
	return e.afterMove(ctx, sess, since), nil
}

// afterMove waits for the next stop after since and says where it is.
func (e *env) afterMove(ctx context.Context, sess *dapclient.Session, since int) tool.Result {
	wait := e.run.Debug.StopWait()
	stop := tool.ReportWhile(ctx, wait, "waiting for the program to stop")
	stopped := sess.WaitStop(ctx, since, wait)
	stop()
	if !stopped {
		return tool.Text(fmt.Sprintf("still running after %v; pause it, or wait and ask status", wait))
	}
	return tool.Text(e.describeStop(ctx, sess))
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
	f, id, err := sess.TopFrame(ctx, st.ThreadId)
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

func debugStatus(conv *dapclient.Conversation) tool.Result {
	sess, why := conv.Session()
	if sess == nil {
		if why != "" {
			return tool.Text("no debug session runs; the last one ended: " + why)
		}
		return tool.Text("no debug session runs in this conversation")
	}
	st, running, _ := sess.State()
	state := "starting"
	switch {
	case st != nil:
		state = fmt.Sprintf("stopped (%s) in thread %d; stack shows where", st.Reason, st.ThreadId)
	case running:
		state = "running"
	}
	return tool.Text(fmt.Sprintf("a session runs %s (for %v): %s", sess.Program, time.Since(sess.Started).Round(time.Second), state))
}

func (e *env) debugBreakpoints(ctx context.Context, conv *dapclient.Conversation, a debugArgs) (tool.Result, error) {
	if a.File == "" {
		return tool.Errorf("file: breakpoints needs a file"), nil
	}
	path, _, bad := e.existing("file", a.File)
	if bad != nil {
		return *bad, nil
	}
	for _, l := range a.Lines {
		if l < 1 {
			return tool.Errorf("lines: %d is not a line; lines are 1-based", l), nil
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
			return tool.Text(fmt.Sprintf("breakpoints of %s cleared", a.File)), nil
		}
		return tool.Text(fmt.Sprintf("breakpoints kept for %s at lines %v; they are set when a program is launched", a.File, a.Lines)), nil
	}
	rctx, cancel := context.WithTimeout(ctx, debugRequestWait)
	defer cancel()
	got, err := sess.SetBreakpoints(rctx, path, a.Lines)
	if err != nil {
		return debugErr("breakpoints", err), nil
	}
	if len(a.Lines) == 0 {
		return tool.Text(fmt.Sprintf("breakpoints of %s cleared", a.File)), nil
	}
	return tool.Text(e.describeBreakpoints(map[string][]dapclient.Breakpoint{path: got}, map[string][]int{path: a.Lines})), nil
}

// describeBreakpoints lists the breakpoints in file and line order.
func (e *env) describeBreakpoints(got map[string][]dapclient.Breakpoint, asked map[string][]int) string {
	type entry struct {
		file string
		want int
		bp   dapclient.Breakpoint
	}
	var all []entry
	for file, bps := range got {
		for i, bp := range bps {
			want := 0
			if i < len(asked[file]) {
				want = asked[file][i]
			}
			all = append(all, entry{e.debugRel(file), want, bp})
		}
	}
	slices.SortStableFunc(all, func(a, b entry) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.want, b.want))
	})
	var b strings.Builder
	for _, x := range all {
		if x.bp.Verified {
			fmt.Fprintf(&b, "%s:%d verified at line %d\n", x.file, x.want, x.bp.Line)
		} else {
			fmt.Fprintf(&b, "%s:%d not verified: %s\n", x.file, x.want, x.bp.Message)
		}
	}
	return b.String()
}

// debugStart starts a session and says where the program stopped.
func (e *env) debugStart(lctx context.Context, conv *dapclient.Conversation, op string, l dapclient.Launch) (tool.Result, error) {
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
	return tool.Text(b.String()), nil
}
