package tool

import (
	"context"
	"time"
)

// A Progress hears how far a long call has come: done of total, and what
// it is doing. Total is what done will reach, or 0 while that is not
// known: never a count that may still grow, which a client would show as
// a bar stuck near its end. A face that can show
// progress, such as MCP with a progress token, puts one in the call's
// context; a tool reports through ReportProgress and never needs to know
// whether anyone listens.
type Progress func(done, total float64, message string)

type progressKey struct{}

// WithProgress returns ctx carrying p.
func WithProgress(ctx context.Context, p Progress) context.Context {
	return context.WithValue(ctx, progressKey{}, p)
}

// HasProgress reports whether anyone hears the progress of ctx's call.
func HasProgress(ctx context.Context) bool {
	_, ok := ctx.Value(progressKey{}).(Progress)
	return ok
}

// ReportProgress tells the call's listener, if any, how far it has come.
func ReportProgress(ctx context.Context, done, total float64, message string) {
	if p, ok := ctx.Value(progressKey{}).(Progress); ok {
		p(done, total, message)
	}
}

// ReportWhile reports every second, in seconds, how much of wait has
// passed, until the returned stop is called (and after it returns, no
// more): for a call that waits, such
// as vibe_wait or a debugger's continue. With no listener it does
// nothing.
func ReportWhile(ctx context.Context, wait time.Duration, message string) (stop func()) {
	if !HasProgress(ctx) {
		return func() {}
	}
	done, exited := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(exited)
		start := time.Now()
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case now := <-tick.C:
				ReportProgress(ctx, now.Sub(start).Seconds(), wait.Seconds(), message)
			}
		}
	}()
	return func() {
		close(done)
		<-exited // no report after stop returns
	}
}
