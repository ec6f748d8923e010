package c

import (
	"path/filepath"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// BenchmarkParse parses the fixtures, or the files AGENTTOOLS_C_BENCH
// names (a comma-separated list, sqlite3.c say, or @FILE for a file
// that lists them a line each); its MB/s is the grammar's speed (run
// with GOMAXPROCS=1 for one core).
func BenchmarkParse(b *testing.B) {
	gramtest.BenchParse(b, Language, gramtest.BenchFiles(b, filepath.Join("testdata", "*.c"), "AGENTTOOLS_C_BENCH"))
}

// BenchmarkParseCpp parses the C++ fixtures, or the files
// AGENTTOOLS_CPP_BENCH names, as BenchmarkParse does C's.
func BenchmarkParseCpp(b *testing.B) {
	gramtest.BenchParse(b, CPP, gramtest.BenchFiles(b, filepath.Join("testdata", "cxx", "*.cpp"), "AGENTTOOLS_CPP_BENCH"))
}
