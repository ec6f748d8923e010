package dart

import "github.com/agenttools/agenttools/grammars"

// Types.

// typ parses a type: a name with its prefix and arguments (p.List<int>),
// void, a record type ((int, {String s})), a function type (int
// Function(String)), each with a ? that makes it nullable.
func (p *parser) typ() { p.typeWith(false) }

// typeWith parses a type; inExpr says it follows is or as, where a ? is
// the type's only when no expression starts after it: x is int ? a : b
// is a conditional.
func (p *parser) typeWith(inExpr bool) {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	switch {
	case p.IsWord("Function") && (p.Peek(1) == tLParen || p.Peek(1) == tLT):
		p.functionTypeRest(m, inExpr)
	case p.Kind == kwVoid:
		p.Leaf()
	case p.Kind == tLParen:
		p.recordType()
		p.nullable(m, inExpr)
	case p.Kind == tIdent:
		p.IdentAs(tTypeIdent)
		if p.Kind == tDot && p.Peek(1) == tIdent {
			p.Leaf()
			p.IdentAs(tTypeIdent)
			p.B.Close(m, nScopedType, 0)
		}
		if p.Kind == tLT {
			p.typeArguments()
			p.B.Close(m, nGenericType, 0)
		}
		p.nullable(m, inExpr)
	default:
		p.ErrorExpected("type")
	}
	for p.IsWord("Function") && (p.Peek(1) == tLParen || p.Peek(1) == tLT) {
		p.functionTypeRest(m, inExpr)
	}
}

// nullable pushes the ? of a nullable type, closing it at m.
func (p *parser) nullable(m int, inExpr bool) {
	if p.Kind == tQuestion && !(inExpr && startsExpr(p.Peek(1)) && !p.WordAt(1, "Function")) {
		p.Leaf()
		p.B.Close(m, nNullableType, 0)
	}
}

// startsExpr reports whether a token of kind k can start an expression.
func startsExpr(k grammars.Kind) bool {
	switch k {
	case tIdent, tInt, tDouble, tString, tStringStart, tLParen, tLBrack, tLBrace, tNot, tMinus, tTilde, tInc, tDec, tHash,
		kwThis, kwSuper, kwNull, kwTrue, kwFalse, kwNew, kwConst, kwSwitch, kwThrow:
		return true
	}
	return false
}

// functionTypeRest parses Function<T>(params)? after the return type,
// which starts at m.
func (p *parser) functionTypeRest(m int, inExpr bool) {
	p.word("Function")
	p.optTypeParameters()
	p.functionTypeParameters()
	p.B.Close(m, nFunctionType, 0)
	p.nullable(m, inExpr)
}

// functionTypeParameters parses a function type's (int, String s, [int
// x], {required int y}).
func (p *parser) functionTypeParameters() { p.parameters(p.functionTypeParameter) }

// functionTypeParameter parses a type and perhaps a name; an old-style
// parameter (a name alone) or a function-typed one also stand here.
func (p *parser) functionTypeParameter() {
	p.annotations()
	m := p.B.Mark()
	p.gotWord("required")
	p.gotWord("covariant")
	if p.Kind == kwFinal || p.Kind == kwVar {
		p.Leaf()
	}
	if p.Kind == kwThis {
		p.Leaf()
		p.Expect(tDot)
		p.ident()
	} else {
		p.typeAndName()
	}
	if p.Kind == tLParen {
		p.formalParameters()
		p.Got(tQuestion)
	}
	p.defaultValue()
	p.B.Close(m, nFormalParameter, 0)
}

// recordType parses (int, String name, {bool flag}) and ().
func (p *parser) recordType() {
	p.Node(nRecordType, func() {
		p.Expect(tLParen)
		for p.Kind != tRParen && p.Kind != tEOF {
			if p.Kind == tLBrace {
				p.Prefix(nRecordTypeNamed, func() {
					p.List(tComma, tRBrace, p.recordTypeField)
					p.Expect(tRBrace)
				})
				break
			}
			p.recordTypeField()
			if !p.Got(tComma) {
				break
			}
		}
		p.Expect(tRParen)
	})
}

func (p *parser) recordTypeField() {
	p.annotations()
	p.Node(nRecordTypeField, func() {
		p.gotWord("required")
		p.typeAndName()
	})
}

// typeAndName parses a type and the name after it, when there is one.
func (p *parser) typeAndName() {
	p.typ()
	if p.Kind == tIdent {
		p.ident()
	}
}

// typeArguments parses <int, List<String>>.
func (p *parser) typeArguments() {
	p.Node(nTypeArguments, func() {
		p.Expect(tLT)
		p.typeList()
		p.Expect(tGT)
	})
}

// optTypeParameters parses type parameters when there are some.
func (p *parser) optTypeParameters() {
	if p.Kind == tLT {
		p.typeParameters()
	}
}

// typeParameters parses <T extends Object?, @A U>.
func (p *parser) typeParameters() {
	p.Node(nTypeParameters, func() {
		p.Expect(tLT)
		p.Separated(tComma, p.typeParameter)
		p.Expect(tGT)
	})
}

// typeParameter parses @A T extends Bound, its annotations siblings
// before it.
func (p *parser) typeParameter() {
	p.annotations()
	p.Node(nTypeParameter, func() {
		p.IdentAs(tTypeIdent)
		if p.Got(kwExtends) {
			p.typ()
		}
	})
}

// Patterns (Dart 3): in switch cases, if-case, and pattern declarations.

// pattern parses a pattern: p || q, p && q, and the ones they join.
func (p *parser) pattern() {
	p.Enter()
	defer p.Leave()
	p.Chain(nLogicalOrPattern, p.andPattern, tOrOr)
}

func (p *parser) andPattern() { p.Chain(nLogicalAndPattern, p.relationalPattern, tAndAnd) }

// relationalPattern parses == e, < e, >= e, or a unary pattern.
func (p *parser) relationalPattern() {
	switch p.Kind {
	case tLT:
		if p.Lookahead(func() bool { p.typeArguments(); return p.Kind == tLBrack || p.Kind == tLBrace }) {
			break // <int>[a, b]: a list pattern's type
		}
		fallthrough
	case tEq, tNe, tLE, tGT:
		gt := p.Kind == tGT
		p.Prefix(nRelationalPattern, func() {
			if gt && p.Kind == tAssign && p.Tok.Offset == p.End {
				p.Leaf() // >=
			}
			p.binaryAbove(levelRelational)
		})
		return
	}
	p.unaryPattern()
}

// unaryPattern parses a primary pattern with its postfix ?, ! and as T.
func (p *parser) unaryPattern() {
	m := p.B.Mark()
	p.primaryPattern()
	for {
		switch {
		case p.Kind == tQuestion:
			p.Leaf()
			p.B.Close(m, nNullCheckPattern, 0)
		case p.Kind == tNot:
			p.Leaf()
			p.B.Close(m, nNullAssertPattern, 0)
		case p.IsWord("as"):
			p.LeafAs(tWord)
			p.typ()
			p.B.Close(m, nCastPattern, 0)
		default:
			return
		}
	}
}

// primaryPattern parses a pattern that no operator joins.
func (p *parser) primaryPattern() {
	m := p.B.Mark()
	switch p.Kind {
	case tLParen:
		if p.Lookahead(func() bool { p.typ(); return p.Kind == tIdent && !p.IsWord("when") && !p.IsWord("as") }) {
			p.typ() // (int, {int x}) r: a variable of a record type
			p.ident()
			p.B.Close(m, nVariablePattern, 0)
			return
		}
		p.recordPattern()
	case tLBrack:
		p.listPattern(m)
	case tLBrace:
		p.mapPattern(m)
	case tLT:
		p.typeArguments()
		if p.Kind == tLBrack {
			p.listPattern(m)
		} else {
			p.mapPattern(m)
		}
	case kwVar, kwFinal:
		p.Leaf()
		if p.Kind == tIdent && p.Peek(1) != tLParen && p.patternHasType() {
			p.typ()
		}
		p.ident()
		p.B.Close(m, nVariablePattern, 0)
	case kwConst:
		p.Leaf()
		if p.Kind == tLParen {
			p.parenExpr() // const (1 + 2), never a function's parameters
			p.B.Close(m, nConstantPattern, 0)
			return
		}
		p.unary() // const C(1), const [1]
		p.B.Close(m, nConstantPattern, 0)
	case tMinus:
		p.Prefix(nConstantPattern, p.primary)
	case tIdent:
		p.identPattern(m)
	default:
		p.primary() // a literal
		p.B.Close(m, nConstantPattern, 0)
	}
}

// identPattern parses a pattern that starts with a name: _ , a constant
// (a, a.b, a.b.c), a typed variable (int x), or an object pattern
// (Point(x: 1), p.List<int>()).
func (p *parser) identPattern(m int) {
	if p.patternHasType() {
		p.typ()
		if p.Kind == tLParen {
			p.objectFields()
			p.B.Close(m, nObjectPattern, 0)
			return
		}
		p.ident()
		p.B.Close(m, nVariablePattern, 0)
		return
	}
	p.ident()
	for p.Kind == tDot && p.Peek(1) == tIdent {
		p.Leaf()
		p.IdentAs(tFieldIdent)
	}
	if p.Kind == tLT || p.Kind == tLParen {
		if p.Kind == tLT {
			p.typeArguments()
		}
		p.objectFields()
		p.B.Close(m, nObjectPattern, 0)
		return
	}
	p.B.Close(m, nConstantPattern, 0)
}

// patternHasType reports whether a type and a variable's name start at
// the current token (int x, List<int> xs, p.T? y), and not a name alone
// or a constant followed by when or as.
func (p *parser) patternHasType() bool {
	return p.Lookahead(func() bool {
		p.typ()
		return p.Kind == tIdent && !p.IsWord("when") && !p.IsWord("as") || p.Kind == tLParen
	})
}

// recordPattern parses (a, b: p, :c), or (p) in parentheses.
func (p *parser) recordPattern() {
	m := p.B.Mark()
	p.Expect(tLParen)
	n, comma, named := 0, false, false
	for p.Kind != tRParen && p.Kind != tEOF {
		if p.patternField() {
			named = true
		}
		n++
		if !p.Got(tComma) {
			break
		}
		comma = true
	}
	p.Expect(tRParen)
	kind := nRecordPattern
	if n == 1 && !comma && !named {
		kind = nParenthesizedPattern
	}
	p.B.Close(m, kind, 0)
}

// patternField parses p, name: p or :p in a record or an object pattern,
// and reports whether it was named.
func (p *parser) patternField() bool {
	switch {
	case p.Kind == tColon:
		p.Prefix(nPatternField, p.pattern)
	case p.Kind == tIdent && p.Peek(1) == tColon:
		p.labeled(nPatternField, p.pattern)
	default:
		p.Node(nPatternField, p.pattern)
		return false
	}
	return true
}

// objectFields parses the (x: p, :y) of an object pattern.
func (p *parser) objectFields() {
	p.Expect(tLParen)
	p.List(tComma, tRParen, func() { p.patternField() })
	p.Expect(tRParen)
}

// listPattern parses [a, ...rest, b] after its type arguments, closing
// it at m.
func (p *parser) listPattern(m int) {
	p.Expect(tLBrack)
	p.List(tComma, tRBrack, p.restOrPattern)
	p.Expect(tRBrack)
	p.B.Close(m, nListPattern, 0)
}

// restOrPattern parses ...rest, ..., or a pattern.
func (p *parser) restOrPattern() {
	if p.Kind == tEllipsis {
		p.Prefix(nRestPattern, func() {
			if p.Kind != tComma && p.Kind != tRBrack && p.Kind != tRBrace {
				p.pattern()
			}
		})
		return
	}
	p.pattern()
}

// mapPattern parses {'k': p, ...} after its type arguments, closing it
// at m.
func (p *parser) mapPattern(m int) {
	p.Expect(tLBrace)
	p.List(tComma, tRBrace, func() {
		if p.Kind == tEllipsis {
			p.restOrPattern()
			return
		}
		p.Node(nMapPatternEntry, func() {
			p.exprNoCascade()
			p.Expect(tColon)
			p.pattern()
		})
	})
	p.Expect(tRBrace)
	p.B.Close(m, nMapPattern, 0)
}
