package rust

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/agenttools/agenttools/internal/peers"
	"github.com/google/go-cmp/cmp"
)

// minParseRate is the share of the files rustc accepts that Rust.Parse
// must parse without an error. AGENTTOOLS_RUST_MIN_RATE overrides it
// (0.9, say) while the grammar is being built.
const minParseRate = 0.995

// crateRegistry is where Debian's librust-*-dev packages (the peer
// rustcrates) put the crates' sources, one folder CRATE-VERSION each.
const crateRegistry = "/usr/share/cargo/registry"

// stdLibraryGlob matches the standard library's sources that Debian's
// rust-src (the peer rustsrc) installs.
const stdLibraryGlob = "/usr/src/rustc-*/library"

// maxCorpusFile is the largest corpus file read: the few larger ones are
// generated tables (encoding_rs's data.rs, stdarch's intrinsics).
const maxCorpusFile = 1 << 20

// A corpusFile is one .rs file of the corpus.
type corpusFile struct {
	Path   string
	Source string // "std" or "crates"
	Crate  string // the folder under the registry (serde-1.0.152), or under library (core)
}

// corpusStats counts what corpusFiles found.
type corpusStats struct {
	StdRoot                  string
	Std, Crates, CrateDirs   int
	TooLarge                 int
	Tests, Benches, Examples int // files in a folder of that name
}

func (s corpusStats) String() string {
	return fmt.Sprintf("std %d files (%s), crates %d files in %d crates; %d over 1 MiB left out; in tests/ %d, benches/ %d, examples/ %d",
		s.Std, s.StdRoot, s.Crates, s.CrateDirs, s.TooLarge, s.Tests, s.Benches, s.Examples)
}

// requireCorpus returns the corpus's folders: the standard library's
// and the crate registry, or, when AGENTTOOLS_RUST_STD is set, that
// standard library alone (see corpusStd). When one is missing the test
// is skipped, or fails under AGENTTOOLS_REQUIRE_PEERS=1, as make test
// sets it.
func requireCorpus(t testing.TB) (std string, roots []corpusRoot) {
	t.Helper()
	std, only, err := corpusStd(t)
	if err == nil && !only {
		if _, err = os.Stat(crateRegistry); err != nil {
			err = fmt.Errorf("%v: run scripts/peers.sh rustcrates (make test does)", err)
		}
	}
	if err != nil {
		peers.Missing(t, "%v", err)
	}
	roots = []corpusRoot{{"std", std}}
	if !only {
		roots = append(roots, corpusRoot{"crates", crateRegistry})
	}
	return std, roots
}

// A corpusRoot is a folder of the corpus and the name its files are
// counted under.
type corpusRoot struct{ name, root string }

// corpusStd returns the standard library the corpus reads, and whether it
// is to be read alone. By default it is Debian's rust-src, with the
// crates. AGENTTOOLS_RUST_STD names another, read alone: a library
// folder, or "toolchain" for the installed rustc's (toolchainStd), which
// is how a current standard library's figure is measured:
//
//	AGENTTOOLS_RUST_STD=toolchain go test ./grammars/rust -run TestCorpusParseRate -v
func corpusStd(t testing.TB) (dir string, only bool, err error) {
	switch env := os.Getenv("AGENTTOOLS_RUST_STD"); env {
	case "":
		dir, err = stdLibrary()
		return dir, false, err
	case "toolchain":
		dir, err = toolchainStd(t)
		return dir, true, err
	default:
		if _, err := os.Stat(env); err != nil {
			return "", true, fmt.Errorf("AGENTTOOLS_RUST_STD: %w", err)
		}
		return env, true, nil
	}
}

// stdLibrary returns the newest /usr/src/rustc-VERSION/library.
func stdLibrary() (string, error) {
	dirs, _ := filepath.Glob(stdLibraryGlob)
	if len(dirs) == 0 {
		return "", fmt.Errorf("no %s: run scripts/peers.sh rustsrc (make test does)", stdLibraryGlob)
	}
	sort.Slice(dirs, func(i, j int) bool { return versionLess(dirs[i], dirs[j]) })
	return dirs[len(dirs)-1], nil
}

// versionLess orders strings that differ in numbers by the numbers:
// rustc-1.9.0 before rustc-1.63.0.
func versionLess(a, b string) bool {
	for a != "" && b != "" {
		na, ra := leadingNumber(a)
		nb, rb := leadingNumber(b)
		if na >= 0 && nb >= 0 {
			if na != nb {
				return na < nb
			}
			a, b = ra, rb
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func leadingNumber(s string) (int, string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return -1, s
	}
	n, _ := strconv.Atoi(s[:i])
	return n, s[i:]
}

// corpusFiles lists every .rs file of the standard library and of the
// registry's crates up to 1 MiB, sorted by path, tests, benches and
// examples included: they are real code too.
func corpusFiles(t testing.TB) ([]corpusFile, corpusStats) {
	t.Helper()
	std, roots := requireCorpus(t)
	st := corpusStats{StdRoot: std}
	var files []corpusFile
	crates := map[string]bool{}
	for _, src := range roots {
		err := filepath.WalkDir(src.root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || !d.Type().IsRegular() || !strings.HasSuffix(p, ".rs") {
				return nil
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			if info.Size() > maxCorpusFile {
				st.TooLarge++
				return nil
			}
			rel, _ := filepath.Rel(src.root, p)
			parts := strings.Split(filepath.ToSlash(rel), "/")
			for _, dir := range parts[1 : len(parts)-1] {
				switch dir {
				case "tests":
					st.Tests++
				case "benches":
					st.Benches++
				case "examples":
					st.Examples++
				default:
					continue
				}
				break
			}
			files = append(files, corpusFile{Path: p, Source: src.name, Crate: parts[0]})
			if src.name == "std" {
				st.Std++
			} else {
				st.Crates++
				crates[parts[0]] = true
			}
			return nil
		})
		if err != nil {
			t.Fatalf("%s: %v", src.root, err)
		}
	}
	st.CrateDirs = len(crates)
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, st
}

// cargoEdition returns the edition a Cargo.toml sets in its [package]
// table, and whether it has one: a manifest without [package] (a
// workspace's) does not say.
func cargoEdition(manifest []byte) (string, bool) {
	inPackage, found := false, false
	edition := "2015" // Cargo's default
	sc := bufio.NewScanner(bytes.NewReader(manifest))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			inPackage = line == "[package]"
			found = found || inPackage
			continue
		}
		if !inPackage {
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if ok && strings.TrimSpace(key) == "edition" {
			edition = strings.Trim(strings.TrimSpace(val), `"'`)
		}
	}
	return edition, found
}

// editions finds the edition of each file: that of the nearest Cargo.toml
// above it with a [package] table, as Cargo builds it, or 2015 without
// one. It remembers each folder's answer.
type editions struct {
	mu  sync.Mutex
	dir map[string]string
}

func (e *editions) of(file string) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.dir == nil {
		e.dir = map[string]string{}
	}
	var walked []string
	ed := "2015"
	for dir := filepath.Dir(file); ; dir = filepath.Dir(dir) {
		if known, ok := e.dir[dir]; ok {
			ed = known
			break
		}
		walked = append(walked, dir)
		if b, err := os.ReadFile(filepath.Join(dir, "Cargo.toml")); err == nil {
			if found, ok := cargoEdition(b); ok {
				ed = found
				break
			}
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	for _, dir := range walked {
		e.dir[dir] = ed
	}
	return ed
}

// A rustcVerdict is what rustc said of one file, kept with what it said
// it of: the file's size and modification time and the edition.
type rustcVerdict struct {
	Size    int64
	ModTime int64 // Unix nanoseconds
	Edition string
	OK      bool
	Error   string `json:",omitempty"` // rustc's first error, on a reject
}

// rustcCache is the file the verdicts are kept in between runs.
type rustcCache struct {
	Rustc string // rustc -V: another rustc judges anew
	Files map[string]rustcVerdict
}

// rustcVerdicts runs rustc on each file, in parallel over the cores, to
// parse it and no more: -Zparse-crate-root-only stops before the modules
// a `mod foo;` names are looked for, before cfg-stripping, macro expansion
// and name resolution, so a file's verdict is about its syntax alone. Each
// file is parsed in the edition of its crate (see editions), since an
// edition-2015 crate may use async or dyn as names and leave a trait
// method's parameters unnamed, and Rust.Parse takes every edition's
// syntax; editionOf says which it is. The verdicts are kept in .peers/rustc-accepts.json at the
// module's root, keyed by path, size, modification time and edition,
// so that a second run costs nothing.
func rustcVerdicts(t testing.TB, files []string, editionOf func(path string) string) map[string]rustcVerdict {
	t.Helper()
	rustc := peers.Require(t, "rustc")
	// rustup's rustc is a proxy that starts the toolchain's; calling that
	// one directly makes each run a third faster.
	if out, err := exec.Command(rustc, "--print", "sysroot").Output(); err == nil {
		real := filepath.Join(strings.TrimSpace(string(out)), "bin", "rustc")
		if _, err := os.Stat(real); err == nil {
			rustc = real
		}
	}
	out, err := exec.Command(rustc, "-V").Output()
	if err != nil {
		t.Fatalf("%s -V: %v", rustc, err)
	}
	version := strings.TrimSpace(string(out))
	cachePath := ""
	if top, err := peers.ModuleRoot(); err == nil {
		cachePath = filepath.Join(top, ".peers", "rustc-accepts.json")
	}
	cache := rustcCache{Rustc: version, Files: map[string]rustcVerdict{}}
	if b, err := os.ReadFile(cachePath); err == nil {
		var old rustcCache
		if json.Unmarshal(b, &old) == nil && old.Rustc == version && old.Files != nil {
			cache.Files = old.Files
		}
	}

	verdicts := make([]rustcVerdict, len(files))
	var todo []int
	for i, p := range files {
		info, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		v := rustcVerdict{Size: info.Size(), ModTime: info.ModTime().UnixNano(), Edition: editionOf(p)}
		if c, ok := cache.Files[p]; ok && c.Size == v.Size && c.ModTime == v.ModTime && c.Edition == v.Edition {
			verdicts[i] = c
			continue
		}
		verdicts[i] = v
		todo = append(todo, i)
	}

	start := time.Now()
	dir := t.TempDir() // rustc's working folder, should it write anything
	gramtest.Parallel(runtime.GOMAXPROCS(0), len(todo), func(k int) {
		i := todo[k]
		v := &verdicts[i]
		cmd := exec.Command(rustc, "--edition="+v.Edition, "-Zparse-crate-root-only", "--error-format=short",
			"--crate-type", "lib", "--crate-name", "corpus", "-o", os.DevNull, files[i])
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "RUSTC_BOOTSTRAP=1")
		msg, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		switch {
		case err == nil:
			v.OK = true
		case errors.As(err, &exit):
			v.Error = gramtest.FirstErrorLine(files[i], string(msg), "error")
			if exit.ExitCode() != 1 { // 101: rustc panicked
				v.Error = fmt.Sprintf("rustc exited with %d: %s", exit.ExitCode(), v.Error)
			}
		default:
			t.Errorf("%s: %v", files[i], err)
		}
	})
	if t.Failed() {
		t.FailNow()
	}
	t.Logf("rustc judged %d files in %v on %d cores, and %d more before (%s)",
		len(todo), time.Since(start).Round(time.Millisecond), runtime.GOMAXPROCS(0), len(files)-len(todo), cachePath)
	if len(todo) > 0 {
		for _, i := range todo {
			cache.Files[files[i]] = verdicts[i]
		}
		for p := range cache.Files {
			if _, err := os.Stat(p); err != nil {
				delete(cache.Files, p)
			}
		}
		if err := writeCache(cachePath, cache); err != nil {
			t.Logf("the verdicts are not kept: %v", err)
		}
	}
	m := make(map[string]rustcVerdict, len(files))
	for i, p := range files {
		m[p] = verdicts[i]
	}
	return m
}

// writeCache writes c to path, so that a run stopped halfway leaves the
// old cache whole.
func writeCache(path string, c rustcCache) error {
	if path == "" {
		return errors.New("no go.mod above the working directory")
	}
	return gramtest.WriteJSON(path, c)
}

// parseError parses src with Rust.Parse and returns its first error, ""
// when it parses cleanly; a panic is an error too.
func parseError(src []byte) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprintf("panic: %v", r)
		}
	}()
	tree, err := Language.Parse(src)
	switch {
	case err != nil:
		return "no tree: " + err.Error()
	case len(tree.Errors) > 0:
		return tree.Errors[0].Error()
	}
	return ""
}

// minRate is minParseRate, or AGENTTOOLS_RUST_MIN_RATE when set.
func minRate(t testing.TB) float64 {
	t.Helper()
	s := os.Getenv("AGENTTOOLS_RUST_MIN_RATE")
	if s == "" {
		return minParseRate
	}
	r, err := strconv.ParseFloat(s, 64)
	if err != nil || r < 0 || r > 1 {
		t.Fatalf("AGENTTOOLS_RUST_MIN_RATE=%q: want a number from 0 to 1", s)
	}
	return r
}

// TestCorpusParseRate parses every file of the corpus (the standard
// library from rust-src and the crates of the registry, or the standard
// library AGENTTOOLS_RUST_STD names: see corpusStd) that rustc accepts,
// and fails when fewer than minParseRate of them, or of the standard
// library's alone, parse without an error. Under -short it takes every
// 10th file.
func TestCorpusParseRate(t *testing.T) {
	files, st := corpusFiles(t)
	t.Logf("corpus: %v", st)
	if testing.Short() {
		var some []corpusFile
		for i := 0; i < len(files); i += 10 {
			some = append(some, files[i])
		}
		files = some
		t.Logf("-short: every 10th file, %d", len(files))
	}
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	var eds editions
	verdicts := rustcVerdicts(t, paths, eds.of)

	var accepted []corpusFile
	var rejected []string
	byEdition := map[string]int{}
	for _, f := range files {
		v := verdicts[f.Path]
		byEdition[v.Edition]++
		if v.OK {
			accepted = append(accepted, f)
		} else {
			rejected = append(rejected, f.Path+": "+v.Error)
		}
	}
	t.Logf("rustc accepts %d of %d files (editions: %v); it rejects %d", len(accepted), len(files), byEdition, len(rejected))
	for _, r := range rejected[:min(len(rejected), 10)] {
		t.Logf("  rejected %s", r)
	}
	if len(accepted) == 0 {
		t.Fatal("rustc accepts no file")
	}

	start := time.Now()
	errs := make([]string, len(accepted))
	gramtest.Parallel(runtime.GOMAXPROCS(0), len(accepted), func(i int) {
		src, err := os.ReadFile(accepted[i].Path)
		if err != nil {
			errs[i] = err.Error()
			return
		}
		errs[i] = parseError(src)
	})
	t.Logf("parsed %d files in %v", len(accepted), time.Since(start).Round(time.Millisecond))

	type tally struct{ accepted, clean int }
	split := map[string]*tally{"std": {}, "crates": {}, "all": {}}
	var failures []string
	for i, f := range accepted {
		for _, k := range []string{f.Source, "all"} {
			split[k].accepted++
			if errs[i] == "" {
				split[k].clean++
			}
		}
		if errs[i] != "" {
			failures = append(failures, f.Path+": "+errs[i])
		}
	}
	rate := func(k string) float64 { return float64(split[k].clean) / float64(max(split[k].accepted, 1)) }
	for _, k := range []string{"std", "crates", "all"} {
		t.Logf("%-6s accepted by rustc %5d, parsed cleanly %5d, rate %.4f", k, split[k].accepted, split[k].clean, rate(k))
	}
	if len(failures) > 0 {
		t.Logf("first %d of %d failures:", min(len(failures), 20), len(failures))
		for _, f := range failures[:min(len(failures), 20)] {
			t.Logf("  %s", f)
		}
	}
	want := minRate(t)
	for _, k := range []string{"std", "all"} {
		if rate(k) < want {
			t.Errorf("%s: parse rate %.4f (%d of %d files rustc accepts), want at least %.4f (AGENTTOOLS_RUST_MIN_RATE overrides it)",
				k, rate(k), split[k].clean, split[k].accepted, want)
		}
	}
}

// TestCargoEdition checks how the corpus finds a crate's edition.
func TestCargoEdition(t *testing.T) {
	type result struct {
		Edition string
		Package bool
	}
	for _, tc := range []struct {
		name, manifest string
		want           result
	}{
		{"set", "[package]\nname = \"x\"\nedition = \"2018\"\n", result{"2018", true}},
		{"single quotes", "[package]\nedition='2021'\n", result{"2021", true}},
		{"default", "[package]\nname = \"x\"\n[dependencies]\nedition = \"2021\"\n", result{"2015", true}},
		{"workspace", "[workspace]\nmembers = [\"a\"]\n", result{"2015", false}},
		{"after other tables", "[lib]\npath = \"x.rs\"\n\n[package]\nversion = \"1.0.0\"\nedition = \"2021\"\n", result{"2021", true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got result
			got.Edition, got.Package = cargoEdition([]byte(tc.manifest))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("cargoEdition (-want +got):\n%s", diff)
			}
		})
	}
	if !versionLess("/usr/src/rustc-1.9.0/library", "/usr/src/rustc-1.63.0/library") {
		t.Error("versionLess: rustc-1.9.0 is not before rustc-1.63.0")
	}
}
