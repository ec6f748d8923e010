package clangxx

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/internal/peers"
)

// The parts of the C++ corpus, read where Debian's packages put them
// (scripts/peers.sh cppcorpus installs them).
const (
	LibStdCxx  = "libstdcxx"
	Boost      = "boost"
	LLVM       = "llvm"
	Fmt        = "fmt"
	Nlohmann   = "nlohmann"
	GoogleTest = "googletest"
)

// A Part is one part of the corpus: the folders it is taken from, which
// of their files it takes, and the flags clang++ needs to read them
// besides the standard (include folders).
type Part struct {
	Name  string
	Roots []string
	Take  func(path string) bool
	Flags []string
}

// gtest is where Debian's googletest package puts GoogleTest's and
// GoogleMock's sources.
const gtest = "/usr/src/googletest"

// Parts returns the corpus's parts, in the order Corpus lists them.
//
// libstdcxx is every regular file under /usr/include/c++/12, the
// extensionless headers (vector, map) and the .tcc files of their
// templates included: many of bits/ are fragments that need another
// header first, and count as rejected files. The target-specific headers
// (bits/c++config.h and the like) live outside it, in
// /usr/include/x86_64-linux-gnu/c++/12, and are left out: they are few,
// mostly macros, and another machine has them under another name.
//
// llvm is LLVM 14's C++ headers (.h under llvm/); llvm-c, which is C, and
// the .inc, .def and .td fragments, which are no C++ of their own, are
// left out.
func Parts() []Part {
	ext := func(exts ...string) func(string) bool {
		return func(p string) bool {
			for _, e := range exts {
				if strings.HasSuffix(p, e) {
					return true
				}
			}
			return false
		}
	}
	all := func(string) bool { return true }
	return []Part{
		{Name: LibStdCxx, Roots: []string{"/usr/include/c++/12"}, Take: all},
		{Name: Boost, Roots: []string{"/usr/include/boost"}, Take: ext(".hpp", ".h", ".ipp")},
		{Name: LLVM, Roots: []string{"/usr/lib/llvm-14/include/llvm"}, Take: ext(".h"),
			Flags: []string{"-I/usr/lib/llvm-14/include"}},
		{Name: Fmt, Roots: []string{"/usr/include/fmt"}, Take: ext(".h")},
		{Name: Nlohmann, Roots: []string{"/usr/include/nlohmann"}, Take: ext(".hpp", ".h")},
		{Name: GoogleTest, Roots: []string{gtest + "/googletest", gtest + "/googlemock"}, Take: ext(".cc", ".h"),
			Flags: []string{
				"-I" + gtest + "/googletest/include", "-I" + gtest + "/googletest",
				"-I" + gtest + "/googlemock/include", "-I" + gtest + "/googlemock",
			}},
	}
}

// A File is one file of the corpus, with the flags its part needs.
type File struct {
	Path  string
	Part  string
	Flags []string
}

// Corpus lists the files of each part, sorted by path within each part.
// A part none of whose folders is here is left out and named in missing.
// Symbolic links are not followed, but a part's folder may be one
// (Debian's /usr/lib/llvm-14/include/llvm is).
func Corpus() (files []File, missing []string, err error) {
	for _, part := range Parts() {
		some, err := part.files()
		if err != nil {
			return nil, nil, err
		}
		if len(some) == 0 {
			missing = append(missing, part.Name)
		}
		files = append(files, some...)
	}
	return files, missing, nil
}

// files walks the part's folders.
func (part Part) files() ([]File, error) {
	var some []File
	for _, root := range part.Roots {
		real, err := filepath.EvalSymlinks(root)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("the C++ corpus: %w", err)
		}
		err = filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type().IsRegular() && part.Take(p) {
				// the path under the root as named, not as resolved
				some = append(some, File{Path: filepath.Join(root, strings.TrimPrefix(p, real)), Part: part.Name, Flags: part.Flags})
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("the C++ corpus: %w", err)
		}
	}
	sort.Slice(some, func(i, j int) bool { return some[i].Path < some[j].Path })
	return some, nil
}

// SampleSize is how many files of each part Sample takes for the
// corpus-wide tests by default: 657 files, which a cold judge read in 5.4
// minutes on two cores (LLVM's headers and GoogleTest's tests, a second
// or more each, most of it); the judge's cache makes a second
// run take a fraction of a second. The whole corpus takes over two hours
// cold, Boost's 14,000 headers most of it.
const SampleSize = 100

// Sample takes at most n files of each part, spread evenly over the
// part's sorted files (the i-th of n is the file at i*len/n), so that the
// same corpus gives the same sample on every machine.
func Sample(files []File, n int) []File {
	var out []File
	for from := 0; from < len(files); {
		to := from
		for to < len(files) && files[to].Part == files[from].Part {
			to++
		}
		part := files[from:to]
		if len(part) <= n {
			out = append(out, part...)
		} else {
			for i := range n {
				out = append(out, part[i*len(part)/n])
			}
		}
		from = to
	}
	return out
}

// FullEnv is the environment variable that, set to 1, makes the
// corpus-wide tests judge the whole corpus rather than its Sample.
const FullEnv = "AGENTTOOLS_CPP_CORPUS_FULL"

// RequireCorpus returns the files a corpus-wide test reads: the Sample,
// or the whole corpus under AGENTTOOLS_CPP_CORPUS_FULL=1. A missing part
// is logged and the test runs on the rest; with no part at all it is
// skipped, or fails under AGENTTOOLS_REQUIRE_PEERS=1.
func RequireCorpus(t testing.TB) []File {
	t.Helper()
	files, missing, err := Corpus()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		peers.Missing(t, "the C++ corpus is not here: run scripts/peers.sh cppcorpus (make test does)")
	}
	if len(missing) > 0 {
		t.Logf("the C++ corpus has no %s (scripts/peers.sh cppcorpus installs them): the test runs on the rest", strings.Join(missing, ", "))
	}
	if os.Getenv(FullEnv) == "1" {
		return files
	}
	return Sample(files, SampleSize)
}
