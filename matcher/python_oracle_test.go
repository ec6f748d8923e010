package matcher

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/python"
	"github.com/agenttools/agenttools/internal/peers"
	"github.com/google/go-cmp/cmp"
)

// pyOracleParts is the fixed part of python3's standard library the
// Python oracle test searches: packages and modules present in every
// CPython 3.11 install, Debian's included, about 140 files.
var pyOracleParts = []string{
	"json", "email", "http", "logging", "unittest", "concurrent", "importlib", "asyncio",
	"xml/dom", "urllib", "collections", "argparse.py", "dataclasses.py", "pathlib.py",
	"subprocess.py", "shutil.py", "typing.py", "inspect.py", "functools.py", "enum.py",
}

// TestPythonOracle compares ast_grep's Python search with an oracle built
// on python3's own ast module (testdata/pyoracle.py, run as a subprocess):
// for every pattern, the (file, first line, last line) of every match
// must be the same.
func TestPythonOracle(t *testing.T) {
	py := peers.Require(t, "python3")
	out, err := exec.Command(py, "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
	if err != nil {
		t.Fatalf("python3 stdlib: %v", err)
	}
	stdlib := strings.TrimSpace(string(out))
	var files []string
	for _, part := range pyOracleParts {
		fs, err := Walk(stdlib, filepath.Join(stdlib, part), python.Language)
		if err != nil {
			t.Fatalf("%s: %v", part, err)
		}
		files = append(files, fs...)
	}
	in, _ := json.Marshal(files)
	cmd := exec.Command(py, "testdata/pyoracle.py")
	cmd.Stdin = strings.NewReader(string(in))
	cmd.Stderr = os.Stderr
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle: %v", err)
	}
	var oracle map[string][][]any
	if err := json.Unmarshal(raw, &oracle); err != nil {
		t.Fatalf("oracle output: %v", err)
	}
	t.Logf("%d files under %s, %d patterns", len(files), stdlib, len(oracle))
	cache := NewCache(DefaultCacheBudget)
	for _, pattern := range sortedKeys(oracle) {
		want := locations(stdlib, oracle[pattern])
		if len(want) < 3 {
			t.Errorf("%q: the oracle finds %d matches; a pattern that (almost) never matches tests (almost) nothing", pattern, len(want))
		}
		p, err := Compile(python.Language, pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", pattern, err)
			continue
		}
		var got []string
		for _, part := range pyOracleParts {
			r, err := Search(context.Background(), Query{Root: stdlib, Path: filepath.Join(stdlib, part), Lang: python.Language, Pattern: p, Cache: cache})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range r.ParseFailures {
				t.Errorf("%s does not parse: %s", f.File, f.Error)
			}
			for _, m := range r.Matches {
				got = append(got, fmt.Sprintf("%s:%d-%d", m.File, m.Range.Start.Line, m.Range.End.Line))
			}
		}
		sort.Strings(got)
		t.Logf("%-40q %d", pattern, len(want))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q: ours and the oracle's (file, lines) differ (-oracle +ours):\n%s", pattern, firstLines(diff, 40))
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// locations turns the oracle's [file, first, last] triples into sorted
// "file:first-last" strings relative to root.
func locations(root string, ms [][]any) []string {
	var out []string
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%s:%d-%d", relSlash(root, m[0].(string)), int(m[1].(float64)), int(m[2].(float64))))
	}
	sort.Strings(out)
	return out
}

func firstLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = append(lines[:n], fmt.Sprintf("… %d more lines", len(lines)-n))
	}
	return strings.Join(lines, "\n")
}
