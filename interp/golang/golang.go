// Package golang is the Go kernel of eval: a yaegi interpreter in the
// engine's own process, with the standard library, top-level statements
// and declarations that persist from cell to cell as in a notebook, the
// last expression echoed, fmt's and os's output captured in order,
// display() for text, tables and PNG images, and tool(name, args) routed
// to the cell's bridge.
package golang

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agenttools/agenttools/interp"
	yaegi "github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// DefaultStopGrace is how long an interrupted cell has to stop before its
// kernel is given up.
const DefaultStopGrace = 2 * time.Second

// Config tunes a kernel; the zero value is the default.
type Config struct {
	// MaxOutput is how many bytes of output a cell may produce before it
	// is stopped; 0 means interp.DefaultMaxOutput.
	MaxOutput int
	// StopGrace is how long an interrupted cell has to stop. yaegi stops
	// interpreted code at once, but not a call into compiled code (a
	// sleep, a read, a lock); a cell still in one after StopGrace makes
	// Execute fail, and the kernel must be discarded. 0 means
	// DefaultStopGrace.
	StopGrace time.Duration
}

// A Kernel is one yaegi interpreter. Its declarations, variables and
// imports persist across cells.
type Kernel struct {
	cfg    Config
	vm     *yaegi.Interpreter
	closed atomic.Bool

	// cell is the running cell, nil between cells. It is read by the
	// native functions and the output streams, which also run on the
	// goroutines a cell starts, hence atomic.
	cell atomic.Pointer[cellState]

	mu       sync.Mutex      // one cell at a time; guards what follows
	imported map[string]bool // the imports made so far: "name path"
}

// cellState is what the native functions need while a cell runs.
type cellState struct {
	ctx    context.Context // cancelled when the cell must stop
	stop   context.CancelCauseFunc
	bridge interp.Bridge

	mu     sync.Mutex // the cell's goroutines write concurrently
	out    *interp.Recorder
	frames []string  // the interpreter's panic trace, diverted from stderr
	echo   *echoInfo // how the running step echoes, if it does
}

// Causes of a cell's stop, to tell them apart afterwards.
var (
	errCapped = errors.New("output cap reached")
	errClosed = errors.New("the go kernel was closed")
)

// The native package a kernel dot-imports into every cell: display, tool,
// and the echo function.
const nativePkg = "agenttools/cell"

// New starts a kernel.
func New(cfg Config) (*Kernel, error) {
	k := &Kernel{cfg: cfg, imported: map[string]bool{}}
	stdout, stderr := &stream{k: k, kind: interp.Stdout}, &stream{k: k, kind: interp.Stderr}
	k.vm = yaegi.New(yaegi.Options{
		Stdin:  noInput{},
		Stdout: stdout,
		Stderr: stderr,
		// yaegi's os.Getenv and kin read this copy, and os.Setenv writes
		// to it: a cell cannot change the engine's environment.
		Env:  os.Environ(),
		Args: []string{"cell"},
	})
	if err := k.vm.Use(stdlib.Symbols); err != nil {
		return nil, err
	}
	// yaegi gives os.Stdout and os.Stderr the interpreter's streams only
	// when they are files; otherwise a cell's os.Stdout is the engine's
	// own, which in serve mode is the protocol. They are the cell's
	// streams here, with the methods code calls on them.
	var in io.Reader = noInput{}
	display, tool, echo := k.display, k.tool, k.echo
	// fmt's own rule: a value whose type has an Error, String or Format
	// method is passed wrapped, so that the method is seen from Go.
	wrapped := []reflect.Type{
		reflect.TypeFor[fmt.Formatter](),
		reflect.TypeFor[error](),
		reflect.TypeFor[fmt.Stringer](),
	}
	err := k.vm.Use(yaegi.Exports{
		"os/os": {
			"Stdin":  reflect.ValueOf(&in).Elem(),
			"Stdout": reflect.ValueOf(&stdout).Elem(),
			"Stderr": reflect.ValueOf(&stderr).Elem(),
		},
		nativePkg + "/cell": {
			"display": reflect.ValueOf(display),
			"tool":    reflect.ValueOf(tool),
			echoFunc:  reflect.ValueOf(echo),
		},
		".": {"MapTypes": reflect.ValueOf(map[reflect.Value][]reflect.Type{
			reflect.ValueOf(display): wrapped,
			reflect.ValueOf(echo):    wrapped,
		})},
	})
	if err != nil {
		return nil, err
	}
	if _, err := k.vm.Eval(`import . "` + nativePkg + `"`); err != nil {
		return nil, fmt.Errorf("the go kernel did not start: %v", err)
	}
	return k, nil
}

// Execute runs one cell; see interp.Kernel.
func (k *Kernel) Execute(ctx context.Context, code string, bridge interp.Bridge) (*interp.Cell, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.closed.Load() {
		return nil, errClosed
	}
	out := interp.NewRecorder(ctx, k.cfg.MaxOutput)
	cctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	c := &cellState{ctx: cctx, stop: stop, bridge: bridge, out: out}
	k.cell.Store(c)
	defer k.cell.Store(nil)

	steps, err := plan(code, k.imported)
	if err != nil {
		c.add(interp.Output{Kind: interp.Error, Text: err.Error()})
		return out.Cell(), nil
	}
	for _, s := range steps {
		if s.echo != nil {
			c.setEcho(s.echo)
		}
		err, stuck := k.eval(cctx, c, s.src)
		var p yaegi.Panic
		if s.echo != nil && err != nil && !errors.As(err, &p) && cctx.Err() == nil {
			// The echo form did not compile: a call with no result, most
			// likely. Run the expression as it is; its error, if it has
			// one, is the one to show.
			c.setEcho(nil)
			err, stuck = k.eval(cctx, c, s.plain)
		}
		if stuck {
			k.Close()
			return nil, fmt.Errorf("the cell did not stop within %s of being interrupted: it is inside a call the Go interpreter cannot interrupt (a sleep, a read, a lock)", k.stopGrace())
		}
		if err != nil {
			k.failed(c, err)
			break
		}
		for _, key := range s.imports {
			k.imported[key] = true
		}
	}
	if k.closed.Load() {
		return nil, errors.New("the go kernel was closed while the cell ran")
	}
	if ctx.Err() != nil {
		out.Cell().Interrupted = true
	}
	return out.Cell(), nil
}

// failed records why a step stopped.
func (k *Kernel) failed(c *cellState, err error) {
	var p yaegi.Panic
	switch {
	case c.ctx.Err() != nil:
		if errors.Is(context.Cause(c.ctx), errCapped) {
			return // the recorder says so
		}
		c.add(interp.Output{Kind: interp.Error, Text: "Interrupted"})
	case errors.As(err, &p):
		c.add(interp.Output{Kind: interp.Error, Text: c.panicText(p)})
	default:
		c.add(interp.Output{Kind: interp.Error, Text: compileError(err)})
	}
}

// eval runs src in the interpreter. EvalWithContext returns as soon as
// ctx ends, while its goroutine may still be in the code; the interpreter
// is not safe to use again until that goroutine is gone, so eval waits
// for it, StopGrace at most. stuck says it did not go.
func (k *Kernel) eval(ctx context.Context, c *cellState, src string) (err error, stuck bool) {
	if err := ctx.Err(); err != nil {
		return err, false
	}
	c.mu.Lock()
	c.frames = nil
	c.mu.Unlock()
	started, done := make(chan int64, 1), make(chan error, 1)
	go func() {
		started <- goroutineID()
		_, err := k.vm.EvalWithContext(ctx, src)
		done <- err
	}()
	g := <-started
	err = <-done
	if ctx.Err() == nil || !errors.Is(err, ctx.Err()) {
		return err, false
	}
	return err, !waitEvalDone(g, k.stopGrace())
}

func (k *Kernel) stopGrace() time.Duration {
	if k.cfg.StopGrace > 0 {
		return k.cfg.StopGrace
	}
	return DefaultStopGrace
}

// Close ends the kernel: it stops a running cell and the goroutines that
// cells started.
func (k *Kernel) Close() error {
	if !k.closed.CompareAndSwap(false, true) {
		return nil
	}
	if c := k.cell.Load(); c != nil {
		c.stop(errClosed) // that stops every goroutine of the interpreter
		return nil
	}
	if k.mu.TryLock() {
		defer k.mu.Unlock()
		// Only an interrupted Eval stops the goroutines that finished
		// cells left running; this one blocks until it is interrupted.
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		k.vm.EvalWithContext(ctx, "select {}")
	}
	return nil
}

// add records an item of the cell.
func (c *cellState) add(o interp.Output) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.out.Add(o)
}

func (c *cellState) setEcho(e *echoInfo) {
	c.mu.Lock()
	c.echo = e
	c.mu.Unlock()
}

// A stream is a cell's stdout or stderr: what fmt.Print, println, log
// and os.Stdout write go to the running cell's recorder.
type stream struct {
	k    *Kernel
	kind interp.OutputKind
}

// panicFrame is the line yaegi writes to stderr for each function a panic
// unwinds: "3:5: panic: main.f(...)".
var panicFrame = regexp.MustCompile(`^(?:\S*:)?(\d+):(\d+): panic: (\S*)\(\.\.\.\)\n$`)

func (s *stream) Write(p []byte) (int, error) { return s.WriteString(string(p)) }

// WriteString is there because code calls os.Stdout.WriteString.
func (s *stream) WriteString(text string) (int, error) {
	c := s.k.cell.Load()
	if c == nil {
		return len(text), nil // a goroutine that outlived its cell
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if s.kind == interp.Stderr {
		if m := panicFrame.FindStringSubmatch(text); m != nil {
			// A trace line of the interpreter's, not the cell's output:
			// it goes into the error.
			line, _ := strconv.Atoi(m[1])
			name := m[3]
			if name == "main" {
				name = "cell"
			}
			c.frames = append(c.frames, fmt.Sprintf("\tat %s (%d:%s)", name, line-1, m[2]))
			return len(text), nil
		}
	}
	if !c.out.Write(s.kind, text) {
		c.stop(errCapped)
	}
	return len(text), nil
}

// Sync is there because code calls os.Stdout.Sync.
func (s *stream) Sync() error { return nil }

// Name is there because code calls os.Stdout.Name.
func (s *stream) Name() string { return "/dev/" + string(s.kind) }

// noInput is a cell's stdin: a cell has none, and must not read the
// engine's, which in serve mode is the protocol.
type noInput struct{}

func (noInput) Read([]byte) (int, error) { return 0, io.EOF }

// panicText renders a panic: its value and where it went through.
func (c *cellState) panicText(p yaegi.Panic) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	text := "panic: " + inspect(p.Value, false)
	if err, ok := p.Value.(error); ok {
		text = "panic: " + err.Error()
	}
	if len(c.frames) > 0 {
		text += "\n" + strings.Join(c.frames, "\n")
	}
	return text
}

// yaegiPos is the position that opens a yaegi compile error.
var yaegiPos = regexp.MustCompile(`^(?:\S*\.go:)?(\d+):(\d+): `)

// compileError renders an error yaegi found before running a step, with
// cell positions.
func compileError(err error) string {
	text := err.Error()
	if m := yaegiPos.FindStringSubmatchIndex(text); m != nil {
		line, _ := strconv.Atoi(text[m[2]:m[3]])
		text = fmt.Sprintf("%d:%s: %s", line-1, text[m[4]:m[5]], text[m[1]:])
	}
	return "compile error: " + text
}

// display shows each argument as a notebook would: text, a table for a
// slice of structs or maps, an image for the bytes of a PNG.
func (k *Kernel) display(values ...any) {
	c := k.cell.Load()
	if c == nil {
		return
	}
	for _, v := range values {
		o := render(v, false)
		if o.Kind == interp.Value {
			o.Kind = interp.Text
		}
		if !c.add(o) {
			c.stop(errCapped)
			return
		}
	}
}

// echo shows the values of the cell's last expression. A call's nil last
// result is the nil error of Go's (…, err) convention and is not shown,
// nor is the byte count of a print or a write that did not fail.
func (k *Kernel) echo(values ...any) {
	c := k.cell.Load()
	if c == nil {
		return
	}
	c.mu.Lock()
	e := c.echo
	c.mu.Unlock()
	if e == nil {
		return
	}
	if e.call && len(values) > 0 && values[len(values)-1] == nil {
		values = values[:len(values)-1]
		if e.quiet {
			return
		}
	}
	var o interp.Output
	switch len(values) {
	case 0:
		return
	case 1:
		o = render(values[0], true)
	default:
		parts := make([]string, len(values))
		for i, v := range values {
			parts[i] = inspect(v, true)
		}
		o = interp.Output{Kind: interp.Value, Text: strings.Join(parts, ", ")}
	}
	if !c.add(o) {
		c.stop(errCapped)
	}
}

// tool is the bridge: tool(name, args) runs a tool of the run and returns
// its value: the structured object with its "text", {"text": …} for a
// tool that gives text alone, {"value": …, "text": …} for a structured
// value that is not an object. JSON numbers come as float64.
func (k *Kernel) tool(name string, args map[string]any) (map[string]any, error) {
	c := k.cell.Load()
	if c == nil {
		return nil, errors.New("tool() can only be called while a cell runs, not from a goroutine that outlived it")
	}
	if c.bridge == nil {
		return nil, errors.New("tool() is not connected in this kernel")
	}
	if name == "" {
		return nil, errors.New(`tool(name, args): name must be a tool's name, e.g. tool("read", map[string]any{"path": "f.txt"})`)
	}
	raw := json.RawMessage("{}")
	if args != nil {
		b, err := json.Marshal(args)
		if err != nil {
			return nil, fmt.Errorf("tool(name, args): args must be a map that JSON can encode: %v", err)
		}
		raw = b
	}
	reply, err := c.bridge(c.ctx, name, raw)
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(reply.Value(), &v); err != nil {
		return nil, fmt.Errorf("%s: its reply does not decode: %v", name, err)
	}
	switch x := v.(type) {
	case map[string]any:
		return x, nil
	case string:
		if len(reply.Structured) == 0 || string(reply.Structured) == "null" {
			return map[string]any{"text": x}, nil
		}
	}
	return map[string]any{"value": v, "text": reply.Text}, nil
}
