package rule

import (
	"fmt"
	"strings"
)

// A kind rule may be a selector, in the manner of CSS, as ast-grep
// reads one: kinds joined by combinators (a > b: b with a parent a;
// a b: b inside an a; a + b: b right after an a; a ~ b: b after an a),
// lists (a, b), and the pseudo-classes :has(), :not(), :is(),
// :nth-child() and :nth-last-child(). It compiles to the rules it
// stands for.

// isSelector reports whether a kind is written as a selector, not a
// plain kind name.
func isSelector(s string) bool { return strings.ContainsAny(strings.TrimSpace(s), " >+~,:().") }

// A selParser reads one selector.
type selParser struct {
	c   *compiler
	at  value
	src string // the selector
	pos int
}

func (c *compiler) selector(v value, s string) (*node, error) {
	p := &selParser{c: c, at: v, src: strings.TrimSpace(s)}
	n, err := p.list()
	if err != nil {
		return nil, err
	}
	if p.skipSpace(); p.pos < len(p.src) {
		return nil, p.fail("unexpected %q", p.src[p.pos:])
	}
	return n, nil
}

func (p *selParser) fail(format string, args ...any) error {
	return p.at.errorf("selector %q at %d: %s", p.src, p.pos+1, fmt.Sprintf(format, args...))
}

func (p *selParser) skipSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t' || p.src[p.pos] == '\n') {
		p.pos++
	}
}

func (p *selParser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

// list reads complex selectors separated by commas: any of them.
func (p *selParser) list() (*node, error) {
	var items []*node
	for {
		n, err := p.complex()
		if err != nil {
			return nil, err
		}
		items = append(items, n)
		p.skipSpace()
		if p.peek() != ',' {
			break
		}
		p.pos++
		p.skipSpace()
	}
	if len(items) == 1 {
		return items[0], nil
	}
	return p.c.add(&node{op: opAny, path: p.at.path, list: items}), nil
}

// complex reads compound selectors joined by combinators.
func (p *selParser) complex() (*node, error) {
	left, err := p.compound()
	if err != nil {
		return nil, err
	}
	for {
		comb, ok := p.combinator()
		if !ok {
			return left, nil
		}
		right, err := p.compound()
		if err != nil {
			return nil, err
		}
		rel := &node{path: p.at.path, sub: left}
		switch comb {
		case '>':
			rel.op, rel.stop = opInside, stopNeighbor
		case ' ':
			rel.op, rel.stop = opInside, stopEnd
		case '+':
			rel.op, rel.stop = opFollows, stopNeighbor
		case '~':
			rel.op, rel.stop = opFollows, stopEnd
		}
		left = p.c.add(&node{op: opAll, path: p.at.path, list: []*node{right, p.c.add(rel)}})
	}
}

// combinator reads the combinator before the next compound selector, if
// one comes: >, +, ~, or white space alone.
func (p *selParser) combinator() (byte, bool) {
	start := p.pos
	p.skipSpace()
	switch c := p.peek(); {
	case c == '>' || c == '+' || c == '~':
		p.pos++
		p.skipSpace()
		return c, true
	case c == 0 || c == ',' || c == ')':
		return 0, false
	case p.pos > start:
		return ' ', true
	}
	return 0, false
}

// compound reads a kind and the pseudo-classes after it.
func (p *selParser) compound() (*node, error) {
	var parts []*node
	if name := p.ident(); name != "" {
		n, err := p.c.kindNamed(p.at, name)
		if err != nil {
			return nil, err
		}
		parts = append(parts, n)
	}
	for {
		switch p.peek() {
		case '.':
			return nil, p.fail("class selectors (.name) are not supported")
		case ':':
			p.pos++
			n, err := p.pseudo()
			if err != nil {
				return nil, err
			}
			parts = append(parts, n)
			continue
		}
		break
	}
	switch len(parts) {
	case 0:
		return nil, p.fail("a kind or a pseudo-class is missing")
	case 1:
		return parts[0], nil
	}
	return p.c.add(&node{op: opAll, path: p.at.path, list: parts}), nil
}

func (p *selParser) ident() string {
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-' || p.pos > start && c >= '0' && c <= '9' {
			p.pos++
			continue
		}
		break
	}
	return p.src[start:p.pos]
}

// pseudo reads a pseudo-class after its colon.
func (p *selParser) pseudo() (*node, error) {
	name := p.ident()
	if p.peek() != '(' {
		return nil, p.fail("( must follow :%s", name)
	}
	p.pos++
	p.skipSpace()
	var n *node
	var err error
	switch name {
	case "has":
		stop := stopEnd
		if p.peek() == '>' {
			stop = stopNeighbor
			p.pos++
			p.skipSpace()
		}
		var sub *node
		if sub, err = p.complex(); err == nil {
			n = p.c.add(&node{op: opHas, path: p.at.path, sub: sub, stop: stop})
		}
	case "not":
		var sub *node
		if sub, err = p.complex(); err == nil {
			n = p.c.add(&node{op: opNot, path: p.at.path, sub: sub})
		}
	case "is":
		n, err = p.list()
	case "nth-child", "nth-last-child":
		n, err = p.nth(name == "nth-last-child")
	default:
		return nil, p.fail("unknown pseudo-class :%s; there are :has, :not, :is, :nth-child and :nth-last-child", name)
	}
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.peek() != ')' {
		return nil, p.fail(") must close :%s", name)
	}
	p.pos++
	return n, nil
}

// nth reads An+B [of selector].
func (p *selParser) nth(reverse bool) (*node, error) {
	start := p.pos
	for p.pos < len(p.src) && strings.IndexByte("0123456789nN+- ", p.src[p.pos]) >= 0 {
		p.pos++
	}
	text := strings.TrimSpace(p.src[start:p.pos])
	f, err := formulaText(text)
	if err != nil {
		return nil, p.fail("%v", err)
	}
	f.reverse = reverse
	if strings.HasPrefix(p.src[p.pos:], "of ") {
		p.pos += 3
		p.skipSpace()
		of, err := p.complex()
		if err != nil {
			return nil, err
		}
		f.ofRule = of
	}
	return p.c.add(&node{op: opNth, path: p.at.path, nth: f}), nil
}
