package vibe

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/agenttools/agenttools/internal/procgroup"
)

// Bounds of a CommandRunner.
const (
	DefaultMaxStdout = 1 << 20 // stdout kept per attempt
	StderrTail       = 4 << 10 // the end of stderr kept per attempt

	// drainGrace bounds how long the pipes may stay open once every
	// process of the group is killed: only a process that left the group
	// (setsid) can hold them longer, and it must not hold the attempt.
	drainGrace = 2 * time.Second
	// reapGrace bounds the wait for the killed processes of a group to be
	// reaped: orphans are reaped by init, which can take a second or two.
	reapGrace = 5 * time.Second
)

// A CommandRunner runs a worker as a shell command line, one per tier, with
// /bin/sh -c (cmd.exe /C where there is no /bin/sh). The brief is its stdin; its stdout is the result. The
// environment adds AGENTTOOLS_WORKER_ID, AGENTTOOLS_WORKER_LABEL and
// AGENTTOOLS_WORKER_TIER. Each attempt runs in a process group of its own,
// and when the attempt ends, for whatever reason, the whole group is
// killed: a worker cannot leave anything running behind it.
type CommandRunner struct {
	Commands  map[Tier]string // the command line of each tier; a tier with none (or "") has no worker
	Dir       string          // the workers' working directory; "" is this process's
	MaxStdout int             // stdout kept per attempt; 0 means DefaultMaxStdout
}

// Tiers lists the tiers with a command, in the order of the package's Tiers.
func (r CommandRunner) Tiers() []Tier {
	var ts []Tier
	for _, t := range Tiers() {
		if strings.TrimSpace(r.Commands[t]) != "" {
			ts = append(ts, t)
		}
	}
	return ts
}

// Run runs one attempt and returns once it has ended and its process group
// is gone (or, for a process that escaped the group, after a bounded wait).
func (r CommandRunner) Run(ctx context.Context, a Attempt) Outcome {
	line := strings.TrimSpace(r.Commands[a.Tier])
	if line == "" {
		return Outcome{ExitCode: -1, Err: fmt.Errorf("no worker command for the %s tier", a.Tier)}
	}
	if err := ctx.Err(); err != nil {
		return Outcome{ExitCode: -1, Err: err}
	}
	max := r.MaxStdout
	if max <= 0 {
		max = DefaultMaxStdout
	}

	// The pipes are made here, not by exec: with *os.File streams, Wait
	// returns when the main process exits instead of when every holder of
	// the pipes has closed them, so leftovers can be killed first, and a
	// grandchild holding stdout open cannot block the attempt.
	var files []*os.File // every end, closed on return
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	pipe := func() (*os.File, *os.File, error) {
		rd, wr, err := os.Pipe()
		if err == nil {
			files = append(files, rd, wr)
		}
		return rd, wr, err
	}
	inR, inW, err1 := pipe()
	outR, outW, err2 := pipe()
	errR, errW, err3 := pipe()
	if err := errors.Join(err1, err2, err3); err != nil {
		return Outcome{ExitCode: -1, Err: err}
	}

	cmd := shellCommand(line)
	cmd.Dir = r.Dir
	cmd.Env = append(cmd.Environ(), // the environment, with PWD for Dir
		"AGENTTOOLS_WORKER_ID="+a.ID,
		"AGENTTOOLS_WORKER_LABEL="+a.Label,
		"AGENTTOOLS_WORKER_TIER="+string(a.Tier))
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	procgroup.Set(cmd)
	if err := cmd.Start(); err != nil {
		return Outcome{ExitCode: -1, Err: err}
	}
	// The child has its copies; the parent's would keep the pipes open.
	inR.Close()
	outW.Close()
	errW.Close()

	stdout := &head{max: max}
	stderr := &tail{max: StderrTail}
	var streams sync.WaitGroup
	streams.Add(3)
	go func() {
		defer streams.Done()
		// A worker that exits without reading its brief ends the write
		// with EPIPE; the error says nothing the exit code does not.
		inW.WriteString(a.Brief)
		inW.Close()
	}()
	go copyTo(&streams, stdout, outR)
	go copyTo(&streams, stderr, errR)

	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	var err error
	select {
	case err = <-waited:
	case <-ctx.Done():
		procgroup.Kill(cmd)
		err = <-waited
	}
	// The main process is gone; anything it left in its group goes too.
	procgroup.Kill(cmd)

	drained := make(chan struct{})
	go func() { streams.Wait(); close(drained) }()
	select {
	case <-drained:
	case <-time.After(drainGrace):
		// Closing our ends unblocks the copies: what an escaped process
		// writes later is lost, as it should be.
		inW.Close()
		outR.Close()
		errR.Close()
		<-drained
	}
	procgroup.WaitGone(cmd, reapGrace)

	out := Outcome{
		Stdout:   string(stdout.buf),
		Dropped:  stdout.dropped,
		ExitCode: -1,
		Stderr:   string(stderr.buf),
		PID:      cmd.Process.Pid,
	}
	if cmd.ProcessState != nil {
		out.ExitCode = cmd.ProcessState.ExitCode()
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		out.Err = err
	}
	return out
}

func copyTo(wg *sync.WaitGroup, w io.Writer, r io.Reader) {
	defer wg.Done()
	io.Copy(w, r)
}

// head keeps the first max bytes written to it and counts the rest. It
// never refuses a write, so the worker is never blocked on a full pipe.
type head struct {
	max     int
	buf     []byte
	dropped int64
}

func (h *head) Write(p []byte) (int, error) {
	n := min(len(p), h.max-len(h.buf))
	h.buf = append(h.buf, p[:n]...)
	h.dropped += int64(len(p) - n)
	return len(p), nil
}

// tail keeps the last max bytes written to it: the end of stderr is where
// a failing program says why.
type tail struct {
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}
