package c

import (
	"maps"
	"slices"

	"github.com/agenttools/agenttools/grammars"
)

// C++'s declarator kinds, to tell a declaration's declarators from its
// type and its specifiers among its children, which hold no field names.
const (
	cxxDeclarators      = declarators + "|reference_declarator|structured_binding_declarator|operator_cast|attributed_declarator"
	cxxFieldDeclarators = fieldDeclarators + "|reference_declarator|operator_name|destructor_name|operator_cast|attributed_declarator"
	cxxParamDeclarators = paramDeclarators + "|reference_declarator|abstract_reference_declarator|variadic_declarator"
	// What may stand before a declaration's type: its type is the first
	// named child that is none of these and no declarator; a constructor
	// has none.
	cxxSpecifiers = "attribute_declaration|attribute_specifier|explicit_function_specifier|ms_declspec_modifier"
	// A function definition's declarator, as one of its children.
	cxxFuncDeclarators = "function_declarator|pointer_declarator|reference_declarator|parenthesized_declarator|operator_cast|attributed_declarator"
	// A function definition's bodies: its compound statement, or what
	// stands in its place.
	cxxFuncBodies = "compound_statement|try_statement|field_initializer_list|default_method_clause|delete_method_clause|pure_virtual_clause"
)

// cxxTreeSitter maps tree-sitter-cpp's kinds and fields onto our C++
// tree. tree-sitter-cpp extends tree-sitter-c as our C++ extends our C,
// so it is C's map with what C++ changes laid over it: cxxOwnKinds,
// cxxKinds and cxxFields.
var cxxTreeSitter = cxxMap()

// cxxOwnKinds are tree-sitter kinds C's map takes, as C has no such node,
// that our C++ tree has under the same name.
var cxxOwnKinds = []string{
	"declaration_list", "attribute", "attribute_declaration", "attributed_statement",
	"true", "false",
}

// cxxKinds are the kinds C++ maps anew, or maps where C's map does not.
// Ours names each primitive type by its keyword, and has no node for a
// condition's parentheses (condition_clause) nor for a subscript's
// brackets.
var cxxKinds = map[string][]string{
	"primitive_type": append(slices.Clone(treeSitter.Kinds["primitive_type"]), "bool", "char8_t", "char16_t", "char32_t"),
	// tree-sitter's primitive types are C's; wchar_t is not among them.
	"type_identifier": {"type_identifier", "wchar_t"},
	"null":            {"identifier=NULL", "nullptr"},
	// No counterpart.
	"condition_clause":        {},
	"init_statement":          {},
	"subscript_argument_list": {},
	"raw_string_content":      {},
	"raw_string_delimiter":    {},
	"pointer_type_declarator": {},
	// Theirs are supertypes that node-types.json lists as kinds, too:
	// no node is of them.
	"expression":     {},
	"statement":      {},
	"type_specifier": {},
}

// cxxFields are the fields C++ adds to C's kinds, or spells otherwise,
// and those of C++'s own kinds.
var cxxFields = map[string]map[string]string{
	"alias_declaration":   {"name": "#1", "type": "kind:type_descriptor"},
	"attribute":           {"name": "kind:identifier #-1"},
	"catch_clause":        {"parameters": "kind:parameter_list", "body": "kind:compound_statement"},
	"class_specifier":     {"name": "kind:type_identifier|template_type|qualified_identifier", "body": "kind:field_declaration_list"},
	"co_await_expression": {"operator": "anon", "argument": "#1"},
	// C++'s type may be a name, T{…}, not only C's (T){…}.
	"compound_literal_expression": {"type": "#1"},
	"concept_definition":          {"name": "#1"},
	"constraint_conjunction":      {"left": "#1", "operator": "anon", "right": "#-1"},
	"constraint_disjunction":      {"left": "#1", "operator": "anon", "right": "#-1"},
	"declaration": {"type": "kind:!" + cxxSpecifiers + "|" + cxxDeclarators + " #1",
		"declarator": "kind:" + cxxDeclarators},
	"enum_specifier": {"name": "kind:type_identifier|qualified_identifier", "base": "after:: #1", "body": "kind:enumerator_list"},
	"field_declaration": {"type": "kind:!" + cxxSpecifiers + "|" + cxxFieldDeclarators + " #1",
		"declarator": "kind:" + cxxFieldDeclarators, "default_value": "pre:="},
	// (a + ... + b): its operator is the first token inside the
	// parentheses that is not the pack's ...
	"fold_expression": {"left": "before:...", "operator": "anon kind:!(|...|) #1", "right": "after:..."},
	// for (init; T x : r): the initializer is a statement of ours.
	"for_range_loop": {"initializer": "kind:declaration|expression_statement|alias_declaration",
		"type": "before:: kind:!declaration|expression_statement|alias_declaration #1", "declarator": "before:: #-1",
		"right": "after:: #1", "body": "#-1"},
	"function_definition": {"type": "kind:!" + cxxSpecifiers + "|" + cxxFuncDeclarators + "|" + cxxFuncBodies + " #1",
		"declarator": "kind:" + cxxFuncDeclarators + " #-1", "body": "kind:compound_statement"},
	// A C++ initializer needs no =: T x(1), T x{1}.
	"init_declarator":            {"value": "#2"},
	"lambda_capture_initializer": {"left": "#1", "right": "#-1"},
	"lambda_expression": {"captures": "kind:lambda_capture_specifier", "template_parameters": "kind:template_parameter_list",
		"constraint": "kind:requires_clause", "declarator": "kind:abstract_function_declarator", "body": "kind:compound_statement"},
	"namespace_alias_definition": {"name": "#1"},
	"namespace_definition":       {"name": "kind:namespace_identifier|nested_namespace_specifier", "body": "kind:declaration_list"},
	"new_declarator":             {"length": "after:[ #1"},
	// new (place) T(args): the placement comes straight after new, the
	// arguments after the type or its declarator.
	"new_expression": {"placement": "kind:argument_list pre:new", "type": "kind:!argument_list|initializer_list|new_declarator #1",
		"declarator": "kind:new_declarator", "arguments": "kind:argument_list|initializer_list pre:!new"},
	"operator_cast":                           {"type": "#1", "declarator": "kind:abstract_function_declarator|abstract_pointer_declarator|abstract_reference_declarator"},
	"optional_parameter_declaration":          {"type": "#1", "declarator": "before:= #-1", "default_value": "after:= #1"},
	"optional_type_parameter_declaration":     {"name": "before:= #1", "default_type": "after:= #1"},
	"parameter_declaration":                   {"type": "#1", "declarator": "kind:" + cxxParamDeclarators},
	"parameter_pack_expansion":                {"pattern": "#1"},
	"placeholder_type_specifier":              {"constraint": "before:auto"},
	"qualified_identifier":                    {"scope": "before:::", "name": "after:::"},
	"requires_clause":                         {"constraint": "#1"},
	"requires_expression":                     {"parameters": "kind:parameter_list", "requirements": "kind:requirement_seq"},
	"static_assert_declaration":               {"condition": "after:( #1", "message": "after:, #1"},
	"struct_specifier":                        {"name": "kind:type_identifier|template_type|qualified_identifier"},
	"template_declaration":                    {"parameters": "kind:template_parameter_list"},
	"template_function":                       {"name": "#1", "arguments": "kind:template_argument_list"},
	"template_instantiation":                  {"type": "#1", "declarator": "#2"},
	"template_method":                         {"name": "#1", "arguments": "kind:template_argument_list"},
	"template_template_parameter_declaration": {"parameters": "kind:template_parameter_list"},
	"template_type":                           {"name": "#1", "arguments": "kind:template_argument_list"},
	"try_statement":                           {"body": "kind:compound_statement #1"},
	"union_specifier":                         {"name": "kind:type_identifier|template_type|qualified_identifier"},
	"variadic_parameter_declaration":          {"type": "#1", "declarator": "#-1"},
}

// cxxMap builds C++'s map from C's: C's kinds but those C++ has, and C's
// fields, each kind's overlaid with C++'s.
func cxxMap() *grammars.TreeSitter {
	kinds := maps.Clone(treeSitter.Kinds)
	for _, k := range cxxOwnKinds {
		delete(kinds, k)
	}
	maps.Copy(kinds, cxxKinds)
	fields := maps.Clone(treeSitter.Fields)
	for kind, fs := range cxxFields {
		merged := maps.Clone(fields[kind])
		if merged == nil {
			merged = map[string]string{}
		}
		maps.Copy(merged, fs)
		fields[kind] = merged
	}
	return &grammars.TreeSitter{Kinds: kinds, Fields: fields}
}
