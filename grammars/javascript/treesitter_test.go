package javascript

import (
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
)

// TestTreeSitterOracle: the tree-sitter maps against ast-grep's parse of
// each sample, kind by kind and field by field; the Known maps say where
// and why the trees differ in shape. A statement of ours ends before its
// semicolon.
func TestTreeSitterOracle(t *testing.T) {
	for _, tc := range []struct {
		lang  *grammars.Language
		file  string
		known map[string]string
	}{
		{JavaScript, "sample.js", jsKnown},
		{TypeScript, "sample.ts", tsKnown},
		{TSX, "sample.tsx", tsxKnown},
	} {
		t.Run(tc.lang.ID, func(t *testing.T) {
			gramtest.TSOracle{
				Lang:    tc.lang,
				AstGrep: tc.lang.ID,
				Sample:  "testdata/treesitter/" + tc.file,
				Names:   "testdata/treesitter/" + tc.lang.ID + ".names.txt",
				TrimEnd: []string{";"},
				Known:   tc.known,
			}.Run(t)
		})
	}
}

// commonKnown are the differences of tree shape between both
// tree-sitter grammars' trees and ours, by tree-sitter's kind or field
// ("P.F").
var commonKnown = map[string]string{
	"shorthand_property_identifier_pattern": "the j of const { j = 2 } = o, a default in an object pattern, is the left of an assignment pattern, as in an array pattern",
	// Nodes we do not build.
	"comment":                             "comments are trivia, not nodes",
	"hash_bang_line":                      "a #! line is trivia",
	"escape_sequence":                     "a string's text is one leaf",
	"regex_pattern":                       "a regex is one leaf",
	"regex_flags":                         "a regex is one leaf",
	"regex.pattern":                       "a regex is one leaf",
	"regex.flags":                         "a regex is one leaf",
	"optional_chain":                      "the ?. of a?.b is a token",
	"call_expression.optional_chain":      "the ?. of a?.() is a token",
	"member_expression.optional_chain":    "the ?. of a?.b is a token",
	"subscript_expression.optional_chain": "the ?. of a?.[b] is a token",
	"undefined":                           "an identifier to us",
	"identifier":                          "the a of { a }, and default in export { default as x }, are identifiers",
	"object_assignment_pattern":           "the a = 1 of const { a = 1 } = o is an assignment pattern",
	"assignment_pattern":                  "the a = 1 of const { a = 1 } = o is an assignment pattern",
	"assignment_pattern.left":             "the a = 1 of const { a = 1 } = o is an assignment pattern",
	"assignment_pattern.right":            "the a = 1 of const { a = 1 } = o is an assignment pattern",
	"string_fragment":                     "a plain string's text is one leaf; a template's has fragments",

	// A generator is a function with a *.
	"generator_function":              "a generator expression is a function expression",
	"generator_function_declaration":  "a generator declaration is a function declaration",
	"function_declaration":            "a generator declaration is a function declaration",
	"function_declaration.body":       "a generator declaration is a function declaration",
	"function_declaration.name":       "a generator declaration is a function declaration",
	"function_declaration.parameters": "a generator declaration is a function declaration",
	"function_expression":             "a generator expression is a function expression",
	"function_expression.body":        "a generator expression is a function expression",
	"function_expression.parameters":  "a generator expression is a function expression",

	// A list of one is its element.
	"export_specifier.name":     "a name alone in export { a } is an identifier; default in export { default as x } is one",
	"import_specifier.name":     "a name alone in import { a } is an identifier",
	"import_clause":             "an import of one default, namespace or braces is that, with no clause around it",
	"variable_declarator":       "a name alone in var a = 1, b is an identifier",
	"variable_declarator.name":  "a name alone in var a = 1, b is an identifier",
	"field_definition":          "a field alone, x;, is the property identifier",
	"field_definition.property": "a field alone, x;, is the property identifier",

	// Tokens.
	"empty_statement":           "the semicolons of for (;;) are tokens",
	"for_statement.initializer": "the semicolons of for (;;) are tokens",
	"for_statement.condition":   "the semicolons of for (;;) are tokens",
	"import":                    "the import of import.meta is a node",
	"property_identifier":       "the meta of import.meta and target of new.target are property identifiers",
}

// jsxKnown are the differences in JSX, in JavaScript and TSX alike.
var jsxKnown = map[string]string{
	"html_character_reference": "JSX text is one leaf",
	"jsx_text":                 "JSX text is one leaf, its character references too",
}

// jsKnown are tree-sitter-javascript's differences.
var jsKnown = union(commonKnown, jsxKnown)

// tsKnown are tree-sitter-typescript's differences, in TypeScript and
// TSX alike.
var tsKnown = func() map[string]string {
	known := union(commonKnown, map[string]string{
		// Nodes we do not build.
		"abstract_class_declaration":        "an abstract class is a class declaration",
		"class_declaration":                 "an abstract class is a class declaration",
		"class_declaration.body":            "an abstract class is a class declaration",
		"class_declaration.name":            "an abstract class is a class declaration",
		"class_declaration.type_parameters": "an abstract class is a class declaration",
		"class_declaration.decorator":       "an abstract class is a class declaration",
		"abstract_method_signature":         "an abstract method is a method signature",
		"method_signature":                  "an abstract method is a method signature",
		"method_signature.name":             "an abstract method is a method signature",
		"method_signature.parameters":       "an abstract method is a method signature",
		"method_signature.return_type":      "an abstract method is a method signature",
		"accessibility_modifier":            "a modifier is a token of its member",
		"override_modifier":                 "a modifier is a token of its member",
		"asserts":                           "asserts x is T is a type predicate",
		"asserts_annotation":                "a function's : asserts x is a type annotation",
		"type_predicate_annotation":         "a function's : x is T is a type annotation",
		"constraint":                        "a type parameter's extends and type are its children",
		"type_parameter.constraint":         "a type parameter's constraint is the type, without the extends",
		"default_type":                      "a type parameter's = and type are its children",
		"import_require_clause":             `import x = require("y") is an import alias`,
		"mapped_type_clause":                "{ [P in K]: T } is a mapped type",
		"lookup_type":                       "T[K] is an indexed access type",
		"omitting_type_annotation":          "a mapped type's -?: T is the tokens and a type annotation",
		"opting_type_annotation":            "a mapped type's ?: T is the token and a type annotation",
		"class_body.decorator":              "a member's decorator is in the member",
		"index_signature.index_type":        "{ [P in K]: T } is a mapped type",
		"index_signature.sign":              "{ -readonly [P in K]: T } is a mapped type",
		"required_parameter.name":           "a tuple's name: T is a named tuple member",
		"required_parameter.value":          "a parameter without a type, x = 1, is an assignment pattern",
		"optional_parameter.name":           "a tuple's name?: T is a named tuple member",

		// Nodes that are another's in tree-sitter's tree.
		"type_identifier":                   `a class's name is an identifier; import("m").T's T is a type identifier`,
		"property_identifier":               "import.meta's meta is a property identifier; A.B of a namespace or type is identifiers",
		"nested_identifier":                 "A.B of an import alias is a member expression; of A.B.C a nested type identifier's",
		"nested_identifier.object":          "A.B of an import alias is a member expression; of A.B.C a nested type identifier's",
		"nested_identifier.property":        "A.B of an import alias is a member expression; of A.B.C a nested type identifier's",
		"nested_type_identifier.module":     "A.B.C is one nested type identifier, its module A and B",
		"member_expression":                 `A.B of an import alias is a member expression; import("m").T an import type`,
		"member_expression.object":          `A.B of an import alias is a member expression; import("m").T an import type`,
		"member_expression.property":        `A.B of an import alias is a member expression; import("m").T an import type`,
		"call_expression":                   `require("y") of an import alias is a call; import("m") of a type an import type's`,
		"call_expression.function":          `require("y") of an import alias is a call; import("m") of a type an import type's`,
		"call_expression.arguments":         `require("y") of an import alias is a call; import("m") of a type an import type's`,
		"arguments":                         `require("y") of an import alias is a call; import("m") of a type an import type's`,
		"import_alias":                      `import x = require("y") is an import alias`,
		"import_statement":                  `import x = require("y") is an import alias`,
		"method_definition":                 "a method's decorators are in the method",
		"predefined_type":                   "unique symbol is a unique type",
		"literal_type":                      "a literal in a type is the literal itself, but -1",
		"unary_expression":                  "-1 in a type is a literal type",
		"unary_expression.argument":         "-1 in a type is a literal type",
		"unary_expression.operator":         "-1 in a type is a literal type",
		"union_type":                        "A | B | C is one union type, not nested ones",
		"object_type":                       "{ [P in K]: T } is a mapped type",
		"index_signature":                   "{ [P in K]: T } is a mapped type",
		"index_signature.type":              "{ [P in K]: T } is a mapped type",
		"type_annotation":                   "a function's : x is T and a mapped type's : T are type annotations; a tuple's name: T is a named tuple member",
		"type_predicate":                    "asserts x is T is a type predicate",
		"type_predicate.name":               "asserts x is T is a type predicate",
		"type_parameter":                    "a type parameter without extends or default is the type identifier",
		"type_parameter.name":               "a type parameter without extends or default is the type identifier",
		"type_parameter.value":              "a type parameter's default is the type, without the =",
		"required_parameter":                "a parameter without a type is the identifier; a tuple's name: T is a named tuple member",
		"required_parameter.pattern":        "a parameter without a type is the identifier",
		"required_parameter.type":           "a tuple's name: T is a named tuple member",
		"optional_parameter":                "a tuple's name?: T is a named tuple member",
		"optional_parameter.type":           "a tuple's name?: T is a named tuple member",
		"class_heritage":                    "extends A implements B is two clauses",
		"instantiation_expression.function": "f<T>'s f is in no field of tree-sitter's",
		"export_specifier.name":             "a name alone in export { a } is an identifier",
		"public_field_definition":           "a field alone, x;, is the property identifier",
		"public_field_definition.name":      "a field alone, x;, is the property identifier",
	})
	// tree-sitter-javascript's own.
	for _, k := range []string{"call_expression.optional_chain", "field_definition", "field_definition.property"} {
		delete(known, k)
	}
	return known
}()

// tsxKnown are tree-sitter-typescript's differences in TSX.
var tsxKnown = union(tsKnown, jsxKnown)
