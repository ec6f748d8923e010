package fuzz

import (
	"context"
	"flag"
	"fmt"
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/golang"
	"github.com/agenttools/agenttools/grammars/python"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/search"
)

// maxInput bounds the inputs the targets look at: the properties are
// about structure, which small inputs show, and a bound keeps each
// execution fast.
const maxInput = 16 << 10

// watch fails an input that takes more than a second, while fuzzing
// only: a seed replayed by go test on a loaded machine is not timed. An
// input that hangs never returns to be timed, so the watchdog panics,
// which makes the fuzzing engine keep the input as a crasher.
func watch(t *testing.T) (stop func()) {
	t.Helper()
	if fl := flag.Lookup("test.fuzz"); fl == nil || fl.Value.String() == "" {
		return func() {}
	}
	start := time.Now()
	dog := time.AfterFunc(10*time.Second, func() {
		panic("one input has run for 10s: something is exponential")
	})
	return func() {
		dog.Stop()
		if d := time.Since(start); d > time.Second {
			t.Fatalf("one input took %v: something is exponential", d)
		}
	}
}

// A lang is a grammar with what the targets need to know of it.
type lang struct {
	l *grammars.Language
	// semis: semicolons, written or not, end statements and are not
	// compared (a written ";" matches a line break): Go, Python and the
	// JavaScript dialects, none of which keeps a written ";" as a leaf.
	semis bool
	ext   string
	// seeds are the files the seeds are cut from, relative to this
	// folder or absolute; starts, the line starts a seed may be cut at;
	// header, what each seed is put after (Go's package clause).
	seeds  []string
	starts []string
	header string
	// memberCommas: a , that ends a member of a type or interface body
	// is a terminator, no leaf, as ; is (TypeScript).
	memberCommas bool
	// contextual are words whose reading depends on the function around
	// them (JavaScript's await and yield are operators in an async
	// function or generator and identifiers elsewhere), so a node's text
	// holding one may parse, alone as a pattern, as another tree.
	contextual []string
	// tokenNodes are the kinds of nodes that are one token of the lexer,
	// taken apart by the parser (Python's f_string).
	tokenNodes []string
	// trivia: some of the lexer's tokens are trivia, in the tree's
	// Trivia and no leaves, as a comment is: C's directive lines that no
	// list took and the branches of a conditional no compiler takes
	// (#if 0, #ifdef __cplusplus). Which are depends on the parse, so a
	// pattern's are those of its parse in the scaffold that took it.
	trivia bool
	// typeNames returns the names a file has made types, which a
	// pattern alone does not know (C's typedef names), so a node's text
	// holding one may parse, alone as a pattern, as another tree.
	typeNames func(tree *grammars.Tree) []string
	// listRead are the kinds of nodes whose children are read as items
	// of the list the node stands in (C's preproc_if among enumerators,
	// fields, initializers or statements): one alone as a pattern is
	// read in the first scaffold that takes it, whose list may be
	// another, so it may hold other items than the node it was made
	// from (enumerators as initializers, fields as declarations).
	listRead []string
	// openEnd reports whether n's text ends with a statement whose ; is
	// no part of it, which the text alone may read as another statement:
	// C reads a call or a name with no ; after it, at a line's end, as a
	// macro standing for a statement.
	openEnd func(tree *grammars.Tree, n int32) bool
	// dollarNames: $ is a letter of names (GNU C), so a file's name may
	// be spelled as what a pattern reads as a metavariable: $A0a is one
	// name in a file, and $A0 and a in a pattern.
	// contextLeaves are the kinds of leaves only a context makes, which
	// a pattern alone reads as another kind: a struct's field_identifier
	// is an identifier in the pattern B[], and so is the
	// namespace_identifier of namespace A = ::B; in ::B. A node that
	// holds one need not match the pattern of its own text.
	contextLeaves []string
	dollarNames   bool
}

// inTrivia reports whether sp lies inside one of the spans of trivia.
func inTrivia(trivia []grammars.Span, sp grammars.Span) bool {
	return slices.ContainsFunc(trivia, func(tr grammars.Span) bool { return tr.Start <= sp.Start && sp.End <= tr.End })
}

// patternTokens returns the tokens of pattern that a match spells: all
// its lexer's, but for a language with trivia those of its parse in the
// scaffold named context, trivia left out.
func (lg lang) patternTokens(pattern, context string) []grammars.Token {
	if !lg.trivia {
		return lg.l.Lex([]byte(pattern), true)
	}
	i := slices.IndexFunc(lg.l.Scaffolds, func(sc grammars.Scaffold) bool { return sc.Name == context })
	if i < 0 {
		return lg.l.Lex([]byte(pattern), true)
	}
	sc := lg.l.Scaffolds[i]
	src := []byte(sc.Prefix + pattern + sc.Suffix)
	tree, err := lg.l.ParsePattern(src)
	if err != nil {
		return nil
	}
	from, to := uint32(len(sc.Prefix)), uint32(len(sc.Prefix)+len(pattern))
	var out []grammars.Token
	for _, tok := range lg.l.Lex(src, true) {
		if tok.Start < from || tok.End > to || inTrivia(tree.Trivia, tok.Span) {
			continue
		}
		tok.Start, tok.End = tok.Start-from, tok.End-from
		out = append(out, tok)
	}
	return out
}

// leaves returns n's leaves in file order, but a node of one of
// lg.tokenNodes as one leaf, as the lexer reads it.
func (lg lang) leaves(tree *grammars.Tree, n int32) []int32 {
	var out []int32
	var walk func(k int32)
	walk = func(k int32) {
		if tree.IsLeaf(k) || slices.Contains(lg.tokenNodes, tree.KindName(k)) {
			out = append(out, k)
			return
		}
		for _, c := range tree.Children(k) {
			walk(c)
		}
	}
	walk(n)
	return out
}

// holdsContextLeaf reports whether node n holds a leaf of one of
// lg.contextLeaves.
func (lg lang) holdsContextLeaf(tree *grammars.Tree, n int32) bool {
	if len(lg.contextLeaves) == 0 {
		return false
	}
	return slices.ContainsFunc(lg.leaves(tree, n), func(k int32) bool { return slices.Contains(lg.contextLeaves, tree.KindName(k)) })
}

// contextualIn reports whether text holds one of lg's contextual words,
// or one of more.
func (lg lang) contextualIn(text string, more ...string) bool {
	words := strings.FieldsFunc(text, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '$'
	})
	return slices.ContainsFunc(words, func(w string) bool { return slices.Contains(lg.contextual, w) || slices.Contains(more, w) })
}

// fileTypes returns the names tree has made types (lang.typeNames).
func (lg lang) fileTypes(tree *grammars.Tree) []string {
	if lg.typeNames == nil {
		return nil
	}
	return lg.typeNames(tree)
}

var (
	goLang = lang{l: golang.Language, semis: true, ext: ".go",
		seeds:  append([]string{"../grammars/golang/testdata/forms.go", "../testdata/debug/go/main.go", "../testdata/debug/spin/main.go"}, goroot("strings/strings.go", "sort/sort.go", "errors/wrap.go", "bufio/scan.go", "encoding/json/scanner.go")...),
		starts: []string{"func ", "type ", "var ", "const "}, header: "package p\n\n"}
	pyLang = lang{l: python.Language, semis: true, ext: ".py", tokenNodes: []string{"f_string"},
		seeds:  []string{"../grammars/python/testdata/forms.py", "../matcher/oracle/testdata/pyoracle.py", "../testdata/debug/python/main.py", "../interp/python/driver.py"},
		starts: []string{"def ", "class ", "@", "async def "}}
)

// goroot returns the paths of files of the Go standard library.
func goroot(paths ...string) []string {
	for i, p := range paths {
		paths[i] = filepath.Join(build.Default.GOROOT, "src", p)
	}
	return paths
}

// seeds are snippets of real code: the grammars' own test files and, for
// Go, some of the standard library, cut into pieces of a few KB.
func seeds(f *testing.F, lg lang) [][]byte {
	var out [][]byte
	for _, name := range lg.seeds {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Logf("seed %s: %v", name, err)
			continue
		}
		out = append(out, chunks(string(b), lg)...)
	}
	if len(out) == 0 {
		f.Fatal("no seed files")
	}
	return out
}

// chunks cuts a file at top-level declarations into pieces of at least
// 1.5 KB; each piece starts with the language's header.
func chunks(src string, lg lang) [][]byte {
	starts := lg.starts
	var out [][]byte
	var cur strings.Builder
	flush := func() {
		if cur.Len() == 0 {
			return
		}
		s := cur.String()
		if lg.header != "" && !strings.HasPrefix(s, strings.Fields(lg.header)[0]+" ") {
			s = lg.header + s
		}
		out = append(out, []byte(s))
		cur.Reset()
	}
	for _, line := range strings.SplitAfter(src, "\n") {
		top := slices.ContainsFunc(starts, func(p string) bool { return strings.HasPrefix(line, p) })
		if top && cur.Len() >= 1500 {
			flush()
		}
		cur.WriteString(line)
	}
	flush()
	return out
}

// checkTree checks that the tree covers the source, that every node lies
// inside its parent and after its elder sibling, and, when the tree has
// no errors, that its leaves are the lexer's tokens.
func checkTree(t *testing.T, lg lang, tree *grammars.Tree, src []byte, pattern bool) {
	t.Helper()
	root := tree.Nodes[tree.Root]
	if root.Start != 0 || root.End != uint32(len(src)) {
		t.Fatalf("root spans %d..%d, the source 0..%d", root.Start, root.End, len(src))
	}
	if bad := tree.Misplaced(1); len(bad) > 0 {
		t.Fatalf("%s in:\n%s", bad[0], tree.Sexp(tree.Root))
	}
	if len(tree.Errors) > 0 {
		return
	}
	var want, got []grammars.Span
	synthetic := map[grammars.Span]bool{}
	for _, tok := range lg.l.Lex(src, pattern) {
		if tok.Synthetic {
			synthetic[tok.Span] = true
		} else if lg.trivia && inTrivia(tree.Trivia, tok.Span) {
			continue
		} else if tok.End > tok.Start {
			want = append(want, tok.Span)
		}
	}
	for _, n := range lg.leaves(tree, tree.Root) {
		sp := grammars.Span{Start: tree.Nodes[n].Start, End: tree.Nodes[n].End}
		if sp.End > sp.Start && !synthetic[sp] {
			got = append(got, sp)
		}
	}
	// Statement separators may be left out of the tree: a written ";"
	// is the same as a line break, which is no leaf either.
	i, j := 0, 0
	for i < len(want) {
		switch {
		case j < len(got) && want[i] == got[j]:
			i, j = i+1, j+1
		case string(src[want[i].Start:want[i].End]) == ";",
			lg.memberCommas && string(src[want[i].Start:want[i].End]) == "," && (j >= len(got) || got[j].Start > want[i].Start):
			i++
		default:
			leaf := "(none)"
			if j < len(got) {
				leaf = fmt.Sprintf("%q at %d..%d", src[got[j].Start:got[j].End], got[j].Start, got[j].End)
			}
			t.Fatalf("the leaves are not the lexer's tokens: token %q at %d..%d, leaf %s", src[want[i].Start:want[i].End], want[i].Start, want[i].End, leaf)
		}
	}
	if j < len(got) {
		t.Fatalf("leaf %q at %d..%d is no token of the lexer", src[got[j].Start:got[j].End], got[j].Start, got[j].End)
	}
}

func fuzzParse(f *testing.F, lg lang) {
	for _, s := range seeds(f, lg) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > maxInput {
			return
		}
		defer watch(t)()
		for _, pattern := range []bool{false, true} {
			parse := lg.l.Parse
			if pattern {
				parse = lg.l.ParsePattern
			}
			tree, err := parse(src)
			if err != nil {
				t.Fatalf("no tree: %v", err)
			}
			checkTree(t, lg, tree, src, pattern)
		}
	})
}

func FuzzParseGo(f *testing.F)     { fuzzParse(f, goLang) }
func FuzzParsePython(f *testing.F) { fuzzParse(f, pyLang) }

func fuzzCompile(f *testing.F, lg lang, extra ...string) {
	for _, s := range append([]string{"$X", "$$$", "f($$$ARGS)", "$A.$B($$$)", "$_ = $X", "{ $$$B }", "\t$X\n\t$Y", "$$$A, $B"}, extra...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		if len(pattern) > maxInput {
			return
		}
		defer watch(t)()
		p, err := matcher.Compile(lg.l, pattern)
		if (p == nil) == (err == nil) {
			t.Fatalf("Compile(%q) = %v, %v: want a pattern or an error", pattern, p, err)
		}
	})
}

func FuzzCompileGo(f *testing.F) {
	fuzzCompile(f, goLang, "if err != nil { return $$$R }", "func $F($$$P) $R { $$$B }", "case $X:", "x := <-$C", "type $T struct { $$$F }")
}

func FuzzCompilePython(f *testing.F) {
	fuzzCompile(f, pyLang, "def $F($$$P):\n    $$$B", "isinstance($X, $T)", "with $A as $B:\n    $$$", "f'{$X}'", "lambda $X: $Y", "class $C($$$B):\n    pass")
}

// nodeWords returns the texts of the tokens of the subtree at n that the
// matcher compares: non-empty, written (not synthetic), and no semicolons
// where the language lets a line break stand for one.
func (lg lang) nodeWords(tree *grammars.Tree, synthetic map[grammars.Span]bool, n int32) []string {
	var out []string
	for _, k := range lg.leaves(tree, n) {
		nd := tree.Nodes[k]
		if nd.End > nd.Start && !synthetic[grammars.Span{Start: nd.Start, End: nd.End}] && !(lg.semis && tree.KindName(k) == ";") {
			out = append(out, tree.Text(k))
		}
	}
	return out
}

// spelled returns the words a match of pattern must have: the pattern's
// own tokens, with each metavariable replaced by the words of what it
// captured. ok is false when the pattern has an anonymous wildcard, which
// captures nothing to compare.
func (lg lang) spelled(tree *grammars.Tree, synthetic map[grammars.Span]bool, pattern, context string, m matcher.Match) (words []string, ok bool) {
	for _, tok := range lg.patternTokens(pattern, context) {
		if tok.Synthetic || tok.End == tok.Start {
			continue
		}
		text := pattern[tok.Start:tok.End]
		if lg.semis && text == ";" {
			continue
		}
		name, multi, ok := grammars.Metavar(text)
		if !ok && len(lg.tokenNodes) > 0 && strings.Contains(text, "$") {
			return nil, false // a token the parser takes apart may hold metavariables
		}
		if !ok {
			words = append(words, text)
			continue
		}
		if name == "" {
			return nil, false
		}
		if multi {
			run, found := m.Multi[name]
			if !found {
				return nil, false
			}
			for _, k := range run {
				words = append(words, lg.nodeWords(tree, synthetic, k)...)
			}
			continue
		}
		k, found := m.Captures[name]
		if !found {
			return nil, false
		}
		words = append(words, lg.nodeWords(tree, synthetic, k)...)
	}
	return words, true
}

// trailingCommas drops the commas that close a list: f(a,) is f(a), in
// Go and Python alike, and the matcher treats them so.
func trailingCommas(words []string) []string {
	out := words[:0:0]
	for i, w := range words {
		if w == "," && i+1 < len(words) && (words[i+1] == ")" || words[i+1] == "]" || words[i+1] == "}") {
			continue
		}
		out = append(out, w)
	}
	return out
}

// equalButCommas reports whether want is got with commas added.
func equalButCommas(want, got []string) bool {
	j := 0
	for _, w := range want {
		switch {
		case j < len(got) && w == got[j]:
			j++
		case w != ",":
			return false
		}
	}
	return j == len(got)
}

// chars splits words into their characters, for comparing text whose
// words the two sides split differently.
func chars(words []string) []string {
	var out []string
	for _, w := range words {
		for _, r := range w {
			out = append(out, string(r))
		}
	}
	return out
}

// syntheticSpans returns the spans of the tokens the lexer made up.
func syntheticSpans(lg lang, src []byte) map[grammars.Span]bool {
	out := map[grammars.Span]bool{}
	for _, tok := range lg.l.Lex(src, false) {
		if tok.Synthetic {
			out[tok.Span] = true
		}
	}
	return out
}

// checkMatches checks every match of pattern in tree: inside the file,
// and spelling the pattern. It returns the matches.
func checkMatches(t *testing.T, lg lang, tree *grammars.Tree, synthetic map[grammars.Span]bool, pattern string, p *matcher.Pattern) []matcher.Match {
	t.Helper()
	ms := p.Find(tree)
	for _, m := range ms {
		sp := m.Span(tree)
		if sp.End > uint32(len(tree.Src)) || sp.Start > sp.End {
			t.Fatalf("pattern %q matched %d..%d, outside the file of %d bytes", pattern, sp.Start, sp.End, len(tree.Src))
		}
		want, ok := lg.spelled(tree, synthetic, pattern, p.Context, m)
		if !ok {
			continue
		}
		if lg.memberCommas {
			// A , that ends a type member is no leaf, so the pattern's
			// words may have commas the match's leaves have not. And the
			// lexer reads in the parser's context (a JSX name takes -,
			// as in data-x) while Lex reads the pattern alone, so its
			// words may split what one leaf holds: then the text counts.
			got := lg.matchWords(tree, synthetic, m)
			if w, g := trailingCommas(want), trailingCommas(got); !equalButCommas(w, g) && !equalButCommas(chars(w), chars(g)) {
				t.Fatalf("pattern %q matched %q, which does not spell it:\nwant %q\ngot  %q", pattern, matchText(tree, m), want, got)
			}
			continue
		}
		got := lg.matchWords(tree, synthetic, m)
		if lg.l.Braces != "" {
			// A body matches with or without the braces of a block of
			// one statement (grammars.Language.Braces): the words count
			// without braces.
			want, got = unbraced(want), unbraced(got)
		}
		if !slices.Equal(trailingCommas(want), trailingCommas(got)) && !lg.namesSetAside(tree, synthetic, m, want) {
			t.Fatalf("pattern %q matched %q (%s at %d..%d), which does not spell it:\nwant %q\ngot  %q",
				pattern, matchText(tree, m), tree.KindName(m.Node), sp.Start, sp.End, want, got)
		}
	}
	return ms
}

// namesSetAside reports whether the match spells want once the names
// its declarators declare are left out: a pattern's abstract declarator
// matches a named one, the name set aside (Language.DeclaredName: the
// type struct $S * matches the parameter struct foo *p).
func (lg lang) namesSetAside(tree *grammars.Tree, synthetic map[grammars.Span]bool, m matcher.Match, want []string) bool {
	if lg.l.DeclaredName == "" || m.Run != nil {
		return false
	}
	var got []string
	for _, k := range lg.leaves(tree, m.Node) {
		nd := tree.Nodes[k]
		if nd.End == nd.Start || synthetic[grammars.Span{Start: nd.Start, End: nd.End}] || lg.semis && tree.KindName(k) == ";" {
			continue
		}
		if tree.KindName(k) == lg.l.DeclaredName && strings.HasSuffix(tree.KindName(tree.Nodes[k].Parent), "declarator") {
			continue
		}
		got = append(got, tree.Text(k))
	}
	return slices.Equal(trailingCommas(want), trailingCommas(got))
}

// unbraced returns words without the { and } among them.
func unbraced(words []string) []string {
	var out []string
	for _, w := range words {
		if w != "{" && w != "}" {
			out = append(out, w)
		}
	}
	return out
}

// matchWords is nodeWords for a match, which may be a run of statements.
func (lg lang) matchWords(tree *grammars.Tree, synthetic map[grammars.Span]bool, m matcher.Match) []string {
	if m.Run == nil {
		return lg.nodeWords(tree, synthetic, m.Node)
	}
	var out []string
	for _, n := range m.Run {
		out = append(out, lg.nodeWords(tree, synthetic, n)...)
	}
	return out
}

// matchText is the source text of a match.
func matchText(tree *grammars.Tree, m matcher.Match) string {
	sp := m.Span(tree)
	return string(tree.Src[sp.Start:sp.End])
}

// namedNodes returns the named nodes of a tree with some text, in order.
func namedNodes(tree *grammars.Tree, under int32) []int32 {
	var out []int32
	var walk func(k int32)
	walk = func(k int32) {
		nd := tree.Nodes[k]
		if tree.Named(k) && nd.End > nd.Start {
			out = append(out, k)
		}
		for _, c := range tree.Children(k) {
			walk(c)
		}
	}
	walk(under)
	return out
}

// sameSpanKinds returns the kinds of the nodes spanning exactly n's range.
func sameSpanKinds(tree *grammars.Tree, n int32) []grammars.Kind {
	nd := tree.Nodes[n]
	var out []grammars.Kind
	for k := n; k != grammars.NoNode && tree.Nodes[k].Start == nd.Start && tree.Nodes[k].End == nd.End; k = tree.Nodes[k].Parent {
		out = append(out, tree.Nodes[k].Kind)
	}
	var down func(k int32)
	down = func(k int32) {
		for _, c := range tree.Children(k) {
			if tree.Nodes[c].Start == nd.Start && tree.Nodes[c].End == nd.End {
				out = append(out, tree.Nodes[c].Kind)
				down(c)
			}
		}
	}
	down(n)
	return out
}

// parseClean parses src and returns its tree when it has no errors.
func parseClean(lg lang, src []byte) *grammars.Tree {
	if len(src) > maxInput {
		return nil
	}
	tree, err := lg.l.Parse(src)
	if err != nil || len(tree.Errors) > 0 {
		return nil
	}
	return tree
}

// pick returns the node a target works on and, when it has named
// descendants, one of them; the pattern with that descendant replaced by
// $A.
func pick(tree *grammars.Tree, at, sub uint16) (n, d int32, exact, withVar string) {
	nodes := namedNodes(tree, tree.Root)
	if len(nodes) == 0 {
		return grammars.NoNode, grammars.NoNode, "", ""
	}
	n = nodes[int(at)%len(nodes)]
	nd := tree.Nodes[n]
	exact = string(tree.Src[nd.Start:nd.End])
	d = grammars.NoNode
	if desc := namedNodes(tree, n)[1:]; len(desc) > 0 {
		d = desc[int(sub)%len(desc)]
		dd := tree.Nodes[d]
		if dd.Start > nd.Start || dd.End < nd.End {
			withVar = string(tree.Src[nd.Start:dd.Start]) + "$A" + string(tree.Src[dd.End:nd.End])
		}
	}
	return n, d, exact, withVar
}

func fuzzMatch(f *testing.F, lg lang) {
	for i, s := range seeds(f, lg) {
		f.Add(s, uint16(i*7), uint16(i*3))
	}
	f.Fuzz(func(t *testing.T, src []byte, at, sub uint16) {
		defer watch(t)() // the parse too: a slow one is what to find
		tree := parseClean(lg, src)
		if tree == nil {
			return
		}
		synthetic := syntheticSpans(lg, src)
		n, _, exact, withVar := pick(tree, at, sub)
		if n == grammars.NoNode {
			return
		}
		nd := tree.Nodes[n]
		if p, err := matcher.Compile(lg.l, exact); err == nil {
			ms := checkMatches(t, lg, tree, synthetic, exact, p)
			// A node of the pattern's kind with the pattern's text is a
			// match.
			if !p.IsSequence() && !lg.contextualIn(exact, lg.fileTypes(tree)...) && !slices.Contains(lg.listRead, lg.l.Kinds[p.Kind()].Name) && (lg.openEnd == nil || !lg.openEnd(tree, n)) && !(lg.dollarNames && strings.Contains(exact, "$")) && !lg.holdsContextLeaf(tree, n) && slices.Contains(sameSpanKinds(tree, n), p.Kind()) && !slices.ContainsFunc(ms, func(m matcher.Match) bool {
				return tree.Nodes[m.Node].Start == nd.Start && tree.Nodes[m.Node].End == nd.End
			}) {
				t.Fatalf("pattern %q (a %s, from %s) does not match the node it was made from at %d..%d", exact, lg.l.Kinds[p.Kind()].Name, p.Context, nd.Start, nd.End)
			}
		}
		if withVar != "" {
			if p, err := matcher.Compile(lg.l, withVar); err == nil {
				checkMatches(t, lg, tree, synthetic, withVar, p)
			}
		}
	})
}

func FuzzMatchGo(f *testing.F)     { fuzzMatch(f, goLang) }
func FuzzMatchPython(f *testing.F) { fuzzMatch(f, pyLang) }

// unifyPairs are patterns that use a metavariable twice, each with its
// twin that names the second use apart ("" when there is none).
var unifyPairs = map[*grammars.Language][][2]string{
	golang.Language: {
		{"$X == $X", "$X == $Y"}, {"$X = $X", "$X = $Y"}, {"f($X, $X)", "f($X, $Y)"},
		{"$X.$F($X)", "$X.$F($Y)"}, {"$X[$X]", "$X[$Y]"}, {"$X != $X", "$X != $Y"},
		{"append($$$A, $$$A)", ""}, {"if $C { $$$B } else { $$$B }", ""},
	},
	python.Language: {
		{"$X == $X", "$X == $Y"}, {"$X = $X", "$X = $Y"}, {"f($X, $X)", "f($X, $Y)"},
		{"$X.$F($X)", "$X.$F($Y)"}, {"$X[$X]", "$X[$Y]"}, {"$X is $X", "$X is $Y"},
		{"[$$$A, $$$A]", ""}, {"if $C:\n    $$$B\nelse:\n    $$$B", ""},
	},
}

func fuzzUnify(f *testing.F, lg lang, extra ...string) {
	for _, s := range seeds(f, lg) {
		f.Add(s, uint8(0))
	}
	for i, s := range extra {
		f.Add([]byte(s), uint8(i))
	}
	pairs := unifyPairs[lg.l]
	compiled := make([][2]*matcher.Pattern, len(pairs))
	for i, pr := range pairs {
		for j, s := range pr {
			if s == "" {
				continue
			}
			p, err := matcher.Compile(lg.l, s)
			if err != nil {
				f.Fatalf("%q: %v", s, err)
			}
			compiled[i][j] = p
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, which uint8) {
		defer watch(t)() // the parse too: a slow one is what to find
		tree := parseClean(lg, src)
		if tree == nil {
			return
		}
		synthetic := syntheticSpans(lg, src)
		i := int(which) % len(pairs)
		same, twin := compiled[i][0], compiled[i][1]
		ms := checkMatches(t, lg, tree, synthetic, pairs[i][0], same)
		if twin != nil {
			// Every match of the twin whose two captures are the same
			// tokens is a match of the pattern.
			for _, m := range checkMatches(t, lg, tree, synthetic, pairs[i][1], twin) {
				x, y := lg.nodeWords(tree, synthetic, m.Captures["X"]), lg.nodeWords(tree, synthetic, m.Captures["Y"])
				if !slices.Equal(x, y) {
					continue
				}
				if !slices.ContainsFunc(ms, func(o matcher.Match) bool { return o.Node == m.Node }) {
					t.Fatalf("%q does not match %q, where $X and $Y are both %q", pairs[i][0], tree.Text(m.Node), x)
				}
			}
		}
	})
}

func FuzzUnifyGo(f *testing.F) {
	fuzzUnify(f, goLang,
		"package p\nvar _ = a.b == a.b || a.b == a.c\n",
		"package p\nfunc f() { x = x; y = z; f(g(1), g(1)); f(g(1), g(2)) }\n",
		"package p\nvar _ = s.get(s) + m[m] + t.get(u)\n",
		"package p\nvar _ = append(a, b, a, b)\n",
		"package p\nfunc f() { if c { x() } else { x() } }\n")
}

func FuzzUnifyPython(f *testing.F) {
	fuzzUnify(f, pyLang,
		"a.b == a.b or a.b == a.c\n",
		"x = x\ny = z\nf(g(1), g(1))\nf(g(1), g(2))\n",
		"s.get(s) + m[m] + t.get(u)\n",
		"[a, b, a, b]\n",
		"if c:\n    x()\nelse:\n    x()\n")
}

func fuzzRewrite(f *testing.F, lg lang) {
	for i, s := range seeds(f, lg) {
		f.Add(s, uint16(i*5), uint16(i), "")
	}
	f.Add(seeds(f, lg)[0], uint16(3), uint16(1), "$A(")
	f.Fuzz(func(t *testing.T, src []byte, at, sub uint16, template string) {
		defer watch(t)() // the parse too: a slow one is what to find
		tree := parseClean(lg, src)
		if tree == nil || len(template) > maxInput {
			return
		}
		n, d, exact, withVar := pick(tree, at, sub)
		if n == grammars.NoNode {
			return
		}
		pattern := withVar
		if pattern == "" || strings.Count(pattern, "$A") != 1 {
			pattern, d = exact, grammars.NoNode
		}
		p, err := matcher.Compile(lg.l, pattern)
		if err != nil {
			return
		}
		// The pattern as its own template changes nothing, wherever each
		// match's text is the pattern with its capture put in, on a line
		// indented as the node's. A template's lines after the first are
		// indented relative to the match's line, so the node's indentation
		// comes off them, except inside a multi-line token.
		ind := lineIndent(src, tree.Nodes[n].Start)
		if self, ok := relative(lg, pattern, ind); ok {
			if tm, err := matcher.CompileTemplate(p, self); err == nil {
				identity := true
				for _, m := range p.Find(tree) {
					want := pattern
					if d != grammars.NoNode {
						want = strings.Replace(pattern, "$A", tree.Text(m.Captures["A"]), 1)
					}
					if want != matchText(tree, m) || lineIndent(src, tree.Nodes[m.Node].Start) != ind {
						identity = false
					}
				}
				if rw := matcher.RewriteTree(tree, p, tm); identity && string(rw.Src) != string(src) {
					i := 0
					for i < len(src) && i < len(rw.Src) && src[i] == rw.Src[i] {
						i++
					}
					t.Fatalf("rewriting %q with %q changed the file at byte %d: %q became %q", pattern, self, i, src[max(0, i-20):min(len(src), i+40)], rw.Src[max(0, i-20):min(len(rw.Src), i+40)])
				}
			}
		}
		// A run of statements re-emitted where it stood keeps every
		// terminator and comment: the file still parses.
		if pat, ok := blockPattern(lg, tree, n); ok {
			if bp, err := matcher.Compile(lg.l, pat); err == nil {
				if tm, err := matcher.CompileTemplate(bp, pat); err == nil {
					rw := matcher.RewriteTree(tree, bp, tm)
					if after, err := lg.l.Parse(rw.Src); err != nil || len(after.Errors) > 0 {
						t.Fatalf("rewriting %q with itself broke the file: %v %v\n%s", pat, err, after.Errors, rw.Src)
					}
				}
			}
		}
		// Any template: a rewrite that breaks a clean file says so.
		tm, err := matcher.CompileTemplate(p, template)
		if err != nil {
			return
		}
		dir := t.TempDir()
		file := filepath.Join(dir, "f"+lg.ext)
		if err := os.WriteFile(file, src, 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := search.RewriteAll(context.Background(), search.Query{Root: dir, Path: dir, Lang: lg.l, Pattern: p}, tm)
		if err != nil {
			t.Fatalf("RewriteAll: %v", err)
		}
		for _, fr := range res.Files {
			after, err := lg.l.Parse(fr.New)
			broken := err != nil || len(after.Errors) > 0
			if broken != (fr.Broken != "") {
				t.Fatalf("rewriting %q to %q: the result parses with errors %v, but Broken is %q:\n%s", pattern, template, broken, fr.Broken, fr.New)
			}
		}
	})
}

// blockPattern returns the text of n, or of its nearest ancestor that has
// a braced block of statements for a child, with the statements of that
// block replaced by $$$B: a pattern whose template, itself, re-emits the
// run where it stood.
func blockPattern(lg lang, tree *grammars.Tree, n int32) (string, bool) {
	blocks := map[grammars.Kind]bool{}
	for _, name := range lg.l.Blocks {
		if k, ok := lg.l.KindByName(name); ok {
			blocks[k] = true
		}
	}
	for a := n; a != grammars.NoNode; a = tree.Nodes[a].Parent {
		for _, c := range tree.Children(a) {
			kids := tree.Children(c)
			if !blocks[tree.Nodes[c].Kind] || len(kids) < 3 || tree.Text(kids[0]) != "{" || tree.Text(kids[len(kids)-1]) != "}" {
				continue
			}
			an, cn := tree.Nodes[a], tree.Nodes[c]
			return string(tree.Src[an.Start:cn.Start+1]) + " $$$B " + string(tree.Src[cn.End-1:an.End]), true
		}
	}
	return "", false
}

// lineIndent returns the blanks that start the line holding off.
func lineIndent(src []byte, off uint32) string {
	start := strings.LastIndexByte(string(src[:off]), '\n') + 1
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:min(end, int(off))])
}

// relative takes ind off the lines of s after the first, except those
// that start inside a token; ok is false when such a line does not start
// with ind, or when one holds blanks and nothing else: a rewrite leaves
// that line empty (it writes no trailing whitespace), so s is not its
// own rewrite.
func relative(lg lang, s, ind string) (string, bool) {
	toks := lg.l.Lex([]byte(s), true)
	lines := strings.SplitAfter(s, "\n")
	off := 0
	for i, line := range lines {
		start := off
		off += len(line)
		if i == 0 {
			continue
		}
		if slices.ContainsFunc(toks, func(t grammars.Token) bool { return !t.Synthetic && int(t.Start) < start && int(t.End) >= start }) {
			continue
		}
		if strings.TrimSpace(line) == "" {
			if strings.TrimRight(line, "\r\n") != "" {
				return "", false
			}
			continue
		}
		if !strings.HasPrefix(line, ind) {
			return "", false
		}
		lines[i] = line[len(ind):]
	}
	return strings.Join(lines, ""), true
}

func FuzzRewriteGo(f *testing.F)     { fuzzRewrite(f, goLang) }
func FuzzRewritePython(f *testing.F) { fuzzRewrite(f, pyLang) }
