package kit

import (
	"github.com/agenttools/agenttools/grammars"
)

// MaxErrors is how many syntax errors TopLevel collects before it gives
// up on the rest of the file, as go/parser stops after ten: past that a
// file is not the language, or not the version of it the grammar reads,
// and more regions of errors would only be noise.
const MaxErrors = 10

// A Sync is where recovery after a syntax error may start parsing again:
// a token that can start a top-level item, by its kind and where it
// stands. Every condition set must hold.
type Sync struct {
	// Column1: only a token at the start of a line, in column 1, where a
	// top-level item starts in code as people indent it.
	Column1 bool
	// Kinds are the kinds of token that can start an item; nil: any.
	Kinds []grammars.Kind
	// Test is the grammar's own condition, when kinds are not enough.
	Test func() bool
	// Restart, when set, starts the lexer again at the token recovery
	// stopped at, for a lexer that keeps a state a broken item leaves
	// wrong (Python's open brackets and indentation). Recovery may then
	// stop at the token the item failed at, when it is past the item's
	// start (a def whose block is missing ends before the next line's
	// statement), and the error region ends where the last token read
	// with any text ends, holding no synthetic token past the text.
	Restart func()
}

// At reports whether recovery may start again at p's current token.
func (s *Sync) At(p *Parser) bool {
	if s.Column1 && p.Tok.Column != 1 {
		return false
	}
	if s.Kinds != nil && !p.isOneOf(s.Kinds) {
		return false
	}
	return s.Test == nil || s.Test()
}

// TopLevel parses a file's top-level items with item, each on its own:
// one that fails to parse becomes a leaf of kind errKind up to the next
// token sync accepts, and the rest still parses. After MaxErrors errors,
// the rest of the file is one more such leaf, and an error that says the
// parse stopped.
func (p *Parser) TopLevel(errKind grammars.Kind, item func(), sync Sync) grammars.ErrorList {
	return p.TopLevelBetween(errKind, item, sync, nil)
}

// GiveUp covers the rest of the file with a leaf of kind errKind and
// returns the error that says so.
func (p *Parser) GiveUp(errKind grammars.Kind) *grammars.Error {
	err := p.errorHere("too many errors: the rest of the file is not parsed")
	start, end := p.Pos(), p.Pos()
	for p.Kind != EOF {
		end = p.Tok.End()
		p.Next()
	}
	err.Span = grammars.Span{Start: start, End: end}
	p.B.Leaf(errKind, start, end)
	return err
}

// TopLevelBetween is TopLevel for a grammar that reads something of its
// own between the items, outside any item's recovery, which must not
// drop it with a failed item's nodes (C's directive lines, nodes where
// the list of items goes on). between, when set, runs before each item
// and once after the last, unless a failed item's error region ran to
// the end of the file (what it passed over is in that region); its
// errors count with the items'.
func (p *Parser) TopLevelBetween(errKind grammars.Kind, item func(), sync Sync, between func() grammars.ErrorList) grammars.ErrorList {
	var errs grammars.ErrorList
	safe := func() bool { return sync.At(p) }
	for {
		if between != nil {
			errs = append(errs, between()...)
		}
		switch {
		case p.Kind == EOF:
			return errs
		case len(errs) >= MaxErrors:
			return append(errs, p.GiveUp(errKind))
		}
		var err *grammars.Error
		if sync.Restart != nil {
			err = p.recoverRestart(errKind, item, &sync)
		} else {
			err = p.Recover(errKind, item, safe)
		}
		if err == nil {
			continue
		}
		if errs = append(errs, err); p.Kind == EOF {
			return errs
		}
	}
}

// recoverRestart is Recover for a Sync with a Restart: on a syntax error
// it drops what item built, moves to the first token past the item's
// start that sync accepts, starts the lexer again there and covers what
// it passed over with a leaf of kind errKind.
func (p *Parser) recoverRestart(errKind grammars.Kind, item func(), sync *Sync) *grammars.Error {
	mark := p.B.Mark()
	start := p.Pos()
	err := p.Attempt(item)
	if err == nil {
		return nil
	}
	p.B.Truncate(mark)
	for p.Kind != EOF && (p.Pos() <= start || !sync.At(p)) {
		p.Next()
	}
	if p.Kind != EOF {
		sync.Restart()
	}
	end := max(p.End, start)
	err.Span = grammars.Span{Start: start, End: end}
	p.B.Leaf(errKind, start, end)
	return err
}
