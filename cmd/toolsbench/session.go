package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/agenttools/agenttools/internal/cli"
)

// sessionTemplates and sessionNames make the session's searches: each
// template with each name is another pattern, another key in the cache.
var (
	sessionTemplates = []string{"$A.%s()", "$A.%s($B)", "%s($$$A)", "$X := %s($$$A)", "if err := $A.%s($$$B); err != nil { $$$C }"}
	sessionNames     = []string{
		"Close", "Lock", "Unlock", "String", "Error", "Len", "Reset", "Write", "Read", "Flush",
		"Get", "Set", "Add", "Done", "Wait", "Run", "Start", "Stop", "Next", "Bytes",
		"Sprintf", "Errorf", "Println", "Printf", "New", "Init", "Copy", "Sort", "Open", "Parse",
		"Encode", "Decode", "Marshal", "Unmarshal", "Join", "Split", "Index", "Contains", "Load", "Store",
	}
)

// runSession runs agenttools serve in a fresh process of this program,
// makes it run --searches different ast_grep searches over DIR one after
// another, as a long session does, and reports the process's peak RSS
// beside the cache's budget.
//
//	toolsbench session [--searches 200] [--cache-mb 192] [--memory-limit auto] DIR
func runSession(args []string, stdout io.Writer) int {
	fs := flag.NewFlagSet("session", flag.ContinueOnError)
	searches := fs.Int("searches", 200, "how many different searches the session runs")
	cacheMB := fs.Int("cache-mb", 192, "the serve process's --cache-mb")
	memLimit := fs.String("memory-limit", "auto", "the serve process's --memory-limit")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: toolsbench session [--searches N] [--cache-mb MB] DIR")
		return 2
	}
	dir, err := filepath.Abs(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolsbench session:", err)
		return 2
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolsbench session:", err)
		return 1
	}
	cmd := exec.Command(self, "serve-child", "--root", dir, "--cache-mb", fmt.Sprint(*cacheMB), "--memory-limit", *memLimit)
	cmd.Stderr = os.Stderr
	in, _ := cmd.StdinPipe()
	outPipe, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "toolsbench session:", err)
		return 1
	}
	out := bufio.NewReaderSize(outPipe, 1<<20)
	call := func(id int, method string, params any) (json.RawMessage, error) {
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
		if _, err := in.Write(append(req, '\n')); err != nil {
			return nil, err
		}
		line, err := out.ReadBytes('\n')
		if err != nil {
			return nil, err
		}
		var resp struct {
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(line, &resp); err != nil {
			return nil, err
		}
		if resp.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, resp.Error.Message)
		}
		return resp.Result, nil
	}
	if _, err := call(0, "initialize", map[string]any{"human": false}); err != nil {
		fmt.Fprintln(os.Stderr, "toolsbench session:", err)
		return 1
	}
	start := time.Now()
	var slowest time.Duration
	for i := range *searches {
		t := sessionTemplates[i%len(sessionTemplates)]
		name := sessionNames[(i/len(sessionTemplates))%len(sessionNames)]
		pattern := fmt.Sprintf(t, name)
		t0 := time.Now()
		res, err := call(i+1, "tools/call", map[string]any{"name": "ast_grep", "arguments": map[string]any{"pattern": pattern, "language": "go"}})
		if err != nil {
			fmt.Fprintln(os.Stderr, "toolsbench session:", pattern, err)
			return 1
		}
		var r struct {
			IsError bool `json:"isError"`
		}
		if json.Unmarshal(res, &r); r.IsError {
			fmt.Fprintf(os.Stderr, "toolsbench session: %s: %.200s\n", pattern, res)
			return 1
		}
		slowest = max(slowest, time.Since(t0))
	}
	elapsed := time.Since(start)
	in.Close()
	if err := cmd.Wait(); err != nil {
		fmt.Fprintln(os.Stderr, "toolsbench session:", err)
		return 1
	}
	rss := peakRSSMB(cmd.ProcessState)
	limit := *memLimit
	if limit == "auto" {
		n := cli.DefaultMemoryLimit(int64(*cacheMB)<<20) >> 20
		limit = fmt.Sprintf("%d MiB, the cache budget + %d MiB", n, n-int64(*cacheMB))
	}
	fmt.Fprintf(stdout, "serve over %s: %d different searches in %.1f s (slowest %.2f s); peak RSS %.0f MB, cache budget %d MB, soft memory limit %s\n",
		dir, *searches, elapsed.Seconds(), slowest.Seconds(), rss, *cacheMB, limit)
	return 0
}

// runServeChild is agenttools serve, in this program, for runSession.
func runServeChild(args []string) int {
	return cli.Main(context.Background(), append([]string{"serve"}, args...), cli.IO{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Terminal: func() (io.ReadWriteCloser, bool) { return nil, false }})
}
