package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/agenttools/agenttools/tool"
)

// toolInfo is a tool as tools --json and serve's tools/list show it.
type toolInfo struct {
	Name         string     `json:"name"`
	Level        tool.Level `json:"level"`
	ParallelSafe bool       `json:"parallelSafe"`
	Description  string     `json:"description"`
	InputSchema  any        `json:"inputSchema"`
}

func listTools(d *tool.Dispatcher, s tool.Surface) []toolInfo {
	out := []toolInfo{}
	for _, t := range d.Tools(s) {
		out = append(out, toolInfo{t.Name, t.Level, t.ParallelSafe, t.Description, t.InputSchema})
	}
	return out
}

func runTools(ctx context.Context, args []string, io IO) int {
	f := newFlags("tools")
	rest, err := f.parse(args, io)
	if err != nil {
		return ExitUsage
	}
	if len(rest) > 0 {
		return usageError(io, fmt.Errorf("tools takes no arguments, got %q", rest))
	}
	d, done, ok := f.dispatcher(ctx, nil, io)
	if !ok {
		return ExitToolError
	}
	defer done()
	list := listTools(d, tool.Surface(f.surface))
	if f.json {
		return writeJSON(io.Stdout, map[string]any{"tools": list})
	}
	tw := tabwriter.NewWriter(io.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TOOL\tLEVEL\tPARALLEL\tDESCRIPTION")
	for _, t := range list {
		desc, _, _ := strings.Cut(t.Description, ". ")
		fmt.Fprintf(tw, "%s\t%s\t%v\t%s\n", t.Name, t.Level, t.ParallelSafe, strings.TrimSuffix(desc, "."))
	}
	tw.Flush()
	return ExitOK
}

func writeJSON(w io.Writer, v any) int {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return ExitToolError
	}
	return ExitOK
}

func runCall(ctx context.Context, stop *stopper, args []string, io IO) int {
	f := newFlags("call")
	rest, err := f.parse(args, io)
	if err != nil {
		return ExitUsage
	}
	if len(rest) < 1 || len(rest) > 2 {
		return usageError(io, fmt.Errorf("call takes TOOL and optionally JSON arguments (- reads them from stdin), got %d arguments", len(rest)))
	}
	raw := json.RawMessage("{}")
	if len(rest) == 2 {
		raw = json.RawMessage(rest[1])
		if rest[1] == "-" {
			b, err := readAll(io.Stdin)
			if err != nil {
				return usageError(io, fmt.Errorf("reading arguments from stdin: %w", err))
			}
			raw = b
		}
	}
	if !json.Valid(raw) {
		return usageError(io, fmt.Errorf("arguments of %s are not valid JSON: %s", tool.Quote(rest[0]), tool.Quote(string(raw))))
	}
	port, closePort := terminalPort(io)
	defer closePort()
	f.cacheMB = 0 // one call: nothing will search again, so a tree goes once its file is matched
	d, done, ok := f.dispatcher(ctx, port, io)
	if !ok {
		return ExitToolError
	}
	defer done()
	cctx, callDone := stop.call(ctx)
	res, err := d.Call(cctx, tool.Surface(f.surface), rest[0], raw)
	callDone()
	if err != nil {
		fmt.Fprintf(io.Stderr, "agenttools: %v\n", err)
		return ExitToolError
	}
	if f.json {
		writeResult(io.Stdout, res)
	} else if res.IsError {
		fmt.Fprintln(io.Stderr, res.TextContent())
	} else {
		// Written as it is rendered: a large result's text is never
		// held whole.
		w := bufio.NewWriterSize(io.Stdout, 64<<10)
		res.WriteText(w)
		w.WriteString("\n")
		w.Flush()
	}
	if res.IsError {
		return ExitToolError
	}
	return ExitOK
}

// writeResult writes res as one line of JSON, encoded as it is written.
func writeResult(w io.Writer, res tool.Result) {
	if tool.WriteJSON(w, res) == nil {
		io.WriteString(w, "\n")
	}
}

func readAll(r io.Reader) ([]byte, error) {
	if r == nil {
		return nil, fmt.Errorf("no stdin")
	}
	return io.ReadAll(r)
}

// batchLine is one line of batch's input.
type batchLine struct {
	Tool string          `json:"tool"`
	Args json.RawMessage `json:"args"`
}

// maxBatchLine bounds one line of batch input (a patch or a file's content
// can be large, but not unbounded).
const maxBatchLine = 64 << 20

func runBatch(ctx context.Context, stop *stopper, args []string, io IO) int {
	f := newFlags("batch")
	rest, err := f.parse(args, io)
	if err != nil {
		return ExitUsage
	}
	if len(rest) > 0 {
		return usageError(io, fmt.Errorf("batch reads its calls from stdin and takes no arguments, got %q", rest))
	}
	port, closePort := terminalPort(io)
	defer closePort()
	d, done, ok := f.dispatcher(ctx, port, io)
	if !ok {
		return ExitToolError
	}
	defer done()
	lines, readErr := readLines(ctx, io.Stdin)
	code := ExitOK
	for n := 1; ; n++ {
		var line string
		select {
		case l, ok := <-lines:
			if !ok {
				if err := readErr(); err != nil {
					fmt.Fprintf(io.Stderr, "agenttools: reading stdin: %v\n", err)
					return ExitToolError
				}
				return code
			}
			line = strings.TrimSpace(l)
		case <-ctx.Done():
			fmt.Fprintln(io.Stderr, "agenttools: batch stopped by a signal")
			return ExitToolError
		}
		if line == "" {
			continue
		}
		cctx, callDone := stop.call(ctx)
		res := batchCall(cctx, d, tool.Surface(f.surface), n, line)
		callDone()
		if res.IsError {
			code = ExitToolError
		}
		writeResult(io.Stdout, res)
	}
}

// readLines reads r's lines into the channel it returns, which is closed
// at the end of r; err then says why it ended, nil at EOF. Reading apart
// from the calls lets a signal end batch while it waits for a line.
func readLines(ctx context.Context, r io.Reader) (<-chan string, func() error) {
	lines := make(chan string)
	var err error
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64<<10), maxBatchLine)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		err = sc.Err()
	}()
	return lines, func() error { return err }
}

func batchCall(ctx context.Context, d *tool.Dispatcher, s tool.Surface, n int, line string) tool.Result {
	var bl batchLine
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&bl); err != nil {
		return tool.Errorf(`line %d: want {"tool": NAME, "args": {...}}: %v`, n, err)
	}
	if bl.Tool == "" {
		return tool.Errorf(`line %d: "tool" is missing`, n)
	}
	res, err := d.Call(ctx, s, bl.Tool, bl.Args)
	if err != nil {
		return tool.Errorf("line %d: internal error in %s: %v", n, bl.Tool, err)
	}
	return res
}
