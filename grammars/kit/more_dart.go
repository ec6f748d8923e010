package kit

import (
	"strings"

	"github.com/agenttools/agenttools/grammars"
)

// Lexer idioms.

// Hashbang passes over a #! line at the very start of the source (after
// a byte order mark) as trivia, as a comment is: a script's interpreter
// line, in Dart and JavaScript.
func (s *Scan) Hashbang() {
	if !strings.HasPrefix(s.Src[s.Pos:], "#!") {
		return
	}
	end := s.Pos
	for end < len(s.Src) && s.Src[end] != '\n' && s.Src[end] != '\r' {
		end++
	}
	s.Comment(s.Pos, end)
	s.Pos = end
}

// Separated parses item, then, while the current token is sep, the
// separator and another item: a, b, c, with no trailing separator.
func (p *Parser) Separated(sep grammars.Kind, item func()) {
	item()
	for p.Got(sep) {
		item()
	}
}

// Enclosed parses the bracket of kind open, body and the bracket of kind
// close as a node of kind k, a level of nesting deeper: a block, an
// argument list, whose contents may hold another.
func (p *Parser) Enclosed(k, open, close grammars.Kind, body func()) {
	p.Enter()
	p.Node(k, func() {
		p.Expect(open)
		body()
		p.Expect(close)
	})
	p.Leave()
}

// Until parses items with item up to a token of kind close or the end of
// the file, neither of which it consumes: a block's statements.
func (p *Parser) Until(close grammars.Kind, item func()) {
	for p.Kind != close && p.Kind != EOF {
		item()
	}
}

// PairDense fills Partner from a bracket table as Pair does, with the
// table laid out in slices indexed by kind for the kinds below n: Pair
// looks each token up in the table's maps, which costs a bracket-heavy
// grammar (Dart) a sixth of its parse, where a slice costs next to
// nothing. Pair could become this.
func (ts *Tokens) PairDense(br *Brackets, n grammars.Kind) {
	closer := make([]grammars.Kind, n) // an opener's closer; EOF for none
	closes := make([]bool, n)
	for open, close := range br.closer {
		closer[open], closes[close] = close, true
	}
	if cap(ts.Partner) < len(ts.Toks) {
		ts.Partner = make([]int32, len(ts.Toks))
	}
	ts.Partner = ts.Partner[:len(ts.Toks)]
	var open []int32
	for i := range ts.Toks {
		ts.Partner[i] = -1
		k := ts.Toks[i].Kind
		switch {
		case closer[k] != EOF:
			open = append(open, int32(i))
		case closes[k]:
			if top := len(open) - 1; top >= 0 && closer[ts.Toks[open[top]].Kind] == k {
				ts.Partner[i], ts.Partner[open[top]] = open[top], int32(i)
				open = open[:top]
			}
		}
	}
}
