package cli

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/agenttools/agenttools/internal/mcpserve"
	"github.com/agenttools/agenttools/tool"
	"github.com/agenttools/agenttools/tools"
)

// fileTools are the tools an MCP client has of its own; mcp lists them
// only with --tools all.
var fileTools = []string{"read", "write", "edit", "apply_patch"}

// runMCP serves the run's tools over MCP on stdin and stdout until stdin
// closes and every call read is answered, or until ctx is done: then the
// calls in flight are cancelled and answered, for about a second at
// most, before the run is closed and its children with it. By default the client approves calls itself, as MCP clients
// do, and the annotations tell it which calls write; --ask-permissions
// asks our own card through elicitation instead.
func runMCP(ctx context.Context, args []string, stdio IO) int {
	f := newFlags("mcp")
	set := f.fs.String("tools", "default", "the tools to list: default (the server-bound ones: every tool but read, write, edit and apply_patch), all, or names separated by commas")
	askPerms := f.fs.Bool("ask-permissions", false, "ask approval of write and exec calls through elicitation, instead of leaving it to the client")
	rest, err := f.parse(args, stdio)
	if err != nil {
		return ExitUsage
	}
	if len(rest) > 0 {
		return usageError(stdio, fmt.Errorf("mcp speaks MCP on stdin and takes no arguments, got %q", rest))
	}
	r := f.run(mcpserve.Port{})
	if !*askPerms {
		r.DefaultRule = tool.Allow
	}
	d, err := tools.Registry(r)
	if err != nil {
		closeRun(r)
		fmt.Fprintf(stdio.Stderr, "agenttools: %v\n", err)
		return ExitToolError
	}
	// A signal ends the run within two seconds of it: the calls in
	// flight are answered first, within a second, then the children
	// are killed.
	stopAt := make(chan time.Time, 1)
	defer context.AfterFunc(ctx, func() { stopAt <- time.Now() })()
	defer func() {
		select {
		case at := <-stopAt:
			stopRun(r, signalGrace, at.Add(signalTotal))
		default:
			closeRun(r)
		}
	}()
	surface := tool.Surface(f.surface)
	names, err := chooseTools(*set, d, surface)
	if err != nil {
		return usageError(stdio, fmt.Errorf("--tools: %v", err))
	}
	c := mcpserve.Config{Dispatcher: d, Surface: surface, Tools: names, Version: Version,
		Logger: slog.New(slog.NewTextHandler(stdio.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	if err := mcpserve.Serve(ctx, c, stdio.Stdin, stdio.Stdout); err != nil && ctx.Err() == nil {
		fmt.Fprintf(stdio.Stderr, "agenttools: mcp: %v\n", err)
		return ExitToolError
	}
	return ExitOK
}

// chooseTools reads --tools: the names of the tools to list, nil for all
// the surface sees.
func chooseTools(set string, d *tool.Dispatcher, s tool.Surface) ([]string, error) {
	var have []string
	for _, t := range d.Tools(s) {
		have = append(have, t.Name)
	}
	switch set {
	case "all":
		return nil, nil
	case "default", "":
		var out []string
		for _, n := range have {
			if !slices.Contains(fileTools, n) {
				out = append(out, n)
			}
		}
		return out, nil
	}
	var out []string
	for _, n := range strings.Split(set, ",") {
		n = strings.TrimSpace(n)
		if !slices.Contains(have, n) {
			return nil, fmt.Errorf("no tool %q in this run; give default, all, or some of: %s", n, strings.Join(have, ", "))
		}
		out = append(out, n)
	}
	return out, nil
}
