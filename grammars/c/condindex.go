package c

import (
	"sort"

	"github.com/agenttools/agenttools/grammars"
)

// A condIndex is where a file's conditionals split and where its
// brackets stand, found in one pass over the tokens the first time the
// parser asks. Without it each conditional scanned its own lines for its
// #elif, #else and #endif, and for brackets that cross them: nested
// conditionals cost the square of their depth (a file of 100 000 nested
// #ifs took minutes), as did each failed item's look for a conditional
// before its error.
type condIndex struct {
	// dirs holds the directive lines, in order.
	dirs []dirLine
	// brackets holds the index of each bracket outside directive lines,
	// in order.
	brackets []int32
	// cxx holds where C++ that is no C starts outside directive lines
	// (cxxAt), in order.
	cxx []cxxMark
}

// A dirLine is the directive line whose # is token at. For a line that
// opens or splits a conditional, next is the position in dirs of that
// conditional's next #elif, #else or #endif; it is -1 for the last, and
// for any other line.
type dirLine struct{ at, next int32 }

// A cxxMark is C++ at token at, read up to token last.
type cxxMark struct{ at, last int32 }

// conditionals returns the file's condIndex, built on the first call in
// slices as long as it needs, a former lexer's where they are long
// enough.
func (lx *lexer) conditionals() *condIndex {
	if lx.conds != nil {
		return lx.conds
	}
	nd, nb := 0, 0
	for i := range lx.toks {
		switch lx.toks[i].Kind {
		case tDirective:
			nd++
		case tLParen, tLBrack, tLBrace, tRParen, tRBrack, tRBrace:
			nb++ // an upper bound: some are directives'
		}
	}
	c := &lx.index
	c.dirs, c.brackets, c.cxx = capped(c.dirs, nd), capped(c.brackets, nb), c.cxx[:0]
	var open []int32 // the position in dirs of each open conditional's last line
	for i := 0; i < len(lx.toks); i++ {
		switch lx.toks[i].Kind {
		case tDirective:
			d := lx.lineAt(i)
			pos := int32(len(c.dirs))
			c.dirs = append(c.dirs, dirLine{int32(i), -1})
			switch lx.name(d) {
			case "if", "ifdef", "ifndef":
				open = append(open, pos)
			case "elif", "elifdef", "elifndef", "else":
				if n := len(open); n > 0 {
					c.dirs[open[n-1]].next = pos
					open[n-1] = pos
				}
			case "endif":
				if n := len(open); n > 0 {
					c.dirs[open[n-1]].next = pos
					open = open[:n-1]
				}
			}
			i = d.end
		case tLParen, tLBrack, tLBrace, tRParen, tRBrack, tRBrace:
			c.brackets = append(c.brackets, int32(i))
		case tIdent, kwExtern:
			if last := lx.cxxAt(i); last > 0 {
				c.cxx = append(c.cxx, cxxMark{int32(i), int32(last)})
			}
		}
	}
	lx.conds = c
	return c
}

// capped returns s empty, with room for n, reusing its array if it can.
func capped[E any](s []E, n int) []E {
	if cap(s) < n {
		return make([]E, 0, n)
	}
	return s[:0]
}

// splits returns the #elif, #else and #endif lines of the conditional at
// l, nested conditionals passed over; with no #endif, those up to the end
// of the file.
func (lx *lexer) splits(l line) []line {
	c := lx.conditionals()
	pos := sort.Search(len(c.dirs), func(j int) bool { return int(c.dirs[j].at) >= l.start })
	if pos == len(c.dirs) || int(c.dirs[pos].at) != l.start {
		return nil
	}
	var out []line
	for j := c.dirs[pos].next; j >= 0; j = c.dirs[j].next {
		out = append(out, lx.lineAt(int(c.dirs[j].at)))
	}
	return out
}

// balanced reports whether every branch of the conditional at l closes
// each bracket it opens: a branch that does not can hold no whole items,
// so the conditional is flat without a try.
func (lx *lexer) balanced(l line) bool {
	splits := lx.splits(l)
	if len(splits) == 0 {
		return false // no #endif
	}
	br := lx.conditionals().brackets
	from := l.end
	for _, sp := range splits {
		j := sort.Search(len(br), func(j int) bool { return int(br[j]) > from })
		for ; j < len(br) && int(br[j]) < sp.start; j++ {
			i := br[j]
			if lx.skip[i] {
				continue
			}
			if q := int(lx.partner[i]); q <= from || q >= sp.start {
				return false
			}
		}
		from = sp.end
	}
	return true
}

// conditionalBefore returns the first conditional from the token at index
// from to line that is still read with all its branches.
func (p *parser) conditionalBefore(from, last int) (l line, ok bool) {
	lx := p.lx
	c := lx.conditionals()
	for j := sort.Search(len(c.dirs), func(j int) bool { return int(c.dirs[j].at) >= from }); j < len(c.dirs); j++ {
		i := int(c.dirs[j].at)
		if int(lx.toks[i].Line) > last {
			break
		}
		if p.flat[i] {
			continue
		}
		d := lx.lineAt(i)
		switch lx.name(d) {
		case "if", "ifdef", "ifndef":
			return d, true
		}
	}
	return l, false
}

// lastDirective returns the index of the file's last directive line's #,
// or -1.
func (c *condIndex) lastDirective() int {
	if len(c.dirs) == 0 {
		return -1
	}
	return int(c.dirs[len(c.dirs)-1].at)
}

// holdsCxx reports whether the first branch of the conditional at l
// holds C++ that is no C (cxxAt), its directive lines passed over.
func (lx *lexer) holdsCxx(l line) bool {
	end := len(lx.toks)
	if splits := lx.splits(l); len(splits) > 0 {
		end = splits[0].start
	}
	cxx := lx.conditionals().cxx
	for j := sort.Search(len(cxx), func(j int) bool { return int(cxx[j].at) > l.end }); j < len(cxx) && int(cxx[j].at) < end; j++ {
		if int(cxx[j].last) < end {
			return true
		}
	}
	return false
}

// cxxAt reports whether C++ that is no C starts at token i: class N {,
// class N;, class M N : (a base), namespace N {, namespace {, template <,
// extern "C++". It returns the index of the last token it read to say
// so, or 0 when there is none.
func (lx *lexer) cxxAt(i int) int {
	kind := func(i int) grammars.Kind {
		if i < len(lx.toks) {
			return lx.toks[i].Kind
		}
		return tEOF
	}
	switch lx.text(&lx.toks[i]) {
	case "class":
		j := i + 1
		if kind(j) == tIdent && kind(j+1) == tIdent {
			j++ // class U_COMMON_API Name
		}
		if kind(j) == tIdent {
			switch kind(j + 1) {
			case tLBrace, tSemi, tColon:
				return j + 1
			}
		}
	case "namespace":
		switch k := kind(i + 1); {
		case k == tLBrace:
			return i + 1
		case k == tIdent && (kind(i+2) == tLBrace || kind(i+2) == tAssign):
			return i + 2
		}
	case "template":
		if kind(i+1) == tLT {
			return i + 1
		}
	case "extern":
		if kind(i+1) == tString && lx.text(&lx.toks[i+1]) == `"C++"` {
			return i + 1
		}
	}
	return 0
}
