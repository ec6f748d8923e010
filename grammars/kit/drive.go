package kit

import (
	"fmt"
	"unsafe"

	"github.com/agenttools/agenttools/grammars"
)

// MaxFileSize is the largest file a grammar parses unless its Language
// says otherwise. A tree holds about seven bytes per byte of source and
// parsing allocates about twelve, so a larger file (in practice a
// generated table or bundle) is refused with an error instead of taking
// gigabytes.
const MaxFileSize = 32 << 20

// The parse driver: what every grammar does around its productions.
// A grammar's parse function is
//
//	if t := kit.Refuse(l, src, nError, nRoot); t != nil {
//		return t
//	}
//	lx := newLexer(kit.Text(src), pattern)
//	b := grammars.NewBuilder(len(src))
//	errs := newParser(lx, b).file()
//	return kit.Finish(l, src, b, nRoot, lx.Trivia, lx.Errs, errs)
//
// and kit.Bind makes Parse, ParsePattern and Lex of it.

// Refuse returns the tree of a file larger than l.MaxSize (0: no limit):
// one error node of kind errKind under a root of kind root,
// and an error that says why. It returns nil for a file it takes.
func Refuse(l *grammars.Language, src []byte, errKind, root grammars.Kind) *grammars.Tree {
	limit := l.MaxSize
	if limit == 0 || int64(len(src)) <= limit {
		return nil
	}
	msg := fmt.Sprintf("file is %.1f MB; the %s grammar parses files up to %d MB", float64(len(src))/(1<<20), l.DisplayName(), limit>>20)
	return grammars.Refused(l, src, errKind, root, msg)
}

// Text returns src as a string without copying it. The parse only reads
// it, and src is not changed while the tree is built.
func Text(src []byte) string { return unsafe.String(unsafe.SliceData(src), len(src)) }

// Finish closes the builder's nodes under a root of kind root and returns
// the tree, with its trivia and its errors: the lexer's first, since
// where the lexer and the parser report one at the same place (an
// unexpected character) the lexer's says more, then the parser's, sorted
// by position.
func Finish(l *grammars.Language, src []byte, b *grammars.Builder, root grammars.Kind, trivia []grammars.Span, lexErrs, errs grammars.ErrorList) *grammars.Tree {
	t := &grammars.Tree{Lang: l, Src: src}
	b.Finish(t, root)
	t.Trivia = trivia
	t.Errors = append(lexErrs, errs...)
	t.Errors.Sort()
	return t
}

// A ParseFunc parses a file or, with pattern set, a pattern; with record
// set it also returns the tokens its lexer read, trivia left out, for
// Language.Lex.
type ParseFunc func(src []byte, pattern, record bool) (*grammars.Tree, []grammars.Token)

// Bind sets l's Parse, ParsePattern and Lex from one parse function.
func Bind(l *grammars.Language, parse ParseFunc) {
	l.Parse = func(src []byte) (*grammars.Tree, error) {
		t, _ := parse(src, false, false)
		return t, nil
	}
	l.ParsePattern = func(src []byte) (*grammars.Tree, error) {
		t, _ := parse(src, true, false)
		return t, nil
	}
	l.Lex = func(src []byte, pattern bool) []grammars.Token {
		_, toks := parse(src, pattern, true)
		return toks
	}
}
