package java

import (
	"path/filepath"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// BenchmarkParse parses the fixtures, or the files AGENTTOOLS_JAVA_CORPUS
// names (a comma-separated list, or @FILE for a file that lists them);
// its MB/s is the grammar's speed (run with GOMAXPROCS=1 for one core).
func BenchmarkParse(b *testing.B) {
	gramtest.BenchParse(b, Language, gramtest.BenchFiles(b, filepath.Join("testdata", "*.java"), "AGENTTOOLS_JAVA_CORPUS"))
}
