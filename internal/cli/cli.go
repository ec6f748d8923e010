// Package cli is the agenttools binary: the tools, call, batch, serve and
// mcp commands, their flags, and the ports that reach a person (a terminal, or
// a serve host's ui/ask callback). main only calls Main, so tests run the
// whole command line in-process as well as through the built binary.
package cli

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/interp"
	"github.com/agenttools/agenttools/interp/golang"
	"github.com/agenttools/agenttools/interp/javascript"
	"github.com/agenttools/agenttools/interp/python"
	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/tool"
	"github.com/agenttools/agenttools/tools"
	"github.com/agenttools/agenttools/vibe"
)

// Exit codes.
const (
	ExitOK        = 0
	ExitToolError = 1
	ExitUsage     = 2
)

// IO is what a command reads and writes. Terminal, when non-nil, opens
// the terminal of a person who can answer approval cards.
type IO struct {
	Stdin    io.Reader
	Stdout   io.Writer
	Stderr   io.Writer
	Terminal func() (io.ReadWriteCloser, bool)
}

// StdIO is the process's own standard streams and controlling terminal.
func StdIO() IO {
	return IO{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Terminal: openTerminal}
}

const usage = `usage:
  agenttools tools [flags]                 list the tools of this run
  agenttools call  [flags] TOOL [JSON]     run one call; prints its text (--json: the whole Result)
  agenttools batch [flags] < calls.jsonl   one run, many calls: {"tool":..., "args":{...}} a line in, a Result a line out
  agenttools serve [flags]                 JSON-RPC 2.0 over stdio, one JSON object a line
  agenttools mcp   [flags]                 an MCP server over stdio (--tools default|all|NAMES, --ask-permissions)

flags:
`

// Main runs the command line args (without the program name) and returns
// the exit code.
func Main(ctx context.Context, args []string, io IO) int {
	if len(args) == 0 {
		fmt.Fprint(io.Stderr, usage)
		newFlags("").fs.PrintDefaults()
		return ExitUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "tools":
		return runTools(ctx, rest, io)
	case "call":
		return runCall(ctx, rest, io)
	case "batch":
		return runBatch(ctx, rest, io)
	case "serve":
		return runServe(ctx, rest, io)
	case "mcp":
		return runMCP(ctx, rest, io)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(io.Stdout, usage)
		f := newFlags("")
		f.fs.SetOutput(io.Stdout)
		f.fs.PrintDefaults()
		return ExitOK
	}
	fmt.Fprintf(io.Stderr, "agenttools: unknown command %q: want tools, call, batch, serve or mcp\n", cmd)
	return ExitUsage
}

// flags are the common flags of every command.
type flags struct {
	fs           *flag.FlagSet
	root         string
	surface      string
	conversation string
	yes          bool
	vibe         bool
	workerFast   string
	workerGood   string
	json         bool
	rules        ruleFlag
	questionWait time.Duration
	approvalWait time.Duration
	cacheMB      int
	memoryLimit  byteSize
}

type ruleFlag map[string]tool.Rule

func (r ruleFlag) String() string { return "" }

func (r ruleFlag) Set(s string) error {
	name, rule, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return fmt.Errorf("want TOOL=allow|ask|deny, got %q", s)
	}
	parsed, err := tool.ParseRule(rule)
	if err != nil {
		return err
	}
	r[name] = parsed
	return nil
}

func newFlags(cmd string) *flags {
	f := &flags{fs: flag.NewFlagSet(cmd, flag.ContinueOnError), rules: ruleFlag{}}
	f.fs.StringVar(&f.root, "root", ".", "working directory of the run")
	f.fs.StringVar(&f.surface, "surface", "full", "who is calling: full, plan or readonly (plan and readonly see read-level tools only)")
	f.fs.StringVar(&f.conversation, "conversation", "", "conversation id (default: a fresh one for this process)")
	f.fs.BoolVar(&f.yes, "yes", false, "approve write and exec calls without asking")
	f.fs.BoolVar(&f.vibe, "vibe", false, "turn vibe mode on")
	f.fs.StringVar(&f.workerFast, "worker-fast", "", "command that runs a fast-tier vibe worker")
	f.fs.StringVar(&f.workerGood, "worker-good", "", "command that runs a good-tier vibe worker")
	f.fs.BoolVar(&f.json, "json", false, "print JSON (tools: the list with schemas; call: the whole Result)")
	f.fs.Var(f.rules, "rule", "permission rule TOOL=allow|ask|deny (repeatable)")
	f.fs.DurationVar(&f.questionWait, "question-timeout", tools.DefaultQuestionTimeout, "how long an ask_user card waits for an answer")
	f.fs.DurationVar(&f.approvalWait, "approval-timeout", tool.DefaultApprovalTimeout, "how long a permission card waits for an answer")
	f.fs.IntVar(&f.cacheMB, "cache-mb", matcher.DefaultCacheBudget>>20, "MiB structural search keeps between calls, parsed trees and matches (batch and serve; call keeps nothing)")
	f.memoryLimit = autoMemoryLimit
	f.fs.Var(&f.memoryLimit, "memory-limit", "soft limit on the process's memory, such as 512MiB or 2GiB, 0 for none (default auto: 96MiB and the cache's budget, or 3/4 of the container's limit when that is lower)")
	return f
}

// parse parses the flags of cmd and returns the positional arguments.
func (f *flags) parse(args []string, io IO) ([]string, error) {
	f.fs.SetOutput(io.Stderr)
	if err := f.fs.Parse(args); err != nil {
		return nil, err
	}
	if _, err := tool.ParseSurface(f.surface); err != nil {
		fmt.Fprintf(io.Stderr, "agenttools: --surface: %v\n", err)
		return nil, err
	}
	return f.fs.Args(), nil
}

// run builds the tools.Run the flags describe. port, when non-nil, is a
// person who can answer cards.
func (f *flags) run(port tool.Port) *tools.Run {
	conv := f.conversation
	if conv == "" {
		conv = freshID()
	}
	r := &tools.Run{
		Dir:             f.root,
		ConversationID:  conv,
		Rules:           f.rules,
		Yes:             f.yes,
		QuestionTimeout: f.questionWait,
		ApprovalTimeout: f.approvalWait,
		Vibe:            f.vibe,
		Grammars:        bundled.Registry(),
		LSP:             lspclient.NewSupervisor(realDir(f.root)),
		Debug:           dapclient.NewSupervisor(realDir(f.root), dapclient.DefaultTTL),
		Kernels:         interp.NewKernels(kernels(realDir(f.root))),
		CacheBudget:     int64(f.cacheMB) << 20,
		MemoryLimit:     int64(f.memoryLimit),
	}
	if f.memoryLimit == autoMemoryLimit {
		r.MemoryLimit = DefaultMemoryLimit(int64(f.cacheMB) << 20)
	}
	if f.cacheMB <= 0 {
		r.CacheBudget = -1
	}
	// With nobody to answer, cards fail at once rather than wait.
	if port == nil {
		port = tool.NoHuman
	}
	r.Permissions = port
	r.Questions = port
	if f.vibe {
		r.Workers = vibe.NewPool(vibe.CommandRunner{
			Commands: map[vibe.Tier]string{vibe.Fast: f.workerFast, vibe.Good: f.workerGood},
			Dir:      realDir(f.root),
		}, vibe.DefaultLimit)
	}
	return r
}

func freshID() string {
	var b [8]byte
	rand.Read(b[:])
	return "conv-" + hex.EncodeToString(b[:])
}

// realDir is dir made absolute with its links resolved, as the tools see
// the working directory; dir itself when that fails (the registry then
// reports why).
func realDir(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}

// kernels starts eval's interpreters for a run whose working directory is
// dir: Python runs there, with the project's own virtual environment when
// it has one.
func kernels(dir string) interp.Factory {
	return func(ctx context.Context, lang interp.Language) (interp.Kernel, error) {
		switch lang {
		case interp.JavaScript:
			return javascript.New(javascript.Config{}), nil
		case interp.Python:
			return python.New(ctx, python.Config{Dir: dir, Env: interp.Host{}}) // the binary has no isolated environment
		case interp.Go:
			// In the engine's process: a Go cell's relative paths are
			// the process's, not dir.
			k, err := golang.New(golang.Config{})
			if err != nil {
				return nil, err
			}
			return k, nil
		}
		return nil, interp.Unavailable(lang, interp.Python, interp.JavaScript, interp.Go)
	}
}

// closeRun ends what a run started: its debug sessions, language servers,
// kernels and vibe workers.
func closeRun(r *tools.Run) {
	if r.Workers != nil {
		r.Workers.Close()
	}
	if r.Debug != nil {
		r.Debug.Close()
	}
	if r.Kernels != nil {
		r.Kernels.Close()
	}
	if r.LSP != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		r.LSP.Close(ctx)
	}
}

// dispatcher builds the run's registry, reporting a failure on stderr;
// done ends the run.
func (f *flags) dispatcher(port tool.Port, io IO) (d *tool.Dispatcher, done func(), ok bool) {
	r := f.run(port)
	d, err := tools.Registry(r)
	if err != nil {
		closeRun(r)
		fmt.Fprintf(io.Stderr, "agenttools: %v\n", err)
		return nil, nil, false
	}
	return d, func() { closeRun(r) }, true
}

// terminalPort opens the person's terminal when there is one.
func terminalPort(io IO) (tool.Port, func()) {
	if io.Terminal == nil {
		return nil, func() {}
	}
	t, ok := io.Terminal()
	if !ok {
		return nil, func() {}
	}
	return newTTYPort(t), func() { t.Close() }
}

func usageError(io IO, err error) int {
	if !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(io.Stderr, "agenttools: %v\n", err)
	}
	return ExitUsage
}
