package python

import (
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// TestTreeSitterOracle: the tree-sitter map against ast-grep's parse of
// the sample, kind by kind and field by field; pyKnown says where and
// why the trees differ in shape. Our block starts at its colon,
// tree-sitter's at its first statement.
func TestTreeSitterOracle(t *testing.T) {
	gramtest.TSOracle{
		Lang:      Language,
		AstGrep:   "python",
		Sample:    "testdata/treesitter/sample.py",
		Names:     "testdata/treesitter/names.txt",
		TrimStart: []string{":"},
		Known:     pyKnown,
	}.Run(t)
}

// pyKnown are the differences of tree shape between
// tree-sitter-python's tree and ours, by tree-sitter's kind or field
// ("P.F").
var pyKnown = map[string]string{
	// Nodes we do not build.
	"case_pattern":            "a case's pattern is the pattern itself",
	"comment":                 "comments are trivia, not nodes",
	"line_continuation":       "a backslash at a line's end is trivia",
	"escape_interpolation":    "a string's text is one leaf",
	"escape_sequence":         "a string's text is one leaf",
	"type":                    "an annotation is the expression itself, found where it stands as one (a variable's, a parameter's, a return type); one inside another (list[int]'s int) and a type alias's value are not",
	"with_clause":             "a with statement holds its items",
	"lambda_parameters":       "a lambda holds its parameters",
	"pattern_list":            "targets a, b are an expression list",
	"import_prefix":           "a relative import's dots are tokens",
	"format_expression":       "a {n} nested in a format spec is an interpolation",
	"complex_pattern":         "a case's 1 + 2j is a binary operator",
	"constrained_type":        "a type parameter T: (int, str) is a typed parameter",
	"generic_type":            "an annotation's list[int] is a subscript, found where it is the annotation; one inside another (list[dict[str, int]]) is not",
	"union_type":              "an annotation's X | None is a binary operator",
	"splat_type":              "a type parameter *Ts or **P is a splat pattern",
	"future_import_statement": "from __future__ import is an import_from_statement",

	// Nodes that are another's in tree-sitter's tree.
	"identifier":               "__future__ and a case's _ are identifiers",
	"dotted_name":              "a dotted name of one name is the identifier",
	"import_from_statement":    "from __future__ import is one",
	"interpolation":            "a {n} nested in a format spec is one",
	"string_content":           "a plain string's text is one leaf; an f-string's format spec is string content",
	"string_start":             "a plain string is one leaf; an f-string has a start",
	"string_end":               "a plain string is one leaf; an f-string has an end",
	"argument_list":            "f(x for x in y) has an argument list; tree-sitter's call takes the generator",
	"generator_expression":     "the generator of f(x for x in y) is inside the argument list's parentheses",
	"binary_operator":          "a case's 1 + 2j and an annotation's X | None are binary operators",
	"unary_operator":           "a case's -1 is a unary operator",
	"subscript":                "an annotation's list[int] is a subscript",
	"type_parameter":           "an annotation's list[int] is a subscript",
	"typed_parameter":          "a type parameter T: (int, str) is a typed parameter",
	"dictionary_splat_pattern": "a type parameter **P is one",
	"list_splat_pattern":       "a target *rest is a list splat; a type parameter *Ts is a list splat pattern",
	"list_splat":               "a target *rest is a list splat",
	"list":                     "a target [a, b] is a list",
	"list_pattern":             "a target [a, b] is a list",
	"tuple":                    "a target (a, b) is a tuple",
	"tuple_pattern":            "a target (a, b) is a tuple",
	"expression_list":          "targets a, b are an expression list; del's targets are its children",
	"as_pattern":               "with's and except's x as y are the with item's and the except clause's children",
	"with_item":                "an item without as is the expression; with (x as y) has the item without the parentheses",
	"parenthesized_expression": "with (x as y) has a with item, no parenthesized expression",

	"as_pattern.alias":                  "with's and except's as are no as pattern; a case's as names its alias in ours only",
	"except_clause.value":               "of except E as e, the value is E; tree-sitter's is the as pattern E as e",
	"with_item.value":                   "of x as y, the value is x; tree-sitter's is the as pattern x as y",
	"comparison_operator.operators":     "not in and is not are two tokens each",
	"type_alias_statement.left":         "of type Pair[K, V] = …, the name Pair; tree-sitter's is the generic type",
	"lambda.parameters":                 "a lambda holds its parameters, with no node around them",
	"import_from_statement.module_name": "from __future__ import is one",
	"import_from_statement.name":        "from __future__ import is one",
	"interpolation.expression":          "a {n} nested in a format spec is an interpolation",
	"binary_operator.left":              "a case's 1 + 2j and an annotation's X | None are binary operators",
	"binary_operator.operator":          "a case's 1 + 2j and an annotation's X | None are binary operators",
	"binary_operator.right":             "a case's 1 + 2j and an annotation's X | None are binary operators",
	"unary_operator.argument":           "a case's -1 is a unary operator",
	"unary_operator.operator":           "a case's -1 is a unary operator",
	"subscript.subscript":               "an annotation's list[int] is a subscript",
	"subscript.value":                   "an annotation's list[int] is a subscript",
	"typed_parameter.type":              "a type parameter T: (int, str) is a typed parameter",
}
