package tools

import (
	"cmp"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/agenttools/agenttools/tool"
)

// The breakpoints of the debug tool: line breakpoints with their
// conditions, hit conditions and log messages, function breakpoints and
// exception filters. Each is kept in the conversation, sent at launch,
// and sent at once when a session runs. What an adapter lacks is said
// before launch when a session of that adapter has run in this
// conversation (its capabilities are known), in launch's answer, and as
// an error, changing nothing, when a session runs.

func (e *env) debugBreakpoints(ctx context.Context, conv *dapclient.Conversation, a debugArgs) (tool.Result, error) {
	if a.File == "" {
		return tool.Errorf("file: breakpoints needs a file"), nil
	}
	path, _, bad := e.existing("file", a.File)
	if bad != nil {
		return *bad, nil
	}
	var bps []dapclient.SourceBreakpoint
	for _, l := range a.Lines {
		if l.Line < 1 {
			return tool.Errorf("lines: %d is not a line; lines are 1-based", l.Line), nil
		}
		bps = append(bps, dapclient.SourceBreakpoint{Line: l.Line, Condition: l.Condition, HitCondition: l.HitCondition, LogMessage: l.LogMessage})
	}
	sess, _ := conv.Session()
	if sess != nil {
		if lacks := lacking(sess.Capabilities(), bps); lacks != "" {
			return tool.Errorf("lines: the %s adapter of the running session does not support %s; nothing was changed: give those lines without them", sess.Debugger, lacks), nil
		}
	}
	if len(bps) == 0 {
		delete(conv.Breakpoints, path)
	} else {
		conv.Breakpoints[path] = bps
	}
	if sess == nil {
		if len(bps) == 0 {
			return tool.Text(fmt.Sprintf("breakpoints of %s cleared", a.File)), nil
		}
		var lines []string
		for _, bp := range bps {
			lines = append(lines, fmt.Sprint(bp.Line)+bpNote(bp))
		}
		msg := fmt.Sprintf("breakpoints kept for %s at lines %s; they are set when a program is launched", a.File, strings.Join(lines, ", "))
		if ad, ok := dapclient.AdapterOfSource(path); ok {
			if caps, ran := conv.Capabilities(ad.ID); ran {
				if lacks := lacking(caps, bps); lacks != "" {
					msg += fmt.Sprintf("\nbut the %s adapter, by its last session here, does not support %s: launch will leave those lines out", ad.ID, lacks)
				}
			}
		}
		return tool.Text(msg), nil
	}
	rctx, cancel := context.WithTimeout(ctx, debugRequestWait)
	defer cancel()
	got, err := sess.SetBreakpoints(rctx, path, bps)
	if err != nil {
		return debugErr("breakpoints", err), nil
	}
	if len(bps) == 0 {
		return tool.Text(fmt.Sprintf("breakpoints of %s cleared", a.File)), nil
	}
	return tool.Text(e.describeBreakpoints(map[string][]dapclient.Breakpoint{path: got}, map[string][]dapclient.SourceBreakpoint{path: bps})), nil
}

// lacking says which breakpoints need what caps lack, e.g. "log points
// (supportsLogPoints) at line 7"; "" when it has all they need.
func lacking(caps dapclient.Capabilities, bps []dapclient.SourceBreakpoint) string {
	var parts []string
	for _, bp := range bps {
		if lacks := dapclient.Lacks(caps, bp); len(lacks) > 0 {
			parts = append(parts, fmt.Sprintf("%s at line %d", strings.Join(lacks, " or "), bp.Line))
		}
	}
	return strings.Join(parts, "; ")
}

// bpNote says what a breakpoint adds to its line: " (condition i == 3)".
func bpNote(bp dapclient.SourceBreakpoint) string {
	var parts []string
	if bp.Condition != "" {
		parts = append(parts, "condition "+bp.Condition)
	}
	if bp.HitCondition != "" {
		parts = append(parts, "hit condition "+bp.HitCondition)
	}
	if bp.LogMessage != "" {
		parts = append(parts, "logpoint "+tool.Quote(bp.LogMessage))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// describeBreakpoints lists the breakpoints in file and line order.
func (e *env) describeBreakpoints(got map[string][]dapclient.Breakpoint, asked map[string][]dapclient.SourceBreakpoint) string {
	type entry struct {
		file string
		want dapclient.SourceBreakpoint
		bp   dapclient.Breakpoint
	}
	var all []entry
	for file, bps := range got {
		for i, bp := range bps {
			var want dapclient.SourceBreakpoint
			if i < len(asked[file]) {
				want = asked[file][i]
			}
			all = append(all, entry{e.debugRel(file), want, bp})
		}
	}
	slices.SortStableFunc(all, func(a, b entry) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.want.Line, b.want.Line))
	})
	var b strings.Builder
	for _, x := range all {
		if x.bp.Verified {
			fmt.Fprintf(&b, "%s:%d verified at line %d%s\n", x.file, x.want.Line, x.bp.Line, bpNote(x.want))
		} else {
			fmt.Fprintf(&b, "%s:%d not verified: %s%s\n", x.file, x.want.Line, x.bp.Message, bpNote(x.want))
		}
	}
	return b.String()
}

func (e *env) debugFunctionBreakpoints(ctx context.Context, conv *dapclient.Conversation, a debugArgs) (tool.Result, error) {
	for _, n := range a.Names {
		if strings.TrimSpace(n) == "" {
			return tool.Errorf("names: a function name is empty; give names like main.work (Go), work (Python) or ns::work (C++)"), nil
		}
	}
	names := slices.Clone(a.Names)
	sess, _ := conv.Session()
	if sess == nil {
		conv.Functions = names
		if len(names) == 0 {
			return tool.Text("function breakpoints cleared"), nil
		}
		return tool.Text(fmt.Sprintf("function breakpoints kept for %s; they are set when a program is launched, if its adapter supports them", strings.Join(names, ", "))), nil
	}
	if !sess.Capabilities().SupportsFunctionBreakpoints {
		return tool.Errorf("function_breakpoints: the %s adapter of the running session does not support function breakpoints (supportsFunctionBreakpoints); set a line breakpoint in the function instead", sess.Debugger), nil
	}
	rctx, cancel := context.WithTimeout(ctx, debugRequestWait)
	defer cancel()
	got, err := sess.SetFunctionBreakpoints(rctx, names)
	if err != nil {
		return debugErr("function_breakpoints", err), nil
	}
	conv.Functions = names
	if len(names) == 0 {
		return tool.Text("function breakpoints cleared"), nil
	}
	return tool.Text(e.describeFunctions(got, names)), nil
}

// describeFunctions lists the function breakpoints as the adapter
// answered them.
func (e *env) describeFunctions(got []dapclient.Breakpoint, names []string) string {
	var b strings.Builder
	for i, bp := range got {
		name := "?"
		if i < len(names) {
			name = names[i]
		}
		switch {
		case !bp.Verified:
			fmt.Fprintf(&b, "function %s not verified: %s\n", name, cmp.Or(bp.Message, "the adapter did not find it"))
		case bp.Source != nil && bp.Source.Path != "":
			fmt.Fprintf(&b, "function %s verified at %s:%d\n", name, e.debugRel(bp.Source.Path), bp.Line)
		default:
			fmt.Fprintf(&b, "function %s verified\n", name)
		}
	}
	return b.String()
}

func (e *env) debugExceptionBreakpoints(ctx context.Context, conv *dapclient.Conversation, a debugArgs) (tool.Result, error) {
	for _, f := range a.Filters {
		if strings.TrimSpace(f) == "" {
			return tool.Errorf("filters: a filter id is empty; adapters lists each adapter's filter ids"), nil
		}
	}
	filters := append([]string{}, a.Filters...)
	sess, _ := conv.Session()
	if sess == nil {
		conv.Exceptions = filters
		if len(filters) == 0 {
			return tool.Text("exception breakpoints cleared"), nil
		}
		return tool.Text(fmt.Sprintf("exception filters %s kept; they are set when a program is launched, if its adapter has them (%s)", strings.Join(filters, ", "), e.allFilters(conv))), nil
	}
	have := dapclient.FilterIDs(sess.Capabilities().ExceptionBreakpointFilters)
	if len(filters) > 0 && len(have) == 0 {
		return tool.Errorf("filters: the %s adapter of the running session has no exception filters", sess.Debugger), nil
	}
	for _, f := range filters {
		if !slices.Contains(have, f) {
			return tool.Errorf("filters: the %s adapter has no exception filter %s; its filters are %s", sess.Debugger, tool.Quote(f), strings.Join(have, ", ")), nil
		}
	}
	if len(have) > 0 {
		rctx, cancel := context.WithTimeout(ctx, debugRequestWait)
		defer cancel()
		if err := sess.SetExceptionBreakpoints(rctx, filters); err != nil {
			return debugErr("exception_breakpoints", err), nil
		}
	}
	conv.Exceptions = filters
	if len(filters) == 0 {
		return tool.Text("exception breakpoints cleared"), nil
	}
	return tool.Text(fmt.Sprintf("exception filters set: %s; the program stops where such an exception is thrown", strings.Join(filters, ", "))), nil
}

// exceptionFilters says which exception filters an adapter has: from
// its last session's capabilities, else the ones it is known to offer.
func exceptionFilters(conv *dapclient.Conversation, ad dapclient.Adapter) string {
	if caps, ok := conv.Capabilities(ad.ID); ok {
		if ids := dapclient.FilterIDs(caps.ExceptionBreakpointFilters); len(ids) > 0 {
			return strings.Join(ids, ", ")
		}
		return "none"
	}
	if len(ad.Exceptions) > 0 {
		return strings.Join(ad.Exceptions, ", ")
	}
	return "known once a session of it has run"
}

// allFilters lists the exception filters of every adapter that has a
// DAP session to offer them.
func (e *env) allFilters(conv *dapclient.Conversation) string {
	var parts []string
	for _, ad := range dapclient.Adapters() {
		if ad.ID == "java" {
			continue
		}
		parts = append(parts, ad.ID+": "+exceptionFilters(conv, ad))
	}
	return strings.Join(parts, "; ")
}

// describeException says which exception a thread stopped on: by the
// adapter's exceptionInfo where it has one, else by the stop's text.
func describeException(ctx context.Context, sess *dapclient.Session, thread int, text, description string) string {
	if sess.Capabilities().SupportsExceptionInfoRequest {
		if ex, err := sess.ExceptionInfo(ctx, thread); err == nil {
			s := "exception " + cmp.Or(ex.ID, ex.TypeName, "(unnamed)")
			if d := cmp.Or(ex.Description, ex.Message); d != "" && d != ex.ID {
				s += ": " + d
			}
			if ex.BreakMode != "" {
				s += " (break mode " + ex.BreakMode + ")"
			}
			return s
		}
	}
	switch {
	case text != "" && description != "" && text != description:
		return "exception " + text + ": " + description
	case text != "":
		return "exception " + text
	case description != "":
		return "exception: " + description
	}
	return "exception (the adapter does not say which)"
}

// debugStart starts a session and says where the program stopped.
func (e *env) debugStart(lctx context.Context, conv *dapclient.Conversation, op string, l dapclient.Launch) (tool.Result, error) {
	sess, cfg, err := conv.Start(lctx, l)
	if err != nil {
		return debugErr(op, err), nil
	}
	var b strings.Builder
	if op == "attach" {
		fmt.Fprintf(&b, "attached to %s\n", l.Program)
	} else {
		fmt.Fprintf(&b, "launched %s\n", l.Program)
	}
	if len(cfg.Lines) == 0 && len(cfg.Functions) == 0 && len(cfg.Exceptions) == 0 {
		b.WriteString("no breakpoints set; it runs until it ends or you pause it\n")
	} else {
		b.WriteString(e.describeBreakpoints(cfg.Lines, cfg.Sent))
		b.WriteString(e.describeFunctions(cfg.Functions, conv.Functions))
		if len(cfg.Exceptions) > 0 {
			fmt.Fprintf(&b, "exception filters set: %s\n", strings.Join(cfg.Exceptions, ", "))
		}
	}
	for _, u := range cfg.Unsupported {
		b.WriteString(e.relPaths(u) + "\n")
	}
	b.WriteString(e.afterMove(lctx, sess, 0).TextContent())
	return tool.Text(b.String()), nil
}

// relPaths shortens the working directory's absolute paths in a sentence
// of dapclient's.
func (e *env) relPaths(s string) string {
	return strings.ReplaceAll(s, e.run.Debug.Workdir()+string(filepath.Separator), "")
}
