package kit

import (
	"strings"
	"unicode/utf8"
)

// What lexers do besides cutting tokens: words of any script, raw
// strings, a bad byte, and moving a streaming scan back for a parser that
// speculates.

// Word moves past the rest of an identifier: ASCII letters, digits and
// _, and the other characters inWord accepts (the language's Unicode
// letters and digits).
func (s *Scan) Word(inWord func(r rune) bool) {
	for s.Pos < len(s.Src) {
		c := s.Src[s.Pos]
		if wordByte[c] {
			s.Pos++
			continue
		}
		if c < utf8.RuneSelf {
			return
		}
		r, n := utf8.DecodeRuneInString(s.Src[s.Pos:])
		if !inWord(r) {
			return
		}
		s.Pos += n
	}
}

// BlockComment passes over the /* comment */ at the current position,
// counting its lines, and keeps it as trivia; with nested set a /* in it
// opens another, as in Rust and Dart, and without, as in C and Java, it
// ends at the first */. One the source ends in is an error at its start.
func (s *Scan) BlockComment(nested bool) {
	start := s.Pos
	s.Begin()
	s.Pos += 2
	depth := 1
	for s.Pos < len(s.Src) {
		switch c := s.Src[s.Pos]; {
		case c == '\n':
			s.Newline(s.Pos)
		case c == '*' && s.Pos+1 < len(s.Src) && s.Src[s.Pos+1] == '/':
			s.Pos++
			depth--
		case nested && c == '/' && s.Pos+1 < len(s.Src) && s.Src[s.Pos+1] == '*':
			s.Pos++
			depth++
		}
		s.Pos++
		if depth == 0 {
			s.Comment(start, s.Pos)
			return
		}
	}
	s.Errorf(start, "comment not terminated")
	s.Comment(start, s.Pos)
}

// Raw reads the rest of a literal that has no escapes, from the current
// position just after its opening byte to the closing byte q, which it
// passes, counting the lines in it; when the source ends first, it
// records the error msg at start. (The JavaScript helper's, by name and
// signature.)
func (s *Scan) Raw(start int, q byte, msg string) {
	for s.Pos < len(s.Src) && s.Src[s.Pos] != q {
		if s.Src[s.Pos] == '\n' {
			s.Newline(s.Pos)
		}
		s.Pos++
	}
	if s.Pos >= len(s.Src) {
		s.Errorf(start, "%s", msg)
		return
	}
	s.Pos++
}

// BadRune moves past the character at Pos, which no token starts, with
// an error that names it, or says that the source is not UTF-8 there.
func (s *Scan) BadRune() {
	start := s.Pos
	r, n := utf8.DecodeRuneInString(s.Src[s.Pos:])
	s.Pos += n
	if r == utf8.RuneError && n == 1 {
		s.Errorf(start, "invalid UTF-8 encoding")
	} else {
		s.Errorf(start, "invalid character %U", r)
	}
}

// Shapes productions of several grammars repeat, as the C, Dart and
// JavaScript helpers named them: Separated, Clause, Enclosed and Tail are
// theirs by name, signature and meaning, so one copy stays when the
// branches meet.

// ForgetFrom drops the errors and trivia that start at or after offset
// off: a lexer moved back to off reads them again.
func (s *Scan) ForgetFrom(off int) {
	for n := len(s.Errs); n > 0 && int(s.Errs[n-1].Span.Start) >= off; n-- {
		s.Errs = s.Errs[:n-1]
	}
	for n := len(s.Trivia); n > 0 && int(s.Trivia[n-1].Start) >= off; n-- {
		s.Trivia = s.Trivia[:n-1]
	}
}

// ResetAfter moves a streaming scan back to just after token t, which it
// handed out, and forgets what it found after t (ForgetFrom): for a lexer
// that a speculating parser moves back without holding the whole file's
// tokens. The line is t's, or the last one a string or a comment in t
// took it to.
func (s *Scan) ResetAfter(t *Token) {
	line, ls := t.EndLine()
	s.Pos, s.Line, s.LineStart = int(t.End()), line, ls
	s.ForgetFrom(s.Pos)
}

// Hashbang passes over a #! line at the very start of the source (after
// a byte order mark) as trivia, as a comment is: a script's interpreter
// line, in Dart and JavaScript.
func (s *Scan) Hashbang() {
	if !strings.HasPrefix(s.Src[s.Pos:], "#!") {
		return
	}
	end := s.Pos
	for end < len(s.Src) && s.Src[end] != '\n' && s.Src[end] != '\r' {
		end++
	}
	s.Comment(s.Pos, end)
	s.Pos = end
}

// LineStart returns the offset of the start of the line t starts on:
// where a lexer moved back to t's start stands.
func (t *Token) LineStart() int { return int(t.Offset) - int(t.Column) + 1 }

// EndLine returns the line t ends on and the offset of that line's
// start: where a lexer moved to just after t stands.
func (t *Token) EndLine() (line, lineStart int) {
	line, lineStart = int(t.Line), t.LineStart()
	for i := 0; i < len(t.Text); i++ {
		if t.Text[i] == '\n' {
			line++
			lineStart = int(t.Offset) + i + 1
		}
	}
	return line, lineStart
}

// wordByte holds the ASCII bytes of an identifier after its first: one
// load a byte, where comparisons of ranges cost a Go parse a few percent.
var wordByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || '0' <= c && c <= '9'
	}
	return t
}()
