package golang

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agenttools/agenttools/interp"
	"github.com/google/go-cmp/cmp"
	yaegi "github.com/traefik/yaegi/interp"
)

func start(t *testing.T, cfg Config) *Kernel {
	t.Helper()
	k, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { k.Close() })
	return k
}

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
	k := start(t, Config{})
	for _, tc := range []struct {
		name string
		code string
		want []interp.Output
	}{
		{"a statement echoes nothing", "x := 40", nil},
		{"a variable persists and the last expression is echoed", "x + 2", []interp.Output{out(interp.Value, "42")}},
		{"an import persists", `import "strings"`, nil},
		{"and is usable in the next cell", `strings.ToUpper("hi")`, []interp.Output{out(interp.Value, `"HI"`)}},
		{"declarations and statements mix in a cell",
			"import \"fmt\"\ntype lang struct {\n\tName string\n\tyear int\n}\nfunc label(l lang) string { return fmt.Sprint(l.Name, \" \", l.year) }\ng := lang{\"Go\", 2009}",
			nil},
		{"a function and a type persist", `label(g)`, []interp.Output{out(interp.Value, `"Go 2009"`)}},
		{"a struct echo names its fields and quotes its strings", `g`, []interp.Output{out(interp.Value, `{Name:"Go" year:2009}`)}},
		{"an import made again is no error", "import \"strings\"\nstrings.Repeat(\"ab\", 2)", []interp.Output{out(interp.Value, `"abab"`)}},
		{"a declaration may be made again", "func label(l lang) string { return l.Name }\nlabel(g)", []interp.Output{out(interp.Value, `"Go"`)}},
		{"a call with no result echoes nothing", "func noop() {}\nnoop()", nil},
		{"a print's byte count is not echoed", `fmt.Println("printed")`, []interp.Output{out(interp.Stdout, "printed\n")}},
		{"a nil error is not echoed", "import \"strconv\"\nstrconv.Atoi(\"12\")", []interp.Output{out(interp.Value, "12")}},
		{"a failed call shows every result", `strconv.Atoi("twelve")`, []interp.Output{out(interp.Value, `0, strconv.Atoi: parsing "twelve": invalid syntax`)}},
		{"a nil variable is echoed", "var err error\nerr", []interp.Output{out(interp.Value, "<nil>")}},
		{"a String method is used", "func (l lang) String() string { return l.Name + \"!\" }\ng", []interp.Output{out(interp.Value, "Go!")}},
		{"a function echo is its type", "label", []interp.Output{out(interp.Value, "func(struct { Name string; Xyear int }) string")}},
		{"a trailing comment is not part of the echo", "x * 2 // doubled", []interp.Output{out(interp.Value, "80")}},
		{"output in order, streams apart",
			"import \"os\"\nfmt.Println(\"a\", 1)\nprint(\"b\\n\")\nfmt.Fprintln(os.Stderr, \"oops\")\nos.Stdout.WriteString(\"c\\n\")\n7",
			[]interp.Output{out(interp.Stdout, "a 1\nb\n"), out(interp.Stderr, "oops\n"), out(interp.Stdout, "c\n"), out(interp.Value, "7")}},
		{"display of a string", `display("plain text")`, []interp.Output{out(interp.Text, "plain text")}},
		{"display of a slice of structs is a table",
			`display([]lang{{"Go", 2009}, {"JavaScript", 1995}})`,
			[]interp.Output{out(interp.Table, "Name        year\n----------  ----\nGo          2009\nJavaScript  1995")}},
		{"an echoed slice of maps is a table too",
			`[]map[string]any{{"n": 1, "ok": true}, {"n": 2, "note": "a b"}}`,
			[]interp.Output{out(interp.Table, "n  ok    note\n-  ----  ----\n1  true\n2        a b")}},
		{"a slice of numbers is not a table", "[]int{1, 2}", []interp.Output{out(interp.Value, "[1 2]")}},
		{"a runtime panic gives its trace",
			"func boom() {\n\tvar m map[string]int\n\tm[\"k\"] = 1\n}\nx = 7\nfmt.Println(\"before\")\nboom()",
			[]interp.Output{out(interp.Stdout, "before\n"), out(interp.Error, "panic: assignment to entry in nil map\n\tat main.boom (2:6)\n\tat cell (7:1)")}},
		{"state from before the panic is kept", "x", []interp.Output{out(interp.Value, "7")}},
		{"a panic with an error", `panic(fmt.Errorf("no luck"))`, []interp.Output{out(interp.Error, "panic: no luck\n\tat cell (1:7)")}},
		{"a compile error", "y := 1\nx + missing", []interp.Output{out(interp.Error, "compile error: 2:5: undefined: missing")}},
		{"a syntax error runs nothing", "x = 100\nx +", []interp.Output{out(interp.Error, "syntax error: 3:1: expected operand, found '}'")}},
		{"state after the errors", "x", []interp.Output{out(interp.Value, "7")}},
		{"os.Exit does not end the engine", "os.Exit(3)", []interp.Output{out(interp.Error, "panic: os.Exit(3)\n\tat cell (1:1)")}},
		{"stdin is empty", "import \"io\"\nio.ReadAll(os.Stdin)", []interp.Output{out(interp.Value, "[]")}},
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
	k := start(t, Config{})
	cell := run(t, k, fmt.Sprintf("img := %#v\ndisplay(img)", buf.Bytes()), nil)
	want := []interp.Output{{Kind: interp.Image, MimeType: "image/png", Data: buf.Bytes()}}
	if diff := cmp.Diff(want, cell.Outputs); diff != "" {
		t.Errorf("display of PNG bytes (-want +got):\n%s", diff)
	}
}

// TestBridge drives tool() against a bridge that answers like a registry:
// structured values come back as maps with the text, errors as errors.
func TestBridge(t *testing.T) {
	var calls []string
	bridge := func(ctx context.Context, tool string, args json.RawMessage) (interp.Reply, error) {
		calls = append(calls, tool+" "+string(args))
		switch tool {
		case "read":
			return interp.Reply{Text: "hello", Structured: json.RawMessage(`{"path":"f.txt","lines":1}`)}, nil
		case "plain":
			return interp.Reply{Text: "just text"}, nil
		case "list":
			return interp.Reply{Text: "a, b", Structured: json.RawMessage(`["a","b"]`)}, nil
		}
		return interp.Reply{}, errors.New("write is denied by this run's permission rules")
	}
	k := start(t, Config{})
	for _, tc := range []struct {
		code string
		want []interp.Output
	}{
		{"r, err := tool(\"read\", map[string]any{\"path\": \"f.txt\"})\nimport \"fmt\"\nfmt.Sprint(r[\"path\"], \"|\", r[\"lines\"], \"|\", r[\"text\"], \"|\", err)", []interp.Output{out(interp.Value, `"f.txt|1|hello|<nil>"`)}},
		{`tool("plain", nil)`, []interp.Output{out(interp.Value, `map["text":"just text"]`)}},
		{`tool("list", nil)`, []interp.Output{out(interp.Value, `map["text":"a, b" "value":["a" "b"]]`)}},
		{"_, err := tool(\"write\", map[string]any{\"path\": \"x\", \"content\": \"y\"})\nfmt.Println(\"error:\", err)", []interp.Output{out(interp.Stdout, "error: write is denied by this run's permission rules\n")}},
		{`tool("", nil)`, []interp.Output{out(interp.Value, `map[], tool(name, args): name must be a tool's name, e.g. tool("read", map[string]any{"path": "f.txt"})`)}},
	} {
		cell := run(t, k, tc.code, bridge)
		if diff := cmp.Diff(tc.want, cell.Outputs); diff != "" {
			t.Errorf("cell %q (-want +got):\n%s", tc.code, diff)
		}
	}
	want := []string{`read {"path":"f.txt"}`, `plain {}`, `list {}`, `write {"content":"y","path":"x"}`}
	if diff := cmp.Diff(want, calls); diff != "" {
		t.Errorf("bridge calls (-want +got):\n%s", diff)
	}
	if got := run(t, k, `tool("read", nil)`, nil).Outputs; !cmp.Equal(got, []interp.Output{out(interp.Value, `map[], tool() is not connected in this kernel`)}) {
		t.Errorf("without a bridge: %v", got)
	}
}

// TestInterrupt: a cancelled context stops a tight loop promptly, and the
// kernel goes on with its state.
func TestInterrupt(t *testing.T) {
	for _, loop := range []string{"for {}", "n := 0\nfor { n++ }", "select {}", "func spin() { for {} }\nspin()"} {
		t.Run(loop, func(t *testing.T) {
			k := start(t, Config{})
			run(t, k, `kept := "yes"`, nil)
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(100*time.Millisecond, cancel)
			began := time.Now()
			cell, err := k.Execute(ctx, "println(\"spinning\")\n"+loop, nil)
			if err != nil {
				t.Fatal(err)
			}
			if took := time.Since(began); took > time.Second {
				t.Errorf("the interrupt took %v", took)
			}
			want := []interp.Output{out(interp.Stdout, "spinning\n"), out(interp.Error, "Interrupted")}
			if diff := cmp.Diff(want, cell.Outputs); diff != "" || !cell.Interrupted {
				t.Errorf("interrupted cell, Interrupted %v (-want +got):\n%s", cell.Interrupted, diff)
			}
			if got := run(t, k, "kept", nil).Outputs; !cmp.Equal(got, []interp.Output{out(interp.Value, `"yes"`)}) {
				t.Errorf("after the interrupt: %v", got)
			}
		})
	}
}

// TestInterruptStuck: a cell inside a call yaegi cannot interrupt is given
// up after the grace, and the kernel with it.
func TestInterruptStuck(t *testing.T) {
	k := start(t, Config{StopGrace: 200 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err := k.Execute(ctx, "import \"time\"\ntime.Sleep(3 * time.Second)", nil)
	if err == nil || !strings.Contains(err.Error(), "cannot interrupt") {
		t.Fatalf("Execute = %v, want the kernel to fail", err)
	}
	if _, err := k.Execute(context.Background(), "1", nil); err == nil {
		t.Error("the kernel is still in use after it was given up")
	}
}

func TestOutputCap(t *testing.T) {
	k := start(t, Config{MaxOutput: 1000})
	cell := run(t, k, "import \"strings\"\nfor i := 0; i < 1000000; i++ { println(strings.Repeat(\"x\", 99)) }\n\"never\"", nil)
	if !cell.Truncated || cell.Cap != 1000 || len(cell.Outputs) != 1 || len(cell.Outputs[0].Text) != 1000 {
		t.Errorf("capped cell: truncated %v, cap %d, outputs %d", cell.Truncated, cell.Cap, len(cell.Outputs))
	}
	// The next cell has a fresh budget.
	if got := run(t, k, `println("ok")`, nil); got.Truncated {
		t.Errorf("the cap carried over: %+v", got)
	}
}

// TestSplit checks how a cell is cut into steps.
func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		code string
		want []string // each step's source, its layout newlines trimmed
	}{
		{"x := 1\ny := 2", []string{"x := 1\ny := 2"}},
		{"x := 1\nx", []string{"x := 1", echoFunc + "(\n\nx)"}},
		{"func (p P) M() {}\nfunc() {}()\nx := 1", []string{"func (p P) M() {}", "func() {}()\nx := 1"}},
		{"func(n int) int { return n }(1) // one", []string{echoFunc + "(\nfunc(n int) int { return n }(1))"}},
		{"type T int; import \"os\"", []string{"type T int", "import \"os\""}},
		{"import \"os\"\nimport \"fmt\"\nfunc f() {}", []string{"import \"os\"\nimport \"fmt\"\nfunc f() {}"}},
	} {
		steps, err := plan(tc.code, map[string]bool{})
		if err != nil {
			t.Errorf("plan(%q): %v", tc.code, err)
			continue
		}
		var got []string
		for _, s := range steps {
			got = append(got, strings.Trim(s.src, "\n "))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("plan(%q) (-want +got):\n%s", tc.code, diff)
		}
	}
}

func TestClosed(t *testing.T) {
	k := start(t, Config{})
	k.Close()
	if _, err := k.Execute(context.Background(), "1", nil); err == nil {
		t.Error("Execute on a closed kernel did not fail")
	}
}

// TestCloseStopsGoroutines: a goroutine a cell left running stops when
// the kernel is closed.
func TestCloseStopsGoroutines(t *testing.T) {
	k := start(t, Config{})
	var beats atomic.Int64
	err := k.vm.Use(yaegi.Exports{"probe/probe": {"Beat": reflect.ValueOf(func() { beats.Add(1) })}})
	if err != nil {
		t.Fatal(err)
	}
	run(t, k, "import \"probe\"\nfunc beat() {\n\tfor {\n\t\tprobe.Beat()\n\t}\n}\ngo beat()", nil)
	beating := func() bool {
		n := beats.Load()
		time.Sleep(50 * time.Millisecond)
		return beats.Load() != n
	}
	if !beating() {
		t.Fatal("the cell's goroutine is not running")
	}
	k.Close()
	deadline := time.Now().Add(2 * time.Second)
	for beating() {
		if time.Now().After(deadline) {
			t.Fatal("the cell's goroutine still runs after Close")
		}
	}
}
