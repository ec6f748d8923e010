package java

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// Declarations: classes, interfaces, enums, records, annotation types,
// and their members.

// typeDeclaration parses the rest of a class, interface, enum, record or
// annotation type after its modifiers, closing it at m, and reports
// whether one starts at the current token.
func (p *parser) typeDeclaration(m int) bool {
	switch {
	case p.Kind == kwClass:
		p.Leaf()
		p.ident()
		p.optTypeParameters()
		p.Clause(kwExtends, nSuperclass, p.typ)
		p.Clause(kwImplements, nSuperInterfaces, p.typeList)
		p.permits()
		p.classBody(nClassBody)
		p.B.Close(m, nClassDeclaration, 0)
	case p.Kind == kwInterface:
		p.Leaf()
		p.ident()
		p.optTypeParameters()
		p.Clause(kwExtends, nExtendsInterfaces, p.typeList)
		p.permits()
		p.classBody(nInterfaceBody)
		p.B.Close(m, nInterfaceDeclaration, 0)
	case p.Kind == kwEnum:
		p.Leaf()
		p.ident()
		p.Clause(kwImplements, nSuperInterfaces, p.typeList)
		p.enumBody()
		p.B.Close(m, nEnumDeclaration, 0)
	case p.Kind == tAt && p.Peek(1) == kwInterface:
		p.Leaf()
		p.Leaf()
		p.ident()
		p.classBody(nAnnotationTypeBody)
		p.B.Close(m, nAnnotationTypeDeclaration, 0)
	case p.recordAhead():
		p.LeafAs(tWord)
		p.ident()
		p.optTypeParameters()
		p.formalParameters()
		p.Clause(kwImplements, nSuperInterfaces, p.typeList)
		p.classBody(nClassBody)
		p.B.Close(m, nRecordDeclaration, 0)
	default:
		return false
	}
	return true
}

// recordAhead reports whether a record declaration starts at the
// current token: record Name( or record Name<.
func (p *parser) recordAhead() bool {
	return p.IsWord("record") && p.Peek(1) == tIdent && (p.Peek(2) == tLParen || p.Peek(2) == tLT)
}

// permits parses permits A, B.
func (p *parser) permits() {
	if p.IsWord("permits") {
		p.Node(nPermits, func() { p.LeafAs(tWord); p.typeList() })
	}
}

// typeList parses A, B<C>, D as a type_list.
func (p *parser) typeList() {
	p.Node(nTypeList, func() { p.Separated(tComma, p.typ) })
}

// classBody parses { members } as a node of kind k: a class's, an
// interface's or an annotation type's body.
func (p *parser) classBody(k grammars.Kind) {
	p.Enclosed(k, tLBrace, tRBrace, func() { p.members(func() { p.member(k) }) })
}

// members parses a body's members up to its }, each with item. A member
// that fails to parse becomes an ERROR node up to the next line that
// starts a member no further right than it started, or to the body's },
// and the rest of the body still parses: a file being edited keeps the
// matches of its other members. A pattern has no such recovery: a
// pattern that does not parse is no pattern.
func (p *parser) members(item func()) {
	closing := -1
	if i := p.Cur() - 1; i >= 0 && i < len(p.Toks.Partner) && p.Toks.Toks[i].Kind == tLBrace {
		closing = int(p.Toks.Partner[i])
	}
	for p.Kind != tRBrace && p.Kind != tEOF {
		switch {
		case p.Pattern:
			item()
		case p.errorCount() >= kit.MaxErrors && closing >= 0:
			p.giveUpBody(closing)
		default:
			p.recoverMember(item, closing)
		}
	}
}

// giveUpBody covers the rest of a body, up to its } at index closing,
// with an ERROR leaf, once the parse has met kit.MaxErrors errors: the
// parse stops there, as the top level's does, and the class around the
// errors is kept.
func (p *parser) giveUpBody(closing int) {
	start, end := p.Pos(), p.Pos()
	line, col := int(p.Tok.Line), int(p.Tok.Column)
	for p.Kind != tEOF && p.Cur() < closing {
		end = p.Tok.End()
		p.Next()
	}
	if p.gaveUp == nil {
		p.gaveUp = &grammars.Error{Line: line, Column: col, Msg: "too many errors: the rest of the file is not parsed",
			Span: grammars.Span{Start: start, End: end}}
		p.errs = append(p.errs, p.gaveUp)
	}
	p.B.Leaf(nError, start, end)
}

// recoverMember parses one member with item; on a syntax error within
// the body it drops what item built and covers the member, up to where
// members start again, with an ERROR leaf. The body ends at the token at
// index closing, its }, or, when its brackets do not pair (-1), at the
// first } that starts a line left of the member. An error past the
// body, or of input nested too deep, unwinds on to the top level.
func (p *parser) recoverMember(item func(), closing int) {
	depth, noLambda, mark := p.Depth, p.noLambda, p.B.Mark()
	start, col := p.Pos(), p.Tok.Column
	err := p.unwound(item)
	if err == nil {
		return
	}
	if closing >= 0 && p.Cur() > closing {
		panic(kit.Bailout{Err: err})
	}
	p.Depth, p.noLambda = depth, noLambda
	p.B.Truncate(mark)
	end := max(p.End, start)
	ends := func() bool {
		if closing >= 0 {
			return p.Cur() >= closing
		}
		return p.Kind == tRBrace && p.Tok.Column < col && p.firstOnLine()
	}
	for p.Kind != tEOF && !ends() {
		end = p.Tok.End()
		p.Next()
		if p.Tok.Column <= col && startsMember(p.Kind) && p.firstOnLine() {
			break
		}
	}
	err.Span = grammars.Span{Start: start, End: end}
	p.B.Leaf(nError, start, end)
	p.errs = append(p.errs, err)
}

// unwound runs prod and returns the syntax error that unwound it, or
// nil; an error of input nested too deep unwinds on.
func (p *parser) unwound(prod func()) (err *grammars.Error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(kit.Bailout)
			if !ok || b.Deep {
				panic(r)
			}
			err = b.Err
		}
	}()
	prod()
	return nil
}

// firstOnLine reports whether the current token is the first of its
// line.
func (p *parser) firstOnLine() bool {
	i := p.Cur()
	if i == 0 || i > len(p.Toks.Toks) {
		return true
	}
	line, _ := p.Toks.Toks[i-1].EndLine()
	return int32(line) < p.Tok.Line
}

// startsMember reports whether a token of kind k may start a member.
func startsMember(k grammars.Kind) bool {
	switch k {
	case tAt, tIdent, tLT, kwPublic, kwProtected, kwPrivate, kwAbstract, kwStatic, kwFinal, kwStrictfp,
		kwTransient, kwVolatile, kwSynchronized, kwNative, kwDefault, kwClass, kwInterface, kwEnum,
		kwByte, kwShort, kwInt, kwLong, kwChar, kwFloat, kwDouble, kwBoolean, kwVoid:
		return true
	}
	return false
}

// enumBody parses { A, B(1), C { … }; members }.
func (p *parser) enumBody() {
	p.Enclosed(nEnumBody, tLBrace, tRBrace, func() {
		for p.Kind != tSemi && p.Kind != tRBrace && p.Kind != tEOF {
			p.enumConstant()
			if !p.Got(tComma) {
				break
			}
		}
		if p.Kind == tSemi {
			p.Node(nEnumBodyDeclarations, func() {
				p.Leaf()
				p.members(func() { p.member(nClassBody) })
			})
		}
	})
}

// enumConstant parses @A NAME(args) { body }.
func (p *parser) enumConstant() {
	p.Node(nEnumConstant, func() {
		p.modifiers()
		p.ident()
		if p.Kind == tLParen {
			p.arguments()
		}
		if p.Kind == tLBrace {
			p.classBody(nClassBody)
		}
	})
}

// member parses one member of a body of kind body: a field, a method, a
// constructor, an initializer, a nested type, an annotation type's
// element.
func (p *parser) member(body grammars.Kind) {
	switch p.Kind {
	case tSemi:
		p.Next() // a stray ;
		return
	case tLBrace:
		p.block() // an instance initializer
		return
	case kwStatic:
		if p.Peek(1) == tLBrace {
			p.Node(nStaticInitializer, func() { p.Leaf(); p.block() })
			return
		}
	case tIdent:
		if p.Pattern && p.IsRun(0) {
			// A run of members in a pattern: class $C { $$$B }.
			if k := p.Peek(1); k == tRBrace || k == tSemi || k == tEOF {
				p.Leaf()
				if p.Kind == tSemi {
					p.Next()
				}
				return
			}
		}
	}
	m := p.B.Mark()
	p.modifiers()
	if p.typeDeclaration(m) {
		return
	}
	p.memberRest(m, body)
}

// memberRest parses a method, a constructor or a field after its
// modifiers, closing it at m.
func (p *parser) memberRest(m int, body grammars.Kind) {
	p.optTypeParameters()
	if p.Kind == tIdent {
		switch p.Peek(1) {
		case tLParen: // a constructor: Name(
			p.ident()
			p.formalParameters()
			p.optThrows()
			p.Node(nConstructorBody, p.bodyStatements)
			p.B.Close(m, nConstructorDeclaration, 0)
			return
		case tLBrace: // a record's compact constructor: Name {
			p.ident()
			p.block()
			p.B.Close(m, nCompactConstructorDeclaration, 0)
			return
		}
	}
	p.typ()
	if p.Kind == tIdent && p.Peek(1) == tLParen {
		p.ident()
		p.formalParameters()
		p.dimensions()
		if body == nAnnotationTypeBody {
			if p.Got(kwDefault) {
				p.elementValue()
			}
			p.Semi(tSemi, tRBrace)
			p.B.Close(m, nAnnotationTypeElementDeclaration, 0)
			return
		}
		p.optThrows()
		if p.Kind == tLBrace {
			p.block()
		} else {
			p.Semi(tSemi, tRBrace)
		}
		p.B.Close(m, nMethodDeclaration, 0)
		return
	}
	p.declarators()
	p.Semi(tSemi, tRBrace)
	if body == nInterfaceBody || body == nAnnotationTypeBody {
		p.B.Close(m, nConstantDeclaration, 0)
	} else {
		p.B.Close(m, nFieldDeclaration, 0)
	}
}

// bodyStatements parses a constructor's body, { statements }, whose
// first may call another constructor.
func (p *parser) bodyStatements() {
	p.Enter()
	defer p.Leave()
	p.Expect(tLBrace)
	p.Until(tRBrace, p.statement)
	p.Expect(tRBrace)
}

// optThrows parses throws A, B.
func (p *parser) optThrows() {
	p.Clause(kwThrows, nThrows, func() { p.Separated(tComma, p.typ) })
}

// declarators parses a, b = 1, c[] = {…}.
func (p *parser) declarators() {
	p.Separated(tComma, p.declarator)
}

// declarator parses name dims = value.
func (p *parser) declarator() {
	p.Node(nVariableDeclarator, func() {
		p.ident()
		p.dimensions()
		if p.Got(tAssign) {
			p.variableInitializer()
		}
	})
}

// variableInitializer parses an expression or an array's { values }.
func (p *parser) variableInitializer() {
	if p.Kind == tLBrace {
		p.arrayInitializer()
		return
	}
	p.expr()
}

// arrayInitializer parses { a, b, { c }, }.
func (p *parser) arrayInitializer() {
	p.Enter()
	p.Delimited(nArrayInitializer, tLBrace, tComma, tRBrace, p.variableInitializer)
	p.Leave()
}

// formalParameters parses (Type this, final int a, String... rest), a
// method's, a constructor's or a record's.
func (p *parser) formalParameters() {
	p.Enter()
	p.Delimited(nFormalParameters, tLParen, tComma, tRParen, p.formalParameter)
	p.Leave()
}

// formalParameter parses @A final Type name[], Type... name, Type this,
// Type Outer.this.
func (p *parser) formalParameter() {
	if p.Pattern && p.IsRun(0) && (p.Peek(1) == tComma || p.Peek(1) == tRParen) {
		p.Leaf() // a run of parameters in a pattern: f($$$P)
		return
	}
	m := p.B.Mark()
	p.modifiers()
	p.typ()
	switch {
	case p.Kind == tEllipsis || p.Kind == tAt:
		p.annotations() // String @A ... args
		p.Expect(tEllipsis)
		p.declarator()
		p.B.Close(m, nSpreadParameter, 0)
	case p.Kind == kwThis:
		p.Leaf()
		p.B.Close(m, nReceiverParameter, 0)
	case p.Kind == tIdent && p.Peek(1) == tDot && p.Peek(2) == kwThis:
		p.ident()
		p.Leaf()
		p.Leaf()
		p.B.Close(m, nReceiverParameter, 0)
	default:
		p.ident()
		p.dimensions()
		p.B.Close(m, nFormalParameter, 0)
	}
}
