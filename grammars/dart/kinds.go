package dart

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Token kinds come first; the leaves the parser makes of other tokens
// with LeafAs are token kinds too.
const (
	tEOF grammars.Kind = iota
	tIllegal
	tIdent
	tInt
	tDouble
	tString      // a whole string with no interpolation: 'a', r"b", '''c'''
	tStringStart // an interpolated string up to its first $: "a $
	tStringMid   // its text between two interpolations
	tStringEnd   // its text after the last one, to the closing quote

	tTypeIdent  // a type's name
	tFieldIdent // a member's name after . or ?.
	tLabel      // a name before : (a named argument, a label)

	// punctuation
	tLBrace       // {
	tRBrace       // }
	tLParen       // (
	tRParen       // )
	tLBrack       // [
	tRBrack       // ]
	tSemi         // ;
	tComma        // ,
	tDot          // .
	tDotDot       // ..
	tQDotDot      // ?..
	tEllipsis     // ...
	tQEllipsis    // ...?
	tQDot         // ?.
	tQuestion     // ?
	tQQ           // ??
	tQQEq         // ??=
	tColon        // :
	tAt           // @
	tHash         // #
	tArrow        // =>
	tAssign       // =
	tEq           // ==
	tNe           // !=
	tLT           // <
	tLE           // <=
	tShl          // <<
	tShlEq        // <<=
	tGT           // >, always alone: the parser joins >=, >> and >>> from adjacent ones
	tPlus         // +
	tMinus        // -
	tStar         // *
	tSlash        // /
	tPercent      // %
	tTildeSlash   // ~/
	tCaret        // ^
	tAmp          // &
	tPipe         // |
	tTilde        // ~
	tNot          // !
	tAndAnd       // &&
	tOrOr         // ||
	tInc          // ++
	tDec          // --
	tPlusEq       // +=
	tMinusEq      // -=
	tStarEq       // *=
	tSlashEq      // /=
	tPercentEq    // %=
	tTildeSlashEq // ~/=
	tCaretEq      // ^=
	tAmpEq        // &=
	tPipeEq       // |=
	tDollar       // $ before an identifier in a string
	tDollarBrace  // ${ in a string
	tInterpEnd    // the } that closes ${

	// A built-in or contextual word (get, async, show, required, late,
	// …) where it is a keyword; elsewhere it is an identifier.
	tWord

	// reserved words
	kwAssert
	kwBreak
	kwCase
	kwCatch
	kwClass
	kwConst
	kwContinue
	kwDefault
	kwDo
	kwElse
	kwEnum
	kwExtends
	kwFalse
	kwFinal
	kwFinally
	kwFor
	kwIf
	kwIn
	kwIs
	kwNew
	kwNull
	kwRethrow
	kwReturn
	kwSuper
	kwSwitch
	kwThis
	kwThrow
	kwTrue
	kwTry
	kwVar
	kwVoid
	kwWhile
	kwWith

	numTokens
)

const (
	firstKeyword = kwAssert
	lastKeyword  = kwWith
)

// Node kinds.
const (
	nProgram grammars.Kind = numTokens + iota
	nError

	// directives
	nLibraryDirective
	nImportDirective
	nExportDirective
	nPartDirective
	nPartOfDirective
	nConfiguration // if (dart.library.io) 'uri'
	nCombinator    // show a, b / hide c
	nDottedName    // a.b.c in library and part of
	nAnnotation    // @x, @a.b(…)

	// declarations
	nClassDeclaration
	nMixinDeclaration
	nExtensionDeclaration
	nExtensionTypeDeclaration
	nRepresentation // the (Type name) of an extension type
	nEnumDeclaration
	nEnumConstant
	nTypeAlias
	nClassBody
	nSuperclass // extends T
	nMixins     // with A, B
	nInterfaces // implements A, B
	nOnClause   // on T, in a mixin or an extension
	nFunctionDeclaration
	nGetterDeclaration
	nSetterDeclaration
	nOperatorDeclaration
	nConstructorDeclaration
	nFactoryConstructor
	nConstructorName // A.b, the name of a named constructor
	nInitializers    // : a = 1, super(x)
	nFieldInitializer
	nSuperInitializer // super(…), super.named(…)
	nThisInitializer  // this(…), this.named(…): a redirecting constructor
	nAssertInitializer
	nRedirection // = A.b; of a redirecting factory
	nVariableDeclaration
	nVariableDeclarator
	nFormalParameters
	nFormalParameter
	nOptionalParameters // [a, b]
	nNamedParameters    // {a, b}
	nFieldFormal        // this.x
	nSuperFormal        // super.x
	nDefaultValue       // = v or : v
	nFunctionBody       // => e; or a block, with async, async*, sync*
	nModifiers          // static, external, late, covariant, abstract, …

	// types
	nGenericType
	nScopedType // prefix.Type
	nNullableType
	nFunctionType
	nRecordType
	nRecordTypeField
	nRecordTypeNamed // {int a, String b}
	nTypeArguments
	nTypeParameters
	nTypeParameter

	// statements
	nBlock
	nExpressionStatement
	nIfStatement
	nElseClause
	nForStatement
	nForParts   // the head of a for: init; cond; update, or x in e
	nForInParts // var x in e
	nWhileStatement
	nDoStatement
	nSwitchStatement
	nSwitchBlock
	nSwitchCase
	nSwitchDefault
	nGuard // when e
	nTryStatement
	nCatchClause
	nOnPart
	nFinallyClause
	nReturnStatement
	nBreakStatement
	nContinueStatement
	nYieldStatement
	nRethrowStatement
	nAssertStatement
	nLabeledStatement
	nEmptyStatement
	nPatternDeclaration // var (a, b) = e;
	nPatternAssignment  // (a, b) = (b, a);

	// expressions
	nAssignmentExpression
	nConditionalExpression
	nBinaryExpression
	nTypeTestExpression // e is T, e is! T
	nTypeCastExpression // e as T
	nUnaryExpression
	nPostfixExpression
	nNullAssertExpression // e!
	nAwaitExpression
	nThrowExpression
	nCascadeExpression
	nCascadeSection
	nCallExpression
	nMethodCall
	nFieldAccess
	nIndexExpression
	nNewExpression   // new A(), const A()
	nConstExpression // const [..], const {..}
	nArguments
	nNamedArgument
	nParenthesizedExpression
	nFunctionExpression
	nSwitchExpression
	nSwitchExpressionCase
	nListLiteral
	nSetOrMapLiteral
	nRecordLiteral
	nPair // k: v
	nSpreadElement
	nIfElement
	nForElement
	nNullAwareElement // ?e
	nStringLiteral    // an interpolated string
	nAdjacentStrings
	nInterpolation // $x or ${e}
	nSymbolLiteral
	nDotShorthand // .name, where the context gives the type
	nTypeLiteral  // a type where an expression stands: List<int>, int Function()

	// patterns
	nLogicalOrPattern
	nLogicalAndPattern
	nRelationalPattern
	nCastPattern
	nNullCheckPattern
	nNullAssertPattern
	nConstantPattern
	nVariablePattern
	nListPattern
	nMapPattern
	nRecordPattern
	nObjectPattern
	nPatternField
	nRestPattern
	nParenthesizedPattern
	nMapPatternEntry

	numKinds
)

// kindNames are the kinds' names: a token's is its text, or a name for
// those whose text varies.
var kindNames = [numKinds]string{
	tEOF: "end of file", tIllegal: "illegal", tIdent: "identifier",
	tInt: "integer_literal", tDouble: "double_literal", tString: "string_literal", tStringStart: "string_start", tStringMid: "string_middle", tStringEnd: "string_end",
	tTypeIdent: "type_identifier", tFieldIdent: "field_identifier", tLabel: "label",

	tLBrace: "{", tRBrace: "}", tLParen: "(", tRParen: ")", tLBrack: "[", tRBrack: "]",
	tSemi: ";", tComma: ",", tDot: ".", tDotDot: "..", tQDotDot: "?..", tEllipsis: "...", tQEllipsis: "...?",
	tQDot: "?.", tQuestion: "?", tQQ: "??", tQQEq: "??=", tColon: ":", tAt: "@", tHash: "#", tArrow: "=>",
	tAssign: "=", tEq: "==", tNe: "!=", tLT: "<", tLE: "<=", tShl: "<<", tShlEq: "<<=", tGT: ">",
	tPlus: "+", tMinus: "-", tStar: "*", tSlash: "/", tPercent: "%", tTildeSlash: "~/", tCaret: "^",
	tAmp: "&", tPipe: "|", tTilde: "~", tNot: "!", tAndAnd: "&&", tOrOr: "||", tInc: "++", tDec: "--",
	tPlusEq: "+=", tMinusEq: "-=", tStarEq: "*=", tSlashEq: "/=", tPercentEq: "%=", tTildeSlashEq: "~/=",
	tCaretEq: "^=", tAmpEq: "&=", tPipeEq: "|=", tDollar: "$", tDollarBrace: "${", tInterpEnd: "}",
	tWord: "keyword",

	kwAssert: "assert", kwBreak: "break", kwCase: "case", kwCatch: "catch", kwClass: "class", kwConst: "const",
	kwContinue: "continue", kwDefault: "default", kwDo: "do", kwElse: "else", kwEnum: "enum", kwExtends: "extends",
	kwFalse: "false", kwFinal: "final", kwFinally: "finally", kwFor: "for", kwIf: "if", kwIn: "in", kwIs: "is",
	kwNew: "new", kwNull: "null", kwRethrow: "rethrow", kwReturn: "return", kwSuper: "super", kwSwitch: "switch",
	kwThis: "this", kwThrow: "throw", kwTrue: "true", kwTry: "try", kwVar: "var", kwVoid: "void",
	kwWhile: "while", kwWith: "with",

	nProgram: "program", nError: "ERROR",
	nLibraryDirective: "library_directive", nImportDirective: "import_directive", nExportDirective: "export_directive",
	nPartDirective: "part_directive", nPartOfDirective: "part_of_directive", nConfiguration: "configuration",
	nCombinator: "combinator", nDottedName: "dotted_name", nAnnotation: "annotation",

	nClassDeclaration: "class_declaration", nMixinDeclaration: "mixin_declaration",
	nExtensionDeclaration: "extension_declaration", nExtensionTypeDeclaration: "extension_type_declaration",
	nRepresentation: "representation", nEnumDeclaration: "enum_declaration", nEnumConstant: "enum_constant",
	nTypeAlias: "type_alias", nClassBody: "class_body", nSuperclass: "superclass", nMixins: "mixins",
	nInterfaces: "interfaces", nOnClause: "on_clause", nFunctionDeclaration: "function_declaration",
	nGetterDeclaration: "getter_declaration", nSetterDeclaration: "setter_declaration",
	nOperatorDeclaration: "operator_declaration", nConstructorDeclaration: "constructor_declaration",
	nFactoryConstructor: "factory_constructor", nConstructorName: "constructor_name", nInitializers: "initializers",
	nFieldInitializer: "field_initializer", nSuperInitializer: "super_initializer", nThisInitializer: "this_initializer",
	nAssertInitializer: "assert_initializer", nRedirection: "redirection", nVariableDeclaration: "variable_declaration",
	nVariableDeclarator: "variable_declarator", nFormalParameters: "formal_parameters", nFormalParameter: "formal_parameter",
	nOptionalParameters: "optional_parameters", nNamedParameters: "named_parameters", nFieldFormal: "field_formal_parameter",
	nSuperFormal: "super_formal_parameter", nDefaultValue: "default_value", nFunctionBody: "function_body",
	nModifiers: "modifiers",

	nGenericType: "generic_type", nScopedType: "scoped_type", nNullableType: "nullable_type",
	nFunctionType: "function_type", nRecordType: "record_type", nRecordTypeField: "record_type_field",
	nRecordTypeNamed: "record_type_named_fields", nTypeArguments: "type_arguments", nTypeParameters: "type_parameters",
	nTypeParameter: "type_parameter",

	nBlock: "block", nExpressionStatement: "expression_statement", nIfStatement: "if_statement",
	nElseClause: "else_clause", nForStatement: "for_statement", nForParts: "for_parts", nForInParts: "for_in_parts",
	nWhileStatement: "while_statement", nDoStatement: "do_statement", nSwitchStatement: "switch_statement",
	nSwitchBlock: "switch_block", nSwitchCase: "switch_case", nSwitchDefault: "switch_default", nGuard: "guard",
	nTryStatement: "try_statement", nCatchClause: "catch_clause", nOnPart: "on_part", nFinallyClause: "finally_clause",
	nReturnStatement: "return_statement", nBreakStatement: "break_statement", nContinueStatement: "continue_statement",
	nYieldStatement: "yield_statement", nRethrowStatement: "rethrow_statement", nAssertStatement: "assert_statement",
	nLabeledStatement: "labeled_statement", nEmptyStatement: "empty_statement", nPatternDeclaration: "pattern_declaration", nPatternAssignment: "pattern_assignment",

	nAssignmentExpression: "assignment_expression", nConditionalExpression: "conditional_expression",
	nBinaryExpression: "binary_expression", nTypeTestExpression: "type_test_expression",
	nTypeCastExpression: "type_cast_expression", nUnaryExpression: "unary_expression",
	nPostfixExpression: "postfix_expression", nNullAssertExpression: "null_assert_expression",
	nAwaitExpression: "await_expression", nThrowExpression: "throw_expression", nCascadeExpression: "cascade_expression",
	nCascadeSection: "cascade_section", nCallExpression: "call_expression", nMethodCall: "method_call",
	nFieldAccess: "field_access", nIndexExpression: "index_expression", nNewExpression: "new_expression",
	nConstExpression: "const_expression", nArguments: "arguments", nNamedArgument: "named_argument",
	nParenthesizedExpression: "parenthesized_expression", nFunctionExpression: "function_expression",
	nSwitchExpression: "switch_expression", nSwitchExpressionCase: "switch_expression_case",
	nListLiteral: "list_literal", nSetOrMapLiteral: "set_or_map_literal", nRecordLiteral: "record_literal",
	nPair: "pair", nSpreadElement: "spread_element", nIfElement: "if_element", nForElement: "for_element",
	nNullAwareElement: "null_aware_element", nStringLiteral: "interpolated_string", nAdjacentStrings: "adjacent_strings",
	nInterpolation: "interpolation", nSymbolLiteral: "symbol_literal", nTypeLiteral: "type_literal", nDotShorthand: "dot_shorthand",

	nLogicalOrPattern: "logical_or_pattern", nLogicalAndPattern: "logical_and_pattern",
	nRelationalPattern: "relational_pattern", nCastPattern: "cast_pattern", nNullCheckPattern: "null_check_pattern",
	nNullAssertPattern: "null_assert_pattern", nConstantPattern: "constant_pattern", nVariablePattern: "variable_pattern",
	nListPattern: "list_pattern", nMapPattern: "map_pattern", nRecordPattern: "record_pattern",
	nObjectPattern: "object_pattern", nPatternField: "pattern_field", nRestPattern: "rest_pattern",
	nParenthesizedPattern: "parenthesized_pattern", nMapPatternEntry: "map_pattern_entry",
}

// kindTable is the language's kind table: nodes, identifiers and
// literals are named, and so are the keywords a metavariable binds as it
// binds an expression or a type.
func kindTable() []grammars.KindInfo { return kit.KindTable(kindNames[:], named) }

// named reports whether kind k carries a name.
func named(k grammars.Kind) bool {
	switch {
	case k >= numTokens, k >= tIdent && k <= tString, k >= tTypeIdent && k <= tLabel:
		return true
	}
	switch k {
	case kwThis, kwSuper, kwNull, kwTrue, kwFalse:
		return true // $X binds them, as it binds any other expression
	case kwVoid:
		return true // $T binds it, as it binds any other type: List<void>
	}
	return false
}

// keywords maps a reserved word's text to its kind.
var keywords = kit.WordsOf(kit.Keywords(kindNames[:], firstKeyword, lastKeyword))
