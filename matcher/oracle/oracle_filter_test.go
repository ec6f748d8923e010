package oracle

import (
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/golang"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/search"
)

// An oracleFilterCase is a pattern with relational filters and
// constraints, and a go/ast predicate that sees the node and the nodes
// above it (its stack, outermost first) and says whether the filtered
// pattern matches there.
type oracleFilterCase struct {
	pattern                      string
	inside, notInside, has, notH string
	where, whereNot              map[string]string
	match                        func(f *oracleFile, n ast.Node, stack []ast.Node) bool
}

func (tc oracleFilterCase) String() string {
	var b strings.Builder
	b.WriteString(tc.pattern)
	for _, kv := range [][2]string{{"inside", tc.inside}, {"not_inside", tc.notInside}, {"has", tc.has}, {"not_has", tc.notH}} {
		if kv[1] != "" {
			fmt.Fprintf(&b, " %s %q", kv[0], kv[1])
		}
	}
	for k, v := range tc.where {
		fmt.Fprintf(&b, " where %s~%s", k, v)
	}
	for k, v := range tc.whereNot {
		fmt.Fprintf(&b, " where_not %s~%s", k, v)
	}
	return b.String()
}

// text is the source of a node.
func (f *oracleFile) text(n ast.Node) string {
	var b strings.Builder
	for i, tok := range f.tokens(n) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(tok.text)
	}
	return b.String()
}

// contains reports whether some node strictly below n satisfies ok.
func contains(n ast.Node, ok func(ast.Node) bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found || m == nil {
			return false
		}
		if m != n && ok(m) {
			found = true
		}
		return !found
	})
	return found
}

func closeCall(n ast.Node) ast.Expr {
	c := call(n)
	if c == nil || !fixedArgs(c, 0) || !isSel(c.Fun, "", "Close") {
		return nil
	}
	return c.Fun.(*ast.SelectorExpr).X
}

func oracleFilterCases() []oracleFilterCase {
	return []oracleFilterCase{
		{pattern: "$X.Close()", notInside: "defer $$$", match: func(f *oracleFile, n ast.Node, stack []ast.Node) bool {
			if closeCall(n) == nil {
				return false
			}
			for _, a := range stack {
				if _, ok := a.(*ast.DeferStmt); ok {
					return false
				}
			}
			return true
		}},
		{pattern: "$X.Close()", notInside: "defer $X.Close()", match: func(f *oracleFile, n ast.Node, stack []ast.Node) bool {
			x := closeCall(n)
			if x == nil {
				return false
			}
			for _, a := range stack {
				if d, ok := a.(*ast.DeferStmt); ok {
					if y := closeCall(d.Call); y != nil && f.same(x, y) {
						return false
					}
				}
			}
			return true
		}},
		{pattern: "$F($$$A)", where: map[string]string{"F": `(^|\.)Must`}, match: func(f *oracleFile, n ast.Node, stack []ast.Node) bool {
			c := call(n)
			return c != nil && regexp.MustCompile(`(^|\.)Must`).MatchString(f.src(c.Fun))
		}},
		{pattern: "if err != nil { $$$B }", has: "panic($$$A)", match: func(f *oracleFile, n ast.Node, stack []ast.Node) bool {
			if errCheck(asStmt(n)) == nil {
				return false
			}
			return contains(n, func(m ast.Node) bool {
				c := call(m)
				return c != nil && isIdent(c.Fun, "panic")
			})
		}},
		{pattern: "$X == $Y", where: map[string]string{"Y": "^[\"`]"}, match: func(f *oracleFile, n ast.Node, stack []ast.Node) bool {
			b := binary(n, token.EQL)
			if b == nil {
				return false
			}
			l, ok := b.Y.(*ast.BasicLit)
			return ok && l.Kind == token.STRING
		}},
		{pattern: "fmt.Errorf($$$A)", inside: "func $F($$$P) error { $$$B }", match: func(f *oracleFile, n ast.Node, stack []ast.Node) bool {
			c := call(n)
			if c == nil || !isSel(c.Fun, "fmt", "Errorf") {
				return false
			}
			for _, a := range stack {
				if d, ok := a.(*ast.FuncDecl); ok && d.Recv == nil && d.Type.TypeParams == nil && d.Body != nil && resultIs(d.Type, "error") {
					return true
				}
			}
			return false
		}},
		{pattern: "go func() { $$$B }()", has: "$W.Done()", match: func(f *oracleFile, n ast.Node, stack []ast.Node) bool {
			g, ok := n.(*ast.GoStmt)
			if !ok || !calledFuncLit(g.Call) {
				return false
			}
			return contains(g, func(m ast.Node) bool {
				c := call(m)
				return c != nil && fixedArgs(c, 0) && isSel(c.Fun, "", "Done")
			})
		}},
		{pattern: "$A.$M()", where: map[string]string{"M": "^(Lock|Unlock)$"}, whereNot: map[string]string{"A": "mu$"}, match: func(f *oracleFile, n ast.Node, stack []ast.Node) bool {
			c := call(n)
			if c == nil || !fixedArgs(c, 0) {
				return false
			}
			s, ok := c.Fun.(*ast.SelectorExpr)
			return ok && (s.Sel.Name == "Lock" || s.Sel.Name == "Unlock") && !strings.HasSuffix(f.src(s.X), "mu")
		}},
		{pattern: "if err != nil { $$$B }", notH: "return $$$", match: func(f *oracleFile, n ast.Node, stack []ast.Node) bool {
			return errCheck(asStmt(n)) != nil && !contains(n, func(m ast.Node) bool { _, ok := m.(*ast.ReturnStmt); return ok })
		}},
	}
}

// src is a node's source text, as the matcher sees captures.
func (f *oracleFile) src(n ast.Node) string {
	return string(f.source[f.tf.Offset(n.Pos()):f.tf.Offset(n.End())])
}

func asStmt(n ast.Node) ast.Stmt {
	s, _ := n.(ast.Stmt)
	return s
}

// TestOracleFilters checks relational filters and constraints against
// go/ast on the oracle's files, as TestOracle checks patterns.
func TestOracleFilters(t *testing.T) {
	root, files, dirs := loadOracle(t)
	cases := oracleFilterCases()
	want := make([][]string, len(cases))
	for _, f := range files {
		var stack []ast.Node
		ast.Inspect(f.ast, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			for i, tc := range cases {
				if tc.match(f, n, stack) {
					start, end := f.lines(n)
					want[i] = append(want[i], fmt.Sprintf("%s:%d-%d", f.rel, start, end))
				}
			}
			stack = append(stack, n)
			return true
		})
	}
	compile := func(s string) *matcher.Pattern {
		if s == "" {
			return nil
		}
		p, err := matcher.Compile(golang.Language, s)
		if err != nil {
			t.Fatalf("Compile(%q): %v", s, err)
		}
		return p
	}
	res := func(m map[string]string) map[string]*regexp.Regexp {
		out := map[string]*regexp.Regexp{}
		for k, v := range m {
			out[k] = regexp.MustCompile(v)
		}
		return out
	}
	cache := search.NewCache(1 << 30)
	for i, tc := range cases {
		p := compile(tc.pattern)
		fl := &matcher.Filters{Inside: compile(tc.inside), NotInside: compile(tc.notInside), Has: compile(tc.has), NotHas: compile(tc.notH), Where: res(tc.where), WhereNot: res(tc.whereNot)}
		if err := fl.Check(p); err != nil {
			t.Fatalf("%s: %v", tc, err)
		}
		var ours []string
		for _, dir := range dirs {
			r, err := search.Search(context.Background(), search.Query{Root: root, Path: dir, Lang: golang.Language, Pattern: p, Filters: fl, Cache: cache})
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range r.Matches {
				ours = append(ours, fmt.Sprintf("%s:%d-%d", m.File, m.Range.Start.Line, m.Range.End.Line))
			}
		}
		sort.Strings(ours)
		sort.Strings(want[i])
		t.Logf("%-70s %5d matches", tc, len(want[i]))
		if len(want[i]) < oracleMin {
			t.Errorf("%s: the oracle finds %d matches, fewer than %d", tc, len(want[i]), oracleMin)
		}
		if diff := limitedDiff(want[i], ours, 20); diff != "" {
			t.Errorf("%s: %d matches in the oracle, %d in ours; (-oracle +ours):\n%s", tc, len(want[i]), len(ours), diff)
		}
	}
}
