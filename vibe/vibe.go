// Package vibe runs the background workers of vibe mode: a Runner runs one
// attempt of a worker (CommandRunner: a shell command per tier, the brief on
// stdin, in a process group of its own), and a Pool keeps a run's workers,
// queues them past a limit, and lets a caller wait for, re-brief, kill and
// list them. Nothing here knows about tools or the model.
package vibe

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/agenttools/agenttools/internal/clip"
)

// A Tier is the kind of worker asked for: fast for mechanical work with a
// clear specification, good for design, judgement, or review of a fast
// worker's output.
type Tier string

const (
	Fast Tier = "fast"
	Good Tier = "good"
)

// Tiers lists every tier, the default first.
func Tiers() []Tier { return []Tier{Fast, Good} }

// An Attempt is one run of a worker: the first after Spawn, one more after
// each Send.
type Attempt struct {
	ID    string // the worker's id: w1, w2, …
	Label string // the caller's short name for it
	Tier  Tier
	Brief string // the whole brief, every message sent so far appended
	N     int    // 1 for the first attempt, 2 after the first Send, …
}

// An Outcome is how an attempt ended.
type Outcome struct {
	Stdout   string // what the worker wrote to stdout, up to the runner's bound
	Dropped  int64  // bytes of stdout past the bound, read and not kept
	ExitCode int    // the main process's exit code; -1 when a signal ended it or it never ran
	Stderr   string // the end of stderr
	PID      int    // the main process; on unix also the id of its process group
	Err      error  // why the worker could not be started; nil when it ran
}

// Failed reports whether the attempt failed to start or exited non-zero.
func (o Outcome) Failed() bool { return o.Err != nil || o.ExitCode != 0 }

// A Runner runs attempts. Run blocks until the attempt ends; cancelling ctx
// stops it, and Run returns soon after, once the worker's processes are
// gone: the Pool relies on that to make Kill and Close bounded.
type Runner interface {
	// Tiers lists the tiers this runner has a worker for.
	Tiers() []Tier
	Run(ctx context.Context, a Attempt) Outcome
}

// Errors of the Pool, for callers that tell them apart with errors.Is. An
// error wrapping ErrTier reads "tier: …", and says which tiers exist and
// which have a worker.
var (
	ErrUnknownWorker = errors.New("no worker")
	ErrTier          = errors.New("tier")
	ErrClosed        = errors.New("the worker pool is closed")
)

// checkTier reports why t cannot be run by r, or nil.
func checkTier(r Runner, t Tier) error {
	known := false
	for _, k := range Tiers() {
		known = known || k == t
	}
	if !known {
		return fmt.Errorf("%w: unknown tier %s; the tiers are %s", ErrTier, clip.Quote(string(t)), tierList(Tiers()))
	}
	have := r.Tiers()
	for _, k := range have {
		if k == t {
			return nil
		}
	}
	configured := "none"
	if len(have) > 0 {
		configured = tierList(have)
	}
	return fmt.Errorf("%w: no worker command is configured for the %s tier; tiers with one: %s (the tiers are %s)", ErrTier, t, configured, tierList(Tiers()))
}

func tierList(ts []Tier) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = string(t)
	}
	return strings.Join(s, " and ")
}
