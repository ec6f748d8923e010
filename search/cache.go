package search

import (
	"container/list"
	"sync"
	"time"
	"unsafe"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
)

// A Cache keeps, for one run, what searches have learnt about files: their
// parsed trees, and for the patterns searched most recently, each file's
// matches. Every entry is keyed by the file's path, size and modification
// time, so an edited file is read again; the least recently used entries
// go when the budget is spent. Matches have a quarter of the budget to
// themselves, so that a search through more code than the trees' share
// holds still finds its matches cached when it runs again. A Cache is safe
// for concurrent use.
type Cache struct {
	mu       sync.Mutex
	trees    lru
	results  lru
	pressure pressure
}

// A cacheKey names a tree (pattern "") or one pattern's matches in a file.
type cacheKey struct {
	path    string
	pattern string // language id and pattern source, for matches
}

type cacheEntry struct {
	key   cacheKey
	stamp stamp
	size  int64 // bytes it holds, for the budget
	tree  *grammars.Tree
	res   *fileResult
}

// A stamp identifies a version of a file.
type stamp struct {
	size  int64
	mtime time.Time
}

// racyWindow is how recent a modification may be before a file's entry is
// not kept: two writes in the same clock tick with the same size would
// otherwise look like one version (git's "racily clean" problem).
const racyWindow = 2 * time.Second

// DefaultCacheBudget is the budget ast_grep gives its run's cache. A tree
// takes about seven times its source, so the trees' share keeps some 20 MB
// of code parsed.
const DefaultCacheBudget = 192 << 20

// NewCache returns a cache that holds up to budget bytes: trees with their
// source, and matches with their text.
func NewCache(budget int64) *Cache {
	c := &Cache{}
	c.trees.init(budget - budget/4)
	c.results.init(budget / 4)
	return c
}

func (c *Cache) set(k cacheKey) *lru {
	if k.pattern == "" {
		return &c.trees
	}
	return &c.results
}

func (c *Cache) get(k cacheKey, st stamp) *cacheEntry {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.set(k).get(k, st)
}

func (c *Cache) put(e *cacheEntry) {
	if c == nil || time.Since(e.stamp.mtime) < racyWindow {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pressure.high() {
		// The process is near its memory limit: what the cache holds goes
		// first, so that the search itself never runs out.
		c.trees.shrink(c.trees.used / 2)
		c.results.shrink(c.results.used / 2)
		return
	}
	c.set(e.key).put(e)
}

// Used returns the bytes the cache holds, trees and matches, by its own
// accounting.
func (c *Cache) Used() int64 {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.trees.used + c.results.used
}

// Budget returns the bytes the cache may hold.
func (c *Cache) Budget() int64 {
	if c == nil {
		return 0
	}
	return c.trees.budget + c.results.budget
}

// An lru is a set of entries within a budget, the least recently used
// dropped first.
type lru struct {
	budget, used int64
	entries      map[cacheKey]*list.Element
	order        list.List // of *cacheEntry, most recent first
}

func (l *lru) init(budget int64) {
	l.budget = budget
	l.entries = map[cacheKey]*list.Element{}
}

func (l *lru) get(k cacheKey, st stamp) *cacheEntry {
	el := l.entries[k]
	if el == nil {
		return nil
	}
	e := el.Value.(*cacheEntry)
	if e.stamp != st {
		l.drop(el)
		return nil
	}
	l.order.MoveToFront(el)
	return e
}

func (l *lru) put(e *cacheEntry) {
	if e.size > l.budget {
		return
	}
	if el := l.entries[e.key]; el != nil {
		l.drop(el)
	}
	l.entries[e.key] = l.order.PushFront(e)
	l.used += e.size
	for l.used > l.budget {
		l.drop(l.order.Back())
	}
}

// shrink drops the least recently used entries until at most to bytes
// are held.
func (l *lru) shrink(to int64) {
	for l.used > to && l.order.Len() > 0 {
		l.drop(l.order.Back())
	}
}

func (l *lru) drop(el *list.Element) {
	e := l.order.Remove(el).(*cacheEntry)
	delete(l.entries, e.key)
	l.used -= e.size
}

// tree returns the parse of src, from the cache when the file is the
// version parsed before.
func (c *Cache) tree(l *grammars.Language, path string, st stamp, src []byte) (*grammars.Tree, error) {
	k := cacheKey{path: path}
	if e := c.get(k, st); e != nil && e.tree.Lang == l {
		return e.tree, nil
	}
	t, err := l.Parse(src)
	if err != nil {
		return nil, err
	}
	c.put(&cacheEntry{key: k, stamp: st, size: treeSize(t), tree: t})
	return t, nil
}

// treeSize is the memory a tree holds.
func treeSize(t *grammars.Tree) int64 {
	return int64(cap(t.Src)) +
		int64(cap(t.Nodes))*int64(unsafe.Sizeof(grammars.Node{})) +
		int64(cap(t.Kids))*4 +
		int64(cap(t.Trivia))*int64(unsafe.Sizeof(grammars.Span{})) +
		int64(len(t.Errors))*64
}

// resultSize is the memory a file's matches hold.
func resultSize(r *fileResult) int64 {
	n := int64(unsafe.Sizeof(*r)) + 64
	for i := range r.found {
		f := &r.found[i]
		// Text and the captures are parts of lines.
		lines, _ := f.Lines()
		n += int64(unsafe.Sizeof(*f)) + int64(len(lines))
		n += int64(len(f.Captures)) * int64(unsafe.Sizeof(matcher.Capture{}))
		for _, mc := range f.MultiCaptures {
			n += int64(unsafe.Sizeof(mc)) + int64(len(mc.Texts))*16
		}
	}
	if r.failure != nil {
		n += int64(len(r.failure.Error))
	}
	return n
}
