package tools

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
)

func toolNames(ts []*tool.Tool) []string {
	var names []string
	for _, t := range ts {
		names = append(names, t.Name)
	}
	return names
}

func TestRegistryRegistersOnlyPresentResources(t *testing.T) {
	d, err := Registry(&Run{})
	if err != nil {
		t.Fatal(err)
	}
	if got := toolNames(d.Tools(tool.Full)); len(got) != 0 {
		t.Errorf("a run with no resources has tools %v, want none", got)
	}
	d, err = Registry(&Run{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"read", "write", "edit", "apply_patch"}
	if diff := cmp.Diff(want, toolNames(d.Tools(tool.Full))); diff != "" {
		t.Errorf("tools with a working directory (-want +got):\n%s", diff)
	}
	// Every provider must be absent from an empty run, so the check above
	// covers each resource the table will ever hold.
	for _, p := range providers() {
		if p.present(&Run{}) {
			t.Errorf("provider for %q claims its resource is present in an empty run", p.resource)
		}
	}
}

func TestRegistryProviderTable(t *testing.T) {
	probe := func(name string, level tool.Level) func(*env) []*tool.Tool {
		return func(*env) []*tool.Tool { return []*tool.Tool{echoTool(name, level, nil)} }
	}
	ps := []provider{
		{"vibe mode", func(r *Run) bool { return r.Vibe }, probe("vibe_probe", tool.Read)},
		{"question port", func(r *Run) bool { return r.Questions != nil }, probe("ask_probe", tool.Read)},
	}
	for _, tc := range []struct {
		run  *Run
		want []string
	}{
		{&Run{}, nil},
		{&Run{Vibe: true}, []string{"vibe_probe"}},
		{&Run{Questions: &scriptedPort{}}, []string{"ask_probe"}},
		{&Run{Vibe: true, Questions: &scriptedPort{}}, []string{"vibe_probe", "ask_probe"}},
	} {
		d, err := registry(tc.run, ps)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, toolNames(d.Tools(tool.Full))); diff != "" {
			t.Errorf("run %+v (-want +got):\n%s", tc.run, diff)
		}
	}
}

func TestSurfacesHideWriteAndExec(t *testing.T) {
	d := testDispatcher(t, &Run{Dir: t.TempDir()}, nil,
		echoTool("r", tool.Read, nil), echoTool("w", tool.Write, nil), echoTool("x", tool.Exec, nil))
	for _, s := range []tool.Surface{tool.Plan, tool.ReadOnly} {
		for _, tl := range d.Tools(s) {
			if tl.Level != tool.Read {
				t.Errorf("surface %s lists %s at level %s", s, tl.Name, tl.Level)
			}
		}
		for _, name := range []string{"w", "x", "write", "apply_patch"} {
			res, err := d.Call(context.Background(), s, name, nil)
			if err != nil || !res.IsError || !strings.Contains(res.TextContent(), "no tool") {
				t.Errorf("surface %s calling %s: %v %+v, want an error result", s, name, err, res)
			}
		}
	}
	if got := toolNames(d.Tools(tool.Full)); !slices.Contains(got, "x") || !slices.Contains(got, "w") {
		t.Errorf("full surface lacks write or exec tools: %v", got)
	}
}

// TestDispatchOrder checks that a call goes rule, approval, wrappers (the
// first attached outermost), handler — and that a rule or an approval that
// says no stops it before anything later runs.
func TestDispatchOrder(t *testing.T) {
	tests := []struct {
		name   string
		rules  map[string]tool.Rule
		answer string // what the approver selects
		want   []string
		errMsg string
	}{
		{"ask and allowed", nil, tool.AllowOnceLabel, []string{"approval", "outer", "inner", "handler"}, ""},
		{"ask and denied", nil, tool.DenyLabel, []string{"approval"}, "did not allow"},
		{"rule allow skips approval", map[string]tool.Rule{"w": tool.Allow}, "", []string{"outer", "inner", "handler"}, ""},
		{"rule deny stops first", map[string]tool.Rule{"w": tool.Deny}, tool.AllowOnceLabel, nil, "denied by this run's permission rules"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var log recorder
			port := &scriptedPort{log: &log, answer: tool.Answer{Outcome: tool.Answered, Selected: []string{tc.answer}}}
			d := testDispatcher(t, &Run{Dir: t.TempDir(), Rules: tc.rules, Permissions: port}, nil, echoTool("w", tool.Write, &log))
			for _, name := range []string{"outer", "inner"} {
				if err := d.Wrap("w", recordingWrapper(name, &log)); err != nil {
					t.Fatal(err)
				}
			}
			res, err := d.Call(context.Background(), tool.Full, "w", json.RawMessage(`{"msg":"hi"}`))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, log.get()); diff != "" {
				t.Errorf("order (-want +got):\n%s", diff)
			}
			if tc.errMsg == "" && (res.IsError || res.TextContent() != "hi") {
				t.Errorf("result %+v, want the echo", res)
			}
			if tc.errMsg != "" && (!res.IsError || !strings.Contains(res.TextContent(), tc.errMsg)) {
				t.Errorf("result %q, want an error containing %q", res.TextContent(), tc.errMsg)
			}
			if len(port.cards) > 0 && (port.cards[0].kind != tool.PermissionCard || !strings.Contains(port.cards[0].card.Context, `"msg":"hi"`)) {
				t.Errorf("approval card %+v does not show the call", port.cards[0])
			}
		})
	}
}

func TestAskWithNoPortDenies(t *testing.T) {
	var log recorder
	d := testDispatcher(t, &Run{Dir: t.TempDir()}, nil, echoTool("w", tool.Write, &log), echoTool("x", tool.Exec, &log), echoTool("r", tool.Read, &log))
	for _, name := range []string{"w", "x"} {
		res, err := d.Call(context.Background(), tool.Full, name, json.RawMessage(`{"msg":"m"}`))
		if err != nil {
			t.Fatal(err)
		}
		if !res.IsError || !strings.Contains(res.TextContent(), "--yes") || !strings.Contains(res.TextContent(), "rule allow") {
			t.Errorf("%s with no approver: %q, want a refusal that says how to allow it", name, res.TextContent())
		}
	}
	if got := log.get(); len(got) != 0 {
		t.Errorf("handlers ran with no approver: %v", got)
	}
	if res, _ := d.Call(context.Background(), tool.Full, "r", json.RawMessage(`{"msg":"m"}`)); res.IsError {
		t.Errorf("a read tool was refused: %q", res.TextContent())
	}
	// --yes approves what would ask, but not what a rule denies.
	d = testDispatcher(t, &Run{Dir: t.TempDir(), Yes: true, Rules: map[string]tool.Rule{"x": tool.Deny}}, nil, echoTool("w", tool.Write, &log), echoTool("x", tool.Exec, &log))
	if res, _ := d.Call(context.Background(), tool.Full, "w", json.RawMessage(`{"msg":"m"}`)); res.IsError {
		t.Errorf("--yes did not approve: %q", res.TextContent())
	}
	if res, _ := d.Call(context.Background(), tool.Full, "x", json.RawMessage(`{"msg":"m"}`)); !res.IsError {
		t.Errorf("--yes overrode a deny rule")
	}
}

func TestApprovalOutcomes(t *testing.T) {
	for _, tc := range []struct {
		answer tool.Answer
		want   string
	}{
		{tool.Answer{Outcome: tool.Skipped}, "did not allow"},
		{tool.Answer{Outcome: tool.TimedOut}, "nobody answered in time"},
		{tool.Answer{Outcome: tool.Answered, Selected: []string{tool.AllowOnceLabel, tool.DenyLabel}}, "approval request failed (2 options selected on a single-choice card)"},
		{tool.Answer{Outcome: tool.Answered, Selected: []string{"Allow"}}, `approval request failed (selected "Allow", which is not an option of the card)`},
		{tool.Answer{Outcome: "maybe"}, "approval request failed"},
		{tool.Answer{Outcome: tool.NoHumanOutcome}, "no approver is connected"},
	} {
		d := testDispatcher(t, &Run{Dir: t.TempDir(), Permissions: &scriptedPort{answer: tc.answer}}, nil, echoTool("w", tool.Write, nil))
		res, _ := d.Call(context.Background(), tool.Full, "w", json.RawMessage(`{"msg":"m"}`))
		if !res.IsError || !strings.Contains(res.TextContent(), tc.want) {
			t.Errorf("answer %+v: %q, want %q", tc.answer, res.TextContent(), tc.want)
		}
	}
}

// TestAllowForRun: "Allow this tool for the run" lets later calls of the
// same tool through without a card, and only that tool.
func TestAllowForRun(t *testing.T) {
	var log recorder
	port := &scriptedPort{answer: tool.Answer{Outcome: tool.Answered, Selected: []string{tool.AllowRunLabel}}}
	d := testDispatcher(t, &Run{Dir: t.TempDir(), Permissions: port}, nil, echoTool("w", tool.Write, &log), echoTool("x", tool.Exec, &log))
	for i := 0; i < 3; i++ {
		if res, _ := d.Call(context.Background(), tool.Full, "w", json.RawMessage(`{"msg":"m"}`)); res.IsError {
			t.Fatalf("call %d: %q", i, res.TextContent())
		}
	}
	if len(port.cards) != 1 {
		t.Errorf("%d cards for three calls of a tool allowed for the run, want 1", len(port.cards))
	}
	port.answer = tool.Answer{Outcome: tool.Answered, Selected: []string{tool.DenyLabel}}
	if res, _ := d.Call(context.Background(), tool.Full, "x", json.RawMessage(`{"msg":"m"}`)); !res.IsError {
		t.Errorf("x ran on w's allowance")
	}
	if len(port.cards) != 2 {
		t.Errorf("x was not asked about: %d cards", len(port.cards))
	}
	want := []string{tool.AllowOnceLabel, tool.AllowRunLabel, tool.DenyLabel}
	var got []string
	for _, o := range port.cards[0].card.Options {
		got = append(got, o.Label)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("permission card options (-want +got):\n%s", diff)
	}
}

func TestSchemaViolationsNameTheArgument(t *testing.T) {
	d := testDispatcher(t, &Run{Dir: t.TempDir()}, nil)
	tests := []struct {
		tool, args, want string
	}{
		{"read", `{}`, `missing required argument "path"`},
		{"read", `{"path": 3}`, `argument "path": want string, got integer`},
		{"read", `{"path": "a", "offset": 0}`, `argument "offset": must be at least 1, got 0`},
		{"read", `{"path": "a", "limit": 1.5}`, `argument "limit": want integer, got number`},
		{"read", `{"path": "a", "colour": 1}`, `unknown argument "colour"; the arguments are: path, offset, limit`},
		{"read", `[1]`, `arguments must be a JSON object, not array`},
		{"read", `{"path"`, `not valid JSON`},
		{"edit", `{"path": "a", "old_string": "x"}`, `missing required argument "new_string"`},
		{"edit", `{"path": "a", "old_string": "x", "new_string": "y", "replace_all": "yes"}`, `argument "replace_all": want boolean, got string`},
	}
	for _, tc := range tests {
		res, err := d.Call(context.Background(), tool.Full, tc.tool, json.RawMessage(tc.args))
		if err != nil {
			t.Fatal(err)
		}
		if !res.IsError || !strings.Contains(res.TextContent(), tc.want) {
			t.Errorf("%s %s = %q, want an error containing %q", tc.tool, tc.args, res.TextContent(), tc.want)
		}
	}
}

func TestUnknownRuleNameIsRefused(t *testing.T) {
	_, err := Registry(&Run{Dir: t.TempDir(), Rules: map[string]tool.Rule{"wrtie": tool.Allow}})
	if err == nil || !strings.Contains(err.Error(), `"wrtie"`) {
		t.Errorf("Registry with a misspelt rule: %v, want an error naming it", err)
	}
}

func TestPanicBecomesError(t *testing.T) {
	boom := tool.New("boom", tool.Read, true, "panics", func(ctx context.Context, a struct{}) (tool.Result, error) {
		panic("kaboom")
	})
	d := testDispatcher(t, &Run{Dir: t.TempDir()}, nil, boom)
	_, err := d.Call(context.Background(), tool.Full, "boom", nil)
	if err == nil || !strings.Contains(err.Error(), "kaboom") {
		t.Errorf("panicking tool: %v, want an error", err)
	}
}

// Helpers.

type echoArgs struct {
	Msg string `json:"msg,omitempty"`
}

func echoTool(name string, level tool.Level, log *recorder) *tool.Tool {
	return tool.New(name, level, false, "echoes msg", func(ctx context.Context, a echoArgs) (tool.Result, error) {
		log.add("handler")
		return tool.Text(a.Msg), nil
	})
}

func testDispatcher(t *testing.T, run *Run, ps []provider, extra ...*tool.Tool) *tool.Dispatcher {
	t.Helper()
	if ps == nil {
		ps = providers()
	}
	ps = append(ps, provider{"test tools", func(*Run) bool { return true }, func(*env) []*tool.Tool { return extra }})
	d, err := registry(run, ps)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func recordingWrapper(name string, log *recorder) tool.Wrapper {
	return func(next tool.Handler) tool.Handler {
		return func(ctx context.Context, args json.RawMessage) (tool.Result, error) {
			log.add(name)
			return next(ctx, args)
		}
	}
}

type recorder struct {
	mu  sync.Mutex
	seq []string
}

func (r *recorder) add(s string) {
	if r == nil {
		return
	}
	r.mu.Lock()
	r.seq = append(r.seq, s)
	r.mu.Unlock()
}

func (r *recorder) get() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.seq)
}

// scriptedPort stands in for a person: it answers every card the same way.
type scriptedPort struct {
	log    *recorder
	answer tool.Answer
	cards  []askedCard
}

type askedCard struct {
	kind tool.CardKind
	card tool.Card
}

func (p *scriptedPort) Ask(ctx context.Context, kind tool.CardKind, c tool.Card, timeout time.Duration) (tool.Answer, error) {
	p.log.add("approval")
	p.cards = append(p.cards, askedCard{kind, c})
	return p.answer, nil
}
