// Command agenttools drives the agenttools engine from any language or a
// terminal: tools lists the tools, call runs one, batch runs many in one
// run, and serve speaks JSON-RPC 2.0 over stdio.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/agenttools/agenttools/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli.Main(ctx, os.Args[1:], cli.StdIO())
	stop()
	os.Exit(code)
}
