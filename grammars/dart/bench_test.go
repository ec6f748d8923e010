package dart

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkParse parses the fixtures, or the corpus AGENTTOOLS_DART_CORPUS
// names when it is set; its MB/s is the grammar's speed (run with
// GOMAXPROCS=1 for one core).
func BenchmarkParse(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.dart"))
	if where := os.Getenv("AGENTTOOLS_DART_CORPUS"); where != "" {
		var err error
		if files, err = corpusFiles(where); err != nil {
			b.Fatal(err)
		}
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
			Dart.Parse(src)
		}
	}
}
