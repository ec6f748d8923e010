package javascript

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/interp"
	"github.com/google/go-cmp/cmp"
)

// run executes code and fails the test on a kernel fault.
func run(t *testing.T, k *Kernel, code string, bridge interp.Bridge) *interp.Cell {
	t.Helper()
	cell, err := k.Execute(context.Background(), code, bridge)
	if err != nil {
		t.Fatalf("Execute(%q): %v", code, err)
	}
	return cell
}

func out(kind interp.OutputKind, text string) interp.Output {
	return interp.Output{Kind: kind, Text: text}
}

// TestCells runs a notebook, cell after cell, in one kernel.
func TestCells(t *testing.T) {
	k := New(Config{})
	defer k.Close()
	for _, tc := range []struct {
		name string
		code string
		want []interp.Output
	}{
		{"declarations echo nothing", "let x = 40; const greet = n => 'hi ' + n", nil},
		{"state persists and the last expression is echoed", "x + 2", []interp.Output{out(interp.Value, "42")}},
		{"a string echo is quoted", "greet('ada')", []interp.Output{out(interp.Value, `"hi ada"`)}},
		{"undefined is not echoed", "undefined", nil},
		{"a call returning undefined is not echoed", "(function() {})()", nil},
		{"an object echo is JSON", "({a: 1, b: [true, null]})", []interp.Output{out(interp.Value, "{\n  \"a\": 1,\n  \"b\": [\n    true,\n    null\n  ]\n}")}},
		{"a function echo is its name", "greet", []interp.Output{out(interp.Value, "[Function: greet]")}},
		{"a let may be declared again", "let x = 1; x", []interp.Output{out(interp.Value, "1")}},
		{"console output in order, streams apart",
			"console.log('a', 1, {k: 'v'}); console.log('b'); console.error('oops'); console.log('c'); 7",
			[]interp.Output{out(interp.Stdout, "a 1 {\"k\":\"v\"}\nb\n"), out(interp.Stderr, "oops\n"), out(interp.Stdout, "c\n"), out(interp.Value, "7")}},
		{"display of a string", "display('plain text')", []interp.Output{out(interp.Text, "plain text")}},
		{"display of an array of objects is a table",
			"display([{name: 'ada', year: 1815}, {name: 'grace', year: 1906, navy: true}])",
			[]interp.Output{out(interp.Table, "name   year  navy\n-----  ----  ----\nada    1815\ngrace  1906  true")}},
		{"an echoed array of objects is a table too", "[{n: 1}, {n: 2}]", []interp.Output{out(interp.Table, "n\n-\n1\n2")}},
		{"an array of numbers is not a table", "[1, 2]", []interp.Output{out(interp.Value, "[\n  1,\n  2\n]")}},
		{"a thrown error gives its stack",
			"function boom() { throw new Error('no luck') }\nconsole.log('before'); boom()",
			[]interp.Output{out(interp.Stdout, "before\n"), out(interp.Error, "Error: no luck\n\tat boom (cell14:1:25(3))\n\tat cell14:2:28(8)")}},
		{"state from before the error is kept", "x", []interp.Output{out(interp.Value, "1")}},
		{"a thrown non-error says where", "throw 'bare'", []interp.Output{out(interp.Error, "Uncaught \"bare\"\n\tat cell16:1:1(1)")}},
		{"runaway recursion", "function down(n) { return down(n + 1) }\ndown(0)", []interp.Output{out(interp.Error, "RangeError: Maximum call stack size exceeded (10000 calls deep)\n\tat down (cell17:1:31(5))")}},
		{"a syntax error", "x +", []interp.Output{out(interp.Error, "SyntaxError: cell18: Line 1:4 Unexpected end of input")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cell := run(t, k, tc.code, nil)
			if diff := cmp.Diff(tc.want, cell.Outputs); diff != "" {
				t.Errorf("cell %q (-want +got):\n%s", tc.code, diff)
			}
		})
	}
}

func TestDisplayPNG(t *testing.T) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	k := New(Config{})
	defer k.Close()
	k.vm.Set("pngBytes", k.vm.NewArrayBuffer(buf.Bytes()))
	cell := run(t, k, "display(new Uint8Array(pngBytes))", nil)
	want := []interp.Output{{Kind: interp.Image, MimeType: "image/png", Data: buf.Bytes()}}
	if diff := cmp.Diff(want, cell.Outputs); diff != "" {
		t.Errorf("display of PNG bytes (-want +got):\n%s", diff)
	}
}

// TestBridge drives tool() against a bridge that answers like a registry:
// structured values come back as objects with the text, errors throw.
func TestBridge(t *testing.T) {
	var calls []string
	bridge := func(ctx context.Context, tool string, args json.RawMessage) (interp.Reply, error) {
		calls = append(calls, tool+" "+string(args))
		switch tool {
		case "read":
			return interp.Reply{Text: "hello", Structured: json.RawMessage(`{"path":"f.txt","lines":1}`)}, nil
		case "plain":
			return interp.Reply{Text: "just text"}, nil
		}
		return interp.Reply{}, errors.New("write is denied by this run's permission rules")
	}
	k := New(Config{})
	defer k.Close()
	for _, tc := range []struct {
		code string
		want []interp.Output
	}{
		{`const r = tool("read", {path: "f.txt"}); [r.path, r.lines, r.text].join("|")`, []interp.Output{out(interp.Value, `"f.txt|1|hello"`)}},
		{`tool("plain")`, []interp.Output{out(interp.Value, `"just text"`)}},
		{`try { tool("write", {path: "x", content: "y"}) } catch (e) { console.log("caught:", e.message) }`, []interp.Output{out(interp.Stdout, "caught: write is denied by this run's permission rules\n")}},
		{`tool(42)`, []interp.Output{out(interp.Error, "Error: tool(name, args): name must be a tool's name as a string, e.g. tool(\"read\", {path: \"f.txt\"})\n\tat tool (native)\n\tat cell4:1:5(2)")}},
	} {
		cell := run(t, k, tc.code, bridge)
		if diff := cmp.Diff(tc.want, cell.Outputs); diff != "" {
			t.Errorf("cell %q (-want +got):\n%s", tc.code, diff)
		}
	}
	want := []string{`read {"path":"f.txt"}`, `plain {}`, `write {"path":"x","content":"y"}`}
	if diff := cmp.Diff(want, calls); diff != "" {
		t.Errorf("bridge calls (-want +got):\n%s", diff)
	}
}

func TestInterrupt(t *testing.T) {
	k := New(Config{})
	defer k.Close()
	run(t, k, "let kept = 'yes'", nil)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	cell, err := k.Execute(ctx, "console.log('spinning'); while (true) {}", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !cell.Interrupted || len(cell.Outputs) != 2 || !strings.HasPrefix(cell.Outputs[1].Text, "Interrupted\n\tat cell2:1:") {
		t.Errorf("interrupted cell: %+v", cell)
	}
	// The kernel is usable afterwards, state intact.
	if got := run(t, k, "kept", nil).Outputs; !cmp.Equal(got, []interp.Output{out(interp.Value, `"yes"`)}) {
		t.Errorf("after the interrupt: %v", got)
	}
}

func TestOutputCap(t *testing.T) {
	k := New(Config{MaxOutput: 1000})
	defer k.Close()
	cell := run(t, k, "for (let i = 0; i < 1e6; i++) console.log('x'.repeat(99)); 'never'", nil)
	if !cell.Truncated || cell.Cap != 1000 || len(cell.Outputs) != 1 || len(cell.Outputs[0].Text) != 1000 {
		t.Errorf("capped cell: truncated %v, cap %d, %d outputs", cell.Truncated, cell.Cap, len(cell.Outputs))
	}
	// The next cell has a fresh budget.
	if got := run(t, k, "console.log('ok')", nil); got.Truncated {
		t.Errorf("the cap carried over: %+v", got)
	}
}

func TestClosed(t *testing.T) {
	k := New(Config{})
	k.Close()
	if _, err := k.Execute(context.Background(), "1", nil); err == nil {
		t.Error("Execute on a closed kernel did not fail")
	}
}
