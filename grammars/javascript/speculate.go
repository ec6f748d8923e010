package javascript

// Speculation: where TypeScript parses ahead to decide (an arrow
// function or a parenthesized expression, type arguments or a
// comparison), the parser does too, and comes back when it fails.
//
// What keeps this linear is memory of failure. A speculation that fails
// is never tried again at its offset, and neither is any production
// that the failure unwound: in x = (a < b, a < b, …) the type arguments
// tried at the first < read every later a < b as nested type arguments,
// and each of those fails again, at once, when its own comparison is
// tried. Only failures are remembered, and only while speculating: a
// production that failed at an offset in one context fails there in the
// same context whatever was tried around it, so the memory changes no
// tree; outside a speculation a failure is the statement's error, which
// nothing tries again. (The one reading that memory can change is one
// already deeper than kit.MaxDepth, whose parse is an error anyway.)

// Kinds of remembered work: speculations, and the productions a failed
// speculation may have unwound.
const (
	specArrow    uint8 = iota + 1 // an arrow function's speculation
	specTypeArgs                  // type arguments in an expression, f<T>
	specInfer                     // infer U extends C, the constraint
	memoTypeArgs                  // the production typeArguments
	memoArgs                      // the production arguments
	memoParen                     // a parenthesized expression
)

// A memoKey is a production's kind, the context flags it started in and
// the offset of its first token.
type memoKey uint64

// key returns the key of a production of kind k at the current token.
func (p *parser) key(k uint8) memoKey {
	return memoKey(p.Tok.Offset)<<32 | memoKey(p.ctx)<<8 | memoKey(k)
}

// try is the kit's Try, which puts the context flags back too
// (SaveState), counted as a speculation: every production that its
// failure unwound is remembered as failed.
func (p *parser) try(prod func()) bool {
	base := len(p.open)
	p.spec++
	ok := p.Try(prod)
	p.spec--
	if !ok {
		p.unwound(base)
	}
	return ok
}

// lookahead is the kit's Lookahead, counted as a speculation as try is.
func (p *parser) lookahead(test func() bool) bool {
	base := len(p.open)
	p.spec++
	ok := p.Lookahead(test)
	p.spec--
	p.unwound(base)
	return ok
}

// unwound remembers as failed the productions begun after the first
// base of open and not ended: those a syntax error unwound.
func (p *parser) unwound(base int) {
	if len(p.open) == base {
		return
	}
	if p.failed == nil {
		p.failed = map[memoKey]struct{}{}
	}
	for _, k := range p.open[base:] {
		p.failed[k] = struct{}{}
	}
	p.open = p.open[:base]
}

// speculate is try, remembering a failure at this offset so that a
// speculation of that kind is never tried here again in this context.
func (p *parser) speculate(kind uint8, prod func()) bool {
	k := p.key(kind)
	if _, ok := p.failed[k]; ok {
		return false
	}
	if p.try(prod) {
		return true
	}
	if p.failed == nil {
		p.failed = map[memoKey]struct{}{}
	}
	p.failed[k] = struct{}{}
	return false
}

// begin starts a production of kind k that a speculation may unwind:
// inside one, where the production failed before in this context it
// fails again at once, and otherwise it is open until end. Outside a
// speculation it costs nothing.
func (p *parser) begin(k uint8) {
	if p.spec == 0 || p.d.forget {
		return
	}
	key := p.key(k)
	if _, ok := p.failed[key]; ok {
		p.Errorf("%s failed here before", memoNames[k])
	}
	p.open = append(p.open, key)
}

// failedBefore reports whether a production of kind k failed at the
// current token in this context, so that begin would fail it at once
// inside a speculation: a speculation that starts with it need not start.
func (p *parser) failedBefore(k uint8) bool {
	if p.d.forget {
		return false
	}
	_, ok := p.failed[p.key(k)]
	return ok
}

// end ends the production begun last.
func (p *parser) end() {
	if p.spec > 0 && !p.d.forget {
		p.open = p.open[:len(p.open)-1]
	}
}

// memoNames name the productions begin remembers, for the error that
// a speculation drops.
var memoNames = [...]string{memoTypeArgs: "type arguments", memoArgs: "arguments", memoParen: "parenthesized expression"}

// withCtx runs prod with the context flags set and cleared as given.
func (p *parser) withCtx(set, clear ctx, prod func()) {
	saved := p.ctx
	p.ctx = p.ctx&^clear | set
	prod()
	p.ctx = saved
}
