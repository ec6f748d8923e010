package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/creack/pty"
)

// TestSignalsEndTheRun starts serve and mcp with gopls, a Python kernel,
// a dlv session and a vibe worker running, and sends SIGTERM or, during a
// running cell, SIGINT: the process ends within two seconds, the call in
// flight is answered, and no process it started survives it.
func TestSignalsEndTheRun(t *testing.T) {
	for _, name := range []string{"gopls", "dlv", "python3"} {
		peers.Require(t, name)
	}
	for _, face := range []string{"serve", "mcp"} {
		for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
			t.Run(face+"/"+sig.String(), func(t *testing.T) {
				signalRun(t, face, sig)
			})
		}
	}
}

const sleeper = `package main

import "time"

func main() {
	for {
		time.Sleep(time.Second) // line 7
	}
}
`

func signalRun(t *testing.T, face string, sig syscall.Signal) {
	dir := t.TempDir()
	for name, body := range map[string]string{"go.mod": "module sleeper\n\ngo 1.22\n", "main.go": sleeper} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{face, "--vibe", "--worker-fast", "sleep 300"}
	if face == "serve" {
		args = append(args, "--yes")
	}
	c := startFace(t, dir, face, args...)
	c.call("lsp", map[string]any{"action": "hover", "file": "main.go", "line": 7, "symbol": "Sleep"})
	c.call("eval", map[string]any{"code": "x = 1", "description": "start the python kernel for the test"})
	c.call("debug", map[string]any{"operation": "breakpoints", "file": "main.go", "lines": []int{7}})
	c.call("debug", map[string]any{"operation": "launch", "program": "."})
	c.call("vibe_spawn", map[string]any{"brief": "sleep", "label": "sleeper"})

	pending := -1
	if sig == syscall.SIGINT {
		// A cell that never ends, running when the signal comes.
		pending = c.start("eval", map[string]any{"code": "open('spinning', 'w').close()\nwhile True: pass", "description": "spin until the signal comes"})
		waitFor(t, "the cell running", func() bool {
			_, err := os.Stat(filepath.Join(dir, "spinning"))
			return err == nil
		})
	}
	// The worker's shell starts sleep a moment after vibe_spawn returns.
	var kids []proc
	waitFor(t, "gopls, python3, dlv and the worker's sleep", func() bool {
		kids = descendants(c.cmd.Process.Pid)
		for _, want := range []string{"gopls", "python3", "dlv", "sleep"} {
			if !hasCommand(kids, want) {
				return false
			}
		}
		return true
	})
	c.signalled = true
	start := time.Now()
	c.cmd.Process.Signal(sig)
	if pending >= 0 {
		m := c.reply(pending)
		if res := result(m); res == nil || res["isError"] != true {
			t.Errorf("the cell running at %v was not answered as interrupted: %v", sig, m)
		}
	}
	select {
	case <-c.exited:
	case <-time.After(10 * time.Second):
		c.cmd.Process.Kill()
		t.Fatalf("%s did not end within 10 s of %v", face, sig)
	}
	took := time.Since(start)
	t.Logf("%s ended %v after %v", face, took.Round(time.Millisecond), sig)
	if took > 2*time.Second {
		t.Errorf("%s took %v to end after %v, want at most 2 s", face, took, sig)
	}
	// The killed children are reaped by init a moment after.
	waitFor(t, "every child gone", func() bool { return len(alive(kids)) == 0 })
}

// waitFor waits until cond holds, for at most ten seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s", what)
		}
	}
}

// A faceClient runs tools/call through a host of serve or MCP, whose
// requests it numbers.
type faceClient struct {
	*host
	ids int
}

func startFace(t *testing.T, dir, face string, args ...string) *faceClient {
	t.Helper()
	c := &faceClient{host: startHost(t, dir, args...)}
	if face == "serve" {
		c.reply(c.nextID("initialize", map[string]any{"human": false}))
	} else {
		c.reply(c.nextID("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
			"clientInfo": map[string]any{"name": "signals-test", "version": "1"}}))
		c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	}
	return c
}

// nextID sends a request under the next id, and returns the id.
func (c *faceClient) nextID(method string, params any) int {
	c.t.Helper()
	c.ids++
	c.request(c.ids, method, params)
	return c.ids
}

// start sends a tools/call and returns its id.
func (c *faceClient) start(name string, args map[string]any) int {
	return c.nextID("tools/call", map[string]any{"name": name, "arguments": args})
}

// call runs a tools/call and fails the test unless it succeeds.
func (c *faceClient) call(name string, args map[string]any) map[string]any {
	c.t.Helper()
	m := c.reply(c.start(name, args))
	res := result(m)
	if res == nil || res["isError"] == true {
		c.t.Fatalf("%s %v: %v", name, args, m)
	}
	return res
}

func result(m map[string]any) map[string]any {
	res, _ := m["result"].(map[string]any)
	return res
}

// A proc is a process seen in /proc.
type proc struct {
	pid  int
	comm string
}

// descendants lists every process below pid.
func descendants(pid int) []proc {
	parent := map[int]int{}
	comm := map[int]string{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, ok := stat(p); ok {
			parent[p], comm[p] = st.ppid, st.comm
		}
	}
	var out []proc
	var walk func(int)
	walk = func(p int) {
		for child, pp := range parent {
			if pp == p {
				out = append(out, proc{child, comm[child]})
				walk(child)
			}
		}
	}
	walk(pid)
	return out
}

type procStat struct {
	comm  string
	state byte
	ppid  int
}

// stat reads /proc/PID/stat: "pid (comm) state ppid …".
func stat(pid int) (procStat, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return procStat{}, false
	}
	s := string(b)
	open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || close < open {
		return procStat{}, false
	}
	fields := strings.Fields(s[close+1:])
	if len(fields) < 2 {
		return procStat{}, false
	}
	ppid, _ := strconv.Atoi(fields[1])
	return procStat{comm: s[open+1 : close], state: fields[0][0], ppid: ppid}, true
}

func hasCommand(ps []proc, name string) bool {
	for _, p := range ps {
		if strings.HasPrefix(p.comm, name) {
			return true
		}
	}
	return false
}

// alive is the processes of ps that still run: a zombie has ended.
func alive(ps []proc) []proc {
	var out []proc
	for _, p := range ps {
		if st, ok := stat(p.pid); ok && st.state != 'Z' && st.comm == p.comm {
			out = append(out, p)
		}
	}
	return out
}

// TestBatchInterruptAtTerminal runs batch with its stderr on a terminal,
// as a person does: the first SIGINT interrupts the running cell and
// keeps the kernel, the calls after it run, and a second SIGINT ends the
// run with its kernel. Without a terminal, SIGINT and SIGTERM end the
// run at once, answering the call in flight.
func TestBatchInterruptAtTerminal(t *testing.T) {
	peers.Require(t, "python3")
	for _, tc := range []struct {
		name     string
		terminal bool
		sig      syscall.Signal
	}{
		{"terminal", true, syscall.SIGINT},
		{"pipe/SIGINT", false, syscall.SIGINT},
		{"pipe/SIGTERM", false, syscall.SIGTERM},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := startBatch(t, tc.terminal)
			b.line(`{"tool":"eval","args":{"code":"x = 41","description":"define a variable for later cells to read"}}`)
			b.wantResult(false, "")
			b.spin("one")
			kids := descendants(b.cmd.Process.Pid)
			b.cmd.Process.Signal(tc.sig)
			b.wantResult(true, "cancelled")
			if tc.terminal {
				b.line(`{"tool":"eval","args":{"code":"x + 1","description":"read the variable that the kernel kept"}}`)
				b.wantResult(false, "42")
				b.spin("two")
				b.cmd.Process.Signal(syscall.SIGINT)
				b.wantResult(true, "cancelled")
			}
			start := time.Now()
			b.wait()
			t.Logf("batch ended %v after the last signal", time.Since(start).Round(time.Millisecond))
			waitFor(t, "the kernel gone", func() bool { return len(alive(kids)) == 0 })
		})
	}
}

// A batchRun is batch running the built binary, with its stdin a pipe we
// write calls to and its stderr, optionally, a terminal.
type batchRun struct {
	t     *testing.T
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *bufio.Scanner
}

func startBatch(t *testing.T, terminal bool) *batchRun {
	t.Helper()
	cmd := exec.Command(binary, "batch", "--yes")
	cmd.Dir = workdir(t)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if terminal {
		ptmx, tty, err := pty.Open()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ptmx.Close(); tty.Close() })
		go io.Copy(io.Discard, ptmx)
		cmd.Stderr = tty
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	sc := bufio.NewScanner(stdout)
	sc.Buffer(nil, 1<<24)
	return &batchRun{t: t, cmd: cmd, stdin: stdin, out: sc}
}

// spin sends a cell that marks a file with name and then spins, and
// waits until the mark is there: the cell runs, and a signal now comes
// during the call, not between two.
func (b *batchRun) spin(name string) {
	b.t.Helper()
	b.line(`{"tool":"eval","args":{"code":"open('` + name + `', 'w').close()\nwhile True: pass","description":"spin in a loop until a signal interrupts it"}}`)
	waitFor(b.t, "the cell running", func() bool {
		_, err := os.Stat(filepath.Join(b.cmd.Dir, name))
		return err == nil
	})
}

func (b *batchRun) line(s string) {
	b.t.Helper()
	if _, err := io.WriteString(b.stdin, s+"\n"); err != nil {
		b.t.Fatal(err)
	}
}

// wantResult reads the next result line: whether it is an error, and the
// text it holds or, for an interrupted cell, why it was interrupted.
func (b *batchRun) wantResult(isError bool, want string) {
	b.t.Helper()
	if !b.out.Scan() {
		b.t.Fatalf("batch ended without a result: %v", b.out.Err())
	}
	var res struct {
		IsError    bool `json:"isError"`
		Structured struct {
			Interrupted string `json:"interrupted"`
		} `json:"structured"`
	}
	if err := json.Unmarshal(b.out.Bytes(), &res); err != nil {
		b.t.Fatalf("a result line is not JSON: %q", b.out.Text())
	}
	if res.IsError != isError || !strings.Contains(b.out.Text(), want) || (want == "cancelled" && res.Structured.Interrupted != want) {
		b.t.Errorf("result %s, want isError %v with %q", b.out.Text(), isError, want)
	}
}

// wait waits for batch to end, for at most two seconds.
func (b *batchRun) wait() {
	b.t.Helper()
	done := make(chan error, 1)
	go func() { done <- b.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		b.t.Errorf("batch did not end within 2 s of the signal")
	}
}

// TestCallSignal: SIGTERM during call's running cell ends the call,
// whose interrupted result is still printed, and its kernel.
func TestCallSignal(t *testing.T) {
	peers.Require(t, "python3")
	dir := workdir(t)
	cmd := exec.Command(binary, "call", "--yes", "--json", "eval", `{"code":"open('started', 'w').close()\nwhile True: pass","description":"spin in a loop until a signal interrupts it"}`)
	cmd.Dir = dir
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	b := &batchRun{t: t, cmd: cmd}
	// The kernel spins as it starts, too: the cell says when it runs.
	waitFor(t, "the cell running", func() bool {
		_, err := os.Stat(filepath.Join(dir, "started"))
		return err == nil
	})
	kids := descendants(cmd.Process.Pid)
	cmd.Process.Signal(syscall.SIGTERM)
	b.wait()
	if code := cmd.ProcessState.ExitCode(); code != ExitToolError || !strings.Contains(out.String(), `"interrupted":"cancelled"`) {
		t.Errorf("call after SIGTERM: exit code %d, stdout %s", code, out.String())
	}
	waitFor(t, "the kernel gone", func() bool { return len(alive(kids)) == 0 })
}
