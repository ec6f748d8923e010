package mcpserve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Bounds of a line the server reads.
const (
	// maxLine is the longest line read, in bytes: the bound of the SDK's
	// own stdio transport, so that every message it took is taken still.
	// A longer line is answered with an error and skipped as it arrives,
	// never held whole.
	maxLine = mcp.DefaultMaxLineLength
	// maxDepth is how deeply a message may nest arrays and objects. A
	// call nests its arguments four levels deep and a schema among them
	// a few more; a thousand leaves any real message room, while every
	// decoder behind the line (the SDK's, encoding/json's, the schema
	// validator's, all recursive) stays shallow.
	maxDepth = 1000
)

// A lineConn is an MCP connection over newline-delimited JSON, as the
// SDK's own stdio transport speaks it, except in what a bad line costs:
// the SDK ends the session on the first line that is not a message (not
// JSON, too deep, too long, or an object JSON-RPC does not know), while
// a lineConn answers such a line itself, with an error of id null, and
// reads on. It also keeps every error it writes to JSON-RPC's codes, and
// knows which calls are still to be answered, so that the server can end
// only after answering them.
type lineConn struct {
	out io.Writer
	wmu sync.Mutex // one line at a time

	lines     chan incoming // from the goroutine that reads
	closed    chan struct{}
	closeOnce sync.Once
	stopped   chan struct{} // closed when the server takes no more messages
	stopOnce  sync.Once
	end       error // why Read takes no more messages; Read's own

	mu          sync.Mutex
	calls       map[jsonrpc.ID]callInfo // the client's calls not yet answered
	asked       map[jsonrpc.ID]struct{} // the server's calls the client has not answered
	initialized bool                    // an initialize has been answered with success
	changed     chan struct{}           // closed, and replaced, when calls or asked change
}

// incoming is what the reading goroutine found: a message, the reply to
// a line that holds none, or the end of the input.
type incoming struct {
	msg   jsonrpc.Message
	reply []byte
	err   error
}

// callInfo is what the reply to a call needs to know of it.
type callInfo struct {
	method string
	// early: the call came before the session was initialized, on a
	// revision that initializes; the SDK then refuses it without a code.
	early bool
}

// newLineConn returns a connection that reads in and writes out.
func newLineConn(in io.Reader, out io.Writer) *lineConn {
	c := &lineConn{
		out:     out,
		lines:   make(chan incoming),
		closed:  make(chan struct{}),
		stopped: make(chan struct{}),
		calls:   map[jsonrpc.ID]callInfo{},
		asked:   map[jsonrpc.ID]struct{}{},
		changed: make(chan struct{}),
	}
	go c.readLines(in)
	return c
}

// connTransport hands the SDK a connection made beforehand.
type connTransport struct{ c *lineConn }

func (t connTransport) Connect(context.Context) (mcp.Connection, error) { return t.c, nil }

// readLines reads the input line by line, until it ends or the
// connection closes.
func (c *lineConn) readLines(in io.Reader) {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, long, err := readLine(r, maxLine)
		var next incoming
		switch {
		case err != nil:
			next = incoming{err: err}
		case long:
			next = incoming{reply: refusal(nil, jsonrpc.CodeInvalidRequest,
				fmt.Sprintf("the line is longer than the %d MiB a message may take; it was skipped", maxLine>>20))}
		default:
			line = bytes.TrimSpace(line)
			if len(line) == 0 {
				continue
			}
			next = decode(line)
		}
		select {
		case c.lines <- next:
		case <-c.closed:
			return
		}
		if err != nil {
			return
		}
	}
}

// readLine returns the next line of r without its newline. A line of
// more than max bytes is read to its end and dropped, and long says so.
// A last line with no newline is a line; io.EOF comes after it.
func readLine(r *bufio.Reader, max int) (line []byte, long bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !long {
			if len(line)+len(chunk) > max+1 { // +1: the newline
				line, long = nil, true
			} else {
				line = append(line, chunk...)
			}
		}
		switch {
		case err == nil:
			return bytes.TrimSuffix(line, []byte("\n")), long, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && (len(line) > 0 || long):
			return line, long, nil
		default:
			return nil, false, err
		}
	}
}

// decode reads one line as a message, or returns the reply that refuses
// it.
func decode(line []byte) incoming {
	if tooDeep(line, maxDepth) {
		return incoming{reply: refusal(nil, jsonrpc.CodeInvalidRequest,
			fmt.Sprintf("the message nests arrays and objects more than %d deep; it was skipped", maxDepth))}
	}
	if !json.Valid(line) {
		var raw json.RawMessage
		err := json.Unmarshal(line, &raw) // the error says where
		return incoming{reply: refusal(nil, jsonrpc.CodeParseError, "parse error: the line is not JSON: "+err.Error())}
	}
	switch line[0] {
	case '{':
	case '[':
		return incoming{reply: refusal(nil, jsonrpc.CodeInvalidRequest,
			"a batch of messages is not taken: send one message per line (MCP has had no batches since 2025-06-18)")}
	default:
		return incoming{reply: refusal(nil, jsonrpc.CodeInvalidRequest, "the line is no JSON-RPC message: it must hold one JSON object")}
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return incoming{reply: refusal(idOf(line), jsonrpc.CodeInvalidRequest, "invalid JSON-RPC message: "+clip(err.Error(), maxErrorText))}
	}
	return incoming{msg: msg}
}

// tooDeep reports whether line nests arrays and objects more than max
// deep, counting the brackets outside strings.
func tooDeep(line []byte, max int) bool {
	depth, inString, escaped := 0, false, false
	for _, b := range line {
		switch {
		case inString && escaped:
			escaped = false
		case inString && b == '\\':
			escaped = true
		case inString && b == '"':
			inString = false
		case inString:
		case b == '"':
			inString = true
		case b == '[' || b == '{':
			if depth++; depth > max {
				return true
			}
		case b == ']' || b == '}':
			depth--
		}
	}
	return false
}

// idOf returns the id of a message that is JSON but no valid message,
// when it has one JSON-RPC allows, so that its sender learns which call
// failed; nil otherwise.
func idOf(line []byte) json.RawMessage {
	var probe struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(line, &probe) != nil || len(probe.ID) == 0 {
		return nil
	}
	switch b := probe.ID[0]; {
	case b == '"', b == '-', '0' <= b && b <= '9':
		return probe.ID
	}
	return nil
}

// refusal is the line of an error reply to id, null when it is nil.
func refusal(id json.RawMessage, code int64, message string) []byte {
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   *jsonrpc.Error  `json:"error"`
	}{"2.0", id, &jsonrpc.Error{Code: code, Message: message}})
	return b
}

// Read returns the next message of the client. A line that holds none is
// answered here and skipped. Once the input ends or the server stops,
// Read fails the server's own calls, which no answer can reach now, and
// then reports the end once every call of the client has been answered.
func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	if c.end != nil {
		return c.drain(ctx, c.end)
	}
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-c.closed:
			return nil, io.EOF
		case <-c.stopped:
			c.end = io.EOF
			return c.drain(ctx, c.end)
		case next := <-c.lines:
			switch {
			case next.err != nil:
				c.end = next.err
				return c.drain(ctx, c.end)
			case next.reply != nil:
				if err := c.writeLine(next.reply); err != nil {
					return nil, err
				}
				continue
			}
			c.received(next.msg)
			return next.msg, nil
		}
	}
}

// received notes a call of the client, to be answered, or the answer to
// a call of the server.
func (c *lineConn) received(msg jsonrpc.Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch m := msg.(type) {
	case *jsonrpc.Request:
		if m.IsCall() {
			early := !c.initialized && m.Method != "initialize" && !namesRevision(m.Params)
			c.calls[m.ID] = callInfo{method: m.Method, early: early}
		}
	case *jsonrpc.Response:
		delete(c.asked, m.ID)
	}
	c.signal()
}

// namesRevision reports whether params carry the revision in their _meta,
// as calls of a revision with no initialize do.
func namesRevision(params json.RawMessage) bool {
	var p struct {
		Meta map[string]any `json:"_meta"`
	}
	if json.Unmarshal(params, &p) != nil {
		return false
	}
	_, ok := p.Meta[mcp.MetaKeyProtocolVersion].(string)
	return ok
}

// signal wakes whoever waits for a change of calls or asked; c.mu is
// held.
func (c *lineConn) signal() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// drain ends the reading with err: it fails each call of the server
// still waiting for the client, then waits until every call of the
// client has been answered, or the connection closes.
func (c *lineConn) drain(ctx context.Context, err error) (jsonrpc.Message, error) {
	for {
		c.mu.Lock()
		for id := range c.asked {
			delete(c.asked, id)
			c.mu.Unlock()
			return &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: codeNoAnswer, Message: "the client can no longer answer: its input has ended, or the server is stopping"}}, nil
		}
		if len(c.calls) == 0 {
			c.mu.Unlock()
			return nil, err
		}
		changed := c.changed
		c.mu.Unlock()
		select {
		case <-changed:
		case <-c.closed:
			return nil, err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// codeNoAnswer is the code of the error that ends a call of the server
// the client can no longer answer; it never goes on the wire.
const codeNoAnswer = -32000

// stop makes Read take no more messages, as the server stops.
func (c *lineConn) stop() { c.stopOnce.Do(func() { close(c.stopped) }) }

// answered waits until every call of the client has been answered, the
// connection has closed, or ctx is done; it reports whether all were.
func (c *lineConn) answered(ctx context.Context) bool {
	for {
		c.mu.Lock()
		n, changed := len(c.calls), c.changed
		c.mu.Unlock()
		if n == 0 {
			return true
		}
		select {
		case <-changed:
		case <-c.closed:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

// Write writes one message on its line. The error of a reply is given a
// code JSON-RPC allows.
func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	var (
		reply *jsonrpc.Response
		info  callInfo
	)
	switch m := msg.(type) {
	case *jsonrpc.Response:
		c.mu.Lock()
		info = c.calls[m.ID]
		c.mu.Unlock()
		reply = &jsonrpc.Response{ID: m.ID, Result: m.Result, Extra: m.Extra}
		if m.Error != nil {
			reply.Error = wireError(m.Error, info)
		}
		msg = reply
	case *jsonrpc.Request:
		if m.IsCall() {
			c.mu.Lock()
			c.asked[m.ID] = struct{}{}
			c.signal()
			c.mu.Unlock()
		}
	}
	line, err := encode(msg)
	if err != nil {
		return err
	}
	err = c.writeLine(line)
	if reply != nil {
		c.mu.Lock()
		delete(c.calls, reply.ID)
		if info.method == "initialize" && reply.Error == nil && err == nil {
			c.initialized = true
		}
		c.signal()
		c.mu.Unlock()
	}
	return err
}

// encode returns the line of msg. A reply to a call whose id could not
// be read says "id": null, which the SDK's encoding leaves out.
func encode(msg jsonrpc.Message) ([]byte, error) {
	if r, ok := msg.(*jsonrpc.Response); ok && !r.ID.IsValid() {
		if we, ok := r.Error.(*jsonrpc.Error); ok {
			return refusal(nil, we.Code, we.Message), nil
		}
	}
	line, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return nil, fmt.Errorf("encoding a message: %w", err)
	}
	return line, nil
}

// writeLine writes b and a newline, alone.
func (c *lineConn) writeLine(b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if _, err := c.out.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("writing to the client: %w", err)
	}
	return nil
}

// wireError returns err as a reply's error, with a code JSON-RPC allows.
// The SDK sends some errors with no code, which goes on the wire as 0:
// those that refuse a call before the session is initialized (or a bad
// initialize) are the caller's, an invalid request; any other is ours.
func wireError(err error, info callInfo) *jsonrpc.Error {
	var we *jsonrpc.Error
	out := &jsonrpc.Error{Message: clip(err.Error(), maxErrorText)}
	if errors.As(err, &we) {
		out.Code = we.Code
		if we == err {
			out.Data = we.Data
		}
	}
	switch {
	case validCode(out.Code):
	case out.Code == 0 && (info.early || info.method == "initialize"):
		out.Code = jsonrpc.CodeInvalidRequest
	default:
		out.Code = jsonrpc.CodeInternalError
	}
	return out
}

// validCode reports whether JSON-RPC allows code: one of its five, or
// one of the range it keeps for a server's own errors.
func validCode(code int64) bool {
	switch code {
	case jsonrpc.CodeParseError, jsonrpc.CodeInvalidRequest, jsonrpc.CodeMethodNotFound, jsonrpc.CodeInvalidParams, jsonrpc.CodeInternalError:
		return true
	}
	return -32099 <= code && code <= -32000
}

// Close ends Read; the streams are the process's, and stay open.
func (c *lineConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

// SessionID is empty: stdio has one session.
func (c *lineConn) SessionID() string { return "" }

// maxErrorText is the most of an error's text a reply carries: the SDK's
// errors may quote what the client sent, which can be megabytes.
const maxErrorText = 1000

// clip cuts s to at most n bytes, on a character boundary, saying how
// long it was.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes in all)", s[:cut], len(s))
}
