package python

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
	"github.com/alecthomas/participle/v2/lexer"
)

// indent is one level of the indentation stack, measured twice as CPython
// does: col with tabs to the next multiple of 8, alt with tabs as one
// column. Two lines whose order the measures disagree on mix tabs and
// spaces ambiguously, which Python rejects (TabError).
type indent struct{ col, alt int }

// maxFieldNest bounds f-strings nested inside replacement fields, so a
// file of f"{f"{f"{… is an error and not a deep recursion of the lexer.
const maxFieldNest = 200

// scanner is a hand-written Python lexer that allocates nothing per token:
// a token's value is a slice of the source string. It synthesises NEWLINE
// at the end of each logical line and INDENT and DEDENT from an
// indentation stack, joins lines inside brackets and after a backslash,
// keeps comments aside as trivia, reads an f-string, replacement fields
// and all, as one string token, and in pattern mode reads $X, $_, $$$X
// and $$$ as identifiers.
type scanner struct {
	src       string
	pos       int
	line      int
	lineStart int
	pattern   bool
	depth     int // open brackets; inside them a newline is whitespace
	indents   []indent
	dedents   int  // DEDENT tokens still to return
	bol       bool // at the start of a logical line: indentation comes next
	pending   bool // the logical line has tokens, so a NEWLINE is due at its end
	fnest     int  // replacement fields being scanned, nested
	tokLine   int  // line and line start where the current token began
	tokLS     int
	quiet     bool // a look-ahead copy, which records no trivia or errors
	trivia    []grammars.Span
	errs      grammars.ErrorList
}

func newScanner(src string, pattern bool) *scanner {
	s := &scanner{src: src, line: 1, pattern: pattern, bol: true, indents: make([]indent, 1, 16)}
	if strings.HasPrefix(src, "\uFEFF") { // a UTF-8 byte order mark, which Python skips
		s.pos, s.lineStart = 3, 3
	}
	return s
}

func (s *scanner) tok(k grammars.Kind, start int) lexer.Token {
	return lexer.Token{
		Type:  lexer.TokenType(k),
		Value: s.src[start:s.pos],
		Pos:   lexer.Position{Offset: start, Line: s.tokLine, Column: start - s.tokLS + 1},
	}
}

// synth returns a NEWLINE, INDENT or DEDENT token at the current position.
func (s *scanner) synth(k grammars.Kind) lexer.Token {
	return lexer.Token{Type: lexer.TokenType(k), Pos: lexer.Position{Offset: s.pos, Line: s.line, Column: s.pos - s.lineStart + 1}}
}

// errorf records an error at offset at, which lies in the current token
// or after it.
func (s *scanner) errorf(at int, format string, args ...any) {
	if s.quiet || len(s.errs) >= 10 {
		return
	}
	line, ls := s.tokLine, s.tokLS
	if at < ls {
		line, ls = s.line, s.lineStart
	}
	for i := ls; i < at && i < len(s.src); i++ {
		if s.src[i] == '\n' {
			line, ls = line+1, i+1
		}
	}
	end := max(s.pos, at)
	s.errs = append(s.errs, &grammars.Error{Line: line, Column: at - ls + 1, Msg: fmt.Sprintf(format, args...),
		Span: grammars.Span{Start: uint32(at), End: uint32(end)}})
}

func (s *scanner) newline(at int) {
	s.line++
	s.lineStart = at + 1
}

// Next returns the next token; it never fails.
func (s *scanner) Next() (lexer.Token, error) {
	for {
		if s.dedents > 0 {
			s.dedents--
			return s.synth(tDedent), nil
		}
		if s.bol {
			s.bol = false
			if k, ok := s.indentation(); ok {
				return s.synth(k), nil
			}
		}
		s.tokLine, s.tokLS = s.line, s.lineStart
		if s.pos >= len(s.src) {
			return s.end(), nil
		}
		switch s.src[s.pos] {
		case ' ', '\t', '\f', '\r':
			s.pos++
			continue
		case '\n':
			at := s.pos
			s.pos++
			s.newline(at)
			if s.depth > 0 {
				continue
			}
			s.bol = true
			if s.pending {
				s.pending = false
				return lexer.Token{Type: lexer.TokenType(tNewline), Pos: lexer.Position{Offset: at, Line: s.line - 1, Column: at - s.tokLS + 1}}, nil
			}
			continue
		case '#':
			s.comment()
			continue
		case '\\':
			if s.continuation() {
				continue
			}
		}
		s.pending = true
		return s.token(), nil
	}
}

// end returns the tokens due at the end of the source: the last line's
// NEWLINE, a DEDENT for each open indentation level, then EOF.
func (s *scanner) end() lexer.Token {
	if s.pending {
		s.pending = false
		return s.synth(tNewline)
	}
	if len(s.indents) > 1 {
		s.indents = s.indents[:len(s.indents)-1]
		return s.synth(tDedent)
	}
	return lexer.Token{Type: lexer.EOF, Pos: lexer.Position{Offset: s.pos, Line: s.line, Column: s.pos - s.lineStart + 1}}
}

// indentation measures the indentation of a line that starts a logical
// line and returns the INDENT or first DEDENT it calls for. A blank line,
// or one of only a comment, calls for none.
func (s *scanner) indentation() (grammars.Kind, bool) {
	col, alt := 0, 0
	p := s.pos
loop:
	for ; p < len(s.src); p++ {
		switch s.src[p] {
		case ' ':
			col++
			alt++
		case '\t':
			col = (col/8 + 1) * 8
			alt++
		case '\f':
			col, alt = 0, 0
		default:
			break loop
		}
	}
	s.pos = p
	if p >= len(s.src) {
		return 0, false
	}
	switch s.src[p] {
	case '#', '\n':
		return 0, false
	case '\r':
		if p+1 < len(s.src) && s.src[p+1] == '\n' {
			return 0, false
		}
	}
	s.tokLine, s.tokLS = s.line, s.lineStart
	top := s.indents[len(s.indents)-1]
	switch {
	case col == top.col:
		if alt != top.alt {
			s.errorf(p, "inconsistent use of tabs and spaces in indentation")
		}
		return 0, false
	case col > top.col:
		if alt <= top.alt {
			s.errorf(p, "inconsistent use of tabs and spaces in indentation")
		}
		s.indents = append(s.indents, indent{col, alt})
		return tIndent, true
	}
	n := 0
	for len(s.indents) > 1 && col < s.indents[len(s.indents)-1].col {
		s.indents = s.indents[:len(s.indents)-1]
		n++
	}
	top = s.indents[len(s.indents)-1]
	if col != top.col {
		s.errorf(p, "unindent does not match any outer indentation level")
	} else if alt != top.alt {
		s.errorf(p, "inconsistent use of tabs and spaces in indentation")
	}
	s.dedents = n - 1
	return tDedent, true
}

// comment keeps a # comment, up to the end of its line, as trivia.
func (s *scanner) comment() {
	start := s.pos
	end := len(s.src)
	if i := strings.IndexByte(s.src[start:], '\n'); i >= 0 {
		end = start + i
	}
	s.pos = end
	if end > start && s.src[end-1] == '\r' {
		end--
	}
	if !s.quiet {
		s.trivia = append(s.trivia, grammars.Span{Start: uint32(start), End: uint32(end)})
	}
}

// continuation skips a backslash that joins its line to the next and
// reports whether there was one.
func (s *scanner) continuation() bool {
	p := s.pos + 1
	if p < len(s.src) && s.src[p] == '\r' {
		p++
	}
	if p < len(s.src) && s.src[p] == '\n' {
		s.pos = p + 1
		s.newline(p)
		return true
	}
	return false
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }

func (s *scanner) token() lexer.Token {
	start := s.pos
	c := s.src[s.pos]
	switch {
	case isLetter(c) || c >= utf8.RuneSelf:
		if c >= utf8.RuneSelf && !s.identStart() {
			return s.tok(tIllegal, start)
		}
		s.ident()
		word := s.src[start:s.pos]
		if s.pos < len(s.src) && (s.src[s.pos] == '"' || s.src[s.pos] == '\'') && isPrefix(word) {
			s.str(start, word)
			return s.tok(tString, start)
		}
		return s.tok(keyword(word), start)
	case isDigit(c) || c == '.' && s.pos+1 < len(s.src) && isDigit(s.src[s.pos+1]):
		return s.tok(s.number(), start)
	case c == '"' || c == '\'':
		s.str(start, "")
		return s.tok(tString, start)
	case c == '$' && s.pattern:
		if s.metavar() {
			return s.tok(tIdent, start)
		}
	}
	k := s.operator()
	switch k {
	case tIllegal:
		s.pos++
		if c == '\\' {
			s.errorf(start, "unexpected character after line continuation character")
		} else {
			s.errorf(start, "invalid character %q", c)
		}
	case opLParen, opLBrack, opLBrace:
		s.depth++
	case opRParen, opRBrack, opRBrace:
		if s.depth > 0 {
			s.depth--
		}
	}
	return s.tok(k, start)
}

// identStart checks the non-ASCII character at the current position
// starts an identifier; if not, it skips it with an error.
func (s *scanner) identStart() bool {
	r, n := utf8.DecodeRuneInString(s.src[s.pos:])
	if unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r) {
		return true
	}
	start := s.pos
	s.pos += n
	if r == utf8.RuneError && n == 1 {
		s.errorf(start, "invalid UTF-8 encoding")
	} else {
		s.errorf(start, "invalid character %U", r)
	}
	return false
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
		if !isIdentRune(r) {
			return
		}
		s.pos += n
	}
}

// isIdentRune approximates Unicode's XID_Continue, which Python
// identifiers are made of.
func isIdentRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Pc, unicode.Nl, unicode.Other_ID_Start, unicode.Other_ID_Continue)
}

// isPrefix reports whether word, just before a quote, is a string
// prefix: r, u, b, f, or br or fr in either order, in any case; and
// Python 3.14's template strings, t and tr.
func isPrefix(word string) bool {
	switch len(word) {
	case 1:
		switch word[0] | 0x20 {
		case 'r', 'u', 'b', 'f', 't':
			return true
		}
	case 2:
		a, b := word[0]|0x20, word[1]|0x20
		if a == 'r' {
			a, b = b, a
		}
		return b == 'r' && (a == 'b' || a == 'f' || a == 't')
	}
	return false
}

// metavar scans $NAME, $_, $$$NAME or $$$.
func (s *scanner) metavar() bool {
	p := s.pos + 1
	if len(s.src) >= p+2 && s.src[p:p+2] == "$$" {
		p += 2
	} else if p < len(s.src) && s.src[p] == '$' {
		return false
	}
	q := p
	for q < len(s.src) && ('A' <= s.src[q] && s.src[q] <= 'Z' || s.src[q] == '_' || q > p && isDigit(s.src[q])) {
		q++
	}
	if q == p && p == s.pos+1 { // a lone $
		return false
	}
	s.pos = q
	return true
}

func (s *scanner) digits(p int) int {
	for p < len(s.src) && (isDigit(s.src[p]) || s.src[p] == '_') {
		p++
	}
	return p
}

// number scans an integer or float literal, imaginary ones included (as
// tree-sitter-python does, 1j is an integer and 1.5j a float). It stops
// where Python's tokenizer does, so 1if x else 2 is 1, if, x, ….
func (s *scanner) number() grammars.Kind {
	src, p := s.src, s.pos
	if src[p] == '0' && p+1 < len(src) && strings.IndexByte("xXoObB", src[p+1]) >= 0 {
		p += 2
		for p < len(src) && (isHex(src[p]) || src[p] == '_') {
			p++
		}
		s.pos = p
		return tInt
	}
	float := false
	p = s.digits(p)
	if p < len(src) && src[p] == '.' {
		float = true
		p = s.digits(p + 1)
	}
	if p < len(src) && src[p]|0x20 == 'e' {
		q := p + 1
		if q < len(src) && (src[q] == '+' || src[q] == '-') {
			q++
		}
		if q < len(src) && isDigit(src[q]) {
			float = true
			p = s.digits(q)
		}
	}
	if p < len(src) && src[p]|0x20 == 'j' {
		p++
	}
	s.pos = p
	if float {
		return tFloat
	}
	return tInt
}

// str scans a string literal whose prefix (possibly empty) starts at
// start and whose quote is at the current position.
func (s *scanner) str(start int, prefix string) {
	q := s.pos
	triple := q+2 < len(s.src) && s.src[q+1] == s.src[q] && s.src[q+2] == s.src[q]
	if s.literal(prefix) {
		return
	}
	if triple {
		s.errorf(start, "unterminated triple-quoted string literal")
	} else {
		s.errorf(start, "unterminated string literal")
	}
}

// literal scans a string from its opening quote and reports whether it
// was closed. An unclosed one-line string stops before its newline.
func (s *scanner) literal(prefix string) bool {
	raw, f := false, false
	for i := 0; i < len(prefix); i++ {
		switch prefix[i] | 0x20 {
		case 'r':
			raw = true
		case 'f', 't': // a template string's fields are an f-string's
			f = true
		}
	}
	q := s.src[s.pos]
	triple := s.pos+2 < len(s.src) && s.src[s.pos+1] == q && s.src[s.pos+2] == q
	if triple {
		s.pos += 3
	} else {
		s.pos++
	}
	return s.body(q, triple, raw, f)
}

// body scans a string's contents up to and including its closing quote.
func (s *scanner) body(q byte, triple, raw, f bool) bool {
	src := s.src
	for s.pos < len(src) {
		switch c := src[s.pos]; c {
		case q:
			s.pos++
			if !triple {
				return true
			}
			if s.pos+1 < len(src) && src[s.pos] == q && src[s.pos+1] == q {
				s.pos += 2
				return true
			}
		case '\\':
			s.escape(f && !raw)
		case '\n':
			if !triple {
				return false
			}
			s.newline(s.pos)
			s.pos++
		case '{':
			s.pos++
			if !f {
				continue
			}
			if s.pos < len(src) && src[s.pos] == '{' {
				s.pos++
				continue
			}
			if !s.field(q, triple) {
				return false
			}
		default:
			s.pos++
		}
	}
	return false
}

// escape skips a backslash and what it escapes. A brace after it is left
// alone, as it still opens or closes a replacement field; with named, the
// braces of \N{NAME} are the escape's.
func (s *scanner) escape(named bool) {
	s.pos++
	if s.pos >= len(s.src) {
		return
	}
	switch s.src[s.pos] {
	case '\n':
		s.newline(s.pos)
	case '\r':
		if s.pos+1 < len(s.src) && s.src[s.pos+1] == '\n' {
			s.pos++
			s.newline(s.pos)
		}
	case '{', '}':
		return
	case 'N':
		if named && s.pos+1 < len(s.src) && s.src[s.pos+1] == '{' {
			if i := strings.IndexByte(s.src[s.pos:], '}'); i >= 0 && !strings.Contains(s.src[s.pos:s.pos+i], "\n") {
				s.pos += i
			}
		}
	}
	s.pos++
}

// field scans an f-string's replacement field after its {, up to and
// including its }: an expression, which may hold strings (in Python 3.12
// even with the enclosing string's quote), brackets, and in a multi-line
// field comments; then a conversion and a format spec, which may hold
// fields of its own. It reports false when the string ends inside.
func (s *scanner) field(q byte, triple bool) bool {
	s.fnest++
	defer func() { s.fnest-- }()
	if s.fnest > maxFieldNest {
		return false
	}
	src := s.src
	depth := 0
	for s.pos < len(src) {
		c := src[s.pos]
		switch {
		case c == '(' || c == '[' || c == '{':
			depth++
			s.pos++
		case c == ')' || c == ']':
			depth--
			s.pos++
		case c == '}':
			s.pos++
			if depth <= 0 {
				return true
			}
			depth--
		case c == ':' && depth <= 0:
			s.pos++
			return s.formatSpec(q, triple)
		case c == '"' || c == '\'':
			if !s.literal("") {
				return false
			}
		case isLetter(c) || c >= utf8.RuneSelf:
			st := s.pos
			for s.pos < len(src) && (isLetter(src[s.pos]) || isDigit(src[s.pos]) || src[s.pos] >= utf8.RuneSelf) {
				s.pos++
			}
			if s.pos < len(src) && (src[s.pos] == '"' || src[s.pos] == '\'') && isPrefix(src[st:s.pos]) {
				if !s.literal(src[st:s.pos]) {
					return false
				}
			}
		case c == '#':
			for s.pos < len(src) && src[s.pos] != '\n' {
				s.pos++
			}
		case c == '\n':
			// A one-line f-string's field may span lines only inside
			// brackets, so an unclosed f"{ does not run on through the file.
			if !triple && depth <= 0 {
				return false
			}
			s.newline(s.pos)
			s.pos++
		case c == '\\':
			s.escape(false)
		default:
			s.pos++
		}
	}
	return false
}

// formatSpec scans a replacement field's format spec after its colon, up
// to and including the field's }.
func (s *scanner) formatSpec(q byte, triple bool) bool {
	src := s.src
	for s.pos < len(src) {
		switch c := src[s.pos]; c {
		case '{':
			s.pos++
			if !s.field(q, triple) {
				return false
			}
		case '}':
			s.pos++
			return true
		case '\\':
			s.escape(false)
		case '\n':
			if !triple {
				return false
			}
			s.newline(s.pos)
			s.pos++
		case q:
			if !triple {
				return true // the string ends here; the field was never closed
			}
			s.pos++
		default:
			s.pos++
		}
	}
	return false
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
	// op, op= pairs
	assign := func(plain, as grammars.Kind) grammars.Kind {
		if c1 == '=' {
			return two(as)
		}
		return one(plain)
	}
	switch src[p] {
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
		return one(opSemi)
	case '.':
		if c1 == '.' && c2 == '.' {
			return three(tEllipsis)
		}
		return one(opDot)
	case ':':
		return assign(opColon, opWalrus)
	case '=':
		return assign(opAssign, opEq)
	case '+':
		return assign(opAdd, opAddAs)
	case '-':
		if c1 == '>' {
			return two(opArrow)
		}
		return assign(opSub, opSubAs)
	case '*':
		if c1 == '*' {
			if c2 == '=' {
				return three(opPowAs)
			}
			return two(opPow)
		}
		return assign(opMul, opMulAs)
	case '/':
		if c1 == '/' {
			if c2 == '=' {
				return three(opFloorAs)
			}
			return two(opFloorDiv)
		}
		return assign(opDiv, opDivAs)
	case '%':
		return assign(opMod, opModAs)
	case '@':
		return assign(opMatMul, opMatMulAs)
	case '&':
		return assign(opAnd, opAndAs)
	case '|':
		return assign(opOr, opOrAs)
	case '^':
		return assign(opXor, opXorAs)
	case '~':
		return one(opInvert)
	case '!':
		if c1 == '=' {
			return two(opNe)
		}
	case '<':
		switch {
		case c1 == '<' && c2 == '=':
			return three(opShlAs)
		case c1 == '<':
			return two(opShl)
		case c1 == '=':
			return two(opLe)
		}
		return one(opLt)
	case '>':
		switch {
		case c1 == '>' && c2 == '=':
			return three(opShrAs)
		case c1 == '>':
			return two(opShr)
		case c1 == '=':
			return two(opGe)
		}
		return one(opGt)
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
		case tString:
			name = "String"
		case tNewline:
			name = "Newline"
		case tIllegal:
			name = "Illegal"
		case tBody:
			name = "Body"
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
