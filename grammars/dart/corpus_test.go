package dart

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/agenttools/agenttools/grammars/kit"
)

// TestCorpus measures the parse rate on real Dart code nobody here wrote,
// when AGENTTOOLS_DART_CORPUS names it: a folder to walk, or a file that
// lists .dart paths one a line (a list of the files another parser
// accepts). No Dart SDK or corpus can be installed on this project's
// machines, so the corpus is brought by hand (see the README's Dart
// section for how it was measured) and is never committed; without it
// the test has nothing to measure and says so. It fails below 99.5%,
// and lists the first failures and how often each error was the first.
func TestCorpus(t *testing.T) {
	where := os.Getenv("AGENTTOOLS_DART_CORPUS")
	if where == "" {
		t.Skip("AGENTTOOLS_DART_CORPUS is not set: no Dart corpus to measure")
	}
	files, err := corpusFiles(where)
	if err != nil {
		t.Fatal(err)
	}
	failed, bytes := 0, 0
	firsts := map[string]int{}
	var listed []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		bytes += len(src)
		tree, _ := Language.Parse(src)
		checkFidelity(t, f, src, tree)
		if len(tree.Errors) == 0 {
			continue
		}
		failed++
		e := tree.Errors[0]
		msg, _, _ := strings.Cut(e.Msg, ", found")
		firsts[msg]++
		if len(listed) < 20 {
			listed = append(listed, fmt.Sprintf("%s:%d:%d: %s", f, e.Line, e.Column, e.Msg))
		}
	}
	if len(files) == 0 {
		t.Fatalf("no .dart files in %s", where)
	}
	rate := 100 * float64(len(files)-failed) / float64(len(files))
	t.Logf("%d of %d files (%.1f MB) parse with no error: %.2f%%", len(files)-failed, len(files), float64(bytes)/(1<<20), rate)
	msgs := make([]string, 0, len(firsts))
	for m := range firsts {
		msgs = append(msgs, m)
	}
	sort.Slice(msgs, func(i, j int) bool { return firsts[msgs[i]] > firsts[msgs[j]] })
	for _, m := range msgs {
		t.Logf("%5d  %s", firsts[m], m)
	}
	for _, l := range listed {
		t.Log(l)
	}
	if rate < 99.5 {
		t.Errorf("parse rate %.2f%%, below 99.5%%", rate)
	}
}

// corpusFiles returns the .dart files below a folder, or the paths a
// list file names.
func corpusFiles(where string) ([]string, error) {
	return gramtest.CorpusFiles(where, ".dart", kit.MaxFileSize)
}
