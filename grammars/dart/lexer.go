package dart

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// The lexer reads the whole file into tokens before the parser starts,
// as Dart's own scanner does. Dart's tokens do not depend on where the
// parser is, but for a string's interpolations, which need a stack of
// the strings they are in; and the parser looks far ahead (is this ( a
// function's parameters? is this < a type's arguments?), which a slice
// and the index of each bracket's partner make cheap. Moving back after
// a speculative parse is moving an index: the kit's Tokens, which the
// parser's window reads.
type lexer struct {
	kit.Scan
	kit.Tokens
	strs []strCtx
}

// A strCtx is a string an interpolation ${ … } is in: how it is quoted,
// and how many { are open inside the interpolation.
type strCtx struct {
	quote  byte
	triple bool
	depth  int
	start  int // the string's first byte, for an error
}

// newLexer returns a lexer of src with its tokens read; a script tag
// (#!) on the first line is trivia.
func newLexer(src string, pattern bool) *lexer {
	lx := &lexer{Scan: kit.NewScan(src, pattern)}
	lx.Reuse(len(src)/5 + 4)
	lx.Hashbang()
	lx.run()
	lx.Pair(brackets)
	return lx
}

// brackets pairs each bracket with its partner; an interpolation's ${
// is closed by the } that ends it.
var brackets = kit.NewBrackets(tLParen, tRParen, tLBrack, tRBrack, tLBrace, tRBrace, tDollarBrace, tInterpEnd)

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
		start := lx.Pos
		if lx.Pos >= len(lx.Src) {
			break
		}
		lx.token(start)
	}
	for _, ctx := range lx.strs { // the outermost first: where the trouble starts
		lx.unterminated(ctx.start)
	}
	lx.strs = nil
	lx.Begin()
	lx.EOF = lx.Empty(tEOF, len(lx.Src), false)
}

// space passes over white space and comments, keeping the comments.
func (lx *lexer) space() {
	src := lx.Src
	for lx.Pos < len(src) {
		switch c := src[lx.Pos]; c {
		case '\n':
			lx.Newline(lx.Pos)
			lx.Pos++
		case ' ', '\t', '\r', '\f', '\v':
			lx.Pos++
		case '/':
			switch lx.at(1) {
			case '/':
				start := lx.Pos
				for lx.Pos < len(src) && src[lx.Pos] != '\n' {
					lx.Pos++
				}
				lx.Comment(start, lx.Pos)
			case '*':
				lx.BlockComment(true)
			default:
				return
			}
		default:
			return
		}
	}
}

// ops are the punctuation tokens, which kindNames spell.
var ops = kit.PunctsOf(kindNames[:], tLBrace, tPipeEq)

// token reads one token, or a whole string's tokens.
func (lx *lexer) token(start int) {
	src := lx.Src
	c := src[lx.Pos]
	switch {
	case isIdentStart(c):
		if c == 'r' && (lx.at(1) == '\'' || lx.at(1) == '"') {
			lx.Pos++
			lx.str(start, true)
			return
		}
		lx.Pos++
		for lx.Pos < len(src) && isIdentPart(src[lx.Pos]) {
			lx.Pos++
		}
		k := tIdent
		if kw, ok := keywords.Lookup(src[start:lx.Pos]); ok {
			k = kw
		}
		lx.emit(k, start)
	case isDigit(c) || c == '.' && isDigit(lx.at(1)):
		lx.number(start)
	case c == '\'' || c == '"':
		lx.str(start, false)
	case c == '{' && len(lx.strs) > 0:
		lx.strs[len(lx.strs)-1].depth++
		lx.Pos++
		lx.emit(tLBrace, start)
	case c == '}' && len(lx.strs) > 0:
		top := &lx.strs[len(lx.strs)-1]
		lx.Pos++
		if top.depth > 0 {
			top.depth--
			lx.emit(tRBrace, start)
			return
		}
		lx.emit(tInterpEnd, start)
		ctx := *top
		lx.strs = lx.strs[:len(lx.strs)-1]
		lx.body(lx.Pos, ctx, false, true)
	default:
		if k, ok := lx.Punct(ops); ok {
			lx.emit(k, start)
			return
		}
		lx.Pos++
		for lx.Pos < len(src) && src[lx.Pos]&0xC0 == 0x80 {
			lx.Pos++ // the rest of a character that is no Dart
		}
		lx.Errorf(start, "unexpected character %q", src[start:lx.Pos])
		lx.emit(tIllegal, start)
	}
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$'
}

func isIdentPart(c byte) bool { return isIdentStart(c) || isDigit(c) }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// number reads 12, 1_000, 0x1F, 1.5, .5, 1e-3. A . is part of it only
// before a digit: 1..toString() is a cascade on 1.
func (lx *lexer) number(start int) {
	src := lx.Src
	digits := func(ok func(byte) bool) {
		for lx.Pos < len(src) && (ok(src[lx.Pos]) || src[lx.Pos] == '_' && lx.Pos+1 < len(src) && (ok(src[lx.Pos+1]) || src[lx.Pos+1] == '_')) {
			lx.Pos++
		}
	}
	if src[lx.Pos] == '0' && (lx.at(1) == 'x' || lx.at(1) == 'X') && isHex(lx.at(2)) {
		lx.Pos += 2
		digits(isHex)
		lx.emit(tInt, start)
		return
	}
	k := tInt
	digits(isDigit)
	if lx.Pos < len(src) && src[lx.Pos] == '.' && isDigit(lx.at(1)) {
		k = tDouble
		lx.Pos++
		digits(isDigit)
	}
	if c := lx.at(0); c == 'e' || c == 'E' {
		n := 1
		if s := lx.at(1); s == '+' || s == '-' {
			n = 2
		}
		if isDigit(lx.at(n)) {
			k = tDouble
			lx.Pos += n
			digits(isDigit)
		}
	}
	lx.emit(k, start)
}

// str reads a string from its opening quote (after an r for a raw one):
// the whole string as one token when it has no interpolation, and
// otherwise its pieces, the tokens of each $name, and the ${ that
// starts the first ${ … }, whose tokens the main loop reads.
func (lx *lexer) str(start int, raw bool) {
	q := lx.Src[lx.Pos]
	triple := lx.at(1) == q && lx.at(2) == q
	if triple {
		lx.Pos += 3
	} else {
		lx.Pos++
	}
	lx.body(start, strCtx{quote: q, triple: triple, start: start}, raw, false)
}

// body reads a string's text from piece on, up to its closing quote or
// its next ${. resumed says the string's start was read before (this
// is the text after a } that closed an interpolation).
func (lx *lexer) body(piece int, ctx strCtx, raw, resumed bool) {
	src := lx.Src
	kind := func(last bool) grammars.Kind {
		switch {
		case !resumed && last:
			return tString
		case !resumed:
			return tStringStart
		case last:
			return tStringEnd
		}
		return tStringMid
	}
	flush := func(last bool) {
		if lx.Pos > piece {
			// A piece starts on the line where the string, its last $ or
			// its last } began, which Begin recorded.
			lx.Toks = append(lx.Toks, lx.Token(kind(last), piece))
			resumed = true
		}
	}
	for lx.Pos < len(src) {
		c := src[lx.Pos]
		switch {
		case c == ctx.quote && (!ctx.triple || lx.at(1) == c && lx.at(2) == c):
			if ctx.triple {
				lx.Pos += 3
			} else {
				lx.Pos++
			}
			flush(true)
			return
		case c == '\n':
			if !ctx.triple {
				lx.Errorf(ctx.start, "string literal not terminated")
				flush(true)
				return
			}
			lx.Newline(lx.Pos)
		case c == '\\' && !raw:
			lx.Pos++
			if lx.Pos == len(src) {
				continue // a \ at the end of the file: unterminated
			}
			if src[lx.Pos] == '\n' {
				if !ctx.triple {
					continue // the line break ends the string, as an error
				}
				lx.Newline(lx.Pos)
			}
		case c == '$' && !raw && lx.at(1) == '{':
			flush(false)
			lx.Begin()
			at := lx.Pos
			lx.Pos += 2
			lx.emit(tDollarBrace, at)
			lx.strs = append(lx.strs, ctx)
			return
		case c == '$' && !raw && lx.Pattern && grammars.MetavarLen(src[lx.Pos:]) > 0 && !isIdentPart(lx.at(grammars.MetavarLen(src[lx.Pos:]))):
			// In a pattern, $X in a string stands for one interpolation,
			// $name or ${…}: the metavariable is a token of its own. ($_x
			// is the interpolation of _x, as in code.)
			flush(false)
			lx.Begin()
			at := lx.Pos
			lx.Pos += grammars.MetavarLen(src[lx.Pos:])
			lx.emit(tIdent, at)
			piece = lx.Pos
			continue
		case c == '$' && !raw && !isIdentStart(lx.at(1)) || c == '$' && !raw && lx.at(1) == '$':
			lx.Errorf(lx.Pos, "a $ in a string starts an interpolation, $name or ${expression}; write \\$ for the character")
		case c == '$' && !raw:
			flush(false)
			lx.Begin()
			at := lx.Pos
			lx.Pos++
			lx.emit(tDollar, at)
			id := lx.Pos
			for lx.Pos < len(src) && isIdentPart(src[lx.Pos]) && src[lx.Pos] != '$' {
				lx.Pos++
			}
			k := tIdent
			if src[id:lx.Pos] == "this" {
				k = kwThis
			}
			lx.emit(k, id)
			piece = lx.Pos
			continue
		}
		lx.Pos++
	}
	lx.Errorf(ctx.start, "string literal not terminated")
	flush(true)
}

func (lx *lexer) unterminated(start int) {
	lx.Errorf(start, "string literal not terminated: an interpolation ${ is not closed")
}
