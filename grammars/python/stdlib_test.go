package python

import (
	"io/fs"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/internal/peers"
)

// python3 returns the python3 the oracle tests run; without one they are
// skipped, or fail under AGENTTOOLS_REQUIRE_PEERS=1.
func python3(t testing.TB) string {
	t.Helper()
	return peers.Require(t, "python3")
}

// stdlibSample returns about n .py files of python3's standard library,
// its test suite included and site-packages left out, spread evenly over
// the sorted list.
func stdlibSample(t testing.TB, py string, n int) []string {
	t.Helper()
	out, err := exec.Command(py, "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])").Output()
	if err != nil {
		t.Fatalf("%s: %v", py, err)
	}
	root := strings.TrimSpace(string(out))
	var files []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "site-packages" || d.Name() == "dist-packages" || d.Name() == "__pycache__") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".py") && d.Type().IsRegular() {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	if n <= 0 || n >= len(files) {
		return files
	}
	var sample []string
	for i := 0; i < n; i++ {
		sample = append(sample, files[i*len(files)/n])
	}
	return sample
}

// runPython runs script under py with the file paths on stdin, one a
// line, and returns its output lines, which the script prints one per
// file.
func runPython(t testing.TB, py, script string, files []string) []string {
	t.Helper()
	cmd := exec.Command(py, "-c", script)
	cmd.Stdin = strings.NewReader(strings.Join(files, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("%s: %v\n%s", py, err, msg)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(files) {
		t.Fatalf("%s printed %d lines for %d files", py, len(lines), len(files))
	}
	return lines
}
