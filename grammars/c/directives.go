package c

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// The preprocessor in the tree.
//
// A directive line before the next token of a list (of top-level items,
// statements, fields or enumerators) is a node there: #include, #define
// (its name, parameters, and body as tokens), and the others (#undef,
// #pragma, #error, #line) as a preproc_call. A conditional, #if, #ifdef or
// #ifndef up to its #endif, is a preproc_if whose branches hold whole
// items of the list; when its branches do not hold whole ones (a
// declaration's head in each branch, an extern "C" { opened in one and
// closed in another), it is read as its first branch only, as a compiler
// would with the condition true (false for #if 0): the other branches'
// tokens are trivia, and its lines are nodes where a list goes on and
// trivia elsewhere.

// A line is a directive line: the index of its # and of its synthetic
// end in the lexer's slice.
type line struct{ start, end int }

// name returns the directive's name: if, define, endif, … ("" for a null
// directive or a line marker).
func (lx *lexer) name(l line) string {
	if l.start+1 < l.end && lx.toks[l.start+1].Kind == tDirectiveName {
		return lx.text(&lx.toks[l.start+1])
	}
	return ""
}

// lineAt returns the directive line that starts at index s.
func (lx *lexer) lineAt(s int) line {
	e := s
	for e < len(lx.toks) && lx.toks[e].Kind != tDirectiveEnd {
		e++
	}
	return line{s, e}
}

// nextPending returns the first directive line not taken between the
// last token the parser read and the current one.
func (p *parser) nextPending() (line, bool) {
	i := p.index()
	// Back over the skipped tokens, no further than the last line taken,
	// where from starts anyway, and from where the last walk from i
	// stopped: a file of directive lines alone (a table of #defines)
	// would cost the square of its length.
	last := p.lx.lastTaken()
	j := i - 1
	if p.lx.backFrom == i {
		j = min(j, p.lx.backTo)
	}
	for j > last && p.lx.skip[j] {
		j--
	}
	p.lx.backFrom, p.lx.backTo = i, j
	from := max(j+1, last+1)
	for s := from; s < i; s++ {
		if p.lx.toks[s].Kind == tDirective {
			return p.lx.lineAt(s), true
		}
	}
	return line{}, false
}

// before returns the pending directive line, or nil: for recovery,
// which may start again at one.
func (p *parser) before() *line {
	if l, ok := p.nextPending(); ok {
		return &l
	}
	return nil
}

// topPending is pending at the top level, where no Attempt is: a
// conditional nested deeper than kit.MaxDepth unwinds to here and is an
// error (topConditional), returned.
func (p *parser) topPending(item func(), stop func() bool) (errs grammars.ErrorList) {
	for {
		l, ok := p.nextPending()
		if !ok {
			return errs
		}
		switch p.lx.name(l) {
		case "if", "ifdef", "ifndef":
			if err := p.topConditional(l, item, stop); err != nil {
				errs = append(errs, err)
			}
		case "elif", "elifdef", "elifndef", "else", "endif":
			p.take(l, nPreprocDirective)
		default:
			p.directive(l)
		}
	}
}

// topConditional parses the conditional at line l at the top level.
// When one nested in it is nested deeper than kit.MaxDepth, the whole
// of it, from its #if to its #endif (to the end of the file when it has
// none), is one ERROR node, passed over, and the error is returned: read
// again from a line inside, it would fail again a level less deep, at a
// cost that grows with the square of the depth.
func (p *parser) topConditional(l line, item func(), stop func() bool) *grammars.Error {
	s := p.Save()
	bail := catch(func() { p.ppConditional(l, item, stop) })
	if bail == nil {
		return nil
	}
	p.Restore(s)
	lx := p.lx
	start, end, after := lx.toks[l.start].Offset, uint32(len(lx.Src)), len(lx.toks)
	last := lx.conditionals().lastDirective()
	if sp := lx.splits(l); len(sp) > 0 && lx.name(sp[len(sp)-1]) == "endif" {
		e := sp[len(sp)-1]
		last, end, after = e.start, lx.toks[e.end].Offset, e.end+1
	}
	// The lines up to the last are the error's: nextPending looks on
	// from the last line taken.
	lx.markTaken(last)
	p.seek(after)
	bail.Err.Span = grammars.Span{Start: start, End: end}
	p.B.Leaf(nError, start, end)
	return bail.Err
}

// tooDeep begins the message of a nesting deeper than kit.MaxDepth.
const tooDeep = "nesting deeper than"

// catch runs prod and returns the syntax error that unwound it, or nil.
func catch(prod func()) (bail *kit.Bailout) {
	defer func() {
		if r := recover(); r != nil {
			b, isBail := r.(kit.Bailout)
			if !isBail {
				panic(r)
			}
			bail = &b
		}
	}()
	prod()
	return nil
}

// nestedTry is try for a conditional's branches, but input nested too
// deep is not a reason to read the conditional flat: it unwinds on, raised
// again once the recovery is done (see attempt).
func (p *parser) nestedTry(prod func()) bool {
	s := p.Save()
	bail := catch(prod)
	switch {
	case bail == nil:
		return true
	case strings.HasPrefix(bail.Err.Msg, tooDeep):
		panic(*bail)
	}
	p.Restore(s)
	return false
}

// seek moves the parser to the first token from index i that is not
// skipped, or to the end of the file.
func (p *parser) seek(i int) {
	for i < len(p.lx.toks) && p.lx.skip[i] {
		i++
	}
	t := p.lx.eof
	if i < len(p.lx.toks) {
		t = p.lx.full(i)
		p.lx.next = i + 1
	} else {
		p.lx.next = len(p.lx.toks)
	}
	p.Win.Reset(t)
	p.Load()
}

// pending takes the directive lines before the current token as nodes,
// a conditional with its branches, and returns at the first line that
// ends or splits a conditional (#elif, #else, #endif), which it leaves
// to the conditional, or when there are no more.
func (p *parser) pending(item func(), stop func() bool, inCond bool) {
	for {
		l, ok := p.nextPending()
		if !ok {
			return
		}
		switch p.lx.name(l) {
		case "elif", "elifdef", "elifndef", "else", "endif":
			if inCond {
				return
			}
			p.take(l, nPreprocDirective) // one whose #if is not in this list
		case "if", "ifdef", "ifndef":
			p.ppConditional(l, item, stop)
		default:
			p.directive(l)
		}
	}
}

// take pushes the tokens of line l as leaves of a node of kind k.
func (p *parser) take(l line, k grammars.Kind) {
	m := p.B.Mark()
	p.leaves(l.start, l.end)
	p.B.Close(m, k, 0)
	p.lx.markTaken(l.start)
}

// leaves pushes the tokens from index i up to j as leaves.
func (p *parser) leaves(i, j int) {
	for ; i < j; i++ {
		t := &p.lx.toks[i]
		p.B.Leaf(t.Kind, t.Offset, t.End())
	}
}

// directive pushes a directive that is no conditional's: #include,
// #define, and the others.
func (p *parser) directive(l line) {
	toks := p.lx.toks
	m := p.B.Mark()
	switch p.lx.name(l) {
	case "include", "include_next", "import":
		p.leaves(l.start, l.end)
		p.B.Close(m, nPreprocInclude, 0)
	case "define":
		i := l.start + 2
		p.leaves(l.start, i)
		kind := nPreprocDef
		if i < l.end && toks[i].Kind == tIdent {
			p.leaves(i, i+1)
			i++
			// NAME( with no space is a function-like macro's parameters
			if i < l.end && toks[i].Kind == tLParen && toks[i].Offset == toks[i-1].End() {
				kind = nPreprocFunctionDef
				j := i
				for j < l.end && toks[j].Kind != tRParen {
					j++
				}
				j = min(j+1, l.end)
				pm := p.B.Mark()
				p.leaves(i, j)
				p.B.Close(pm, nPreprocParams, 0)
				i = j
			}
		}
		p.leaves(i, l.end) // the body, as tokens
		p.B.Close(m, kind, 0)
	default:
		p.leaves(l.start, l.end)
		p.B.Close(m, nPreprocCall, 0)
	}
	p.lx.markTaken(l.start)
}

// ppConditional parses #if … #endif at line l, with its branches as whole
// items, or, when they are not, as its first branch only.
//
// A conditional counts a level, as its branches' items nest in it. One
// nested deeper than kit.MaxDepth is an error that no conditional read
// flat can mend: it unwinds past the conditionals and items around it
// (nestedTry, attempt) to the top-level item or conditional it is in.
func (p *parser) ppConditional(l line, item func(), stop func() bool) {
	if p.Depth >= kit.MaxDepth {
		t := &p.lx.toks[l.start]
		panic(kit.Bailout{Err: &grammars.Error{Line: int(t.Line), Column: int(t.Column), Msg: fmt.Sprintf("%s %d levels", tooDeep, kit.MaxDepth)}})
	}
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	// Items read in the branches of a conditional with more than one do
	// not recover one by one (recoverItem): a branch that fails makes
	// the conditional read as its first branch.
	if len(p.lx.splits(l)) > 1 {
		p.trying++
		defer func() { p.trying-- }()
	}
	if p.cxx {
		// its branches are lists of items, which hold no part of an
		// item around them (straddling)
		p.reading[l.start] = true
		defer delete(p.reading, l.start)
	}
	// A branch no C compiler takes (#if 0, #ifdef __cplusplus and its
	// extern "C" {) is inactive at once, its text trivia.
	ok := !p.flat[l.start] && !p.lx.isZero(l) && p.lx.balanced(l) && p.nestedTry(func() {
		p.take(l, nPreprocDirective)
		branch := -1 // the mark of the open #elif or #else, if any
		var kind grammars.Kind
		for {
			p.pending(item, stop, true)
			if e, ok := p.nextPending(); ok {
				name := p.lx.name(e)
				if branch >= 0 {
					p.B.Close(branch, kind, 0)
					branch = -1
				}
				if name == "endif" {
					p.take(e, nPreprocDirective)
					p.B.Close(m, nPreprocIf, 0)
					return
				}
				branch, kind = p.B.Mark(), nPreprocElif
				if name == "else" {
					kind = nPreprocElse
				}
				p.take(e, nPreprocDirective)
				continue
			}
			if p.Kind == tEOF || stop() {
				p.Errorf("#%s at line %d is not closed here", p.lx.name(l), p.lx.toks[l.start].Line)
			}
			item()
		}
	})
	if ok {
		return
	}
	// Read again after an outer conditional failed, it fails again: it
	// is flat at once, so nesting costs no more than once per level.
	p.flatten(l)
	p.take(l, nPreprocDirective)
}

// flatten reads the conditional at l, whose branches hold no whole
// items, as its first branch only; or, when that branch holds C++ (a
// class, a namespace, a template), as what follows it: a branch that is
// C++'s and no C is a C compiler's to pass over, as #ifdef __cplusplus
// is (ICU's #if U_SHOW_CPLUSPLUS_API around a whole header).
func (p *parser) flatten(l line) {
	if !p.cxx && !p.flat[l.start] && p.lx.holdsCxx(l) {
		p.cxxBranch[l.start] = true
	}
	p.flat[l.start] = true
	p.firstBranch(l)
}

// firstBranch makes the tokens of every branch of the conditional at l
// but its first inactive (of every branch but the #else for #if 0), and
// moves the parser to the first active token from where it is.
func (p *parser) firstBranch(l line) {
	lx := p.lx
	splits := lx.splits(l)
	zero := lx.isZero(l) || p.cxxBranch[l.start]
	if len(splits) < 2 && !zero {
		return // no other branch; an unclosed #if keeps what follows
	}
	from, to := 0, len(splits)-1 // the splits whose branches go
	if zero {
		// #if 0: the first branch goes, and the #else's stays
		from, to = -1, 0
		for i, s := range splits {
			if lx.name(s) == "else" {
				to = i
				break
			}
		}
	}
	for i := from; i < to; i++ {
		a := l.end
		if i >= 0 {
			a = splits[i].end
		}
		b := len(lx.toks)
		if i+1 < len(splits) {
			b = splits[i+1].start
		}
		for k := a + 1; k < b; k++ {
			if !lx.skip[k] {
				lx.skip[k], lx.inactive[k] = true, true
			}
		}
	}
	// what the < scans found held the tokens just made inactive
	clear(p.angle)
	clear(p.angleExpr)
	clear(p.angleNested)
	p.reseek()
}

// isZero reports whether the conditional at l is false for a C
// compiler whatever is defined: #if 0, #ifdef __cplusplus, and an #if
// one of whose conjuncts is about __cplusplus (defined(__cplusplus),
// __cplusplus >= 201103L, __cplusplus alone), with no || or ! in it:
// its first branch is C++'s (extern "C" {, a whole libstdc++ header).
func (lx *lexer) isZero(l line) bool {
	toks := lx.toks[l.start+2 : l.end]
	if lx.cxx {
		return lx.isZeroCxx(l, toks)
	}
	switch lx.name(l) {
	case "if":
		if len(toks) == 1 && lx.text(&toks[0]) == "0" {
			return true
		}
		for i := range toks {
			if t := lx.text(&toks[i]); t == "||" || t == "!" {
				return false
			}
		}
		for len(toks) > 0 {
			n := 0
			for n < len(toks) && lx.text(&toks[n]) != "&&" {
				n++
			}
			if lx.isCplusplus(toks[:n]) {
				return true
			}
			toks = toks[min(n+1, len(toks)):]
		}
	case "ifdef":
		return len(toks) == 1 && lx.text(&toks[0]) == "__cplusplus"
	}
	return false
}

// isZeroCxx is isZero for C++: #if 0, and #ifndef __cplusplus or #if
// !defined(__cplusplus), whose first branch is C's.
func (lx *lexer) isZeroCxx(l line, toks []tok) bool {
	text := func(i int) string { return lx.text(&toks[i]) }
	if n := lx.name(l); (n == "if" || n == "ifdef") && len(toks) > 0 && len(toks) <= 4 {
		// #ifdef BOOST_HANA_DOXYGEN_INVOKED: documentation's pseudo-code;
		// #if defined(BOOST_ASIO_WINDOWS_RUNTIME), __cplusplus_winrt:
		// C++/CX (String^ s), which only Microsoft's compiler reads
		for i := range toks {
			t := text(i)
			if (strings.Contains(t, "DOXYGEN") || strings.HasSuffix(t, "WINDOWS_RUNTIME") || t == "__cplusplus_winrt") && (i == 0 || text(i-1) != "!") {
				return true
			}
		}
	}
	switch lx.name(l) {
	case "if":
		switch len(toks) {
		case 1:
			return text(0) == "0"
		case 3:
			if text(0) == "!" && text(1) == "defined" && text(2) == "__cplusplus" {
				return true
			}
		case 5:
			if text(0) == "!" && text(1) == "defined" && text(2) == "(" && text(3) == "__cplusplus" && text(4) == ")" {
				return true
			}
		}
		// #if __cplusplus < 201103L: false for the C++ this grammar reads,
		// as is a conjunction with such a test in it
		for i := range toks {
			if t := text(i); t == "||" || t == "!" {
				return false
			}
		}
		for len(toks) > 0 {
			n := 0
			for n < len(toks) && lx.text(&toks[n]) != "&&" {
				n++
			}
			if lx.versionFalse(toks[:n]) {
				return true
			}
			toks = toks[min(n+1, len(toks)):]
		}
	case "ifndef":
		return len(toks) == 1 && text(0) == "__cplusplus"
	}
	return false
}

// cxxVersion is the __cplusplus this grammar reads C++ as: C++20's.
const cxxVersion = 202002

// versionFalse reports whether a conjunct of an #if compares __cplusplus
// with a number so that C++20 makes it false: __cplusplus < 201103L,
// __cplusplus <= 201703L, __cplusplus > 202302L.
func (lx *lexer) versionFalse(c []tok) bool {
	if len(c) != 3 || lx.text(&c[0]) != "__cplusplus" || c[2].Kind != tNumber {
		return false
	}
	num := strings.TrimRight(lx.text(&c[2]), "lLuU")
	v, err := strconv.Atoi(num)
	if err != nil {
		return false
	}
	switch lx.text(&c[1]) {
	case "<":
		return !(cxxVersion < v)
	case "<=":
		return !(cxxVersion <= v)
	case ">":
		return !(cxxVersion > v)
	case ">=":
		return !(cxxVersion >= v)
	case "==":
		return cxxVersion != v
	}
	return false
}

// isCplusplus reports whether a conjunct of an #if is false unless the
// compiler is C++'s: __cplusplus, defined(__cplusplus), defined
// __cplusplus, or __cplusplus compared to a version with >=, > or ==.
func (lx *lexer) isCplusplus(c []tok) bool {
	text := func(i int) string { return lx.text(&c[i]) }
	switch {
	case len(c) == 1:
		return text(0) == "__cplusplus"
	case len(c) == 2:
		return text(0) == "defined" && text(1) == "__cplusplus"
	case len(c) == 4:
		return text(0) == "defined" && text(1) == "(" && text(2) == "__cplusplus" && text(3) == ")"
	case len(c) == 3:
		return text(0) == "__cplusplus" && (text(1) == ">=" || text(1) == ">" || text(1) == "==") && c[2].Kind == tNumber && text(2) != "0" && text(2) != "0L"
	}
	return false
}

// reseek moves the parser to the first token from the current one that
// is not skipped, after tokens were made inactive.
func (p *parser) reseek() {
	// not p.index(), which takes the current token to be no skipped one
	off := p.Tok.Offset
	p.seek(sort.Search(len(p.lx.toks), func(i int) bool { return p.lx.toks[i].Offset >= off }))
}

// trivia returns the directive lines no list took and the inactive
// branches' tokens, as spans.
func (lx *lexer) trivia() []grammars.Span {
	taken := map[int32]bool{}
	for t := lx.taken; t != nil; t = t.prev {
		taken[t.start] = true
	}
	var out []grammars.Span
	add := func(a, b uint32) {
		if n := len(out); n > 0 && out[n-1].End >= a {
			out[n-1].End = max(out[n-1].End, b)
			return
		}
		out = append(out, grammars.Span{Start: a, End: b})
	}
	for i := 0; i < len(lx.toks); i++ {
		t := &lx.toks[i]
		switch {
		case t.Kind == tDirective && !taken[int32(i)]:
			l := lx.lineAt(i)
			end := t.End()
			if l.end > l.start+1 {
				end = lx.toks[l.end-1].End()
			}
			add(t.Offset, end)
			i = l.end
		case t.Kind == tDirective:
			i = lx.lineAt(i).end
		case lx.inactive[i] && !t.Synthetic:
			add(t.Offset, t.End())
		}
	}
	return out
}

// guarded parses an item; when it fails and a conditional stands inside
// it (an #ifdef between two operands, or around a declaration's head),
// that conditional is read as its first branch and the item is parsed
// again, up to a few times. The last failure unwinds as usual.
func (p *parser) guarded(item func()) {
	for range 8 {
		l, ok := p.attempt(item)
		if ok {
			return
		}
		p.flatten(l)
	}
	item()
}

// attempt runs item and reports whether it parsed. When it did not and a
// conditional stands between the item's start and the line of its error,
// the parser is back where it was and attempt returns that conditional;
// when none does, the failure unwinds from where it happened, as parsing
// item again would: not parsing it again keeps a failure deep in nested
// lists (blocks, initializers), each of which guards its items, from
// costing twice per level. The failure is raised again once the
// recovery is done, not from the deferred call: a panic raised there
// is nested in the one recovered, and a chain of them as deep as the
// lists costs the square of their depth.
func (p *parser) attempt(item func()) (l line, ok bool) {
	s := p.Save()
	from := p.index()
	bail := catch(item)
	if bail == nil {
		return l, true
	}
	// Nothing read flat makes input nested too deep parse.
	if strings.HasPrefix(bail.Err.Msg, tooDeep) {
		panic(*bail)
	}
	if l, ok = p.conditionalBefore(from, bail.Err.Line); !ok {
		panic(*bail)
	}
	p.Restore(s)
	return l, false
}
