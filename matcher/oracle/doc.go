// Package oracle holds the tests that compare the matcher's match sets
// with what each language's own parser says a pattern matches: go/ast,
// python3's ast, TypeScript's compiler, rustc's AST dump, clang's and
// ast-grep's. It has no code of its own; its tests need those peers.
package oracle
