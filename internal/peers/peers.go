// Package peers finds the real programs that tests and benchmarks talk to
// (language servers, debug adapters, the ast-grep CLI): on PATH, or in the
// checkout's .peers folder that scripts/peers.sh (run by make test) fills.
package peers

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Find returns the path of the named program: PATH first, then the
// .peers/bin and .peers/node_modules/.bin of the module containing the
// working directory.
func Find(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	if top, err := ModuleRoot(); err == nil {
		for _, dir := range []string{".peers/bin", ".peers/node_modules/.bin"} {
			p := filepath.Join(top, dir, name)
			if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
				return p, nil
			}
		}
	}
	return "", fmt.Errorf("%s is not installed: run scripts/peers.sh %s (make test does)", name, name)
}

// Require returns the path of the named program for a test. When it is
// missing the test is skipped, or fails under AGENTTOOLS_REQUIRE_PEERS=1,
// as make test sets it.
func Require(t testing.TB, name string) string {
	t.Helper()
	p, err := Find(name)
	if err != nil {
		Missing(t, "%v", err)
	}
	return p
}

// Missing ends a test whose peer is not here: it is skipped, or fails
// under AGENTTOOLS_REQUIRE_PEERS=1, as make test sets it. The message says
// what is missing and how to install it.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("AGENTTOOLS_REQUIRE_PEERS") == "1" {
		t.Fatalf("peer required: "+format, args...)
	}
	t.Skipf("peer missing: "+format, args...)
}

// ModuleRoot is the nearest folder at or above the working directory that
// has a go.mod: the checkout, whose .peers folder holds the peers and
// what tests cache there.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// RequireNodeModule returns the node_modules folder of .peers that holds
// the npm package pkg (a library, with no program to find), for a test
// that runs node with NODE_PATH set to it. When it is missing the test is
// skipped, or fails under AGENTTOOLS_REQUIRE_PEERS=1.
func RequireNodeModule(t testing.TB, pkg, peer string) string {
	t.Helper()
	top, err := ModuleRoot()
	if err == nil {
		dir := filepath.Join(top, ".peers", "node_modules")
		if _, err = os.Stat(filepath.Join(dir, pkg, "package.json")); err == nil {
			return dir
		}
	}
	Missing(t, "the npm package %s is not installed: run scripts/peers.sh %s (make test does)", pkg, peer)
	return ""
}
