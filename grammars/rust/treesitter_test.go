package rust

import (
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// TestTreeSitterOracle: the tree-sitter map against ast-grep's parse of
// the sample, kind by kind and field by field; Known says where and why
// the trees differ in shape.
func TestTreeSitterOracle(t *testing.T) {
	gramtest.TSOracle{
		Lang:    Language,
		AstGrep: "rust",
		Sample:  "testdata/treesitter/sample.rs",
		Names:   "testdata/treesitter/names.txt",
		TrimEnd: []string{";"},
		Known: map[string]string{
			"match_arm":            "ours ends before the ,",
			"expression_statement": "ours has none around a block-like expression that ends a block",
			"empty_statement":      "a lone ; is no node of ours",
			// Bounds: ours starts after the colon, and wraps a lone bound.
			"trait_bounds":              "ours starts after the :, and an impl or dyn type's bounds are trait_bounds too",
			"associated_type.bounds":    "ours starts after the :",
			"trait_item.bounds":         "ours starts after the :",
			"type_parameter.bounds":     "ours starts after the :",
			"where_predicate.bounds":    "ours starts after the :",
			"lifetime_parameter.bounds": "ours has the bound lifetimes as children, with no trait_bounds",
			"dynamic_type":              "theirs leaves + Send out, as a bounded_type around it",
			"dynamic_type.trait":        "ours is the trait_bounds, theirs the one trait",
			"bounded_type":              "ours is ?Sized; theirs is A + B, our trait_bounds",
			// Paths: ours is one flat path; theirs nests a scoped_identifier per ::.
			"scoped_identifier":                   "ours is one path for a::b::c, theirs two nested; ours is a struct pattern's path too",
			"scoped_identifier.path":              "ours is the first segment, theirs all but the last",
			"scoped_identifier.name":              "ours is the last segment of a path theirs nests",
			"scoped_type_identifier":              "ours spans a generic type's arguments, and a struct pattern's path is our path",
			"scoped_type_identifier.path":         "ours is the first segment, theirs all but the last",
			"scoped_type_identifier.name":         "ours is the generic type after ::, theirs the name inside it",
			"generic_type":                        "ours is Fn(A) -> B and the part after :: of a::T<U>",
			"generic_type.type":                   "ours is the name after ::, theirs the whole scoped type",
			"generic_type_with_turbofish":         "ours is a path with type_arguments",
			"generic_function":                    "ours is a call with type_arguments",
			"function_type":                       "ours is a generic_type with parameters for Fn(A) -> B",
			"function_type.parameters":            "ours for Fn(A) -> B is a generic_type's",
			"function_type.return_type":           "ours for Fn(A) -> B is inside its parameters",
			"function_type.trait":                 "ours for Fn(A) -> B is a generic_type's",
			"parameters":                          "ours of Fn(A) -> B spans the -> B",
			"parameter":                           "ours wraps each type of fn(A) -> B in a parameter",
			"parameter.pattern":                   "ours is mut x, theirs x; ours is fn(A)'s A",
			"let_declaration.pattern":             "ours is mut x, theirs x",
			"let_declaration.alternative":         "ours is let_else with its else, theirs the block",
			"ordered_field_declaration_list.type": "ours wraps each type of a tuple struct in a field_declaration",
			"field_declaration":                   "ours wraps each type of a tuple struct",
			"use_as_clause.alias":                 "ours has no node for _",
			// Method calls: ours is one method_call_expression.
			"call_expression.function": "ours of a method call has no field_expression for a.m",
			"field_expression":         "ours of a method call has none",
			"field_expression.value":   "ours of a method call has no field_expression",
			"field_expression.field":   "ours of a method call has no field_expression",
			"field_identifier":         "ours is t.0's 0, theirs an integer_literal",
			"integer_literal":          "ours of t.0 is a field_identifier",
			// Macros: ours parses a macro's arguments, theirs keeps tokens.
			"call_expression":           "ours parses a macro's arguments as expressions",
			"call_expression.arguments": "ours parses a macro's arguments as expressions",
			"arguments":                 "ours parses a macro's arguments as expressions",
			"token_tree":                "ours keeps macro_rules! as token trees, and parses a macro's arguments",
			"macro_rule":                "ours keeps macro_rules! bodies as token trees",
			"token_tree_pattern":        "ours keeps macro_rules! bodies as token trees",
			// Operators: ours lexes && || >= <<= as single characters.
			"binary_expression":                 "ours of a let chain is a binary_expression",
			"binary_expression.left":            "ours of a let chain is a binary_expression",
			"binary_expression.right":           "ours of a let chain is a binary_expression",
			"binary_expression.operator":        "ours lexes && || >= as one-character tokens",
			"compound_assignment_expr.operator": "ours lexes <<= as one-character tokens",
			"let_chain":                         "ours is a binary_expression",
			// Names and literals.
			"identifier":                 "theirs is a lifetime's name and _ of use; ours is a type parameter's name and a contextual keyword",
			"type_identifier":            "ours is a primitive type's name too, and not a type parameter's",
			"primitive_type":             "ours is a type_identifier",
			"string_literal":             "ours is a raw string too",
			"raw_string_literal":         "ours is a string_literal",
			"string_content":             "ours has no node inside a string",
			"mutable_specifier":          "ours has an anonymous mut, or an identifier_pattern",
			"ref_pattern":                "ours is an identifier_pattern",
			"captured_pattern":           "ours is an identifier_pattern",
			"match_pattern":              "ours has the pattern and a match_guard as two children of the arm",
			"match_arm.pattern":          "ours leaves the guard out",
			"shorthand_field_identifier": "ours is an identifier",
			"qualified_type":             "ours of <T as U> is one qualified_path",
			"extern_modifier":            "ours has extern and the ABI string as children",
			"line_comment":               "comments are trivia in ours",
			"doc_comment":                "comments are trivia in ours",
			"inner_doc_comment_marker":   "comments are trivia in ours",
			"outer_doc_comment_marker":   "comments are trivia in ours",
		},
	}.Run(t)
}
