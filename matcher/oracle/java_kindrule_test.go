package oracle

import (
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars/java"
	"github.com/agenttools/agenttools/internal/javac"
)

// Predicates over javac's tree.

// jkAbove reports whether a node above n meets ok.
func jkAbove(n *javac.Node, ok func(*javac.Node) bool) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if ok(p) {
			return true
		}
	}
	return false
}

// jkBelow reports whether a node below n meets ok.
func jkBelow(n *javac.Node, ok func(*javac.Node) bool) bool {
	found := false
	n.Walk(func(k *javac.Node) bool {
		found = found || k != n && ok(k)
		return !found
	})
	return found
}

// jkArg is which argument n is (1-based) of a call, a new or an explicit
// constructor call; 0 when it is none.
func jkArg(n *javac.Node) int {
	if n.Role != "arguments" {
		return 0
	}
	return slices.Index(n.Parent.Roles("arguments"), n) + 1
}

// jkPrev is the statement before n in its block or case, or nil.
func jkPrev(n *javac.Node) *javac.Node {
	if n.Parent == nil || n.Role != "statements" {
		return nil
	}
	stmts := n.Parent.Roles("statements")
	i := slices.Index(stmts, n)
	if i <= 0 {
		return nil
	}
	return stmts[i-1]
}

// jkMethod is a method, not a constructor: javac's tree has both as
// METHOD, ours and tree-sitter's a constructor_declaration apart.
func jkMethod(n *javac.Node) bool { return n.Kind == "METHOD" && n.Attr("name") != "<init>" }

func jkLoop(n *javac.Node) bool {
	switch n.Kind {
	case "FOR_LOOP", "ENHANCED_FOR_LOOP", "WHILE_LOOP", "DO_WHILE_LOOP":
		return true
	}
	return false
}

// jkKindRuleCases are the rules, each with its predicate over javac's
// tree. Kinds and fields are tree-sitter-java's.
func jkKindRuleCases() []krCase[*javac.Node, jMatch] {
	return []krCase[*javac.Node, jMatch]{
		{
			name: "method returning a value",
			rule: "rule:\n  kind: method_declaration\n  has: {kind: return_statement, stopBy: end, regex: '^return\\s*[^\\s;]'}\n",
			ref: func(n *javac.Node) bool {
				return jkMethod(n) && n.Role1("body") != nil && jkBelow(n, func(k *javac.Node) bool { return jReturns(nil, k) })
			},
		},
		{
			name: "if with no else",
			rule: "rule:\n  kind: if_statement\n  not: {has: {field: alternative, regex: '(?s).'}}\n",
			ref:  func(n *javac.Node) bool { return n.Kind == "IF" && n.Role1("elseStatement") == nil },
		},
		{
			name: "method with @Override",
			rule: "rule:\n  kind: method_declaration\n  has:\n    kind: modifiers\n    has: {kind: marker_annotation, regex: '^@Override$'}\n",
			ref: func(n *javac.Node) bool {
				return jkMethod(n) && slices.ContainsFunc(n.Role1("modifiers").Roles("annotations"), func(a *javac.Node) bool {
					return jAnnotation("Override", 0)(nil, a)
				})
			},
		},
		{
			// X.class is a member select to javac, a class_literal to
			// tree-sitter and ours.
			name: "call on a field",
			rule: "rule:\n  kind: method_invocation\n  has: {field: object, kind: field_access}\n",
			ref: func(n *javac.Node) bool {
				r := jReceiver(n)
				return n.Kind == "METHOD_INVOCATION" && jKind(r, "MEMBER_SELECT") && r.Attr("identifier") != "class"
			},
		},
		{
			name: "cast as an argument",
			rule: "rule:\n  kind: cast_expression\n  inside: {kind: argument_list}\n",
			ref:  func(n *javac.Node) bool { return n.Kind == "TYPE_CAST" && jkArg(n) > 0 },
		},
		{
			name: "name, the 2nd argument",
			rule: "rule:\n  kind: identifier\n  nthChild: 2\n  inside: {kind: argument_list}\n",
			// this and super are identifiers to javac, keywords to
			// tree-sitter and ours.
			ref: func(n *javac.Node) bool {
				return n.Kind == "IDENTIFIER" && n.Attr("name") != "this" && n.Attr("name") != "super" && jkArg(n) == 2
			},
		},
		{
			name: "return right after a local",
			rule: "rule:\n  kind: return_statement\n  follows: {kind: local_variable_declaration}\n",
			ref: func(n *javac.Node) bool {
				return n.Kind == "RETURN" && jKind(jkPrev(n), "VARIABLE")
			},
		},
		{
			name: "block lambda in a call",
			rule: "rule:\n  kind: lambda_expression\n  has: {field: body, kind: block}\n" +
				"  inside: {kind: method_invocation, stopBy: end}\n",
			ref: func(n *javac.Node) bool {
				return n.Kind == "LAMBDA_EXPRESSION" && jKind(n.Role1("body"), "BLOCK") && jkAbove(n, func(p *javac.Node) bool { return p.Kind == "METHOD_INVOCATION" })
			},
		},
		{
			name: "catch that throws",
			rule: "rule:\n  kind: catch_clause\n  has:\n    field: body\n    kind: block\n    has: {kind: throw_statement}\n",
			ref: func(n *javac.Node) bool {
				return n.Kind == "CATCH" && slices.ContainsFunc(n.Role1("block").Roles("statements"), func(s *javac.Node) bool {
					return s.Kind == "THROW"
				})
			},
		},
		{
			name: "loop in a lambda",
			rule: "rule:\n  any: [{kind: for_statement}, {kind: enhanced_for_statement}, {kind: while_statement}, {kind: do_statement}]\n" +
				"  inside: {kind: lambda_expression, stopBy: end}\n",
			ref: func(n *javac.Node) bool {
				return jkLoop(n) && jkAbove(n, func(p *javac.Node) bool { return p.Kind == "LAMBDA_EXPRESSION" })
			},
		},
	}
}

// TestJavaKindRules runs kind rules over the files of TestJavaOracle
// (the fixtures, and the same sample of the Java corpus: jOracleEvery,
// or all of it under AGENTTOOLS_JAVA_ORACLE_FULL=1), and compares the
// byte ranges of their matches with what a predicate over javac's tree
// selects. A range's end is trimmed of a ;, whitespace and comments, as
// TestJavaOracle trims it.
func TestJavaKindRules(t *testing.T) {
	began := time.Now()
	tools := javac.Require(t)
	paths, names, parts, _ := jOracleInputs(t)
	newer, have21 := tools.Newer(t.Context())
	if !have21 {
		newer = nil
	}
	files, left := jLoad(t, tools, newer, paths, names, parts)
	for _, l := range left {
		t.Log(l)
	}
	size := 0
	for _, f := range files {
		size += len(f.src)
	}
	t.Logf("%d files (the fixtures and every Nth of the corpus: %v), %d compared (%.1f MB), in %v",
		len(paths), os.Getenv("AGENTTOOLS_JAVA_ORACLE_FULL") != "1", len(files), float64(size)/1e6, time.Since(began).Round(time.Millisecond))

	cases := jkKindRuleCases()
	rules := krCompile(t, java.Language, cases)
	ours, theirs := krRun(len(cases), len(files), func(i int) (ours, theirs [][]jMatch) {
		f := files[i]
		ours = krOurs(t, f.name, rules, f.tree, func(sp krSpan) jMatch { return f.byteMatch(sp.start, sp.end, nil) })
		theirs = make([][]jMatch, len(cases))
		f.root.Walk(func(n *javac.Node) bool {
			if n.Start < 0 || n.End < n.Start || n.End > len(f.src) {
				return true
			}
			for ci, c := range cases {
				if c.ref(n) {
					theirs[ci] = append(theirs[ci], f.byteMatch(n.Start, n.End, n))
				}
			}
			return true
		})
		return ours, theirs
	}, jKey)
	krCompare(t, "javac", cases, ours, theirs, nil, jKey, jMatch.show)
}

// byteMatch is match keyed by the byte range, not only the lines.
func (f *jFile) byteMatch(start, end int, n *javac.Node) jMatch {
	m := f.match(start, end, n)
	m.key = fmt.Sprintf("%s:%d@%d-%d", f.name, f.ls.line(uint32(m.start)), m.start, m.end)
	return m
}
