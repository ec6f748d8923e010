package javascript

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// The lexer is driven by the parser, as TypeScript's scanner is: what a
// character starts depends on where the parser is, and the parser knows.
// On its own the lexer reads a / as division, a > as one >, and a } as a
// brace; when the parser wants an operand and finds a / it has the lexer
// read a regular expression there instead (relex), when it wants a
// binary operator and finds > it has the lexer read >>= or >= (relex
// again), and when a } closes a template substitution or a JSX
// expression it gives the token the kind that says so (retag), after
// which the lexer reads template text or JSX children. So the lexer's
// state is its position and a mode that the last token's kind decides
// (modeAfter), and the parser can move it back to any token it holds,
// which is also how it rewinds a speculative parse.

// A mode says how the lexer reads the next token.
type mode uint8

const (
	mNormal   mode = iota
	mTemplate      // template text, up to ${ or the closing `
	mJSX           // JSX children: text, {, or <
)

// modeAfter is the mode the lexer is in after a token of kind k.
func modeAfter(k grammars.Kind) mode {
	switch k {
	case tBacktick, tTemplateRBrace, tTemplateChars:
		return mTemplate
	case tJSXGT, tJSXRBrace, tJSXText:
		return mJSX
	}
	return mNormal
}

// A relex says how to read a token again from where it starts.
type relex uint8

const (
	relexRegex      relex = iota // a regular expression literal
	relexGreater                 // >, >=, >>, >>=, >>>, >>>=
	relexJSXName                 // a JSX name, which may have dashes: data-id
	relexJSXString               // a JSX attribute string, which has no escapes
	relexTemplateTk              // a template literal's text (after a } given the kind tTemplateRBrace)
)

type lexer struct {
	kit.Scan
	mode mode
	// record keeps every token handed out, for Lex: moving the lexer back
	// drops the ones after the new position.
	record bool
	toks   []grammars.Token
}

// newLexer returns a lexer of src; a hashbang line is trivia.
func newLexer(src string, pattern bool) *lexer {
	lx := &lexer{Scan: kit.NewScan(src, pattern)}
	lx.Hashbang()
	return lx
}

// Next returns the next token in the current mode.
func (lx *lexer) Next() kit.Token {
	var t kit.Token
	switch lx.mode {
	case mTemplate:
		t = lx.templateText()
	case mJSX:
		t = lx.jsxChild()
	default:
		t = lx.scan()
	}
	return lx.emit(t)
}

// emit hands out t: it sets the mode t leaves the lexer in and records
// t when recording.
func (lx *lexer) emit(t kit.Token) kit.Token {
	lx.mode = modeAfter(t.Kind)
	if t.Kind == tTemplateChars && lx.Pos >= len(lx.Src) {
		lx.mode = mNormal // an unterminated template; the file ends
	}
	if lx.record && t.Kind != tEOF {
		lx.toks = append(lx.toks, grammars.Token{Kind: t.Kind, Span: grammars.Span{Start: t.Offset, End: t.End()}})
	}
	return t
}

// resetBefore moves the lexer back to the start of token t, and forgets
// what it found from there on, which it will read again.
func (lx *lexer) resetBefore(t *kit.Token) {
	lx.Pos, lx.Line, lx.LineStart, lx.mode = int(t.Offset), int(t.Line), t.LineStart(), mNormal
	lx.ForgetFrom(lx.Pos)
	lx.dropFrom(lx.Pos)
}

// resetAfter moves the lexer to just after token t, in the mode t leaves
// it in, and forgets what it found after t.
func (lx *lexer) resetAfter(t *kit.Token) {
	lx.ResetAfter(t)
	lx.mode = modeAfter(t.Kind)
	lx.dropFrom(lx.Pos)
}

// relexAt reads the token at the current position (where resetBefore
// put the lexer) the way how says.
func (lx *lexer) relexAt(how relex) kit.Token {
	lx.Begin()
	start := lx.Pos
	switch how {
	case relexRegex:
		lx.regex(start)
		return lx.emit(lx.Token(tRegex, start))
	case relexGreater:
		k := tGT
		lx.Pos++
		if lx.at(0) == '>' {
			lx.Pos++
			k = tShr
			if lx.at(0) == '>' {
				lx.Pos++
				k = tUShr
			}
		}
		if lx.at(0) == '=' {
			lx.Pos++
			switch k {
			case tGT:
				k = tGE
			case tShr:
				k = tShrAs
			default:
				k = tUShrAs
			}
		}
		return lx.emit(lx.Token(k, start))
	case relexJSXName:
		lx.identRest(true)
		return lx.emit(lx.Token(tIdent, start))
	case relexJSXString:
		lx.Pos++
		lx.Raw(start, lx.Src[start], "unterminated string literal")
		return lx.emit(lx.Token(tString, start))
	}
	panic("unknown relex")
}

// at returns the byte i places after the current position, or 0.
func (lx *lexer) at(i int) byte {
	if lx.Pos+i < len(lx.Src) {
		return lx.Src[lx.Pos+i]
	}
	return 0
}

// skipSpace passes over white space and comments, recording the comments
// as trivia.
func (lx *lexer) skipSpace() {
	src := lx.Src
	for lx.Pos < len(src) {
		c := src[lx.Pos]
		switch c {
		case ' ', '\t', '\r', '\v', '\f':
			lx.Pos++
		case '\n':
			lx.Newline(lx.Pos)
			lx.Pos++
		case '/':
			switch lx.at(1) {
			case '/':
				start := lx.Pos
				end := len(src)
				if i := strings.IndexByte(src[start:], '\n'); i >= 0 {
					end = start + i
				}
				// A \r, U+2028 or U+2029 ends a line too, but seldom comes.
				if i := strings.IndexByte(src[start:end], '\r'); i >= 0 {
					end = start + i
				}
				for i := start; i < end; i++ {
					if j := strings.IndexByte(src[i:end], 0xE2); j < 0 {
						break
					} else if i += j; isLSPS(src, i) {
						end = i
					}
				}
				lx.Pos = end
				lx.Comment(start, end)
			case '*':
				start := lx.Pos
				end := strings.Index(src[start+2:], "*/")
				if end < 0 {
					lx.Pos = len(src)
					lx.Errorf(start, "unterminated comment")
				} else {
					lx.Pos = start + 2 + end + 2
				}
				if n := strings.Count(src[start:lx.Pos], "\n"); n > 0 {
					lx.Line += n
					lx.LineStart = start + strings.LastIndexByte(src[start:lx.Pos], '\n') + 1
				}
				lx.Comment(start, lx.Pos)
			default:
				return
			}
		default:
			if c < utf8.RuneSelf {
				return
			}
			r, n := utf8.DecodeRuneInString(src[lx.Pos:])
			if !isUnicodeSpace(r) {
				return
			}
			lx.Pos += n
		}
	}
}

// isLSPS reports whether a line or paragraph separator (U+2028, U+2029)
// starts at i.
func isLSPS(src string, i int) bool {
	return src[i] == 0xE2 && i+2 < len(src) && src[i+1] == 0x80 && (src[i+2] == 0xA8 || src[i+2] == 0xA9)
}

// isUnicodeSpace reports whether r is white space or a line terminator
// beyond ASCII.
func isUnicodeSpace(r rune) bool {
	switch r {
	case 0xA0, 0xFEFF, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// identBytes classifies ASCII bytes: 1 may start an identifier, 2 may
// continue one.
var identBytes = func() (t [256]uint8) {
	for c := 0; c < 128; c++ {
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '$':
			t[c] = 3
		case '0' <= c && c <= '9':
			t[c] = 2
		}
	}
	return t
}()

func isIdentStartByte(c byte) bool { return identBytes[c]&1 != 0 }

func isIdentByte(c byte) bool { return identBytes[c]&2 != 0 }

// isIDStart and isIDContinue are Unicode's ID_Start and ID_Continue.
func isIDStart(r rune) bool {
	return unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)
}

func isIDContinue(r rune) bool {
	return isIDStart(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Nd, r) ||
		unicode.Is(unicode.Pc, r) || unicode.Is(unicode.Other_ID_Continue, r) || r == 0x200C || r == 0x200D
}

// identStart reports whether an identifier starts at the current
// position.
func (lx *lexer) identStart() bool {
	if lx.Pos >= len(lx.Src) {
		return false
	}
	c := lx.Src[lx.Pos]
	if c < utf8.RuneSelf {
		return isIdentStartByte(c) || c == '\\' && lx.at(1) == 'u'
	}
	r, _ := utf8.DecodeRuneInString(lx.Src[lx.Pos:])
	return isIDStart(r)
}

// identRest reads identifier characters (and, in a JSX name, dashes),
// escapes included, and reports whether it met an escape.
func (lx *lexer) identRest(dash bool) (escaped bool) {
	src := lx.Src
	for lx.Pos < len(src) {
		c := src[lx.Pos]
		if isIdentByte(c) {
			lx.Pos++
			continue
		}
		if c < utf8.RuneSelf {
			switch {
			case dash && c == '-':
				lx.Pos++
			case c == '\\' && lx.at(1) == 'u':
				escaped = true
				lx.unicodeEscape()
			default:
				return escaped
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(src[lx.Pos:])
		if !isIDContinue(r) {
			return escaped
		}
		lx.Pos += n
	}
	return escaped
}

// unicodeEscape reads \uXXXX or \u{X…} in an identifier.
func (lx *lexer) unicodeEscape() {
	start := lx.Pos
	lx.Pos += 2
	if lx.at(0) == '{' {
		lx.Pos++
		for lx.Pos < len(lx.Src) && isHex(lx.Src[lx.Pos]) {
			lx.Pos++
		}
		if lx.at(0) != '}' {
			lx.Errorf(start, "invalid Unicode escape sequence")
			return
		}
		lx.Pos++
		return
	}
	for i := 0; i < 4; i++ {
		if !isHex(lx.at(0)) {
			lx.Errorf(start, "invalid Unicode escape sequence")
			return
		}
		lx.Pos++
	}
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// scan reads a token in the normal mode.
func (lx *lexer) scan() kit.Token {
	lx.skipSpace()
	lx.Begin()
	start := lx.Pos
	src := lx.Src
	if start >= len(src) {
		return lx.Empty(tEOF, start, false)
	}
	c := src[start]
	if isIdentStartByte(c) || c >= utf8.RuneSelf || c == '\\' {
		if c < utf8.RuneSelf && c != '\\' || lx.identStart() {
			if lx.identRest(false) {
				return lx.Token(tIdent, start) // an escaped keyword is no keyword
			}
			t := lx.Token(tIdent, start)
			if c >= 'a' && c <= 'z' {
				t.Kind = keyword(t.Text)
			}
			return t
		}
		_, n := utf8.DecodeRuneInString(src[start:])
		lx.Pos += n
		lx.Errorf(start, "unexpected character %q", src[start:lx.Pos])
		return lx.Token(tIllegal, start)
	}
	if isDigit(c) || c == '.' && isDigit(lx.at(1)) {
		lx.number()
		return lx.Token(tNumber, start)
	}
	k := tIllegal
	lx.Pos++
	switch c {
	case '"', '\'':
		lx.str(start, c)
		return lx.Token(tString, start)
	case '`':
		return lx.Token(tBacktick, start)
	case '#':
		if lx.identStart() {
			lx.identRest(false)
			return lx.Token(tPrivateName, start)
		}
	case '{':
		k = tLBrace
	case '}':
		k = tRBrace
	case '(':
		k = tLParen
	case ')':
		k = tRParen
	case '[':
		k = tLBrack
	case ']':
		k = tRBrack
	case ';':
		k = tSemi
	case ',':
		k = tComma
	case '~':
		k = tTilde
	case '@':
		k = tAt
	case ':':
		k = tColon
	case '.':
		k = tDot
		if lx.at(0) == '.' && lx.at(1) == '.' {
			lx.Pos += 2
			k = tEllipsis
		}
	case '?':
		k = tQuestion
		switch {
		case lx.at(0) == '.' && !isDigit(lx.at(1)):
			lx.Pos++
			k = tQDot
		case lx.at(0) == '?':
			lx.Pos++
			k = tQQ
			if lx.at(0) == '=' {
				lx.Pos++
				k = tQQAs
			}
		}
	case '=':
		k = lx.pick(tAssign, '=', tEq, '=', tEqq)
		if k == tAssign && lx.at(0) == '>' {
			lx.Pos++
			k = tArrow
		}
	case '!':
		k = lx.pick(tBang, '=', tNe, '=', tNeq)
	case '+':
		k = lx.pick2(tPlus, '+', tInc, '=', tPlusAs)
	case '-':
		k = lx.pick2(tMinus, '-', tDec, '=', tMinusAs)
	case '*':
		if lx.at(0) == '*' {
			lx.Pos++
			k = lx.pick(tStarStar, '=', tPowAs, 0, 0)
		} else {
			k = lx.pick(tStar, '=', tStarAs, 0, 0)
		}
	case '/':
		k = lx.pick(tSlash, '=', tSlashAs, 0, 0)
	case '%':
		k = lx.pick(tPercent, '=', tPercentAs, 0, 0)
	case '^':
		k = lx.pick(tCaret, '=', tCaretAs, 0, 0)
	case '&':
		if lx.at(0) == '&' {
			lx.Pos++
			k = lx.pick(tAndAnd, '=', tAndAndAs, 0, 0)
		} else {
			k = lx.pick(tAmp, '=', tAmpAs, 0, 0)
		}
	case '|':
		if lx.at(0) == '|' {
			lx.Pos++
			k = lx.pick(tOrOr, '=', tOrOrAs, 0, 0)
		} else {
			k = lx.pick(tPipe, '=', tPipeAs, 0, 0)
		}
	case '<':
		if lx.at(0) == '<' {
			lx.Pos++
			k = lx.pick(tShl, '=', tShlAs, 0, 0)
		} else {
			k = lx.pick(tLT, '=', tLE, 0, 0)
		}
	case '>':
		// Always one >: the parser asks for >> or >= where an operator
		// may be, so that the > closing List<List<T>> stays two tokens.
		k = tGT
	}
	if k == tIllegal {
		lx.Errorf(start, "unexpected character %q", src[start:lx.Pos])
	}
	return lx.Token(k, start)
}

// pick reads an operator that may go on with c1 (then kind k1) and then
// c2 (then kind k2).
func (lx *lexer) pick(k0 grammars.Kind, c1 byte, k1 grammars.Kind, c2 byte, k2 grammars.Kind) grammars.Kind {
	if c1 == 0 || lx.at(0) != c1 {
		return k0
	}
	lx.Pos++
	if c2 == 0 || lx.at(0) != c2 {
		return k1
	}
	lx.Pos++
	return k2
}

// pick2 reads an operator that may go on with c1 (then kind k1) or with
// c2 (then kind k2).
func (lx *lexer) pick2(k0 grammars.Kind, c1 byte, k1 grammars.Kind, c2 byte, k2 grammars.Kind) grammars.Kind {
	switch lx.at(0) {
	case c1:
		lx.Pos++
		return k1
	case c2:
		lx.Pos++
		return k2
	}
	return k0
}

// number reads a numeric literal: decimal, hex, octal or binary, with
// separators, a fraction and an exponent, or a BigInt's n.
func (lx *lexer) number() {
	src := lx.Src
	digits := func(ok func(byte) bool) {
		for lx.Pos < len(src) && (ok(src[lx.Pos]) || src[lx.Pos] == '_') {
			lx.Pos++
		}
	}
	if src[lx.Pos] == '0' && lx.Pos+1 < len(src) {
		switch src[lx.Pos+1] | 0x20 {
		case 'x':
			lx.Pos += 2
			digits(isHex)
			lx.bigint()
			return
		case 'o', 'b':
			lx.Pos += 2
			digits(isDigit)
			lx.bigint()
			return
		}
	}
	digits(isDigit)
	if lx.at(0) == '.' {
		lx.Pos++
		digits(isDigit)
	}
	if c := lx.at(0) | 0x20; c == 'e' {
		if d := lx.at(1); isDigit(d) || (d == '+' || d == '-') && isDigit(lx.at(2)) {
			lx.Pos += 2
			digits(isDigit)
		}
	}
	lx.bigint()
}

// bigint reads a BigInt's n; an identifier right after a number is an
// error.
func (lx *lexer) bigint() {
	if lx.at(0) == 'n' {
		lx.Pos++
	}
	if lx.identStart() {
		start := lx.Pos
		lx.identRest(false)
		lx.Errorf(start, "an identifier or keyword cannot immediately follow a numeric literal")
	}
}

// str reads a string literal after its opening quote q.
func (lx *lexer) str(start int, q byte) {
	src := lx.Src
	for {
		if lx.Pos >= len(src) {
			lx.Errorf(start, "unterminated string literal")
			return
		}
		c := src[lx.Pos]
		switch c {
		case q:
			lx.Pos++
			return
		case '\\':
			lx.Pos++
			if lx.Pos < len(src) {
				switch src[lx.Pos] {
				case '\r':
					if lx.at(1) == '\n' {
						lx.Pos++
					}
					lx.Newline(lx.Pos)
				case '\n':
					lx.Newline(lx.Pos)
				}
				lx.Pos++
			}
		case '\n', '\r':
			lx.Errorf(start, "unterminated string literal")
			return
		default:
			lx.Pos++
		}
	}
}

// regex reads a regular expression literal from its opening /: a / in
// a character class does not end it, and neither does an escaped one.
func (lx *lexer) regex(start int) {
	src := lx.Src
	lx.Pos++
	class := false
	for {
		if lx.Pos >= len(src) || src[lx.Pos] == '\n' || src[lx.Pos] == '\r' || isLSPS(src, lx.Pos) {
			lx.Errorf(start, "unterminated regular expression literal")
			return
		}
		c := src[lx.Pos]
		lx.Pos++
		switch {
		case c == '\\':
			if lx.Pos < len(src) && src[lx.Pos] != '\n' && src[lx.Pos] != '\r' {
				lx.Pos++
			}
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == '/' && !class:
			lx.identRest(false) // the flags
			return
		}
	}
}

// templateText reads template text up to ${ or the closing `, or, when
// the text is empty, that delimiter.
func (lx *lexer) templateText() kit.Token {
	lx.Begin()
	start := lx.Pos
	src := lx.Src
	for lx.Pos < len(src) {
		switch src[lx.Pos] {
		case '`':
			if lx.Pos == start {
				lx.Pos++
				return lx.Token(tBacktickEnd, start)
			}
			return lx.Token(tTemplateChars, start)
		case '$':
			if lx.at(1) == '{' {
				if lx.Pos == start {
					lx.Pos += 2
					return lx.Token(tDollarBrace, start)
				}
				return lx.Token(tTemplateChars, start)
			}
		case '\\':
			lx.Pos++
			if lx.Pos < len(src) && src[lx.Pos] == '\n' {
				lx.Newline(lx.Pos)
			}
		case '\n':
			lx.Newline(lx.Pos)
		}
		lx.Pos++
	}
	// An unterminated template: the parser reports it where it starts.
	lx.Pos = len(src)
	if lx.Pos == start {
		return lx.Empty(tEOF, start, false)
	}
	return lx.Token(tTemplateChars, start)
}

// isJSXSpace reports whether c is white space around JSX text.
func isJSXSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// jsxChild reads among JSX children: text (without the white space
// around it, which is no token; white space alone is none), or the { or
// < that ends it. In a pattern, a metavariable standing alone among
// children is an identifier, so that <a>$$$C</a> is a pattern.
func (lx *lexer) jsxChild() kit.Token {
	src := lx.Src
	for lx.Pos < len(src) && isJSXSpace(src[lx.Pos]) {
		if src[lx.Pos] == '\n' {
			lx.Newline(lx.Pos)
		}
		lx.Pos++
	}
	lx.Begin()
	start := lx.Pos
	if start >= len(src) {
		return lx.Empty(tEOF, start, false)
	}
	switch src[start] {
	case '{':
		lx.Pos++
		return lx.Token(tLBrace, start)
	case '<':
		lx.Pos++
		return lx.Token(tLT, start)
	}
	if lx.Pattern {
		if n := grammars.MetavarLen(src[start:]); n > 0 {
			if end := start + n; end == len(src) || isJSXSpace(src[end]) || src[end] == '<' || src[end] == '{' {
				lx.Pos = end
				return lx.Token(tIdent, start)
			}
		}
	}
	end := start
	for i := start; i < len(src) && src[i] != '{' && src[i] != '<'; i++ {
		if !isJSXSpace(src[i]) {
			end = i + 1
		}
	}
	for ; lx.Pos < end; lx.Pos++ {
		if src[lx.Pos] == '\n' {
			lx.Newline(lx.Pos)
		}
	}
	return lx.Token(tJSXText, start)
}

// dropFrom drops the recorded tokens that start at or after offset off,
// which the lexer, moved back, hands out again.
func (lx *lexer) dropFrom(off int) {
	n := len(lx.toks)
	for n > 0 && int(lx.toks[n-1].Start) >= off {
		n--
	}
	lx.toks = lx.toks[:n]
}
