package java

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
		AstGrep: "java",
		Sample:  "testdata/treesitter/Sample.java",
		Names:   "testdata/treesitter/names.txt",
		TrimEnd: []string{";"},
		Known: map[string]string{
			"binary_expression.operator":   "ours lexes >= as two tokens",
			"formal_parameters":            "ours is an annotation element's (), theirs has none",
			"identifier":                   "theirs is a record pattern's type",
			"type_identifier":              "ours is a record pattern's type",
			"type_pattern":                 "ours is a record pattern's component too",
			"record_pattern_component":     "ours is a type_pattern",
			"pattern":                      "ours has no node around a switch label's pattern",
			"switch_block_statement_group": "ours is one group for case 1: case 2: …, theirs a group per label",
			"string_fragment":              "ours has no node inside a string",
			"multiline_string_fragment":    "ours has no node inside a text block",
			"block_comment":                "comments are trivia in ours",
		},
	}.Run(t)
}
