package mcpserve

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
)

// testTools are tools whose behaviour the tests below steer: they say
// when they run, and wait where a real tool waits for its work.
type testTools struct {
	running chan string   // a tool's name, as it starts
	release chan struct{} // closed to let slow and stuck return
	once    sync.Once
}

func (tt *testTools) dispatcher(t *testing.T) *tool.Dispatcher {
	t.Helper()
	type none struct{}
	d := tool.NewDispatcher(tool.Policy{Default: tool.Allow})
	for _, tl := range []*tool.Tool{
		tool.New("echo", tool.Read, true, "Say the text.", func(ctx context.Context, a struct {
			Text string `json:"text"`
		}) (tool.Result, error) {
			return tool.Text(a.Text), nil
		}),
		// block runs until it is cancelled.
		tool.New("block", tool.Read, true, "Run until cancelled.", func(ctx context.Context, _ none) (tool.Result, error) {
			tt.running <- "block"
			<-ctx.Done()
			return tool.Errorf("block stopped: %v", ctx.Err()), nil
		}),
		// stuck ignores its cancellation.
		tool.New("stuck", tool.Read, true, "Run, deaf to cancellation.", func(ctx context.Context, _ none) (tool.Result, error) {
			tt.running <- "stuck"
			<-tt.release
			return tool.Text("stuck ended"), nil
		}),
		// slow ends when released.
		tool.New("slow", tool.Read, true, "Run until released.", func(ctx context.Context, _ none) (tool.Result, error) {
			tt.running <- "slow"
			select {
			case <-tt.release:
				return tool.Text("slow done"), nil
			case <-ctx.Done():
				return tool.Errorf("slow cancelled"), nil
			}
		}),
		// ask draws a card through the MCP port.
		tool.New("ask", tool.Read, true, "Ask a question.", func(ctx context.Context, _ none) (tool.Result, error) {
			a, err := Port{}.Ask(ctx, tool.QuestionCard, tool.Card{Question: "Which?", AllowFreeText: true}, time.Minute)
			if err != nil {
				return tool.Result{}, err
			}
			return tool.Text("outcome " + a.Outcome), nil
		}),
		// progress reports with no total, a total below what is done,
		// and a known total.
		tool.New("progress", tool.Read, true, "Report progress.", func(ctx context.Context, _ none) (tool.Result, error) {
			tool.ReportProgress(ctx, 1, 0, "one")
			tool.ReportProgress(ctx, 2, 1, "two")
			tool.ReportProgress(ctx, 3, 10, "three")
			return tool.Text("reported"), nil
		}),
	} {
		if err := d.Add(tl); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

func (tt *testTools) free() { tt.once.Do(func() { close(tt.release) }) }

// piped is a client of an in-process Serve, over pipes: it writes lines
// to the server and reads the messages it writes.
type piped struct {
	t     *testing.T
	in    *io.PipeWriter
	msgs  chan map[string]any
	ended chan struct{} // closed when Serve has returned
	err   error         // what it returned
}

func servePiped(t *testing.T, ctx context.Context, tt *testTools) *piped {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := &piped{t: t, in: inW, msgs: make(chan map[string]any, 64), ended: make(chan struct{})}
	d := tt.dispatcher(t)
	go func() {
		p.err = Serve(ctx, Config{Dispatcher: d, Surface: tool.Full, Version: "test"}, inR, outW)
		close(p.ended)
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				m = map[string]any{"unparsable": sc.Text()}
			}
			p.msgs <- m
		}
		close(p.msgs)
	}()
	t.Cleanup(func() {
		tt.free()
		inW.Close()
		select {
		case <-p.ended:
		case <-time.After(30 * time.Second):
			t.Error("Serve did not return after its input closed")
		}
	})
	return p
}

func (p *piped) send(format string, args ...any) {
	p.t.Helper()
	if _, err := fmt.Fprintf(p.in, format+"\n", args...); err != nil {
		p.t.Fatal(err)
	}
}

// next returns the next message of the server.
func (p *piped) next() map[string]any {
	p.t.Helper()
	select {
	case m, ok := <-p.msgs:
		if !ok {
			p.t.Fatal("the server's output ended")
		}
		return m
	case <-time.After(30 * time.Second):
		p.t.Fatal("no message from the server in 30s")
	}
	return nil
}

// initialize opens the session, as a client that answers elicitations.
func (p *piped) initialize() {
	p.t.Helper()
	p.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"t","version":"1"}}}`)
	if m := p.next(); m["result"] == nil {
		p.t.Fatalf("initialize: %v", m)
	}
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

func (p *piped) call(id int, name string) {
	p.t.Helper()
	p.send(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{}}}`, id, name)
}

// text returns the text of a tools/call result, and whether it failed.
func text(m map[string]any) (string, bool) {
	r, _ := m["result"].(map[string]any)
	var parts []string
	cs, _ := r["content"].([]any)
	for _, c := range cs {
		if s, ok := c.(map[string]any)["text"].(string); ok {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, "\n"), r["isError"] == true
}

// TestMCPStop: when ctx is done, the calls in flight are cancelled and
// answered, one that ignores its cancellation too, and Serve returns.
func TestMCPStop(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	tt := &testTools{running: make(chan string, 2), release: make(chan struct{})}
	p := servePiped(t, ctx, tt)
	p.initialize()
	p.call(1, "block")
	p.call(2, "stuck")
	<-tt.running
	<-tt.running
	stop()
	select {
	case <-p.ended:
		if p.err != context.Canceled {
			t.Errorf("Serve returned %v", p.err)
		}
	case <-time.After(2 * time.Second): // the bound on ending at a signal
		t.Fatal("Serve did not return within 2s of its stop")
	}
	got := map[float64]string{}
	for range 2 {
		m := p.next()
		s, isErr := text(m)
		got[m["id"].(float64)] = fmt.Sprintf("%v %s", isErr, s)
	}
	want := map[float64]string{
		1: "true block stopped: context canceled",
		2: "true stuck was cancelled, as agenttools is stopping, and did not end within 600ms; what it started is ended with the run",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the answers (-want +got):\n%s", diff)
	}
}

// TestMCPEndOfInput: when the input ends, a call in flight runs to its
// end and is answered before Serve returns; a card it draws then, which
// nobody can answer, fails at once.
func TestMCPEndOfInput(t *testing.T) {
	tt := &testTools{running: make(chan string, 1), release: make(chan struct{})}
	p := servePiped(t, context.Background(), tt)
	p.initialize()
	p.call(1, "slow")
	<-tt.running
	p.call(2, "ask")
	if m := p.next(); m["method"] != "elicitation/create" {
		t.Fatalf("want the card as an elicitation, got %v", m)
	}
	p.in.Close()
	tt.free()
	got := map[float64]string{}
	for range 2 {
		m := p.next()
		s, _ := text(m)
		got[m["id"].(float64)] = s
	}
	if diff := cmp.Diff(map[float64]string{1: "slow done", 2: "outcome no_human"}, got); diff != "" {
		t.Errorf("the answers after the input ended (-want +got):\n%s", diff)
	}
	<-p.ended
	if p.err != nil {
		t.Errorf("Serve returned %v", p.err)
	}
}

// TestMCPProgressTotal: a report carries a total only when the tool knows
// it and it is not below what is done.
func TestMCPProgressTotal(t *testing.T) {
	tt := &testTools{running: make(chan string, 1), release: make(chan struct{})}
	p := servePiped(t, context.Background(), tt)
	p.initialize()
	p.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"progress","arguments":{},"_meta":{"progressToken":"p"}}}`)
	var reports []map[string]any
	for {
		m := p.next()
		if m["id"] == 1.0 {
			break
		}
		if m["method"] == "notifications/progress" {
			params := m["params"].(map[string]any)
			delete(params, "progressToken")
			reports = append(reports, params)
		}
	}
	want := []map[string]any{
		{"progress": 1.0, "message": "one"},
		{"progress": 2.0, "message": "two"},
		{"progress": 3.0, "total": 10.0, "message": "three"},
	}
	if diff := cmp.Diff(want, reports); diff != "" {
		t.Errorf("progress (-want +got):\n%s", diff)
	}
}
