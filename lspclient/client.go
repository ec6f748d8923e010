// Package lspclient is agenttools' language-server client: LSP 3.17 over
// sourcegraph/jsonrpc2 with Content-Length framing (client.go: the
// process's start and handshake, and requests; process.go: its end;
// sync.go: what it is told of files; diagnostics.go: what it reports),
// the table of servers it knows and how each is found for a file, and a
// supervisor that runs one server per (server, root) for a run. Positions are converted in one
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
	CallHierarchy         json.RawMessage `json:"callHierarchyProvider"`
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

// spawn starts the server's process, in a process group of its own, and
// the connection over its stdin and stdout.
func spawn(s *Server, command []string, root string) (*Client, error) {
	if s.RootArgs != nil {
		extra, err := s.RootArgs(root)
		if err != nil {
			return nil, fmt.Errorf("starting %s: %w", s.ID, err)
		}
		command = append(command[:len(command):len(command)], extra...)
	}
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
		"capabilities":     c.Server.clientCapabilities(),
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
		"rename":        map[string]any{"prepareSupport": true},
		"callHierarchy": map[string]any{"dynamicRegistration": true},
	},
	"window": map[string]any{"workDoneProgress": true},
}

// clientCapabilities is clientCapabilities as told to the server: a
// copy without dynamicRegistration in the capabilities of s.Static.
func (s *Server) clientCapabilities() map[string]any {
	if len(s.Static) == 0 {
		return clientCapabilities
	}
	caps := copyCapabilities(clientCapabilities)
	for _, path := range s.Static {
		m := caps
		for _, k := range strings.Split(path, ".") {
			m, _ = m[k].(map[string]any)
		}
		delete(m, "dynamicRegistration") // a no-op on a nil map
	}
	return caps
}

// copyCapabilities copies m and the objects in it.
func copyCapabilities(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if sub, ok := v.(map[string]any); ok {
			v = copyCapabilities(sub)
		}
		out[k] = v
	}
	return out
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

// ErrNoServer says that no server of the table serves a file.
var ErrNoServer = errors.New("no language server")
