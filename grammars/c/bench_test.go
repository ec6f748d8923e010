package c

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// BenchmarkParse parses the fixtures, or the files AGENTTOOLS_C_BENCH
// names (a comma-separated list, sqlite3.c say); its MB/s is the
// grammar's speed (run with GOMAXPROCS=1 for one core).
func BenchmarkParse(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.c"))
	if list := os.Getenv("AGENTTOOLS_C_BENCH"); list != "" {
		files = strings.Split(list, ",")
	}
	gramtest.BenchParse(b, C, files)
}
