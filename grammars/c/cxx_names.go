package c

import (
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// C++'s names: qualified names, template-ids, and where < opens a
// template's arguments.

// A nameMode says what a name stands for, which is the kind of its last
// part's leaf.
type nameMode int

const (
	nameValue     nameMode = iota // an expression's: identifier, template_function
	nameType                      // a type's: type_identifier, template_type
	nameNamespace                 // a namespace's: namespace_identifier
	nameField                     // a member's after . or ->: field_identifier, template_method
	nameDecl                      // a declarator's: identifier, or a member's field_identifier
)

// idx returns the slice index of the token n after the current one, or
// len(toks).
func (p *parser) idx(n int) int {
	i := p.index()
	for n > 0 && i < len(p.lx.toks) {
		i++
		if i < len(p.lx.toks) && !p.lx.skip[i] {
			n--
		}
	}
	return i
}

// kindAt returns the kind of the token at slice index i, EOF past the
// end.
func (p *parser) kindAt(i int) grammars.Kind {
	if i < 0 || i >= len(p.lx.toks) {
		return tEOF
	}
	return p.lx.toks[i].Kind
}

// partnerAt returns the slice index of the partner of the bracket at
// slice index i, or -1.
func (p *parser) partnerAt(i int) int {
	if i < 0 || i >= len(p.lx.partner) {
		return -1
	}
	return int(p.lx.partner[i])
}

// prevIdx returns the slice index of the last token before i that is no
// directive's, or -1.
func (p *parser) prevIdx(i int) int {
	for i--; i >= 0 && p.lx.skip[i]; i-- {
	}
	return i
}

// nextIdx returns the slice index of the first token after i that is no
// directive's.
func (p *parser) nextIdx(i int) int {
	_, j := p.following(i)
	return j
}

// angles returns the slice index of the > that closes the < at slice
// index i, or -1: a > at the <'s depth, with brackets passed over whole
// and a < after a name or a > counted as nested, before a ;, a { or }
// or a closer the < is inside. Every nested < the scan passes is
// settled too, so a chain a < b < c < … costs one scan.
func (p *parser) angles(i int) int {
	if r, ok := p.angle[i]; ok {
		return r
	}
	if n := p.prevIdx(i); p.kindAt(n) == tIdent && p.compared(n) {
		p.angle[i] = -1 // A<T>::value < 8, N < 6: a comparison
		return -1
	}
	stack := []int{i}
	var exprs []bool // whether each open < holds an operator no type has
	exprs = append(exprs, false)
	prev := tLT
	for j := p.nextIdx(i); j < len(p.lx.toks); j = p.nextIdx(j) {
		k := p.lx.toks[j].Kind
		switch k {
		case tLParen, tLBrack:
			q := p.partnerAt(j)
			if q < 0 {
				return p.failAngles(stack)
			}
			j = q
		case tLBrace:
			if prev != tIdent && prev != tGT && prev != tComma && prev != tLT {
				return p.failAngles(stack)
			}
			q := p.partnerAt(j)
			if q < 0 {
				return p.failAngles(stack)
			}
			j = q
		case tLT:
			if prev == tGT || prev == kwTemplate || prev == kwOperator || prev == tIdent && !p.compared(p.prevIdx(j)) {
				stack = append(stack, j)
				exprs = append(exprs, false)
			}
		case tOrOr, tDot, tArrow:
			exprs[len(exprs)-1] = true
		case tGT:
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if exprs[len(exprs)-1] {
				p.angleExpr[top] = true
			}
			exprs = exprs[:len(exprs)-1]
			p.angle[top] = j
			if len(stack) > 0 {
				p.angleNested[stack[len(stack)-1]] = true
			}
			if len(stack) == 0 {
				return j
			}
		case tSemi, tRBrace, tRParen, tRBrack, tEOF, tAssign:
			return p.failAngles(stack)
		}
		if k == kwOperator {
			// operator< and operator> in a template's arguments:
			// &X::operator<, a name, not a bracket
			j = p.nextIdx(j)
		}
		prev = k
	}
	return p.failAngles(stack)
}

// compared reports whether the name at slice index i, before a <, is
// a value a compiler compares: a value parameter of the template being
// read (N < 6), or a member as memberCompared says.
func (p *parser) compared(i int) bool {
	if p.valueParams[p.lx.text(&p.lx.toks[i])] > 0 && p.kindAt(p.prevIdx(i)) != tColonColon && p.kindAt(p.prevIdx(i)) != tDot && p.kindAt(p.prevIdx(i)) != tArrow {
		return true
	}
	return p.memberCompared(i)
}

// memberCompared reports whether the name at slice index i, before a <,
// is a member a compiler compares rather than gives arguments: with no
// template before it, a member of a type parameter of the template
// being read (R::num < 2), a dependent name, or a trait's value
// (alignment_of<T>::value < 8). A template-id's member may be a member
// template the compiler knows (in_range_c<char, 'a', 'z'>::apply<C>).
func (p *parser) memberCompared(i int) bool {
	c := p.prevIdx(i)
	if p.kindAt(c) != tColonColon {
		return false
	}
	switch q := p.prevIdx(c); p.kindAt(q) {
	case tGT:
		return p.lx.text(&p.lx.toks[i]) == "value"
	case tIdent:
		// a parameter's name is unqualified: a::endian:: is a namespace
		return p.typeParams[p.lx.text(&p.lx.toks[q])] > 0 && p.kindAt(p.prevIdx(q)) != tColonColon
	}
	return false
}

// failAngles settles every < on stack as opening no arguments.
func (p *parser) failAngles(stack []int) int {
	for _, s := range stack {
		p.angle[s] = -1
	}
	return -1
}

// templateArgsAhead reports whether the < n tokens after the current one
// opens a template's arguments: in a type (typ), whenever a > closes it;
// in an expression, when the name before it is a template the file
// declares or a cast, or what follows the > can only follow a
// template-id.
func (p *parser) templateArgsAhead(n int, typ bool) bool {
	i := p.idx(n)
	if p.kindAt(i) != tLT {
		return false
	}
	j := p.angles(i)
	if j < 0 {
		return false
	}
	if typ || p.inConstraint {
		return true
	}
	if n > 0 {
		// a template the file declares, a cast, or a name spelled as
		// the standard library's are: is_same_v<…>, enable_if_t<…>
		name := p.tok(n - 1)
		if name.Kind == tIdent && (p.templates[name.Text] || castNames[name.Text] ||
			strings.HasSuffix(name.Text, "_t") || strings.HasSuffix(name.Text, "_v")) {
			return true
		}
	}
	if p.comparedInBody(i, j) {
		return false
	}
	if p.angleNested[i] {
		return true // a<b<c>>: arguments that hold a template-id
	}
	// is_same_v<T, U> &&: arguments that begin with a type are a
	// template's
	switch first := p.lx.full(p.nextIdx(i)); {
	case isSpecifier(first.Kind) || isCxxTypeWord(first.Kind) || first.Kind == kwTypename || first.Kind == kwDecltype:
		return true
	case first.Kind == tIdent && p.typedefs[first.Text]:
		return true
	}
	if p.angleExpr[i] {
		return false
	}
	switch p.kindAt(p.nextIdx(j)) {
	case tLParen, tColonColon, tLBrace, tRParen, tRBrack, tRBrace, tComma, tSemi, tGT, tEllipsis, tEOF:
		return true
	}
	return false
}

// comparedInBody reports whether the < at slice index i, whose > is at
// j, is a comparison's in a function's body: what it holds has a || or a
// . (u.u < T(0) || u.l > T(0)), and an operand follows its >.
func (p *parser) comparedInBody(i, j int) bool {
	if !p.angleExpr[i] || p.bodies == 0 {
		return false
	}
	switch p.kindAt(p.nextIdx(j)) {
	case tIdent, tNumber, tString, tChar, kwThis:
		return true
	}
	return false
}

// castNames are the casts, templates whatever the file declares.
var castNames = map[string]bool{
	"static_cast": true, "dynamic_cast": true, "const_cast": true, "reinterpret_cast": true,
}

// templateArguments parses < arguments >, each a type or an expression.
func (p *parser) templateArguments() {
	p.Enter()
	defer p.Leave()
	p.Node(nTemplateArgumentList, func() {
		p.Expect(tLT)
		saved := p.noGT
		p.noGT = true
		defer func() { p.noGT = saved }()
		for p.Kind != tGT && p.Kind != tEOF {
			for p.Kind == tIdent && isMacroName(p.Tok.Text) && !p.typedefs[p.Tok.Text] && (isTypeWord(p.Peek(1)) || isCxxTypeWord(p.Peek(1))) {
				p.Node(nAttributeSpecifier, p.Leaf) // <INT256_ARGS int>: a macro for arguments
			}
			m := p.B.Mark()
			if p.typeArgumentAhead() {
				p.typeName()
			} else {
				p.assignment()
			}
			if p.Kind == tEllipsis {
				p.Leaf()
				p.B.Close(m, nParameterPackExpansion, 0)
			}
			if p.macrosInArguments() {
				continue // InIt BOOST_MOVE_I size_type: a macro for a comma
			}
			if !p.Got(tComma) {
				break
			}
		}
		p.Expect(tGT)
	})
}

// macrosInArguments parses the macros after a template's argument,
// with their arguments, as attributes (A BOOST_DUMMYTRUE>, T
// ARITY_PARAM(-1)>), and reports whether another argument follows them
// with no comma: the macro stood for one.
func (p *parser) macrosInArguments() bool {
	any := false
	for p.Kind == tIdent && isMacroName(p.Tok.Text) && !p.typedefs[p.Tok.Text] && !p.templates[p.Tok.Text] {
		any = true
		if p.Peek(1) == tLParen {
			p.Prefix(nAttributeSpecifier, p.balanced)
		} else {
			p.Node(nAttributeSpecifier, p.Leaf)
		}
	}
	return any && p.Kind != tComma && p.Kind != tGT && p.Kind != tEOF
}

// typeArgumentAhead reports whether the template argument at the current
// token is a type: one that starts with a type's keyword, or a name
// (qualified, with arguments) that a declarator's start or the
// argument's end follows, as tree-sitter-cpp reads a name there.
func (p *parser) typeArgumentAhead() bool {
	switch {
	case p.Kind == kwSizeof || p.Kind == kwAlignof || p.Kind == kwNoexcept:
		return false
	case p.Kind == kwDecltype:
		j := p.idx(1)
		q := p.partnerAt(j)
		if q < 0 {
			return false
		}
		return p.typeFollows(p.nextIdx(q), true)
	case isTypeWord(p.Kind) || isCxxTypeWord(p.Kind):
		// bool(!x) and int{3} are expressions; void(int) a function type
		n := 1
		for isTypeWord(p.Peek(n)) || isCxxTypeWord(p.Peek(n)) {
			n++
		}
		switch p.Peek(n) {
		case tLBrace:
			return false
		case tLParen:
			return p.functionTypeAt(p.idx(n))
		}
		return true
	case isSpecifier(p.Kind) || p.Kind == kwTypename || p.Kind == kwClass:
		return true
	case p.Kind == tIdent && p.Peek(1) == tIdent && isMacroName(p.Tok.Text):
		return true // BOOST_STRING_TYPENAME range_iterator<R>::type
	case p.Kind == tIdent && p.Peek(1) == tLParen && isMacroName(p.Tok.Text) && len(p.Tok.Text) > 2 && !p.typedefs[p.Tok.Text]:
		return false // Test<FOR_EACH(F, ~, (a, b))>: a macro's call
	case p.Kind == tIdent || p.Kind == tColonColon:
		end := p.nameEnd(p.index())
		if end < 0 {
			return false
		}
		// T::value is a member of a type the file declares, maybe a
		// value: only an unqualified name is known as a type
		return p.typeFollows(end, p.typedefs[p.Tok.Text] && !p.qualifiedBefore(end))
	}
	return false
}

// qualifiedBefore reports whether a :: stands between the current
// token and slice index end.
func (p *parser) qualifiedBefore(end int) bool {
	for i := p.index(); i >= 0 && i < end; i = p.nextIdx(i) {
		if p.kindAt(i) == tColonColon {
			return true
		}
	}
	return false
}

// typeFollows reports whether the token at slice index i can follow a
// type in a template's arguments: its end, or a declarator's start;
// known says the name is a type the file declares, after which a ( is a
// function type's.
func (p *parser) typeFollows(i int, known bool) bool {
	switch p.kindAt(i) {
	case tComma, tGT, tEllipsis, kwConst, kwVolatile, tLBrack:
		return true
	case tIdent:
		return p.memberPointerAt(i) // _Res _Class::*
	case tStar, tAmp, tAndAnd:
		j := i
		for {
			switch p.kindAt(j) {
			case tStar, tAmp, tAndAnd, kwConst, kwVolatile:
				j = p.nextIdx(j)
				continue
			case tComma, tGT, tEllipsis, tRParen, tLBrack:
				return true
			case tLParen:
				return known || p.functionTypeAt(j)
			case tIdent:
				if p.memberPointerAt(j) {
					j = p.nextIdx(p.memberStarAt(j)) // T * M::* *
					continue
				}
			}
			return false
		}
	case tLParen:
		return p.functionTypeAt(i) // T(int), but not T(-1) < T(0)
	}
	return false
}

// functionTypeAt reports whether the ( at slice index i holds a
// function type's parameters, or a pointer's declarator, in a template's
// arguments: R(A, B), T *(*)(U): it holds nothing, a * or &, or what
// starts a parameter, and a , or > follows it.
func (p *parser) functionTypeAt(i int) bool {
	return p.functionTypeNested(i, 0)
}

// functionTypeNested is functionTypeAt for a ( inside depth others: the
// look inside parameters that are function types goes no deeper than
// kit.MaxDepth.
func (p *parser) functionTypeNested(i, depth int) bool {
	if depth > kit.MaxDepth {
		return false
	}
	q := p.partnerAt(i)
	if q < 0 {
		return false
	}
	switch after := p.nextIdx(q); p.kindAt(after) {
	case tComma, tGT, tEllipsis, tLParen, kwNoexcept, kwConst, kwVolatile, tLBrack:
	case tAmp, tAndAnd, tIdent:
		// R(A...) &&, R(A...) NOEXCEPT_QUAL: a qualifier, or a macro
		// that stands for one, before the arguments' end
		if k := p.kindAt(p.nextIdx(after)); k != tGT && k != tComma {
			return false
		}
		if p.kindAt(after) == tIdent && !isMacroName(p.lx.text(&p.lx.toks[after])) {
			return false
		}
	default:
		return false
	}
	j := p.nextIdx(i)
	if p.memberPointerAt(j) {
		return true // void (A::*)(int)
	}
	switch k := p.kindAt(j); {
	case k == tRParen || k == tStar || k == tAmp || k == tAndAnd || k == tEllipsis:
		return true
	case isSpecifier(k) || isCxxTypeWord(k) || k == kwClass || k == kwDecltype:
		return true
	case k == tIdent || k == tColonColon || k == kwTypename:
		if k == kwTypename {
			j = p.nextIdx(j) // f(typename T::type{}): an expression's argument
		}
		end := p.nameEnd(j)
		switch p.kindAt(end) {
		case tStar, tAmp, tAndAnd, tIdent, kwConst, tComma, tRParen, tEllipsis, tLBrack:
			return true
		case tLParen:
			// R(S(*)(const char*)): a parameter that is a function's
			// pointer, or a function type
			k := p.kindAt(p.nextIdx(end))
			return k == tStar || k == tAmp || k == tAndAnd || p.functionTypeNested(end, depth+1)
		}
	}
	return false
}

// nameEnd returns the slice index just after the (qualified) name at
// slice index i, its template arguments included, or -1 when none is
// there.
func (p *parser) nameEnd(i int) int {
	if p.kindAt(i) == tColonColon {
		i = p.nextIdx(i)
	}
	for {
		if p.kindAt(i) == kwTemplate {
			i = p.nextIdx(i)
		}
		if p.kindAt(i) != tIdent {
			return -1
		}
		if p.nestedTemplateMacro(i) {
			i = p.nextIdx(i) // BOOST_NESTED_TEMPLATE B<T>
		}
		macro := isMacroName(p.lx.text(&p.lx.toks[i]))
		i = p.nextIdx(i)
		if macro && p.kindAt(i) == tLParen {
			// WKND(T)::value: a macro's call as a scope
			if q := p.partnerAt(i); q > i && p.kindAt(p.nextIdx(q)) == tColonColon {
				i = p.nextIdx(p.nextIdx(q))
				continue
			}
		}
		if p.kindAt(i) == tLT {
			// a < that holds a || or a . is a comparison's, in a
			// function's body
			if j := p.angles(i); j >= 0 && !p.comparedInBody(i, j) {
				i = p.nextIdx(j)
			}
		}
		if p.kindAt(i) != tColonColon {
			return i
		}
		i = p.nextIdx(i)
		if k := p.kindAt(i); k == kwOperator || k == tTilde {
			return i // A::operator=, A::~A: the name's last part is no name
		}
	}
}

// nestedTemplateMacro reports whether the name at slice index i, after
// a ::, is a macro standing for the template disambiguator:
// A::BOOST_NESTED_TEMPLATE B<T>.
func (p *parser) nestedTemplateMacro(i int) bool {
	text := p.lx.text(&p.lx.toks[i])
	j := p.nextIdx(i)
	prev := p.kindAt(p.prevIdx(i))
	return len(text) > 2 && isMacroName(text) && !p.typedefs[text] && (prev == tColonColon || prev == tDot || prev == tArrow) &&
		p.kindAt(j) == tIdent && p.kindAt(p.nextIdx(j)) == tLT
}

// cxxName parses a name as mode says it stands: ::a, A::B<T>::c, ~X,
// operator+, operator T, f<int>.
func (p *parser) cxxName(mode nameMode) {
	p.Enter()
	defer p.Leave()
	m := p.B.Mark()
	if p.Kind == tColonColon {
		p.Leaf()
		p.cxxName(mode)
		p.B.Close(m, nQualifiedIdentifier, 0)
		return
	}
	if p.Kind == kwTemplate {
		// b.template f<T>, A::template B<T>: a dependent_name holds
		// the disambiguator and the name
		p.Leaf()
		p.cxxName(mode)
		p.B.Close(m, nDependentName, 0)
		return
	}
	if p.Kind == tIdent && p.nestedTemplateMacro(p.index()) {
		p.Leaf() // A::BOOST_NESTED_TEMPLATE B<T>: a macro for template
	}
	switch p.Kind {
	case tTilde:
		p.Node(nDestructorName, func() {
			p.Leaf()
			if p.Kind == kwDecltype {
				p.decltype()
				return
			}
			p.IdentAs(tIdent)
		})
		if p.Kind == tLT && p.templateArgsAhead(0, true) {
			p.templateArguments()
			p.B.Close(m, nTemplateFunction, 0)
		}
		return
	case kwOperator:
		p.operatorName()
		if p.Kind == tLT && p.templateArgsAhead(0, false) {
			p.templateArguments()
			p.B.Close(m, nTemplateFunction, 0)
		}
		return
	case kwDecltype:
		p.decltype()
		if p.Kind == tColonColon {
			p.Leaf()
			p.cxxName(mode)
			p.B.Close(m, nQualifiedIdentifier, 0)
		}
		return
	}
	if p.Kind != tIdent {
		p.ErrorExpected("name")
	}
	// a scope: N::, T<…>::, or a macro's: WKND(T)::
	if p.Peek(1) == tLParen && isMacroName(p.Tok.Text) && p.afterPartner(1).Kind == tColonColon {
		p.Node(nMacroCall, func() {
			p.IdentAs(tIdent)
			p.macroArguments()
		})
		p.Leaf()
		p.cxxName(mode)
		p.B.Close(m, nQualifiedIdentifier, 0)
		return
	}
	if p.Peek(1) == tColonColon {
		p.LeafAs(tNamespaceIdent)
		p.Leaf()
		p.cxxName(mode)
		p.B.Close(m, nQualifiedIdentifier, 0)
		return
	}
	if p.Peek(1) == tLT && p.kindAt(p.nextIdx(p.angles(p.idx(1)))) == tColonColon && p.angles(p.idx(1)) >= 0 {
		p.LeafAs(tTypeIdent)
		p.templateArguments()
		p.B.Close(m, nTemplateType, 0)
		p.Leaf()
		p.cxxName(mode)
		p.B.Close(m, nQualifiedIdentifier, 0)
		return
	}
	leaf, tmpl := tIdent, nTemplateFunction
	switch mode {
	case nameType:
		leaf, tmpl = tTypeIdent, nTemplateType
	case nameNamespace:
		leaf = tNamespaceIdent
	case nameField:
		leaf, tmpl = tFieldIdent, nTemplateMethod
	}
	args := p.Peek(1) == tLT && mode != nameNamespace && p.templateArgsAhead(1, mode == nameType || mode == nameDecl)
	p.LeafAs(leaf)
	if args {
		p.templateArguments()
		p.B.Close(m, tmpl, 0)
	}
}

// operatorName parses operator+, operator(), operator[], operator new[],
// operator""_x, operator co_await, and a conversion's operator T.
func (p *parser) operatorName() {
	m := p.B.Mark()
	p.Leaf()
	switch p.Kind {
	case tLParen:
		p.Leaf()
		p.Expect(tRParen)
	case tLBrack:
		p.Leaf()
		p.Expect(tRBrack)
	case kwNew, kwDelete:
		p.Leaf()
		if p.Kind == tLBrack {
			p.Leaf()
			p.Expect(tRBrack)
		}
	case tString:
		p.Leaf()
		if p.Kind == tLiteralSuffix || p.Kind == tIdent {
			p.Leaf()
		}
	case tGT:
		// >> and >>=: the lexer's > is a token of its own
		if (p.Peek(1) == tGT || p.Peek(1) == tGE) && p.Adjacent(1) {
			p.Leaf()
		}
		p.Leaf()
	case kwCoAwait:
		p.Leaf()
	default:
		if isOperatorToken(p.Kind) {
			p.Leaf()
			break
		}
		// a conversion: operator bool, operator const T&
		p.Node(nTypeDescriptor, func() {
			if s := p.cxxSpecifiers(ctxType); !s.typ {
				p.ErrorExpected("type")
			}
			p.abstractPtrs()
		})
		p.B.Close(m, nOperatorCast, 0)
		return
	}
	p.B.Close(m, nOperatorName, 0)
}

// isOperatorToken reports whether k is an overloadable operator's token.
func isOperatorToken(k grammars.Kind) bool {
	switch k {
	case tPlus, tMinus, tStar, tSlash, tPercent, tCaret, tAmp, tPipe, tTilde, tNot, tAssign, tLT, tGT,
		tPlusEq, tMinusEq, tStarEq, tSlashEq, tPercentEq, tCaretEq, tAmpEq, tPipeEq, tShl, tShlEq,
		tEq, tNe, tLE, tGE, tSpaceship, tAndAnd, tOrOr, tInc, tDec, tComma, tArrowStar, tArrow:
		return true
	}
	return false
}

// abstractPtrs parses the *, & and && of a conversion's type.
func (p *parser) abstractPtrs() {
	for p.Kind == tStar || p.Kind == tAmp || p.Kind == tAndAnd {
		m := p.B.Mark()
		k := nAbstractPointerDeclarator
		if p.Kind != tStar {
			k = nAbstractReferenceDeclarator
		}
		p.Leaf()
		p.qualifiersOf(false)
		p.abstractPtrs()
		p.B.Close(m, k, 0)
		return
	}
}

// decltype parses decltype(expression) and decltype(auto).
func (p *parser) decltype() {
	p.Prefix(nDecltype, func() {
		p.Expect(tLParen)
		if p.Kind == kwAuto && p.Peek(1) == tRParen {
			p.Leaf()
		} else {
			p.exprNested()
		}
		p.Expect(tRParen)
	})
}

// isCxxTypeWord reports whether k is one of C++'s own type keywords.
func isCxxTypeWord(k grammars.Kind) bool {
	switch k {
	case kwBoolCxx, kwWcharT, kwChar8T, kwChar16T, kwChar32T:
		return true
	}
	return false
}
