package javascript

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Token kinds come first. The leaves the parser makes of other tokens
// with LeafAs (a keyword used as a property name, an identifier used as
// a type) are token kinds too, so that they are leaves of the tree.
const (
	tEOF grammars.Kind = iota
	tIllegal
	tIdent
	tPrivateName // #x
	tNumber
	tString
	tRegex
	tTemplateChars // the text of a template literal between its delimiters
	tJSXText

	tPropIdent  // a property name: a.b, {b: 1}, class { b() {} }
	tTypeIdent  // a type's name
	tLabel      // a statement label
	tPredefType // any, number, string, void, …
	tThisType   // this, as a type
	tImport     // import in import(…) and import.meta

	// punctuation
	tLBrace    // {
	tRBrace    // }
	tLParen    // (
	tRParen    // )
	tLBrack    // [
	tRBrack    // ]
	tSemi      // ;
	tComma     // ,
	tDot       // .
	tEllipsis  // ...
	tQDot      // ?.
	tQuestion  // ?
	tColon     // :
	tAssign    // =
	tArrow     // =>
	tAt        // @
	tPlus      // +
	tMinus     // -
	tStar      // *
	tSlash     // /
	tPercent   // %
	tStarStar  // **
	tInc       // ++
	tDec       // --
	tShl       // <<
	tShr       // >>
	tUShr      // >>>
	tLT        // <
	tGT        // >
	tLE        // <=
	tGE        // >=
	tEq        // ==
	tNe        // !=
	tEqq       // ===
	tNeq       // !==
	tAmp       // &
	tPipe      // |
	tCaret     // ^
	tTilde     // ~
	tBang      // !
	tAndAnd    // &&
	tOrOr      // ||
	tQQ        // ??
	tPlusAs    // +=
	tMinusAs   // -=
	tStarAs    // *=
	tSlashAs   // /=
	tPercentAs // %=
	tPowAs     // **=
	tShlAs     // <<=
	tShrAs     // >>=
	tUShrAs    // >>>=
	tAmpAs     // &=
	tPipeAs    // |=
	tCaretAs   // ^=
	tAndAndAs  // &&=
	tOrOrAs    // ||=
	tQQAs      // ??=

	// Delimiters read in a mode of their own: the lexer reads what follows
	// them as template text or JSX children.
	tBacktick       // ` opening a template
	tBacktickEnd    // ` closing it
	tDollarBrace    // ${
	tTemplateRBrace // } closing a substitution
	tJSXGT          // > after which JSX children follow
	tJSXRBrace      // } closing an expression among JSX children

	// Reserved words.
	kwBreak
	kwCase
	kwCatch
	kwClass
	kwConst
	kwContinue
	kwDebugger
	kwDefault
	kwDelete
	kwDo
	kwElse
	kwEnum
	kwExport
	kwExtends
	kwFalse
	kwFinally
	kwFor
	kwFunction
	kwIf
	kwImportKw
	kwIn
	kwInstanceof
	kwNew
	kwNull
	kwReturn
	kwSuper
	kwSwitch
	kwThis
	kwThrow
	kwTrue
	kwTry
	kwTypeof
	kwVar
	kwVoid
	kwWhile
	kwWith

	// Contextual keywords: identifiers wherever the grammar does not give
	// them a meaning.
	kwAbstract
	kwAccessor
	kwAs
	kwAssert
	kwAsserts
	kwAsync
	kwAwait
	kwDeclare
	kwFrom
	kwGet
	kwGlobal
	kwImplements
	kwInfer
	kwInterface
	kwIs
	kwKeyof
	kwLet
	kwModule
	kwNamespace
	kwOf
	kwOut
	kwOverride
	kwPackage
	kwPrivate
	kwProtected
	kwPublic
	kwReadonly
	kwSatisfies
	kwSet
	kwStatic
	kwType
	kwUnique
	kwUsing
	kwYield

	numTokens
)

const (
	firstKeyword    = kwBreak
	firstContextual = kwAbstract
	lastKeyword     = kwYield
)

// Production kinds.
const (
	nProgram grammars.Kind = numTokens + iota
	nError

	// statements
	nStatementBlock
	nEmptyStatement
	nLexicalDeclaration
	nVariableDeclaration
	nVariableDeclarator
	nIfStatement
	nElseClause
	nForStatement
	nForInStatement
	nWhileStatement
	nDoStatement
	nTryStatement
	nCatchClause
	nFinallyClause
	nSwitchStatement
	nSwitchBody
	nSwitchCase
	nSwitchDefault
	nReturnStatement
	nThrowStatement
	nBreakStatement
	nContinueStatement
	nLabeledStatement
	nDebuggerStatement
	nWithStatement

	// functions and classes
	nFunctionDeclaration
	nFunctionExpression
	nFunctionSignature
	nArrowFunction
	nFormalParameters
	nRequiredParameter
	nOptionalParameter
	nAssignmentPattern
	nRestPattern
	nObjectPattern
	nArrayPattern
	nPairPattern
	nClassDeclaration
	nClass
	nClassBody
	nExtendsClause
	nImplementsClause
	nMethodDefinition
	nMethodSignature
	nFieldDefinition
	nClassStaticBlock
	nDecorator
	nIndexSignature

	// modules
	nImportStatement
	nImportClause
	nNamespaceImport
	nNamedImports
	nImportSpecifier
	nImportAttribute
	nImportAlias
	nExportStatement
	nExportClause
	nExportSpecifier
	nNamespaceExport

	// expressions
	nSequenceExpression
	nAssignmentExpression
	nAugmentedAssignmentExpression
	nTernaryExpression
	nBinaryExpression
	nUnaryExpression
	nUpdateExpression
	nAwaitExpression
	nYieldExpression
	nCallExpression
	nNewExpression
	nMemberExpression
	nSubscriptExpression
	nArguments
	nParenthesizedExpression
	nArray
	nObject
	nPair
	nSpreadElement
	nComputedPropertyName
	nTemplateString
	nTemplateSubstitution
	nMetaProperty
	nAsExpression
	nSatisfiesExpression
	nNonNullExpression
	nTypeAssertion
	nInstantiationExpression

	// TypeScript types and declarations
	nTypeAnnotation
	nTypeArguments
	nTypeParameters
	nTypeParameter
	nGenericType
	nNestedTypeIdentifier
	nUnionType
	nIntersectionType
	nFunctionType
	nConstructorType
	nArrayType
	nTupleType
	nNamedTupleMember
	nOptionalType
	nRestType
	nParenthesizedType
	nObjectType
	nPropertySignature
	nCallSignature
	nConstructSignature
	nMappedType
	nLiteralType
	nTemplateLiteralType
	nTemplateType
	nIndexedAccessType
	nIndexTypeQuery
	nTypeQuery
	nReadonlyType
	nUniqueType
	nConditionalType
	nInferType
	nImportType
	nTypePredicate
	nInterfaceDeclaration
	nInterfaceBody
	nExtendsTypeClause
	nTypeAliasDeclaration
	nEnumDeclaration
	nEnumBody
	nEnumAssignment
	nInternalModule
	nModule
	nAmbientDeclaration
	nNestedIdentifier

	// JSX
	nJSXElement
	nJSXSelfClosingElement
	nJSXOpeningElement
	nJSXClosingElement
	nJSXAttribute
	nJSXExpression
	nJSXNamespaceName

	numKinds
)

var kindNames = [numKinds]string{
	tEOF: "EOF", tIllegal: "ILLEGAL", tIdent: "identifier", tPrivateName: "private_property_identifier",
	tNumber: "number", tString: "string", tRegex: "regex", tTemplateChars: "string_fragment",
	tJSXText: "jsx_text", tPropIdent: "property_identifier", tTypeIdent: "type_identifier",
	tLabel: "statement_identifier", tPredefType: "predefined_type", tThisType: "this_type", tImport: "import",

	tLBrace: "{", tRBrace: "}", tLParen: "(", tRParen: ")", tLBrack: "[", tRBrack: "]", tSemi: ";",
	tComma: ",", tDot: ".", tEllipsis: "...", tQDot: "?.", tQuestion: "?", tColon: ":", tAssign: "=",
	tArrow: "=>", tAt: "@", tPlus: "+", tMinus: "-", tStar: "*", tSlash: "/", tPercent: "%",
	tStarStar: "**", tInc: "++", tDec: "--", tShl: "<<", tShr: ">>", tUShr: ">>>", tLT: "<", tGT: ">",
	tLE: "<=", tGE: ">=", tEq: "==", tNe: "!=", tEqq: "===", tNeq: "!==", tAmp: "&", tPipe: "|",
	tCaret: "^", tTilde: "~", tBang: "!", tAndAnd: "&&", tOrOr: "||", tQQ: "??", tPlusAs: "+=",
	tMinusAs: "-=", tStarAs: "*=", tSlashAs: "/=", tPercentAs: "%=", tPowAs: "**=", tShlAs: "<<=",
	tShrAs: ">>=", tUShrAs: ">>>=", tAmpAs: "&=", tPipeAs: "|=", tCaretAs: "^=", tAndAndAs: "&&=",
	tOrOrAs: "||=", tQQAs: "??=",

	tBacktick: "`", tBacktickEnd: "`", tDollarBrace: "${", tTemplateRBrace: "}", tJSXGT: ">", tJSXRBrace: "}",

	kwBreak: "break", kwCase: "case", kwCatch: "catch", kwClass: "class", kwConst: "const",
	kwContinue: "continue", kwDebugger: "debugger", kwDefault: "default", kwDelete: "delete", kwDo: "do",
	kwElse: "else", kwEnum: "enum", kwExport: "export", kwExtends: "extends", kwFalse: "false",
	kwFinally: "finally", kwFor: "for", kwFunction: "function", kwIf: "if", kwImportKw: "import",
	kwIn: "in", kwInstanceof: "instanceof", kwNew: "new", kwNull: "null", kwReturn: "return",
	kwSuper: "super", kwSwitch: "switch", kwThis: "this", kwThrow: "throw", kwTrue: "true", kwTry: "try",
	kwTypeof: "typeof", kwVar: "var", kwVoid: "void", kwWhile: "while", kwWith: "with",

	kwAbstract: "abstract", kwAccessor: "accessor", kwAs: "as", kwAssert: "assert", kwAsserts: "asserts", kwAsync: "async",
	kwAwait: "await", kwDeclare: "declare", kwFrom: "from", kwGet: "get", kwGlobal: "global",
	kwImplements: "implements", kwInfer: "infer", kwInterface: "interface", kwIs: "is", kwKeyof: "keyof",
	kwLet: "let", kwModule: "module", kwNamespace: "namespace", kwOf: "of", kwOut: "out",
	kwOverride: "override", kwPackage: "package", kwPrivate: "private", kwProtected: "protected",
	kwPublic: "public", kwReadonly: "readonly", kwSatisfies: "satisfies", kwSet: "set", kwStatic: "static",
	kwType: "type", kwUnique: "unique", kwUsing: "using", kwYield: "yield",

	nProgram: "program", nError: "ERROR",

	nStatementBlock: "statement_block", nEmptyStatement: "empty_statement",
	nLexicalDeclaration: "lexical_declaration", nVariableDeclaration: "variable_declaration",
	nVariableDeclarator: "variable_declarator", nIfStatement: "if_statement", nElseClause: "else_clause",
	nForStatement: "for_statement", nForInStatement: "for_in_statement", nWhileStatement: "while_statement",
	nDoStatement: "do_statement", nTryStatement: "try_statement", nCatchClause: "catch_clause",
	nFinallyClause: "finally_clause", nSwitchStatement: "switch_statement", nSwitchBody: "switch_body",
	nSwitchCase: "switch_case", nSwitchDefault: "switch_default", nReturnStatement: "return_statement",
	nThrowStatement: "throw_statement", nBreakStatement: "break_statement",
	nContinueStatement: "continue_statement", nLabeledStatement: "labeled_statement",
	nDebuggerStatement: "debugger_statement", nWithStatement: "with_statement",

	nFunctionDeclaration: "function_declaration", nFunctionExpression: "function_expression",
	nFunctionSignature: "function_signature", nArrowFunction: "arrow_function",
	nFormalParameters: "formal_parameters", nRequiredParameter: "required_parameter",
	nOptionalParameter: "optional_parameter", nAssignmentPattern: "assignment_pattern",
	nRestPattern: "rest_pattern", nObjectPattern: "object_pattern", nArrayPattern: "array_pattern",
	nPairPattern: "pair_pattern", nClassDeclaration: "class_declaration", nClass: "class",
	nClassBody: "class_body", nExtendsClause: "extends_clause", nImplementsClause: "implements_clause",
	nMethodDefinition: "method_definition", nMethodSignature: "method_signature",
	nFieldDefinition: "field_definition", nClassStaticBlock: "class_static_block", nDecorator: "decorator",
	nIndexSignature: "index_signature",

	nImportStatement: "import_statement", nImportClause: "import_clause", nNamespaceImport: "namespace_import",
	nNamedImports: "named_imports", nImportSpecifier: "import_specifier", nImportAttribute: "import_attribute",
	nImportAlias: "import_alias", nExportStatement: "export_statement", nExportClause: "export_clause",
	nExportSpecifier: "export_specifier", nNamespaceExport: "namespace_export",

	nSequenceExpression: "sequence_expression", nAssignmentExpression: "assignment_expression",
	nAugmentedAssignmentExpression: "augmented_assignment_expression", nTernaryExpression: "ternary_expression",
	nBinaryExpression: "binary_expression", nUnaryExpression: "unary_expression",
	nUpdateExpression: "update_expression", nAwaitExpression: "await_expression",
	nYieldExpression: "yield_expression", nCallExpression: "call_expression", nNewExpression: "new_expression",
	nMemberExpression: "member_expression", nSubscriptExpression: "subscript_expression",
	nArguments: "arguments", nParenthesizedExpression: "parenthesized_expression", nArray: "array",
	nObject: "object", nPair: "pair", nSpreadElement: "spread_element",
	nComputedPropertyName: "computed_property_name", nTemplateString: "template_string",
	nTemplateSubstitution: "template_substitution", nMetaProperty: "meta_property",
	nAsExpression: "as_expression", nSatisfiesExpression: "satisfies_expression",
	nNonNullExpression: "non_null_expression", nTypeAssertion: "type_assertion",
	nInstantiationExpression: "instantiation_expression",

	nTypeAnnotation: "type_annotation", nTypeArguments: "type_arguments", nTypeParameters: "type_parameters",
	nTypeParameter: "type_parameter", nGenericType: "generic_type", nNestedTypeIdentifier: "nested_type_identifier",
	nUnionType: "union_type", nIntersectionType: "intersection_type", nFunctionType: "function_type",
	nConstructorType: "constructor_type", nArrayType: "array_type", nTupleType: "tuple_type",
	nNamedTupleMember: "named_tuple_member", nOptionalType: "optional_type", nRestType: "rest_type",
	nParenthesizedType: "parenthesized_type", nObjectType: "object_type",
	nPropertySignature: "property_signature", nCallSignature: "call_signature",
	nConstructSignature: "construct_signature", nMappedType: "mapped_type", nLiteralType: "literal_type",
	nTemplateLiteralType: "template_literal_type", nTemplateType: "template_type",
	nIndexedAccessType: "indexed_access_type", nIndexTypeQuery: "index_type_query", nTypeQuery: "type_query",
	nReadonlyType: "readonly_type", nUniqueType: "unique_type", nConditionalType: "conditional_type",
	nInferType: "infer_type", nImportType: "import_type", nTypePredicate: "type_predicate",
	nInterfaceDeclaration: "interface_declaration", nInterfaceBody: "interface_body",
	nExtendsTypeClause: "extends_type_clause", nTypeAliasDeclaration: "type_alias_declaration",
	nEnumDeclaration: "enum_declaration", nEnumBody: "enum_body", nEnumAssignment: "enum_assignment",
	nInternalModule: "internal_module", nModule: "module", nAmbientDeclaration: "ambient_declaration",
	nNestedIdentifier: "nested_identifier",

	nJSXElement: "jsx_element", nJSXSelfClosingElement: "jsx_self_closing_element",
	nJSXOpeningElement: "jsx_opening_element", nJSXClosingElement: "jsx_closing_element",
	nJSXAttribute: "jsx_attribute", nJSXExpression: "jsx_expression", nJSXNamespaceName: "jsx_namespace_name",
}

// kindTable is the language's kind table: productions, identifiers and
// literals are named, and so are the keywords that are values (this,
// super, true, false, null), which a metavariable matches as it matches
// an identifier.
func kindTable() []grammars.KindInfo {
	return kit.KindTable(kindNames[:], func(k grammars.Kind) bool {
		switch k {
		case kwThis, kwSuper, kwTrue, kwFalse, kwNull:
			return true
		}
		return k >= numTokens || k >= tIdent && k <= tImport
	})
}

// keywordTable holds the keywords by length and first letter, for
// keyword, which is called on every identifier and so does no hashing.
var keywordTable = func() (t [11][26][]grammars.Kind) {
	for k := firstKeyword; k <= lastKeyword; k++ {
		name := kindNames[k]
		t[len(name)][name[0]-'a'] = append(t[len(name)][name[0]-'a'], k)
	}
	return t
}()

// keyword returns the kind of the keyword s, or tIdent; s starts with a
// lower-case letter.
func keyword(s string) grammars.Kind {
	if len(s) < 2 || len(s) >= len(keywordTable) {
		return tIdent
	}
	for _, k := range keywordTable[len(s)][s[0]-'a'] {
		if kindNames[k] == s {
			return k
		}
	}
	return tIdent
}

// isKeyword reports whether k is a keyword, reserved or contextual.
func isKeyword(k grammars.Kind) bool { return k >= firstKeyword && k <= lastKeyword }

// isIdentName reports whether k can be an IdentifierName: a property
// name after a dot or in an object, where every keyword is allowed.
func isIdentName(k grammars.Kind) bool { return k == tIdent || isKeyword(k) }

// isIdent reports whether k can be an identifier: an identifier, or a
// contextual keyword.
func isIdent(k grammars.Kind) bool { return k == tIdent || k >= firstContextual && k <= lastKeyword }
