package matcher

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
)

// A Query is one search.
type Query struct {
	Root    string // the run's working directory (absolute)
	Path    string // file or folder to search, absolute, inside Root
	Lang    *grammars.Language
	Pattern *Pattern
	Filters *Filters // may be nil
	Cache   *Cache   // may be nil
	Globs   *Globs   // may be nil
	// Limit is how many matches to keep in full; Total counts every one.
	// Zero keeps them all.
	Limit int
	// Context is how many lines before and after each match Found.Lines
	// holds.
	Context int
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
	lines         string              // the whole lines the match spans, and the context around them
	first         int                 // the line lines starts on
}

// Lines returns the source lines the match spans, with the lines of
// context the query asked for around them, and the number of the first.
func (f *Found) Lines() (string, int) { return f.lines, f.first }

// A Failure is a file that did not parse cleanly, or a file or folder that
// could not be read.
type Failure struct {
	File  string `json:"file"`
	Error string `json:"error"`
}

// Results of one search.
type Results struct {
	Matches       []Found // in file order, the first Query.Limit of them
	Total         int     // every match
	FilesScanned  int
	FilesParsed   int // files the prefilter let through, parsed now or earlier in the run
	ParseFailures []Failure
	Skipped       []Skipped // folders left out by rule, in no order
	TooLarge      []string  // files over the language's size limit, not parsed
}

// Search walks q.Path in parallel and returns every match, sorted by file
// and position. Files the literal prefilter rules out are never parsed.
func Search(ctx context.Context, q Query) (*Results, error) {
	s := &search{q: q, lits: q.literals(), key: fmt.Sprintf("%s\x00%s%s\x00%d", q.Lang.ID, q.Pattern.Source, q.Filters.Key(), q.Context)}
	var (
		mu  sync.Mutex
		out []*fileResult
	)
	report, err := eachFile(ctx, q, func(path string) {
		r := s.file(path)
		mu.Lock()
		out = append(out, r)
		mu.Unlock()
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b *fileResult) int { return strings.Compare(a.path, b.path) })
	res := &Results{FilesScanned: len(out), ParseFailures: report.failed, Skipped: report.skipped}
	for _, r := range out {
		res.Total += r.count
		if q.Limit == 0 || len(res.Matches) < q.Limit {
			n := len(r.found)
			if q.Limit > 0 {
				n = min(n, q.Limit-len(res.Matches))
			}
			res.Matches = append(res.Matches, r.found[:n]...)
		}
		if r.parsed {
			res.FilesParsed++
		}
		if r.failure != nil {
			res.ParseFailures = append(res.ParseFailures, *r.failure)
		}
		if r.tooLarge {
			res.TooLarge = append(res.TooLarge, relSlash(q.Root, r.path))
		}
	}
	return res, nil
}

// eachFile walks q.Path and calls do for each file of q.Lang, on one
// goroutine per core, until ctx is done. It returns the folders that could
// not be read.
func eachFile(ctx context.Context, q Query, do func(path string)) (walkReport, error) {
	files := make(chan string)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for path := range files {
				if ctx.Err() == nil {
					do(path)
				}
			}
		}()
	}
	report, err := walk(ctx, q.Root, q.Path, q.Lang, q.Globs, files)
	wg.Wait()
	if err == nil {
		err = ctx.Err()
	}
	return report, err
}

// A search is one Search's shared state.
type search struct {
	q    Query
	lits [][]byte
	key  string // the language and pattern, for the cache
}

// A fileResult is what one file gave a search.
type fileResult struct {
	path     string
	found    []Found // the first matches, up to the query's limit
	count    int     // all the matches
	parsed   bool    // the prefilter let it through
	limit    int     // the limit found was made for (0: none)
	failure  *Failure
	tooLarge bool // over the language's size limit: not read
}

// file searches one file, or takes what an earlier search of the same
// pattern found in the same version of it.
func (s *search) file(path string) *fileResult {
	rel := relSlash(s.q.Root, path)
	r := &fileResult{path: path}
	info, err := os.Stat(path)
	if err != nil {
		r.failure = &Failure{File: rel, Error: err.Error()}
		return r
	}
	if l := s.q.Lang; l.MaxSize > 0 && info.Size() > l.MaxSize {
		r.tooLarge = true
		return r
	}
	st := stamp{size: info.Size(), mtime: info.ModTime()}
	key := cacheKey{path: path, pattern: s.key}
	if e := s.q.Cache.get(key, st); e != nil && e.res.covers(s.q.Limit) {
		return e.res
	}
	src, err := os.ReadFile(path)
	if err != nil {
		r.failure = &Failure{File: rel, Error: err.Error()}
		return r
	}
	if int64(len(src)) != st.size {
		st = stamp{} // changed while being read: remember nothing
	}
	if containsAll(src, s.lits) {
		s.match(r, rel, st, src)
	}
	r.limit = s.q.Limit
	if st != (stamp{}) {
		s.q.Cache.put(&cacheEntry{key: key, stamp: st, size: resultSize(r), res: r})
	}
	return r
}

func (s *search) match(r *fileResult, rel string, st stamp, src []byte) {
	r.parsed = true
	tree, err := s.q.Cache.tree(s.q.Lang, r.path, st, src)
	if err != nil {
		r.failure = &Failure{File: rel, Error: err.Error()}
		return
	}
	if len(tree.Errors) > 0 {
		r.failure = &Failure{File: rel, Error: tree.Errors[0].Error()}
	}
	ms := s.q.Filters.Keep(tree, s.q.Pattern.Find(tree))
	r.count = len(ms)
	if s.q.Limit > 0 && len(ms) > s.q.Limit {
		ms = ms[:s.q.Limit]
	}
	lines := newLineIndex(tree.Src)
	for _, m := range ms {
		r.found = append(r.found, locate(tree, lines, rel, m, s.q.Context))
	}
}

// covers reports whether r holds every match a search with limit needs.
func (r *fileResult) covers(limit int) bool {
	return len(r.found) == r.count || limit > 0 && len(r.found) >= limit
}

func relSlash(root, p string) string {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(rel)
}

// literals are the words a file must contain to hold a match: the
// pattern's and those of the filters that must match somewhere.
func (q *Query) literals() [][]byte {
	var lits [][]byte
	seen := map[string]bool{}
	for _, l := range append(q.Pattern.Literals(), q.Filters.Literals()...) {
		if !seen[l] {
			seen[l] = true
			lits = append(lits, []byte(l))
		}
	}
	return lits
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
	for _, n := range p.tops() {
		walk(n)
	}
	return out
}

func isWordStart(s string) bool {
	c := s[0]
	return c == '_' || c == '"' || c == '`' || c == '\'' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= utf8.RuneSelf
}

func locate(t *grammars.Tree, lines *lineIndex, rel string, m Match, context int) Found {
	sp := m.Span(t)
	start, end := lines.position(sp.Start), lines.position(lastChar(t.Src, sp))
	f := Found{File: rel, Text: string(t.Src[sp.Start:sp.End]), Range: Range{Start: start, End: end}}
	f.first = max(1, start.Line-context)
	last := min(len(lines.starts), end.Line+context)
	f.lines = string(t.Src[lines.lineStart(f.first):lines.lineEnd(last)])
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

func lastChar(src []byte, sp grammars.Span) uint32 {
	if sp.End <= sp.Start {
		return sp.Start
	}
	_, size := utf8.DecodeLastRune(src[sp.Start:sp.End])
	return sp.End - uint32(size)
}

// A lineIndex finds the line of a byte offset by binary search, so that
// a file with many matches is not scanned from its start for each one.
type lineIndex struct {
	src    []byte
	starts []uint32 // offset of each line's first byte
}

func newLineIndex(src []byte) *lineIndex {
	li := &lineIndex{src: src, starts: []uint32{0}}
	for i, c := range src {
		if c == '\n' {
			li.starts = append(li.starts, uint32(i+1))
		}
	}
	return li
}

// position returns the 1-based line and column (in code points) of off.
func (li *lineIndex) position(off uint32) Position {
	line, found := slices.BinarySearch(li.starts, off)
	if !found {
		line-- // off is inside the line before
	}
	ls := li.starts[line]
	return Position{Line: line + 1, Column: 1 + utf8.RuneCount(li.src[ls:off])}
}

func (li *lineIndex) lineStart(line int) uint32 { return li.starts[line-1] }

// lineEnd is the offset of the end of the line, before its newline.
func (li *lineIndex) lineEnd(line int) uint32 {
	if line < len(li.starts) {
		return li.starts[line] - 1
	}
	return uint32(len(li.src))
}
