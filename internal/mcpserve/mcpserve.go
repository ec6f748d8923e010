// Package mcpserve puts a run's tools on the Model Context Protocol,
// through the official Go SDK. Each tool is listed with its title, the
// description the model reads, its input schema, its output schema where
// the structured result has a fixed shape, and annotations that follow
// from its level. Every call goes through the run's tool.Dispatcher, the
// one path of every face of agenttools.
//
// A card that a call draws (ask_user's question, or an approval when the
// run asks for them) becomes a form elicitation: on protocol revisions
// before 2026-07-28 the server sends it while the call waits; from
// 2026-07-28 on, the call's result asks for the input, and the client's
// retry of the call carries the answer to the call, which waited for it.
// A call whose client sent a progress token reports its progress.
//
// Serve runs the server over stdio, where a line that holds no message
// costs only itself, and where the server, when it stops, answers the
// calls in flight before it goes.
package mcpserve

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/agenttools/agenttools/tool"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Config is what a server serves.
type Config struct {
	Dispatcher *tool.Dispatcher
	Surface    tool.Surface
	// Tools names the tools to list, a subset of those the surface sees;
	// nil lists them all.
	Tools   []string
	Version string
	Logger  *slog.Logger // nil logs nothing
}

// A server is one MCP server over a dispatcher: the calls in flight that
// wait for the answer to a card, by the state their result gave.
type server struct {
	c      Config
	mu     sync.Mutex
	parked map[string]*call
	// quit is done when the server stops: it cancels every call, and
	// the requests that wait for them.
	quit context.Context
	stop context.CancelFunc
}

// Bounds of a server's stop.
const (
	// cancelWait is how long a call cancelled as the server stops may
	// take to return its result; after it, the server answers for it.
	cancelWait = 600 * time.Millisecond
	// answerWait is how long the server waits for the answers of the
	// calls in flight when it stops.
	answerWait = 800 * time.Millisecond
)

// Serve serves c to one client over newline-delimited JSON: it reads in
// and writes out. It returns when the client's input ends and every call
// read has been answered (the calls run to their end: a client that
// piped its requests still reads the replies), or when ctx is done: then
// it takes no more messages, cancels the calls in flight, and answers
// them, within about a second. The run's owner then closes the run,
// which ends what a call that ignored its cancellation left running.
func Serve(ctx context.Context, c Config, in io.Reader, out io.Writer) error {
	s, srv := newServer(c)
	defer s.stop()
	conn := newLineConn(in, out)
	ss, err := srv.Connect(context.WithoutCancel(ctx), connTransport{conn}, nil)
	if err != nil {
		return fmt.Errorf("starting the MCP session: %w", err)
	}
	ended := make(chan error, 1)
	go func() { ended <- ss.Wait() }()
	select {
	case err := <-ended:
		return err
	case <-ctx.Done():
	}
	conn.stop()
	s.stop()
	wait, cancel := context.WithTimeout(context.Background(), answerWait)
	defer cancel()
	if !conn.answered(wait) {
		s.c.logger().Warn("stopping with calls unanswered")
	}
	conn.Close()
	// Closing the session waits for every handler; one stuck in a tool
	// that ignores its cancellation must not hold the process.
	go ss.Close()
	return ctx.Err()
}

// logger returns the logger of c, or one that discards.
func (c Config) logger() *slog.Logger {
	if c.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return c.Logger
}

// newServer returns the server of c and the SDK's server over it.
func newServer(c Config) (*server, *mcp.Server) {
	s := &server{c: c, parked: map[string]*call{}}
	s.quit, s.stop = context.WithCancel(context.Background())
	srv := mcp.NewServer(&mcp.Implementation{Name: "agenttools", Title: "agenttools", Version: c.Version},
		&mcp.ServerOptions{Capabilities: &mcp.ServerCapabilities{}, Logger: c.Logger})
	srv.AddReceivingMiddleware(speakAnswered(c.logger()))
	for _, t := range Listed(c.Dispatcher, c.Surface, c.Tools) {
		srv.AddTool(describe(t), s.handler(t.Name))
	}
	return s, srv
}

// sessionless is the first revision with no initialize handshake: each
// request names its revision, and a server sends no request of its own
// while it serves one.
const sessionless = "2026-07-28"

// speakAnswered makes the revision a session speaks the one its
// initialize answered. The SDK answers a client that asks for a revision
// it does not know, or for one that has no initialize, with the newest
// revision before those, but keeps the revision the client asked for as
// the session's, and speaks that: it refuses to send an elicitation, and
// marks results input_required. The middleware puts the answer in the
// request before the SDK reads it.
func speakAnswered(logger *slog.Logger) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			p, ok := req.GetParams().(*mcp.InitializeParams)
			if method != "initialize" || !ok || p == nil {
				return next(ctx, method, req)
			}
			asked := p.ProtocolVersion
			p.ProtocolVersion = answeredRevision(asked)
			res, err := next(ctx, method, req)
			if r, ok := res.(*mcp.InitializeResult); ok && r != nil && r.ProtocolVersion != p.ProtocolVersion {
				logger.Warn("initialize answered another revision than the session speaks",
					"asked", asked, "answered", r.ProtocolVersion, "spoken", p.ProtocolVersion)
			}
			return res, err
		}
	}
}

// answeredRevision is the revision an initialize that asks for v is
// answered with: v, when the SDK knows it and it has an initialize
// handshake; otherwise the newest such revision.
func answeredRevision(v string) string {
	known := mcp.SupportedProtocolVersions()
	if slices.Contains(known, v) && v < sessionless {
		return v
	}
	newest := ""
	for _, k := range known {
		if k < sessionless && k > newest {
			newest = k
		}
	}
	if newest == "" {
		return v
	}
	return newest
}

// Listed returns the tools a server of these settings lists, in the
// dispatcher's order.
func Listed(d *tool.Dispatcher, s tool.Surface, names []string) []*tool.Tool {
	var out []*tool.Tool
	for _, t := range d.Tools(s) {
		if names == nil || slices.Contains(names, t.Name) {
			out = append(out, t)
		}
	}
	return out
}

// describe is a tool as MCP lists it, with annotations that say its
// effects: those of its level (a read tool changes nothing; a write tool
// changes files here, so it is destructive but not open-world; an exec
// tool runs programs, which reach whatever they reach), unless the tool
// says otherwise.
func describe(t *tool.Tool) *mcp.Tool {
	e := t.Effect()
	mt := &mcp.Tool{
		Name:        t.Name,
		Title:       t.Title,
		Description: t.Description,
		InputSchema: t.InputSchema,
		Annotations: &mcp.ToolAnnotations{
			Title:           t.Title,
			ReadOnlyHint:    e.ReadOnly,
			DestructiveHint: ptr(e.Destructive),
			OpenWorldHint:   ptr(e.OpenWorld),
		},
	}
	if t.OutputSchema != nil {
		mt.OutputSchema = t.OutputSchema
	}
	return mt
}

func ptr[T any](v T) *T { return &v }

// handler runs a call of tool name, or takes up a call that waits for the
// answer to its card. The server's stop cancels the request as the
// client's cancellation does.
func (s *server) handler(name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		defer context.AfterFunc(s.quit, cancel)()
		if state := req.Params.RequestState; state != "" {
			return s.resume(ctx, req, state)
		}
		c := s.start(req, name)
		return s.await(ctx, req, c)
	}
}

// A call is one tool call running through the dispatcher. It runs apart
// from the request that started it, because on the newer protocol the
// request ends when the call asks a question, and a later one carries
// the answer.
type call struct {
	id     string
	name   string // the tool's
	cancel context.CancelFunc
	asks   chan *ask                // the cards it draws, one at a time
	done   chan *mcp.CallToolResult // its result; buffered, so it never blocks

	s       *server
	mu      sync.Mutex
	req     *mcp.CallToolRequest // the request that waits for it now
	pending *ask                 // the card whose answer it waits for, parked
	last    float64              // the progress last reported
	total   float64              // the total last reported, 0 while not known
	began   bool                 // whether any was
}

// An ask is a card a call draws, and where its answer goes.
type ask struct {
	card    tool.Card
	timeout time.Duration
	answer  chan tool.Answer // buffered
}

type callKey struct{}

func (s *server) start(req *mcp.CallToolRequest, name string) *call {
	ctx, cancel := context.WithCancel(s.quit)
	c := &call{s: s, id: newID(), name: name, cancel: cancel, asks: make(chan *ask), done: make(chan *mcp.CallToolResult, 1), req: req}
	ctx = context.WithValue(ctx, callKey{}, c)
	if req.Params.GetProgressToken() != nil {
		ctx = tool.WithProgress(ctx, c.progress)
	}
	args := req.Params.Arguments
	go func() {
		defer cancel()
		res, err := s.c.Dispatcher.Call(ctx, s.c.Surface, name, json.RawMessage(args))
		if err != nil {
			res = tool.Errorf("%s failed inside agenttools: %v", name, err)
		}
		c.done <- result(res)
	}()
	return c
}

// progress reports to the request that now waits for the call, when it
// sent a token, and only forward. A total goes with a report only when
// the tool knows it (tool.Progress says 0 while it does not) and it is
// not below what is done: MCP leaves it out until then, and a client
// shows an open-ended bar, not one stuck near its end.
func (c *call) progress(done, total float64, message string) {
	c.mu.Lock()
	req := c.req
	// Progress only rises; but the report that first tells the total
	// goes out even at the count of the one before, or a client's bar
	// would never learn its end.
	if c.began && (done < c.last || done == c.last && (total <= 0 || c.total > 0)) {
		c.mu.Unlock()
		return
	}
	c.last, c.began = done, true
	if total > 0 {
		c.total = total
	}
	c.mu.Unlock()
	tok := req.Params.GetProgressToken()
	if tok == nil || req.Session == nil {
		return
	}
	p := &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: done, Message: message}
	if total > 0 && total >= done {
		p.Total = total
	}
	req.Session.NotifyProgress(context.Background(), p)
}

// await waits for the call's result, answering its cards on the way: on
// the older protocol by eliciting at once, on the newer one by returning
// the card for the client to ask and retry with.
func (s *server) await(ctx context.Context, req *mcp.CallToolRequest, c *call) (*mcp.CallToolResult, error) {
	for {
		select {
		case res := <-c.done:
			return res, nil
		case a := <-c.asks:
			if newProtocol(req) {
				s.park(c, a)
				return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{cardKey: elicitation(a.card)}, RequestState: c.id}, nil
			}
			ectx, cancel := context.WithTimeout(ctx, a.timeout)
			res, err := req.Session.Elicit(ectx, elicitation(a.card))
			cancel()
			a.answer <- answerOf(a.card, res, err)
		case <-ctx.Done():
			c.cancel() // the client cancelled the call, or went, or the server stops
			return s.cancelled(c), nil
		}
	}
}

// cancelled returns the result of a call just cancelled. When the server
// stops it waits a moment only, and then answers for a tool that has not
// returned.
func (s *server) cancelled(c *call) *mcp.CallToolResult {
	if s.quit.Err() == nil {
		return <-c.done
	}
	t := time.NewTimer(cancelWait)
	defer t.Stop()
	select {
	case res := <-c.done:
		return res
	case <-t.C:
		return result(tool.Errorf("%s was cancelled, as agenttools is stopping, and did not end within %v; what it started is ended with the run", c.name, cancelWait))
	}
}

// cardKey names the one input a call asks for at a time.
const cardKey = "card"

// newProtocol reports whether the request speaks a revision in which a
// server sends no request of its own while it serves one: the one its
// _meta names, or else its session's, which speakAnswered made the one
// initialize answered.
func newProtocol(req *mcp.CallToolRequest) bool {
	return req.ProtocolVersion() >= sessionless
}

// park keeps a call that waits for its card's answer until the client's
// retry brings it.
func (s *server) park(c *call, a *ask) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.parked[c.id] = c
	c.mu.Lock()
	c.pending = a
	c.mu.Unlock()
	// A client that never retries leaves the call: it is dropped a while
	// after its card timed out.
	time.AfterFunc(a.timeout+parkedGrace, func() { s.forget(c, a) })
}

// parkedGrace is how long a call whose card timed out waits for the
// client's retry.
const parkedGrace = 10 * time.Minute

// resume gives a parked call the answer a retry brought, and waits for
// the call again.
func (s *server) resume(ctx context.Context, req *mcp.CallToolRequest, state string) (*mcp.CallToolResult, error) {
	s.mu.Lock()
	c := s.parked[state]
	delete(s.parked, state)
	s.mu.Unlock()
	if c == nil {
		return result(tool.Errorf("this call no longer waits for an answer (its question timed out, or it was answered before); call the tool again")), nil
	}
	c.mu.Lock()
	a := c.pending
	c.pending, c.req = nil, req
	c.mu.Unlock()
	res, _ := req.Params.InputResponses[cardKey].(*mcp.ElicitResult)
	var err error
	if res == nil {
		err = fmt.Errorf("the retry carried no answer to the card")
	}
	a.answer <- answerOf(a.card, res, err)
	return s.await(ctx, req, c)
}

// forget drops a call parked on card a, if the client never took it up.
func (s *server) forget(c *call, a *ask) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	if s.parked[c.id] == c && c.pending == a {
		delete(s.parked, c.id)
	}
}

func newID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// result is a tool result as MCP carries it: the text and image items,
// the structured result when it is an object, and whether it failed.
func result(r tool.Result) *mcp.CallToolResult {
	out := &mcp.CallToolResult{IsError: r.IsError, Content: []mcp.Content{}}
	for _, c := range r.Content {
		if c.Type == "image" {
			data, err := base64.StdEncoding.DecodeString(c.Data)
			if err == nil {
				out.Content = append(out.Content, &mcp.ImageContent{Data: data, MIMEType: c.MimeType})
				continue
			}
		}
		out.Content = append(out.Content, &mcp.TextContent{Text: c.Render()})
	}
	if r.Structured != nil {
		if b, err := json.Marshal(r.Structured); err == nil && len(b) > 0 && b[0] == '{' {
			out.StructuredContent = json.RawMessage(b)
		}
	}
	return out
}
