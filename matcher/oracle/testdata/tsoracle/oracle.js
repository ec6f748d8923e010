// oracle.js is the oracle of matcher's JavaScript/TypeScript oracle test
// (matcher/tsoracle_test.go) and the reference parser of `toolsbench parse`
// for javascript, typescript and tsx: TypeScript's own parser, through its
// compiler API, says which files parse and where each pattern matches.
//
//	node oracle.js [TYPESCRIPT] < request.json > answer.json
//
// TYPESCRIPT is the typescript@6 package folder (or its lib/typescript.js);
// without it, require("typescript") resolves through NODE_PATH.
//
// The request is {"files": [absolute paths], "patterns": [{"name": N}, ...]}
// (a bare name string is accepted for a pattern too). The answer is
//
//	{"typescript": version,
//	 "parse_seconds": seconds spent in ts.createSourceFile,
//	 "files": [{"file", "ok", "bytes", "error"?}, ...],   // in request order
//	 "matches": {N: [[file, first line, last line, start, end], ...]}}
//
// A file is ok when ts.createSourceFile, with the script kind of its
// extension, reports no parse diagnostics; error is the first of them.
// Matches are searched in ok files only. A match's lines are 1-based: the
// line of the node's first token (node.getStart, comments and JSDoc
// skipped, decorators and modifiers included) and the line of its last
// character. start and end are the node's UTF-8 byte offsets (end
// exclusive) as the matcher's tree has them: where export, default or
// declare wrap a declaration the node starts after them, and a
// statement's ; is left out (the kind-rule test compares these).
// Unknown pattern names are an error (exit 2).
//
// Each predicate below says, on TypeScript's tree, which nodes the pattern
// written beside it in tsoracle_test.go matches under the semantics of
// DESIGN.md ("Patterns"): kinds agree and every child list matches whole,
// so a node with children the pattern does not have (type arguments, a
// return type, an extra modifier, a `?.`) is not a match; $X is one named
// node, $$$A a run, and a repeated metavariable captures the same tokens.
// Where the two trees are shaped differently the predicate follows the
// matcher's tree, which is shaped like tree-sitter's:
//
//   - An expression statement is its expression: foo($A) matches the call,
//     with the call's lines, whether or not a `;` follows.
//   - `export`, `export default` and `declare` wrap a declaration (as
//     export_statement and ambient_declaration do), so `interface $I {
//     $$$M }` matches the interface inside `export interface I {}`. TS
//     keeps them as modifiers, and node.getStart is at the modifier; it is
//     the same line in all real code.
//   - Decorators, `abstract`, `async`, `const` (of an enum) and access
//     modifiers are children of the declaration itself: a pattern without
//     them does not match.
//   - `as const` is the keyword const, not a type: $X as $T leaves it out.
//   - Every expression and every type is one named node, `this`, `super`,
//     `null`, keyword types like `string` and spread arguments included.
//   - A JSX element's attributes are its children, beside its name and
//     type arguments: <$T $$$A /> matches <C<X> a="1" /> too.
//   - A const declaration is a declaration wherever it is, a for loop's
//     initializer included.
//
// The predicates were checked against the ast-grep CLI (tree-sitter's
// TypeScript grammars) on the test's files: they agree wherever
// tree-sitter parses the code as TypeScript does.
"use strict";

const fs = require("fs");
const path = require("path");

const ts = loadTypeScript(process.argv[2]);
const K = ts.SyntaxKind;

function loadTypeScript(where) {
  if (!where) {
    return require("typescript");
  }
  let p = path.resolve(where);
  if (fs.existsSync(p) && fs.statSync(p).isDirectory()) {
    p = path.join(p, "lib", "typescript.js");
  }
  return require(p);
}

// scriptKind is the script kind of a file by its extension, as the brief
// of the test fixes it; anything else is parsed as TS.
function scriptKind(file) {
  switch (path.extname(file).toLowerCase()) {
    case ".tsx":
      return ts.ScriptKind.TSX;
    case ".js":
    case ".mjs":
    case ".cjs":
      return ts.ScriptKind.JS;
    case ".jsx":
      return ts.ScriptKind.JSX;
    default:
      return ts.ScriptKind.TS;
  }
}

// parse returns the file's source file and the seconds spent parsing it.
// JSDoc is not parsed: it is a comment to the matcher, and its errors are
// never parse diagnostics.
function parse(file, text) {
  const t = process.hrtime.bigint();
  const sf = ts.createSourceFile(
    file,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    true,
    scriptKind(file),
  );
  return [sf, Number(process.hrtime.bigint() - t) / 1e9];
}

function firstDiagnostic(sf) {
  const d = sf.parseDiagnostics[0];
  const { line, character } = sf.getLineAndCharacterOfPosition(d.start);
  return `${line + 1}:${character + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
}

// A Ctx is what a predicate may ask about the file its node is in.
class Ctx {
  constructor(sf) {
    this.sf = sf;
  }

  // text is a node's source, trivia before it left out.
  text(n) {
    return n.getText(this.sf);
  }

  // tokens lists the texts of a node's tokens, comments and whitespace
  // aside.
  tokens(n, out = []) {
    const kids = n.getChildren(this.sf);
    if (kids.length === 0) {
      const text = n.getText(this.sf);
      if (text !== "") {
        out.push(text);
      }
      return out;
    }
    for (const c of kids) {
      if (!ts.isJSDoc(c)) {
        this.tokens(c, out);
      }
    }
    return out;
  }

  // same reports whether a and b are the same tokens: what a repeated
  // metavariable must capture.
  same(a, b) {
    const ta = this.tokens(a);
    const tb = this.tokens(b);
    return ta.length === tb.length && ta.every((t, i) => t === tb[i]);
  }

  // startsWith reports whether the node's first token is s.
  startsWith(n, s) {
    return this.sf.text.startsWith(s, n.getStart(this.sf));
  }
}

// Helpers for the predicates.

function isIdent(n, name) {
  return n !== undefined && n.kind === K.Identifier && (name === undefined || n.text === name);
}

// modifierKinds lists a node's modifiers and decorators, by kind.
function modifierKinds(n) {
  return (n.modifiers || []).map((m) => m.kind);
}

// onlyModifiers reports whether every modifier of n is one of kinds (no
// decorators, unless K.Decorator is among them).
function onlyModifiers(n, ...kinds) {
  return modifierKinds(n).every((k) => kinds.includes(k));
}

// exactModifiers reports whether n's modifiers are exactly kinds, in order.
function exactModifiers(n, ...kinds) {
  const got = modifierKinds(n);
  return got.length === kinds.length && got.every((k, i) => k === kinds[i]);
}

function hasModifier(n, kind) {
  return modifierKinds(n).includes(kind);
}

// wrapped reports whether a declaration's modifiers are only those that
// wrap it in the matcher's tree: export, default and declare.
function wrapped(n) {
  return onlyModifiers(n, K.ExportKeyword, K.DefaultKeyword, K.DeclareKeyword);
}

// member reports whether n is the property access x.name (any x, or the
// identifier x), written with a dot, not ?. .
function member(n, x, name) {
  return (
    n.kind === K.PropertyAccessExpression &&
    !n.questionDotToken &&
    (name === undefined || n.name.text === name) &&
    (x === undefined || isIdent(n.expression, x))
  );
}

// plainCall reports whether n is a call with no type arguments and no ?.
// before its arguments, and nargs arguments when nargs is given.
function plainCall(n, nargs) {
  return (
    n.kind === K.CallExpression &&
    !n.typeArguments &&
    !n.questionDotToken &&
    (nargs === undefined || n.arguments.length === nargs)
  );
}

function binary(n, op) {
  return n.kind === K.BinaryExpression && n.operatorToken.kind === op;
}

function isBlock(n) {
  return n !== undefined && n.kind === K.Block;
}

// oneDecl returns the only declaration of a list with the given
// let/const flag (0: var), or undefined.
function oneDecl(list, flag) {
  if (list === undefined || list.kind !== K.VariableDeclarationList) {
    return undefined;
  }
  if ((list.flags & (ts.NodeFlags.BlockScoped | ts.NodeFlags.Using)) !== flag || list.declarations.length !== 1) {
    return undefined;
  }
  return list.declarations[0];
}

// plainBinding reports whether a variable declaration is a name (or a
// binding pattern) with no type and no `!`; init says whether it must have
// an initializer.
function plainBinding(d, init) {
  return d !== undefined && !d.type && !d.exclamationToken && !!d.initializer === init;
}

// parenParams reports whether a function-like node's parameters are in
// parentheses (an arrow function's may not be).
function parenParams(ctx, n) {
  const kids = n.getChildren(ctx.sf);
  return kids.some((c) => c.kind === K.OpenParenToken);
}

// plainFunction reports whether a function-like node has no type
// parameters, no return type and no `*`, and has a body.
function plainFunction(n) {
  return !n.typeParameters && !n.type && !n.asteriskToken && !n.questionToken && n.body !== undefined;
}

// importClause returns an import declaration's clause when it is a plain
// import (no modifiers, no attributes), of the given phase (undefined or
// K.TypeKeyword).
function importClause(n, phase) {
  if (n.kind !== K.ImportDeclaration || n.modifiers || n.attributes || !n.importClause) {
    return undefined;
  }
  const c = n.importClause;
  return c.phaseModifier === phase ? c : undefined;
}

function exportFrom(n) {
  return (
    n.kind === K.ExportDeclaration &&
    !n.modifiers &&
    !n.attributes &&
    !n.isTypeOnly &&
    n.moduleSpecifier !== undefined
  );
}

// isAssignmentTarget reports whether an array or object literal is the
// target of a destructuring assignment, which the matcher's tree makes a
// pattern, not a literal.
function isAssignmentTarget(n) {
  let c = n;
  let p = n.parent;
  for (;;) {
    switch (p.kind) {
      case K.ArrayLiteralExpression:
      case K.ObjectLiteralExpression:
      case K.SpreadElement:
      case K.SpreadAssignment:
      case K.ParenthesizedExpression:
        break;
      case K.PropertyAssignment:
        if (p.initializer !== c) {
          return false;
        }
        break;
      case K.BinaryExpression:
        return p.operatorToken.kind === K.EqualsToken && p.left === c;
      case K.ForOfStatement:
      case K.ForInStatement:
        return p.initializer === c;
      default:
        return false;
    }
    c = p;
    p = p.parent;
  }
}

// generic reports whether n is name with count type arguments: a type
// reference, or an expression with type arguments (an instantiation
// expression, or a class's heritage).
function generic(n, name, count) {
  const args = n.typeArguments;
  if (args === undefined || args.length !== count) return false;
  if (n.kind === K.TypeReference) return isIdent(n.typeName, name);
  if (n.kind === K.ExpressionWithTypeArguments) return isIdent(n.expression, name);
  return false;
}

function templateText(lit) {
  return lit.rawText !== undefined ? lit.rawText : lit.text;
}


// Helpers for the kind-rule predicates (kindrule_test.go's TypeScript
// cases), whose matches are compared by byte range.

// functionLike reports whether n is a node the kind rules call a
// function: function_declaration, function_expression, arrow_function,
// method_definition (methods, constructors and accessors alike).
function functionLike(n) {
  switch (n.kind) {
    case K.FunctionDeclaration:
    case K.FunctionExpression:
    case K.ArrowFunction:
    case K.MethodDeclaration:
    case K.Constructor:
    case K.GetAccessor:
    case K.SetAccessor:
      return true;
  }
  return false;
}

// below reports whether some node under n meets pred, not looking under
// a node that stop says ends the search.
function below(n, pred, stop = () => false) {
  let found = false;
  const visit = (c) => {
    if (found) return;
    if (pred(c)) {
      found = true;
      return;
    }
    if (!stop(c)) ts.forEachChild(c, visit);
  };
  ts.forEachChild(n, visit);
  return found;
}

// above reports whether some ancestor of n meets pred.
function above(n, pred) {
  for (let p = n.parent; p !== undefined; p = p.parent) {
    if (pred(p)) return true;
  }
  return false;
}

// statementSiblings returns the statement list n is in and its index
// there, or [undefined, -1]: the siblings precedes and follows see.
function statementSiblings(n) {
  const p = n.parent;
  if (p === undefined || p.statements === undefined) return [undefined, -1];
  return [p.statements, p.statements.indexOf(n)];
}

// argumentIndex is n's index among the arguments of the call or new that
// is its parent (a tagged template has none), or -1.
function argumentIndex(n) {
  const p = n.parent;
  if (p === undefined || (p.kind !== K.CallExpression && p.kind !== K.NewExpression) || !p.arguments) return -1;
  return p.arguments.indexOf(n);
}

// afterModifiers is the offset of the first token of n after its
// modifiers and decorators.
function afterModifiers(n, sf) {
  const mods = n.modifiers;
  if (!mods || mods.length === 0) return n.getStart(sf);
  return ts.skipTrivia(sf.text, mods[mods.length - 1].end);
}

// kindStart is where the matcher's node for n starts: export, default
// and declare wrap a declaration (export_statement, ambient_declaration),
// with the decorators written before them, so the declaration starts
// after the last of those; elsewhere it is TS's start.
function kindStart(n, sf) {
  if (n.kind !== K.FunctionDeclaration && n.kind !== K.ClassDeclaration) return n.getStart(sf);
  const mods = n.modifiers || [];
  let last = -1;
  mods.forEach((m, i) => {
    if (m.kind === K.ExportKeyword || m.kind === K.DefaultKeyword || m.kind === K.DeclareKeyword) last = i;
  });
  if (last < 0) return n.getStart(sf);
  if (last + 1 < mods.length) return mods[last + 1].getStart(sf);
  return ts.skipTrivia(sf.text, mods[last].end);
}

// A Bytes turns a file's UTF-16 offsets into UTF-8 byte offsets.
class Bytes {
  constructor(text, size) {
    this.prefix = undefined;
    if (size !== text.length) {
      this.prefix = new Int32Array(text.length + 1);
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        let w = 3;
        if (c < 0x80) w = 1;
        else if (c < 0x800) w = 2;
        else if (c >= 0xd800 && c < 0xdc00) w = 4; // with its low surrogate, which adds none
        else if (c >= 0xdc00 && c < 0xe000) w = 0;
        this.prefix[i + 1] = this.prefix[i] + w;
      }
    }
  }

  at(pos) {
    return this.prefix === undefined ? pos : this.prefix[pos];
  }
}

// predicates holds, by name, which nodes each pattern of the test
// matches; the comment on each is the pattern.
const predicates = {
  // Kind rules (kindrule_test.go), each under the rule it answers.
  // kind: function_declaration, has: {kind: return_statement, stopBy: end}
  krFuncReturns: (n) => n.kind === K.FunctionDeclaration && !!n.body && below(n.body, (c) => c.kind === K.ReturnStatement),
  // ... stopBy: any function-like kind
  krFuncReturnsOwn: (n) =>
    n.kind === K.FunctionDeclaration &&
    !!n.body &&
    below(n.body, (c) => c.kind === K.ReturnStatement, functionLike),
  // kind: if_statement, not: {has: {kind: else_clause}}
  krIfNoElse: (n) => n.kind === K.IfStatement && !n.elseStatement,
  // kind: call_expression, has: {kind: member_expression, nthChild: 1};
  // a tagged template is a call_expression to the matcher
  krMemberCall: (n) =>
    (n.kind === K.CallExpression && n.expression.kind === K.PropertyAccessExpression) ||
    (n.kind === K.TaggedTemplateExpression && n.tag.kind === K.PropertyAccessExpression),
  // kind: call_expression, has: {field: function, kind: member_expression}
  krMemberCallField: (n) =>
    (n.kind === K.CallExpression && n.expression.kind === K.PropertyAccessExpression) ||
    (n.kind === K.TaggedTemplateExpression && n.tag.kind === K.PropertyAccessExpression),
  // kind: if_statement, has: {field: alternative, has: {kind: if_statement}}
  krElseIf: (n) => n.kind === K.IfStatement && !!n.elseStatement && n.elseStatement.kind === K.IfStatement,
  // kind: for_statement, inside: {kind: arrow_function, stopBy: end}
  krForInArrow: (n) => n.kind === K.ForStatement && above(n, (p) => p.kind === K.ArrowFunction),
  // kind: string, inside: {kind: arguments}
  krStringArg: (n) => n.kind === K.StringLiteral && argumentIndex(n) >= 0,
  // kind: class_declaration with a method_definition named constructor
  krClassWithCtor: (n, ctx) =>
    n.kind === K.ClassDeclaration &&
    n.members.some(
      (m) => m.kind === K.Constructor && !!m.body && ctx.sf.text.startsWith("constructor", afterModifiers(m, ctx.sf)),
    ),
  // kind: arrow_function, inside: {kind: arrow_function, stopBy: end}
  krNestedArrow: (n) => n.kind === K.ArrowFunction && above(n, (p) => p.kind === K.ArrowFunction),
  // kind: identifier, nthChild: 2, inside: {kind: arguments}
  krSecondArgIdent: (n) => n.kind === K.Identifier && argumentIndex(n) === 1,
  // kind: return_statement, follows: {kind: if_statement, stopBy: end}
  krReturnAfterIf: (n) => {
    if (n.kind !== K.ReturnStatement) return false;
    const [list, i] = statementSiblings(n);
    return list !== undefined && list.slice(0, i).some((c) => c.kind === K.IfStatement);
  },
  // kind: if_statement, precedes: {kind: return_statement}
  krIfThenReturn: (n) => {
    if (n.kind !== K.IfStatement) return false;
    const [list, i] = statementSiblings(n);
    return list !== undefined && i + 1 < list.length && list[i + 1].kind === K.ReturnStatement;
  },
  // kind: method_definition, regex: '^async '
  krAsyncMethod: (n, ctx) => n.kind === K.MethodDeclaration && !!n.body && /^async\s/.test(ctx.text(n)),
  // kind: function_declaration, inside: {kind: export_statement}
  krExportedFunc: (n) => n.kind === K.FunctionDeclaration && !!n.body && hasModifier(n, K.ExportKeyword),

  // Calls.
  consoleLog: (n) => plainCall(n) && member(n.expression, "console", "log"), // console.log($$$A)
  consoleAny: (n) => plainCall(n) && member(n.expression, "console"), // console.$M($$$A)
  methodCall: (n) => plainCall(n) && member(n.expression), // $X.$Y($$$A)
  thenCall: (n) => plainCall(n) && member(n.expression, undefined, "then"), // $X.then($$$A)
  mapOneArg: (n) => plainCall(n, 1) && member(n.expression, undefined, "map"), // $X.map($F)
  objectKeys: (n) => plainCall(n, 1) && member(n.expression, "Object", "keys"), // Object.keys($X)
  requireCall: (n) => plainCall(n, 1) && isIdent(n.expression, "require"), // require($S)
  superCall: (n) => plainCall(n) && n.expression.kind === K.SuperKeyword, // super($$$A)
  genericCall: (n) =>
    // $F<$T>($$$A)
    n.kind === K.CallExpression && !n.questionDotToken && n.typeArguments !== undefined && n.typeArguments.length === 1,
  optionalCall: (n) => n.kind === K.CallExpression && !n.typeArguments && !!n.questionDotToken, // $F?.($$$A)
  newCall: (n) => n.kind === K.NewExpression && !n.typeArguments && n.arguments !== undefined, // new $C($$$A)
  throwNewError: (n) =>
    // throw new Error($$$A)
    n.kind === K.ThrowStatement &&
    n.expression.kind === K.NewExpression &&
    isIdent(n.expression.expression, "Error") &&
    !n.expression.typeArguments &&
    n.expression.arguments !== undefined,

  // Members and operators.
  optionalMember: (n) => n.kind === K.PropertyAccessExpression && !!n.questionDotToken, // $A?.$B
  nullish: (n) => binary(n, K.QuestionQuestionToken), // $A ?? $B
  sameStrictEq: (n, ctx) => binary(n, K.EqualsEqualsEqualsToken) && ctx.same(n.left, n.right), // $X === $X
  sameStrictNe: (n, ctx) => binary(n, K.ExclamationEqualsEqualsToken) && ctx.same(n.left, n.right), // $X !== $X
  lastElement: (n, ctx) =>
    // $A[$A.length - 1]
    n.kind === K.ElementAccessExpression &&
    !n.questionDotToken &&
    binary(n.argumentExpression, K.MinusToken) &&
    member(n.argumentExpression.left, undefined, "length") &&
    n.argumentExpression.right.kind === K.NumericLiteral &&
    ctx.text(n.argumentExpression.right) === "1" &&
    ctx.same(n.expression, n.argumentExpression.left.expression),
  sameNullishAssign: (n, ctx) =>
    // $X = $X ?? $Y
    binary(n, K.EqualsToken) && binary(n.right, K.QuestionQuestionToken) && ctx.same(n.left, n.right.left),
  typeofStrictEq: (n) => binary(n, K.EqualsEqualsEqualsToken) && n.left.kind === K.TypeOfExpression, // typeof $X === $S
  lengthZero: (n, ctx) =>
    // $X.length === 0
    binary(n, K.EqualsEqualsEqualsToken) &&
    member(n.left, undefined, "length") &&
    n.right.kind === K.NumericLiteral &&
    ctx.text(n.right) === "0",
  instanceOf: (n) => binary(n, K.InstanceOfKeyword), // $X instanceof $Y
  not: (n) => n.kind === K.PrefixUnaryExpression && n.operator === K.ExclamationToken, // !$X
  ternary: (n) => n.kind === K.ConditionalExpression, // $C ? $A : $B
  orAnd: (n) => binary(n, K.BarBarToken) && binary(n.right, K.AmpersandAmpersandToken), // $A || $B && $C
  await: (n) => n.kind === K.AwaitExpression, // await $X
  yieldStar: (n) => n.kind === K.YieldExpression && !!n.asteriskToken && n.expression !== undefined, // yield* $X
  deleteExpr: (n) => n.kind === K.DeleteExpression, // delete $X
  thisAssign: (n) => binary(n, K.EqualsToken) && member(n.left) && n.left.expression.kind === K.ThisKeyword, // this.$F = $V
  moduleExports: (n) => binary(n, K.EqualsToken) && member(n.left, "module", "exports"), // module.exports = $X
  spreadArray: (n) =>
    // [...$X]
    n.kind === K.ArrayLiteralExpression &&
    n.elements.length === 1 &&
    n.elements[0].kind === K.SpreadElement &&
    !isAssignmentTarget(n),

  // TypeScript expressions.
  asType: (n) => n.kind === K.AsExpression && !ts.isConstTypeReference(n.type), // $X as $T
  asConst: (n) => n.kind === K.AsExpression && ts.isConstTypeReference(n.type), // $X as const
  satisfies: (n) => n.kind === K.SatisfiesExpression, // $X satisfies $T
  promiseType: (n) => generic(n, "Promise", 1), // Promise<$T>
  mapType: (n) => generic(n, "Map", 2), // Map<$K, $V>
  nonNull: (n) => n.kind === K.NonNullExpression, // $X!

  // Functions.
  arrowParens: (n, ctx) =>
    // ($$$P) => $B
    n.kind === K.ArrowFunction && !n.modifiers && !n.typeParameters && !n.type && parenParams(ctx, n),
  asyncArrow: (n, ctx) =>
    // async ($$$P) => $B
    n.kind === K.ArrowFunction &&
    exactModifiers(n, K.AsyncKeyword) &&
    !n.typeParameters &&
    !n.type &&
    parenParams(ctx, n),
  functionDecl: (n) =>
    // function $F($$$P) { $$$B }
    n.kind === K.FunctionDeclaration && n.name !== undefined && plainFunction(n) && wrapped(n),
  asyncFunction: (n) =>
    // async function $F($$$P) { $$$B }
    n.kind === K.FunctionDeclaration &&
    n.name !== undefined &&
    plainFunction(n) &&
    hasModifier(n, K.AsyncKeyword) &&
    onlyModifiers(n, K.ExportKeyword, K.DefaultKeyword, K.AsyncKeyword),
  returnExpr: (n) => n.kind === K.ReturnStatement && n.expression !== undefined, // return $X

  // Classes and their members.
  classPlain: (n) =>
    // class $C { $$$B }
    n.kind === K.ClassDeclaration && n.name !== undefined && !n.typeParameters && !n.heritageClauses && wrapped(n),
  classExtends: (n) =>
    // class $C extends $B { $$$M }
    n.kind === K.ClassDeclaration &&
    n.name !== undefined &&
    !n.typeParameters &&
    wrapped(n) &&
    n.heritageClauses !== undefined &&
    n.heritageClauses.length === 1 &&
    n.heritageClauses[0].token === K.ExtendsKeyword &&
    n.heritageClauses[0].types.length === 1 &&
    !n.heritageClauses[0].types[0].typeArguments,
  constructor: (n, ctx) =>
    // constructor($$$P) { $$$B }: the keyword, not the string "constructor"
    (n.kind === K.Constructor && !n.modifiers && n.body !== undefined && ctx.startsWith(n, "constructor")) ||
    (n.kind === K.MethodDeclaration && isIdent(n.name, "constructor") && !n.modifiers && plainFunction(n)),
  getter: (n) =>
    // get $P() { $$$B }
    n.kind === K.GetAccessor && !n.modifiers && !n.type && !n.typeParameters && n.parameters.length === 0 && n.body !== undefined,
  asyncMethod: (n) =>
    // async $M($$$P) { $$$B }
    n.kind === K.MethodDeclaration && exactModifiers(n, K.AsyncKeyword) && plainFunction(n),
  privateProp: (n) =>
    // private $F: $T
    n.kind === K.PropertyDeclaration &&
    exactModifiers(n, K.PrivateKeyword) &&
    !n.questionToken &&
    !n.exclamationToken &&
    n.type !== undefined &&
    !n.initializer,

  // Statements.
  ifNoElseBlock: (n) => n.kind === K.IfStatement && !n.elseStatement && isBlock(n.thenStatement), // if ($C) { $$$B }
  ifElse: (n) => n.kind === K.IfStatement && !!n.elseStatement, // if ($C) $S else $T
  forConstOf: (n) =>
    // for (const $X of $Y) { $$$B }
    n.kind === K.ForOfStatement &&
    !n.awaitModifier &&
    plainBinding(oneDecl(n.initializer, ts.NodeFlags.Const), false) &&
    isBlock(n.statement),
  forConstIn: (n) =>
    // for (const $K in $O) { $$$B }
    n.kind === K.ForInStatement && plainBinding(oneDecl(n.initializer, ts.NodeFlags.Const), false) && isBlock(n.statement),
  forI: (n, ctx) => {
    // for (let $I = 0; $I < $N; $I++) { $$$B }
    if (n.kind !== K.ForStatement || !isBlock(n.statement) || !n.condition || !n.incrementor) {
      return false;
    }
    const d = oneDecl(n.initializer, ts.NodeFlags.Let);
    if (!plainBinding(d, true) || !isIdent(d.name) || d.initializer.kind !== K.NumericLiteral || ctx.text(d.initializer) !== "0") {
      return false;
    }
    const c = n.condition;
    const inc = n.incrementor;
    return (
      binary(c, K.LessThanToken) &&
      ctx.same(d.name, c.left) &&
      inc.kind === K.PostfixUnaryExpression &&
      inc.operator === K.PlusPlusToken &&
      ctx.same(d.name, inc.operand)
    );
  },
  whileBlock: (n) => n.kind === K.WhileStatement && isBlock(n.statement), // while ($C) { $$$B }
  switchStmt: (n) => n.kind === K.SwitchStatement, // switch ($X) { $$$C }
  tryCatch: (n) =>
    // try { $$$A } catch ($E) { $$$B }
    n.kind === K.TryStatement &&
    !n.finallyBlock &&
    n.catchClause !== undefined &&
    n.catchClause.variableDeclaration !== undefined &&
    plainBinding(n.catchClause.variableDeclaration, false),
  constDecl: (n) => {
    // const $X = $Y
    if (n.kind === K.VariableStatement) {
      return wrapped(n) && plainBinding(oneDecl(n.declarationList, ts.NodeFlags.Const), true);
    }
    // The initializer of a for loop is a declaration too.
    return (
      n.kind === K.VariableDeclarationList &&
      n.parent.kind === K.ForStatement &&
      n.parent.initializer === n &&
      plainBinding(oneDecl(n, ts.NodeFlags.Const), true)
    );
  },
  constRequire: (n) => {
    // const { $$$P } = require($S)
    if (n.kind !== K.VariableStatement || n.modifiers) {
      return false;
    }
    const d = oneDecl(n.declarationList, ts.NodeFlags.Const);
    return (
      plainBinding(d, true) &&
      d.name.kind === K.ObjectBindingPattern &&
      plainCall(d.initializer, 1) &&
      isIdent(d.initializer.expression, "require")
    );
  },
  declareVar: (n) => {
    // declare var $X: $T
    if (n.kind !== K.VariableStatement || !exactModifiers(n, K.DeclareKeyword)) {
      return false;
    }
    const d = oneDecl(n.declarationList, 0);
    return d !== undefined && isIdent(d.name) && d.type !== undefined && !d.initializer && !d.exclamationToken;
  },

  // Modules.
  importDefault: (n) => {
    // import $X from $S: $X is one named node, so it takes a default
    // name, * as ns or { a, b } alike, but not two of them.
    const c = importClause(n, undefined);
    // A clause of a default name and { … } is one import_clause node,
    // which $X takes whole (a production holding only a metavariable is
    // that metavariable).
    return c !== undefined && (c.name !== undefined || c.namedBindings !== undefined);
  },
  importNamespace: (n) => {
    // import * as $N from $S
    const c = importClause(n, undefined);
    return c !== undefined && !c.name && c.namedBindings !== undefined && c.namedBindings.kind === K.NamespaceImport;
  },
  importNamed: (n) => {
    // import { $$$N } from $S
    const c = importClause(n, undefined);
    return c !== undefined && !c.name && c.namedBindings !== undefined && c.namedBindings.kind === K.NamedImports;
  },
  importTypeNamed: (n) => {
    // import type { $$$N } from $S
    const c = importClause(n, K.TypeKeyword);
    return c !== undefined && !c.name && c.namedBindings !== undefined && c.namedBindings.kind === K.NamedImports;
  },
  exportNamedFrom: (n) => exportFrom(n) && n.exportClause !== undefined && n.exportClause.kind === K.NamedExports, // export { $$$E } from $S
  exportStar: (n) => exportFrom(n) && !n.exportClause, // export * from $S
  exportDefault: (n) => {
    // export default $X
    if (n.kind === K.ExportAssignment) {
      return !n.isExportEquals && !n.modifiers;
    }
    switch (n.kind) {
      case K.FunctionDeclaration:
      case K.ClassDeclaration:
      case K.InterfaceDeclaration:
        return (
          hasModifier(n, K.ExportKeyword) &&
          hasModifier(n, K.DefaultKeyword) &&
          !hasModifier(n, K.Decorator) &&
          !hasModifier(n, K.DeclareKeyword)
        );
    }
    return false;
  },

  // Type declarations and types.
  interfacePlain: (n) =>
    // interface $I { $$$M }
    n.kind === K.InterfaceDeclaration && !n.typeParameters && !n.heritageClauses && wrapped(n),
  typeAlias: (n) => n.kind === K.TypeAliasDeclaration && !n.typeParameters && wrapped(n), // type $T = $U
  enumPlain: (n) => n.kind === K.EnumDeclaration && wrapped(n), // enum $E { $$$M }
  keyofType: (n) => n.kind === K.TypeOperator && n.operator === K.KeyOfKeyword, // keyof $T
  arrayType: (n) => n.kind === K.ArrayType, // $T[]
  conditionalType: (n) => n.kind === K.ConditionalType, // $A extends $B ? $C : $D

  // Templates and JSX.
  templateOnlySubst: (n) =>
    // `${$X}`
    n.kind === K.TemplateExpression &&
    n.templateSpans.length === 1 &&
    templateText(n.head) === "" &&
    templateText(n.templateSpans[0].literal) === "",
  templateTwoSubst: (n) =>
    // `${$A}${$B}`
    n.kind === K.TemplateExpression &&
    n.templateSpans.length === 2 &&
    templateText(n.head) === "" &&
    n.templateSpans.every((s) => templateText(s.literal) === ""),
  stringCall: (n) => plainCall(n, 1) && isIdent(n.expression, "String"), // String($X)
  // <$T $$$A />: type arguments are siblings of the attributes, so $$$A
  // takes them too.
  jsxSelfClosing: (n) => n.kind === K.JsxSelfClosingElement,
};

function main() {
  const req = JSON.parse(fs.readFileSync(0, "utf8"));
  const names = (req.patterns || []).map((p) => (typeof p === "string" ? p : p.name));
  const unknown = names.filter((name) => !Object.prototype.hasOwnProperty.call(predicates, name));
  if (unknown.length > 0) {
    process.stderr.write(`oracle.js: unknown patterns: ${unknown.join(", ")}; known: ${Object.keys(predicates).join(", ")}\n`);
    process.exit(2);
  }
  const preds = names.map((name) => predicates[name]);
  const matches = {};
  for (const name of names) {
    matches[name] = [];
  }
  const files = [];
  let parseSeconds = 0;
  for (const file of req.files) {
    const raw = fs.readFileSync(file);
    const [sf, secs] = parse(file, raw.toString("utf8"));
    parseSeconds += secs;
    const ok = sf.parseDiagnostics.length === 0;
    const rec = { file, ok, bytes: raw.length };
    if (!ok) {
      rec.error = firstDiagnostic(sf);
    }
    files.push(rec);
    if (!ok || preds.length === 0) {
      continue;
    }
    const ctx = new Ctx(sf);
    const bytes = new Bytes(sf.text, raw.length);
    const line = (pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;
    const visit = (n) => {
      for (let i = 0; i < preds.length; i++) {
        if (preds[i](n, ctx)) {
          const start = n.getStart(sf);
          // A statement's ; is no leaf of our tree (a terminator is a line
          // break), so its last line is that of what stands before the ;.
          let end = n.end > start ? n.end - 1 : start;
          if (end > start && sf.text[end] === ";") {
            end--;
            while (end > start && /\s/.test(sf.text[end])) end--;
          }
          matches[names[i]].push([file, line(start), line(end), bytes.at(kindStart(n, sf)), bytes.at(end + 1)]);
        }
      }
      ts.forEachChild(n, visit);
    };
    ts.forEachChild(sf, visit);
  }
  process.stdout.write(JSON.stringify({ typescript: ts.version, parse_seconds: parseSeconds, files, matches }));
}

main();
