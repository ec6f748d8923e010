// Package interp is what the eval tool runs cells in: the Kernel interface
// that every language's interpreter implements, the Cell of ordered
// outputs it returns, and the pieces every kernel shares — the output cap
// (Recorder), the inactivity budget (WithInactivity) and the per-run set of
// live kernels (Kernels). Each language is a sub-package.
package interp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// A Language names a kernel.
type Language string

const (
	Python     Language = "python"
	JavaScript Language = "javascript"
	Go         Language = "go"
)

// Languages are the languages eval knows, whether or not a build has their
// kernel; the first is the default.
func Languages() []Language { return []Language{Python, JavaScript, Go} }

// A Kernel is one live interpreter whose state persists from cell to cell.
// It runs one cell at a time.
type Kernel interface {
	// Execute runs a cell. Cancelling ctx interrupts it: the cell returns
	// with what it wrote so far and Interrupted set, and the kernel stays
	// usable. A kernel calls Touch(ctx) (a Recorder does it) whenever the
	// cell shows life, and routes tool(name, args) to bridge. An error
	// means the kernel itself failed and must be discarded; what the code
	// did wrong is an Error output, not an error.
	Execute(ctx context.Context, code string, bridge Bridge) (*Cell, error)
	// Close ends the kernel and whatever it started.
	Close() error
}

// A Bridge runs a tool on behalf of a cell. A tool that reports an error
// comes back as an error whose text is the tool's message.
type Bridge func(ctx context.Context, tool string, args json.RawMessage) (Reply, error)

// A Reply is what a tool gave back to a cell.
type Reply struct {
	Text       string          // the text the model would have seen
	Structured json.RawMessage // the tool's structured value, or nil
}

// Value is the reply as the single JSON value a cell receives: the
// structured object with the text added as "text" (unless it has that key
// already), the structured value itself when it is not an object, or the
// text alone when there is no structured value. So tool("read", …) gives
// both the file and its metadata. Every kernel converts this one value.
func (r Reply) Value() json.RawMessage {
	text, _ := json.Marshal(r.Text)
	if len(r.Structured) == 0 || string(r.Structured) == "null" {
		return text
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(r.Structured, &obj) != nil {
		return r.Structured
	}
	if _, ok := obj["text"]; ok {
		return r.Structured
	}
	// Append rather than re-marshal, so the tool's key order survives.
	s := strings.TrimSpace(string(r.Structured))
	s = strings.TrimSuffix(s, "}")
	if len(obj) > 0 {
		s += ","
	}
	return json.RawMessage(s + `"text":` + string(text) + "}")
}

// An OutputKind says what an Output is.
type OutputKind string

const (
	Stdout OutputKind = "stdout" // printed text
	Stderr OutputKind = "stderr" // text printed to the error stream
	Value  OutputKind = "value"  // the last expression, echoed
	Text   OutputKind = "text"   // display() of text
	Table  OutputKind = "table"  // display() of tabular data, drawn as text
	Image  OutputKind = "image"  // display() of an image: MimeType and Data
	Error  OutputKind = "error"  // an uncaught error: message and traceback
)

// An Output is one item of a cell, in the order the cell produced it.
type Output struct {
	Kind     OutputKind
	Text     string // every kind but Image
	MimeType string // Image: "image/png"
	Data     []byte // Image: the encoded image
}

// A Cell is what one Execute produced.
type Cell struct {
	Outputs []Output
	// Truncated is set when the output reached Cap bytes; the kernel
	// stopped the cell there.
	Truncated bool
	Cap       int
	// Interrupted is set when the cell's context ended before the cell
	// did; context.Cause of that context says why.
	Interrupted bool
}

// Failed reports whether the cell ended with an uncaught error.
func (c *Cell) Failed() bool {
	for _, o := range c.Outputs {
		if o.Kind == Error {
			return true
		}
	}
	return false
}

// A Factory starts a kernel for a language. For a language the build has
// no kernel for it returns an error that wraps ErrUnavailable (see
// Unavailable).
type Factory func(ctx context.Context, lang Language) (Kernel, error)

// ErrUnavailable is wrapped by a Factory's error for a language whose
// kernel this build does not have.
var ErrUnavailable = errors.New("kernel not available")

// Unavailable is the error a Factory returns for lang, naming the
// languages it does have.
func Unavailable(lang Language, have ...Language) error {
	names := make([]string, len(have))
	for i, l := range have {
		names[i] = string(l)
	}
	return &unavailableError{lang: lang, have: strings.Join(names, ", ")}
}

type unavailableError struct {
	lang Language
	have string
}

func (e *unavailableError) Error() string {
	return fmt.Sprintf("the %s kernel is not available in this build yet; the languages available are: %s", e.lang, e.have)
}

func (e *unavailableError) Unwrap() error { return ErrUnavailable }
