package interp

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"
)

// ErrInactive is the cause of a cell context that WithInactivity
// cancelled.
var ErrInactive = errors.New("the cell showed no activity for its whole time budget")

// A Watchdog cancels a cell's context once its budget passes with no
// activity. A bridge call in flight pauses it, so a cell that waits on a
// long tool call (a subagent, say) is not killed in the middle of it.
type Watchdog struct {
	budget time.Duration
	cancel context.CancelCauseFunc

	mu      sync.Mutex
	last    time.Time // the latest activity
	paused  int       // bridge calls in flight
	stopped bool
	timer   *time.Timer
}

type watchdogKey struct{}

// WithInactivity returns a context for one cell that is cancelled, with
// cause ErrInactive, after budget passes with no activity: no Touch and no
// bridge call (through Watchdog.Bridge) in flight. stop releases it; call
// it when the cell ends.
func WithInactivity(parent context.Context, budget time.Duration) (ctx context.Context, w *Watchdog, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	w = &Watchdog{budget: budget, cancel: cancel, last: time.Now()}
	w.timer = time.AfterFunc(budget, w.fire)
	stop = func() {
		w.mu.Lock()
		w.stopped = true
		w.timer.Stop()
		w.mu.Unlock()
		cancel(context.Canceled)
	}
	return context.WithValue(ctx, watchdogKey{}, w), w, stop
}

// Budget is the inactivity budget.
func (w *Watchdog) Budget() time.Duration { return w.budget }

// Touch records activity on the cell whose context is ctx: the budget
// starts again. It does nothing for a context without a watchdog.
func Touch(ctx context.Context) {
	if w, ok := ctx.Value(watchdogKey{}).(*Watchdog); ok {
		w.mu.Lock()
		w.last = time.Now()
		w.mu.Unlock()
	}
}

// Bridge returns b with the budget paused while each call is in flight.
func (w *Watchdog) Bridge(b Bridge) Bridge {
	if b == nil {
		return nil
	}
	return func(ctx context.Context, tool string, args json.RawMessage) (Reply, error) {
		w.mu.Lock()
		w.paused++
		w.mu.Unlock()
		defer func() {
			w.mu.Lock()
			w.paused--
			w.last = time.Now()
			if w.paused == 0 && !w.stopped {
				w.timer.Reset(w.budget)
			}
			w.mu.Unlock()
		}()
		return b(ctx, tool, args)
	}
}

// fire runs when the timer ends. Touch only moves last, which keeps it
// cheap for a kernel to call on every write; the timer is re-armed here
// for what is left of the budget.
func (w *Watchdog) fire() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stopped || w.paused > 0 {
		return // a bridge call's end re-arms the timer
	}
	if idle := time.Since(w.last); idle < w.budget {
		w.timer.Reset(w.budget - idle)
		return
	}
	w.cancel(ErrInactive)
}
