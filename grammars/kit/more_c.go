package kit

import (
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
)

// TopLevelBetween is TopLevel for a grammar that reads something of its
// own between the items, outside any item's recovery, which must not
// drop it with a failed item's nodes (C's directive lines, nodes where
// the list of items goes on). between runs before each item and once
// after the last, unless a failed item's error region ran to the end of
// the file (what it passed over is in that region); its errors count
// with the items'.
func (p *Parser) TopLevelBetween(errKind grammars.Kind, item func(), sync Sync, between func() grammars.ErrorList) grammars.ErrorList {
	var errs grammars.ErrorList
	safe := func() bool { return sync.At(p) }
	for {
		errs = append(errs, between()...)
		switch {
		case p.Kind == EOF:
			return errs
		case len(errs) >= MaxErrors:
			return append(errs, p.GiveUp(errKind))
		}
		err := p.Recover(errKind, item, safe)
		if err == nil {
			continue
		}
		if errs = append(errs, err); p.Kind == EOF {
			return errs
		}
	}
}

// Tables a grammar builds from its kind names, so that each name is
// written once.

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

// Shapes productions of several grammars repeat.

// Separated parses item, then, while the current token is sep, the
// separator and another item.
func (p *Parser) Separated(sep grammars.Kind, item func()) {
	for item(); p.Got(sep); {
		item()
	}
}

// Sequence parses items separated by sep, as Separated, and closes them
// as one node of kind k when there are more than one: a, b is (k a , b),
// and a alone is a.
func (p *Parser) Sequence(k, sep grammars.Kind, item func()) {
	m := p.B.Mark()
	item()
	if p.Kind != sep {
		return
	}
	for p.Got(sep) {
		item()
	}
	p.B.Close(m, k, 0)
}

// Clause parses an optional clause that a keyword of kind kw starts: the
// keyword and body, closed as a node of kind k (else s). It reports
// whether the clause was there.
func (p *Parser) Clause(kw, k grammars.Kind, body func()) bool {
	if p.Kind != kw {
		return false
	}
	p.Prefix(k, body)
	return true
}

// Delimited pushes open, items separated by sep (a trailing one allowed)
// up to close, and close, and closes them as a node of kind k: (a, b).
func (p *Parser) Delimited(k, open, sep, close grammars.Kind, item func()) {
	p.Node(k, func() {
		p.Expect(open)
		p.List(sep, close, item)
		p.Expect(close)
	})
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
