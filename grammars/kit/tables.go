package kit

import (
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
)

// KindTable returns the KindInfo of each kind names names; named says
// which kinds are named (nodes, and the tokens a metavariable binds:
// identifiers, literals).
func KindTable(names []string, named func(k grammars.Kind) bool) []grammars.KindInfo {
	out := make([]grammars.KindInfo, len(names))
	for i := range names {
		out[i] = grammars.KindInfo{Name: names[i], Named: named(grammars.Kind(i))}
	}
	return out
}

// Keywords maps each keyword, the kinds first to last whose names are
// their text, to its kind.
func Keywords(names []string, first, last grammars.Kind) map[string]grammars.Kind {
	out := make(map[string]grammars.Kind, int(last-first)+1)
	for k := first; k <= last; k++ {
		out[names[k]] = k
	}
	return out
}

// Puncts is a lexer's punctuation, by the first byte of its text, the
// longest first, so that the longest that matches wins (<<= before <<
// before <).
type Puncts [256][]punct

type punct struct {
	text string
	kind grammars.Kind
}

// PunctsOf returns the punctuation of the kinds first to last, each
// one's text its name in names.
func PunctsOf(names []string, first, last grammars.Kind) *Puncts {
	t := &Puncts{}
	for k := first; k <= last; k++ {
		c := names[k][0]
		t[c] = append(t[c], punct{text: names[k], kind: k})
	}
	for c := range t {
		slices.SortStableFunc(t[c], func(a, b punct) int { return len(b.text) - len(a.text) })
	}
	return t
}

// With adds the punctuation text of kind k, one outside PunctsOf's
// range or not named by its text (Go's ;, Python's ellipsis), and
// returns t.
func (t *Puncts) With(text string, k grammars.Kind) *Puncts {
	c := text[0]
	t[c] = append(t[c], punct{text: text, kind: k})
	slices.SortStableFunc(t[c], func(a, b punct) int { return len(b.text) - len(a.text) })
	return t
}

// Punct reads the punctuation of t at the current position and returns
// its kind, or false, not moving, when none is there.
func (s *Scan) Punct(t *Puncts) (grammars.Kind, bool) {
	if s.Pos >= len(s.Src) {
		return 0, false
	}
	rest := s.Src[s.Pos:]
	for _, p := range t[rest[0]] {
		if strings.HasPrefix(rest, p.text) {
			s.Pos += len(p.text)
			return p.kind, true
		}
	}
	return 0, false
}
