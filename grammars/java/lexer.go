package java

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// The lexer reads the whole file into tokens before the parser starts:
// the parser looks far ahead (is this ( a cast, a lambda's parameters or
// parentheses? is this < a type's arguments?), which a slice and the
// index of each bracket's partner make cheap.
//
// Java translates Unicode escapes (\u0041) before it cuts tokens, so an
// escape may stand for any character, a quote or a line break among
// them. A file with one is lexed from its translation, and each token,
// comment and error is moved back to the bytes of the source it came
// from: a leaf's text is what the file says, escapes and all.
type lexer struct {
	kit.Scan
	kit.Tokens
}

// newLexer returns a lexer of src with its tokens read.
func newLexer(src string, pattern bool) *lexer {
	escapes := strings.Contains(src, `\u`)
	if !escapes || inertEscapes(src) {
		lx := lex(src, pattern)
		if !escapes || !lx.strayBackslash() {
			lx.Pair(brackets)
			return lx
		}
		lx.Release() // an escape in code: translate
	}
	text, offs, bad := unescape(src)
	lx := lex(text, pattern)
	if offs != nil {
		lx.restore(src, offs)
	}
	// A bad escape's error goes before the lexer's, so that where both
	// stand at one place (the \ of \u00zz in code, an invalid character
	// too) the sort, which is stable, puts the one that says why first.
	var escErrs grammars.ErrorList
	for i, at := range bad {
		if i == 10 {
			break
		}
		line, col := lineCol(src, at)
		escErrs = append(escErrs, &grammars.Error{Line: line, Column: col, Span: grammars.Span{Start: uint32(at), End: uint32(at + 2)},
			Msg: "illegal Unicode escape: \\u must be followed by four hexadecimal digits"})
	}
	lx.Errs = append(escErrs, lx.Errs...)
	lx.Errs.Sort()
	lx.Pair(brackets)
	return lx
}

// lex reads every token of text.
func lex(text string, pattern bool) *lexer {
	lx := &lexer{Scan: kit.NewScan(text, pattern)}
	lx.Reuse(len(text)/8 + 16)
	lx.run()
	return lx
}

// inertEscapes reports whether every Unicode escape of src, each well
// formed, stands for a character that changes no token where an escape
// can stand untranslated, in a string, a character literal or a comment:
// no quote, backslash, line break, * or /. Most files with escapes
// (the JDK's '\u0000', its comments' \u00e9) are lexed as they are
// written, with no translation; an escape in code shows as a stray
// backslash (strayBackslash), and the file is translated then.
func inertEscapes(src string) bool {
	run := 0 // backslashes just before i
	for i := 0; i < len(src); i++ {
		if src[i] != '\\' {
			run = 0
			continue
		}
		if run%2 == 1 || i+1 >= len(src) || src[i+1] != 'u' {
			run++
			continue
		}
		j := i + 1
		for j < len(src) && src[j] == 'u' {
			j++
		}
		if j+4 > len(src) {
			return false
		}
		r := 0
		for k := j; k < j+4; k++ {
			d := hexValue(src[k])
			if d < 0 {
				return false
			}
			r = r<<4 | d
		}
		if r < 0x80 && strings.IndexByte("\"'\\\n\r*/", byte(r)) >= 0 {
			return false
		}
		run, i = 0, j+3
	}
	return true
}

// strayBackslash reports whether the lexer met a backslash in code,
// which only an escape there makes valid.
func (lx *lexer) strayBackslash() bool {
	for _, t := range lx.Toks {
		if t.Kind == tIllegal && t.Text[0] == '\\' {
			return true
		}
	}
	return false
}

// brackets pairs each bracket with its partner.
var brackets = kit.NewBrackets(tLParen, tRParen, tLBrack, tRBrack, tLBrace, tRBrace)

// unescape translates the Unicode escapes of src. With none it returns
// src itself and nil offsets; else the translation, the offset in src of
// each of its bytes (and of its end), and where the escapes that are no
// escape (\u not followed by four hexadecimal digits) start. A \ begins
// an escape only after an even number of backslashes, as the language
// says: \\u0041 is a backslash and u0041.
func unescape(src string) (string, []uint32, []int) {
	if !strings.Contains(src, `\u`) {
		return src, nil, nil
	}
	var b strings.Builder
	offs := make([]uint32, 0, len(src)+1)
	var bad []int
	run := 0 // backslashes just before i, escapes' left out
	for i := 0; i < len(src); {
		c := src[i]
		if c != '\\' || run%2 == 1 || i+1 >= len(src) || src[i+1] != 'u' {
			if c == '\\' {
				run++
			} else {
				run = 0
			}
			b.WriteByte(c)
			offs = append(offs, uint32(i))
			i++
			continue
		}
		j := i + 1
		for j < len(src) && src[j] == 'u' {
			j++
		}
		r, ok := rune(0), j+4 <= len(src)
		for k := j; ok && k < j+4; k++ {
			d := hexValue(src[k])
			ok = d >= 0
			r = r<<4 | rune(d)
		}
		if !ok {
			bad = append(bad, i)
			b.WriteByte(c)
			offs = append(offs, uint32(i))
			run++
			i++
			continue
		}
		var enc [4]byte
		n := utf8.EncodeRune(enc[:], r)
		if r >= 0xD800 && r <= 0xDFFF {
			// A surrogate, half of a character written as two escapes:
			// any character that is no token's will do, as both halves
			// stand in a string or a comment in real code.
			n = copy(enc[:], "\uFFFD")
		}
		for k := 0; k < n; k++ {
			b.WriteByte(enc[k])
			offs = append(offs, uint32(i))
		}
		run = 0
		i = j + 4
	}
	if len(bad) > 0 && b.Len() == len(src) {
		return src, nil, bad // no escape was real: nothing moves
	}
	offs = append(offs, uint32(len(src)))
	return b.String(), offs, bad
}

// lineCol returns the line and column of offset at in src.
func lineCol(src string, at int) (line, col int) {
	ls := strings.LastIndexByte(src[:at], '\n') + 1
	return strings.Count(src[:at], "\n") + 1, at - ls + 1
}

func hexValue(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// restore moves the tokens, comments and errors read from a translation
// back to src, whose bytes offs gives, with their lines and columns.
func (lx *lexer) restore(src string, offs []uint32) {
	var starts []int
	starts = append(starts, 0)
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	where := func(off uint32) (int32, int32) {
		line := sort.Search(len(starts), func(i int) bool { return starts[i] > int(off) })
		return int32(line), int32(int(off) - starts[line-1] + 1)
	}
	for i := range lx.Toks {
		t := &lx.Toks[i]
		start, end := offs[t.Offset], offs[int(t.Offset)+len(t.Text)]
		t.Offset, t.Text = start, src[start:end]
		t.Line, t.Column = where(start)
	}
	lx.EOF.Offset = uint32(len(src))
	lx.EOF.Line, lx.EOF.Column = where(lx.EOF.Offset)
	for i := range lx.Trivia {
		lx.Trivia[i] = grammars.Span{Start: offs[lx.Trivia[i].Start], End: offs[lx.Trivia[i].End]}
	}
	for _, e := range lx.Errs {
		e.Span = grammars.Span{Start: offs[e.Span.Start], End: offs[e.Span.End]}
		line, col := where(e.Span.Start)
		e.Line, e.Column = int(line), int(col)
	}
}

func (lx *lexer) at(i int) byte {
	if lx.Pos+i < len(lx.Src) {
		return lx.Src[lx.Pos+i]
	}
	return 0
}

func (lx *lexer) emit(k grammars.Kind, start int) {
	lx.Toks = append(lx.Toks, lx.Token(k, start))
}

// run reads every token of the file.
func (lx *lexer) run() {
	for {
		lx.space()
		lx.Begin()
		if lx.Pos >= len(lx.Src) {
			break
		}
		lx.token(lx.Pos)
	}
	lx.EOF = lx.Empty(tEOF, len(lx.Src), false)
}

// space passes over white space and comments, keeping the comments. The
// ASCII SUB character may end a file, as it did on old systems.
func (lx *lexer) space() {
	src := lx.Src
	for lx.Pos < len(src) {
		switch c := src[lx.Pos]; c {
		case '\n':
			lx.Newline(lx.Pos)
			lx.Pos++
		case ' ', '\t', '\r', '\f':
			lx.Pos++
		case 0x1a:
			if lx.Pos+1 != len(src) {
				return
			}
			lx.Pos++
		case '/':
			switch lx.at(1) {
			case '/':
				start := lx.Pos
				for lx.Pos < len(src) && src[lx.Pos] != '\n' && src[lx.Pos] != '\r' {
					lx.Pos++
				}
				lx.Comment(start, lx.Pos)
			case '*':
				lx.BlockComment(false)
			default:
				return
			}
		default:
			return
		}
	}
}

// ops are the punctuation tokens, which kindNames spell.
var ops = kit.PunctsOf(kindNames[:], tLBrace, tColon)

// token reads one token.
func (lx *lexer) token(start int) {
	src := lx.Src
	c := src[lx.Pos]
	switch {
	case c < utf8.RuneSelf && identStart[c]:
		lx.Pos++
		lx.word()
		k := tIdent
		if kw, ok := keywords.Lookup(src[start:lx.Pos]); ok {
			k = kw
		}
		lx.emit(k, start)
	case isDigit(c) || c == '.' && isDigit(lx.at(1)):
		lx.number(start)
	case c == '"':
		if lx.at(1) == '"' && lx.at(2) == '"' {
			lx.textBlock(start)
		} else {
			lx.quoted(start, '"', "string literal not terminated")
		}
	case c == '\'':
		lx.quoted(start, '\'', "character literal not terminated")
	case c >= utf8.RuneSelf:
		r, n := utf8.DecodeRuneInString(src[lx.Pos:])
		if isJavaStart(r) {
			lx.Pos += n
			lx.word()
			lx.emit(tIdent, start)
			return
		}
		lx.BadRune()
		lx.emit(tIllegal, start)
	default:
		if k, ok := lx.Punct(ops); ok {
			lx.emit(k, start)
			return
		}
		lx.BadRune()
		lx.emit(tIllegal, start)
	}
}

// word moves past the rest of an identifier, $ included.
func (lx *lexer) word() {
	for {
		lx.Word(isJavaPart)
		if lx.Pos < len(lx.Src) && lx.Src[lx.Pos] == '$' {
			lx.Pos++
			continue
		}
		return
	}
}

// identStart holds the ASCII bytes that start an identifier.
var identStart = func() (t [utf8.RuneSelf]bool) {
	for c := range utf8.RuneSelf {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '$'
	}
	return t
}()

// isJavaStart reports whether r, beyond ASCII, starts an identifier: a
// letter, a letter number, a currency symbol or a connector.
func isJavaStart(r rune) bool {
	return unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Sc, r) || unicode.Is(unicode.Pc, r)
}

// isJavaPart reports whether r, beyond ASCII, may stand in an identifier
// after its first character: those that start one, digits, marks, and
// the characters an identifier ignores.
func isJavaPart(r rune) bool {
	return isJavaStart(r) || unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Cf)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number reads an integer or a floating-point literal: 12, 1_000L,
// 0x1F, 017, 0b101, 1.5, .5, 1e-3, 2f, 0x1.8p3.
func (lx *lexer) number(start int) {
	src := lx.Src
	digits := func(ok func(byte) bool) int {
		n := 0
		for lx.Pos < len(src) && (ok(src[lx.Pos]) || src[lx.Pos] == '_') {
			lx.Pos++
			n++
		}
		return n
	}
	isHex := func(c byte) bool { return hexValue(c) >= 0 }
	isBin := func(c byte) bool { return c == '0' || c == '1' }
	suffix := func(set string) bool {
		if lx.Pos < len(src) && strings.IndexByte(set, src[lx.Pos]) >= 0 {
			lx.Pos++
			return true
		}
		return false
	}
	if src[lx.Pos] == '0' && (lx.at(1) == 'x' || lx.at(1) == 'X') {
		lx.Pos += 2
		n := digits(isHex)
		k := tHex
		if lx.at(0) == '.' {
			lx.Pos++
			n += digits(isHex)
			k = tHexFloat
		}
		if c := lx.at(0); c == 'p' || c == 'P' {
			lx.exponent()
			k = tHexFloat
			suffix("fFdD")
		} else if k == tHexFloat {
			lx.Errorf(start, "malformed floating-point literal: a hexadecimal one needs an exponent (p)")
		} else {
			suffix("lL")
		}
		if n == 0 {
			lx.Errorf(start, "hexadecimal numbers must contain at least one hexadecimal digit")
		}
		lx.emit(k, start)
		return
	}
	if src[lx.Pos] == '0' && (lx.at(1) == 'b' || lx.at(1) == 'B') {
		lx.Pos += 2
		if digits(isBin) == 0 {
			lx.Errorf(start, "binary numbers must contain at least one binary digit")
		}
		suffix("lL")
		lx.emit(tBinary, start)
		return
	}
	k := tDecimal
	digits(isDigit)
	if lx.at(0) == '.' && lx.at(1) != '.' && !(lx.at(1) < utf8.RuneSelf && identStart[lx.at(1)] && lx.at(1) != 'e' && lx.at(1) != 'E' && lx.at(1) != 'f' && lx.at(1) != 'F' && lx.at(1) != 'd' && lx.at(1) != 'D') {
		k = tFloat
		lx.Pos++
		digits(isDigit)
	}
	if c := lx.at(0); c == 'e' || c == 'E' {
		lx.exponent()
		k = tFloat
	}
	switch {
	case suffix("fFdD"):
		k = tFloat
	case k == tDecimal && suffix("lL"):
	}
	if k == tDecimal && src[start] == '0' && lx.Pos-start > 1 && src[start+1] != 'l' && src[start+1] != 'L' {
		k = tOctal
	}
	lx.emit(k, start)
}

// exponent reads e-3 or p+4.
func (lx *lexer) exponent() {
	lx.Pos++
	if c := lx.at(0); c == '+' || c == '-' {
		lx.Pos++
	}
	n := 0
	for lx.Pos < len(lx.Src) && (isDigit(lx.Src[lx.Pos]) || lx.Src[lx.Pos] == '_') {
		lx.Pos++
		n++
	}
	if n == 0 {
		lx.Errorf(lx.Pos, "malformed floating-point literal: an exponent needs digits")
	}
}

// quoted reads a string or a character literal, which ends on its line.
func (lx *lexer) quoted(start int, q byte, msg string) {
	src := lx.Src
	lx.Pos++
	for lx.Pos < len(src) {
		switch src[lx.Pos] {
		case q:
			lx.Pos++
			lx.emit(tKindOf(q), start)
			return
		case '\\':
			lx.Pos++
			if lx.Pos < len(src) && src[lx.Pos] != '\n' && src[lx.Pos] != '\r' {
				lx.Pos++
			}
			continue
		case '\n', '\r':
			lx.Errorf(start, "%s", msg)
			lx.emit(tKindOf(q), start)
			return
		}
		lx.Pos++
	}
	lx.Errorf(start, "%s", msg)
	lx.emit(tKindOf(q), start)
}

func tKindOf(q byte) grammars.Kind {
	if q == '"' {
		return tString
	}
	return tChar
}

// textBlock reads a text block: """, the rest of its line blank, then
// lines up to the """ that closes it.
func (lx *lexer) textBlock(start int) {
	src := lx.Src
	lx.Pos += 3
	for lx.Pos < len(src) && (src[lx.Pos] == ' ' || src[lx.Pos] == '\t' || src[lx.Pos] == '\f') {
		lx.Pos++
	}
	if lx.Pos < len(src) && src[lx.Pos] == '\r' {
		lx.Pos++
	}
	if lx.Pos >= len(src) || src[lx.Pos] != '\n' && src[lx.Pos-1] != '\r' {
		lx.Errorf(start, "illegal text block open delimiter sequence, missing line terminator")
	}
	for lx.Pos < len(src) {
		switch src[lx.Pos] {
		case '\n':
			lx.Newline(lx.Pos)
		case '\\':
			lx.Pos++
			if lx.Pos < len(src) && src[lx.Pos] == '\n' {
				lx.Newline(lx.Pos)
			}
		case '"':
			if lx.at(1) == '"' && lx.at(2) == '"' {
				lx.Pos += 3
				lx.emit(tString, start)
				return
			}
		}
		lx.Pos++
	}
	lx.Pos = min(lx.Pos, len(src))
	lx.Errorf(start, "text block not terminated")
	lx.emit(tString, start)
}
