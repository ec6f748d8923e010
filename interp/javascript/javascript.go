// Package javascript is the JavaScript kernel of eval: a goja runtime in
// the engine's own process, with console.log and console.error captured,
// the last expression echoed, display() for text, tables and PNG images,
// and tool(name, args) routed to the cell's bridge.
package javascript

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/agenttools/agenttools/interp"
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"
	"github.com/dop251/goja/token"
)

// Config tunes a kernel; the zero value is the default.
type Config struct {
	// MaxOutput is how many bytes of output a cell may produce before it
	// is stopped; 0 means interp.DefaultMaxOutput.
	MaxOutput int
}

// A Kernel is one goja runtime. Its globals persist across cells.
type Kernel struct {
	cfg    Config
	vm     *goja.Runtime
	closed atomic.Bool

	// Taken at start, so that a cell that reassigns JSON or Error does not
	// break the bridge.
	stringify, parse goja.Callable
	errorCtor        goja.Value

	mu    sync.Mutex // one cell at a time; guards what follows
	cells int
	cell  *cellState // the running cell, nil between cells
}

// cellState is what the native functions need while a cell runs.
type cellState struct {
	ctx    context.Context
	bridge interp.Bridge
	out    *interp.Recorder
}

const maxCallDepth = 10000

// Reasons given to goja's Interrupt, to tell them apart afterwards.
var (
	errCapped = errors.New("output cap reached")
	errCancel = errors.New("interrupted")
)

// New starts a kernel.
func New(cfg Config) *Kernel {
	k := &Kernel{cfg: cfg, vm: goja.New()}
	vm := k.vm
	// goja's default is unbounded: runaway recursion would grow the
	// stack until memory ran out. This is about Node's depth.
	vm.SetMaxCallStackSize(maxCallDepth)
	jsonObj := vm.Get("JSON").ToObject(vm)
	k.stringify, _ = goja.AssertFunction(jsonObj.Get("stringify"))
	k.parse, _ = goja.AssertFunction(jsonObj.Get("parse"))
	k.errorCtor = vm.Get("Error")

	console := vm.NewObject()
	for name, kind := range map[string]interp.OutputKind{
		"log": interp.Stdout, "info": interp.Stdout, "debug": interp.Stdout,
		"error": interp.Stderr, "warn": interp.Stderr,
	} {
		console.Set(name, k.native(name, k.print(kind)))
	}
	vm.Set("console", console)
	vm.Set("display", k.native("display", k.display))
	vm.Set("tool", k.native("tool", k.tool))
	return k
}

// native makes a JavaScript function of fn. goja names it after the Go
// function, which tracebacks and echoes would show; it gets its own name.
func (k *Kernel) native(name string, fn func(goja.FunctionCall) goja.Value) *goja.Object {
	f := k.vm.ToValue(fn).(*goja.Object)
	f.DefineDataProperty("name", k.vm.ToValue(name), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	return f
}

// Execute runs one cell; see interp.Kernel.
func (k *Kernel) Execute(ctx context.Context, code string, bridge interp.Bridge) (*interp.Cell, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.closed.Load() {
		return nil, errors.New("the javascript kernel is closed")
	}
	k.cells++
	out := interp.NewRecorder(ctx, k.cfg.MaxOutput)
	k.cell = &cellState{ctx: ctx, bridge: bridge, out: out}
	defer func() { k.cell = nil }()

	done, watched := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case <-ctx.Done():
			k.vm.Interrupt(errCancel)
		case <-done:
		}
	}()
	v, err := k.vm.RunScript(fmt.Sprintf("cell%d", k.cells), replable(code))
	close(done)
	<-watched
	// Only now is no Interrupt in flight; clear one that came too late to
	// stop this cell, or it would stop the next.
	k.vm.ClearInterrupt()
	if k.closed.Load() {
		return nil, errors.New("the javascript kernel was closed while the cell ran")
	}

	var intr *goja.InterruptedError
	var overflow *goja.StackOverflowError
	var exc *goja.Exception
	switch {
	case err == nil:
		if v != nil && !goja.IsUndefined(v) {
			k.echo(out, v)
		}
	case errors.As(err, &intr):
		if intr.Value() != errCapped {
			out.Add(interp.Output{Kind: interp.Error, Text: "Interrupted\n" + stackOf(intr.String())})
			out.Cell().Interrupted = true
		}
	case errors.As(err, &overflow):
		// Its full stack is maxCallDepth frames; the innermost says enough.
		text := fmt.Sprintf("RangeError: Maximum call stack size exceeded (%d calls deep)", maxCallDepth)
		if at := strings.TrimPrefix(overflow.Error(), " at "); at != "" {
			text += "\n\tat " + at
		}
		out.Add(interp.Output{Kind: interp.Error, Text: text})
	case errors.As(err, &exc):
		out.Add(interp.Output{Kind: interp.Error, Text: k.describe(exc)})
	default:
		// A fault of goja itself.
		out.Add(interp.Output{Kind: interp.Error, Text: err.Error()})
	}
	if ctx.Err() != nil {
		out.Cell().Interrupted = true
	}
	return out.Cell(), nil
}

// Close ends the kernel, interrupting a running cell.
func (k *Kernel) Close() error {
	if k.closed.CompareAndSwap(false, true) {
		k.vm.Interrupt(errCancel)
	}
	return nil
}

// replable rewrites the top-level let and const declarations of a cell as
// var, so that running a cell again (after fixing it, say) does not fail
// with "Identifier has already been declared", as browser consoles allow.
// The keywords are padded to the same length, so positions in tracebacks
// do not move. Code that does not parse is returned as is, for goja to
// report.
func replable(code string) string {
	prg, err := parser.ParseFile(nil, "", code, 0, parser.WithDisableSourceMaps)
	if err != nil {
		return code
	}
	b := []byte(code)
	for _, st := range prg.Body {
		d, ok := st.(*ast.LexicalDeclaration)
		if !ok {
			continue
		}
		at := int(d.Idx) - 1
		switch {
		case d.Token == token.LET && bytes.HasPrefix(b[at:], []byte("let")):
			copy(b[at:], "var")
		case d.Token == token.CONST && bytes.HasPrefix(b[at:], []byte("const")):
			copy(b[at:], "var  ")
		}
	}
	return string(b)
}

// describe renders an uncaught exception: an Error's message and the
// stack where it was thrown, or the thrown value and the same.
func (k *Kernel) describe(exc *goja.Exception) string {
	// exc.String() rather than the error's stack property: after a stack
	// overflow goja leaves a stale frame that later compile errors put in
	// their property, but not in the exception.
	if obj, ok := exc.Value().(*goja.Object); ok && obj.ClassName() == "Error" {
		// goja words a compile error "SyntaxError: SyntaxError: …".
		text := strings.Replace(exc.String(), "SyntaxError: SyntaxError: ", "SyntaxError: ", 1)
		return strings.TrimRight(text, "\n")
	}
	return strings.TrimRight("Uncaught "+inspect(k, exc.Value(), true)+"\n"+stackOf(exc.String()), "\n")
}

// stackOf returns the "\tat …" lines of a goja error text.
func stackOf(s string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if strings.HasPrefix(l, "\tat ") {
			b.WriteString(l)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// throw raises a JavaScript Error with msg in the running cell.
func (k *Kernel) throw(msg string) {
	e, err := k.vm.New(k.errorCtor, k.vm.ToValue(msg))
	if err != nil {
		panic(k.vm.NewGoError(errors.New(msg)))
	}
	panic(e)
}

// print is console.log and its siblings.
func (k *Kernel) print(kind interp.OutputKind) func(goja.FunctionCall) goja.Value {
	return func(call goja.FunctionCall) goja.Value {
		c := k.cell
		if c == nil {
			return goja.Undefined() // a callback run after its cell ended
		}
		parts := make([]string, len(call.Arguments))
		for i, a := range call.Arguments {
			parts[i] = inspect(k, a, false)
		}
		if !c.out.Write(kind, strings.Join(parts, " ")+"\n") {
			k.vm.Interrupt(errCapped)
		}
		return goja.Undefined()
	}
}

// display shows each argument as a notebook would: text, a table for an
// array of plain objects, an image for the bytes of a PNG.
func (k *Kernel) display(call goja.FunctionCall) goja.Value {
	c := k.cell
	if c == nil {
		return goja.Undefined()
	}
	for _, a := range call.Arguments {
		o := k.render(a, false)
		if o.Kind == interp.Value {
			o.Kind = interp.Text
		}
		if !c.out.Add(o) {
			k.vm.Interrupt(errCapped)
			break
		}
	}
	return goja.Undefined()
}

// echo shows the cell's last expression.
func (k *Kernel) echo(out *interp.Recorder, v goja.Value) {
	out.Add(k.render(v, true))
}

// render turns a value into the output display() or the echo gives it.
// quote says whether a string is shown quoted, as an echo shows it.
func (k *Kernel) render(v goja.Value, quote bool) interp.Output {
	if data := pngBytes(v); data != nil {
		return interp.Output{Kind: interp.Image, MimeType: "image/png", Data: data}
	}
	if t, ok := table(k, v); ok {
		return interp.Output{Kind: interp.Table, Text: t}
	}
	if s, ok := v.Export().(string); ok && !quote {
		return interp.Output{Kind: interp.Value, Text: s}
	}
	return interp.Output{Kind: interp.Value, Text: inspect(k, v, true)}
}

var pngMagic = []byte("\x89PNG\r\n\x1a\n")

// pngBytes returns the bytes of a Uint8Array or ArrayBuffer that holds a
// PNG image, or nil.
func pngBytes(v goja.Value) []byte {
	var b []byte
	switch x := v.Export().(type) {
	case []byte:
		b = x
	case goja.ArrayBuffer:
		b = x.Bytes()
	}
	if !bytes.HasPrefix(b, pngMagic) {
		return nil
	}
	return bytes.Clone(b)
}

// tool is the bridge: tool(name, args) runs a tool of the run and returns
// its value, or throws with the tool's error text.
func (k *Kernel) tool(call goja.FunctionCall) goja.Value {
	c := k.cell
	if c == nil {
		k.throw("tool() can only be called while a cell runs, not from a callback that runs later")
	}
	if c.bridge == nil {
		k.throw("tool() is not connected in this kernel")
	}
	name, ok := call.Argument(0).Export().(string)
	if !ok || name == "" {
		k.throw(`tool(name, args): name must be a tool's name as a string, e.g. tool("read", {path: "f.txt"})`)
	}
	args := json.RawMessage("{}")
	if a := call.Argument(1); !goja.IsUndefined(a) && !goja.IsNull(a) {
		s, err := k.stringify(goja.Undefined(), a)
		if err != nil {
			panic(err)
		}
		if goja.IsUndefined(s) {
			k.throw("tool(name, args): args must be an object that JSON can encode")
		}
		args = json.RawMessage(s.String())
	}
	reply, err := c.bridge(c.ctx, name, args)
	if err != nil {
		k.throw(err.Error())
	}
	v, err := k.parse(goja.Undefined(), k.vm.ToValue(string(reply.Value())))
	if err != nil {
		panic(err)
	}
	return v
}
