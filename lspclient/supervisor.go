package lspclient

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// A Supervisor runs the language servers of one run: one per (server,
// root), started on first use and restarted on the next use after it
// died. Close ends them all. A server starts without holding the
// supervisor's lock, so that a slow one delays only its own callers.
type Supervisor struct {
	workdir string
	table   []*Server

	mu       sync.Mutex
	clients  map[key]*Client
	starting map[key]*starting
	closed   bool
}

// starting is a server being started. Every caller for its (server, root)
// waits for the one start; Close cancels it.
type starting struct {
	done      chan struct{} // closed when the start has ended
	cancel    context.CancelCauseFunc
	restarted bool    // it replaces a server that died
	proc      *Client // once its process runs; guarded by the supervisor's mu
	client    *Client // the result, once done
	err       error
}

// errShutDown is why a start is refused or cancelled after Close.
var errShutDown = errors.New("the run's language servers are shut down")

type key struct {
	server string
	root   string
}

// NewSupervisor returns a supervisor for the files under workdir, with
// the servers of Table.
func NewSupervisor(workdir string) *Supervisor {
	return newSupervisor(workdir, Table)
}

func newSupervisor(workdir string, table []*Server) *Supervisor {
	return &Supervisor{workdir: filepath.Clean(workdir), table: table, clients: map[key]*Client{}, starting: map[key]*starting{}}
}

// Workdir is the folder the supervisor serves.
func (s *Supervisor) Workdir() string { return s.workdir }

// A NoServerError says why no server can answer for a file.
type NoServerError struct {
	File   string
	Reason string
}

func (e *NoServerError) Error() string {
	return fmt.Sprintf("no language server for %s: %s", e.File, e.Reason)
}

// For returns the running client for a file, starting it if needed;
// restarted is true when a server that had died was started again.
func (s *Supervisor) For(ctx context.Context, path string) (c *Client, restarted bool, err error) {
	srv := ForFile(path)
	if srv == nil {
		return nil, false, &NoServerError{path, fmt.Sprintf("no server in the table serves %s files", filepath.Ext(path))}
	}
	root := srv.Root(path, s.workdir)
	if root == "" {
		return nil, false, &NoServerError{path, fmt.Sprintf("%s needs a root marker (%s) in the file's folder or above it", srv.ID, strings.Join(srv.Markers, ", "))}
	}
	return s.start(ctx, srv, filepath.Dir(path), root)
}

// ForRoot returns the running client of a server for a root, starting it
// if needed.
func (s *Supervisor) ForRoot(ctx context.Context, server, root string) (*Client, error) {
	for _, srv := range s.table {
		if srv.ID == server {
			c, _, err := s.start(ctx, srv, root, root)
			return c, err
		}
	}
	return nil, fmt.Errorf("no server %q in the table", server)
}

// start returns the running client of a server for a root, or starts it
// (once, however many callers ask meanwhile) and waits for it, at most
// until ctx is done. The start itself goes on when ctx ends, for the
// callers that still wait and the next use; only Close cancels it.
func (s *Supervisor) start(ctx context.Context, srv *Server, from, root string) (c *Client, restarted bool, err error) {
	cmd := srv.Resolve(from, root)
	if cmd == nil {
		return nil, false, &NoServerError{from, fmt.Sprintf("%s is not installed (looked for %s)", srv.ID, commandNames(srv))}
	}
	k := key{srv.ID, root}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, false, errShutDown
	}
	st := s.starting[k]
	if st == nil {
		if c := s.clients[k]; c != nil && !c.Exited() {
			s.mu.Unlock()
			return c, false, nil
		}
		st = s.begin(ctx, k, srv, cmd)
	}
	s.mu.Unlock()
	select {
	case <-st.done:
		return st.client, st.restarted, st.err
	case <-ctx.Done():
		return nil, st.restarted, fmt.Errorf("waiting for %s to start for %s: %w", srv.ID, s.rel(root), context.Cause(ctx))
	}
}

// begin records the start of a server for k, in place of one that died,
// and runs it; s.mu is held.
func (s *Supervisor) begin(ctx context.Context, k key, srv *Server, cmd []string) *starting {
	sctx, cancel := context.WithCancelCause(context.WithoutCancel(ctx))
	st := &starting{done: make(chan struct{}), cancel: cancel}
	dead := s.clients[k]
	if dead != nil {
		st.restarted = true
		delete(s.clients, k)
	}
	s.starting[k] = st
	go s.run(sctx, k, st, srv, cmd, dead)
	return st
}

// run starts a server, after it has ended what is left of the one it
// replaces, and records the client, unless Close came first.
func (s *Supervisor) run(ctx context.Context, k key, st *starting, srv *Server, cmd []string, dead *Client) {
	defer close(st.done)
	defer st.cancel(nil)
	if dead != nil {
		dead.kill()
	}
	c, err := spawn(srv, cmd, k.root)
	if err == nil {
		s.mu.Lock()
		st.proc = c
		s.mu.Unlock()
		err = c.handshake(ctx)
	}
	s.mu.Lock()
	delete(s.starting, k)
	closed := s.closed
	if err == nil && !closed {
		s.clients[k] = c
	}
	s.mu.Unlock()
	if err == nil && closed {
		// Close came as the handshake ended: it waits on done, so the
		// server is ended before Close returns.
		c.kill()
		err = errShutDown
	}
	if err == nil {
		st.client = c
	}
	st.err = err // read by the callers once done is closed
}

func commandNames(srv *Server) string {
	var names []string
	for _, c := range srv.Commands {
		names = append(names, c[0])
	}
	return strings.Join(names, ", then ")
}

// A ServerStatus says whether a server of the table can run here.
type ServerStatus struct {
	Server  string   `json:"server"`
	Marker  string   `json:"marker,omitempty"` // the first marker found, relative to the workdir
	Binary  string   `json:"binary,omitempty"`
	Missing string   `json:"missing,omitempty"` // what is missing, when it cannot run
	Running []string `json:"running,omitempty"` // roots it runs for, relative to the workdir
	// Starting lists the roots it is being started for, relative to
	// the workdir.
	Starting []string `json:"starting,omitempty"`
}

// Status reports, for every server of the table, whether its root marker
// and its binary were found for the workdir, and which roots it runs for.
// It starts nothing.
func (s *Supervisor) Status() []ServerStatus {
	s.mu.Lock()
	running, starting := map[string][]string{}, map[string][]string{}
	for k, c := range s.clients {
		if !c.Exited() {
			running[k.server] = append(running[k.server], s.rel(k.root))
		}
	}
	for k := range s.starting {
		starting[k.server] = append(starting[k.server], s.rel(k.root))
	}
	s.mu.Unlock()
	var out []ServerStatus
	for _, srv := range s.table {
		st := ServerStatus{Server: srv.ID, Running: running[srv.ID], Starting: starting[srv.ID]}
		slices.Sort(st.Running)
		slices.Sort(st.Starting)
		marker := findMarker(s.workdir, srv.Markers)
		if marker != "" {
			st.Marker = s.rel(marker)
		}
		root := s.workdir
		if marker != "" {
			root = filepath.Dir(marker)
		}
		if cmd := srv.Resolve(root, root); cmd != nil {
			st.Binary = cmd[0]
		}
		switch {
		case marker == "" && st.Binary == "":
			st.Missing = fmt.Sprintf("root marker (%s) and binary (%s)", strings.Join(srv.Markers, ", "), commandNames(srv))
		case marker == "":
			st.Missing = fmt.Sprintf("root marker (%s)", strings.Join(srv.Markers, ", "))
		case st.Binary == "":
			st.Missing = fmt.Sprintf("binary (%s)", commandNames(srv))
		}
		out = append(out, st)
	}
	return out
}

// findMarker returns the first marker file found in dir or, breadth
// first, in its folders down to a small depth (hidden folders,
// node_modules and vendor skipped); "" when there is none.
func findMarker(dir string, markers []string) string {
	level := []string{dir}
	for depth := 0; depth < 4 && len(level) > 0; depth++ {
		var next []string
		for _, d := range level {
			for _, m := range markers {
				if _, err := os.Stat(filepath.Join(d, m)); err == nil {
					return filepath.Join(d, m)
				}
			}
			entries, _ := os.ReadDir(d)
			for _, e := range entries {
				name := e.Name()
				if e.IsDir() && !strings.HasPrefix(name, ".") && name != "node_modules" && name != "vendor" && name != "testdata" {
					next = append(next, filepath.Join(d, name))
				}
			}
		}
		level = next
	}
	return ""
}

func (s *Supervisor) rel(p string) string {
	r, err := filepath.Rel(s.workdir, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

// Reload restarts the server of a file's root, or every server when path
// is "". It reports the servers it stopped.
func (s *Supervisor) Reload(ctx context.Context, path string) []string {
	s.mu.Lock()
	var stop []*Client
	for k, c := range s.clients {
		if path == "" || (ForFile(path) != nil && k.server == ForFile(path).ID && k.root == ForFile(path).Root(path, s.workdir)) {
			stop = append(stop, c)
			delete(s.clients, k)
		}
	}
	s.mu.Unlock()
	var names []string
	for _, c := range stop {
		c.Shutdown(ctx)
		names = append(names, c.Server.ID+" for "+s.rel(c.Root))
	}
	slices.Sort(names)
	return names
}

// PIDs returns the process ids of the running servers, and of those
// being started, each the leader of its process group.
func (s *Supervisor) PIDs() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var pids []int
	for _, c := range s.clients {
		if c.cmd.Process != nil {
			pids = append(pids, c.cmd.Process.Pid)
		}
	}
	for _, st := range s.starting {
		if st.proc != nil && st.proc.cmd.Process != nil {
			pids = append(pids, st.proc.cmd.Process.Pid)
		}
	}
	return pids
}

// Close shuts every server down, kills those being started, and refuses
// to start more. It returns when their processes have ended.
func (s *Supervisor) Close(ctx context.Context) {
	s.mu.Lock()
	s.closed = true
	clients := s.clients
	s.clients = map[key]*Client{}
	var starts []*starting
	for _, st := range s.starting {
		starts = append(starts, st)
	}
	s.mu.Unlock()
	for _, st := range starts {
		st.cancel(errShutDown) // its run kills the process and ends
	}
	var wg sync.WaitGroup
	for _, st := range starts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-st.done
		}()
	}
	for _, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Shutdown(ctx)
		}()
	}
	wg.Wait()
}

// StartAll starts, or finds running, every server that can run here: one
// for each entry of Status with its root marker and binary found. It
// returns them, and why each of the others would not start.
func (s *Supervisor) StartAll(ctx context.Context) (clients []*Client, errs []error) {
	for _, st := range s.Status() {
		if st.Missing != "" {
			continue
		}
		marker := filepath.Join(s.workdir, filepath.FromSlash(st.Marker))
		c, _, err := s.For(ctx, marker)
		if err != nil {
			// A marker is not a file of the server's language; start it
			// through the root instead.
			c, err = s.ForRoot(ctx, st.Server, filepath.Dir(marker))
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		clients = append(clients, c)
	}
	return clients, errs
}

// WorkspaceSymbols asks every server that can run here for the symbols
// matching query. Each is started and primed first, and given at most
// settle to catch up with what it announced. It returns the symbols of
// all, how many servers started, and what each of the others, or a
// server that could not answer, said.
func (s *Supervisor) WorkspaceSymbols(ctx context.Context, query string, settle time.Duration) ([]Symbol, int, []error) {
	clients, errs := s.StartAll(ctx)
	var all []Symbol
	for _, c := range clients {
		opened, err := c.Prime(ctx)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", c.Server.ID, err))
			continue
		}
		rctx, cancel := context.WithTimeout(ctx, settle)
		c.Ready(rctx, opened)
		cancel()
		if !c.Has("workspaceSymbol") {
			errs = append(errs, fmt.Errorf("%s does not offer workspace/symbol (not among its capabilities), so it cannot search", c.Server.ID))
			continue
		}
		syms, err := c.WorkspaceSymbols(ctx, query)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", c.Server.ID, err))
			continue
		}
		all = append(all, syms...)
	}
	return all, len(clients), errs
}
