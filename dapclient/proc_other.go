//go:build !unix

package dapclient

import (
	"os"
	"os/exec"
	"time"
)

func ownGroup(*exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

func groupGone(*exec.Cmd) bool { return true }

func killProcess(pid int, _ time.Duration) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}
