package oracle

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/python"
	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/search"
	"github.com/google/go-cmp/cmp"
)

// pyOracleParts is the fixed part of python3's standard library the
// Python oracle test searches: packages and modules present in every
// CPython 3.11 install, Debian's included, about 180 files.
var pyOracleParts = []string{
	"json", "email", "http", "logging", "unittest", "concurrent", "importlib", "asyncio",
	"xml/dom", "urllib", "collections", "argparse.py", "dataclasses.py", "pathlib.py",
	"subprocess.py", "shutil.py", "typing.py", "inspect.py", "functools.py", "enum.py",
	"zoneinfo",
}

// distPackages is Debian's folder of third-party Python packages, and
// distParts the part of it the oracle searches: code nobody here wrote,
// from the packages the peers pandas and matplotlib install (about 530
// files, 15 MB).
const distPackages = "/usr/lib/python3/dist-packages"

var distParts = []string{"pandas/core", "pandas/io", "numpy/lib", "matplotlib"}

// fstringPatterns are the oracle's patterns that must match inside
// f-strings' fields (or, the last, f-strings themselves) on both
// corpora: the proof that fields are searched.
var fstringPatterns = []string{"$A if $C else $B", "$A.$B.$C", "$X.__class__.__name__", "len($X)", "repr($X)", "type($X).__name__", `f"{$X}"`}

// TestPythonOracle compares ast_grep's Python search with an oracle built
// on python3's own ast module (testdata/pyoracle.py, run as a subprocess)
// on part of the standard library: for every pattern, the (file, first
// line, last line) of every match must be the same. With
// AGENTTOOLS_PYORACLE_FULL=1 it searches the whole standard library.
func TestPythonOracle(t *testing.T) {
	py := peers.Require(t, "python3")
	out, err := exec.Command(py, "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
	if err != nil {
		t.Fatalf("python3 stdlib: %v", err)
	}
	stdlib := strings.TrimSpace(string(out))
	oracle := runPyOracle(t, py, stdlib, oracleParts(t, stdlib, pyOracleParts))
	for p, ms := range oracle {
		if len(ms) < 3 {
			t.Errorf("%q: the oracle finds %d matches; a pattern that (almost) never matches tests (almost) nothing", p, len(ms))
		}
	}
}

// TestPythonOracleDistPackages is TestPythonOracle on third-party code:
// part of Debian's dist-packages, or with AGENTTOOLS_PYORACLE_FULL=1 all
// of it.
func TestPythonOracleDistPackages(t *testing.T) {
	py := peers.Require(t, "python3")
	for _, part := range distParts {
		if _, err := os.Stat(filepath.Join(distPackages, part)); err != nil {
			if os.Getenv("AGENTTOOLS_REQUIRE_PEERS") == "1" {
				t.Fatalf("%v: the peers pandas and matplotlib install it", err)
			}
			t.Skipf("%v: scripts/peers.sh pandas matplotlib installs it", err)
		}
	}
	runPyOracle(t, py, distPackages, oracleParts(t, distPackages, distParts))
}

// oracleParts returns parts, or under AGENTTOOLS_PYORACLE_FULL=1 every
// entry of root but site-packages (pyenv's stdlib folder holds one).
func oracleParts(t *testing.T, root string, parts []string) []string {
	if os.Getenv("AGENTTOOLS_PYORACLE_FULL") != "1" {
		return parts
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, e := range entries {
		if e.Name() != "site-packages" && (e.IsDir() || strings.HasSuffix(e.Name(), ".py")) {
			all = append(all, e.Name())
		}
	}
	return all
}

// runPyOracle runs the oracle on the Python files of parts of root and
// compares every pattern's matches with ours; it returns the oracle's.
func runPyOracle(t *testing.T, py, root string, parts []string) map[string][][]any {
	t.Helper()
	var files []string
	for _, part := range parts {
		fs, err := search.Walk(root, filepath.Join(root, part), python.Language)
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
	var out struct {
		Matches  map[string][][]any
		Unparsed []string
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("oracle output: %v", err)
	}
	oracle := out.Matches
	unparsed := map[string]bool{}
	for _, f := range out.Unparsed {
		unparsed[slashRel(root, f)] = true
	}
	t.Logf("%d files under %s (%d that python3 does not parse), %d patterns", len(files), root, len(unparsed), len(oracle))
	for _, p := range fstringPatterns {
		if !slices.ContainsFunc(oracle[p], func(m []any) bool { return m[3] == true }) {
			t.Errorf("%q: the oracle finds no match inside an f-string under %s", p, root)
		}
	}
	cache := search.NewCache(search.DefaultCacheBudget)
	for _, pattern := range sortedKeys(oracle) {
		want := locations(root, oracle[pattern])
		p, err := matcher.Compile(python.Language, pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", pattern, err)
			continue
		}
		var got []string
		for _, part := range parts {
			r, err := search.Search(context.Background(), search.Query{Root: root, Path: filepath.Join(root, part), Lang: python.Language, Pattern: p, Cache: cache})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range r.ParseFailures {
				if !unparsed[f.File] {
					t.Errorf("%s does not parse: %s", f.File, f.Error)
				}
			}
			for _, m := range r.Matches {
				if !unparsed[m.File] {
					got = append(got, fmt.Sprintf("%s:%d-%d", m.File, m.Range.Start.Line, m.Range.End.Line))
				}
			}
		}
		sort.Strings(got)
		inF := 0
		for _, m := range oracle[pattern] {
			if m[3] == true {
				inF++
			}
		}
		t.Logf("%-40q %6d  %5d in f-strings", pattern, len(want), inF)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q: ours and the oracle's (file, lines) differ (-oracle +ours):\n%s", pattern, firstLines(diff, 40))
		}
	}
	return oracle
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
		out = append(out, fmt.Sprintf("%s:%d-%d", slashRel(root, m[0].(string)), int(m[1].(float64)), int(m[2].(float64))))
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
