//go:build !unix

package python

import (
	"errors"
	"os/exec"
)

// The kernel passes its protocol on inherited fds 3 and 4 and interrupts a
// cell with SIGINT to a process group; Windows has neither.
var errNotUnix = errors.New("the python kernel needs a Unix system (it passes its protocol on inherited pipes and interrupts with SIGINT)")

func ownGroup(cmd *exec.Cmd) error { return errNotUnix }

func interruptGroup(cmd *exec.Cmd) error { return errNotUnix }
