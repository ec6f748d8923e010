package interp

import (
	"os"
	"os/exec"
)

// An Environment is where a kernel's process runs: the host, or the
// conversation's isolated environment when the run has one. The run's
// owner gives it; eval never starts one. In-process kernels (JavaScript,
// Go) run in the engine and need none.
type Environment interface {
	// Command prepares a process that runs name with args there; the
	// caller sets its folder, files and variables, and starts it.
	Command(name string, args ...string) *exec.Cmd
	// LookPath finds a program there, as a shell's PATH lookup would.
	LookPath(name string) (string, error)
	// Executable reports whether path is an executable file there.
	Executable(path string) bool
}

// Host runs processes on the engine's own machine.
type Host struct{}

// Command implements Environment.
func (Host) Command(name string, args ...string) *exec.Cmd { return exec.Command(name, args...) }

// LookPath implements Environment.
func (Host) LookPath(name string) (string, error) { return exec.LookPath(name) }

// Executable implements Environment.
func (Host) Executable(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir() && st.Mode()&0o111 != 0
}
