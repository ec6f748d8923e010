// Package matcher compiles structural patterns and matches them against
// syntax trees: $NAME matches one named node, $_ one named node without
// binding it, $$$NAME and $$$ a run of siblings; a metavariable repeated in
// a pattern must capture the same tokens each time. It sees code only
// through the grammars tree model.
//
// It is the core and works on trees in memory only: compiling patterns
// and filters, matching, locating a match (Locate), and rewriting a tree.
// It reads no file and walks no folder; package search does that, so a
// program that matches trees it holds (a fuzzer, an embedder) links no
// file walker.
package matcher

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/internal/clip"
)

// A Pattern is a compiled pattern: the innermost node of its parsed
// scaffold that spans the fragment exactly.
type Pattern struct {
	Source  string
	Context string // the scaffold that accepted it
	tree    *grammars.Tree
	root    int32
	slots   []slot // the named metavariables, in order of first use
	// A pattern of several statements: the run of siblings it is, under
	// root, and the kinds of node whose children it may match a run of
	// (root's kind and the language's Blocks), by kind.
	seq    []int32
	blocks []bool
	// alts are the pattern's other readings: the same fragment read in a
	// later scaffold whose node is of another kind (a type where the
	// first reading is an expression: Promise<$T>). Find matches every
	// reading.
	alts []*Pattern
	// leftOut names the readings the fragment has that Find does not
	// search (see otherReadings).
	leftOut []string

	// Per node, worked out once by Compile, as matching asks at each step.
	binds   []bool   // its subtree has a named metavariable
	vars    []patVar // the metavariable it stands for, if any
	sep     []bool   // it is a "," separator
	runList []bool   // see isRunList
	// Of the suffix of its parent's child list that the node starts (the
	// lists sequence matching works on): whether it has a named
	// metavariable, and whether it has a $$$ of its own.
	bindsOn, runsOn []bool
	// slotsOn: the slots the suffix binds. A suffix whose slots are all
	// unbound when it is tried fails or not by the pattern and the tree
	// alone, so its failure is remembered.
	slotsOn [][]int32
	// braced: it is a body (of an if, a loop) that may be written with or
	// without the braces of the language's Braces block; bracesKind is
	// that block's kind.
	braced     []bool
	bracesKind grammars.Kind
	// named: by the kind of an abstract declarator, the kind of the
	// declarator with a name it matches (grammars.Language.Abstract).
	named map[grammars.Kind]grammars.Kind
	// declared is the kind of the leaf that is a declarator's name, which
	// an abstract declarator's match sets aside (Language.DeclaredName).
	declared grammars.Kind
	// quotes: by slot, the quotes of a string whose content the
	// metavariable is ('$S'), whose capture is that content.
	quotes map[int32][2]int
}

// Kind is the kind of the pattern's root: a node of another kind never
// matches, unless the root is a metavariable. A sequence's kind is its
// first statement's.
func (p *Pattern) Kind() grammars.Kind { return p.tree.Nodes[p.tops()[0]].Kind }

// IsSequence reports whether the pattern is several statements, which
// match a run of consecutive statements in one block.
func (p *Pattern) IsSequence() bool { return p.seq != nil }

// Tree returns the tree the pattern was read from, its scaffold's, and
// the nodes that are the pattern: one, or a run of statements.
func (p *Pattern) Tree() (*grammars.Tree, []int32) { return p.tree, p.tops() }

// tops returns the pattern's top nodes: its statements, or its root.
func (p *Pattern) tops() []int32 {
	if p.seq != nil {
		return p.seq
	}
	return []int32{p.root}
}

// A patVar is what metavar says of a pattern node.
type patVar struct {
	is, multi bool
	name      bool  // it binds a leaf only: its parent is of a kind in Language.Names
	slot      int32 // index into Pattern.slots; -1 for $_ and $$$, which bind nothing
	// str: a string literal whose content is the metavariable ('$S'),
	// which matches a string of the same kind and quotes and binds its
	// content; open and close are the lengths of its quotes.
	str         bool
	open, close int
}

// A slot is one named metavariable. $A and $$$A are two slots, as they
// are two bindings.
type slot struct {
	name  string
	multi bool
}

// Compile parses pattern in each of the language's scaffolds in turn and
// keeps the first that parses with no error and has a node spanning the
// fragment exactly. A fragment of several lines keeps its relative
// indentation: the indentation common to its lines is removed, and a
// scaffold's Indent is put before each line.
func Compile(l *grammars.Language, pattern string) (*Pattern, error) {
	if err := CheckSize(pattern); err != nil {
		return nil, err
	}
	frag, inside := dedent(l, pattern)
	if frag == "" {
		return nil, fmt.Errorf("empty pattern")
	}
	if isMulti(frag) {
		return nil, fmt.Errorf("pattern %s is only a $$$ metavariable, which would match every run of siblings; give it some code around it", clip.Quote(frag))
	}
	var tried []string
	for _, sc := range l.Scaffolds {
		if !strings.HasPrefix(frag, sc.Lead) {
			continue
		}
		body := indent(frag, sc.Indent, inside)
		src := sc.Prefix + body + sc.Suffix
		t, err := l.ParsePattern([]byte(src))
		if err != nil {
			tried = append(tried, sc.Name+": "+err.Error())
			continue
		}
		if len(t.Errors) > 0 {
			e := *t.Errors[0]
			// Report lines and columns of the fragment.
			if e.Line -= strings.Count(sc.Prefix, "\n"); e.Line >= 1 && e.Column > len(sc.Indent) {
				e.Column -= len(sc.Indent)
			}
			tried = append(tried, fmt.Sprintf("%s: %v", sc.Name, &e))
			continue
		}
		start, end := leafBounds(t, uint32(len(sc.Prefix)+len(sc.Indent)), uint32(len(sc.Prefix)+len(body)))
		if n := innermost(t, start, end); n != grammars.NoNode {
			p := newPattern(frag, sc.Name, t, n)
			p.otherReadings(l, inside)
			return p, nil
		}
		if parent, run := spanningRun(t, start, end); run != nil {
			p := newPattern(frag, sc.Name, t, parent)
			p.sequence(run)
			return p, nil
		}
		tried = append(tried, sc.Name+": no single node spans the pattern")
	}
	return nil, &ContextError{Pattern: frag, Lang: l.ID, Hint: hint(l, frag), Tried: tried}
}

// MaxPatternSize bounds a pattern, a filter's pattern and a rewrite
// template. Each is parsed in every scaffold of every language a search
// may take: a fragment of a megabyte cost seconds and most of a gigabyte
// before it was refused, and no hand-written pattern comes near this.
const MaxPatternSize = 64 << 10

// CheckSize refuses a pattern or template over MaxPatternSize, with the
// error a caller names its argument in.
func CheckSize(s string) error {
	if len(s) > MaxPatternSize {
		return fmt.Errorf("it is %d bytes, over the %d KiB a pattern or a rewrite may take; give a shorter fragment", len(s), MaxPatternSize>>10)
	}
	return nil
}

// readingScaffold names the scaffold whose reading a fragment also gets
// when an earlier one accepted it as another kind of node: a fragment
// that is an expression and a type (Promise<$T>, Vec<$T>, map[$K]$V) is
// searched as both. Other later scaffolds are not tried: dispose(x) at
// Dart's top level is a function's signature, not what was meant.
const readingScaffold = "type"

// otherReadings looks for the type reading of p's fragment: a later
// "type" scaffold of the language that reads it as one node of another
// kind. Where p's own node is of a kind the language lists in
// TypeReadings, that reading is searched too (p.alts); otherwise it is
// left out, and p says so (p.leftOut), so that a search never claims it
// left nothing out.
func (p *Pattern) otherReadings(l *grammars.Language, inside []bool) {
	frag, kind := p.Source, p.tree.Nodes[p.root].Kind
	// A call reads as a type only by accident (grammars.Language.Calls).
	if p.seq != nil || slices.Contains(l.Calls, p.tree.KindName(p.root)) {
		return
	}
	after := false
	for _, sc := range l.Scaffolds {
		if sc.Name == p.Context {
			after = true
			continue
		}
		if !after || sc.Name != readingScaffold || !strings.HasPrefix(frag, sc.Lead) {
			continue
		}
		body := indent(frag, sc.Indent, inside)
		t, err := l.ParsePattern([]byte(sc.Prefix + body + sc.Suffix))
		if err != nil || len(t.Errors) > 0 {
			return
		}
		start, end := leafBounds(t, uint32(len(sc.Prefix)+len(sc.Indent)), uint32(len(sc.Prefix)+len(body)))
		n := innermost(t, start, end)
		if n == grammars.NoNode {
			return
		}
		// A reading of the same kind is the same reading, but where the
		// language lists the kind and the two differ inside: C++'s
		// std::vector<$T> is a qualified name either way, a template
		// type's or a template function's.
		if t.Nodes[n].Kind == kind && (!slices.Contains(l.TypeReadings, p.tree.KindName(p.root)) || sameKinds(t, n, p.tree, p.root)) {
			return
		}
		if slices.Contains(l.TypeReadings, p.tree.KindName(p.root)) {
			p.alts = append(p.alts, newPattern(frag, sc.Name, t, n))
		} else {
			p.leftOut = append(p.leftOut, sc.Name)
		}
		return
	}
}

// sameKinds reports whether the subtrees at a in ta and b in tb hold the
// same kinds in the same order.
func sameKinds(ta *grammars.Tree, a int32, tb *grammars.Tree, b int32) bool {
	if ta.Nodes[a].Kind != tb.Nodes[b].Kind {
		return false
	}
	ca, cb := ta.Children(a), tb.Children(b)
	if len(ca) != len(cb) {
		return false
	}
	for i := range ca {
		if !sameKinds(ta, ca[i], tb, cb[i]) {
			return false
		}
	}
	return true
}

// LeftOut names the readings of the fragment that Find does not search:
// a type reading of a fragment whose first reading is an expression of a
// kind the language does not list in TypeReadings.
func (p *Pattern) LeftOut() []string { return p.leftOut }

// Readings names the scaffolds whose readings of the fragment Find
// matches: the first that accepted it, then any other (see
// otherReadings).
func (p *Pattern) Readings() []string {
	out := []string{p.Context}
	for _, a := range p.alts {
		out = append(out, a.Context)
	}
	return out
}

// dedent drops the blank lines around a fragment, trailing white space,
// and the indentation all its lines share. A line that starts inside a
// token (a multi-line string) is text of that token and kept as it is;
// inside reports those lines of the result, for indent. l may be nil: no
// token is then known.
func dedent(l *grammars.Language, s string) (frag string, inside []bool) {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(s, "\n")
	inside = insideLines(l, s, len(lines))
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" && !inside[0] {
		lines, inside = lines[1:], inside[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" && !inside[len(lines)-1] {
		lines, inside = lines[:len(lines)-1], inside[:len(lines)-1]
	}
	common, first := "", true
	for i, line := range lines {
		if i+1 < len(lines) && inside[i+1] {
			// The line break is in the token: so is the white space before it.
		} else {
			lines[i] = strings.TrimRight(line, " \t")
		}
		if lines[i] == "" || inside[i] {
			continue
		}
		lead := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		if first || len(lead) < len(common) || !strings.HasPrefix(lead, common) {
			common = commonPrefix(common, lead, first)
			first = false
		}
	}
	for i, line := range lines {
		if !inside[i] {
			lines[i] = strings.TrimPrefix(line, common)
		}
	}
	if len(lines) > 0 {
		lines[0] = strings.TrimLeft(lines[0], " \t") // the fragment starts at its first character
	}
	return strings.Join(lines, "\n"), inside
}

// insideLines reports, for each of the n lines of s, whether it starts
// inside a token of l's lexer.
func insideLines(l *grammars.Language, s string, n int) []bool {
	inside := make([]bool, n)
	if l == nil || l.Lex == nil || !strings.Contains(s, "\n") {
		return inside
	}
	toks := l.Lex([]byte(s), true)
	line, ti := 0, 0
	for off := 0; off < len(s); off++ {
		if s[off] != '\n' {
			continue
		}
		line++
		for ti < len(toks) && int(toks[ti].End) <= off {
			ti++
		}
		if ti < len(toks) && int(toks[ti].Start) <= off && !toks[ti].Synthetic {
			inside[line] = true
		}
	}
	return inside
}

// commonPrefix is the longest prefix of a and b; first says a is not set
// yet.
func commonPrefix(a, b string, first bool) string {
	if first {
		return b
	}
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return a[:n]
}

// indent puts prefix before every line of s that is not empty and does
// not start inside a token.
func indent(s, prefix string, inside []bool) string {
	if prefix == "" {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		if line != "" && (i >= len(inside) || !inside[i]) {
			lines[i] = prefix + line
		}
	}
	return strings.Join(lines, "\n")
}

// newPattern works out once what matching asks of each pattern node.
func newPattern(frag, context string, t *grammars.Tree, root int32) *Pattern {
	p := &Pattern{Source: frag, Context: context, tree: t, root: root, binds: bindingNodes(t)}
	p.classify()
	p.lists()
	p.bodies()
	for a, c := range t.Lang.Abstract {
		ak, ok1 := t.Lang.KindByName(a)
		ck, ok2 := t.Lang.KindByName(c)
		if ok1 && ok2 {
			if p.named == nil {
				p.named = map[grammars.Kind]grammars.Kind{}
			}
			p.named[ak] = ck
		}
	}
	if k, ok := t.Lang.KindByName(t.Lang.DeclaredName); ok && p.named != nil {
		p.declared = k
	}
	return p
}

// bodies records the nodes that stand where a statement or a block of
// just it may (see grammars.Language.Braces): the named children of a
// statement of the language's BodyParents that holds no statements list
// of its own, the pattern's root aside, as the root
// matches each statement or block once already. A function's body is
// no statement's: () { $A; } does not match () => a.
func (p *Pattern) bodies() {
	t := p.tree
	l := t.Lang
	k, ok := l.KindByName(l.Braces)
	if l.Braces == "" || !ok {
		return
	}
	lists := map[grammars.Kind]bool{}
	for _, name := range l.Blocks {
		if b, ok := l.KindByName(name); ok {
			lists[b] = true
		}
	}
	parents := map[grammars.Kind]bool{}
	for _, name := range l.BodyParents {
		if b, ok := l.KindByName(name); ok {
			parents[b] = true
		}
	}
	p.bracesKind = k
	p.braced = make([]bool, len(t.Nodes))
	t.Walk(func(n int32) bool {
		if lists[t.Nodes[n].Kind] || !parents[t.Nodes[n].Kind] {
			return true
		}
		for _, c := range t.Children(n) {
			p.braced[c] = c != p.root && t.Named(c) && !p.vars[c].is
		}
		return true
	})
}

// classify records the separators and the metavariables, with a slot for
// each name.
func (p *Pattern) classify() {
	t := p.tree
	p.vars = make([]patVar, len(t.Nodes))
	p.sep = make([]bool, len(t.Nodes))
	slots := map[slot]int32{}
	names := make([]bool, len(t.Lang.Kinds))
	for _, k := range t.Lang.Names {
		if kind, ok := t.Lang.KindByName(k); ok {
			names[kind] = true
		}
	}
	t.Walk(func(n int32) bool {
		p.sep[n] = t.Nodes[n].Count == 0 && !t.Named(n) && t.Text(n) == t.Lang.Sep()
		name, ok, multi := metavar(t, n)
		v := patVar{is: ok, multi: multi, slot: -1}
		if ok && t.Nodes[n].Count == 0 && t.Named(n) {
			if _, open, close, isStr := strVar(t.Text(n)); isStr {
				v.str, v.open, v.close = true, open, close
			}
		}
		defer func() {
			if v.str && v.slot >= 0 {
				if p.quotes == nil {
					p.quotes = map[int32][2]int{}
				}
				p.quotes[v.slot] = [2]int{v.open, v.close}
			}
		}()
		if par := t.Nodes[n].Parent; ok && par != grammars.NoNode {
			v.name = names[t.Nodes[par].Kind]
		}
		if ok && name != "" {
			k := slot{name, multi}
			s, seen := slots[k]
			if !seen {
				s = int32(len(p.slots))
				slots[k] = s
				p.slots = append(p.slots, k)
			}
			v.slot = s
		}
		p.vars[n] = v
		return true
	})
}

// lists records what each child list and each of its suffixes holds.
func (p *Pattern) lists() {
	t := p.tree
	p.runList = make([]bool, len(t.Nodes))
	p.bindsOn = make([]bool, len(t.Nodes))
	p.runsOn = make([]bool, len(t.Nodes))
	p.slotsOn = make([][]int32, len(t.Nodes))
	t.Walk(func(n int32) bool {
		p.runList[n] = p.isRunList(n)
		binds, runs := false, false
		var slots []int32
		kids := t.Children(n)
		for i := len(kids) - 1; i >= 0; i-- {
			c := kids[i]
			binds = binds || p.binds[c]
			runs = runs || p.vars[c].is && p.vars[c].multi
			slots = p.slotsIn(c, slots)
			p.bindsOn[c], p.runsOn[c], p.slotsOn[c] = binds, runs, slices.Clip(slots)
		}
		return true
	})
}

// slotsIn adds the slots of pattern node n's subtree to slots, once each.
func (p *Pattern) slotsIn(n int32, slots []int32) []int32 {
	if v := p.vars[n]; v.is && v.slot >= 0 && !slices.Contains(slots, v.slot) {
		slots = append(slots, v.slot)
	}
	for _, c := range p.tree.Children(n) {
		slots = p.slotsIn(c, slots)
	}
	return slots
}

// isRunList reports whether pattern node n is a list whose only tokens
// of its own are separators, with a $$$ run among its elements.
func (p *Pattern) isRunList(n int32) bool {
	run := false
	for _, c := range p.tree.Children(n) {
		if p.tree.Nodes[c].Count == 0 && !p.tree.Named(c) && !p.sep[c] {
			return false
		}
		if p.vars[c].is && p.vars[c].multi {
			run = true
		}
	}
	return run
}

// spanningRun returns the deepest node with a run of two or more named
// children, one after the other, that together span exactly [start, end),
// and that run: the statements of a pattern of several.
func spanningRun(t *grammars.Tree, start, end uint32) (int32, []int32) {
	n := t.Root
	for {
		kids := t.Children(n)
		first := -1
		for i, c := range kids {
			cn := t.Nodes[c]
			if cn.Start == start && first < 0 {
				first = i
			}
			if first >= 0 && !t.Named(c) {
				break
			}
			if first >= 0 && cn.End == end && i > first {
				return n, kids[first : i+1]
			}
		}
		next := grammars.NoNode
		for _, c := range kids {
			cn := t.Nodes[c]
			if cn.Start <= start && end <= cn.End && cn.End > cn.Start {
				next = c
				break
			}
		}
		if next == grammars.NoNode {
			return grammars.NoNode, nil
		}
		n = next
	}
}

// sequence makes p the pattern of the statements run, which must match a
// run of siblings of a block.
func (p *Pattern) sequence(run []int32) {
	p.seq = run
	l := p.tree.Lang
	p.blocks = make([]bool, len(l.Kinds))
	p.blocks[p.tree.Nodes[p.root].Kind] = true
	for _, name := range l.Blocks {
		if k, ok := l.KindByName(name); ok {
			p.blocks[k] = true
		}
	}
}

// innermost returns the deepest node whose range is exactly [start, end).
// leafBounds narrows [start, end) to the leaves inside it: a terminator
// the grammar keeps no leaf of (the ; of foo(); in Go, JavaScript, Python
// and Rust) does not keep the statement from spanning the pattern.
func leafBounds(t *grammars.Tree, start, end uint32) (uint32, uint32) {
	first, last := end, start
	t.Walk(func(n int32) bool {
		nd := t.Nodes[n]
		if nd.End <= start || nd.Start >= end {
			return false
		}
		if nd.Count == 0 && nd.End > nd.Start && nd.Start >= start && nd.End <= end {
			first, last = min(first, nd.Start), max(last, nd.End)
		}
		return true
	})
	if first >= last {
		return start, end
	}
	return first, last
}

// innermost returns the deepest node that spans start to end exactly, but
// no keyword's leaf below a node of the same span: break; is the break
// statement, not the keyword, which a #define's body holds as a token and
// return x; holds too.
func innermost(t *grammars.Tree, start, end uint32) int32 {
	found := grammars.NoNode
	n := t.Root
	for {
		nd := t.Nodes[n]
		if nd.Start == start && nd.End == end && (found == grammars.NoNode || nd.Count > 0 || t.Named(n)) {
			found = n
		}
		next := grammars.NoNode
		for _, c := range t.Children(n) {
			cn := t.Nodes[c]
			if cn.Start <= start && end <= cn.End {
				next = c
				break
			}
		}
		if next == grammars.NoNode {
			return found
		}
		n = next
	}
}

// metavar classifies a pattern node: its name ("" for $_ and $$$), whether
// it is a metavariable, and whether it matches a run ($$$). A production
// that holds nothing but a metavariable is that metavariable: the struct
// field of struct { $$$F } or the parameter of func f($P) stands for what
// the metavariable matches, not for a field or parameter made of one
// node.
func metavar(t *grammars.Tree, n int32) (name string, ok, multi bool) {
	for t.Nodes[n].Count == 1 {
		n = t.Children(n)[0]
	}
	if t.Nodes[n].Count != 0 || !t.Named(n) {
		return "", false, false
	}
	name, multi, ok = grammars.Metavar(t.Text(n))
	if !ok {
		name, _, _, ok = strVar(t.Text(n))
	}
	return name, ok, multi
}

// strVar reads a string literal's text whose content is one metavariable
// ('$S', `$TAG`, f"$X", r#"$X"#): its name and its quotes' lengths. The
// quotes are what comes before the $, ending with a quote mark, and what
// comes after the name, starting with one.
func strVar(text string) (name string, open, close int, ok bool) {
	i := strings.IndexByte(text, '$')
	if i < 1 || !isQuote(text[i-1]) {
		return "", 0, 0, false
	}
	n := grammars.MetavarLen(text[i:])
	if n == 0 || i+n >= len(text) || !isQuote(text[i+n]) {
		return "", 0, 0, false
	}
	name, multi, ok := grammars.Metavar(text[i : i+n])
	if !ok || multi {
		return "", 0, 0, false
	}
	return name, i, len(text) - i - n, true
}

func isQuote(c byte) bool { return c == '\'' || c == '"' || c == '`' }

// isMulti reports whether a fragment is nothing but a $$$ metavariable.
func isMulti(frag string) bool { return grammars.IsRunMetavar(frag) }

// bindingNodes marks the nodes whose subtree holds a named metavariable.
func bindingNodes(t *grammars.Tree) []bool {
	binds := make([]bool, len(t.Nodes))
	var mark func(n int32) bool
	mark = func(n int32) bool {
		if name, ok, _ := metavar(t, n); ok {
			binds[n] = name != ""
			return binds[n]
		}
		any := false
		for _, c := range t.Children(n) {
			if mark(c) {
				any = true
			}
		}
		binds[n] = any
		return any
	}
	mark(t.Root)
	return binds
}
