package interp

import (
	"context"
	"strings"
	"unicode/utf8"
)

// DefaultMaxOutput is how many bytes of output one cell may produce.
const DefaultMaxOutput = 1 << 20

// maxErrorText bounds an error's message and traceback, which are kept
// even past the cap so that a cell that printed too much still says why
// it stopped.
const maxErrorText = 64 << 10

// A Recorder collects the outputs of one cell in order, up to a cap on
// their bytes, and touches the cell's inactivity budget on every item.
// Kernels write through it so that the cap and the activity are counted
// the same way in every language.
type Recorder struct {
	ctx  context.Context
	cell Cell
	n    int // bytes recorded

	// The stream text being written, not yet in cell.Outputs: a builder,
	// because joining writes to a string would copy it on every write.
	stream     strings.Builder
	streamKind OutputKind
}

// NewRecorder starts a cell whose outputs may total max bytes (0 means
// DefaultMaxOutput). ctx is the cell's context, for Touch.
func NewRecorder(ctx context.Context, max int) *Recorder {
	if max <= 0 {
		max = DefaultMaxOutput
	}
	return &Recorder{ctx: ctx, cell: Cell{Cap: max}}
}

// Write appends stream text (Stdout or Stderr), joined to the previous
// output when that is of the same kind. It reports false once the cap is
// reached: the kernel should stop the cell, and later writes are dropped.
func (r *Recorder) Write(kind OutputKind, text string) bool {
	if !r.room(len(text)) {
		text = r.cut(text)
		r.cell.Truncated = true
	}
	if text != "" {
		if kind != r.streamKind {
			r.flush()
			r.streamKind = kind
		}
		r.stream.WriteString(text)
		r.n += len(text)
	}
	Touch(r.ctx)
	return !r.cell.Truncated
}

// Add appends a whole item: a value, a display item or an error. An item
// that does not fit is dropped (an Error is kept, cut short) and Add
// reports false.
func (r *Recorder) Add(o Output) bool {
	Touch(r.ctx)
	r.flush()
	if o.Kind == Error {
		if len(o.Text) > maxErrorText {
			o.Text = cutUTF8(o.Text, maxErrorText) + "…"
		}
		r.cell.Outputs = append(r.cell.Outputs, o)
		return !r.cell.Truncated
	}
	size := len(o.Text) + len(o.Data)
	if !r.room(size) {
		r.cell.Truncated = true
		return false
	}
	r.cell.Outputs = append(r.cell.Outputs, o)
	r.n += size
	return true
}

// Cell returns what was recorded so far.
func (r *Recorder) Cell() *Cell {
	r.flush()
	return &r.cell
}

// flush moves the stream text into the outputs.
func (r *Recorder) flush() {
	if r.stream.Len() > 0 {
		r.cell.Outputs = append(r.cell.Outputs, Output{Kind: r.streamKind, Text: r.stream.String()})
		r.stream.Reset()
	}
	r.streamKind = ""
}

func (r *Recorder) room(n int) bool { return !r.cell.Truncated && r.n+n <= r.cell.Cap }

// cut returns the part of text that still fits.
func (r *Recorder) cut(text string) string {
	if r.cell.Truncated {
		return ""
	}
	return cutUTF8(text, r.cell.Cap-r.n)
}

// cutUTF8 returns at most n bytes of s, not splitting a character.
func cutUTF8(s string, n int) string {
	if n >= len(s) {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
