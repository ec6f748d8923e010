// Package python is the Python kernel of eval: a python3 subprocess that
// runs driver.py (embedded in the binary), whose globals persist from cell
// to cell.
//
// The protocol runs on two pipes of its own, passed to Python as fds 3
// (requests: run a cell, a tool call's reply) and 4 (outputs, tool calls,
// the end of a cell); driver.py's docstring describes it. fds 1 and 2 are
// pipes that this package reads as the cell's stdout and stderr, so
// print(), os.write(1, …) and any child started with !cmd are output and
// never protocol noise. Sync marks written to fds 1 and 2 before each
// message tell how far the streams must be read before the message is
// acted on; a cell ends only once everything written before its end
// (grandchildren included) has been read.
//
// An interrupt (the cell's context ending, or the output cap) sends SIGINT
// to the process group: KeyboardInterrupt in the cell, state kept. A cell
// that does not stop within Config.Grace is killed with its group, and
// Execute fails, which discards the kernel. A Python process that dies
// during a cell (os._exit, SIGKILL) is reported in the cell; the next cell
// starts a new process and says so.
package python

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/agenttools/agenttools/internal/procgroup"
	"github.com/agenttools/agenttools/interp"
)

// DefaultGrace is how long an interrupted cell has to stop before its
// process is killed.
const DefaultGrace = 5 * time.Second

// drainWait bounds how long the output of a dead process is read: a
// grandchild in a session of its own can hold fds 1 and 2 open forever.
const drainWait = 2 * time.Second

// Config tunes a kernel; the zero value runs the Python of the process's
// working directory.
type Config struct {
	// Dir is the working directory of the interpreter, and where its
	// project-local virtual environment is looked for.
	Dir string
	// Python is the interpreter to run; "" means Interpreter(Env, Dir).
	Python string
	// MaxOutput is how many bytes of output a cell may produce before it
	// is stopped; 0 means interp.DefaultMaxOutput.
	MaxOutput int
	// Grace is how long an interrupted cell has to stop before the process
	// is killed; 0 means DefaultGrace.
	Grace time.Duration
	// Env is where the interpreter runs; nil means the host.
	Env interp.Environment
}

// A Kernel is one Python process at a time, restarted when it dies.
type Kernel struct {
	cfg    Config
	python string

	mu sync.Mutex // one cell at a time

	pmu    sync.Mutex // guards what follows, which Close touches too
	p      *proc      // the live process, nil when there is none
	lost   string     // why the previous process ended, for the next cell
	closed bool
}

// Interpreter is the Python a kernel for dir runs in env: the project's
// own .venv/bin/python or venv/bin/python when there is one, as the
// user's shell would after activating it, else python3 on PATH.
func Interpreter(env interp.Environment, dir string) (string, error) {
	for _, venv := range []string{".venv", "venv"} {
		p := filepath.Join(dir, venv, "bin", "python")
		if env.Executable(p) {
			return p, nil
		}
	}
	p, err := env.LookPath("python3")
	if err != nil {
		return "", fmt.Errorf("no Python: neither .venv/bin/python nor venv/bin/python in the working directory, and no python3 on PATH")
	}
	return p, nil
}

// New starts a kernel and waits until its interpreter is ready.
func New(ctx context.Context, cfg Config) (*Kernel, error) {
	if cfg.Grace <= 0 {
		cfg.Grace = DefaultGrace
	}
	if cfg.Env == nil {
		cfg.Env = interp.Host{}
	}
	python := cfg.Python
	if python == "" {
		var err error
		if python, err = Interpreter(cfg.Env, cfg.Dir); err != nil {
			return nil, err
		}
	}
	k := &Kernel{cfg: cfg, python: python}
	p, err := k.start(ctx)
	if err != nil {
		return nil, err
	}
	k.p = p
	return k, nil
}

// start runs a new process and waits for the driver's ready message.
func (k *Kernel) start(ctx context.Context) (*proc, error) {
	p, err := startProc(k.cfg.Env, k.python, k.cfg.Dir)
	if err != nil {
		return nil, fmt.Errorf("%s did not start: %v", k.python, err)
	}
	// What the interpreter printed before it was ready says why it was not.
	var early strings.Builder
	keep := func(c chunk) {
		if early.Len() < 4<<10 {
			early.WriteString(c.text)
		}
	}
	for {
		select {
		case m, ok := <-p.msgs:
			if ok && m.T == "ready" {
				p.version, p.acted = m.Version, m.Sync
				return p, nil
			}
			if ok {
				continue
			}
			p.kill()
			for c := range p.stderr {
				keep(c)
			}
			return nil, fmt.Errorf("%s exited before the kernel was ready (%s): %s", k.python, p.status(), strings.TrimSpace(early.String()))
		case c, ok := <-p.stderr:
			if ok {
				keep(c)
			}
		case c, ok := <-p.stdout:
			if ok {
				keep(c)
			}
		case <-ctx.Done():
			p.kill()
			return nil, context.Cause(ctx)
		}
	}
}

// Close ends the Python process and everything it started.
func (k *Kernel) Close() error {
	k.pmu.Lock()
	p := k.p
	k.p, k.closed = nil, true
	k.pmu.Unlock()
	if p != nil {
		p.kill()
	}
	return nil
}

// Execute runs one cell; see interp.Kernel.
func (k *Kernel) Execute(ctx context.Context, code string, bridge interp.Bridge) (*interp.Cell, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	out := interp.NewRecorder(ctx, k.cfg.MaxOutput)

	k.pmu.Lock()
	p, closed := k.p, k.closed
	if p != nil && p.done() {
		k.p, k.lost, p = nil, "the Python process had ended ("+p.status()+")", nil
	}
	lost := k.lost
	k.pmu.Unlock()
	if closed {
		return nil, errors.New("the python kernel is closed")
	}
	if p == nil {
		var err error
		if p, err = k.start(ctx); err != nil {
			return nil, err
		}
		k.pmu.Lock()
		if k.closed {
			k.pmu.Unlock()
			p.kill()
			return nil, errors.New("the python kernel was closed while it started")
		}
		k.p, k.lost = p, ""
		k.pmu.Unlock()
		if lost != "" {
			out.Add(interp.Output{Kind: interp.Text, Text: "[" + lost + "; this cell runs in a new Python process: the variables and imports of earlier cells are gone]"})
		}
	}
	return k.run(ctx, p, out, code, bridge)
}

// A toolResult is a bridge call's answer, for the driver.
type toolResult struct {
	id    int64
	reply interp.Reply
	err   error
}

// run sends the cell to p and records what comes back until the cell's
// end: see the package comment for the order of things.
func (k *Kernel) run(ctx context.Context, p *proc, out *interp.Recorder, code string, bridge interp.Bridge) (*interp.Cell, error) {
	// A failed send means the process is gone; the loop below finds that
	// out from its pipes and reports it.
	_ = p.send(map[string]any{"t": "run", "code": code})

	var (
		queue     []message // messages waiting for the streams to reach their mark
		capped    bool      // the output cap interrupted the cell
		grace     <-chan time.Time
		ctxDone   = ctx.Done()
		msgs      = p.msgs
		stdout    = p.stdout
		stderr    = p.stderr
		replies   = make(chan toolResult)
		inFlight  int
		dead      bool // fd 4 ended: the process is gone
		exited    <-chan struct{}
		drainDone <-chan time.Time
	)
	interrupt := func() {
		if grace != nil {
			return
		}
		if err := interruptGroup(p.cmd); err != nil {
			procgroup.Kill(p.cmd)
		}
		grace = time.After(k.cfg.Grace)
	}
	reached := func(s int64) bool {
		return (stdout == nil || p.outMark >= s) && (stderr == nil || p.errMark >= s)
	}
	stream := func(kind interp.OutputKind, c chunk, mark *int64) {
		if c.text == "" {
			*mark = c.mark
			return
		}
		if !out.Write(kind, c.text) && !capped {
			capped = true
			interrupt()
		}
	}
	for {
		// Act on the messages whose output has all been read.
	handle:
		for len(queue) > 0 && (reached(queue[0].Sync) || dead && stdout == nil && stderr == nil) {
			m := queue[0]
			queue = queue[1:]
			p.acted = max(p.acted, m.Sync)
			switch m.T {
			case "out":
				o := interp.Output{Kind: outputKind(m.Kind), Text: m.Text, MimeType: m.Mime, Data: m.Data}
				if capped && o.Kind == interp.Error && strings.HasSuffix(o.Text, "KeyboardInterrupt") {
					continue // the cap's own interrupt; the cell says it was capped
				}
				if !out.Add(o) && !capped {
					capped = true
					interrupt()
				}
			case "tool":
				inFlight++
				go func() {
					r := toolResult{id: m.ID}
					if bridge == nil {
						r.err = errors.New("tool() is not connected in this kernel")
					} else {
						r.reply, r.err = bridge(ctx, m.Name, m.Args)
					}
					replies <- r
				}()
			case "garbled":
				out.Add(interp.Output{Kind: interp.Stderr, Text: "[kernel: " + m.Text + "]\n"})
			case "done":
				if inFlight == 0 {
					cell := out.Cell()
					cell.Interrupted = ctx.Err() != nil
					return cell, nil
				}
				// A thread's tool call is still out: its reply must be
				// read before the cell ends.
				queue = append([]message{m}, queue...)
				break handle
			}
		}
		if dead && stdout == nil && stderr == nil && len(queue) == 0 {
			return k.died(ctx, p, out)
		}

		// A stream that ran ahead of the messages waits for them.
		outCh, errCh := stdout, stderr
		if !dead && p.outMark > p.acted {
			outCh = nil
		}
		if !dead && p.errMark > p.acted {
			errCh = nil
		}
		select {
		case c, ok := <-outCh:
			if !ok {
				stdout = nil
				continue
			}
			stream(interp.Stdout, c, &p.outMark)
		case c, ok := <-errCh:
			if !ok {
				stderr = nil
				continue
			}
			stream(interp.Stderr, c, &p.errMark)
		case m, ok := <-msgs:
			if !ok {
				msgs, dead, exited = nil, true, p.exited
				continue
			}
			queue = append(queue, m)
		case r := <-replies:
			inFlight--
			reply := map[string]any{"t": "reply", "id": r.id}
			if r.err != nil {
				reply["error"] = r.err.Error()
			} else {
				reply["value"] = r.reply.Value()
			}
			_ = p.send(reply)
		case <-ctxDone:
			ctxDone = nil
			interrupt()
		case <-exited:
			// Whatever the process left running goes with it, which ends
			// the streams it held.
			exited = nil
			procgroup.Kill(p.cmd)
			drainDone = time.After(drainWait)
		case <-drainDone:
			stdout, stderr = nil, nil
		case <-grace:
			k.pmu.Lock()
			if k.p == p {
				k.p, k.lost = nil, "the Python process was killed: a cell did not stop within "+k.cfg.Grace.String()+" of an interrupt"
			}
			k.pmu.Unlock()
			p.kill()
			return nil, fmt.Errorf("the cell did not stop within %s of an interrupt, so the Python process was killed: the variables and imports of earlier cells are lost", k.cfg.Grace)
		}
	}
}

// died reports a process that ended during a cell; the next cell starts a
// new one.
func (k *Kernel) died(ctx context.Context, p *proc, out *interp.Recorder) (*interp.Cell, error) {
	p.kill()
	k.pmu.Lock()
	closed := k.closed
	if k.p == p {
		k.p, k.lost = nil, "the Python process ended during the previous cell ("+p.status()+")"
	}
	k.pmu.Unlock()
	if closed {
		return nil, errors.New("the python kernel was closed while the cell ran")
	}
	out.Add(interp.Output{Kind: interp.Error, Text: "the Python process ended while the cell ran (" + p.status() + "): the variables and imports of earlier cells are lost, and the next cell starts a new process"})
	cell := out.Cell()
	cell.Interrupted = ctx.Err() != nil
	return cell, nil
}

// outputKind maps the driver's kinds onto interp's.
func outputKind(kind string) interp.OutputKind {
	switch kind {
	case "value":
		return interp.Value
	case "table":
		return interp.Table
	case "image":
		return interp.Image
	case "error":
		return interp.Error
	}
	return interp.Text
}
