//go:build unix

package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/tool"
	"github.com/agenttools/agenttools/vibe"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// vibeRun is a run in vibe mode whose workers are shell commands: fast is
// a script that waits for the gate file "go" and then echoes its brief,
// except for a worker labelled "forever", which sleeps; good fails, unless
// goodCmd is false and the run has no good tier. It returns the dispatcher
// and the folder of the gate.
func vibeRun(t *testing.T, limit int, goodCmd bool) (*tool.Dispatcher, string) {
	t.Helper()
	dir := t.TempDir()
	fast := filepath.Join(dir, "fast.sh")
	script := fmt.Sprintf(`#!/bin/sh
if [ "$AGENTTOOLS_WORKER_LABEL" = forever ]; then sleep 1000; fi
while [ ! -e %q ]; do sleep 0.02; done
cat
`, filepath.Join(dir, "go"))
	if err := os.WriteFile(fast, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cmds := map[vibe.Tier]string{vibe.Fast: fast}
	if goodCmd {
		cmds[vibe.Good] = "echo 'bad input' >&2; exit 2"
	}
	pool := vibe.NewPool(vibe.CommandRunner{Commands: cmds}, limit)
	t.Cleanup(pool.Close)
	d, err := Registry(&Run{Vibe: true, Workers: pool})
	if err != nil {
		t.Fatal(err)
	}
	return d, dir
}

var durations = regexp.MustCompile(`\b[0-9][0-9.hms]*(ms|µs|s)\b`)

// normal makes a vibe result comparable: durations become T, and the
// columns of a table single spaces.
func normal(s string) string {
	s = durations.ReplaceAllString(s, "T")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// TestVibe drives workers through the dispatcher, call after call, and
// checks each result as the model reads it.
func TestVibe(t *testing.T) {
	d, dir := vibeRun(t, 2, true)
	long := strings.Repeat("x", 20000)
	steps := []struct {
		name    string
		tool    string
		args    map[string]any
		before  func()
		want    string
		isError bool
	}{
		{name: "no workers yet", tool: "vibe_list", args: map[string]any{},
			want: "no workers yet; start one with vibe_spawn"},
		{name: "spawn returns at once", tool: "vibe_spawn", args: map[string]any{"brief": "hello worker", "label": "echo"},
			want: "w1 (echo, fast tier) is running.\nWait for its result with vibe_wait {\"worker_id\": \"w1\"}; vibe_list shows every worker."},
		{name: "a short wait says it still runs", tool: "vibe_wait", args: map[string]any{"worker_id": "w1", "timeout_seconds": 1},
			want: "w1 (echo, fast tier) is still running after waiting T (for T so far). Wait again, do something else meanwhile, vibe_send it a correction, or vibe_kill it."},
		{name: "then it is done", tool: "vibe_wait", args: map[string]any{"worker_id": "w1"},
			before: func() { os.WriteFile(filepath.Join(dir, "go"), nil, 0o644) },
			want:   "w1 (echo, fast tier) is done after T.\n\nhello worker"},
		{name: "send runs it again", tool: "vibe_send", args: map[string]any{"worker_id": "w1", "message": "and more"},
			want: "w1 (echo, fast tier, attempt 2) got the message and is running with it appended to its brief.\nWait for its result with vibe_wait {\"worker_id\": \"w1\"}."},
		{name: "with the message appended", tool: "vibe_wait", args: map[string]any{"worker_id": "w1"},
			want: "w1 (echo, fast tier, attempt 2) is done after T.\n\nhello worker\n\nand more"},
		{name: "a good worker", tool: "vibe_spawn", args: map[string]any{"brief": "review it", "label": "review", "tier": "good"},
			want: "w2 (review, good tier) is running.\nWait for its result with vibe_wait {\"worker_id\": \"w2\"}; vibe_list shows every worker."},
		{name: "fails with its exit code and stderr", tool: "vibe_wait", args: map[string]any{"worker_id": "w2"}, isError: true,
			want: "w2 (review, good tier) failed after T with exit code 2.\n\nThe end of its stderr:\nbad input\n\nIts output:\n(no output)"},
		{name: "a worker that never ends", tool: "vibe_spawn", args: map[string]any{"brief": "sleep", "label": "forever"},
			want: "w3 (forever, fast tier) is running.\nWait for its result with vibe_wait {\"worker_id\": \"w3\"}; vibe_list shows every worker."},
		{name: "a long result", tool: "vibe_spawn", args: map[string]any{"brief": long, "label": "long"},
			want: "w4 (long, fast tier) is running.\nWait for its result with vibe_wait {\"worker_id\": \"w4\"}; vibe_list shows every worker."},
		{name: "is cut", tool: "vibe_wait", args: map[string]any{"worker_id": "w4"},
			want: "w4 (long, fast tier) is done after T.\n\n" + long[:16<<10] + "\n[output cut: the first 16 KiB of 20000 bytes shown]"},
		{name: "kill", tool: "vibe_kill", args: map[string]any{"worker_id": "w3"},
			want: "w3 (forever, fast tier) is killed, with every process it started."},
		{name: "kill again", tool: "vibe_kill", args: map[string]any{"worker_id": "w3"},
			want: "w3 (forever, fast tier) had already finished (killed); there was nothing to kill."},
		{name: "a killed worker", tool: "vibe_wait", args: map[string]any{"worker_id": "w3"},
			want: "w3 (forever, fast tier) was killed after T.\n\nIts output:\n(no output)"},
		{name: "list", tool: "vibe_list", args: map[string]any{},
			want: "4 workers; at most 2 run at once\n" +
				"ID LABEL TIER STATUS ELAPSED LAST RESULT\n" +
				"w1 echo fast done T hello worker and more\n" +
				"w2 review good failed T exit code 2; stderr: bad input\n" +
				"w3 forever fast killed T (no output)\n" +
				"w4 long fast done T " + long[:200] + "… [cut at 200 of 20000 characters]"},
	}
	for _, s := range steps {
		if s.before != nil {
			s.before()
		}
		got := call(t, d, s.tool, s.args)
		if diff := cmp.Diff(s.want, normal(got.TextContent())); diff != "" || got.IsError != s.isError {
			t.Errorf("%s: %s %v: isError %v, want %v (-want +got):\n%s", s.name, s.tool, s.args, got.IsError, s.isError, diff)
		}
	}
}

func TestVibeStructured(t *testing.T) {
	d, dir := vibeRun(t, 0, true)
	os.WriteFile(filepath.Join(dir, "go"), nil, 0o644)
	spawned := call(t, d, "vibe_spawn", map[string]any{"brief": "hi", "label": "greet"})
	if diff := cmp.Diff(vibeSpawned{WorkerID: "w1", Status: "running"}, spawned.Structured); diff != "" {
		t.Errorf("vibe_spawn structured (-want +got):\n%s", diff)
	}
	call(t, d, "vibe_spawn", map[string]any{"brief": "hi", "label": "judge", "tier": "good"})
	zero, two := 0, 2
	want := []vibeWorker{
		{WorkerID: "w1", Label: "greet", Tier: "fast", Status: "done", Attempts: 1, ExitCode: &zero, Result: "hi", ResultBytes: 2},
		{WorkerID: "w2", Label: "judge", Tier: "good", Status: "failed", Attempts: 1, ExitCode: &two, Stderr: "bad input\n"},
	}
	for i, w := range want {
		got := call(t, d, "vibe_wait", map[string]any{"worker_id": w.WorkerID})
		if diff := cmp.Diff(w, got.Structured, cmpopts.IgnoreFields(vibeWorker{}, "ElapsedSeconds")); diff != "" {
			t.Errorf("vibe_wait %s structured (-want +got):\n%s", w.WorkerID, diff)
		}
		want[i].ElapsedSeconds = got.Structured.(vibeWorker).ElapsedSeconds
	}
	list := call(t, d, "vibe_list", map[string]any{})
	if diff := cmp.Diff(map[string]any{"workers": want}, list.Structured); diff != "" {
		t.Errorf("vibe_list structured (-want +got):\n%s", diff)
	}
}

func TestVibeBadInput(t *testing.T) {
	d, _ := vibeRun(t, 0, false)
	if r := call(t, d, "vibe_wait", map[string]any{"worker_id": "w1"}); r.TextContent() != `worker_id: no worker "w1"; there are none yet` {
		t.Errorf("vibe_wait before any spawn: %q", r.TextContent())
	}
	call(t, d, "vibe_spawn", map[string]any{"brief": "b", "label": "l"})
	for _, tc := range []struct {
		name string
		tool string
		args map[string]any
		want string
	}{
		{"unknown worker to wait for", "vibe_wait", map[string]any{"worker_id": "w9"}, `worker_id: no worker "w9"; the workers are w1`},
		{"unknown worker to send to", "vibe_send", map[string]any{"worker_id": "w9", "message": "m"}, `worker_id: no worker "w9"; the workers are w1`},
		{"unknown worker to kill", "vibe_kill", map[string]any{"worker_id": "W1"}, `worker_id: no worker "W1"; the workers are w1`},
		{"no worker id", "vibe_kill", map[string]any{}, `vibe_kill: missing required argument "worker_id"`},
		{"no brief", "vibe_spawn", map[string]any{"label": "l"}, `vibe_spawn: missing required argument "brief"`},
		{"empty brief", "vibe_spawn", map[string]any{"brief": " \n\t", "label": "l"}, "brief: the brief is empty; say what the worker should do, where, and what to report back"},
		{"empty label", "vibe_spawn", map[string]any{"brief": "b", "label": ""}, "label: the label is empty; give a few words that name the task, to tell it apart in vibe_list"},
		{"unknown tier", "vibe_spawn", map[string]any{"brief": "b", "label": "l", "tier": "best"}, `vibe_spawn: argument "tier": must be one of [fast good], got "best"`},
		{"a tier with no command", "vibe_spawn", map[string]any{"brief": "b", "label": "l", "tier": "good"}, "tier: no worker command is configured for the good tier; tiers with one: fast (the tiers are fast and good)"},
		{"empty message", "vibe_send", map[string]any{"worker_id": "w1", "message": ""}, "message: the message is empty; say what the worker should change or do next"},
		{"timeout too short", "vibe_wait", map[string]any{"worker_id": "w1", "timeout_seconds": 0}, `vibe_wait: argument "timeout_seconds": must be at least 1, got 0`},
		{"timeout too long", "vibe_wait", map[string]any{"worker_id": "w1", "timeout_seconds": 601}, `vibe_wait: argument "timeout_seconds": must be at most 600, got 601`},
		{"an argument vibe_list does not take", "vibe_list", map[string]any{"all": true}, `vibe_list: unknown argument "all"; vibe_list takes no arguments`},
		{"timeout not whole", "vibe_wait", map[string]any{"worker_id": "w1", "timeout_seconds": 1.5}, `vibe_wait: argument "timeout_seconds": want integer, got number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := call(t, d, tc.tool, tc.args)
			if diff := cmp.Diff(tool.Errorf("%s", tc.want), got); diff != "" {
				t.Errorf("%s %v (-want +got):\n%s", tc.tool, tc.args, diff)
			}
		})
	}
}

func TestVibeRegistration(t *testing.T) {
	pool := vibe.NewPool(vibe.CommandRunner{}, 0)
	defer pool.Close()
	all := []string{"vibe_spawn", "vibe_send", "vibe_wait", "vibe_kill", "vibe_list"}
	for _, tc := range []struct {
		run  *Run
		want []string
	}{
		{&Run{Vibe: true}, nil},
		{&Run{Workers: pool}, nil},
		{&Run{Vibe: true, Workers: pool}, all},
	} {
		d, err := Registry(tc.run)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []tool.Surface{tool.Full, tool.Plan, tool.ReadOnly} {
			if diff := cmp.Diff(tc.want, toolNames(d.Tools(s))); diff != "" {
				t.Errorf("vibe %v, pool %v, surface %s (-want +got):\n%s", tc.run.Vibe, tc.run.Workers != nil, s, diff)
			}
		}
	}
}

// TestVibeQueued runs one worker at a time: the second waits in the queue
// until it is killed there, and a send to the running one restarts it.
func TestVibeQueued(t *testing.T) {
	d, dir := vibeRun(t, 1, true)
	for _, s := range []struct {
		name string
		tool string
		args map[string]any
		want string
	}{
		{"the first runs", "vibe_spawn", map[string]any{"brief": "one", "label": "first"},
			"w1 (first, fast tier) is running.\nWait for its result with vibe_wait {\"worker_id\": \"w1\"}; vibe_list shows every worker."},
		{"the second is queued", "vibe_spawn", map[string]any{"brief": "two", "label": "second"},
			"w2 (second, fast tier) is queued: the limit of 1 running at once is reached; it starts when a running worker ends.\nWait for its result with vibe_wait {\"worker_id\": \"w2\"}; vibe_list shows every worker."},
		{"and stays queued", "vibe_wait", map[string]any{"worker_id": "w2", "timeout_seconds": 1},
			"w2 (second, fast tier) is still queued after waiting T (queued T ago): the limit of workers that run at once is reached, and it starts when one of them ends. Wait again, or vibe_kill a worker you no longer need."},
		{"list", "vibe_list", map[string]any{},
			"2 workers; at most 1 run at once\nID LABEL TIER STATUS ELAPSED LAST RESULT\nw1 first fast running T -\nw2 second fast queued T -"},
		{"kill the queued one", "vibe_kill", map[string]any{"worker_id": "w2"},
			"w2 (second, fast tier) was still queued and is now killed; it never started."},
		{"it never ran", "vibe_wait", map[string]any{"worker_id": "w2"},
			"w2 (second, fast tier) was killed before it started."},
		{"send to the running one", "vibe_send", map[string]any{"worker_id": "w1", "message": "more"},
			"w1 (first, fast tier, attempt 2) got the message and is running with it appended to its brief; the attempt that was running was stopped first.\nWait for its result with vibe_wait {\"worker_id\": \"w1\"}."},
	} {
		got := call(t, d, s.tool, s.args)
		if diff := cmp.Diff(s.want, normal(got.TextContent())); diff != "" || got.IsError {
			t.Errorf("%s: %s %v: isError %v (-want +got):\n%s", s.name, s.tool, s.args, got.IsError, diff)
		}
	}
	os.WriteFile(filepath.Join(dir, "go"), nil, 0o644)
	got := call(t, d, "vibe_wait", map[string]any{"worker_id": "w1"})
	if want := "w1 (first, fast tier, attempt 2) is done after T.\n\none\n\nmore"; normal(got.TextContent()) != want {
		t.Errorf("after the send: %q, want %q", got.TextContent(), want)
	}
}

// TestVibeWaitCancelled: a wait whose call is cancelled returns at once,
// and the worker goes on.
func TestVibeWaitCancelled(t *testing.T) {
	d, _ := vibeRun(t, 0, false)
	call(t, d, "vibe_spawn", map[string]any{"brief": "b", "label": "forever"})
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := d.Call(ctx, tool.Full, "vibe_wait", json.RawMessage(`{"worker_id": "w1", "timeout_seconds": 30}`))
	if err != nil || !res.IsError || !strings.HasPrefix(res.TextContent(), "vibe_wait was cancelled; w1 (forever, fast tier) is still running") {
		t.Errorf("a cancelled wait: %v %q", err, res.TextContent())
	}
	if waited := time.Since(start); waited > 10*time.Second {
		t.Errorf("the cancelled wait took %v", waited)
	}
}
