package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/internal/cli"
	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/matcher/rule"
	"github.com/agenttools/agenttools/search"
)

// searchReport is what search prints.
type searchReport struct {
	Lang        string  `json:"lang"`
	Dir         string  `json:"dir"`
	Pattern     string  `json:"pattern"`
	Rule        string  `json:"rule,omitempty"` // the rule file searched with instead
	Files       int     `json:"files"`
	FilesParsed int     `json:"files_parsed"`
	Matches     int     `json:"matches"`
	MaxResults  int     `json:"max_results"` // the matches kept in full, as ast_grep's max_results (0: all)
	ColdSeconds float64 `json:"cold_seconds"`
	// ColdProcessSeconds is the cold call's whole process, from its
	// start to its exit: the runtime's start and every package's init,
	// which ColdSeconds leaves out, as the ast-grep CLI's time does not.
	ColdProcessSeconds float64 `json:"cold_process_seconds"`
	WarmSeconds        float64 `json:"warm_seconds"`     // the same search again in the same run, fastest of --repeat
	ColdRSSMB          float64 `json:"cold_peak_rss_mb"` // of a process that made the one-shot call agenttools call --json ast_grep, its JSON written out
	ColdBytes          int64   `json:"cold_output_bytes"`
	WarmRSSMB          float64 `json:"warm_peak_rss_mb"` // of a process that ran the search with the cache, then again
	CacheMB            int     `json:"cache_mb"`         // the search cache's budget in the warm process
	ParseFailure       int     `json:"parse_failures"`

	AstGrep *astGrepReport `json:"ast_grep,omitempty"`
}

// astGrepReport is the ast-grep CLI's side of a --vs-ast-grep run.
type astGrepReport struct {
	Binary        string   `json:"binary"`
	Version       string   `json:"version"`
	Pattern       string   `json:"pattern"`
	Selector      string   `json:"selector,omitempty"`
	Seconds       float64  `json:"seconds"`
	PeakRSSMB     float64  `json:"peak_rss_mb"`
	Matches       int      `json:"matches"`
	ColdRatio     float64  `json:"cold_ratio"`         // ast-grep's time / ours, cold: above 1 is faster
	ProcessRatio  float64  `json:"cold_process_ratio"` // ast-grep's time / our cold call's whole process
	WarmRatio     float64  `json:"warm_ratio"`         // ast-grep's time / ours, warm
	ColdRSSRatio  float64  `json:"cold_rss_ratio"`     // our peak RSS / ast-grep's, cold: at most 1 is leaner
	WarmRSSRatio  float64  `json:"warm_rss_ratio"`     // our peak RSS / ast-grep's, warm
	Agree         int      `json:"agree"`              // (file, start line, end line) both found
	OnlyOurs      int      `json:"only_ours"`
	OnlyAstGrep   int      `json:"only_ast_grep"`
	Disagreements []string `json:"disagreements"` // the first few, "ours|ast-grep file:start-end"
}

// childResult is what the child process that runs our searches reports.
type childResult struct {
	ColdSeconds   float64  `json:"cold_seconds"`
	WarmSeconds   float64  `json:"warm_seconds"`
	Files         int      `json:"files"`
	FilesParsed   int      `json:"files_parsed"`
	ParseFailures int      `json:"parse_failures"`
	Total         int      `json:"total"`
	Matches       []string `json:"matches"`      // "file:start-end", in list mode
	OutputBytes   int64    `json:"output_bytes"` // the call's JSON, in cold mode
}

func runSearch(args []string, stdout io.Writer) int {
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	lang := fs.String("lang", "go", "language id")
	pattern := fs.String("pattern", "", "the pattern")
	ruleFile := fs.String("rule", "", "an ast-grep rule file to search with instead of a pattern (ast-grep runs it with scan --rule)")
	asJSON := fs.Bool("json", false, "print JSON")
	vs := fs.Bool("vs-ast-grep", false, "run the ast-grep CLI on the same files with the same pattern")
	sgBin := fs.String("ast-grep", "", "the ast-grep binary (default: found on PATH or in .peers)")
	sgPattern := fs.String("ast-grep-pattern", "", "the pattern for ast-grep, when it needs another spelling (default: --pattern)")
	sgSelector := fs.String("ast-grep-selector", "", "the kind of node ast-grep takes from its pattern (its --selector), where the pattern alone parses as another")
	repeat := fs.Int("repeat", 3, "how many warm searches to time; the fastest counts")
	list := fs.Int("list", 20, "how many disagreements to list")
	cacheMB := fs.Int("cache-mb", search.DefaultCacheBudget>>20, "the search cache's budget in MiB, in the warm process")
	maxResults := fs.Int("max-results", 50, "the matches kept in full, as ast_grep's max_results (0: all)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 || (*pattern == "") == (*ruleFile == "") || *repeat < 1 {
		fmt.Fprintln(os.Stderr, "usage: toolsbench search --lang go (--pattern P | --rule FILE) [--vs-ast-grep] [--ast-grep PATH] [--ast-grep-pattern P] [--ast-grep-selector KIND] [--repeat N] [--json] DIR")
		return 2
	}
	dir, err := filepath.Abs(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolsbench search:", err)
		return 2
	}
	l, err := languages().Lookup(*lang)
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolsbench search:", err)
		return 2
	}
	if *ruleFile != "" {
		if *ruleFile, err = filepath.Abs(*ruleFile); err != nil {
			fmt.Fprintln(os.Stderr, "toolsbench search:", err)
			return 2
		}
		if _, err := readRules(*ruleFile, l); err != nil {
			fmt.Fprintln(os.Stderr, "toolsbench search:", err)
			return 2
		}
	} else if _, err := matcher.Compile(l, *pattern); err != nil {
		fmt.Fprintln(os.Stderr, "toolsbench search:", err)
		return 2
	}
	files, err := search.Walk(dir, dir, l)
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolsbench search:", err)
		return 1
	}
	// Read every file once so that neither side pays for the disk.
	for _, f := range files {
		os.ReadFile(f)
	}

	rep := searchReport{Lang: l.ID, Dir: dir, Pattern: *pattern, Rule: *ruleFile, MaxResults: *maxResults, CacheMB: *cacheMB}
	child := func(mode string) (*childResult, float64, float64, bool) {
		r, rss, wall, err := runChild(mode, l.ID, *pattern, *ruleFile, dir, *repeat, *cacheMB, *maxResults)
		if err != nil {
			fmt.Fprintln(os.Stderr, "toolsbench search:", err)
			return nil, 0, 0, false
		}
		return r, rss, wall, true
	}
	cold, coldRSS, coldWall, ok := child("cold")
	if !ok {
		return 1
	}
	warm, warmRSS, _, ok := child("warm")
	if !ok {
		return 1
	}
	rep.ColdProcessSeconds = coldWall
	rep.Files, rep.FilesParsed, rep.Matches, rep.ParseFailure = warm.Files, warm.FilesParsed, warm.Total, warm.ParseFailures
	rep.ColdSeconds, rep.ColdRSSMB, rep.WarmSeconds, rep.WarmRSSMB = cold.ColdSeconds, coldRSS, warm.WarmSeconds, warmRSS
	rep.ColdBytes = cold.OutputBytes

	if *vs {
		bin := *sgBin
		if bin == "" {
			if bin, err = peers.Find("ast-grep"); err != nil {
				fmt.Fprintln(os.Stderr, "toolsbench search:", err)
				return 1
			}
		}
		p := *sgPattern
		if p == "" {
			p = *pattern
		}
		sg, err := runAstGrep(bin, p, *ruleFile, *sgSelector, l.ID, dir, files)
		if err != nil {
			fmt.Fprintln(os.Stderr, "toolsbench search:", err)
			return 1
		}
		// Every match's lines, for the agreement, from a process of its
		// own: holding them all is no part of what is measured.
		all, _, _, ok := child("list")
		if !ok {
			return 1
		}
		compare(sg, &rep, all.Matches, *list)
		rep.AstGrep = sg
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
		return 0
	}
	printSearch(stdout, rep)
	return 0
}

func printSearch(w io.Writer, r searchReport) {
	what := fmt.Sprintf("%q", r.Pattern)
	if r.Rule != "" {
		what = "rule " + filepath.Base(r.Rule)
	}
	fmt.Fprintf(w, "%s %s in %s: %d files, %d parsed, %d matches, %d parse failures\n", r.Lang, what, r.Dir, r.Files, r.FilesParsed, r.Matches, r.ParseFailure)
	fmt.Fprintf(w, "agenttools (max_results %d): cold (one call, %.2f MB of JSON) %.3f s (%.3f s as a whole process, with its start and init), peak RSS %.0f MB; warm %.3f s, peak RSS %.0f MB (cache budget %d MB)\n", r.MaxResults, float64(r.ColdBytes)/1e6, r.ColdSeconds, r.ColdProcessSeconds, r.ColdRSSMB, r.WarmSeconds, r.WarmRSSMB, r.CacheMB)
	sg := r.AstGrep
	if sg == nil {
		return
	}
	sel := ""
	if sg.Selector != "" {
		sel = " --selector " + sg.Selector
	}
	fmt.Fprintf(w, "ast-grep %s %q%s: %.3f s, peak RSS %.0f MB, %d matches\n", sg.Version, sg.Pattern, sel, sg.Seconds, sg.PeakRSSMB, sg.Matches)
	fmt.Fprintf(w, "time (ast-grep / agenttools): cold %.2fx (%.2fx to the whole process), warm %.1fx\n", sg.ColdRatio, sg.ProcessRatio, sg.WarmRatio)
	fmt.Fprintf(w, "peak RSS (agenttools / ast-grep): cold %.2f, warm %.2f\n", sg.ColdRSSRatio, sg.WarmRSSRatio)
	fmt.Fprintf(w, "agreement on (file, start line, end line): %d both, %d only agenttools, %d only ast-grep\n", sg.Agree, sg.OnlyOurs, sg.OnlyAstGrep)
	for _, d := range sg.Disagreements {
		fmt.Fprintln(w, "  "+d)
	}
}

// runChild runs one of our sides in a fresh process of this program, so
// that its peak RSS is its own: "cold" is the one-shot call a harness
// makes, agenttools call --json ast_grep, whole (its flags' defaults,
// the registry, the search with no cache, the JSON result written out to
// a pipe that counts it); "warm" fills the cache with one search and
// times the same search repeated, as a long session makes it; "list"
// reports every match's lines, for the agreement with ast-grep. It
// returns the child's result, its peak RSS and its wall time.
func runChild(mode, lang, pattern, ruleFile, dir string, repeat, cacheMB, maxResults int) (*childResult, float64, float64, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, 0, 0, err
	}
	cmd := exec.Command(self, "search-child", "--mode", mode, "--lang", lang, "--pattern", pattern, "--rule", ruleFile, "--repeat", fmt.Sprint(repeat),
		"--cache-mb", fmt.Sprint(cacheMB), "--max-results", fmt.Sprint(maxResults), dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	out, err := cmd.Output()
	wall := time.Since(start).Seconds()
	if err != nil {
		return nil, 0, 0, fmt.Errorf("search process: %v: %s", err, stderr.Bytes())
	}
	var r childResult
	if err := json.Unmarshal(out, &r); err != nil {
		return nil, 0, 0, fmt.Errorf("search process: %v", err)
	}
	return &r, peakRSSMB(cmd.ProcessState), wall, nil
}

// runSearchChild is the child's side of runChild, printed as JSON.
func runSearchChild(args []string) int {
	fs := flag.NewFlagSet("search-child", flag.ContinueOnError)
	mode := fs.String("mode", "cold", "")
	lang := fs.String("lang", "go", "")
	pattern := fs.String("pattern", "", "")
	ruleFile := fs.String("rule", "", "")
	repeat := fs.Int("repeat", 3, "")
	cacheMB := fs.Int("cache-mb", 0, "")
	maxResults := fs.Int("max-results", 50, "")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the first search to this file")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		return 2
	}
	dir := fs.Arg(0)
	l, err := languages().Lookup(*lang)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	q := search.Query{Root: dir, Path: dir, Lang: l, Limit: *maxResults}
	if *ruleFile != "" {
		rs, err := readRules(*ruleFile, l)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		q.Rules, q.Pattern = rs, rs[0].Pattern()
	} else {
		p, err := matcher.Compile(l, *pattern)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		q.Pattern = p
	}
	if *mode == "cold" {
		return coldCall(l.ID, *pattern, *ruleFile, dir, *maxResults)
	}
	switch *mode {
	case "warm":
		q.Cache = search.NewCache(int64(*cacheMB) << 20)
		debug.SetMemoryLimit(cli.DefaultMemoryLimit(int64(*cacheMB) << 20)) // as batch and serve set it
	case "list":
		q.Limit = 0
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer f.Close()
		pprof.StartCPUProfile(f)
	}
	start := time.Now()
	res, err := search.Search(context.Background(), q)
	pprof.StopCPUProfile()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	out := childResult{ColdSeconds: time.Since(start).Seconds(), Files: res.FilesScanned, FilesParsed: res.FilesParsed, ParseFailures: len(res.ParseFailures), Total: res.Total, Matches: []string{}}
	if *mode == "warm" {
		for i := range *repeat {
			start = time.Now()
			if _, err := search.Search(context.Background(), q); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			if d := time.Since(start).Seconds(); i == 0 || d < out.WarmSeconds {
				out.WarmSeconds = d
			}
		}
	}
	if *mode == "list" {
		for _, m := range res.Matches {
			out.Matches = append(out.Matches, fmt.Sprintf("%s:%d-%d", m.File, m.Range.Start.Line, m.Range.End.Line))
		}
	}
	json.NewEncoder(os.Stdout).Encode(out)
	return 0
}

// coldCall makes the one-shot call agenttools call --json ast_grep in
// this process, through the CLI's own entry point, and prints its time
// and the size of its output.
func coldCall(lang, pattern, ruleFile, dir string, maxResults int) int {
	if maxResults == 0 {
		maxResults = math.MaxInt32 // all
	}
	a := map[string]any{"pattern": pattern, "language": lang, "max_results": maxResults}
	if ruleFile != "" {
		// As a harness calls it: the rule's text is in the call.
		doc, err := os.ReadFile(ruleFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		delete(a, "pattern")
		a["rule"] = string(doc)
	}
	args, _ := json.Marshal(a)
	var out countingWriter
	start := time.Now()
	code := cli.Main(context.Background(), []string{"call", "--json", "--root", dir, "ast_grep", string(args)},
		cli.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: os.Stderr, Terminal: func() (io.ReadWriteCloser, bool) { return nil, false }})
	if code != 0 {
		fmt.Fprintf(os.Stderr, "agenttools call exited %d\n", code)
		return 1
	}
	json.NewEncoder(os.Stdout).Encode(childResult{ColdSeconds: time.Since(start).Seconds(), OutputBytes: out.n, Matches: []string{}})
	return 0
}

// countingWriter counts what is written to it and keeps none of it.
type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}

// runAstGrep runs the ast-grep CLI on exactly the given files, named
// relative to dir, and collects its matches as "file:start-end". A
// selector, when given, is the kind ast-grep takes from the pattern.
func runAstGrep(bin, pattern, ruleFile, selector, lang, dir string, files []string) (*astGrepReport, error) {
	bin, err := exec.LookPath(bin)
	if err == nil {
		bin, err = filepath.Abs(bin) // it runs in dir
	}
	if err != nil {
		return nil, fmt.Errorf("ast-grep: %w", err)
	}
	r := &astGrepReport{Binary: bin, Pattern: pattern, Selector: selector}
	if v, err := exec.Command(bin, "--version").Output(); err == nil {
		r.Version = string(bytes.TrimSpace(bytes.TrimPrefix(v, []byte("ast-grep "))))
	}
	args := []string{"run", "--pattern", pattern, "--lang", lang, "--json=stream"}
	if ruleFile != "" {
		args = []string{"scan", "--rule", ruleFile, "--json=stream"}
	}
	if selector != "" {
		args = append(args, "--selector", selector)
	}
	for _, f := range files {
		rel, err := filepath.Rel(dir, f)
		if err != nil {
			return nil, err
		}
		args = append(args, rel)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("ast-grep: %w", err)
	}
	var found []string
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var m struct {
			File  string `json:"file"`
			Range struct {
				Start struct{ Line int } `json:"start"`
				End   struct{ Line int } `json:"end"`
			} `json:"range"`
		}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			return nil, fmt.Errorf("ast-grep output: %v", err)
		}
		// ast-grep's lines are 0-based and its end is exclusive, but on the
		// line of the last character.
		found = append(found, fmt.Sprintf("%s:%d-%d", filepath.ToSlash(m.File), m.Range.Start.Line+1, m.Range.End.Line+1))
	}
	scanErr := sc.Err()
	err = cmd.Wait()
	r.Seconds = time.Since(start).Seconds()
	if err != nil {
		var ee *exec.ExitError
		// ast-grep exits 1 when it finds nothing.
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || len(found) > 0 {
			return nil, fmt.Errorf("ast-grep: %v: %s", err, stderr.Bytes())
		}
	}
	if scanErr != nil {
		return nil, fmt.Errorf("ast-grep output: %v", scanErr)
	}
	r.PeakRSSMB = peakRSSMB(cmd.ProcessState)
	r.Matches = len(found)
	r.Disagreements = found // compare replaces it
	return r, nil
}

// compare fills in the ratios and the agreement of the two match sets.
func compare(sg *astGrepReport, ours *searchReport, matches []string, list int) {
	if ours.ColdSeconds > 0 {
		sg.ColdRatio = sg.Seconds / ours.ColdSeconds
	}
	if ours.ColdProcessSeconds > 0 {
		sg.ProcessRatio = sg.Seconds / ours.ColdProcessSeconds
	}
	if ours.WarmSeconds > 0 {
		sg.WarmRatio = sg.Seconds / ours.WarmSeconds
	}
	if sg.PeakRSSMB > 0 {
		sg.ColdRSSRatio = ours.ColdRSSMB / sg.PeakRSSMB
		sg.WarmRSSRatio = ours.WarmRSSMB / sg.PeakRSSMB
	}
	theirs := map[string]bool{}
	for _, m := range sg.Disagreements {
		theirs[m] = true
	}
	mine := map[string]bool{}
	for _, m := range matches {
		mine[m] = true
	}
	var diff []string
	for m := range mine {
		if theirs[m] {
			sg.Agree++
		} else {
			sg.OnlyOurs++
			diff = append(diff, "only agenttools "+m)
		}
	}
	for m := range theirs {
		if !mine[m] {
			sg.OnlyAstGrep++
			diff = append(diff, "only ast-grep   "+m)
		}
	}
	slices.Sort(diff)
	sg.Disagreements = diff[:min(len(diff), list)]
}

// readRules reads a rule file for language l.
func readRules(name string, l *grammars.Language) ([]*rule.Rule, error) {
	doc, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return rule.Parse(string(doc), languages().Lookup, l)
}
