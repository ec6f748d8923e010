package matcher

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
)

// A Template is a rewrite template compiled against a pattern: literal
// text with the pattern's metavariables in it.
//
// In a template, $ then an upper-case letter or _, then upper-case
// letters, digits or _, is a metavariable ($X, $ARGS_2), and $$$ before
// such a name is a run ($$$ARGS). Anything else is literal text: $5, $x
// and a lone $ stay as they are. There is no escape, so a bare $$$ cannot
// be written.
//
// Where a $$$NAME captured nothing, it takes an adjacent comma of the
// template with it: the comma before it on the same line, with the
// spaces and tabs on either side of that comma (f($F, $$$A) gives f(x)),
// or, when there is none (or an empty run before took it), the comma
// after it with the spaces and tabs on either side ([$$$A, last] gives
// [last]). A comma on another line stays.
type Template struct {
	pieces []piece
	vars   []tvar // the metavariables used, in order of first use
}

// A piece is a stretch of literal text or one metavariable of a template.
type piece struct {
	lit []byte // literal text with "\n" line breaks; nil for a metavariable
	// frozen: offsets in lit of the lines that start inside a token of the
	// template (a multi-line string), which take no indentation.
	frozen []int
	v      int // index into Template.vars; -1 for literal text
	// For a metavariable: the leading spaces and tabs of the template line
	// it stands on, which its capture's later lines are indented by.
	indent []byte
	// For a $$$ metavariable: how many bytes at the end of the literal
	// before it, and at the start of the literal after it, are a comma
	// with its spaces and tabs, which go with it when it captures nothing.
	before, after int
}

// A tvar is a metavariable of a template.
type tvar struct {
	name  string
	multi bool
}

func (v tvar) String() string {
	if v.multi {
		return "$$$" + v.name
	}
	return "$" + v.name
}

// CompileTemplate reads template's metavariables ($NAME and $$$NAME) and
// checks that p binds every one: a metavariable the pattern does not bind is
// an error naming it and the ones p does bind ("$Y is not bound by the
// pattern; it binds $X, $$$ARGS"). $_ and a bare $$$ in a template bind
// nothing and are errors too. An empty template is allowed (it deletes
// the matches).
func CompileTemplate(p *Pattern, template string) (*Template, error) {
	if p == nil || p.tree == nil {
		return nil, errors.New("no pattern to compile the rewrite against; compile the pattern first")
	}
	return compileTemplate(p.tree.Lang, template, func(vars []tvar) error { return checkBound(p, vars) })
}

// CompileTemplateFor compiles a template of language l whose
// metavariables are bound by a rule, not one pattern: bound names them
// as Pattern.Vars does ($X, $$$ARGS). A name bound as a value (a rule's
// transform) is written as Match.Values holds it.
func CompileTemplateFor(l *grammars.Language, template string, bound []string) (*Template, error) {
	return compileTemplate(l, template, func(vars []tvar) error {
		var missing []string
		for _, v := range vars {
			if !slices.Contains(bound, v.String()) {
				missing = append(missing, v.String())
			}
		}
		if len(missing) == 0 {
			return nil
		}
		binds := "none"
		if len(bound) > 0 {
			binds = strings.Join(bound, ", ")
		}
		return fmt.Errorf("%s not bound by the rule; it binds %s", strings.Join(missing, ", "), binds)
	})
}

func compileTemplate(l *grammars.Language, template string, check func([]tvar) error) (*Template, error) {
	if err := CheckSize(template); err != nil {
		return nil, err
	}
	// Line breaks are put back in the file's own style when the template
	// is applied.
	src := strings.ReplaceAll(template, "\r\n", "\n")
	tm := &Template{}
	inside := insideLines(l, src, strings.Count(src, "\n")+1)
	lit, line := 0, 0 // where the pending literal and the current line start
	for i := 0; i < len(src); {
		if src[i] == '\n' {
			line = i + 1
		}
		v, n, err := scanVar(src[i:])
		if err != nil {
			return nil, err
		}
		if n == 0 {
			i++
			continue
		}
		tm.addLiteral(src, lit, i, inside)
		tm.addVar(v, leadingBlanks(src[line:]))
		i += n
		lit = i
	}
	tm.addLiteral(src, lit, len(src), inside)
	if err := check(tm.vars); err != nil {
		return nil, err
	}
	tm.absorbCommas(l.Sep())
	return tm, nil
}

// scanVar reads the metavariable s starts with, by grammars' one rule:
// n is 0 when s does not start with one, and a $ that starts none ($el,
// $1, a lone $) is literal text.
func scanVar(s string) (v tvar, n int, err error) {
	n = grammars.MetavarLen(s)
	if n == 0 {
		return v, 0, nil
	}
	name, multi, _ := grammars.Metavar(s[:n])
	switch {
	case multi && name == "" && s[:n] == "$$$_":
		return v, 0, errors.New("the rewrite has $$$_, which binds nothing in a pattern, so there is nothing to put in its place; name the run in both the pattern and the rewrite ($$$ARGS)")
	case multi && name == "":
		return v, 0, errors.New("the rewrite has a bare $$$, which binds nothing in a pattern, so there is nothing to put in its place; name the run in both the pattern and the rewrite ($$$ARGS)")
	case name == "":
		return v, 0, errors.New("the rewrite has $_, which binds nothing in a pattern, so there is nothing to put in its place; name it in both the pattern and the rewrite ($X)")
	}
	return tvar{name, multi}, n, nil
}

// addLiteral adds src[from:to] as literal text; inside says which lines of
// src start inside a token.
func (tm *Template) addLiteral(src string, from, to int, inside []bool) {
	if from == to {
		return
	}
	pc := piece{lit: []byte(src[from:to]), v: -1}
	line := strings.Count(src[:from], "\n")
	for i := from; i < to; i++ {
		if src[i] == '\n' {
			line++
			if inside[line] && i+1 < to {
				pc.frozen = append(pc.frozen, i+1-from)
			}
		}
	}
	tm.pieces = append(tm.pieces, pc)
}

func (tm *Template) addVar(v tvar, indent string) {
	i := slices.Index(tm.vars, v)
	if i < 0 {
		i = len(tm.vars)
		tm.vars = append(tm.vars, v)
	}
	tm.pieces = append(tm.pieces, piece{v: i, indent: []byte(indent)})
}

// checkBound reports the metavariables of vars that p does not bind.
func checkBound(p *Pattern, vars []tvar) error {
	bound := boundVars(p)
	var missing []string
	var hints []string
	for _, v := range vars {
		if slices.Contains(bound, v) {
			continue
		}
		missing = append(missing, v.String())
		if other := (tvar{v.name, !v.multi}); slices.Contains(bound, other) {
			hints = append(hints, fmt.Sprintf("write %s for what it matched, not %s", other, v))
		}
	}
	if len(missing) == 0 {
		return nil
	}
	verb := "is"
	if len(missing) > 1 {
		verb = "are"
	}
	binds := "no metavariables; add them to the pattern or drop them from the rewrite"
	if len(bound) > 0 {
		names := make([]string, len(bound))
		for i, v := range bound {
			names[i] = v.String()
		}
		binds = strings.Join(names, ", ")
	}
	msg := fmt.Sprintf("%s %s not bound by the pattern; it binds %s", strings.Join(missing, ", "), verb, binds)
	if len(hints) > 0 {
		msg += " (" + strings.Join(hints, "; ") + ")"
	}
	return errors.New(msg)
}

// boundVars returns the metavariables p binds, in pattern order. $_ and
// $$$ bind nothing.
func boundVars(p *Pattern) []tvar {
	var out []tvar
	stack := slices.Clone(p.tops())
	slices.Reverse(stack)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if name, ok, multi := metavar(p.tree, n); ok {
			if v := (tvar{name, multi}); name != "" && !slices.Contains(out, v) {
				out = append(out, v)
			}
			continue // what stands for a metavariable holds no other
		}
		kids := p.tree.Children(n)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
	return out
}

// absorbCommas records, for each $$$ metavariable, the separators (sep:
// the language's, a comma) of the literals beside it that it takes along
// when it captures nothing.
func (tm *Template) absorbCommas(sep string) {
	for k := range tm.pieces {
		pc := &tm.pieces[k]
		if pc.v < 0 || !tm.vars[pc.v].multi {
			continue
		}
		if k > 0 && tm.pieces[k-1].v < 0 {
			pc.before = commaAtEnd(tm.pieces[k-1].lit, sep)
		}
		if k+1 < len(tm.pieces) && tm.pieces[k+1].v < 0 {
			pc.after = commaAtStart(tm.pieces[k+1].lit, sep)
		}
	}
}

// commaAtEnd returns the length of the blanks, separator and blanks that
// end s, or 0 when s does not end so.
func commaAtEnd(s []byte, sep string) int {
	i := len(s)
	for i > 0 && isBlank(s[i-1]) {
		i--
	}
	if !bytes.HasSuffix(s[:i], []byte(sep)) {
		return 0
	}
	i -= len(sep)
	for i > 0 && isBlank(s[i-1]) {
		i--
	}
	return len(s) - i
}

// commaAtStart is commaAtEnd for the start of s.
func commaAtStart(s []byte, sep string) int {
	i := 0
	for i < len(s) && isBlank(s[i]) {
		i++
	}
	if !bytes.HasPrefix(s[i:], []byte(sep)) {
		return 0
	}
	i += len(sep)
	for i < len(s) && isBlank(s[i]) {
		i++
	}
	return i
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

func leadingBlanks[T string | []byte](s T) T {
	i := 0
	for i < len(s) && isBlank(s[i]) {
		i++
	}
	return s[:i]
}

// A Rewrite is the result of rewriting one file.
type Rewrite struct {
	Src          []byte // the new source (== the old bytes when nothing changed)
	Replacements int    // matches rewritten, those inside captures included
	Skipped      int    // matches left alone because they overlap one that was rewritten
}

// RewriteTree applies tmpl to the matches of p in t (t.Src is the source).
//
// Each match becomes the template with its metavariables replaced: $NAME
// by the source of the node it captured, $$$NAME by the source from the
// first to the last node of its run (a separator that starts or ends the
// run left out; separators and comments between kept). Matches inside a
// capture the template uses are rewritten first, to any depth. A match
// inside another but outside the captures its template uses is left
// alone and counted in Skipped: the outermost match wins. Everything
// outside the matches is kept byte for byte.
//
// Line breaks and indentation, for a replacement that spans lines:
//   - A capture's lines after its first lose the indentation of the file
//     line the capture starts on (as much of it as they have) and take the
//     leading spaces and tabs of the template line its metavariable stands
//     on; that is the column a metavariable stands at.
//   - Then each line of the replacement after its first takes, as a
//     prefix, the indentation of the file line the match starts on.
//   - A line of a replacement that holds nothing but spaces and tabs is
//     left empty, so no trailing whitespace is written; when the template
//     ends in a line break, the last line is indented only if file text
//     follows the match on its line.
//   - A line that starts inside a token (a raw string, say) is kept as it
//     is, as re-indenting it would change the program. Lines of comments
//     are re-indented like code.
//   - The template's line breaks are written as the file's: \r\n when the
//     file's first line ends so, \n otherwise. A capture keeps its own.
//
// The work is linear in the file and the replacements written, times the
// depth of matches nested in captures.
func RewriteTree(t *grammars.Tree, p *Pattern, tmpl *Template) Rewrite {
	if t == nil || p == nil || tmpl == nil {
		return Rewrite{}
	}
	return RewriteMatches(t, p.Find(t), tmpl)
}

// RewriteMatches is RewriteTree for matches found already (and perhaps
// filtered), as Find returns them.
//
// tmpl may be nil when every match carries its own template (Match.Fix).
func RewriteMatches(t *grammars.Tree, ms []Match, tmpl *Template) Rewrite {
	if t == nil || tmpl == nil && slices.ContainsFunc(ms, func(m Match) bool { return m.Fix == nil }) {
		return Rewrite{}
	}
	if len(ms) == 0 {
		return Rewrite{Src: t.Src}
	}
	r := newRewriter(t, tmpl, ms)
	out := text{b: make([]byte, 0, len(t.Src)+len(t.Src)/8)}
	r.place(&out, 0, uint32(len(t.Src)), 0, len(ms))
	return Rewrite{Src: out.b, Replacements: r.replaced, Skipped: len(ms) - r.replaced}
}

// A rewriter rewrites the matches of one file.
type rewriter struct {
	t    *grammars.Tree
	src  []byte
	tmpl *Template
	ms   []Match
	// The matches form a forest, by nesting, which their order in ms (a
	// parent before its children) lays out flat: the subtree of ms[i] is
	// ms[i:next[i]].
	next       []int
	lines      *LineIndex
	eol        string
	tokens     []grammars.Span // the tokens that span a line break, in file order
	done       []bool          // the matches rewritten
	replaced   int
	cut        [][2]int               // scratch: the part of each literal piece to write
	blocks     map[grammars.Kind]bool // the kinds whose children are statements
	statements map[grammars.Kind]bool // the kinds that are statements wherever they stand
	ends       []uint32               // where each match's replaced range ends (see terminator.go)
}

func newRewriter(t *grammars.Tree, tmpl *Template, ms []Match) *rewriter {
	r := &rewriter{t: t, src: t.Src, tmpl: tmpl, ms: ms, lines: NewLineIndex(t.Src), eol: "\n", done: make([]bool, len(ms))}
	if i := bytes.IndexByte(t.Src, '\n'); i > 0 && t.Src[i-1] == '\r' {
		r.eol = "\r\n"
	}
	// Find reports matches in file order, a parent before its children;
	// sorting keeps that and makes sure of it, as nesting is read from it.
	slices.SortStableFunc(r.ms, func(a, b Match) int {
		x, y := r.matchSpan(&a), r.matchSpan(&b)
		return cmp.Or(cmp.Compare(x.Start, y.Start), cmp.Compare(y.End, x.End))
	})
	r.next = make([]int, len(ms))
	var open []int // the chain of matches that hold the current one
	for i := range ms {
		for len(open) > 0 && !r.inside(i, open[len(open)-1]) {
			r.next[open[len(open)-1]] = i
			open = open[:len(open)-1]
		}
		open = append(open, i)
	}
	for _, j := range open {
		r.next[j] = len(ms)
	}
	for n := range t.Nodes {
		nd := &t.Nodes[n]
		if nd.Count == 0 && bytes.IndexByte(r.src[nd.Start:nd.End], '\n') >= 0 {
			r.tokens = append(r.tokens, grammars.Span{Start: nd.Start, End: nd.End})
		}
	}
	slices.SortFunc(r.tokens, func(a, b grammars.Span) int { return cmp.Compare(a.Start, b.Start) })
	if t.Lang != nil {
		r.blocks, r.statements = kindSet(t.Lang, t.Lang.Blocks), kindSet(t.Lang, t.Lang.Statements)
	}
	r.ends = make([]uint32, len(ms))
	for i := range r.ms {
		r.ends[i] = r.replacedEnd(&r.ms[i])
	}
	return r
}

// kindSet returns the kinds of l named in names, as a set.
func kindSet(l *grammars.Language, names []string) map[grammars.Kind]bool {
	set := map[grammars.Kind]bool{}
	for _, name := range names {
		if k, ok := l.KindByName(name); ok {
			set[k] = true
		}
	}
	return set
}

// replacedEnd returns where the range a match's replacement takes ends:
// the match's own end, or after its last statement's ; when that travels
// in a capture the template writes, or the template ends with a ; of its
// own.
func (r *rewriter) replacedEnd(m *Match) uint32 {
	end := r.matchSpan(m).End
	tmpl := r.template(m)
	for v, tv := range tmpl.vars {
		if _, raw, ext, ok := r.capturedFor(m, v, tv); ok && raw == end && ext > end {
			return ext
		}
	}
	if !tmpl.endsWith(r.t.Lang.Terminator) {
		return end
	}
	last := m.Node
	if len(m.Run) > 0 {
		last = m.Run[len(m.Run)-1]
	}
	if st := r.enclosingStatement(last); st != grammars.NoNode {
		return r.terminated(st)
	}
	return end
}

// template returns the template match m is rewritten with: its own, a
// rule's fix, or the one of the rewrite.
func (r *rewriter) template(m *Match) *Template {
	if m.Fix != nil {
		return m.Fix
	}
	return r.tmpl
}

// replacedSpan is the range match i's replacement takes.
func (r *rewriter) replacedSpan(i int) grammars.Span {
	sp := r.matchSpan(&r.ms[i])
	sp.End = max(sp.End, r.ends[i])
	return sp
}

// span returns the byte range of tree node n, clipped to the source, so
// that no range read from a tree can index past it.
func (r *rewriter) span(n int32) grammars.Span {
	if n < 0 || int(n) >= len(r.t.Nodes) {
		return grammars.Span{}
	}
	nd := &r.t.Nodes[n]
	end := min(nd.End, uint32(len(r.src)))
	return grammars.Span{Start: min(nd.Start, end), End: end}
}

// matchSpan is span for a match, which may be a run of statements.
func (r *rewriter) matchSpan(m *Match) grammars.Span {
	if m.Expand != nil {
		return *m.Expand
	}
	sp := r.span(m.Node)
	if len(m.Run) > 0 {
		sp.End = max(sp.End, r.span(m.Run[len(m.Run)-1]).End)
	}
	return sp
}

// inside reports whether match i lies inside match j, which comes before
// it. By range alone, an empty node where j ends may be j's last child
// or the node after j; the tree says which.
func (r *rewriter) inside(i, j int) bool {
	a, b := r.matchSpan(&r.ms[i]), r.matchSpan(&r.ms[j])
	if a.Start < b.Start || a.End > b.End {
		return false
	}
	if a.Start == a.End && a.Start == b.End {
		for n := r.ms[i].Node; n != grammars.NoNode; n = r.t.Nodes[n].Parent {
			if n == r.ms[j].Node {
				return true
			}
		}
		return false
	}
	return true
}

// A text is rewritten source, with the lines that start inside a token,
// which are never re-indented.
type text struct {
	b      []byte
	frozen []int // offsets in b of those lines' starts, in order
}

// place writes to dst the source from s to e with the matches in it
// rewritten. Those are the outermost of ms[lo:hi] and their subtrees
// that lie in [s, e): a match that only overlaps the range (one that
// holds a capture, say) is not rewritten, but the ones inside it may be.
// A match that starts before what has been written already is never
// taken, so that overlapping matches could not corrupt the output.
func (r *rewriter) place(dst *text, s, e uint32, lo, hi int) {
	at := r.placeIn(dst, s, e, s, lo, hi)
	r.copySource(dst, at, e)
}

// placeIn is place for the matches ms[lo:hi] and what lies inside them,
// from at; it returns how far the source has been written.
func (r *rewriter) placeIn(dst *text, s, e, at uint32, lo, hi int) uint32 {
	for c := lo; c < hi; c = r.next[c] {
		sp := r.replacedSpan(c)
		switch {
		case at <= sp.Start && sp.End <= e:
			r.copySource(dst, at, sp.Start)
			r.rewrite(dst, c)
			at = sp.End
		case sp.Start < e && sp.End > s:
			at = r.placeIn(dst, s, e, at, c+1, r.next[c])
		}
	}
	return at
}

// copySource writes the source from a to e to dst, noting the lines that
// start inside a token.
func (r *rewriter) copySource(dst *text, a, e uint32) {
	if a >= e {
		return
	}
	base := len(dst.b) - int(a)
	dst.b = append(dst.b, r.src[a:e]...)
	k, _ := slices.BinarySearchFunc(r.tokens, a, func(tok grammars.Span, a uint32) int { return cmp.Compare(tok.End, a+1) })
	for ; k < len(r.tokens) && r.tokens[k].Start < e; k++ {
		tok := r.tokens[k]
		for i := max(tok.Start, a); i < min(tok.End, e); i++ {
			if r.src[i] == '\n' && i+1 < tok.End {
				dst.frozen = append(dst.frozen, base+int(i)+1)
			}
		}
	}
}

// A capture is what one metavariable of the template captured in a
// match, rewritten.
type capture struct {
	text
	indent      []byte // of the file line it starts on
	empty       bool   // a $$$ that captured nothing
	lineComment bool   // it ends with a comment that runs to the end of its line
}

// rewrite writes the replacement of match i to dst.
func (r *rewriter) rewrite(dst *text, i int) {
	m := &r.ms[i]
	tmpl := r.template(m)
	caps := make([]capture, len(tmpl.vars))
	for v, tv := range tmpl.vars {
		s, _, e, ok := r.capturedFor(m, v, tv)
		if val, isVal := m.Values[tv.String()]; !ok && isVal {
			caps[v].text.b = append(caps[v].text.b[:0], val...)
			continue
		}
		if !ok {
			caps[v].empty = tv.multi
			continue
		}
		caps[v].indent = r.lineIndent(s)
		caps[v].lineComment = r.lineCommentEnds(e)
		r.place(&caps[v].text, s, e, i+1, r.next[i])
	}
	// The nested matches are written; only now may the scratch be used.
	cut := r.cutLiterals(tmpl, caps)
	sp := r.replacedSpan(i)
	em := emitter{dst: dst, indent: r.lineIndent(sp.Start), eol: r.eol, lineStart: len(dst.b)}
	for k, pc := range tmpl.pieces {
		if pc.v < 0 {
			from := cut[k][0]
			em.literal(pc.lit[from:max(from, cut[k][1])], pc.frozen, from)
			continue
		}
		em.capture(&caps[pc.v].text, caps[pc.v].indent, pc.indent)
		em.open = caps[pc.v].lineComment
	}
	em.finish(r.textFollows(sp.End))
	if !r.done[i] {
		r.done[i] = true
		r.replaced++
	}
}

// captured returns the range of source metavariable v captured in m:
// from s to raw, the end of its last node, or to end, which takes along
// the ; and the line's comment of a statement it ends with; ok is false
// when it captured nothing.
func (r *rewriter) captured(m *Match, v tvar) (s, raw, end uint32, ok bool) {
	if !v.multi {
		n, ok := m.Captures[v.name]
		if !ok {
			return 0, 0, 0, false
		}
		if w, ok := m.Within[v.name]; ok {
			return w.Start, w.End, w.End, true // a string's content
		}
		sp := r.span(n)
		return sp.Start, sp.End, max(sp.End, r.statementEnd(n)), true
	}
	run := m.Multi[v.name]
	if len(run) > 0 && r.isSep(run[0]) {
		run = run[1:]
	}
	if len(run) > 0 && r.isSep(run[len(run)-1]) {
		run = run[:len(run)-1]
	}
	if len(run) == 0 {
		return 0, 0, 0, false
	}
	first, last := r.span(run[0]), r.span(run[len(run)-1])
	raw = max(first.Start, last.End)
	return first.Start, raw, max(raw, r.statementEnd(run[len(run)-1])), true
}

// isSep reports whether tree node n is a "," separator, as in patterns.
func (r *rewriter) isSep(n int32) bool {
	if n < 0 || int(n) >= len(r.t.Nodes) || r.t.Nodes[n].Count != 0 || r.t.Named(n) {
		return false
	}
	sp := r.span(n)
	return string(r.src[sp.Start:sp.End]) == r.t.Lang.Sep()
}

// cutLiterals returns, per piece of the template, the part of its literal
// to write: an empty $$$ takes a comma beside it along (see Template).
func (r *rewriter) cutLiterals(tmpl *Template, caps []capture) [][2]int {
	pieces := tmpl.pieces
	r.cut = slices.Grow(r.cut[:0], len(pieces))[:len(pieces)]
	for k, pc := range pieces {
		r.cut[k] = [2]int{0, len(pc.lit)}
	}
	for k, pc := range pieces {
		if pc.v < 0 || !caps[pc.v].empty {
			continue
		}
		// The comma before, unless an empty run before took it already.
		if pc.before > 0 && r.cut[k-1][0] <= len(pieces[k-1].lit)-pc.before {
			r.cut[k-1][1] = len(pieces[k-1].lit) - pc.before
			continue
		}
		if pc.after > 0 {
			r.cut[k+1][0] = pc.after
		}
	}
	return r.cut
}

// lineIndent returns the spaces and tabs that start the line of off.
func (r *rewriter) lineIndent(off uint32) []byte {
	line, found := slices.BinarySearch(r.lines.starts, off)
	if !found {
		line--
	}
	return leadingBlanks(r.src[r.lines.starts[line]:off])
}

// textFollows reports whether the line goes on with more than blanks
// after off.
func (r *rewriter) textFollows(off uint32) bool {
	rest := r.src[off:]
	rest = rest[len(leadingBlanks(rest)):]
	return len(rest) > 0 && rest[0] != '\n' && rest[0] != '\r'
}

// An emitter writes one replacement: it indents each line after the first
// once it has something besides blanks, and leaves it empty otherwise.
type emitter struct {
	dst       *text
	indent    []byte // the indentation of the line the match starts on
	eol       string // the file's line break
	lineStart int    // where the current line starts in dst.b
	blank     bool   // the current line is not the first and holds only blanks so far
	// open: the line ends in a comment that runs to its end, so code
	// written next starts a new line.
	open bool
}

// write writes b, which has no line break.
func (e *emitter) write(b []byte) {
	if e.open {
		if len(leadingBlanks(b)) == len(b) {
			return // no blanks after the comment
		}
		e.newline(e.eol)
		b = b[len(leadingBlanks(b)):]
	}
	if e.blank && len(leadingBlanks(b)) < len(b) {
		e.indentLine()
	}
	e.dst.b = append(e.dst.b, b...)
}

// indentLine puts the match's indentation before what the current line
// holds so far (blanks only).
func (e *emitter) indentLine() {
	e.blank = false
	n := len(e.indent)
	if n == 0 {
		return
	}
	b := append(e.dst.b, e.indent...)
	copy(b[e.lineStart+n:], b[e.lineStart:len(b)-n])
	copy(b[e.lineStart:], e.indent)
	e.dst.b = b
}

// newline ends the current line with eol.
func (e *emitter) newline(eol string) {
	if e.blank {
		e.dst.b = e.dst.b[:e.lineStart]
	}
	e.dst.b = append(e.dst.b, eol...)
	e.lineStart = len(e.dst.b)
	e.blank, e.open = true, false
}

// literal writes literal template text, with the file's line breaks. A
// line that starts at one of frozen (offsets in the literal that s starts
// at offset base of) is inside a token and takes no indentation.
func (e *emitter) literal(s []byte, frozen []int, base int) {
	pos := base
	for {
		i := bytes.IndexByte(s, '\n')
		if i < 0 {
			e.write(s)
			return
		}
		e.write(s[:i])
		e.newline(e.eol)
		s = s[i+1:]
		pos += i + 1
		if slices.Contains(frozen, pos) {
			e.dst.frozen = append(e.dst.frozen, len(e.dst.b))
			e.blank = false
		}
	}
}

// capture writes captured text c, re-indented: its lines after the first
// lose the blanks of strip they start with (the indentation of the line
// it starts on in the file) and take indent (that of its metavariable's
// template line), except those that start inside a token.
func (e *emitter) capture(c *text, strip, indent []byte) {
	frozen := c.frozen
	for pos := 0; ; {
		end, eol := len(c.b), ""
		if i := bytes.IndexByte(c.b[pos:], '\n'); i >= 0 {
			end, eol = pos+i, "\n"
			if end > pos && c.b[end-1] == '\r' {
				end, eol = end-1, "\r\n"
			}
		}
		for len(frozen) > 0 && frozen[0] < pos {
			frozen = frozen[1:]
		}
		line := c.b[pos:end]
		switch {
		case pos == 0:
			e.write(line)
		case len(frozen) > 0 && frozen[0] == pos, len(line) > 0 && line[0] == '\r':
			// Inside a token, or after a lone \r (an old Mac line break,
			// which the lines here do not split at): left as it is.
			e.dst.frozen = append(e.dst.frozen, len(e.dst.b))
			e.blank = false
			e.dst.b = append(e.dst.b, line...)
		default:
			e.write(indent)
			e.write(trimPrefix(line, strip))
		}
		if eol == "" {
			return
		}
		e.newline(eol)
		pos = end + len(eol)
	}
}

// finish ends the replacement. A last line left blank is indented if the
// file's text goes on after the match on that line.
func (e *emitter) finish(textFollows bool) {
	if !e.blank {
		return
	}
	if textFollows {
		e.indentLine()
		return
	}
	e.dst.b = e.dst.b[:e.lineStart]
}

// trimPrefix removes from line the longest prefix it shares with strip.
func trimPrefix(line, strip []byte) []byte {
	i := 0
	for i < len(line) && i < len(strip) && line[i] == strip[i] {
		i++
	}
	return line[i:]
}

// Replacement returns the text match m of t is replaced by, with its own
// template (Match.Fix): what a rule's rewriter makes of a node.
func Replacement(t *grammars.Tree, m Match) string {
	if m.Fix == nil {
		return ""
	}
	r := newRewriter(t, m.Fix, []Match{m})
	sp := r.replacedSpan(0)
	var out text
	r.place(&out, sp.Start, sp.End, 0, 1)
	return string(out.b)
}
