package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/matcher/rule"
	"github.com/agenttools/agenttools/tool"
)

// fileList is a repeatable flag of file names.
type fileList []string

func (l *fileList) String() string     { return strings.Join(*l, ",") }
func (l *fileList) Set(s string) error { *l = append(*l, s); return nil }

// runScan runs rule files over a path, as ast-grep's scan -r does: every
// match, each with its rule's severity, id and message. It exits 1 when
// a rule of severity error matched, as ast-grep does, and 2 on a bad
// rule file.
func runScan(ctx context.Context, args []string, io IO) int {
	fs := flag.NewFlagSet("scan", flag.ContinueOnError)
	fs.SetOutput(io.Stderr)
	var files fileList
	fs.Var(&files, "rule", "a rule file, YAML or JSON, one or more documents (repeatable)")
	root := fs.String("root", ".", "working directory of the run")
	asJSON := fs.Bool("json", false, "print the matches as JSON, one array")
	if err := fs.Parse(args); err != nil {
		return ExitUsage
	}
	rest := fs.Args()
	if len(files) == 0 || len(rest) > 1 {
		return usageError(io, fmt.Errorf("scan takes --rule FILE (one or more) and optionally a PATH, got %d rule files and %d paths", len(files), len(rest)))
	}
	path := "."
	if len(rest) == 1 {
		path = rest[0]
	}
	// Each file is checked alone first, so that an error names its file.
	reg := bundled.Registry()
	var docs []string
	about := map[string]*rule.Rule{}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			return usageError(io, fmt.Errorf("--rule: %w", err))
		}
		rs, err := rule.Parse(string(b), reg.Lookup, nil)
		if err != nil {
			return usageError(io, fmt.Errorf("%s: %w", name, err))
		}
		for _, r := range rs {
			about[r.ID] = r
		}
		docs = append(docs, string(b))
	}
	f := newFlags("scan")
	f.root, f.cacheMB, f.stderr = *root, 0, io.Stderr
	d, done, ok := f.dispatcher(ctx, nil, io)
	if !ok {
		return ExitToolError
	}
	defer done()
	raw, _ := json.Marshal(map[string]any{"rule": strings.Join(docs, "\n---\n"), "path": path, "max_results": 1 << 30})
	res, err := d.Call(ctx, tool.Full, "ast_grep", raw)
	if err != nil {
		fmt.Fprintf(io.Stderr, "agenttools: %v\n", err)
		return ExitToolError
	}
	if res.IsError {
		fmt.Fprintln(io.Stderr, res.TextContent())
		return ExitToolError
	}
	matches := foundOf(res.Structured)
	code := ExitOK
	for _, m := range matches {
		if r := about[m.Rule]; r != nil && r.Severity == "error" {
			code = ExitToolError
		}
	}
	if *asJSON {
		if matches == nil {
			matches = []matcher.Found{}
		}
		if writeJSON(io.Stdout, matches) != ExitOK {
			return ExitToolError
		}
		return code
	}
	w := bufio.NewWriter(io.Stdout)
	defer w.Flush()
	for _, m := range matches {
		sev, msg := "hint", ""
		if r := about[m.Rule]; r != nil {
			if r.Severity != "" {
				sev = r.Severity
			}
			msg = r.Message
		}
		fmt.Fprintf(w, "%s[%s]: %s\n  %s:%d:%d\n", sev, m.Rule, msg, m.File, m.Range.Start.Line, m.Range.Start.Column)
		for _, line := range strings.Split(m.Text, "\n") {
			fmt.Fprintf(w, "    %s\n", line)
		}
	}
	fmt.Fprintf(w, "%d match%s\n", len(matches), map[bool]string{true: "", false: "es"}[len(matches) == 1])
	return code
}

// foundOf takes the matches out of an ast_grep result.
func foundOf(structured any) []matcher.Found {
	b, err := json.Marshal(structured)
	if err != nil {
		return nil
	}
	var r struct {
		Matches []matcher.Found `json:"matches"`
	}
	if json.Unmarshal(b, &r) != nil {
		return nil
	}
	return r.Matches
}
