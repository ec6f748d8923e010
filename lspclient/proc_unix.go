//go:build unix

package lspclient

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the command in a process group of its own, so that the
// server and whatever it starts can be ended together.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
