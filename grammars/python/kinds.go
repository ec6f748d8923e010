package python

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Token kinds come first; a token's kind is also its participle token type.
// The names are tree-sitter-python's where it has one.
const (
	tEOF grammars.Kind = iota
	tIllegal

	// named tokens: identifiers and literals
	tIdent
	tInt
	tFloat
	tString // every string, f-strings included, with its prefix and quotes
	kwTrue
	kwFalse
	kwNone
	tEllipsis // ... as an expression

	// the parts of an f-string (fstring.go), which the lexer reads as one
	// tString and the parser takes apart
	tStringStart   // the prefix and opening quotes
	tStringContent // literal text between replacement fields
	tStringEnd     // the closing quotes
	tConversion    // !r, !s or !a

	// synthesised by the lexer; never leaves of the tree
	tNewline
	tIndent
	tDedent

	// keywords
	kwAnd
	kwAs
	kwAssert
	kwAsync
	kwAwait
	kwBreak
	kwClass
	kwContinue
	kwDef
	kwDel
	kwElif
	kwElse
	kwExcept
	kwFinally
	kwFor
	kwFrom
	kwGlobal
	kwIf
	kwImport
	kwIn
	kwIs
	kwLambda
	kwNonlocal
	kwNot
	kwOr
	kwPass
	kwRaise
	kwReturn
	kwTry
	kwWhile
	kwWith
	kwYield
	kwMatch // soft keywords: the lexer reads them as identifiers, and the
	kwCase  // parser gives the leaf this kind where it starts its statement
	kwType

	// operators and punctuation
	opAdd      // +
	opSub      // -
	opMul      // *
	opPow      // **
	opDiv      // /
	opFloorDiv // //
	opMod      // %
	opMatMul   // @
	opShl      // <<
	opShr      // >>
	opAnd      // &
	opOr       // |
	opXor      // ^
	opInvert   // ~
	opWalrus   // :=
	opLt       // <
	opGt       // >
	opLe       // <=
	opGe       // >=
	opEq       // ==
	opNe       // !=
	opLParen   // (
	opRParen   // )
	opLBrack   // [
	opRBrack   // ]
	opLBrace   // {
	opRBrace   // }
	opComma    // ,
	opColon    // :
	opDot      // .
	opSemi     // ;
	opAssign   // =
	opArrow    // ->
	opAddAs    // +=
	opSubAs    // -=
	opMulAs    // *=
	opDivAs    // /=
	opFloorAs  // //=
	opModAs    // %=
	opMatMulAs // @=
	opAndAs    // &=
	opOrAs     // |=
	opXorAs    // ^=
	opShrAs    // >>=
	opShlAs    // <<=
	opPowAs    // **=
	opBang     // ! of a conversion, read only inside a replacement field
	opDots     // ... as the dots of a relative import: anonymous, unlike tEllipsis

	tBody // the statements after the docstring, as one token of the participle skeleton

	numTokens
)

// Production kinds. A statement that is one expression is that
// expression (no expression_statement wrapper); unparenthesised tuples,
// on either side of =, in a for and after return or yield, are
// expression_list; parenthesised ones are tuple.
const (
	nModule grammars.Kind = numTokens + iota
	nError
	nFunctionDefinition
	nClassDefinition
	nDecoratedDefinition
	nDecorator
	nBlock
	nParameters
	nDefaultParameter
	nTypedParameter
	nTypedDefaultParameter
	nListSplatPattern
	nDictionarySplatPattern
	nKeywordSeparator
	nPositionalSeparator
	nTypeParameter
	nArgumentList
	nKeywordArgument
	nListSplat
	nDictionarySplat
	nCall
	nAttribute
	nSubscript
	nSlice
	nExpressionList
	nTuple
	nList
	nSet
	nDictionary
	nPair
	nListComprehension
	nSetComprehension
	nDictionaryComprehension
	nGeneratorExpression
	nForInClause
	nIfClause
	nParenthesizedExpression
	nConcatenatedString
	nFString
	nInterpolation
	nFormatSpecifier
	nLambda
	nConditionalExpression
	nNamedExpression
	nAwait
	nYield
	nBooleanOperator
	nBinaryOperator
	nUnaryOperator
	nNotOperator
	nComparisonOperator
	nAssignment
	nAugmentedAssignment
	nReturnStatement
	nPassStatement
	nBreakStatement
	nContinueStatement
	nDeleteStatement
	nRaiseStatement
	nGlobalStatement
	nNonlocalStatement
	nAssertStatement
	nImportStatement
	nImportFromStatement
	nAliasedImport
	nDottedName
	nRelativeImport
	nWildcardImport
	nTypeAliasStatement
	nIfStatement
	nElifClause
	nElseClause
	nForStatement
	nWhileStatement
	nTryStatement
	nExceptClause
	nExceptGroupClause
	nFinallyClause
	nWithStatement
	nWithItem
	nMatchStatement
	nCaseClause
	nGuard
	nAsPattern
	nUnionPattern
	nListPattern
	nTuplePattern
	nDictPattern
	nClassPattern
	nKeywordPattern
	nSplatPattern

	numKinds
)

var kindNames = [numKinds]string{
	tEOF: "EOF", tIllegal: "ILLEGAL", tIdent: "identifier", tInt: "integer", tFloat: "float",
	tString: "string", kwTrue: "true", kwFalse: "false", kwNone: "none", tEllipsis: "ellipsis",
	tStringStart: "string_start", tStringContent: "string_content", tStringEnd: "string_end",
	tConversion: "type_conversion",
	tNewline:    "NEWLINE", tIndent: "INDENT", tDedent: "DEDENT",

	kwAnd: "and", kwAs: "as", kwAssert: "assert", kwAsync: "async", kwAwait: "await", kwBreak: "break",
	kwClass: "class", kwContinue: "continue", kwDef: "def", kwDel: "del", kwElif: "elif", kwElse: "else",
	kwExcept: "except", kwFinally: "finally", kwFor: "for", kwFrom: "from", kwGlobal: "global", kwIf: "if",
	kwImport: "import", kwIn: "in", kwIs: "is", kwLambda: "lambda", kwNonlocal: "nonlocal", kwNot: "not",
	kwOr: "or", kwPass: "pass", kwRaise: "raise", kwReturn: "return", kwTry: "try", kwWhile: "while",
	kwWith: "with", kwYield: "yield", kwMatch: "match", kwCase: "case", kwType: "type",

	opAdd: "+", opSub: "-", opMul: "*", opPow: "**", opDiv: "/", opFloorDiv: "//", opMod: "%",
	opMatMul: "@", opShl: "<<", opShr: ">>", opAnd: "&", opOr: "|", opXor: "^", opInvert: "~",
	opWalrus: ":=", opLt: "<", opGt: ">", opLe: "<=", opGe: ">=", opEq: "==", opNe: "!=",
	opLParen: "(", opRParen: ")", opLBrack: "[", opRBrack: "]", opLBrace: "{", opRBrace: "}",
	opComma: ",", opColon: ":", opDot: ".", opSemi: ";", opAssign: "=", opArrow: "->",
	opAddAs: "+=", opSubAs: "-=", opMulAs: "*=", opDivAs: "/=", opFloorAs: "//=", opModAs: "%=",
	opMatMulAs: "@=", opAndAs: "&=", opOrAs: "|=", opXorAs: "^=", opShrAs: ">>=", opShlAs: "<<=",
	opPowAs: "**=", opBang: "!", opDots: "...", tBody: "statements",

	nModule: "module", nError: "ERROR", nFunctionDefinition: "function_definition",
	nClassDefinition: "class_definition", nDecoratedDefinition: "decorated_definition",
	nDecorator: "decorator", nBlock: "block", nParameters: "parameters",
	nDefaultParameter: "default_parameter", nTypedParameter: "typed_parameter",
	nTypedDefaultParameter: "typed_default_parameter", nListSplatPattern: "list_splat_pattern",
	nDictionarySplatPattern: "dictionary_splat_pattern", nKeywordSeparator: "keyword_separator",
	nPositionalSeparator: "positional_separator", nTypeParameter: "type_parameter",
	nArgumentList: "argument_list", nKeywordArgument: "keyword_argument", nListSplat: "list_splat",
	nDictionarySplat: "dictionary_splat", nCall: "call", nAttribute: "attribute", nSubscript: "subscript",
	nSlice: "slice", nExpressionList: "expression_list", nTuple: "tuple", nList: "list", nSet: "set",
	nDictionary: "dictionary", nPair: "pair", nListComprehension: "list_comprehension",
	nSetComprehension: "set_comprehension", nDictionaryComprehension: "dictionary_comprehension",
	nGeneratorExpression: "generator_expression", nForInClause: "for_in_clause", nIfClause: "if_clause",
	nParenthesizedExpression: "parenthesized_expression", nConcatenatedString: "concatenated_string",
	nFString: "f_string", nInterpolation: "interpolation", nFormatSpecifier: "format_specifier",
	nLambda: "lambda", nConditionalExpression: "conditional_expression",
	nNamedExpression: "named_expression", nAwait: "await", nYield: "yield",
	nBooleanOperator: "boolean_operator", nBinaryOperator: "binary_operator",
	nUnaryOperator: "unary_operator", nNotOperator: "not_operator",
	nComparisonOperator: "comparison_operator", nAssignment: "assignment",
	nAugmentedAssignment: "augmented_assignment", nReturnStatement: "return_statement",
	nPassStatement: "pass_statement", nBreakStatement: "break_statement",
	nContinueStatement: "continue_statement", nDeleteStatement: "delete_statement",
	nRaiseStatement: "raise_statement", nGlobalStatement: "global_statement",
	nNonlocalStatement: "nonlocal_statement", nAssertStatement: "assert_statement",
	nImportStatement: "import_statement", nImportFromStatement: "import_from_statement",
	nAliasedImport: "aliased_import", nDottedName: "dotted_name", nRelativeImport: "relative_import",
	nWildcardImport: "wildcard_import", nTypeAliasStatement: "type_alias_statement",
	nIfStatement: "if_statement", nElifClause: "elif_clause", nElseClause: "else_clause",
	nForStatement: "for_statement", nWhileStatement: "while_statement", nTryStatement: "try_statement",
	nExceptClause: "except_clause", nExceptGroupClause: "except_group_clause",
	nFinallyClause: "finally_clause", nWithStatement: "with_statement", nWithItem: "with_item",
	nMatchStatement: "match_statement", nCaseClause: "case_clause", nGuard: "guard",
	nAsPattern: "as_pattern", nUnionPattern: "union_pattern", nListPattern: "list_pattern",
	nTuplePattern: "tuple_pattern", nDictPattern: "dict_pattern", nClassPattern: "class_pattern",
	nKeywordPattern: "keyword_pattern", nSplatPattern: "splat_pattern",
}

// kindTable names the kinds; the productions, identifiers, literals and
// the parts of an f-string a metavariable binds are named.
func kindTable() []grammars.KindInfo {
	return kit.KindTable(kindNames[:], func(k grammars.Kind) bool {
		return k >= numTokens || k >= tIdent && k <= tEllipsis || k == tStringContent || k == tConversion
	})
}

// keywords are Python's keywords: the ones written as their kind's name,
// and True, False and None, whose kinds are named as tree-sitter-python
// names them. The soft keywords match, case, type and _ are identifiers:
// the parser tells them apart by what follows.
var keywords = func() *kit.Words {
	w := kit.Keywords(kindNames[:], kwAnd, kwYield)
	w["True"], w["False"], w["None"] = kwTrue, kwFalse, kwNone
	return kit.WordsOf(w)
}()

// operators are Python's operators and punctuation, each written as its
// kind's name, and the ellipsis.
var operators = kit.PunctsOf(kindNames[:], opAdd, opPowAs).With("...", tEllipsis)
