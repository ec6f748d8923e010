package golang

import (
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// TestTreeSitterOracle: the tree-sitter map against ast-grep's parse of
// the sample, kind by kind and field by field; goKnown says where and
// why the trees differ in shape. tree-sitter-go ends a statement with
// the newline that is its automatic semicolon, ours before it.
func TestTreeSitterOracle(t *testing.T) {
	gramtest.TSOracle{
		Lang:    Language,
		AstGrep: "go",
		Sample:  "testdata/treesitter/sample.go",
		Names:   "testdata/treesitter/names.txt",
		TrimEnd: []string{"\n"},
		Known:   goKnown,
	}.Run(t)
}

// goKnown are the differences of tree shape between tree-sitter-go's
// tree and ours, by tree-sitter's kind or field ("P.F").
var goKnown = map[string]string{
	// Our one identifier kind is every name.
	"identifier":         "ours is every name: a type's, a field's, a package's, a label's, and true, false, nil and iota",
	"blank_identifier":   "an identifier to us",
	"field_identifier":   "an identifier to us",
	"label_name":         "an identifier to us",
	"package_identifier": "an identifier to us",
	"type_identifier":    "an identifier to us",
	"true":               "an identifier to us",
	"false":              "an identifier to us",
	"nil":                "an identifier to us",
	"iota":               "an identifier to us",

	// Nodes we do not build.
	"comment":                            "comments are trivia, not nodes",
	"dot":                                "the . of a dot import is a token",
	"escape_sequence":                    "a string literal is one leaf",
	"interpreted_string_literal_content": "a string literal is one leaf",
	"raw_string_literal_content":         "a string literal is one leaf",
	"import_spec_list":                   "the import declaration holds its specs",
	"var_spec_list":                      "the var declaration holds its specs",
	"statement_list":                     "a block or case holds its statements",
	"literal_element":                    "a literal value or keyed element holds the element itself",
	"expression_statement":               "a statement that is an expression is the expression",
	"negated_type":                       "a ~T term is the token ~ and the type, in the type_elem",
	"type_constraint":                    "a type parameter's constraint is the type itself",
	"variadic_argument":                  "the ... of f(xs...) is a token of the argument list",
	"receive_statement":                  "a select case's receive is a short variable declaration, an assignment or a unary expression",
	"type_conversion_expression":         "[]int(x) is a call",
	"type_instantiation_expression":      "F[int, string] is an index expression",

	// Nodes that are another's in tree-sitter's tree.
	"call_expression":       "a conversion []int(x) is a call",
	"argument_list":         "a conversion []int(x) is a call",
	"index_expression":      "an instantiation F[int, string] is an index expression",
	"type_arguments":        "the type arguments of F[int, string](x) are an index expression's",
	"type_elem":             "a type element of one type (an embedded interface, a type argument) is the type",
	"expression_list":       "a list of one expression is the expression",
	"pointer_type":          "an embedded field *T is a pointer type; tree-sitter's field holds the * and T",
	"short_var_declaration": "a select case's v := <-ch and a type switch's t := x.(type) are short variable declarations",

	"call_expression.arguments":      "a conversion []int(x) is a call",
	"call_expression.function":       "of F[int](x), the function is the index expression F[int]; of a conversion, the type",
	"call_expression.type_arguments": "the type arguments of F[int](x) are in the function, an index expression",
	"field_declaration.type":         "an embedded field *T is a pointer type; tree-sitter's type is T",
	"const_spec.name":                "tree-sitter's name field holds the commas between the names",
	"type_case.type":                 "tree-sitter's type field holds the commas between the types",
	"import_spec.name":               "the . of a dot import is a token",
	"index_expression.index":         "an instantiation F[int, string] is an index expression",
	"index_expression.operand":       "an instantiation F[int, string] is an index expression",
	"short_var_declaration.left":     "a select case's v := <-ch and a type switch's t := x.(type) are short variable declarations",
	"short_var_declaration.right":    "a select case's v := <-ch and a type switch's t := x.(type) are short variable declarations",
	"type_switch_statement.alias":    "t of switch t := x.(type) is in the short variable declaration, a child of the switch",
	"type_switch_statement.value":    "x of switch x.(type) is in the type switch guard, a child of the switch",
}
