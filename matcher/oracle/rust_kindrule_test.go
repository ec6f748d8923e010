package oracle

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/agenttools/agenttools/grammars/rust"
	"github.com/agenttools/agenttools/matcher/rule"
)

// A rkFile is one Rust file of the kind-rule oracle.
type rkFile struct {
	name string // relative to the library
	src  []byte
	ls   roLineStarts
	tree *grammars.Tree
	ast  *rustNode
}

// A rkAt is a struct node of rustc's tree and the struct nodes above
// it, the nearest last.
type rkAt struct {
	n  *rustNode
	up []*rustNode
}

// parent is the nearest struct node above, or nil.
func (a rkAt) parent() *rustNode {
	if len(a.up) == 0 {
		return nil
	}
	return a.up[len(a.up)-1]
}

// A rkMatch is one match, on either side: its byte range, the end
// trimmed of a ; and whitespace. node is ours (NoNode on rustc's side),
// rn rustc's (nil on ours).
type rkMatch struct {
	f          *rkFile
	start, end int
	key        string
	node       int32
	rn         *rustNode
}

func (f *rkFile) match(start, end int, node int32, rn *rustNode) rkMatch {
	end = krTrim(f.src, start, end, nil)
	return rkMatch{f, start, end, fmt.Sprintf("%s:%d@%d-%d", f.name, f.ls.line(uint32(start)), start, end), node, rn}
}

func rkKey(m rkMatch) string { return m.key }

func (m rkMatch) show() string {
	snip := string(m.f.src[m.start:m.end])
	if nl := strings.IndexByte(snip, '\n'); nl >= 0 {
		snip = snip[:nl] + " …"
	}
	return m.key + "  " + snip
}

// offset is the byte offset of rustc's position p: its column counts
// characters from 1.
func (f *rkFile) offset(p rustPos) int {
	if p.Line < 1 || p.Line > len(f.ls) {
		return -1
	}
	off := int(f.ls[p.Line-1])
	for c := 1; c < p.Col && off < len(f.src); c++ {
		_, size := utf8.DecodeRune(f.src[off:])
		off += size
	}
	return off
}

// rkOurStart is where our node n starts for rustc: after the outer
// attributes it holds as children, which rustc's spans leave out.
func rkOurStart(tree *grammars.Tree, n int32) int {
	for _, c := range tree.Children(n) {
		if tree.KindName(c) != "attribute_item" {
			return int(tree.Nodes[c].Start)
		}
	}
	return int(tree.Nodes[n].Start)
}

// Predicates over rustc's tree.

// rkFnWithBody: an Item that is a fn with a body.
func rkFnWithBody(n *rustNode) bool {
	fn := roRitem(n, "Fn").item(0)
	return fn != nil && !roIsNone(fn.field("body"))
}

// rkHasExpr reports whether an Expr of variant v lies below n.
func rkHasExpr(n *rustNode, v string) bool {
	found := false
	n.walk(func(k *rustNode) bool {
		if found {
			return false
		}
		if k != n && roRexpr(k, v) != nil {
			found = true
		}
		return true
	})
	return found
}

// rkArgOf reports whether n is an argument of a call or method call p,
// and which (0-based); -1 when it is none. A method call's parent is
// the MethodCall struct inside its Expr.
func rkArgOf(p, n *rustNode) int {
	var args []*rustNode
	if c := roRexpr(p, "Call"); c != nil {
		args = c.item(1).Items
	} else if p != nil && p.Kind == "MethodCall" {
		args = p.field("args").Items
	}
	return slices.Index(args, n)
}

// rkUnsafeBlock: an unsafe { … } expression.
func rkUnsafeBlock(n *rustNode) bool {
	b := roRexpr(n, "Block")
	return b != nil && b.item(0).field("rules").Kind == "Unsafe"
}

// rkAbove reports whether a node above meets ok.
func rkAbove(a rkAt, ok func(*rustNode) bool) bool {
	return slices.ContainsFunc(a.up, ok)
}

func rkClosure(n *rustNode) bool { return roRexpr(n, "Closure") != nil }

// rkKindRuleCases are the rules, each with its predicate over rustc's
// tree. Kinds and fields are tree-sitter-rust's.
func rkKindRuleCases() []krCase[rkAt, rkMatch] {
	return []krCase[rkAt, rkMatch]{
		{
			name: "fn with a return",
			rule: "rule:\n  kind: function_item\n  has: {kind: return_expression, stopBy: end}\n",
			ref: func(a rkAt) bool {
				return rkFnWithBody(a.n) && rkHasExpr(a.n, "Ret")
			},
			why: []roWhy[rkMatch]{{name: "its returns are all in a macro call's tokens, which rustc's tree holds as tokens", ok: func(m rkMatch, _ map[string]bool) bool {
				t := m.f.tree
				all := true
				krBelow(t, m.node, func(n int32) {
					if t.KindName(n) == "return_expression" && !roInTokenTree(t, n) {
						all = false
					}
				})
				return all
			}}},
		},
		{
			name: "if with no else",
			rule: "rule:\n  kind: if_expression\n  not: {has: {kind: else_clause}}\n",
			ref: func(a rkAt) bool {
				k := roRexpr(a.n, "If")
				return k != nil && roIsNone(k.item(2))
			},
		},
		{
			name: "match arm with a guard",
			rule: "rule:\n  kind: match_arm\n  has: {kind: match_guard}\n",
			ref: func(a rkAt) bool {
				return a.n.Kind == "Arm" && !roIsNone(a.n.field("guard"))
			},
		},
		{
			name: "unsafe block in a fn",
			rule: "rule:\n  kind: unsafe_block\n  inside: {kind: function_item, stopBy: end}\n",
			ref: func(a rkAt) bool {
				return rkUnsafeBlock(a.n) && rkAbove(a, rkFnWithBody)
			},
		},
		{
			// Ours is one path node for any callee with :: or a
			// turbofish (f::<T>, tree-sitter's generic_function).
			name: "call of a path",
			rule: "rule:\n  kind: call_expression\n  has: {field: function, kind: scoped_identifier}\n",
			ref: func(a rkAt) bool {
				c := roRexpr(a.n, "Call")
				if c == nil {
					return false
				}
				p := roRexpr(c.item(0), "Path")
				if p == nil {
					return false
				}
				segs := p.item(1).field("segments").Items
				return !roIsNone(p.item(0)) || len(segs) > 1 || len(segs) == 1 && !roIsNone(segs[0].field("args"))
			},
		},
		{
			name: "integer, the 2nd argument",
			rule: "rule:\n  kind: integer_literal\n  nthChild: 2\n  inside: {kind: arguments}\n",
			ref: func(a rkAt) bool {
				l := roRexpr(a.n, "Lit").item(0)
				return l != nil && roAtomIs(l.field("kind"), "Integer") && rkArgOf(a.parent(), a.n) == 1
			},
		},
		{
			name: "let after a let",
			rule: "rule:\n  kind: let_declaration\n  follows: {kind: let_declaration}\n",
			ref: func(a rkAt) bool {
				if a.n.Kind != "Stmt" || variant(a.n) != "Let" {
					return false
				}
				stmts := a.parent().field("stmts").Items
				i := slices.Index(stmts, a.n)
				return i > 0 && variant(stmts[i-1]) == "Let"
			},
			why: []roWhy[rkMatch]{{theirs: true, name: "an attribute stands between: the let's own to rustc, a sibling in ours (and tree-sitter's)", ok: func(m rkMatch, _ map[string]bool) bool {
				return slices.ContainsFunc(m.rn.field("kind").item(0).field("attrs").Items, func(at *rustNode) bool {
					return variant(at) == "Normal"
				})
			}}},
		},
		{
			name: "closure as an argument",
			rule: "rule:\n  kind: closure_expression\n  inside: {kind: arguments}\n",
			ref: func(a rkAt) bool {
				return rkClosure(a.n) && rkArgOf(a.parent(), a.n) >= 0
			},
		},
		{
			name: "loop in a fn, not in a closure",
			rule: "rule:\n  any: [{kind: for_expression}, {kind: while_expression}, {kind: loop_expression}]\n" +
				"  inside: {kind: function_item, stopBy: end}\n  not: {inside: {kind: closure_expression, stopBy: end}}\n",
			ref: func(a rkAt) bool {
				v := variant(a.n)
				return a.n.Kind == "Expr" && (v == "ForLoop" || v == "While" || v == "Loop") &&
					rkAbove(a, rkFnWithBody) && !rkAbove(a, rkClosure)
			},
		},
		{
			name: "assert_eq!",
			rule: "rule:\n  kind: macro_invocation\n  has: {field: macro, kind: identifier, regex: '^assert_eq$'}\n",
			ref: func(a rkAt) bool {
				m := rustMacCall(a.n)
				if m == nil {
					return false
				}
				segs := m.field("path").field("segments").Items
				return len(segs) == 1 && rustSymbol(segs[0].field("ident")) == "assert_eq"
			},
		},
	}
}

// rkCommonWhys are the differences any rule may have.
func rkCommonWhys() []roWhy[rkMatch] {
	return []roWhy[rkMatch]{
		{name: "in a macro call's tokens, which rustc's tree holds as tokens", ok: func(m rkMatch, _ map[string]bool) bool {
			return roInTokenTree(m.f.tree, m.node)
		}},
	}
}

// TestRustKindRules runs kind rules over the corpus of TestRustOracle:
// its sample of the Rust standard library of rust-src (about 310 files),
// or all of it under AGENTTOOLS_RUST_ORACLE_FULL=1. Matches are compared
// by byte range, as rustc's spans give the line and character column of
// both ends; a match's end is trimmed of a ; and whitespace, as our
// statements leave out their ;. Our node's outer attributes, where it
// holds them, are left out, as rustc's spans leave them out.
//
// rustc's tree has tokens, no nodes, in a macro call's arguments, where
// ours parses what parses: our matches there are expected.
func TestRustKindRules(t *testing.T) {
	began := time.Now()
	root := rustLibrary(t)
	paths := rustOracleFiles(t, root, os.Getenv("AGENTTOOLS_RUST_ORACLE_FULL") == "1")
	cases := rkKindRuleCases()
	rules := krCompile(t, rust.Language, cases)

	files := make([]*rkFile, len(paths))
	ours := make([][][]rkMatch, len(paths))
	theirs := make([][][]rkMatch, len(paths))
	left := make([]string, len(paths))
	gramtest.Parallel(2, len(paths), func(i int) { // two rustc at once, as TestRustOracle runs
		files[i], ours[i], theirs[i], left[i] = rkLoadOne(root, paths[i], cases, rules)
	})

	o := make([][]rkMatch, len(cases))
	th := make([][]rkMatch, len(cases))
	compared, size := 0, 0
	for i, f := range files {
		if f == nil {
			if strings.HasPrefix(left[i], "our grammar") {
				t.Errorf("left out: %s: %s", paths[i], left[i])
			} else {
				t.Logf("left out: %s: %.200s", paths[i], left[i])
			}
			continue
		}
		compared++
		size += len(f.src)
		for ci := range cases {
			o[ci] = append(o[ci], ours[i][ci]...)
			th[ci] = append(th[ci], theirs[i][ci]...)
		}
	}
	krSort(o, rkKey)
	krSort(th, rkKey)
	t.Logf("%d files of %s, %d compared (%.1f MB), in %v", len(paths), root, compared, float64(size)/1e6, time.Since(began).Round(time.Millisecond))
	if compared < len(paths)/2 {
		t.Fatalf("only %d of %d files compared", compared, len(paths))
	}
	krCompare(t, "rustc", cases, o, th, rkCommonWhys(), rkKey, rkMatch.show)
}

// rkLoadOne has rustc and our grammar parse one file, and runs every
// case on both trees; or says why the file is left out.
func rkLoadOne(root, path string, cases []krCase[rkAt, rkMatch], rules []*rule.Rule) (*rkFile, [][]rkMatch, [][]rkMatch, string) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, nil, err.Error()
	}
	ast, err := rustcAST(path)
	if err != nil && strings.Contains(err.Error(), "let chains are only allowed in Rust 2024") {
		ast, err = rustcASTEdition(path, "2024")
	}
	if err != nil {
		return nil, nil, nil, "rustc rejects it: " + roFirstLine(err.Error())
	}
	tree, err := rust.Language.Parse(src)
	if err != nil || len(tree.Errors) > 0 {
		return nil, nil, nil, fmt.Sprintf("our grammar: %.300v %.300v", err, tree.Errors)
	}
	f := &rkFile{name: slashRel(root, path), src: src, ls: roNewLineStarts(src), tree: tree, ast: ast}
	ours := make([][]rkMatch, len(cases))
	for ci, r := range rules {
		spans, err := krFind(r, tree)
		if err != nil {
			return nil, nil, nil, fmt.Sprintf("our grammar: %s: %v", cases[ci].name, err)
		}
		for _, sp := range spans {
			ours[ci] = append(ours[ci], f.match(rkOurStart(tree, sp.node), sp.end, sp.node, nil))
		}
	}
	theirs := make([][]rkMatch, len(cases))
	var walk func(n *rustNode, up []*rustNode)
	walk = func(n *rustNode, up []*rustNode) {
		if n == nil {
			return
		}
		if n.Form == rustStruct {
			a := rkAt{n, up}
			for ci, c := range cases {
				if !c.ref(a) {
					continue
				}
				s := n.spanNode()
				if s == nil || s.Start.Line == 0 {
					continue
				}
				start, end := f.offset(s.Start), f.offset(s.End)
				if start < 0 || end < start {
					continue
				}
				theirs[ci] = append(theirs[ci], f.match(start, end, grammars.NoNode, n))
			}
			up = append(up, n)
		}
		for _, fl := range n.Fields {
			walk(fl.Value, up)
		}
		for _, k := range n.Items {
			walk(k, up)
		}
	}
	walk(ast, nil)
	return f, ours, theirs, ""
}
