package rust

import (
	"unicode"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// The lexer reads Rust's tokens as rustc's lexer does, with two
// differences that keep the parser simple. A <, a >, a & or a | is always
// a token of its own: the parser joins <<, <=, >>, >=, &&, || and the
// shift assignments from adjacent ones where it reads an operator, so
// that Vec<Vec<u8>> needs no splitting, &&x is a reference to a
// reference, and || is a closure with no parameters, which |$$$P| $B
// matches. And after a . a number is an integer only, so that x.0.1 is
// two field accesses, not x followed by the float 0.1.
//
// Comments, doc comments included, are trivia, and so is a shebang line.
// Its state is its position and the kind of the last token, so the
// parser can move it back to just after any token it holds.
type lexer struct {
	kit.Scan
	prev grammars.Kind // the last token's kind, for number
}

func newLexer(src string, pattern bool) *lexer {
	lx := &lexer{Scan: kit.NewScan(src, pattern)}
	lx.shebang()
	return lx
}

// shebang reads a #! line at the very start as trivia, unless it begins
// an inner attribute (#![…]).
func (lx *lexer) shebang() {
	s := lx.Src[lx.Pos:]
	if len(s) < 2 || s[0] != '#' || s[1] != '!' {
		return
	}
	i := 2
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	if i < len(s) && s[i] == '[' {
		return
	}
	start := lx.Pos
	for lx.Pos < len(lx.Src) && lx.Src[lx.Pos] != '\n' {
		lx.Pos++
	}
	lx.Comment(start, lx.Pos)
}

// resetAfter moves the lexer to just after token t: the parser's Rewind.
func (lx *lexer) resetAfter(t *kit.Token) {
	lx.ResetAfter(t)
	lx.prev = t.Kind
}

func (lx *lexer) at(i int) byte {
	if lx.Pos+i < len(lx.Src) {
		return lx.Src[lx.Pos+i]
	}
	return 0
}

// Next returns the next token.
func (lx *lexer) Next() kit.Token {
	t := lx.next()
	lx.prev = t.Kind
	return t
}

func (lx *lexer) next() kit.Token {
	lx.space()
	lx.Begin()
	start := lx.Pos
	if lx.Pos >= len(lx.Src) {
		return lx.Empty(tEOF, lx.Pos, false)
	}
	c := lx.Src[lx.Pos]
	switch {
	case c == '$' && lx.Metavar():
		return lx.Token(tIdent, start)
	case c == '"':
		lx.Pos++
		lx.quoted(start, '"')
		return lx.Token(tString, start)
	case c == '\'':
		return lx.quote(start)
	case c >= '0' && c <= '9':
		return lx.Token(lx.number(), start)
	case c == 'r' || c == 'b' || c == 'c':
		if k, ok := lx.prefixed(start); ok {
			return lx.Token(k, start)
		}
	}
	if c == '_' || c >= 0x80 || c|0x20 >= 'a' && c|0x20 <= 'z' {
		if n := identLen(lx.Src[lx.Pos:]); n > 0 {
			lx.Pos += n
			text := lx.Src[start:lx.Pos]
			if text == "_" {
				return lx.Token(tUnderscore, start)
			}
			if k, ok := keywords.Lookup(text); ok {
				return lx.Token(k, start)
			}
			return lx.Token(tIdent, start)
		}
	}
	return lx.punct(start)
}

// space skips white space and comments, recording the comments.
func (lx *lexer) space() {
	for lx.Pos < len(lx.Src) {
		switch c := lx.Src[lx.Pos]; {
		case c == '\n':
			lx.Newline(lx.Pos)
			lx.Pos++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			lx.Pos++
		case c == '/' && lx.at(1) == '/':
			start := lx.Pos
			for lx.Pos < len(lx.Src) && lx.Src[lx.Pos] != '\n' {
				lx.Pos++
			}
			lx.Comment(start, lx.Pos)
		case c == '/' && lx.at(1) == '*':
			lx.BlockComment(true)
		case c >= 0x80:
			r, n := utf8.DecodeRuneInString(lx.Src[lx.Pos:])
			if !unicode.Is(unicode.Pattern_White_Space, r) {
				return
			}
			lx.Pos += n
		default:
			return
		}
	}
}

// identLen is the length of the identifier at the start of s (a raw one,
// r#name, included), or 0.
func identLen(s string) int {
	i := 0
	if len(s) > 2 && s[0] == 'r' && s[1] == '#' {
		i = 2
	}
	first := true
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if c == '_' || c|0x20 >= 'a' && c|0x20 <= 'z' || !first && c >= '0' && c <= '9' {
				i++
				first = false
				continue
			}
			break
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if first && !unicode.In(r, unicode.Letter, unicode.Nl, unicode.Other_ID_Start) ||
			!first && !unicode.In(r, unicode.Letter, unicode.Nl, unicode.Other_ID_Start, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue) {
			break
		}
		i += n
		first = false
	}
	if first {
		return 0
	}
	return i
}

// prefixed reads a literal with a prefix: r"…", r#"…"#, b'…', b"…", br"…",
// c"…", cr"…". It reports false, reading nothing, when none starts here.
func (lx *lexer) prefixed(start int) (grammars.Kind, bool) {
	s := lx.Src[lx.Pos:]
	i := 1
	if len(s) > 1 && (s[0] == 'b' || s[0] == 'c') && s[1] == 'r' {
		i = 2
	}
	raw := s[i-1] == 'r'
	switch {
	case raw && i < len(s) && (s[i] == '"' || s[i] == '#'):
		hashes := 0
		for i+hashes < len(s) && s[i+hashes] == '#' {
			hashes++
		}
		if i+hashes >= len(s) || s[i+hashes] != '"' {
			return 0, false // r#ident, or an error the punctuation reports
		}
		lx.Pos += i + hashes + 1
		lx.rawString(start, hashes)
		return tString, true
	case i == 1 && s[0] == 'b' && len(s) > 1 && s[1] == '\'':
		lx.Pos += 2
		lx.quoted(start, '\'')
		return tChar, true
	case i == 1 && (s[0] == 'b' || s[0] == 'c') && len(s) > 1 && s[1] == '"':
		lx.Pos += 2
		lx.quoted(start, '"')
		return tString, true
	}
	return 0, false
}

// quoted reads the rest of a "…" string or a b'…' byte, with escapes,
// after its opening quote.
func (lx *lexer) quoted(start int, q byte) {
	for lx.Pos < len(lx.Src) {
		switch c := lx.Src[lx.Pos]; c {
		case q:
			lx.Pos++
			lx.suffix()
			return
		case '\\':
			if lx.at(1) == '\n' {
				lx.Newline(lx.Pos + 1)
			}
			lx.Pos += 2
		case '\n':
			lx.Newline(lx.Pos)
			lx.Pos++
		default:
			lx.Pos++
		}
	}
	lx.Pos = len(lx.Src)
	lx.Errorf(start, "string literal not terminated")
}

// rawString reads the rest of a raw string after its opening quote: it
// ends at a quote followed by as many #s as it began with.
func (lx *lexer) rawString(start, hashes int) {
	for lx.Pos < len(lx.Src) {
		c := lx.Src[lx.Pos]
		if c == '\n' {
			lx.Newline(lx.Pos)
		}
		lx.Pos++
		if c != '"' {
			continue
		}
		n := 0
		for n < hashes && lx.at(n) == '#' {
			n++
		}
		if n == hashes {
			lx.Pos += n
			lx.suffix()
			return
		}
	}
	lx.Errorf(start, "raw string literal not terminated")
}

// suffix reads a literal's suffix, such as the u8 of 1u8.
func (lx *lexer) suffix() {
	if c := lx.at(0); c == '_' || c|0x20 >= 'a' && c|0x20 <= 'z' {
		lx.Pos += identLen(lx.Src[lx.Pos:])
	}
}

// quote reads what a ' starts: a character literal ('x', '\n', '\u{…}')
// or a lifetime or label ('a, 'static, 'r#a).
func (lx *lexer) quote(start int) kit.Token {
	lx.Pos++
	if lx.at(0) == '\\' {
		lx.quoted(start, '\'')
		return lx.Token(tChar, start)
	}
	r, n := utf8.DecodeRuneInString(lx.Src[lx.Pos:])
	if lx.Pos+n < len(lx.Src) && lx.Src[lx.Pos+n] == '\'' && r != '\n' {
		lx.Pos += n + 1
		lx.suffix()
		return lx.Token(tChar, start)
	}
	if m := identLen(lx.Src[lx.Pos:]); m > 0 {
		lx.Pos += m
		return lx.Token(tLifetime, start)
	}
	lx.Errorf(start, "a ' starts neither a character nor a lifetime")
	if n > 0 && r != '\n' {
		lx.Pos += n
	}
	return lx.Token(tIllegal, start)
}

// number reads a number: an integer, or a float unless the last token
// was a . (x.0.1 is a tuple field of a tuple field).
func (lx *lexer) number() grammars.Kind {
	if lx.Src[lx.Pos] == '0' && (lx.at(1) == 'x' || lx.at(1) == 'o' || lx.at(1) == 'b') {
		base := lx.at(1)
		lx.Pos += 2
		for lx.Pos < len(lx.Src) {
			c := lx.Src[lx.Pos] | 0x20
			if lx.Src[lx.Pos] == '_' || c >= '0' && c <= '9' || base == 'x' && c >= 'a' && c <= 'f' {
				lx.Pos++
				continue
			}
			break
		}
		lx.suffix()
		return tInt
	}
	lx.digits()
	if lx.prev == tDot {
		lx.suffix()
		return tInt
	}
	k := tInt
	if lx.at(0) == '.' && lx.at(1) != '.' && !identStart(lx.at(1)) {
		k = tFloat
		lx.Pos++
		if c := lx.at(0); c >= '0' && c <= '9' {
			lx.digits()
		}
	}
	if c := lx.at(0); c == 'e' || c == 'E' {
		i := 1
		if lx.at(1) == '+' || lx.at(1) == '-' {
			i = 2
		}
		for lx.at(i) == '_' {
			i++
		}
		if d := lx.at(i); d >= '0' && d <= '9' {
			lx.Pos += i
			lx.digits()
			k = tFloat
		}
	}
	if lx.at(0) == 'f' {
		k = tFloat
	}
	lx.suffix()
	return k
}

func (lx *lexer) digits() {
	for c := lx.at(0); c >= '0' && c <= '9' || c == '_'; c = lx.at(0) {
		lx.Pos++
	}
}

func identStart(c byte) bool { return c == '_' || c >= 0x80 || c|0x20 >= 'a' && c|0x20 <= 'z' }

// puncts is the punctuation, each kind's name its text. The longest that
// matches wins, but < and > are always alone: no kind is <= or >>.
var puncts = kit.PunctsOf(kindNames[:], tLBrace, tTilde)

// punct reads punctuation, or an unexpected character.
func (lx *lexer) punct(start int) kit.Token {
	if k, ok := lx.Punct(puncts); ok {
		return lx.Token(k, start)
	}
	_, n := utf8.DecodeRuneInString(lx.Src[lx.Pos:])
	lx.Pos += n
	lx.Errorf(start, "unexpected character %q", lx.Src[start:lx.Pos])
	return lx.Token(tIllegal, start)
}
