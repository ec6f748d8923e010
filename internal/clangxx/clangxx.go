// Package clangxx runs clang++ 14 for the tests that measure grammars/c's
// C++: it lists the C++ corpus (Debian's libstdc++, Boost, LLVM, fmt,
// nlohmann/json and GoogleTest, read where the packages put them), judges
// whether each file parses, keeping the verdicts between runs, and reads
// clang's JSON dump of a file's syntax tree.
package clangxx

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/internal/procgroup"
)

// Clang is the clang++ that judges and dumps.
type Clang struct {
	Path    string // clang++-14
	Version string // its --version's first line, which says which clang judged
	Jobs    int    // how many clang++ run at once
}

// Find finds clang++-14 on PATH.
func Find(ctx context.Context) (*Clang, error) {
	p, err := exec.LookPath("clang++-14")
	if err != nil {
		return nil, fmt.Errorf("clang++-14 is not installed: run scripts/peers.sh clang14 (make test does): %w", err)
	}
	out, err := exec.CommandContext(ctx, p, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("%s --version: %w", p, err)
	}
	line, _, _ := strings.Cut(string(out), "\n")
	return &Clang{Path: p, Version: strings.TrimSpace(line), Jobs: runtime.GOMAXPROCS(0)}, nil
}

// Require returns the Clang for a test. When clang++-14 is not here the
// test is skipped, or fails under AGENTTOOLS_REQUIRE_PEERS=1.
func Require(t testing.TB) *Clang {
	t.Helper()
	c, err := Find(context.Background())
	if err != nil {
		peers.Missing(t, "%v", err)
	}
	return c
}

// Standards are the standards a file is judged under, in order: the next
// is tried only when clang rejects the file under the one before. C++20
// is what the corpus is written for. c++2b takes what needs C++23 (no
// file of the corpus yet: clang 14 reads most of C++23 in C++20 as an
// extension). c++17 takes what C++20 broke: LLVM 14's headers, C++14
// code, that keep a std::vector of a type still incomplete where
// libstdc++ 12's constexpr vector (C++20) instantiates its members, and
// u8 literals held as char (char8_t since C++20). The GNU dialects
// (gnu++20, gnu++2b) accepted none of the files of the Sample that these
// reject, so they are not tried: they would cost a run more on every
// rejected file.
var Standards = []string{"c++20", "c++2b", "c++17"}

// baseFlags are clang's flags for every file: only the parse and the
// checks of the front end; every file read as C++ (the extensionless
// headers of libstdc++ and the .h files are too); no warnings, which do
// not count; and a stop at the first error, which is all a verdict keeps.
var baseFlags = []string{"-fsyntax-only", "-x", "c++", "-w", "-ferror-limit=1", "-fno-color-diagnostics"}

// Args are clang++'s arguments that read file under std (c++20, ...)
// with the extra flags of its part.
func Args(std string, flags []string, file string) []string {
	args := append([]string{}, baseFlags...)
	args = append(args, "-std="+std)
	args = append(args, flags...)
	return append(args, file)
}

// A Verdict is what clang++ says of a file.
type Verdict struct {
	OK bool
	// Std is the first of Standards that clang accepted the file
	// under; "" when it rejected it under each.
	Std string `json:",omitempty"`
	// Line and Msg are the first error under the first standard, on a
	// reject. Line is 0 when the error is not in the file itself (in a
	// header it includes, say); Msg then names the header.
	Line int    `json:",omitempty"`
	Msg  string `json:",omitempty"`
}

// A Counts says how many clang++ runs a Judge made and how many it took
// from the cache.
type Counts struct {
	Runs, Cached int
}

// judged is one run's verdict, as the cache keeps it.
type judged struct {
	OK   bool
	Line int    `json:",omitempty"`
	Msg  string `json:",omitempty"`
}

// CachePath is the verdicts' file, relative to the module's root.
const CachePath = ".peers/cppcorpus/clang-verdicts.json"

// Judge runs clang++ on each file, under each of Standards until one
// accepts it, c.Jobs at a time, and returns the verdicts in the order of
// files. Each run's verdict is kept in the JSON file cachePath (the tests
// use CachePath) by the SHA-256 of the file's bytes, clang's arguments
// (the file's path among them: its folder is where its quoted includes
// are looked for) and its version, so that a second Judge runs clang only
// on what changed;
// cachePath "" keeps nothing. The cache is written even when ctx ends
// the run early, so that the runs made are not made again.
func (c *Clang) Judge(ctx context.Context, files []File, cachePath string) ([]Verdict, Counts, error) {
	kept := readCache(cachePath)
	j := &judge{clang: c, kept: kept, fresh: map[string]judged{}}
	verdicts, errs := j.all(ctx, files)
	var err error
	if len(j.fresh) > 0 && cachePath != "" {
		// read again: another Judge may have kept verdicts since
		kept = readCache(cachePath)
		for k, v := range j.fresh {
			kept[k] = v
		}
		if werr := writeJSON(cachePath, kept); werr != nil {
			err = fmt.Errorf("keeping the verdicts: %w", werr)
		}
	}
	if ctx.Err() != nil {
		return nil, j.counts, ctx.Err()
	}
	for i, e := range errs {
		if e != nil {
			return nil, j.counts, fmt.Errorf("%s: %w", files[i].Path, e)
		}
	}
	return verdicts, j.counts, err
}

// Cached returns the verdicts the cache at cachePath holds for files, as
// Judge would return them, without running clang: known[i] says whether
// files[i]'s verdict is there, every run it needs kept.
func (c *Clang) Cached(files []File, cachePath string) (verdicts []Verdict, known []bool, err error) {
	kept := readCache(cachePath)
	verdicts, known = make([]Verdict, len(files)), make([]bool, len(files))
	for i, f := range files {
		src, err := os.ReadFile(f.Path)
		if err != nil {
			return nil, nil, err
		}
		for k, std := range Standards {
			r, ok := kept[cacheKey(src, Args(std, f.Flags, f.Path), c.Version)]
			if !ok {
				break
			}
			if r.OK {
				verdicts[i], known[i] = Verdict{OK: true, Std: std}, true
				break
			}
			if k == 0 {
				verdicts[i] = Verdict{Line: r.Line, Msg: r.Msg}
			}
			known[i] = k == len(Standards)-1
		}
	}
	return verdicts, known, nil
}

// readCache returns the verdicts kept in path; none when there is no
// such file, or it does not read, and everything is judged anew.
func readCache(path string) map[string]judged {
	kept := map[string]judged{}
	if path == "" {
		return kept
	}
	if b, err := os.ReadFile(path); err == nil {
		if json.Unmarshal(b, &kept) != nil {
			return map[string]judged{}
		}
	}
	return kept
}

// all judges files, j.clang.Jobs at a time, until ctx ends.
func (j *judge) all(ctx context.Context, files []File) ([]Verdict, []error) {
	verdicts := make([]Verdict, len(files))
	errs := make([]error, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, j.clang.Jobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				verdicts[i], errs[i] = j.file(ctx, files[i])
			}
		}()
	}
feed:
	for i := range files {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	return verdicts, errs
}

// judge is one run of Judge: the verdicts it found and the ones it made.
type judge struct {
	clang  *Clang
	kept   map[string]judged // read before the workers start, not written
	mu     sync.Mutex
	fresh  map[string]judged
	counts Counts
}

// file judges one file under each standard until one accepts it.
func (j *judge) file(ctx context.Context, f File) (Verdict, error) {
	src, err := os.ReadFile(f.Path)
	if err != nil {
		return Verdict{}, err
	}
	var v Verdict
	for k, std := range Standards {
		args := Args(std, f.Flags, f.Path)
		r, err := j.run(ctx, src, args)
		if err != nil {
			return Verdict{}, err
		}
		if r.OK {
			return Verdict{OK: true, Std: std}, nil
		}
		if k == 0 {
			v = Verdict{Line: r.Line, Msg: r.Msg}
		}
	}
	return v, nil
}

// run returns clang's verdict on src read with args: the cache's, or a
// run's.
func (j *judge) run(ctx context.Context, src []byte, args []string) (judged, error) {
	key := cacheKey(src, args, j.clang.Version)
	if r, ok := j.kept[key]; ok {
		j.mu.Lock()
		j.counts.Cached++
		j.mu.Unlock()
		return r, nil
	}
	r, err := j.clang.parse(ctx, args)
	if err != nil {
		return judged{}, err
	}
	j.mu.Lock()
	j.fresh[key] = r
	j.counts.Runs++
	j.mu.Unlock()
	return r, nil
}

// cacheKey is the hex SHA-256 of a file's bytes, clang's arguments and
// its version, each closed by a NUL, which none of them holds.
func cacheKey(src []byte, args []string, version string) string {
	h := sha256.New()
	h.Write(src)
	h.Write([]byte{0})
	for _, a := range args {
		h.Write([]byte(a))
		h.Write([]byte{0})
	}
	h.Write([]byte(version))
	return hex.EncodeToString(h.Sum(nil))
}

// maxMsg bounds a verdict's message: a template's error can run to
// kilobytes.
const maxMsg = 200

// diagnostic is one of clang's diagnostic lines: file:line:col: kind: message.
var diagnostic = regexp.MustCompile(`^(.+?):(\d+):\d+: (?:fatal )?error: (.*)$`)

// parse runs clang with args, whose last is the file, and reads its
// verdict: accepted when it exits 0, else its first error.
func (c *Clang) parse(ctx context.Context, args []string) (judged, error) {
	var stderr bytes.Buffer
	cmd := c.command(ctx, args)
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return judged{}, ctx.Err()
	}
	if err == nil {
		return judged{OK: true}, nil
	}
	if _, ok := err.(*exec.ExitError); !ok {
		return judged{}, fmt.Errorf("clang++: %w", err)
	}
	return firstError(stderr.String(), args[len(args)-1]), nil
}

// firstError is the first error of clang's diagnostics on file.
func firstError(stderr, file string) judged {
	for _, line := range strings.Split(stderr, "\n") {
		m := diagnostic.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		r := judged{Msg: m[3]}
		if m[1] == file {
			r.Line, _ = strconv.Atoi(m[2])
		} else {
			r.Msg = m[1] + ":" + m[2] + ": " + m[3]
		}
		r.Msg = bound(r.Msg)
		return r
	}
	return judged{Msg: bound("clang++ rejects it: " + strings.TrimSpace(stderr))}
}

// bound cuts s to maxMsg bytes, on a character's boundary.
func bound(s string) string {
	if len(s) <= maxMsg {
		return s
	}
	cut := maxMsg
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// command is clang++ with args, in a process group of its own that ctx's
// end kills whole.
func (c *Clang) command(ctx context.Context, args []string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, c.Path, args...)
	procgroup.Set(cmd)
	cmd.Cancel = func() error { procgroup.Kill(cmd); return nil }
	cmd.WaitDelay = 2 * time.Second
	return cmd
}

// writeJSON writes v as JSON to path through a temporary file of this
// process's and a rename, so that a run stopped halfway, or another
// package's test writing at the same time, leaves a whole file.
func writeJSON(path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid())
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
