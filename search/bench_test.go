package search

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/agenttools/agenttools/grammars/golang"
	"github.com/agenttools/agenttools/matcher"
)

// benchDir is a real package of the standard library, large enough that
// the walk, the prefilter and the parse all show.
var benchDir = filepath.Join(runtime.GOROOT(), "src", "net", "http")

func benchSearch(b *testing.B, pattern string, cache func() *Cache) {
	p, err := matcher.Compile(golang.Language, pattern)
	if err != nil {
		b.Fatal(err)
	}
	var bytes int64
	files, _ := Walk(benchDir, benchDir, golang.Language)
	for _, f := range files {
		if st, err := os.Stat(f); err == nil {
			bytes += st.Size()
		}
	}
	b.SetBytes(bytes)
	q := Query{Root: benchDir, Path: benchDir, Lang: golang.Language, Pattern: p, Cache: cache()}
	if q.Cache != nil { // fill it before the clock starts
		if _, err := Search(context.Background(), q); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if _, err := Search(context.Background(), q); err != nil {
			b.Fatal(err)
		}
	}
}

func noCache() *Cache { return nil }

func fullCache() *Cache { return NewCache(DefaultCacheBudget) }

// The literal prefilter leaves a tenth of the files to parse.
func BenchmarkSearchPrefiltered(b *testing.B) { benchSearch(b, "$A.Close()", noCache) }

// Nothing to filter on: every file is parsed.
func BenchmarkSearchEveryFile(b *testing.B) { benchSearch(b, "$X == $X", noCache) }

// The same search again in the same run: the cache answers.
func BenchmarkSearchWarm(b *testing.B) { benchSearch(b, "$X == $X", fullCache) }

// Trees cached, another pattern each time: only matching costs.
func BenchmarkSearchCachedTrees(b *testing.B) {
	c := NewCache(DefaultCacheBudget)
	patterns := []string{"$X == $X", "$X != $X", "$X + $X"}
	var ps []*matcher.Pattern
	for _, s := range patterns {
		p, err := matcher.Compile(golang.Language, s)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	for _, p := range ps { // parse every file before the clock starts
		if _, err := Search(context.Background(), Query{Root: benchDir, Path: benchDir, Lang: golang.Language, Pattern: p, Cache: c}); err != nil {
			b.Fatal(err)
		}
	}
	i := 0
	for b.Loop() {
		c.results.init(c.results.budget) // forget the matches, keep the trees
		if _, err := Search(context.Background(), Query{Root: benchDir, Path: benchDir, Lang: golang.Language, Pattern: ps[i%len(ps)], Cache: c}); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
