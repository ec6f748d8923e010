package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/tool"
)

// maxOtherFiles is how many other files' new diagnostics a write reports.
const maxOtherFiles = 5

// diagnosticsOnWrite wraps write, edit and apply_patch: after a write
// that succeeded, each touched file is synced and saved through its
// language server, and only the diagnostics the write introduced, in it
// and (at most five) other files, are appended to the result. The files
// are those the tool's structured result says it wrote; the baseline is
// taken in the commit hook, when the tool knows its files and has not yet
// written them. A file no server serves adds nothing and costs nothing.
func (e *env) diagnosticsOnWrite(next tool.Handler) tool.Handler {
	return func(ctx context.Context, raw json.RawMessage) (tool.Result, error) {
		// Before the write: what the server already reports is not news.
		ctx = context.WithValue(ctx, beforeWrite{}, func(paths []string) {
			for _, p := range paths {
				if lspclient.ForFile(p) != nil {
					e.baseline(ctx, p)
				}
			}
		})
		res, err := next(ctx, raw)
		w, ok := res.Structured.(wrote)
		if err != nil || res.IsError || !ok {
			return res, err
		}
		var report []string
		for _, name := range w.wrote() {
			if p, err := e.root.ForWrite(name); err == nil && lspclient.ForFile(p) != nil {
				report = append(report, e.newDiagnostics(ctx, p)...)
			}
		}
		if len(report) > 0 {
			res.Content = append(res.Content, tool.Content{Type: "text", Text: "new diagnostics after this write:\n" + strings.Join(report, "\n")})
		}
		return res, nil
	}
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
	if e.journal.Has(path) {
		return
	}
	if _, err := os.Stat(path); err != nil {
		e.journal.Known(path, nil) // a new file had nothing to report
		return
	}
	c := e.serverFor(ctx, path)
	if c == nil {
		return
	}
	sd, err := c.DiagnosticsAfterSync(ctx, path, false, diagnosticsWait, diagnosticsSettle)
	var se *lspclient.SyncError
	if errors.As(err, &se) {
		return
	}
	e.journal.Known(path, sd.Items)
	for other, ds := range c.PublishedSince(0, path) {
		e.journal.Known(other, ds)
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
		e.journal.Known(other, ds)
	}
	sd, err := c.DiagnosticsAfterSync(ctx, path, true, diagnosticsWait, diagnosticsSettle)
	if err != nil || !sd.Fresh {
		return nil
	}
	var lines []string
	m, _ := c.Mapper(path)
	for _, d := range e.journal.Update(path, sd.Items) {
		lines = append(lines, showDiagnostic(e.displayPath(path), m, d).String())
	}
	others := c.PublishedSince(sd.Mark, path)
	var names []string
	for p := range others {
		names = append(names, p)
	}
	slices.Sort(names)
	var elsewhere [][]string
	for _, p := range names {
		fresh := e.journal.Update(p, others[p])
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
