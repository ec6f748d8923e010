package cli

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/agenttools/agenttools/internal/peers"
)

// A host drives a JSON-RPC face of the built binary (serve or mcp) over
// its real stdin and stdout, with lines of its own making, and reads every
// line the binary writes as a message. Its cleanup closes stdin and checks
// that the binary then exits by itself, cleanly unless the test ended it
// with a signal.
type host struct {
	t     *testing.T
	cmd   *exec.Cmd
	stdin io.WriteCloser
	msgs  chan map[string]any
	// exited is closed when the binary has exited, err saying how.
	exited chan struct{}
	err    error
	// signalled: the test ended the binary with a signal, so its exit
	// status is the signal's business.
	signalled bool
	early     map[float64]map[string]any // replies read while waiting for another
}

// startHost starts the binary with args in dir, with the checkout's
// peers first on its PATH.
func startHost(t *testing.T, dir string, args ...string) *host {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+peerPath())
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	h := &host{t: t, cmd: cmd, stdin: stdin, msgs: make(chan map[string]any, 64), exited: make(chan struct{}), early: map[float64]map[string]any{}}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				m = map[string]any{"unparsable": sc.Text()}
			}
			h.msgs <- m
		}
		close(h.msgs)
		h.err = cmd.Wait() // after the last read of stdout, as Wait closes it
		close(h.exited)
	}()
	t.Cleanup(func() {
		stdin.Close()
		select {
		case <-h.exited:
			if h.err != nil && !h.signalled {
				t.Errorf("%s did not exit cleanly when its stdin closed: %v", args[0], h.err)
			}
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Errorf("%s did not exit within 30s of its stdin closing", args[0])
		}
	})
	return h
}

// peerPath is PATH with the checkout's peers in front, where make test
// installs them.
func peerPath() string {
	path := os.Getenv("PATH")
	if top, err := peers.ModuleRoot(); err == nil {
		path = filepath.Join(top, ".peers", "bin") + string(os.PathListSeparator) + path
	}
	return path
}

func (h *host) send(line string) {
	h.t.Helper()
	if _, err := io.WriteString(h.stdin, line+"\n"); err != nil {
		h.t.Fatal(err)
	}
}

func (h *host) request(id int, method string, params any) {
	h.t.Helper()
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	h.send(string(b))
}

// next returns the next message from the binary.
func (h *host) next() map[string]any {
	h.t.Helper()
	select {
	case m, ok := <-h.msgs:
		if !ok {
			h.t.Fatal("the binary closed its stdout")
		}
		return m
	case <-time.After(60 * time.Second):
		h.t.Fatal("no message from the binary in 60s")
	}
	return nil
}

// reply returns the reply to request id, passing over notifications and
// requests of the binary's own, and keeping other replies for later.
func (h *host) reply(id int) map[string]any {
	h.t.Helper()
	if m, ok := h.early[float64(id)]; ok {
		delete(h.early, float64(id))
		return m
	}
	for {
		m := h.next()
		got, isNum := m["id"].(float64)
		switch {
		case !isNum || m["method"] != nil:
		case got == float64(id):
			return m
		default:
			h.early[got] = m
		}
	}
}
