// Package javac runs Java's own parsers for the tests that measure
// grammars/java: javac 17's front end, through the program
// matcher/oracle/testdata/javaoracle/JavacTree.java (whether files parse,
// their syntax trees, their tokens), and npm's java-parser, which reads
// Java past 17. It also lists the Java corpus that scripts/peers.sh
// extracts and keeps the judges' verdicts on it between runs.
package javac

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenttools/agenttools/internal/peers"
)

// Program is the javac dumper, relative to the module's root.
const Program = "matcher/oracle/testdata/javaoracle/JavacTree.java"

// judgeScript is java-parser's judge, relative to the module's root.
const judgeScript = "matcher/oracle/testdata/javaoracle/javaparser.js"

// jdk17Globs are where Debian's OpenJDK 17 puts its launcher. They are
// looked at before PATH: another JDK on PATH (the machine's Temurin 25,
// say) reads a newer Java and would judge otherwise.
var jdk17Globs = []string{"/usr/lib/jvm/java-17-openjdk-*/bin/java", "/usr/lib/jvm/java-1.17.0-openjdk-*/bin/java"}

// exports are the launcher's flags that open javac's scanner to the
// dumper, for its compile and its run both.
var exports = []string{
	"--add-exports", "jdk.compiler/com.sun.tools.javac.parser=ALL-UNNAMED",
	"--add-exports", "jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED",
	"--add-exports", "jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
}

// Tools is what the runs need.
type Tools struct {
	Java    string // the java launcher of a JDK 17
	Version string // its java -version's first line, which says which javac judges
	// Release, when set, is the Java release the dumper's javac reads
	// (--release), for a JDK newer than the language it is to read.
	Release string
	Program string // the dumper, JavacTree.java
	// Node, NodeModules and Judge run java-parser: node, the folder that
	// holds the java-parser package, and javaparser.js. Empty when
	// java-parser is not installed; only JavaParser needs them.
	Node, NodeModules, Judge string
	// JavaParserVersion is java-parser's version, which says which
	// java-parser judges.
	JavaParserVersion string
	// Jobs is how many JVMs, or node processes, run at once.
	Jobs int
}

// Find finds a JDK 17 and the dumper of the checkout that holds the
// working directory, and java-parser when .peers has it.
func Find(ctx context.Context) (*Tools, error) {
	top, err := peers.ModuleRoot()
	if err != nil {
		return nil, err
	}
	java, version, err := findJDK17(ctx)
	if err != nil {
		return nil, err
	}
	t := &Tools{Java: java, Version: version, Program: filepath.Join(top, Program), Jobs: 2}
	if _, err := os.Stat(t.Program); err != nil {
		return nil, fmt.Errorf("the javac dumper: %w", err)
	}
	modules := filepath.Join(top, ".peers", "node_modules")
	if b, err := os.ReadFile(filepath.Join(modules, "java-parser", "package.json")); err == nil {
		var pkg struct{ Version string }
		if node, err := exec.LookPath("node"); err == nil && json.Unmarshal(b, &pkg) == nil {
			t.Node, t.NodeModules, t.Judge, t.JavaParserVersion = node, modules, filepath.Join(top, judgeScript), pkg.Version
		}
	}
	return t, nil
}

// findJDK17 returns the java launcher of a JDK 17 and its version line:
// Debian's, else the java on PATH when it is 17.
func findJDK17(ctx context.Context) (java, version string, err error) {
	var candidates []string
	for _, g := range jdk17Globs {
		m, _ := filepath.Glob(g)
		candidates = append(candidates, m...)
	}
	if p, err := exec.LookPath("java"); err == nil {
		candidates = append(candidates, p)
	}
	java, version, seen := findJDK(ctx, candidates, func(major int) bool { return major == 17 })
	if java == "" {
		return "", "", fmt.Errorf("no JDK 17 (%s): run scripts/peers.sh jdk17 (make test does)", strings.Join(seen, "; "))
	}
	return java, version, nil
}

// findJDK returns the first of the java launchers candidates that has a
// javac beside it and whose major version want takes, with its version
// line; or "" and what it saw of each.
func findJDK(ctx context.Context, candidates []string, want func(major int) bool) (java, version string, seen []string) {
	for _, c := range candidates {
		if _, err := os.Stat(filepath.Join(filepath.Dir(c), "javac")); err != nil {
			seen = append(seen, c+": no javac beside it")
			continue
		}
		out, err := exec.CommandContext(ctx, c, "-version").CombinedOutput()
		if err != nil {
			seen = append(seen, fmt.Sprintf("%s -version: %v", c, err))
			continue
		}
		line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
		// openjdk version "17.0.15" 2025-04-15; "25" 2025-09-16
		var major int
		if _, v, ok := strings.Cut(line, `version "`); ok {
			fmt.Sscanf(v, "%d", &major)
		}
		if want(major) {
			return c, line, nil
		}
		seen = append(seen, c+": "+line)
	}
	return "", "", seen
}

// newerGlobs are where a JDK newer than 17 may be: the Temurin JDK 25
// that machines of this kind have (no registry reachable here has one),
// or a Debian OpenJDK of a later release.
var newerGlobs = []string{"/usr/lib/jvm/temurin-*/bin/java", "/usr/lib/jvm/java-*-openjdk-*/bin/java"}

// Newer returns Tools whose javac reads Java 21 (a JDK of 21 or later,
// run with --release 21), for the files javac 17 cannot read; ok is false
// when the machine has no such JDK.
func (t *Tools) Newer(ctx context.Context) (newer *Tools, ok bool) {
	var candidates []string
	for _, g := range newerGlobs {
		m, _ := filepath.Glob(g)
		candidates = append(candidates, m...)
	}
	java, version, _ := findJDK(ctx, candidates, func(major int) bool { return major >= 21 })
	if java == "" {
		return nil, false
	}
	n := *t
	n.Java, n.Version, n.Release = java, version, "21"
	return &n, true
}

// Require returns the Tools for a test. When no JDK 17 is here the test
// is skipped, or fails under AGENTTOOLS_REQUIRE_PEERS=1.
func Require(t testing.TB) *Tools {
	t.Helper()
	tools, err := Find(context.Background())
	if err != nil {
		peers.Missing(t, "%v", err)
	}
	return tools
}

// RequireJavaParser is Require for a test that needs java-parser too.
func RequireJavaParser(t testing.TB) *Tools {
	t.Helper()
	tools := Require(t)
	if tools.Judge == "" {
		peers.Missing(t, "java-parser is not installed: run scripts/peers.sh javaparser (make test does)")
	}
	return tools
}

// An Error is one error a parser reports: its line (1-based; 0 when it
// has none) and its message.
type Error struct {
	Line int    `json:"line"`
	Msg  string `json:"msg"`
}

// Parsed is what javac says of one file: whether it parses, and its
// errors when it does not.
type Parsed struct {
	File   string  `json:"file"`
	OK     bool    `json:"ok"`
	Errors []Error `json:"errors"`
}

// Parse runs javac's parser on each file and returns its verdicts, in
// the order of paths.
func (t *Tools) Parse(ctx context.Context, paths []string) ([]Parsed, error) {
	out := make([]Parsed, len(paths))
	return out, t.dump(ctx, "parse", paths, func(i int, line []byte) error { return json.Unmarshal(line, &out[i]) })
}

// A Tree is a file's syntax tree as javac's parser makes it; Root is nil
// when javac could not read the file.
type Tree struct {
	Parsed
	Root *Node `json:"tree"`
}

// Trees returns the syntax tree of each file, in the order of paths. A
// file javac rejects has OK false and the tree javac's recovery made.
func (t *Tools) Trees(ctx context.Context, paths []string) ([]Tree, error) {
	out := make([]Tree, len(paths))
	return out, t.dump(ctx, "tree", paths, func(i int, line []byte) error {
		if err := json.Unmarshal(line, &out[i]); err != nil {
			return err
		}
		if r := out[i].Root; r != nil {
			r.link(nil)
		}
		return nil
	})
}

// Tokens is the tokens javac's scanner reads of a file. OK is false when
// the scanner reports an error: a character no token has, an unclosed
// comment or string.
type Tokens struct {
	Parsed
	Tokens []Token
}

// A Token is one token: its byte range and the name of javac's
// TokenKind (IDENTIFIER, SEMI, GTGT, ...). A Unicode escape counts as
// the bytes it is written with.
type Token struct {
	Start, End int
	Kind       string
}

// Tokens returns the tokens of each file, in the order of paths.
func (t *Tools) Tokens(ctx context.Context, paths []string) ([]Tokens, error) {
	out := make([]Tokens, len(paths))
	return out, t.dump(ctx, "tokens", paths, func(i int, line []byte) error {
		// the dumper writes the spans as one list of numbers and the kinds
		// as another: the file's tokens by the hundred thousand, read
		// faster so than as a list of lists
		var v struct {
			Parsed
			Spans []int    `json:"spans"`
			Kinds []string `json:"kinds"`
		}
		if err := json.Unmarshal(line, &v); err != nil {
			return err
		}
		if len(v.Spans) != 2*len(v.Kinds) {
			return fmt.Errorf("%d spans' offsets for %d tokens", len(v.Spans), len(v.Kinds))
		}
		out[i].Parsed = v.Parsed
		out[i].Tokens = make([]Token, len(v.Kinds))
		for k, kind := range v.Kinds {
			out[i].Tokens[k] = Token{Start: v.Spans[2*k], End: v.Spans[2*k+1], Kind: kind}
		}
		return nil
	})
}

// dump runs the dumper in mode over paths, in t.Jobs batches at once,
// and hands each output line to keep with the index of its file.
func (t *Tools) dump(ctx context.Context, mode string, paths []string, keep func(i int, line []byte) error) error {
	// -Xss: the main thread's stack, deep enough for the recursion of
	// javac's parser and of the dumper over a long chain of + or of
	// else if. The serial collector and C1 alone: a run of a few
	// seconds is over before C2's code would pay, and on two cores the
	// threads of the others slow it (a third less time measured so).
	args := append(append([]string{"-Xss256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"}, exports...), t.Program, mode)
	if t.Release != "" {
		args = append(args, t.Release)
	}
	return t.batches(ctx, paths, func(ctx context.Context, batch []string) *exec.Cmd {
		return exec.CommandContext(ctx, t.Java, args...)
	}, keep)
}

// A JavaParsed is what java-parser says of a file.
type JavaParsed struct {
	File string `json:"file"`
	OK   bool   `json:"ok"`
	Line int    `json:"line"`
	Msg  string `json:"msg"`
}

// JavaParser runs java-parser on each file and returns its verdicts, in
// the order of paths.
func (t *Tools) JavaParser(ctx context.Context, paths []string) ([]JavaParsed, error) {
	if t.Judge == "" {
		return nil, errors.New("java-parser is not installed: run scripts/peers.sh javaparser (make test does)")
	}
	out := make([]JavaParsed, len(paths))
	return out, t.batches(ctx, paths, func(ctx context.Context, _ []string) *exec.Cmd {
		return exec.CommandContext(ctx, t.Node, t.Judge, t.NodeModules)
	}, func(i int, line []byte) error { return json.Unmarshal(line, &out[i]) })
}

// batches splits paths into t.Jobs runs of one program each, which reads
// paths from its standard input and writes a JSON line for each, with
// its "file", in order; it hands each line to keep, with the index of
// its file in paths. The first run that fails cancels the others.
func (t *Tools) batches(ctx context.Context, paths []string, command func(context.Context, []string) *exec.Cmd, keep func(i int, line []byte) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := max(1, min(t.Jobs, len(paths)))
	var wg sync.WaitGroup
	errs := make([]error, jobs)
	for j := range jobs {
		from, to := j*len(paths)/jobs, (j+1)*len(paths)/jobs
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := run(ctx, command(ctx, paths[from:to]), paths[from:to], func(i int, line []byte) error { return keep(from+i, line) }); err != nil {
				errs[j] = err
				cancel()
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// run runs cmd over paths and hands its lines to keep.
func run(ctx context.Context, cmd *exec.Cmd, paths []string, keep func(i int, line []byte) error) error {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdin = strings.NewReader(strings.Join(paths, "\n") + "\n")
	// A child of the judge that outlives it holds its pipes open; Wait
	// gives up on them this long after the judge is gone.
	cmd.WaitDelay = 2 * time.Second
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", cmd.Path, err)
	}
	r := bufio.NewReaderSize(stdout, 1<<20)
	var readErr error
	n := 0
	for ; n < len(paths) && readErr == nil; n++ {
		line, err := r.ReadBytes('\n')
		if err != nil {
			readErr = fmt.Errorf("the output ends before %s: %w", paths[n], err)
			break
		}
		var head struct{ File string }
		if err := json.Unmarshal(line, &head); err != nil {
			readErr = fmt.Errorf("the line of %s: %w", paths[n], err)
		} else if head.File != paths[n] {
			readErr = fmt.Errorf("the line of %s is of %s", paths[n], head.File)
		} else if err := keep(n, line); err != nil {
			readErr = fmt.Errorf("the line of %s: %w", paths[n], err)
		}
	}
	if readErr != nil {
		// The rest is of no use. Wait closes the pipe once the process
		// is gone; draining it would wait for whatever child still holds
		// it open.
		_ = cmd.Process.Kill()
	}
	werr := cmd.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if readErr != nil || werr != nil {
		return fmt.Errorf("%s %s: %w (%s)", filepath.Base(cmd.Path), strings.Join(cmd.Args[len(cmd.Args)-1:], " "),
			errors.Join(readErr, werr), tail(stderr.String(), 500))
	}
	return nil
}

// tail is the last n bytes of s.
func tail(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
