// Package dapclient drives debug adapters over the Debug Adapter
// Protocol: a client for one adapter process (delve's `dlv dap` over
// TCP; debugpy's adapter, lldb-dap and `dart debug_adapter` over stdio)
// or for an adapter already listening (a `python -m debugpy --listen`
// debuggee, a headless delve server), and a supervisor that keeps one
// debug session per conversation, with a hard time limit, and ends every
// adapter and debuggee when the run closes. It owns the table of adapters
// and how each is chosen for a program and launched or attached
// (adapters.go), and the requests a session answers, typed (requests.go),
// so that its callers build no DAP message themselves.
package dapclient

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/agenttools/agenttools/internal/procgroup"
	"github.com/google/go-dap"
)

// listening is what `dlv dap` prints on stdout once it accepts a client.
const listening = "DAP server listening at:"

// startWait bounds how long an adapter may take to say where it listens.
const startWait = 20 * time.Second

// A Client is one adapter process and the connection to it. Writes are
// serialised; responses are matched to requests by request_seq; events go
// to the handler given to Start, in the order they arrive.
type Client struct {
	cmd  *exec.Cmd // nil for a client that dialled an adapter it did not start
	conn io.ReadWriteCloser

	wmu     sync.Mutex // serialises writes
	mu      sync.Mutex
	seq     int
	pending map[int]chan dap.Message
	err     error         // why the connection ended, once it has
	done    chan struct{} // closed when the reader stops
	exited  chan struct{} // closed when the process has been reaped

	onEvent func(dap.EventMessage)
}

// Start runs argv (an adapter that takes --listen, like `dlv dap`) in dir,
// in a process group of its own, reads the address it prints and connects.
// onEvent receives every event; it must not block for long.
func Start(ctx context.Context, argv []string, dir string, onEvent func(dap.EventMessage)) (*Client, error) {
	cmd := exec.Command(argv[0], append(argv[1:], "--listen=127.0.0.1:0")...)
	cmd.Dir = dir
	procgroup.Set(cmd)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr tail
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", argv[0], err)
	}
	c := &Client{cmd: cmd, pending: map[int]chan dap.Message{}, done: make(chan struct{}), exited: make(chan struct{}), onEvent: onEvent}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		sent := false
		for sc.Scan() {
			line := sc.Text()
			if i := strings.Index(line, listening); i >= 0 && !sent {
				addr <- strings.TrimSpace(line[i+len(listening):])
				sent = true
			}
		}
		if !sent {
			close(addr)
		}
		io.Copy(io.Discard, stdout)
	}()
	go func() {
		cmd.Wait()
		close(c.exited)
	}()
	var a string
	var ok bool
	select {
	case a, ok = <-addr:
	case <-ctx.Done():
	case <-time.After(startWait):
	}
	if a == "" {
		c.kill()
		if !ok && ctx.Err() == nil {
			return nil, fmt.Errorf("%s exited before it listened: %s", argv[0], strings.TrimSpace(stderr.String()))
		}
		return nil, fmt.Errorf("%s did not say where it listens within %v", argv[0], startWait)
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", a)
	if err != nil {
		c.kill()
		return nil, fmt.Errorf("connecting to %s at %s: %w", argv[0], a, err)
	}
	c.conn = conn
	go c.read()
	return c, nil
}

// StartStdio runs argv (an adapter that speaks DAP on its stdin and
// stdout, like `python3 -m debugpy.adapter`) in dir, in a process group
// of its own. onEvent receives every event; it must not block for long.
func StartStdio(ctx context.Context, argv []string, dir string, onEvent func(dap.EventMessage)) (*Client, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	procgroup.Set(cmd)
	// Pipes of our own, not cmd's: Wait would close cmd's read end
	// under the reader, losing the adapter's last messages.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	var stderr tail
	cmd.Stderr = &stderr
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("starting %s: %w", argv[0], err)
	}
	c := &Client{cmd: cmd, conn: pipeConn{outR, inW}, pending: map[int]chan dap.Message{}, done: make(chan struct{}), exited: make(chan struct{}), onEvent: onEvent}
	go func() {
		cmd.Wait()
		close(c.exited)
	}()
	go c.read()
	return c, nil
}

// pipeConn is an adapter's stdout and stdin as one connection.
type pipeConn struct {
	r *os.File
	w *os.File
}

func (p pipeConn) Read(b []byte) (int, error)  { return p.r.Read(b) }
func (p pipeConn) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p pipeConn) Close() error {
	p.w.Close()
	return p.r.Close()
}

// Dial connects to an adapter that already listens at addr (host:port),
// one this client did not start and does not end: Close only disconnects.
func Dial(ctx context.Context, addr string, onEvent func(dap.EventMessage)) (*Client, error) {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("connecting to a debug adapter at %s: %w", addr, err)
	}
	c := &Client{conn: conn, pending: map[int]chan dap.Message{}, done: make(chan struct{}), exited: make(chan struct{}), onEvent: onEvent}
	close(c.exited)
	go c.read()
	return c, nil
}

// PID is the adapter's process id, the leader of its process group; 0
// for a client that dialled an adapter it did not start.
func (c *Client) PID() int {
	if c.cmd == nil {
		return 0
	}
	return c.cmd.Process.Pid
}

// Owned reports whether the client started its adapter (and ends it).
func (c *Client) Owned() bool { return c.cmd != nil }

// Done is closed when the connection to the adapter has ended.
func (c *Client) Done() <-chan struct{} { return c.done }

func (c *Client) read() {
	r := bufio.NewReader(c.conn)
	var err error
	for {
		var data []byte
		data, err = dap.ReadBaseMessage(r)
		if err != nil {
			break
		}
		msg, derr := dap.DecodeProtocolMessage(data)
		if derr != nil {
			// An event or response go-dap does not know: tolerate an
			// event, fail a response's request with what it said.
			var raw struct {
				Type       string `json:"type"`
				RequestSeq int    `json:"request_seq"`
				Command    string `json:"command"`
				Success    bool   `json:"success"`
				Message    string `json:"message"`
			}
			if json.Unmarshal(data, &raw) == nil && raw.Type == "response" {
				resp := &dap.ErrorResponse{Response: dap.Response{RequestSeq: raw.RequestSeq, Command: raw.Command, Success: raw.Success, Message: raw.Message}}
				if raw.Success {
					resp.Response.Success = false
					resp.Response.Message = "an answer this client cannot decode"
				}
				c.deliver(resp)
			}
			continue
		}
		switch m := msg.(type) {
		case dap.ResponseMessage:
			c.deliver(m)
		case dap.EventMessage:
			if c.onEvent != nil {
				c.onEvent(m)
			}
		case dap.RequestMessage:
			// A reverse request (runInTerminal, startDebugging): this
			// client does not offer them, so it declines.
			rq := m.GetRequest()
			c.send(&dap.ErrorResponse{Response: dap.Response{
				ProtocolMessage: dap.ProtocolMessage{Type: "response"},
				RequestSeq:      rq.Seq, Command: rq.Command, Success: false, Message: "not supported by this client",
			}})
		}
	}
	c.mu.Lock()
	if c.err == nil {
		c.err = fmt.Errorf("the debug adapter closed the connection (%v)", err)
	}
	for seq, ch := range c.pending {
		close(ch)
		delete(c.pending, seq)
	}
	c.mu.Unlock()
	close(c.done)
}

func (c *Client) deliver(m dap.Message) {
	seq := m.(dap.ResponseMessage).GetResponse().RequestSeq
	c.mu.Lock()
	ch := c.pending[seq]
	delete(c.pending, seq)
	c.mu.Unlock()
	if ch != nil {
		ch <- m
	}
}

func (c *Client) send(m dap.Message) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	switch x := m.(type) {
	case dap.RequestMessage:
		c.mu.Lock()
		c.seq++
		x.GetRequest().Seq = c.seq
		c.mu.Unlock()
	case dap.ResponseMessage:
		c.mu.Lock()
		c.seq++
		x.GetResponse().Seq = c.seq
		c.mu.Unlock()
	}
	return dap.WriteProtocolMessage(c.conn, m)
}

// A ResponseError is an adapter's refusal of a request.
type ResponseError struct {
	Command string
	Message string
}

func (e *ResponseError) Error() string { return e.Message }

// Do sends a request (its Command and Arguments set; Seq and Type are set
// here) and waits for its response, which it returns when it succeeded.
func (c *Client) Do(ctx context.Context, req dap.RequestMessage) (dap.ResponseMessage, error) {
	r := req.GetRequest()
	r.Type = "request"
	ch := make(chan dap.Message, 1)
	c.wmu.Lock()
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		c.wmu.Unlock()
		return nil, err
	}
	c.seq++
	r.Seq = c.seq
	c.pending[r.Seq] = ch
	c.mu.Unlock()
	err := dap.WriteProtocolMessage(c.conn, req)
	c.wmu.Unlock()
	if err != nil {
		c.mu.Lock()
		delete(c.pending, r.Seq)
		c.mu.Unlock()
		return nil, fmt.Errorf("sending %s: %w", r.Command, err)
	}
	select {
	case m, ok := <-ch:
		if !ok {
			c.mu.Lock()
			err := c.err
			c.mu.Unlock()
			return nil, err
		}
		resp := m.(dap.ResponseMessage)
		if !resp.GetResponse().Success {
			msg := resp.GetResponse().Message
			if e, ok := m.(*dap.ErrorResponse); ok && e.Body.Error != nil && e.Body.Error.Format != "" {
				msg = e.Body.Error.Format
			}
			return nil, &ResponseError{Command: r.Command, Message: msg}
		}
		return resp, nil
	case <-ctx.Done():
		c.mu.Lock()
		delete(c.pending, r.Seq)
		c.mu.Unlock()
		return nil, fmt.Errorf("%s: no answer from the debug adapter: %w", r.Command, ctx.Err())
	}
}

// Close kills the adapter's process group (the debuggee with it) and
// waits, briefly, until its processes are reaped.
func (c *Client) Close() {
	c.mu.Lock()
	if c.err == nil {
		c.err = errors.New("the debug session is closed")
	}
	c.mu.Unlock()
	c.kill()
	deadline := time.Now().Add(5 * time.Second)
	select {
	case <-c.exited:
	case <-time.After(time.Until(deadline)):
	}
	// The adapter is reaped; its children (debugpy's launcher and
	// debuggee), orphaned by the same kill, are reaped by init a moment
	// later. Wait, briefly, until the group is gone.
	if c.cmd != nil {
		procgroup.WaitGone(c.cmd, time.Until(deadline))
	}
	if c.conn != nil {
		<-c.done
	}
}

func (c *Client) kill() {
	if c.cmd != nil {
		procgroup.Kill(c.cmd)
	}
	if c.conn != nil {
		c.conn.Close()
	}
}

// tail keeps the last few KiB written to it.
type tail struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if t.buf.Len() > 8192 {
		b := t.buf.Bytes()[t.buf.Len()-4096:]
		t.buf = *bytes.NewBuffer(append([]byte(nil), b...))
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}
