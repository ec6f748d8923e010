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
