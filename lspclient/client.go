// Package lspclient is agenttools' language-server client: LSP 3.17 over
// sourcegraph/jsonrpc2 with Content-Length framing, the table of servers
// it knows and how each is found for a file, and a supervisor that runs
// one server per (server, root) for a run. Positions are converted in one
// place, mapper.go, which also locates a symbol on a line (locate.go). It
// also works out a workspace edit in memory (edit.go), runs each server's
// project-wide check, reading its output into findings (check.go), and
// keeps the journal of diagnostics already reported, with the one "sync,
// then wait for fresh diagnostics" sequence (journal.go).
package lspclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/agenttools/agenttools/internal/procgroup"
	"github.com/sourcegraph/jsonrpc2"
)

// A Client is one running language server for one root.
type Client struct {
	Server *Server
	Root   string

	cmd      *exec.Cmd
	conn     *jsonrpc2.Conn
	exited   chan struct{} // closed when the process has ended
	stderr   *tailBuffer
	encoding string
	caps     capabilities

	// sending is held, as a one-slot semaphore, by the Sync or Save that
	// is sending a document's state, so that the versions the server
	// sees increase in the order they were taken.
	sending chan struct{}

	mu       sync.Mutex
	docs     map[string]*document // by URI
	diags    map[string]diagEntry // by URI, the last published
	seq      int                  // publications received, in order
	changed  chan struct{}        // closed and replaced at every publication
	regs     map[string]string    // the methods the server registered dynamically, by registration id
	progress map[string]bool      // work-done progress the server began and has not ended, by token
	stirred  chan struct{}        // closed and replaced when regs gains an entry or progress changes
	pubs     publishing           // what the client learned of how the server publishes
}

// publishing is what a client learned of how its server publishes
// diagnostics, which says what Ready can wait for.
type publishing int

const (
	pubUnknown     publishing = iota // nothing published yet
	pubVersioned                     // publications name the document version they are for
	pubUnversioned                   // publications name no version
	pubSilent                        // a document was opened and nothing was published for it
)

type document struct {
	version int
	content []byte
	seq     int  // c.seq when it was last synced
	pulled  int  // the version whose diagnostics were last pulled
	open    bool // didOpen was sent
	// stale: content is not known to be what the server holds (it is
	// being sent, or sending it failed), so the next Sync sends it whole.
	stale bool
}

type diagEntry struct {
	seq     int
	version int // the document version published for; 0 when not said
	items   []Diagnostic
}

// capabilities is what the client reads of the server's capabilities.
type capabilities struct {
	PositionEncoding      string          `json:"positionEncoding"`
	DefinitionProvider    json.RawMessage `json:"definitionProvider"`
	TypeDefinition        json.RawMessage `json:"typeDefinitionProvider"`
	Implementation        json.RawMessage `json:"implementationProvider"`
	ReferencesProvider    json.RawMessage `json:"referencesProvider"`
	HoverProvider         json.RawMessage `json:"hoverProvider"`
	DocumentSymbol        json.RawMessage `json:"documentSymbolProvider"`
	WorkspaceSymbol       json.RawMessage `json:"workspaceSymbolProvider"`
	CodeActionProvider    json.RawMessage `json:"codeActionProvider"`
	RenameProvider        json.RawMessage `json:"renameProvider"`
	DiagnosticProvider    json.RawMessage `json:"diagnosticProvider"`
	TextDocumentSyncValue json.RawMessage `json:"textDocumentSync"`
}

// has reports whether a provider capability is present and not false.
func has(raw json.RawMessage) bool {
	s := string(bytes.TrimSpace(raw))
	return s != "" && s != "false" && s != "null"
}

// Start runs the server's command in root and initializes it, waiting at
// most until ctx is done or initializeWait has passed. A server that exits
// before it answers is reported by how it ended (its exit status or
// signal) and its last lines of stderr. Shutdown ends the process.
func Start(ctx context.Context, s *Server, command []string, root string) (*Client, error) {
	c, err := spawn(s, command, root)
	if err != nil {
		return nil, err
	}
	if err := c.handshake(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// initializeWait bounds how long a server may take to answer initialize.
const initializeWait = 60 * time.Second

// exitWait bounds how long a server that closed its output is given to
// exit before it is taken as hung and killed.
const exitWait = 5 * time.Second

// drainWait bounds how long, after the process has exited, the client
// reads what it wrote last, when something else of its group still
// holds its output open.
const drainWait = time.Second

// spawn starts the server's process, in a process group of its own, and
// the connection over its stdin and stdout.
func spawn(s *Server, command []string, root string) (*Client, error) {
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Dir = root
	cmd.Env = os.Environ()
	procgroup.Set(cmd)
	// Pipes of our own, not cmd's: Wait closes the read end of a
	// StdoutPipe, which must not happen while the connection still
	// reads the server's last messages from it.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", s.ID, err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("starting %s: %w", s.ID, err)
	}
	c := &Client{Server: s, Root: root, cmd: cmd, exited: make(chan struct{}), stderr: &tailBuffer{max: 8 << 10},
		sending: make(chan struct{}, 1),
		docs:    map[string]*document{}, diags: map[string]diagEntry{}, changed: make(chan struct{}),
		regs: map[string]string{}, progress: map[string]bool{}, stirred: make(chan struct{})}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, c.stderr
	// Wait copies stderr to the end; a child of the server's that holds
	// it open past the server's exit does not delay the report of that
	// exit by more than this.
	cmd.WaitDelay = time.Second
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("starting %s: %w", s.ID, err)
	}
	go func() {
		cmd.Wait()
		close(c.exited)
	}()
	stream := jsonrpc2.NewBufferedStream(pipe{outR, inW}, jsonrpc2.VSCodeObjectCodec{})
	// The handler runs in the read loop, so publications are seen in the
	// order they were sent; it never waits on the server.
	c.conn = jsonrpc2.NewConn(context.Background(), stream, jsonrpc2.HandlerWithError(c.handle), jsonrpc2.SetLogger(discard{}))
	go c.closeAfterExit()
	return c, nil
}

// closeAfterExit closes the connection once the process has exited and
// the connection has read all the server wrote, or drainWait after the
// exit when a child of the server's keeps its output open.
func (c *Client) closeAfterExit() {
	select {
	case <-c.exited:
	case <-c.conn.DisconnectNotify():
		return
	}
	t := time.NewTimer(drainWait)
	defer t.Stop()
	select {
	case <-c.conn.DisconnectNotify():
	case <-t.C:
		c.conn.Close()
	}
}

// handshake initializes the server. When it fails, the process is killed,
// and the error says how the server ended when it ended by itself.
func (c *Client) handshake(ctx context.Context) error {
	ictx, cancel := context.WithTimeoutCause(ctx, initializeWait,
		fmt.Errorf("%s did not answer initialize within %v", c.Server.ID, initializeWait))
	defer cancel()
	err := c.initialize(ictx)
	if err == nil {
		return nil
	}
	var answered *jsonrpc2.Error
	switch {
	case ictx.Err() != nil:
		err = context.Cause(ictx)
	case errors.As(err, &answered):
		// The server refused initialize: it is alive to say so.
	case c.exitedWithin(exitWait):
		// The connection failed (closed, or a write to a closed pipe)
		// because the server exited.
		c.kill() // what is left of its group
		return errors.New(c.exitReport(" during initialize"))
	}
	c.kill()
	return fmt.Errorf("initializing %s: %w%s", c.Server.ID, err, c.stderrTail())
}

// exitedWithin reports whether the process has exited, waiting at most d.
func (c *Client) exitedWithin(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-c.exited:
		return true
	case <-t.C:
		return false
	}
}

type pipe struct {
	io.ReadCloser
	io.WriteCloser
}

func (p pipe) Close() error {
	p.WriteCloser.Close()
	return p.ReadCloser.Close()
}

type discard struct{}

func (discard) Printf(string, ...any) {}

func (c *Client) initialize(ctx context.Context) error {
	rootURI := FileURI(c.Root)
	params := map[string]any{
		"processId":        os.Getpid(),
		"clientInfo":       map[string]any{"name": "agenttools"},
		"rootUri":          rootURI,
		"rootPath":         c.Root,
		"workspaceFolders": []map[string]any{{"uri": rootURI, "name": filepath.Base(c.Root)}},
		"capabilities":     clientCapabilities,
	}
	if c.Server.InitOptions != nil {
		params["initializationOptions"] = c.Server.InitOptions
	}
	var res struct {
		Capabilities capabilities `json:"capabilities"`
	}
	if err := c.conn.Call(ctx, "initialize", params, &res); err != nil {
		return err
	}
	c.caps = res.Capabilities
	c.encoding = UTF16
	if res.Capabilities.PositionEncoding == UTF8 {
		c.encoding = UTF8
	}
	if err := c.conn.Notify(ctx, "initialized", struct{}{}); err != nil {
		return err
	}
	return c.conn.Notify(ctx, "workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{}})
}

// clientCapabilities is what the client tells every server it can do.
var clientCapabilities = map[string]any{
	"general": map[string]any{"positionEncodings": []string{UTF8, UTF16}},
	"workspace": map[string]any{
		"configuration":          true,
		"workspaceFolders":       true,
		"didChangeConfiguration": map[string]any{"dynamicRegistration": true},
		"applyEdit":              true,
		"workspaceEdit":          map[string]any{"documentChanges": true, "resourceOperations": []string{"create", "rename", "delete"}},
		"symbol":                 map[string]any{"dynamicRegistration": true},
		"diagnostics":            map[string]any{"refreshSupport": true},
	},
	"textDocument": map[string]any{
		"synchronization":    map[string]any{"dynamicRegistration": true, "didSave": true},
		"publishDiagnostics": map[string]any{"relatedInformation": false, "versionSupport": true},
		"diagnostic":         map[string]any{"dynamicRegistration": true},
		"definition":         map[string]any{"linkSupport": true},
		"typeDefinition":     map[string]any{"linkSupport": true},
		"implementation":     map[string]any{"linkSupport": true},
		"references":         map[string]any{},
		"hover":              map[string]any{"contentFormat": []string{"plaintext", "markdown"}},
		"documentSymbol":     map[string]any{"hierarchicalDocumentSymbolSupport": true},
		"codeAction": map[string]any{"codeActionLiteralSupport": map[string]any{
			"codeActionKind": map[string]any{"valueSet": []string{"", "quickfix", "refactor", "refactor.extract", "refactor.inline", "refactor.rewrite", "source", "source.organizeImports", "source.fixAll"}}}},
		"rename": map[string]any{"prepareSupport": true},
	},
	"window": map[string]any{"workDoneProgress": true},
}

// handle answers the server's requests and takes its notifications. It
// runs in the connection's read loop and never waits on the server.
func (c *Client) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	params := json.RawMessage("null")
	if req.Params != nil {
		params = *req.Params
	}
	switch req.Method {
	case "textDocument/publishDiagnostics":
		var p publishDiagnosticsParams
		if json.Unmarshal(params, &p) == nil {
			c.publish(p)
		}
		return nil, nil
	case "workspace/configuration":
		var p struct {
			Items []json.RawMessage `json:"items"`
		}
		json.Unmarshal(params, &p)
		return make([]any, len(p.Items)), nil // no settings: each server's defaults
	case "window/workDoneProgress/create", "workspace/diagnostic/refresh", "window/showMessageRequest",
		"workspace/codeLens/refresh", "workspace/semanticTokens/refresh", "workspace/inlayHint/refresh", "workspace/inlineValue/refresh":
		return nil, nil
	case "client/registerCapability":
		var p struct {
			Registrations []registration `json:"registrations"`
		}
		json.Unmarshal(params, &p)
		c.mu.Lock()
		for _, r := range p.Registrations {
			// A server may register pull diagnostics only after
			// initialized (pyright does): a wait for publications it
			// will never send turns to pulling.
			c.regs[r.ID] = r.Method
			c.stir()
		}
		c.mu.Unlock()
		return nil, nil
	case "$/progress":
		var p struct {
			Token json.RawMessage `json:"token"`
			Value struct {
				Kind string `json:"kind"`
			} `json:"value"`
		}
		if json.Unmarshal(params, &p) == nil {
			c.mu.Lock()
			switch p.Value.Kind {
			case "begin":
				c.progress[string(p.Token)] = true
				c.stir()
			case "end":
				delete(c.progress, string(p.Token))
				c.stir()
			}
			c.mu.Unlock()
		}
		return nil, nil
	case "client/unregisterCapability":
		var p struct {
			Unregistrations []unregistration `json:"unregisterations"` // the protocol's spelling
		}
		json.Unmarshal(params, &p)
		c.mu.Lock()
		for _, r := range p.Unregistrations {
			delete(c.regs, r.ID)
		}
		c.mu.Unlock()
		return nil, nil
	case "workspace/workspaceFolders":
		return []map[string]any{{"uri": FileURI(c.Root), "name": filepath.Base(c.Root)}}, nil
	case "workspace/applyEdit":
		return map[string]any{"applied": false, "failureReason": "agenttools applies edits only through its own tools (lsp_rename)"}, nil
	}
	if req.Notif {
		return nil, nil // window/logMessage, telemetry, $/typescriptVersion: nothing to do
	}
	return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "agenttools does not handle " + req.Method}
}

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

// Exited reports whether the server process has ended or its connection
// has closed.
func (c *Client) Exited() bool {
	select {
	case <-c.exited:
		return true
	case <-c.conn.DisconnectNotify():
		return true
	default:
		return false
	}
}

// Encoding is the position encoding the server agreed to.
func (c *Client) Encoding() string { return c.encoding }

// Call sends a request and decodes its result into result.
func (c *Client) Call(ctx context.Context, method string, params, result any) error {
	if c.Exited() {
		return errors.New(c.exitReport(""))
	}
	err := c.conn.Call(ctx, method, params, result)
	if err != nil && c.Exited() {
		return fmt.Errorf("%s: %w (%s)", method, err, c.exitReport(""))
	}
	return err
}

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

// Shutdown asks the server to exit and, after a grace period, kills its
// process group.
func (c *Client) Shutdown(ctx context.Context) {
	if !c.Exited() {
		sctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		if c.conn.Call(sctx, "shutdown", nil, nil) == nil {
			c.conn.Notify(sctx, "exit", nil)
		}
		cancel()
		select {
		case <-c.exited:
		case <-time.After(2 * time.Second):
		}
	}
	c.kill()
}

func (c *Client) kill() {
	procgroup.Kill(c.cmd)
	c.conn.Close()
	deadline := time.After(5 * time.Second)
	select {
	case <-c.exited:
	case <-deadline:
		return
	}
	// The server's own children (typescript-language-server's tsservers)
	// die with the group, but are reaped by init only some time after:
	// wait until the group is empty, so that none is seen to survive.
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for !procgroup.Gone(c.cmd) {
		select {
		case <-tick.C:
		case <-deadline:
			return
		}
	}
}

// exitReport says that the server has exited (during what, when it is
// said), and how: its exit status or signal, and its last lines of stderr.
func (c *Client) exitReport(during string) string {
	select {
	case <-c.exited:
		return fmt.Sprintf("%s exited%s (%s)%s", c.Server.ID, during, c.cmd.ProcessState, c.stderrTail())
	default:
		return fmt.Sprintf("%s closed its connection%s%s", c.Server.ID, during, c.stderrTail())
	}
}

// stderrTail is the server's last lines of stderr, for an error.
func (c *Client) stderrTail() string {
	if s := tail(c.stderr.String(), stderrLines, stderrChars); s != "" {
		return "; its last stderr lines:\n" + s
	}
	return ""
}

// An error quotes at most this much of a server's stderr: enough for a
// panic's message and the top of its stack, not a log.
const (
	stderrLines = 20
	stderrChars = 2000
)

// tail returns the last n lines of s, cut further to their last max
// bytes, from a line's start where one is among them ("…" marks a cut).
func tail(s string, n, max int) string {
	s = lastLines(s, n)
	if len(s) <= max {
		return s
	}
	cut := len(s) - max + len("…")
	if nl := strings.IndexByte(s[cut:], '\n'); nl >= 0 {
		cut += nl + 1
	} else {
		for cut < len(s) && !utf8.RuneStart(s[cut]) {
			cut++
		}
	}
	return "…" + s[cut:]
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if len(b.buf) > b.max {
		b.buf = b.buf[len(b.buf)-b.max:]
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(bytes.TrimSpace(b.buf))
}

// ErrNoServer says that no server of the table serves a file.
var ErrNoServer = errors.New("no language server")
