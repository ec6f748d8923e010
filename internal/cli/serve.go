package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/agenttools/agenttools/tool"
	"github.com/agenttools/agenttools/tools"
	"github.com/sourcegraph/jsonrpc2"
)

func runServe(ctx context.Context, args []string, stdio IO) int {
	f := newFlags("serve")
	rest, err := f.parse(args, stdio)
	if err != nil {
		return ExitUsage
	}
	if len(rest) > 0 {
		return usageError(stdio, fmt.Errorf("serve speaks JSON-RPC on stdin and takes no arguments, got %q", rest))
	}
	// Resolve the root once up front, so a bad --root fails at start and
	// not at initialize.
	probe := f.run(nil)
	_, err = tools.Registry(probe)
	closeRun(probe)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "agenttools: %v\n", err)
		return ExitToolError
	}
	stream := newLineStream(stdio.Stdin, stdio.Stdout)
	s := &server{flags: f, stream: stream, ctx: ctx, stderr: stdio.Stderr, calls: map[jsonrpc2.ID]context.CancelFunc{}}
	// The handler runs on the reading goroutine, so requests are taken in
	// the order they came: a call sent right after initialize finds the
	// run built. Calls then run on goroutines of their own.
	conn := jsonrpc2.NewConn(context.Background(), stream, s, jsonrpc2.SetLogger(discardLogger{}))
	select {
	case <-conn.DisconnectNotify():
		// stdin closed: the calls in flight run to their end, and each
		// is answered before the process exits.
		s.drain(nil)
		conn.Close()
		if s.r != nil {
			closeRun(s.r)
		}
	case <-ctx.Done():
		// A signal: the calls in flight are cancelled through ctx and
		// answered, unless one hangs past the moment the process must
		// end; no call starts after this.
		stopAt := time.Now()
		s.drain(time.After(signalWait))
		conn.Close()
		if s.r != nil {
			stopRun(s.r, signalGrace, stopAt.Add(signalTotal))
		}
	}
	return ExitOK
}

type discardLogger struct{}

func (discardLogger) Printf(string, ...any) {}

// server answers serve's methods. The registry is built at initialize,
// when the host has said whether a person can answer cards. Replies are
// written to the stream, not through the connection, which closes when
// stdin does while calls may still be running.
type server struct {
	flags  *flags
	stream *lineStream
	ctx    context.Context // the run's: done when a signal ends it
	stderr io.Writer

	mu       sync.Mutex
	r        *tools.Run
	d        *tool.Dispatcher
	calls    map[jsonrpc2.ID]context.CancelFunc // in flight, for $/cancelRequest
	draining bool                               // no call starts any more
	wg       sync.WaitGroup                     // the calls in flight
}

type initializeParams struct {
	Human bool `json:"human"`
}

type initializeResult struct {
	Name    string   `json:"name"`
	Version string   `json:"version"`
	Surface string   `json:"surface"`
	Tools   []string `json:"tools"`
}

type callParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

type cancelParams struct {
	ID jsonrpc2.ID `json:"id"`
}

// Version is the binary's version, set at link time.
var Version = "dev"

// Handle takes one request or notification, on the goroutine that reads
// the stream. Only a tools/call runs apart; everything else is quick.
func (s *server) Handle(_ context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	switch req.Method {
	case "$/cancelRequest":
		var p cancelParams
		if decodeParams(req, &p, true) == nil {
			s.cancel(p.ID)
		}
		if !req.Notif {
			s.reply(req.ID, nil, nil)
		}
		return
	case "tools/call":
		if !req.Notif {
			s.startCall(req)
			return
		}
	}
	result, rerr := s.handle(conn, req)
	if !req.Notif {
		s.reply(req.ID, result, rerr)
	}
}

func (s *server) handle(conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, *jsonrpc2.Error) {
	switch req.Method {
	case "initialize":
		var p initializeParams
		if err := decodeParams(req, &p, false); err != nil {
			return nil, err
		}
		return s.initialize(conn, p)
	case "tools/list":
		d, err := s.dispatcher()
		if err != nil {
			return nil, err
		}
		return map[string]any{"tools": listTools(d, tool.Surface(s.flags.surface))}, nil
	case "tools/call":
		return nil, nil // a notification: nobody waits for its result
	}
	return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: fmt.Sprintf("unknown method %s: want initialize, tools/list, tools/call or $/cancelRequest", tool.Quote(req.Method))}
}

// startCall checks a tools/call and runs it on a goroutine of its own,
// counted before it starts so that drain waits for it.
func (s *server) startCall(req *jsonrpc2.Request) {
	d, rerr := s.dispatcher()
	if rerr != nil {
		s.reply(req.ID, nil, rerr)
		return
	}
	var p callParams
	if rerr := decodeParams(req, &p, true); rerr != nil {
		s.reply(req.ID, nil, rerr)
		return
	}
	if p.Name == "" {
		s.reply(req.ID, nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: `tools/call: params.name is missing`})
		return
	}
	s.mu.Lock()
	if s.draining {
		s.mu.Unlock()
		s.reply(req.ID, nil, &jsonrpc2.Error{Code: codeShuttingDown, Message: "tools/call: the server is shutting down"})
		return
	}
	ctx, cancel := context.WithCancel(s.ctx)
	id := req.ID
	s.calls[id] = cancel
	s.wg.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.wg.Done()
		defer func() {
			s.mu.Lock()
			delete(s.calls, id)
			s.mu.Unlock()
			cancel()
		}()
		res, err := d.Call(ctx, tool.Surface(s.flags.surface), p.Name, p.Arguments)
		if err != nil {
			s.reply(id, nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("internal error in %s: %s", tool.Quote(p.Name), tool.Clip(err.Error()))})
			return
		}
		s.reply(id, res, nil)
	}()
}

// codeShuttingDown is the server error (of JSON-RPC's -32000 to -32099)
// that refuses a call sent after a signal began the shutdown.
const codeShuttingDown = -32001

// cancel cancels the call of request id, if it still runs. The call is
// answered with what its tool returns once cancelled (an eval cell is
// interrupted, and its output so far comes back).
func (s *server) cancel(id jsonrpc2.ID) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if cancel := s.calls[id]; cancel != nil {
		cancel()
	}
}

// drain stops new calls and waits until every call in flight has been
// answered, or until timeout fires (nil: no timeout), when those still
// running are said on stderr.
func (s *server) drain(timeout <-chan time.Time) {
	s.mu.Lock()
	s.draining = true
	s.mu.Unlock()
	answered := make(chan struct{})
	go func() { s.wg.Wait(); close(answered) }()
	select {
	case <-answered:
	case <-timeout:
		s.mu.Lock()
		n := len(s.calls)
		s.mu.Unlock()
		fmt.Fprintf(s.stderr, "agenttools: serve: %d calls did not end once cancelled, and are not answered\n", n)
	}
}

// reply writes the one response to request id: a tool's result encoded as
// it is written (jsonrpc2 would hold it encoded several times), any other
// result, or an error. A reply that cannot be written is said on stderr,
// since the host will never see it.
func (s *server) reply(id jsonrpc2.ID, result any, rerr *jsonrpc2.Error) {
	var err error
	if res, ok := result.(tool.Result); ok && rerr == nil {
		err = s.stream.writeResult(id, res)
	} else {
		resp := &jsonrpc2.Response{ID: id, Error: rerr}
		if rerr == nil {
			b, merr := json.Marshal(result)
			if merr != nil {
				resp.Error = &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: "encoding the result: " + merr.Error()}
			} else {
				raw := json.RawMessage(b)
				resp.Result = &raw
			}
		}
		err = s.stream.WriteObject(resp)
	}
	if err != nil {
		fmt.Fprintf(s.stderr, "agenttools: serve: the reply to request %s was not written: %v\n", id, err)
	}
}

func (s *server) initialize(conn *jsonrpc2.Conn, p initializeParams) (any, *jsonrpc2.Error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.d != nil {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "initialize was already called"}
	}
	// A host without a human gets no cards: they fail at once.
	var port tool.Port
	if p.Human {
		port = &hostPort{conn: conn}
	}
	r := s.flags.run(port)
	d, err := tools.Registry(r)
	if err != nil {
		closeRun(r)
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: tool.Clip(err.Error())}
	}
	s.r, s.d = r, d
	res := initializeResult{Name: "agenttools", Version: Version, Surface: s.flags.surface, Tools: []string{}}
	for _, t := range d.Tools(tool.Surface(s.flags.surface)) {
		res.Tools = append(res.Tools, t.Name)
	}
	return res, nil
}

func (s *server) dispatcher() (*tool.Dispatcher, *jsonrpc2.Error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.d == nil {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "call initialize first"}
	}
	return s.d, nil
}

func decodeParams(req *jsonrpc2.Request, v any, required bool) *jsonrpc2.Error {
	if req.Params == nil || string(*req.Params) == "null" {
		if required {
			return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: req.Method + ": params are missing"}
		}
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(*req.Params))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("%s: bad params: %s", tool.Quote(req.Method), tool.Clip(err.Error()))}
	}
	return nil
}

// hostPort draws cards by calling the host back with ui/ask.
type hostPort struct {
	conn *jsonrpc2.Conn
}

type askParams struct {
	Kind           tool.CardKind `json:"kind"`
	Card           tool.Card     `json:"card"`
	TimeoutSeconds int           `json:"timeout_seconds"`
}

func (p *hostPort) Ask(ctx context.Context, kind tool.CardKind, c tool.Card, timeout time.Duration) (tool.Answer, error) {
	// The host gets a little longer than the card says, so its own
	// timeout answer arrives before ours fires.
	ctx, cancel := context.WithTimeout(ctx, timeout+min(timeout/2, 5*time.Second))
	defer cancel()
	var a tool.Answer
	err := p.conn.Call(ctx, "ui/ask", askParams{Kind: kind, Card: c, TimeoutSeconds: int((timeout + time.Second - 1) / time.Second)}, &a)
	if errors.Is(err, context.DeadlineExceeded) {
		return tool.Answer{Outcome: tool.TimedOut}, nil
	}
	if err != nil {
		return tool.Answer{}, fmt.Errorf("ui/ask: %w", err)
	}
	if err := a.Check(c); err != nil {
		return tool.Answer{}, fmt.Errorf("ui/ask: the host's answer does not fit the card: %w", err)
	}
	return a, nil
}

// lineStream is a jsonrpc2.ObjectStream of one JSON object per line. A
// line that is not a JSON-RPC message gets a parse or invalid-request
// error, and the stream goes on reading: one bad line from a host does not
// end the session.
type lineStream struct {
	r      *bufio.Reader
	w      io.Writer
	closer io.Closer
	mu     sync.Mutex // serializes writes
}

func newLineStream(r io.Reader, w io.Writer) *lineStream {
	s := &lineStream{r: bufio.NewReaderSize(r, 1<<16), w: w}
	if c, ok := r.(io.Closer); ok {
		s.closer = c
	}
	return s
}

// maxLine bounds one message; a longer line is refused as a whole.
const maxLine = 64 << 20

func (s *lineStream) ReadObject(v any) error {
	for {
		line, err := s.readLine()
		if err != nil {
			return err
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if line == nil {
			continue
		}
		uerr := json.Unmarshal(line, v)
		if uerr == nil {
			return nil
		}
		code := int64(jsonrpc2.CodeInvalidRequest)
		msg := "invalid request: " + uerr.Error()
		var id any
		if !json.Valid(line) {
			code, msg = jsonrpc2.CodeParseError, "parse error: the line is not JSON"
		} else {
			var probe struct {
				ID any `json:"id"`
			}
			if json.Unmarshal(line, &probe) == nil {
				id = probe.ID
			}
		}
		s.WriteObject(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	}
}

// readLine reads one line, or reports one over maxLine as an empty line
// after answering it with an error.
func (s *lineStream) readLine() ([]byte, error) {
	var buf []byte
	for {
		chunk, err := s.r.ReadSlice('\n')
		if len(buf)+len(chunk) <= maxLine {
			buf = append(buf, chunk...)
		} else if buf != nil || len(chunk) > 0 {
			buf = buf[:0]
			if err == nil {
				s.WriteObject(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": jsonrpc2.CodeParseError, "message": fmt.Sprintf("parse error: a line is longer than %d bytes", maxLine)}})
			}
		}
		switch {
		case err == nil:
			return buf, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(buf) > 0:
			return buf, nil
		default:
			return nil, err
		}
	}
}

func (s *lineStream) WriteObject(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err = s.w.Write(append(b, '\n'))
	return err
}

// writeResult writes the response to request id whose result is res,
// encoding res straight onto the stream.
func (s *lineStream) writeResult(id jsonrpc2.ID, res tool.Result) error {
	idJSON, err := json.Marshal(id)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	w := bufio.NewWriterSize(s.w, 64<<10)
	w.WriteString(`{"id":`)
	w.Write(idJSON)
	w.WriteString(`,"result":`)
	if err := tool.WriteJSON(w, res); err != nil {
		return err
	}
	w.WriteString(`,"jsonrpc":"2.0"}` + "\n")
	return w.Flush()
}

func (s *lineStream) Close() error {
	if s.closer != nil {
		return s.closer.Close()
	}
	return nil
}
