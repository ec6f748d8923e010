package oracle

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars/c"
	"github.com/agenttools/agenttools/internal/peers"
)

// Predicates over clang's tree.

// ckArg returns which argument of a call n is (1-based), under the
// implicit casts clang puts around it; 0 when it is none, or the callee.
func ckArg(n *cNode) int {
	for n.parent != nil && n.parent.Kind == "ImplicitCastExpr" {
		n = n.parent
	}
	if p := n.parent; p != nil && p.Kind == "CallExpr" {
		return slices.Index(p.Inner, n) // Inner[0] is the callee
	}
	return 0
}

// ckCallee is a call's callee under its implicit casts, or nil.
func ckCallee(n *cNode) *cNode {
	if n.Kind != "CallExpr" || len(n.Inner) == 0 {
		return nil
	}
	return n.child(0).bare()
}

// ckBelow reports whether a node below n meets ok.
func ckBelow(n *cNode, ok func(*cNode) bool) bool {
	for _, k := range n.Inner {
		if k != nil && (ok(k) || ckBelow(k, ok)) {
			return true
		}
	}
	return false
}

// ckAbove reports whether a node above n meets ok.
func ckAbove(n *cNode, ok func(*cNode) bool) bool {
	for p := n.parent; p != nil; p = p.parent {
		if ok(p) {
			return true
		}
	}
	return false
}

func ckLoop(n *cNode) bool {
	return n.Kind == "ForStmt" || n.Kind == "WhileStmt" || n.Kind == "DoStmt"
}

// ckPrev is the statement before n in its compound statement, or nil.
// A case label's statement is the label's first, then the label's
// siblings; ours has the label alone, and the statements after it as
// its siblings: so the statement before is the last one a run of case
// labels holds.
func ckPrev(n *cNode) *cNode {
	p := n.parent
	if p == nil || p.Kind != "CompoundStmt" {
		return nil
	}
	i := slices.Index(p.Inner, n)
	if i <= 0 {
		return nil
	}
	prev := p.Inner[i-1]
	for prev != nil && (prev.Kind == "CaseStmt" || prev.Kind == "DefaultStmt") {
		prev = prev.last()
	}
	return prev
}

// ckKindRuleCases are the rules, each with its predicate over clang's
// tree. Kinds and fields are tree-sitter-c's.
func ckKindRuleCases() []krCase[*cNode, cMatch] {
	valueReturn := func(n *cNode) bool { return cReturns(n) }
	return []krCase[*cNode, cMatch]{
		{
			name: "function returning a value",
			rule: "rule:\n  kind: function_definition\n  has: {kind: return_statement, stopBy: end, regex: '^return\\s*[^\\s;]'}\n",
			ref: func(n *cNode) bool {
				return n.Kind == "FunctionDecl" && n.last().Kind == "CompoundStmt" && ckBelow(n, valueReturn)
			},
			why: []roWhy[cMatch]{{theirs: true, name: "its returns with a value all come from macros", ok: func(m cMatch, _ map[string]bool) bool {
				return !ckBelow(m.node, func(k *cNode) bool { return valueReturn(k) && !k.macro && !k.macroStart })
			}}},
		},
		{
			name: "if with no else",
			rule: "rule:\n  kind: if_statement\n  not: {has: {field: alternative, kind: else_clause}}\n",
			ref:  func(n *cNode) bool { return n.Kind == "IfStmt" && !n.HasElse },
		},
		{
			name: "loop in a loop",
			rule: "rule:\n  any: [{kind: for_statement}, {kind: while_statement}, {kind: do_statement}]\n" +
				"  inside:\n    stopBy: end\n    any: [{kind: for_statement}, {kind: while_statement}, {kind: do_statement}]\n",
			ref: func(n *cNode) bool { return ckLoop(n) && ckAbove(n, ckLoop) },
		},
		{
			name: "assignment to a field",
			rule: "rule:\n  kind: assignment_expression\n  has: {field: left, kind: field_expression}\n",
			ref: func(n *cNode) bool {
				assign := n.Kind == "BinaryOperator" && n.Opcode == "=" || n.Kind == "CompoundAssignOperator"
				return assign && n.child(0).Kind == "MemberExpr"
			},
		},
		{
			name: "cast as an argument",
			rule: "rule:\n  kind: cast_expression\n  inside: {kind: argument_list}\n",
			ref:  func(n *cNode) bool { return n.Kind == "CStyleCastExpr" && ckArg(n) > 0 },
		},
		{
			name: "number, the 2nd argument",
			rule: "rule:\n  kind: number_literal\n  nthChild: 2\n  inside: {kind: argument_list}\n",
			ref: func(n *cNode) bool {
				return (n.Kind == "IntegerLiteral" || n.Kind == "FloatingLiteral") && ckArg(n) == 2
			},
			why: []roWhy[cMatch]{{theirs: true, name: "a macro's argument, which the macro's body makes a call's", ok: func(m cMatch, _ map[string]bool) bool {
				return m.node.inArg
			}}},
		},
		{
			name: "return right after an if",
			rule: "rule:\n  kind: return_statement\n  follows: {kind: if_statement}\n",
			ref: func(n *cNode) bool {
				p := ckPrev(n)
				return n.Kind == "ReturnStmt" && p != nil && p.Kind == "IfStmt"
			},
			why: []roWhy[cMatch]{{theirs: true, name: "after a macro's call that clang expands to an if", ok: func(m cMatch, _ map[string]bool) bool {
				p := ckPrev(m.node)
				return p.macro || p.macroStart
			}}, {theirs: true, name: "a conditional's directive stands between: ours holds the if in the conditional's node, as tree-sitter does", ok: func(m cMatch, _ map[string]bool) bool {
				p := ckPrev(m.node)
				return p.end >= 0 && m.f.anyLine(p.end, m.start, m.f.directiveLines)
			}}},
		},
		{
			name: "abort() or exit()",
			rule: "rule:\n  kind: call_expression\n  has: {field: function, kind: identifier, regex: '^(abort|exit)$'}\n",
			ref: func(n *cNode) bool {
				k := ckCallee(n)
				return k != nil && (k.refName() == "abort" || k.refName() == "exit")
			},
		},
		{
			name: "for on i < n",
			rule: "rule:\n  kind: for_statement\n  has:\n    field: condition\n    kind: binary_expression\n" +
				"    has: {field: operator, regex: '^<$'}\n",
			ref: func(n *cNode) bool {
				cond := n.child(2)
				return n.Kind == "ForStmt" && cond.Kind == "BinaryOperator" && cond.Opcode == "<"
			},
		},
		{
			name: "switch with no default",
			rule: "rule:\n  kind: switch_statement\n  not: {has: {kind: case_statement, regex: '^default', stopBy: end}}\n",
			ref: func(n *cNode) bool {
				return n.Kind == "SwitchStmt" && !ckBelow(n, func(k *cNode) bool { return k.Kind == "DefaultStmt" })
			},
		},
	}
}

// ckTortureEvery is how much of GCC's C torture tests the oracle takes:
// every Nth file, sorted by path; about 460 of 3,694. clang runs twice a
// file (its tree, and its preprocessor for the branches it skipped).
const ckTortureEvery = 8

// TestCKindRules runs kind rules over the C fixtures of TestCOracle and
// every ckTortureEvery-th file of GCC's C torture tests (scripts/peers.sh
// gcctorture), or all of them under AGENTTOOLS_C_ORACLE_FULL=1, and
// compares the byte ranges of their matches with what a predicate over
// clang-14's tree selects, as TestCOracle does: a range's end is trimmed
// of a ; and whitespace, and what the preprocessor makes differ (a branch
// clang skipped, a macro's invocation or body) is explained by
// cCommonWhys.
func TestCKindRules(t *testing.T) {
	began := time.Now()
	clang := peers.Require(t, "clang-14")
	paths, err := filepath.Glob(filepath.Join("testdata", "c", "*.c"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures in testdata/c: %v", err)
	}
	for i, p := range paths {
		if paths[i], err = filepath.Abs(p); err != nil {
			t.Fatal(err)
		}
	}
	top, err := peers.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	torture := filepath.Join(top, ".peers", "ccorpus", "gcc-torture")
	var corpus []string
	err = filepath.WalkDir(torture, func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(p, ".c") {
			corpus = append(corpus, p)
		}
		return err
	})
	if err != nil || len(corpus) == 0 {
		peers.Missing(t, "no C files under %s: run scripts/peers.sh gcctorture (%v)", torture, err)
	}
	slices.Sort(corpus)
	full := os.Getenv("AGENTTOOLS_C_ORACLE_FULL") == "1"
	for i, p := range corpus {
		if full || i%ckTortureEvery == 0 {
			paths = append(paths, p)
		}
	}
	name := func(p string) string {
		if rel, err := filepath.Rel(torture, p); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
		return filepath.Base(p)
	}
	files, left := cLoad(t, clang, paths, name)
	size := 0
	for _, f := range files {
		size += len(f.src)
	}
	t.Logf("%d files (the fixtures and every %dth torture test: %v), %d compared (%.1f MB), %d left out, in %v",
		len(paths), ckTortureEvery, !full, len(files), float64(size)/1e6, len(left), time.Since(began).Round(time.Millisecond))
	for i, l := range left {
		if i < 10 {
			t.Logf("left out: %s", l)
		}
	}
	if len(files) < len(paths)/2 {
		t.Fatalf("only %d of %d files compared", len(files), len(paths))
	}

	cases := ckKindRuleCases()
	rules := krCompile(t, c.Language, cases)
	ours, theirs := krRun(len(cases), len(files), func(i int) (ours, theirs [][]cMatch) {
		f := files[i]
		ours = krOurs(t, f.name, rules, f.tree, func(sp krSpan) cMatch { return f.match(sp.start, sp.end, nil) })
		theirs = make([][]cMatch, len(cases))
		f.walk(func(n *cNode) {
			for ci, c := range cases {
				if c.ref(n) {
					theirs[ci] = append(theirs[ci], f.match(n.start, n.end, n))
				}
			}
		})
		return ours, theirs
	}, cKey)
	krCompare(t, "clang", cases, ours, theirs, cCommonWhys(), cKey, cMatch.show)
}
