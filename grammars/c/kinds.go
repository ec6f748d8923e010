package c

import (
	"maps"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Token kinds come first; the leaves the parser makes of other tokens
// with LeafAs are token kinds too.
const (
	tEOF grammars.Kind = iota
	tIllegal
	tIdent
	tNumber
	tChar   // 'a', L'a', u8'a'
	tString // "a", L"a", u8"a"
	tHeader // <stdio.h> in an #include

	tTypeIdent  // a typedef's name where it is a type
	tFieldIdent // a member's name after . or ->, and in a struct
	tLabel      // a statement label, a goto's target

	// The preprocessor: the # that starts a directive line, the
	// directive's name, and the synthetic end of its line.
	tDirective
	tDirectiveName
	tDirectiveEnd
	tPPArg // a #define's body, or a directive's text, as one token

	// punctuation
	tLBrace
	tRBrace
	tLParen
	tRParen
	tLBrack
	tRBrack
	tSemi
	tComma
	tDot
	tEllipsis
	tArrow
	tColon
	tQuestion
	tHash     // # in a macro's body
	tHashHash // ##
	tAssign
	tEq
	tNe
	tLT
	tLE
	tGT
	tGE
	tShl
	tShr
	tPlus
	tMinus
	tStar
	tSlash
	tPercent
	tAmp
	tPipe
	tCaret
	tTilde
	tNot
	tAndAnd
	tOrOr
	tInc
	tDec
	tPlusEq
	tMinusEq
	tStarEq
	tSlashEq
	tPercentEq
	tAmpEq
	tPipeEq
	tCaretEq
	tShlEq
	tShrEq

	// keywords
	kwAuto
	kwBreak
	kwCase
	kwChar
	kwConst
	kwContinue
	kwDefault
	kwDo
	kwDouble
	kwElse
	kwEnum
	kwExtern
	kwFloat
	kwFor
	kwGoto
	kwIf
	kwInline
	kwInt
	kwLong
	kwRegister
	kwRestrict
	kwReturn
	kwShort
	kwSigned
	kwSizeof
	kwStatic
	kwStruct
	kwSwitch
	kwTypedef
	kwUnion
	kwUnsigned
	kwVoid
	kwVolatile
	kwWhile
	kwAlignas
	kwAlignof
	kwAtomic
	kwBool
	kwComplex
	kwGeneric
	kwImaginary
	kwNoreturn
	kwStaticAssert
	kwThreadLocal
	kwAttribute // __attribute__, __attribute
	kwExtension // __extension__
	kwAsm       // asm, __asm__, __asm
	kwTypeof    // typeof, __typeof__, __typeof
	kwBuiltinVaArg
	kwBuiltinOffsetof
	kwLabel    // __label__
	kwAutoType // __auto_type
	kwDeclspec // __declspec
	kwReal     // __real__, __real: GNU's real part of a complex
	kwImag     // __imag__, __imag
	kwInt128   // __int128

	// C++'s tokens: its punctuation, then its keywords, which are words
	// in C.
	tColonColon
	tDotStar
	tArrowStar
	tSpaceship
	tRawString     // R"x(…)x", with its prefix
	tLiteralSuffix // a user-defined literal's suffix: 1.5_km, "s"sv
	tNamespaceIdent
	kwBoolCxx
	kwWcharT
	kwChar8T
	kwChar16T
	kwChar32T
	kwClass
	kwNamespace
	kwTemplate
	kwTypename
	kwPublic
	kwPrivate
	kwProtected
	kwVirtual
	kwExplicit
	kwFriend
	kwOperator
	kwNew
	kwDelete
	kwThis
	kwTrue
	kwFalse
	kwNullptr
	kwUsing
	kwTry
	kwCatch
	kwThrow
	kwConstexpr
	kwConsteval
	kwConstinit
	kwDecltype
	kwNoexcept
	kwMutable
	kwConcept
	kwRequires
	kwCoAwait
	kwCoYield
	kwCoReturn

	numTokens
)

const (
	firstCxxKeyword = kwBoolCxx
	lastCxxKeyword  = kwCoReturn
)

const (
	firstKeyword = kwAuto
	lastKeyword  = kwInt128
)

// Node kinds.
const (
	nTranslationUnit grammars.Kind = numTokens + iota
	nError

	// the preprocessor
	nPreprocInclude
	nPreprocDef         // #define NAME body
	nPreprocFunctionDef // #define NAME(a, b) body
	nPreprocParams
	nPreprocCall // #undef, #pragma, #error, #line, #warning, and the rest
	nPreprocIf   // #if, #ifdef, #ifndef … #endif, with its branches
	nPreprocElif
	nPreprocElse
	nPreprocDirective // a conditional's line: #if X, #else, #endif

	// declarations
	nFunctionDefinition
	nDeclaration
	nTypeDefinition
	nInitDeclarator
	nPointerDeclarator
	nFunctionDeclarator
	nArrayDeclarator
	nParenthesizedDeclarator
	nParameterList
	nParameterDeclaration
	nKRParameters // the declarations of an old-style definition's parameters
	nStructSpecifier
	nUnionSpecifier
	nEnumSpecifier
	nFieldDeclarationList
	nFieldDeclaration
	nBitfieldClause
	nEnumeratorList
	nEnumerator
	nTypeDescriptor
	nAbstractPointerDeclarator
	nAbstractFunctionDeclarator
	nAbstractArrayDeclarator
	nSizedTypeSpecifier // unsigned long int
	nTypeofSpecifier
	nMacroTypeSpecifier // API(int): a macro around a declaration's type
	nAttributeSpecifier
	nAsmStatement
	nStaticAssert
	nLinkageSpecification // extern "C" { … }, in headers for C++
	nMacroCall            // FOO(x) where a statement or a declaration stands

	// statements
	nCompoundStatement
	nExpressionStatement
	nIfStatement
	nElseClause
	nWhileStatement
	nDoStatement
	nForStatement
	nReturnStatement
	nBreakStatement
	nContinueStatement
	nGotoStatement
	nSwitchStatement
	nCaseStatement
	nLabeledStatement
	nEmptyStatement

	// expressions
	nCommaExpression
	nAssignmentExpression
	nConditionalExpression
	nBinaryExpression
	nUnaryExpression
	nPointerExpression // *p, &x
	nUpdateExpression
	nCastExpression
	nSizeofExpression
	nAlignofExpression
	nOffsetofExpression
	nVaArgExpression
	nCallExpression
	nArgumentList
	nSubscriptExpression
	nFieldExpression
	nParenthesizedExpression
	nCompoundLiteral
	nStatementExpression
	nGenericExpression
	nGenericAssociation
	nInitializerList
	nInitializerPair
	nFieldDesignator
	nSubscriptDesignator
	nConcatenatedString

	// C++'s nodes, as tree-sitter-cpp names them.
	nNamespaceDefinition
	nNamespaceAliasDefinition
	nNestedNamespaceSpecifier
	nDeclarationList
	nUsingDeclaration
	nAliasDeclaration
	nClassSpecifier
	nBaseClassClause
	nAccessSpecifier
	nTemplateDeclaration
	nTemplateInstantiation
	nTemplateParameterList
	nTypeParameterDeclaration
	nOptionalTypeParameterDeclaration
	nVariadicTypeParameterDeclaration
	nTemplateTemplateParameterDeclaration
	nOptionalParameterDeclaration
	nVariadicParameterDeclaration
	nVariadicDeclarator
	nTemplateType
	nTemplateFunction
	nTemplateMethod
	nTemplateArgumentList
	nQualifiedIdentifier
	nDestructorName
	nOperatorName
	nOperatorCast
	nReferenceDeclarator
	nAbstractReferenceDeclarator
	nFieldInitializerList
	nFieldInitializer
	nDefaultMethodClause
	nDeleteMethodClause
	nPureVirtualClause
	nFriendDeclaration
	nConceptDefinition
	nRequiresClause
	nRequiresExpression
	nRequirementSeq
	nSimpleRequirement
	nCompoundRequirement
	nTypeRequirement
	nLambdaExpression
	nLambdaCaptureSpecifier
	nLambdaDefaultCapture
	nLambdaCaptureInitializer
	nNewExpression
	nNewDeclarator
	nDeleteExpression
	nThrowStatement
	nTryStatement
	nCatchClause
	nCoReturnStatement
	nCoYieldStatement
	nCoAwaitExpression
	nFoldExpression
	nParameterPackExpansion
	nDecltype
	nPlaceholderTypeSpecifier
	nDependentType
	nDependentName
	nStructuredBindingDeclarator
	nForRangeLoop
	nUserDefinedLiteral
	nTrailingReturnType
	nNoexcept
	nThrowSpecifier
	nVirtualSpecifier
	nExplicitFunctionSpecifier
	nRefQualifier
	nAttributeDeclaration
	nAttribute
	nAttributedStatement
	nModuleDeclaration
	nImportDeclaration
	nExportDeclaration
	nModuleName
	nConstraintConjunction
	nConstraintDisjunction

	numKinds
)

// kindNames are the kinds' names: a token's is its text, or a name for
// those whose text varies.
var kindNames = [numKinds]string{
	tEOF: "end of file", tIllegal: "illegal", tIdent: "identifier", tNumber: "number_literal",
	tChar: "char_literal", tString: "string_literal", tHeader: "system_lib_string",
	tTypeIdent: "type_identifier", tFieldIdent: "field_identifier", tLabel: "statement_identifier",
	tDirective: "#", tDirectiveName: "preproc_directive", tDirectiveEnd: "end of directive", tPPArg: "preproc_arg",

	tLBrace: "{", tRBrace: "}", tLParen: "(", tRParen: ")", tLBrack: "[", tRBrack: "]", tSemi: ";", tComma: ",",
	tDot: ".", tEllipsis: "...", tArrow: "->", tColon: ":", tQuestion: "?", tHash: "#", tHashHash: "##",
	tAssign: "=", tEq: "==", tNe: "!=", tLT: "<", tLE: "<=", tGT: ">", tGE: ">=", tShl: "<<", tShr: ">>",
	tPlus: "+", tMinus: "-", tStar: "*", tSlash: "/", tPercent: "%", tAmp: "&", tPipe: "|", tCaret: "^",
	tTilde: "~", tNot: "!", tAndAnd: "&&", tOrOr: "||", tInc: "++", tDec: "--", tPlusEq: "+=", tMinusEq: "-=",
	tStarEq: "*=", tSlashEq: "/=", tPercentEq: "%=", tAmpEq: "&=", tPipeEq: "|=", tCaretEq: "^=",
	tShlEq: "<<=", tShrEq: ">>=",

	kwAuto: "auto", kwBreak: "break", kwCase: "case", kwChar: "char", kwConst: "const", kwContinue: "continue",
	kwDefault: "default", kwDo: "do", kwDouble: "double", kwElse: "else", kwEnum: "enum", kwExtern: "extern",
	kwFloat: "float", kwFor: "for", kwGoto: "goto", kwIf: "if", kwInline: "inline", kwInt: "int", kwLong: "long",
	kwRegister: "register", kwRestrict: "restrict", kwReturn: "return", kwShort: "short", kwSigned: "signed",
	kwSizeof: "sizeof", kwStatic: "static", kwStruct: "struct", kwSwitch: "switch", kwTypedef: "typedef",
	kwUnion: "union", kwUnsigned: "unsigned", kwVoid: "void", kwVolatile: "volatile", kwWhile: "while",
	kwAlignas: "_Alignas", kwAlignof: "_Alignof", kwAtomic: "_Atomic", kwBool: "_Bool", kwComplex: "_Complex",
	kwGeneric: "_Generic", kwImaginary: "_Imaginary", kwNoreturn: "_Noreturn", kwStaticAssert: "_Static_assert",
	kwThreadLocal: "_Thread_local", kwAttribute: "__attribute__", kwExtension: "__extension__", kwAsm: "asm",
	kwTypeof: "typeof", kwBuiltinVaArg: "__builtin_va_arg", kwBuiltinOffsetof: "__builtin_offsetof",
	kwLabel: "__label__", kwAutoType: "__auto_type", kwDeclspec: "__declspec",
	kwReal: "__real__", kwImag: "__imag__", kwInt128: "__int128",

	nTranslationUnit: "translation_unit", nError: "ERROR",
	nPreprocInclude: "preproc_include", nPreprocDef: "preproc_def", nPreprocFunctionDef: "preproc_function_def",
	nPreprocParams: "preproc_params", nPreprocCall: "preproc_call", nPreprocIf: "preproc_if",
	nPreprocElif: "preproc_elif", nPreprocElse: "preproc_else", nPreprocDirective: "preproc_line",

	nFunctionDefinition: "function_definition", nDeclaration: "declaration", nTypeDefinition: "type_definition",
	nInitDeclarator: "init_declarator", nPointerDeclarator: "pointer_declarator",
	nFunctionDeclarator: "function_declarator", nArrayDeclarator: "array_declarator",
	nParenthesizedDeclarator: "parenthesized_declarator", nParameterList: "parameter_list",
	nParameterDeclaration: "parameter_declaration", nKRParameters: "kr_parameter_declarations",
	nStructSpecifier: "struct_specifier", nUnionSpecifier: "union_specifier", nEnumSpecifier: "enum_specifier",
	nFieldDeclarationList: "field_declaration_list", nFieldDeclaration: "field_declaration",
	nBitfieldClause: "bitfield_clause", nEnumeratorList: "enumerator_list", nEnumerator: "enumerator",
	nTypeDescriptor: "type_descriptor", nAbstractPointerDeclarator: "abstract_pointer_declarator",
	nAbstractFunctionDeclarator: "abstract_function_declarator", nAbstractArrayDeclarator: "abstract_array_declarator",
	nSizedTypeSpecifier: "sized_type_specifier", nTypeofSpecifier: "typeof_specifier", nMacroTypeSpecifier: "macro_type_specifier",
	nAttributeSpecifier: "attribute_specifier", nAsmStatement: "gnu_asm_expression", nStaticAssert: "static_assert_declaration",
	nLinkageSpecification: "linkage_specification", nMacroCall: "macro_call",

	nCompoundStatement: "compound_statement", nExpressionStatement: "expression_statement",
	nIfStatement: "if_statement", nElseClause: "else_clause", nWhileStatement: "while_statement",
	nDoStatement: "do_statement", nForStatement: "for_statement", nReturnStatement: "return_statement",
	nBreakStatement: "break_statement", nContinueStatement: "continue_statement", nGotoStatement: "goto_statement",
	nSwitchStatement: "switch_statement", nCaseStatement: "case_statement", nLabeledStatement: "labeled_statement",
	nEmptyStatement: "empty_statement",

	nCommaExpression: "comma_expression", nAssignmentExpression: "assignment_expression",
	nConditionalExpression: "conditional_expression", nBinaryExpression: "binary_expression",
	nUnaryExpression: "unary_expression", nPointerExpression: "pointer_expression",
	nUpdateExpression: "update_expression", nCastExpression: "cast_expression", nSizeofExpression: "sizeof_expression",
	nAlignofExpression: "alignof_expression", nOffsetofExpression: "offsetof_expression",
	nVaArgExpression: "va_arg_expression", nCallExpression: "call_expression", nArgumentList: "argument_list",
	nSubscriptExpression: "subscript_expression", nFieldExpression: "field_expression",
	nParenthesizedExpression: "parenthesized_expression", nCompoundLiteral: "compound_literal_expression",
	nStatementExpression: "statement_expression", nGenericExpression: "generic_expression",
	nGenericAssociation: "generic_association", nInitializerList: "initializer_list",
	nInitializerPair: "initializer_pair", nFieldDesignator: "field_designator",
	nSubscriptDesignator: "subscript_designator", nConcatenatedString: "concatenated_string",

	tColonColon: "::", tDotStar: ".*", tArrowStar: "->*", tSpaceship: "<=>", tRawString: "raw_string_literal",
	tLiteralSuffix: "literal_suffix", tNamespaceIdent: "namespace_identifier",
	kwBoolCxx: "bool", kwWcharT: "wchar_t", kwChar8T: "char8_t", kwChar16T: "char16_t", kwChar32T: "char32_t",
	kwClass: "class", kwNamespace: "namespace", kwTemplate: "template", kwTypename: "typename", kwPublic: "public",
	kwPrivate: "private", kwProtected: "protected", kwVirtual: "virtual", kwExplicit: "explicit", kwFriend: "friend",
	kwOperator: "operator", kwNew: "new", kwDelete: "delete", kwThis: "this", kwTrue: "true", kwFalse: "false",
	kwNullptr: "nullptr", kwUsing: "using", kwTry: "try", kwCatch: "catch", kwThrow: "throw",
	kwConstexpr: "constexpr", kwConsteval: "consteval", kwConstinit: "constinit", kwDecltype: "decltype",
	kwNoexcept: "noexcept", kwMutable: "mutable", kwConcept: "concept", kwRequires: "requires",
	kwCoAwait: "co_await", kwCoYield: "co_yield", kwCoReturn: "co_return",

	nNamespaceDefinition: "namespace_definition", nNamespaceAliasDefinition: "namespace_alias_definition",
	nNestedNamespaceSpecifier: "nested_namespace_specifier", nDeclarationList: "declaration_list",
	nUsingDeclaration: "using_declaration", nAliasDeclaration: "alias_declaration",
	nClassSpecifier: "class_specifier", nBaseClassClause: "base_class_clause", nAccessSpecifier: "access_specifier",
	nTemplateDeclaration: "template_declaration", nTemplateInstantiation: "template_instantiation",
	nTemplateParameterList: "template_parameter_list", nTypeParameterDeclaration: "type_parameter_declaration",
	nOptionalTypeParameterDeclaration:     "optional_type_parameter_declaration",
	nVariadicTypeParameterDeclaration:     "variadic_type_parameter_declaration",
	nTemplateTemplateParameterDeclaration: "template_template_parameter_declaration",
	nOptionalParameterDeclaration:         "optional_parameter_declaration",
	nVariadicParameterDeclaration:         "variadic_parameter_declaration", nVariadicDeclarator: "variadic_declarator",
	nTemplateType: "template_type", nTemplateFunction: "template_function", nTemplateMethod: "template_method",
	nTemplateArgumentList: "template_argument_list", nQualifiedIdentifier: "qualified_identifier",
	nDestructorName: "destructor_name", nOperatorName: "operator_name", nOperatorCast: "operator_cast",
	nReferenceDeclarator: "reference_declarator", nAbstractReferenceDeclarator: "abstract_reference_declarator",
	nFieldInitializerList: "field_initializer_list", nFieldInitializer: "field_initializer",
	nDefaultMethodClause: "default_method_clause", nDeleteMethodClause: "delete_method_clause",
	nPureVirtualClause: "pure_virtual_clause", nFriendDeclaration: "friend_declaration",
	nConceptDefinition: "concept_definition", nRequiresClause: "requires_clause",
	nRequiresExpression: "requires_expression", nRequirementSeq: "requirement_seq",
	nSimpleRequirement: "simple_requirement", nCompoundRequirement: "compound_requirement",
	nTypeRequirement: "type_requirement", nLambdaExpression: "lambda_expression",
	nLambdaCaptureSpecifier: "lambda_capture_specifier", nLambdaDefaultCapture: "lambda_default_capture",
	nLambdaCaptureInitializer: "lambda_capture_initializer", nNewExpression: "new_expression",
	nNewDeclarator: "new_declarator", nDeleteExpression: "delete_expression", nThrowStatement: "throw_statement",
	nTryStatement: "try_statement", nCatchClause: "catch_clause", nCoReturnStatement: "co_return_statement",
	nCoYieldStatement: "co_yield_statement", nCoAwaitExpression: "co_await_expression",
	nFoldExpression: "fold_expression", nParameterPackExpansion: "parameter_pack_expansion", nDecltype: "decltype",
	nPlaceholderTypeSpecifier: "placeholder_type_specifier", nDependentType: "dependent_type",
	nDependentName: "dependent_name", nStructuredBindingDeclarator: "structured_binding_declarator",
	nForRangeLoop: "for_range_loop", nUserDefinedLiteral: "user_defined_literal",
	nTrailingReturnType: "trailing_return_type", nNoexcept: "noexcept", nThrowSpecifier: "throw_specifier",
	nVirtualSpecifier: "virtual_specifier", nExplicitFunctionSpecifier: "explicit_function_specifier",
	nRefQualifier: "ref_qualifier", nAttributeDeclaration: "attribute_declaration", nAttribute: "attribute",
	nAttributedStatement: "attributed_statement", nModuleDeclaration: "module_declaration",
	nImportDeclaration: "import_declaration", nExportDeclaration: "export_declaration", nModuleName: "module_name",
	nConstraintConjunction: "constraint_conjunction", nConstraintDisjunction: "constraint_disjunction",
}

// named reports whether kind k is named: a node, a name, a literal, a
// directive's name or text, or a primitive type's keyword, which $T
// binds.
func named(k grammars.Kind) bool {
	switch k {
	case tPPArg, tDirectiveName,
		kwChar, kwInt, kwLong, kwShort, kwFloat, kwDouble, kwVoid, kwBool, kwSigned, kwUnsigned, kwComplex, kwInt128,
		tRawString, tLiteralSuffix, tNamespaceIdent, kwBoolCxx, kwWcharT, kwChar8T, kwChar16T, kwChar32T,
		kwThis, kwTrue, kwFalse, kwNullptr:
		return true
	}
	return k >= numTokens || k >= tIdent && k <= tLabel
}

// namedCxx is named for C++, where auto is a type, as $T binds it.
func namedCxx(k grammars.Kind) bool { return k == kwAuto || named(k) }

// keywords maps a keyword's text, and the GNU spellings of some, to its
// kind.
var keywords = func() *kit.Words {
	m := kit.Keywords(kindNames[:], firstKeyword, lastKeyword)
	maps.Copy(m, gnuWords())
	return kit.WordsOf(m)
}()

// gnuWords are GNU's spellings of keywords, C's and C++'s both.
func gnuWords() map[string]grammars.Kind {
	return map[string]grammars.Kind{
		"__attribute": kwAttribute, "__asm__": kwAsm, "__asm": kwAsm, "__typeof__": kwTypeof, "__typeof": kwTypeof,
		"__inline": kwInline, "__inline__": kwInline, "__restrict": kwRestrict, "__restrict__": kwRestrict,
		"__volatile__": kwVolatile, "__volatile": kwVolatile, "__const": kwConst, "__const__": kwConst,
		"__signed__": kwSigned, "__signed": kwSigned, "__thread": kwThreadLocal, "_Alignof": kwAlignof,
		"__alignof__": kwAlignof, "__alignof": kwAlignof, "__complex__": kwComplex, "__extension": kwExtension,
		"__real": kwReal, "__imag": kwImag,
	}
}

// cxxKeywords are C++'s: C's, but for C's own spellings of words C++ has
// (restrict, _Bool), and C++'s, bool, static_assert, thread_local,
// alignas and alignof among them. final, override, import and module
// are names, keywords only where they stand.
var cxxKeywords = func() *kit.Words {
	m := kit.Keywords(kindNames[:], firstKeyword, lastKeyword)
	delete(m, "restrict")
	maps.Copy(m, kit.Keywords(kindNames[:], firstCxxKeyword, lastCxxKeyword))
	maps.Copy(m, gnuWords())
	maps.Copy(m, map[string]grammars.Kind{
		"static_assert": kwStaticAssert, "thread_local": kwThreadLocal, "alignas": kwAlignas, "alignof": kwAlignof,
		"__decltype": kwDecltype, "__nullptr": kwNullptr,
		"__try": kwTry, "__catch": kwCatch, // libstdc++'s, try and catch where exceptions are on
		// the alternative spellings of operators
		"and": tAndAnd, "or": tOrOr, "not": tNot, "not_eq": tNe, "bitand": tAmp, "bitor": tPipe, "xor": tCaret,
		"compl": tTilde, "and_eq": tAmpEq, "or_eq": tPipeEq, "xor_eq": tCaretEq,
	})
	delete(m, "typeof") // a name in C++; __typeof__ is GNU's
	return kit.WordsOf(m)
}()
