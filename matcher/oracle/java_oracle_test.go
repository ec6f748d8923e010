package oracle

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/agenttools/agenttools/grammars/java"
	"github.com/agenttools/agenttools/internal/javac"
	"github.com/agenttools/agenttools/matcher"
)

// A jDiff is the class of difference a case expects between our Java
// search and what javac's syntax tree says the pattern should find.
type jDiff int

const (
	// jSame: the multisets of matches are the same.
	jSame jDiff = iota
	// jJavacFewer: every location javac's tree gives is one of ours,
	// and ours has more, for a reason the case's note gives.
	jJavacFewer
	// jOursFewer: every location of ours is one of javac's, and javac's
	// has more, for a reason the note gives.
	jOursFewer
	// jOursBug: ours is wrong, as the note says: a known bug of the
	// grammar or the pattern compiler, only logged. When it is fixed the
	// case says what it should.
	jOursBug
)

func (d jDiff) String() string {
	switch d {
	case jSame:
		return "same"
	case jJavacFewer:
		return "javac finds a subset"
	case jOursFewer:
		return "ours finds a subset"
	case jOursBug:
		return "ours wrong (known)"
	}
	return fmt.Sprintf("jDiff(%d)", int(d))
}

// A jCase is one of our patterns and, over javac's tree, which nodes it
// should match.
type jCase struct {
	pattern string
	// javac reports whether javac's node n is one the pattern should
	// find.
	javac func(f *jFile, n *javac.Node) bool
	want  jDiff  // in the fixtures
	note  string // why the difference, when want is not jSame
	// why explains the locations that only one side finds.
	why []jWhy
	// java21: what the pattern finds is Java 21's (switch and record
	// patterns, guards), of which javac 17 has no tree: the fixtures
	// have it only where the machine has a newer JDK (see TestJavaOracle).
	java21 bool
}

// A jWhy is one class of the locations that only one side finds.
// theirs: a location javac's tree gives and ours does not; else the
// other way round.
type jWhy = roWhy[jMatch]

// jKey is a match's key.
func jKey(m jMatch) string { return m.key }

// jOracleCases are the patterns, as an agent would write them, and what
// each should find by the pattern semantics of DESIGN.md: kinds agree and
// every child list matches whole, so a node with what the pattern does not
// write (modifiers, type arguments, an else, a finally, a second catch) is
// no match; $X is one named node; $$$A any number of them; a block in a
// pattern matches a lone statement too, and a lone statement a block of
// just that statement (the language's Braces); the ; that ends a
// statement is no leaf, so call(x); finds the call in any expression.
func jOracleCases() []jCase {
	nullRight := func(op string) func(*jFile, *javac.Node) bool {
		return func(_ *jFile, n *javac.Node) bool {
			return n.Kind == op && jKind(n.Role1("rightOperand"), "NULL_LITERAL")
		}
	}
	// A new with no class body, no outer instance (o.new T()) and no
	// type arguments of the constructor's. javac's tree has a new for
	// each enum constant too, RED(1) and RED alike, made by its parser:
	// no new is written there.
	newT := func(f *jFile, n *javac.Node) bool {
		return n.Kind == "NEW_CLASS" && n.Role1("classBody") == nil && n.Role1("enclosingExpression") == nil &&
			len(n.Roles("typeArguments")) == 0 && strings.HasPrefix(f.text(n), "new")
	}
	return []jCase{
		// Calls.
		{pattern: "System.out.println($$$A)", javac: jCall("System.out", "println", -1)},
		{pattern: "System.out.println($A)", javac: jCall("System.out", "println", 1)},
		{pattern: "$X.equals($Y)", javac: jCall("", "equals", 1)},
		{pattern: "$X.equals($X)", javac: func(f *jFile, n *javac.Node) bool {
			return jCall("", "equals", 1)(f, n) && f.squash(jReceiver(n)) == f.squash(n.Role1("arguments"))
		}},
		{pattern: `$X.equals("")`, javac: func(f *jFile, n *javac.Node) bool {
			return jCall("", "equals", 1)(f, n) && f.text(n.Role1("arguments")) == `""`
		}},
		{pattern: "$X.stream()", javac: jCall("", "stream", 0)},
		{pattern: "$X.get($I)", javac: jCall("", "get", 1)},
		{pattern: "$X.isEmpty()", javac: jCall("", "isEmpty", 0)},
		{pattern: "$S.getClass()", javac: jCall("", "getClass", 0)},
		{pattern: "Objects.requireNonNull($X)", javac: jCall("Objects", "requireNonNull", 1)},
		{pattern: "Objects.requireNonNull($X, $M)", javac: jCall("Objects", "requireNonNull", 2)},
		{pattern: "String.format($$$A)", javac: jCall("String", "format", -1)},
		{pattern: "Thread.sleep($N)", javac: jCall("Thread", "sleep", 1)},

		// Operators.
		{pattern: "$X == null", javac: nullRight("EQUAL_TO")},
		{pattern: "$X != null", javac: nullRight("NOT_EQUAL_TO")},
		{pattern: "$A == $B", javac: jIs("EQUAL_TO")},
		{pattern: "$A + $B", javac: jIs("PLUS")},
		{pattern: "$A && $B", javac: jIs("CONDITIONAL_AND")},
		{pattern: "$X.size() == 0", javac: func(f *jFile, n *javac.Node) bool {
			return n.Kind == "EQUAL_TO" && jCall("", "size", 0)(f, n.Role1("leftOperand")) && f.text(n.Role1("rightOperand")) == "0"
		}},
		{pattern: "$X++", javac: jIs("POSTFIX_INCREMENT")},
		{pattern: "!$X", javac: jIs("LOGICAL_COMPLEMENT")},
		{pattern: "$C ? $A : $B", javac: jIs("CONDITIONAL_EXPRESSION")},
		// A record pattern is one node of ours, as in tree-sitter-java,
		// which $T binds: x instanceof Point(int a, int b) is found; a
		// type pattern is a type and a name, two nodes, and is not.
		{pattern: "$X instanceof $T", javac: func(_ *jFile, n *javac.Node) bool {
			return n.Kind == "INSTANCE_OF" && (n.Role1("pattern") == nil || jKind(n.Role1("pattern"), "DECONSTRUCTION_PATTERN"))
		}},
		{pattern: "$X instanceof $T $V", javac: func(_ *jFile, n *javac.Node) bool {
			p := n.Role1("pattern")
			return n.Kind == "INSTANCE_OF" && jKind(p, "BINDING_PATTERN") && jBare(p.Role1("variable"))
		}},
		{pattern: "($T) $X", javac: jIs("TYPE_CAST"), why: []jWhy{{theirs: true,
			name: "a cast to an intersection, (A & B) x: its types are several nodes of ours, and $T is one",
			ok:   func(m jMatch, _ map[string]bool) bool { return jKind(m.node.Role1("type"), "INTERSECTION_TYPE") },
		}}},
		// A field's access, not a method's call: x.length() has no
		// field access in our tree.
		{pattern: "$X.length", javac: func(_ *jFile, n *javac.Node) bool {
			return n.Kind == "MEMBER_SELECT" && n.Attr("identifier") == "length" && n.Role != "methodSelect"
		}},
		{pattern: "this.$F = $V;", javac: func(f *jFile, n *javac.Node) bool {
			v := n.Role1("variable")
			return n.Kind == "ASSIGNMENT" && jKind(v, "MEMBER_SELECT") && f.text(v.Role1("expression")) == "this"
		}},
		// A lambda's parameters are one node of ours, as in
		// tree-sitter-java (javac's tree has none around them): ($A)
		// is one parameter with no type, in parentheses, and $X binds
		// any parameters, (a, b) and () too.
		{pattern: "($A) -> $B", javac: func(f *jFile, n *javac.Node) bool {
			ps := n.Roles("parameters")
			return n.Kind == "LAMBDA_EXPRESSION" && len(ps) == 1 && ps[0].Role1("type") == nil && jBare(ps[0]) &&
				strings.HasPrefix(f.text(n), "(")
		}},
		{pattern: "$X -> $Y", javac: jIs("LAMBDA_EXPRESSION")},
		{pattern: "$T::$M", javac: func(_ *jFile, n *javac.Node) bool {
			return n.Kind == "MEMBER_REFERENCE" && n.Attr("mode") == "INVOKE" && len(n.Roles("typeArguments")) == 0
		}},

		// Objects and types.
		{pattern: "new $T($$$A)", javac: newT},
		{pattern: "new ArrayList<>()", javac: func(f *jFile, n *javac.Node) bool {
			t := n.Role1("identifier")
			return newT(f, n) && len(n.Roles("arguments")) == 0 && jKind(t, "PARAMETERIZED_TYPE") &&
				jName(t.Role1("type"), "ArrayList") && len(t.Roles("typeArguments")) == 0
		}},
		{pattern: "List<$T>", javac: jGeneric("List", 1)},
		{pattern: "Map<$K, $V>", javac: jGeneric("Map", 2)},
		{pattern: "@Override", javac: jAnnotation("Override", 0)},
		{pattern: "@SuppressWarnings($A)", javac: jAnnotation("SuppressWarnings", 1)},

		// Statements.
		{pattern: "return null;", javac: func(_ *jFile, n *javac.Node) bool {
			return n.Kind == "RETURN" && jKind(n.Role1("expression"), "NULL_LITERAL")
		}},
		{pattern: "return $X;", javac: jReturns},
		{pattern: "throw $E;", javac: jIs("THROW")},
		{pattern: "throw new $E($$$A);", javac: func(f *jFile, n *javac.Node) bool {
			return n.Kind == "THROW" && newT(f, n.Role1("expression"))
		}},
		{pattern: "if ($C) { $$$A } else { $$$B }", javac: func(_ *jFile, n *javac.Node) bool {
			return n.Kind == "IF" && n.Role1("elseStatement") != nil
		}},
		{pattern: "if ($X == null) { $$$B }", javac: func(f *jFile, n *javac.Node) bool {
			return n.Kind == "IF" && n.Role1("elseStatement") == nil && nullRight("EQUAL_TO")(f, jUnparen(n.Role1("condition")))
		}},
		{pattern: "if ($X == null) return $Y;", javac: func(f *jFile, n *javac.Node) bool {
			return n.Kind == "IF" && n.Role1("elseStatement") == nil && nullRight("EQUAL_TO")(f, jUnparen(n.Role1("condition"))) &&
				jBody(n.Role1("thenStatement"), jReturns)
		}},
		{pattern: "for ($T $V : $C) { $$$B }", javac: func(_ *jFile, n *javac.Node) bool {
			return n.Kind == "ENHANCED_FOR_LOOP" && jBare(n.Role1("variable"))
		}},
		{pattern: "while ($C) { $$$B }", javac: jIs("WHILE_LOOP")},
		{pattern: "do { $$$B } while ($C);", javac: jIs("DO_WHILE_LOOP")},
		{pattern: "try { $$$B } catch ($E $V) { $$$C }", javac: func(_ *jFile, n *javac.Node) bool {
			c := n.Roles("catches")
			return n.Kind == "TRY" && len(n.Roles("resources")) == 0 && n.Role1("finallyBlock") == nil &&
				len(c) == 1 && jBare(c[0].Role1("parameter"))
		}},
		{pattern: "catch (Exception $E) { $$$B }", javac: func(_ *jFile, n *javac.Node) bool {
			p := n.Role1("parameter")
			return n.Kind == "CATCH" && jBare(p) && jName(p.Role1("type"), "Exception")
		}},
		{pattern: "synchronized ($L) { $$$B }", javac: jIs("SYNCHRONIZED")},
		{pattern: "assert $C;", javac: func(_ *jFile, n *javac.Node) bool {
			return n.Kind == "ASSERT" && n.Role1("detail") == nil
		}},
		{pattern: "switch ($X) { $$$C }", javac: func(_ *jFile, n *javac.Node) bool {
			// a statement and an expression are one kind of ours, as
			// tree-sitter-java has it
			return n.Kind == "SWITCH" || n.Kind == "SWITCH_EXPRESSION"
		}},
		{pattern: "case $P -> $E", javac: func(_ *jFile, n *javac.Node) bool {
			l := jCaseLabels(n)
			return jRule(n) && len(l) == 1 && l[0].Kind != "DEFAULT_CASE_LABEL" && n.Role1("guard") == nil
		}},
		// Java 21: a type pattern, a record pattern and a guard in a
		// case, and a record pattern after instanceof.
		{pattern: "case $T $V -> $E", java21: true, javac: func(_ *jFile, n *javac.Node) bool {
			p := jCasePattern(n)
			return jKind(p, "BINDING_PATTERN") && jBare(p.Role1("variable")) && p.Role1("variable").Role1("type") != nil
		}},
		{pattern: "case $R($$$P) -> $E", java21: true, javac: func(_ *jFile, n *javac.Node) bool {
			return jKind(jCasePattern(n), "DECONSTRUCTION_PATTERN")
		}},
		{pattern: "case $P when $G -> $E", java21: true, javac: func(_ *jFile, n *javac.Node) bool {
			l := jCaseLabels(n)
			return jRule(n) && len(l) == 1 && n.Role1("guard") != nil
		}},
		{pattern: "$X instanceof $R($$$P)", java21: true, javac: func(_ *jFile, n *javac.Node) bool {
			return n.Kind == "INSTANCE_OF" && jKind(n.Role1("pattern"), "DECONSTRUCTION_PATTERN")
		}},
		{pattern: "yield $X;", javac: jIs("YIELD")},
		{pattern: "var $X = $E;", javac: func(f *jFile, n *javac.Node) bool {
			return n.Kind == "VARIABLE" && n.Role1("type") == nil && n.Role1("initializer") != nil && jBare(n) &&
				n.Role != "resources" && strings.HasPrefix(f.text(n), "var")
		}},

		// Declarations: a pattern that writes no modifiers finds none
		// with them, annotations included.
		{pattern: "import java.util.$C;", javac: func(f *jFile, n *javac.Node) bool {
			q := n.Role1("qualifiedIdentifier")
			return n.Kind == "IMPORT" && !n.Has("static") && jKind(q, "MEMBER_SELECT") &&
				f.squash(q.Role1("expression")) == "java.util" && q.Attr("identifier") != "*"
		}},
		{pattern: "class $C { $$$B }", javac: jDecl("CLASS")},
		{pattern: "enum $E { $$$B }", javac: jDecl("ENUM")},
		{pattern: "record $R($$$C) { $$$B }", javac: jDecl("RECORD")},
		{pattern: "@Override public String toString() { $$$B }", javac: func(f *jFile, n *javac.Node) bool {
			m := n.Role1("modifiers")
			a := m.Roles("annotations")
			return n.Kind == "METHOD" && n.Attr("name") == "toString" && len(n.Roles("parameters")) == 0 &&
				len(n.Roles("typeParameters")) == 0 && len(n.Roles("throws")) == 0 && n.Role1("body") != nil &&
				jName(n.Role1("returnType"), "String") &&
				len(a) == 1 && jName(a[0].Role1("annotationType"), "Override") && len(a[0].Roles("arguments")) == 0 &&
				strings.Join(m.List("flags"), " ") == "public" && strings.HasPrefix(f.text(m), "@")
		}},
	}
}

// jIs is a node of kind.
func jIs(kind string) func(*jFile, *javac.Node) bool {
	return func(_ *jFile, n *javac.Node) bool { return n.Kind == kind }
}

// jKind reports whether n is there and of kind.
func jKind(n *javac.Node, kind string) bool { return n != nil && n.Kind == kind }

// jName reports whether n is the identifier name.
func jName(n *javac.Node, name string) bool { return jKind(n, "IDENTIFIER") && n.Attr("name") == name }

// jUnparen is n inside its parentheses.
func jUnparen(n *javac.Node) *javac.Node {
	for jKind(n, "PARENTHESIZED") {
		n = n.Role1("expression")
	}
	return n
}

// jReceiver is the expression a method is called on, or nil when the
// call names the method alone.
func jReceiver(call *javac.Node) *javac.Node {
	if s := call.Role1("methodSelect"); jKind(s, "MEMBER_SELECT") {
		return s.Role1("expression")
	}
	return nil
}

// jCall is a call of the method name on a receiver, with no type
// arguments and nargs arguments (any number when nargs < 0). The
// receiver is written recv; any expression when recv is "".
func jCall(recv, name string, nargs int) func(*jFile, *javac.Node) bool {
	return func(f *jFile, n *javac.Node) bool {
		if !jKind(n, "METHOD_INVOCATION") || len(n.Roles("typeArguments")) > 0 {
			return false
		}
		s := n.Role1("methodSelect")
		if !jKind(s, "MEMBER_SELECT") || s.Attr("identifier") != name || len(s.Roles("typeArguments")) > 0 {
			return false
		}
		if recv != "" && f.squash(s.Role1("expression")) != recv {
			return false
		}
		return nargs < 0 || len(n.Roles("arguments")) == nargs
	}
}

// jGeneric is the type name with n type arguments.
func jGeneric(name string, n int) func(*jFile, *javac.Node) bool {
	return func(_ *jFile, x *javac.Node) bool {
		return x.Kind == "PARAMETERIZED_TYPE" && jName(x.Role1("type"), name) && len(x.Roles("typeArguments")) == n
	}
}

// jAnnotation is the annotation name with n arguments.
func jAnnotation(name string, n int) func(*jFile, *javac.Node) bool {
	return func(_ *jFile, x *javac.Node) bool {
		return x.Kind == "ANNOTATION" && jName(x.Role1("annotationType"), name) && len(x.Roles("arguments")) == n
	}
}

// jRule is a case with an arrow.
func jRule(n *javac.Node) bool { return n.Kind == "CASE" && n.Attr("caseKind") == "RULE" }

// jCaseLabels are a case's labels: its expressions in javac 17's tree;
// its labels in a newer javac's (a constant's, a pattern's, default).
func jCaseLabels(n *javac.Node) []*javac.Node {
	return append(n.Roles("expressions"), n.Roles("labels")...)
}

// jCasePattern is the pattern of an arrow case with one label, a
// pattern, and no guard; or nil.
func jCasePattern(n *javac.Node) *javac.Node {
	l := jCaseLabels(n)
	if !jRule(n) || len(l) != 1 || l[0].Kind != "PATTERN_CASE_LABEL" || n.Role1("guard") != nil {
		return nil
	}
	return l[0].Role1("pattern")
}

// jReturns is a return with a value.
func jReturns(_ *jFile, n *javac.Node) bool {
	return n.Kind == "RETURN" && n.Role1("expression") != nil
}

// jBody is a body that is, or is a block of just one statement that is,
// what match accepts.
func jBody(n *javac.Node, match func(*jFile, *javac.Node) bool) bool {
	if n == nil {
		return false
	}
	if s := n.Roles("statements"); n.Kind == "BLOCK" && len(s) == 1 {
		return match(nil, s[0])
	}
	return match(nil, n)
}

// jBare reports whether declaration n has no modifiers and no
// annotations.
func jBare(n *javac.Node) bool {
	if n == nil {
		return false
	}
	m := n.Role1("modifiers")
	return m == nil || len(m.List("flags")) == 0 && len(m.Roles("annotations")) == 0
}

// jDecl is a named declaration of kind with nothing the pattern does not
// write: no modifiers, type parameters, extends, implements or permits.
func jDecl(kind string) func(*jFile, *javac.Node) bool {
	return func(_ *jFile, n *javac.Node) bool {
		return n.Kind == kind && n.Attr("simpleName") != "" && jBare(n) && len(n.Roles("typeParameters")) == 0 &&
			n.Role1("extendsClause") == nil && len(n.Roles("implementsClause")) == 0 && len(n.Roles("permitsClause")) == 0
	}
}

// A jFile is one file of the comparison.
type jFile struct {
	path string // as javac is given it: absolute
	name string // as the test shows it
	part string // the corpus's part, or "fixture"
	// judge is the javac whose tree it is: javac 17, or the newer one for
	// what javac 17 cannot read
	judge string
	src   []byte
	ls    roLineStarts
	tree  *grammars.Tree
	root  *javac.Node
}

// text is n's source; "" when n is nil or javac gives it no range.
func (f *jFile) text(n *javac.Node) string {
	if n == nil || n.Start < 0 || n.End < n.Start || n.End > len(f.src) {
		return ""
	}
	return string(f.src[n.Start:n.End])
}

// squash is n's source with its whitespace removed: as our repeated
// metavariables compare it.
func (f *jFile) squash(n *javac.Node) string {
	if n == nil || n.Start < 0 {
		return "\x00" // no text: equal to nothing
	}
	return strings.Join(strings.Fields(f.text(n)), "")
}

// A jMatch is one match, on either side: its file and its byte range,
// the range's end trimmed of a trailing ;, whitespace and comments. node
// is javac's node, for javac's side.
type jMatch struct {
	f          *jFile
	start, end int
	key        string // file:first-last, what the multisets compare
	node       *javac.Node
}

// match is the match of start…end. The end is trimmed on both sides:
// our statements leave out their ;, and javac's take it, with whatever
// comment stands before it (return x /* why */ ;).
func (f *jFile) match(start, end int, n *javac.Node) jMatch {
	for end > start {
		if strings.IndexByte(" \t\r\n;", f.src[end-1]) >= 0 {
			end--
			continue
		}
		if c := f.commentAt(end - 1); c >= 0 {
			end = c
			continue
		}
		break
	}
	first, last := f.ls.line(uint32(start)), f.ls.line(uint32(max(start, end-1)))
	return jMatch{f, start, end, fmt.Sprintf("%s:%d-%d", f.name, first, last), n}
}

// commentAt returns the start of the comment that holds the byte at off,
// or -1: our tree keeps comments as trivia, sorted.
func (f *jFile) commentAt(off int) int {
	tr := f.tree.Trivia
	i := sort.Search(len(tr), func(i int) bool { return int(tr[i].End) > off })
	if i < len(tr) && int(tr[i].Start) <= off {
		return int(tr[i].Start)
	}
	return -1
}

// show is the match's key and the first line of its text.
func (m jMatch) show() string {
	snip := string(m.f.src[m.start:m.end])
	if nl := strings.IndexByte(snip, '\n'); nl >= 0 {
		snip = snip[:nl] + " …"
	}
	return m.key + "  " + snip
}

// jOracleEvery is how much of each part of the corpus the oracle takes:
// every Nth file, sorted by path: about 190 files of the JDK 17's sources
// and 130 of the Java 21 part; AGENTTOOLS_JAVA_ORACLE_FULL=1 takes all.
var jOracleEvery = map[string]int{javac.JDK17: 20, javac.Java21: 3}

// TestJavaOracle compares our Java search with javac's own syntax tree
// (internal/javac: JavacTask.parse() and com.sun.source.tree), pattern by
// pattern, on the fixtures of testdata/java (an inventory, shapes as
// records and sealed types, a line reader, a cache, argument checks with
// the patterns' near misses, and Java 21's switch and record patterns,
// written for this test) and a sample of the Java corpus of
// scripts/peers.sh javacorpus (jOracleEvery).
//
// javac 17 gives the trees. What it cannot read, Java 21's patterns, a
// newer javac reads with --release 21 where the machine has one (the
// Temurin JDK 25 that most machines of this kind have, and no registry
// here installs); where it has none, those files are left out and
// logged, and the Java 21 cases are not held to oracleMin in the
// fixtures.
//
// Each case says, as a predicate over javac's tree, which nodes the
// pattern should find. A match is compared by its file, its first line
// and its last line, as a multiset; the range's end is trimmed of a
// trailing ;, whitespace and comments on both sides, since our
// statements leave out the ; that ends them. Every location only one
// side finds must be explained by the case's whys; in the fixtures each
// case must have its class of difference (jSame but for the cases that
// say otherwise) and at least oracleMin matches. jOursBug cases are our
// known bugs, logged. Under AGENTTOOLS_JAVA_DIFFS, a folder, each case's
// differences are written there, one file a case.
//
// javac's parser folds a - before a number into the number (-1 is one
// literal) and, unless told not to, "a" + "b" into one string; the
// dumper tells it not to, so that $A + $B finds every +.
func TestJavaOracle(t *testing.T) {
	began := time.Now()
	tools := javac.Require(t)
	paths, names, parts, fixtures := jOracleInputs(t)
	newer, have21 := tools.Newer(context.Background())
	if have21 {
		t.Logf("javac 17 gives the trees, and %s, with --release 21, those of the files javac 17 cannot read", newer.Version)
	} else {
		newer = nil
		t.Logf("no JDK of 21 or later here (Temurin's JDK 25 is on most machines of this kind): the files javac 17 cannot read are left out, and the Java 21 cases go unchecked in the fixtures")
	}
	files, left := jLoad(t, tools, newer, paths, names, parts)
	t.Logf("javac's trees and ours of %d files in %v", len(paths), time.Since(began).Round(time.Millisecond))
	for _, l := range left {
		t.Log(l)
	}
	cases := jOracleCases()
	var fixtureFiles, corpusFiles []*jFile
	judges := map[string]int{}
	for _, f := range files {
		judges[f.judge]++
		if f.part == "fixture" {
			fixtureFiles = append(fixtureFiles, f)
		} else {
			corpusFiles = append(corpusFiles, f)
		}
	}
	for j, n := range judges {
		t.Logf("%d trees from %s", n, j)
	}
	if len(fixtureFiles) != fixtures && have21 {
		t.Errorf("%d of %d fixtures compared", len(fixtureFiles), fixtures)
	}
	t.Run("fixtures", func(t *testing.T) { jCompare(t, cases, fixtureFiles, true, have21) })
	t.Run("corpus", func(t *testing.T) {
		size := 0
		byPart := map[string]int{}
		for _, f := range corpusFiles {
			size += len(f.src)
			byPart[f.part]++
		}
		t.Logf("corpus: %d files compared (%d of the JDK 17's sources, %d Java 21 files; every Nth: %v), %.1f MB",
			len(corpusFiles), byPart[javac.JDK17], byPart[javac.Java21], os.Getenv("AGENTTOOLS_JAVA_ORACLE_FULL") != "1", float64(size)/1e6)
		jCompare(t, cases, corpusFiles, false, have21)
	})
	t.Logf("%d patterns in %v", len(cases), time.Since(began).Round(time.Millisecond))
}

// jOracleInputs returns the files of the Java oracles: the fixtures of
// testdata/java, and the sample of the Java corpus jOracleEvery takes,
// or all of it under AGENTTOOLS_JAVA_ORACLE_FULL=1; each with its name as
// the log shows it and its part ("fixture" for a fixture). fixtures is
// how many fixtures there are.
func jOracleInputs(t *testing.T) (paths, names, parts []string, fixtures int) {
	t.Helper()
	fx, err := filepath.Glob(filepath.Join("testdata", "java", "*.java"))
	if err != nil || len(fx) == 0 {
		t.Fatalf("no fixtures in testdata/java: %v", err)
	}
	for _, f := range fx {
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		paths, names, parts = append(paths, abs), append(names, filepath.Base(f)), append(parts, "fixture")
	}
	full := os.Getenv("AGENTTOOLS_JAVA_ORACLE_FULL") == "1"
	seen := map[string]int{}
	for _, f := range javac.RequireCorpus(t) {
		seen[f.Part]++
		if !full && (seen[f.Part]-1)%jOracleEvery[f.Part] != 0 {
			continue
		}
		paths, names, parts = append(paths, f.Path), append(names, jShortName(f.Path)), append(parts, f.Part)
	}
	return paths, names, parts, len(fx)
}

// jShortName is a corpus file's name as the log shows it: from its part
// on (jdk17/java.base/java/util/List.java).
func jShortName(path string) string {
	slash := filepath.ToSlash(path)
	for _, p := range javac.Parts {
		if i := strings.Index(slash, "/"+p+"/"); i >= 0 {
			return slash[i+1:]
		}
	}
	return slash
}

// jLoad has javac 17 dump the trees of the files, and newer, when it is
// not nil, those javac 17 rejects; has our grammar parse them; and keeps
// those javac accepts and ours parses cleanly. It returns them and why the
// others were left out. A file ours does not parse fails the test, as one
// javac rejects does not: the Java 21 files javac 17 cannot read are
// expected where there is no newer javac.
func jLoad(t *testing.T, tools, newer *javac.Tools, paths, names, parts []string) ([]*jFile, []string) {
	t.Helper()
	trees, err := tools.Trees(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	judges := make([]string, len(paths))
	var again []int
	for i, tr := range trees {
		judges[i] = "javac 17"
		if !tr.OK && newer != nil {
			again = append(again, i)
		}
	}
	if len(again) > 0 {
		ps := make([]string, len(again))
		for k, i := range again {
			ps[k] = paths[i]
		}
		more, err := newer.Trees(context.Background(), ps)
		if err != nil {
			t.Fatal(err)
		}
		for k, i := range again {
			trees[i], judges[i] = more[k], newer.Version+" --release "+newer.Release
		}
	}
	files := make([]*jFile, len(paths))
	why := make([]string, len(paths))
	gramtest.Parallel(runtime.GOMAXPROCS(0), len(paths), func(i int) {
		files[i], why[i] = jLoadOne(paths[i], names[i], parts[i], trees[i])
		if files[i] != nil {
			files[i].judge = judges[i]
		}
	})
	var kept []*jFile
	var left []string
	for i, f := range files {
		switch {
		case f != nil:
			kept = append(kept, f)
		case strings.HasPrefix(why[i], "our grammar"):
			t.Errorf("left out: %s: %s", names[i], why[i])
		default:
			left = append(left, "left out: "+names[i]+": "+why[i])
		}
	}
	return kept, left
}

// jLoadOne loads one file, or says why it is left out.
func jLoadOne(path, name, part string, tree javac.Tree) (*jFile, string) {
	if !tree.OK || tree.Root == nil {
		msg := "javac gives no tree"
		if len(tree.Errors) > 0 {
			first, _, _ := strings.Cut(tree.Errors[0].Msg, "\n")
			msg = fmt.Sprintf("javac rejects it: line %d: %s", tree.Errors[0].Line, first)
		}
		return nil, msg
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err.Error()
	}
	f := &jFile{path: path, name: name, part: part, src: src, ls: roNewLineStarts(src), root: tree.Root}
	f.tree, _ = java.Language.Parse(src)
	if len(f.tree.Errors) > 0 {
		return nil, fmt.Sprintf("our grammar: %.200s", f.tree.Errors.Error())
	}
	return f, ""
}

// jRun runs every case over files, on our side and on javac's, and
// returns each case's matches on either side, sorted by key, and the
// compile errors of our patterns.
func jRun(t *testing.T, cases []jCase, files []*jFile) (ours, theirs [][]jMatch, compileErr []error) {
	t.Helper()
	pats := make([]*matcher.Pattern, len(cases))
	compileErr = make([]error, len(cases))
	for i, c := range cases {
		p, err := matcher.Compile(java.Language, c.pattern)
		if err != nil {
			if c.want != jOursBug {
				t.Errorf("Compile(%q): %v", c.pattern, err)
			}
			compileErr[i] = err
			continue
		}
		pats[i] = p
	}
	// per file, per case, the matches on either side
	oursBy := make([][][]jMatch, len(files))
	theirsBy := make([][][]jMatch, len(files))
	gramtest.Parallel(runtime.GOMAXPROCS(0), len(files), func(i int) {
		f := files[i]
		o := make([][]jMatch, len(cases))
		th := make([][]jMatch, len(cases))
		for ci, p := range pats {
			if p == nil {
				continue
			}
			for _, m := range p.Find(f.tree) {
				sp := m.Span(f.tree)
				o[ci] = append(o[ci], f.match(int(sp.Start), int(sp.End), nil))
			}
		}
		// javac's tree has a declaration's type and modifiers under each
		// of its declarators (List<String> a, b;): one node of the
		// source, found once
		type at struct {
			kind       string
			start, end int
		}
		seen := map[at]bool{}
		f.root.Walk(func(n *javac.Node) bool {
			if n.Start < 0 || n.End < n.Start || n.End > len(f.src) {
				return true
			}
			k := at{n.Kind, n.Start, n.End}
			if seen[k] {
				return false
			}
			seen[k] = true
			for ci, c := range cases {
				if c.javac(f, n) {
					th[ci] = append(th[ci], f.match(n.Start, n.End, n))
				}
			}
			return true
		})
		oursBy[i], theirsBy[i] = o, th
	})
	ours = make([][]jMatch, len(cases))
	theirs = make([][]jMatch, len(cases))
	for i := range files {
		for ci := range cases {
			ours[ci] = append(ours[ci], oursBy[i][ci]...)
			theirs[ci] = append(theirs[ci], theirsBy[i][ci]...)
		}
	}
	for ci := range cases {
		for _, l := range [][]jMatch{ours[ci], theirs[ci]} {
			sort.Slice(l, func(i, j int) bool { return l[i].key < l[j].key })
		}
	}
	return ours, theirs, compileErr
}

// jCompare runs every case over files and checks that each location
// only one side finds is explained by one of the case's whys; with exact
// (the fixtures), also that the case has its class of difference and
// finds at least oracleMin matches, a Java 21 case only when have21 says
// a newer javac gave the trees of the Java 21 fixture.
func jCompare(t *testing.T, cases []jCase, files []*jFile, exact, have21 bool) {
	t.Helper()
	ours, theirs, compileErr := jRun(t, cases, files)
	dump := os.Getenv("AGENTTOOLS_JAVA_DIFFS")
	t.Logf("%-46s %-20s %6s %6s %6s %6s %6s", "pattern", "class in the fixtures", "ours", "javac", "both", "ours+", "javac+")
	agree := 0
	for ci, c := range cases {
		got, want := ours[ci], theirs[ci]
		onlyOurs, onlyJavac, both := jSplit(got, want)
		t.Logf("%-46q %-20s %6d %6d %6d %6d %6d", c.pattern, c.want, len(got), len(want), both, len(onlyOurs), len(onlyJavac))
		if compileErr[ci] != nil {
			t.Logf("    does not compile: %.200v", compileErr[ci])
		}
		if len(onlyOurs)+len(onlyJavac) == 0 {
			agree++
		}
		e := roExplain([2][]jMatch{onlyOurs, onlyJavac}, [2][]jMatch{got, want}, c.why, jKey, jMatch.show)
		count, unexplained, lines := e.count, e.unexplained, e.lines
		restOurs, restJavac := e.rest[0], e.rest[1] // what no why explains
		for wi, w := range c.why {
			if count[wi] > 0 {
				side := "ours+"
				if w.theirs {
					side = "javac+"
				}
				t.Logf("    %-6s %6d  %s", side, count[wi], w.name)
			}
		}
		if dump != "" {
			kind := "corpus"
			if exact {
				kind = "fixtures"
			}
			name := filepath.Join(dump, fmt.Sprintf("java-%s-%02d.txt", kind, ci))
			body := fmt.Sprintf("%q\n", c.pattern) + strings.Join(lines, "\n") + "\n"
			if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
				t.Error(err)
			}
		}
		if !exact {
			if len(unexplained) > 0 && c.want != jOursBug {
				more := ""
				if len(unexplained) > 15 {
					more = fmt.Sprintf("\n… and %d more", len(unexplained)-15)
					unexplained = unexplained[:15]
				}
				t.Errorf("%q: %d locations that differ are not explained (- javac only, + ours only):\n%s%s",
					c.pattern, len(unexplained), strings.Join(unexplained, "\n"), more)
			}
			continue
		}
		if c.want != jOursBug && len(want) < oracleMin && (have21 || !c.java21) {
			t.Errorf("%q: javac's tree has %d matches in the fixtures, fewer than %d: the case tests nothing", c.pattern, len(want), oracleMin)
		}
		ok := true
		switch c.want {
		case jSame:
			ok = len(restOurs) == 0 && len(restJavac) == 0
		case jJavacFewer:
			ok = len(restJavac) == 0 && len(onlyOurs) > 0
		case jOursFewer:
			ok = len(restOurs) == 0 && len(onlyJavac) > 0
		case jOursBug:
			if len(onlyOurs)+len(onlyJavac) == 0 && compileErr[ci] == nil {
				t.Logf("%q: a known bug of ours, and ours agrees with javac: the bug is fixed, make the case jSame", c.pattern)
			}
		}
		if !ok {
			var diff []string
			for _, m := range restJavac {
				diff = append(diff, "- "+m.show())
			}
			for _, m := range restOurs {
				diff = append(diff, "+ "+m.show())
			}
			t.Errorf("%q: expected %s (%s); ours %d, javac %d, differ (- javac only, + ours only):\n%s",
				c.pattern, c.want, c.note, len(got), len(want), strings.Join(diff, "\n"))
		}
	}
	t.Logf("%d of %d patterns agree exactly", agree, len(cases))
}

// jSplit pairs up two lists sorted by key (roSplit).
func jSplit(a, b []jMatch) (onlyA, onlyB []jMatch, both int) {
	return roSplit(a, b, func(m jMatch) string { return m.key })
}
