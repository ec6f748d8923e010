//go:build unix

package vibe

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The workers here are real shell scripts in a temporary folder. Nothing
// waits on a clock: a worker that must stay running waits for a gate file
// the test creates, and the test waits on conditions with generous bounds.

// long bounds every wait of these tests; none should come near it.
const long = 30 * time.Second

// fixture is a folder for scripts, gates and the files workers leave.
type fixture struct {
	t   *testing.T
	dir string
}

func newFixture(t *testing.T) *fixture {
	return &fixture{t: t, dir: t.TempDir()}
}

func (f *fixture) path(name string) string { return filepath.Join(f.dir, name) }

// script writes an executable shell script and returns the command line
// that runs it.
func (f *fixture) script(name, body string) string {
	f.t.Helper()
	p := f.path(name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		f.t.Fatal(err)
	}
	return p
}

// gate is shell that blocks until the named file exists.
func (f *fixture) gate(name string) string {
	return fmt.Sprintf(`while [ ! -e "%s" ]; do sleep 0.02; done`, f.path(name))
}

func (f *fixture) open(name string) {
	f.t.Helper()
	if err := os.WriteFile(f.path(name), nil, 0o644); err != nil {
		f.t.Fatal(err)
	}
}

// read returns the content of a file a worker wrote, once it exists.
func (f *fixture) read(name string) string {
	f.t.Helper()
	eventually(f.t, "file "+name+" to appear", func() bool {
		_, err := os.Stat(f.path(name))
		return err == nil
	})
	b, err := os.ReadFile(f.path(name))
	if err != nil {
		f.t.Fatal(err)
	}
	return string(b)
}

// pid reads a process id a worker wrote to a file.
func (f *fixture) pid(name string) int {
	f.t.Helper()
	var n int
	eventually(f.t, "a pid in "+name, func() bool {
		b, _ := os.ReadFile(f.path(name))
		var err error
		n, err = strconv.Atoi(strings.TrimSpace(string(b)))
		return err == nil
	})
	return n
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(long)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func newPool(t *testing.T, limit int, commands map[Tier]string) *Pool {
	t.Helper()
	p := NewPool(CommandRunner{Commands: commands}, limit)
	t.Cleanup(p.Close)
	return p
}

func spawn(t *testing.T, p *Pool, brief, label string, tier Tier) string {
	t.Helper()
	id, err := p.Spawn(brief, label, tier)
	if err != nil {
		t.Fatalf("Spawn(%q, %q, %q): %v", brief, label, tier, err)
	}
	return id
}

// finished waits until the worker is in an end state.
func finished(t *testing.T, p *Pool, id string) Info {
	t.Helper()
	info, err := p.Wait(context.Background(), id, long)
	if err != nil {
		t.Fatalf("Wait(%s): %v", id, err)
	}
	if !info.Status.Finished() {
		t.Fatalf("%s is still %s after %s", id, info.Status, long)
	}
	return info
}

// gone reports whether no process of the group is left.
func gone(pgid int) bool {
	return errors.Is(syscall.Kill(-pgid, 0), syscall.ESRCH)
}

func alive(pid int) bool { return syscall.Kill(pid, 0) == nil }

// outcome compares what a worker produced, not its process id.
var outcome = cmpopts.IgnoreFields(Outcome{}, "PID")

func TestSpawnReturnsAtOnceAndWaitTimesOut(t *testing.T) {
	f := newFixture(t)
	p := newPool(t, 0, map[Tier]string{Fast: f.script("w.sh", f.gate("go")+"\necho finished")})
	id := spawn(t, p, "do the thing", "thing", "")
	if id != "w1" {
		t.Errorf("the first id is %q, want w1", id)
	}
	// The worker cannot end before the gate opens, so the spawn returned
	// first.
	info, err := p.Wait(context.Background(), id, 50*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if info.Status != Running || info.Last != nil {
		t.Errorf("after a short wait: %+v, want running with no result", info)
	}
	f.open("go")
	info = finished(t, p, id)
	want := Info{ID: "w1", Label: "thing", Tier: Fast, Status: Done, Attempts: 1, Last: &Outcome{Stdout: "finished\n"}}
	if diff := cmp.Diff(want, info, outcome, cmpopts.IgnoreFields(Info{}, "Elapsed")); diff != "" {
		t.Errorf("finished worker (-want +got):\n%s", diff)
	}
}

func TestWaitHonoursContext(t *testing.T) {
	f := newFixture(t)
	p := newPool(t, 0, map[Tier]string{Fast: f.script("w.sh", f.gate("go"))})
	id := spawn(t, p, "wait", "waiter", Fast)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	info, err := p.Wait(ctx, id, long)
	if !errors.Is(err, context.Canceled) || info.Status != Running {
		t.Errorf("Wait with a cancelled context: %v, %s; want context.Canceled and running", err, info.Status)
	}
}

func TestWorkerEnvironment(t *testing.T) {
	f := newFixture(t)
	env := `printf '%s %s %s\n' "$AGENTTOOLS_WORKER_ID" "$AGENTTOOLS_WORKER_LABEL" "$AGENTTOOLS_WORKER_TIER"; pwd -P`
	p := NewPool(CommandRunner{Commands: map[Tier]string{Fast: env, Good: env}, Dir: f.dir}, 0)
	t.Cleanup(p.Close)
	real, err := filepath.EvalSymlinks(f.dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		label string
		tier  Tier
		want  string
	}{
		{"first", Fast, "w1 first fast\n" + real + "\n"},
		{"second one", Good, "w2 second one good\n" + real + "\n"},
	} {
		id := spawn(t, p, "brief", tc.label, tc.tier)
		if got := finished(t, p, id).Last.Stdout; got != tc.want {
			t.Errorf("%s wrote %q, want %q", id, got, tc.want)
		}
	}
}

// TestSendReruns sends to a finished worker and to a running one: either
// way the next attempt reads the brief with the message appended.
func TestSendReruns(t *testing.T) {
	for _, tc := range []struct {
		name    string
		running bool // send while the first attempt still runs
	}{
		{"after it finished", false},
		{"while it runs", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			// Each attempt writes its pid; the first waits for a gate
			// when the test wants it running.
			body := fmt.Sprintf("echo $$ > %q\ncat\n", f.path("pid-$AGENTTOOLS_WORKER_ID"))
			if tc.running {
				body += fmt.Sprintf("[ -e %q ] || { touch %q; %s; }", f.path("ran"), f.path("ran"), f.gate("never"))
			}
			p := newPool(t, 1, map[Tier]string{Fast: f.script("w.sh", body)})
			id := spawn(t, p, "first part", "echo", Fast)
			if tc.running {
				f.read("ran")
			} else if got := finished(t, p, id).Last.Stdout; got != "first part" {
				t.Fatalf("first attempt wrote %q", got)
			}
			firstPID := f.pid("pid-w1")
			os.Remove(f.path("pid-w1"))
			info, err := p.Send(id, "second part")
			if err != nil {
				t.Fatal(err)
			}
			if info.Attempts != 2 {
				t.Errorf("after Send: %d attempts, want 2", info.Attempts)
			}
			info = finished(t, p, id)
			want := &Outcome{Stdout: "first part\n\nsecond part"}
			if info.Status != Done {
				t.Errorf("after the rerun: %s, want done", info.Status)
			}
			if diff := cmp.Diff(want, info.Last, outcome); diff != "" {
				t.Errorf("the rerun's outcome (-want +got):\n%s", diff)
			}
			if f.pid("pid-w1") == firstPID {
				t.Errorf("the second attempt has the first one's pid %d", firstPID)
			}
			if tc.running && alive(firstPID) {
				t.Errorf("the stopped attempt's process %d is still alive", firstPID)
			}
		})
	}
}

// TestKillEndsTheGroup kills a worker that started a child of its own:
// nothing of its process group survives, and a queued worker is only
// marked.
func TestKillEndsTheGroup(t *testing.T) {
	f := newFixture(t)
	body := fmt.Sprintf("sleep 1000 &\necho $! > %q\ntouch %q\nsleep 1000", f.path("child-$AGENTTOOLS_WORKER_ID"), f.path("started-$AGENTTOOLS_WORKER_ID"))
	p := newPool(t, 1, map[Tier]string{Fast: f.script("w.sh", body)})
	id := spawn(t, p, "sleep", "sleeper", Fast)
	queued := spawn(t, p, "sleep too", "queued", Fast)
	f.read("started-w1")
	child := f.pid("child-w1")
	if !alive(child) {
		t.Fatalf("the worker's child %d is not running before the kill", child)
	}

	info, err := p.Kill(id)
	if err != nil {
		t.Fatal(err)
	}
	if info.Status != Killed || info.Last == nil {
		t.Fatalf("after Kill: %+v, want killed with an outcome", info)
	}
	if pgid := info.Last.PID; pgid == 0 || !gone(pgid) {
		t.Errorf("process group %d still has processes after Kill", pgid)
	}
	if alive(child) {
		t.Errorf("the worker's child %d survived the kill", child)
	}

	// The slot went to the queued worker; kill that one too, and kill
	// a finished worker again, which changes nothing.
	f.read("started-w2")
	if info, err := p.Kill(queued); err != nil || info.Status != Killed || !gone(info.Last.PID) {
		t.Errorf("Kill(%s) = %+v, %v; want killed, its group gone", queued, info, err)
	}
	if again, err := p.Kill(id); err != nil || again.Status != Killed {
		t.Errorf("a second Kill(%s) = %+v, %v", id, again, err)
	}
}

func TestKillQueued(t *testing.T) {
	f := newFixture(t)
	p := newPool(t, 1, map[Tier]string{Fast: f.script("w.sh", f.gate("go"))})
	spawn(t, p, "first", "first", Fast)
	id := spawn(t, p, "second", "second", Fast)
	info, err := p.Kill(id)
	if err != nil {
		t.Fatal(err)
	}
	if info.Status != Killed || info.Last != nil {
		t.Errorf("a killed queued worker: %+v, want killed, never run", info)
	}
	f.open("go")
	if got := finished(t, p, "w1").Status; got != Done {
		t.Errorf("w1 is %s, want done", got)
	}
	if got, _ := p.Get(id); got.Status != Killed {
		t.Errorf("the killed queued worker ran after all: %+v", got)
	}
}

// TestLimitQueues runs three workers one at a time: the others wait in
// the queue and start in the order they were spawned.
func TestLimitQueues(t *testing.T) {
	f := newFixture(t)
	body := fmt.Sprintf("echo $AGENTTOOLS_WORKER_ID >> %q\n%s\necho $AGENTTOOLS_WORKER_ID", f.path("log"), f.gate("go-$AGENTTOOLS_WORKER_ID"))
	p := newPool(t, 1, map[Tier]string{Fast: f.script("w.sh", body)})
	for i := 1; i <= 3; i++ {
		spawn(t, p, "brief", fmt.Sprint("job ", i), Fast)
	}
	f.read("log")
	statuses := func() []Status {
		var s []Status
		for _, in := range p.List() {
			s = append(s, in.Status)
		}
		return s
	}
	if diff := cmp.Diff([]Status{Running, Queued, Queued}, statuses()); diff != "" {
		t.Errorf("with a limit of 1 (-want +got):\n%s", diff)
	}
	if info, _ := p.Wait(context.Background(), "w2", 50*time.Millisecond); info.Status != Queued {
		t.Errorf("w2 while w1 runs: %s, want queued", info.Status)
	}
	for _, id := range []string{"w1", "w2", "w3"} {
		f.open("go-" + id)
		if got := finished(t, p, id).Last.Stdout; got != id+"\n" {
			t.Errorf("%s wrote %q", id, got)
		}
	}
	if got := f.read("log"); got != "w1\nw2\nw3\n" {
		t.Errorf("start order %q, want w1, w2, w3", got)
	}
}

func TestListShowsElapsedAndLastResult(t *testing.T) {
	f := newFixture(t)
	p := newPool(t, 2, map[Tier]string{
		Fast: "echo quick",
		Good: f.script("slow.sh", "touch \""+f.path("started")+"\"\n"+f.gate("go")),
	})
	spawn(t, p, "a", "quick one", Fast)
	finished(t, p, "w1")
	spawn(t, p, "b", "slow one", Good)
	spawn(t, p, "c", "waits", Fast)
	f.read("started")
	eventually(t, "w3 to finish", func() bool { in, _ := p.Get("w3"); return in.Status.Finished() })

	got := p.List()
	want := []Info{
		{ID: "w1", Label: "quick one", Tier: Fast, Status: Done, Attempts: 1, Last: &Outcome{Stdout: "quick\n"}},
		{ID: "w2", Label: "slow one", Tier: Good, Status: Running, Attempts: 1},
		{ID: "w3", Label: "waits", Tier: Fast, Status: Done, Attempts: 1, Last: &Outcome{Stdout: "quick\n"}},
	}
	if diff := cmp.Diff(want, got, outcome, cmpopts.IgnoreFields(Info{}, "Elapsed")); diff != "" {
		t.Errorf("List (-want +got):\n%s", diff)
	}
	for _, in := range got {
		if in.Elapsed <= 0 || in.Elapsed > time.Hour {
			t.Errorf("%s: elapsed %v", in.ID, in.Elapsed)
		}
	}
	// A running worker's time goes on.
	before := got[1].Elapsed
	eventually(t, "w2's elapsed time to grow", func() bool { in, _ := p.Get("w2"); return in.Elapsed > before })
	if diff := cmp.Diff([]string{"w1", "w2", "w3"}, p.IDs()); diff != "" {
		t.Errorf("IDs (-want +got):\n%s", diff)
	}
}

func TestOutcomes(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name      string
		body      string
		maxStdout int
		status    Status
		want      Outcome
	}{
		{"success", "echo out; echo note >&2", 0, Done,
			Outcome{Stdout: "out\n", Stderr: "note\n"}},
		{"exit code and stderr", "echo partial; echo 'it broke' >&2; exit 3", 0, Failed,
			Outcome{Stdout: "partial\n", Stderr: "it broke\n", ExitCode: 3}},
		{"command not found", "no-such-command-here", 0, Failed,
			Outcome{ExitCode: 127, Stderr: "no-such-command-here: not found"}},
		{"stdout past the bound", "printf '%0100d' 0", 10, Done,
			Outcome{Stdout: "0000000000", Dropped: 90}},
		{"the end of a long stderr", "head -c 10000 /dev/zero | tr '\\0' x >&2; echo 'the end' >&2; exit 1", 0, Failed,
			Outcome{Stderr: strings.Repeat("x", StderrTail-8) + "the end\n", ExitCode: 1}},
		{"a brief it does not read", "exit 0", 0, Done, Outcome{}},
		{"a child holding stdout", "sleep 1000 &\necho out", 0, Done, Outcome{Stdout: "out\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := f.script(strings.ReplaceAll(tc.name, " ", "_")+".sh", tc.body)
			p := NewPool(CommandRunner{Commands: map[Tier]string{Fast: cmd}, MaxStdout: tc.maxStdout}, 0)
			defer p.Close()
			id := spawn(t, p, strings.Repeat("a long brief\n", 20000), tc.name, Fast)
			info := finished(t, p, id)
			got := *info.Last
			if tc.name == "command not found" {
				// The shell says it in its own words around the name.
				if strings.Contains(got.Stderr, "no-such-command-here") {
					got.Stderr = tc.want.Stderr
				}
			}
			if info.Status != tc.status {
				t.Errorf("status %s, want %s", info.Status, tc.status)
			}
			if diff := cmp.Diff(tc.want, got, outcome, cmpopts.EquateErrors()); diff != "" {
				t.Errorf("outcome (-want +got):\n%s", diff)
			}
			if !gone(got.PID) {
				t.Errorf("the group of %d has processes left", got.PID)
			}
		})
	}
}

func TestStartFailure(t *testing.T) {
	p := NewPool(CommandRunner{Commands: map[Tier]string{Fast: "true"}, Dir: filepath.Join(t.TempDir(), "missing")}, 0)
	defer p.Close()
	id := spawn(t, p, "brief", "nowhere", Fast)
	info := finished(t, p, id)
	if info.Status != Failed || info.Last.Err == nil || info.Last.ExitCode != -1 {
		t.Errorf("a worker in a missing folder: %+v, %+v; want failed with a start error", info, info.Last)
	}
}

func TestCloseKillsEverything(t *testing.T) {
	f := newFixture(t)
	body := fmt.Sprintf("sleep 1000 &\necho $! > %q\nsleep 1000", f.path("child-$AGENTTOOLS_WORKER_ID"))
	p := NewPool(CommandRunner{Commands: map[Tier]string{Fast: f.script("w.sh", body)}}, 2)
	for i := 0; i < 3; i++ {
		spawn(t, p, "sleep", "sleeper", Fast)
	}
	children := []int{f.pid("child-w1"), f.pid("child-w2")}
	p.Close()
	for _, in := range p.List() {
		if in.Status != Killed {
			t.Errorf("%s is %s after Close, want killed", in.ID, in.Status)
		}
		if in.Last != nil && !gone(in.Last.PID) {
			t.Errorf("%s's group %d has processes left after Close", in.ID, in.Last.PID)
		}
	}
	for _, c := range children {
		if alive(c) {
			t.Errorf("child %d survived Close", c)
		}
	}
	if _, err := p.Spawn("more", "late", Fast); !errors.Is(err, ErrClosed) {
		t.Errorf("Spawn after Close: %v, want ErrClosed", err)
	}
	if _, err := p.Send("w1", "more"); !errors.Is(err, ErrClosed) {
		t.Errorf("Send after Close: %v, want ErrClosed", err)
	}
	p.Close() // twice is harmless
}

func TestBadInput(t *testing.T) {
	p := newPool(t, 0, map[Tier]string{Fast: "cat"})
	for _, tc := range []struct {
		name string
		do   func() error
		want string
	}{
		{"empty brief", func() error { _, err := p.Spawn(" \n", "x", Fast); return err }, "the brief is empty"},
		{"unknown tier", func() error { _, err := p.Spawn("b", "x", "medium"); return err }, `tier: unknown tier "medium"; the tiers are fast and good`},
		{"tier with no command", func() error { _, err := p.Spawn("b", "x", Good); return err },
			"tier: no worker command is configured for the good tier; tiers with one: fast (the tiers are fast and good)"},
		{"unknown id before any", func() error { _, err := p.Get("w9"); return err }, `no worker "w9"; there are none yet`},
		{"empty message", func() error { _, err := p.Send("w1", ""); return err }, "the message is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.do()
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
	spawn(t, p, "b", "x", Fast)
	spawn(t, p, "b", "y", Fast)
	for name, do := range map[string]func() error{
		"Get":  func() error { _, err := p.Get("w7"); return err },
		"Send": func() error { _, err := p.Send("w7", "m"); return err },
		"Wait": func() error { _, err := p.Wait(context.Background(), "w7", time.Second); return err },
		"Kill": func() error { _, err := p.Kill("w7"); return err },
	} {
		err := do()
		if !errors.Is(err, ErrUnknownWorker) || err.Error() != `no worker "w7"; the workers are w1, w2` {
			t.Errorf("%s of an unknown worker: %v", name, err)
		}
	}
	none := NewPool(CommandRunner{}, 0)
	if _, err := none.Spawn("b", "x", ""); err == nil || !strings.Contains(err.Error(), "tiers with one: none") {
		t.Errorf("Spawn with no commands: %v", err)
	}
}
