package lspclient

// Document sync: what the server is told of a file, one notification at
// a time and in version order.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Sync makes the server's view of a file its content on disk: opened the
// first time, changed (whole text) when it differs. It reports whether
// anything was sent. Syncs are sent one at a time, each with the content
// it read while it held its turn, so the server sees versions in order
// and ends with the content last read. When sending fails, the document
// is left unsynced: the next Sync sends it whole again.
func (c *Client) Sync(ctx context.Context, path string) (sent bool, err error) {
	if err := c.acquireSend(ctx); err != nil {
		return false, err
	}
	defer c.releaseSend()
	content, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	uri := FileURI(path)
	c.mu.Lock()
	doc := c.docs[uri]
	if doc != nil && !doc.stale && bytes.Equal(doc.content, content) {
		c.mu.Unlock()
		return false, nil
	}
	if doc == nil {
		doc = &document{}
		c.docs[uri] = doc
	}
	doc.version++
	doc.content = content
	doc.seq = c.seq
	doc.stale = true
	version, open := doc.version, doc.open
	c.mu.Unlock()
	method := "textDocument/didChange"
	if open {
		err = c.conn.Notify(ctx, method, map[string]any{
			"textDocument":   versionedTextDocumentIdentifier{URI: uri, Version: version},
			"contentChanges": []map[string]any{{"text": string(content)}},
		})
	} else {
		method = "textDocument/didOpen"
		err = c.conn.Notify(ctx, method, map[string]any{"textDocument": textDocumentItem{
			URI: uri, LanguageID: c.Server.LanguageID(path), Version: version, Text: string(content)}})
	}
	if err != nil {
		if c.Exited() {
			return true, fmt.Errorf("%s: %w (%s)", method, err, c.exitReport(""))
		}
		return true, fmt.Errorf("%s: %w", method, err)
	}
	c.mu.Lock()
	doc.open, doc.stale = true, false
	c.mu.Unlock()
	return true, nil
}

// acquireSend waits for the turn to send a document's state, at most
// until ctx is done.
func (c *Client) acquireSend(ctx context.Context) error {
	select {
	case c.sending <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("waiting to send to %s: %w", c.Server.ID, context.Cause(ctx))
	}
}

func (c *Client) releaseSend() { <-c.sending }

// Prime opens a file of the root that the server serves, when none is
// open, and returns its path ("" when one was open already, or the root
// has none): some servers know the project only through an open file
// (typescript-language-server's tsserver finds its project from it;
// clangd reads the compilation database, and indexes what it lists, only
// for a file opened), and answer workspace requests with nothing before.
func (c *Client) Prime(ctx context.Context) (string, error) {
	c.mu.Lock()
	open := false
	for _, doc := range c.docs {
		open = open || doc.open
	}
	c.mu.Unlock()
	if open {
		return "", nil
	}
	found, seen := "", 0
	filepath.WalkDir(c.Root, func(p string, d os.DirEntry, err error) error {
		if err != nil || found != "" {
			return filepath.SkipDir
		}
		if seen++; seen > 10000 {
			return filepath.SkipAll
		}
		name := d.Name()
		if d.IsDir() {
			if p != c.Root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		for _, e := range c.Server.Extensions {
			if strings.EqualFold(filepath.Ext(name), e) && d.Type().IsRegular() {
				found = p
				return filepath.SkipAll
			}
		}
		return nil
	})
	if found == "" {
		return "", nil
	}
	_, err := c.Sync(ctx, found)
	return found, err
}

// Synced returns the content of a file as the server was last told it;
// false when it was never told, or telling it last failed.
func (c *Client) Synced(path string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if doc := c.docs[FileURI(path)]; doc != nil && !doc.stale {
		return doc.content, true
	}
	return nil, false
}

// Save tells the server a file was saved, as an editor does after a write:
// after the Sync that sent its content, never before.
func (c *Client) Save(ctx context.Context, path string) error {
	if err := c.acquireSend(ctx); err != nil {
		return err
	}
	defer c.releaseSend()
	uri := FileURI(path)
	c.mu.Lock()
	doc := c.docs[uri]
	var content []byte
	if doc != nil && doc.open && !doc.stale {
		content = doc.content
	}
	c.mu.Unlock()
	if content == nil {
		return nil
	}
	return c.conn.Notify(ctx, "textDocument/didSave", map[string]any{"textDocument": textDocumentIdentifier{URI: uri}, "text": string(content)})
}

// Mapper returns a mapper for the synced content of a file.
func (c *Client) Mapper(path string) (*Mapper, error) {
	c.mu.Lock()
	doc := c.docs[FileURI(path)]
	c.mu.Unlock()
	if doc == nil {
		content, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return NewMapper(content, c.encoding), nil
	}
	return NewMapper(doc.content, c.encoding), nil
}
