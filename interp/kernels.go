package interp

import (
	"context"
	"errors"
	"sync"
)

// Kernels are the live kernels of one run, at most one per language,
// started on first use by a Factory. The run's owner closes them.
type Kernels struct {
	start Factory

	mu     sync.Mutex
	live   map[Language]Kernel
	closed bool
}

// NewKernels returns an empty set that starts kernels with start.
func NewKernels(start Factory) *Kernels {
	return &Kernels{start: start, live: map[Language]Kernel{}}
}

// Get returns the run's kernel for lang, starting it when there is none.
func (ks *Kernels) Get(ctx context.Context, lang Language) (Kernel, error) {
	ks.mu.Lock()
	defer ks.mu.Unlock()
	if ks.closed {
		return nil, errors.New("the run's kernels are closed")
	}
	if k := ks.live[lang]; k != nil {
		return k, nil
	}
	k, err := ks.start(ctx, lang)
	if err != nil {
		return nil, err
	}
	ks.live[lang] = k
	return k, nil
}

// Reset closes the kernel for lang, if one runs, so that the next Get
// starts a clean one.
func (ks *Kernels) Reset(lang Language) error {
	ks.mu.Lock()
	k := ks.live[lang]
	delete(ks.live, lang)
	ks.mu.Unlock()
	if k == nil {
		return nil
	}
	return k.Close()
}

// Discard closes k, a kernel that failed, and forgets it if it is still
// the kernel for lang; a kernel started since (after a Reset) is kept.
func (ks *Kernels) Discard(lang Language, k Kernel) error {
	ks.mu.Lock()
	if ks.live[lang] == k {
		delete(ks.live, lang)
	}
	ks.mu.Unlock()
	return k.Close()
}

// Close closes every kernel; Get fails afterwards.
func (ks *Kernels) Close() error {
	ks.mu.Lock()
	live := ks.live
	ks.live, ks.closed = map[Language]Kernel{}, true
	ks.mu.Unlock()
	var errs []error
	for _, k := range live {
		errs = append(errs, k.Close())
	}
	return errors.Join(errs...)
}
