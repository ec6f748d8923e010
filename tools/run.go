package tools

import (
	"time"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/interp"
	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/tool"
	"github.com/agenttools/agenttools/vibe"
)

// A Run holds the resources of one agent run. Only Dir is needed for the
// file tools; every other resource is optional, and a tool whose resource
// is missing is not registered at all.
type Run struct {
	Dir            string   // working directory
	ConversationID string   // the conversation the run belongs to
	ExtraReadRoots []string // folders outside Dir that read may open

	// Notify is told, in a sentence, what building the registry did on
	// its own that a person should know: today, that it finished or
	// rolled back a write over Dir that a process left half done when it
	// died (see package safefs). Nil logs it through the log package's
	// standard logger, to stderr, as net/http logs a server's errors.
	Notify func(msg string)

	// Rules maps a tool name to allow, ask or deny. A tool with no rule
	// gets DefaultRule of its level.
	Rules map[string]tool.Rule
	// DefaultRule is the rule of a tool with none in Rules; "" means
	// tool.DefaultRule of its level.
	DefaultRule tool.Rule
	// Yes approves every call that a rule would ask about (not one it
	// denies), as the binary's --yes does.
	Yes bool

	// Permissions is where approval requests go. Nil means nobody can
	// approve, and a call whose rule says ask is denied.
	Permissions tool.Port
	// Questions is where ask_user draws its cards, when someone can answer.
	Questions tool.Port
	// ApprovalTimeout bounds how long an approval may wait; zero means
	// tool.DefaultApprovalTimeout.
	ApprovalTimeout time.Duration
	// QuestionTimeout bounds how long an ask_user card may wait; zero
	// means DefaultQuestionTimeout.
	QuestionTimeout time.Duration

	// Grammars are the languages structural search knows; nil means no
	// ast_grep.
	Grammars *grammars.Registry
	// CacheBudget is the bytes structural search keeps between calls,
	// trees and matches: zero means search.DefaultCacheBudget, and a
	// negative budget keeps nothing, which suits a run of one call (a
	// tree then goes as soon as its file is matched).
	CacheBudget int64
	// MemoryLimit, when positive, is set as the Go runtime's soft memory
	// limit (debug.SetMemoryLimit) for the whole process when the
	// registry is built: the collector works harder near it, and the
	// search cache lets go of what it holds before the process reaches
	// it. A search never fails for it. Zero leaves the runtime as it is.
	MemoryLimit int64

	// LSP runs the language servers; nil means no lsp tool. The run's
	// owner closes it.
	LSP *lspclient.Supervisor

	// Debug runs the debug sessions, one per conversation; nil means no
	// debug tool. The run's owner closes it.
	Debug *dapclient.Supervisor

	// Kernels are eval's interpreters, started per language on first use;
	// nil means no eval tool. The run's owner closes them.
	Kernels *interp.Kernels
	// EvalTimeout is a cell's inactivity budget: how long it may go with
	// no output and no tool call in flight; zero means DefaultEvalTimeout.
	EvalTimeout time.Duration

	// Vibe is true while vibe mode is on.
	Vibe bool
	// Workers are vibe mode's background workers; the vibe_* tools need
	// Vibe and Workers both. The run's owner closes it.
	Workers *vibe.Pool
}

// DefaultQuestionTimeout is how long an ask_user card waits for a person.
const DefaultQuestionTimeout = 10 * time.Minute

// DefaultEvalTimeout is a cell's inactivity budget when the run sets none.
const DefaultEvalTimeout = 5 * time.Minute
