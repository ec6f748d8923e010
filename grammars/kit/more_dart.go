package kit

import (
	"sort"
	"strings"

	"github.com/agenttools/agenttools/grammars"
)

// Kind tables: every grammar names its kinds in one array and builds its
// Language's KindInfo table and its keyword map from it.

// KindTable returns the KindInfo table of the kinds names names; named
// says which of them carry a name a metavariable binds (identifiers,
// literals, nodes) rather than being punctuation or a keyword.
func KindTable(names []string, named func(k grammars.Kind) bool) []grammars.KindInfo {
	out := make([]grammars.KindInfo, len(names))
	for k, name := range names {
		out[k] = grammars.KindInfo{Name: name, Named: named(grammars.Kind(k))}
	}
	return out
}

// Keywords maps the text of each kind from first to last, the reserved
// words, to its kind.
func Keywords(names []string, first, last grammars.Kind) map[string]grammars.Kind {
	m := make(map[string]grammars.Kind, int(last-first)+1)
	for k := first; k <= last; k++ {
		m[names[k]] = k
	}
	return m
}

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

// Puncts is a lexer's punctuation tokens by their first byte, the
// longest first, so the longest that matches wins.
type Puncts [256][]punct

type punct struct {
	text string
	kind grammars.Kind
}

// PunctsOf builds the table of the punctuation kinds from first to last,
// each one's text its name in names.
func PunctsOf(names []string, first, last grammars.Kind) *Puncts {
	t := &Puncts{}
	for k := first; k <= last; k++ {
		text := names[k]
		t[text[0]] = append(t[text[0]], punct{text, k})
	}
	for _, ops := range t {
		sort.SliceStable(ops, func(i, j int) bool { return len(ops[i].text) > len(ops[j].text) })
	}
	return t
}

// Punct reads the punctuation token of t at the current position, moving
// past it, and returns its kind; false, and no move, when none matches.
func (s *Scan) Punct(t *Puncts) (grammars.Kind, bool) {
	if s.Pos >= len(s.Src) {
		return 0, false
	}
	rest := s.Src[s.Pos:]
	for _, op := range t[rest[0]] {
		if strings.HasPrefix(rest, op.text) {
			s.Pos += len(op.text)
			return op.kind, true
		}
	}
	return 0, false
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
