package matcher

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
	ignore "github.com/sabhiram/go-gitignore"
)

// A Query is one search.
type Query struct {
	Root    string // the run's working directory (absolute)
	Path    string // file or folder to search, absolute, inside Root
	Lang    *grammars.Language
	Pattern *Pattern
	Cache   *Cache // may be nil
}

// A Position is 1-based; Column counts Unicode code points.
type Position struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// A Range's End is the position of its last character.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// A Found match, located in its file.
type Found struct {
	File          string              `json:"file"` // relative to Root, with / separators
	Range         Range               `json:"range"`
	Text          string              `json:"text"`
	Captures      map[string]string   `json:"captures,omitempty"`
	MultiCaptures map[string][]string `json:"multi_captures,omitempty"`
	lines         string              // the whole lines the match spans
}

// Lines returns the source lines the match spans.
func (f *Found) Lines() string { return f.lines }

// A Failure is a file that did not parse cleanly.
type Failure struct {
	File  string `json:"file"`
	Error string `json:"error"`
}

// Results of one search.
type Results struct {
	Matches       []Found
	FilesScanned  int
	FilesParsed   int
	ParseFailures []Failure
}

// Search walks q.Path in parallel and returns every match, sorted by file
// and position. Files the literal prefilter rules out are never parsed.
func Search(ctx context.Context, q Query) (*Results, error) {
	files, err := Walk(q.Root, q.Path, q.Lang)
	if err != nil {
		return nil, err
	}
	var lits [][]byte
	for _, l := range q.Pattern.Literals() {
		lits = append(lits, []byte(l))
	}
	type fileResult struct {
		found   []Found
		parsed  bool
		failure *Failure
	}
	out := make([]fileResult, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				src, err := os.ReadFile(files[i])
				rel := relSlash(q.Root, files[i])
				if err != nil {
					out[i].failure = &Failure{File: rel, Error: err.Error()}
					continue
				}
				if !containsAll(src, lits) {
					continue
				}
				tree, err := q.Cache.parse(q.Lang, files[i], src)
				out[i].parsed = true
				if err != nil {
					out[i].failure = &Failure{File: rel, Error: err.Error()}
					continue
				}
				if len(tree.Errors) > 0 {
					out[i].failure = &Failure{File: rel, Error: tree.Errors[0].Error()}
				}
				for _, m := range q.Pattern.Find(tree) {
					out[i].found = append(out[i].found, locate(tree, rel, m))
				}
			}
		}()
	}
	for i := range files {
		select {
		case next <- i:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res := &Results{FilesScanned: len(files)}
	for _, r := range out {
		res.Matches = append(res.Matches, r.found...)
		if r.parsed {
			res.FilesParsed++
		}
		if r.failure != nil {
			res.ParseFailures = append(res.ParseFailures, *r.failure)
		}
	}
	return res, nil
}

func relSlash(root, p string) string {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(rel)
}

func containsAll(src []byte, lits [][]byte) bool {
	for _, l := range lits {
		if !bytes.Contains(src, l) {
			return false
		}
	}
	return true
}

// Literals returns the identifiers, keywords and literals every match must
// contain: the pattern's leaves that are words and not metavariables.
func (p *Pattern) Literals() []string {
	seen := map[string]bool{}
	var out []string
	var walk func(n int32)
	walk = func(n int32) {
		t := p.tree
		if t.Nodes[n].Count == 0 {
			s := t.Text(n)
			if _, ok, _ := metavar(t, n); !ok && len(s) > 0 && isWordStart(s) && !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
			return
		}
		for _, c := range t.Children(n) {
			walk(c)
		}
	}
	walk(p.root)
	return out
}

func isWordStart(s string) bool {
	c := s[0]
	return c == '_' || c == '"' || c == '`' || c == '\'' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= utf8.RuneSelf
}

func locate(t *grammars.Tree, rel string, m Match) Found {
	nd := t.Nodes[m.Node]
	f := Found{File: rel, Text: t.Text(m.Node), Range: Range{Start: position(t.Src, nd.Start), End: position(t.Src, lastChar(t.Src, nd))}}
	ls := bytes.LastIndexByte(t.Src[:nd.Start], '\n') + 1
	le := bytes.IndexByte(t.Src[nd.End:], '\n')
	if le < 0 {
		le = len(t.Src)
	} else {
		le += int(nd.End)
	}
	f.lines = string(t.Src[ls:le])
	for name, n := range m.Captures {
		if f.Captures == nil {
			f.Captures = map[string]string{}
		}
		f.Captures[name] = t.Text(n)
	}
	for name, run := range m.Multi {
		if f.MultiCaptures == nil {
			f.MultiCaptures = map[string][]string{}
		}
		list := []string{}
		for _, n := range run {
			if t.Named(n) || t.Nodes[n].Count > 0 {
				list = append(list, t.Text(n))
			}
		}
		f.MultiCaptures[name] = list
	}
	return f
}

func lastChar(src []byte, nd grammars.Node) uint32 {
	if nd.End <= nd.Start {
		return nd.Start
	}
	_, size := utf8.DecodeLastRune(src[nd.Start:nd.End])
	return nd.End - uint32(size)
}

func position(src []byte, off uint32) Position {
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	ls := bytes.LastIndexByte(src[:off], '\n') + 1
	return Position{Line: line, Column: 1 + utf8.RuneCount(src[ls:off])}
}

// Walk lists the files of language l under path, honouring .gitignore
// files (nested ones too) and skipping hidden folders, vendor,
// node_modules and testdata unless path itself is inside one.
func Walk(root, path string, l *grammars.Language) ([]string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{path}, nil
	}
	type rules struct {
		dir string
		gi  *ignore.GitIgnore
	}
	var stack []rules
	// .gitignore files between the root and path apply too.
	if rel, err := filepath.Rel(root, path); err == nil && !strings.HasPrefix(rel, "..") {
		d := root
		for _, part := range append([]string{""}, strings.Split(rel, string(filepath.Separator))...) {
			d = filepath.Join(d, part)
			if d == path {
				break
			}
			if gi, err := ignore.CompileIgnoreFile(filepath.Join(d, ".gitignore")); err == nil {
				stack = append(stack, rules{d, gi})
			}
		}
	}
	ignored := func(p string, stack []rules) bool {
		for _, r := range stack {
			rel, _ := filepath.Rel(r.dir, p)
			if r.gi.MatchesPath(filepath.ToSlash(rel)) {
				return true
			}
		}
		return false
	}
	var files []string
	var walk func(dir string, stack []rules) error
	walk = func(dir string, stack []rules) error {
		if gi, err := ignore.CompileIgnoreFile(filepath.Join(dir, ".gitignore")); err == nil {
			stack = append(stack[:len(stack):len(stack)], rules{dir, gi})
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		for _, e := range entries {
			p := filepath.Join(dir, e.Name())
			if ignored(p, stack) {
				continue
			}
			if e.IsDir() {
				switch name := e.Name(); {
				case strings.HasPrefix(name, "."), name == "vendor", name == "node_modules", name == "testdata":
					continue
				}
				if err := walk(p, stack); err != nil {
					return err
				}
				continue
			}
			if e.Type().IsRegular() && l.ForFile(e.Name()) {
				files = append(files, p)
			}
		}
		return nil
	}
	if err := walk(path, stack); err != nil {
		return nil, err
	}
	sort.Strings(files)
	return files, nil
}

// A Cache keeps parsed trees for a run, keyed by path, size and
// modification time, within a memory budget (bytes of source).
type Cache struct {
	mu     sync.Mutex
	budget int64
	used   int64
	trees  map[string]cached
}

type cached struct {
	size  int64
	mtime int64
	tree  *grammars.Tree
}

// NewCache returns a cache that holds trees for up to budget bytes of
// source.
func NewCache(budget int64) *Cache {
	return &Cache{budget: budget, trees: map[string]cached{}}
}

func (c *Cache) parse(l *grammars.Language, path string, src []byte) (*grammars.Tree, error) {
	if c == nil {
		return l.Parse(src)
	}
	st, err := os.Stat(path)
	if err != nil {
		return l.Parse(src)
	}
	c.mu.Lock()
	e, ok := c.trees[path]
	c.mu.Unlock()
	if ok && e.size == st.Size() && e.mtime == st.ModTime().UnixNano() && e.size == int64(len(src)) {
		return e.tree, nil
	}
	t, err := l.Parse(src)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.used+int64(len(src)) <= c.budget {
		c.trees[path] = cached{size: st.Size(), mtime: st.ModTime().UnixNano(), tree: t}
		c.used += int64(len(src))
	}
	c.mu.Unlock()
	return t, nil
}
