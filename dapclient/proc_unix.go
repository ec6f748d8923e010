//go:build unix

package dapclient

import (
	"errors"
	"os/exec"
	"syscall"
	"time"
)

// ownGroup starts the command in a process group of its own, so that the
// adapter and its debuggee can be ended together.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// groupGone reports whether no process of the command's group is left,
// not even one killed and not yet reaped.
func groupGone(cmd *exec.Cmd) bool {
	return cmd.Process == nil || errors.Is(syscall.Kill(-cmd.Process.Pid, 0), syscall.ESRCH)
}

// killProcess kills a debuggee and, when it leads one, its process group,
// and waits up to d until it is gone.
func killProcess(pid int, d time.Duration) {
	syscall.Kill(-pid, syscall.SIGKILL)
	syscall.Kill(pid, syscall.SIGKILL)
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
			return
		}
	}
}
