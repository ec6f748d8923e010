package tool

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/agenttools/agenttools/internal/argcheck"
)

// A Dispatcher holds the tools of one run and is the one path every call
// takes, from the model or from an eval cell's bridge.
type Dispatcher struct {
	policy   Policy
	tools    []*Tool
	byName   map[string]*Tool
	wrappers map[string][]Wrapper

	mu         sync.Mutex
	allowedRun map[string]bool // tools the person allowed for the rest of the run
}

// A Policy is how a run approves calls.
type Policy struct {
	// Rules maps a tool name to allow, ask or deny. A tool with no rule
	// gets DefaultRule of its level.
	Rules map[string]Rule
	// Default is the rule of a tool that has none in Rules; "" means
	// DefaultRule of its level. An MCP client that confirms calls itself
	// runs with Allow.
	Default Rule
	// Yes approves every call that a rule would ask about (not one it
	// denies), as the binary's --yes does.
	Yes bool
	// Approver is where approval requests go. Nil means nobody can
	// approve, and a call whose rule says ask is denied.
	Approver Port
	// ApprovalTimeout bounds how long an approval may wait; zero means
	// DefaultApprovalTimeout.
	ApprovalTimeout time.Duration
}

// DefaultApprovalTimeout is how long an approval card waits for a person.
const DefaultApprovalTimeout = 5 * time.Minute

// NewDispatcher returns a dispatcher with no tools, that approves calls
// by p.
func NewDispatcher(p Policy) *Dispatcher {
	return &Dispatcher{policy: p, byName: map[string]*Tool{}, wrappers: map[string][]Wrapper{}}
}

// Add registers a tool, and resolves its schema.
func (d *Dispatcher) Add(t *Tool) error {
	if d.byName[t.Name] != nil {
		return fmt.Errorf("tool %s registered twice", t.Name)
	}
	if t.InputSchema == nil || t.Handler == nil {
		return fmt.Errorf("tool %s has no schema or no handler", t.Name)
	}
	c, err := argcheck.New(t.Name, t.InputSchema)
	if err != nil {
		return err
	}
	t.check = c
	d.tools = append(d.tools, t)
	d.byName[t.Name] = t
	return nil
}

// Has reports whether the dispatcher has a tool of that name.
func (d *Dispatcher) Has(name string) bool { return d.byName[name] != nil }

// Names returns the names of the tools, in the order they were added.
func (d *Dispatcher) Names() []string {
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
// wrappers, then the handler. A panic in a tool becomes an error. An
// error result's text is cut to MaxErrorText.
func (d *Dispatcher) Call(ctx context.Context, s Surface, name string, args json.RawMessage) (res Result, err error) {
	defer func() { res = clipError(res) }()
	t := d.byName[name]
	if t == nil || !s.Sees(t.Level) {
		var seen []string
		for _, t := range d.Tools(s) {
			seen = append(seen, t.Name)
		}
		return Errorf("no tool %s on the %s surface; the tools are: %s", Quote(name), s, strings.Join(seen, ", ")), nil
	}
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	if msg := t.check.Check(args); msg != "" {
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

// permit applies the tool's rule and, when it asks, the approval port. It
// returns ok, or the error result to give instead of running the tool.
func (d *Dispatcher) permit(ctx context.Context, t *Tool, args json.RawMessage) (Result, bool) {
	rule, ok := d.policy.Rules[t.Name]
	switch {
	case ok:
	case d.policy.Default != "":
		rule = d.policy.Default
	default:
		rule = DefaultRule(t.Level)
	}
	switch {
	case rule == Allow:
		return Result{}, true
	case rule == Deny:
		return Errorf("%s is denied by this run's permission rules; do not retry it, find another way or ask the user to change the rule", t.Name), false
	case d.policy.Yes:
		return Result{}, true
	case d.policy.Approver == nil:
		return noApprover(t), false
	case d.allowedForRun(t.Name):
		return Result{}, true
	}
	timeout := d.policy.ApprovalTimeout
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
	ans, err := d.policy.Approver.Ask(ctx, PermissionCard, card, timeout)
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
		for max > 0 && !utf8.RuneStart(s[max]) {
			max-- // cut on a whole character
		}
		s = s[:max] + fmt.Sprintf("… (%d more bytes)", len(s)-max)
	}
	return s
}

// A Rule is the permission for one tool.
type Rule string

const (
	Allow Rule = "allow"
	Ask   Rule = "ask"
	Deny  Rule = "deny"
)

// ParseRule checks that s names a rule.
func ParseRule(s string) (Rule, error) {
	switch Rule(s) {
	case Allow, Ask, Deny:
		return Rule(s), nil
	}
	return "", fmt.Errorf("unknown rule %q: want allow, ask or deny", s)
}

// DefaultRule is the rule for a tool that has none: read-level tools run,
// the others ask first.
func DefaultRule(l Level) Rule {
	if l == Read {
		return Allow
	}
	return Ask
}
