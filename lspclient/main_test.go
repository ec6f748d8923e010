package lspclient

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sync"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

// TestMain runs the test binary as a language server when the tests start
// it as one (see recorderCommand), and as the tests otherwise.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == recorderArg {
		os.Exit(runRecorder(os.Args[2:]))
	}
	os.Exit(m.Run())
}

// recorderArg, as the test binary's first argument, makes it the recorder.
const recorderArg = "lspclient-test-recorder"

// recorderCommand is the command of a recorder: a real process speaking
// LSP on its stdin and stdout, which answers initialize and remembers the
// document notifications it receives, in the order received, and returns
// them to a "test/received" request. Before it serves, it appends its pid
// to the file starts (when set), writes "up" to the FIFO up (when set),
// and reads the FIFO gate (when set) to its end.
func recorderCommand(t *testing.T, starts, up, gate string) []string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// A race-detecting binary sleeps a second at exit unless told not
	// to: every shutdown of a recorder would wait for it.
	t.Setenv("GORACE", "atexit_sleep_ms=0")
	return []string{exe, recorderArg, "-starts=" + starts, "-up=" + up, "-gate=" + gate}
}

// A received is one document notification a recorder received.
type received struct {
	Method  string `json:"method"`
	Version int    `json:"version"`
	Text    string `json:"text"`
}

func runRecorder(args []string) int {
	fs := flag.NewFlagSet(recorderArg, flag.ContinueOnError)
	starts := fs.String("starts", "", "file to append the pid to")
	up := fs.String("up", "", "FIFO to say up on")
	gate := fs.String("gate", "", "FIFO to read to its end before serving")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := recorderWait(*starts, *up, *gate); err != nil {
		fmt.Fprintln(os.Stderr, "recorder:", err)
		return 1
	}
	r := &recorder{}
	conn := jsonrpc2.NewConn(context.Background(),
		jsonrpc2.NewBufferedStream(stdio{}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(r.handle))
	<-conn.DisconnectNotify()
	return 0
}

// recorderWait does what a recorder does before it serves.
func recorderWait(starts, up, gate string) error {
	if starts != "" {
		f, err := os.OpenFile(starts, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		fmt.Fprintln(f, os.Getpid())
		if err := f.Close(); err != nil {
			return err
		}
	}
	if up != "" {
		if err := os.WriteFile(up, []byte("up\n"), 0o644); err != nil {
			return err
		}
	}
	if gate != "" {
		if _, err := os.ReadFile(gate); err != nil {
			return err
		}
	}
	return nil
}

type recorder struct {
	mu   sync.Mutex
	seen []received
}

func (r *recorder) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	var p struct {
		TextDocument struct {
			Version int    `json:"version"`
			Text    string `json:"text"`
		} `json:"textDocument"`
		ContentChanges []struct {
			Text string `json:"text"`
		} `json:"contentChanges"`
	}
	if req.Params != nil {
		json.Unmarshal(*req.Params, &p)
	}
	switch req.Method {
	case "initialize":
		return map[string]any{"capabilities": map[string]any{"textDocumentSync": 1}}, nil
	case "textDocument/didOpen", "textDocument/didChange":
		text := p.TextDocument.Text
		if len(p.ContentChanges) > 0 {
			text = p.ContentChanges[len(p.ContentChanges)-1].Text
		}
		r.mu.Lock()
		r.seen = append(r.seen, received{req.Method, p.TextDocument.Version, text})
		r.mu.Unlock()
	case "test/received":
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.seen, nil
	case "exit":
		os.Exit(0)
	}
	return nil, nil
}

// stdio is the process's stdin and stdout as one stream.
type stdio struct{}

func (stdio) Read(b []byte) (int, error)  { return os.Stdin.Read(b) }
func (stdio) Write(b []byte) (int, error) { return os.Stdout.Write(b) }
func (stdio) Close() error                { return nil }

var _ io.ReadWriteCloser = stdio{}
