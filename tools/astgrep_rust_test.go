package tools

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reads the small part of Rust that ast-grep's unit tests are
// written in, for TestASTGrepCases: enough to find a test module's
// functions and to parse their bodies into expressions the evaluator in
// astgrep_cases_test.go can walk. It is no Rust parser: types and
// patterns stay the tokens they are, and what it cannot read it says.

type rTokKind int

const (
	rIdent rTokKind = iota
	rLifetime
	rStr // text is the string's value, escapes resolved
	rChar
	rNum
	rPunct
)

type rTok struct {
	kind rTokKind
	text string
	line int
}

// rustPuncts are the multi-character punctuators the tests use, longest
// first. << and >> are left out: they close nested generics far more
// often than they shift.
var rustPuncts = []string{"..=", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "..", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|="}

// lexRust splits Rust source into tokens, dropping comments.
func lexRust(src string) ([]rTok, error) {
	var toks []rTok
	line := 1
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case strings.HasPrefix(src[i:], "/*"):
			depth := 0
			for i < len(src) {
				if strings.HasPrefix(src[i:], "/*") {
					depth++
					i += 2
				} else if strings.HasPrefix(src[i:], "*/") {
					depth--
					i += 2
					if depth == 0 {
						break
					}
				} else {
					if src[i] == '\n' {
						line++
					}
					i++
				}
			}
			continue
		}
		startLine := line
		// raw and byte strings: r"…", r#"…"#, b"…", br"…"
		if c == 'r' || c == 'b' {
			j := i + 1
			if c == 'b' && j < len(src) && src[j] == 'r' {
				j++
			}
			if c == 'r' || j > i+1 {
				k := j
				for k < len(src) && src[k] == '#' {
					k++
				}
				if k < len(src) && src[k] == '"' {
					hashes := k - j
					end := strings.Index(src[k+1:], "\""+strings.Repeat("#", hashes))
					if end < 0 {
						return nil, fmt.Errorf("line %d: unterminated raw string", line)
					}
					s := src[k+1 : k+1+end]
					line += strings.Count(s, "\n")
					toks = append(toks, rTok{rStr, s, startLine})
					i = k + 1 + end + 1 + hashes
					continue
				}
			}
			if c == 'b' && i+1 < len(src) && (src[i+1] == '"' || src[i+1] == '\'') {
				i++ // a byte string or byte is read as a string or char
				c = src[i]
			}
		}
		switch {
		case c == '"':
			s, n, nl, err := rustString(src[i+1:], '"')
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			toks = append(toks, rTok{rStr, s, startLine})
			line += nl
			i += 1 + n
		case c == '\'':
			// 'x' and '\n' are chars; 'a and '_ are lifetimes
			if i+2 < len(src) && src[i+1] == '\\' {
				s, n, _, err := rustString(src[i+1:], '\'')
				if err != nil {
					return nil, fmt.Errorf("line %d: %v", line, err)
				}
				toks = append(toks, rTok{rChar, s, startLine})
				i += 1 + n
				break
			}
			_, size := utf8.DecodeRuneInString(src[i+1:])
			if i+1+size < len(src) && src[i+1+size] == '\'' {
				toks = append(toks, rTok{rChar, src[i+1 : i+1+size], startLine})
				i += 2 + size
				break
			}
			j := i + 1
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			toks = append(toks, rTok{rLifetime, src[i:j], startLine})
			i = j
		case isIdentStart(c):
			j := i
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			toks = append(toks, rTok{rIdent, src[i:j], startLine})
			i = j
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && (isIdentByte(src[j])) {
				j++
			}
			// a fraction only when a digit follows the dot: 0..10 and x.0.len() are no floats
			if j+1 < len(src) && src[j] == '.' && src[j+1] >= '0' && src[j+1] <= '9' {
				j++
				for j < len(src) && isIdentByte(src[j]) {
					j++
				}
			}
			toks = append(toks, rTok{rNum, src[i:j], startLine})
			i = j
		default:
			p := string(c)
			for _, q := range rustPuncts {
				if strings.HasPrefix(src[i:], q) {
					p = q
					break
				}
			}
			if c >= utf8.RuneSelf {
				return nil, fmt.Errorf("line %d: unexpected %q", line, src[i:i+1])
			}
			toks = append(toks, rTok{rPunct, p, startLine})
			i += len(p)
		}
	}
	return toks, nil
}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isIdentByte(c byte) bool  { return isIdentStart(c) || c >= '0' && c <= '9' }

// rustString reads a quoted string or char body up to its closing quote,
// resolving escapes; it returns the value, the bytes read including the
// quote, and the newlines crossed.
func rustString(s string, quote byte) (string, int, int, error) {
	var b strings.Builder
	nl := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == quote:
			return b.String(), i + 1, nl, nil
		case c == '\n':
			nl++
			b.WriteByte(c)
			i++
		case c == '\\' && i+1 < len(s):
			e := s[i+1]
			i += 2
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '0':
				b.WriteByte(0)
			case '\\', '\'', '"':
				b.WriteByte(e)
			case '\n': // a continued line: the newline and the next line's indent are dropped
				nl++
				for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
					if s[i] == '\n' {
						nl++
					}
					i++
				}
			case 'x':
				if i+2 > len(s) {
					return "", 0, 0, fmt.Errorf("bad \\x escape")
				}
				n, err := strconv.ParseUint(s[i:i+2], 16, 8)
				if err != nil {
					return "", 0, 0, err
				}
				b.WriteByte(byte(n))
				i += 2
			case 'u':
				end := strings.IndexByte(s[i:], '}')
				if end < 0 || s[i] != '{' {
					return "", 0, 0, fmt.Errorf("bad \\u escape")
				}
				n, err := strconv.ParseUint(s[i+1:i+end], 16, 32)
				if err != nil {
					return "", 0, 0, err
				}
				b.WriteRune(rune(n))
				i += end + 1
			default:
				return "", 0, 0, fmt.Errorf("unknown escape \\%c", e)
			}
		default:
			b.WriteByte(c)
			i++
		}
	}
	return "", 0, 0, fmt.Errorf("unterminated string")
}

// The expressions of a test body.
type (
	rExpr any

	rLit struct {
		tok rTok
	}
	rPath struct {
		segs    []string
		generic string // a turbofish's arguments, from_str::<T>
	}
	rCall struct {
		fn   rExpr
		args []rExpr
	}
	rMethod struct {
		recv rExpr
		name string
		args []rExpr
	}
	rField struct {
		recv rExpr
		name string // a tuple index is its number
	}
	rIndex struct {
		recv, idx rExpr
	}
	rUnary struct {
		op string // & * ! -
		x  rExpr
	}
	rBinary struct {
		op   string
		l, r rExpr
	}
	rAssign struct {
		op   string // = += …
		l, r rExpr
	}
	rMacro struct {
		name string
		args []rExpr // nil when they did not parse as expressions
		pat  []rTok  // matches!: the pattern (and guard) after the first argument
		raw  []rTok
	}
	rStructLit struct {
		path   []string
		fields []rFieldInit
		base   rExpr // ..base
	}
	rClosure struct {
		params [][]rTok
		body   rExpr
	}
	rBlock struct {
		stmts []rStmt
		tail  rExpr
	}
	rIf struct {
		cond       rExpr // an rLetCond for if let
		then, els_ rExpr
	}
	rLetCond struct {
		pat []rTok
		x   rExpr
	}
	rMatch struct {
		x    rExpr
		arms []rArm
	}
	rFor struct {
		pat  []rTok
		iter rExpr
		body *rBlock
	}
	rLoop struct { // while and loop, which the evaluator does not run
		body *rBlock
	}
	rTuple struct {
		elems []rExpr
	}
	rArray struct {
		elems []rExpr
	}
	rTry struct {
		x rExpr
	}
	rCast struct {
		x rExpr
	}
	rReturn struct {
		x rExpr
	}
	rRange struct {
		l, r rExpr
	}
)

type rFieldInit struct {
	name string
	x    rExpr
}

type rArm struct {
	pat   []rTok
	guard rExpr
	body  rExpr
}

type (
	rStmt any
	rLet  struct {
		pat  []rTok
		typ  string
		init rExpr
		els  *rBlock
		line int
	}
	rExprStmt struct {
		x    rExpr
		line int
	}
)

// An rFn is a function of a test module.
type rFn struct {
	name   string
	attrs  []string // test, should_panic, ignore, …
	params []rParam
	ret    string
	body   *rBlock
	line   int
}

type rParam struct {
	name string
	typ  string
}

// An rModule is a test module: its functions and constants.
type rModule struct {
	fns    []*rFn
	consts map[string]rExpr
}

type rParser struct {
	toks     []rTok
	i        int
	noStruct bool // in an if, match or for head, where { opens the block
}

type rSyntaxError struct {
	line int
	msg  string
}

func (e *rSyntaxError) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.msg) }

func (p *rParser) fail(format string, args ...any) {
	line := 0
	if p.i < len(p.toks) {
		line = p.toks[p.i].line
	} else if len(p.toks) > 0 {
		line = p.toks[len(p.toks)-1].line
	}
	panic(&rSyntaxError{line, fmt.Sprintf(format, args...)})
}

func (p *rParser) peek() rTok {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return rTok{kind: rPunct, text: "<eof>"}
}

func (p *rParser) peekAt(k int) rTok {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return rTok{kind: rPunct, text: "<eof>"}
}

func (p *rParser) is(text string) bool {
	t := p.peek()
	return (t.kind == rPunct || t.kind == rIdent) && t.text == text
}

func (p *rParser) accept(text string) bool {
	if p.is(text) {
		p.i++
		return true
	}
	return false
}

func (p *rParser) expect(text string) {
	if !p.accept(text) {
		p.fail("want %q, found %q", text, p.peek().text)
	}
}

func (p *rParser) next() rTok {
	t := p.peek()
	p.i++
	return t
}

// skipBalanced skips from an opening bracket to past its closing one.
func (p *rParser) skipBalanced() []rTok {
	start := p.i
	depth := 0
	for p.i < len(p.toks) {
		t := p.next()
		if t.kind != rPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		}
		if depth == 0 {
			return p.toks[start:p.i]
		}
	}
	p.fail("unbalanced brackets")
	return nil
}

// skipGenerics skips <…>, counting only angle brackets and the brackets
// inside them, and returns what it skipped.
func (p *rParser) skipGenerics() string {
	start := p.i
	depth := 0
	for p.i < len(p.toks) {
		t := p.next()
		if t.kind == rPunct {
			switch t.text {
			case "<":
				depth++
			case ">":
				depth--
			case "(", "[":
				p.i--
				p.skipBalanced()
			}
		}
		if depth == 0 {
			return tokText(p.toks[start:p.i])
		}
	}
	p.fail("unbalanced generics")
	return ""
}

// skipTo skips to the next stop outside brackets and generics.
func (p *rParser) skipTo(stop string) {
	for p.i < len(p.toks) && !p.is(stop) {
		switch {
		case p.is("(") || p.is("["):
			p.skipBalanced()
		case p.is("<"):
			p.skipGenerics()
		default:
			p.i++
		}
	}
}

// typeUntil reads a type up to one of stops at depth 0.
func (p *rParser) typeUntil(stops ...string) string {
	var parts []string
	for _, t := range p.until("<([", ">)]", stops) {
		parts = append(parts, t.text)
	}
	return strings.Join(parts, " ")
}

// patternUntil reads a pattern up to one of stops at depth 0.
func (p *rParser) patternUntil(stops ...string) []rTok {
	return p.until("([{", ")]}", stops)
}

// until reads tokens up to one of stops outside the brackets opens and
// closes name, or up to a closing bracket of an enclosing one.
func (p *rParser) until(opens, closes string, stops []string) []rTok {
	start := p.i
	depth := 0
	for p.i < len(p.toks) {
		t := p.peek()
		if depth == 0 && (t.kind == rPunct || t.kind == rIdent) && contains(stops, t.text) {
			break
		}
		if t.kind == rPunct && len(t.text) == 1 {
			if strings.Contains(opens, t.text) {
				depth++
			} else if strings.Contains(closes, t.text) {
				depth--
			}
		}
		if depth < 0 {
			break
		}
		p.i++
	}
	return p.toks[start:p.i]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// parseRustTests finds the test modules of a file (mod … after
// #[cfg(test)]) and reads their functions and constants.
func parseRustTests(src string) (mod *rModule, err error) {
	toks, err := lexRust(src)
	if err != nil {
		return nil, err
	}
	p := &rParser{toks: toks}
	defer func() {
		if r := recover(); r != nil {
			se, ok := r.(*rSyntaxError)
			if !ok {
				panic(r)
			}
			err = se
		}
	}()
	mod = &rModule{consts: map[string]rExpr{}}
	for p.i < len(p.toks) {
		// # [ cfg ( test ) ] mod NAME {
		if p.is("#") && p.peekAt(1).text == "[" && p.peekAt(2).text == "cfg" && p.peekAt(3).text == "(" && p.peekAt(4).text == "test" && p.peekAt(5).text == ")" && p.peekAt(6).text == "]" {
			p.i += 7
			for p.is("#") { // further attributes
				p.i++
				p.skipBalanced()
			}
			if p.accept("mod") {
				p.next()
				p.expect("{")
				p.items(mod)
				p.expect("}")
			}
			continue
		}
		p.i++
	}
	return mod, nil
}

// items reads a module's items up to its closing brace.
func (p *rParser) items(mod *rModule) {
	var attrs []string
	for !p.is("}") && p.i < len(p.toks) {
		switch {
		case p.is("#"):
			p.i++
			p.accept("!")
			toks := p.skipBalanced()
			var words []string
			for _, t := range toks[1 : len(toks)-1] {
				words = append(words, t.text)
			}
			attrs = append(attrs, strings.Join(words, ""))
			continue
		case p.is("pub"):
			p.i++
			if p.is("(") {
				p.skipBalanced()
			}
			continue
		case p.is("fn"):
			fn := p.fn()
			fn.attrs = attrs
			mod.fns = append(mod.fns, fn)
		case p.is("const") || p.is("static"):
			p.i++
			name := p.next().text
			p.expect(":")
			p.typeUntil("=")
			p.expect("=")
			mod.consts[name] = p.expr(0)
			p.expect(";")
		case p.is("macro_rules"):
			p.i += 3 // macro_rules ! name
			p.skipBalanced()
			p.accept(";")
		default:
			// use, struct, enum, impl, type, trait: skipped to their ; or body
			for p.i < len(p.toks) && !p.is(";") && !p.is("{") {
				if p.is("(") || p.is("[") {
					p.skipBalanced()
					continue
				}
				p.i++
			}
			if p.is("{") {
				p.skipBalanced()
				p.accept(";")
			} else {
				p.accept(";")
			}
		}
		attrs = nil
	}
}

func (p *rParser) fn() *rFn {
	line := p.peek().line
	p.expect("fn")
	fn := &rFn{name: p.next().text, line: line}
	if p.is("<") {
		p.skipGenerics()
	}
	params := p.skipBalanced()
	fn.params = splitParams(params[1 : len(params)-1])
	if p.accept("->") {
		fn.ret = p.typeUntil("{", "where")
	}
	if p.accept("where") {
		p.skipTo("{")
	}
	fn.body = p.block()
	return fn
}

// splitParams reads a parameter list: name: Type, ….
func splitParams(toks []rTok) []rParam {
	var out []rParam
	for _, part := range splitTop(toks, ",") {
		colon := -1
		for i, t := range part {
			if t.kind == rPunct && t.text == ":" {
				colon = i
				break
			}
		}
		if colon < 0 {
			continue
		}
		name := ""
		for _, t := range part[:colon] {
			if t.kind == rIdent && t.text != "mut" {
				name = t.text
			}
		}
		var typ []string
		for _, t := range part[colon+1:] {
			typ = append(typ, t.text)
		}
		out = append(out, rParam{name, strings.Join(typ, " ")})
	}
	return out
}

// splitTop splits tokens at sep outside brackets and generics.
func splitTop(toks []rTok, sep string) [][]rTok {
	var out [][]rTok
	depth, start := 0, 0
	for i, t := range toks {
		if t.kind != rPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{", "<":
			depth++
		case ")", "]", "}", ">":
			depth--
		case sep:
			if depth == 0 {
				out = append(out, toks[start:i])
				start = i + 1
			}
		}
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

func (p *rParser) block() *rBlock {
	p.expect("{")
	saved := p.noStruct
	p.noStruct = false
	defer func() { p.noStruct = saved }()
	b := &rBlock{}
	for !p.accept("}") {
		if p.i >= len(p.toks) {
			p.fail("unterminated block")
		}
		line := p.peek().line
		switch {
		case p.accept(";"):
		case p.is("#"): // an attribute on a statement
			p.i++
			p.skipBalanced()
		case p.is("use"):
			for !p.accept(";") {
				p.i++
			}
		case p.is("let"):
			p.i++
			l := &rLet{line: line}
			l.pat = p.patternUntil(":", "=", ";")
			if p.accept(":") {
				l.typ = p.typeUntil("=", ";")
			}
			if p.accept("=") {
				l.init = p.expr(0)
			}
			if p.accept("else") {
				l.els = p.block()
			}
			p.expect(";")
			b.stmts = append(b.stmts, l)
		case p.is("fn"):
			p.fn() // a nested helper: not evaluated
		default:
			x := p.expr(0)
			if p.accept(";") {
				b.stmts = append(b.stmts, &rExprStmt{x, line})
				continue
			}
			if p.is("}") {
				b.tail = x
				continue
			}
			if blockLike(x) {
				b.stmts = append(b.stmts, &rExprStmt{x, line})
				continue
			}
			p.fail("want ; after expression, found %q", p.peek().text)
		}
	}
	return b
}

func blockLike(x rExpr) bool {
	switch x.(type) {
	case *rBlock, *rIf, *rMatch, *rFor, *rLoop:
		return true
	}
	return false
}

// Binding powers of the infix operators.
var rInfix = map[string][2]int{
	"=": {2, 1}, "+=": {2, 1}, "-=": {2, 1}, "*=": {2, 1}, "/=": {2, 1},
	"..": {3, 4}, "..=": {3, 4},
	"||": {5, 6}, "&&": {7, 8},
	"==": {9, 10}, "!=": {9, 10}, "<": {9, 10}, ">": {9, 10}, "<=": {9, 10}, ">=": {9, 10},
	"|": {11, 12}, "^": {13, 14}, "&": {15, 16},
	"+": {19, 20}, "-": {19, 20},
	"*": {21, 22}, "/": {21, 22}, "%": {21, 22},
}

const rUnaryBP = 25

func (p *rParser) expr(min int) rExpr {
	x := p.prefix()
	for {
		t := p.peek()
		if t.kind == rPunct {
			switch t.text {
			case ".":
				p.i++
				name := p.next()
				if p.is("::") { // turbofish
					p.i++
					p.skipGenerics()
				}
				if p.is("(") {
					x = &rMethod{x, name.text, p.args(")")}
				} else {
					x = &rField{x, name.text}
				}
				continue
			case "(":
				x = &rCall{x, p.args(")")}
				continue
			case "[":
				p.i++
				idx := p.expr(0)
				p.expect("]")
				x = &rIndex{x, idx}
				continue
			case "?":
				p.i++
				x = &rTry{x}
				continue
			}
		}
		if t.kind == rIdent && t.text == "as" {
			p.i++
			p.typeUntil(")", ",", ";", "}", "]", ".", "==", "!=")
			x = &rCast{x}
			continue
		}
		bp, ok := rInfix[t.text]
		if t.kind != rPunct || !ok || bp[0] < min {
			return x
		}
		p.i++
		switch t.text {
		case "=", "+=", "-=", "*=", "/=":
			x = &rAssign{t.text, x, p.expr(bp[1])}
		case "..", "..=":
			var r rExpr
			if !p.endsExpr() {
				r = p.expr(bp[1])
			}
			x = &rRange{x, r}
		default:
			x = &rBinary{t.text, x, p.expr(bp[1])}
		}
	}
}

// endsExpr says the next token cannot start an expression.
func (p *rParser) endsExpr() bool {
	t := p.peek()
	return t.kind == rPunct && contains([]string{")", "]", "}", ",", ";", "<eof>"}, t.text)
}

// args reads a parenthesised or bracketed list of expressions.
func (p *rParser) args(close string) []rExpr {
	p.i++ // the opening bracket
	saved := p.noStruct
	p.noStruct = false
	defer func() { p.noStruct = saved }()
	var out []rExpr
	for !p.accept(close) {
		out = append(out, p.expr(0))
		if !p.accept(",") && !p.is(close) {
			p.fail("want , or %s, found %q", close, p.peek().text)
		}
	}
	return out
}

func (p *rParser) prefix() rExpr {
	t := p.peek()
	switch t.kind {
	case rStr, rChar, rNum:
		p.i++
		return &rLit{t}
	case rLifetime:
		p.fail("unexpected lifetime %s", t.text)
	}
	switch t.text {
	case "(":
		p.i++
		saved := p.noStruct
		p.noStruct = false
		defer func() { p.noStruct = saved }()
		var elems []rExpr
		tuple := false
		for !p.accept(")") {
			elems = append(elems, p.expr(0))
			if p.accept(",") {
				tuple = true
			} else if !p.is(")") {
				p.fail("want , or ), found %q", p.peek().text)
			}
		}
		if len(elems) == 1 && !tuple {
			return elems[0]
		}
		return &rTuple{elems}
	case "[":
		p.i++
		saved := p.noStruct
		p.noStruct = false
		defer func() { p.noStruct = saved }()
		var elems []rExpr
		for !p.accept("]") {
			elems = append(elems, p.expr(0))
			if p.accept(";") { // [x; n]
				p.expr(0)
			}
			if !p.accept(",") && !p.is("]") {
				p.fail("want , or ], found %q", p.peek().text)
			}
		}
		return &rArray{elems}
	case "{":
		return p.block()
	case "&", "&&":
		p.i++
		p.accept("mut")
		x := p.expr(rUnaryBP)
		if t.text == "&&" {
			x = &rUnary{"&", x}
		}
		return &rUnary{"&", x}
	case "*", "!", "-":
		p.i++
		return &rUnary{t.text, p.expr(rUnaryBP)}
	case "|", "||":
		return p.closure()
	case "move":
		p.i++
		return p.closure()
	case "if":
		return p.ifExpr()
	case "match":
		p.i++
		saved := p.noStruct
		p.noStruct = true
		x := p.expr(0)
		p.noStruct = saved
		p.expect("{")
		m := &rMatch{x: x}
		for !p.accept("}") {
			var arm rArm
			arm.pat = p.patternUntil("=>", "if")
			if p.accept("if") {
				arm.guard = p.expr(0)
			}
			p.expect("=>")
			arm.body = p.expr(0)
			p.accept(",")
			m.arms = append(m.arms, arm)
		}
		return m
	case "for":
		p.i++
		pat := p.patternUntil("in")
		p.expect("in")
		saved := p.noStruct
		p.noStruct = true
		iter := p.expr(0)
		p.noStruct = saved
		return &rFor{pat, iter, p.block()}
	case "while":
		p.i++
		saved := p.noStruct
		p.noStruct = true
		if p.accept("let") {
			p.patternUntil("=")
			p.expect("=")
		}
		p.expr(0)
		p.noStruct = saved
		return &rLoop{p.block()}
	case "loop", "unsafe":
		p.i++
		if t.text == "loop" {
			return &rLoop{p.block()}
		}
		return p.block()
	case "return":
		p.i++
		if p.endsExpr() {
			return &rReturn{}
		}
		return &rReturn{p.expr(0)}
	case "true", "false":
		p.i++
		return &rLit{t}
	case "..": // ..rest, in a struct literal
		p.i++
		return &rRange{nil, p.expr(4)}
	}
	if t.kind == rIdent {
		return p.pathExpr()
	}
	p.fail("unexpected %q", t.text)
	return nil
}

func (p *rParser) ifExpr() rExpr {
	p.expect("if")
	saved := p.noStruct
	p.noStruct = true
	var cond rExpr
	if p.accept("let") {
		pat := p.patternUntil("=")
		p.expect("=")
		cond = &rLetCond{pat, p.expr(0)}
	} else {
		cond = p.expr(0)
	}
	p.noStruct = saved
	x := &rIf{cond: cond, then: p.block()}
	if p.accept("else") {
		if p.is("if") {
			x.els_ = p.ifExpr()
		} else {
			x.els_ = p.block()
		}
	}
	return x
}

func (p *rParser) closure() rExpr {
	c := &rClosure{}
	if p.accept("||") {
	} else {
		p.expect("|")
		start := p.i
		p.skipTo("|")
		c.params = splitTop(p.toks[start:p.i], ",")
		p.i++
	}
	if p.accept("->") {
		p.typeUntil("{")
	}
	c.body = p.expr(0)
	return c
}

// pathExpr reads a path and what a path can start: a macro call or a
// struct literal.
func (p *rParser) pathExpr() rExpr {
	var segs []string
	generic := ""
	for {
		t := p.next()
		if t.kind != rIdent {
			p.fail("want a name, found %q", t.text)
		}
		segs = append(segs, t.text)
		if p.is("::") {
			p.i++
			if p.is("<") {
				generic = p.skipGenerics()
				if !p.accept("::") {
					break
				}
			}
			continue
		}
		break
	}
	if p.is("!") && len(segs) == 1 && (p.peekAt(1).text == "(" || p.peekAt(1).text == "[" || p.peekAt(1).text == "{") {
		p.i++
		return p.macro(segs[0])
	}
	if p.is("{") && !p.noStruct && structName(segs) {
		return p.structLit(segs)
	}
	return &rPath{segs, generic}
}

// structName says a path before { names a struct: its last segment is
// capitalised, as Rust's types are and its variables are not.
func structName(segs []string) bool {
	r, _ := utf8.DecodeRuneInString(segs[len(segs)-1])
	return unicode.IsUpper(r)
}

func (p *rParser) structLit(path []string) rExpr {
	p.expect("{")
	saved := p.noStruct
	p.noStruct = false
	defer func() { p.noStruct = saved }()
	s := &rStructLit{path: path}
	for !p.accept("}") {
		if p.accept("..") {
			s.base = p.expr(0)
			continue
		}
		name := p.next().text
		var x rExpr
		if p.accept(":") {
			x = p.expr(0)
		} else {
			x = &rPath{segs: []string{name}} // shorthand: { name }
		}
		s.fields = append(s.fields, rFieldInit{name, x})
		if !p.accept(",") && !p.is("}") {
			p.fail("want , or } in struct literal, found %q", p.peek().text)
		}
	}
	return s
}

func (p *rParser) macro(name string) rExpr {
	open := p.peek().text
	close := map[string]string{"(": ")", "[": "]", "{": "}"}[open]
	start := p.i
	raw := p.skipBalanced()
	m := &rMacro{name: name, raw: raw[1 : len(raw)-1]}
	end := p.i
	// read the arguments as expressions; matches! has a pattern after its first
	p.i = start
	ok := func() (ok bool) {
		defer func() {
			if r := recover(); r != nil {
				if _, se := r.(*rSyntaxError); !se {
					panic(r)
				}
				ok = false
			}
		}()
		if name == "matches" {
			p.i++
			m.args = []rExpr{p.expr(0)}
			p.expect(",")
			m.pat = p.toks[p.i : end-1]
			return true
		}
		m.args = p.args(close)
		return p.i == end
	}()
	if !ok {
		m.args = nil
	}
	p.i = end
	return m
}

// patBinds returns the names a pattern binds: x, mut x, (a, b), Err(e).
func patBinds(pat []rTok) []string {
	var out []string
	for i, t := range pat {
		if t.kind != rIdent || t.text == "mut" || t.text == "ref" || t.text == "_" {
			continue
		}
		r, _ := utf8.DecodeRuneInString(t.text)
		if unicode.IsUpper(r) {
			continue
		}
		if i+1 < len(pat) && (pat[i+1].text == "::" || pat[i+1].text == "(") {
			continue
		}
		if i > 0 && pat[i-1].text == "::" {
			continue
		}
		out = append(out, t.text)
	}
	return out
}

func tokText(toks []rTok) string {
	var parts []string
	for _, t := range toks {
		if t.kind == rStr {
			parts = append(parts, strconv.Quote(t.text))
			continue
		}
		parts = append(parts, t.text)
	}
	return strings.Join(parts, " ")
}
