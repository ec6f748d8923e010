package lspclient

// How a server process ends: asked to shut down, then killed with its
// process group, and reported by its exit status and last stderr lines.

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/agenttools/agenttools/internal/procgroup"
)

// exitWait bounds how long a server that closed its output is given to
// exit before it is taken as hung and killed.
const exitWait = 5 * time.Second

// drainWait bounds how long, after the process has exited, the client
// reads what it wrote last, when something else of its group still
// holds its output open.
const drainWait = time.Second

// closeAfterExit closes the connection once the process has exited and
// the connection has read all the server wrote, or drainWait after the
// exit when a child of the server's keeps its output open.
func (c *Client) closeAfterExit() {
	select {
	case <-c.exited:
	case <-c.conn.DisconnectNotify():
		return
	}
	t := time.NewTimer(drainWait)
	defer t.Stop()
	select {
	case <-c.conn.DisconnectNotify():
	case <-t.C:
		c.conn.Close()
	}
}

// exitedWithin reports whether the process has exited, waiting at most d.
func (c *Client) exitedWithin(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-c.exited:
		return true
	case <-t.C:
		return false
	}
}

// Shutdown asks the server to exit and, after a grace period, kills its
// process group.
func (c *Client) Shutdown(ctx context.Context) {
	if !c.Exited() {
		sctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		if c.conn.Call(sctx, "shutdown", nil, nil) == nil {
			c.conn.Notify(sctx, "exit", nil)
		}
		cancel()
		select {
		case <-c.exited:
		case <-time.After(2 * time.Second):
		}
	}
	c.kill()
}

func (c *Client) kill() {
	procgroup.Kill(c.cmd)
	c.conn.Close()
	deadline := time.After(5 * time.Second)
	select {
	case <-c.exited:
	case <-deadline:
		return
	}
	// The server's own children (typescript-language-server's tsservers)
	// die with the group, but are reaped by init only some time after:
	// wait until the group is empty, so that none is seen to survive.
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for !procgroup.Gone(c.cmd) {
		select {
		case <-tick.C:
		case <-deadline:
			return
		}
	}
}

// exitReport says that the server has exited (during what, when it is
// said), and how: its exit status or signal, and its last lines of stderr.
func (c *Client) exitReport(during string) string {
	select {
	case <-c.exited:
		return fmt.Sprintf("%s exited%s (%s)%s", c.Server.ID, during, c.cmd.ProcessState, c.stderrTail())
	default:
		return fmt.Sprintf("%s closed its connection%s%s", c.Server.ID, during, c.stderrTail())
	}
}

// stderrTail is the server's last lines of stderr, for an error.
func (c *Client) stderrTail() string {
	if s := tail(c.stderr.String(), stderrLines, stderrChars); s != "" {
		return "; its last stderr lines:\n" + s
	}
	return ""
}

// An error quotes at most this much of a server's stderr: enough for a
// panic's message and the top of its stack, not a log.
const (
	stderrLines = 20
	stderrChars = 2000
)

// tail returns the last n lines of s, cut further to their last max
// bytes, from a line's start where one is among them ("…" marks a cut).
func tail(s string, n, max int) string {
	s = lastLines(s, n)
	if len(s) <= max {
		return s
	}
	cut := len(s) - max + len("…")
	if nl := strings.IndexByte(s[cut:], '\n'); nl >= 0 {
		cut += nl + 1
	} else {
		for cut < len(s) && !utf8.RuneStart(s[cut]) {
			cut++
		}
	}
	return "…" + s[cut:]
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if len(b.buf) > b.max {
		b.buf = b.buf[len(b.buf)-b.max:]
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(bytes.TrimSpace(b.buf))
}
