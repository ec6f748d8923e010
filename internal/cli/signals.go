package cli

import (
	"context"
	"os"
	"sync"
	"syscall"
)

// A stopper turns the process's signals into cancellations. SIGTERM ends
// the run. SIGINT ends it too, except where a person at a terminal runs
// call or batch: there the first SIGINT interrupts the call in flight, as
// a notebook's interrupt stops a cell and keeps the kernel, and a second
// one ends the run.
//
// Ending the run cancels its context: the call in flight is cancelled,
// answered where the face can still answer, and the command then closes
// the run, killing every child's process group.
type stopper struct {
	stop        context.CancelFunc
	interactive bool

	mu          sync.Mutex
	cancelCall  context.CancelFunc // the call in flight, nil between calls
	interrupted bool               // a SIGINT has interrupted a call already
}

// watchSignals returns ctx cancelled when the signals on sigs say the run
// ends, and a stopper through which calls register to be interrupted.
// release stops the watch.
func watchSignals(ctx context.Context, sigs <-chan os.Signal, interactive bool) (_ context.Context, s *stopper, release func()) {
	ctx, stop := context.WithCancel(ctx)
	s = &stopper{stop: stop, interactive: interactive}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case sig := <-sigs:
				s.signal(sig)
			case <-done:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	return ctx, s, func() { close(done); stop() }
}

func (s *stopper) signal(sig os.Signal) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sig == syscall.SIGINT && s.interactive && !s.interrupted && s.cancelCall != nil {
		s.interrupted = true
		s.cancelCall()
		return
	}
	s.stop()
}

// call returns the context of one call, which the first SIGINT at a
// terminal cancels; done ends the call.
func (s *stopper) call(ctx context.Context) (_ context.Context, done func()) {
	ctx, cancel := context.WithCancel(ctx)
	s.mu.Lock()
	s.cancelCall = cancel
	s.mu.Unlock()
	return ctx, func() {
		s.mu.Lock()
		s.cancelCall = nil
		s.mu.Unlock()
		cancel()
	}
}
