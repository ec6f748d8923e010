package gramtest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
)

// What the grammars' tests share besides: a clean parse's top-level
// items, the benchmark's files, and what a corpus
// test reports of a failure.

// Tops returns the top-level items of src, which must parse cleanly, as
// S-expressions.
func Tops(t testing.TB, l *grammars.Language, src string) []string {
	t.Helper()
	tree := MustParse(t, l, src)
	var out []string
	for _, c := range tree.Children(tree.Root) {
		out = append(out, tree.Sexp(c))
	}
	return out
}

// BenchFiles returns the files a parse benchmark reads: the fixtures
// glob matches, or the files the environment variable env names (a
// comma-separated list, or @FILE for a file that lists them a line
// each).
func BenchFiles(b *testing.B, glob, env string) []string {
	list := os.Getenv(env)
	switch {
	case strings.HasPrefix(list, "@"):
		text, err := os.ReadFile(list[1:])
		if err != nil {
			b.Fatal(err)
		}
		return strings.Fields(string(text))
	case list != "":
		return strings.Split(list, ",")
	}
	files, _ := filepath.Glob(glob)
	return files
}

// Corpus tests.

// FirstParseError parses src with l and returns the tree and its first
// error, nil when it parses cleanly; a panic is an error too, with no
// tree.
func FirstParseError(l *grammars.Language, src []byte) (tree *grammars.Tree, first *grammars.Error) {
	defer func() {
		if r := recover(); r != nil {
			tree, first = nil, &grammars.Error{Line: 1, Column: 1, Msg: fmt.Sprintf("panic: %v", r)}
		}
	}()
	tree, err := l.Parse(src)
	switch {
	case err != nil:
		return nil, &grammars.Error{Line: 1, Column: 1, Msg: "no tree: " + err.Error()}
	case len(tree.Errors) > 0:
		return tree, tree.Errors[0]
	}
	return tree, nil
}

// ErrorKind is an error's message without what it found: "expected ;"
// for "expected ;, found identifier".
func ErrorKind(msg string) string {
	if i := strings.Index(msg, ", found"); i > 0 {
		return msg[:i]
	}
	return msg
}

// SourceLine is line n (1-based) of src, trimmed and cut at 120 bytes.
func SourceLine(src []byte, n int) string {
	for i := 1; i < n && len(src) > 0; i++ {
		j := bytes.IndexByte(src, '\n')
		if j < 0 {
			return ""
		}
		src = src[j+1:]
	}
	if j := bytes.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	s := strings.TrimSpace(string(src))
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}
