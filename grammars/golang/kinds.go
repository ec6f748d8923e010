package golang

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Token kinds come first; a token's kind is also its participle token type.
const (
	tEOF grammars.Kind = iota
	tIllegal
	tIdent
	tInt
	tFloat
	tImag
	tChar
	tString
	tRawString
	tSemi

	// keywords
	kwBreak
	kwCase
	kwChan
	kwConst
	kwContinue
	kwDefault
	kwDefer
	kwElse
	kwFallthrough
	kwFor
	kwFunc
	kwGo
	kwGoto
	kwIf
	kwImport
	kwInterface
	kwMap
	kwPackage
	kwRange
	kwReturn
	kwSelect
	kwStruct
	kwSwitch
	kwType
	kwVar

	// operators and punctuation
	opAdd      // +
	opSub      // -
	opMul      // *
	opQuo      // /
	opRem      // %
	opAnd      // &
	opOr       // |
	opXor      // ^
	opShl      // <<
	opShr      // >>
	opAndNot   // &^
	opAddAs    // +=
	opSubAs    // -=
	opMulAs    // *=
	opQuoAs    // /=
	opRemAs    // %=
	opAndAs    // &=
	opOrAs     // |=
	opXorAs    // ^=
	opShlAs    // <<=
	opShrAs    // >>=
	opAndNotAs // &^=
	opLAnd     // &&
	opLOr      // ||
	opArrow    // <-
	opInc      // ++
	opDec      // --
	opEql      // ==
	opLss      // <
	opGtr      // >
	opAssign   // =
	opNot      // !
	opTilde    // ~
	opNeq      // !=
	opLeq      // <=
	opGeq      // >=
	opDefine   // :=
	opEllipsis // ...
	opLParen   // (
	opLBrack   // [
	opLBrace   // {
	opComma    // ,
	opPeriod   // .
	opRParen   // )
	opRBrack   // ]
	opRBrace   // }
	opColon    // :

	tDecls // the top-level declarations, as one token of the participle skeleton

	numTokens
)

// Production kinds.
const (
	nSourceFile grammars.Kind = numTokens + iota
	nError
	nPackageClause
	nImportDeclaration
	nImportSpec
	nFunctionDeclaration
	nMethodDeclaration
	nParameterList
	nParameterDeclaration
	nVariadicParameterDeclaration
	nTypeParameterList
	nTypeParameterDeclaration
	nTypeConstraint
	nBlock
	nVarDeclaration
	nVarSpec
	nConstDeclaration
	nConstSpec
	nTypeDeclaration
	nTypeSpec
	nTypeAlias
	nExpressionList
	nExpressionStatement
	nSendStatement
	nIncStatement
	nDecStatement
	nAssignmentStatement
	nShortVarDeclaration
	nLabeledStatement
	nEmptyStatement
	nReturnStatement
	nGoStatement
	nDeferStatement
	nIfStatement
	nForStatement
	nForClause
	nRangeClause
	nExpressionSwitchStatement
	nTypeSwitchStatement
	nExpressionCase
	nTypeCase
	nDefaultCase
	nSelectStatement
	nCommunicationCase
	nBreakStatement
	nContinueStatement
	nGotoStatement
	nFallthroughStatement
	nBinaryExpression
	nUnaryExpression
	nCallExpression
	nArgumentList
	nSelectorExpression
	nIndexExpression
	nSliceExpression
	nTypeAssertionExpression
	nTypeSwitchGuard
	nParenthesizedExpression
	nCompositeLiteral
	nLiteralValue
	nKeyedElement
	nFuncLiteral
	nQualifiedType
	nGenericType
	nTypeArguments
	nPointerType
	nArrayType
	nImplicitLengthArrayType
	nSliceType
	nMapType
	nChannelType
	nFunctionType
	nStructType
	nFieldDeclarationList
	nFieldDeclaration
	nInterfaceType
	nMethodElem
	nTypeElem
	nParenthesizedType
	nStatementList

	numKinds
)

var kindNames = [numKinds]string{
	tEOF: "EOF", tIllegal: "ILLEGAL", tIdent: "identifier", tInt: "int_literal", tFloat: "float_literal",
	tImag: "imaginary_literal", tChar: "rune_literal", tString: "interpreted_string_literal",
	tRawString: "raw_string_literal", tSemi: ";",

	kwBreak: "break", kwCase: "case", kwChan: "chan", kwConst: "const", kwContinue: "continue",
	kwDefault: "default", kwDefer: "defer", kwElse: "else", kwFallthrough: "fallthrough", kwFor: "for",
	kwFunc: "func", kwGo: "go", kwGoto: "goto", kwIf: "if", kwImport: "import", kwInterface: "interface",
	kwMap: "map", kwPackage: "package", kwRange: "range", kwReturn: "return", kwSelect: "select",
	kwStruct: "struct", kwSwitch: "switch", kwType: "type", kwVar: "var",

	opAdd: "+", opSub: "-", opMul: "*", opQuo: "/", opRem: "%", opAnd: "&", opOr: "|", opXor: "^",
	opShl: "<<", opShr: ">>", opAndNot: "&^", opAddAs: "+=", opSubAs: "-=", opMulAs: "*=", opQuoAs: "/=",
	opRemAs: "%=", opAndAs: "&=", opOrAs: "|=", opXorAs: "^=", opShlAs: "<<=", opShrAs: ">>=",
	opAndNotAs: "&^=", opLAnd: "&&", opLOr: "||", opArrow: "<-", opInc: "++", opDec: "--", opEql: "==",
	opLss: "<", opGtr: ">", opAssign: "=", opNot: "!", opTilde: "~", opNeq: "!=", opLeq: "<=", opGeq: ">=",
	opDefine: ":=", opEllipsis: "...", opLParen: "(", opLBrack: "[", opLBrace: "{", opComma: ",",
	opPeriod: ".", opRParen: ")", opRBrack: "]", opRBrace: "}", opColon: ":", tDecls: "declarations",

	nSourceFile: "source_file", nError: "ERROR", nPackageClause: "package_clause",
	nImportDeclaration: "import_declaration", nImportSpec: "import_spec",
	nFunctionDeclaration: "function_declaration", nMethodDeclaration: "method_declaration",
	nParameterList: "parameter_list", nParameterDeclaration: "parameter_declaration",
	nVariadicParameterDeclaration: "variadic_parameter_declaration",
	nTypeParameterList:            "type_parameter_list", nTypeParameterDeclaration: "type_parameter_declaration",
	nTypeConstraint: "type_constraint", nBlock: "block",
	nVarDeclaration: "var_declaration", nVarSpec: "var_spec", nConstDeclaration: "const_declaration",
	nConstSpec: "const_spec", nTypeDeclaration: "type_declaration", nTypeSpec: "type_spec",
	nTypeAlias: "type_alias", nExpressionList: "expression_list", nExpressionStatement: "expression_statement",
	nSendStatement: "send_statement", nIncStatement: "inc_statement", nDecStatement: "dec_statement",
	nAssignmentStatement: "assignment_statement", nShortVarDeclaration: "short_var_declaration",
	nLabeledStatement: "labeled_statement", nEmptyStatement: "empty_statement",
	nReturnStatement: "return_statement", nGoStatement: "go_statement", nDeferStatement: "defer_statement",
	nIfStatement: "if_statement", nForStatement: "for_statement", nForClause: "for_clause",
	nRangeClause: "range_clause", nExpressionSwitchStatement: "expression_switch_statement",
	nTypeSwitchStatement: "type_switch_statement", nExpressionCase: "expression_case",
	nTypeCase: "type_case", nDefaultCase: "default_case", nSelectStatement: "select_statement",
	nCommunicationCase: "communication_case", nBreakStatement: "break_statement",
	nContinueStatement: "continue_statement", nGotoStatement: "goto_statement",
	nFallthroughStatement: "fallthrough_statement", nBinaryExpression: "binary_expression",
	nUnaryExpression: "unary_expression", nCallExpression: "call_expression",
	nArgumentList: "argument_list", nSelectorExpression: "selector_expression",
	nIndexExpression: "index_expression", nSliceExpression: "slice_expression",
	nTypeAssertionExpression: "type_assertion_expression", nTypeSwitchGuard: "type_switch_guard",
	nParenthesizedExpression: "parenthesized_expression", nCompositeLiteral: "composite_literal",
	nLiteralValue: "literal_value", nKeyedElement: "keyed_element", nFuncLiteral: "func_literal",
	nQualifiedType: "qualified_type", nGenericType: "generic_type", nTypeArguments: "type_arguments",
	nPointerType: "pointer_type", nArrayType: "array_type",
	nImplicitLengthArrayType: "implicit_length_array_type", nSliceType: "slice_type",
	nMapType: "map_type", nChannelType: "channel_type", nFunctionType: "function_type",
	nStructType: "struct_type", nFieldDeclarationList: "field_declaration_list",
	nFieldDeclaration: "field_declaration", nInterfaceType: "interface_type", nMethodElem: "method_elem",
	nTypeElem: "type_elem", nParenthesizedType: "parenthesized_type", nStatementList: "statement_list",
}

// kindTable names the kinds; the productions, identifiers and literals
// are named.
func kindTable() []grammars.KindInfo {
	return kit.KindTable(kindNames[:], func(k grammars.Kind) bool { return k >= numTokens || k >= tIdent && k <= tRawString })
}

// keywords are Go's keywords, each written as its kind's name.
var keywords = kit.WordsOf(kit.Keywords(kindNames[:], kwBreak, kwVar))

// operators are Go's operators and punctuation, each written as its
// kind's name.
var operators = kit.PunctsOf(kindNames[:], opAdd, opColon).With(";", tSemi)
