package oracle

import (
	"go/ast"
	"go/token"
)

// An oracleSeqCase is a pattern of several statements and a hand-written
// predicate on a go/ast statement list: given the list and a start i, it
// returns the end j of the shortest run list[i:j] the pattern matches, or
// -1. The driver, seqMatches, then applies DESIGN.md's rule for sequences:
// each stretch is searched from its start, a match is as short as it can
// be, and the next search starts after it, so matches never overlap.
type oracleSeqCase struct {
	pattern string
	match   func(f *oracleFile, list []ast.Stmt, i int) int
}

// stmtLists returns the statement lists a node holds directly: a block's,
// a case clause's, a select clause's.
func stmtLists(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	case *ast.CommClause:
		return n.Body
	}
	return nil
}

// seqMatches returns the runs of list the case matches, as [first, last]
// statements.
func seqMatches(f *oracleFile, tc oracleSeqCase, list []ast.Stmt) [][2]ast.Stmt {
	var out [][2]ast.Stmt
	for i := 0; i < len(list); {
		j := tc.match(f, list, i)
		if j > i {
			out = append(out, [2]ast.Stmt{list[i], list[j-1]})
			i = j
			continue
		}
		i++
	}
	return out
}

// errDefine reports whether s is "$X, err := $F($$$A)": a definition of
// one operand and err from one call.
func errDefine(s ast.Stmt) bool {
	a, ok := s.(*ast.AssignStmt)
	if !ok || a.Tok != token.DEFINE || len(a.Lhs) != 2 || len(a.Rhs) != 1 || !isIdent(a.Lhs[1], "err") {
		return false
	}
	_, ok = a.Rhs[0].(*ast.CallExpr)
	return ok
}

// errCheck returns the body of "if err != nil { … }" with no init and no
// else, or nil.
func errCheck(s ast.Stmt) *ast.BlockStmt {
	is := plainIf(s)
	if is == nil {
		return nil
	}
	b := binary(is.Cond, token.NEQ)
	if b == nil || !isIdent(b.X, "err") || !isIdent(b.Y, "nil") {
		return nil
	}
	return is.Body
}

// methodCall returns the receiver of "$R.name()" as a statement (or the
// call deferred), or nil.
func methodCall(s ast.Stmt, name string, deferred bool) ast.Expr {
	var c *ast.CallExpr
	switch s := s.(type) {
	case *ast.ExprStmt:
		if !deferred {
			c, _ = s.X.(*ast.CallExpr)
		}
	case *ast.DeferStmt:
		if deferred {
			c = s.Call
		}
	}
	if c == nil || !fixedArgs(c, 0) || !isSel(c.Fun, "", name) {
		return nil
	}
	return c.Fun.(*ast.SelectorExpr).X
}

// firstAfter returns the end of the shortest run from list[i] to a
// statement ok accepts, or -1.
func firstAfter(list []ast.Stmt, i int, ok func(ast.Stmt) bool) int {
	for j := i + 1; j < len(list); j++ {
		if ok(list[j]) {
			return j + 1
		}
	}
	return -1
}

func oracleSeqCases() []oracleSeqCase {
	return []oracleSeqCase{
		{"$X, err := $F($$$A)\nif err != nil { return $$$R }", func(f *oracleFile, list []ast.Stmt, i int) int {
			if i+1 < len(list) && errDefine(list[i]) {
				if b := errCheck(list[i+1]); b != nil {
					if _, ok := onlyStmt(b).(*ast.ReturnStmt); ok {
						return i + 2
					}
				}
			}
			return -1
		}},
		{"$X, err := $F($$$A)\nif err != nil { $$$B }", func(f *oracleFile, list []ast.Stmt, i int) int {
			if i+1 < len(list) && errDefine(list[i]) && errCheck(list[i+1]) != nil {
				return i + 2
			}
			return -1
		}},
		{"$X, err := $F($$$A)\n$$$\nif err != nil { $$$B }", func(f *oracleFile, list []ast.Stmt, i int) int {
			if !errDefine(list[i]) {
				return -1
			}
			return firstAfter(list, i, func(s ast.Stmt) bool { return errCheck(s) != nil })
		}},
		{"$M.Lock()\ndefer $M.Unlock()", func(f *oracleFile, list []ast.Stmt, i int) int {
			if i+1 < len(list) {
				if m := methodCall(list[i], "Lock", false); m != nil {
					if u := methodCall(list[i+1], "Unlock", true); u != nil && f.same(m, u) {
						return i + 2
					}
				}
			}
			return -1
		}},
		{"$M.Lock()\n$$$\n$M.Unlock()", func(f *oracleFile, list []ast.Stmt, i int) int {
			m := methodCall(list[i], "Lock", false)
			if m == nil {
				return -1
			}
			return firstAfter(list, i, func(s ast.Stmt) bool {
				u := methodCall(s, "Unlock", false)
				return u != nil && f.same(m, u)
			})
		}},
		{"$$$\nreturn nil", func(f *oracleFile, list []ast.Stmt, i int) int {
			if i != 0 {
				return -1
			}
			for j, s := range list {
				if r, ok := s.(*ast.ReturnStmt); ok && len(r.Results) == 1 && isIdent(r.Results[0], "nil") {
					return j + 1
				}
			}
			return -1
		}},
		{"defer $F.Close()\n$$$B", func(f *oracleFile, list []ast.Stmt, i int) int {
			if methodCall(list[i], "Close", true) == nil {
				return -1
			}
			return len(list)
		}},
		{"$X := $Y\nreturn $X", func(f *oracleFile, list []ast.Stmt, i int) int {
			if i+1 >= len(list) {
				return -1
			}
			// $X and $Y take a list of two or more whole (t, ok := m[k]
			// then return t, ok), as TestOracle pins.
			a, ok := list[i].(*ast.AssignStmt)
			r, ok2 := list[i+1].(*ast.ReturnStmt)
			if !ok || !ok2 || a.Tok != token.DEFINE || len(r.Results) != len(a.Lhs) {
				return -1
			}
			for k := range a.Lhs {
				if !f.same(a.Lhs[k], r.Results[k]) {
					return -1
				}
			}
			return i + 2
		}},
		{"$B.WriteString($S)\n$B.WriteString($T)", func(f *oracleFile, list []ast.Stmt, i int) int {
			if i+1 >= len(list) {
				return -1
			}
			a, b := writeString(list[i]), writeString(list[i+1])
			if a == nil || b == nil || !f.same(a, b) {
				return -1
			}
			return i + 2
		}},
	}
}

// writeString returns the receiver of "$B.WriteString($S)" as a
// statement, or nil.
func writeString(s ast.Stmt) ast.Expr {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return nil
	}
	c, ok := es.X.(*ast.CallExpr)
	if !ok || !fixedArgs(c, 1) || !isSel(c.Fun, "", "WriteString") {
		return nil
	}
	return c.Fun.(*ast.SelectorExpr).X
}
