package c

import (
	"testing"

	"github.com/agenttools/agenttools/grammars"

	"github.com/agenttools/agenttools/grammars/gramtest"
)

// TestTreeSitterOracleCpp: C++'s tree-sitter map against ast-grep's
// parse of the sample, kind by kind and field by field; Known says where
// and why the trees differ in shape.
func TestTreeSitterOracleCpp(t *testing.T) {
	gramtest.TSOracle{
		Lang:    CPP,
		AstGrep: "cpp",
		Sample:  "testdata/treesitter/sample.cpp",
		Names:   "testdata/treesitter/names_cpp.txt",
		TrimEnd: []string{";", "\n"},
		Known: map[string]string{
			// As in C.
			"declaration":                       "ours wraps class, struct, union and enum definitions in a declaration; theirs of a friend function or a member template is ours' field_declaration; ours nests [[attr]] int y; as a declaration in a declaration",
			"declaration.type":                  "ours wraps class S {…}; in a declaration; theirs of a friend function or a member template is ours' field_declaration's",
			"case_statement":                    "ours ends at its :, the statements after it are its siblings",
			"if_statement.condition":            "ours is inside the parentheses: ours has no condition_clause",
			"while_statement.condition":         "ours is inside the parentheses: ours has no condition_clause",
			"do_statement.condition":            "ours is inside the parentheses",
			"switch_statement.condition":        "ours is inside the parentheses: ours has no condition_clause",
			"condition_clause":                  "ours has no node for a condition's parentheses",
			"init_statement":                    "ours has the if's init declaration as a child of the if_statement",
			"parenthesized_expression":          "ours has none around a statement's condition nor sizeof's operand; theirs of a requires clause's ( is the constraint's",
			"sized_type_specifier":              "ours of a lone long or unsigned is the keyword alone",
			"number_literal":                    "ours is a #define's value; theirs of -1 holds the sign",
			"unary_expression":                  "theirs of -1 is a number_literal",
			"unary_expression.argument":         "theirs of -1 is a number_literal",
			"unary_expression.operator":         "theirs of -1 is a number_literal",
			"preproc_if":                        "ours is #ifdef too",
			"preproc_ifdef.name":                "ours is inside the preproc_line",
			"preproc_ifdef.alternative":         "ours has #elif and #else as children, with no field",
			"preproc_ifdef":                     "ours is a preproc_if, for #if and #ifdef alike",
			"preproc_if.condition":              "ours is inside the preproc_line",
			"binary_expression":                 "ours of #if's condition is tokens of its preproc_line",
			"binary_expression.left":            "ours of #if's condition is tokens of its preproc_line",
			"binary_expression.operator":        "ours of #if's condition is tokens of its preproc_line",
			"binary_expression.right":           "ours of #if's condition is tokens of its preproc_line",
			"preproc_call.directive":            "ours leaves the # out",
			"argument_list":                     "theirs is __attribute__((…))'s",
			"escape_sequence":                   "ours has no node inside a string",
			"parenthesized_declarator":          "ours is an abstract declarator's (*) too",
			"abstract_parenthesized_declarator": "ours is a parenthesized_declarator",
			"preproc_elif":                      "theirs holds the #else after it",
			"preproc_elifdef":                   "ours is a preproc_elif, for #elif and #elifdef alike",
			"preproc_elif.condition":            "ours is inside the preproc_line",
			"preproc_elif.alternative":          "ours has the #else as a sibling",
			"preproc_arg":                       "ours parses a #define's value",
			"preproc_function_def.value":        "ours keeps a macro's body as tokens",
			"preproc_directive":                 "ours is every directive's name, theirs an unknown directive",
			"preproc_defined":                   "ours is tokens of the preproc_line",
			"storage_class_specifier":           "ours is an anonymous keyword",
			"type_qualifier":                    "ours is an anonymous keyword, constexpr and mutable too",
			"string_content":                    "ours has no node inside a string",
			"character":                         "ours has no node inside a character literal",
			"comment":                           "comments are trivia in ours",

			// C++'s own.
			"access_specifier":                "ours in a class body holds its :, so that public: is a pattern",
			"alignas_qualifier":               "ours of alignas(…) is an attribute_specifier",
			"attribute_specifier":             "ours is alignas(…) too",
			"attributed_declarator":           "ours has a declarator's attributes as its siblings",
			"identifier":                      "ours of a constructor's name is a field_identifier, of final and override is inside the virtual_specifier, of a typedef's name is an identifier; theirs is sizeof(T)'s T and a literal operator's suffix",
			"type_identifier":                 "ours of a typedef's name is an identifier; theirs is a concept's name in a requires clause; ours is sizeof(T)'s T",
			"field_declaration.declarator":    "ours is a friend function's declaration and a member template's, theirs a declaration",
			"field_declaration.default_value": "theirs is a pure virtual's 0, ours is inside the pure_virtual_clause",
			"pure_virtual_clause":             "theirs of = 0 is the field_declaration's default_value",
			"type_descriptor":                 "ours is a conversion operator's type, a template parameter's default type, an enum's base and sizeof(T)'s T",
			"type_descriptor.type":            "ours is a conversion operator's type, a template parameter's default type, an enum's base and sizeof(T)'s T",
			"sizeof_expression.type":          "ours of sizeof(T) is a type; theirs a parenthesized value",
			"sizeof_expression.value":         "ours of sizeof(x) is inside the parentheses",
			"literal_suffix":                  "theirs of operator\"\"_km is inside the operator_name's text",
			"string_literal":                  "theirs of operator\"\"_km is inside the operator_name's text",
			"constraint_conjunction.right":    "theirs of (…) is its parentheses and what they hold, each",
			"requires_clause.constraint":      "theirs of (…) is its parentheses and what they hold, each",
			"simple_requirement":              "theirs is the ; after a type requirement",
			"subscript_argument_list":         "ours has no node for a subscript's brackets",
			"subscript_expression.indices":    "ours has no node for a subscript's brackets",
			"raw_string_literal.delimiter":    "ours is a leaf",
			"raw_string_delimiter":            "ours has no node inside a raw string",
			"raw_string_content":              "ours has no node inside a raw string",
		},
	}.Run(t)
}

// TestTreeSitterFieldSpecsCpp: every field spec of C++'s map parses; one
// that does not would name no children, silently.
func TestTreeSitterFieldSpecsCpp(t *testing.T) {
	for kind, fs := range cxxTreeSitter.Fields {
		for name, spec := range fs {
			if err := grammars.FieldSpec(spec).Check(); err != nil {
				t.Errorf("%s.%s: %v", kind, name, err)
			}
		}
	}
}
