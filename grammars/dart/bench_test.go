package dart

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
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
	gramtest.BenchParse(b, Language, files)
}
