//go:build !unix

package vibe

import "os/exec"

// Without process groups, only the main process can be ended.

func shellCommand(line string) *exec.Cmd {
	return exec.Command("cmd.exe", "/C", line)
}
