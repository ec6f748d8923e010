package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/agenttools/agenttools/internal/udiff"
	"github.com/agenttools/agenttools/lspclient"
)

// maxOtherFiles is how many other files' new diagnostics a write reports.
const maxOtherFiles = 5

// A journal remembers, per run, the diagnostics already reported for each
// file, keyed on severity, code and message (never the position, so a
// diagnostic that moved is not new) and counted, so one more copy of a
// message is new. A diagnostic that went away and came back is new again.
type journal struct {
	mu    sync.Mutex
	files map[string]map[diagKey]int // by real path
}

type diagKey struct {
	severity int
	code     string
	message  string
}

func keyOf(d lspclient.Diagnostic) diagKey {
	return diagKey{d.Severity, d.CodeString(), d.Message}
}

// known records a file's diagnostics as already seen, unless the journal
// has the file already.
func (j *journal) known(path string, diags []lspclient.Diagnostic) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, ok := j.files[path]; !ok {
		j.files[path] = counts(diags)
	}
}

// update records a file's current diagnostics and returns those that are
// new: for each key, the copies beyond what the journal had.
func (j *journal) update(path string, diags []lspclient.Diagnostic) []lspclient.Diagnostic {
	j.mu.Lock()
	defer j.mu.Unlock()
	before := j.files[path]
	seen := map[diagKey]int{}
	var fresh []lspclient.Diagnostic
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

func counts(diags []lspclient.Diagnostic) map[diagKey]int {
	m := map[diagKey]int{}
	for _, d := range diags {
		m[keyOf(d)]++
	}
	return m
}

// diagnosticsOnWrite wraps write, edit and apply_patch: after a write
// that succeeded, each touched file is synced and saved through its
// language server, and only the diagnostics the write introduced, in it
// and (at most five) other files, are appended to the result. A file no
// server serves adds nothing and costs nothing.
func (e *env) diagnosticsOnWrite(tool string) Wrapper {
	return func(next Handler) Handler {
		return func(ctx context.Context, raw json.RawMessage) (Result, error) {
			files := e.touchedFiles(tool, raw)
			// Before the write: what the server already reports is not news.
			for _, f := range files {
				e.baseline(ctx, f)
			}
			res, err := next(ctx, raw)
			if err != nil || res.IsError {
				return res, err
			}
			var report []string
			for _, f := range files {
				report = append(report, e.newDiagnostics(ctx, f)...)
			}
			if len(report) > 0 {
				res.Content = append(res.Content, Content{Type: "text", Text: "new diagnostics after this write:\n" + strings.Join(report, "\n")})
			}
			return res, nil
		}
	}
}

// touchedFiles returns the real paths a write call names, that a server
// of the table serves.
func (e *env) touchedFiles(tool string, raw json.RawMessage) []string {
	var names []string
	switch tool {
	case "apply_patch":
		var a patchArgs
		json.Unmarshal(raw, &a)
		fps, err := udiff.Parse(a.Patch)
		if err != nil {
			return nil
		}
		for _, fp := range fps {
			if fp.NewPath != "" {
				names = append(names, fp.NewPath)
			}
		}
	default:
		var a struct {
			Path string `json:"path"`
		}
		json.Unmarshal(raw, &a)
		names = append(names, a.Path)
	}
	var out []string
	for _, n := range names {
		p, err := e.root.ForWrite(n)
		if err == nil && lspclient.ForFile(p) != nil && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// serverFor returns the running or startable server of a file, or nil.
func (e *env) serverFor(ctx context.Context, path string) *lspclient.Client {
	c, _, err := e.run.LSP.For(ctx, path)
	if err != nil {
		return nil
	}
	return c
}

// baseline makes sure the journal knows what the server reports for a
// file as it is before a write: the first time a run writes a file, the
// server is asked.
func (e *env) baseline(ctx context.Context, path string) {
	e.journal.mu.Lock()
	_, known := e.journal.files[path]
	e.journal.mu.Unlock()
	if known {
		return
	}
	if _, err := os.Stat(path); err != nil {
		e.journal.known(path, nil) // a new file had nothing to report
		return
	}
	c := e.serverFor(ctx, path)
	if c == nil {
		return
	}
	mark := c.Mark()
	sent, err := c.Sync(ctx, path)
	if err != nil {
		return
	}
	if !sent && c.Published(path) {
		mark = -1 // the server has already published for this content
	}
	wctx, cancel := context.WithTimeout(ctx, diagnosticsWait)
	defer cancel()
	diags, _, _ := c.Diagnostics(wctx, path, mark, diagnosticsSettle)
	e.journal.known(path, diags)
	for other, ds := range c.PublishedSince(0, path) {
		e.journal.known(other, ds)
	}
}

// newDiagnostics syncs and saves a file after a write and returns the
// lines of the diagnostics the write introduced there and elsewhere.
func (e *env) newDiagnostics(ctx context.Context, path string) []string {
	c := e.serverFor(ctx, path)
	if c == nil {
		return nil
	}
	// What was published before is what the other files looked like
	// before the write.
	for other, ds := range c.PublishedSince(0, path) {
		e.journal.known(other, ds)
	}
	mark := c.Mark()
	sent, err := c.Sync(ctx, path)
	if err != nil {
		return nil
	}
	if !sent && c.Published(path) {
		mark = -1 // the write left the file as the server last saw it
	}
	c.Save(ctx, path)
	wctx, cancel := context.WithTimeout(ctx, diagnosticsWait)
	defer cancel()
	diags, fresh, err := c.Diagnostics(wctx, path, mark, diagnosticsSettle)
	if err != nil || !fresh {
		return nil
	}
	var lines []string
	m, _ := c.Mapper(path)
	for _, d := range e.journal.update(path, diags) {
		lines = append(lines, showDiagnostic(e.displayPath(path), m, d).String())
	}
	others := c.PublishedSince(mark, path)
	var names []string
	for p := range others {
		names = append(names, p)
	}
	slices.Sort(names)
	var elsewhere [][]string
	for _, p := range names {
		fresh := e.journal.update(p, others[p])
		if len(fresh) == 0 {
			continue
		}
		content, _ := os.ReadFile(p)
		om := lspclient.NewMapper(content, c.Encoding())
		var ls []string
		for _, d := range fresh {
			ls = append(ls, showDiagnostic(e.displayPath(p), om, d).String())
		}
		elsewhere = append(elsewhere, ls)
	}
	for i, ls := range elsewhere {
		if i == maxOtherFiles {
			lines = append(lines, fmt.Sprintf("… and new diagnostics in %d more files", len(elsewhere)-i))
			break
		}
		lines = append(lines, ls...)
	}
	return lines
}
