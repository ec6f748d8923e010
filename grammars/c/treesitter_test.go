package c

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
		AstGrep: "c",
		Sample:  "testdata/treesitter/sample.c",
		Names:   "testdata/treesitter/names.txt",
		TrimEnd: []string{";", "\n"},
		Known: map[string]string{
			"declaration":                       "ours wraps struct s {…}; in a declaration",
			"declaration.type":                  "ours wraps struct s {…}; in a declaration",
			"expression_statement":              "ours of a lone ; is an empty_statement",
			"labeled_statement":                 "ours holds the statement after the label",
			"case_statement":                    "ours ends at its :, the statements after it are its siblings",
			"if_statement.condition":            "ours is inside the parentheses",
			"while_statement.condition":         "ours is inside the parentheses",
			"do_statement.condition":            "ours is inside the parentheses",
			"switch_statement.condition":        "ours is inside the parentheses",
			"parenthesized_expression":          "ours has none around a statement's condition",
			"primitive_type":                    "theirs of _Bool is a type_identifier",
			"type_identifier":                   "ours of a typedef's name is an identifier; theirs is _Bool too",
			"identifier":                        "ours is a typedef's name, NULL, defined and a macro body's names",
			"sized_type_specifier":              "ours of a lone long or unsigned is the keyword alone",
			"number_literal":                    "ours is a #define's value",
			"binary_expression":                 "ours of #if's condition is tokens of its preproc_line",
			"binary_expression.left":            "ours of #if's condition is tokens of its preproc_line",
			"binary_expression.operator":        "ours of #if's condition is tokens of its preproc_line",
			"binary_expression.right":           "ours of #if's condition is tokens of its preproc_line",
			"preproc_if":                        "ours is #ifdef too",
			"preproc_if.condition":              "ours is inside the preproc_line",
			"preproc_ifdef":                     "ours is a preproc_if",
			"preproc_ifdef.name":                "ours is inside the preproc_line",
			"preproc_ifdef.alternative":         "ours has #elif and #else as children, with no field",
			"preproc_elif":                      "theirs holds the #else after it",
			"preproc_elifdef":                   "ours is a preproc_elif, for #elif and #elifdef alike",
			"preproc_elif.condition":            "ours is inside the preproc_line",
			"preproc_elif.alternative":          "ours has the #else as a sibling",
			"preproc_arg":                       "ours parses a #define's value",
			"preproc_function_def.value":        "ours keeps a macro's body as tokens",
			"preproc_directive":                 "ours is every directive's name, theirs an unknown directive",
			"preproc_defined":                   "ours is tokens of the preproc_line",
			"null":                              "ours is an identifier",
			"storage_class_specifier":           "ours is an anonymous keyword",
			"type_qualifier":                    "ours is an anonymous keyword",
			"variadic_parameter":                "ours is an anonymous ...",
			"string_content":                    "ours has no node inside a string",
			"escape_sequence":                   "ours has no node inside a string",
			"character":                         "ours has no node inside a character literal",
			"comment":                           "comments are trivia in ours",
			"parenthesized_declarator":          "ours is an abstract declarator's (*) too",
			"abstract_parenthesized_declarator": "ours is a parenthesized_declarator",
			"offsetof_expression":               "ours is a call_expression",
			"offsetof_expression.type":          "ours is a call_expression",
			"offsetof_expression.member":        "ours is a call_expression",
			"call_expression":                   "ours is offsetof(…)",
			"call_expression.function":          "ours is offsetof(…)",
			"call_expression.arguments":         "ours is offsetof(…)",
			"argument_list":                     "ours is offsetof(…)'s; theirs is __attribute__((…))'s",
			"field_identifier":                  "ours of offsetof's member is an identifier",
			"type_descriptor":                   "theirs is _Generic's default",
			"type_descriptor.type":              "theirs is _Generic's default",
			"preproc_call.directive":            "ours leaves the # out",
		},
	}.Run(t)
}
