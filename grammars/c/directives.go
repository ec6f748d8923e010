package c

import (
	"sort"

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
	p.lx.taken = append(p.lx.taken, int32(l.start))
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
	p.lx.taken = append(p.lx.taken, int32(l.start))
}

// ppConditional parses #if … #endif at line l, with its branches as whole
// items, or, when they are not, as its first branch only.
func (p *parser) ppConditional(l line, item func(), stop func() bool) {
	m := p.B.Mark()
	// A branch no C compiler takes (#if 0, #ifdef __cplusplus and its
	// extern "C" {) is inactive at once, its text trivia.
	ok := !p.flat[l.start] && !p.lx.isZero(l) && p.lx.balanced(l) && p.try(func() {
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
	if !p.flat[l.start] && p.lx.holdsCxx(l) {
		p.cxx[l.start] = true
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
	zero := lx.isZero(l) || p.cxx[l.start]
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
	p.reseek()
}

// splits returns the #elif, #else and #endif lines of the conditional at
// l, nested conditionals passed over.
func (lx *lexer) splits(l line) []line {
	var out []line
	depth := 0
	for s := l.end; s < len(lx.toks); s++ {
		if lx.toks[s].Kind != tDirective {
			continue
		}
		d := lx.lineAt(s)
		switch lx.name(d) {
		case "if", "ifdef", "ifndef":
			depth++
		case "elif", "elifdef", "elifndef", "else":
			if depth == 0 {
				out = append(out, d)
			}
		case "endif":
			if depth == 0 {
				return append(out, d)
			}
			depth--
		}
		s = d.end
	}
	return out
}

// balanced reports whether every branch of the conditional at l closes
// each bracket it opens: a branch that does not can hold no whole items,
// so the conditional is flat without a try.
func (lx *lexer) balanced(l line) bool {
	splits := lx.splits(l)
	if len(splits) == 0 {
		return false // no #endif
	}
	from := l.end
	for _, sp := range splits {
		for i := from + 1; i < sp.start; i++ {
			if lx.skip[i] {
				continue
			}
			switch lx.toks[i].Kind {
			case tLParen, tLBrack, tLBrace, tRParen, tRBrack, tRBrace:
				if q := int(lx.partner[i]); q <= from || q >= sp.start {
					return false
				}
			}
		}
		from = sp.end
	}
	return true
}

// isZero reports whether the conditional at l is false for a C
// compiler whatever is defined: #if 0, #ifdef __cplusplus, and an #if
// one of whose conjuncts is about __cplusplus (defined(__cplusplus),
// __cplusplus >= 201103L, __cplusplus alone), with no || or ! in it:
// its first branch is C++'s (extern "C" {, a whole libstdc++ header).
func (lx *lexer) isZero(l line) bool {
	toks := lx.toks[l.start+2 : l.end]
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

// holdsCxx reports whether the first branch of the conditional at l
// holds C++ that is no C: class N {, class N;, class M N : (a base),
// namespace N {, namespace {, template <, extern "C++".
func (lx *lexer) holdsCxx(l line) bool {
	end := len(lx.toks)
	if splits := lx.splits(l); len(splits) > 0 {
		end = splits[0].start
	}
	kind := func(i int) grammars.Kind {
		if i < end {
			return lx.toks[i].Kind
		}
		return tEOF
	}
	for i := l.end + 1; i < end; i++ {
		t := &lx.toks[i]
		if t.Kind == tDirective {
			i = lx.lineAt(i).end
			continue
		}
		if t.Kind != tIdent && t.Kind != kwExtern {
			continue
		}
		switch lx.text(t) {
		case "class":
			j := i + 1
			if kind(j) == tIdent && kind(j+1) == tIdent {
				j++ // class U_COMMON_API Name
			}
			if kind(j) == tIdent {
				switch kind(j + 1) {
				case tLBrace, tSemi, tColon:
					return true
				}
			}
		case "namespace":
			if k := kind(i + 1); k == tLBrace || k == tIdent && (kind(i+2) == tLBrace || kind(i+2) == tAssign) {
				return true
			}
		case "template":
			if kind(i+1) == tLT {
				return true
			}
		case "extern":
			if kind(i+1) == tString && lx.text(&lx.toks[i+1]) == `"C++"` {
				return true
			}
		}
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
	i := sort.Search(len(p.lx.toks), func(i int) bool { return p.lx.toks[i].Offset >= off })
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

// trivia returns the directive lines no list took and the inactive
// branches' tokens, as spans.
func (lx *lexer) trivia() []grammars.Span {
	taken := map[int32]bool{}
	for _, s := range lx.taken {
		taken[s] = true
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
	taken := p.lx.taken
	from := p.index()
	var bail *kit.Bailout
	func() {
		defer func() {
			if r := recover(); r != nil {
				b, isBail := r.(kit.Bailout)
				if !isBail {
					panic(r)
				}
				bail = &b
			}
		}()
		item()
	}()
	if bail == nil {
		return l, true
	}
	if l, ok = p.conditionalBefore(from, bail.Err.Line); !ok {
		panic(*bail)
	}
	p.Restore(s, p.lx.resetAfter)
	p.lx.untake(taken)
	return l, false
}

// conditionalBefore returns the first conditional from the token at index
// from to line that is still read with all its branches.
func (p *parser) conditionalBefore(from, last int) (l line, ok bool) {
	lx := p.lx
	for i := from; i < len(lx.toks) && int(lx.toks[i].Line) <= last; i++ {
		if lx.toks[i].Kind != tDirective || p.flat[i] {
			continue
		}
		d := lx.lineAt(i)
		switch lx.name(d) {
		case "if", "ifdef", "ifndef":
			return d, true
		}
	}
	return l, false
}
