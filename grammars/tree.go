// Package grammars holds the syntax-tree model every language parses into,
// and the registry of bundled languages. A tree is flat: one slice of
// nodes per file, each with a kind, a byte range, a parent and its
// children; leaves are tokens; comments and whitespace are kept aside as
// trivia. The matcher sees code only through this model.
package grammars

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// A Kind identifies a node's production or token type within its language.
type Kind uint16

// KindInfo describes one kind of a language.
type KindInfo struct {
	Name  string
	Named bool // a production, identifier or literal; false for keywords and punctuation
}

// NoNode is the parent of the root.
const NoNode int32 = -1

// A Node is one entry of a tree: 24 bytes, children by index.
type Node struct {
	Kind       Kind
	Start, End uint32 // byte offsets, End exclusive
	Parent     int32
	First      int32 // children are Tree.Kids[First : First+Count]
	Count      int32
}

// A Span is a byte range of the source.
type Span struct {
	Start, End uint32
}

// A Tree is one parsed file.
type Tree struct {
	Lang   *Language
	Src    []byte
	Nodes  []Node
	Kids   []int32
	Root   int32
	Trivia []Span // comments, in file order
	Errors ErrorList
}

// Children returns the children of node n.
func (t *Tree) Children(n int32) []int32 {
	nd := &t.Nodes[n]
	return t.Kids[nd.First : nd.First+nd.Count]
}

// Text returns the source text of node n.
func (t *Tree) Text(n int32) string {
	nd := &t.Nodes[n]
	return string(t.Src[nd.Start:nd.End])
}

// IsLeaf reports whether node n is a token.
func (t *Tree) IsLeaf(n int32) bool { return t.Nodes[n].Count == 0 && t.Lang.IsToken(t.Nodes[n].Kind) }

// Named reports whether node n is named.
func (t *Tree) Named(n int32) bool { return t.Lang.Kinds[t.Nodes[n].Kind].Named }

// KindName returns the name of node n's kind.
func (t *Tree) KindName(n int32) string { return t.Lang.Kinds[t.Nodes[n].Kind].Name }

// Walk calls f for every node in file order (a parent before its
// children); f returning false skips the node's children.
func (t *Tree) Walk(f func(n int32) bool) {
	if len(t.Nodes) == 0 {
		return
	}
	stack := []int32{t.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !f(n) {
			continue
		}
		kids := t.Children(n)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
}

// Misplaced lists, up to max of them, the nodes that break the tree's
// shape: a node that ends before it starts, a child that names another
// parent, or a child outside its parent or before its elder sibling. A
// grammar's tests check every tree they build with it.
func (t *Tree) Misplaced(max int) []string {
	var bad []string
	t.Walk(func(n int32) bool {
		nd := t.Nodes[n]
		if nd.Start > nd.End {
			bad = append(bad, fmt.Sprintf("node %s has start %d after end %d", t.KindName(n), nd.Start, nd.End))
		}
		prevEnd := nd.Start
		for _, c := range t.Children(n) {
			cn := t.Nodes[c]
			if cn.Parent != n {
				bad = append(bad, fmt.Sprintf("child %s of %s names parent %d", t.KindName(c), t.KindName(n), cn.Parent))
			}
			if cn.Start < prevEnd || cn.End > nd.End {
				bad = append(bad, fmt.Sprintf("child %s [%d,%d) of %s [%d,%d) is out of place", t.KindName(c), cn.Start, cn.End, t.KindName(n), nd.Start, nd.End))
			}
			prevEnd = cn.End
		}
		return len(bad) < max
	})
	return bad[:min(len(bad), max)]
}

// Leaves returns the token leaves in file order.
func (t *Tree) Leaves() []int32 {
	var out []int32
	t.Walk(func(n int32) bool {
		if t.Nodes[n].Count == 0 && t.Lang.IsToken(t.Nodes[n].Kind) {
			out = append(out, n)
		}
		return true
	})
	return out
}

// Sexp prints the subtree at n as an S-expression of named kinds, with
// anonymous leaves quoted; for tests and debugging.
func (t *Tree) Sexp(n int32) string {
	var b strings.Builder
	t.sexp(&b, n)
	return b.String()
}

func (t *Tree) sexp(b *strings.Builder, n int32) {
	nd := t.Nodes[n]
	if nd.Count == 0 {
		if t.Named(n) {
			fmt.Fprintf(b, "(%s %q)", t.KindName(n), t.Text(n))
		} else {
			fmt.Fprintf(b, "%q", t.Text(n))
		}
		return
	}
	b.WriteString("(" + t.KindName(n))
	for _, c := range t.Children(n) {
		b.WriteByte(' ')
		t.sexp(b, c)
	}
	b.WriteByte(')')
}

// An Error is a parse error with its position and the byte range that
// could not be parsed.
type Error struct {
	Line, Column int // 1-based; columns in bytes
	Msg          string
	Span         Span // the error region, when known
}

func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg) }

// ErrorText is e as Error writes it, but with its column counted in code
// points, as every column a tool shows is: e's column counts bytes.
func (t *Tree) ErrorText(e *Error) string {
	start := 0
	if bytes.HasPrefix(t.Src, []byte("\uFEFF")) {
		start = 3 // columns count from after a byte order mark
	}
	for line := 1; line < e.Line && start < len(t.Src); line++ {
		i := bytes.IndexByte(t.Src[start:], '\n')
		if i < 0 {
			start = len(t.Src)
			break
		}
		start += i + 1
	}
	end := min(start+max(e.Column-1, 0), len(t.Src))
	col := utf8.RuneCount(t.Src[start:end]) + 1
	return fmt.Sprintf("%d:%d: %s", e.Line, col, e.Msg)
}

// An ErrorList is a list of errors sorted by position.
type ErrorList []*Error

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Sort sorts the list by position.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].Line != l[j].Line {
			return l[i].Line < l[j].Line
		}
		return l[i].Column < l[j].Column
	})
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// A Builder assembles a tree bottom-up. Leaves and closed nodes are pushed
// on a stack; Close turns the entries pushed since a mark into the
// children of a new node, so a parser can decide what a node is after it
// has parsed its first child (a binary expression after its left operand).
type Builder struct {
	Nodes  []Node
	Kids   []int32
	stack  []int32
	reused bool // the buffers were a released tree's
}

// Leaf pushes a token.
func (b *Builder) Leaf(k Kind, start, end uint32) {
	b.Nodes = append(b.Nodes, Node{Kind: k, Start: start, End: end, Parent: NoNode})
	b.stack = append(b.stack, int32(len(b.Nodes)-1))
}

// Mark returns the current stack height, for a later Close.
func (b *Builder) Mark() int { return len(b.stack) }

// Len is the number of entries on the stack above mark.
func (b *Builder) Len(mark int) int { return len(b.stack) - mark }

// Top returns the entry on top of the stack, or NoNode.
func (b *Builder) Top() int32 {
	if len(b.stack) == 0 {
		return NoNode
	}
	return b.stack[len(b.stack)-1]
}

// Close makes the entries above mark the children of a new node of kind k
// and pushes it. With no entries, the node is empty at pos.
func (b *Builder) Close(mark int, k Kind, pos uint32) int32 {
	return b.CloseRange(mark, len(b.stack), k, pos)
}

// CloseRange is Close for the entries from i up to j, which may be below
// the top of the stack.
func (b *Builder) CloseRange(i, j int, k Kind, pos uint32) int32 {
	id := int32(len(b.Nodes))
	nd := Node{Kind: k, Start: pos, End: pos, Parent: NoNode, First: int32(len(b.Kids)), Count: int32(j - i)}
	if j > i {
		nd.Start = b.Nodes[b.stack[i]].Start
		nd.End = b.Nodes[b.stack[j-1]].End
	}
	for _, c := range b.stack[i:j] {
		b.Nodes[c].Parent = id
		b.Kids = append(b.Kids, c)
	}
	b.Nodes = append(b.Nodes, nd)
	if j == len(b.stack) {
		b.stack = append(b.stack[:i], id)
	} else {
		b.stack[i] = id
		b.stack = append(b.stack[:i+1], b.stack[j:]...)
	}
	return id
}

// Truncate drops the entries above mark (their nodes stay, unreferenced).
func (b *Builder) Truncate(mark int) { b.stack = b.stack[:mark] }

// NewBuilder returns a builder for a file of n bytes, its slices sized
// for about one node in four bytes so that they are seldom copied as
// they grow. It takes the buffers of a released tree when one is big
// enough, so that a search that drops each tree once its file is matched
// parses file after file in the same memory.
func NewBuilder(n int) *Builder { return NewBuilderNodes(n / 4) }

// NewBuilderNodes returns a builder whose slices are sized for about n
// nodes, for a grammar that knows better than the file's size how many
// it will make (from its count of tokens, say). A tree much smaller than
// its slices is copied into smaller ones by Finish, which on a large
// file costs as much as a tenth of the parse.
func NewBuilderNodes(n int) *Builder {
	want := n + 16
	if bufs, ok := released.Get().(*treeBufs); ok {
		// Big enough, and not so big that a small tree (a pattern's,
		// which is kept) would hold a large file's buffers.
		fits := func(c int) bool { return c >= want && c <= 8*want+4096 }
		if fits(cap(bufs.nodes)) && fits(cap(bufs.kids)) {
			return &Builder{Nodes: bufs.nodes[:0], Kids: bufs.kids[:0], reused: true}
		}
		if cap(bufs.nodes) > want {
			released.Put(bufs) // for a larger file
		}
	}
	return &Builder{Nodes: make([]Node, 0, want), Kids: make([]int32, 0, want)}
}

// released holds the buffers of trees their owners are done with, for
// NewBuilder. A sync.Pool keeps them per processor, so each search
// worker in effect reuses its own.
var released sync.Pool

type treeBufs struct {
	nodes []Node
	kids  []int32
}

// Release hands the tree's buffers back for the next parse. The tree
// must not be used after: only a caller that keeps nothing of it (no
// cache) releases a tree.
func (t *Tree) Release() {
	if t == nil || t.Nodes == nil {
		return
	}
	if cap(t.Nodes) <= maxPooledNodes {
		released.Put(&treeBufs{nodes: t.Nodes[:0], kids: t.Kids[:0]})
	}
	t.Nodes, t.Kids = nil, nil
}

// maxPooledNodes is the largest node buffer Release keeps for reuse
// (about 6 MB, a 1 MB source file's): the few larger files, generated
// tables, get buffers of their own, which the collector takes back,
// instead of a pool holding tens of megabytes through the rest of a
// search.
const maxPooledNodes = 256 << 10

// Finish makes every entry on the stack a child of a root of kind k that
// spans the whole source, and puts the nodes into t. A slice that wastes
// more than a quarter of its capacity (a file mostly of comments) is
// copied to its size, since trees are cached, unless its buffers are
// reused ones, which a search that caches nothing hands from file to
// file.
func (b *Builder) Finish(t *Tree, k Kind) {
	t.Root = b.Close(0, k, 0)
	if b.reused {
		t.Nodes, t.Kids = b.Nodes, b.Kids
	} else {
		t.Nodes, t.Kids = trim(b.Nodes), trim(b.Kids)
	}
	t.Nodes[t.Root].Start, t.Nodes[t.Root].End = 0, uint32(len(t.Src))
}

func trim[E any](s []E) []E {
	if cap(s)-len(s) <= len(s)/4+64 {
		return s
	}
	return append(make([]E, 0, len(s)), s...)
}

// Refused returns the tree of a file a grammar will not parse (it is too
// large): one error region of kind errKind under a root of kind root.
func Refused(l *Language, src []byte, errKind, root Kind, msg string) *Tree {
	t := &Tree{Lang: l, Src: src}
	b := &Builder{}
	b.Leaf(errKind, 0, uint32(len(src)))
	b.Finish(t, root)
	t.Errors = ErrorList{{Line: 1, Column: 1, Span: Span{End: uint32(len(src))}, Msg: msg}}
	return t
}
