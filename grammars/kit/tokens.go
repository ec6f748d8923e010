package kit

import (
	"sort"
	"sync"

	"github.com/agenttools/agenttools/grammars"
)

// Tokens is a whole file's tokens, read before the parse starts, and
// each bracket's partner: for a grammar whose parser looks far ahead (is
// this ( a function's parameters? a cast's type?), which a slice and the
// partners make cheap, and where moving back after a speculative parse
// is moving an index. It is the Lexer such a parser's window reads.
type Tokens struct {
	Toks []Token
	// Partner holds, for each bracket token, the index of the one that
	// closes or opens it; -1 when it has none, and for every other token.
	Partner []int32
	EOF     Token // what Next returns after the last token
	next    int   // the index of the token Next hands out
}

// spare holds the slices of Tokens whose parse is over, for Reuse: a
// search parses file after file, and a file's tokens are garbage once its
// tree is built (about six bytes for each byte of source), so the next
// file's lexer reuses them instead of making the collector run for them.
// A sync.Pool keeps them per processor, so each search worker in effect
// reuses its own.
var spare sync.Pool

// maxSpare is the most tokens a slice spare keeps may hold: a large
// file's slices are let go, since a pool keeps what it holds alive across
// a collection, and kept they would raise a search's peak memory by
// more than they save.
const maxSpare = 16 << 10

type tokenBufs struct {
	toks    []Token
	partner []int32
}

// Reuse gives ts empty slices for about n tokens: those of a parse that
// is over, when they fit, else new ones.
func (ts *Tokens) Reuse(n int) {
	if b, ok := spare.Get().(*tokenBufs); ok {
		// Big enough, and not so big that a small file would hold a
		// large one's slices.
		if c := cap(b.toks); c >= n && c <= 8*n+4096 {
			ts.Toks, ts.Partner = b.toks, b.partner
			return
		}
		if cap(b.toks) > n {
			spare.Put(b) // for a larger file
		}
	}
	ts.Toks = make([]Token, 0, n)
}

// Release gives ts's slices to a later parse's Reuse; ts is empty after.
// The tokens are cleared first: their texts are the source's, which the
// pool must not keep alive.
func (ts *Tokens) Release() {
	if cap(ts.Toks) > maxSpare {
		*ts = Tokens{}
		return
	}
	clear(ts.Toks)
	spare.Put(&tokenBufs{toks: ts.Toks[:0], partner: ts.Partner[:0]})
	*ts = Tokens{}
}

// Next hands out the next token; after the last, EOF forever.
func (ts *Tokens) Next() Token {
	if ts.next < len(ts.Toks) {
		ts.next++
		return ts.Toks[ts.next-1]
	}
	return ts.EOF
}

// ResetAfter moves Next to just after token t: a Parser's Rewind.
func (ts *Tokens) ResetAfter(t *Token) {
	if t.Kind == EOF {
		ts.next = len(ts.Toks)
		return
	}
	ts.next = ts.Index(t.Offset) + 1
}

// Index returns the index of the first token that starts at or after off.
func (ts *Tokens) Index(off uint32) int {
	return sort.Search(len(ts.Toks), func(i int) bool { return ts.Toks[i].Offset >= off })
}

// Pair fills Partner from a bracket table.
func (ts *Tokens) Pair(br *Brackets) {
	ts.Partner = br.Pair(ts.Partner, len(ts.Toks), func(i int) grammars.Kind { return ts.Toks[i].Kind })
}

// Brackets is a table of bracket kinds: which kind closes which, in
// slices indexed by kind, since pairing looks up every token of a file.
type Brackets struct {
	closer []grammars.Kind // an opener's closer; EOF for a kind that opens nothing
	closes []bool
}

// NewBrackets builds a table from pairs of kinds, each an opener and its
// closer: NewBrackets(tLParen, tRParen, tLBrace, tRBrace). A closer may
// close several openers (Dart's } ends a { and an interpolation's ${).
func NewBrackets(pairs ...grammars.Kind) *Brackets {
	n := grammars.Kind(0)
	for _, k := range pairs {
		n = max(n, k+1)
	}
	br := &Brackets{closer: make([]grammars.Kind, n), closes: make([]bool, n)}
	for i := 0; i+1 < len(pairs); i += 2 {
		br.closer[pairs[i]] = pairs[i+1]
		br.closes[pairs[i+1]] = true
	}
	return br
}

// Pair returns, for n tokens whose kinds kind gives, each bracket's
// partner's index, -1 for a token with none; it reuses partner's array
// when it is large enough. A token kind gives as EOF is passed over (a
// directive's, which may open what it does not close). A closer that
// does not close the innermost open bracket is left unpaired, and so is
// that bracket.
func (br *Brackets) Pair(partner []int32, n int, kind func(i int) grammars.Kind) []int32 {
	if cap(partner) < n {
		partner = make([]int32, n)
	}
	partner = partner[:n]
	var open []int32
	for i := range partner {
		partner[i] = -1
		k := kind(i)
		if int(k) >= len(br.closer) {
			continue
		}
		if br.closer[k] != EOF {
			open = append(open, int32(i))
		} else if br.closes[k] {
			if top := len(open) - 1; top >= 0 && br.closer[kind(int(open[top]))] == k {
				partner[i], partner[open[top]] = open[top], int32(i)
				open = open[:top]
			}
		}
	}
	return partner
}

// Cur is the index in Toks of the parser's current token.
func (p *Parser) Cur() int { return p.Toks.next - p.Win.Buffered() }

// Far returns the token n places after the current one, however far:
// from the window when it holds it, else from Toks.
func (p *Parser) Far(n int) *Token {
	if n < Lookahead {
		return p.PeekTok(n)
	}
	if i := p.Cur() + n; i < len(p.Toks.Toks) {
		return &p.Toks.Toks[i]
	}
	return &p.Toks.EOF
}

// PartnerOf returns how many tokens after the current one the partner of
// the bracket n places ahead is, or -1 when it has none.
func (p *Parser) PartnerOf(n int) int {
	i := p.Cur() + n
	if i >= len(p.Toks.Toks) || p.Toks.Partner[i] < 0 {
		return -1
	}
	return int(p.Toks.Partner[i]) - p.Cur()
}
