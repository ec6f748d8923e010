//go:build unix

package vibe

import (
	"errors"
	"os/exec"
	"syscall"
	"time"
)

func shellCommand(line string) *exec.Cmd {
	return exec.Command("/bin/sh", "-c", line)
}

// ownGroup starts the command in a process group of its own, so that the
// worker and everything it starts can be ended together.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// groupGone reports whether no process of the group pgid is left, not even
// one killed and not yet reaped.
func groupGone(pgid int) bool {
	return errors.Is(syscall.Kill(-pgid, 0), syscall.ESRCH)
}

// waitGroupGone waits, at most d, until the command's group is empty. The
// main process is reaped by Wait; its orphans are reaped by init a moment
// later.
func waitGroupGone(cmd *exec.Cmd, d time.Duration) {
	if cmd.Process == nil {
		return
	}
	deadline := time.Now().Add(d)
	for !groupGone(cmd.Process.Pid) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
}
