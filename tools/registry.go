package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	"github.com/agenttools/agenttools/internal/safefs"
	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/matcher"
	"github.com/google/jsonschema-go/jsonschema"
)

// A provider registers the tools that stand on one resource of a run.
type provider struct {
	resource string             // what the tools need, for docs and tests
	present  func(*Run) bool    // whether the run has it
	tools    func(*env) []*Tool // the tools, bound to the run
}

// providers lists every tool of the engine and what it needs, in the order
// the tools are listed. This is the one place tools are registered.
func providers() []provider {
	return []provider{
		{"working directory", func(r *Run) bool { return r.Dir != "" }, fileTools},
		{"grammar registry", func(r *Run) bool { return r.Dir != "" && r.Grammars != nil }, searchTools},
		{"grammar registry", func(r *Run) bool { return r.Dir != "" && r.Grammars != nil }, editTools},
		{"language-server supervisor", func(r *Run) bool { return r.Dir != "" && r.LSP != nil }, lspTools},
		{"language-server supervisor", func(r *Run) bool { return r.Dir != "" && r.LSP != nil }, renameTools},
		{"debug-session supervisor", func(r *Run) bool { return r.Dir != "" && r.Debug != nil && r.ConversationID != "" }, debugTools},
		{"kernel factory", func(r *Run) bool { return r.Kernels != nil }, evalTools},
		{"question port and target area", func(r *Run) bool { return r.Questions != nil && r.ConversationID != "" }, askTools},
		{"vibe mode and a worker pool", func(r *Run) bool { return r.Vibe && r.Workers != nil }, vibeTools},
	}
}

// env is what a provider's tools are bound to.
type env struct {
	run     *Run
	root    *safefs.Root
	cache   *matcher.Cache     // parsed trees and matches, for ast_grep and ast_edit
	edits   *editStore         // ast_edit's staged changes, for resolve
	journal *lspclient.Journal // diagnostics already reported, for diagnostics on write
	calls   *Dispatcher        // the run's dispatcher, for eval's bridge
}

// A Dispatcher holds the tools of one run and is the one path every call
// takes, from the model or from an eval cell's bridge.
type Dispatcher struct {
	run      *Run
	tools    []*Tool
	byName   map[string]*Tool
	wrappers map[string][]Wrapper

	mu         sync.Mutex
	allowedRun map[string]bool // tools the person allowed for the rest of the run
}

// Registry registers exactly the tools whose resources the run has.
func Registry(run *Run) (*Dispatcher, error) {
	return registry(run, providers())
}

func registry(run *Run, ps []provider) (*Dispatcher, error) {
	d := &Dispatcher{run: run, byName: map[string]*Tool{}, wrappers: map[string][]Wrapper{}}
	e := &env{run: run, calls: d}
	if run.MemoryLimit > 0 {
		debug.SetMemoryLimit(run.MemoryLimit)
	}
	if run.Dir != "" {
		root, err := safefs.NewRoot(run.Dir, run.ExtraReadRoots...)
		if err != nil {
			return nil, err
		}
		e.root = root
	}
	for _, p := range ps {
		if !p.present(run) {
			continue
		}
		for _, t := range p.tools(e) {
			if err := d.add(t); err != nil {
				return nil, err
			}
		}
	}
	if run.Dir != "" && run.LSP != nil {
		e.journal = lspclient.NewJournal()
		for _, name := range []string{"write", "edit", "apply_patch"} {
			if err := d.Wrap(name, e.diagnosticsOnWrite(name)); err != nil {
				return nil, err
			}
		}
	}
	for name := range run.Rules {
		if d.byName[name] == nil {
			return nil, fmt.Errorf("a permission rule names tool %q, which this run does not have (it has %s)", name, strings.Join(d.names(), ", "))
		}
	}
	return d, nil
}

func (d *Dispatcher) add(t *Tool) error {
	if d.byName[t.Name] != nil {
		return fmt.Errorf("tool %s registered twice", t.Name)
	}
	if t.InputSchema == nil || t.Handler == nil {
		return fmt.Errorf("tool %s has no schema or no handler", t.Name)
	}
	rs, err := t.InputSchema.Resolve(nil)
	if err != nil {
		return fmt.Errorf("tool %s: schema: %w", t.Name, err)
	}
	t.schema = rs
	d.tools = append(d.tools, t)
	d.byName[t.Name] = t
	return nil
}

func (d *Dispatcher) names() []string {
	var names []string
	for _, t := range d.tools {
		names = append(names, t.Name)
	}
	return names
}

// Tools returns the tools a surface may see. A tool it may not see is
// absent, not merely refused.
func (d *Dispatcher) Tools(s Surface) []*Tool {
	var out []*Tool
	for _, t := range d.tools {
		if s.Sees(t.Level) {
			out = append(out, t)
		}
	}
	return out
}

// Wrap attaches a wrapper to a tool; wrappers attached first run
// outermost. It reports an error for a tool the run does not have.
func (d *Dispatcher) Wrap(name string, w Wrapper) error {
	if d.byName[name] == nil {
		return fmt.Errorf("wrap: no tool %q in this run", name)
	}
	d.wrappers[name] = append(d.wrappers[name], w)
	return nil
}

// Call runs one call on behalf of a surface: the surface check, the
// argument schema, the permission rule, approval when the rule asks, the
// wrappers, then the handler. A panic in a tool becomes an error.
func (d *Dispatcher) Call(ctx context.Context, s Surface, name string, args json.RawMessage) (res Result, err error) {
	t := d.byName[name]
	if t == nil || !s.Sees(t.Level) {
		var seen []string
		for _, t := range d.Tools(s) {
			seen = append(seen, t.Name)
		}
		return Errorf("no tool %q on the %s surface; the tools are: %s", name, s, strings.Join(seen, ", ")), nil
	}
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	if msg := validate(t, args); msg != "" {
		return Errorf("%s: %s", name, msg), nil
	}
	if r, ok := d.permit(ctx, t, args); !ok {
		return r, nil
	}
	h := t.Handler
	ws := d.wrappers[name]
	for i := len(ws) - 1; i >= 0; i-- {
		h = ws[i](h)
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("tool %s panicked: %v\n%s", name, p, debug.Stack())
		}
	}()
	return h(ctx, args)
}

// validate checks args against the tool's schema and returns a message
// that names the offending argument, or "".
func validate(t *Tool, args json.RawMessage) string {
	var v any
	if err := json.Unmarshal(args, &v); err != nil {
		return fmt.Sprintf("arguments are not valid JSON: %v", err)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return fmt.Sprintf("arguments must be a JSON object, not %s", jsonKind(v))
	}
	props := t.InputSchema.Properties
	for k := range obj {
		if _, ok := props[k]; !ok {
			names := propNames(t.InputSchema)
			if len(names) == 0 {
				return fmt.Sprintf("unknown argument %q; %s takes no arguments", k, t.Name)
			}
			return fmt.Sprintf("unknown argument %q; the arguments are: %s", k, strings.Join(names, ", "))
		}
	}
	for _, k := range t.InputSchema.Required {
		if _, ok := obj[k]; !ok {
			return fmt.Sprintf("missing required argument %q", k)
		}
	}
	for _, k := range propNames(t.InputSchema) {
		val, ok := obj[k]
		if !ok {
			continue
		}
		if err := checkProperty(props[k], val); err != nil {
			return fmt.Sprintf("argument %q: %s", k, err)
		}
	}
	// The per-property checks above give the clearer message; the whole
	// schema still decides.
	if err := t.schema.Validate(v); err != nil {
		return fmt.Sprintf("arguments do not match the schema: %v", err)
	}
	return ""
}

func checkProperty(s *jsonschema.Schema, v any) error {
	rs, err := s.Resolve(nil)
	if err != nil {
		return err
	}
	if err := rs.Validate(v); err != nil {
		if n, ok := v.(float64); ok && s.Minimum != nil && n < *s.Minimum {
			return fmt.Errorf("must be at least %v, got %v", *s.Minimum, n)
		}
		if n, ok := v.(float64); ok && s.Maximum != nil && n > *s.Maximum {
			return fmt.Errorf("must be at most %v, got %v", *s.Maximum, n)
		}
		if len(s.Enum) > 0 {
			return fmt.Errorf("must be one of %v, got %v", s.Enum, v)
		}
		want := s.Type
		if want == "" && len(s.Types) > 0 {
			want = strings.Join(s.Types, " or ")
		}
		if want != "" && !kindMatches(want, v) {
			return fmt.Errorf("want %s, got %s", want, jsonKind(v))
		}
		return errors.New(strings.TrimPrefix(err.Error(), "validating root: "))
	}
	return nil
}

func kindMatches(want string, v any) bool {
	k := jsonKind(v)
	return strings.Contains(want, k) || (k == "integer" && strings.Contains(want, "number"))
}

func jsonKind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		if x == float64(int64(x)) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func propNames(s *jsonschema.Schema) []string {
	if len(s.PropertyOrder) > 0 {
		return s.PropertyOrder
	}
	var names []string
	for k := range s.Properties {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// permit applies the tool's rule and, when it asks, the approval port. It
// returns ok, or the error result to give instead of running the tool.
func (d *Dispatcher) permit(ctx context.Context, t *Tool, args json.RawMessage) (Result, bool) {
	rule, ok := d.run.Rules[t.Name]
	if !ok {
		rule = DefaultRule(t.Level)
	}
	switch {
	case rule == Allow:
		return Result{}, true
	case rule == Deny:
		return Errorf("%s is denied by this run's permission rules; do not retry it, find another way or ask the user to change the rule", t.Name), false
	case d.run.Yes:
		return Result{}, true
	case d.run.Permissions == nil:
		return noApprover(t), false
	case d.allowedForRun(t.Name):
		return Result{}, true
	}
	timeout := d.run.ApprovalTimeout
	if timeout <= 0 {
		timeout = DefaultApprovalTimeout
	}
	card := Card{
		Question: fmt.Sprintf("Allow %s (%s level) to run?", t.Name, t.Level),
		Context:  summarize(args, 2000),
		Options: []Option{
			{Label: AllowOnceLabel, Description: "run this call"},
			{Label: AllowRunLabel, Description: fmt.Sprintf("run this call and every later %s call of this run without asking", t.Name)},
			{Label: DenyLabel, Description: "refuse it"},
		},
	}
	ans, err := d.run.Permissions.Ask(ctx, PermissionCard, card, timeout)
	if err == nil {
		err = ans.Check(card)
	}
	switch {
	case err != nil:
		return Errorf("%s needs approval and the approval request failed (%v), so the call was not run", t.Name, err), false
	case ans.Outcome == NoHumanOutcome:
		return noApprover(t), false
	case ans.Outcome == TimedOut:
		return Errorf("%s needs approval and nobody answered in time, so the call was not run", t.Name), false
	case ans.Outcome == Answered && len(ans.Selected) == 1 && ans.Selected[0] == AllowOnceLabel:
		return Result{}, true
	case ans.Outcome == Answered && len(ans.Selected) == 1 && ans.Selected[0] == AllowRunLabel:
		d.mu.Lock()
		if d.allowedRun == nil {
			d.allowedRun = map[string]bool{}
		}
		d.allowedRun[t.Name] = true
		d.mu.Unlock()
		return Result{}, true
	}
	return Errorf("the user did not allow %s; the call was not run. Do not retry it unchanged.", t.Name), false
}

func (d *Dispatcher) allowedForRun(name string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.allowedRun[name]
}

func noApprover(t *Tool) Result {
	return Errorf("%s is a %s-level tool that needs approval, and no approver is connected, so the call was not run. To allow it, run the binary with --yes, or give %s the rule allow.", t.Name, t.Level, t.Name)
}

// summarize renders args for a card, cut at max bytes.
func summarize(args json.RawMessage, max int) string {
	s := string(args)
	if len(s) > max {
		s = s[:max] + fmt.Sprintf("… (%d more bytes)", len(s)-max)
	}
	return s
}
