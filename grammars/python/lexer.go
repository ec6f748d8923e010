package python

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
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
	kit.Scan
	depth   int // open brackets; inside them a newline is whitespace
	indents []indent
	dedents int  // DEDENT tokens still to return
	bol     bool // at the start of a logical line: indentation comes next
	pending bool // the logical line has tokens, so a NEWLINE is due at its end
	fnest   int  // replacement fields being scanned, nested

	// inField: this scanner reads the expression of one f-string
	// replacement field, from after its {, for the parser (fstring.go).
	// depth starts at 1 for the field's brace; at that depth a :, a }
	// or a ! that is not != ends the expression, and after : or } it
	// returns only EOF (done), so it never reads the format spec or the
	// string's literal text as tokens.
	inField bool
	done    bool
	// fieldTrivia: comments of replacement fields were added to Trivia
	// out of order, after the parser took their f-strings apart.
	fieldTrivia bool
}

func newScanner(src string, pattern bool) *scanner {
	return &scanner{Scan: kit.NewScan(src, pattern), bol: true, indents: make([]indent, 1, 16)}
}

// synth returns a NEWLINE, INDENT or DEDENT token at the current position.
func (s *scanner) synth(k grammars.Kind) kit.Token { return s.Empty(k, s.Pos, true) }

// Next returns the next token; it never fails.
func (s *scanner) Next() kit.Token {
	if s.done {
		return s.Empty(tEOF, s.Pos, false)
	}
	for {
		if s.dedents > 0 {
			s.dedents--
			return s.synth(tDedent)
		}
		if s.bol {
			s.bol = false
			if k, ok := s.indentation(); ok {
				return s.synth(k)
			}
		}
		s.Begin()
		if s.Pos >= len(s.Src) {
			return s.end()
		}
		switch s.Src[s.Pos] {
		case ' ', '\t', '\f', '\r':
			s.Pos++
			continue
		case '\n':
			at := s.Pos
			s.Pos++
			s.Newline(at)
			if s.depth > 0 {
				continue
			}
			s.bol = true
			if s.pending {
				s.pending = false
				return kit.Token{Kind: tNewline, Offset: uint32(at), Line: int32(s.Line - 1), Column: int32(at - s.TokLS + 1), Synthetic: true}
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
		return s.token()
	}
}

// end returns the tokens due at the end of the source: the last line's
// NEWLINE, a DEDENT for each open indentation level, then EOF.
func (s *scanner) end() kit.Token {
	if s.inField {
		return s.Empty(tEOF, s.Pos, false)
	}
	if s.pending {
		s.pending = false
		return s.synth(tNewline)
	}
	if len(s.indents) > 1 {
		s.indents = s.indents[:len(s.indents)-1]
		return s.synth(tDedent)
	}
	return s.Empty(tEOF, s.Pos, false)
}

// indentation measures the indentation of a line that starts a logical
// line and returns the INDENT or first DEDENT it calls for. A blank line,
// or one of only a comment, calls for none.
func (s *scanner) indentation() (grammars.Kind, bool) {
	col, alt := 0, 0
	p := s.Pos
loop:
	for ; p < len(s.Src); p++ {
		switch s.Src[p] {
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
	s.Pos = p
	if p >= len(s.Src) {
		return 0, false
	}
	switch s.Src[p] {
	case '#', '\n':
		return 0, false
	case '\r':
		if p+1 < len(s.Src) && s.Src[p+1] == '\n' {
			return 0, false
		}
	}
	s.TokLine, s.TokLS = s.Line, s.LineStart
	top := s.indents[len(s.indents)-1]
	switch {
	case col == top.col:
		if alt != top.alt {
			s.Errorf(p, "inconsistent use of tabs and spaces in indentation")
		}
		return 0, false
	case col > top.col:
		if alt <= top.alt {
			s.Errorf(p, "inconsistent use of tabs and spaces in indentation")
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
		s.Errorf(p, "unindent does not match any outer indentation level")
	} else if alt != top.alt {
		s.Errorf(p, "inconsistent use of tabs and spaces in indentation")
	}
	s.dedents = n - 1
	return tDedent, true
}

// comment keeps a # comment, up to the end of its line, as trivia.
func (s *scanner) comment() {
	start := s.Pos
	end := len(s.Src)
	if i := strings.IndexByte(s.Src[start:], '\n'); i >= 0 {
		end = start + i
	}
	s.Pos = end
	if end > start && s.Src[end-1] == '\r' {
		end--
	}
	s.Comment(start, end)
}

// continuation skips a backslash that joins its line to the next and
// reports whether there was one.
func (s *scanner) continuation() bool {
	p := s.Pos + 1
	if p < len(s.Src) && s.Src[p] == '\r' {
		p++
	}
	if p < len(s.Src) && s.Src[p] == '\n' {
		s.Pos = p + 1
		s.Newline(p)
		return true
	}
	return false
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }

func (s *scanner) token() kit.Token {
	start := s.Pos
	c := s.Src[s.Pos]
	switch {
	case isLetter(c) || c >= utf8.RuneSelf:
		if c >= utf8.RuneSelf && !s.identStart() {
			return s.Token(tIllegal, start)
		}
		s.Word(isIdentRune)
		word := s.Src[start:s.Pos]
		if s.Pos < len(s.Src) && (s.Src[s.Pos] == '"' || s.Src[s.Pos] == '\'') && isPrefix(word) {
			s.str(start, word)
			return s.Token(tString, start)
		}
		k, ok := keywords.Lookup(word)
		if !ok {
			k = tIdent
		}
		return s.Token(k, start)
	case isDigit(c) || c == '.' && s.Pos+1 < len(s.Src) && isDigit(s.Src[s.Pos+1]):
		return s.Token(s.number(), start)
	case c == '"' || c == '\'':
		s.str(start, "")
		return s.Token(tString, start)
	case c == '$' && s.Metavar():
		return s.Token(tIdent, start)
	case s.inField && s.depth == 1:
		if k, ok := s.fieldEnd(c); ok {
			return s.Token(k, start)
		}
	}
	k, ok := s.Punct(operators)
	if !ok {
		k = tIllegal
	}
	switch k {
	case tIllegal:
		s.Pos++
		if c == '\\' {
			s.Errorf(start, "unexpected character after line continuation character")
		} else {
			s.Errorf(start, "invalid character %q", c)
		}
	case opLParen, opLBrack, opLBrace:
		s.depth++
	case opRParen, opRBrack, opRBrace:
		if s.depth > 0 {
			s.depth--
		}
	}
	return s.Token(k, start)
}

// fieldEnd reads, in a field scanner at the field's own depth, a token
// that ends the field's expression: the : of a format spec or the
// closing }, after which the scanner is done, or the ! of a conversion.
func (s *scanner) fieldEnd(c byte) (grammars.Kind, bool) {
	switch {
	case c == ':':
		s.Pos++
		s.done = true
		return opColon, true
	case c == '}':
		s.Pos++
		s.done = true
		s.depth = 0
		return opRBrace, true
	case c == '!' && (s.Pos+1 >= len(s.Src) || s.Src[s.Pos+1] != '='):
		s.Pos++
		return opBang, true
	}
	return 0, false
}

// identStart checks the non-ASCII character at the current position
// starts an identifier; if not, it skips it with an error.
func (s *scanner) identStart() bool {
	r, _ := utf8.DecodeRuneInString(s.Src[s.Pos:])
	if unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r) {
		return true
	}
	s.BadRune()
	return false
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

func (s *scanner) digits(p int) int {
	for p < len(s.Src) && (isDigit(s.Src[p]) || s.Src[p] == '_') {
		p++
	}
	return p
}

// number scans an integer or float literal, imaginary ones included (as
// tree-sitter-python does, 1j is an integer and 1.5j a float). It stops
// where Python's tokenizer does, so 1if x else 2 is 1, if, x, ….
func (s *scanner) number() grammars.Kind {
	src, p := s.Src, s.Pos
	if src[p] == '0' && p+1 < len(src) && strings.IndexByte("xXoObB", src[p+1]) >= 0 {
		p += 2
		for p < len(src) && (isHex(src[p]) || src[p] == '_') {
			p++
		}
		s.Pos = p
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
	s.Pos = p
	if float {
		return tFloat
	}
	return tInt
}

// str scans a string literal whose prefix (possibly empty) starts at
// start and whose quote is at the current position.
func (s *scanner) str(start int, prefix string) {
	q := s.Pos
	triple := q+2 < len(s.Src) && s.Src[q+1] == s.Src[q] && s.Src[q+2] == s.Src[q]
	if s.literal(prefix) {
		return
	}
	if triple {
		s.Errorf(start, "unterminated triple-quoted string literal")
	} else {
		s.Errorf(start, "unterminated string literal")
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
	q := s.Src[s.Pos]
	triple := s.Pos+2 < len(s.Src) && s.Src[s.Pos+1] == q && s.Src[s.Pos+2] == q
	if triple {
		s.Pos += 3
	} else {
		s.Pos++
	}
	return s.body(q, triple, raw, f)
}

// body scans a string's contents up to and including its closing quote.
func (s *scanner) body(q byte, triple, raw, f bool) bool {
	src := s.Src
	for s.Pos < len(src) {
		switch c := src[s.Pos]; c {
		case q:
			s.Pos++
			if !triple {
				return true
			}
			if s.Pos+1 < len(src) && src[s.Pos] == q && src[s.Pos+1] == q {
				s.Pos += 2
				return true
			}
		case '\\':
			s.escape(f && !raw)
		case '\n':
			if !triple {
				return false
			}
			s.Newline(s.Pos)
			s.Pos++
		case '{':
			s.Pos++
			if !f {
				continue
			}
			if s.Pos < len(src) && src[s.Pos] == '{' {
				s.Pos++
				continue
			}
			if !s.field(q, triple) {
				return false
			}
		default:
			s.Pos++
		}
	}
	return false
}

// escape skips a backslash and what it escapes. A brace after it is left
// alone, as it still opens or closes a replacement field; with named, the
// braces of \N{NAME} are the escape's.
func (s *scanner) escape(named bool) {
	s.Pos++
	if s.Pos >= len(s.Src) {
		return
	}
	switch s.Src[s.Pos] {
	case '\n':
		s.Newline(s.Pos)
	case '\r':
		if s.Pos+1 < len(s.Src) && s.Src[s.Pos+1] == '\n' {
			s.Pos++
			s.Newline(s.Pos)
		}
	case '{', '}':
		return
	case 'N':
		if named && s.Pos+1 < len(s.Src) && s.Src[s.Pos+1] == '{' {
			if i := strings.IndexByte(s.Src[s.Pos:], '}'); i >= 0 && !strings.Contains(s.Src[s.Pos:s.Pos+i], "\n") {
				s.Pos += i
			}
		}
	}
	s.Pos++
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
	src := s.Src
	depth := 0
	for s.Pos < len(src) {
		c := src[s.Pos]
		switch {
		case c == '(' || c == '[' || c == '{':
			depth++
			s.Pos++
		case c == ')' || c == ']':
			depth--
			s.Pos++
		case c == '}':
			s.Pos++
			if depth <= 0 {
				return true
			}
			depth--
		case c == ':' && depth <= 0:
			s.Pos++
			return s.formatSpec(q, triple)
		case c == '"' || c == '\'':
			if !s.literal("") {
				return false
			}
		case isLetter(c) || c >= utf8.RuneSelf:
			st := s.Pos
			for s.Pos < len(src) && (isLetter(src[s.Pos]) || isDigit(src[s.Pos]) || src[s.Pos] >= utf8.RuneSelf) {
				s.Pos++
			}
			if s.Pos < len(src) && (src[s.Pos] == '"' || src[s.Pos] == '\'') && isPrefix(src[st:s.Pos]) {
				if !s.literal(src[st:s.Pos]) {
					return false
				}
			}
		case c == '#':
			for s.Pos < len(src) && src[s.Pos] != '\n' {
				s.Pos++
			}
		case c == '\n':
			// A one-line f-string's field may span lines only inside
			// brackets, so an unclosed f"{ does not run on through the file.
			if !triple && depth <= 0 {
				return false
			}
			s.Newline(s.Pos)
			s.Pos++
		case c == '\\':
			s.escape(false)
		default:
			s.Pos++
		}
	}
	return false
}

// formatSpec scans a replacement field's format spec after its colon, up
// to and including the field's }.
func (s *scanner) formatSpec(q byte, triple bool) bool {
	src := s.Src
	for s.Pos < len(src) {
		switch c := src[s.Pos]; c {
		case '{':
			s.Pos++
			if !s.field(q, triple) {
				return false
			}
		case '}':
			s.Pos++
			return true
		case '\\':
			s.escape(false)
		case '\n':
			if !triple {
				return false
			}
			s.Newline(s.Pos)
			s.Pos++
		case q:
			if !triple {
				return true // the string ends here; the field was never closed
			}
			s.Pos++
		default:
			s.Pos++
		}
	}
	return false
}
