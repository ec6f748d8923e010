package python

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/interp"
	"github.com/google/go-cmp/cmp"
)

// venv makes a project directory whose .venv is built on Debian's
// /usr/bin/python3 with its site packages (python3-pandas and
// python3-matplotlib), as a user's project would have. Without the venv
// module (python3-venv) the kernel runs /usr/bin/python3 itself; the
// returned python is then that.
func venv(t testing.TB) (dir, python string) {
	t.Helper()
	peers.Require(t, "python3")
	dir = t.TempDir()
	const system = "/usr/bin/python3"
	if _, err := os.Stat(system); err != nil {
		p, _ := peers.Find("python3")
		return dir, p
	}
	// --without-pip: pip comes from the system site packages, and the
	// venv is made in a tenth of a second instead of seconds.
	cmd := exec.Command(system, "-m", "venv", "--system-site-packages", "--without-pip", filepath.Join(dir, ".venv"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Logf("no venv (%v: %s); running %s directly", err, out, system)
		return dir, system
	}
	return dir, filepath.Join(dir, ".venv", "bin", "python")
}

// start starts a kernel in a fresh project directory.
func start(t *testing.T, cfg Config) (*Kernel, string) {
	t.Helper()
	dir, python := venv(t)
	cfg.Dir = dir
	if !strings.HasPrefix(python, dir) {
		cfg.Python = python
	}
	k, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { k.Close() })
	if cfg.Python == "" && k.python != python {
		t.Errorf("the kernel runs %s, not the project's %s", k.python, python)
	}
	return k, dir
}

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
	k, _ := start(t, Config{})
	for _, tc := range []struct {
		name string
		code string
		want []interp.Output
	}{
		{"assignments echo nothing", "import math\nx = 40\ndef greet(n):\n    return 'hi ' + n", nil},
		{"state persists and the last expression is echoed", "x + 2", []interp.Output{out(interp.Value, "42")}},
		{"imports persist", "math.floor(2.5)", []interp.Output{out(interp.Value, "2")}},
		{"a string echo is its repr", "greet('ada')", []interp.Output{out(interp.Value, "'hi ada'")}},
		{"None is not echoed", "None", nil},
		{"a trailing semicolon silences the echo", "x;", nil},
		{"only the last expression is echoed", "1\n2", []interp.Output{out(interp.Value, "2")}},
		{"print, a child and fd 1 in order",
			"import os, sys\nprint('a')\n!echo hi\nos.write(1, b'x\\n')\nprint('b')\n7",
			[]interp.Output{out(interp.Stdout, "a\nhi\nx\nb\n"), out(interp.Value, "7")}},
		{"streams apart, in order",
			"print('out 1'); print('err 1', file=sys.stderr); print('out 2')",
			[]interp.Output{out(interp.Stdout, "out 1\n"), out(interp.Stderr, "err 1\n"), out(interp.Stdout, "out 2\n")}},
		{"display of text", "display('plain text', [1, 2])", []interp.Output{out(interp.Text, "plain text"), out(interp.Text, "[1, 2]")}},
		{"x = !cmd gives lines", "lines = !printf 'a\\nb\\n'\nlines", []interp.Output{out(interp.Value, "['a', 'b']")}},
		{"%%bash", "%%bash\necho from bash\nexit 3", []interp.Output{out(interp.Stdout, "from bash\n"), out(interp.Error, "Traceback (most recent call last):\n  File \"<cell 12>\", line 1, in <module>\n    %%bash\nsubprocess.CalledProcessError: Command 'bash' returned non-zero exit status 3.")}},
		{"an error gives a traceback without the driver",
			"def boom():\n    raise ValueError('no luck')\nprint('before')\nboom()",
			[]interp.Output{out(interp.Stdout, "before\n"), out(interp.Error, "Traceback (most recent call last):\n  File \"<cell 13>\", line 4, in <module>\n    boom()\n  File \"<cell 13>\", line 2, in boom\n    raise ValueError('no luck')\nValueError: no luck")}},
		{"a syntax error", "x = (", []interp.Output{out(interp.Error, "  File \"<cell 14>\", line 1\n    x = (\n        ^\nSyntaxError: '(' was never closed")}},
		{"state from before the errors is kept", "x", []interp.Output{out(interp.Value, "40")}},
		{"input() does not hang", "input()", []interp.Output{out(interp.Error, "Traceback (most recent call last):\n  File \"<cell 16>\", line 1, in <module>\n    input()\nEOFError: EOF when reading a line")}},
		{"an unknown magic says what works", "%load foo.py", []interp.Output{out(interp.Error, "Traceback (most recent call last):\n  File \"<cell 17>\", line 1, in <module>\n    %load foo.py\nNotImplementedError: %load is not supported here: this is a plain Python interpreter that rewrites only %pip, %cd, %timeit, %env, !cmd, %%bash and %%timeit; write plain Python instead")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cell := run(t, k, tc.code, nil)
			if diff := cmp.Diff(tc.want, cell.Outputs); diff != "" {
				t.Errorf("cell %q (-want +got):\n%s", tc.code, diff)
			}
		})
	}
}

func TestMagics(t *testing.T) {
	k, dir := start(t, Config{})
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	real, _ := filepath.EvalSymlinks(dir)
	got := run(t, k, "%cd sub\n!pwd", nil).Outputs
	want := []interp.Output{out(interp.Stdout, filepath.Join(real, "sub")+"\n"+filepath.Join(real, "sub")+"\n")}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%%cd then !pwd (-want +got):\n%s", diff)
	}

	got = run(t, k, "%%timeit -n 3 -r 2\nsum(range(10))", nil).Outputs
	if len(got) != 1 || got[0].Kind != interp.Stdout || !strings.Contains(got[0].Text, "per loop (mean ± std. dev. of 2 runs, 3 loops each)") {
		t.Errorf("%%%%timeit: %v", got)
	}

	// pip is the interpreter's own, and needs no network to list.
	got = run(t, k, "%pip list", nil).Outputs
	if len(got) == 0 || got[0].Kind != interp.Stdout || !strings.Contains(got[0].Text, "pip") || !strings.Contains(got[0].Text, "Package") {
		t.Errorf("%%pip list: %v", got)
	}
	if c := run(t, k, "import pandas, sys\n%pip list --format=freeze\n'pandas' in sys.modules", nil); len(c.Outputs) != 2 || !cmp.Equal(c.Outputs[1], out(interp.Value, "True")) {
		t.Errorf("%%pip list dropped modules it did not install: %v", c.Outputs)
	}
}

func TestDataFrameAndPlot(t *testing.T) {
	k, _ := start(t, Config{})
	got := run(t, k, "import pandas as pd\ndf = pd.DataFrame({'n': range(100), 'sq': [i * i for i in range(100)]})\ndf", nil).Outputs
	if len(got) != 1 || got[0].Kind != interp.Table {
		t.Fatalf("DataFrame: %v", got)
	}
	table := got[0].Text
	for _, want := range []string{"     n    sq", "0    0     0", "99  99  9801", "..", "[100 rows x 2 columns]"} {
		if !strings.Contains(table, want) {
			t.Errorf("the table has no %q:\n%s", want, table)
		}
	}
	if n := strings.Count(table, "\n"); n > 15 {
		t.Errorf("the table is not capped: %d lines", n)
	}

	got = run(t, k, "import matplotlib.pyplot as plt\nplt.plot([1, 3, 2])\nprint('drawn')", nil).Outputs
	if len(got) != 2 || !cmp.Equal(got[0], out(interp.Stdout, "drawn\n")) || got[1].Kind != interp.Image || got[1].MimeType != "image/png" {
		t.Fatalf("plot: %v", got)
	}
	img, err := png.Decode(bytes.NewReader(got[1].Data))
	if err != nil {
		t.Fatalf("the plot is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
		t.Errorf("the plot is %v", b)
	}
	// The figure was closed: the next cell shows nothing.
	if got := run(t, k, "len(plt.get_fignums())", nil).Outputs; !cmp.Equal(got, []interp.Output{out(interp.Value, "0")}) {
		t.Errorf("after the plot: %v", got)
	}
}

// TestBridge drives tool() against a bridge that answers like a registry.
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
	k, _ := start(t, Config{})
	for _, tc := range []struct {
		code string
		want []interp.Output
	}{
		{`r = tool("read", {"path": "f.txt"}); print("before"); [r["path"], r["lines"], r["text"]]`, []interp.Output{out(interp.Stdout, "before\n"), out(interp.Value, "['f.txt', 1, 'hello']")}},
		{`tool("plain")`, []interp.Output{out(interp.Value, "'just text'")}},
		{"try:\n    tool('write', {'path': 'x', 'content': 'y'})\nexcept ToolError as e:\n    print('caught:', e)", []interp.Output{out(interp.Stdout, "caught: write is denied by this run's permission rules\n")}},
		{`tool("write", {"path": "x"})`, []interp.Output{out(interp.Error, "Traceback (most recent call last):\n  File \"<cell 4>\", line 1, in <module>\n    tool(\"write\", {\"path\": \"x\"})\nToolError: write is denied by this run's permission rules")}},
	} {
		cell := run(t, k, tc.code, bridge)
		if diff := cmp.Diff(tc.want, cell.Outputs); diff != "" {
			t.Errorf("cell %q (-want +got):\n%s", tc.code, diff)
		}
	}
	want := []string{`read {"path":"f.txt"}`, `plain {}`, `write {"path":"x","content":"y"}`, `write {"path":"x"}`}
	if diff := cmp.Diff(want, calls); diff != "" {
		t.Errorf("bridge calls (-want +got):\n%s", diff)
	}
}

// TestInterrupt: cancelling the cell raises KeyboardInterrupt in it; the
// state is kept.
func TestInterrupt(t *testing.T) {
	k, _ := start(t, Config{})
	run(t, k, "kept = 'yes'", nil)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	cell, err := k.Execute(ctx, "import time\nprint('sleeping')\ntime.sleep(60)", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !cell.Interrupted || len(cell.Outputs) != 2 || !strings.HasSuffix(cell.Outputs[1].Text, "KeyboardInterrupt") {
		t.Errorf("interrupted cell: %+v", cell)
	}
	if got := run(t, k, "kept", nil).Outputs; !cmp.Equal(got, []interp.Output{out(interp.Value, "'yes'")}) {
		t.Errorf("after the interrupt: %v", got)
	}
}

// TestInterruptIgnored: a cell that swallows KeyboardInterrupt is killed
// after the grace period, and Execute fails, saying the state is lost.
func TestInterruptIgnored(t *testing.T) {
	k, _ := start(t, Config{Grace: 500 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	_, err := k.Execute(ctx, "import time\nwhile True:\n    try:\n        time.sleep(60)\n    except KeyboardInterrupt:\n        pass", nil)
	if err == nil || !strings.Contains(err.Error(), "was killed: the variables and imports of earlier cells are lost") {
		t.Errorf("Execute = %v", err)
	}
}

// TestCrash: a process that dies is reported; the next cell starts a new
// one and says so.
func TestCrash(t *testing.T) {
	k, _ := start(t, Config{})
	for _, tc := range []struct{ code, status string }{
		{"import os\nx = 1\nprint('bye')\nos._exit(3)", "exit status 3"},
		{"import os, signal\nx = 1\nprint('bye')\nos.kill(os.getpid(), signal.SIGKILL)", "signal: killed"},
	} {
		got := run(t, k, tc.code, nil).Outputs
		want := []interp.Output{out(interp.Stdout, "bye\n"), out(interp.Error, "the Python process ended while the cell ran ("+tc.status+"): the variables and imports of earlier cells are lost, and the next cell starts a new process")}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("crash (-want +got):\n%s", diff)
		}
		got = run(t, k, "'x' in globals()", nil).Outputs
		want = []interp.Output{out(interp.Text, "[the Python process ended during the previous cell ("+tc.status+"); this cell runs in a new Python process: the variables and imports of earlier cells are gone]"), out(interp.Value, "False")}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("after the crash (-want +got):\n%s", diff)
		}
	}
}

// TestOutputCap: a cell that prints far more than the cap is stopped at
// it; the kernel goes on.
func TestOutputCap(t *testing.T) {
	k, _ := start(t, Config{})
	cell := run(t, k, "for i in range(100 * 1024):\n    print('x' * 1023)\n'not reached'", nil)
	if !cell.Truncated || len(cell.Outputs) != 1 || len(cell.Outputs[0].Text) != interp.DefaultMaxOutput {
		t.Errorf("capped cell: truncated %v, outputs %d", cell.Truncated, len(cell.Outputs))
	}
	if got := run(t, k, "'still here'", nil); got.Truncated || !cmp.Equal(got.Outputs, []interp.Output{out(interp.Value, "'still here'")}) {
		t.Errorf("after the cap: %+v", got)
	}
}

// TestChildOutput: output a grandchild writes late in the cell is the
// cell's, and the cell ends only after it is read.
func TestChildOutput(t *testing.T) {
	k, _ := start(t, Config{})
	got := run(t, k, "import subprocess\nsubprocess.run('sh -c \"sleep 0.2; echo late\"', shell=True)\nprint('after')", nil).Outputs
	if diff := cmp.Diff([]interp.Output{out(interp.Stdout, "late\nafter\n")}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestClosed(t *testing.T) {
	k, _ := start(t, Config{})
	k.Close()
	if _, err := k.Execute(context.Background(), "1", nil); err == nil {
		t.Error("Execute on a closed kernel did not fail")
	}
}

func TestPartialSuffix(t *testing.T) {
	p := []byte("\x00mark:")
	for _, tc := range []struct {
		b    string
		want int
	}{{"abc", 0}, {"abc\x00", 1}, {"abc\x00ma", 3}, {"\x00mark", 5}, {"", 0}} {
		if got := partialSuffix([]byte(tc.b), p); got != tc.want {
			t.Errorf("partialSuffix(%q) = %d, want %d", tc.b, got, tc.want)
		}
	}
}
