// Package fuzz holds the native Go fuzz targets of the structural tools:
// the grammars, the pattern compiler, the matcher and the rewriter. It has
// no code of its own; the targets are in its tests, one per property and
// language:
//
//   - FuzzParseGo, FuzzParsePython: no input makes a grammar panic; every
//     node nests in its parent, in order; a tree without errors has as
//     leaves exactly the tokens its lexer cuts.
//   - FuzzCompileGo, FuzzCompilePython: any text compiles to a pattern or
//     to an error, never a panic.
//   - FuzzMatchGo, FuzzMatchPython: a pattern made from the text of a node
//     of a parsed file matches that node, and every match spells the
//     pattern, token by token, with its captures put in for the
//     metavariables: the matcher never reports a match that is not there.
//   - FuzzUnifyGo, FuzzUnifyPython: a metavariable used twice binds the
//     same tokens both times, and does whenever they are the same.
//   - FuzzRewriteGo, FuzzRewritePython: rewriting a pattern made from a
//     node with itself as the template leaves the file byte for byte as
//     it was; a rewrite of a clean file that no longer parses says so.
//
// Seeds come from the grammars' test files and real code; what the fuzzer
// finds is kept under testdata/fuzz and replayed by every go test run.
// While fuzzing, an input that takes more than a second fails: the fix for
// an exponential input is in the algorithm, not in the fuzzer.
//
//	make fuzz                  # every target for FUZZTIME (60s)
//	go test ./fuzz -run '^$' -fuzz '^FuzzMatchGo$' -fuzztime 5m
package fuzz
