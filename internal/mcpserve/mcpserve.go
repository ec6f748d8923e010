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
package mcpserve

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
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
}

// New returns the MCP server of c. Run it on a transport; it ends when
// the client goes, and the run's owner then closes the run.
func New(c Config) *mcp.Server {
	s := &server{c: c, parked: map[string]*call{}}
	srv := mcp.NewServer(&mcp.Implementation{Name: "agenttools", Title: "agenttools", Version: c.Version},
		&mcp.ServerOptions{Capabilities: &mcp.ServerCapabilities{}, Logger: c.Logger})
	for _, t := range Listed(c.Dispatcher, c.Surface, c.Tools) {
		srv.AddTool(describe(t), s.handler(t.Name))
	}
	return srv
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

// describe is a tool as MCP lists it. A read tool changes nothing; a
// write tool changes files here, so it is destructive but not open-world;
// an exec tool runs programs, which reach whatever they reach.
func describe(t *tool.Tool) *mcp.Tool {
	level := t.Level
	mt := &mcp.Tool{
		Name:        t.Name,
		Title:       t.Title,
		Description: t.Description,
		InputSchema: t.InputSchema,
		Annotations: &mcp.ToolAnnotations{
			Title:           t.Title,
			ReadOnlyHint:    level == tool.Read,
			DestructiveHint: ptr(level != tool.Read),
			OpenWorldHint:   ptr(level == tool.Exec),
		},
	}
	if t.OutputSchema != nil {
		mt.OutputSchema = t.OutputSchema
	}
	return mt
}

func ptr[T any](v T) *T { return &v }

// handler runs a call of tool name, or takes up a call that waits for the
// answer to its card.
func (s *server) handler(name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
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
	cancel context.CancelFunc
	asks   chan *ask                // the cards it draws, one at a time
	done   chan *mcp.CallToolResult // its result; buffered, so it never blocks

	s       *server
	mu      sync.Mutex
	req     *mcp.CallToolRequest // the request that waits for it now
	pending *ask                 // the card whose answer it waits for, parked
	last    float64              // the progress last reported
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
	ctx, cancel := context.WithCancel(context.Background())
	c := &call{s: s, id: newID(), cancel: cancel, asks: make(chan *ask), done: make(chan *mcp.CallToolResult, 1), req: req}
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
// sent a token, and only forward.
func (c *call) progress(done, total float64, message string) {
	c.mu.Lock()
	req := c.req
	if c.began && done <= c.last { // progress only rises
		c.mu.Unlock()
		return
	}
	c.last, c.began = done, true
	c.mu.Unlock()
	tok := req.Params.GetProgressToken()
	if tok == nil || req.Session == nil {
		return
	}
	req.Session.NotifyProgress(context.Background(), &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: done, Total: total, Message: message})
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
			c.cancel() // the client cancelled the call, or went
			return <-c.done, nil
		}
	}
}

// cardKey names the one input a call asks for at a time.
const cardKey = "card"

// newProtocol reports whether the request speaks a revision in which a
// server sends no request of its own while it serves one.
func newProtocol(req *mcp.CallToolRequest) bool {
	return req.ProtocolVersion() >= "2026-07-28"
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
