package golang

import (
	"go/ast"
	goparser "go/parser"
	"go/token"
	"os"
	"testing"

	"github.com/agenttools/agenttools/grammars"

	"github.com/google/go-cmp/cmp"
)

// TestShapesAgainstGoAST counts, per file of a standard-library sample,
// the constructs go/ast finds and the nodes our tree has for them; the
// counts must agree. Leaves alone cannot show a call parsed as a
// conversion of the wrong thing, or a composite literal taken for a block.
func TestShapesAgainstGoAST(t *testing.T) {
	for _, f := range stdlibSample(t, 10) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		af, err := goparser.ParseFile(token.NewFileSet(), f, src, goparser.SkipObjectResolution)
		if err != nil {
			continue
		}
		tree, err := Language.Parse(src)
		if err != nil || len(tree.Errors) > 0 {
			t.Errorf("%s: %v %v", f, err, tree.Errors)
			continue
		}
		want := map[string]int{}
		ast.Inspect(af, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				want["call"]++
			case *ast.CompositeLit:
				want["composite"]++
			case *ast.FuncLit:
				want["funclit"]++
			case *ast.FuncDecl:
				want["funcdecl"]++
			case *ast.IfStmt:
				want["if"]++
			case *ast.ForStmt, *ast.RangeStmt:
				want["for"]++
			case *ast.SwitchStmt:
				want["switch"]++
			case *ast.TypeSwitchStmt:
				want["typeswitch"]++
			case *ast.BinaryExpr:
				want["binary"]++
			case *ast.KeyValueExpr:
				want["keyed"]++
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE {
					want["define"]++
				} else {
					want["assign"]++
				}
			case *ast.ReturnStmt:
				want["return"]++
			case *ast.SelectorExpr:
				want["selector"]++
			case *ast.StarExpr:
				want["star"]++
			case *ast.Field:
				want["field"]++
			case *ast.TypeAssertExpr:
				want["assert"]++
			case *ast.SliceExpr:
				want["slice"]++
			case *ast.IndexExpr, *ast.IndexListExpr:
				want["index"]++
			case *ast.CaseClause:
				want["case"]++
			case *ast.LabeledStmt:
				want["label"]++
			}
			return true
		})
		got := map[string]int{}
		tree.Walk(func(n int32) bool {
			switch tree.Nodes[n].Kind {
			case nCallExpression:
				got["call"]++
			case nCompositeLiteral:
				got["composite"]++
			case nLiteralValue:
				// An element written {…} with its type elided is a
				// composite literal of its own in go/ast.
				if k := tree.Nodes[tree.Nodes[n].Parent].Kind; k == nLiteralValue || k == nKeyedElement {
					got["composite"]++
				}
			case nFuncLiteral:
				got["funclit"]++
				addBare(got, tree, n)
			case nFunctionDeclaration, nMethodDeclaration:
				got["funcdecl"]++
				addBare(got, tree, n)
			case nFunctionType:
				addBare(got, tree, n)
			case nIfStatement:
				got["if"]++
			case nForStatement:
				got["for"]++
			case nExpressionSwitchStatement:
				got["switch"]++
			case nTypeSwitchStatement:
				got["typeswitch"]++
			case nBinaryExpression:
				got["binary"]++
			case nKeyedElement:
				got["keyed"]++
			case nShortVarDeclaration:
				got["define"]++
			case nAssignmentStatement:
				got["assign"]++
			case nReturnStatement:
				got["return"]++
			case nSelectorExpression, nQualifiedType:
				got["selector"]++
			case nPointerType:
				got["star"]++
			case nUnaryExpression:
				if tree.Nodes[tree.Children(n)[0]].Kind == opMul {
					got["star"]++
				}
			case nParameterDeclaration, nVariadicParameterDeclaration, nFieldDeclaration, nTypeParameterDeclaration:
				got["field"]++
			case nTypeElem:
				// go/ast writes a union A | B as a binary expression.
				for _, c := range tree.Children(n) {
					if tree.Nodes[c].Kind == opOr {
						got["binary"]++
					}
				}
			case nInterfaceType:
				for _, c := range tree.Children(n) {
					if tree.Named(c) && tree.Nodes[c].Kind != nMethodElem {
						got["field"]++ // an embedded element
					}
				}
			case nMethodElem:
				got["field"]++
				addBare(got, tree, n)
			case nTypeAssertionExpression, nTypeSwitchGuard:
				got["assert"]++
			case nSliceExpression:
				got["slice"]++
			case nIndexExpression, nGenericType:
				got["index"]++
			case nExpressionCase, nTypeCase:
				got["case"]++
			case nDefaultCase:
				if tree.Nodes[tree.Nodes[n].Parent].Kind != nSelectStatement {
					got["case"]++
				}
			case nLabeledStatement:
				got["label"]++
			}
			return true
		})
		// go/ast has a Field for each embedded interface element and each
		// receiver and result, as we do; but a type switch's default in a
		// select is a CommClause, which it does not count here.
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: construct counts (-go/ast +ours):\n%s", f, diff)
		}
	}
}

// bareResult is 1 when a signature's result is a type without parentheses
// (go/ast gives it a Field; our tree has the type itself).
func bareResult(tree *grammars.Tree, n int32) int {
	kids := tree.Children(n)
	last := -1
	for i, c := range kids {
		if tree.Nodes[c].Kind == nParameterList {
			last = i
		}
	}
	if last >= 0 && last+1 < len(kids) {
		if c := kids[last+1]; tree.Named(c) && tree.Nodes[c].Kind != nBlock {
			return 1
		}
	}
	return 0
}

func addBare(got map[string]int, tree *grammars.Tree, n int32) {
	if bareResult(tree, n) > 0 {
		got["field"]++
	}
}
