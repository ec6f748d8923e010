//go:build !unix

package vibe

import (
	"os/exec"
	"time"
)

// Without process groups, only the main process can be ended.

func shellCommand(line string) *exec.Cmd {
	return exec.Command("cmd.exe", "/C", line)
}

func ownGroup(*exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

func waitGroupGone(*exec.Cmd, time.Duration) {}
