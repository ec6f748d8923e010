package lspclient

// Diagnostics: those a server publishes, or is asked for, and the waits
// for fresh ones after a change.

import (
	"context"
	"errors"
	"time"
)

func (c *Client) publish(p publishDiagnosticsParams) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	e := diagEntry{seq: c.seq, items: p.Diagnostics}
	switch {
	case p.Version != nil:
		e.version = *p.Version
		c.pubs = pubVersioned
	case c.pubs != pubVersioned:
		c.pubs = pubUnversioned
	}
	c.diags[p.URI] = e
	close(c.changed)
	c.changed = make(chan struct{})
}

// stir wakes what waits on registrations or progress; c.mu is held.
func (c *Client) stir() {
	close(c.stirred)
	c.stirred = make(chan struct{})
}

// Mark is a point in the stream of published diagnostics.
func (c *Client) Mark() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seq
}

// Diagnostics returns the diagnostics of a file fresher than mark: pulled
// when the server offers pull diagnostics (also when it registers them
// while this waits), or else the publications after mark, once they have
// been quiet for settle. It waits at most until ctx is done, and then
// returns what it has, with fresh false.
func (c *Client) Diagnostics(ctx context.Context, path string, mark int, settle time.Duration) (items []Diagnostic, fresh bool, err error) {
	uri := FileURI(path)
	pulled := false
	for {
		if !pulled && c.canPull() {
			pulled = true
			rep, err := c.pull(ctx, uri)
			if err == nil && rep.Kind == "full" {
				return rep.Items, true, nil
			}
		}
		c.mu.Lock()
		e, seen := c.diags[uri]
		changed, stirred := c.changed, c.stirred
		c.mu.Unlock()
		if seen && e.seq > mark {
			// Fresh: wait for the server to stop publishing (several
			// passes, as gopls's parse then type check), then take the last.
			if c.quiet(ctx, settle) {
				c.mu.Lock()
				e = c.diags[uri]
				c.mu.Unlock()
				return e.items, true, nil
			}
		}
		select {
		case <-changed:
		case <-stirred:
		case <-c.exited:
			return e.items, false, errors.New(c.exitReport(""))
		case <-ctx.Done():
			return e.items, false, nil
		}
	}
}

// Ready waits, at most until ctx is done, until the server has caught up
// with a file as last synced and finished the work it announced, so that
// an answer about it is not computed on an older view of the project:
//
//   - a server that publishes the version its diagnostics are for has
//     published them for the synced version (clangd answers from an AST
//     built on the old headers until it has rebuilt the file);
//   - before it is known how the server publishes, it has published for
//     the file at all, within firstPublishWait (a server that published
//     nothing for a file opened is not waited for again, until it
//     publishes);
//   - no work-done progress the server began is still running (clangd's
//     background index, which references and rename read; a TypeScript
//     project loading).
//
// A server that pulls diagnostics is asked for the file's diagnostics
// instead, once for each version of it: it answers when it has analyzed
// that version.
func (c *Client) Ready(ctx context.Context, path string) {
	uri := FileURI(path)
	first := time.NewTimer(firstPublishWait)
	defer first.Stop()
	for {
		c.mu.Lock()
		doc, e := c.docs[uri], c.diags[uri]
		pubs, busy := c.pubs, len(c.progress) > 0
		pull := c.pullsLocked() // a server may register pulling only now
		changed, stirred := c.changed, c.stirred
		c.mu.Unlock()
		if pull && doc != nil && doc.pulled < doc.version {
			// The server answers a pull once it has analyzed the file as
			// synced, with the settings it asked for; other requests it
			// may answer before (pyright answers null while it reloads).
			if c.pull(ctx, uri); ctx.Err() != nil {
				return
			}
			continue
		}
		behind := false
		if doc != nil && !pull {
			switch pubs {
			case pubVersioned:
				// A publication since the sync that names no version
				// is taken as current.
				behind = e.version < doc.version && !(e.seq > doc.seq && e.version == 0)
			case pubUnknown:
				behind = e.seq <= doc.seq
			}
		}
		if !behind && !busy {
			return
		}
		select {
		case <-changed:
		case <-stirred:
		case <-first.C:
			c.mu.Lock()
			if c.pubs == pubUnknown {
				c.pubs = pubSilent
			}
			c.mu.Unlock()
		case <-c.exited:
			return
		case <-ctx.Done():
			return
		}
	}
}

// firstPublishWait bounds how long Ready waits for a server to publish
// anything, before it is known whether it publishes for every file.
const firstPublishWait = 5 * time.Second

// pull asks the server for a file's diagnostics.
func (c *Client) pull(ctx context.Context, uri string) (documentDiagnosticReport, error) {
	c.mu.Lock()
	version := 0
	if doc := c.docs[uri]; doc != nil {
		version = doc.version
	}
	c.mu.Unlock()
	var rep documentDiagnosticReport
	err := c.Call(ctx, "textDocument/diagnostic", map[string]any{"textDocument": textDocumentIdentifier{URI: uri}}, &rep)
	c.mu.Lock()
	if doc := c.docs[uri]; doc != nil && (err == nil || ctx.Err() == nil) {
		doc.pulled = max(doc.pulled, version)
	}
	c.mu.Unlock()
	return rep, err
}

// quiet waits until no diagnostics were published for d; false when ctx
// ended first.
func (c *Client) quiet(ctx context.Context, d time.Duration) bool {
	for {
		c.mu.Lock()
		changed := c.changed
		c.mu.Unlock()
		t := time.NewTimer(d)
		select {
		case <-t.C:
			return true
		case <-changed:
			t.Stop()
		case <-ctx.Done():
			t.Stop()
			return false
		}
	}
}

// Published reports whether the server published diagnostics for a file
// since it was last synced: what it last published is current.
func (c *Client) Published(path string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	uri := FileURI(path)
	e, ok := c.diags[uri]
	doc := c.docs[uri]
	return ok && doc != nil && e.seq > doc.seq
}

// Last returns the diagnostics last published for a file, and whether any
// were.
func (c *Client) Last(path string) ([]Diagnostic, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.diags[FileURI(path)]
	return e.items, ok
}

// PublishedSince returns the files, other than skip, whose diagnostics
// were published after mark, with those diagnostics.
func (c *Client) PublishedSince(mark int, skip string) map[string][]Diagnostic {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string][]Diagnostic{}
	for uri, e := range c.diags {
		if e.seq > mark && uri != FileURI(skip) {
			if p, err := URIPath(uri); err == nil {
				out[p] = e.items
			}
		}
	}
	return out
}

func (c *Client) canPull() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pullsLocked()
}

func (c *Client) pullsLocked() bool {
	return c.registeredLocked("textDocument/diagnostic") || has(c.caps.DiagnosticProvider)
}

func (c *Client) registeredLocked(method string) bool {
	for _, m := range c.regs {
		if m == method {
			return true
		}
	}
	return false
}
