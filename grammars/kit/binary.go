package kit

import "github.com/agenttools/agenttools/grammars"

// A Precedence is a table of binary operators: each operator's level (1
// binds loosest; 0 is no binary operator) and whether it groups to the
// right. An operator is one token, or several adjacent ones (Joined: a
// lexer that keeps > alone, for type arguments, makes >> and >= of two),
// or a contextual word (Word); a typed operator has a type on its right
// (Typed: e is T, e as T).
//
// The tables are slices indexed by kind: climbing looks up the token
// after every operand.
type Precedence struct {
	info   []opInfo
	joined [][]joinedOp // by first kind, longest first
	typed  []*typedOp
	words  map[string]*typedOp
}

// opInfo is what the table says of a kind of token.
type opInfo struct {
	level uint8 // 0: no one-token operator
	right bool
	// plain: no joined, typed or word operator starts with the kind,
	// which is climbing's fast path.
	plain bool
}

// A joinedOp is an operator of adjacent tokens: the first's kind is its
// key, rest are the kinds after it.
type joinedOp struct {
	rest  []grammars.Kind
	level int
}

// A typedOp is an operator whose right side is a type, closed as a node
// of its own kind.
type typedOp struct {
	level int
	node  grammars.Kind
	leaf  grammars.Kind   // a word operator's leaf kind
	after []grammars.Kind // optional tokens between it and the type (is!)
}

// NewPrecedence builds a table from the levels, loosest first; each level
// lists its operator kinds.
func NewPrecedence(levels ...[]grammars.Kind) *Precedence {
	t := &Precedence{}
	for i, ops := range levels {
		for _, k := range ops {
			t.grow(k)
			t.info[k].level = uint8(i + 1)
		}
	}
	return t
}

func (t *Precedence) grow(k grammars.Kind) {
	for int(k) >= len(t.info) {
		t.info = append(t.info, opInfo{plain: true})
		t.joined = append(t.joined, nil)
		t.typed = append(t.typed, nil)
	}
}

// Right makes operators group to the right (a ** b ** c is a ** (b ** c)).
func (t *Precedence) Right(ops ...grammars.Kind) *Precedence {
	for _, k := range ops {
		t.grow(k)
		t.info[k].right = true
	}
	return t
}

// Joined adds an operator of adjacent tokens of kinds at level; level 0
// says that the tokens are no binary operator (>>= assigns) though a
// shorter run of them is (>>). The longest run written wins.
func (t *Precedence) Joined(level int, kinds ...grammars.Kind) *Precedence {
	t.grow(kinds[0])
	t.info[kinds[0]].plain = false
	ops := append(t.joined[kinds[0]], joinedOp{rest: kinds[1:], level: level})
	for i := len(ops) - 1; i > 0 && len(ops[i].rest) > len(ops[i-1].rest); i-- {
		ops[i], ops[i-1] = ops[i-1], ops[i]
	}
	t.joined[kinds[0]] = ops
	return t
}

// Typed adds the operator k at level whose right side is a type, closed
// as a node of kind node; tokens of the kinds after may stand between
// the two, each optional (Dart's is!).
func (t *Precedence) Typed(level int, k, node grammars.Kind, after ...grammars.Kind) *Precedence {
	t.grow(k)
	t.info[k].plain = false
	t.typed[k] = &typedOp{level: level, node: node, after: after}
	return t
}

// Word adds the contextual word w, an identifier (a token of kind ident)
// where it is no operator, as a typed operator at level: pushed as a leaf
// of kind leaf, its type closed with it as a node of kind node (Dart's
// as).
func (t *Precedence) Word(level int, ident grammars.Kind, w string, leaf, node grammars.Kind) *Precedence {
	t.grow(ident)
	t.info[ident].plain = false
	if t.words == nil {
		t.words = map[string]*typedOp{}
	}
	t.words[w] = &typedOp{level: level, node: node, leaf: leaf}
	return t
}

// Of returns the level of the one-token operator kind k, 0 when it is
// none.
func (t *Precedence) Of(k grammars.Kind) int {
	if int(k) < len(t.info) {
		return int(t.info[k].level)
	}
	return 0
}

// An operator is the operator at a parser's current token: its level,
// how many tokens it takes, and, for a typed one, how it ends.
type operator struct {
	level int
	n     int
	right bool
	typed *typedOp // a typed operator's
}

// operator returns the operator at p's current token; level 0 when there
// is none.
func (t *Precedence) operator(p *Parser) operator {
	if k := p.Kind; int(k) < len(t.info) && t.info[k].plain {
		return operator{level: int(t.info[k].level), n: 1, right: t.info[k].right}
	}
	return t.slowOperator(p)
}

// slowOperator is operator for a word, a joined or a typed operator, or a
// kind past the table.
func (t *Precedence) slowOperator(p *Parser) operator {
	k := p.Kind
	if k == p.Ident && t.words != nil {
		if op := t.words[p.Tok.Text]; op != nil {
			return operator{level: op.level, n: 1, typed: op}
		}
	}
	if int(k) >= len(t.info) {
		return operator{}
	}
	for _, j := range t.joined[k] {
		if p.joinedAt(j.rest) {
			return operator{level: j.level, n: len(j.rest) + 1}
		}
	}
	if op := t.typed[k]; op != nil {
		return operator{level: op.level, n: 1, typed: op}
	}
	return operator{level: int(t.info[k].level), n: 1, right: t.info[k].right}
}

// joinedAt reports whether the tokens after the current one are of the
// kinds rest, each adjacent to the one before.
func (p *Parser) joinedAt(rest []grammars.Kind) bool {
	for i, k := range rest {
		if p.Peek(i+1) != k || !p.Adjacent(i+1) {
			return false
		}
	}
	return true
}

// OperatorAt returns the level of the binary operator at the current
// token in t, and how many tokens it takes; 0, 0 when there is none.
func (p *Parser) OperatorAt(t *Precedence) (level, n int) {
	op := t.operator(p)
	if op.level == 0 {
		return 0, 0
	}
	return op.level, op.n
}

// GotOperator pushes the operator of t at the current token, all its
// tokens (a joined >>= is three), and reports whether there was one: an
// assignment's operator, from a table of them.
func (p *Parser) GotOperator(t *Precedence) bool {
	op := t.operator(p)
	if op.level == 0 {
		return false
	}
	for range op.n {
		p.Leaf()
	}
	return true
}

// A Climb is what precedence climbing needs besides the table.
type Climb struct {
	Ops     *Precedence
	Operand func()        // parses an operand
	Node    grammars.Kind // the kind of a binary expression's node
	// Type parses the type after a typed operator, whose kind it is
	// given.
	Type func(op grammars.Kind)
	// Stop, when set, reports whether the expression ends before the
	// current token though the table has it as an operator (in, where
	// a for's header says not; as after a line break).
	Stop func() bool
	// Before, when set, is called before the current token is looked up
	// in the table: a lexer that reads > alone may join it there.
	Before func()
}

// Climb parses an operand followed by operators of level min or tighter
// and their operands, by precedence climbing, and closes each operator
// with its operands as a node: a + b * c is (a + (b * c)), a - b - c is
// ((a - b) - c), and a is T is closed as the typed operator's node.
func (p *Parser) Climb(c *Climb, min int) {
	m := p.B.Mark()
	c.Operand()
	for {
		if c.Before != nil {
			c.Before()
		}
		// operator's fast path, written in place: climbing asks after
		// every operand.
		var op operator
		if k := p.Kind; int(k) < len(c.Ops.info) && c.Ops.info[k].plain {
			op = operator{level: int(c.Ops.info[k].level), n: 1, right: c.Ops.info[k].right}
		} else {
			op = c.Ops.slowOperator(p)
		}
		if op.level == 0 || op.level < min || c.Stop != nil && c.Stop() {
			return
		}
		if op.typed != nil {
			k := p.Kind
			if op.typed.leaf != 0 {
				p.LeafAs(op.typed.leaf)
			} else {
				p.Leaf()
			}
			for _, a := range op.typed.after {
				p.Got(a)
			}
			c.Type(k)
			p.B.Close(m, op.typed.node, 0)
			continue
		}
		for range op.n {
			p.Leaf()
		}
		if op.right {
			// A right operand holds the rest of the chain: a level of
			// nesting for each operator, which deep input must not
			// turn into a deep stack.
			p.Enter()
			p.Climb(c, op.level)
			p.Leave()
		} else {
			p.Climb(c, op.level+1)
		}
		p.B.Close(m, c.Node, 0)
	}
}

// Binary is Climb with only a table, an operand and a node kind.
func (p *Parser) Binary(t *Precedence, min int, operand func(), node grammars.Kind) {
	p.Climb(&Climb{Ops: t, Operand: operand, Node: node}, min)
}
