//go:build unix

package python

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the command in a process group of its own, so that an
// interrupt reaches the cell's children too and Close ends them all.
func ownGroup(cmd *exec.Cmd) error {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return nil
}

// interruptGroup sends SIGINT to the command's process group: Python
// raises KeyboardInterrupt in the cell, and a child started with !cmd
// stops as it would at a terminal.
func interruptGroup(cmd *exec.Cmd) error {
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
