//go:build !unix

package procgroup

import (
	"os"
	"os/exec"
	"time"
)

// Set does nothing: there are no process groups to set.
func Set(*exec.Cmd) {}

// Kill kills cmd itself.
func Kill(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

// Gone reports true: what is left of a group cannot be seen.
func Gone(*exec.Cmd) bool { return true }

// KillPID kills process pid.
func KillPID(pid int, _ time.Duration) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}
