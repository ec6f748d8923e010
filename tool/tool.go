// Package tool is what every face of agenttools (call, batch, serve, mcp)
// and every tool share: what a tool is (name, approval level, schema,
// handler), what it returns and how that is written, which tools a
// surface may see, the cards that reach a person, and the dispatcher, the
// one path every call takes: surface, arguments, permission rules,
// approval, wrappers, handler. The tools themselves are in package tools.
package tool

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/agenttools/agenttools/internal/argcheck"
	"github.com/agenttools/agenttools/internal/jsonstream"
	"github.com/google/jsonschema-go/jsonschema"
)

// A Level is what a tool may do, and so which surfaces see it.
type Level int

const (
	Read  Level = iota // no side effects
	Write              // changes files
	Exec               // starts or controls a process
)

var levelNames = [...]string{Read: "read", Write: "write", Exec: "exec"}

func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// MarshalText writes the level's name.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// A Surface is who is calling: the full agent, plan mode, or a read-only
// subagent. Plan and readonly see read-level tools only.
type Surface string

const (
	Full     Surface = "full"
	Plan     Surface = "plan"
	ReadOnly Surface = "readonly"
)

// ParseSurface checks that s names a surface.
func ParseSurface(s string) (Surface, error) {
	switch Surface(s) {
	case Full, Plan, ReadOnly:
		return Surface(s), nil
	}
	return "", fmt.Errorf("unknown surface %q: want full, plan or readonly", s)
}

// Sees reports whether a surface sees tools of level l.
func (s Surface) Sees(l Level) bool {
	return s == Full || l == Read
}

// A Handler runs a tool on arguments that already passed the schema.
// A problem the model can act on is a Result with IsError; a Go error is a
// fault of the engine.
type Handler func(ctx context.Context, args json.RawMessage) (Result, error)

// A Wrapper decorates a handler: diagnostics on write is one.
type Wrapper func(next Handler) Handler

// A Tool is one entry of the registry.
type Tool struct {
	Name         string
	Level        Level
	ParallelSafe bool
	Title        string // a few words for a person, as MCP clients show it
	Description  string // one paragraph, written for a model
	// OutputSchema describes Result.Structured where it has a fixed
	// shape, for MCP clients; nil where it does not.
	OutputSchema *jsonschema.Schema
	InputSchema  *jsonschema.Schema
	Handler      Handler
	// Effects, when set, says what a call does to the world where the
	// level does not: a vibe tool is read level, as the gate belongs on
	// its worker's own tools, yet it starts work that edits files. Nil
	// means the level's own effects (see Tool.Effect).
	Effects *Effects

	check *argcheck.Checker // InputSchema, resolved when registered
}

// Effects is what a call may do to the world outside the engine, as a
// client that shows calls or approves them by kind needs to know (MCP's
// tool annotations).
type Effects struct {
	ReadOnly    bool // changes nothing
	Destructive bool // may change or end what is there, not only add to it
	OpenWorld   bool // reaches what lies beyond the run: programs and what they touch
}

// Effect returns the tool's effects: Effects when set, or else those of
// its level. A read tool changes nothing; a write tool changes files
// under the root, which may overwrite them; an exec tool runs programs,
// which do whatever they do.
func (t *Tool) Effect() Effects {
	if t.Effects != nil {
		return *t.Effects
	}
	switch t.Level {
	case Read:
		return Effects{ReadOnly: true}
	case Write:
		return Effects{Destructive: true}
	}
	return Effects{Destructive: true, OpenWorld: true}
}

// New builds a tool whose schema is derived from the argument struct A
// (json tags name the properties; omitempty makes one optional; a
// jsonschema tag is its description) and whose handler receives A decoded.
func New[A any](name string, level Level, parallelSafe bool, description string, h func(ctx context.Context, args A) (Result, error)) *Tool {
	schema, err := jsonschema.For[A](nil)
	if err != nil {
		// A is a type in this module; failing here is a programming error
		// caught by the registry's tests.
		panic(fmt.Sprintf("tool %s: %v", name, err))
	}
	return &Tool{
		Name:         name,
		Level:        level,
		ParallelSafe: parallelSafe,
		Description:  description,
		InputSchema:  schema,
		Handler: func(ctx context.Context, raw json.RawMessage) (Result, error) {
			var args A
			if err := json.Unmarshal(raw, &args); err != nil {
				return Errorf("arguments of %s: %v", name, err), nil
			}
			return h(ctx, args)
		},
	}
}

// Content is one item the model sees: text, or an image.
type Content struct {
	Type     string `json:"type"` // "text" or "image"
	Text     string `json:"text,omitempty"`
	MimeType string `json:"mimeType,omitempty"`
	Data     string `json:"data,omitempty"` // base64, for images

	// render, when set, writes the text in place of Text, for a result
	// whose text can be megabytes (ast_grep's, with every match): it is
	// written as it is rendered (WriteJSON, WriteText), never held.
	render func(w io.Writer)
}

// LazyText returns a result with one text item that render writes when
// the text is asked for.
func LazyText(render func(w io.Writer)) Result {
	return Result{Content: []Content{{Type: "text", render: render}}}
}

// Render returns the item's text, rendering it if need be.
func (c Content) Render() string { return c.text() }

// text returns the item's text, rendering it if need be.
func (c Content) text() string {
	if c.render == nil {
		return c.Text
	}
	var b strings.Builder
	c.render(&b)
	return b.String()
}

// Equal reports whether c and o are the same item, a rendered text
// compared as the text it renders (go-cmp compares Contents with it).
func (c Content) Equal(o Content) bool {
	return c.Type == o.Type && c.MimeType == o.MimeType && c.Data == o.Data && c.text() == o.text()
}

// MarshalJSON encodes the item with its text rendered. It escapes no
// HTML: the encoder that called it does, if it is set to.
func (c Content) MarshalJSON() ([]byte, error) {
	type plain Content
	p := plain(c)
	p.Text, p.render = c.text(), nil
	var b bytes.Buffer
	return jsonstream.Encode(&b, p)
}

// OutputOf returns the schema of a structured result of type R, as a
// tool's OutputSchema; opts gives the schemas of the types in R that
// write their own JSON.
func OutputOf[R any](opts *jsonschema.ForOptions) *jsonschema.Schema {
	s, err := jsonschema.For[R](opts)
	if err != nil {
		panic(fmt.Sprintf("output schema: %v", err)) // R is a type of this module
	}
	return s
}

// A Result is what a call returns, in the shape of MCP's CallToolResult:
// content for the model, structured for programs, and whether the tool
// reported an error.
type Result struct {
	Content    []Content `json:"content"`
	Structured any       `json:"structured,omitempty"`
	IsError    bool      `json:"isError,omitempty"`
}

// Text returns a result with one text item.
func Text(s string) Result {
	return Result{Content: []Content{{Type: "text", Text: s}}}
}

// Errorf returns an error result whose text is the formatted message.
func Errorf(format string, args ...any) Result {
	r := Text(fmt.Sprintf(format, args...))
	r.IsError = true
	return r
}

// TextContent joins the text items of r.
func (r Result) TextContent() string {
	if len(r.Content) == 1 && r.Content[0].Type == "text" {
		return r.Content[0].text() // no copy of a large result's text
	}
	var b strings.Builder
	r.WriteText(&b)
	return b.String()
}

// WriteText writes what TextContent returns to w, a rendered text as it
// is rendered.
func (r Result) WriteText(w io.Writer) error {
	first := true
	for _, c := range r.Content {
		if c.Type != "text" {
			continue
		}
		if !first {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		first = false
		if c.render != nil {
			c.render(w)
		} else if _, err := io.WriteString(w, c.Text); err != nil {
			return err
		}
	}
	return nil
}
