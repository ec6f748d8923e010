package golang

import (
	"bytes"
	"runtime"
	"strconv"
	"time"
)

// yaegi's EvalWithContext runs the code on a goroutine of its own and,
// when the context ends, returns without waiting for it. Nothing in its
// API tells when that goroutine is gone, so the kernel looks for it in
// the runtime's goroutine dump: it is the one "created by" EvalWithContext
// in the goroutine that called it, which the kernel starts for each call.

// goroutineID is the id of the calling goroutine.
func goroutineID() int64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i > 0 {
		id, _ := strconv.ParseInt(string(b[:i]), 10, 64)
		return id
	}
	return -1
}

// waitEvalDone waits, up to grace, until no goroutine that EvalWithContext
// started from goroutine caller is left, and reports whether none is.
func waitEvalDone(caller int64, grace time.Duration) bool {
	mark := []byte("yaegi/interp.(*Interpreter).EvalWithContext in goroutine " + strconv.FormatInt(caller, 10) + "\n")
	deadline := time.Now().Add(grace)
	buf := make([]byte, 1<<16)
	for {
		n := runtime.Stack(buf, true)
		for n == len(buf) {
			buf = make([]byte, 2*len(buf))
			n = runtime.Stack(buf, true)
		}
		if !bytes.Contains(buf[:n], mark) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
}
