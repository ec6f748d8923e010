// Package tools holds the tools of agenttools, one file each: thin
// handlers that check their arguments, call an engine package (search,
// lspclient, dapclient, interp, vibe, safefs) and write what the model
// reads. Registry builds a run's tool.Dispatcher with exactly the tools
// whose resources the run has. What a tool is, and the path every call
// takes, is package tool.
package tools

import (
	"fmt"
	"log"
	"reflect"
	"runtime/debug"
	"strings"

	"github.com/agenttools/agenttools/internal/safefs"
	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/search"
	"github.com/agenttools/agenttools/tool"
	"github.com/google/jsonschema-go/jsonschema"
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

// shown is how each tool is shown to a person, and the shape of its
// structured result where that is fixed, for MCP clients.
var shown = map[string]struct {
	title  string
	output func(*jsonschema.ForOptions) *jsonschema.Schema
}{
	"read":        {"Read a file", nil},
	"write":       {"Write a file", nil},
	"edit":        {"Edit a file", nil},
	"apply_patch": {"Apply a patch", nil},
	"ast_grep":    {"Structural search", tool.OutputOf[astGrepResult]},
	"ast_edit":    {"Structural rewrite", tool.OutputOf[astEditResult]},
	"ast_tree":    {"Show a syntax tree", tool.OutputOf[astTreeResult]},
	"resolve":     {"Accept or discard a rewrite", tool.OutputOf[resolveResult]},
	"lsp":         {"Language server", nil},
	"lsp_rename":  {"Rename a symbol", tool.OutputOf[renameResult]},
	"debug":       {"Debugger", nil},
	"eval":        {"Run code", nil},
	"ask_user":    {"Ask the user", nil},
	"vibe_spawn":  {"Start a worker", tool.OutputOf[vibeSpawned]},
	"vibe_send":   {"Tell a worker more", nil},
	"vibe_wait":   {"Wait for a worker", nil},
	"vibe_kill":   {"Stop a worker", nil},
	"vibe_list":   {"List the workers", nil},
}

// selfWritten gives the schemas of the types of the structured results
// that write their own JSON: captures are objects from name to text.
func selfWritten() *jsonschema.ForOptions {
	str := &jsonschema.Schema{Type: "string"}
	return &jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
		reflect.TypeFor[matcher.Captures]():      {Type: "object", AdditionalProperties: str},
		reflect.TypeFor[matcher.MultiCaptures](): {Type: "object", AdditionalProperties: &jsonschema.Schema{Type: "array", Items: str}},
	}}
}

// env is what a provider's tools are bound to.
type env struct {
	run     *Run
	root    *safefs.Root
	cache   *search.Cache      // parsed trees and matches, for ast_grep and ast_edit
	edits   *editStore         // ast_edit's staged changes, for resolve
	journal *lspclient.Journal // diagnostics already reported, for diagnostics on write
	calls   *tool.Dispatcher   // the run's dispatcher, for eval's bridge
}

// Registry registers exactly the tools whose resources the run has.
func Registry(run *Run) (*tool.Dispatcher, error) {
	return registry(run, providers())
}

func registry(run *Run, ps []provider) (*tool.Dispatcher, error) {
	d := tool.NewDispatcher(tool.Policy{Rules: run.Rules, Default: run.DefaultRule, Yes: run.Yes, Approver: run.Permissions, ApprovalTimeout: run.ApprovalTimeout})
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
		recoverWrites(run, root)
	}
	for _, p := range ps {
		if !p.present(run) {
			continue
		}
		for _, t := range p.tools(e) {
			if sh, ok := shown[t.Name]; ok {
				t.Title = sh.title
				if sh.output != nil {
					t.OutputSchema = sh.output(selfWritten())
				}
			}
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

// recoverWrites finishes or rolls back the writes over the run's working
// directory that a process left half done when it died, before any tool
// reads the tree, and tells the run's Notify what it did. A journal it
// cannot act on is reported and left; the run goes on.
func recoverWrites(run *Run, root *safefs.Root) {
	notify := run.Notify
	if notify == nil {
		notify = func(msg string) { log.Print("agenttools: " + msg) }
	}
	recs, err := root.Recover()
	for _, r := range recs {
		notify(r.String())
	}
	if err != nil {
		notify(fmt.Sprintf("could not recover %v", err))
	}
}
