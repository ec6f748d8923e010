package tools

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/interp"
	"github.com/agenttools/agenttools/interp/golang"
	"github.com/agenttools/agenttools/interp/javascript"
	"github.com/agenttools/agenttools/interp/python"
	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// jsOnly is the kernel factory of this build: JavaScript, and no other
// language yet.
func jsOnly(ctx context.Context, lang interp.Language) (interp.Kernel, error) {
	if lang == interp.JavaScript {
		return javascript.New(javascript.Config{}), nil
	}
	return nil, interp.Unavailable(lang, interp.JavaScript)
}

// evalRun is a run with a working directory holding f.txt, the JavaScript
// kernel, and a rule that denies write.
func evalRun(t *testing.T, budget time.Duration) (*tool.Dispatcher, string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("first line\nsecond line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	kernels := interp.NewKernels(jsOnly)
	t.Cleanup(func() { kernels.Close() })
	d, err := Registry(&Run{
		Dir:         dir,
		Yes:         true,
		Rules:       map[string]tool.Rule{"write": tool.Deny},
		Kernels:     kernels,
		EvalTimeout: budget,
	})
	if err != nil {
		t.Fatal(err)
	}
	return d, dir
}

func js(code string) map[string]any {
	return map[string]any{"code": code, "description": "run a small javascript check here", "language": "javascript"}
}

func text(s string) tool.Content { return tool.Content{Type: "text", Text: s} }

// ignoreStructured compares what the model sees.
var ignoreStructured = cmpopts.IgnoreFields(tool.Result{}, "Structured")

// TestEval runs a notebook through the dispatcher, cell after cell, and
// checks each result exactly as the model reads it.
func TestEval(t *testing.T) {
	d, dir := evalRun(t, 0)
	for _, tc := range []struct {
		name string
		args map[string]any
		want tool.Result
	}{
		{"state is kept", js("let n = 20"), tool.Result{Content: []tool.Content{text("(no output)")}}},
		{"and echoed", js("n * 2 + 2"), tool.Result{Content: []tool.Content{text("42")}}},
		{"streams in order",
			js("console.log('out 1'); console.error('err 1'); console.log('out 2')"),
			tool.Result{Content: []tool.Content{text("out 1"), text("stderr:\nerr 1"), text("out 2")}}},
		{"display of text and of a table",
			js("display('rows:'); display([{id: 1, ok: true}, {id: 2, ok: false}])"),
			tool.Result{Content: []tool.Content{text("rows:"), text("id  ok\n--  -----\n1   true\n2   false")}}},
		{"tool() reads through the dispatcher",
			js(`const f = tool("read", {path: "f.txt"}); console.log(f.path, f.total_lines); f.text`),
			tool.Result{Content: []tool.Content{text("f.txt 2"), text(`"     1\tfirst line\n     2\tsecond line\n"`)}}},
		{"a denied tool throws in the cell",
			js(`tool("write", {path: "g.txt", content: "x"})`),
			tool.Result{IsError: true, Content: []tool.Content{text("Error: write is denied by this run's permission rules; do not retry it, find another way or ask the user to change the rule\n\tat tool (native)\n\tat cell6:1:5(7)")}}},
		{"eval is not reachable from a cell",
			js(`try { tool("eval", {code: "1"}) } catch (e) { e.message }`),
			tool.Result{Content: []tool.Content{text(`"eval cannot be called from inside a cell; run that code in this cell instead"`)}}},
		{"an error keeps earlier state",
			js("n = 7; missing()"),
			tool.Result{IsError: true, Content: []tool.Content{text("ReferenceError: missing is not defined\n\tat cell8:1:15(4)")}}},
		{"state after the error", js("n"), tool.Result{Content: []tool.Content{text("7")}}},
		{"reset drops state",
			map[string]any{"code": "typeof n", "description": "check that the reset cleared state", "language": "javascript", "reset": true},
			tool.Result{Content: []tool.Content{text(`"undefined"`)}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := call(t, d, "eval", tc.args)
			if diff := cmp.Diff(tc.want, got, ignoreStructured); diff != "" {
				t.Errorf("eval %q (-want +got):\n%s", tc.args["code"], diff)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "g.txt")); !os.IsNotExist(err) {
		t.Errorf("the denied write happened: %v", err)
	}
}

func TestEvalStructured(t *testing.T) {
	d, _ := evalRun(t, 0)
	got := call(t, d, "eval", js("console.log('hi'); 1 + 1"))
	want := evalResult{Language: "javascript", Outputs: []evalOutput{{Kind: interp.Stdout, Text: "hi\n"}, {Kind: interp.Value, Text: "2"}}}
	if diff := cmp.Diff(want, got.Structured); diff != "" {
		t.Errorf("structured (-want +got):\n%s", diff)
	}
}

func TestEvalBadInput(t *testing.T) {
	d, _ := evalRun(t, 0)
	for _, tc := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"empty code", map[string]any{"code": "  \n", "description": "run nothing at all, on purpose"}, "code: the cell is empty; give the code to run"},
		{"no description", map[string]any{"code": "1"}, `eval: missing required argument "description"`},
		{"a 4-word description", map[string]any{"code": "1", "description": "add one and one"}, "description: want 5 to 10 words saying what the cell does, for the transcript; got 4"},
		{"an 11-word description", map[string]any{"code": "1", "description": "one two three four five six seven eight nine ten eleven"}, "description: want 5 to 10 words saying what the cell does, for the transcript; got 11"},
		{"an unknown language", map[string]any{"code": "1", "description": "run a cell in ruby please", "language": "ruby"}, `eval: argument "language": must be one of [python javascript go], got "ruby"`},
		{"python is not in this build yet", map[string]any{"code": "1", "description": "run a cell in python please"}, "language: the python kernel is not available in this build yet; the languages available are: javascript"},
		{"neither is go", map[string]any{"code": "1", "description": "run a cell in go please", "language": "go"}, "language: the go kernel is not available in this build yet; the languages available are: javascript"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := call(t, d, "eval", tc.args)
			if diff := cmp.Diff(tool.Errorf("%s", tc.want), got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestEvalOutputCap prints 100 MB; the cell stops at the cap, says so,
// and the kernel goes on.
func TestEvalOutputCap(t *testing.T) {
	d, _ := evalRun(t, 0)
	got := call(t, d, "eval", js("for (let i = 0; i < 100 * 1024; i++) console.log('x'.repeat(1023)); 'not reached'"))
	if !got.IsError || len(got.Content) != 2 {
		t.Fatalf("capped cell: isError %v, %d content items", got.IsError, len(got.Content))
	}
	if n := len(got.Content[0].Text); n != interp.DefaultMaxOutput-1 { // less the trimmed final newline
		t.Errorf("kept %d bytes of output, want the cap", n)
	}
	want := `[the cell was stopped: its output reached the cap of 1 MiB per cell. Print less (a summary, the head and tail), or write large results to a file with tool("write", …).]`
	if got.Content[1].Text != want {
		t.Errorf("note = %q, want %q", got.Content[1].Text, want)
	}
	if got := call(t, d, "eval", js("'still here'")); got.TextContent() != `"still here"` {
		t.Errorf("after the cap: %v", got)
	}
}

// TestEvalTimeout: a busy loop with no output is interrupted once the
// budget passes, and says so plainly.
func TestEvalTimeout(t *testing.T) {
	d, _ := evalRun(t, 200*time.Millisecond)
	call(t, d, "eval", js("let before = 'kept'"))
	got := call(t, d, "eval", js("while (true) {}"))
	want := tool.Result{IsError: true, Content: []tool.Content{
		text("Interrupted\n\tat cell2:1:"), // the rest is goja's program counter
		text("[the cell was interrupted after 200ms with no activity (no output, no tool call in flight), the eval timeout. What it defined before that is kept. Make the work finish sooner, or print progress as it goes.]"),
	}}
	if len(got.Content) == 2 && strings.HasPrefix(got.Content[0].Text, want.Content[0].Text) {
		want.Content[0] = got.Content[0]
	}
	if diff := cmp.Diff(want, got, ignoreStructured); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if st := got.Structured.(evalResult); st.Interrupted != "timeout" {
		t.Errorf("structured interrupted = %q, want timeout", st.Interrupted)
	}
	if got := call(t, d, "eval", js("before")); got.TextContent() != `"kept"` {
		t.Errorf("after the timeout: %v", got)
	}
}

// TestEvalBridgePausesTimeout: a tool call that lasts twice the budget
// does not trip it.
func TestEvalBridgePausesTimeout(t *testing.T) {
	const budget = 200 * time.Millisecond
	d, _ := evalRun(t, budget)
	err := d.Wrap("read", func(next tool.Handler) tool.Handler {
		return func(ctx context.Context, args json.RawMessage) (tool.Result, error) {
			time.Sleep(2 * budget)
			return next(ctx, args)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	got := call(t, d, "eval", js(`tool("read", {path: "f.txt"}).total_lines`))
	if diff := cmp.Diff(tool.Result{Content: []tool.Content{text("2")}}, got, ignoreStructured); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestEvalCancelled(t *testing.T) {
	d, _ := evalRun(t, 0)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	got, err := d.Call(ctx, tool.Full, "eval", json.RawMessage(`{"code":"while (true) {}","description":"spin until the caller gives up","language":"javascript"}`))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(got.Content); !got.IsError || n == 0 || got.Content[n-1].Text != "[the cell was interrupted: the call was cancelled. What it defined before that is kept.]" {
		t.Errorf("cancelled cell: %+v", got)
	}
}

func TestEvalImage(t *testing.T) {
	d, _ := evalRun(t, 0)
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewGray(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	nums := make([]string, img.Len())
	for i, b := range img.Bytes() {
		nums[i] = strconv.Itoa(int(b))
	}
	got := call(t, d, "eval", js("console.log('plot:'); display(new Uint8Array(["+strings.Join(nums, ",")+"]))"))
	want := tool.Result{Content: []tool.Content{text("plot:"), {Type: "image", MimeType: "image/png", Data: base64.StdEncoding.EncodeToString(img.Bytes())}}}
	if diff := cmp.Diff(want, got, ignoreStructured); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// pyRun is a run like evalRun's whose working directory also has a .venv
// made from Debian's /usr/bin/python3 with its site packages (pandas,
// matplotlib), which the Python kernel finds there as it would in a
// project. Without the venv module the kernel runs /usr/bin/python3.
func pyRun(t *testing.T, budget time.Duration) (*tool.Dispatcher, string) {
	t.Helper()
	peers.Require(t, "python3")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("first line\nsecond line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := python.Config{Dir: dir, Grace: 2 * time.Second}
	if out, err := exec.Command("/usr/bin/python3", "-m", "venv", "--system-site-packages", "--without-pip", filepath.Join(dir, ".venv")).CombinedOutput(); err != nil {
		t.Logf("no venv (%v: %s); running python3 directly", err, out)
		cfg.Python, _ = peers.Find("python3")
	}
	kernels := interp.NewKernels(func(ctx context.Context, lang interp.Language) (interp.Kernel, error) {
		if lang == interp.Python {
			return python.New(ctx, cfg)
		}
		return jsOnly(ctx, lang)
	})
	t.Cleanup(func() { kernels.Close() })
	d, err := Registry(&Run{
		Dir:         dir,
		Yes:         true,
		Rules:       map[string]tool.Rule{"write": tool.Deny},
		Kernels:     kernels,
		EvalTimeout: budget,
	})
	if err != nil {
		t.Fatal(err)
	}
	return d, dir
}

func py(code string) map[string]any {
	return map[string]any{"code": code, "description": "run a small python check here"}
}

// TestEvalPython runs a Python notebook through the dispatcher, with the
// bridge going through the real registry and its rules.
func TestEvalPython(t *testing.T) {
	d, dir := pyRun(t, 0)
	for _, tc := range []struct {
		name string
		args map[string]any
		want tool.Result
	}{
		{"python is the default language", py("n = 20"), tool.Result{Content: []tool.Content{text("(no output)")}}},
		{"state is kept and echoed", py("n * 2 + 2"), tool.Result{Content: []tool.Content{text("42")}}},
		{"streams in order",
			py("import os, sys\nprint('out 1')\n!echo child\nos.write(1, b'fd 1\\n')\nprint('err 1', file=sys.stderr)\nprint('out 2')"),
			tool.Result{Content: []tool.Content{text("out 1\nchild\nfd 1"), text("stderr:\nerr 1"), text("out 2")}}},
		{"tool() reads through the dispatcher",
			py(`f = tool("read", {"path": "f.txt"}); print(f["path"], f["total_lines"]); f["text"]`),
			tool.Result{Content: []tool.Content{text("f.txt 2"), text(`'     1\tfirst line\n     2\tsecond line\n'`)}}},
		{"a denied tool raises in the cell",
			py(`tool("write", {"path": "g.txt", "content": "x"})`),
			tool.Result{IsError: true, Content: []tool.Content{text("Traceback (most recent call last):\n  File \"<cell 5>\", line 1, in <module>\n    tool(\"write\", {\"path\": \"g.txt\", \"content\": \"x\"})\nToolError: write is denied by this run's permission rules; do not retry it, find another way or ask the user to change the rule")}}},
		{"a syntax error keeps earlier state", py("n = ("), tool.Result{IsError: true, Content: []tool.Content{text("  File \"<cell 6>\", line 1\n    n = (\n        ^\nSyntaxError: '(' was never closed")}}},
		{"state after the error", py("n"), tool.Result{Content: []tool.Content{text("20")}}},
		{"reset drops state",
			map[string]any{"code": "'n' in globals()", "description": "check that the reset cleared state", "reset": true},
			tool.Result{Content: []tool.Content{text("False")}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := call(t, d, "eval", tc.args)
			if diff := cmp.Diff(tc.want, got, ignoreStructured); diff != "" {
				t.Errorf("eval %q (-want +got):\n%s", tc.args["code"], diff)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "g.txt")); !os.IsNotExist(err) {
		t.Errorf("the denied write happened: %v", err)
	}
}

// TestEvalPythonTimeout: a sleep with no output is interrupted once the
// budget passes (KeyboardInterrupt), and the state is kept.
func TestEvalPythonTimeout(t *testing.T) {
	d, _ := pyRun(t, time.Second)
	call(t, d, "eval", py("before = 'kept'"))
	got := call(t, d, "eval", py("import time\ntime.sleep(60)"))
	if n := len(got.Content); !got.IsError || n != 2 || !strings.HasSuffix(got.Content[0].Text, "KeyboardInterrupt") ||
		got.Content[1].Text != "[the cell was interrupted after 1 second with no activity (no output, no tool call in flight), the eval timeout. What it defined before that is kept. Make the work finish sooner, or print progress as it goes.]" {
		t.Errorf("timed-out cell: %+v", got)
	}
	if got := call(t, d, "eval", py("before")); got.TextContent() != "'kept'" {
		t.Errorf("after the timeout: %v", got)
	}
}

// TestEvalTimeoutSeconds: timeout_seconds sets one cell's budget, below
// the run's; the kernel answers the next cell, and a budget out of range
// names the argument.
func TestEvalTimeoutSeconds(t *testing.T) {
	d, _ := pyRun(t, 5*time.Minute)
	cell := py("while True: pass")
	cell["timeout_seconds"] = 2
	got := call(t, d, "eval", cell)
	if n := len(got.Content); !got.IsError || n != 2 || !strings.HasSuffix(got.Content[0].Text, "KeyboardInterrupt") ||
		got.Content[1].Text != "[the cell was interrupted after 2 seconds with no activity (no output, no tool call in flight), the eval timeout. What it defined before that is kept. Make the work finish sooner, or print progress as it goes.]" {
		t.Errorf("timed-out cell: %+v", got)
	}
	if got := call(t, d, "eval", py("1 + 1")); got.IsError || got.TextContent() != "2" {
		t.Errorf("the next cell: %v", got)
	}
	for _, n := range []int{-1, 3601} {
		cell := py("1 + 1")
		cell["timeout_seconds"] = n
		got := call(t, d, "eval", cell)
		if !got.IsError || !strings.Contains(got.TextContent(), "timeout_seconds") {
			t.Errorf("timeout_seconds %d: want an error naming it, got %v", n, got)
		}
	}
}

// TestEvalPythonBridgePausesTimeout: a tool call that lasts longer than
// the budget does not trip it.
func TestEvalPythonBridgePausesTimeout(t *testing.T) {
	const budget = time.Second
	d, _ := pyRun(t, budget)
	err := d.Wrap("read", func(next tool.Handler) tool.Handler {
		return func(ctx context.Context, args json.RawMessage) (tool.Result, error) {
			time.Sleep(budget + budget/2)
			return next(ctx, args)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	got := call(t, d, "eval", py(`tool("read", {"path": "f.txt"})["total_lines"]`))
	if diff := cmp.Diff(tool.Result{Content: []tool.Content{text("2")}}, got, ignoreStructured); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestEvalPythonOutputCap prints 100 MB; the cell stops at the cap, says
// so, and the kernel goes on.
func TestEvalPythonOutputCap(t *testing.T) {
	d, _ := pyRun(t, 0)
	got := call(t, d, "eval", py("for i in range(100 * 1024):\n    print('x' * 1023)\n'not reached'"))
	if !got.IsError || len(got.Content) != 2 {
		t.Fatalf("capped cell: isError %v, %d content items", got.IsError, len(got.Content))
	}
	if n := len(got.Content[0].Text); n != interp.DefaultMaxOutput-1 {
		t.Errorf("kept %d bytes of output, want the cap", n)
	}
	if got := call(t, d, "eval", py("'still here'")); got.TextContent() != "'still here'" {
		t.Errorf("after the cap: %v", got)
	}
}

// TestEvalPythonRestart: a killed kernel is reported, and the next cell
// runs in a new one and says so.
func TestEvalPythonRestart(t *testing.T) {
	d, _ := pyRun(t, 0)
	got := call(t, d, "eval", py("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)"))
	want := tool.Result{IsError: true, Content: []tool.Content{text("the Python process ended while the cell ran (signal: killed): the variables and imports of earlier cells are lost, and the next cell starts a new process")}}
	if diff := cmp.Diff(want, got, ignoreStructured); diff != "" {
		t.Errorf("killed (-want +got):\n%s", diff)
	}
	got = call(t, d, "eval", py("1 + 1"))
	want = tool.Result{Content: []tool.Content{text("[the Python process ended during the previous cell (signal: killed); this cell runs in a new Python process: the variables and imports of earlier cells are gone]"), text("2")}}
	if diff := cmp.Diff(want, got, ignoreStructured); diff != "" {
		t.Errorf("after (-want +got):\n%s", diff)
	}
}

// TestEvalPythonPlot: a matplotlib figure comes back as an image content
// item that decodes as a PNG.
func TestEvalPythonPlot(t *testing.T) {
	d, _ := pyRun(t, 0)
	got := call(t, d, "eval", py("import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\nplt.show()"))
	if len(got.Content) != 1 || got.Content[0].Type != "image" || got.Content[0].MimeType != "image/png" {
		t.Fatalf("plot: %+v", got)
	}
	data, err := base64.StdEncoding.DecodeString(got.Content[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Errorf("the plot does not decode: %v", err)
	}
}

// goRun is a run like evalRun's with the Go kernel as well.
func goRun(t *testing.T, budget time.Duration) *tool.Dispatcher {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("first line\nsecond line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	kernels := interp.NewKernels(func(ctx context.Context, lang interp.Language) (interp.Kernel, error) {
		if lang == interp.Go {
			return golang.New(golang.Config{})
		}
		return jsOnly(ctx, lang)
	})
	t.Cleanup(func() { kernels.Close() })
	d, err := Registry(&Run{
		Dir:         dir,
		Yes:         true,
		Rules:       map[string]tool.Rule{"write": tool.Deny},
		Kernels:     kernels,
		EvalTimeout: budget,
	})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func goCell(code string) map[string]any {
	return map[string]any{"code": code, "description": "run a small go check here", "language": "go"}
}

// TestEvalGo runs a Go notebook through the dispatcher, with the bridge
// going through the real registry and its rules.
func TestEvalGo(t *testing.T) {
	d := goRun(t, 0)
	for _, tc := range []struct {
		name string
		args map[string]any
		want tool.Result
	}{
		{"state is kept", goCell("n := 20\nimport \"fmt\""), tool.Result{Content: []tool.Content{text("(no output)")}}},
		{"and echoed", goCell("n*2 + 2"), tool.Result{Content: []tool.Content{text("42")}}},
		{"streams in order",
			goCell("import \"os\"\nfmt.Println(\"out 1\")\nfmt.Fprintln(os.Stderr, \"err 1\")\nfmt.Println(\"out 2\")"),
			tool.Result{Content: []tool.Content{text("out 1"), text("stderr:\nerr 1"), text("out 2")}}},
		{"display of text and of a table",
			goCell("type row struct {\n\tID int\n\tOK bool\n}\ndisplay(\"rows:\", []row{{1, true}, {2, false}})"),
			tool.Result{Content: []tool.Content{text("rows:"), text("ID  OK\n--  -----\n1   true\n2   false")}}},
		{"tool() reads through the dispatcher",
			goCell("f, err := tool(\"read\", map[string]any{\"path\": \"f.txt\"})\nfmt.Println(f[\"path\"], f[\"total_lines\"], err)\nf[\"text\"]"),
			tool.Result{Content: []tool.Content{text("f.txt 2 <nil>"), text(`"     1\tfirst line\n     2\tsecond line\n"`)}}},
		{"a denied tool is an error value in the cell",
			goCell(`_, err := tool("write", map[string]any{"path": "g.txt", "content": "x"})` + "\nerr"),
			tool.Result{Content: []tool.Content{text("write is denied by this run's permission rules; do not retry it, find another way or ask the user to change the rule")}}},
		{"eval is not reachable from a cell",
			goCell(`_, err := tool("eval", map[string]any{"code": "1"})` + "\nerr"),
			tool.Result{Content: []tool.Content{text("eval cannot be called from inside a cell; run that code in this cell instead")}}},
		{"a panic keeps earlier state",
			goCell("n = 7\nvar m map[string]int\nm[\"k\"] = 1"),
			tool.Result{IsError: true, Content: []tool.Content{text("panic: assignment to entry in nil map\n\tat cell (3:1)")}}},
		{"state after the panic", goCell("n"), tool.Result{Content: []tool.Content{text("7")}}},
		{"a compile error", goCell("n + missing"), tool.Result{IsError: true, Content: []tool.Content{text("compile error: 1:5: undefined: missing")}}},
		{"reset drops state",
			map[string]any{"code": "n", "description": "check that the reset cleared state", "language": "go", "reset": true},
			tool.Result{IsError: true, Content: []tool.Content{text("compile error: 1:1: undefined: n")}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := call(t, d, "eval", tc.args)
			if diff := cmp.Diff(tc.want, got, ignoreStructured); diff != "" {
				t.Errorf("eval %q (-want +got):\n%s", tc.args["code"], diff)
			}
		})
	}
}

// TestEvalGoTimeout: a busy loop with no output is interrupted once the
// budget passes, and the state is kept.
func TestEvalGoTimeout(t *testing.T) {
	d := goRun(t, 200*time.Millisecond)
	call(t, d, "eval", goCell(`before := "kept"`))
	got := call(t, d, "eval", goCell("for {}"))
	want := tool.Result{IsError: true, Content: []tool.Content{
		text("Interrupted"),
		text("[the cell was interrupted after 200ms with no activity (no output, no tool call in flight), the eval timeout. What it defined before that is kept. Make the work finish sooner, or print progress as it goes.]"),
	}}
	if diff := cmp.Diff(want, got, ignoreStructured); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := call(t, d, "eval", goCell("before")); got.TextContent() != `"kept"` {
		t.Errorf("after the timeout: %v", got)
	}
}

// TestEvalGoStuck: a cell in a call the interpreter cannot interrupt
// costs the kernel, and the result says the state is gone.
func TestEvalGoStuck(t *testing.T) {
	d := goRun(t, 200*time.Millisecond)
	got := call(t, d, "eval", goCell("import \"time\"\ntime.Sleep(5 * time.Second)"))
	if !got.IsError || !strings.Contains(got.TextContent(), "cannot interrupt") || !strings.Contains(got.TextContent(), "without the state of the earlier cells") {
		t.Errorf("stuck cell: %+v", got)
	}
}

// TestEvalGoOutputCap prints 100 MB; the cell stops at the cap, says so,
// and the kernel goes on.
func TestEvalGoOutputCap(t *testing.T) {
	d := goRun(t, 0)
	got := call(t, d, "eval", goCell("import \"strings\"\nfor i := 0; i < 100*1024; i++ { println(strings.Repeat(\"x\", 1023)) }\n\"not reached\""))
	if !got.IsError || len(got.Content) != 2 {
		t.Fatalf("capped cell: isError %v, %d content items", got.IsError, len(got.Content))
	}
	if n := len(got.Content[0].Text); n != interp.DefaultMaxOutput-1 {
		t.Errorf("kept %d bytes of output, want the cap", n)
	}
	if got := call(t, d, "eval", goCell(`"still here"`)); got.TextContent() != `"still here"` {
		t.Errorf("after the cap: %v", got)
	}
}
