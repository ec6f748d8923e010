package tools

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/tool"
)

// Caps of the lsp tool's lists.
const (
	maxReferences       = 50
	maxWorkspaceSymbols = 100
	maxDocumentSymbols  = 200
)

// lspTimeout bounds one lsp call: a server's first answer may wait for it
// to load the project.
const lspTimeout = 60 * time.Second

// diagnosticsWait bounds how long diagnostics wait for a server to publish
// after a change, and diagnosticsSettle is how quiet it must then be.
const (
	diagnosticsWait   = 20 * time.Second
	diagnosticsSettle = 400 * time.Millisecond
)

// readyWait bounds how long a request waits for the server to catch up
// with a change and end the work it announced (indexing, loading); past
// it, the request is sent anyway.
const readyWait = 15 * time.Second

func lspTools(e *env) []*tool.Tool {
	t := tool.New("lsp", tool.Read, true,
		"Ask the language server about code. A position is a 1-based line plus symbol, a substring of that line naming the identifier (never a column): definition, type_definition, implementation, references (up to 50), hover and code_actions take file, line and symbol; so does call_hierarchy, with direction incoming (the callers, the default) or outgoing (the callees), up to 50. diagnostics takes a file, or \"*\" for the project-wide check. symbols takes a query (workspace search, up to 100) or a file (its outline, up to 200). status says which servers can run here and which run; reload restarts the server of a file (or all). Where no server can run for a file's language, symbols and definition answer from our own grammar's outline instead, and say so.",
		e.lsp)
	var names []any
	for _, a := range lspActions {
		names = append(names, a.name)
	}
	setEnum(t.InputSchema, "action", names...)
	setEnum(t.InputSchema, "direction", "incoming", "outgoing")
	setMinimum(t.InputSchema, "line", 1)
	return []*tool.Tool{t}
}

type lspArgs struct {
	Action string `json:"action" jsonschema:"what to ask"`
	File   string `json:"file,omitempty" jsonschema:"file, relative to the working directory; \"*\" with diagnostics for the whole project"`
	Line   int    `json:"line,omitempty" jsonschema:"1-based line of the symbol"`
	Symbol string `json:"symbol,omitempty" jsonschema:"text on that line naming the symbol, e.g. a function's name"`
	Query  string `json:"query,omitempty" jsonschema:"workspace symbol search, with action symbols"`
	// Direction is call_hierarchy's.
	Direction string `json:"direction,omitempty" jsonschema:"with call_hierarchy: incoming (the callers, the default) or outgoing (the callees)"`
}

// An lspAction is one action of the lsp tool: the schema's enum and, for
// an action at a position, the request it makes and the capability that
// request needs, all come from lspActions.
type lspAction struct {
	name    string
	method  string // for an action at a position
	feature string
}

var lspActions = []lspAction{
	{name: "diagnostics"},
	{"definition", "textDocument/definition", "definition"},
	{"type_definition", "textDocument/typeDefinition", "typeDefinition"},
	{"implementation", "textDocument/implementation", "implementation"},
	{"references", "textDocument/references", "references"},
	{"hover", "textDocument/hover", "hover"},
	{name: "symbols"},
	{"code_actions", "textDocument/codeAction", "codeAction"},
	{"call_hierarchy", "textDocument/prepareCallHierarchy", "callHierarchy"},
	{name: "status"},
	{name: "reload"},
}

// positionAction returns the action at a position of that name.
func positionAction(name string) (lspAction, bool) {
	for _, a := range lspActions {
		if a.name == name && a.method != "" {
			return a, true
		}
	}
	return lspAction{}, false
}

// lspBudget is how long one lsp call may take: the project check has
// its own budget, the rest lspTimeout.
func lspBudget(a lspArgs) time.Duration {
	if a.Action == "diagnostics" && a.File == "*" {
		return checkTimeout
	}
	return lspTimeout
}

func (e *env) lsp(ctx context.Context, a lspArgs) (tool.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, lspBudget(a))
	defer cancel()
	switch a.Action {
	case "status":
		return e.lspStatus(), nil
	case "reload":
		return e.lspReload(ctx, a)
	case "symbols":
		if a.File == "" {
			return e.workspaceSymbols(ctx, a.Query)
		}
	case "diagnostics":
		if a.File == "*" {
			return e.projectCheck(ctx)
		}
	}
	if a.File == "" {
		return tool.Errorf("file: %s needs a file", a.Action), nil
	}
	path, _, bad := e.existing("file", a.File)
	if bad != nil {
		return *bad, nil
	}
	c, restarted, err := e.run.LSP.For(ctx, path)
	if err != nil {
		if r, ok := e.fromGrammar(ctx, a, path, err); ok {
			return r, nil
		}
		return lspError(err), nil
	}
	note := ""
	if restarted {
		note = fmt.Sprintf("(%s had exited and was restarted)\n", c.Server.ID)
	}
	if a.Action != "diagnostics" { // which syncs the file itself
		if _, err := c.Sync(ctx, path); err != nil {
			return tool.Errorf("file: %v", err), nil
		}
	}
	var r tool.Result
	switch a.Action {
	case "diagnostics":
		sd, serr := c.DiagnosticsAfterSync(ctx, path, false, diagnosticsWait, diagnosticsSettle)
		var se *lspclient.SyncError
		if errors.As(serr, &se) {
			return tool.Errorf("file: %v", se.Err), nil
		}
		r, err = e.fileDiagnostics(c, path, sd, serr)
	case "symbols":
		ready(ctx, c, path)
		if !c.Has("documentSymbol") {
			return unsupported(a.Action, c, "textDocument/documentSymbol"), nil
		}
		r, err = e.documentSymbols(ctx, c, path)
	default:
		act, ok := positionAction(a.Action)
		if !ok {
			return tool.Errorf("action: unknown action %s", tool.Quote(a.Action)), nil
		}
		ready(ctx, c, path)
		if !c.Has(act.feature) {
			return unsupported(a.Action, c, act.method), nil
		}
		r, err = e.navigate(ctx, c, path, a)
	}
	if err != nil {
		return tool.Errorf("%s: %s: %v", a.Action, c.Server.ID, err), nil
	}
	if note != "" && len(r.Content) > 0 {
		r.Content[0].Text = note + r.Content[0].Text
	}
	return r, nil
}

// unsupported says that a server cannot answer an action at all.
func unsupported(action string, c *lspclient.Client, method string) tool.Result {
	return tool.Errorf("%s: %s does not offer %s (not among its capabilities), so it cannot answer this", action, c.Server.ID, method)
}

// ready waits, for at most readyWait, until the server has caught up with
// a file as synced and finished the work it announced (see
// lspclient.Client.Ready); path "" waits only for that work.
func ready(ctx context.Context, c *lspclient.Client, path string) {
	rctx, cancel := context.WithTimeout(ctx, readyWait)
	defer cancel()
	c.Ready(rctx, path)
}

func lspError(err error) tool.Result {
	var ns *lspclient.NoServerError
	if errors.As(err, &ns) {
		return tool.Errorf("%s; lsp status says what can run here", ns.Reason)
	}
	return tool.Errorf("%v", err)
}

func (e *env) navigate(ctx context.Context, c *lspclient.Client, path string, a lspArgs) (tool.Result, error) {
	if a.Line == 0 {
		return tool.Errorf("line: %s needs line and symbol", a.Action), nil
	}
	m, err := c.Mapper(path)
	if err != nil {
		return tool.Result{}, err
	}
	sp, err := m.Locate(a.Line, a.Symbol)
	if err != nil {
		return tool.Errorf("%v", err), nil
	}
	switch a.Action {
	case "hover":
		text, err := c.Hover(ctx, path, sp.Pos)
		if err != nil {
			return tool.Result{}, err
		}
		if strings.TrimSpace(text) == "" {
			return tool.Text(fmt.Sprintf("no hover information for %s on line %d", tool.Quote(a.Symbol), a.Line)), nil
		}
		r := tool.Text(strings.TrimSpace(text))
		r.Structured = map[string]any{"hover": text}
		return r, nil
	case "code_actions":
		return e.codeActions(ctx, c, path, sp, a)
	case "call_hierarchy":
		return e.callHierarchy(ctx, c, path, sp, a)
	case "references":
		locs, err := c.References(ctx, path, sp.Pos)
		if err != nil {
			return tool.Result{}, err
		}
		return e.locationList(locs, c.Encoding(), maxReferences, fmt.Sprintf("references to %s", a.Symbol)), nil
	}
	act, _ := positionAction(a.Action)
	locs, err := c.Locations(ctx, act.method, path, sp.Pos)
	if err != nil {
		return tool.Result{}, err
	}
	return e.locationList(locs, c.Encoding(), 0, fmt.Sprintf("%s of %s", strings.ReplaceAll(a.Action, "_", " "), a.Symbol)), nil
}

// A shownLocation is a location as the tool reports it.
type shownLocation struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Text   string `json:"text"`
}

// show turns a location into path:line:col with its source line; the path
// is relative to the working directory when inside it.
// Its positions are in the encoding of the server that returned it.
func (e *env) show(l lspclient.Location, encoding string) shownLocation {
	p, err := lspclient.URIPath(l.URI)
	if err != nil {
		return shownLocation{File: l.URI, Line: l.Range.Start.Line + 1, Column: l.Range.Start.Character + 1}
	}
	s := shownLocation{File: e.displayPath(p), Line: l.Range.Start.Line + 1, Column: l.Range.Start.Character + 1}
	if content, err := os.ReadFile(p); err == nil {
		m := lspclient.NewMapper(content, encoding)
		s.Text = strings.TrimSpace(string(m.Line(l.Range.Start.Line)))
		if col, ok := m.Column(l.Range.Start); ok {
			s.Column = col // in code points, whatever the server speaks
		}
	}
	return s
}

func (e *env) displayPath(p string) string {
	if rel, err := filepath.Rel(e.root.Dir(), p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return p
}

func (e *env) locationList(locs []lspclient.Location, encoding string, limit int, what string) tool.Result {
	if len(locs) == 0 {
		return tool.Text("no " + what + " found")
	}
	total := len(locs)
	if limit > 0 && total > limit {
		locs = locs[:limit]
	}
	var b strings.Builder
	shown := make([]shownLocation, 0, len(locs))
	for _, l := range locs {
		s := e.show(l, encoding)
		shown = append(shown, s)
		fmt.Fprintf(&b, "%s:%d:%d: %s\n", s.File, s.Line, s.Column, s.Text)
	}
	if total > len(locs) {
		fmt.Fprintf(&b, "… %d more (%d in all)\n", total-len(locs), total)
	}
	r := tool.Text(strings.TrimRight(b.String(), "\n"))
	r.Structured = map[string]any{"locations": shown, "total": total}
	return r
}

func (e *env) codeActions(ctx context.Context, c *lspclient.Client, path string, sp lspclient.SymbolPos, a lspArgs) (tool.Result, error) {
	diags, _ := c.Last(path)
	var here []lspclient.Diagnostic
	for _, d := range diags {
		if d.Range.Start.Line <= sp.Pos.Line && sp.Pos.Line <= d.Range.End.Line {
			here = append(here, d)
		}
	}
	actions, err := c.CodeActions(ctx, path, lspclient.Range{Start: sp.Pos, End: sp.End}, here)
	if err != nil {
		return tool.Result{}, err
	}
	if len(actions) == 0 {
		return tool.Text(fmt.Sprintf("no code actions for %s on line %d", tool.Quote(a.Symbol), a.Line)), nil
	}
	var b strings.Builder
	for i, act := range actions {
		fmt.Fprintf(&b, "%d. %s", i+1, act.Title)
		if act.Kind != "" {
			fmt.Fprintf(&b, " (%s)", act.Kind)
		}
		b.WriteString("\n")
	}
	r := tool.Text(strings.TrimRight(b.String(), "\n"))
	r.Structured = map[string]any{"actions": actions}
	return r, nil
}

func (e *env) documentSymbols(ctx context.Context, c *lspclient.Client, path string) (tool.Result, error) {
	syms, err := c.DocumentSymbols(ctx, path)
	if err != nil {
		return tool.Result{}, err
	}
	return e.symbolList(syms, maxDocumentSymbols, "symbols in "+e.displayPath(path)), nil
}

func (e *env) workspaceSymbols(ctx context.Context, query string) (tool.Result, error) {
	all, started, errs := e.run.LSP.WorkspaceSymbols(ctx, query, readyWait)
	var why []string
	for _, err := range errs {
		why = append(why, err.Error())
	}
	if started == 0 {
		return e.grammarSearch(ctx, query, why), nil
	}
	r := e.symbolList(all, maxWorkspaceSymbols, fmt.Sprintf("workspace symbols matching %s", tool.Quote(query)))
	if len(why) > 0 && len(r.Content) > 0 {
		r.Content[0].Text += "\n" + strings.Join(why, "\n") // what the other servers could not say
	}
	e.grammarFill(ctx, query, &r) // the languages whose server cannot run here
	return r, nil
}

func joinErrs(errs []string) string {
	if len(errs) == 0 {
		return ""
	}
	return ": " + strings.Join(errs, "; ")
}

func (e *env) symbolList(syms []lspclient.Symbol, limit int, what string) tool.Result {
	if len(syms) == 0 {
		return tool.Text("no " + what)
	}
	total := len(syms)
	if total > limit {
		syms = syms[:limit]
	}
	type shown struct {
		Name      string `json:"name"`
		Kind      string `json:"kind"`
		Container string `json:"container,omitempty"`
		File      string `json:"file"`
		Line      int    `json:"line"`
		Column    int    `json:"column"`
	}
	var b strings.Builder
	var list []shown
	for _, s := range syms {
		loc := e.show(s.Location, s.Encoding)
		list = append(list, shown{s.Name, lspclient.SymbolKindName(s.Kind), s.Container, loc.File, loc.Line, loc.Column})
		fmt.Fprintf(&b, "%s%s %s  %s:%d:%d\n", strings.Repeat("  ", s.Depth), lspclient.SymbolKindName(s.Kind), s.Name, loc.File, loc.Line, loc.Column)
	}
	if total > len(syms) {
		fmt.Fprintf(&b, "… %d more (%d in all)\n", total-len(syms), total)
	}
	r := tool.Text(strings.TrimRight(b.String(), "\n"))
	r.Structured = map[string]any{"symbols": list, "total": total}
	return r
}

func (e *env) lspStatus() tool.Result {
	var b strings.Builder
	sts := e.run.LSP.Status()
	for _, st := range sts {
		switch {
		case len(st.Running) > 0 || len(st.Starting) > 0:
			var parts []string
			if len(st.Running) > 0 {
				parts = append(parts, "running for "+strings.Join(st.Running, ", "))
			}
			if len(st.Starting) > 0 {
				parts = append(parts, "starting for "+strings.Join(st.Starting, ", "))
			}
			fmt.Fprintf(&b, "%s: %s\n", st.Server, strings.Join(parts, "; "))
		case st.Missing != "":
			fmt.Fprintf(&b, "%s: cannot run here: no %s found\n", st.Server, st.Missing)
		default:
			fmt.Fprintf(&b, "%s: can run (marker %s, binary %s), not started\n", st.Server, st.Marker, st.Binary)
		}
	}
	b.WriteString(grammarStatus(sts))
	r := tool.Text(strings.TrimRight(b.String(), "\n"))
	r.Structured = map[string]any{"servers": sts}
	return r
}

func (e *env) lspReload(ctx context.Context, a lspArgs) (tool.Result, error) {
	path := ""
	if a.File != "" {
		p, err := e.root.ForRead(a.File)
		if err != nil {
			return pathError("file", a.File, err), nil
		}
		path = p
	}
	stopped := e.run.LSP.Reload(ctx, path)
	if len(stopped) == 0 {
		return tool.Text("no server was running for that; the next call starts one"), nil
	}
	return tool.Text("stopped " + strings.Join(stopped, ", ") + "; the next call starts it again"), nil
}

// fileDiagnostics reports what DiagnosticsAfterSync found (or its error).
func (e *env) fileDiagnostics(c *lspclient.Client, path string, sd lspclient.SyncedDiagnostics, err error) (tool.Result, error) {
	if err != nil {
		return tool.Result{}, err
	}
	diags, fresh := sd.Items, sd.Fresh
	if !fresh {
		if last, ok := c.Last(path); ok {
			diags, fresh = last, true
		}
	}
	rel := e.displayPath(path)
	if len(diags) == 0 {
		if !fresh {
			return tool.Text(fmt.Sprintf("%s reported nothing for %s within %s", c.Server.ID, rel, diagnosticsWait)), nil
		}
		return tool.Text("no diagnostics in " + rel), nil
	}
	m, _ := c.Mapper(path)
	var b strings.Builder
	list := make([]shownDiagnostic, 0, len(diags))
	for _, d := range diags {
		s := showDiagnostic(rel, m, d)
		list = append(list, s)
		b.WriteString(s.String() + "\n")
	}
	r := tool.Text(strings.TrimRight(b.String(), "\n"))
	r.Structured = map[string]any{"diagnostics": list}
	return r, nil
}

// A shownDiagnostic is a diagnostic as the tool reports it.
type shownDiagnostic struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Severity string `json:"severity"`
	Code     string `json:"code,omitempty"`
	Source   string `json:"source,omitempty"`
	Message  string `json:"message"`
}

func (d shownDiagnostic) String() string {
	s := fmt.Sprintf("%s:%d:%d: %s: %s", d.File, d.Line, d.Column, d.Severity, d.Message)
	if d.Code != "" {
		s += " [" + d.Code + "]"
	}
	return s
}

func showDiagnostic(file string, m *lspclient.Mapper, d lspclient.Diagnostic) shownDiagnostic {
	s := shownDiagnostic{File: file, Line: d.Range.Start.Line + 1, Column: d.Range.Start.Character + 1,
		Severity: severityName(d.Severity), Code: d.CodeString(), Source: d.Source, Message: d.Message}
	if m != nil {
		if col, ok := m.Column(d.Range.Start); ok {
			s.Column = col
		}
	}
	return s
}

func severityName(s int) string {
	switch s {
	case lspclient.SeverityWarning:
		return "warning"
	case lspclient.SeverityInformation:
		return "info"
	case lspclient.SeverityHint:
		return "hint"
	}
	return "error"
}
