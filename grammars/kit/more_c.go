package kit

import "github.com/agenttools/agenttools/grammars"

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

// Sequence parses items separated by sep, as Separated does, and closes
// them as one node of kind k when there are more than one: a, b is
// (k a , b), and a alone is a.
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
