package c

import (
	"sort"
	"strings"
	"sync"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// The lexer reads the whole file into tokens before the parser starts,
// as the Dart grammar's does: the parser looks far ahead (is this ( a
// cast's type? does this line hold a whole declaration?), which a slice
// and the index of each bracket's partner make cheap. A directive line
// is its tokens between a # and a synthetic end of the line, which tell
// the parser where the directive stops; a line continued by a backslash
// goes on.
type lexer struct {
	kit.Scan
	toks    []tok
	partner []int32
	next    int
	eof     kit.Token
	// inDirective: the tokens being read are a directive's, up to the
	// end of its line.
	inDirective bool
	// bol: no token yet on this line, so a # starts a directive.
	bol bool
	// skip marks the tokens Next passes over: every directive line's,
	// and the inactive branches' of a conditional read as its first
	// branch only (inactive marks those).
	skip, inactive []bool
	// taken are the directive lines the parser took as nodes, the last
	// first.
	taken *takenLine
	// backFrom and backTo are where nextPending's last walk back over
	// skipped tokens started and stopped: the tokens between are all
	// skipped, and skip only grows, so a walk from backFrom again goes on
	// from backTo.
	backFrom, backTo int
	// defined are the names the file's #defines define, true for a
	// function-like macro's: a name the file makes a macro is no
	// declaration's name or type where it stands before one.
	defined map[string]bool
	// conds is where the conditionals split, once the parser asked; its
	// slices are made from index's, a former lexer's.
	conds *condIndex
	index condIndex
	// cxx: the file is C++, with C++'s keywords, raw strings, literal
	// suffixes and punctuation, and > always a token of its own.
	cxx   bool
	words *kit.Words
	punct *kit.Puncts
}

// A takenLine is a directive line the parser took as a node, by the
// index of its #, and the line taken before it. The lines taken are a
// list that grows at its head only, so a speculative parse's snapshot of
// them is a pointer, which a parser's SaveState returns without
// allocating, and giving back what it took is going back to the pointer.
type takenLine struct {
	start int32
	prev  *takenLine
}

// markTaken adds the line whose # is at index start to the lines taken.
func (lx *lexer) markTaken(start int) { lx.taken = &takenLine{start: int32(start), prev: lx.taken} }

// lastTaken returns the index of the last directive line taken, or -1.
func (lx *lexer) lastTaken() int {
	if lx.taken != nil {
		return int(lx.taken.start)
	}
	return -1
}

// A tok is a token as the lexer keeps it: a kit.Token with the length
// of its text in place of the text. A file's tokens are a large slice,
// and one that holds no pointer is one the collector never scans and
// that appending to takes no write barrier: a third of the parse's time
// on sqlite3.c went to both.
type tok struct {
	Offset, Len  uint32
	Line, Column int32
	Kind         grammars.Kind
	Synthetic    bool
}

// End returns the offset just past the token.
func (t *tok) End() uint32 { return t.Offset + t.Len }

func compact(t kit.Token) tok {
	return tok{Offset: t.Offset, Len: uint32(len(t.Text)), Line: t.Line, Column: t.Column, Kind: t.Kind, Synthetic: t.Synthetic}
}

// text returns a token's text.
func (lx *lexer) text(t *tok) string { return lx.Src[t.Offset:t.End()] }

// full returns token i as the parser reads tokens.
func (lx *lexer) full(i int) kit.Token {
	t := &lx.toks[i]
	return kit.Token{Text: lx.text(t), Offset: t.Offset, Line: t.Line, Column: t.Column, Kind: t.Kind, Synthetic: t.Synthetic}
}

func newLexer(src string, pattern, cxx bool) *lexer {
	lx := &lexer{Scan: kit.NewScan(src, pattern), bol: true, cxx: cxx, words: keywords, punct: puncts}
	if cxx {
		lx.words, lx.punct = cxxKeywords, cxxPuncts
	}
	want := len(src)/6 + 16 // 8 bytes a token in sqlite3.c, 5 in gcc's torture tests
	if b, ok := spare.Get().(*lexBufs); ok {
		if cap(b.toks) >= want && cap(b.toks) <= 8*want+4096 {
			lx.toks, lx.partner, lx.skip, lx.inactive, lx.index = b.toks[:0], b.partner, b.skip, b.inactive, b.index
		} else if cap(b.toks) > want {
			spare.Put(b) // for a larger file
		}
	}
	if lx.toks == nil {
		lx.toks = make([]tok, 0, want)
	}
	lx.run()
	lx.pair()
	return lx
}

// spare holds the slices of lexers whose parse is over, for newLexer: a
// search parses file after file, and a lexer's slices are garbage once
// its tree is built, so the next file's lexer reuses them instead of
// making the collector run for them. A sync.Pool keeps them per
// processor, so each search worker in effect reuses its own.
var spare sync.Pool

type lexBufs struct {
	toks           []tok
	partner        []int32
	skip, inactive []bool
	index          condIndex
}

// release gives the lexer's slices to the next lexer; lx is not used
// after.
func (lx *lexer) release() {
	spare.Put(&lexBufs{toks: lx.toks, partner: lx.partner, skip: lx.skip, inactive: lx.inactive, index: lx.index})
	*lx = lexer{}
}

// sized returns s with length n, all zero, reusing its array if it can.
func sized[E any](s []E, n int) []E {
	if cap(s) < n {
		return make([]E, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// Next hands out the next token; after the last, EOF forever.
func (lx *lexer) Next() kit.Token {
	for lx.next < len(lx.toks) && lx.skip[lx.next] {
		lx.next++
	}
	if lx.next < len(lx.toks) {
		lx.next++
		return lx.full(lx.next - 1)
	}
	return lx.eof
}

// resetAfter moves the lexer to just after token t.
func (lx *lexer) resetAfter(t *kit.Token) {
	if t.Kind == tEOF {
		lx.next = len(lx.toks)
		return
	}
	i := sort.Search(len(lx.toks), func(i int) bool { return lx.toks[i].Offset >= t.Offset })
	// a synthetic end of a directive shares its offset with what follows
	for i < len(lx.toks) && (lx.skip[i] || lx.toks[i].Kind != t.Kind || lx.toks[i].Offset != t.Offset) {
		i++
	}
	lx.next = i + 1
}

func (lx *lexer) at(i int) byte {
	if lx.Pos+i < len(lx.Src) {
		return lx.Src[lx.Pos+i]
	}
	return 0
}

func (lx *lexer) emit(k grammars.Kind, start int) {
	lx.toks = append(lx.toks, compact(lx.Token(k, start)))
	lx.bol = false
}

func (lx *lexer) run() {
	for {
		lx.space()
		if lx.Pos >= len(lx.Src) {
			break
		}
		lx.Begin()
		lx.token(lx.Pos)
	}
	lx.endDirective()
	lx.Begin()
	lx.eof = lx.Empty(tEOF, len(lx.Src), false)
}

// endDirective ends the directive being read, if any, with a synthetic
// token at the current position.
func (lx *lexer) endDirective() {
	if lx.inDirective {
		lx.inDirective = false
		lx.toks = append(lx.toks, compact(lx.Empty(tDirectiveEnd, lx.Pos, true)))
	}
}

// space passes over white space, comments and backslash-newlines; an
// unescaped line break ends a directive.
func (lx *lexer) space() {
	src := lx.Src
	for lx.Pos < len(src) {
		switch c := src[lx.Pos]; {
		case c == '\n':
			lx.endDirective()
			lx.Newline(lx.Pos)
			lx.Pos++
			lx.bol = true
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			lx.Pos++
		case c == '\\' && (lx.at(1) == '\n' || lx.at(1) == '\r' && lx.at(2) == '\n'):
			lx.Pos++
			if src[lx.Pos] == '\r' {
				lx.Pos++
			}
			lx.Newline(lx.Pos)
			lx.Pos++
		case c == '/' && lx.at(1) == '/':
			start := lx.Pos
			for lx.Pos < len(src) && src[lx.Pos] != '\n' {
				if src[lx.Pos] == '\\' && lx.at(1) == '\n' { // a // comment continued
					lx.Pos++
					lx.Newline(lx.Pos)
				}
				lx.Pos++
			}
			lx.Comment(start, lx.Pos)
		case c == '/' && lx.at(1) == '*':
			start := lx.Pos
			lx.Begin()
			lx.Pos += 2
			for lx.Pos < len(src) && !(src[lx.Pos] == '*' && lx.at(1) == '/') {
				if src[lx.Pos] == '\n' {
					lx.Newline(lx.Pos)
				}
				lx.Pos++
			}
			if lx.Pos >= len(src) {
				lx.Errorf(start, "comment not terminated")
			} else {
				lx.Pos += 2
			}
			lx.Comment(start, lx.Pos)
		default:
			return
		}
	}
}

// puncts is C's punctuation.
var puncts = kit.PunctsOf(kindNames[:], tLBrace, tShrEq)

// cxxPuncts is C++'s.
var cxxPuncts = kit.PunctsOf(kindNames[:], tLBrace, tShrEq).With("::", tColonColon).With(".*", tDotStar).
	With("->*", tArrowStar).With("<=>", tSpaceship)

func (lx *lexer) token(start int) {
	src := lx.Src
	c := src[lx.Pos]
	switch {
	case c == '#' && lx.bol && !lx.inDirective:
		lx.Pos++
		lx.emit(tDirective, start)
		lx.inDirective = true
		lx.directiveName()
	case c == 'L' || c == 'U' || c == 'u' || c == 'R' && lx.cxx:
		q := 0
		if c != 'R' {
			q = 1
		}
		if c == 'u' && lx.at(1) == '8' {
			q = 2
		}
		if lx.cxx && lx.at(q) == 'R' && lx.at(q+1) == '"' {
			lx.Pos += q + 1
			lx.raw(start)
			return
		}
		if d := lx.at(q); q > 0 && (d == '"' || d == '\'') {
			lx.Pos += q
			lx.quoted(start, d)
			return
		}
		lx.ident(start)
	case isIdentStart(c) || c >= 0x80:
		lx.ident(start)
	case isDigit(c) || c == '.' && isDigit(lx.at(1)):
		lx.number(start)
	case c == '"' || c == '\'':
		lx.quoted(start, c)
	case c == '$' && lx.Metavar():
		lx.emit(tIdent, start)
	case c == '$': // GNU C takes $ in names
		lx.ident(start)
	default:
		if k, ok := lx.Punct(lx.punct); ok {
			if lx.cxx && (k == tShr || k == tShrEq) {
				// > closes a template's arguments, two of them in
				// a<b<c>>: the parser joins > > where it is a shift.
				k, lx.Pos = tGT, start+1
			}
			lx.emit(k, start)
			return
		}
		lx.Pos++
		lx.Errorf(start, "unexpected character %q", src[start:lx.Pos])
		lx.emit(tIllegal, start)
	}
}

// directiveName reads what follows a directive's #: its name, and for
// #include the <header> after it.
func (lx *lexer) directiveName() {
	for lx.Pos < len(lx.Src) && (lx.Src[lx.Pos] == ' ' || lx.Src[lx.Pos] == '\t') {
		lx.Pos++
	}
	lx.Begin()
	start := lx.Pos
	for lx.Pos < len(lx.Src) && isIdentPart(lx.Src[lx.Pos]) {
		lx.Pos++
	}
	if lx.Pos == start {
		return // a null directive, or a line marker: # 12 "file.c"
	}
	lx.emit(tDirectiveName, start)
	name := lx.Src[start:lx.Pos]
	if name == "define" {
		lx.define()
	}
	if name == "error" || name == "warning" {
		// a message, not tokens: report problem to a@b.org, don't
		for lx.Pos < len(lx.Src) && (lx.Src[lx.Pos] == ' ' || lx.Src[lx.Pos] == '\t') {
			lx.Pos++
		}
		lx.Begin()
		text := lx.Pos
		for lx.Pos < len(lx.Src) && lx.Src[lx.Pos] != '\n' && lx.Src[lx.Pos] != '\r' {
			if lx.Src[lx.Pos] == '\\' && (lx.at(1) == '\n' || lx.at(1) == '\r' && lx.at(2) == '\n') {
				lx.Pos++ // a line's \ goes on on the next
				if lx.at(0) == '\r' {
					lx.Pos++
				}
				lx.Newline(lx.Pos)
			}
			lx.Pos++
		}
		if lx.Pos > text {
			lx.emit(tPPArg, text)
		}
		return
	}
	if name == "include" || name == "include_next" || name == "import" {
		for lx.Pos < len(lx.Src) && (lx.Src[lx.Pos] == ' ' || lx.Src[lx.Pos] == '\t') {
			lx.Pos++
		}
		if lx.at(0) == '<' {
			lx.Begin()
			h := lx.Pos
			for lx.Pos < len(lx.Src) && lx.Src[lx.Pos] != '>' && lx.Src[lx.Pos] != '\n' {
				lx.Pos++
			}
			if lx.at(0) == '>' {
				lx.Pos++
			} else {
				lx.Errorf(h, "header name not terminated")
			}
			lx.emit(tHeader, h)
		}
	}
}

// define notes the name a #define defines, which follows the lexer's
// position, and whether its ( follows it at once.
func (lx *lexer) define() {
	i := lx.Pos
	for i < len(lx.Src) && (lx.Src[i] == ' ' || lx.Src[i] == '\t') {
		i++
	}
	j := i
	for j < len(lx.Src) && isIdentPart(lx.Src[j]) {
		j++
	}
	if j == i {
		return
	}
	if lx.defined == nil {
		lx.defined = map[string]bool{}
	}
	name := lx.Src[i:j]
	lx.defined[name] = lx.defined[name] || j < len(lx.Src) && lx.Src[j] == '('
}

func (lx *lexer) ident(start int) {
	src := lx.Src
	for lx.Pos < len(src) && (isIdentPart(src[lx.Pos]) || src[lx.Pos] >= 0x80) {
		lx.Pos++
	}
	k := tIdent
	if kw, ok := lx.words.Lookup(src[start:lx.Pos]); ok {
		k = kw
	}
	lx.emit(k, start)
}

func isIdentStart(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

func isIdentPart(c byte) bool { return isIdentStart(c) || isDigit(c) || c == '$' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number reads a preprocessing number: 12, 0x1Fu, 1.5e-3f, 0x1p+3,
// 1'000 (C23).
func (lx *lexer) number(start int) {
	src := lx.Src
	lx.Pos++
	for lx.Pos < len(src) {
		c := src[lx.Pos]
		switch {
		case c == '_' && lx.cxx:
			lx.emit(tNumber, start) // 1.5_km: a literal and its suffix
			lx.suffix()
			return
		case (c == '+' || c == '-') && (src[lx.Pos-1]|0x20 == 'e' || src[lx.Pos-1]|0x20 == 'p'):
		case c == '\'' && lx.Pos+1 < len(src) && isIdentPart(src[lx.Pos+1]) && isIdentPart(src[lx.Pos-1]):
		case isIdentPart(c) || c == '.':
		default:
			lx.emit(tNumber, start)
			return
		}
		lx.Pos++
	}
	lx.emit(tNumber, start)
}

// quoted reads a string or a character literal from its opening quote.
func (lx *lexer) quoted(start int, q byte) {
	src := lx.Src
	lx.Pos++
	for lx.Pos < len(src) {
		switch src[lx.Pos] {
		case q:
			lx.Pos++
			if q == '"' {
				lx.emit(tString, start)
			} else {
				lx.emit(tChar, start)
			}
			lx.suffix()
			return
		case '\\':
			lx.Pos++
			if lx.Pos < len(src) && src[lx.Pos] == '\n' {
				lx.Newline(lx.Pos)
			}
		case '\n':
			lx.Errorf(start, "%s literal not terminated", map[byte]string{'"': "string", '\'': "character"}[q])
			lx.emit(tIllegal, start)
			return
		}
		lx.Pos++
	}
	lx.Pos = len(src)
	lx.Errorf(start, "%s literal not terminated", map[byte]string{'"': "string", '\'': "character"}[q])
	lx.emit(tIllegal, start)
}

// suffix reads a user-defined literal's suffix, in C++, if one follows
// the literal just read at once: "abc"s, 'x'_c, 12_km.
func (lx *lexer) suffix() {
	if !lx.cxx || lx.Pos >= len(lx.Src) || !isIdentStart(lx.Src[lx.Pos]) {
		return
	}
	start := lx.Pos
	lx.Begin()
	for lx.Pos < len(lx.Src) && isIdentPart(lx.Src[lx.Pos]) {
		lx.Pos++
	}
	lx.emit(tLiteralSuffix, start)
}

// raw reads a raw string literal, R"delim(…)delim", from its " (its
// prefix read, from start): nothing in it is an escape, and it may span
// lines.
func (lx *lexer) raw(start int) {
	src := lx.Src
	lx.Pos++ // "
	d := lx.Pos
	for lx.Pos < len(src) && lx.Pos-d < 16 && src[lx.Pos] != '(' && src[lx.Pos] != '"' && src[lx.Pos] != '\n' &&
		src[lx.Pos] != ' ' && src[lx.Pos] != ')' && src[lx.Pos] != '\\' {
		lx.Pos++
	}
	if lx.Pos >= len(src) || src[lx.Pos] != '(' {
		lx.Errorf(start, "raw string's delimiter is not followed by (")
		lx.emit(tIllegal, start)
		return
	}
	closing := ")" + src[d:lx.Pos] + "\""
	end := strings.Index(src[lx.Pos:], closing)
	if end < 0 {
		for ; lx.Pos < len(src); lx.Pos++ {
			if src[lx.Pos] == '\n' {
				lx.Newline(lx.Pos)
			}
		}
		lx.Errorf(start, "raw string not terminated")
		lx.emit(tIllegal, start)
		return
	}
	stop := lx.Pos + end + len(closing)
	for ; lx.Pos < stop; lx.Pos++ {
		if src[lx.Pos] == '\n' {
			lx.Newline(lx.Pos)
		}
	}
	lx.emit(tRawString, start)
	lx.suffix()
}

// brackets are C's bracket pairs.
var brackets = kit.NewBrackets(tLParen, tRParen, tLBrack, tRBrack, tLBrace, tRBrace)

// pair marks the directive lines' tokens as skipped and finds each
// bracket's partner outside them: a #define's body may open what it does
// not close.
func (lx *lexer) pair() {
	lx.skip = sized(lx.skip, len(lx.toks))
	lx.inactive = sized(lx.inactive, len(lx.toks))
	in := false
	for i := range lx.toks {
		switch lx.toks[i].Kind {
		case tDirective:
			in = true
		case tDirectiveEnd:
			in = false
			lx.skip[i] = true
		}
		lx.skip[i] = lx.skip[i] || in
	}
	lx.partner = brackets.Pair(lx.partner, len(lx.toks), func(i int) grammars.Kind {
		if lx.skip[i] {
			return tEOF
		}
		return lx.toks[i].Kind
	})
}
