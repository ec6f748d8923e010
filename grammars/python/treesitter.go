package python

import "github.com/agenttools/agenttools/grammars"

// treeSitter maps tree-sitter-python's kinds and fields onto our tree,
// for rules written for ast-grep. Our tree has no wrapper where
// tree-sitter has one around a lone child (a statement's expression, a
// case's pattern, an annotation's type, a with statement's items), and
// no node for a plain string's parts, which is one leaf.
// TestTreeSitterOracle checks the map against ast-grep on a sample.
var treeSitter = &grammars.TreeSitter{
	Kinds: map[string][]string{
		"except_clause": {"except_clause", "except_group_clause"},
		"if_clause":     {"if_clause", "guard"},
		"string":        {"string", "f_string"},
		// Nodes we do not build: the wrappers above, a target list (our
		// expression_list), a pattern's parts, which are expressions
		// to us, a type's parts, which are expressions too, and Python
		// 2's print and exec statements.
		"case_pattern":             {},
		"chevron":                  {},
		"comment":                  {},
		"complex_pattern":          {},
		"constrained_type":         {},
		"escape_interpolation":     {},
		"escape_sequence":          {},
		"exec_statement":           {},
		"expression_statement":     expressionStatements,
		"format_expression":        {},
		"future_import_statement":  {},
		"generic_type":             {"subscript/assignment.type", "subscript/typed_parameter.type", "subscript/typed_default_parameter.type", "subscript/function_definition.return_type"},
		"import_prefix":            {},
		"lambda_parameters":        {},
		"line_continuation":        {},
		"member_type":              {},
		"parenthesized_list_splat": {},
		"pattern_list":             {},
		"print_statement":          {},
		"splat_type":               {},
		"type":                     annotations,
		"union_type":               {},
		"with_clause":              {},
	},
	Fields: map[string]map[string]string{
		"aliased_import":           {"name": "#1", "alias": "#-1"},
		"as_pattern":               {"alias": "after:as"},
		"assignment":               {"left": "#1", "type": "after:: upto:=", "right": "after:="},
		"attribute":                {"object": "#1", "attribute": "#-1"},
		"augmented_assignment":     {"left": "#1", "operator": "anon #1", "right": "#-1"},
		"binary_operator":          {"left": "#1", "operator": "anon #1", "right": "#-1"},
		"block":                    {"alternative": "kind:case_clause"},
		"boolean_operator":         {"left": "#1", "operator": "anon #1", "right": "#-1"},
		"call":                     {"function": "#1", "arguments": "#-1"},
		"case_clause":              {"consequence": "kind:block", "guard": "kind:guard"},
		"class_definition":         {"name": "#1", "type_parameters": "kind:type_parameter", "superclasses": "kind:argument_list", "body": "kind:block"},
		"comparison_operator":      {"operators": "anon"},
		"decorated_definition":     {"definition": "#-1"},
		"default_parameter":        {"name": "#1", "value": "#-1"},
		"dict_pattern":             {"key": "pre:!: kind:!splat_pattern", "value": "pre::"},
		"dictionary_comprehension": {"body": "kind:pair"},
		"elif_clause":              {"condition": "#1", "consequence": "kind:block"},
		"else_clause":              {"body": "kind:block"},
		"except_clause":            {"value": "kind:!block #1"},
		"except_group_clause":      {"value": "kind:!block #1"},
		"for_in_clause":            {"left": "before:in", "right": "after:in"},
		"for_statement":            {"left": "before:in", "right": "after:in #1", "body": "kind:block", "alternative": "kind:else_clause"},
		"function_definition":      {"name": "#1", "type_parameters": "kind:type_parameter", "parameters": "kind:parameters", "return_type": "after:-> #1", "body": "kind:block"},
		"generator_expression":     {"body": "#1"},
		"if_statement":             {"condition": "#1", "consequence": "kind:block", "alternative": "kind:elif_clause|else_clause"},
		"import_from_statement":    {"module_name": "#1", "name": "after:import kind:!wildcard_import"},
		"import_statement":         {"name": "after:import"},
		"interpolation":            {"expression": "#1", "type_conversion": "kind:type_conversion", "format_specifier": "kind:format_specifier"},
		"keyword_argument":         {"name": "#1", "value": "#-1"},
		"lambda":                   {"body": "after::"},
		"list_comprehension":       {"body": "#1"},
		"match_statement":          {"subject": "before:block", "body": "kind:block"},
		"named_expression":         {"name": "#1", "value": "#-1"},
		"not_operator":             {"argument": "#-1"},
		"pair":                     {"key": "#1", "value": "#-1"},
		"raise_statement":          {"cause": "after:from"},
		"set_comprehension":        {"body": "#1"},
		"subscript":                {"value": "#1", "subscript": "after:["},
		"try_statement":            {"body": "kind:block #1"},
		"type_alias_statement":     {"left": "#1", "right": "after:="},
		"typed_default_parameter":  {"name": "#1", "type": "after:: before:=", "value": "after:="},
		"typed_parameter":          {"type": "after::"},
		"unary_operator":           {"operator": "anon #1", "argument": "#-1"},
		"while_statement":          {"condition": "#1", "body": "kind:block", "alternative": "kind:else_clause"},
		"with_item":                {"value": "#1"},
		"with_statement":           {"body": "kind:block"},
	},
}

// expressionStatements are the expressions and assignments that may
// stand as a statement, which tree-sitter wraps in an expression_statement
// and we do not.
var expressionStatements = []string{
	"assignment/@block", "augmented_assignment/@block", "call/@block", "await/@block", "string/@block",
	"concatenated_string/@block", "yield/@block", "identifier/@block", "attribute/@block", "subscript/@block",
	"binary_operator/@block", "boolean_operator/@block", "comparison_operator/@block", "unary_operator/@block",
	"not_operator/@block", "named_expression/@block", "conditional_expression/@block", "lambda/@block",
	"tuple/@block", "list/@block", "dictionary/@block", "set/@block", "parenthesized_expression/@block",
	"expression_list/@block", "ellipsis/@block", "integer/@block", "float/@block", "list_comprehension/@block",
	"generator_expression/@block",
}

// annotations are the expressions that stand as an annotation, which
// tree-sitter wraps in a type node and we do not: a variable's, a
// parameter's, a return type.
var annotations = func() []string {
	var out []string
	for _, k := range []string{"identifier", "subscript", "attribute", "binary_operator", "string", "none", "list", "tuple"} {
		for _, at := range []string{"assignment.type", "typed_parameter.type", "typed_default_parameter.type", "function_definition.return_type"} {
			out = append(out, k+"/"+at)
		}
	}
	return out
}()
