package oracle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/dart"
	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/matcher"
)

// A dartDiff is the class of difference a case expects between our Dart
// search and the ast-grep CLI's (tree-sitter-dart).
type dartDiff int

const (
	// dartSame: the multisets of matches are the same.
	dartSame dartDiff = iota
	// dartSgNothing: ast-grep finds nothing, ours finds at least
	// oracleMin: tree-sitter-dart reads the pattern as something else
	// (most often a top-level declaration: setState($$$A) is an
	// external function's signature there) or with an ERROR node.
	dartSgNothing
	// dartSgFewer: every match of ast-grep's is one of ours, and ours
	// has more: ast-grep misses some for a reason the case's note gives.
	dartSgFewer
	// dartSgMore: every match of ours is one of ast-grep's, and
	// ast-grep's has more, wrongly, for a reason the note gives.
	dartSgMore
	// dartSgNullable: the same once a trailing ? is trimmed from
	// ast-grep's matches, and not before: tree-sitter-dart's type node
	// of T? holds the ?, an unnamed token ast-grep's matching skips, so
	// List<$T> finds List<int>? whole; ours finds the List<int> in it,
	// the nullable type being a node around the generic type.
	dartSgNullable
	// dartOursBug: ours is wrong, as the note says: a known bug, only
	// logged. When it is fixed the case says what it should.
	dartOursBug
)

func (d dartDiff) String() string {
	switch d {
	case dartSame:
		return "same"
	case dartSgNothing:
		return "ast-grep finds nothing"
	case dartSgFewer:
		return "ast-grep finds a subset"
	case dartSgMore:
		return "ast-grep finds a superset"
	case dartSgNullable:
		return "ast-grep takes T? as T"
	case dartOursBug:
		return "ours wrong (known)"
	}
	return fmt.Sprintf("dartDiff(%d)", int(d))
}

// A dartOracleCase is one of our patterns and how ast-grep spells it.
type dartOracleCase struct {
	pattern string // ours
	// sg is ast-grep's pattern, the same as ours when "". With selector
	// it is a context: tree-sitter-dart parses a pattern as a whole
	// file, where a lone expression or statement is no Dart, so the
	// pattern sits in a function body and selector names the kind of
	// its node that is the pattern proper (ast-grep's --selector, the
	// pattern object's context/selector of a rule).
	sg       string
	selector string
	want     dartDiff // in the fixtures
	note     string   // why the difference, when want is not dartSame
	// why explains the locations that only one side finds, in the
	// fixtures and in the corpus: each must be accepted by one of these
	// (or by those the class implies, see dartWhys).
	why []dartWhy
}

// A dartWhy is one class of the locations that only one side finds.
// theirs: a location ast-grep finds and ours does not; else the other
// way round.
type dartWhy = roWhy[dartMatch]

// dartKey is a match's key.
func dartKey(m dartMatch) string { return m.key }

func (c dartOracleCase) sgPattern() string {
	if c.sg != "" {
		return c.sg
	}
	return c.pattern
}

// fn wraps statements in a function body: the context of an ast-grep
// pattern for a statement or an expression.
func fn(body string) string { return "void __() { " + body + " }" }

// cls wraps members in a class body.
func cls(body string) string { return "class __ { " + body + " }" }

func dartOracleCases() []dartOracleCase {
	const (
		topLevel  = "tree-sitter-dart parses the pattern alone as a whole file, where it is a top-level declaration (an external function's signature) and matches no call; the same pattern in a function body, a case below, agrees"
		hasError  = "tree-sitter-dart has an ERROR for the pattern alone, at the top level (ast-grep warns: Pattern contains an ERROR node); the same pattern in context, a case below, agrees"
		setBody   = "tree-sitter-dart reads { $$$B } after if (…) or for (…) as a set literal in an expression statement with its ; missing, not as a block, so the pattern matches no if or for statement"
		annotated = "methods with @override: tree-sitter-dart's method_declaration holds its annotations as its first children, so a pattern without them matches no annotated method; ours has annotations as siblings before the method (see package dart), so void dispose() { $$$B } finds an @override dispose"
		sgTrail   = "ast-grep lets a node with more children than the pattern match it when the extra ones come last; ours, as DESIGN.md's structural search, needs what the pattern leaves out to be absent"
	)
	var (
		// Ours finds a method or function whose annotations
		// tree-sitter-dart holds in it.
		annotatedWhy = dartWhy{name: "annotated", ok: func(m dartMatch, _ map[string]bool) bool {
			return strings.HasPrefix(strings.TrimSpace(m.lineBefore()), "@")
		}}
		// Ours binds super (and this) where tree-sitter-dart has an
		// unnamed token.
		superWhy = dartWhy{name: "binds super", ok: func(m dartMatch, _ map[string]bool) bool {
			return strings.HasPrefix(m.text(), "super.")
		}}
		fieldWhy = dartWhy{name: "a field", ok: func(m dartMatch, _ map[string]bool) bool {
			return m.in() == "class_body"
		}}
		notMemberWhy = dartWhy{name: "not a class member", ok: func(m dartMatch, _ map[string]bool) bool {
			return m.in() != "class_body"
		}}
		topWhy = dartWhy{name: "a top-level variable", ok: func(m dartMatch, _ map[string]bool) bool {
			return m.in() == "program"
		}}
		// Ours binds this, where tree-sitter-dart has an unnamed token
		// that ast-grep's metavariables do not bind.
		thisWhy = dartWhy{name: "binds this", ok: func(m dartMatch, _ map[string]bool) bool {
			return dartThis.MatchString(m.text())
		}}
		// ast-grep skips this, so return; finds return this;.
		sgThisWhy = dartWhy{theirs: true, name: "skips this", ok: func(m dartMatch, _ map[string]bool) bool {
			return dartThis.MatchString(m.text())
		}}
		// Ours matches a statement's body with or without braces
		// (grammars.Language.Braces).
		bracesWhy = dartWhy{name: "the body in braces", ok: func(m dartMatch, _ map[string]bool) bool {
			return strings.Contains(m.text(), "{") && strings.HasSuffix(m.text(), "}")
		}}
	)
	return []dartOracleCase{
		// The patterns as a user writes them, ast-grep's pattern the
		// same as ours.
		{pattern: "setState($$$A)", want: dartSgNothing, note: topLevel},
		{pattern: "setState($$$A);", want: dartSgNothing, note: topLevel},
		{pattern: "if ($X != null) $X.dispose();", want: dartSgNothing, note: hasError},
		{pattern: "$X.dispose()", want: dartSgNothing, note: topLevel},
		{pattern: "print($A)", want: dartSgNothing, note: topLevel},
		{pattern: "List<$T>", want: dartSgNothing, note: hasError},
		// An ERROR node too, but one that holds the pattern's node whole:
		// ast-grep warns and still agrees.
		{pattern: "@override"},
		{pattern: "$X!"},
		{pattern: "class $C extends State<$W> { $$$B }", want: dartSgMore, note: sgTrail + ": class _CounterPageState extends State<CounterPage> with SingleTickerProviderStateMixin (its mixins come after the superclass)",
			why: []dartWhy{{theirs: true, name: "mixins after the superclass", ok: func(m dartMatch, _ map[string]bool) bool {
				head, _, _ := strings.Cut(m.text(), "{")
				return strings.Contains(head, " with ") || strings.Contains(head, " implements ")
			}}, {theirs: true, name: "a class modifier", ok: func(m dartMatch, _ map[string]bool) bool {
				head, _, _ := strings.Cut(m.text(), "class ")
				return head != ""
			}}}},

		// ast-grep's pattern in a context, and --selector.
		{pattern: "setState($$$A)", sg: fn("setState($$$A);"), selector: "call_expression"},
		{pattern: "setState(() => $E)", sg: fn("setState(() => $E);"), selector: "call_expression"},
		{pattern: "if ($X != null) $X.dispose();", sg: fn("if ($X != null) $X.dispose();"), selector: "if_statement", why: []dartWhy{bracesWhy}},
		{pattern: "$X.dispose()", sg: fn("$X.dispose();"), selector: "call_expression", want: dartSgFewer, note: "super.dispose(): tree-sitter-dart's super.dispose() is no call_expression of a member_expression but super followed by a selector, so $X.dispose() cannot bind super (ours binds it, as it binds this and null); super.dispose() alone agrees below", why: []dartWhy{superWhy}},
		{pattern: "$X.dispose();", sg: fn("$X.dispose();"), selector: "expression_statement", want: dartSgFewer, note: "super.dispose(), as for $X.dispose()",
			why: []dartWhy{superWhy, {name: "not a statement", ok: func(m dartMatch, _ map[string]bool) bool {
				// The ; is no leaf of ours, so the pattern finds the call
				// where it is no statement of its own (await x.dispose();).
				return strings.TrimSpace(m.before()) != ""
			}}}},
		{pattern: "super.dispose()", sg: fn("super.dispose();"), selector: "expression_statement"},
		{pattern: "$X?.cancel()", sg: fn("$X?.cancel();"), selector: "call_expression"},
		{pattern: "print($A)", sg: fn("print($A);"), selector: "call_expression"},
		{pattern: "await $X", sg: fn("await $X;"), selector: "await_expression"},
		{pattern: "$A ?? $B", sg: fn("x = $A ?? $B;"), selector: "if_null_expression"},
		{pattern: "$C ? $A : $B", sg: fn("x = $C ? $A : $B;"), selector: "conditional_expression", why: []dartWhy{thisWhy}},
		{pattern: "return $X;", sg: fn("return $X;"), selector: "return_statement", why: []dartWhy{thisWhy}},
		{pattern: "throw $E", sg: fn("throw $E;"), selector: "throw_expression"},
		{pattern: "Navigator.of($C)", sg: fn("Navigator.of($C);"), selector: "call_expression"},
		{pattern: "Theme.of($C)", sg: fn("Theme.of($C);"), selector: "call_expression"},
		{pattern: "$X.length", sg: fn("x = $X.length;"), selector: "member_expression", why: []dartWhy{thisWhy,
			{name: "an assignment's target", ok: func(m dartMatch, _ map[string]bool) bool {
				// tree-sitter-dart's assignable_expression is no
				// member_expression.
				a := m.after()
				return strings.HasPrefix(a, " =") && !strings.HasPrefix(a, " ==")
			}},
			{theirs: true, name: "x.length()", ok: func(m dartMatch, _ map[string]bool) bool {
				// ast-grep takes a method call for the member: the call's
				// arguments are a sibling selector in tree-sitter-dart.
				return strings.HasPrefix(m.after(), "(")
			}}}},
		{pattern: "const $W($$$A)", sg: fn("x = const $W($$$A);"), selector: "const_object_expression", why: []dartWhy{
			{name: "a named constructor", ok: func(m dartMatch, _ map[string]bool) bool {
				// Ours binds $W to Rect.fromLTRB, one node;
				// tree-sitter-dart has the type and the name as siblings.
				head, _, _ := strings.Cut(m.text(), "(")
				return strings.Contains(head, ".")
			}}}},
		{pattern: "final $X = $Y;", sg: fn("final $X = $Y;"), selector: "local_variable_declaration", want: dartSgFewer, note: "fields: our fields and local variables are one kind of node, so final $X = $Y; also finds final _updates = …; in a class body, which tree-sitter-dart's local_variable_declaration is not", why: []dartWhy{fieldWhy, topWhy,
			{theirs: true, name: "late final", ok: func(m dartMatch, _ map[string]bool) bool { return strings.HasPrefix(m.text(), "late ") }}}},
		{pattern: "if ($C) { $$$B }", sg: fn("if ($C) { $$$B }"), selector: "if_statement", want: dartSgNothing, note: setBody},
		{pattern: "for (final $X in $Y) { $$$B }", sg: fn("for (final $X in $Y) { $$$B }"), selector: "for_statement", want: dartSgNothing, note: setBody},
		{pattern: "void dispose() { $$$B }", sg: cls("void dispose() { $$$B }"), selector: "method_declaration", want: dartSgFewer, note: annotated, why: []dartWhy{annotatedWhy}},
		{pattern: "if ($C) return;", sg: fn("if ($C) return;"), selector: "if_statement", why: []dartWhy{bracesWhy, sgThisWhy}},
		{pattern: "if (!mounted) return;", sg: fn("if (!mounted) return;"), selector: "if_statement", why: []dartWhy{bracesWhy}},
		{pattern: "$A == null", sg: fn("x = $A == null;"), selector: "equality_expression"},
		{pattern: "$A != null", sg: fn("x = $A != null;"), selector: "equality_expression"},
		{pattern: "try { $$$A } catch ($E) { $$$B }", sg: fn("try { $$$A } catch ($E) { $$$B }"), selector: "try_statement", want: dartSgMore, note: sgTrail + ": a try with a finally after its catch",
			why: []dartWhy{{theirs: true, name: "a finally after the catch", ok: func(m dartMatch, _ map[string]bool) bool {
				return strings.Contains(m.text(), "finally")
			}}}},
		{pattern: "$L.add($X)", sg: fn("$L.add($X);"), selector: "call_expression", why: []dartWhy{thisWhy}},
		{pattern: "$X!", sg: fn("x = $X!;"), selector: "null_assertion_expression"},
		{pattern: "@override", sg: cls("@override void f() {}"), selector: "annotation"},
		{pattern: "List<$T>", sg: "List<$T> x;", selector: "type", want: dartSgNullable, note: "List<Task>? fields and parameters",
			why: []dartWhy{{name: "a type in a constant pattern", ok: func(m dartMatch, _ map[string]bool) bool {
				// case const (List<String>): tree-sitter-dart has no
				// type node there.
				return strings.HasSuffix(m.before(), "const (")
			}}}},
		{pattern: "Future<void> $F($$$P) async { $$$B }", sg: cls("Future<void> $F($$$P) async { $$$B }"), selector: "method_declaration", want: dartSgFewer, note: "top-level functions, and " + annotated + "; and ours has one kind of node for methods and functions, where tree-sitter-dart's method_declaration is a class member only", why: []dartWhy{annotatedWhy, notMemberWhy}},
		{pattern: "$X is $T", sg: fn("x = $X is $T;"), selector: "type_test_expression", want: dartSgMore, note: "value is! T: tree-sitter-dart's is! is a type_test_expression with an unnamed ! token, which ast-grep skips",
			why: []dartWhy{thisWhy, {theirs: true, name: "is!", ok: func(m dartMatch, _ map[string]bool) bool { return strings.Contains(m.text(), " is! ") }}}},
		{pattern: "$X as $T", sg: fn("x = $X as $T;"), selector: "type_cast_expression", why: []dartWhy{thisWhy}},
		{pattern: "jsonEncode($X)", sg: fn("jsonEncode($X);"), selector: "call_expression"},
		{pattern: "'$X'", sg: fn("x = '$X';"), selector: "string_literal", want: dartSgMore,
			note: "ours reads $X in a pattern's string as a metavariable for one interpolation, so '$X' finds a string that is one interpolation and nothing else ('$_count', '${e.message}'); ast-grep binds $X to the string's whole text, so it finds every single-quoted string with no interpolation or with one ('Value' and imports' URIs among them)",
			why: []dartWhy{{theirs: true, name: "a string's text", ok: func(m dartMatch, _ map[string]bool) bool {
				return strings.HasPrefix(m.text(), "'")
			}}, {name: "a ${…} interpolation", ok: func(m dartMatch, _ map[string]bool) bool {
				// ast-grep's $X binds a string's text, and a ${…}
				// interpolation is a node of its own there.
				return strings.HasPrefix(m.text(), "'${")
			}}, {name: "one of adjacent strings", ok: func(m dartMatch, _ map[string]bool) bool {
				// tree-sitter-dart has 'a' 'b' as one string_literal.
				t, n := m.holder()
				return t.KindName(n) == "adjacent_strings"
			}}}},
		{pattern: "'saved $X'", sg: fn("x = 'saved $X';"), selector: "string_literal"},
	}
}

// dartThis finds the word this.
var dartThis = regexp.MustCompile(`\bthis\b`)

// A dartFile is one file of the comparison.
type dartFile struct {
	path string // as ast-grep is given it: absolute
	name string // as the test shows it
	src  []byte
	ls   roLineStarts
	once sync.Once
	tree *grammars.Tree // parsed at most once, for dartMatch.in
}

// A dartMatch is one match, on either side: its file and its byte range,
// the range's end trimmed of a trailing ; and whitespace (our statements
// leave out the ; that ends them; tree-sitter's expression_statement and
// local_variable_declaration hold it).
type dartMatch struct {
	f          *dartFile
	start, end int
	key        string // file:line@start-end, what the multisets compare
}

func (f *dartFile) match(start, end int) dartMatch {
	for end > start && strings.IndexByte(" \t\r\n;", f.src[end-1]) >= 0 {
		end--
	}
	return dartMatch{f, start, end, fmt.Sprintf("%s:%d@%d-%d", f.name, f.ls.line(uint32(start)), start, end)}
}

// text is the match's source.
func (m dartMatch) text() string { return string(m.f.src[m.start:m.end]) }

// lineBefore is the source of the line before the match's.
func (m dartMatch) lineBefore() string {
	ls := m.f.ls
	l := ls.line(uint32(m.start))
	if l < 2 {
		return ""
	}
	return string(m.f.src[ls[l-2]:ls[l-1]])
}

// in is the kind of what holds the match: class_body, block (a
// function's or a statement's) or program.
func (m dartMatch) in() string {
	t, n := m.holder()
	for ; n != grammars.NoNode; n = t.Nodes[n].Parent {
		switch k := t.KindName(n); k {
		case "class_body", "block", "program":
			return k
		}
	}
	return ""
}

// holder returns the file's tree and its smallest node that holds the
// match and more.
func (m dartMatch) holder() (*grammars.Tree, int32) {
	m.f.once.Do(func() { m.f.tree, _ = dart.Language.Parse(m.f.src) })
	t := m.f.tree
	n := t.Root
	for {
		next := int32(-1)
		for _, k := range t.Children(n) {
			nd := &t.Nodes[k]
			if int(nd.Start) <= m.start && m.end <= int(nd.End) && !(int(nd.Start) == m.start && int(nd.End) == m.end) {
				next = k
				break
			}
		}
		if next < 0 {
			break
		}
		n = next
	}
	return t, n
}

// before is the source of the match's line before it.
func (m dartMatch) before() string {
	ls := m.f.ls
	return string(m.f.src[ls[ls.line(uint32(m.start))-1]:m.start])
}

// after is the source after the match, to the end of its line.
func (m dartMatch) after() string {
	rest := m.f.src[m.end:]
	if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	return string(rest)
}

// show is the match's key and the first line of its text.
func (m dartMatch) show() string {
	snip := m.text()
	if nl := strings.IndexByte(snip, '\n'); nl >= 0 {
		snip = snip[:nl] + " …"
	}
	return m.key + "  " + snip
}

// TestDartOracle compares our Dart search with the ast-grep CLI's
// (tree-sitter-dart, the grammar bundled in ast-grep 0.51.1), pattern by
// pattern, on the fixtures of testdata/dart (Flutter widgets with State,
// a settings store, a repository over HTTP, models with records,
// patterns and sealed classes; written for this test) and, when
// AGENTTOOLS_DART_CORPUS names a file listing .dart files (absolute
// paths, one a line), on those too.
//
// A match is compared by its file, its first line and its byte range,
// as a multiset. The range is normalised on both sides: a trailing ;
// and whitespace are trimmed from its end, since our statements leave
// out the ; that ends them and tree-sitter's expression_statement and
// local_variable_declaration hold it.
//
// tree-sitter-dart parses an ast-grep pattern as a whole file, so an
// expression or a statement alone is no pattern there (setState($$$A) is
// an external function's signature at the top level; if (…) … is an
// ERROR). The first cases record that with the patterns as written; the
// others give ast-grep the pattern in a function or class body and name
// the kind of the node that is the pattern with --selector. Each case
// asserts its class of difference: the same matches, or ast-grep finding
// nothing, or a subset for a reason the case notes.
//
// Files our grammar parses with errors, or where tree-sitter has an
// ERROR node, are left out of the corpus and counted; in the fixtures
// they fail the test. The corpus asserts the fixtures' classes too, so
// a difference the fixtures do not have fails there with its diff, to be
// classified. On real code (flutter/packages, dart-lang/http, collection
// and dart_style) the classes beyond the fixtures' are: ours binds this
// (return $X;, $X as $T; tree-sitter-dart's this is an unnamed token, so
// ast-grep's if ($C) return; also finds return this;), matches a one
// statement body with or without braces, finds $X.length as an
// assignment's target, a named constructor for const $W($$$A), a part of
// adjacent strings and a ${…} interpolation for '$X', a type in a
// constant pattern; ast-grep takes x.length() for $X.length, late final
// for final $X, and a final class for class $C.
func TestDartOracle(t *testing.T) {
	began := time.Now()
	sg := peers.Require(t, "ast-grep")
	fixtures, err := filepath.Glob(filepath.Join("testdata", "dart", "*.dart"))
	if err != nil || len(fixtures) == 0 {
		t.Fatalf("no fixtures in testdata/dart: %v", err)
	}
	for i, f := range fixtures {
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		fixtures[i] = abs
	}
	cases := dartOracleCases()
	t.Run("fixtures", func(t *testing.T) {
		files, left := dartLoad(t, sg, fixtures, func(p string) string { return filepath.Base(p) })
		for _, l := range left {
			t.Errorf("fixture left out: %s", l)
		}
		dartCompare(t, sg, cases, files, true)
	})
	if list := os.Getenv("AGENTTOOLS_DART_CORPUS"); list != "" {
		t.Run("corpus", func(t *testing.T) {
			b, err := os.ReadFile(list)
			if err != nil {
				t.Fatal(err)
			}
			var paths []string
			for _, line := range strings.Split(string(b), "\n") {
				if line = strings.TrimSpace(line); line != "" {
					paths = append(paths, line)
				}
			}
			files, left := dartLoad(t, sg, paths, func(p string) string { return p })
			for i, l := range left {
				if i < 20 {
					t.Logf("left out: %s", l)
				}
			}
			size := 0
			for _, f := range files {
				size += len(f.src)
			}
			t.Logf("corpus %s: %d files listed, %d compared (%.1f MB), %d left out", list, len(paths), len(files), float64(size)/1e6, len(left))
			dartCompare(t, sg, cases, files, false)
		})
	}
	t.Logf("%d patterns in %v", len(cases), time.Since(began).Round(time.Millisecond))
}

// dartLoad reads the files and keeps those both grammars parse cleanly;
// it returns them and why the others were left out.
func dartLoad(t *testing.T, sg string, paths []string, name func(string) string) ([]*dartFile, []string) {
	t.Helper()
	tsErr := map[string]bool{}
	errs, err := dartAstGrep(sg, []string{"scan", "--inline-rules", "id: e\nlanguage: dart\nrule: {kind: ERROR}"}, paths)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range errs {
		tsErr[m.File] = true
	}
	var files []*dartFile
	var left []string
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			left = append(left, fmt.Sprintf("%s: %v", p, err))
			continue
		}
		if tsErr[p] {
			left = append(left, p+": tree-sitter-dart has an ERROR node")
			continue
		}
		tree, _ := dart.Language.Parse(src)
		if len(tree.Errors) > 0 {
			left = append(left, fmt.Sprintf("%s: our grammar: %.200s", p, tree.Errors.Error()))
			continue
		}
		files = append(files, &dartFile{path: p, name: name(p), src: src, ls: roNewLineStarts(src)})
	}
	return files, left
}

// dartRun runs every case over files, on our side and on ast-grep's, and
// returns each case's matches on either side, sorted by key.
func dartRun(t *testing.T, sg string, cases []dartOracleCase, files []*dartFile) (ours, theirs [][]dartMatch) {
	t.Helper()
	byPath := map[string]*dartFile{}
	paths := make([]string, len(files))
	for i, f := range files {
		byPath[f.path] = f
		paths[i] = f.path
	}
	pats := make([]*matcher.Pattern, len(cases))
	for i, c := range cases {
		p, err := matcher.Compile(dart.Language, c.pattern)
		if err != nil {
			t.Fatalf("Compile(%q): %v", c.pattern, err)
		}
		pats[i] = p
	}
	var wg sync.WaitGroup
	results := make([][][]dartMatch, len(files)) // per file, per case
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for fi := range next {
				f := files[fi]
				tree, _ := dart.Language.Parse(f.src)
				results[fi] = make([][]dartMatch, len(cases))
				for ci, p := range pats {
					for _, m := range p.Find(tree) {
						sp := m.Span(tree)
						results[fi][ci] = append(results[fi][ci], f.match(int(sp.Start), int(sp.End)))
					}
				}
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	ours = make([][]dartMatch, len(cases))
	for _, r := range results {
		for ci := range cases {
			ours[ci] = append(ours[ci], r[ci]...)
		}
	}

	theirs = make([][]dartMatch, len(cases))
	sem := make(chan struct{}, 4)
	for ci, c := range cases {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			args := []string{"run", "-l", "dart", "-p", c.sgPattern()}
			if c.selector != "" {
				args = append(args, "--selector", c.selector)
			}
			ms, err := dartAstGrep(sg, args, paths)
			if err != nil {
				t.Error(err)
				return
			}
			for _, m := range ms {
				f := byPath[m.File]
				if f == nil {
					t.Errorf("%q: ast-grep reports a file it was not given: %s", c.pattern, m.File)
					continue
				}
				theirs[ci] = append(theirs[ci], f.match(m.Range.ByteOffset.Start, m.Range.ByteOffset.End))
			}
		}()
	}
	wg.Wait()
	for ci := range cases {
		for _, l := range [][]dartMatch{ours[ci], theirs[ci]} {
			sort.Slice(l, func(i, j int) bool { return l[i].key < l[j].key })
		}
	}
	return ours, theirs
}

// dartWhys is a case's explanations with those its class implies.
func dartWhys(c dartOracleCase) []dartWhy {
	var whys []dartWhy
	switch c.want {
	case dartSgNothing:
		whys = append(whys, dartWhy{name: c.want.String(), ok: func(dartMatch, map[string]bool) bool { return true }})
	case dartSgNullable:
		whys = append(whys,
			dartWhy{name: c.want.String(), ok: func(m dartMatch, sg map[string]bool) bool {
				return m.end < len(m.f.src) && m.f.src[m.end] == '?' && sg[m.f.match(m.start, m.end+1).key]
			}},
			dartWhy{theirs: true, name: c.want.String(), ok: func(m dartMatch, ours map[string]bool) bool {
				return strings.HasSuffix(m.text(), "?") && ours[m.f.match(m.start, m.end-1).key]
			}})
	}
	return append(whys, c.why...)
}

// dartCompare runs every case over files and checks that each location
// only one side finds is explained by one of the case's whys; with exact
// (the fixtures), also that the case has its class of difference and
// finds at least oracleMin matches. Under AGENTTOOLS_DART_DIFFS, a
// folder, it writes there each case's locations that differ, with their
// explanations, one file a case.
func dartCompare(t *testing.T, sg string, cases []dartOracleCase, files []*dartFile, exact bool) {
	t.Helper()
	ours, theirs := dartRun(t, sg, cases, files)
	dump := os.Getenv("AGENTTOOLS_DART_DIFFS")
	t.Logf("%-40s %-26s %6s %6s %6s %6s %6s", "pattern", "class in the fixtures", "ours", "sg", "both", "ours+", "sg+")
	agree := 0
	for ci, c := range cases {
		got, want := ours[ci], theirs[ci]
		onlyOurs, onlySg, both := dartSplit(got, want)
		t.Logf("%-40s %-26s %6d %6d %6d %6d %6d", dartShort(c), c.want, len(got), len(want), both, len(onlyOurs), len(onlySg))
		if len(onlyOurs)+len(onlySg) == 0 {
			agree++
		}
		whys := dartWhys(c)
		e := roExplain([2][]dartMatch{onlyOurs, onlySg}, [2][]dartMatch{got, want}, whys, dartKey, dartMatch.show)
		count, unexplained, lines := e.count, e.unexplained, e.lines
		for wi, w := range whys {
			if count[wi] > 0 {
				side := "ours+"
				if w.theirs {
					side = "sg+"
				}
				t.Logf("    %-5s %6d  %s", side, count[wi], w.name)
			}
		}
		if dump != "" {
			name := filepath.Join(dump, fmt.Sprintf("%02d.txt", ci))
			body := dartShort(c) + "\n" + strings.Join(lines, "\n") + "\n"
			if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
				t.Error(err)
			}
		}
		if len(unexplained) > 0 {
			more := ""
			if len(unexplained) > 15 {
				more = fmt.Sprintf("\n… and %d more", len(unexplained)-15)
				unexplained = unexplained[:15]
			}
			t.Errorf("%s: %d locations that differ are not explained (- ast-grep only, + ours only):\n%s%s",
				dartShort(c), len(unexplained), strings.Join(unexplained, "\n"), more)
		}
		if !exact {
			continue
		}
		if c.want != dartSgNothing && len(got) < oracleMin {
			t.Errorf("%s: ours finds %d matches in the fixtures, fewer than %d: the case tests nothing", dartShort(c), len(got), oracleMin)
		}
		ok := false
		switch c.want {
		case dartSame:
			ok = len(onlyOurs) == 0 && len(onlySg) == 0
		case dartSgNothing:
			ok = len(want) == 0
		case dartSgFewer:
			ok = len(onlySg) == 0 && len(onlyOurs) > 0
		case dartSgMore:
			ok = len(onlyOurs) == 0 && len(onlySg) > 0
		case dartSgNullable:
			ok = len(onlySg) > 0
		}
		if !ok {
			var diff []string
			for _, m := range onlySg {
				diff = append(diff, "- "+m.show())
			}
			for _, m := range onlyOurs {
				diff = append(diff, "+ "+m.show())
			}
			t.Errorf("%s: expected %s (%s); ours %d, ast-grep %d, differ (- ast-grep only, + ours only):\n%s",
				dartShort(c), c.want, c.note, len(got), len(want), strings.Join(diff, "\n"))
		}
	}
	t.Logf("%d of %d patterns agree exactly", agree, len(cases))
}

// dartShort names a case in the log: our pattern, and whether ast-grep
// has it in a context.
func dartShort(c dartOracleCase) string {
	if c.selector != "" {
		return fmt.Sprintf("%q [sg: %s]", c.pattern, c.selector)
	}
	return fmt.Sprintf("%q", c.pattern)
}

// dartSplit pairs up two lists sorted by key (roSplit).
func dartSplit(a, b []dartMatch) (onlyA, onlyB []dartMatch, both int) {
	return roSplit(a, b, func(m dartMatch) string { return m.key })
}

// A dartSgMatch is what ast-grep's --json=stream says of one match.
type dartSgMatch struct {
	File  string `json:"file"`
	Range struct {
		ByteOffset struct {
			Start int `json:"start"`
			End   int `json:"end"`
		} `json:"byteOffset"`
	} `json:"range"`
}

// dartAstGrep runs ast-grep with args over paths, a chunk of paths a
// process, and returns its matches.
func dartAstGrep(sg string, args, paths []string) ([]dartSgMatch, error) {
	var out []dartSgMatch
	for len(paths) > 0 {
		n, size := 0, 0
		for n < len(paths) && n < 2000 && size < 100_000 {
			size += len(paths[n]) + 1
			n++
		}
		chunk := paths[:n]
		paths = paths[n:]
		full := append(append([]string{}, args...), "--json=stream",
			"--no-ignore", "hidden", "--no-ignore", "dot", "--no-ignore", "exclude",
			"--no-ignore", "global", "--no-ignore", "parent", "--no-ignore", "vcs", "--")
		full = append(full, chunk...)
		cmd := exec.Command(sg, full...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 && stdout.Len() == 0 && !strings.Contains(stderr.String(), "rror:") {
			err = nil // ast-grep run exits 1 when nothing matches, as grep does
		}
		if err != nil {
			return nil, fmt.Errorf("ast-grep %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		sc := bufio.NewScanner(&stdout)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			var m dartSgMatch
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				return nil, fmt.Errorf("ast-grep %s: %v: %.200s", strings.Join(args, " "), err, sc.Text())
			}
			out = append(out, m)
		}
	}
	return out, nil
}
