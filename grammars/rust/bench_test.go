package rust

import (
	"path/filepath"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// BenchmarkParse parses the fixtures; its MB/s is the grammar's speed
// (run with GOMAXPROCS=1 for one core).
func BenchmarkParse(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.rs"))
	gramtest.BenchParse(b, Language, files)
}
