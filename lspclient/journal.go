package lspclient

import (
	"context"
	"sync"
	"time"
)

// A Journal remembers, for a run, the diagnostics already reported for
// each file, keyed on severity, code and message (never the position, so
// a diagnostic that moved is not new) and counted, so one more copy of a
// message is new. A diagnostic that went away and came back is new again.
type Journal struct {
	mu    sync.Mutex
	files map[string]map[diagKey]int // by path
}

// NewJournal returns an empty journal.
func NewJournal() *Journal { return &Journal{files: map[string]map[diagKey]int{}} }

type diagKey struct {
	severity int
	code     string
	message  string
}

func keyOf(d Diagnostic) diagKey {
	return diagKey{d.Severity, d.CodeString(), d.Message}
}

// Has reports whether the journal knows a file.
func (j *Journal) Has(path string) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	_, ok := j.files[path]
	return ok
}

// Known records a file's diagnostics as already seen, unless the journal
// has the file already.
func (j *Journal) Known(path string, diags []Diagnostic) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, ok := j.files[path]; !ok {
		m := map[diagKey]int{}
		for _, d := range diags {
			m[keyOf(d)]++
		}
		j.files[path] = m
	}
}

// Update records a file's current diagnostics and returns those that are
// new: for each key, the copies beyond what the journal had.
func (j *Journal) Update(path string, diags []Diagnostic) []Diagnostic {
	j.mu.Lock()
	defer j.mu.Unlock()
	before := j.files[path]
	seen := map[diagKey]int{}
	var fresh []Diagnostic
	for _, d := range diags {
		k := keyOf(d)
		seen[k]++
		if seen[k] > before[k] {
			fresh = append(fresh, d)
		}
	}
	j.files[path] = seen
	return fresh
}

// A SyncError is a file that could not be read or sent to the server.
type SyncError struct{ Err error }

func (e *SyncError) Error() string { return e.Err.Error() }
func (e *SyncError) Unwrap() error { return e.Err }

// SyncedDiagnostics is what DiagnosticsAfterSync found.
type SyncedDiagnostics struct {
	Items []Diagnostic
	// Fresh: the server published them for the content just synced,
	// within the wait (or had already, for a file it saw unchanged).
	Fresh bool
	// Mark is where the wait began: PublishedSince(Mark, path) is what
	// the server published for other files since the sync.
	Mark int
}

// DiagnosticsAfterSync sends path's content to the server (a *SyncError
// when it cannot), saves it too with save, and waits at most wait for the
// diagnostics the server publishes for that content, until it has been
// quiet for settle.
func (c *Client) DiagnosticsAfterSync(ctx context.Context, path string, save bool, wait, settle time.Duration) (SyncedDiagnostics, error) {
	mark := c.Mark()
	sent, err := c.Sync(ctx, path)
	if err != nil {
		return SyncedDiagnostics{}, &SyncError{err}
	}
	if !sent && c.Published(path) {
		mark = -1 // unchanged since the server last published: that is fresh
	}
	if save {
		c.Save(ctx, path)
	}
	wctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	items, fresh, err := c.Diagnostics(wctx, path, mark, settle)
	return SyncedDiagnostics{Items: items, Fresh: fresh, Mark: mark}, err
}
