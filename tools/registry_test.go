package tools

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func toolNames(ts []*Tool) []string {
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
	if got := toolNames(d.Tools(Full)); len(got) != 0 {
		t.Errorf("a run with no resources has tools %v, want none", got)
	}
	d, err = Registry(&Run{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"read", "write", "edit", "apply_patch"}
	if diff := cmp.Diff(want, toolNames(d.Tools(Full))); diff != "" {
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
	probe := func(name string, level Level) func(*env) []*Tool {
		return func(*env) []*Tool { return []*Tool{echoTool(name, level, nil)} }
	}
	ps := []provider{
		{"vibe mode", func(r *Run) bool { return r.Vibe }, probe("vibe_probe", Read)},
		{"question port", func(r *Run) bool { return r.Questions != nil }, probe("ask_probe", Read)},
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
		if diff := cmp.Diff(tc.want, toolNames(d.Tools(Full))); diff != "" {
			t.Errorf("run %+v (-want +got):\n%s", tc.run, diff)
		}
	}
}

func TestSurfacesHideWriteAndExec(t *testing.T) {
	d := testDispatcher(t, &Run{Dir: t.TempDir()}, nil,
		echoTool("r", Read, nil), echoTool("w", Write, nil), echoTool("x", Exec, nil))
	for _, s := range []Surface{Plan, ReadOnly} {
		for _, tool := range d.Tools(s) {
			if tool.Level != Read {
				t.Errorf("surface %s lists %s at level %s", s, tool.Name, tool.Level)
			}
		}
		for _, name := range []string{"w", "x", "write", "apply_patch"} {
			res, err := d.Call(context.Background(), s, name, nil)
			if err != nil || !res.IsError || !strings.Contains(res.TextContent(), "no tool") {
				t.Errorf("surface %s calling %s: %v %+v, want an error result", s, name, err, res)
			}
		}
	}
	if got := toolNames(d.Tools(Full)); !slices.Contains(got, "x") || !slices.Contains(got, "w") {
		t.Errorf("full surface lacks write or exec tools: %v", got)
	}
}

// TestDispatchOrder checks that a call goes rule, approval, wrappers (the
// first attached outermost), handler — and that a rule or an approval that
// says no stops it before anything later runs.
func TestDispatchOrder(t *testing.T) {
	tests := []struct {
		name   string
		rules  map[string]Rule
		answer string // what the approver selects
		want   []string
		errMsg string
	}{
		{"ask and allowed", nil, AllowOnceLabel, []string{"approval", "outer", "inner", "handler"}, ""},
		{"ask and denied", nil, DenyLabel, []string{"approval"}, "did not allow"},
		{"rule allow skips approval", map[string]Rule{"w": Allow}, "", []string{"outer", "inner", "handler"}, ""},
		{"rule deny stops first", map[string]Rule{"w": Deny}, AllowOnceLabel, nil, "denied by this run's permission rules"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var log recorder
			port := &scriptedPort{log: &log, answer: Answer{Outcome: Answered, Selected: []string{tc.answer}}}
			d := testDispatcher(t, &Run{Dir: t.TempDir(), Rules: tc.rules, Permissions: port}, nil, echoTool("w", Write, &log))
			for _, name := range []string{"outer", "inner"} {
				if err := d.Wrap("w", recordingWrapper(name, &log)); err != nil {
					t.Fatal(err)
				}
			}
			res, err := d.Call(context.Background(), Full, "w", json.RawMessage(`{"msg":"hi"}`))
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
			if len(port.cards) > 0 && (port.cards[0].kind != PermissionCard || !strings.Contains(port.cards[0].card.Context, `"msg":"hi"`)) {
				t.Errorf("approval card %+v does not show the call", port.cards[0])
			}
		})
	}
}

func TestAskWithNoPortDenies(t *testing.T) {
	var log recorder
	d := testDispatcher(t, &Run{Dir: t.TempDir()}, nil, echoTool("w", Write, &log), echoTool("x", Exec, &log), echoTool("r", Read, &log))
	for _, name := range []string{"w", "x"} {
		res, err := d.Call(context.Background(), Full, name, json.RawMessage(`{"msg":"m"}`))
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
	if res, _ := d.Call(context.Background(), Full, "r", json.RawMessage(`{"msg":"m"}`)); res.IsError {
		t.Errorf("a read tool was refused: %q", res.TextContent())
	}
	// --yes approves what would ask, but not what a rule denies.
	d = testDispatcher(t, &Run{Dir: t.TempDir(), Yes: true, Rules: map[string]Rule{"x": Deny}}, nil, echoTool("w", Write, &log), echoTool("x", Exec, &log))
	if res, _ := d.Call(context.Background(), Full, "w", json.RawMessage(`{"msg":"m"}`)); res.IsError {
		t.Errorf("--yes did not approve: %q", res.TextContent())
	}
	if res, _ := d.Call(context.Background(), Full, "x", json.RawMessage(`{"msg":"m"}`)); !res.IsError {
		t.Errorf("--yes overrode a deny rule")
	}
}

func TestApprovalOutcomes(t *testing.T) {
	for _, tc := range []struct {
		answer Answer
		want   string
	}{
		{Answer{Outcome: Skipped}, "did not allow"},
		{Answer{Outcome: TimedOut}, "nobody answered in time"},
		{Answer{Outcome: Answered, Selected: []string{AllowOnceLabel, DenyLabel}}, "approval request failed (2 options selected on a single-choice card)"},
		{Answer{Outcome: Answered, Selected: []string{"Allow"}}, `approval request failed (selected "Allow", which is not an option of the card)`},
		{Answer{Outcome: "maybe"}, "approval request failed"},
		{Answer{Outcome: NoHumanOutcome}, "no approver is connected"},
	} {
		d := testDispatcher(t, &Run{Dir: t.TempDir(), Permissions: &scriptedPort{answer: tc.answer}}, nil, echoTool("w", Write, nil))
		res, _ := d.Call(context.Background(), Full, "w", json.RawMessage(`{"msg":"m"}`))
		if !res.IsError || !strings.Contains(res.TextContent(), tc.want) {
			t.Errorf("answer %+v: %q, want %q", tc.answer, res.TextContent(), tc.want)
		}
	}
}

// TestAllowForRun: "Allow this tool for the run" lets later calls of the
// same tool through without a card, and only that tool.
func TestAllowForRun(t *testing.T) {
	var log recorder
	port := &scriptedPort{answer: Answer{Outcome: Answered, Selected: []string{AllowRunLabel}}}
	d := testDispatcher(t, &Run{Dir: t.TempDir(), Permissions: port}, nil, echoTool("w", Write, &log), echoTool("x", Exec, &log))
	for i := 0; i < 3; i++ {
		if res, _ := d.Call(context.Background(), Full, "w", json.RawMessage(`{"msg":"m"}`)); res.IsError {
			t.Fatalf("call %d: %q", i, res.TextContent())
		}
	}
	if len(port.cards) != 1 {
		t.Errorf("%d cards for three calls of a tool allowed for the run, want 1", len(port.cards))
	}
	port.answer = Answer{Outcome: Answered, Selected: []string{DenyLabel}}
	if res, _ := d.Call(context.Background(), Full, "x", json.RawMessage(`{"msg":"m"}`)); !res.IsError {
		t.Errorf("x ran on w's allowance")
	}
	if len(port.cards) != 2 {
		t.Errorf("x was not asked about: %d cards", len(port.cards))
	}
	want := []string{AllowOnceLabel, AllowRunLabel, DenyLabel}
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
		res, err := d.Call(context.Background(), Full, tc.tool, json.RawMessage(tc.args))
		if err != nil {
			t.Fatal(err)
		}
		if !res.IsError || !strings.Contains(res.TextContent(), tc.want) {
			t.Errorf("%s %s = %q, want an error containing %q", tc.tool, tc.args, res.TextContent(), tc.want)
		}
	}
}

func TestUnknownRuleNameIsRefused(t *testing.T) {
	_, err := Registry(&Run{Dir: t.TempDir(), Rules: map[string]Rule{"wrtie": Allow}})
	if err == nil || !strings.Contains(err.Error(), `"wrtie"`) {
		t.Errorf("Registry with a misspelt rule: %v, want an error naming it", err)
	}
}

func TestPanicBecomesError(t *testing.T) {
	boom := NewTool("boom", Read, true, "panics", func(ctx context.Context, a struct{}) (Result, error) {
		panic("kaboom")
	})
	d := testDispatcher(t, &Run{Dir: t.TempDir()}, nil, boom)
	_, err := d.Call(context.Background(), Full, "boom", nil)
	if err == nil || !strings.Contains(err.Error(), "kaboom") {
		t.Errorf("panicking tool: %v, want an error", err)
	}
}

// Helpers.

type echoArgs struct {
	Msg string `json:"msg,omitempty"`
}

func echoTool(name string, level Level, log *recorder) *Tool {
	return NewTool(name, level, false, "echoes msg", func(ctx context.Context, a echoArgs) (Result, error) {
		log.add("handler")
		return Text(a.Msg), nil
	})
}

func testDispatcher(t *testing.T, run *Run, ps []provider, extra ...*Tool) *Dispatcher {
	t.Helper()
	if ps == nil {
		ps = providers()
	}
	ps = append(ps, provider{"test tools", func(*Run) bool { return true }, func(*env) []*Tool { return extra }})
	d, err := registry(run, ps)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func recordingWrapper(name string, log *recorder) Wrapper {
	return func(next Handler) Handler {
		return func(ctx context.Context, args json.RawMessage) (Result, error) {
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
	answer Answer
	cards  []askedCard
}

type askedCard struct {
	kind CardKind
	card Card
}

func (p *scriptedPort) Ask(ctx context.Context, kind CardKind, c Card, timeout time.Duration) (Answer, error) {
	p.log.add("approval")
	p.cards = append(p.cards, askedCard{kind, c})
	return p.answer, nil
}
