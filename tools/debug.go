package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/agenttools/agenttools/tool"
	"github.com/google/jsonschema-go/jsonschema"
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
		"Drive a debugger: delve for Go, debugpy for Python, lldb-dap for C, C++ and Rust binaries, dart for Dart. Set breakpoints (file, lines; empty lines clears the file) before or after launch: each item of lines is a line number or {\"line\": N, \"condition\": \"i == 3\", \"hit_condition\": \"4\", \"log_message\": \"i={i}\"}; a condition stops only when true, a hit condition on that hit (under lldb-dap on that hit and every later one), and a log message makes a logpoint, which does not stop and whose text, {expressions} evaluated, output shows. function_breakpoints (names, e.g. main.work, work, ns::work) stops on entering functions; exception_breakpoints (filters, the adapter's ids: raised, uncaught or userUnhandled for debugpy, cpp_throw or cpp_catch for lldb, unrecovered-panic or runtime-fatal-throw for delve) stops where exceptions are thrown, and the stop says which; an empty list clears either; what an adapter lacks is said when known, at launch at the latest. launch (program: a .go file, a Go package folder or a Go binary, a .py file, a .dart file, or a native binary built with -g; args) starts it and runs to the first breakpoint; attach (port, adapter optional) connects to a program already listening: `python -m debugpy --listen 127.0.0.1:PORT` or `dlv --headless --listen=127.0.0.1:PORT`. continue, pause, step_over, step_in, step_out (thread_id optional) wait up to 10 s for the next stop and say where it is. threads, stack (up to 30 frames), scopes (frame_id from the current stack), variables (reference from scopes or variables; up to 50), evaluate (expression, frame_id optional) inspect a stopped program. output shows the program's stdout/stderr and logpoints; status says whether a session runs and the exception filters; adapters says which debuggers are usable here and their exception filters; terminate ends the session. One session per conversation, ended after its time limit.",
		e.debug)
	var names []any
	for _, op := range debugOps {
		names = append(names, op.name)
	}
	setEnum(t.InputSchema, "operation", names...)
	setEnum(t.InputSchema, "adapter", "delve", "debugpy")
	lines := t.InputSchema.Properties["lines"]
	lines.Items = lineItems(lines.Items)
	return []*tool.Tool{t}
}

type debugArgs struct {
	Operation  string      `json:"operation" jsonschema:"what to do"`
	File       string      `json:"file,omitempty" jsonschema:"with breakpoints: the source file, relative to the working directory"`
	Lines      []debugLine `json:"lines,omitempty" jsonschema:"with breakpoints: each a 1-based line, or an object {line, condition, hit_condition, log_message}; empty clears the file"`
	Names      []string    `json:"names,omitempty" jsonschema:"with function_breakpoints: the functions to stop in, e.g. main.work (Go), work (Python), ns::work (C++); empty clears them"`
	Filters    []string    `json:"filters,omitempty" jsonschema:"with exception_breakpoints: the adapter's exception filter ids (adapters lists them), e.g. raised or uncaught for debugpy, cpp_throw for lldb; empty clears them"`
	Program    string      `json:"program,omitempty" jsonschema:"with launch: a .go file, Go package folder or Go binary, a .py or .dart file, or a native binary, relative to the working directory"`
	Args       []string    `json:"args,omitempty" jsonschema:"with launch: the program's command-line arguments"`
	Port       int         `json:"port,omitempty" jsonschema:"with attach: the port the debuggee listens on"`
	Adapter    string      `json:"adapter,omitempty" jsonschema:"with attach: delve or debugpy; by default delve in a Go module, else debugpy"`
	ThreadID   int         `json:"thread_id,omitempty" jsonschema:"thread to move or inspect; default the stopped one"`
	FrameID    int         `json:"frame_id,omitempty" jsonschema:"a frame id from stack, during the current stop"`
	Reference  int         `json:"reference,omitempty" jsonschema:"a variables reference from scopes or variables"`
	Expression string      `json:"expression,omitempty" jsonschema:"with evaluate: the expression"`
}

// A debugLine is one item of breakpoints' lines: a bare line number, or
// an object that adds what DAP's SourceBreakpoint takes.
type debugLine struct {
	Line         int    `json:"line" jsonschema:"the 1-based line"`
	Condition    string `json:"condition,omitempty" jsonschema:"stop only when this expression, in the program's language, is true"`
	HitCondition string `json:"hit_condition,omitempty" jsonschema:"stop only on this hit, e.g. 4 for the fourth time the line is reached"`
	LogMessage   string `json:"log_message,omitempty" jsonschema:"instead of stopping, log this text, with each {expression} in it evaluated: a logpoint, whose lines output shows"`
}

// badLine is the error of a lines item that is neither form.
const badLine = "lines: each item is a 1-based line number or an object {\"line\": N, \"condition\": \"EXPR\", \"hit_condition\": \"N\", \"log_message\": \"text with {expr}\"} with line required"

func (l *debugLine) UnmarshalJSON(b []byte) error {
	var n int
	if string(bytes.TrimSpace(b)) == "null" {
		return errors.New(badLine + "; got null")
	}
	if err := json.Unmarshal(b, &n); err == nil {
		*l = debugLine{Line: n}
		return nil
	}
	type plain debugLine
	var p struct {
		plain
		Line *int `json:"line"`
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&p); err != nil || p.Line == nil {
		return fmt.Errorf("%s; got %s", badLine, tool.Quote(string(b)))
	}
	*l = debugLine(p.plain)
	l.Line = *p.Line
	return nil
}

// lineItems is the schema of an item of lines: a line number or the
// object form.
func lineItems(object *jsonschema.Schema) *jsonschema.Schema {
	one := 1.0
	object.Properties["line"].Minimum = &one
	return &jsonschema.Schema{
		Description: "a 1-based line, or an object {line, condition, hit_condition, log_message}",
		AnyOf:       []*jsonschema.Schema{{Type: "integer", Minimum: &one}, object},
	}
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
	{name: "adapters", conv: func(e *env, ctx context.Context, conv *dapclient.Conversation, _ debugArgs) (tool.Result, error) {
		return e.debugAdapters(ctx, conv), nil
	}},
	{name: "status", conv: func(_ *env, _ context.Context, conv *dapclient.Conversation, _ debugArgs) (tool.Result, error) {
		return debugStatus(conv), nil
	}},
	{name: "breakpoints", conv: (*env).debugBreakpoints},
	{name: "function_breakpoints", conv: (*env).debugFunctionBreakpoints},
	{name: "exception_breakpoints", conv: (*env).debugExceptionBreakpoints},
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

// inWorkdir reports whether a frame's source is in the working
// directory.
func (e *env) inWorkdir(f dapclient.Frame) bool {
	return f.Source != nil && f.Source.Path != "" && !filepath.IsAbs(e.debugRel(f.Source.Path))
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
	if st.Reason == "exception" {
		s += "\n" + describeException(ctx, sess, st.ThreadId, st.Text, st.Description)
		if !e.inWorkdir(f) {
			// Stopped inside the runtime's throw (lldb's __cxa_throw,
			// Go's panic): the code that threw is the first frame in
			// the working directory.
			if frames, _, err := sess.Stack(ctx, st.ThreadId, maxDebugFrames); err == nil {
				if i := slices.IndexFunc(frames, e.inWorkdir); i > 0 {
					f = frames[i]
					s += fmt.Sprintf("\nthrown from %s at %s (frame %d)", f.Name, e.where(f), sess.AddFrame(f.Id))
				}
			}
		}
	}
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
		var b strings.Builder
		if why != "" {
			b.WriteString("no debug session runs; the last one ended: " + why)
		} else {
			b.WriteString("no debug session runs in this conversation")
		}
		if len(conv.Functions) > 0 {
			fmt.Fprintf(&b, "\nfunction breakpoints kept for the next launch: %s", strings.Join(conv.Functions, ", "))
		}
		if len(conv.Exceptions) > 0 {
			fmt.Fprintf(&b, "\nexception filters kept for the next launch: %s", strings.Join(conv.Exceptions, ", "))
		}
		var parts []string
		for _, ad := range dapclient.Adapters() {
			if ad.ID != "java" {
				parts = append(parts, ad.ID+": "+exceptionFilters(conv, ad))
			}
		}
		fmt.Fprintf(&b, "\nexception filters by adapter: %s", strings.Join(parts, "; "))
		return tool.Text(b.String())
	}
	st, running, _ := sess.State()
	state := "starting"
	switch {
	case st != nil:
		state = fmt.Sprintf("stopped (%s) in thread %d; stack shows where", st.Reason, st.ThreadId)
	case running:
		state = "running"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "a session runs %s (for %v): %s", sess.Program, time.Since(sess.Started).Round(time.Second), state)
	if fs := sess.Capabilities().ExceptionBreakpointFilters; len(fs) > 0 {
		ids := dapclient.FilterIDs(fs)
		set := "none set"
		switch {
		case len(conv.Exceptions) > 0:
			set = "set: " + strings.Join(conv.Exceptions, ", ")
		case conv.Exceptions == nil:
			var defaults []string
			for _, f := range fs {
				if f.Default {
					defaults = append(defaults, f.Filter)
				}
			}
			if len(defaults) > 0 {
				set = "by the adapter's default: " + strings.Join(defaults, ", ")
			}
		}
		fmt.Fprintf(&b, "\nexception filters of %s: %s (%s)", sess.Debugger, strings.Join(ids, ", "), set)
	} else {
		fmt.Fprintf(&b, "\nexception filters of %s: none", sess.Debugger)
	}
	if len(conv.Functions) > 0 {
		fmt.Fprintf(&b, "\nfunction breakpoints: %s", strings.Join(conv.Functions, ", "))
	}
	return tool.Text(b.String())
}
