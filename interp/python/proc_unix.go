//go:build unix

package python

import (
	"os/exec"
	"syscall"

	"github.com/agenttools/agenttools/internal/procgroup"
)

// ownGroup starts the command in a process group of its own, so that an
// interrupt reaches the cell's children too and Close ends them all.
func ownGroup(cmd *exec.Cmd) error {
	procgroup.Set(cmd)
	return nil
}

// interruptGroup sends SIGINT to the command's process group: Python
// raises KeyboardInterrupt in the cell, and a child started with !cmd
// stops as it would at a terminal.
func interruptGroup(cmd *exec.Cmd) error {
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
}
