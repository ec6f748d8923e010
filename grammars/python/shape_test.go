package python

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/agenttools/agenttools/grammars"

	"github.com/google/go-cmp/cmp"
)

// astScript prints, for each file on stdin that ast.parse accepts, a JSON
// object counting the constructs of its ast, by the names below, those
// inside f-strings included; for any other file it prints null.
const astScript = `
import ast, json, sys, warnings
warnings.simplefilter("ignore")
names = {
    "Call": "call", "Attribute": "attribute", "FunctionDef": "def", "AsyncFunctionDef": "def",
    "ClassDef": "class", "ListComp": "listcomp", "SetComp": "setcomp", "DictComp": "dictcomp",
    "GeneratorExp": "genexp", "comprehension": "for_in", "Lambda": "lambda", "If": "if",
    "IfExp": "ifexp", "For": "for", "AsyncFor": "for", "While": "while", "With": "with",
    "AsyncWith": "with", "Try": "try", "TryStar": "try", "ExceptHandler": "except",
    "Return": "return", "Assign": "assign", "AnnAssign": "annassign", "AugAssign": "augassign",
    "Subscript": "subscript", "Slice": "slice", "Dict": "dict", "Set": "set", "List": "list",
    "Tuple": "tuple", "Compare": "compare", "BoolOp": "boolop", "BinOp": "binop",
    "UnaryOp": "unaryop", "NamedExpr": "walrus", "Await": "await", "Yield": "yield",
    "YieldFrom": "yield", "Starred": "starred", "keyword": "keyword", "Import": "import",
    "ImportFrom": "importfrom", "Raise": "raise", "Assert": "assert", "Delete": "del",
    "Global": "global", "Nonlocal": "nonlocal", "Pass": "pass", "Break": "break",
    "Continue": "continue", "Match": "match", "match_case": "case", "FormattedValue": "field",
}
for path in sys.stdin:
    try:
        tree = ast.parse(open(path.rstrip("\n"), "rb").read())
    except Exception:
        print("null")
        continue
    counts = {}
    def add(name, n=1):
        if n:
            counts[name] = counts.get(name, 0) + n
    todo = [tree]
    while todo:
        node = todo.pop()
        todo.extend(ast.iter_child_nodes(node))
        name = names.get(type(node).__name__)
        if name:
            add(name)
        if isinstance(node, ast.comprehension):
            add("comp_if", len(node.ifs))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            add("decorator", len(node.decorator_list))
    print(json.dumps(counts))
`

// TestShapesAgainstAST counts, per file of a standard-library sample, the
// constructs python3's ast module finds and the nodes our tree has for
// them; the counts must agree. Leaves alone cannot show a call parsed as
// a subscript, or an elif taken for a nested if.
func TestShapesAgainstAST(t *testing.T) {
	py := python3(t)
	files := stdlibSample(t, py, fidelityFiles())
	lines := runPython(t, py, astScript, files)
	for i, f := range files {
		var want map[string]int
		if err := json.Unmarshal([]byte(lines[i]), &want); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if want == nil {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := Language.Parse(src)
		if err != nil || len(tree.Errors) > 0 {
			t.Errorf("%s: %v %v", f, err, tree.Errors)
			continue
		}
		if diff := cmp.Diff(want, shapeCounts(tree)); diff != "" {
			t.Errorf("%s: construct counts (-ast +ours):\n%s", f, diff)
		}
	}
}

// ourNames maps the kinds that are one ast construct each to its name.
var ourNames = map[grammars.Kind]string{
	nCall: "call", nAttribute: "attribute", nFunctionDefinition: "def", nClassDefinition: "class",
	nListComprehension: "listcomp", nSetComprehension: "setcomp", nDictionaryComprehension: "dictcomp",
	nGeneratorExpression: "genexp", nForInClause: "for_in", nIfClause: "comp_if", nLambda: "lambda",
	nIfStatement: "if", nElifClause: "if", nConditionalExpression: "ifexp", nForStatement: "for",
	nWhileStatement: "while", nWithStatement: "with", nTryStatement: "try", nExceptClause: "except",
	nExceptGroupClause: "except", nReturnStatement: "return", nAugmentedAssignment: "augassign",
	nSubscript: "subscript", nSlice: "slice", nDictionary: "dict", nSet: "set", nList: "list",
	nTuple: "tuple", nExpressionList: "tuple", nComparisonOperator: "compare", nBinaryOperator: "binop",
	nUnaryOperator: "unaryop", nNotOperator: "unaryop", nNamedExpression: "walrus", nAwait: "await",
	nYield: "yield", nListSplat: "starred", nKeywordArgument: "keyword", nImportStatement: "import",
	nImportFromStatement: "importfrom", nRaiseStatement: "raise", nAssertStatement: "assert",
	nDeleteStatement: "del", nGlobalStatement: "global", nNonlocalStatement: "nonlocal",
	nPassStatement: "pass", nBreakStatement: "break", nContinueStatement: "continue",
	nMatchStatement: "match", nCaseClause: "case", nDecorator: "decorator", nInterpolation: "field",
}

// shapeCounts counts our nodes by the ast's names. Where the two trees
// differ in shape, the difference is spelled out here.
func shapeCounts(tree *grammars.Tree) map[string]int {
	got := map[string]int{}
	tree.Walk(func(n int32) bool {
		k := tree.Nodes[n].Kind
		parent := tree.Nodes[n].Parent
		if name, ok := ourNames[k]; ok {
			got[name]++
		}
		switch k {
		case nAssignment:
			// An annotated one has a ':'; in a chain a = b = c the inner
			// assignments are the one ast Assign's further targets.
			switch {
			case hasLeaf(tree, n, opColon):
				got["annassign"]++
			case tree.Nodes[parent].Kind != nAssignment:
				got["assign"]++
			}
		case nBooleanOperator:
			// a or b or c nests to the left; the ast has one BoolOp.
			if p := tree.Nodes[parent]; p.Kind != nBooleanOperator || tree.Children(parent)[0] != n || boolOp(tree, parent) != boolOp(tree, n) {
				got["boolop"]++
			}
		case nSubscript:
			// x[a, b] and x[*a] index with a tuple in the ast.
			for _, c := range tree.Children(n) {
				if k := tree.Nodes[c].Kind; k == opComma || k == nListSplat {
					got["tuple"]++
					break
				}
			}
		case nDottedName:
			// A pattern's Color.RED is an Attribute in the ast.
			switch tree.Nodes[parent].Kind {
			case nImportStatement, nImportFromStatement, nAliasedImport, nRelativeImport:
			default:
				for _, c := range tree.Children(n) {
					if tree.Nodes[c].Kind == opDot {
						got["attribute"]++
					}
				}
			}
		case nDictionarySplat:
			if tree.Nodes[parent].Kind == nArgumentList {
				got["keyword"]++ // f(**kw) is a keyword with no name
			}
		}
		return true
	})
	return got
}

func hasLeaf(tree *grammars.Tree, n int32, k grammars.Kind) bool {
	for _, c := range tree.Children(n) {
		if tree.Nodes[c].Kind == k {
			return true
		}
	}
	return false
}

// boolOp returns the operator kind of a boolean_operator.
func boolOp(tree *grammars.Tree, n int32) grammars.Kind {
	return tree.Nodes[tree.Children(n)[1]].Kind
}
