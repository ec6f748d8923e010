package kit

import (
	"slices"

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
		if punctAt(rest, p.text) {
			s.Pos += len(p.text)
			return p.kind, true
		}
	}
	return 0, false
}

// punctAt reports whether rest starts with text, whose first byte it is
// known to start with: byte by byte, since punctuation is a few bytes
// and a call to compare memory costs more than the comparison.
func punctAt(rest, text string) bool {
	if len(rest) < len(text) {
		return false
	}
	for i := 1; i < len(text); i++ {
		if rest[i] != text[i] {
			return false
		}
	}
	return true
}

// Words is a set of words, each with its kind, that a lexer looks every
// identifier up in: by its length and first byte, then by comparison,
// with no hashing. An identifier that is no keyword, most of them, is
// told apart in two loads; a map costs a hash of every identifier, a
// twentieth of a parse.
type Words struct {
	words []word   // by length, then first byte
	start []uint16 // where the words of length n and first byte c start: start[n<<7|c]
}

type word struct {
	text string
	kind grammars.Kind
}

// maxWord is the longest word Words holds.
const maxWord = 31

// WordsOf returns the words of m, each to its kind. Every word is ASCII
// and at most 31 bytes.
func WordsOf(m map[string]grammars.Kind) *Words {
	w := &Words{start: make([]uint16, (maxWord+1)<<7+1)}
	for text, k := range m {
		if len(text) == 0 || len(text) > maxWord || text[0] >= 0x80 {
			panic("kit: a word must be ASCII and 1 to 31 bytes: " + text)
		}
		w.words = append(w.words, word{text, k})
	}
	key := func(s string) int { return len(s)<<7 | int(s[0]) }
	slices.SortFunc(w.words, func(a, b word) int { return key(a.text) - key(b.text) })
	i := 0
	for c := range len(w.start) {
		for i < len(w.words) && key(w.words[i].text) < c {
			i++
		}
		w.start[c] = uint16(i)
	}
	return w
}

// Lookup returns the kind of word s, and whether it is one.
func (w *Words) Lookup(s string) (grammars.Kind, bool) {
	if len(s) == 0 || len(s) > maxWord || s[0] >= 0x80 {
		return 0, false
	}
	c := len(s)<<7 | int(s[0])
	for _, x := range w.words[w.start[c]:w.start[c+1]] {
		if x.text == s {
			return x.kind, true
		}
	}
	return 0, false
}
