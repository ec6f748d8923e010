//go:build !unix

package dapclient

import "os/exec"

func ownGroup(*exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

func groupGone(*exec.Cmd) bool { return true }
