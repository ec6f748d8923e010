package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/agenttools/agenttools/tool"
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

// ttyPort draws cards as text on the person's terminal and reads the
// answer from it, so stdin and stdout stay free for a batch's data. One
// card is drawn at a time; a line typed before a card is drawn is not
// taken as its answer.
type ttyPort struct {
	rw io.ReadWriter

	mu    sync.Mutex // one card at a time
	once  sync.Once
	lines chan string // the terminal's lines; closed at its end
}

func newTTYPort(rw io.ReadWriter) *ttyPort {
	return &ttyPort{rw: rw, lines: make(chan string, 16)}
}

func (p *ttyPort) readLines() {
	sc := bufio.NewScanner(p.rw)
	for sc.Scan() {
		p.lines <- sc.Text()
	}
	close(p.lines)
}

func (p *ttyPort) Ask(ctx context.Context, kind tool.CardKind, c tool.Card, timeout time.Duration) (tool.Answer, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.once.Do(func() { go p.readLines() })
	for drained := false; !drained; {
		select {
		case _, ok := <-p.lines:
			if !ok {
				return tool.Answer{Outcome: tool.NoHumanOutcome}, nil
			}
		default:
			drained = true
		}
	}
	if _, err := io.WriteString(p.rw, drawCard(kind, c, timeout)); err != nil {
		return tool.Answer{}, fmt.Errorf("drawing the card on the terminal: %w", err)
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			io.WriteString(p.rw, "\n(the question was withdrawn)\n")
			return tool.Answer{}, ctx.Err()
		case <-timer.C:
			io.WriteString(p.rw, "\n(no answer in time; the card is closed)\n")
			return tool.Answer{Outcome: tool.TimedOut}, nil
		case line, ok := <-p.lines:
			if !ok {
				return tool.Answer{Outcome: tool.NoHumanOutcome}, nil
			}
			a, problem := parseTTYAnswer(strings.TrimSpace(line), c)
			if problem == "" {
				return a, nil
			}
			if _, err := io.WriteString(p.rw, problem+"; try again: "); err != nil {
				return tool.Answer{}, fmt.Errorf("writing to the terminal: %w", err)
			}
		}
	}
}

// drawCard renders a card as text for a terminal.
func drawCard(kind tool.CardKind, c tool.Card, timeout time.Duration) string {
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
	var ways []string
	switch {
	case c.MultiSelect:
		ways = append(ways, "numbers separated by commas")
	case len(c.Options) > 0:
		ways = append(ways, "a number")
	}
	if c.AllowFreeText {
		ways = append(ways, "your own text")
	}
	fmt.Fprintf(&b, "answer with %s; an empty line skips (%v left): ", strings.Join(ways, " or "), timeout.Round(time.Second))
	return b.String()
}

// parseTTYAnswer reads a typed line as an answer to c, or says what is
// wrong with it. Option numbers, or an option's label typed out, select;
// other text is a free-text answer where the card allows one.
func parseTTYAnswer(s string, c tool.Card) (tool.Answer, string) {
	if s == "" {
		return tool.Answer{Outcome: tool.Skipped}, ""
	}
	for _, o := range c.Options {
		if strings.EqualFold(s, o.Label) {
			return tool.Answer{Outcome: tool.Answered, Selected: []string{o.Label}}, ""
		}
	}
	var sel []string
	numbers := true
	for _, part := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			numbers = false
			break
		}
		if n < 1 || n > len(c.Options) {
			if !c.AllowFreeText {
				return tool.Answer{}, fmt.Sprintf("%d is not an option (1 to %d)", n, len(c.Options))
			}
			numbers = false
			break
		}
		if !slices.Contains(sel, c.Options[n-1].Label) {
			sel = append(sel, c.Options[n-1].Label)
		}
	}
	switch {
	case numbers && len(sel) > 1 && !c.MultiSelect:
		if !c.AllowFreeText {
			return tool.Answer{}, "pick one option"
		}
	case numbers:
		return tool.Answer{Outcome: tool.Answered, Selected: sel}, ""
	}
	if !c.AllowFreeText {
		return tool.Answer{}, fmt.Sprintf("answer with an option's number, 1 to %d", len(c.Options))
	}
	return tool.Answer{Outcome: tool.Answered, Text: s}, ""
}
