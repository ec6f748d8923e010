// Package procgroup ends a child process together with everything it
// started: on Unix the child leads a process group of its own, which is
// killed whole. Elsewhere only the child itself can be ended.
package procgroup

import (
	"os/exec"
	"time"
)

// WaitGone waits, at most d, until no process of cmd's group is left. The
// child is reaped by Wait; its orphans are reaped by init a moment later.
func WaitGone(cmd *exec.Cmd, d time.Duration) {
	for deadline := time.Now().Add(d); !Gone(cmd) && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
}
