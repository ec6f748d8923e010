package java

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
	tDecimal    // 12, 12L
	tHex        // 0x1F
	tOctal      // 017
	tBinary     // 0b101
	tFloat      // 1.5, 1e3, 2f
	tHexFloat   // 0x1.8p3
	tChar       // 'a'
	tString     // "a", and a text block """ … """, as tree-sitter-java has it
	tTypeIdent  // a type's name
	tWord       // a contextual keyword where it is one: record, sealed, yield, when, …
	tIntegral   // byte short int long char, as a type
	tFloating   // float double, as a type
	tBooleanTyp // boolean, as a type
	tVoidType   // void, as a type
	tAsterisk   // the * of import a.b.*

	// punctuation
	tLBrace   // {
	tRBrace   // }
	tLParen   // (
	tRParen   // )
	tLBrack   // [
	tRBrack   // ]
	tSemi     // ;
	tComma    // ,
	tDot      // .
	tEllipsis // ...
	tAt       // @
	tColons   // ::
	tArrow    // ->
	tAssign   // =
	tEq       // ==
	tNe       // !=
	tLT       // <
	tLE       // <=
	tShl      // <<
	tShlEq    // <<=
	tGT       // >, always alone: the parser joins >=, >>, >>>, >>= and >>>= from adjacent ones
	tPlus     // +
	tMinus    // -
	tStar     // *
	tSlash    // /
	tPercent  // %
	tCaret    // ^
	tAmp      // &
	tPipe     // |
	tTilde    // ~
	tNot      // !
	tAndAnd   // &&
	tOrOr     // ||
	tInc      // ++
	tDec      // --
	tPlusEq   // +=
	tMinusEq  // -=
	tStarEq   // *=
	tSlashEq  // /=
	tPercentEq
	tCaretEq
	tAmpEq
	tPipeEq
	tQuestion // ?
	tColon    // :

	// reserved words
	kwAbstract
	kwAssert
	kwBoolean
	kwBreak
	kwByte
	kwCase
	kwCatch
	kwChar
	kwClass
	kwConst
	kwContinue
	kwDefault
	kwDo
	kwDouble
	kwElse
	kwEnum
	kwExtends
	kwFalse
	kwFinal
	kwFinally
	kwFloat
	kwFor
	kwGoto
	kwIf
	kwImplements
	kwImport
	kwInstanceof
	kwInt
	kwInterface
	kwLong
	kwNative
	kwNew
	kwNull
	kwPackage
	kwPrivate
	kwProtected
	kwPublic
	kwReturn
	kwShort
	kwStatic
	kwStrictfp
	kwSuper
	kwSwitch
	kwSynchronized
	kwThis
	kwThrow
	kwThrows
	kwTransient
	kwTrue
	kwTry
	kwVoid
	kwVolatile
	kwWhile

	numTokens
)

const (
	firstKeyword = kwAbstract
	lastKeyword  = kwWhile
)

// Node kinds, named as tree-sitter-java names them where the shape is
// the same (see the README for where it differs).
const (
	nProgram grammars.Kind = numTokens + iota
	nError

	// the compilation unit
	nPackageDeclaration
	nImportDeclaration
	nScopedIdentifier // a.b.c in a package, an import, a module, an annotation's name
	nModuleDeclaration
	nModuleBody
	nRequiresModuleDirective
	nRequiresModifier // transitive, static
	nExportsModuleDirective
	nOpensModuleDirective
	nUsesModuleDirective
	nProvidesModuleDirective

	// declarations
	nModifiers
	nMarkerAnnotation // @Override
	nAnnotation       // @SuppressWarnings("x")
	nAnnotationArgumentList
	nElementValuePair
	nElementValueArrayInitializer
	nClassDeclaration
	nInterfaceDeclaration
	nEnumDeclaration
	nRecordDeclaration
	nAnnotationTypeDeclaration
	nClassBody
	nInterfaceBody
	nEnumBody
	nEnumBodyDeclarations
	nEnumConstant
	nAnnotationTypeBody
	nAnnotationTypeElementDeclaration
	nSuperclass      // extends A
	nSuperInterfaces // implements A, B
	nExtendsInterfaces
	nPermits
	nTypeList
	nFieldDeclaration
	nConstantDeclaration // a field of an interface
	nMethodDeclaration
	nConstructorDeclaration
	nCompactConstructorDeclaration
	nConstructorBody
	nExplicitConstructorInvocation // this(…); super(…);
	nStaticInitializer
	nFormalParameters
	nFormalParameter
	nSpreadParameter   // String... args
	nReceiverParameter // Foo this
	nThrows
	nVariableDeclarator
	nArrayInitializer
	nDimensions     // [] []
	nDimensionsExpr // [n]

	// types
	nScopedTypeIdentifier
	nGenericType
	nArrayType
	nTypeArguments
	nTypeParameters
	nTypeParameter
	nTypeBound
	nWildcard
	nAnnotatedType

	// statements
	nBlock
	nExpressionStatement
	nLocalVariableDeclaration
	nLabeledStatement
	nIfStatement
	nWhileStatement
	nForStatement
	nEnhancedForStatement
	nDoStatement
	nBreakStatement
	nContinueStatement
	nReturnStatement
	nYieldStatement
	nSynchronizedStatement
	nThrowStatement
	nTryStatement
	nTryWithResourcesStatement
	nResourceSpecification
	nResource
	nCatchClause
	nCatchFormalParameter
	nCatchType
	nFinallyClause
	nAssertStatement
	nEmptyStatement
	nSwitchBlock
	nSwitchBlockStatementGroup
	nSwitchRule
	nSwitchLabel
	nGuard

	// expressions
	nAssignmentExpression
	nBinaryExpression
	nInstanceofExpression
	nLambdaExpression
	nInferredParameters
	nTernaryExpression
	nUnaryExpression
	nUpdateExpression
	nCastExpression
	nSwitchExpression
	nParenthesizedExpression
	nClassLiteral
	nObjectCreationExpression
	nArrayCreationExpression
	nFieldAccess
	nArrayAccess
	nMethodInvocation
	nArgumentList
	nMethodReference

	// patterns
	nTypePattern
	nRecordPattern
	nRecordPatternBody

	numKinds
)

// kindNames are the kinds' names: a token's is its text, or a name for
// those whose text varies.
var kindNames = [numKinds]string{
	tEOF: "end of file", tIllegal: "illegal", tIdent: "identifier",
	tDecimal: "decimal_integer_literal", tHex: "hex_integer_literal", tOctal: "octal_integer_literal",
	tBinary: "binary_integer_literal", tFloat: "decimal_floating_point_literal", tHexFloat: "hex_floating_point_literal",
	tChar: "character_literal", tString: "string_literal",
	tTypeIdent: "type_identifier", tWord: "keyword", tIntegral: "integral_type", tFloating: "floating_point_type",
	tBooleanTyp: "boolean_type", tVoidType: "void_type", tAsterisk: "asterisk",

	tLBrace: "{", tRBrace: "}", tLParen: "(", tRParen: ")", tLBrack: "[", tRBrack: "]",
	tSemi: ";", tComma: ",", tDot: ".", tEllipsis: "...", tAt: "@", tColons: "::", tArrow: "->",
	tAssign: "=", tEq: "==", tNe: "!=", tLT: "<", tLE: "<=", tShl: "<<", tShlEq: "<<=", tGT: ">",
	tPlus: "+", tMinus: "-", tStar: "*", tSlash: "/", tPercent: "%", tCaret: "^", tAmp: "&", tPipe: "|",
	tTilde: "~", tNot: "!", tAndAnd: "&&", tOrOr: "||", tInc: "++", tDec: "--", tPlusEq: "+=", tMinusEq: "-=",
	tStarEq: "*=", tSlashEq: "/=", tPercentEq: "%=", tCaretEq: "^=", tAmpEq: "&=", tPipeEq: "|=",
	tQuestion: "?", tColon: ":",

	kwAbstract: "abstract", kwAssert: "assert", kwBoolean: "boolean", kwBreak: "break", kwByte: "byte",
	kwCase: "case", kwCatch: "catch", kwChar: "char", kwClass: "class", kwConst: "const", kwContinue: "continue",
	kwDefault: "default", kwDo: "do", kwDouble: "double", kwElse: "else", kwEnum: "enum", kwExtends: "extends",
	kwFalse: "false", kwFinal: "final", kwFinally: "finally", kwFloat: "float", kwFor: "for", kwGoto: "goto",
	kwIf: "if", kwImplements: "implements", kwImport: "import", kwInstanceof: "instanceof", kwInt: "int",
	kwInterface: "interface", kwLong: "long", kwNative: "native", kwNew: "new", kwNull: "null_literal",
	kwPackage: "package", kwPrivate: "private", kwProtected: "protected", kwPublic: "public", kwReturn: "return",
	kwShort: "short", kwStatic: "static", kwStrictfp: "strictfp", kwSuper: "super", kwSwitch: "switch",
	kwSynchronized: "synchronized", kwThis: "this", kwThrow: "throw", kwThrows: "throws",
	kwTransient: "transient", kwTrue: "true", kwTry: "try", kwVoid: "void", kwVolatile: "volatile", kwWhile: "while",

	nProgram: "program", nError: "ERROR",
	nPackageDeclaration: "package_declaration", nImportDeclaration: "import_declaration",
	nScopedIdentifier: "scoped_identifier", nModuleDeclaration: "module_declaration", nModuleBody: "module_body",
	nRequiresModuleDirective: "requires_module_directive", nRequiresModifier: "requires_modifier",
	nExportsModuleDirective: "exports_module_directive", nOpensModuleDirective: "opens_module_directive",
	nUsesModuleDirective: "uses_module_directive", nProvidesModuleDirective: "provides_module_directive",

	nModifiers: "modifiers", nMarkerAnnotation: "marker_annotation", nAnnotation: "annotation",
	nAnnotationArgumentList: "annotation_argument_list", nElementValuePair: "element_value_pair",
	nElementValueArrayInitializer: "element_value_array_initializer",
	nClassDeclaration:             "class_declaration", nInterfaceDeclaration: "interface_declaration",
	nEnumDeclaration: "enum_declaration", nRecordDeclaration: "record_declaration",
	nAnnotationTypeDeclaration: "annotation_type_declaration", nClassBody: "class_body",
	nInterfaceBody: "interface_body", nEnumBody: "enum_body", nEnumBodyDeclarations: "enum_body_declarations",
	nEnumConstant: "enum_constant", nAnnotationTypeBody: "annotation_type_body",
	nAnnotationTypeElementDeclaration: "annotation_type_element_declaration",
	nSuperclass:                       "superclass", nSuperInterfaces: "super_interfaces", nExtendsInterfaces: "extends_interfaces",
	nPermits: "permits", nTypeList: "type_list", nFieldDeclaration: "field_declaration",
	nConstantDeclaration: "constant_declaration", nMethodDeclaration: "method_declaration",
	nConstructorDeclaration: "constructor_declaration", nCompactConstructorDeclaration: "compact_constructor_declaration",
	nConstructorBody: "constructor_body", nExplicitConstructorInvocation: "explicit_constructor_invocation",
	nStaticInitializer: "static_initializer", nFormalParameters: "formal_parameters",
	nFormalParameter: "formal_parameter", nSpreadParameter: "spread_parameter", nReceiverParameter: "receiver_parameter",
	nThrows: "throws", nVariableDeclarator: "variable_declarator", nArrayInitializer: "array_initializer",
	nDimensions: "dimensions", nDimensionsExpr: "dimensions_expr",

	nScopedTypeIdentifier: "scoped_type_identifier", nGenericType: "generic_type", nArrayType: "array_type",
	nTypeArguments: "type_arguments", nTypeParameters: "type_parameters", nTypeParameter: "type_parameter",
	nTypeBound: "type_bound", nWildcard: "wildcard", nAnnotatedType: "annotated_type",

	nBlock: "block", nExpressionStatement: "expression_statement",
	nLocalVariableDeclaration: "local_variable_declaration", nLabeledStatement: "labeled_statement",
	nIfStatement: "if_statement", nWhileStatement: "while_statement", nForStatement: "for_statement",
	nEnhancedForStatement: "enhanced_for_statement", nDoStatement: "do_statement",
	nBreakStatement: "break_statement", nContinueStatement: "continue_statement",
	nReturnStatement: "return_statement", nYieldStatement: "yield_statement",
	nSynchronizedStatement: "synchronized_statement", nThrowStatement: "throw_statement",
	nTryStatement: "try_statement", nTryWithResourcesStatement: "try_with_resources_statement",
	nResourceSpecification: "resource_specification", nResource: "resource", nCatchClause: "catch_clause",
	nCatchFormalParameter: "catch_formal_parameter", nCatchType: "catch_type", nFinallyClause: "finally_clause",
	nAssertStatement: "assert_statement", nEmptyStatement: "empty_statement", nSwitchBlock: "switch_block",
	nSwitchBlockStatementGroup: "switch_block_statement_group", nSwitchRule: "switch_rule",
	nSwitchLabel: "switch_label", nGuard: "guard",

	nAssignmentExpression: "assignment_expression", nBinaryExpression: "binary_expression",
	nInstanceofExpression: "instanceof_expression", nLambdaExpression: "lambda_expression",
	nInferredParameters: "inferred_parameters", nTernaryExpression: "ternary_expression",
	nUnaryExpression: "unary_expression", nUpdateExpression: "update_expression", nCastExpression: "cast_expression",
	nSwitchExpression: "switch_expression", nParenthesizedExpression: "parenthesized_expression",
	nClassLiteral: "class_literal", nObjectCreationExpression: "object_creation_expression",
	nArrayCreationExpression: "array_creation_expression", nFieldAccess: "field_access",
	nArrayAccess: "array_access", nMethodInvocation: "method_invocation", nArgumentList: "argument_list",
	nMethodReference: "method_reference",

	nTypePattern: "type_pattern", nRecordPattern: "record_pattern", nRecordPatternBody: "record_pattern_body",
}

// kindTable is the language's kind table: nodes, identifiers, literals
// and the primitive types are named, and so are the keywords a
// metavariable binds as it binds an expression (this, super, null,
// true, false).
func kindTable() []grammars.KindInfo { return kit.KindTable(kindNames[:], named) }

// named reports whether kind k carries a name.
func named(k grammars.Kind) bool {
	switch {
	case k >= numTokens, k >= tIdent && k <= tAsterisk && k != tWord:
		return true
	}
	switch k {
	case kwThis, kwSuper, kwNull, kwTrue, kwFalse:
		return true
	}
	return false
}

// keywords maps a reserved word's text to its kind; null's kind is
// named null_literal, as tree-sitter-java names it.
var keywords = kit.WordsOf(func() map[string]grammars.Kind {
	m := kit.Keywords(kindNames[:], firstKeyword, lastKeyword)
	delete(m, "null_literal")
	m["null"] = kwNull
	return m
}())
