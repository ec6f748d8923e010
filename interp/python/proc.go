package python

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"

	_ "embed"

	"github.com/agenttools/agenttools/internal/procgroup"
	"github.com/agenttools/agenttools/interp"
)

// driverSource is the Python side of the kernel; its docstring describes
// the protocol.
//
//go:embed driver.py
var driverSource string

// A message is one line the driver wrote on fd 4.
type message struct {
	T       string          `json:"t"`
	Sync    int64           `json:"sync"`
	Kind    string          `json:"kind"`
	Text    string          `json:"text"`
	Mime    string          `json:"mime"`
	Data    []byte          `json:"data"` // base64 in the JSON
	ID      int64           `json:"id"`
	Name    string          `json:"name"`
	Args    json.RawMessage `json:"args"`
	Version string          `json:"version"`
}

// A chunk is what a stream reader found on fd 1 or 2: text, or the sync
// mark numbered mark (text is then empty).
type chunk struct {
	text string
	mark int64
}

// A proc is one Python process and its pipes.
type proc struct {
	cmd     *exec.Cmd
	toPy    *os.File     // fd 3 of the driver
	msgs    chan message // from fd 4; closed at its end
	stdout  chan chunk   // from fd 1; closed at its end
	stderr  chan chunk   // from fd 2; closed at its end
	exited  chan struct{}
	exitErr error // set before exited is closed
	version string

	// The latest sync marks read on fds 1 and 2, and the latest message
	// acted on. A stream that has passed a mark is not read further until
	// that mark's message is acted on, so text written after a message is
	// recorded after it. Only Execute's loop touches them.
	outMark, errMark, acted int64

	writeMu sync.Mutex
}

// startProc starts python on the driver in dir, in a process group of its
// own.
func startProc(env interp.Environment, python, dir string) (*proc, error) {
	var nonce [12]byte
	rand.Read(nonce[:])
	mark := hex.EncodeToString(nonce[:])

	// pipes are created in pairs: ours (the first) and the child's.
	var ours, theirs []*os.File
	closeAll := func(fs []*os.File) {
		for _, f := range fs {
			f.Close()
		}
	}
	pipe := func(childReads bool) (*os.File, error) {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		if childReads {
			ours, theirs = append(ours, w), append(theirs, r)
			return w, nil
		}
		ours, theirs = append(ours, r), append(theirs, w)
		return r, nil
	}
	var stdinW, toPy, fromPy, outR, errR *os.File
	var err error
	for _, p := range []struct {
		f          **os.File
		childReads bool
	}{{&stdinW, true}, {&toPy, true}, {&fromPy, false}, {&outR, false}, {&errR, false}} {
		if *p.f, err = pipe(p.childReads); err != nil {
			closeAll(ours)
			closeAll(theirs)
			return nil, err
		}
	}
	cmd := env.Command(python, "-u", "-", mark)
	cmd.Dir = dir
	// Agg before pyplot is ever imported: figures are drawn to PNGs, no
	// window is opened.
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, "MPLBACKEND=Agg", "PYTHONUNBUFFERED=1", "PYTHONIOENCODING=utf-8")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = theirs[0], theirs[3], theirs[4]
	cmd.ExtraFiles = []*os.File{theirs[1], theirs[2]} // fds 3 and 4
	if err := ownGroup(cmd); err != nil {
		closeAll(ours)
		closeAll(theirs)
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		closeAll(ours)
		closeAll(theirs)
		return nil, err
	}
	closeAll(theirs)

	p := &proc{
		cmd:    cmd,
		toPy:   toPy,
		msgs:   make(chan message, 16),
		stdout: make(chan chunk, 16),
		stderr: make(chan chunk, 16),
		exited: make(chan struct{}),
	}
	// The driver reads its source to the end of stdin before it runs; the
	// end of stdin is then what input() in a cell sees.
	go func() {
		io.WriteString(stdinW, driverSource)
		stdinW.Close()
	}()
	prefix := []byte("\x00agenttools-sync-" + mark + ":")
	go readStream(outR, prefix, p.stdout)
	go readStream(errR, prefix, p.stderr)
	go readMessages(fromPy, p.msgs)
	go func() {
		p.exitErr = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// send writes a request on the driver's fd 3.
func (p *proc) send(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	_, err = p.toPy.Write(append(b, '\n'))
	return err
}

// done reports whether the process has ended.
func (p *proc) done() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// kill ends the process and whatever it started, and waits for it.
func (p *proc) kill() {
	procgroup.Kill(p.cmd)
	<-p.exited
	p.toPy.Close()
}

// status describes how the process ended; call it after exited is closed.
func (p *proc) status() string {
	var ee *exec.ExitError
	if errors.As(p.exitErr, &ee) {
		return ee.ProcessState.String() // "exit status 1", "signal: killed"
	}
	if p.exitErr != nil {
		return p.exitErr.Error()
	}
	return "exit status 0"
}

// readMessages decodes the driver's lines on fd 4 into msgs until its end.
func readMessages(r *os.File, msgs chan<- message) {
	defer close(msgs)
	defer r.Close()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<30) // an image is one line
	for sc.Scan() {
		var m message
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			m = message{T: "garbled", Text: fmt.Sprintf("a protocol line did not decode: %v", err)}
		}
		msgs <- m
	}
}

// readStream reads fd 1 or 2 into chunks of text and sync marks. The
// bytes at the end of a read that could be the start of a mark are held
// until the next read says whether they are.
func readStream(r *os.File, prefix []byte, out chan<- chunk) {
	defer close(out)
	defer r.Close()
	buf := make([]byte, 0, 64<<10)
	tmp := make([]byte, 32<<10)
	for {
		n, err := r.Read(tmp)
		buf = append(buf, tmp[:n]...)
		for {
			i := bytes.Index(buf, prefix)
			if i < 0 {
				break
			}
			end := bytes.IndexByte(buf[i+len(prefix):], 0)
			if end < 0 {
				break // the rest of the mark is still to come
			}
			num, perr := strconv.ParseInt(string(buf[i+len(prefix):i+len(prefix)+end]), 10, 64)
			if i > 0 {
				out <- chunk{text: string(buf[:i])}
			}
			if perr == nil {
				out <- chunk{mark: num}
			}
			buf = buf[i+len(prefix)+end+1:]
		}
		keep := 0
		if err == nil {
			if i := bytes.Index(buf, prefix); i >= 0 {
				keep = len(buf) - i
			} else {
				keep = partialSuffix(buf, prefix)
			}
		}
		if len(buf) > keep {
			out <- chunk{text: string(buf[:len(buf)-keep])}
			buf = append(buf[:0], buf[len(buf)-keep:]...)
		}
		if err != nil {
			return
		}
	}
}

// partialSuffix is the length of the longest end of b that is a proper
// beginning of prefix.
func partialSuffix(b, prefix []byte) int {
	for k := min(len(b), len(prefix)-1); k > 0; k-- {
		if bytes.HasSuffix(b, prefix[:k]) {
			return k
		}
	}
	return 0
}
