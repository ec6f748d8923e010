package c

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// BenchmarkParse parses the fixtures, or the files AGENTTOOLS_C_BENCH
// names (a comma-separated list, sqlite3.c say, or @FILE for a file
// that lists them a line each); its MB/s is the grammar's speed (run
// with GOMAXPROCS=1 for one core).
func BenchmarkParse(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.c"))
	if list := os.Getenv("AGENTTOOLS_C_BENCH"); strings.HasPrefix(list, "@") {
		text, err := os.ReadFile(list[1:])
		if err != nil {
			b.Fatal(err)
		}
		files = strings.Fields(string(text))
	} else if list != "" {
		files = strings.Split(list, ",")
	}
	gramtest.BenchParse(b, Language, files)
}
