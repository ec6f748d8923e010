package oracle

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	goscanner "go/scanner"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars/golang"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/search"
	"github.com/google/go-cmp/cmp"
)

// oracleDirs is the fixed part of the standard library the oracle test
// searches: folders of GOROOT/src, walked recursively as Search walks them
// (testdata skipped), none inside another. About 680 files and 8 MB, tests
// included; math and testing are there for the few matches of $X == $X
// and $A != nil && $A.$F.
var oracleDirs = []string{
	"archive/tar", "bufio", "bytes", "compress/gzip", "context",
	"database/sql", "encoding/csv", "encoding/json", "errors", "flag",
	"fmt", "go/ast", "go/parser", "go/printer", "go/scanner", "io",
	"math", "mime/multipart", "net/textproto", "net/url", "os/exec",
	"path/filepath", "runtime/pprof", "sort", "strings", "sync",
	"testing", "text/template",
}

// oracleMin is the fewest matches a pattern must have in the oracle's
// eyes: a pattern that (almost) never matches tests (almost) nothing.
const oracleMin = 3

// An oracleFile is one file as go/parser sees it, with its tokens for
// comparing the code two nodes cover.
type oracleFile struct {
	rel    string // relative to GOROOT/src, with / separators, as Found.File
	source []byte
	fset   *token.FileSet
	tf     *token.File
	ast    *ast.File
	toks   []oracleTok
}

// An oracleTok is a token of the file. Semicolons are left out: one that
// ends a statement is a line break, written or not, and one in a for, if
// or switch header is implied by the tokens around it.
type oracleTok struct {
	off  int
	text string
}

// same reports whether a and b cover the same tokens, whitespace and
// comments aside: what a repeated metavariable must capture.
func (f *oracleFile) same(a, b ast.Node) bool {
	ta, tb := f.tokens(a), f.tokens(b)
	if len(ta) != len(tb) {
		return false
	}
	for i := range ta {
		if ta[i].text != tb[i].text {
			return false
		}
	}
	return true
}

func (f *oracleFile) tokens(n ast.Node) []oracleTok {
	start, end := f.tf.Offset(n.Pos()), f.tf.Offset(n.End())
	i := sort.Search(len(f.toks), func(i int) bool { return f.toks[i].off >= start })
	j := sort.Search(len(f.toks), func(i int) bool { return f.toks[i].off >= end })
	return f.toks[i:j]
}

// lines returns a node's first and last line: the lines of its first and
// last character.
func (f *oracleFile) lines(n ast.Node) (int, int) {
	return f.tf.Line(n.Pos()), f.tf.Line(n.End() - 1)
}

// An oracleCase is a pattern and a hand-written predicate that says, on
// go/ast nodes, which nodes the pattern matches under the semantics of
// DESIGN.md ("Structural search"). A match is located by the node the
// predicate accepts.
type oracleCase struct {
	pattern string
	match   func(f *oracleFile, n ast.Node) bool
}

// Helpers for the predicates.

func isIdent(e ast.Node, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// isSel reports whether e is x.sel with x the identifier x, or any
// operand when x is "".
func isSel(e ast.Expr, x, sel string) bool {
	s, ok := e.(*ast.SelectorExpr)
	return ok && s.Sel.Name == sel && (x == "" || isIdent(s.X, x))
}

// fixedArgs reports whether a call has exactly n arguments and no "...":
// a pattern like f($A, $B).
func fixedArgs(c *ast.CallExpr, n int) bool {
	return len(c.Args) == n && !c.Ellipsis.IsValid()
}

// leadingArgs reports whether a call matches a pattern of n single
// arguments followed by ", $$$REST": at least n arguments, and when there
// are exactly n, no "..." after the last (an empty $$$ absorbs its comma,
// but nothing can absorb the "...").
func leadingArgs(c *ast.CallExpr, n int) bool {
	return len(c.Args) > n || len(c.Args) == n && !c.Ellipsis.IsValid()
}

func call(n ast.Node) *ast.CallExpr {
	c, _ := n.(*ast.CallExpr)
	return c
}

// isSliceOf reports whether e is the slice type []elem (any element type
// when elem is "").
func isSliceOf(e ast.Expr, elem string) bool {
	a, ok := e.(*ast.ArrayType)
	return ok && a.Len == nil && (elem == "" || isIdent(a.Elt, elem))
}

func noParams(ft *ast.FuncType) bool {
	return ft.TypeParams == nil && len(ft.Params.List) == 0
}

// resultIs reports whether a signature's results are exactly one unnamed
// result of the named type.
func resultIs(ft *ast.FuncType, name string) bool {
	r := ft.Results
	return r != nil && len(r.List) == 1 && len(r.List[0].Names) == 0 && isIdent(r.List[0].Type, name) && !r.Opening.IsValid()
}

// onlyStmt returns the one statement of a block, or nil.
func onlyStmt(b *ast.BlockStmt) ast.Stmt {
	if len(b.List) != 1 {
		return nil
	}
	return b.List[0]
}

// plainIf returns an if statement with no init statement and no else.
func plainIf(n ast.Node) *ast.IfStmt {
	s, ok := n.(*ast.IfStmt)
	if !ok || s.Init != nil || s.Else != nil {
		return nil
	}
	return s
}

func binary(n ast.Node, op token.Token) *ast.BinaryExpr {
	b, ok := n.(*ast.BinaryExpr)
	if !ok || b.Op != op {
		return nil
	}
	return b
}

// calledFuncLit reports whether c is func() { … }(): a function literal
// with no parameters and no results, called with no arguments.
func calledFuncLit(c *ast.CallExpr) bool {
	fl, ok := c.Fun.(*ast.FuncLit)
	return ok && noParams(fl.Type) && fl.Type.Results == nil && fixedArgs(c, 0)
}

func oracleCases() []oracleCase {
	return []oracleCase{
		// Calls with fixed and variadic arguments.
		{"fmt.Sprintf($$$ARGS)", func(f *oracleFile, n ast.Node) bool {
			c := call(n)
			return c != nil && isSel(c.Fun, "fmt", "Sprintf")
		}},
		{"fmt.Errorf($F, $$$A)", func(f *oracleFile, n ast.Node) bool {
			c := call(n)
			return c != nil && isSel(c.Fun, "fmt", "Errorf") && leadingArgs(c, 1)
		}},
		{"errors.New($MSG)", func(f *oracleFile, n ast.Node) bool {
			c := call(n)
			return c != nil && isSel(c.Fun, "errors", "New") && fixedArgs(c, 1)
		}},
		{"append($S, $$$E)", func(f *oracleFile, n ast.Node) bool {
			c := call(n)
			return c != nil && isIdent(c.Fun, "append") && leadingArgs(c, 1)
		}},
		{"append($S, $E)", func(f *oracleFile, n ast.Node) bool { // never append(a, b...)
			c := call(n)
			return c != nil && isIdent(c.Fun, "append") && fixedArgs(c, 2)
		}},
		{"make([]$T, $N)", func(f *oracleFile, n ast.Node) bool {
			c := call(n)
			return c != nil && isIdent(c.Fun, "make") && fixedArgs(c, 2) && isSliceOf(c.Args[0], "")
		}},
		{"$T.Fatalf($$$A)", func(f *oracleFile, n ast.Node) bool {
			c := call(n)
			return c != nil && isSel(c.Fun, "", "Fatalf")
		}},
		{"$F($$$A, $L...)", func(f *oracleFile, n ast.Node) bool { // an empty $$$A absorbs the comma after it
			c := call(n)
			return c != nil && c.Ellipsis.IsValid()
		}},
		{"len($X) == 0", func(f *oracleFile, n ast.Node) bool {
			b := binary(n, token.EQL)
			if b == nil {
				return false
			}
			c := call(b.X)
			lit, ok := b.Y.(*ast.BasicLit)
			return c != nil && isIdent(c.Fun, "len") && fixedArgs(c, 1) && ok && lit.Value == "0"
		}},
		{"[]byte($S)", func(f *oracleFile, n ast.Node) bool { // a conversion is a call
			c := call(n)
			return c != nil && isSliceOf(c.Fun, "byte") && fixedArgs(c, 1)
		}},
		// Selectors.
		{"$X.$F($$$A)", func(f *oracleFile, n ast.Node) bool { // every method call or call of a package's function
			c := call(n)
			if c == nil {
				return false
			}
			_, ok := c.Fun.(*ast.SelectorExpr)
			return ok
		}},
		{"$A.Close()", func(f *oracleFile, n ast.Node) bool {
			c := call(n)
			return c != nil && isSel(c.Fun, "", "Close") && fixedArgs(c, 0)
		}},
		{"$X.Lock()", func(f *oracleFile, n ast.Node) bool {
			c := call(n)
			return c != nil && isSel(c.Fun, "", "Lock") && fixedArgs(c, 0)
		}},
		{"$X.($T)", func(f *oracleFile, n ast.Node) bool { // x.(type) is a type switch guard, not an assertion
			a, ok := n.(*ast.TypeAssertExpr)
			return ok && a.Type != nil
		}},
		{"$X.(type)", func(f *oracleFile, n ast.Node) bool {
			a, ok := n.(*ast.TypeAssertExpr)
			return ok && a.Type == nil
		}},
		{"$X.(*$T)", func(f *oracleFile, n ast.Node) bool {
			a, ok := n.(*ast.TypeAssertExpr)
			if !ok {
				return false
			}
			_, ptr := a.Type.(*ast.StarExpr)
			return ptr
		}},
		// Operators: precedence decides the shape.
		{"!$X", func(f *oracleFile, n ast.Node) bool {
			u, ok := n.(*ast.UnaryExpr)
			return ok && u.Op == token.NOT
		}},
		{"$A + $B * $C", func(f *oracleFile, n ast.Node) bool {
			b := binary(n, token.ADD)
			return b != nil && binary(b.Y, token.MUL) != nil
		}},
		{"$A || $B && $C", func(f *oracleFile, n ast.Node) bool {
			b := binary(n, token.LOR)
			return b != nil && binary(b.Y, token.LAND) != nil
		}},
		{`$X == '\n'`, func(f *oracleFile, n ast.Node) bool {
			b := binary(n, token.EQL)
			if b == nil {
				return false
			}
			lit, ok := b.Y.(*ast.BasicLit)
			return ok && lit.Kind == token.CHAR && lit.Value == `'\n'`
		}},
		{"$S[$I:$J]", func(f *oracleFile, n ast.Node) bool {
			s, ok := n.(*ast.SliceExpr)
			return ok && s.Low != nil && s.High != nil && !s.Slice3
		}},
		// Statements.
		{"if err != nil { return $$$R }", func(f *oracleFile, n ast.Node) bool {
			s := plainIf(n)
			if s == nil {
				return false
			}
			b := binary(s.Cond, token.NEQ)
			_, ret := onlyStmt(s.Body).(*ast.ReturnStmt)
			return b != nil && isIdent(b.X, "err") && isIdent(b.Y, "nil") && ret
		}},
		{"if err != nil { $$$B; return err }", func(f *oracleFile, n ast.Node) bool { // a ; is a line break
			s := plainIf(n)
			if s == nil || len(s.Body.List) == 0 {
				return false
			}
			b := binary(s.Cond, token.NEQ)
			r, ok := s.Body.List[len(s.Body.List)-1].(*ast.ReturnStmt)
			return b != nil && isIdent(b.X, "err") && isIdent(b.Y, "nil") && ok && len(r.Results) == 1 && isIdent(r.Results[0], "err")
		}},
		{"if $C { $$$B }", func(f *oracleFile, n ast.Node) bool { // no init, no else
			return plainIf(n) != nil
		}},
		{"if $C { $$$B } else { $$$E }", func(f *oracleFile, n ast.Node) bool { // not else if
			s, ok := n.(*ast.IfStmt)
			if !ok || s.Init != nil {
				return false
			}
			_, block := s.Else.(*ast.BlockStmt)
			return block
		}},
		{"for $$$ { $$$B }", func(f *oracleFile, n ast.Node) bool { // every for, whatever its clause
			switch n.(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				return true
			}
			return false
		}},
		{"for { $$$B }", func(f *oracleFile, n ast.Node) bool {
			s, ok := n.(*ast.ForStmt)
			return ok && s.Init == nil && s.Cond == nil && s.Post == nil
		}},
		{"for $K, $V := range $X { $$$B }", func(f *oracleFile, n ast.Node) bool {
			s, ok := n.(*ast.RangeStmt)
			return ok && s.Key != nil && s.Value != nil && s.Tok == token.DEFINE
		}},
		{"for $I := 0; $I < $N; $I++ { $$$B }", func(f *oracleFile, n ast.Node) bool {
			s, ok := n.(*ast.ForStmt)
			if !ok {
				return false
			}
			init, ok1 := s.Init.(*ast.AssignStmt)
			post, ok2 := s.Post.(*ast.IncDecStmt)
			cond := binary(s.Cond, token.LSS)
			if !ok1 || !ok2 || cond == nil || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 || post.Tok != token.INC {
				return false
			}
			zero, ok := init.Rhs[0].(*ast.BasicLit)
			i := init.Lhs[0]
			return ok && zero.Value == "0" && f.same(i, cond.X) && f.same(i, post.X)
		}},
		{"$L: for $$$ { $$$B }", func(f *oracleFile, n ast.Node) bool {
			l, ok := n.(*ast.LabeledStmt)
			if !ok {
				return false
			}
			switch l.Stmt.(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				return true
			}
			return false
		}},
		{"break $L", func(f *oracleFile, n ast.Node) bool {
			b, ok := n.(*ast.BranchStmt)
			return ok && b.Tok == token.BREAK && b.Label != nil
		}},
		{"switch $X { $$$C }", func(f *oracleFile, n ast.Node) bool { // an expression switch with a tag and no init
			s, ok := n.(*ast.SwitchStmt)
			return ok && s.Init == nil && s.Tag != nil
		}},
		{"switch $X { case $A: $$$B; default: $$$D }", func(f *oracleFile, n ast.Node) bool { // $A may be a list a, b
			s, ok := n.(*ast.SwitchStmt)
			if !ok || s.Init != nil || s.Tag == nil || len(s.Body.List) != 2 {
				return false
			}
			c0, c1 := s.Body.List[0].(*ast.CaseClause), s.Body.List[1].(*ast.CaseClause)
			return len(c0.List) > 0 && c1.List == nil
		}},
		{"switch $V := $X.(type) { $$$C }", func(f *oracleFile, n ast.Node) bool {
			s, ok := n.(*ast.TypeSwitchStmt)
			if !ok || s.Init != nil {
				return false
			}
			a, ok := s.Assign.(*ast.AssignStmt)
			return ok && a.Tok == token.DEFINE
		}},
		{"select { $$$C }", func(f *oracleFile, n ast.Node) bool {
			_, ok := n.(*ast.SelectStmt)
			return ok
		}},
		{"go $F($$$A)", func(f *oracleFile, n ast.Node) bool { // every go statement
			_, ok := n.(*ast.GoStmt)
			return ok
		}},
		{"defer $X.Unlock()", func(f *oracleFile, n ast.Node) bool {
			d, ok := n.(*ast.DeferStmt)
			return ok && isSel(d.Call.Fun, "", "Unlock") && fixedArgs(d.Call, 0)
		}},
		{"go func() { $$$B }()", func(f *oracleFile, n ast.Node) bool {
			g, ok := n.(*ast.GoStmt)
			return ok && calledFuncLit(g.Call)
		}},
		{"defer func() { $$$B }()", func(f *oracleFile, n ast.Node) bool {
			d, ok := n.(*ast.DeferStmt)
			return ok && calledFuncLit(d.Call)
		}},
		{"case $V := <-$C: $$$B", func(f *oracleFile, n ast.Node) bool { // a select case, and $V may be v, ok
			cc, ok := n.(*ast.CommClause)
			if !ok {
				return false
			}
			a, ok := cc.Comm.(*ast.AssignStmt)
			if !ok || a.Tok != token.DEFINE || len(a.Rhs) != 1 {
				return false
			}
			u, ok := a.Rhs[0].(*ast.UnaryExpr)
			return ok && u.Op == token.ARROW
		}},
		{"fallthrough", func(f *oracleFile, n ast.Node) bool {
			b, ok := n.(*ast.BranchStmt)
			return ok && b.Tok == token.FALLTHROUGH
		}},
		{"$CH <- $V", func(f *oracleFile, n ast.Node) bool {
			_, ok := n.(*ast.SendStmt)
			return ok
		}},
		{"<-$CH", func(f *oracleFile, n ast.Node) bool {
			u, ok := n.(*ast.UnaryExpr)
			return ok && u.Op == token.ARROW
		}},
		{"if err := $F($$$A); err != nil { $$$B }", func(f *oracleFile, n ast.Node) bool {
			s, ok := n.(*ast.IfStmt)
			if !ok || s.Else != nil {
				return false
			}
			a, ok := s.Init.(*ast.AssignStmt)
			if !ok || a.Tok != token.DEFINE || len(a.Lhs) != 1 || len(a.Rhs) != 1 || !isIdent(a.Lhs[0], "err") || call(a.Rhs[0]) == nil {
				return false
			}
			b := binary(s.Cond, token.NEQ)
			return b != nil && isIdent(b.X, "err") && isIdent(b.Y, "nil")
		}},
		{"return $$$R, err", func(f *oracleFile, n ast.Node) bool { // return err too: an empty run absorbs its comma
			r, ok := n.(*ast.ReturnStmt)
			return ok && len(r.Results) > 0 && isIdent(r.Results[len(r.Results)-1], "err")
		}},
		{"return $A, nil", func(f *oracleFile, n ast.Node) bool {
			r, ok := n.(*ast.ReturnStmt)
			return ok && len(r.Results) == 2 && isIdent(r.Results[1], "nil")
		}},
		// Assignments.
		{"$X := $Y", func(f *oracleFile, n ast.Node) bool {
			// A list of two or more expressions is one named node (an
			// expression_list), so $X and $Y take whole lists too.
			a, ok := n.(*ast.AssignStmt)
			return ok && a.Tok == token.DEFINE
		}},
		{"$X = append($X, $$$E)", func(f *oracleFile, n ast.Node) bool {
			a, ok := n.(*ast.AssignStmt)
			if !ok || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
				return false
			}
			c := call(a.Rhs[0])
			return c != nil && isIdent(c.Fun, "append") && leadingArgs(c, 1) && f.same(a.Lhs[0], c.Args[0])
		}},
		{"$X = $X[$I:]", func(f *oracleFile, n ast.Node) bool {
			a, ok := n.(*ast.AssignStmt)
			if !ok || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
				return false
			}
			s, ok := a.Rhs[0].(*ast.SliceExpr)
			return ok && s.Low != nil && s.High == nil && !s.Slice3 && f.same(a.Lhs[0], s.X)
		}},
		{"$A, $B = $B, $A", func(f *oracleFile, n ast.Node) bool {
			a, ok := n.(*ast.AssignStmt)
			return ok && a.Tok == token.ASSIGN && len(a.Lhs) == 2 && len(a.Rhs) == 2 && f.same(a.Lhs[0], a.Rhs[1]) && f.same(a.Lhs[1], a.Rhs[0])
		}},
		{"$X++", func(f *oracleFile, n ast.Node) bool {
			s, ok := n.(*ast.IncDecStmt)
			return ok && s.Tok == token.INC
		}},
		// Composite literals.
		{"&$T{$$$F}", func(f *oracleFile, n ast.Node) bool {
			u, ok := n.(*ast.UnaryExpr)
			if !ok || u.Op != token.AND {
				return false
			}
			cl, ok := u.X.(*ast.CompositeLit)
			return ok && cl.Type != nil
		}},
		{"[]string{$$$E}", func(f *oracleFile, n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			return ok && cl.Type != nil && isSliceOf(cl.Type, "string")
		}},
		{"map[$K]$V{$$$E}", func(f *oracleFile, n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			if !ok {
				return false
			}
			_, m := cl.Type.(*ast.MapType)
			return m
		}},
		{"$T{$K: $V}", func(f *oracleFile, n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			if !ok || cl.Type == nil || len(cl.Elts) != 1 {
				return false
			}
			_, kv := cl.Elts[0].(*ast.KeyValueExpr)
			return kv
		}},
		{"struct{}{}", func(f *oracleFile, n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			if !ok || len(cl.Elts) != 0 {
				return false
			}
			st, ok := cl.Type.(*ast.StructType)
			return ok && len(st.Fields.List) == 0
		}},
		// Declarations.
		{"func ($R *$T) String() string { $$$B }", func(f *oracleFile, n ast.Node) bool {
			d, ok := n.(*ast.FuncDecl)
			if !ok || d.Recv == nil || d.Name.Name != "String" || d.Body == nil || !noParams(d.Type) || !resultIs(d.Type, "string") {
				return false
			}
			r := d.Recv.List
			if len(r) != 1 || len(r[0].Names) != 1 {
				return false
			}
			_, ptr := r[0].Type.(*ast.StarExpr)
			return ptr
		}},
		{"func $F($$$P) error { $$$B }", func(f *oracleFile, n ast.Node) bool {
			d, ok := n.(*ast.FuncDecl)
			return ok && d.Recv == nil && d.Type.TypeParams == nil && d.Body != nil && resultIs(d.Type, "error")
		}},
		{"func ($R $T) $M($$$P) $$$RES { $$$B }", func(f *oracleFile, n ast.Node) bool { // any results, or none
			d, ok := n.(*ast.FuncDecl)
			return ok && d.Recv != nil && len(d.Recv.List) == 1 && len(d.Recv.List[0].Names) == 1 && d.Body != nil
		}},
		{"func $F($P) { $$$B }", func(f *oracleFile, n ast.Node) bool { // one parameter declaration, like a, b int
			d, ok := n.(*ast.FuncDecl)
			return ok && d.Recv == nil && d.Type.TypeParams == nil && len(d.Type.Params.List) == 1 && d.Type.Results == nil && d.Body != nil
		}},
		{"func $F[$$$TP]($$$P) $$$R { $$$B }", func(f *oracleFile, n ast.Node) bool { // generic functions
			d, ok := n.(*ast.FuncDecl)
			return ok && d.Recv == nil && d.Type.TypeParams != nil && d.Body != nil
		}},
		{"func($$$P) $$$R { $$$B }", func(f *oracleFile, n ast.Node) bool { // every function literal
			_, ok := n.(*ast.FuncLit)
			return ok
		}},
		{"type $T struct { $$$F }", func(f *oracleFile, n ast.Node) bool {
			d, ok := n.(*ast.GenDecl)
			if !ok || d.Tok != token.TYPE || d.Lparen.IsValid() || len(d.Specs) != 1 {
				return false
			}
			s := d.Specs[0].(*ast.TypeSpec)
			_, st := s.Type.(*ast.StructType)
			return st && s.TypeParams == nil && !s.Assign.IsValid()
		}},
		{"type $T struct { mu sync.Mutex; $$$F }", func(f *oracleFile, n ast.Node) bool {
			d, ok := n.(*ast.GenDecl)
			if !ok || d.Tok != token.TYPE || d.Lparen.IsValid() || len(d.Specs) != 1 {
				return false
			}
			s := d.Specs[0].(*ast.TypeSpec)
			st, ok := s.Type.(*ast.StructType)
			if !ok || s.TypeParams != nil || s.Assign.IsValid() || len(st.Fields.List) == 0 {
				return false
			}
			mu := st.Fields.List[0]
			return len(mu.Names) == 1 && mu.Names[0].Name == "mu" && isSel(mu.Type, "sync", "Mutex") && mu.Tag == nil
		}},
		{"type $T interface { $$$M }", func(f *oracleFile, n ast.Node) bool {
			d, ok := n.(*ast.GenDecl)
			if !ok || d.Tok != token.TYPE || d.Lparen.IsValid() || len(d.Specs) != 1 {
				return false
			}
			s := d.Specs[0].(*ast.TypeSpec)
			_, it := s.Type.(*ast.InterfaceType)
			return it && s.TypeParams == nil && !s.Assign.IsValid()
		}},
		{"const ( $$$C )", func(f *oracleFile, n ast.Node) bool {
			d, ok := n.(*ast.GenDecl)
			return ok && d.Tok == token.CONST && d.Lparen.IsValid()
		}},
		{"var $X = $Y", func(f *oracleFile, n ast.Node) bool {
			d, ok := n.(*ast.GenDecl)
			if !ok || d.Tok != token.VAR || d.Lparen.IsValid() || len(d.Specs) != 1 {
				return false
			}
			s := d.Specs[0].(*ast.ValueSpec)
			return len(s.Names) == 1 && s.Type == nil && len(s.Values) == 1
		}},
		{"var $X $T", func(f *oracleFile, n ast.Node) bool {
			d, ok := n.(*ast.GenDecl)
			if !ok || d.Tok != token.VAR || d.Lparen.IsValid() || len(d.Specs) != 1 {
				return false
			}
			s := d.Specs[0].(*ast.ValueSpec)
			return len(s.Names) == 1 && s.Type != nil && len(s.Values) == 0
		}},
		// Types.
		{"map[string]$V", func(f *oracleFile, n ast.Node) bool {
			m, ok := n.(*ast.MapType)
			return ok && isIdent(m.Key, "string")
		}},
		{"chan $T", func(f *oracleFile, n ast.Node) bool { // neither chan<- nor <-chan
			c, ok := n.(*ast.ChanType)
			return ok && c.Dir == ast.SEND|ast.RECV
		}},
		{"struct { $$$F }", func(f *oracleFile, n ast.Node) bool {
			_, ok := n.(*ast.StructType)
			return ok
		}},
		{"interface { $$$M }", func(f *oracleFile, n ast.Node) bool {
			_, ok := n.(*ast.InterfaceType)
			return ok
		}},
		{"[]$T", func(f *oracleFile, n ast.Node) bool {
			return isSliceOf(asExpr(n), "")
		}},
		// Repeated metavariables.
		{"$X == $X", func(f *oracleFile, n ast.Node) bool {
			b := binary(n, token.EQL)
			return b != nil && f.same(b.X, b.Y)
		}},
		{"if $X != nil { $X.Close() }", func(f *oracleFile, n ast.Node) bool {
			s := plainIf(n)
			if s == nil {
				return false
			}
			b := binary(s.Cond, token.NEQ)
			es, ok := onlyStmt(s.Body).(*ast.ExprStmt)
			if b == nil || !isIdent(b.Y, "nil") || !ok {
				return false
			}
			c := call(es.X)
			return c != nil && isSel(c.Fun, "", "Close") && fixedArgs(c, 0) && f.same(b.X, c.Fun.(*ast.SelectorExpr).X)
		}},
		{"$A != nil && $A.$F", func(f *oracleFile, n ast.Node) bool {
			b := binary(n, token.LAND)
			if b == nil {
				return false
			}
			l := binary(b.X, token.NEQ)
			s, ok := b.Y.(*ast.SelectorExpr)
			return l != nil && ok && isIdent(l.Y, "nil") && f.same(l.X, s.X)
		}},
		{"if $X, $OK := $M[$K]; $OK { $$$B }", func(f *oracleFile, n ast.Node) bool {
			s, ok := n.(*ast.IfStmt)
			if !ok || s.Else != nil {
				return false
			}
			a, ok := s.Init.(*ast.AssignStmt)
			if !ok || a.Tok != token.DEFINE || len(a.Lhs) != 2 || len(a.Rhs) != 1 {
				return false
			}
			_, index := a.Rhs[0].(*ast.IndexExpr)
			return index && f.same(a.Lhs[1], s.Cond)
		}},
	}
}

func asExpr(n ast.Node) ast.Expr {
	e, _ := n.(ast.Expr)
	return e
}

// roSplit pairs up two lists sorted by key: what only a has, what only b
// has, and how many both have. The oracles of C, Dart and Java compare
// their match lists with it.
func roSplit[M any](a, b []M, key func(M) string) (onlyA, onlyB []M, both int) {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch ka, kb := key(a[i]), key(b[j]); {
		case ka == kb:
			both++
			i++
			j++
		case ka < kb:
			onlyA = append(onlyA, a[i])
			i++
		default:
			onlyB = append(onlyB, b[j])
			j++
		}
	}
	return append(onlyA, a[i:]...), append(onlyB, b[j:]...), both
}

// An roWhy is what roExplain asks of one explanation of an oracle's:
// whether it explains the other side's locations (theirs) or ours, its
// name, and whether it holds of a match m, given the keys of the other
// side's matches.
type roWhy[M any] struct {
	theirs bool
	name   string
	ok     func(m M, other map[string]bool) bool
}

// An roExplained is how roExplain sorted the locations only one side
// finds: how many each why explained, the ones none did (as the log
// shows them, and by side: ours, theirs), and a line for each location
// with its explanation, for a dump of the differences.
type roExplained[M any] struct {
	count       []int
	unexplained []string
	rest        [2][]M
	lines       []string
}

// roExplain puts each location only one side finds (only[0] ours,
// only[1] theirs) under the first of whys that holds of it; keys gives a
// match's key, show its line in the log. The oracles of C, Dart and Java
// explain their differences with it.
func roExplain[M any](only, all [2][]M, whys []roWhy[M], key func(M) string, show func(M) string) roExplained[M] {
	keys := func(l []M) map[string]bool {
		s := make(map[string]bool, len(l))
		for _, m := range l {
			s[key(m)] = true
		}
		return s
	}
	e := roExplained[M]{count: make([]int, len(whys))}
	for side, list := range only {
		other, sign := keys(all[1]), "+"
		if side == 1 {
			other, sign = keys(all[0]), "-"
		}
		for _, m := range list {
			name := "UNEXPLAINED"
			for wi, w := range whys {
				if w.theirs == (side == 1) && w.ok(m, other) {
					e.count[wi]++
					name = w.name
					break
				}
			}
			if name == "UNEXPLAINED" {
				e.unexplained = append(e.unexplained, sign+" "+show(m))
				e.rest[side] = append(e.rest[side], m)
			}
			e.lines = append(e.lines, fmt.Sprintf("%s %s  [%s]", sign, show(m), name))
		}
	}
	return e
}

// slashRel is p relative to root, with / separators, as a search names
// the files it matched in.
func slashRel(root, p string) string {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(rel)
}

// goroot returns GOROOT as the go command reports it.
func goroot(t *testing.T) string {
	t.Helper()
	if out, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		if dir := strings.TrimSpace(string(out)); dir != "" {
			return dir
		}
	}
	return runtime.GOROOT()
}

// TestOracle is the acceptance test of structural search on real code: for
// each pattern of oracleCases, Search over a fixed part of the standard
// library must report exactly the (file, first line, last line) of the
// nodes that a hand-written go/ast predicate says the pattern matches, no
// more and no fewer, as many times each. The predicates are written from
// the pattern semantics of DESIGN.md, not from the engine's output, so
// agreement shows that the Go grammar builds the right tree for real code
// and that the matcher implements those semantics: fixed and variadic
// argument lists (with the "..." of a variadic call), $$$ runs that absorb
// their separator, whole child lists, repeated metavariables, nested
// matches, and a ; that is a line break. Two readings of DESIGN.md are
// pinned here: a list of two or more expressions (a, b in a, b := f()) is
// one named node, so $X takes it whole; and a production that holds only
// a metavariable (the field of struct { $$$F }) is that metavariable.
//
// Every pattern must have matches, or it would test nothing; the files
// are parsed once by each side.
// loadOracle parses the oracle's folders of GOROOT/src with go/parser.
func loadOracle(t *testing.T) (root string, files []*oracleFile, dirs []string) {
	t.Helper()
	root = filepath.Join(goroot(t), "src")
	seen := map[string]string{}
	for _, d := range oracleDirs {
		dir := filepath.Join(root, filepath.FromSlash(d))
		paths, err := search.Walk(root, dir, golang.Language)
		if err != nil {
			t.Fatalf("walking %s: %v", dir, err)
		}
		dirs = append(dirs, dir)
		for _, p := range paths {
			rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
			if other, ok := seen[rel]; ok {
				t.Fatalf("%s is under both %s and %s", rel, other, d)
			}
			seen[rel] = d
			files = append(files, parseOracleFile(t, p, rel))
		}
	}
	if len(files) < 300 {
		t.Fatalf("only %d files under %s", len(files), root)
	}
	t.Logf("%d files in %d folders of %s", len(files), len(dirs), root)
	return root, files, dirs
}

func TestOracle(t *testing.T) {
	began := time.Now()
	root, files, dirs := loadOracle(t)

	// The oracle's matches of every pattern, in one walk of each file:
	// the node patterns, then the sequences.
	cases := oracleCases()
	seqCases := oracleSeqCases()
	want := make([][]string, len(cases)+len(seqCases))
	patterns := make([]string, 0, len(want))
	for _, tc := range cases {
		patterns = append(patterns, tc.pattern)
	}
	for _, tc := range seqCases {
		patterns = append(patterns, tc.pattern)
	}
	for _, f := range files {
		ast.Inspect(f.ast, func(n ast.Node) bool {
			if n == nil {
				return false
			}
			for i, tc := range cases {
				if tc.match(f, n) {
					start, end := f.lines(n)
					want[i] = append(want[i], fmt.Sprintf("%s:%d-%d", f.rel, start, end))
				}
			}
			if list := stmtLists(n); len(list) > 0 {
				for i, tc := range seqCases {
					for _, run := range seqMatches(f, tc, list) {
						start, _ := f.lines(run[0])
						_, end := f.lines(run[1])
						want[len(cases)+i] = append(want[len(cases)+i], fmt.Sprintf("%s:%d-%d", f.rel, start, end))
					}
				}
			}
			return true
		})
	}

	cache := search.NewCache(1 << 30)
	failures := map[string]string{}
	for i, pattern := range patterns {
		tc := oracleCase{pattern: pattern}
		p, err := matcher.Compile(golang.Language, tc.pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", tc.pattern, err)
			continue
		}
		var ours []string
		for _, dir := range dirs {
			res, err := search.Search(context.Background(), search.Query{Root: root, Path: dir, Lang: golang.Language, Pattern: p, Cache: cache})
			if err != nil {
				t.Fatalf("Search(%q, %s): %v", tc.pattern, dir, err)
			}
			for _, fl := range res.ParseFailures {
				failures[fl.File] = fl.Error
			}
			for _, m := range res.Matches {
				ours = append(ours, fmt.Sprintf("%s:%d-%d", m.File, m.Range.Start.Line, m.Range.End.Line))
			}
		}
		sort.Strings(ours)
		sort.Strings(want[i])
		t.Logf("%-42s %5d matches", tc.pattern, len(want[i]))
		if len(want[i]) < oracleMin {
			t.Errorf("%q: the oracle finds %d matches, fewer than %d: the pattern tests nothing", tc.pattern, len(want[i]), oracleMin)
		}
		if diff := limitedDiff(want[i], ours, 20); diff != "" {
			t.Errorf("%q: %d matches in the oracle, %d in ours; (-oracle +ours):\n%s", tc.pattern, len(want[i]), len(ours), diff)
		}
	}
	var failed []string
	for file, err := range failures {
		failed = append(failed, file+": "+err)
	}
	sort.Strings(failed)
	for _, f := range failed {
		t.Errorf("our grammar fails where go/parser does not: %s", f)
	}
	t.Logf("%d patterns in %v", len(cases), time.Since(began).Round(time.Millisecond))
}

// limitedDiff diffs two sorted lists of locations, keeping at most limit
// of the locations they disagree on.
func limitedDiff(want, got []string, limit int) string {
	count := map[string]int{}
	for _, s := range want {
		count[s]++
	}
	for _, s := range got {
		count[s]--
	}
	var keys []string
	for s, n := range count {
		if n != 0 {
			keys = append(keys, s)
		}
	}
	if len(keys) == 0 {
		return ""
	}
	sort.Strings(keys)
	more := ""
	if len(keys) > limit {
		more = fmt.Sprintf("… and %d more locations that disagree\n", len(keys)-limit)
		keys = keys[:limit]
	}
	keep := map[string]bool{}
	for _, k := range keys {
		keep[k] = true
	}
	filter := func(list []string) []string {
		out := []string{}
		for _, s := range list {
			if keep[s] {
				out = append(out, s)
			}
		}
		return out
	}
	return cmp.Diff(filter(want), filter(got)) + more
}

func parseOracleFile(t *testing.T, path, rel string) *oracleFile {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("go/parser: %v", err)
	}
	f := &oracleFile{rel: rel, source: src, fset: fset, tf: fset.File(af.Pos()), ast: af}
	var s goscanner.Scanner
	sf := fset.AddFile(path, -1, len(src))
	s.Init(sf, src, nil, 0)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON {
			continue
		}
		if lit == "" {
			lit = tok.String()
		}
		f.toks = append(f.toks, oracleTok{off: sf.Offset(pos), text: lit})
	}
	return f
}
