// Package cli is the agenttools binary: the tools, call, batch, serve,
// mcp and scan commands, their flags, and the ports that reach a person (a terminal, or
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
	"sync"
	"time"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/interp"
	"github.com/agenttools/agenttools/interp/golang"
	"github.com/agenttools/agenttools/interp/javascript"
	"github.com/agenttools/agenttools/interp/python"
	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/search"
	"github.com/agenttools/agenttools/tool"
	"github.com/agenttools/agenttools/tools"
	"github.com/agenttools/agenttools/vibe"
	"golang.org/x/term"
)

// Exit codes.
const (
	ExitOK        = 0
	ExitToolError = 1
	ExitUsage     = 2
)

// IO is what a command reads and writes. Terminal, when non-nil, opens
// the terminal of a person who can answer approval cards. Signals, when
// non-nil, carries the SIGINT and SIGTERM the process receives (see
// stopper for what each does); Interactive says that a person at a
// terminal runs the command, whose first SIGINT interrupts the call in
// flight instead of ending the run.
type IO struct {
	Stdin       io.Reader
	Stdout      io.Writer
	Stderr      io.Writer
	Terminal    func() (io.ReadWriteCloser, bool)
	Signals     <-chan os.Signal
	Interactive bool
}

// StdIO is the process's own standard streams and controlling terminal.
// The caller sets Signals, since only main may take the process's
// signals.
func StdIO() IO {
	return IO{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Terminal: openTerminal,
		Interactive: term.IsTerminal(int(os.Stdin.Fd())) || term.IsTerminal(int(os.Stderr.Fd()))}
}

const usage = `usage:
  agenttools tools [flags]                 list the tools of this run
  agenttools call  [flags] TOOL [JSON]     run one call; prints its text (--json: the whole Result)
  agenttools batch [flags] < calls.jsonl   one run, many calls: {"tool":..., "args":{...}} a line in, a Result a line out
  agenttools serve [flags]                 JSON-RPC 2.0 over stdio, one JSON object a line
  agenttools mcp   [flags]                 an MCP server over stdio (--tools default|all|NAMES, --ask-permissions)
  agenttools scan  --rule FILE… [--json] [PATH]  run ast-grep rule files over PATH, as ast-grep scan -r does

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
	ctx, stop, release := watchSignals(ctx, io.Signals, io.Interactive && (cmd == "call" || cmd == "batch"))
	defer release()
	switch cmd {
	case "tools":
		return runTools(ctx, rest, io)
	case "call":
		return runCall(ctx, stop, rest, io)
	case "batch":
		return runBatch(ctx, stop, rest, io)
	case "serve":
		return runServe(ctx, rest, io)
	case "mcp":
		return runMCP(ctx, rest, io)
	case "scan":
		return runScan(ctx, rest, io)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(io.Stdout, usage)
		f := newFlags("")
		f.fs.SetOutput(io.Stdout)
		f.fs.PrintDefaults()
		return ExitOK
	}
	fmt.Fprintf(io.Stderr, "agenttools: unknown command %q: want tools, call, batch, serve, mcp or scan\n", cmd)
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
	stderr       io.Writer // where a run says what it did on its own, such as finishing an interrupted write
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
	f.fs.IntVar(&f.cacheMB, "cache-mb", search.DefaultCacheBudget>>20, "MiB structural search keeps between calls, parsed trees and matches (batch and serve; call keeps nothing)")
	f.memoryLimit = autoMemoryLimit
	f.fs.Var(&f.memoryLimit, "memory-limit", "soft limit on the process's memory, such as 512MiB or 2GiB, 0 for none (default auto: 96MiB and the cache's budget, or 3/4 of the container's limit when that is lower)")
	return f
}

// parse parses the flags of cmd and returns the positional arguments.
func (f *flags) parse(args []string, io IO) ([]string, error) {
	f.fs.SetOutput(io.Stderr)
	f.stderr = io.Stderr
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
	if w := f.stderr; w != nil {
		r.Notify = func(msg string) { fmt.Fprintf(w, "agenttools: %s\n", msg) }
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
// kernels and vibe workers, giving language servers ten seconds to shut
// down.
func closeRun(r *tools.Run) { stopRun(r, 10*time.Second, time.Time{}) }

// endRun ends what a run started: as closeRun does, or, when ctx is done
// because a signal ended the run, within signalWait.
func endRun(ctx context.Context, r *tools.Run) {
	if ctx.Err() == nil {
		closeRun(r)
		return
	}
	stopRun(r, signalGrace, time.Now().Add(signalWait))
}

// After a signal, language servers may take signalGrace to shut down
// before they are killed, and the run's children signalWait to be gone:
// with the call in flight answered first, the process ends within two
// seconds of the signal.
const (
	signalGrace = 400 * time.Millisecond
	signalWait  = 1200 * time.Millisecond
	signalTotal = 1400 * time.Millisecond
)

// stopRun ends what a run started, all at once, killing the process group
// of every child. Language servers are asked to shut down first, for up to
// grace. With a zero by it waits until every child is gone; else until by
// at the latest: every child has been killed by then, and what is left is
// init reaping the orphans, which need not hold the exit.
func stopRun(r *tools.Run, grace time.Duration, by time.Time) {
	var wg sync.WaitGroup
	run := func(f func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f()
		}()
	}
	if r.Workers != nil {
		run(r.Workers.Close)
	}
	if r.Debug != nil {
		run(r.Debug.Close)
	}
	if r.Kernels != nil {
		run(func() { r.Kernels.Close() })
	}
	if r.LSP != nil {
		run(func() {
			ctx, cancel := context.WithTimeout(context.Background(), grace)
			defer cancel()
			r.LSP.Close(ctx)
		})
	}
	closed := make(chan struct{})
	go func() { wg.Wait(); close(closed) }()
	if by.IsZero() {
		<-closed
		return
	}
	select {
	case <-closed:
	case <-time.After(time.Until(by)):
	}
}

// dispatcher builds the run's registry, reporting a failure on stderr;
// done ends the run.
func (f *flags) dispatcher(ctx context.Context, port tool.Port, io IO) (d *tool.Dispatcher, done func(), ok bool) {
	r := f.run(port)
	d, err := tools.Registry(r)
	if err != nil {
		closeRun(r)
		fmt.Fprintf(io.Stderr, "agenttools: %v\n", err)
		return nil, nil, false
	}
	return d, func() { endRun(ctx, r) }, true
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
