package golang

import (
	"unicode"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// scanner is a hand-written Go lexer on the kit's Scan that allocates
// nothing per token: a token's value is a slice of the source string. It
// inserts automatic semicolons as the Go spec says (value "\n", or "" at
// the end of the file and after a comment that spans lines; synthetic
// either way), keeps comments aside as trivia, and in pattern mode reads
// $X, $_, $$$X and $$$ as identifiers.
type scanner struct {
	kit.Scan
	semi bool // the last token allows an automatic semicolon
}

func newScanner(src string, pattern bool) *scanner {
	return &scanner{Scan: kit.NewScan(src, pattern)}
}

// auto returns an automatic semicolon from start to the current position.
func (s *scanner) auto(start int) kit.Token {
	t := s.Token(tSemi, start)
	t.Synthetic = true
	return t
}

// Next returns the next token; it never fails.
func (s *scanner) Next() kit.Token {
	for {
		s.Begin()
		if s.Pos >= len(s.Src) {
			if s.semi {
				s.semi = false
				return s.auto(s.Pos)
			}
			return s.Empty(tEOF, s.Pos, false)
		}
		c := s.Src[s.Pos]
		switch c {
		case ' ', '\t', '\r':
			s.Pos++
			continue
		case '\n':
			if s.semi {
				s.semi = false
				start := s.Pos
				s.Pos++
				t := s.auto(start)
				s.Newline(start)
				return t
			}
			s.Newline(s.Pos)
			s.Pos++
			continue
		case '/':
			if s.Pos+1 < len(s.Src) && (s.Src[s.Pos+1] == '/' || s.Src[s.Pos+1] == '*') {
				if s.comment() && s.semi {
					// A general comment spanning lines acts like a newline.
					// The semicolon is empty: no newline of its own stands
					// after the comment, and one byte would cover the next
					// token, or run past the end of the file.
					s.semi = false
					return s.Empty(tSemi, s.Pos, true)
				}
				continue
			}
		}
		return s.token()
	}
}

// comment scans a comment and reports whether it contained a newline that
// should end the line (always for a line comment, which stops before its
// newline, so the newline itself is handled by Next).
func (s *scanner) comment() bool {
	start := s.Pos
	if s.Src[s.Pos+1] == '/' {
		end := s.Pos + 2
		for end < len(s.Src) && s.Src[end] != '\n' {
			end++
		}
		s.Pos = end
		s.Comment(start, end)
		return false
	}
	end := s.Pos + 2
	multiline := false
	for {
		if end+1 >= len(s.Src) {
			s.Pos = len(s.Src)
			s.Errorf(start, "comment not terminated")
			s.Comment(start, s.Pos)
			return multiline
		}
		if s.Src[end] == '*' && s.Src[end+1] == '/' {
			end += 2
			break
		}
		if s.Src[end] == '\n' {
			multiline = true
			s.Newline(end)
		}
		end++
	}
	s.Pos = end
	s.Comment(start, end)
	return multiline
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

func (s *scanner) token() kit.Token {
	start := s.Pos
	c := s.Src[s.Pos]
	switch {
	case isLetter(c) || c >= utf8.RuneSelf:
		if c >= utf8.RuneSelf {
			if r, _ := utf8.DecodeRuneInString(s.Src[s.Pos:]); !unicode.IsLetter(r) {
				s.BadRune()
				s.semi = false
				return s.Token(tIllegal, start)
			}
		}
		s.Word(inWord)
		k, ok := keywords.Lookup(s.Src[start:s.Pos])
		if !ok {
			k = tIdent
		}
		s.semi = k == tIdent || k == kwBreak || k == kwContinue || k == kwFallthrough || k == kwReturn
		return s.Token(k, start)
	case isDigit(c) || c == '.' && s.Pos+1 < len(s.Src) && isDigit(s.Src[s.Pos+1]):
		k := s.number()
		s.semi = true
		return s.Token(k, start)
	case c == '"':
		s.quoted('"')
		s.semi = true
		return s.Token(tString, start)
	case c == '\'':
		s.quoted('\'')
		s.semi = true
		return s.Token(tChar, start)
	case c == '`':
		s.Pos++
		s.Raw(start, '`', "raw string literal not terminated")
		s.semi = true
		return s.Token(tRawString, start)
	case c == '$' && s.Metavar():
		s.semi = true
		return s.Token(tIdent, start)
	}
	k, ok := s.Punct(operators)
	if !ok {
		k = tIllegal
		s.Pos++
		s.Errorf(start, "invalid character %q", c)
	}
	s.semi = k == opInc || k == opDec || k == opRParen || k == opRBrack || k == opRBrace
	return s.Token(k, start)
}

// inWord reports whether r, not ASCII, goes on an identifier: a Unicode
// letter or digit, as Go's spec says.
func inWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func (s *scanner) number() grammars.Kind {
	start := s.Pos
	hex := s.Pos+1 < len(s.Src) && s.Src[s.Pos] == '0' && (s.Src[s.Pos+1] == 'x' || s.Src[s.Pos+1] == 'X')
	float := false
	for s.Pos < len(s.Src) {
		c := s.Src[s.Pos]
		switch {
		case isDigit(c) || isLetter(c):
			if !hex && (c == 'e' || c == 'E') || hex && (c == 'p' || c == 'P') {
				float = true
				if s.Pos+1 < len(s.Src) && (s.Src[s.Pos+1] == '+' || s.Src[s.Pos+1] == '-') {
					s.Pos++
				}
			}
			s.Pos++
		case c == '.':
			float = true
			s.Pos++
		default:
			goto done
		}
	}
done:
	if s.Src[s.Pos-1] == 'i' {
		return tImag
	}
	if float {
		return tFloat
	}
	_ = start
	return tInt
}

func (s *scanner) quoted(q byte) {
	start := s.Pos
	s.Pos++
	for {
		if s.Pos >= len(s.Src) || s.Src[s.Pos] == '\n' {
			s.Errorf(start, "string literal not terminated")
			return
		}
		c := s.Src[s.Pos]
		s.Pos++
		if c == q {
			return
		}
		if c == '\\' && s.Pos < len(s.Src) && s.Src[s.Pos] != '\n' {
			s.Pos++
		}
	}
}
