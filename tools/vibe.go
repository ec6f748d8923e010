package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/agenttools/agenttools/tool"
	"github.com/agenttools/agenttools/vibe"
)

// The vibe_* tools control background workers (package vibe). All five are
// read level: a worker's own tools are where the gate belongs, since that
// is where the editing happens. Their effects still say what they start
// and stop, for clients that approve calls by them (MCP's annotations):
// spawn and send start a worker, a program that edits files; kill ends
// one, and whatever it was halfway through. The handlers validate, call
// the pool and write what the model reads.

// Limits of the vibe tools.
const (
	maxVibeResult      = 16 << 10 // bytes of a worker's output in one result
	maxVibeListResult  = 200      // characters of the last result in vibe_list
	defaultVibeWait    = 60       // seconds
	maxVibeWaitSeconds = 600
)

func vibeTools(e *env) []*tool.Tool {
	limit := e.run.Workers.Limit()
	spawn := tool.New("vibe_spawn", tool.Read, true,
		"Start a background worker on a brief and get its id at once; the worker keeps running while you go on. "+
			"tier is fast (the default: mechanical work with a clear specification) or good (design, judgement, or review of a fast worker's output). "+
			"label is a few words that tell the workers apart. "+
			fmt.Sprintf("At most %d workers run at once; the others wait in a queue, first come first served. ", limit)+
			"Get the result with vibe_wait.",
		e.vibeSpawn)
	tiers := make([]any, 0, 2)
	for _, t := range vibe.Tiers() {
		tiers = append(tiers, string(t))
	}
	setEnum(spawn.InputSchema, "tier", tiers...)
	spawn.Effects = &tool.Effects{Destructive: true, OpenWorld: true}

	wait := tool.New("vibe_wait", tool.Read, true,
		fmt.Sprintf("Wait for a worker to finish, at most timeout_seconds (default %d, at most %d), and return its status and result: its output when it is done, its exit code and the end of its stderr when it failed. ", defaultVibeWait, maxVibeWaitSeconds)+
			"When the time passes first, it says the worker is still running (or queued): wait again, or do something else meanwhile.",
		e.vibeWait)
	ts := wait.InputSchema.Properties["timeout_seconds"]
	lo, hi := 1.0, float64(maxVibeWaitSeconds)
	ts.Minimum, ts.Maximum = &lo, &hi
	ts.Default = json.RawMessage(fmt.Sprint(defaultVibeWait))

	send := tool.New("vibe_send", tool.Read, true,
		"Send a worker a follow-up: the message is appended to its brief and the worker runs again with the whole brief; an attempt that is running is stopped first. Use it to correct or extend a worker's task, then vibe_wait.",
		e.vibeSend)
	send.Effects = &tool.Effects{Destructive: true, OpenWorld: true}
	kill := tool.New("vibe_kill", tool.Read, true,
		"Stop a worker and every process it started; a queued worker never starts.",
		e.vibeKill)
	kill.Effects = &tool.Effects{Destructive: true} // the run's own workers, nothing beyond

	return []*tool.Tool{
		spawn,
		send,
		wait,
		kill,
		tool.New("vibe_list", tool.Read, true,
			fmt.Sprintf("List the workers: id, label, tier, status (queued, running, done, failed, killed), elapsed time and the start of the last result (%d characters; vibe_wait shows it all).", maxVibeListResult),
			e.vibeList),
	}
}

type vibeSpawnArgs struct {
	Brief string `json:"brief" jsonschema:"the whole task: what to do, where, and what to report back; the worker sees nothing else"`
	Label string `json:"label" jsonschema:"a few words that name the task in vibe_list"`
	Tier  string `json:"tier,omitempty" jsonschema:"fast (default) or good"`
}

type vibeSpawned struct {
	WorkerID string `json:"worker_id"`
	Status   string `json:"status"`
}

type vibeSendArgs struct {
	WorkerID string `json:"worker_id" jsonschema:"the id vibe_spawn returned: w1, w2, …"`
	Message  string `json:"message" jsonschema:"what to add to the brief"`
}

type vibeWaitArgs struct {
	WorkerID       string `json:"worker_id" jsonschema:"the id vibe_spawn returned: w1, w2, …"`
	TimeoutSeconds int    `json:"timeout_seconds,omitempty" jsonschema:"how long to wait at most, in seconds"`
}

type vibeKillArgs struct {
	WorkerID string `json:"worker_id" jsonschema:"the id vibe_spawn returned: w1, w2, …"`
}

type vibeListArgs struct{}

// vibeWorker is a worker in structured results.
type vibeWorker struct {
	WorkerID       string  `json:"worker_id"`
	Label          string  `json:"label"`
	Tier           string  `json:"tier"`
	Status         string  `json:"status"`
	Attempts       int     `json:"attempts"`
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	ExitCode       *int    `json:"exit_code,omitempty"`
	Result         string  `json:"result,omitempty"`     // stdout, cut at maxVibeResult
	ResultBytes    int64   `json:"result_bytes"`         // how much stdout the worker wrote
	ResultCut      bool    `json:"result_cut,omitempty"` // Result is not all of it
	Stderr         string  `json:"stderr,omitempty"`     // the end of stderr, when it failed
	Error          string  `json:"error,omitempty"`      // why it could not start
}

func (e *env) vibeSpawn(ctx context.Context, a vibeSpawnArgs) (tool.Result, error) {
	if strings.TrimSpace(a.Brief) == "" {
		return tool.Errorf("brief: the brief is empty; say what the worker should do, where, and what to report back"), nil
	}
	if strings.TrimSpace(a.Label) == "" {
		return tool.Errorf("label: the label is empty; give a few words that name the task, to tell it apart in vibe_list"), nil
	}
	pool := e.run.Workers
	id, err := pool.Spawn(a.Brief, a.Label, vibe.Tier(a.Tier))
	if err != nil {
		return vibeErr(err), nil
	}
	info, err := pool.Get(id)
	if err != nil {
		return vibeErr(err), nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s is %s", workerName(info), info.Status)
	if info.Status == vibe.Queued {
		fmt.Fprintf(&b, ": the limit of %d running at once is reached; it starts when a running worker ends", pool.Limit())
	}
	fmt.Fprintf(&b, ".\nWait for its result with vibe_wait {\"worker_id\": %q}; vibe_list shows every worker.", id)
	r := tool.Text(b.String())
	r.Structured = vibeSpawned{WorkerID: id, Status: string(info.Status)}
	return r, nil
}

func (e *env) vibeSend(ctx context.Context, a vibeSendArgs) (tool.Result, error) {
	if strings.TrimSpace(a.Message) == "" {
		return tool.Errorf("message: the message is empty; say what the worker should change or do next"), nil
	}
	pool := e.run.Workers
	before, err := pool.Get(a.WorkerID)
	if err != nil {
		return vibeErr(err), nil
	}
	info, err := pool.Send(a.WorkerID, a.Message)
	if err != nil {
		return vibeErr(err), nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s got the message and is %s with it appended to its brief", workerName(info), info.Status)
	if before.Status == vibe.Running {
		b.WriteString("; the attempt that was running was stopped first")
	}
	fmt.Fprintf(&b, ".\nWait for its result with vibe_wait {\"worker_id\": %q}.", info.ID)
	r := tool.Text(b.String())
	r.Structured = map[string]any{"worker_id": info.ID, "status": string(info.Status), "attempts": info.Attempts}
	return r, nil
}

func (e *env) vibeWait(ctx context.Context, a vibeWaitArgs) (tool.Result, error) {
	secs := a.TimeoutSeconds
	if secs == 0 {
		secs = defaultVibeWait
	}
	if secs < 1 || secs > maxVibeWaitSeconds {
		return tool.Errorf("timeout_seconds: want 1 to %d seconds, got %d", maxVibeWaitSeconds, secs), nil
	}
	timeout := time.Duration(secs) * time.Second
	stop := tool.ReportWhile(ctx, timeout, "waiting for "+a.WorkerID)
	info, err := e.run.Workers.Wait(ctx, a.WorkerID, timeout)
	stop()
	switch {
	case err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return tool.Errorf("vibe_wait was cancelled; %s is still %s", workerName(info), info.Status), nil
	case err != nil:
		return vibeErr(err), nil
	}
	return workerResult(info, timeout), nil
}

func (e *env) vibeKill(ctx context.Context, a vibeKillArgs) (tool.Result, error) {
	pool := e.run.Workers
	before, err := pool.Get(a.WorkerID)
	if err != nil {
		return vibeErr(err), nil
	}
	info, err := pool.Kill(a.WorkerID)
	if err != nil {
		return vibeErr(err), nil
	}
	var msg string
	switch {
	case before.Status.Finished():
		msg = fmt.Sprintf("%s had already finished (%s); there was nothing to kill.", workerName(info), before.Status)
	case before.Status == vibe.Queued:
		msg = fmt.Sprintf("%s was still queued and is now killed; it never started.", workerName(info))
	case info.Status == vibe.Killed:
		msg = fmt.Sprintf("%s is killed, with every process it started.", workerName(info))
	default:
		// Another call sent it a message meanwhile, and it runs again.
		msg = fmt.Sprintf("%s was killed, and is %s again: it was sent a message meanwhile.", workerName(info), info.Status)
	}
	r := tool.Text(msg)
	r.Structured = structuredWorker(info)
	return r, nil
}

func (e *env) vibeList(ctx context.Context, a vibeListArgs) (tool.Result, error) {
	pool := e.run.Workers
	list := pool.List()
	if len(list) == 0 {
		r := tool.Text("no workers yet; start one with vibe_spawn")
		r.Structured = map[string]any{"workers": []vibeWorker{}}
		return r, nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d workers; at most %d run at once\n", len(list), pool.Limit())
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tLABEL\tTIER\tSTATUS\tELAPSED\tLAST RESULT")
	workers := make([]vibeWorker, 0, len(list))
	for _, in := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", in.ID, oneLine(in.Label), in.Tier, in.Status, elapsedText(in.Elapsed), lastResult(in))
		workers = append(workers, structuredWorker(in))
	}
	tw.Flush()
	r := tool.Text(strings.TrimSuffix(b.String(), "\n"))
	r.Structured = map[string]any{"workers": workers}
	return r, nil
}

// vibeErr turns an error of the pool into a result that names the
// argument at fault.
func vibeErr(err error) tool.Result {
	switch {
	case errors.Is(err, vibe.ErrUnknownWorker):
		return tool.Errorf("worker_id: %v", err)
	case errors.Is(err, vibe.ErrTier):
		return tool.Errorf("%v", err) // reads "tier: …"
	case errors.Is(err, vibe.ErrClosed):
		return tool.Errorf("%v: the run is ending, and no worker can start or change", err)
	}
	return tool.Errorf("%v", err)
}

// workerName says which worker a result is about.
func workerName(in vibe.Info) string {
	s := fmt.Sprintf("%s (%s, %s tier", in.ID, oneLine(in.Label), in.Tier)
	if in.Attempts > 1 {
		s += fmt.Sprintf(", attempt %d", in.Attempts)
	}
	return s + ")"
}

// workerResult is vibe_wait's answer: the status, and the result when the
// worker has one.
func workerResult(in vibe.Info, waited time.Duration) tool.Result {
	var b strings.Builder
	name := workerName(in)
	el := elapsedText(in.Elapsed)
	out := in.Last
	isError := false
	switch in.Status {
	case vibe.Queued:
		fmt.Fprintf(&b, "%s is still queued after waiting %s (queued %s ago): the limit of workers that run at once is reached, and it starts when one of them ends. Wait again, or vibe_kill a worker you no longer need.", name, elapsedText(waited), el)
		out = nil
	case vibe.Running:
		fmt.Fprintf(&b, "%s is still running after waiting %s (for %s so far). Wait again, do something else meanwhile, vibe_send it a correction, or vibe_kill it.", name, elapsedText(waited), el)
		out = nil
	case vibe.Done:
		fmt.Fprintf(&b, "%s is done after %s.", name, el)
	case vibe.Killed:
		fmt.Fprintf(&b, "%s was killed", name)
		if out == nil {
			b.WriteString(" before it started.")
		} else {
			fmt.Fprintf(&b, " after %s.", el)
		}
	case vibe.Failed:
		isError = true
		switch {
		case out.Err != nil:
			fmt.Fprintf(&b, "%s failed: it could not be started: %v", name, out.Err)
		case out.ExitCode < 0:
			fmt.Fprintf(&b, "%s failed after %s: a signal ended it.", name, el)
		default:
			fmt.Fprintf(&b, "%s failed after %s with exit code %d.", name, el, out.ExitCode)
		}
	}
	if out != nil {
		if in.Status == vibe.Failed && out.Err == nil {
			if s := strings.TrimRight(out.Stderr, "\n"); s != "" {
				fmt.Fprintf(&b, "\n\nThe end of its stderr:\n%s", s)
			} else {
				b.WriteString("\n\nIt wrote nothing to stderr.")
			}
		}
		if out.Err == nil {
			b.WriteString("\n\n")
			if in.Status == vibe.Failed || in.Status == vibe.Killed {
				b.WriteString("Its output:\n")
			}
			text, cut := cutBytes(out.Stdout, maxVibeResult)
			if text == "" {
				b.WriteString("(no output)")
			}
			b.WriteString(strings.TrimRight(text, "\n"))
			total := int64(len(out.Stdout)) + out.Dropped
			switch {
			case out.Dropped > 0:
				fmt.Fprintf(&b, "\n[output cut: the first %s of %d bytes shown; the worker kept only the first %d]", sizeText(len(text)), total, len(out.Stdout))
			case cut:
				fmt.Fprintf(&b, "\n[output cut: the first %s of %d bytes shown]", sizeText(len(text)), total)
			}
		}
	}
	r := tool.Text(b.String())
	r.IsError = isError
	r.Structured = structuredWorker(in)
	return r
}

func structuredWorker(in vibe.Info) vibeWorker {
	w := vibeWorker{
		WorkerID:       in.ID,
		Label:          in.Label,
		Tier:           string(in.Tier),
		Status:         string(in.Status),
		Attempts:       in.Attempts,
		ElapsedSeconds: in.Elapsed.Round(time.Millisecond).Seconds(),
	}
	if out := in.Last; out != nil && in.Status.Finished() {
		var cut bool
		w.Result, cut = cutBytes(out.Stdout, maxVibeResult)
		w.ResultBytes = int64(len(out.Stdout)) + out.Dropped
		w.ResultCut = cut || out.Dropped > 0
		if out.Err != nil {
			w.Error = out.Err.Error()
		} else {
			code := out.ExitCode
			w.ExitCode = &code
		}
		if in.Status == vibe.Failed {
			w.Stderr = out.Stderr
		}
	}
	return w
}

// lastResult is the start of a worker's last result on one line, for
// vibe_list.
func lastResult(in vibe.Info) string {
	out := in.Last
	switch {
	case in.Status == vibe.Queued || in.Status == vibe.Running:
		if out == nil {
			return "-"
		}
		return "(previous attempt) " + summary(out, false)
	case out == nil:
		return "-"
	}
	return summary(out, in.Status == vibe.Killed)
}

// summary is an outcome on one line, for vibe_list; killed says the exit
// code is the kill's, not the worker's own.
func summary(out *vibe.Outcome, killed bool) string {
	if out.Err != nil {
		return cutStart("could not start: " + oneLine(out.Err.Error()))
	}
	status := ""
	if !killed && out.ExitCode != 0 {
		status = fmt.Sprintf("exit code %d; ", out.ExitCode)
		if out.ExitCode < 0 {
			status = "ended by a signal; "
		}
		if strings.TrimSpace(out.Stdout) == "" {
			// A failing program says why at the end of its stderr.
			msg := oneLine(out.Stderr)
			if msg == "" {
				return status + "no output, nothing on stderr"
			}
			return status + "stderr: " + cutEnd(msg)
		}
	}
	s := oneLine(out.Stdout)
	if s == "" {
		return status + "(no output)"
	}
	return status + cutStart(s)
}

// cutStart keeps the first maxVibeListResult characters of s.
func cutStart(s string) string {
	n := utf8.RuneCountInString(s)
	if n <= maxVibeListResult {
		return s
	}
	return string([]rune(s)[:maxVibeListResult]) + fmt.Sprintf("… [cut at %d of %d characters]", maxVibeListResult, n)
}

// cutEnd keeps the last maxVibeListResult characters of s.
func cutEnd(s string) string {
	n := utf8.RuneCountInString(s)
	if n <= maxVibeListResult {
		return s
	}
	return fmt.Sprintf("[cut: the last %d of %d characters] …", maxVibeListResult, n) + string([]rune(s)[n-maxVibeListResult:])
}
