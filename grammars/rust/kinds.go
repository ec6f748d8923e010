package rust

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
	tLifetime // 'a, and a loop label
	tInt
	tFloat
	tChar   // 'x', b'x'
	tString // "…", r#"…"#, b"…", br"…", c"…", cr"…"

	tFieldIdent // a field's or method's name: a.b, S { b: 1 }
	tTypeIdent  // a type's name
	tMetaIdent  // a macro's or attribute's path segment

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
	tDotDot    // ..
	tDotDotDot // ...
	tDotDotEq  // ..=
	tColon     // :
	tPathSep   // ::
	tArrow     // ->
	tFatArrow  // =>
	tPound     // #
	tDollar    // $
	tQuestion  // ?
	tAt        // @
	tUnderscore
	tAssign // =
	tEq     // ==
	tNe     // !=
	tLT     // <, always alone: the parser joins << and <= from adjacent ones
	tGT     // >, always alone, for the same reason
	tPlus   // +
	tMinus  // -
	tStar   // *
	tSlash  // /
	tPercent
	tCaret // ^
	tNot   // !
	tAnd   // &
	tOr    // |
	tPlusEq
	tMinusEq
	tStarEq
	tSlashEq
	tPercentEq
	tCaretEq
	tAndEq
	tOrEq
	tTilde // ~, reserved

	// keywords: strict, then reserved
	kwAs
	kwAsync
	kwAwait
	kwBreak
	kwConst
	kwContinue
	kwCrate
	kwDyn
	kwElse
	kwEnum
	kwExtern
	kwFalse
	kwFn
	kwFor
	kwIf
	kwImpl
	kwIn
	kwLet
	kwLoop
	kwMatch
	kwMod
	kwMove
	kwMut
	kwPub
	kwRef
	kwReturn
	kwSelfValue // self
	kwSelfType  // Self
	kwStatic
	kwStruct
	kwSuper
	kwTrait
	kwTrue
	kwType
	kwUnsafe
	kwUse
	kwWhere
	kwWhile
	kwAbstract
	kwBecome
	kwBox
	kwDo
	kwFinal
	kwMacro
	kwOverride
	kwPriv
	kwTry
	kwTypeof
	kwUnsized
	kwVirtual
	kwYield

	numTokens
)

const (
	firstKeyword = kwAs
	lastKeyword  = kwYield
)

// Node kinds.
const (
	nSourceFile grammars.Kind = numTokens + iota
	nError

	// items
	nAttributeItem      // #[…]
	nInnerAttributeItem // #![…]
	nAttribute          // the path and its arguments inside #[…]
	nVisibility         // pub, pub(crate), pub(in path)
	nFunctionItem
	nFunctionSignature // a function with no body, in a trait or an extern block
	nFunctionModifiers // const async unsafe extern "C"
	nParameters
	nParameter
	nSelfParameter
	nVariadicParameter
	nStructItem
	nUnionItem
	nEnumItem
	nEnumVariantList
	nEnumVariant
	nFieldDeclarationList // { a: T, … }
	nFieldDeclaration
	nOrderedFieldDeclarationList // ( T, … )
	nTraitItem
	nImplItem
	nDeclarationList // the { … } of an impl, a trait, a module, an extern block
	nModItem
	nForeignModItem // extern "C" { … }
	nExternCrate
	nUseDeclaration
	nUseList
	nUseAsClause
	nUseWildcard
	nScopedUseList
	nConstItem
	nStaticItem
	nTypeItem
	nAssociatedType
	nMacroDefinition // macro_rules! m { … }
	nMacroRule
	nTypeParameters
	nTypeParameter
	nConstParameter
	nLifetimeParameter
	nWhereClause
	nWherePredicate
	nTraitBounds
	nHigherRankedBound // for<'a> …
	nLifetime
	nLabel

	// statements
	nBlock
	nLetDeclaration
	nLetElse
	nExpressionStatement
	nEmptyStatement

	// expressions
	nPath // a::b, <T as U>::c, Vec::<T>::new
	nPathSegment
	nQualifiedPath // <T as Trait>
	nGenericArgs   // ::<…> in an expression, <…> in a type
	nTypeBinding   // Item = T, in generic arguments
	nCallExpression
	nMethodCallExpression
	nArguments
	nFieldExpression
	nIndexExpression
	nTryExpression
	nAwaitExpression
	nBinaryExpression
	nUnaryExpression
	nReferenceExpression
	nRawReference // &raw const x
	nCastExpression
	nAssignmentExpression
	nCompoundAssignment
	nRangeExpression
	nParenthesizedExpression
	nTupleExpression
	nUnitExpression
	nArrayExpression
	nStructExpression
	nFieldInitializerList
	nFieldInitializer
	nShorthandFieldInitializer
	nBaseFieldInitializer
	nClosureExpression
	nClosureParameters
	nIfExpression
	nElseClause
	nLetCondition
	nMatchExpression
	nMatchBlock
	nMatchArm
	nMatchGuard
	nWhileExpression
	nLoopExpression
	nForExpression
	nBreakExpression
	nContinueExpression
	nReturnExpression
	nYieldExpression
	nBecomeExpression
	nYeetExpression // do yeet e
	nUnsafeBlock
	nAsyncBlock
	nConstBlock
	nTryBlock
	nGenBlock
	nMacroInvocation
	nTokenTree
	nMacroArguments  // a macro's arguments parsed as expressions
	nMacroStatements // a macro's arguments parsed as statements

	// patterns
	nIdentifierPattern // ref mut x @ p
	nTuplePattern
	nTupleStructPattern
	nStructPattern
	nFieldPattern
	nSlicePattern
	nOrPattern
	nRangePattern
	nReferencePattern
	nRestPattern
	nWildcardPattern
	nLiteralPattern // -1
	nPathPattern
	nParenthesizedPattern
	nBoxPattern

	// types
	nGenericType
	nScopedType // a::B, <T as U>::Out, in a type
	nReferenceType
	nPointerType
	nArrayType
	nSliceType
	nTupleType
	nUnitType
	nNeverType
	nFunctionType
	nDynType
	nImplType
	nBoundedType // a trait object with several bounds, written bare
	nInferType   // _
	nParenthesizedType
	nMacroType
	nUnsafeBinderType // unsafe<'a> T

	numKinds
)

var kindNames = [numKinds]string{
	tEOF: "EOF", tIllegal: "ILLEGAL", tIdent: "identifier", tLifetime: "lifetime_token",
	tInt: "integer_literal", tFloat: "float_literal", tChar: "char_literal", tString: "string_literal",
	tFieldIdent: "field_identifier", tTypeIdent: "type_identifier", tMetaIdent: "meta_identifier",

	tLBrace: "{", tRBrace: "}", tLParen: "(", tRParen: ")", tLBrack: "[", tRBrack: "]",
	tSemi: ";", tComma: ",", tDot: ".", tDotDot: "..", tDotDotDot: "...", tDotDotEq: "..=",
	tColon: ":", tPathSep: "::", tArrow: "->", tFatArrow: "=>", tPound: "#", tDollar: "$",
	tQuestion: "?", tAt: "@", tUnderscore: "_", tAssign: "=", tEq: "==", tNe: "!=",
	tLT: "<", tGT: ">", tPlus: "+", tMinus: "-", tStar: "*", tSlash: "/", tPercent: "%",
	tCaret: "^", tNot: "!", tAnd: "&", tOr: "|",
	tPlusEq: "+=", tMinusEq: "-=", tStarEq: "*=", tSlashEq: "/=", tPercentEq: "%=",
	tCaretEq: "^=", tAndEq: "&=", tOrEq: "|=", tTilde: "~",

	kwAs: "as", kwAsync: "async", kwAwait: "await", kwBreak: "break", kwConst: "const",
	kwContinue: "continue", kwCrate: "crate", kwDyn: "dyn", kwElse: "else", kwEnum: "enum",
	kwExtern: "extern", kwFalse: "false", kwFn: "fn", kwFor: "for", kwIf: "if", kwImpl: "impl",
	kwIn: "in", kwLet: "let", kwLoop: "loop", kwMatch: "match", kwMod: "mod", kwMove: "move",
	kwMut: "mut", kwPub: "pub", kwRef: "ref", kwReturn: "return", kwSelfValue: "self",
	kwSelfType: "Self", kwStatic: "static", kwStruct: "struct", kwSuper: "super", kwTrait: "trait",
	kwTrue: "true", kwType: "type", kwUnsafe: "unsafe", kwUse: "use", kwWhere: "where",
	kwWhile: "while", kwAbstract: "abstract", kwBecome: "become", kwBox: "box", kwDo: "do",
	kwFinal: "final", kwMacro: "macro", kwOverride: "override", kwPriv: "priv", kwTry: "try",
	kwTypeof: "typeof", kwUnsized: "unsized", kwVirtual: "virtual", kwYield: "yield",

	nSourceFile: "source_file", nError: "ERROR",
	nAttributeItem: "attribute_item", nInnerAttributeItem: "inner_attribute_item", nAttribute: "attribute",
	nVisibility: "visibility_modifier", nFunctionItem: "function_item", nFunctionSignature: "function_signature_item",
	nFunctionModifiers: "function_modifiers", nParameters: "parameters", nParameter: "parameter",
	nSelfParameter: "self_parameter", nVariadicParameter: "variadic_parameter",
	nStructItem: "struct_item", nUnionItem: "union_item", nEnumItem: "enum_item",
	nEnumVariantList: "enum_variant_list", nEnumVariant: "enum_variant",
	nFieldDeclarationList: "field_declaration_list", nFieldDeclaration: "field_declaration",
	nOrderedFieldDeclarationList: "ordered_field_declaration_list",
	nTraitItem:                   "trait_item", nImplItem: "impl_item", nDeclarationList: "declaration_list",
	nModItem: "mod_item", nForeignModItem: "foreign_mod_item", nExternCrate: "extern_crate_declaration",
	nUseDeclaration: "use_declaration", nUseList: "use_list", nUseAsClause: "use_as_clause",
	nUseWildcard: "use_wildcard", nScopedUseList: "scoped_use_list",
	nConstItem: "const_item", nStaticItem: "static_item", nTypeItem: "type_item",
	nAssociatedType: "associated_type", nMacroDefinition: "macro_definition", nMacroRule: "macro_rule",
	nTypeParameters: "type_parameters", nTypeParameter: "type_parameter", nConstParameter: "const_parameter",
	nLifetimeParameter: "lifetime_parameter", nWhereClause: "where_clause", nWherePredicate: "where_predicate",
	nTraitBounds: "trait_bounds", nHigherRankedBound: "higher_ranked_trait_bound", nLifetime: "lifetime",
	nLabel: "label",

	nBlock: "block", nLetDeclaration: "let_declaration", nLetElse: "let_else",
	nExpressionStatement: "expression_statement", nEmptyStatement: "empty_statement",

	nPath: "path", nPathSegment: "path_segment", nQualifiedPath: "qualified_path",
	nGenericArgs: "type_arguments", nTypeBinding: "type_binding",
	nCallExpression: "call_expression", nMethodCallExpression: "method_call_expression",
	nArguments: "arguments", nFieldExpression: "field_expression", nIndexExpression: "index_expression",
	nTryExpression: "try_expression", nAwaitExpression: "await_expression",
	nBinaryExpression: "binary_expression", nUnaryExpression: "unary_expression",
	nReferenceExpression: "reference_expression", nRawReference: "raw_reference_expression",
	nCastExpression: "type_cast_expression", nAssignmentExpression: "assignment_expression",
	nCompoundAssignment: "compound_assignment_expr", nRangeExpression: "range_expression",
	nParenthesizedExpression: "parenthesized_expression", nTupleExpression: "tuple_expression",
	nUnitExpression: "unit_expression", nArrayExpression: "array_expression",
	nStructExpression: "struct_expression", nFieldInitializerList: "field_initializer_list",
	nFieldInitializer: "field_initializer", nShorthandFieldInitializer: "shorthand_field_initializer",
	nBaseFieldInitializer: "base_field_initializer", nClosureExpression: "closure_expression",
	nClosureParameters: "closure_parameters", nIfExpression: "if_expression", nElseClause: "else_clause",
	nLetCondition: "let_condition", nMatchExpression: "match_expression", nMatchBlock: "match_block",
	nMatchArm: "match_arm", nMatchGuard: "match_guard", nWhileExpression: "while_expression",
	nLoopExpression: "loop_expression", nForExpression: "for_expression",
	nBreakExpression: "break_expression", nContinueExpression: "continue_expression",
	nReturnExpression: "return_expression", nYieldExpression: "yield_expression",
	nBecomeExpression: "become_expression", nYeetExpression: "yeet_expression", nUnsafeBlock: "unsafe_block", nAsyncBlock: "async_block",
	nConstBlock: "const_block", nTryBlock: "try_block", nGenBlock: "gen_block",
	nMacroInvocation: "macro_invocation", nTokenTree: "token_tree",
	nMacroArguments: "macro_arguments", nMacroStatements: "macro_statements",

	nIdentifierPattern: "identifier_pattern", nTuplePattern: "tuple_pattern",
	nTupleStructPattern: "tuple_struct_pattern", nStructPattern: "struct_pattern",
	nFieldPattern: "field_pattern", nSlicePattern: "slice_pattern", nOrPattern: "or_pattern",
	nRangePattern: "range_pattern", nReferencePattern: "reference_pattern", nRestPattern: "rest_pattern",
	nWildcardPattern: "wildcard_pattern", nLiteralPattern: "literal_pattern", nPathPattern: "path_pattern",
	nParenthesizedPattern: "parenthesized_pattern", nBoxPattern: "box_pattern",

	nGenericType: "generic_type", nScopedType: "scoped_type_identifier", nReferenceType: "reference_type", nPointerType: "pointer_type",
	nArrayType: "array_type", nSliceType: "slice_type", nTupleType: "tuple_type", nUnitType: "unit_type",
	nNeverType: "never_type", nFunctionType: "function_type", nDynType: "dynamic_type",
	nImplType: "abstract_type", nBoundedType: "bounded_type", nInferType: "infer_type",
	nParenthesizedType: "parenthesized_type", nMacroType: "macro_type", nUnsafeBinderType: "unsafe_binder_type",
}

// kindTable is the language's kind table.
func kindTable() []grammars.KindInfo { return kit.KindTable(kindNames[:], named) }

// named reports whether kind k is named: a node, a token that carries a
// name (identifiers, literals, lifetimes), or a keyword that is a value
// or a path's start (self, Self, crate, super, true, false). Punctuation
// and other keywords are not.
func named(k grammars.Kind) bool {
	switch k {
	case kwSelfValue, kwSelfType, kwCrate, kwSuper, kwTrue, kwFalse:
		return true
	}
	return k >= numTokens || k >= tIdent && k <= tMetaIdent
}

// keywords maps a keyword's text to its kind.
var keywords = kit.WordsOf(kit.Keywords(kindNames[:], firstKeyword, lastKeyword))
