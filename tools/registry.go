// Package tools holds the tools of agenttools, one file each: thin
// handlers that check their arguments, call an engine package (matcher,
// lspclient, dapclient, interp, vibe, safefs) and write what the model
// reads. Registry builds a run's tool.Dispatcher with exactly the tools
// whose resources the run has. What a tool is, and the path every call
// takes, is package tool.
package tools

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/agenttools/agenttools/internal/safefs"
	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/tool"
)

// A provider registers the tools that stand on one resource of a run.
type provider struct {
	resource string                  // what the tools need, for docs and tests
	present  func(*Run) bool         // whether the run has it
	tools    func(*env) []*tool.Tool // the tools, bound to the run
}

// providers lists every tool of the engine and what it needs, in the order
// the tools are listed. This is the one place tools are registered.
func providers() []provider {
	return []provider{
		{"working directory", func(r *Run) bool { return r.Dir != "" }, fileTools},
		{"grammar registry", func(r *Run) bool { return r.Dir != "" && r.Grammars != nil }, searchTools},
		{"grammar registry", func(r *Run) bool { return r.Dir != "" && r.Grammars != nil }, editTools},
		{"language-server supervisor", func(r *Run) bool { return r.Dir != "" && r.LSP != nil }, lspTools},
		{"language-server supervisor", func(r *Run) bool { return r.Dir != "" && r.LSP != nil }, renameTools},
		{"debug-session supervisor", func(r *Run) bool { return r.Dir != "" && r.Debug != nil && r.ConversationID != "" }, debugTools},
		{"kernel factory", func(r *Run) bool { return r.Kernels != nil }, evalTools},
		{"question port and target area", func(r *Run) bool { return r.Questions != nil && r.ConversationID != "" }, askTools},
		{"vibe mode and a worker pool", func(r *Run) bool { return r.Vibe && r.Workers != nil }, vibeTools},
	}
}

// env is what a provider's tools are bound to.
type env struct {
	run     *Run
	root    *safefs.Root
	cache   *matcher.Cache     // parsed trees and matches, for ast_grep and ast_edit
	edits   *editStore         // ast_edit's staged changes, for resolve
	journal *lspclient.Journal // diagnostics already reported, for diagnostics on write
	calls   *tool.Dispatcher   // the run's dispatcher, for eval's bridge
}

// Registry registers exactly the tools whose resources the run has.
func Registry(run *Run) (*tool.Dispatcher, error) {
	return registry(run, providers())
}

func registry(run *Run, ps []provider) (*tool.Dispatcher, error) {
	d := tool.NewDispatcher(tool.Policy{Rules: run.Rules, Yes: run.Yes, Approver: run.Permissions, ApprovalTimeout: run.ApprovalTimeout})
	e := &env{run: run, calls: d}
	if run.MemoryLimit > 0 {
		debug.SetMemoryLimit(run.MemoryLimit)
	}
	if run.Dir != "" {
		root, err := safefs.NewRoot(run.Dir, run.ExtraReadRoots...)
		if err != nil {
			return nil, err
		}
		e.root = root
	}
	for _, p := range ps {
		if !p.present(run) {
			continue
		}
		for _, t := range p.tools(e) {
			if err := d.Add(t); err != nil {
				return nil, err
			}
		}
	}
	if run.Dir != "" && run.LSP != nil {
		e.journal = lspclient.NewJournal()
		for _, name := range []string{"write", "edit", "apply_patch"} {
			if err := d.Wrap(name, e.diagnosticsOnWrite); err != nil {
				return nil, err
			}
		}
	}
	for name := range run.Rules {
		if !d.Has(name) {
			return nil, fmt.Errorf("a permission rule names tool %q, which this run does not have (it has %s)", name, strings.Join(d.Names(), ", "))
		}
	}
	return d, nil
}
