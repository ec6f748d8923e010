package oracle

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars/golang"
)

// A goKindCase is a kind rule and the predicate on go/ast that says
// which nodes it matches; stack holds n's ancestors, the nearest last.
type goKindCase struct {
	refCase
	match func(n ast.Node, stack []ast.Node) bool
}

// goSiblings returns the statement list n is in and its index there (a
// block's, a case clause's: the siblings precedes and follows see), or
// nil when n's parent holds no statement list.
func goSiblings(n ast.Node, stack []ast.Node) ([]ast.Stmt, int) {
	if len(stack) == 0 {
		return nil, -1
	}
	list := stmtLists(stack[len(stack)-1])
	for i, s := range list {
		if s == n {
			return list, i
		}
	}
	return nil, -1
}

// goHasReturn reports whether a return statement is below n, looking
// inside function literals only when lits.
func goHasReturn(n ast.Node, lits bool) bool {
	found := false
	ast.Inspect(n, func(c ast.Node) bool {
		switch c.(type) {
		case *ast.ReturnStmt:
			found = true
		case *ast.FuncLit:
			return lits
		}
		return !found
	})
	return found
}

func goInside[T ast.Node](stack []ast.Node) bool {
	for _, a := range stack {
		if _, ok := a.(T); ok {
			return true
		}
	}
	return false
}

func goFunc(n ast.Node) *ast.FuncDecl {
	d, ok := n.(*ast.FuncDecl)
	if !ok || d.Recv != nil {
		return nil
	}
	return d
}

// goArg reports whether n is argument i of the call that is its parent.
func goArg(n ast.Node, stack []ast.Node, i int) bool {
	if len(stack) == 0 {
		return false
	}
	c, ok := stack[len(stack)-1].(*ast.CallExpr)
	return ok && i < len(c.Args) && c.Args[i] == n
}

// goSelectorCall says a call's callee is a selector, x.f(…): the
// function field, which is also the call's first named child.
func goSelectorCall(n ast.Node, _ []ast.Node) bool {
	c, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	_, sel := c.Fun.(*ast.SelectorExpr)
	return sel
}

func goKindCases() []goKindCase {
	return []goKindCase{
		{refCase{name: "funcReturns", rule: `
rule:
  kind: function_declaration
  has: {kind: return_statement, stopBy: end}
`}, func(n ast.Node, _ []ast.Node) bool {
			d := goFunc(n)
			return d != nil && d.Body != nil && goHasReturn(d.Body, true)
		}},
		{refCase{name: "funcReturnsOwn", rule: `
rule:
  kind: function_declaration
  has:
    kind: return_statement
    stopBy: {kind: func_literal}
`}, func(n ast.Node, _ []ast.Node) bool {
			d := goFunc(n)
			return d != nil && d.Body != nil && goHasReturn(d.Body, false)
		}},
		{refCase{name: "funcNoReturn", rule: `
rule:
  kind: function_declaration
  not: {has: {kind: return_statement, stopBy: end}}
`}, func(n ast.Node, _ []ast.Node) bool {
			d := goFunc(n)
			return d != nil && (d.Body == nil || !goHasReturn(d.Body, true))
		}},
		{refCase{name: "ifNoElse", rule: `
rule:
  kind: if_statement
  not:
    any:
      - has: {kind: if_statement}
      - has:
          kind: block
          nthChild: {position: 2, ofRule: {kind: block}}
`}, func(n ast.Node, _ []ast.Node) bool {
			s, ok := n.(*ast.IfStmt)
			return ok && s.Else == nil
		}},
		{refCase{name: "selectorCall", rule: `
rule:
  kind: call_expression
  has: {kind: selector_expression, nthChild: 1}
`}, goSelectorCall},
		{refCase{name: "selectorCallField", rule: `
rule:
  kind: call_expression
  has: {field: function, kind: selector_expression}
`}, goSelectorCall},
		{refCase{name: "calleeIdent", rule: `
rule:
  kind: identifier
  inside: {field: function, kind: call_expression}
`}, func(n ast.Node, stack []ast.Node) bool {
			if _, ok := n.(*ast.Ident); !ok || len(stack) == 0 {
				return false
			}
			c, ok := stack[len(stack)-1].(*ast.CallExpr)
			return ok && c.Fun == n
		}},
		{refCase{name: "elseIf", rule: `
rule:
  kind: if_statement
  has: {field: alternative, kind: if_statement}
`}, func(n ast.Node, _ []ast.Node) bool {
			s, ok := n.(*ast.IfStmt)
			if !ok {
				return false
			}
			_, elif := s.Else.(*ast.IfStmt)
			return elif
		}},
		{refCase{name: "forInFuncLit", rule: `
rule:
  kind: for_statement
  inside: {kind: func_literal, stopBy: end}
`}, func(n ast.Node, stack []ast.Node) bool {
			switch n.(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				return goInside[*ast.FuncLit](stack)
			}
			return false
		}},
		{refCase{name: "stringArg", rule: `
rule:
  any:
    - kind: interpreted_string_literal
    - kind: raw_string_literal
  inside: {kind: argument_list}
`}, func(n ast.Node, stack []ast.Node) bool {
			l, ok := n.(*ast.BasicLit)
			if !ok || l.Kind != token.STRING || len(stack) == 0 {
				return false
			}
			c, ok := stack[len(stack)-1].(*ast.CallExpr)
			return ok && c.Fun != n
		}},
		{refCase{name: "nestedFuncLit", rule: `
rule:
  kind: func_literal
  inside: {kind: func_literal, stopBy: end}
`}, func(n ast.Node, stack []ast.Node) bool {
			_, ok := n.(*ast.FuncLit)
			return ok && goInside[*ast.FuncLit](stack)
		}},
		{refCase{name: "secondArgIdent", rule: `
rule:
  kind: identifier
  nthChild: 2
  inside: {kind: argument_list}
`}, func(n ast.Node, stack []ast.Node) bool {
			_, ok := n.(*ast.Ident)
			return ok && goArg(n, stack, 1)
		}},
		{refCase{name: "returnAfterIf", rule: `
rule:
  kind: return_statement
  follows: {kind: if_statement, stopBy: end}
`}, func(n ast.Node, stack []ast.Node) bool {
			if _, ok := n.(*ast.ReturnStmt); !ok {
				return false
			}
			list, i := goSiblings(n, stack)
			for _, s := range list[:max(i, 0)] {
				if _, ok := s.(*ast.IfStmt); ok {
					return true
				}
			}
			return false
		}},
		{refCase{name: "ifThenReturn", rule: `
rule:
  kind: if_statement
  precedes: {kind: return_statement}
`}, func(n ast.Node, stack []ast.Node) bool {
			if _, ok := n.(*ast.IfStmt); !ok {
				return false
			}
			list, i := goSiblings(n, stack)
			if i < 0 || i+1 >= len(list) {
				return false
			}
			_, ok := list[i+1].(*ast.ReturnStmt)
			return ok
		}},
		{refCase{name: "testFunc", rule: `
rule:
  kind: function_declaration
  regex: '^func Test'
`}, func(n ast.Node, _ []ast.Node) bool {
			d := goFunc(n)
			return d != nil && strings.HasPrefix(d.Name.Name, "Test")
		}},
		{refCase{name: "pointerMethod", rule: `
rule:
  kind: method_declaration
  has:
    kind: parameter_list
    nthChild: 1
    has:
      kind: parameter_declaration
      has: {kind: pointer_type}
`}, func(n ast.Node, _ []ast.Node) bool {
			d, ok := n.(*ast.FuncDecl)
			if !ok || d.Recv == nil || len(d.Recv.List) != 1 {
				return false
			}
			_, ptr := d.Recv.List[0].Type.(*ast.StarExpr)
			return ptr
		}},
	}
}

// TestGoKindRules runs kind-based ast-grep rules (kind with has, inside,
// follows, precedes, not, any, nthChild and regex, no pattern) over the
// part of GOROOT/src TestOracle searches, and compares the byte ranges
// of their matches with those of the nodes a go/ast predicate of the
// same meaning accepts. go/ast and our tree agree on every node's
// extent for the kinds the rules name, so the sets must be identical.
func TestGoKindRules(t *testing.T) {
	began := time.Now()
	_, files, _ := loadOracle(t)
	cases := goKindCases()
	krs := make([]refCase, len(cases))
	for i, c := range cases {
		krs[i] = c.refCase
	}
	rules := refCompile(t, golang.Language, krs)
	ours := make([][]refMatch, len(cases))
	theirs := make([][]refMatch, len(cases))
	for _, f := range files {
		if err := refFind(t, golang.Language, rules, f.rel, f.source, ours); err != nil {
			t.Errorf("our grammar fails where go/parser does not: %s: %v", f.rel, err)
		}
		var stack []ast.Node
		ast.Inspect(f.ast, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			for i, c := range cases {
				if c.match(n, stack) {
					theirs[i] = append(theirs[i], refAt(f.rel, f.source, f.tf.Offset(n.Pos()), f.tf.Offset(n.End())))
				}
			}
			stack = append(stack, n)
			return true
		})
	}
	refCompareAll(t, "go/ast", krs, nil, ours, theirs)
	t.Logf("%d rules over %d files in %v", len(cases), len(files), time.Since(began).Round(time.Millisecond))
}
