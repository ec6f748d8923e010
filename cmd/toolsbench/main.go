// Command toolsbench measures agenttools' structural-search engine on real
// corpora.
//
// Its parse command parses every file of a language under a folder and
// reports the parse rate, throughput on one core and on all cores, and
// peak heap; for Go it runs go/parser on the same files, for Python
// python3's ast.parse (in one subprocess), and for JavaScript, TypeScript
// and TSX TypeScript's own parser (typescript@6 under node, in one
// subprocess: a file counts when it parses with no parse diagnostics),
// for the ratio and to count only the files the language's own parser
// accepts.
//
// Its hash command prints a hash of every file's tree, to show that a
// change to a grammar left its trees as they were.
//
// Its search command times a cold search (a fresh process, nothing cached)
// and the same search repeated in that process, with the process's peak
// RSS; with --vs-ast-grep it runs the ast-grep CLI on the same files with
// the same pattern, and reports the time ratios and whether the two agree
// on every (file, start line, end line).
//
// Its session command runs agenttools serve and makes it run 200
// different searches, one after another, and reports its peak RSS
// beside the cache's budget and the soft memory limit.
//
//	toolsbench parse --lang go|python|javascript|typescript|tsx [--typescript DIR] [--json] DIR
//	toolsbench hash --lang go|python DIR
//	toolsbench search --lang go --pattern P [--vs-ast-grep] [--ast-grep PATH] [--ast-grep-pattern P] [--ast-grep-selector KIND] [--repeat N] [--max-results N] [--json] DIR
//	toolsbench session [--searches 200] [--cache-mb 192] DIR
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/bundled"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: toolsbench parse|search [flags] DIR")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "parse":
		os.Exit(runParse(os.Args[2:]))
	case "search":
		os.Exit(runSearch(os.Args[2:], os.Stdout))
	case "search-child":
		os.Exit(runSearchChild(os.Args[2:]))
	case "hash":
		os.Exit(runHash(os.Args[2:], os.Stdout))
	case "session":
		os.Exit(runSession(os.Args[2:], os.Stdout))
	case "serve-child":
		os.Exit(runServeChild(os.Args[2:]))
	}
	fmt.Fprintf(os.Stderr, "toolsbench: unknown command %q: want parse, search, hash or session\n", os.Args[1])
	os.Exit(2)
}

// languages are the bundled grammars.
func languages() *grammars.Registry { return bundled.Registry() }

// parseReport is what parse prints.
type parseReport struct {
	Lang           string    `json:"lang"`
	Dir            string    `json:"dir"`
	Files          int       `json:"files"`
	Bytes          int64     `json:"bytes"`
	OracleRejected int       `json:"oracle_rejected"` // files the language's own parser rejects, left out of the rate
	Parsed         int       `json:"parsed"`
	Failed         int       `json:"failed"`
	ParseRate      float64   `json:"parse_rate"` // parsed / (files - oracle_rejected)
	Failures       []failure `json:"failures"`
	MBps1          float64   `json:"mb_per_s_one_core"`
	MBpsAll        float64   `json:"mb_per_s_all_cores"`
	Cores          int       `json:"cores"`
	PeakHeapMB     float64   `json:"peak_heap_mb"`
	Oracle         string    `json:"oracle,omitempty"`
	OracleMBps1    float64   `json:"oracle_mb_per_s_one_core,omitempty"`
	Ratio          float64   `json:"ratio_to_oracle,omitempty"` // ours / oracle, one core
}

type failure struct {
	File  string `json:"file"`
	Error string `json:"error"`
}

func runParse(args []string) int {
	fs := flag.NewFlagSet("parse", flag.ContinueOnError)
	lang := fs.String("lang", "go", "language id")
	asJSON := fs.Bool("json", false, "print JSON")
	list := fs.Int("list", 20, "how many failures to list")
	tsDir := fs.String("typescript", "", "the typescript@6 package TypeScript's parser is run from (default: the checkout's .peers/node_modules/typescript)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "toolsbench parse: want one DIR")
		return 2
	}
	l, err := languages().Lookup(*lang)
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolsbench parse:", err)
		return 2
	}
	dir := fs.Arg(0)
	files, err := collect(dir, l)
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolsbench parse:", err)
		return 1
	}
	rep := parseReport{Lang: l.ID, Dir: dir, Files: len(files), Cores: runtime.NumCPU()}
	srcs := make([][]byte, len(files))
	for i, f := range files {
		srcs[i], err = os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "toolsbench parse:", err)
			return 1
		}
		rep.Bytes += int64(len(srcs[i]))
	}
	oracleOK := make([]bool, len(files))
	for i := range oracleOK {
		oracleOK[i] = true
	}
	if l.ID == "go" {
		prev := runtime.GOMAXPROCS(1)
		start := time.Now()
		for i, src := range srcs {
			_, err := parser.ParseFile(token.NewFileSet(), files[i], src, parser.ParseComments|parser.SkipObjectResolution)
			oracleOK[i] = err == nil
		}
		rep.OracleMBps1 = mbps(rep.Bytes, time.Since(start))
		runtime.GOMAXPROCS(prev)
		rep.Oracle = "go/parser"
	}
	if l.ID == "python" {
		secs, err := pythonOracle(files, oracleOK)
		if err != nil {
			fmt.Fprintln(os.Stderr, "toolsbench parse: no oracle, every file counts:", err)
		} else {
			rep.Oracle = "python3 ast.parse"
			rep.OracleMBps1 = float64(rep.Bytes) / 1e6 / secs
		}
	}
	if isTypeScriptFamily(l.ID) {
		secs, version, err := typescriptOracle(files, oracleOK, *tsDir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "toolsbench parse: no oracle, every file counts:", err)
		} else {
			rep.Oracle = "TypeScript " + version + " createSourceFile"
			rep.OracleMBps1 = float64(rep.Bytes) / 1e6 / secs
		}
	}

	// One core: parse everything with GOMAXPROCS=1.
	prev := runtime.GOMAXPROCS(1)
	start := time.Now()
	ok := make([]bool, len(files))
	errs := make([]string, len(files))
	for i, src := range srcs {
		ok[i], errs[i] = parseOne(l, src)
	}
	rep.MBps1 = mbps(rep.Bytes, time.Since(start))
	runtime.GOMAXPROCS(prev)

	// All cores, with the heap sampled.
	debug.FreeOSMemory()
	var peak atomic.Uint64
	ctx, stop := context.WithCancel(context.Background())
	go sampleHeap(ctx, &peak)
	start = time.Now()
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(srcs) {
					return
				}
				parseOne(l, srcs[i])
			}
		}()
	}
	wg.Wait()
	rep.MBpsAll = mbps(rep.Bytes, time.Since(start))
	stop()
	rep.PeakHeapMB = float64(peak.Load()) / (1 << 20)

	for i := range files {
		if !oracleOK[i] {
			rep.OracleRejected++
			continue
		}
		if ok[i] {
			rep.Parsed++
			continue
		}
		rep.Failed++
		if len(rep.Failures) < *list {
			rel, _ := filepath.Rel(dir, files[i])
			rep.Failures = append(rep.Failures, failure{File: rel, Error: errs[i]})
		}
	}
	if n := rep.Files - rep.OracleRejected; n > 0 {
		rep.ParseRate = float64(rep.Parsed) / float64(n)
	}
	if rep.OracleMBps1 > 0 {
		rep.Ratio = rep.MBps1 / rep.OracleMBps1
	}
	if *asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
		return 0
	}
	fmt.Printf("%s: %d files, %.1f MB (%d rejected by the language's own parser)\n", rep.Lang, rep.Files, float64(rep.Bytes)/1e6, rep.OracleRejected)
	fmt.Printf("parsed %d, failed %d: parse rate %.3f%%\n", rep.Parsed, rep.Failed, 100*rep.ParseRate)
	fmt.Printf("speed: %.2f MB/s on one core, %.2f MB/s on %d cores; peak heap %.0f MB\n", rep.MBps1, rep.MBpsAll, rep.Cores, rep.PeakHeapMB)
	if rep.OracleMBps1 > 0 {
		fmt.Printf("%s: %.2f MB/s on one core; ours is %.3fx of it\n", rep.Oracle, rep.OracleMBps1, rep.Ratio)
	}
	for _, f := range rep.Failures {
		fmt.Printf("  FAIL %s: %s\n", f.File, f.Error)
	}
	return 0
}

// parseOne parses src and reports whether it parsed with no error region,
// and the first error.
func parseOne(l *grammars.Language, src []byte) (bool, string) {
	t, err := l.Parse(src)
	if err != nil {
		return false, err.Error()
	}
	if len(t.Errors) > 0 {
		return false, t.Errors[0].Error()
	}
	return true, ""
}

// oracleScript reads file paths, one a line, and prints for each whether
// ast.parse accepts it, then the seconds spent in ast.parse.
const oracleScript = `
import ast, sys, time, warnings
warnings.simplefilter("ignore")
spent = 0.0
for line in sys.stdin:
    path = line.rstrip("\n")
    with open(path, "rb") as f:
        src = f.read()
    t = time.perf_counter()
    try:
        ast.parse(src)
        ok = 1
    except Exception:
        ok = 0
    spent += time.perf_counter() - t
    print(ok)
print(spent)
`

// pythonOracle runs python3's ast.parse over files in one subprocess and
// sets ok[i] to whether it accepts files[i]; it returns the seconds
// python3 spent parsing.
func pythonOracle(files []string, ok []bool) (float64, error) {
	py, err := exec.LookPath("python3")
	if err != nil {
		return 0, err
	}
	cmd := exec.Command(py, "-c", oracleScript)
	cmd.Stdin = strings.NewReader(strings.Join(files, "\n") + "\n")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return 0, fmt.Errorf("%s: %w", py, err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != len(files)+1 {
		return 0, fmt.Errorf("%s printed %d lines for %d files", py, len(lines), len(files))
	}
	for i := range files {
		ok[i] = lines[i] == "1"
	}
	return strconv.ParseFloat(lines[len(files)], 64)
}

func mbps(n int64, d time.Duration) float64 { return float64(n) / 1e6 / d.Seconds() }

func sampleHeap(ctx context.Context, peak *atomic.Uint64) {
	var ms runtime.MemStats
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for {
		runtime.ReadMemStats(&ms)
		if ms.HeapInuse > peak.Load() {
			peak.Store(ms.HeapInuse)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// collect lists the files of language l under dir, skipping testdata and
// hidden folders, in a stable order.
func collect(dir string, l *grammars.Language) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if p != dir && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		for _, ext := range l.Extensions {
			if strings.HasSuffix(p, ext) && d.Type().IsRegular() {
				files = append(files, p)
				break
			}
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}
