package matcher

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
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
	// Progress, when set, hears how many files are done, a few times a
	// second and once at the end, and of how many: total is -1 until the
	// walk has found every file, so that a listener never shows a bar
	// that a growing count keeps near its end.
	Progress func(done, total int)
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
	File          string        `json:"file"` // relative to Root, with / separators
	Range         Range         `json:"range"`
	Text          string        `json:"text"`
	Captures      Captures      `json:"captures,omitempty"`
	MultiCaptures MultiCaptures `json:"multi_captures,omitempty"`
	// The whole lines the match spans, with the context around them: one
	// string, of which Text and the captures are parts, so that a match
	// costs one copy of its source.
	lines string
	first int // the line lines starts on
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
	// Literals are the words every match holds, of the pattern of the
	// first language a Scope searched with.
	Literals []string
	// Readings names, by language, the readings searched where the
	// pattern has more than one (an expression and a type); LeftOut, the
	// readings it has that were not searched.
	Readings, LeftOut map[string][]string
}

// noteReadings records q's pattern's readings, when it has several, and
// those left out.
func noteReadings(q Query, readings, leftOut *map[string][]string) {
	note := func(m *map[string][]string, rs []string) {
		if *m == nil {
			*m = map[string][]string{}
		}
		(*m)[q.Lang.ID] = rs
	}
	if rs := q.Pattern.Readings(); len(rs) > 1 {
		note(readings, rs)
	}
	if lo := q.Pattern.LeftOut(); len(lo) > 0 {
		note(leftOut, lo)
	}
}

// Search walks q.Path in parallel and returns every match, sorted by file
// and position. Files the literal prefilter rules out are never parsed.
func Search(ctx context.Context, q Query) (*Results, error) {
	s := &search{ctx: ctx, q: q, lits: q.literals(), key: fmt.Sprintf("%s\x00%s%s\x00%d", q.Lang.ID, q.Pattern.Source, q.Filters.Key(), q.Context), gate: newSizeGate(inFlightBytes)}
	var (
		mu   sync.Mutex
		out  []*fileResult
		kept keptMatches
	)
	report, err := eachFile(ctx, q, func(path string) {
		r := s.file(path)
		mu.Lock()
		out = append(out, r)
		kept.add(r, q.Limit)
		mu.Unlock()
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b *fileResult) int { return strings.Compare(a.path, b.path) })
	res := &Results{FilesScanned: len(out), ParseFailures: report.failed, Skipped: report.skipped}
	n := 0
	for _, r := range out {
		n += len(kept.found(r))
	}
	if q.Limit > 0 {
		n = min(n, q.Limit)
	}
	res.Matches = make([]Found, 0, n) // one allocation: a search may return a hundred thousand
	for _, r := range out {
		res.Total += r.count
		if found := kept.found(r); len(res.Matches) < n {
			res.Matches = append(res.Matches, found[:min(len(found), n-len(res.Matches))]...)
		}
		r.release()
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

// keptMatches holds, while a search runs, the matches in full of only
// the files that can still be among the first Query.Limit in file order:
// with a limit, the matches of a file whose path sorts after the first
// Limit matches already kept are let go (their count stays), so that a
// search of a million matches holds about Limit of them, not a limit's
// worth per file. The cache keeps its own copies of results.
type keptMatches struct {
	files []*fileResult // sorted by path, each with matches in full
	n     int           // matches they hold
	drop  map[*fileResult]bool
}

func (k *keptMatches) add(r *fileResult, limit int) {
	if limit == 0 || len(r.found) == 0 {
		return
	}
	i, _ := slices.BinarySearchFunc(k.files, r.path, func(f *fileResult, p string) int { return strings.Compare(f.path, p) })
	k.files = slices.Insert(k.files, i, r)
	k.n += len(r.found)
	for len(k.files) > 1 && k.n-len(k.files[len(k.files)-1].found) >= limit {
		last := k.files[len(k.files)-1]
		k.files = k.files[:len(k.files)-1]
		k.n -= len(last.found)
		if k.drop == nil {
			k.drop = map[*fileResult]bool{}
		}
		k.drop[last] = true
		last.release()
	}
}

// found returns the matches of r that were kept.
func (k *keptMatches) found(r *fileResult) []Found {
	if k.drop[r] {
		return nil
	}
	return r.found
}

// eachFile walks q.Path and calls do for each file of q.Lang, on one
// goroutine per core, until ctx is done. It returns the folders that could
// not be read.
func eachFile(ctx context.Context, q Query, do func(path string)) (walkReport, error) {
	files := make(chan string, 256)
	var wg sync.WaitGroup
	pr := newProgress(q.Progress)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for path := range files {
				pr.file(false)
				if ctx.Err() == nil {
					do(path)
				}
				pr.file(true)
			}
		}()
	}
	report, err := walk(ctx, q.Root, q.Path, q.Lang, q.Globs, files)
	pr.walked()
	wg.Wait()
	pr.report(true)
	if err == nil {
		err = ctx.Err()
	}
	return report, err
}

// progress counts a walk's files for Query.Progress.
type progress struct {
	hear        func(done, total int)
	done, found atomic.Int64
	over        atomic.Bool  // the walk has found every file
	last        atomic.Int64 // when it last reported, in UnixNano
}

// progressEvery is how often a walk reports at most.
const progressEvery = 200 * time.Millisecond

// newProgress returns the counts of a walk someone listens to, or nil:
// a walk nobody listens to counts nothing.
func newProgress(hear func(done, total int)) *progress {
	if hear == nil {
		return nil
	}
	p := &progress{hear: hear}
	p.last.Store(time.Now().UnixNano())
	return p
}

// file counts a file found, or done.
func (p *progress) file(done bool) {
	switch {
	case p == nil:
	case done:
		p.done.Add(1)
		p.report(false)
	default:
		p.found.Add(1)
	}
}

// walked says the walk has found every file: the count found is the
// total from now on.
func (p *progress) walked() {
	if p != nil {
		p.over.Store(true)
	}
}

// report tells the listener, when it is time or the walk is over.
func (p *progress) report(final bool) {
	if p == nil {
		return
	}
	now, last := time.Now().UnixNano(), p.last.Load()
	if !final && (now-last < int64(progressEvery) || !p.last.CompareAndSwap(last, now)) {
		return
	}
	total := -1
	if p.over.Load() {
		total = int(p.found.Load())
	}
	p.hear(int(p.done.Load()), total)
}

// A search is one Search's shared state.
type search struct {
	ctx  context.Context // the search's: a file's matching stops when it is done
	q    Query
	lits [][]byte
	key  string // the language and pattern, for the cache
	gate *sizeGate
}

// inFlightBytes bounds the source being read and parsed at once: a tree
// takes about ten times its source, so two workers each on a generated
// file of megabytes would double the search's peak for nothing. A file
// larger than this still goes, alone.
const inFlightBytes = 2 << 20

// A sizeGate lets work of a total size up to a limit through at once,
// and any one piece through when nothing else is.
type sizeGate struct {
	mu    sync.Mutex
	cond  *sync.Cond
	limit int64
	inUse int64
}

func newSizeGate(limit int64) *sizeGate {
	g := &sizeGate{limit: limit}
	g.cond = sync.NewCond(&g.mu)
	return g
}

func (g *sizeGate) acquire(n int64) {
	g.mu.Lock()
	for g.inUse > 0 && g.inUse+n > g.limit {
		g.cond.Wait()
	}
	g.inUse += n
	g.mu.Unlock()
}

func (g *sizeGate) release(n int64) {
	g.mu.Lock()
	g.inUse -= n
	g.mu.Unlock()
	g.cond.Broadcast()
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
	cached   bool // the cache holds it: never changed after
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
	s.gate.acquire(st.size)
	defer s.gate.release(st.size)
	src, err := readFile(path, st.size)
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
	if s.ctx.Err() != nil {
		return r // perhaps matched in part: cache nothing
	}
	r.limit = s.q.Limit
	if st != (stamp{}) && s.q.Cache != nil {
		r.cached = true
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
		r.failure = &Failure{File: rel, Error: tree.ErrorText(tree.Errors[0])}
	}
	ms, err := s.q.Pattern.FindContext(s.ctx, tree)
	if err == nil {
		ms, err = s.q.Filters.KeepContext(s.ctx, tree, ms)
	}
	if err != nil {
		if s.q.Cache == nil {
			tree.Release()
		}
		return // cancelled: the walk ends with ctx's error, and nothing is cached
	}
	r.count = len(ms)
	if s.q.Limit > 0 && len(ms) > s.q.Limit {
		ms = ms[:s.q.Limit]
	}
	lines := newLineIndex(tree.Src)
	r.found = make([]Found, 0, len(ms))
	for _, m := range ms {
		r.found = append(r.found, locate(tree, lines, rel, m, s.q.Context))
	}
	if s.q.Cache == nil {
		tree.Release() // nothing keeps it: the next file parses in its memory
	}
}

// release lets go of r's matches, unless the cache holds r, whose
// matches another search may want.
func (r *fileResult) release() {
	if !r.cached {
		r.found = nil
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

// Literals returns the identifiers, keywords, literals and operators every
// match must contain: the pattern's leaves that are words and not
// metavariables, and those of two or more marks (==, ->, +=), which no
// rule of the matcher lets go missing as it does a separator (the , of
// return $$$R, err) or a brace (a body matched without them).
func (p *Pattern) Literals() []string {
	seen := map[string]bool{}
	var out []string
	var walk func(n int32)
	walk = func(n int32) {
		t := p.tree
		if t.Nodes[n].Count == 0 {
			s := t.Text(n)
			if _, ok, _ := metavar(t, n); !ok && len(s) > 0 && (isWordStart(s) || IsOperator(s)) && !seen[s] {
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

// IsOperator reports whether s is two or more ASCII marks, none of them
// a quote, a bracket or a metavariable's $: a literal of Pattern.Literals
// that is an operator (==, ->), not a word or a string.
func IsOperator(s string) bool {
	if len(s) < 2 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune("=!<>&|+-*/%^~?:.#@", rune(s[i])) {
			return false
		}
	}
	return true
}

func isWordStart(s string) bool {
	c := s[0]
	return c == '_' || c == '"' || c == '`' || c == '\'' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= utf8.RuneSelf
}

func locate(t *grammars.Tree, lines *lineIndex, rel string, m Match, context int) Found {
	sp := m.Span(t)
	start, end := lines.position(sp.Start), lines.position(lastChar(t.Src, sp))
	f := Found{File: rel, Range: Range{Start: start, End: end}}
	f.first = max(1, start.Line-context)
	last := min(len(lines.starts), end.Line+context)
	from, to := lines.lineStart(f.first), lines.lineEnd(last)
	f.lines = string(t.Src[from:to])
	text := func(a, b uint32) string {
		if from <= a && b <= to {
			return f.lines[a-from : b-from]
		}
		return string(t.Src[a:b])
	}
	f.Text = text(sp.Start, sp.End)
	for name, n := range m.Captures {
		nd := t.Nodes[n]
		f.Captures = append(f.Captures, Capture{Name: name, Text: text(nd.Start, nd.End)})
	}
	for name, run := range m.Multi {
		list := []string{}
		for _, n := range run {
			if nd := t.Nodes[n]; t.Named(n) || nd.Count > 0 {
				list = append(list, text(nd.Start, nd.End))
			}
		}
		f.MultiCaptures = append(f.MultiCaptures, MultiCapture{Name: name, Texts: list})
	}
	slices.SortFunc(f.Captures, func(a, b Capture) int { return strings.Compare(a.Name, b.Name) })
	slices.SortFunc(f.MultiCaptures, func(a, b MultiCapture) int { return strings.Compare(a.Name, b.Name) })
	return f
}

// A Capture is what one $NAME captured.
type Capture struct{ Name, Text string }

// Captures are a match's $NAME captures, sorted by name; in JSON, an
// object from name to text. A slice, not a map: a search may hold a
// hundred thousand matches, and a map of one entry costs some 300 bytes.
type Captures []Capture

// Get returns what $name captured.
func (c Captures) Get(name string) (string, bool) {
	for _, x := range c {
		if x.Name == name {
			return x.Text, true
		}
	}
	return "", false
}

func (c Captures) MarshalJSON() ([]byte, error) {
	m := make(map[string]string, len(c))
	for _, x := range c {
		m[x.Name] = x.Text
	}
	return json.Marshal(m)
}

func (c *Captures) UnmarshalJSON(b []byte) error {
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*c = nil
	for _, k := range slices.Sorted(maps.Keys(m)) {
		*c = append(*c, Capture{Name: k, Text: m[k]})
	}
	return nil
}

// A MultiCapture is what one $$$NAME captured: the text of each node of
// its run, separators left out.
type MultiCapture struct {
	Name  string
	Texts []string
}

// MultiCaptures are a match's $$$NAME captures, sorted by name; in JSON,
// an object from name to the list of texts.
type MultiCaptures []MultiCapture

// Get returns what $$$name captured.
func (c MultiCaptures) Get(name string) ([]string, bool) {
	for _, x := range c {
		if x.Name == name {
			return x.Texts, true
		}
	}
	return nil, false
}

func (c MultiCaptures) MarshalJSON() ([]byte, error) {
	m := make(map[string][]string, len(c))
	for _, x := range c {
		m[x.Name] = x.Texts
	}
	return json.Marshal(m)
}

func (c *MultiCaptures) UnmarshalJSON(b []byte) error {
	var m map[string][]string
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*c = nil
	for _, k := range slices.Sorted(maps.Keys(m)) {
		*c = append(*c, MultiCapture{Name: k, Texts: m[k]})
	}
	return nil
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
