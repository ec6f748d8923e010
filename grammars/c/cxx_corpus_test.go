package c

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/agenttools/agenttools/internal/clangxx"
	"github.com/agenttools/agenttools/internal/peers"
)

// cppParseRateFloor is the share of the files clang++ accepts that must
// parse with no error region: the bar.
const cppParseRateFloor = 0.99

// TestCppCorpusParseRate parses the C++ corpus's sample (or all of it
// under AGENTTOOLS_CPP_CORPUS_FULL=1) and counts, of the files clang++-14
// accepts, those that parse with no error: its rate must be at least
// cppParseRateFloor. clang's verdicts are kept between runs
// (clangxx.CachePath). AGENTTOOLS_CPP_FAILURES=1 lists each failure. A
// file that parses must have its tokens for leaves, nested properly.
func TestCppCorpusParseRate(t *testing.T) {
	clang := clangxx.Require(t)
	files := clangxx.RequireCorpus(t)
	top, err := peers.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	verdicts, counts, err := clang.Judge(context.Background(), files, filepath.Join(top, clangxx.CachePath))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("clang: %+v", counts)
	type tally struct{ files, accepted, parsed, bytes int }
	parts := map[string]*tally{}
	var failures []string
	total := tally{}
	for i, f := range files {
		pt := parts[f.Part]
		if pt == nil {
			pt = &tally{}
			parts[f.Part] = pt
		}
		pt.files++
		if !verdicts[i].OK {
			continue
		}
		src, err := os.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		pt.accepted++
		pt.bytes += len(src)
		tree, err := CPP.Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		if len(tree.Errors) == 0 {
			pt.parsed++
			checkFidelity(t, f.Path, src, tree) // its leaves are its tokens, and nest
			continue
		}
		failures = append(failures, fmt.Sprintf("%s: %s", f.Path, tree.ErrorText(tree.Errors[0])))
	}
	for _, name := range slices.Sorted(maps.Keys(parts)) {
		pt := parts[name]
		total.files += pt.files
		total.accepted += pt.accepted
		total.parsed += pt.parsed
		total.bytes += pt.bytes
		t.Logf("%-10s %5d files, %5d accepted by clang, %5d parse with no error (%.2f%%), %.1f MB", name, pt.files, pt.accepted, pt.parsed, 100*float64(pt.parsed)/float64(max(pt.accepted, 1)), float64(pt.bytes)/1e6)
	}
	rate := float64(total.parsed) / float64(max(total.accepted, 1))
	t.Logf("all        %5d files, %5d accepted by clang, %5d parse with no error (%.2f%%), %.1f MB", total.files, total.accepted, total.parsed, 100*rate, float64(total.bytes)/1e6)
	if os.Getenv("AGENTTOOLS_CPP_FAILURES") == "1" {
		for _, f := range failures {
			t.Log(f)
		}
	}
	if rate < cppParseRateFloor {
		for i, f := range failures {
			if i == 20 {
				t.Logf("and %d more", len(failures)-i)
				break
			}
			t.Log(f)
		}
		t.Errorf("%.2f%% of the files clang accepts parse; want at least %.0f%%", 100*rate, 100*cppParseRateFloor)
	}
}

// TestCppCorpusParseRateBound bounds the parse rate over the whole
// corpus from below without judging every file, which takes clang hours
// on two cores: it parses every file, judges each one with an error
// region, and takes the verdicts clang's cache holds on the others. A
// file left unjudged parses with no error, so judging it could only
// raise the rate: (accepted among the known - failures) / accepted among
// the known is a lower bound, and it must reach cppParseRateFloor. Under
// AGENTTOOLS_CPP_CORPUS_BOUND=1; every verdict is kept, so that the
// bound tightens as more of the corpus is judged.
func TestCppCorpusParseRateBound(t *testing.T) {
	if os.Getenv("AGENTTOOLS_CPP_CORPUS_BOUND") != "1" {
		t.Skip("set AGENTTOOLS_CPP_CORPUS_BOUND=1 to bound the whole corpus's rate")
	}
	clang := clangxx.Require(t)
	files, missing, err := clangxx.Corpus()
	if err != nil || len(missing) > 0 {
		t.Fatalf("the C++ corpus is not all here (%v, missing %v): make test installs it", err, missing)
	}
	top, err := peers.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(top, clangxx.CachePath)
	var bad []clangxx.File
	firstErr := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := CPP.Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		if len(tree.Errors) > 0 {
			bad = append(bad, f)
			firstErr[f.Path] = tree.ErrorText(tree.Errors[0])
		}
	}
	badVerdicts, counts, err := clang.Judge(context.Background(), bad, cache)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("clang on the files with an error region: %+v", counts)
	verdicts, known, err := clang.Cached(files, cache)
	if err != nil {
		t.Fatal(err)
	}
	type tally struct{ files, judged, accepted, failed int }
	parts := map[string]*tally{}
	part := func(name string) *tally {
		if parts[name] == nil {
			parts[name] = &tally{}
		}
		return parts[name]
	}
	var judged, accepted int
	for i, f := range files {
		pt := part(f.Part)
		pt.files++
		if known[i] {
			judged++
			pt.judged++
			if verdicts[i].OK {
				accepted++
				pt.accepted++
			}
		}
	}
	var failures []string
	for i, f := range bad {
		if badVerdicts[i].OK {
			part(f.Part).failed++
			failures = append(failures, fmt.Sprintf("%s: %s", f.Path, firstErr[f.Path]))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(parts)) {
		pt := parts[name]
		t.Logf("%-10s %5d files, %5d judged, %5d accepted, %3d of them with an error region: at least %.2f%%",
			name, pt.files, pt.judged, pt.accepted, pt.failed, 100*float64(pt.accepted-pt.failed)/float64(max(pt.accepted, 1)))
	}
	bound := float64(accepted-len(failures)) / float64(max(accepted, 1))
	t.Logf("%d files, %d with an error region (%d of them accepted by clang); %d judged, %d accepted: the rate is at least %.2f%%",
		len(files), len(bad), len(failures), judged, accepted, 100*bound)
	if os.Getenv("AGENTTOOLS_CPP_FAILURES") == "1" {
		for _, f := range failures {
			t.Log(f)
		}
	}
	if bound < cppParseRateFloor {
		t.Errorf("the rate's lower bound is %.2f%%; want at least %.0f%%", 100*bound, 100*cppParseRateFloor)
	}
}
