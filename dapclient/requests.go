package dapclient

import (
	"context"
	"fmt"

	"github.com/google/go-dap"
)

// The protocol's types a caller formats, named here so that it needs no
// DAP package of its own.
type (
	Thread     = dap.Thread
	Frame      = dap.StackFrame
	Scope      = dap.Scope
	Variable   = dap.Variable
	Breakpoint = dap.Breakpoint
	// A SourceBreakpoint is a line breakpoint as asked: its line, and
	// optionally a condition, a hit condition and a log message.
	SourceBreakpoint = dap.SourceBreakpoint
	Capabilities     = dap.Capabilities
	ExceptionFilter  = dap.ExceptionBreakpointsFilter
)

// Capabilities returns what the adapter said it supports in its answer
// to initialize.
func (s *Session) Capabilities() Capabilities {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.caps
}

// Lacks names the capabilities a breakpoint needs that caps does not
// have, each as "<feature> (<capability>)"; none when it can be set.
func Lacks(caps Capabilities, bp SourceBreakpoint) []string {
	var lacks []string
	if bp.Condition != "" && !caps.SupportsConditionalBreakpoints {
		lacks = append(lacks, "conditions (supportsConditionalBreakpoints)")
	}
	if bp.HitCondition != "" && !caps.SupportsHitConditionalBreakpoints {
		lacks = append(lacks, "hit conditions (supportsHitConditionalBreakpoints)")
	}
	if bp.LogMessage != "" && !caps.SupportsLogPoints {
		lacks = append(lacks, "log points (supportsLogPoints)")
	}
	return lacks
}

// FilterIDs returns the ids of exception filters.
func FilterIDs(fs []ExceptionFilter) []string {
	ids := []string{}
	for _, f := range fs {
		ids = append(ids, f.Filter)
	}
	return ids
}

// SetFunctionBreakpoints replaces the function breakpoints with those
// on names (none clears them) and returns the adapter's answers.
func (s *Session) SetFunctionBreakpoints(ctx context.Context, names []string) ([]Breakpoint, error) {
	fbs := []dap.FunctionBreakpoint{}
	for _, n := range names {
		fbs = append(fbs, dap.FunctionBreakpoint{Name: n})
	}
	resp, err := s.c.Do(ctx, &dap.SetFunctionBreakpointsRequest{Request: dap.Request{Command: "setFunctionBreakpoints"}, Arguments: dap.SetFunctionBreakpointsArguments{Breakpoints: fbs}})
	if err != nil {
		return nil, err
	}
	return resp.(*dap.SetFunctionBreakpointsResponse).Body.Breakpoints, nil
}

// SetExceptionBreakpoints replaces the exception filters set with
// filters, ids of the adapter's exceptionBreakpointFilters (none clears
// them).
func (s *Session) SetExceptionBreakpoints(ctx context.Context, filters []string) error {
	_, err := s.c.Do(ctx, &dap.SetExceptionBreakpointsRequest{Request: dap.Request{Command: "setExceptionBreakpoints"}, Arguments: dap.SetExceptionBreakpointsArguments{Filters: append([]string{}, filters...)}})
	return err
}

// An Exception is what an adapter says of the exception a thread stopped
// on.
type Exception struct {
	ID, Description, BreakMode string
	TypeName, Message          string
}

// ExceptionInfo asks about the exception a thread stopped on; the
// adapter must support it (supportsExceptionInfoRequest).
func (s *Session) ExceptionInfo(ctx context.Context, thread int) (Exception, error) {
	resp, err := s.c.Do(ctx, &dap.ExceptionInfoRequest{Request: dap.Request{Command: "exceptionInfo"}, Arguments: dap.ExceptionInfoArguments{ThreadId: thread}})
	if err != nil {
		return Exception{}, err
	}
	b := resp.(*dap.ExceptionInfoResponse).Body
	ex := Exception{ID: b.ExceptionId, Description: b.Description, BreakMode: string(b.BreakMode)}
	if b.Details != nil {
		ex.TypeName, ex.Message = b.Details.TypeName, b.Details.Message
	}
	return ex, nil
}

// Threads asks for the program's threads.
func (s *Session) Threads(ctx context.Context) ([]Thread, error) {
	resp, err := s.c.Do(ctx, &dap.ThreadsRequest{Request: dap.Request{Command: "threads"}})
	if err != nil {
		return nil, err
	}
	return resp.(*dap.ThreadsResponse).Body.Threads, nil
}

// Stack asks for up to levels frames of a thread's stack, top first, and
// how many frames it has in all (0 when the adapter does not say).
func (s *Session) Stack(ctx context.Context, thread, levels int) ([]Frame, int, error) {
	resp, err := s.c.Do(ctx, &dap.StackTraceRequest{Request: dap.Request{Command: "stackTrace"}, Arguments: dap.StackTraceArguments{ThreadId: thread, Levels: levels}})
	if err != nil {
		return nil, 0, err
	}
	body := resp.(*dap.StackTraceResponse).Body
	return body.StackFrames, body.TotalFrames, nil
}

// Scopes asks for the scopes of a frame (the adapter's id).
func (s *Session) Scopes(ctx context.Context, frame int) ([]Scope, error) {
	resp, err := s.c.Do(ctx, &dap.ScopesRequest{Request: dap.Request{Command: "scopes"}, Arguments: dap.ScopesArguments{FrameId: frame}})
	if err != nil {
		return nil, err
	}
	return resp.(*dap.ScopesResponse).Body.Scopes, nil
}

// Variables asks for the variables a reference (the adapter's) holds.
func (s *Session) Variables(ctx context.Context, ref int) ([]Variable, error) {
	resp, err := s.c.Do(ctx, &dap.VariablesRequest{Request: dap.Request{Command: "variables"}, Arguments: dap.VariablesArguments{VariablesReference: ref}})
	if err != nil {
		return nil, err
	}
	return resp.(*dap.VariablesResponse).Body.Variables, nil
}

// An Evaluation is what evaluating an expression gave: its value, its
// type when the adapter says, and a reference to its children, if any.
type Evaluation struct {
	Result, Type       string
	VariablesReference int
}

// Evaluate evaluates an expression in a frame (the adapter's id), as a
// watch expression.
func (s *Session) Evaluate(ctx context.Context, expr string, frame int) (Evaluation, error) {
	resp, err := s.c.Do(ctx, &dap.EvaluateRequest{Request: dap.Request{Command: "evaluate"}, Arguments: dap.EvaluateArguments{Expression: expr, FrameId: frame, Context: "watch"}})
	if err != nil {
		return Evaluation{}, err
	}
	b := resp.(*dap.EvaluateResponse).Body
	return Evaluation{Result: b.Result, Type: b.Type, VariablesReference: b.VariablesReference}, nil
}

// A Motion is how a stopped program is set going, or a running one
// stopped.
type Motion int

const (
	Continue Motion = iota
	StepOver
	StepIn
	StepOut
	Pause
)

// Move sends the motion's request for a thread. It does not wait for
// the program to stop again: WaitStop does.
func (s *Session) Move(ctx context.Context, m Motion, thread int) error {
	var req dap.RequestMessage
	switch m {
	case Continue:
		req = &dap.ContinueRequest{Request: dap.Request{Command: "continue"}, Arguments: dap.ContinueArguments{ThreadId: thread}}
	case StepOver:
		req = &dap.NextRequest{Request: dap.Request{Command: "next"}, Arguments: dap.NextArguments{ThreadId: thread}}
	case StepIn:
		req = &dap.StepInRequest{Request: dap.Request{Command: "stepIn"}, Arguments: dap.StepInArguments{ThreadId: thread}}
	case StepOut:
		req = &dap.StepOutRequest{Request: dap.Request{Command: "stepOut"}, Arguments: dap.StepOutArguments{ThreadId: thread}}
	case Pause:
		req = &dap.PauseRequest{Request: dap.Request{Command: "pause"}, Arguments: dap.PauseArguments{ThreadId: thread}}
	default:
		return fmt.Errorf("dapclient: unknown motion %d", m)
	}
	_, err := s.c.Do(ctx, req)
	return err
}

// StoppedThread is the thread to act on: the one given, else the one that
// stopped, else the first.
func (s *Session) StoppedThread(ctx context.Context, id int) (int, error) {
	if id != 0 {
		return id, nil
	}
	if st, _, _ := s.State(); st != nil && st.ThreadId != 0 {
		return st.ThreadId, nil
	}
	ts, err := s.Threads(ctx)
	if err != nil {
		return 0, err
	}
	if len(ts) == 0 {
		return 0, fmt.Errorf("the program has no threads")
	}
	return ts[0].Id, nil
}

// TopFrame returns the top frame of a thread (StoppedThread picks it) and
// the frame's id as AddFrame gives it out.
func (s *Session) TopFrame(ctx context.Context, thread int) (Frame, int, error) {
	th, err := s.StoppedThread(ctx, thread)
	if err != nil {
		return Frame{}, 0, err
	}
	fs, _, err := s.Stack(ctx, th, 1)
	if err != nil {
		return Frame{}, 0, err
	}
	if len(fs) == 0 {
		return Frame{}, 0, fmt.Errorf("thread %d has no frames", th)
	}
	return fs[0], s.AddFrame(fs[0].Id), nil
}
