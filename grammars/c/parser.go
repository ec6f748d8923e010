package c

import (
	"sort"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// parser holds the hand-written productions on the kit's parser.
//
// Directive lines are no tokens of the parser's stream: the lexer's Next
// passes over them, and over the branches of a conditional that is read
// as its first branch only (inactive). Where a list of declarations,
// statements, fields or enumerators goes on, the list's loop takes the
// directive lines before its next token as nodes (pending); a line met
// inside a declaration or a statement is trivia, as a comment is.
//
// Every production that recurses does so through one that counts a level
// with Enter, itself or through kit.Enclosed (statementAs, compound,
// list, declarator, typeName, initializerList, assignment, unary,
// arguments, ppConditional), so input
// nested past kit.MaxDepth is a syntax error, never a stack that grows
// with the file.
type parser struct {
	kit.Parser
	lx *lexer
	// typedefs are the names declared with typedef so far in the file.
	typedefs map[string]bool
	// lastName is the name the last declarator declared.
	lastName string
	// names counts the names declarators have declared, so that a
	// declarator can tell whether the one inside it named anything.
	names int
	// lastIdent is the name the last primary expression was, or "".
	lastIdent string
	// flat holds the conditionals whose branches held no whole items,
	// by the index of their #.
	flat map[int]bool
	// cxxBranch holds those of them whose first branch holds C++, which
	// is read as the branches after it (flatten).
	cxxBranch map[int]bool
	// wantType: a name with no type before it is the type, in a type
	// name ((size_t)n, sizeof(T)).
	wantType bool
	// inParams: the parser is in a parameter list, where a declarator
	// may end with , or ) or be abstract.
	inParams bool
	// lastIndex is the slice index index last returned.
	lastIndex int
	// errs are the errors of the items recovered inside a namespace's or
	// a class's body (recoverItem).
	errs grammars.ErrorList
	// reading holds the conditionals whose branches are being read as
	// lists of items, by the index of their #.
	reading map[int]bool
	// trying counts the conditionals with more than one branch whose
	// branches are being read as items.
	trying int
	// recovering: the list being read is a namespace's, a linkage's or
	// a class's body, whose items recover one by one.
	recovering bool

	// C++'s (cxx*.go).
	cxx bool
	// templates are the names the file declares as templates.
	templates map[string]bool
	// typeParams and valueParams count the type and the value
	// parameters of the templates being read, by name: a type
	// parameter's members are dependent names, and a value's < is a
	// comparison; params are both in the order they were declared.
	typeParams, valueParams map[string]int
	params                  []templateParam
	// angle holds, by the slice index of a <, the index of the > that
	// closes its template arguments, or -1 (angles).
	angle map[int]int
	// angleExpr holds the < whose > closes what holds an operator no
	// template's arguments have outside brackets (||, ==, .): a
	// comparison's, in a statement's or a cast's test.
	angleExpr map[int]bool
	// angleNested holds the < whose arguments hold a < that a > closes.
	angleNested map[int]bool
	// noGT: a > closes template arguments here, and is no operator.
	noGT bool
	// className is the name of the class whose body is being read.
	className string
	// inConstraint: the parser is in a requires clause or a concept's
	// definition, where a name and < is a template-id whenever a >
	// closes it (is_same_v<T, U> && …).
	inConstraint bool
	// memberTemplate: the member being read is a template's, whose
	// declarator names an identifier, as a namespace's does.
	memberTemplate bool
	// fieldNames: the declaration being read is a class member's with
	// a type, whose declarators name field_identifiers.
	fieldNames bool
	// bodies counts the blocks the parser is in.
	bodies int
	// ellipses counts the ... declarators have read.
	ellipses int
	climb    *kit.Climb
}

// with runs f with *flag set to v, and sets it back after, also when a
// syntax error unwinds f inside a Try: a trial that fails must leave
// the parser's state as it found it.
func (p *parser) with(flag *bool, v bool, f func()) {
	saved := *flag
	*flag = v
	defer func() { *flag = saved }()
	f()
}

// A templateParam is a template's parameter, a type's or a value's.
type templateParam struct {
	name  string
	value bool
}

func newParser(lx *lexer, pattern bool, b *grammars.Builder) *parser {
	p := &parser{lx: lx, typedefs: map[string]bool{}, flat: map[int]bool{}, cxxBranch: map[int]bool{}, cxx: lx.cxx}
	if p.cxx {
		p.templates, p.angle, p.angleExpr, p.angleNested = map[string]bool{}, map[int]int{}, map[int]bool{}, map[int]bool{}
		p.reading, p.typeParams, p.valueParams = map[int]bool{}, map[string]int{}, map[string]int{}
	}
	p.Init(kit.NewWindow(lx, lx.Next()), b, kindNames[:])
	p.Found = kit.Found(kindNames[:], nil, tIdent, tNumber, tString)
	p.Pattern = pattern
	p.Ident = tIdent
	p.Rewind = lx.resetAfter
	// What a speculative parse took of the directive lines it gives back.
	p.SaveState = func() any { return lx.taken }
	p.RestoreState = func(taken any) { lx.taken = taken.(*takenLine) }
	p.DeepIsNo = true // a macro call's arguments are tried as expressions inside the one around it
	return p
}

// translationUnit parses the top-level items, each on its own: one that
// fails to parse becomes an ERROR node up to the next line that starts
// a declaration or a directive at column 1. The directive lines before
// each item are nodes of their own, outside it.
func (p *parser) translationUnit() grammars.ErrorList {
	errs := p.TopLevelBetween(nError, func() { p.guarded(p.topItem) }, kit.Sync{Test: p.safe}, func() grammars.ErrorList {
		// Recover starts each item from depth 0, but the lines before it
		// are read outside one: the levels of an item that failed are not
		// theirs.
		p.Depth = 0
		return p.topPending(p.topItem, func() bool { return false })
	})
	if len(p.errs) == 0 {
		return errs
	}
	// the errors of items recovered in their bodies (C++), in order
	errs = append(errs, p.errs...)
	sort.SliceStable(errs, func(i, j int) bool {
		return errs[i].Line < errs[j].Line || errs[i].Line == errs[j].Line && errs[i].Column < errs[j].Column
	})
	return errs
}

// safe reports whether recovery may start again at the current token:
// one at column 1, or one a directive line stands before, but no closer
// or separator unless a line does.
func (p *parser) safe() bool {
	if p.Tok.Column != 1 && p.before() == nil {
		return false
	}
	switch p.Kind {
	case tRBrace, tRParen, tRBrack, tSemi, tComma, tEOF:
		return p.before() != nil
	}
	return true
}

// objectMacro reports whether the file #defines name as an object-like
// macro, fnMacro as a function-like one.
func (p *parser) objectMacro(name string) bool {
	fn, ok := p.lx.defined[name]
	return ok && !fn && !p.typedefs[name]
}

func (p *parser) fnMacro(name string) bool { return p.lx.defined[name] && !p.typedefs[name] }

// Tokens.

// index returns the slice index of the current token.
func (p *parser) index() int {
	off := p.Tok.Offset
	toks := p.lx.toks
	// C++ asks again and again at one token: the last answer is kept.
	if p.lastIndex < len(toks) && toks[p.lastIndex].Offset == off && toks[p.lastIndex].Kind == p.Kind && !p.lx.skip[p.lastIndex] {
		return p.lastIndex
	}
	i := sort.Search(len(toks), func(i int) bool { return toks[i].Offset >= off })
	for i < len(toks) && (p.lx.skip[i] || toks[i].Kind != p.Kind) {
		i++
	}
	p.lastIndex = i
	return i
}

// tok returns the token n places after the current one, however far.
func (p *parser) tok(n int) kit.Token {
	if n < kit.Lookahead {
		return *p.PeekTok(n)
	}
	i := p.index()
	for n > 0 {
		i++
		if i >= len(p.lx.toks) {
			return p.lx.eof
		}
		if !p.lx.skip[i] {
			n--
		}
	}
	return p.lx.full(i)
}

// afterPartner returns the token after the partner of the bracket n
// tokens after the current one, or EOF.
func (p *parser) afterPartner(n int) kit.Token {
	j := p.partnerIndex(n)
	if j < 0 {
		return p.lx.eof
	}
	t, _ := p.following(j)
	return t
}

// following returns the token after the one at slice index i, and its
// index, or EOF and len(toks).
func (p *parser) following(i int) (kit.Token, int) {
	for i++; i < len(p.lx.toks); i++ {
		if !p.lx.skip[i] {
			return p.lx.full(i), i
		}
	}
	return p.lx.eof, i
}

// partner returns the partner of the bracket n tokens after the current
// one, or EOF.
func (p *parser) partner(n int) kit.Token {
	if j := p.partnerIndex(n); j >= 0 {
		return p.lx.full(j)
	}
	return p.lx.eof
}

// partnerIndex returns the slice index of the partner of the bracket n
// tokens after the current one, or -1.
func (p *parser) partnerIndex(n int) int {
	i := p.index()
	for n > 0 && i < len(p.lx.toks) {
		i++
		if i < len(p.lx.toks) && !p.lx.skip[i] {
			n--
		}
	}
	if i >= len(p.lx.toks) || p.lx.partner[i] < 0 {
		return -1
	}
	return int(p.lx.partner[i])
}

// balanced pushes the tokens from the current bracket to its partner as
// leaves: the arguments of an attribute, the operands of asm.
func (p *parser) balanced() {
	open := p.Kind
	if open != tLParen && open != tLBrack && open != tLBrace {
		p.ErrorExpected("'('")
	}
	depth := 0
	for {
		switch p.Kind {
		case tLParen, tLBrack, tLBrace:
			depth++
		case tRParen, tRBrack, tRBrace:
			depth--
		case tEOF:
			p.ErrorExpected("')'")
		}
		p.Leaf()
		if depth == 0 {
			return
		}
	}
}
