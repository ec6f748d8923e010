package python

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/interp"
)

// wrapped is an environment other than the host: every process starts
// through env(1) with a variable that marks it, and programs are found
// only in its own bin folder. A conversation's isolated environment is
// the same kind of thing, with a container or a namespace in place of
// env(1).
type wrapped struct{ bin string }

func (w wrapped) Command(name string, args ...string) *exec.Cmd {
	return exec.Command("/usr/bin/env", append([]string{"AGENTTOOLS_WHERE=isolated", name}, args...)...)
}

func (w wrapped) LookPath(name string) (string, error) {
	p := filepath.Join(w.bin, name)
	if !(interp.Host{}).Executable(p) {
		return "", exec.ErrNotFound
	}
	return p, nil
}

func (w wrapped) Executable(path string) bool { return interp.Host{}.Executable(path) }

// TestEnvironment: the kernel finds its interpreter and starts its
// process through the environment it is given, not the host's.
func TestEnvironment(t *testing.T) {
	python := peers.Require(t, "python3")
	bin := t.TempDir()
	if err := os.Symlink(python, filepath.Join(bin, "python3")); err != nil {
		t.Fatal(err)
	}
	env := wrapped{bin: bin}
	k, err := New(context.Background(), Config{Dir: t.TempDir(), Env: env})
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	if k.python != filepath.Join(bin, "python3") {
		t.Errorf("interpreter %s, want the environment's %s", k.python, filepath.Join(bin, "python3"))
	}
	cell := run(t, k, "import os\nos.environ.get('AGENTTOOLS_WHERE')", nil)
	if len(cell.Outputs) != 1 || cell.Outputs[0].Text != "'isolated'" {
		t.Errorf("the process did not start in the environment: %+v", cell.Outputs)
	}

	// An environment with no Python says so.
	_, err = New(context.Background(), Config{Dir: t.TempDir(), Env: wrapped{bin: t.TempDir()}})
	if err == nil || !strings.Contains(err.Error(), "no python3 on PATH") {
		t.Errorf("an environment without Python: %v", err)
	}
}
