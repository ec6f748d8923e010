package javascript

import (
	"os"
	"testing"
)

// BenchmarkParse parses each part of the corpus; its MB/s is the
// grammar's speed (run with GOMAXPROCS=1 for one core).
func BenchmarkParse(b *testing.B) {
	for _, part := range corpusParts(b, corpusRoot(b)) {
		var srcs [][]byte
		var size int64
		for _, f := range part.files {
			src, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			srcs = append(srcs, src)
			size += int64(len(src))
		}
		b.Run(part.name, func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				for _, src := range srcs {
					part.l.Parse(src)
				}
			}
		})
	}
}

// BenchmarkMinified parses a 10 MB bundle on one line.
func BenchmarkMinified(b *testing.B) {
	src := []byte(minifiedBundle(10 << 20))
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		JavaScript.Parse(src)
	}
}
