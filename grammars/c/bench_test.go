package c

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkParse parses the fixtures, or the files AGENTTOOLS_C_BENCH
// names (a comma-separated list, sqlite3.c say); its MB/s is the
// grammar's speed (run with GOMAXPROCS=1 for one core).
func BenchmarkParse(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.c"))
	if list := os.Getenv("AGENTTOOLS_C_BENCH"); list != "" {
		files = strings.Split(list, ",")
	}
	var srcs [][]byte
	var size int64
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
		size += int64(len(src))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range srcs {
			C.Parse(src)
		}
	}
}
