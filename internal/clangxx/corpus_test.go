package clangxx

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/agenttools/agenttools/internal/peers"
)

// CorpusEnv is the environment variable that, set to 1, runs
// TestCorpusVerdicts: a cold judge of the Sample takes minutes.
// AGENTTOOLS_CPP_CORPUS_FULL=1 runs it on the whole corpus.
const CorpusEnv = "AGENTTOOLS_CPP_CORPUS"

// TestCorpusVerdicts judges the corpus part by part and logs, for each,
// how many files it has, how many clang++ accepts and under which
// standard, and how long the judging took (short when the verdicts were
// kept).
func TestCorpusVerdicts(t *testing.T) {
	if os.Getenv(CorpusEnv) != "1" && os.Getenv(FullEnv) != "1" {
		t.Skipf("judging the C++ corpus takes minutes: %s=1 judges its sample, %s=1 all of it", CorpusEnv, FullEnv)
	}
	c := Require(t)
	files := RequireCorpus(t)
	top, err := peers.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(top, CachePath)
	var total, accepted int
	for from := 0; from < len(files); {
		to := from
		for to < len(files) && files[to].Part == files[from].Part {
			to++
		}
		start := time.Now()
		verdicts, counts, err := c.Judge(context.Background(), files[from:to], cache)
		if err != nil {
			t.Fatal(err)
		}
		ok, byStd := 0, map[string]int{}
		for _, v := range verdicts {
			if v.OK {
				ok++
				byStd[v.Std]++
			}
		}
		t.Logf("%-10s %5d files, %5d accepted %v, %d runs of clang++ (%d kept) in %v",
			files[from].Part, to-from, ok, byStd, counts.Runs, counts.Cached, time.Since(start).Round(time.Millisecond))
		total += to - from
		accepted += ok
		from = to
	}
	t.Logf("all: %d files, %d accepted", total, accepted)
}

func TestCorpus(t *testing.T) {
	files, missing, err := Corpus()
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) > 0 {
		peers.Missing(t, "the C++ corpus has no %v: run scripts/peers.sh cppcorpus (make test does)", missing)
	}
	byPart := map[string][]string{}
	for _, f := range files {
		byPart[f.Part] = append(byPart[f.Part], f.Path)
	}
	tests := []struct {
		part        string
		has, hasNot []string
		flag        string
	}{
		{LibStdCxx, []string{"/usr/include/c++/12/vector", "/usr/include/c++/12/bits/vector.tcc"}, nil, ""},
		{Boost, []string{"/usr/include/boost/optional.hpp"}, []string{"/usr/include/boost/compatibility/cpp_c_headers/cstdio"}, ""},
		{LLVM, []string{"/usr/lib/llvm-14/include/llvm/ADT/SmallVector.h"}, []string{"/usr/lib/llvm-14/include/llvm-c/Core.h", "/usr/lib/llvm-14/include/llvm/IR/Instruction.def"}, "-I/usr/lib/llvm-14/include"},
		{Fmt, []string{"/usr/include/fmt/format.h"}, nil, ""},
		{Nlohmann, []string{"/usr/include/nlohmann/json.hpp"}, nil, ""},
		{GoogleTest, []string{gtest + "/googletest/src/gtest.cc", gtest + "/googlemock/include/gmock/gmock.h"}, []string{gtest + "/CMakeLists.txt"}, "-I" + gtest + "/googlemock/include"},
	}
	for _, tt := range tests {
		t.Run(tt.part, func(t *testing.T) {
			paths := byPart[tt.part]
			if !slices.IsSorted(paths) {
				t.Errorf("the part's files are not sorted")
			}
			for _, p := range tt.has {
				if !slices.Contains(paths, p) {
					t.Errorf("no %s among %d files", p, len(paths))
				}
			}
			for _, p := range tt.hasNot {
				if slices.Contains(paths, p) {
					t.Errorf("%s is in it", p)
				}
			}
			for _, f := range files {
				if f.Part == tt.part && tt.flag != "" && !slices.Contains(f.Flags, tt.flag) {
					t.Fatalf("%s has flags %v, without %s", f.Path, f.Flags, tt.flag)
				}
			}
		})
	}

	sample := Sample(files, SampleSize)
	if again := Sample(files, SampleSize); !slices.Equal(pathsOf(sample), pathsOf(again)) {
		t.Errorf("two samples differ")
	}
	counts := map[string]int{}
	for _, f := range sample {
		counts[f.Part]++
	}
	for part, paths := range byPart {
		if want := min(len(paths), SampleSize); counts[part] != want {
			t.Errorf("the sample has %d files of %s, want %d", counts[part], part, want)
		}
	}
}

func pathsOf(files []File) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Path)
	}
	return out
}

func TestSample(t *testing.T) {
	var files []File
	for i := range 10 {
		files = append(files, File{Path: fmt.Sprint("a", i), Part: "a"})
	}
	files = append(files, File{Path: "b0", Part: "b"})
	got := pathsOf(Sample(files, 4))
	if want := []string{"a0", "a2", "a5", "a7", "b0"}; !slices.Equal(got, want) {
		t.Errorf("Sample = %v, want %v", got, want)
	}
}
