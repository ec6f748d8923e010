// Package search runs the matcher over files: it walks a folder
// (.gitignore, hidden and vendored folders, globs), reads each file, keeps
// parsed trees and matches between calls in a Cache that lets go under
// memory pressure, and searches or rewrites many files in parallel
// (Search, RewriteAll). A Scope is one call of the ast_grep or ast_edit
// tool: its arguments as the tool names them, run in every language that
// accepts them. What a pattern matches in one tree is package matcher's.
package search

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/matcher/rule"
)

// A Query is one search.
type Query struct {
	Root    string // the run's working directory (absolute)
	Path    string // file or folder to search, absolute, inside Root
	Lang    *grammars.Language
	Pattern *matcher.Pattern
	Filters *matcher.Filters // may be nil
	// Rules, when set, are what is searched instead of Pattern and
	// Filters: rule documents of Lang, whose matches are merged in file
	// order, each saying its rule's id. Pattern is then the first rule's
	// head pattern, if it has one, for its readings.
	Rules []*rule.Rule
	Cache *Cache // may be nil
	Globs *Globs // may be nil
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

// A Failure is a file that did not parse cleanly, or a file or folder that
// could not be read.
type Failure struct {
	File  string `json:"file"`
	Error string `json:"error"`
}

// Results of one search.
type Results struct {
	Matches       []matcher.Found // in file order, the first Query.Limit of them
	Total         int             // every match
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
	if q.Pattern == nil {
		return
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
	rules := q.rules()
	s := &search{ctx: ctx, q: q, rules: rules, lits: literals(rules), key: fmt.Sprintf("%s\x00%s\x00%d", q.Lang.ID, rulesKey(rules), q.Context), gate: newSizeGate(inFlightBytes)}
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
	res.Matches = make([]matcher.Found, 0, n) // one allocation: a search may return a hundred thousand
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
func (k *keptMatches) found(r *fileResult) []matcher.Found {
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
	ctx   context.Context // the search's: a file's matching stops when it is done
	q     Query
	rules []*rule.Rule
	lits  [][][]byte // per rule, the words a file must hold for it
	key   string     // the language and pattern, for the cache
	gate  *sizeGate
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
	found    []matcher.Found // the first matches, up to the query's limit
	count    int             // all the matches
	parsed   bool            // the prefilter let it through
	limit    int             // the limit found was made for (0: none)
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
	// A .h file is C's or C++'s by what it holds: the other language
	// passes over it.
	if s.q.Lang.Reads(path, src) && containsAny(src, s.lits) {
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
	ms, err := findAll(s.ctx, s.rules, rel, tree)
	if de := (*rule.DepthError)(nil); errors.As(err, &de) {
		// What the file holds is not known: it is a failure, and
		// counts no match.
		r.failure, ms, err = &Failure{File: rel, Error: de.Error()}, nil, nil
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
	lines := matcher.NewLineIndex(tree.Src)
	r.found = make([]matcher.Found, 0, len(ms))
	for _, m := range ms {
		r.found = append(r.found, matcher.Locate(tree, lines, rel, m, s.q.Context))
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

// rules returns the rules q runs: its Rules, or its pattern and filters
// as one.
func (q *Query) rules() []*rule.Rule {
	if len(q.Rules) > 0 {
		return q.Rules
	}
	return []*rule.Rule{rule.FromFilters(q.Pattern, q.Filters)}
}

// rulesKey identifies rules, for the cache.
func rulesKey(rules []*rule.Rule) string {
	var b strings.Builder
	for _, r := range rules {
		b.WriteString(r.Key)
		b.WriteByte(0)
	}
	return b.String()
}

// findAll returns the matches in t, the file at rel, of every rule that
// applies to it (Rule.Applies), in file order.
func findAll(ctx context.Context, rules []*rule.Rule, rel string, t *grammars.Tree) ([]matcher.Match, error) {
	if len(rules) == 1 && rules[0].Applies(rel) {
		return rules[0].FindContext(ctx, t)
	}
	var all []matcher.Match
	for _, r := range rules {
		if !r.Applies(rel) {
			continue
		}
		ms, err := r.FindContext(ctx, t)
		all = append(all, ms...)
		if err != nil {
			return all, err
		}
	}
	slices.SortStableFunc(all, func(a, b matcher.Match) int {
		x, y := a.Span(t), b.Span(t)
		return cmp.Or(cmp.Compare(x.Start, y.Start), cmp.Compare(y.End, x.End))
	})
	return all, nil
}

// literals are, per rule, the words a file must contain to hold a match
// of it.
func literals(rules []*rule.Rule) [][][]byte {
	out := make([][][]byte, len(rules))
	for i, r := range rules {
		for _, l := range r.Literals() {
			out[i] = append(out[i], []byte(l))
		}
	}
	return out
}

// containsAny reports whether src holds every word of some rule's list.
func containsAny(src []byte, lits [][][]byte) bool {
	for _, l := range lits {
		if containsAll(src, l) {
			return true
		}
	}
	return false
}

func containsAll(src []byte, lits [][]byte) bool {
	for _, l := range lits {
		if !bytes.Contains(src, l) {
			return false
		}
	}
	return true
}
