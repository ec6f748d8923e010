package lspclient

import (
	"context"
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
// died. Close ends them all.
type Supervisor struct {
	workdir string
	table   []*Server

	mu      sync.Mutex
	clients map[key]*Client
	closed  bool
}

type key struct {
	server string
	root   string
}

// NewSupervisor returns a supervisor for the files under workdir, with
// the servers of Table.
func NewSupervisor(workdir string) *Supervisor {
	return &Supervisor{workdir: filepath.Clean(workdir), table: Table, clients: map[key]*Client{}}
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

func (s *Supervisor) start(ctx context.Context, srv *Server, from, root string) (c *Client, restarted bool, err error) {
	cmd := srv.Resolve(from, root)
	if cmd == nil {
		return nil, false, &NoServerError{from, fmt.Sprintf("%s is not installed (looked for %s)", srv.ID, commandNames(srv))}
	}
	k := key{srv.ID, root}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, false, fmt.Errorf("the run's language servers are shut down")
	}
	if c := s.clients[k]; c != nil {
		if !c.Exited() {
			return c, false, nil
		}
		c.kill()
		delete(s.clients, k)
		restarted = true
	}
	// Starting holds the lock: two calls for the same root must not start
	// two servers, and starts are rare.
	c, err = Start(ctx, srv, cmd, root)
	if err != nil {
		return nil, restarted, err
	}
	s.clients[k] = c
	return c, restarted, nil
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
}

// Status reports, for every server of the table, whether its root marker
// and its binary were found for the workdir, and which roots it runs for.
// It starts nothing.
func (s *Supervisor) Status() []ServerStatus {
	s.mu.Lock()
	running := map[string][]string{}
	for k, c := range s.clients {
		if !c.Exited() {
			running[k.server] = append(running[k.server], s.rel(k.root))
		}
	}
	s.mu.Unlock()
	var out []ServerStatus
	for _, srv := range s.table {
		st := ServerStatus{Server: srv.ID, Running: running[srv.ID]}
		slices.Sort(st.Running)
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

// PIDs returns the process ids of the running servers, each the leader
// of its process group.
func (s *Supervisor) PIDs() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var pids []int
	for _, c := range s.clients {
		if c.cmd.Process != nil {
			pids = append(pids, c.cmd.Process.Pid)
		}
	}
	return pids
}

// Close shuts every server down and refuses to start more.
func (s *Supervisor) Close(ctx context.Context) {
	s.mu.Lock()
	s.closed = true
	clients := s.clients
	s.clients = map[key]*Client{}
	s.mu.Unlock()
	var wg sync.WaitGroup
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
