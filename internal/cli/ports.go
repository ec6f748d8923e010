package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/agenttools/agenttools/tools"
	"golang.org/x/term"
)

// openTerminal opens the controlling terminal when a person is at it:
// stderr must be a terminal, so a harness that pipes everything never gets
// prompted behind its back.
func openTerminal() (io.ReadWriteCloser, bool) {
	if !term.IsTerminal(int(os.Stderr.Fd())) {
		return nil, false
	}
	t, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return nil, false
	}
	return t, true
}

// ttyPort draws cards as text on a terminal and reads the answer line.
type ttyPort struct {
	rw io.ReadWriter
}

func (p *ttyPort) Ask(ctx context.Context, kind tools.CardKind, c tools.Card, timeout time.Duration) (tools.Answer, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "\n[%s] %s\n", kind, c.Question)
	if c.Context != "" {
		fmt.Fprintf(&b, "  %s\n", c.Context)
	}
	for i, o := range c.Options {
		fmt.Fprintf(&b, "  %d. %s", i+1, o.Label)
		if o.Description != "" {
			fmt.Fprintf(&b, " — %s", o.Description)
		}
		b.WriteByte('\n')
	}
	b.WriteString("answer (number")
	if c.MultiSelect {
		b.WriteString("s, comma-separated")
	}
	if c.AllowFreeText {
		b.WriteString(", or text")
	}
	b.WriteString("; empty to skip): ")
	if _, err := io.WriteString(p.rw, b.String()); err != nil {
		return tools.Answer{}, err
	}
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(p.rw).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return tools.Answer{}, ctx.Err()
	case <-timer.C:
		return tools.Answer{Outcome: tools.TimedOut}, nil
	case s := <-line:
		return parseTTYAnswer(s, c), nil
	}
}

func parseTTYAnswer(s string, c tools.Card) tools.Answer {
	if s == "" {
		return tools.Answer{Outcome: tools.Skipped}
	}
	var sel []string
	for _, part := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || n < 1 || n > len(c.Options) {
			sel = nil
			break
		}
		sel = append(sel, c.Options[n-1].Label)
	}
	if sel != nil && (c.MultiSelect || len(sel) == 1) {
		return tools.Answer{Outcome: tools.Answered, Selected: sel}
	}
	if len(c.Options) == 2 && c.Options[0].Label == tools.AllowLabel {
		switch strings.ToLower(s) {
		case "y", "yes", "allow":
			return tools.Answer{Outcome: tools.Answered, Selected: []string{tools.AllowLabel}}
		}
		return tools.Answer{Outcome: tools.Answered, Selected: []string{tools.DenyLabel}}
	}
	return tools.Answer{Outcome: tools.Answered, Text: s}
}
