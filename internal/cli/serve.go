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
	s := &server{flags: f, stream: stream}
	conn := jsonrpc2.NewConn(ctx, stream, jsonrpc2.AsyncHandler(s), jsonrpc2.SetLogger(discardLogger{}))
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	s.wg.Wait()
	if s.r != nil {
		closeRun(s.r)
	}
	return ExitOK
}

type discardLogger struct{}

func (discardLogger) Printf(string, ...any) {}

// server answers serve's methods. The registry is built at initialize,
// when the host has said whether a person can answer cards.
type server struct {
	flags  *flags
	stream *lineStream
	wg     sync.WaitGroup

	mu   sync.Mutex
	r    *tools.Run
	d    *tool.Dispatcher
	port tool.Port
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

// Version is the binary's version, set at link time.
var Version = "dev"

func (s *server) Handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	s.wg.Add(1)
	defer s.wg.Done()
	result, rerr := s.handle(ctx, conn, req)
	if req.Notif {
		return
	}
	if rerr != nil {
		conn.ReplyWithError(ctx, req.ID, rerr)
		return
	}
	if res, ok := result.(tool.Result); ok {
		// A tool's result is written as it is encoded, never whole in
		// memory: jsonrpc2's Reply would hold it encoded several times.
		// A response needs no bookkeeping of the connection.
		s.stream.writeResult(req.ID, res)
		return
	}
	conn.Reply(ctx, req.ID, result)
}

func (s *server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, *jsonrpc2.Error) {
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
		d, err := s.dispatcher()
		if err != nil {
			return nil, err
		}
		var p callParams
		if err := decodeParams(req, &p, true); err != nil {
			return nil, err
		}
		if p.Name == "" {
			return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: `tools/call: params.name is missing`}
		}
		res, cerr := d.Call(ctx, tool.Surface(s.flags.surface), p.Name, p.Arguments)
		if cerr != nil {
			return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("internal error in %s: %v", p.Name, cerr)}
		}
		return res, nil
	}
	return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: fmt.Sprintf("unknown method %q: want initialize, tools/list or tools/call", req.Method)}
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
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: err.Error()}
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
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("%s: bad params: %v", req.Method, err)}
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
