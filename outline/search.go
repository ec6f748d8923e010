package outline

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/bundled"
)

// MaxFileSize is the largest file a search reads: bigger ones are
// generated tables and bundles, whose declarations nobody looks for.
const MaxFileSize = 1 << 20

// A Match is one declaration a search found.
type Match struct {
	Decl
	// File is relative to the root searched, with / separators.
	File string `json:"file"`
	// Language is the id of the grammar that read the file.
	Language string `json:"language"`
	// Container names the declarations it sits in, outermost first,
	// joined by ".": a method's class.
	Container string `json:"container,omitempty"`
}

// A Result is what a search found: the first matches, exact ones
// first, and how many there are in all.
type Result struct {
	Matches []Match
	Total   int
	Files   int // the files read
	// Unread lists the files that could not be read or parsed, or were
	// too big, relative to the root.
	Unread []string
}

// Search returns the declarations under root whose name contains query,
// in any case: those whose name is query (in any case) first, then the
// others, each by file and line; at most limit of them (0: all). It reads
// the files of every bundled grammar, leaving out hidden folders,
// node_modules, vendor, testdata and the like, and files over
// MaxFileSize; it parses, in parallel, only those whose text holds query.
func Search(ctx context.Context, root, query string, limit int) (Result, error) {
	return SearchFiles(ctx, root, query, limit, nil)
}

// SearchFiles is Search over the files keep takes (a path relative to
// root, with / separators; nil takes all): the others are not read.
func SearchFiles(ctx context.Context, root, query string, limit int, keep func(rel string) bool) (Result, error) {
	if query == "" {
		return Result{}, fmt.Errorf("outline search: empty query")
	}
	reg := bundled.Registry()
	var files []string
	var res Result
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil // a folder that cannot be read: go on without it
		}
		if d.IsDir() {
			if p != root && skipDir(d.Name()) {
				return filepath.SkipDir
			}
			return ctx.Err()
		}
		if d.Type().IsRegular() && reg.ForPath(p) != nil && (keep == nil || keep(relSlash(root, p))) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return Result{}, fmt.Errorf("outline search of %s: %w", root, err)
	}
	lower := bytes.ToLower([]byte(query))
	var (
		mu   sync.Mutex
		next = make(chan string)
		wg   sync.WaitGroup
	)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				rel := relSlash(root, p)
				ms, ok := searchFile(reg, p, rel, lower)
				mu.Lock()
				res.Files++
				if !ok {
					res.Unread = append(res.Unread, rel)
				}
				res.Matches = append(res.Matches, ms...)
				mu.Unlock()
			}
		}()
	}
feed:
	for _, p := range files {
		select {
		case next <- p:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("outline search of %s: %w", root, err)
	}
	slices.Sort(res.Unread)
	slices.SortFunc(res.Matches, func(a, b Match) int {
		ea, eb := strings.EqualFold(a.Name, query), strings.EqualFold(b.Name, query)
		switch {
		case ea && !eb:
			return -1
		case eb && !ea:
			return 1
		}
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Line - b.Line
	})
	res.Total = len(res.Matches)
	if limit > 0 && len(res.Matches) > limit {
		res.Matches = res.Matches[:limit]
	}
	return res, nil
}

// skipDir reports whether a search leaves out a folder of this name:
// hidden ones (.git among them), dependencies and build output.
func skipDir(name string) bool {
	switch name {
	case "node_modules", "vendor", "third_party", "testdata", "target", "dist", "__pycache__", "venv":
		return true
	}
	return strings.HasPrefix(name, ".")
}

// searchFile returns the declarations of one file whose name holds
// query (lower-cased); ok is false when the file could not be read or
// parsed, or is too big.
func searchFile(reg *grammars.Registry, path, rel string, query []byte) (out []Match, ok bool) {
	st, err := os.Stat(path)
	if err != nil || st.Size() > MaxFileSize {
		return nil, false
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	// A name is text of the file: a file that does not hold the query
	// cannot declare it, and is not parsed.
	if !bytes.Contains(bytes.ToLower(src), query) {
		return nil, true
	}
	l := languageOf(reg, path, src)
	if l == nil || (l.MaxSize > 0 && int64(len(src)) > l.MaxSize) {
		return nil, false
	}
	tree, err := l.Parse(src)
	if err != nil {
		return nil, false
	}
	defer tree.Release()
	q := string(query)
	var walk func(ds []Decl, container string)
	walk = func(ds []Decl, container string) {
		for _, d := range ds {
			if strings.Contains(strings.ToLower(d.Name), q) {
				m := Match{Decl: d, File: rel, Language: l.ID, Container: container}
				m.Children = nil
				out = append(out, m)
			}
			inner := d.Name
			if container != "" {
				inner = container + "." + d.Name
			}
			walk(d.Children, inner)
		}
	}
	walk(Of(tree), "")
	return out, true
}

// languageOf returns the grammar that reads a file: by its extension,
// and for one that languages share (.h), by its content.
func languageOf(reg *grammars.Registry, path string, src []byte) *grammars.Language {
	langs, err := reg.Choose("", path, true)
	if err != nil {
		return nil
	}
	for _, l := range langs {
		if l.Reads(path, src) {
			return l
		}
	}
	return nil
}

func relSlash(root, p string) string {
	if rel, err := filepath.Rel(root, p); err == nil {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(p)
}

// File returns the declarations of the file at path and the grammar that
// read it; an error when no bundled grammar reads it or it cannot be read.
func File(path string) ([]Decl, *grammars.Language, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("outline: %w", err)
	}
	l := languageOf(bundled.Registry(), path, src)
	if l == nil {
		return nil, nil, fmt.Errorf("outline: no bundled grammar reads %s", filepath.Base(path))
	}
	if l.MaxSize > 0 && int64(len(src)) > l.MaxSize {
		return nil, l, fmt.Errorf("outline: %s is over the %s grammar's %d bytes", filepath.Base(path), l.DisplayName(), l.MaxSize)
	}
	tree, err := l.Parse(src)
	if err != nil {
		return nil, l, fmt.Errorf("outline: parsing %s: %w", filepath.Base(path), err)
	}
	defer tree.Release()
	return Of(tree), l, nil
}
