package golang

import "github.com/agenttools/agenttools/grammars"

// treeSitter maps tree-sitter-go's kinds and fields onto our tree, for
// rules written for ast-grep. Our tree has one identifier kind where
// tree-sitter tells a field's, a type's, a package's and a label's name
// apart (and true, false, nil and iota, which are identifiers to us),
// holds a list of specs, statements or elements in its parent with no
// wrapper (import_spec_list, statement_list, literal_element), and
// writes a one-element expression list as the expression alone.
// TestTreeSitterOracle checks the map against ast-grep on a sample.
var treeSitter = &grammars.TreeSitter{
	Kinds: map[string][]string{
		// Nodes we do not build. A name tree-sitter tells apart (a
		// type's, a field's, a package's, a label's) is an identifier to
		// us: mapped to identifier, a rule for field names would find,
		// and its fix rewrite, every name, so it finds none. Some nodes'
		// text is a child of another (a literal's content, a spec list's
		// specs); others are read as another kind (a conversion is a
		// call; a select case's receive, an assignment or a unary
		// expression).
		"blank_identifier":                   {},
		"field_identifier":                   {},
		"label_name":                         {},
		"package_identifier":                 {},
		"type_identifier":                    {},
		"comment":                            {},
		"dot":                                {},
		"empty_statement":                    {},
		"escape_sequence":                    {},
		"expression_statement":               {},
		"false":                              {},
		"import_spec_list":                   {},
		"interpreted_string_literal_content": {},
		"iota":                               {},
		"literal_element":                    {},
		"negated_type":                       {},
		"nil":                                {},
		"raw_string_literal_content":         {},
		"receive_statement":                  {},
		"statement_list":                     {},
		"true":                               {},
		"type_constraint":                    {},
		"type_conversion_expression":         {},
		"type_instantiation_expression":      {},
		"var_spec_list":                      {},
		"variadic_argument":                  {},
	},
	Fields: map[string]map[string]string{
		"array_type":           {"length": "after:[ before:]", "element": "after:]"},
		"assignment_statement": {"left": "#1", "operator": "anon #1", "right": "#-1"},
		"binary_expression":    {"left": "#1", "operator": "anon #1", "right": "#-1"},
		"call_expression":      {"function": "#1", "arguments": "kind:argument_list"},
		"channel_type":         {"value": "#-1"},
		"communication_case":   {"communication": "before::"},
		"composite_literal":    {"type": "before:literal_value", "body": "kind:literal_value"},
		"const_spec":           nameTypeValue,
		"expression_case":      {"value": "before::"},
		"expression_switch_statement": {
			"initializer": "before:;",
			"value":       "before:{ #-1 " + notSimpleStatement,
		},
		"field_declaration": {
			"name": "kind:!raw_string_literal|interpreted_string_literal #1..-2",
			"type": "kind:!raw_string_literal|interpreted_string_literal #-1",
			"tag":  "kind:raw_string_literal|interpreted_string_literal",
		},
		"for_clause":    {"initializer": "before:;", "condition": "after:; before:;", "update": "after:; after:;"},
		"for_statement": {"body": "kind:block"},
		"func_literal":  {"parameters": "kind:parameter_list #1", "result": "after:parameter_list upto:block", "body": "kind:block"},
		"function_declaration": {
			"name":            "#1",
			"type_parameters": "kind:type_parameter_list",
			"parameters":      "kind:parameter_list #1",
			"result":          "after:parameter_list upto:block",
			"body":            "kind:block",
		},
		"function_type":              {"parameters": "kind:parameter_list #1", "result": "after:parameter_list"},
		"generic_type":               {"type": "#1", "type_arguments": "kind:type_arguments"},
		"if_statement":               {"initializer": "before:;", "condition": "before:block #-1", "consequence": "kind:block #1", "alternative": "after:else"},
		"implicit_length_array_type": {"element": "#-1"},
		"import_spec":                {"name": "#-2", "path": "#-1"},
		"index_expression":           {"operand": "#1", "index": "after:["},
		"keyed_element":              {"key": "#1", "value": "#-1"},
		"labeled_statement":          {"label": "#1"},
		"map_type":                   {"key": "after:[ before:]", "value": "after:]"},
		"method_declaration": {
			"receiver":   "kind:parameter_list #1",
			"name":       "after:parameter_list #1",
			"parameters": "kind:parameter_list #2",
			"result":     "after:parameter_list after:parameter_list upto:block",
			"body":       "kind:block",
		},
		"method_elem":                    {"name": "#1", "parameters": "kind:parameter_list #1", "result": "after:parameter_list"},
		"parameter_declaration":          {"name": "#1..-2", "type": "#-1"},
		"qualified_type":                 {"package": "#1", "name": "#-1"},
		"range_clause":                   {"left": "before:range", "right": "after:range"},
		"selector_expression":            {"operand": "#1", "field": "#-1"},
		"send_statement":                 {"channel": "#1", "value": "#-1"},
		"short_var_declaration":          {"left": "#1", "right": "#-1"},
		"slice_expression":               {"operand": "#1", "start": "after:[ before::", "end": "after:: before:] #1", "capacity": "after:: after::"},
		"slice_type":                     {"element": "#-1"},
		"type_alias":                     {"name": "#1", "type_parameters": "kind:type_parameter_list", "type": "after:="},
		"type_assertion_expression":      {"operand": "#1", "type": "#-1"},
		"type_case":                      {"type": "before::"},
		"type_parameter_declaration":     {"name": "#1..-2", "type": "#-1"},
		"type_spec":                      {"name": "#1", "type_parameters": "kind:type_parameter_list", "type": "#-1"},
		"type_switch_statement":          {"initializer": "before:;"},
		"unary_expression":               {"operator": "anon #1", "operand": "#-1"},
		"var_spec":                       nameTypeValue,
		"variadic_parameter_declaration": {"name": "before:...", "type": "after:..."},
	},
}

// nameTypeValue are the fields of a var or const spec, a, b int = 1, 2:
// the names and the type are siblings, the type the one right after a
// name, where a name follows a comma.
var nameTypeValue = map[string]string{"name": "upto:= pre:!identifier", "type": "upto:= pre:identifier", "value": "after:="}

// notSimpleStatement leaves out a switch's initializer, when the switch
// has one and no tag: switch x := f(); { … }.
const notSimpleStatement = "kind:!short_var_declaration|assignment_statement|inc_statement|dec_statement|send_statement"
