package tools

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/agenttools/agenttools/interp"
	"github.com/agenttools/agenttools/tool"
)

// eval runs cells in the run's persistent interpreters (package interp).
// The handler validates, picks the kernel, arms the inactivity budget and
// turns the cell's outputs into content; the kernels do the rest.

func evalTools(e *env) []*tool.Tool {
	t := tool.New("eval", tool.Exec, false,
		"Run a cell of code in a persistent interpreter, as in a notebook: variables, functions and loaded data survive between calls. "+
			"Printed output comes back in order, the last expression is echoed, and display() shows text, tables (an array of objects) and images. "+
			`Inside a cell, tool(name, args) calls this run's other tools under the same permission rules and returns their result (an object with the structured fields and "text"), or throws with the tool's error. `+
			fmt.Sprintf("A cell is stopped after %s with no output and no tool call in flight (timeout_seconds, 1 to %d, sets this cell's), and after %s of output. ", durationText(e.evalTimeout()), maxEvalTimeout, sizeText(interp.DefaultMaxOutput))+
			"reset: true discards the interpreter and runs the cell in a clean one. description is required: 5 to 10 words saying what the cell does.",
		e.eval)
	langs := make([]any, 0, 3)
	for _, l := range interp.Languages() {
		langs = append(langs, string(l))
	}
	setEnum(t.InputSchema, "language", langs...)
	setMinimum(t.InputSchema, "timeout_seconds", 1)
	setMaximum(t.InputSchema, "timeout_seconds", maxEvalTimeout)
	return []*tool.Tool{t}
}

type evalArgs struct {
	Code        string `json:"code" jsonschema:"the cell: code to run"`
	Description string `json:"description" jsonschema:"5 to 10 words saying what the cell does, for the transcript"`
	Language    string `json:"language,omitempty" jsonschema:"python (default), javascript or go"`
	Reset       bool   `json:"reset,omitempty" jsonschema:"discard the interpreter and start a clean one first"`
	// TimeoutSeconds is this cell's inactivity budget, 0 for the run's.
	TimeoutSeconds int `json:"timeout_seconds,omitempty" jsonschema:"this cell's inactivity budget in seconds, 1 to 3600: it is stopped after that long with no output and no tool call in flight; the run's budget by default"`
}

// maxEvalTimeout bounds timeout_seconds.
const maxEvalTimeout = 3600

type evalResult struct {
	Language    string       `json:"language"`
	Outputs     []evalOutput `json:"outputs"`
	Truncated   bool         `json:"truncated,omitempty"`   // the output cap stopped the cell
	Interrupted string       `json:"interrupted,omitempty"` // why the cell was stopped early: "timeout" or "cancelled"
}

type evalOutput struct {
	Kind     interp.OutputKind `json:"kind"`
	Text     string            `json:"text,omitempty"`
	MimeType string            `json:"mime_type,omitempty"`
}

// bridgeSurface is the surface of a cell's tool calls. eval is exec
// level, so only a surface that sees every level can have run the cell:
// the bridge sees what its caller sees, no more.
const bridgeSurface = tool.Full

func (e *env) eval(ctx context.Context, a evalArgs) (tool.Result, error) {
	if strings.TrimSpace(a.Code) == "" {
		return tool.Errorf("code: the cell is empty; give the code to run"), nil
	}
	if n := len(strings.Fields(a.Description)); n < 5 || n > 10 {
		return tool.Errorf("description: want 5 to 10 words saying what the cell does, for the transcript; got %d", n), nil
	}
	if a.TimeoutSeconds < 0 || a.TimeoutSeconds > maxEvalTimeout {
		return tool.Errorf("timeout_seconds: want 1 to %d seconds of inactivity, or none for the run's %s; got %d", maxEvalTimeout, durationText(e.evalTimeout()), a.TimeoutSeconds), nil
	}
	lang := interp.Python
	if a.Language != "" {
		lang = interp.Language(a.Language)
	}
	if !slices.Contains(interp.Languages(), lang) {
		return tool.Errorf("language: unknown language %s; want one of %v", tool.Quote(a.Language), interp.Languages()), nil
	}
	kernels := e.run.Kernels
	if a.Reset {
		// A kernel that fails to close is gone all the same.
		_ = kernels.Reset(lang)
	}
	k, err := kernels.Get(ctx, lang)
	switch {
	case errors.Is(err, interp.ErrUnavailable):
		return tool.Errorf("language: %v", err), nil
	case err != nil:
		return tool.Errorf("the %s kernel did not start: %v", lang, err), nil
	}

	budget := e.evalTimeout()
	if a.TimeoutSeconds > 0 {
		budget = time.Duration(a.TimeoutSeconds) * time.Second
	}
	cctx, w, stop := interp.WithInactivity(ctx, budget)
	defer stop()
	cell, err := k.Execute(cctx, a.Code, w.Bridge(e.bridge))
	if err != nil {
		_ = kernels.Discard(lang, k)
		return tool.Errorf("the %s kernel failed (%v) and was discarded; the next cell starts a clean one, without the state of the earlier cells", lang, err), nil
	}
	why := ""
	if cell.Interrupted {
		why = "cancelled"
		if errors.Is(context.Cause(cctx), interp.ErrInactive) {
			why = "timeout"
		}
	}
	return cellResult(lang, cell, why, budget), nil
}

// evalTimeout is the run's inactivity budget for a cell.
func (e *env) evalTimeout() time.Duration {
	if e.run.EvalTimeout > 0 {
		return e.run.EvalTimeout
	}
	return DefaultEvalTimeout
}

// bridge runs a cell's tool call through the dispatcher, so the surface,
// the permission rules, approval and the wrappers apply as they do to the
// model's own calls.
func (e *env) bridge(ctx context.Context, name string, args json.RawMessage) (interp.Reply, error) {
	if name == "eval" {
		return interp.Reply{}, errors.New("eval cannot be called from inside a cell; run that code in this cell instead")
	}
	res, err := e.calls.Call(ctx, bridgeSurface, name, args)
	if err != nil {
		return interp.Reply{}, fmt.Errorf("%s failed: %v", name, err)
	}
	if res.IsError {
		return interp.Reply{}, errors.New(res.TextContent())
	}
	reply := interp.Reply{Text: res.TextContent()}
	if res.Structured != nil {
		if reply.Structured, err = json.Marshal(res.Structured); err != nil {
			return interp.Reply{}, fmt.Errorf("%s: its structured result does not encode: %v", name, err)
		}
	}
	return reply, nil
}

// cellResult turns a cell into content in the order it was produced, with
// a closing note when the cell was stopped early. why is "timeout",
// "cancelled" or "".
func cellResult(lang interp.Language, cell *interp.Cell, why string, budget time.Duration) tool.Result {
	var r tool.Result
	st := evalResult{Language: string(lang), Outputs: []evalOutput{}, Truncated: cell.Truncated, Interrupted: why}
	for _, o := range cell.Outputs {
		st.Outputs = append(st.Outputs, evalOutput{Kind: o.Kind, Text: o.Text, MimeType: o.MimeType})
		switch o.Kind {
		case interp.Image:
			r.Content = append(r.Content, tool.Content{Type: "image", MimeType: o.MimeType, Data: base64.StdEncoding.EncodeToString(o.Data)})
		case interp.Stderr:
			r.Content = append(r.Content, tool.Content{Type: "text", Text: "stderr:\n" + strings.TrimSuffix(o.Text, "\n")})
		default:
			r.Content = append(r.Content, tool.Content{Type: "text", Text: strings.TrimSuffix(o.Text, "\n")})
		}
	}
	var note string
	switch {
	case cell.Truncated:
		note = fmt.Sprintf("[the cell was stopped: its output reached the cap of %s per cell. Print less (a summary, the head and tail), or write large results to a file with tool(\"write\", …).]", sizeText(cell.Cap))
	case why == "timeout":
		note = fmt.Sprintf("[the cell was interrupted after %s with no activity (no output, no tool call in flight), the eval timeout. What it defined before that is kept. Make the work finish sooner, or print progress as it goes.]", durationText(budget))
	case why == "cancelled":
		note = "[the cell was interrupted: the call was cancelled. What it defined before that is kept.]"
	}
	if note != "" {
		r.Content = append(r.Content, tool.Content{Type: "text", Text: note})
	}
	if len(r.Content) == 0 {
		r.Content = []tool.Content{{Type: "text", Text: "(no output)"}}
	}
	r.Structured = st
	r.IsError = cell.Failed() || cell.Truncated || cell.Interrupted
	return r
}
