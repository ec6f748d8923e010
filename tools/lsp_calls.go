package tools

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/tool"
	"github.com/sourcegraph/jsonrpc2"
)

// maxCalls caps call_hierarchy's list.
const maxCalls = 50

// A shownCall is a caller or a callee as call_hierarchy reports it: the
// function's name and where the call is (incoming) or where the callee
// is declared (outgoing).
type shownCall struct {
	Name string `json:"name"`
	// Detail is what the server adds to the name: a package and file
	// (gopls), a signature or a container.
	Detail string `json:"detail,omitempty"`
	shownLocation
	Calls int `json:"calls"` // how many calls this caller makes, or the item makes to this callee
}

// callHierarchy answers call_hierarchy: the functions that call the one at
// the position (direction incoming, the default) or that it calls
// (outgoing).
func (e *env) callHierarchy(ctx context.Context, c *lspclient.Client, path string, sp lspclient.SymbolPos, a lspArgs) (tool.Result, error) {
	dir := a.Direction
	switch dir {
	case "":
		dir = "incoming"
	case "incoming", "outgoing":
	default:
		return tool.Errorf("direction: %s is not one; use incoming (the callers) or outgoing (the callees)", tool.Quote(dir)), nil
	}
	items, err := c.PrepareCallHierarchy(ctx, path, sp.Pos)
	if err != nil {
		return tool.Result{}, err
	}
	if len(items) == 0 {
		return tool.Text(fmt.Sprintf("no function or method at %s on line %d for a call hierarchy", tool.Quote(a.Symbol), a.Line)), nil
	}
	var shown []shownCall
	for _, it := range items {
		calls, err := c.IncomingCalls(ctx, it)
		method := "callHierarchy/incomingCalls"
		if dir == "outgoing" {
			calls, err = c.OutgoingCalls(ctx, it)
			method = "callHierarchy/outgoingCalls"
		}
		var rpc *jsonrpc2.Error
		if errors.As(err, &rpc) && rpc.Code == jsonrpc2.CodeMethodNotFound {
			// clangd 14 prepares call hierarchies and answers
			// incoming calls, not outgoing ones
			return tool.Errorf("call_hierarchy: %s does not answer %s, so it cannot list %s calls here", c.Server.ID, method, dir), nil
		}
		if err != nil {
			return tool.Result{}, err
		}
		for _, call := range calls {
			shown = append(shown, e.showCall(call, dir, it, c.Encoding()))
		}
	}
	what := fmt.Sprintf("callers of %s", a.Symbol)
	if dir == "outgoing" {
		what = fmt.Sprintf("functions %s calls", a.Symbol)
	}
	if len(shown) == 0 {
		return tool.Text("no " + what + " found"), nil
	}
	total := len(shown)
	if total > maxCalls {
		shown = shown[:maxCalls]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%d):\n", what, total)
	for _, s := range shown {
		fmt.Fprintf(&b, "%s:%d: %s", s.File, s.Line, s.Name)
		if s.Calls > 1 {
			fmt.Fprintf(&b, " (%d calls)", s.Calls)
		}
		if s.Text != "" {
			fmt.Fprintf(&b, ": %s", s.Text)
		}
		b.WriteByte('\n')
	}
	if total > len(shown) {
		fmt.Fprintf(&b, "… %d more (%d in all)\n", total-len(shown), total)
	}
	r := tool.Text(strings.TrimRight(b.String(), "\n"))
	r.Structured = map[string]any{"direction": dir, "calls": shown, "total": total}
	return r, nil
}

// showCall places a call: an incoming one at its first call in the
// caller, an outgoing one at the callee's name.
func (e *env) showCall(call lspclient.Call, dir string, item lspclient.CallItem, encoding string) shownCall {
	loc := lspclient.Location{URI: call.Item.URI, Range: call.Item.SelectionRange}
	if dir == "incoming" && len(call.Ranges) > 0 {
		loc.Range = call.Ranges[0]
	}
	return shownCall{Name: call.Item.Name, Detail: call.Item.Detail, shownLocation: e.show(loc, encoding), Calls: len(call.Ranges)}
}
