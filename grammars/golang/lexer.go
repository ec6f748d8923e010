package golang

import (
	"fmt"
	"io"
	"unicode"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
	"github.com/alecthomas/participle/v2/lexer"
)

// scanner is a hand-written Go lexer that allocates nothing per token: a
// token's value is a slice of the source string. It inserts automatic
// semicolons as the Go spec says (value "\n", or "" at the end of the
// file and after a comment that spans lines), keeps comments aside as
// trivia, and in pattern mode reads $X, $_, $$$X and $$$ as identifiers.
type scanner struct {
	src       string
	pos       int
	line      int
	lineStart int
	pattern   bool
	semi      bool // the last token allows an automatic semicolon
	tokLine   int  // line and line start where the current token began
	tokLS     int
	done      bool
	trivia    []grammars.Span
	errs      grammars.ErrorList
}

func newScanner(src string, pattern bool) *scanner {
	return &scanner{src: src, line: 1, pattern: pattern}
}

func (s *scanner) tok(k grammars.Kind, start int) lexer.Token {
	return lexer.Token{
		Type:  lexer.TokenType(k),
		Value: s.src[start:s.pos],
		Pos:   lexer.Position{Offset: start, Line: s.tokLine, Column: start - s.tokLS + 1},
	}
}

func (s *scanner) errorf(at int, format string, args ...any) {
	if len(s.errs) >= 10 {
		return
	}
	s.errs = append(s.errs, &grammars.Error{Line: s.line, Column: at - s.lineStart + 1, Msg: fmt.Sprintf(format, args...),
		Span: grammars.Span{Start: uint32(at), End: uint32(s.pos)}})
}

func (s *scanner) newline(at int) {
	s.line++
	s.lineStart = at + 1
}

// Next returns the next token; it never fails.
func (s *scanner) Next() (lexer.Token, error) {
	for {
		s.tokLine, s.tokLS = s.line, s.lineStart
		if s.pos >= len(s.src) {
			if s.semi {
				s.semi = false
				t := s.tok(tSemi, s.pos)
				return t, nil
			}
			return lexer.Token{Type: lexer.EOF, Pos: lexer.Position{Offset: s.pos, Line: s.line, Column: s.pos - s.lineStart + 1}}, nil
		}
		c := s.src[s.pos]
		switch c {
		case ' ', '\t', '\r':
			s.pos++
			continue
		case '\n':
			if s.semi {
				s.semi = false
				start := s.pos
				s.pos++
				t := s.tok(tSemi, start)
				s.newline(start)
				return t, nil
			}
			s.newline(s.pos)
			s.pos++
			continue
		case '/':
			if s.pos+1 < len(s.src) && (s.src[s.pos+1] == '/' || s.src[s.pos+1] == '*') {
				if s.comment() && s.semi {
					// A general comment spanning lines acts like a newline.
					// The semicolon is empty: no newline of its own stands
					// after the comment, and one byte would cover the next
					// token, or run past the end of the file.
					s.semi = false
					return lexer.Token{Type: lexer.TokenType(tSemi), Value: "", Pos: lexer.Position{Offset: s.pos, Line: s.line, Column: s.pos - s.lineStart + 1}}, nil
				}
				continue
			}
		}
		return s.token(), nil
	}
}

// comment scans a comment and reports whether it contained a newline that
// should end the line (always for a line comment, which stops before its
// newline, so the newline itself is handled by Next).
func (s *scanner) comment() bool {
	start := s.pos
	if s.src[s.pos+1] == '/' {
		end := s.pos + 2
		for end < len(s.src) && s.src[end] != '\n' {
			end++
		}
		s.pos = end
		s.trivia = append(s.trivia, grammars.Span{Start: uint32(start), End: uint32(end)})
		return false
	}
	end := s.pos + 2
	multiline := false
	for {
		if end+1 >= len(s.src) {
			s.pos = len(s.src)
			s.errorf(start, "comment not terminated")
			s.trivia = append(s.trivia, grammars.Span{Start: uint32(start), End: uint32(s.pos)})
			return multiline
		}
		if s.src[end] == '*' && s.src[end+1] == '/' {
			end += 2
			break
		}
		if s.src[end] == '\n' {
			multiline = true
			s.newline(end)
		}
		end++
	}
	s.pos = end
	s.trivia = append(s.trivia, grammars.Span{Start: uint32(start), End: uint32(end)})
	return multiline
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

func (s *scanner) token() lexer.Token {
	start := s.pos
	c := s.src[s.pos]
	switch {
	case isLetter(c) || c >= utf8.RuneSelf:
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s.src[s.pos:])
			if !unicode.IsLetter(r) {
				s.pos += n
				s.semi = false
				if r == utf8.RuneError && n == 1 {
					s.errorf(start, "invalid UTF-8 encoding")
				} else {
					s.errorf(start, "invalid character %U", r)
				}
				return s.tok(tIllegal, start)
			}
		}
		s.ident()
		k := keyword(s.src[start:s.pos])
		s.semi = k == tIdent || k == kwBreak || k == kwContinue || k == kwFallthrough || k == kwReturn
		return s.tok(k, start)
	case isDigit(c) || c == '.' && s.pos+1 < len(s.src) && isDigit(s.src[s.pos+1]):
		k := s.number()
		s.semi = true
		return s.tok(k, start)
	case c == '"':
		s.quoted('"')
		s.semi = true
		return s.tok(tString, start)
	case c == '\'':
		s.quoted('\'')
		s.semi = true
		return s.tok(tChar, start)
	case c == '`':
		s.pos++
		for s.pos < len(s.src) && s.src[s.pos] != '`' {
			if s.src[s.pos] == '\n' {
				s.newline(s.pos)
			}
			s.pos++
		}
		if s.pos >= len(s.src) {
			s.errorf(start, "raw string literal not terminated")
		} else {
			s.pos++
		}
		s.semi = true
		return s.tok(tRawString, start)
	case c == '$' && s.pattern:
		if k, ok := s.metavar(); ok {
			s.semi = true
			return s.tok(k, start)
		}
	}
	k := s.operator()
	if k == tIllegal {
		s.pos++
		s.errorf(start, "invalid character %q", c)
	}
	s.semi = k == opInc || k == opDec || k == opRParen || k == opRBrack || k == opRBrace
	return s.tok(k, start)
}

func (s *scanner) ident() {
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		if isLetter(c) || isDigit(c) {
			s.pos++
			continue
		}
		if c < utf8.RuneSelf {
			return
		}
		r, n := utf8.DecodeRuneInString(s.src[s.pos:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return
		}
		s.pos += n
	}
}

// metavar scans $NAME, $_, $$$NAME or $$$.
func (s *scanner) metavar() (grammars.Kind, bool) {
	p := s.pos + 1
	if len(s.src) >= p+2 && s.src[p:p+2] == "$$" {
		p += 2
	} else if p < len(s.src) && s.src[p] == '$' {
		return 0, false
	}
	q := p
	for q < len(s.src) && ('A' <= s.src[q] && s.src[q] <= 'Z' || s.src[q] == '_' || q > p && isDigit(s.src[q])) {
		q++
	}
	if q == p && p == s.pos+1 { // a lone $
		return 0, false
	}
	s.pos = q
	return tIdent, true
}

func (s *scanner) number() grammars.Kind {
	start := s.pos
	hex := s.pos+1 < len(s.src) && s.src[s.pos] == '0' && (s.src[s.pos+1] == 'x' || s.src[s.pos+1] == 'X')
	float := false
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case isDigit(c) || isLetter(c):
			if !hex && (c == 'e' || c == 'E') || hex && (c == 'p' || c == 'P') {
				float = true
				if s.pos+1 < len(s.src) && (s.src[s.pos+1] == '+' || s.src[s.pos+1] == '-') {
					s.pos++
				}
			}
			s.pos++
		case c == '.':
			float = true
			s.pos++
		default:
			goto done
		}
	}
done:
	if s.src[s.pos-1] == 'i' {
		return tImag
	}
	if float {
		return tFloat
	}
	_ = start
	return tInt
}

func (s *scanner) quoted(q byte) {
	start := s.pos
	s.pos++
	for {
		if s.pos >= len(s.src) || s.src[s.pos] == '\n' {
			s.errorf(start, "string literal not terminated")
			return
		}
		c := s.src[s.pos]
		s.pos++
		if c == q {
			return
		}
		if c == '\\' && s.pos < len(s.src) && s.src[s.pos] != '\n' {
			s.pos++
		}
	}
}

func (s *scanner) operator() grammars.Kind {
	src, p := s.src, s.pos
	at := func(i int) byte {
		if p+i < len(src) {
			return src[p+i]
		}
		return 0
	}
	one := func(k grammars.Kind) grammars.Kind { s.pos += 1; return k }
	two := func(k grammars.Kind) grammars.Kind { s.pos += 2; return k }
	three := func(k grammars.Kind) grammars.Kind { s.pos += 3; return k }
	c1, c2 := at(1), at(2)
	switch src[p] {
	case '+':
		switch c1 {
		case '+':
			return two(opInc)
		case '=':
			return two(opAddAs)
		}
		return one(opAdd)
	case '-':
		switch c1 {
		case '-':
			return two(opDec)
		case '=':
			return two(opSubAs)
		}
		return one(opSub)
	case '*':
		if c1 == '=' {
			return two(opMulAs)
		}
		return one(opMul)
	case '/':
		if c1 == '=' {
			return two(opQuoAs)
		}
		return one(opQuo)
	case '%':
		if c1 == '=' {
			return two(opRemAs)
		}
		return one(opRem)
	case '&':
		switch {
		case c1 == '^' && c2 == '=':
			return three(opAndNotAs)
		case c1 == '^':
			return two(opAndNot)
		case c1 == '&':
			return two(opLAnd)
		case c1 == '=':
			return two(opAndAs)
		}
		return one(opAnd)
	case '|':
		switch c1 {
		case '|':
			return two(opLOr)
		case '=':
			return two(opOrAs)
		}
		return one(opOr)
	case '^':
		if c1 == '=' {
			return two(opXorAs)
		}
		return one(opXor)
	case '<':
		switch {
		case c1 == '<' && c2 == '=':
			return three(opShlAs)
		case c1 == '<':
			return two(opShl)
		case c1 == '=':
			return two(opLeq)
		case c1 == '-':
			return two(opArrow)
		}
		return one(opLss)
	case '>':
		switch {
		case c1 == '>' && c2 == '=':
			return three(opShrAs)
		case c1 == '>':
			return two(opShr)
		case c1 == '=':
			return two(opGeq)
		}
		return one(opGtr)
	case '=':
		if c1 == '=' {
			return two(opEql)
		}
		return one(opAssign)
	case '!':
		if c1 == '=' {
			return two(opNeq)
		}
		return one(opNot)
	case '~':
		return one(opTilde)
	case ':':
		if c1 == '=' {
			return two(opDefine)
		}
		return one(opColon)
	case '.':
		if c1 == '.' && c2 == '.' {
			return three(opEllipsis)
		}
		return one(opPeriod)
	case '(':
		return one(opLParen)
	case ')':
		return one(opRParen)
	case '[':
		return one(opLBrack)
	case ']':
		return one(opRBrack)
	case '{':
		return one(opLBrace)
	case '}':
		return one(opRBrace)
	case ',':
		return one(opComma)
	case ';':
		return one(tSemi)
	}
	return tIllegal
}

// definition is the participle lexer.Definition over scanner.
type definition struct{ pattern bool }

func (d definition) Symbols() map[string]lexer.TokenType {
	m := map[string]lexer.TokenType{"EOF": lexer.EOF}
	for k := range numTokens {
		name := kindNames[k]
		switch k {
		case tIdent:
			name = "Ident"
		case tInt:
			name = "Int"
		case tFloat:
			name = "Float"
		case tImag:
			name = "Imag"
		case tChar:
			name = "Char"
		case tString:
			name = "String"
		case tRawString:
			name = "RawString"
		case tSemi:
			name = "Semi"
		case tIllegal:
			name = "Illegal"
		case tDecls:
			name = "Decls"
		case tEOF:
			continue
		}
		m[name] = lexer.TokenType(k)
	}
	return m
}

func (d definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return newScanner(string(b), d.pattern), nil
}

func (d definition) LexString(filename, src string) (lexer.Lexer, error) {
	return newScanner(src, d.pattern), nil
}
