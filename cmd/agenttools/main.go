// Command agenttools drives the agenttools engine from any language or a
// terminal: tools lists the tools, call runs one, batch runs many in one
// run, serve speaks JSON-RPC 2.0 over stdio and mcp speaks MCP.
//
// SIGINT and SIGTERM end a run within two seconds, with every process it
// started; at a terminal, call's and batch's first SIGINT interrupts the
// call in flight instead.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/agenttools/agenttools/internal/cli"
)

func main() {
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	stdio := cli.StdIO()
	stdio.Signals = sigs
	os.Exit(cli.Main(context.Background(), os.Args[1:], stdio))
}
