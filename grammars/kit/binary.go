package kit

import "github.com/agenttools/agenttools/grammars"

// A Precedence is a table of binary operators: each operator kind's
// level (1 binds loosest; 0 is no binary operator) and whether it groups
// to the right.
type Precedence struct {
	level []uint8
	right []bool
}

// NewPrecedence builds a table from the levels, loosest first; each level
// lists its operator kinds.
func NewPrecedence(levels ...[]grammars.Kind) *Precedence {
	t := &Precedence{}
	for i, ops := range levels {
		for _, k := range ops {
			for int(k) >= len(t.level) {
				t.level = append(t.level, 0)
				t.right = append(t.right, false)
			}
			t.level[k] = uint8(i + 1)
		}
	}
	return t
}

// Right makes operators group to the right (a ** b ** c is a ** (b ** c)).
func (t *Precedence) Right(ops ...grammars.Kind) *Precedence {
	for _, k := range ops {
		t.right[k] = true
	}
	return t
}

// Of returns the level of operator kind k, 0 when it is none.
func (t *Precedence) Of(k grammars.Kind) int {
	if int(k) < len(t.level) {
		return int(t.level[k])
	}
	return 0
}

// Binary parses an operand followed by operators of level min or tighter
// and their operands, by precedence climbing, and closes each operator
// with its operands as a node of kind node: a + b * c is (a + (b * c)),
// a - b - c is ((a - b) - c).
func (p *Parser) Binary(t *Precedence, min int, operand func(), node grammars.Kind) {
	m := p.B.Mark()
	operand()
	for {
		level := t.Of(p.Kind)
		if level < min {
			return
		}
		next := level + 1
		if t.right[p.Kind] {
			next = level
		}
		p.Leaf()
		p.Binary(t, next, operand, node)
		p.B.Close(m, node, 0)
	}
}
