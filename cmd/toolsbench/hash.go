package main

import (
	"crypto/sha256"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/agenttools/agenttools/grammars"
)

// runHash prints, for every file of a language under a folder (testdata
// and hidden folders included, since they hold the odd files a grammar
// change is most likely to treat differently), a hash of its tree and one
// of its errors, then a digest of all of them. Two runs, before and after
// a change to a grammar, are compared with diff: the trees must be the
// same, node for node.
//
//	toolsbench hash --lang go|python DIR > before.txt
func runHash(args []string, out io.Writer) int {
	fl := flag.NewFlagSet("hash", flag.ContinueOnError)
	lang := fl.String("lang", "go", "language id")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "toolsbench hash: want one DIR")
		return 2
	}
	l, err := languages().Lookup(*lang)
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolsbench hash:", err)
		return 2
	}
	dir := fl.Arg(0)
	var files []string
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && l.ForFile(p) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolsbench hash:", err)
		return 1
	}
	sort.Strings(files)
	all := sha256.New()
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "toolsbench hash:", err)
			return 1
		}
		t, err := l.Parse(src)
		if err != nil {
			fmt.Fprintf(out, "%s parse-error %v\n", filepath.ToSlash(must(filepath.Rel(dir, f))), err)
			continue
		}
		th, eh := treeHash(t), errorHash(t)
		fmt.Fprintf(out, "%s %x %x\n", filepath.ToSlash(must(filepath.Rel(dir, f))), th[:8], eh[:8])
		all.Write(th)
	}
	fmt.Fprintf(out, "files %d trees %x\n", len(files), all.Sum(nil)[:16])
	return 0
}

// treeHash hashes the tree in file order, every node by its kind name,
// byte range and number of children, and the trivia: what the matcher
// and the rewriter see, and nothing of how the builder laid it out.
func treeHash(t *grammars.Tree) []byte {
	h := sha256.New()
	var buf [12]byte
	t.Walk(func(n int32) bool {
		nd := &t.Nodes[n]
		h.Write([]byte(t.KindName(n)))
		binary.LittleEndian.PutUint32(buf[0:], nd.Start)
		binary.LittleEndian.PutUint32(buf[4:], nd.End)
		binary.LittleEndian.PutUint32(buf[8:], uint32(nd.Count))
		h.Write(buf[:])
		return true
	})
	for _, s := range t.Trivia {
		binary.LittleEndian.PutUint32(buf[0:], s.Start)
		binary.LittleEndian.PutUint32(buf[4:], s.End)
		h.Write(buf[:8])
	}
	return h.Sum(nil)
}

func errorHash(t *grammars.Tree) []byte {
	h := sha256.New()
	for _, e := range t.Errors {
		fmt.Fprintf(h, "%d:%d:%s:%d-%d\n", e.Line, e.Column, e.Msg, e.Span.Start, e.Span.End)
	}
	return h.Sum(nil)
}

func must(s string, err error) string {
	if err != nil {
		panic(err)
	}
	return s
}
