package kit

import (
	"fmt"
	"strings"

	"github.com/agenttools/agenttools/grammars"
)

// maxScanErrors is how many errors a scanner keeps; past that a file is
// broken enough.
const maxScanErrors = 10

// A Scan is the state every hand-written lexer keeps: the source, the
// position and the line it is on, where the current token began, the
// comments (trivia) and the errors. A lexer embeds it and adds its own.
type Scan struct {
	Src       string
	Pos       int
	Line      int // 1-based line of Pos
	LineStart int // offset of the line's first byte
	TokLine   int // line and line start where the current token began
	TokLS     int
	Pattern   bool // pattern mode: metavariables are identifiers
	Quiet     bool // a look-ahead copy, which records no trivia or errors
	Trivia    []grammars.Span
	Errs      grammars.ErrorList
}

// NewScan starts a scan of src. A UTF-8 byte order mark at its start is
// trivia, as Go, Python and JavaScript all treat it: columns are counted
// from after it.
func NewScan(src string, pattern bool) Scan {
	s := Scan{Src: src, Line: 1, Pattern: pattern}
	if strings.HasPrefix(src, "\uFEFF") {
		s.Pos, s.LineStart = 3, 3
	}
	return s
}

// Begin records that a token starts at the current position.
func (s *Scan) Begin() { s.TokLine, s.TokLS = s.Line, s.LineStart }

// Newline records the line break at offset at.
func (s *Scan) Newline(at int) {
	s.Line++
	s.LineStart = at + 1
}

// Token returns the token of kind k from start to the current position,
// positioned where Begin was last called.
func (s *Scan) Token(k grammars.Kind, start int) Token {
	return Token{Kind: k, Text: s.Src[start:s.Pos], Offset: uint32(start), Line: int32(s.TokLine), Column: int32(start - s.TokLS + 1)}
}

// Empty returns an empty token of kind k at offset at, on the current
// line: a synthetic token, or EOF.
func (s *Scan) Empty(k grammars.Kind, at int, synthetic bool) Token {
	return Token{Kind: k, Offset: uint32(at), Line: int32(s.Line), Column: int32(at - s.LineStart + 1), Synthetic: synthetic}
}

// PosOf returns the line and column of offset at, which is at or after
// the start of the current token (or anywhere, more slowly).
func (s *Scan) PosOf(at int) (line, col int) {
	line, ls := s.TokLine, s.TokLS
	if line == 0 || at < ls {
		line, ls = 1, 0
		if strings.HasPrefix(s.Src, "\uFEFF") {
			ls = 3
		}
	}
	for i := ls; i < at && i < len(s.Src); i++ {
		if s.Src[i] == '\n' {
			line, ls = line+1, i+1
		}
	}
	return line, at - ls + 1
}

// Errorf records an error at offset at, spanning to the current position.
func (s *Scan) Errorf(at int, format string, args ...any) {
	if s.Quiet || len(s.Errs) >= maxScanErrors {
		return
	}
	line, col := s.PosOf(at)
	s.Errs = append(s.Errs, &grammars.Error{Line: line, Column: col, Msg: fmt.Sprintf(format, args...),
		Span: grammars.Span{Start: uint32(at), End: uint32(max(s.Pos, at))}})
}

// Comment records the comment from start to end as trivia.
func (s *Scan) Comment(start, end int) {
	if !s.Quiet {
		s.Trivia = append(s.Trivia, grammars.Span{Start: uint32(start), End: uint32(end)})
	}
}

// Metavar reports whether a pattern metavariable starts at the current
// position, in pattern mode only, and moves past it if so.
func (s *Scan) Metavar() bool {
	if !s.Pattern {
		return false
	}
	n := grammars.MetavarLen(s.Src[s.Pos:])
	s.Pos += n
	return n > 0
}
