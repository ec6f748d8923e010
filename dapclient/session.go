package dapclient

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/agenttools/agenttools/internal/procgroup"
	"github.com/google/go-dap"
)

// DefaultTTL is how long a debug session may live.
const DefaultTTL = 30 * time.Minute

// OutputLimit is how many bytes of the debuggee's output a session keeps.
const OutputLimit = 64 << 10

// DefaultStopWait is how long a continue or a step waits for the program
// to stop before it reports that the program still runs.
const DefaultStopWait = 10 * time.Second

// A Supervisor keeps the debug sessions of one run: at most one per
// conversation, each ended after its TTL. Close ends them all.
type Supervisor struct {
	workdir  string
	ttl      time.Duration
	stopWait time.Duration

	mu     sync.Mutex
	convs  map[string]*Conversation
	closed bool
}

// NewSupervisor returns a supervisor for programs under workdir; ttl <= 0
// means DefaultTTL.
func NewSupervisor(workdir string, ttl time.Duration) *Supervisor {
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	return &Supervisor{workdir: workdir, ttl: ttl, stopWait: DefaultStopWait, convs: map[string]*Conversation{}}
}

// WithStopWait sets how long a move waits for the next stop (tests use a
// short one); d <= 0 keeps DefaultStopWait. It returns s.
func (s *Supervisor) WithStopWait(d time.Duration) *Supervisor {
	if d > 0 {
		s.stopWait = d
	}
	return s
}

// StopWait is how long a move waits for the next stop.
func (s *Supervisor) StopWait() time.Duration { return s.stopWait }

// Workdir is the folder the supervisor serves.
func (s *Supervisor) Workdir() string { return s.workdir }

// TTL is the time limit of a session.
func (s *Supervisor) TTL() time.Duration { return s.ttl }

// Conversation returns the state of one conversation, made on first use.
func (s *Supervisor) Conversation(id string) *Conversation {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.convs[id]
	if c == nil {
		c = &Conversation{sup: s, Breakpoints: map[string][]SourceBreakpoint{}, caps: map[string]Capabilities{}}
		s.convs[id] = c
	}
	return c
}

// PIDs returns the process ids of the running adapters, each the leader
// of its process group.
func (s *Supervisor) PIDs() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var pids []int
	for _, c := range s.convs {
		if c.session != nil && c.session.c.PID() != 0 {
			pids = append(pids, c.session.c.PID())
		}
	}
	return pids
}

// Debuggees returns the process ids of the running sessions' debuggees,
// as their adapters reported them.
func (s *Supervisor) Debuggees() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var pids []int
	for _, c := range s.convs {
		if c.session != nil {
			c.session.mu.Lock()
			if c.session.debuggee > 0 {
				pids = append(pids, c.session.debuggee)
			}
			c.session.mu.Unlock()
		}
	}
	return pids
}

// Close ends every session, killing its adapter and debuggee, and refuses
// to start more.
func (s *Supervisor) Close() {
	s.mu.Lock()
	s.closed = true
	var sessions []*Session
	for _, c := range s.convs {
		if c.session != nil {
			sessions = append(sessions, c.session)
		}
	}
	s.mu.Unlock()
	var wg sync.WaitGroup
	for _, sess := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sess.End("the run closed")
		}()
	}
	wg.Wait()
}

// A Conversation is one conversation's debugging state: the breakpoints,
// kept across sessions, and the session, when one runs. Lock it for the
// length of an operation.
type Conversation struct {
	sync.Mutex
	sup         *Supervisor
	Breakpoints map[string][]SourceBreakpoint // absolute file → its breakpoints, 1-based lines
	// Functions are the function breakpoints, by name; nil or empty for
	// none.
	Functions []string
	// Exceptions are the exception filter ids to set; nil when never set,
	// so that a session starts with its adapter's own defaults.
	Exceptions []string

	caps map[string]Capabilities // by adapter (Launch.Debugger): what its last session said it supports

	session *Session
	last    *Session // the latest session, running or not, for its output
	lastEnd string   // why the last session ended
}

// Capabilities returns what the last session of an adapter (an id of the
// adapter table) said it supports, and whether one ran in this
// conversation.
func (c *Conversation) Capabilities(adapter string) (Capabilities, bool) {
	caps, ok := c.caps[adapter]
	return caps, ok
}

// Last returns the latest session, even one that has ended; nil when none
// ran.
func (c *Conversation) Last() *Session {
	c.sup.mu.Lock()
	defer c.sup.mu.Unlock()
	return c.last
}

// Session returns the running session, or nil and why the last one ended
// ("" when none ran).
func (c *Conversation) Session() (*Session, string) {
	c.sup.mu.Lock()
	defer c.sup.mu.Unlock()
	if c.session != nil {
		if why := c.session.Ended(); why != "" {
			c.lastEnd = why
			c.session = nil
		}
	}
	if c.session != nil {
		return c.session, ""
	}
	return nil, c.lastEnd
}

// A Launch is what starts a session.
type Launch struct {
	Adapter   []string        // the adapter's command, without --listen
	Stdio     bool            // the adapter speaks DAP on stdin/stdout (debugpy), not on --listen
	Addr      string          // instead of Adapter: dial an adapter already listening here
	Dir       string          // where the adapter runs
	Debugger  string          // the adapter table's id: delve, debugpy, lldb, dart
	AdapterID string          // initialize's adapterID, e.g. "go"
	Program   string          // for the session's description
	Request   string          // "launch" (the default) or "attach"
	Arguments json.RawMessage // the launch (or attach) request's arguments
	// ConfigFirst: the adapter sends initialized only after it received
	// launch/attach and answers that request only after configurationDone
	// (debugpy), so the configuration does not wait for the answer.
	ConfigFirst bool
}

// A Configuration is what a session's start made of the conversation's
// breakpoints: the adapter's answers, and what it could not take.
type Configuration struct {
	// Lines are the adapter's answers for each file's line breakpoints,
	// in the order of Sent's.
	Lines map[string][]Breakpoint
	// Sent are the line breakpoints sent, by file: the conversation's,
	// less those that need a feature the adapter lacks.
	Sent map[string][]SourceBreakpoint
	// Functions are the adapter's answers for the function breakpoints,
	// in the order of the conversation's Functions.
	Functions []Breakpoint
	// Exceptions are the exception filters set.
	Exceptions []string
	// Unsupported says, one sentence each, what was left out because the
	// adapter lacks it.
	Unsupported []string
}

// Start starts an adapter, performs the handshake (initialize, launch,
// the breakpoints after initialized, configurationDone) and returns the
// session with what the adapter made of the breakpoints. The caller
// holds the conversation's lock and has checked that no session runs.
func (c *Conversation) Start(ctx context.Context, l Launch) (*Session, *Configuration, error) {
	c.sup.mu.Lock()
	if c.sup.closed {
		c.sup.mu.Unlock()
		return nil, nil, fmt.Errorf("the run's debug sessions are shut down")
	}
	c.sup.mu.Unlock()
	sess := &Session{Program: l.Program, Debugger: l.Debugger, Started: time.Now(), changed: make(chan struct{}), done: make(chan struct{}), frames: map[int]int{}, refs: map[int]int{}}
	var client *Client
	var err error
	switch {
	case l.Addr != "":
		client, err = Dial(ctx, l.Addr, sess.event)
	case l.Stdio:
		client, err = StartStdio(ctx, l.Adapter, l.Dir, sess.event)
	default:
		client, err = Start(ctx, l.Adapter, l.Dir, sess.event)
	}
	if err != nil {
		return nil, nil, err
	}
	sess.c = client
	go func() {
		<-client.Done()
		sess.End("the debug adapter exited")
	}()
	bps, err := sess.handshake(ctx, l, c)
	if l.Debugger != "" && sess.capsKnown {
		c.caps[l.Debugger] = sess.caps
	}
	if err != nil {
		sess.End("its launch failed")
		return nil, nil, err
	}
	c.sup.mu.Lock()
	if c.sup.closed {
		c.sup.mu.Unlock()
		sess.End("the run closed")
		return nil, nil, fmt.Errorf("the run's debug sessions are shut down")
	}
	c.session = sess
	c.last = sess
	c.lastEnd = ""
	ttl := c.sup.ttl
	sess.timer = time.AfterFunc(ttl, func() {
		sess.End(fmt.Sprintf("it reached the session time limit of %v and was terminated", ttl))
	})
	c.sup.mu.Unlock()
	return sess, bps, nil
}

func (s *Session) handshake(ctx context.Context, l Launch, conv *Conversation) (*Configuration, error) {
	init := &dap.InitializeRequest{Request: dap.Request{Command: "initialize"}, Arguments: dap.InitializeRequestArguments{
		ClientID: "agenttools", ClientName: "agenttools", AdapterID: l.AdapterID,
		LinesStartAt1: true, ColumnsStartAt1: true, PathFormat: "path",
		SupportsVariableType: true,
	}}
	resp, err := s.c.Do(ctx, init)
	if err != nil {
		return nil, fmt.Errorf("initialize: %w", err)
	}
	s.mu.Lock()
	s.caps = resp.(*dap.InitializeResponse).Body
	s.capsKnown = true
	s.mu.Unlock()
	cmd := l.Request
	if cmd == "" {
		cmd = "launch"
	}
	var req dap.RequestMessage = &dap.LaunchRequest{Request: dap.Request{Command: "launch"}, Arguments: l.Arguments}
	if cmd == "attach" {
		req = &dap.AttachRequest{Request: dap.Request{Command: "attach"}, Arguments: l.Arguments}
	}
	// launched is the launch request's answer, when ConfigFirst defers
	// waiting for it until after configurationDone.
	var launched chan error
	if l.ConfigFirst {
		// No build output to tell apart: everything from here on is the
		// debuggee's.
		s.mu.Lock()
		s.launched = true
		s.mu.Unlock()
		launched = make(chan error, 1)
		go func() {
			_, err := s.c.Do(ctx, req)
			launched <- err
			s.mu.Lock()
			s.broadcast()
			s.mu.Unlock()
		}()
	} else {
		// The initialized event may come before or after launch's
		// response (delve sends it after); the breakpoints wait for it.
		if _, err := s.c.Do(ctx, req); err != nil {
			return nil, fmt.Errorf("%s: %w", cmd, err)
		}
		s.mu.Lock()
		s.launched = true
		s.mu.Unlock()
	}
	var lerr error
	answered := false
	if err := s.wait(ctx, func() bool {
		if launched != nil && !answered {
			select {
			case lerr = <-launched:
				answered = true
			default:
			}
		}
		return s.initialized || (answered && lerr != nil)
	}); err != nil {
		return nil, fmt.Errorf("waiting for the adapter's initialized event: %w", err)
	}
	if answered && lerr != nil {
		return nil, fmt.Errorf("%s: %w", cmd, lerr)
	}
	out, err := s.configure(ctx, conv)
	if err != nil {
		return nil, err
	}
	if _, err := s.c.Do(ctx, &dap.ConfigurationDoneRequest{Request: dap.Request{Command: "configurationDone"}}); err != nil {
		return nil, fmt.Errorf("configurationDone: %w", err)
	}
	// The program runs from here until a stop says otherwise; not every
	// adapter sends a continued event for the start.
	s.mu.Lock()
	if s.stopped == nil && s.exitCode == nil && s.ended == "" {
		s.running = true
	}
	s.mu.Unlock()
	if launched != nil && !answered {
		select {
		case lerr = <-launched:
		case <-ctx.Done():
			return nil, fmt.Errorf("%s: no answer from the debug adapter: %w", cmd, ctx.Err())
		}
		if lerr != nil {
			return nil, fmt.Errorf("%s: %w", cmd, lerr)
		}
	}
	return out, nil
}

// configure sends the conversation's breakpoints, after initialized and
// before configurationDone, leaving out what the adapter lacks.
func (s *Session) configure(ctx context.Context, conv *Conversation) (*Configuration, error) {
	out := &Configuration{Lines: map[string][]Breakpoint{}, Sent: map[string][]SourceBreakpoint{}}
	caps := s.Capabilities()
	files := make([]string, 0, len(conv.Breakpoints))
	for f := range conv.Breakpoints {
		files = append(files, f)
	}
	slices.Sort(files)
	for _, f := range files {
		var send []SourceBreakpoint
		for _, bp := range conv.Breakpoints[f] {
			if lacks := Lacks(caps, bp); len(lacks) > 0 {
				out.Unsupported = append(out.Unsupported, fmt.Sprintf("%s:%d is not set: the %s adapter does not support %s", f, bp.Line, s.Debugger, strings.Join(lacks, " or ")))
				continue
			}
			send = append(send, bp)
		}
		if len(send) == 0 {
			continue
		}
		got, err := s.SetBreakpoints(ctx, f, send)
		if err != nil {
			return nil, fmt.Errorf("setBreakpoints for %s: %w", f, err)
		}
		out.Lines[f] = got
		out.Sent[f] = send
	}
	if len(conv.Functions) > 0 {
		if !caps.SupportsFunctionBreakpoints {
			out.Unsupported = append(out.Unsupported, fmt.Sprintf("the function breakpoints (%s) are not set: the %s adapter does not support function breakpoints (supportsFunctionBreakpoints)", strings.Join(conv.Functions, ", "), s.Debugger))
		} else {
			got, err := s.SetFunctionBreakpoints(ctx, conv.Functions)
			if err != nil {
				return nil, fmt.Errorf("setFunctionBreakpoints: %w", err)
			}
			out.Functions = got
		}
	}
	if conv.Exceptions != nil {
		var set, unknown []string
		for _, f := range conv.Exceptions {
			if slices.ContainsFunc(caps.ExceptionBreakpointFilters, func(x ExceptionFilter) bool { return x.Filter == f }) {
				set = append(set, f)
			} else {
				unknown = append(unknown, f)
			}
		}
		have := FilterIDs(caps.ExceptionBreakpointFilters)
		if len(unknown) > 0 {
			why := "it has none"
			if len(have) > 0 {
				why = "its filters are " + strings.Join(have, ", ")
			}
			if len(set) == 0 && len(have) > 0 {
				why += ", left as the adapter sets them"
			}
			out.Unsupported = append(out.Unsupported, fmt.Sprintf("the exception filters %s are not set: the %s adapter does not have them (%s)", strings.Join(unknown, ", "), s.Debugger, why))
		}
		// Filters asked that none of which this adapter has leave its
		// own defaults (delve's stop on a panic) as they are; an empty
		// list asked clears them.
		if len(have) > 0 && (len(set) > 0 || len(conv.Exceptions) == 0) {
			if err := s.SetExceptionBreakpoints(ctx, set); err != nil {
				return nil, fmt.Errorf("setExceptionBreakpoints: %w", err)
			}
			out.Exceptions = set
		}
	}
	return out, nil
}

// A Session is one running debug adapter and its debuggee.
type Session struct {
	Program  string
	Debugger string // the adapter table's id
	Started  time.Time
	c        *Client
	timer    *time.Timer

	mu          sync.Mutex
	caps        Capabilities // initialize's answer
	capsKnown   bool
	changed     chan struct{} // closed and replaced at every change
	initialized bool
	launched    bool // launch has answered: output is the debuggee's from here on
	stops       int  // stopped, exited and terminated events seen
	running     bool
	stopped     *dap.StoppedEventBody
	exitCode    *int
	ended       string
	nextID      int
	frames      map[int]int // frame ids of this stop → the adapter's handles
	refs        map[int]int // references of this stop → the adapter's handles
	out         []byte
	dropped     int
	debuggee    int             // the debuggee's process id, from the process event
	logpoints   map[string]bool // the files with logpoints set
	endOnce     sync.Once
	done        chan struct{} // closed once the session has ended
}

// Done is closed once the session has ended and its adapter is gone.
func (s *Session) Done() <-chan struct{} { return s.done }

// Client is the session's adapter connection.
func (s *Session) Client() *Client { return s.c }

func (s *Session) event(e dap.EventMessage) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch m := e.(type) {
	case *dap.InitializedEvent:
		s.initialized = true
	case *dap.StoppedEvent:
		body := m.Body
		s.stopped = &body
		s.running = false
		s.stops++
		clear(s.frames)
		clear(s.refs)
	case *dap.ContinuedEvent:
		s.running = true
		s.stopped = nil
		clear(s.frames)
		clear(s.refs)
	case *dap.ExitedEvent:
		code := m.Body.ExitCode
		s.exitCode = &code
		s.stops++
	case *dap.TerminatedEvent:
		s.stops++
		s.running = false
		s.stopped = nil
		why := "the debug adapter ended the session"
		if s.exitCode != nil {
			why = fmt.Sprintf("the program exited with code %d", *s.exitCode)
		}
		// Ended from now on; the adapter is shut down in the background,
		// as this runs on its reader.
		if s.ended == "" {
			s.ended = why
		}
		go s.End(why)
	case *dap.ProcessEvent:
		s.debuggee = m.Body.SystemProcessId
	case *dap.OutputEvent:
		// Before launch answered, output is the adapter's own (delve's
		// "Building …"), not the debuggee's. The console is the
		// adapter's too, but lldb-dap writes logpoints there: it is kept
		// while logpoints are set.
		cat := m.Body.Category
		if s.launched && (cat == "stdout" || cat == "stderr" || cat == "console" && len(s.logpoints) > 0) {
			s.out = append(s.out, m.Body.Output...)
			if n := len(s.out) - OutputLimit; n > 0 {
				s.dropped += n
				s.out = append([]byte(nil), s.out[n:]...)
			}
		}
	default:
		return // other events change nothing here
	}
	s.broadcast()
}

func (s *Session) broadcast() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// wait waits until cond, read under the session's lock, holds, the
// session ends or ctx is done.
func (s *Session) wait(ctx context.Context, cond func() bool) error {
	for {
		s.mu.Lock()
		ok, ended, ch := cond(), s.ended, s.changed
		s.mu.Unlock()
		if ok {
			return nil
		}
		if ended != "" {
			return fmt.Errorf("the session ended: %s", ended)
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// End ends the session for a reason, killing the adapter's process group.
func (s *Session) End(why string) {
	s.endOnce.Do(func() {
		s.mu.Lock()
		if s.ended == "" {
			s.ended = why
		}
		s.running = false
		s.broadcast()
		s.mu.Unlock()
		if s.timer != nil {
			s.timer.Stop()
		}
		if s.c != nil {
			// An adapter this session started takes its debuggee down
			// with it; one it did not start is left running, detached,
			// with its debuggee.
			owned := s.c.Owned()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			s.c.Do(ctx, &dap.DisconnectRequest{Request: dap.Request{Command: "disconnect"}, Arguments: &dap.DisconnectArguments{TerminateDebuggee: owned}})
			cancel()
			s.c.Close()
			// The debuggee may be in a process group of its own (delve
			// puts it there), out of reach of the adapter's kill.
			s.mu.Lock()
			pid := s.debuggee
			s.mu.Unlock()
			if owned && pid > 0 {
				procgroup.KillPID(pid, 2*time.Second)
			}
		}
		close(s.done)
	})
}

// Ended says why the session ended, or "" while it runs.
func (s *Session) Ended() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ended
}

// Stops counts the stops (and exits) so far, for WaitStop.
func (s *Session) Stops() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stops
}

// WaitStop waits until a stop after the since'th, or the session's end,
// for at most d; it reports false when the program still runs. When the
// program exited, it waits a little more for the session's end, which
// the adapter sends next.
func (s *Session) WaitStop(ctx context.Context, since int, d time.Duration) bool {
	wctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	if s.wait(wctx, func() bool { return s.stops > since }) != nil && s.Ended() == "" {
		return false
	}
	if _, _, code := s.State(); code != nil {
		// The program exited: the adapter ends the session next.
		select {
		case <-s.Done():
		case <-time.After(5 * time.Second):
		case <-ctx.Done():
		}
	}
	return true
}

// Resumed marks the program as running after a continue or step: the
// frame ids and references of the last stop are no longer valid.
func (s *Session) Resumed() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.running = true
	s.stopped = nil
	clear(s.frames)
	clear(s.refs)
}

// State returns where the program stands: stopped (with the event), or
// running, and the exit code once it exited.
func (s *Session) State() (stopped *dap.StoppedEventBody, running bool, exitCode *int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopped, s.running, s.exitCode
}

// Frame ids and variable references are handed out as ids of the
// session's own, never reused: an adapter (delve) reuses its handles at
// every stop, so an id from a previous stop would silently name another
// frame. Each id maps to the adapter's handle for the current stop only.

// AddFrame records a frame of the current stop and returns its id.
func (s *Session) AddFrame(adapterID int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	s.frames[s.nextID] = adapterID
	return s.nextID
}

// Frame returns the adapter's handle of a frame id of the current stop.
func (s *Session) Frame(id int) (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h, ok := s.frames[id]
	return h, ok
}

// AddRef records a variables reference of the current stop and returns
// its id; 0 (no children) stays 0.
func (s *Session) AddRef(ref int) int {
	if ref <= 0 {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	s.refs[s.nextID] = ref
	return s.nextID
}

// Ref returns the adapter's handle of a reference of the current stop.
func (s *Session) Ref(id int) (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h, ok := s.refs[id]
	return h, ok
}

// Output returns the debuggee's output kept so far and how many bytes
// were dropped before it.
func (s *Session) Output() (string, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return string(s.out), s.dropped
}

// SetBreakpoints sets the breakpoints of one file, replacing its earlier
// ones, and returns what the adapter made of them.
func (s *Session) SetBreakpoints(ctx context.Context, file string, bps []SourceBreakpoint) ([]dap.Breakpoint, error) {
	sbs := append([]dap.SourceBreakpoint{}, bps...)
	logs := slices.ContainsFunc(bps, func(bp SourceBreakpoint) bool { return bp.LogMessage != "" })
	s.mu.Lock()
	if logs {
		if s.logpoints == nil {
			s.logpoints = map[string]bool{}
		}
		s.logpoints[file] = true
	} else {
		delete(s.logpoints, file)
	}
	s.mu.Unlock()
	// go-dap's arguments omit an empty breakpoints list, which debugpy
	// does not take for "none": the request is written by hand.
	args, err := json.Marshal(struct {
		Source      dap.Source             `json:"source"`
		Breakpoints []dap.SourceBreakpoint `json:"breakpoints"`
	}{dap.Source{Path: file}, sbs})
	if err != nil {
		return nil, err
	}
	resp, err := s.c.Do(ctx, &rawRequest{Request: dap.Request{Command: "setBreakpoints"}, Arguments: args})
	if err != nil {
		return nil, err
	}
	return resp.(*dap.SetBreakpointsResponse).Body.Breakpoints, nil
}

// rawRequest is a request with arguments as written.
type rawRequest struct {
	dap.Request
	Arguments json.RawMessage `json:"arguments"`
}
