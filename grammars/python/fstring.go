package python

import (
	"strings"

	"github.com/agenttools/agenttools/grammars/kit"
)

// F-strings. The lexer reads an f-string (or a template string, t"…")
// as one tString token, replacement fields and all, as Python 3.11's
// tokenizer did; the parser then takes it apart as Python 3.12 does
// (PEP 701), so the code inside its fields is searched like any other:
//
//	f_string: string_start (string_content | interpolation)* string_end
//	interpolation: { expression [=] [type_conversion] [format_specifier] }
//	format_specifier: : (string_content | interpolation)*
//
// Each field's expression is parsed by a parser of its own over a field
// scanner (lexer.go), which starts after the field's { and stops at the
// token that ends the expression; literal text, conversions and format
// specs are never read as tokens.

// fPrefix returns the length of a string token's prefix when it makes
// an f-string or a template string, and 0 for any other string.
func fPrefix(text string) int {
	for i := 0; i < len(text) && i < 3; i++ {
		if c := text[i]; c == '"' || c == '\'' {
			for j := range i {
				if c := text[j] | 0x20; c == 'f' || c == 't' {
					return i
				}
			}
			return 0
		}
	}
	return 0
}

// stringLit parses one string token: a string leaf, or an f-string.
func (p *parser) stringLit() {
	if n := fPrefix(p.Tok.Text); n > 0 && p.wellFormed(n) {
		p.fstring(n)
		return
	}
	p.Leaf()
}

// wellFormed reports whether the lexer read the current string token,
// whose prefix is n bytes long, without an error and up to its closing
// quotes: an unterminated f-string stays one leaf, and the lexer's error
// is the file's.
func (p *parser) wellFormed(n int) bool {
	text := p.Tok.Text
	q, ql := text[n], quoteLen(text, n)
	if len(text) < n+2*ql || strings.Count(text[len(text)-ql:], string(q)) != ql {
		return false
	}
	start, end := p.Tok.Offset, p.Tok.End()
	for _, e := range p.sc.Errs {
		if e.Span.Start >= start && e.Span.Start < end {
			return false
		}
	}
	return true
}

// quoteLen is how many quotes open the string token text whose prefix is
// n bytes long: 3 for a triple-quoted string, else 1. A token whose text
// goes on after two like quotes is triple-quoted, since the lexer would
// have ended an empty string "" there.
func quoteLen(text string, n int) int {
	if len(text) >= n+6 && text[n+1] == text[n] && text[n+2] == text[n] {
		return 3
	}
	return 1
}

// fstr is the state of taking one f-string token apart.
type fstr struct {
	p        *parser
	src      string // the whole source
	raw      bool
	triple   bool
	q        byte
	end      int // offset of the closing quotes
	line, ls int // line, and its start, of the offset being read
	// depth is the nesting depth a field's parser starts from: the
	// string's, and inside a format spec its field's, so that the fields
	// of f"{a:{b:{…}}}" count a level each as nested f-strings do.
	depth int
}

// fstring builds the current token, an f-string whose prefix is n bytes
// long, as an f_string node, and moves past it.
func (p *parser) fstring(n int) {
	t := p.Tok
	start := int(t.Offset)
	text := t.Text
	f := fstr{p: p, src: p.sc.Src, q: text[n], line: int(t.Line), ls: start - int(t.Column) + 1, depth: p.Depth}
	for _, c := range []byte(text[:n]) {
		f.raw = f.raw || c|0x20 == 'r'
	}
	ql := quoteLen(text, n)
	f.triple = ql == 3
	f.end = start + len(text) - ql
	m := p.B.Mark()
	p.B.Leaf(tStringStart, uint32(start), uint32(start+n+ql))
	f.parts(start+n+ql, false)
	p.B.Leaf(tStringEnd, uint32(f.end), uint32(start+len(text)))
	p.B.Close(m, nFString, 0)
	p.Next()
}

// parts builds the literal text and the replacement fields from i to the
// end of the string, or with spec to the } that ends a format spec, and
// returns where it stopped.
func (f *fstr) parts(i int, spec bool) int {
	lit := i
	flush := func(to int) {
		if to > lit {
			f.p.B.Leaf(tStringContent, uint32(lit), uint32(to))
		}
	}
	for i < f.end {
		switch f.src[i] {
		case '\\':
			i = f.escape(i, !spec && !f.raw)
		case '\n':
			f.line, f.ls = f.line+1, i+1
			i++
		case '{':
			if !spec && i+1 < f.end && f.src[i+1] == '{' {
				i += 2
				continue
			}
			flush(i)
			i = f.field(i)
			lit = i
		case '}':
			if spec {
				flush(i)
				return i
			}
			i++
		default:
			i++
		}
	}
	if spec {
		f.p.Errorf("f-string: expecting '}'")
	}
	flush(i)
	return i
}

// escape passes over the backslash at i and what it escapes, as the
// lexer does: a brace after it is left to open or close a field, and with
// named the braces of \N{NAME} are the escape's.
func (f *fstr) escape(i int, named bool) int {
	i++
	if i >= f.end {
		return i
	}
	switch f.src[i] {
	case '{', '}':
		return i
	case '\n':
		f.line, f.ls = f.line+1, i+1
	case 'N':
		if named && i+1 < f.end && f.src[i+1] == '{' {
			for j := i + 1; j < f.end && f.src[j] != '\n'; j++ {
				if f.src[j] == '}' {
					i = j
					break
				}
			}
		}
	}
	return i + 1
}

// field builds the replacement field whose { is at offset at, as an
// interpolation node, and returns the offset after its }.
func (f *fstr) field(at int) int {
	b := f.p.B
	m := b.Mark()
	b.Leaf(opLBrace, uint32(at), uint32(at+1))
	sc := &scanner{
		Scan:    kit.Scan{Src: f.src[:f.end], Pos: at + 1, Line: f.line, LineStart: f.ls, TokLine: f.line, TokLS: f.ls, Pattern: f.p.sc.Pattern},
		depth:   1,
		inField: true,
	}
	sub := newParser(sc, sc.Next(), b)
	sub.Depth = f.depth
	sub.Enter()
	if sub.Kind == kwYield {
		sub.yieldExpr()
	} else {
		sub.starExprList()
	}
	sub.Got(opAssign) // f"{x=}" prints the expression's text too
	if sub.Kind == opBang {
		bang := sub.Tok.Offset
		sub.Next()
		if sub.Kind != tIdent || sub.Tok.Offset != bang+1 {
			sub.ErrorExpected("a conversion right after ! (r, s or a)")
		}
		b.Leaf(tConversion, bang, sub.Tok.End())
		sub.Next()
	}
	var end int
	switch sub.Kind {
	case opColon:
		sm := b.Mark()
		colon := int(sub.Tok.Offset)
		sub.Leaf()
		f.line, f.ls = sc.Line, sc.LineStart
		outer := f.depth
		f.depth = sub.Depth
		end = f.parts(colon+1, true)
		f.depth = outer
		b.Close(sm, nFormatSpecifier, 0)
	case opRBrace:
		end = int(sub.Tok.Offset)
		f.line, f.ls = sc.Line, sc.LineStart
	default:
		sub.ErrorExpected("'}'")
	}
	b.Leaf(opRBrace, uint32(end), uint32(end+1))
	b.Close(m, nInterpolation, 0)
	main := f.p.sc
	if len(sc.Trivia) > 0 {
		main.Trivia = append(main.Trivia, sc.Trivia...)
		main.fieldTrivia = true
	}
	main.Errs = append(main.Errs, sc.Errs...)
	return end + 1
}
