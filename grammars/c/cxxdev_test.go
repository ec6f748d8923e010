package c

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestCxxDev parses the files under $CXXDEV (or listed in the file
// $CXXDEV names after an @) as C++ and prints the first
// error of each that fails. A development aid.
func TestCxxDev(t *testing.T) {
	root := os.Getenv("CXXDEV")
	if root == "" {
		t.Skip("CXXDEV unset")
	}
	var files []string
	if list, ok := strings.CutPrefix(root, "@"); ok {
		// @file: the paths the file lists, one a line
		data, _ := os.ReadFile(list)
		files = strings.Fields(string(data))
	} else {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				files = append(files, p)
			}
			return nil
		})
	}
	sort.Strings(files)
	bad := 0
	msgs := map[string]int{}
	for _, f := range files {
		src, _ := os.ReadFile(f)
		tree, _ := CPP.Parse(src)
		if len(tree.Errors) > 0 {
			bad++
			e := tree.Errors[0]
			line := strings.Split(string(src), "\n")
			text := ""
			if e.Line > 0 && e.Line <= len(line) {
				text = strings.TrimSpace(line[e.Line-1])
			}
			if os.Getenv("CXXV") != "" {
				fmt.Printf("%s:%d:%d: %s | %s\n", f, e.Line, e.Column, e.Msg, text)
			}
			msgs[e.Msg]++
		}
	}
	type kv struct {
		k string
		v int
	}
	var kvs []kv
	for k, v := range msgs {
		kvs = append(kvs, kv{k, v})
	}
	sort.Slice(kvs, func(i, j int) bool { return kvs[i].v > kvs[j].v })
	for i, x := range kvs {
		if i > 25 {
			break
		}
		fmt.Printf("%5d %s\n", x.v, x.k)
	}
	fmt.Printf("%d/%d files with errors\n", bad, len(files))
}

func TestCxxShow(t *testing.T) {
	src := os.Getenv("CXXSHOW")
	if src == "" {
		t.Skip()
	}
	tree, _ := CPP.Parse([]byte(src))
	fmt.Println(tree.Errors)
	for _, c := range tree.Children(tree.Root) {
		fmt.Println(tree.Sexp(c))
	}
}
