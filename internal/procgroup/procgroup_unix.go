//go:build unix

package procgroup

import (
	"errors"
	"os/exec"
	"syscall"
	"time"
)

// Set makes cmd, once started, the leader of a process group of its own.
func Set(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// Kill kills cmd's process group.
func Kill(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// Gone reports whether no process of cmd's group is left, not even one
// killed and not yet reaped.
func Gone(cmd *exec.Cmd) bool {
	return cmd.Process == nil || errors.Is(syscall.Kill(-cmd.Process.Pid, 0), syscall.ESRCH)
}

// KillPID kills process pid and, when it leads one, its process group,
// and waits up to d until the process is gone. It is for a process this
// one did not start, such as a debuggee an adapter put in a group of its
// own.
func KillPID(pid int, d time.Duration) {
	syscall.Kill(-pid, syscall.SIGKILL)
	syscall.Kill(pid, syscall.SIGKILL)
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
			return
		}
	}
}
