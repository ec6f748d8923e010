package vibe

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/agenttools/agenttools/internal/clip"
)

// DefaultLimit is how many workers a pool runs at once when NewPool is
// given no limit.
const DefaultLimit = 4

// A Status is where a worker is in its life.
type Status string

const (
	Queued  Status = "queued"  // waiting for a free slot
	Running Status = "running" // an attempt runs
	Done    Status = "done"    // the last attempt exited 0
	Failed  Status = "failed"  // the last attempt exited non-zero or did not start
	Killed  Status = "killed"  // stopped by Kill or Close
)

// Finished reports whether s is an end state: done, failed or killed.
func (s Status) Finished() bool { return s == Done || s == Failed || s == Killed }

// Info is a snapshot of one worker.
type Info struct {
	ID       string
	Label    string
	Tier     Tier
	Status   Status
	Attempts int // 1 after Spawn, one more per Send
	// Elapsed is how long the worker has been in its status: queued, the
	// time in the queue; running, the time since its attempt started;
	// finished, how long its last attempt ran.
	Elapsed time.Duration
	// Last is the outcome of the last attempt that ended on its own or by
	// Kill; nil before one has. An attempt stopped by Send to run again
	// leaves no outcome.
	Last *Outcome
}

// A Pool runs a run's workers: at most limit at once, the rest queued in
// the order they were spawned or re-briefed. It is safe for concurrent use.
// Workers outlive the calls that start them; Close ends them all.
type Pool struct {
	runner Runner
	limit  int

	mu      sync.Mutex
	workers map[string]*worker
	order   []*worker // spawn order, for List
	queue   []*worker // FIFO of queued workers
	running int       // attempts holding a slot
	seq     int       // the last id's number
	closed  bool
	wg      sync.WaitGroup // attempt goroutines
}

// worker is the pool's record of one worker; its fields are guarded by
// Pool.mu.
type worker struct {
	id, label string
	tier      Tier
	brief     string
	attempts  int
	status    Status
	queuedAt  time.Time
	startedAt time.Time // zero while queued
	endedAt   time.Time
	last      *Outcome

	cancel  context.CancelFunc // stops the running attempt
	stopped chan struct{}      // closed when the running attempt has ended
	done    chan struct{}      // closed when the worker reaches an end state; a new one per rerun
	killing bool               // Kill or Close stopped the running attempt
	rerun   bool               // Send stopped the running attempt to run it again
}

// NewPool returns a pool that runs workers with r, at most limit at once;
// limit <= 0 means DefaultLimit.
func NewPool(r Runner, limit int) *Pool {
	if limit <= 0 {
		limit = DefaultLimit
	}
	return &Pool{runner: r, limit: limit, workers: map[string]*worker{}}
}

// Limit is how many workers run at once.
func (p *Pool) Limit() int { return p.limit }

// Spawn starts a worker on brief, or queues it when limit workers already
// run, and returns its id at once. An empty tier is Fast.
func (p *Pool) Spawn(brief, label string, tier Tier) (string, error) {
	if strings.TrimSpace(brief) == "" {
		return "", fmt.Errorf("the brief is empty")
	}
	if tier == "" {
		tier = Fast
	}
	if err := checkTier(p.runner, tier); err != nil {
		return "", err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return "", ErrClosed
	}
	p.seq++
	w := &worker{id: fmt.Sprintf("w%d", p.seq), label: label, tier: tier, brief: brief}
	p.workers[w.id] = w
	p.order = append(p.order, w)
	p.enqueue(w)
	return w.id, nil
}

// Send appends message to the worker's brief, after a blank line, and runs
// it again: a running attempt is stopped first (its process group killed),
// a finished worker is queued again, a queued one just has the longer brief
// when it starts.
func (p *Pool) Send(id, message string) (Info, error) {
	if strings.TrimSpace(message) == "" {
		return Info{}, fmt.Errorf("the message is empty")
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	w, err := p.lookup(id)
	if err != nil {
		return Info{}, err
	}
	if p.closed {
		return w.info(time.Now()), ErrClosed
	}
	w.brief = strings.TrimRight(w.brief, "\n") + "\n\n" + message
	w.attempts++
	switch w.status {
	case Running:
		// The attempt's goroutine starts the next one in the same slot
		// once this one's processes are gone.
		w.rerun, w.killing = true, false
		w.cancel()
	case Queued:
	default:
		p.enqueue(w)
	}
	return w.info(time.Now()), nil
}

// Wait blocks until the worker has finished, timeout has passed, or ctx is
// done, and returns its state. A timeout is not an error: the status says
// the worker is still queued or running. A done ctx returns its error.
func (p *Pool) Wait(ctx context.Context, id string, timeout time.Duration) (Info, error) {
	p.mu.Lock()
	w, err := p.lookup(id)
	if err != nil {
		p.mu.Unlock()
		return Info{}, err
	}
	done := w.done
	p.mu.Unlock()

	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-done:
	case <-timer.C:
	case <-ctx.Done():
		err = ctx.Err()
	}
	info, _ := p.Get(id)
	return info, err
}

// Kill stops a worker: a queued one is taken off the queue, a running one
// has its whole process group killed, and Kill returns once its processes
// are gone. Killing a finished worker changes nothing.
func (p *Pool) Kill(id string) (Info, error) {
	p.mu.Lock()
	w, err := p.lookup(id)
	if err != nil {
		p.mu.Unlock()
		return Info{}, err
	}
	var stopped chan struct{}
	switch w.status {
	case Queued:
		p.dequeue(w)
		p.finish(w, Killed)
	case Running:
		w.killing, w.rerun = true, false
		w.cancel()
		stopped = w.stopped
	}
	p.mu.Unlock()
	if stopped != nil {
		// Bounded: a Runner returns soon after its context is cancelled.
		<-stopped
	}
	return p.Get(id)
}

// Get returns the state of one worker.
func (p *Pool) Get(id string) (Info, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	w, err := p.lookup(id)
	if err != nil {
		return Info{}, err
	}
	return w.info(time.Now()), nil
}

// List returns every worker, in the order they were spawned.
func (p *Pool) List() []Info {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	out := make([]Info, 0, len(p.order))
	for _, w := range p.order {
		out = append(out, w.info(now))
	}
	return out
}

// IDs returns the id of every worker, in the order they were spawned.
func (p *Pool) IDs() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.ids()
}

// Close kills every worker and waits until their processes are gone. Spawn
// and Send fail after it; the rest goes on answering.
func (p *Pool) Close() {
	p.mu.Lock()
	p.closed = true
	for _, w := range p.queue {
		p.finish(w, Killed)
	}
	p.queue = nil
	for _, w := range p.order {
		if w.status == Running {
			w.killing, w.rerun = true, false
			w.cancel()
		}
	}
	p.mu.Unlock()
	p.wg.Wait()
}

// lookup finds a worker; p.mu is held.
func (p *Pool) lookup(id string) (*worker, error) {
	if w := p.workers[id]; w != nil {
		return w, nil
	}
	known := "there are none yet"
	if len(p.order) > 0 {
		known = "the workers are " + strings.Join(p.ids(), ", ")
	}
	return nil, fmt.Errorf("%w %s; %s", ErrUnknownWorker, clip.Quote(id), known)
}

func (p *Pool) ids() []string {
	ids := make([]string, len(p.order))
	for i, w := range p.order {
		ids[i] = w.id
	}
	return ids
}

// enqueue queues w for a new attempt and starts what the limit allows;
// p.mu is held.
func (p *Pool) enqueue(w *worker) {
	if w.attempts == 0 {
		w.attempts = 1
	}
	w.status = Queued
	w.queuedAt, w.startedAt, w.endedAt = time.Now(), time.Time{}, time.Time{}
	w.done = make(chan struct{})
	w.killing, w.rerun = false, false
	p.queue = append(p.queue, w)
	p.dispatch()
}

func (p *Pool) dequeue(w *worker) {
	for i, q := range p.queue {
		if q == w {
			p.queue = append(p.queue[:i], p.queue[i+1:]...)
			return
		}
	}
}

// dispatch starts queued workers while there are free slots; p.mu is held.
func (p *Pool) dispatch() {
	for !p.closed && p.running < p.limit && len(p.queue) > 0 {
		w := p.queue[0]
		p.queue = p.queue[1:]
		p.running++
		p.wg.Add(1)
		ctx, a := p.begin(w)
		go p.run(ctx, w, a)
	}
}

// begin marks w running and returns its next attempt, with the context
// that w.cancel now cancels; p.mu is held. The context is not the caller's:
// a worker outlives the call that started it.
func (p *Pool) begin(w *worker) (context.Context, Attempt) {
	w.status = Running
	w.startedAt = time.Now()
	w.stopped = make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	return ctx, Attempt{ID: w.id, Label: w.label, Tier: w.tier, Brief: w.brief, N: w.attempts}
}

// run runs w's attempts in one slot until one is not followed by a rerun.
func (p *Pool) run(ctx context.Context, w *worker, a Attempt) {
	defer p.wg.Done()
	for {
		out := p.runner.Run(ctx, a)
		p.mu.Lock()
		w.cancel()
		close(w.stopped)
		if w.rerun && !p.closed {
			w.rerun = false
			ctx, a = p.begin(w)
			p.mu.Unlock()
			continue
		}
		w.last = &out
		w.endedAt = time.Now()
		switch {
		case w.killing:
			p.finish(w, Killed)
		case out.Failed():
			p.finish(w, Failed)
		default:
			p.finish(w, Done)
		}
		p.running--
		p.dispatch()
		p.mu.Unlock()
		return
	}
}

// finish puts w in an end state and wakes its waiters; p.mu is held.
func (p *Pool) finish(w *worker, s Status) {
	w.status = s
	if w.endedAt.IsZero() {
		w.endedAt = time.Now()
	}
	w.killing, w.rerun = false, false
	close(w.done)
}

// info is w's snapshot at now; p.mu is held.
func (w *worker) info(now time.Time) Info {
	in := Info{ID: w.id, Label: w.label, Tier: w.tier, Status: w.status, Attempts: w.attempts, Last: w.last}
	switch {
	case w.status == Queued:
		in.Elapsed = now.Sub(w.queuedAt)
	case w.status == Running:
		in.Elapsed = now.Sub(w.startedAt)
	case w.startedAt.IsZero(): // killed in the queue
		in.Elapsed = w.endedAt.Sub(w.queuedAt)
	default:
		in.Elapsed = w.endedAt.Sub(w.startedAt)
	}
	return in
}
