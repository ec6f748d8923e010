package c

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"testing"
)

func TestZZMem(t *testing.T) {
	root := os.Getenv("CXXMEM")
	if root == "" {
		t.Skip()
	}
	type r struct {
		p    string
		size int
		heap uint64
	}
	var rs []r
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		src, _ := os.ReadFile(p)
		runtime.GC()
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		tree, _ := CPP.Parse(src)
		runtime.ReadMemStats(&b)
		_ = tree
		rs = append(rs, r{p, len(src), b.TotalAlloc - a.TotalAlloc})
		return nil
	})
	sort.Slice(rs, func(i, j int) bool { return rs[i].heap > rs[j].heap })
	for _, x := range rs[:10] {
		fmt.Printf("%8d KB src %6d KB alloc %s\n", x.heap/1024, x.size/1024, x.p)
	}
}
