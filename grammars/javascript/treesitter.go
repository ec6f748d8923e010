package javascript

import (
	"maps"

	"github.com/agenttools/agenttools/grammars"
)

// The tree-sitter maps: tree-sitter-javascript's kinds and fields for
// JavaScript, tree-sitter-typescript's for TypeScript and TSX, onto our
// one tree, for rules written for ast-grep. Our statement is the
// expression itself where tree-sitter wraps it (expression_statement)
// and ends before its semicolon; a list of one (a lone name in an
// import's or export's braces, a declarator without a value) is the
// name; a string's text and a regex's are one leaf; and a generator is
// a function with a *. TestTreeSitterOracle checks the maps against
// ast-grep on a sample of each language.
var (
	jsTreeSitter = &grammars.TreeSitter{Kinds: union(commonKinds, jsKinds), Fields: commonFields}
	tsTreeSitter = &grammars.TreeSitter{Kinds: union(commonKinds, tsKinds), Fields: union(commonFields, tsFields)}
)

// union returns a map of the entries of a and b.
func union[V any](a, b map[string]V) map[string]V {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}

// commonKinds are the kinds both grammars have that ours names or
// builds otherwise.
var commonKinds = map[string][]string{
	// Nodes we do not build: a comment is trivia; a string's, a regex's
	// and JSX text's parts are one leaf; the ?. of a.b?.c is a token; a
	// generator is a function, { a } an identifier in braces and
	// { a = 1 } an assignment pattern there.
	"comment":                               {},
	"escape_sequence":                       {},
	"expression_statement":                  jsExpressionStatements,
	"generator_function":                    {},
	"generator_function_declaration":        {},
	"hash_bang_line":                        {},
	"html_comment":                          {},
	"html_character_reference":              {},
	"object_assignment_pattern":             {},
	"optional_chain":                        {},
	"regex_flags":                           {},
	"regex_pattern":                         {},
	"shorthand_property_identifier":         {"identifier/object"},
	"shorthand_property_identifier_pattern": {"identifier/object_pattern"},
	"undefined":                             {},
	// A name alone in import { a } or export { a } is the identifier in
	// the braces; a as b is the specifier.
	"import_specifier": {"import_specifier", "identifier/named_imports"},
	"export_specifier": {"export_specifier", "identifier/export_clause"},
}

// jsKinds are tree-sitter-javascript's own.
var jsKinds = map[string][]string{
	"class_heritage": {"extends_clause"},
	// using x = r, a proposal's declaration, is none of ours.
	"using_declaration": {},
}

// tsKinds are tree-sitter-typescript's own.
var tsKinds = map[string][]string{
	"class_heritage":          {"extends_clause", "implements_clause"},
	"public_field_definition": {"field_definition"},
	// Nodes we do not build: a modifier is a token of its member; an
	// abstract class or method is one with the keyword; a type
	// parameter's constraint and default, and the type predicate or
	// assertion a function returns, are in a type_parameter and a
	// type_annotation (asserts x is a type predicate); the mapped type's
	// clause is in the mapped type; import x = require("y") is an
	// import alias.
	"abstract_class_declaration": {},
	"abstract_method_signature":  {},
	"accessibility_modifier":     {},
	"adding_type_annotation":     {},
	"asserts":                    {},
	"asserts_annotation":         {},
	"constraint":                 {},
	"default_type":               {},
	"existential_type":           {},
	"flow_maybe_type":            {},
	"import_require_clause":      {},
	"lookup_type":                {},
	"mapped_type_clause":         {},
	"omitting_type_annotation":   {},
	"opting_type_annotation":     {},
	"override_modifier":          {},
	"type_predicate_annotation":  {},
}

// Specs shared by several kinds.
const (
	// declarations are the kinds export default function f() {} and
	// export const x = 1 export.
	declarations = "function_declaration|class_declaration|lexical_declaration|variable_declaration|" +
		"interface_declaration|type_alias_declaration|enum_declaration|internal_module|module|" +
		"ambient_declaration|function_signature|import_alias"
	// memberName is the name of a method or field.
	memberName = "kind:property_identifier|private_property_identifier|computed_property_name|string|number #1"
	// returnType is a function's type annotation, after its parameters.
	returnType = "after:formal_parameters kind:type_annotation"
	// jsxName is the element name of a JSX tag, before its attributes.
	jsxName = "kind:!jsx_attribute|jsx_expression|type_arguments #1"
)

// functionFields are the fields of a function, a method or a signature.
var functionFields = map[string]string{
	"name":            "kind:identifier|property_identifier|private_property_identifier|computed_property_name|string|number #1",
	"type_parameters": "kind:type_parameters",
	"parameters":      "kind:formal_parameters",
	"return_type":     returnType,
	"body":            "kind:statement_block",
	"decorator":       "kind:decorator",
}

// jsxTagFields are the fields of a JSX opening or self-closing tag.
var jsxTagFields = map[string]string{
	"name":           jsxName,
	"type_arguments": "kind:type_arguments",
	"attribute":      "kind:jsx_attribute|jsx_expression",
}

// classFields are the fields of a class or class declaration.
var classFields = map[string]string{
	"name":            "kind:identifier|type_identifier #1",
	"type_parameters": "kind:type_parameters",
	"body":            "kind:class_body",
	"decorator":       "kind:decorator",
}

// commonFields are the fields of the kinds both grammars have.
var commonFields = map[string]map[string]string{
	"arrow_function": {
		"parameter":       "before:=> kind:identifier",
		"parameters":      "kind:formal_parameters",
		"type_parameters": "kind:type_parameters",
		"return_type":     "before:=> kind:type_annotation",
		"body":            "after:=>",
	},
	"assignment_expression":           {"left": "#1", "right": "#-1"},
	"assignment_pattern":              {"left": "#1", "right": "#-1"},
	"augmented_assignment_expression": {"left": "#1", "operator": "anon #1", "right": "#-1"},
	"binary_expression":               {"left": "#1", "operator": "anon #1", "right": "#-1"},
	"break_statement":                 {"label": "kind:statement_identifier"},
	"call_expression":                 {"function": "#1", "type_arguments": "kind:type_arguments", "arguments": "#-1"},
	"catch_clause":                    {"parameter": "after:( before:) kind:!type_annotation", "type": "kind:type_annotation", "body": "kind:statement_block"},
	"class":                           classFields,
	"class_body":                      {"member": "after:{ kind:!decorator"},
	"class_declaration":               classFields,
	"class_static_block":              {"body": "kind:statement_block"},
	"continue_statement":              {"label": "kind:statement_identifier"},
	"do_statement":                    {"body": "before:while", "condition": "after:while"},
	"export_specifier":                {"name": "#1", "alias": "after:as"},
	"export_statement": {
		"declaration": "kind:" + declarations,
		"value":       "after:default kind:!" + declarations,
		"source":      "after:from",
		"decorator":   "kind:decorator",
	},
	"field_definition": {
		"property":  memberName,
		"type":      "kind:type_annotation",
		"value":     "after:=",
		"decorator": "kind:decorator",
	},
	"finally_clause":           {"body": "kind:statement_block"},
	"for_in_statement":         {"kind": "anon kind:const|let|var", "left": "#1", "operator": "anon kind:in|of", "right": "#2", "body": "#-1"},
	"for_statement":            {"initializer": "before:;", "condition": "after:; before:;", "increment": "after:; after:; before:)", "body": "after:)"},
	"function_declaration":     functionFields,
	"function_expression":      functionFields,
	"if_statement":             {"condition": "kind:parenthesized_expression #1", "consequence": "#2", "alternative": "kind:else_clause"},
	"import_specifier":         {"name": "#1", "alias": "after:as"},
	"import_statement":         {"source": "kind:string"},
	"jsx_closing_element":      {"name": "#1"},
	"jsx_element":              {"open_tag": "kind:jsx_opening_element", "close_tag": "kind:jsx_closing_element"},
	"jsx_opening_element":      jsxTagFields,
	"jsx_self_closing_element": jsxTagFields,
	"labeled_statement":        {"label": "#1", "body": "#-1"},
	"lexical_declaration":      {"kind": "anon #1"},
	"member_expression":        {"object": "#1", "property": "#-1"},
	"method_definition": {
		"name":            memberName,
		"type_parameters": "kind:type_parameters",
		"parameters":      "kind:formal_parameters",
		"return_type":     returnType,
		"body":            "kind:statement_block",
		"decorator":       "kind:decorator",
	},
	"new_expression":       {"constructor": "#1", "type_arguments": "kind:type_arguments", "arguments": "kind:arguments"},
	"pair":                 {"key": "#1", "value": "#-1"},
	"pair_pattern":         {"key": "#1", "value": "#-1"},
	"subscript_expression": {"object": "#1", "index": "after:[ before:]"},
	"switch_case":          {"value": "before::", "body": "after::"},
	"switch_default":       {"body": "after::"},
	"switch_statement":     {"value": "kind:parenthesized_expression", "body": "kind:switch_body"},
	"ternary_expression":   {"condition": "#1", "consequence": "#2", "alternative": "#3"},
	"try_statement":        {"body": "kind:statement_block #1", "handler": "kind:catch_clause", "finalizer": "kind:finally_clause"},
	"unary_expression":     {"operator": "anon #1", "argument": "#-1"},
	"update_expression":    {"operator": "anon #1", "argument": "#1"},
	"variable_declarator":  {"name": "#1", "type": "kind:type_annotation", "value": "after:="},
	"while_statement":      {"condition": "kind:parenthesized_expression #1", "body": "#-1"},
	"with_statement":       {"object": "kind:parenthesized_expression #1", "body": "#-1"},
}

// tsFields are the fields of TypeScript's own kinds.
var tsFields = map[string]map[string]string{
	"call_signature":      {"type_parameters": "kind:type_parameters", "parameters": "kind:formal_parameters", "return_type": returnType},
	"conditional_type":    {"left": "#1", "right": "#2", "consequence": "#3", "alternative": "#4"},
	"construct_signature": {"type_parameters": "kind:type_parameters", "parameters": "kind:formal_parameters", "type": returnType},
	"constructor_type":    {"type_parameters": "kind:type_parameters", "parameters": "kind:formal_parameters", "type": "after:=>"},
	"enum_assignment":     {"name": "#1", "value": "#-1"},
	"enum_body":           {"name": "kind:!enum_assignment"},
	"enum_declaration":    {"name": "#1", "body": "kind:enum_body"},
	"extends_clause":      {"value": "kind:!type_arguments", "type_arguments": "kind:type_arguments"},
	"extends_type_clause": {"type": "after:extends"},
	// TypeScript's field definition, public_field_definition, names
	// its property name.
	"field_definition": {
		"name":      memberName,
		"type":      "kind:type_annotation",
		"value":     "after:=",
		"decorator": "kind:decorator",
	},
	"function_signature":       functionFields,
	"function_type":            {"type_parameters": "kind:type_parameters", "parameters": "kind:formal_parameters", "return_type": "after:=>"},
	"generic_type":             {"name": "#1", "type_arguments": "kind:type_arguments"},
	"index_signature":          {"name": "after:[ before:type_annotation", "index_type": "after:in before:]", "type": "after:] kind:type_annotation", "sign": "anon kind:+|-"},
	"instantiation_expression": {"function": "#1", "type_arguments": "kind:type_arguments"},
	"interface_declaration":    {"name": "#1", "type_parameters": "kind:type_parameters", "body": "kind:interface_body|object_type"},
	"internal_module":          {"name": "#1", "body": "kind:statement_block"},
	"method_signature":         functionFields,
	"module":                   {"name": "#1", "body": "kind:statement_block"},
	"nested_identifier":        {"object": "#1", "property": "#-1"},
	"nested_type_identifier":   {"module": "#1..-2", "name": "#-1"},
	"optional_parameter":       {"pattern": "kind:!decorator #1", "type": "kind:type_annotation", "value": "after:=", "decorator": "kind:decorator"},
	"property_signature":       {"name": memberName, "type": "kind:type_annotation"},
	"required_parameter":       {"pattern": "kind:!decorator #1", "type": "kind:type_annotation", "value": "after:=", "decorator": "kind:decorator"},
	"type_alias_declaration":   {"name": "#1", "type_parameters": "kind:type_parameters", "value": "after:="},
	"type_parameter":           {"name": "#1", "constraint": "after:extends upto:=", "value": "after:="},
	"type_predicate":           {"name": "kind:!type_annotation #1", "type": "after:is"},
}

// jsExpressionStatements are the expressions that may stand as a
// statement, which tree-sitter wraps in an expression_statement and we
// do not.
var jsExpressionStatements = atBlock("call_expression", "assignment_expression", "augmented_assignment_expression",
	"update_expression", "await_expression", "yield_expression", "new_expression", "identifier", "member_expression",
	"subscript_expression", "string", "template_string", "unary_expression", "binary_expression", "ternary_expression",
	"parenthesized_expression", "sequence_expression", "arrow_function", "function_expression", "this", "number",
	"non_null_expression", "as_expression", "satisfies_expression", "jsx_element", "jsx_self_closing_element",
	"internal_module")

// atBlock is each kind where it stands as a statement.
func atBlock(kinds ...string) []string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = k + "/@block"
	}
	return out
}
