//go:build unix

package vibe

import "os/exec"

func shellCommand(line string) *exec.Cmd {
	return exec.Command("/bin/sh", "-c", line)
}
