package tools

import (
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"strings"
)

// This file turns the test functions of ast-grep's rule crate into cases
// to pose to ast_grep and ast_edit. It evaluates a test's body
// symbolically: a rule the test builds (from YAML, or from ast-grep's
// Rust constructors) becomes a rule document, a source the test parses
// becomes the file to search, and each assertion on what the rule finds
// becomes a case with what the test expects. What the test asserts of
// ast-grep's own values (a struct's fields, the kinds a rule can match,
// a token list) is not posable, and says why.

// What a case checks.
type caseKind int

const (
	expectFound      caseKind = iota // the rule finds something
	expectNotFound                   // it finds nothing
	expectText                       // the first match's text
	expectCount                      // how many matches
	expectNthText                    // the text of match index (find_all order)
	expectCapture                    // $name of the first match
	expectNoCapture                  // $name is not bound in the first match
	expectCaptured                   // $name is bound in the first match
	expectReplaced                   // what the first match is replaced by
	expectEditStart                  // the byte offset the first edit starts at
	expectEditLength                 // the bytes the first edit deletes
	expectError                      // the rule is an error
	expectAccepted                   // the rule is no error
)

// An astCase is one assertion of an ast-grep test, posed as a rule, a
// source and what the result should be.
type astCase struct {
	test    string // file::function
	n       int    // its number within the test, from 1
	idiom   string // how it was read
	lang    string // our language id
	doc     string // the rule document, as posed
	src     string
	kind    caseKind
	want    string
	wantN   int
	index   int     // expectNthText
	name    string  // the metavariable of expectCapture …
	rewrite *string // ast_edit's rewrite, where the check reads another template than fix
	loose   bool    // compare a multi-line replacement without its indentation
}

func (c *astCase) id() string { return fmt.Sprintf("%s#%d", c.test, c.n) }

// expectation says in words what the case wants.
func (c *astCase) expectation() string {
	switch c.kind {
	case expectFound:
		return "a match"
	case expectNotFound:
		return "no match"
	case expectText:
		return fmt.Sprintf("first match %q", c.want)
	case expectCount:
		return fmt.Sprintf("%d matches", c.wantN)
	case expectNthText:
		return fmt.Sprintf("match %d %q", c.index, c.want)
	case expectCapture:
		return fmt.Sprintf("$%s = %q", c.name, c.want)
	case expectNoCapture:
		return fmt.Sprintf("$%s unbound", c.name)
	case expectCaptured:
		return fmt.Sprintf("$%s bound", c.name)
	case expectReplaced:
		return fmt.Sprintf("replaced by %q", c.want)
	case expectEditStart:
		return fmt.Sprintf("edit at byte %d", c.wantN)
	case expectEditLength:
		return fmt.Sprintf("edit deleting %d bytes", c.wantN)
	case expectError:
		return "an error"
	case expectAccepted:
		return "no error"
	}
	return "?"
}

// A notPosable is an assertion, or a whole test, that cannot be put to
// our tools, and why.
type notPosable struct {
	test string
	what string
	why  string
}

// Reasons a value is not posable, shared so that the list groups them.
const (
	whyInternal    = "reads an internal of ast-grep"
	whyGlobals     = "uses global utility rules, which a rule document cannot hold"
	whyScan        = "tests `sg scan` (suppression comments, file globs), not the rule language"
	whyLabels      = "tests diagnostic labels, which the tools do not report"
	whySerde       = "checks only that YAML deserialises into a piece of a rule; the rule is never compiled"
	whyFragment    = "compiles a piece of a rule (a stopBy, a fix, a transform map) outside any rule"
	whyErrorFields = "checks which error, or its fields; the case already checks that it is an error"
	whyTokens      = "tests a parser's tokens or parts (selector, transform string, case splitting)"
	whyReferent    = "matches through a util reference that bypasses verification"
	whyUnbound     = "transforms a metavariable the pattern does not bind, an error as a rule"
)

// The values of the evaluator.
type (
	vUnit    struct{}
	vNone    struct{}
	vDefault struct{} // Default::default(): no globals, no rewriters
	vSome    struct{ v any }
	vEnum    struct{ segs []string }
	vLang    struct{ id string }
	vTuple   []any
	vList    struct{ items []any }
	vMap     struct {
		keys []string
		vals map[string]any
	}
	vStruct struct {
		name string
		keys []string
		vals map[string]any
	}
	// vYaml is what from_str returned: YAML text and the type it was read as.
	vYaml struct {
		text, typ string
	}
	// vRule is a rule: the value of a rule document's rule key.
	vRule struct {
		y      yv
		env    *vEnv
		origin *vResult
	}
	// vDoc is a rule document: a rule core or a rule config.
	vDoc struct {
		y      yv // a *ymap, or yraw when the test gave the text
		env    *vEnv
		origin *vResult
	}
	vEnv struct {
		lang      string
		utils     yv
		rewriters []yv
	}
	// vResult is the Result of compiling something: ok if it compiles,
	// and the document to pose to learn whether it does (nil, with why,
	// when none can be).
	vResult struct {
		ok   any
		pose *vDoc
		lang string
		why  string
	}
	vTree struct{ src, lang string }
	vRoot struct{ tree vTree }
	// A query is a rule document searched over a source.
	query struct {
		doc    *vDoc
		tree   vTree
		fix    yv // a fixer applied to the match
		trans  *vMap
		origin *vResult
	}
	vFind    struct{ q *query }
	vFindAll struct{ q *query }
	vMatch   struct {
		q       *query
		idx     int // -1: the first, as find gives it
		checked bool
	}
	vText       struct{ m *vMatch }
	vMatchEnv   struct{ m *vMatch }
	vCaptureOpt struct {
		m    *vMatch
		name string
	}
	vCapture struct {
		m    *vMatch
		name string
	}
	vCaptureText struct {
		m    *vMatch
		name string
	}
	vTransOpt struct {
		m    *vMatch
		name string
	}
	vTransformed struct {
		m    *vMatch
		name string
	}
	vCount       struct{ q *query }
	vReplacement struct{ m *vMatch }
	vEditField   struct {
		m     *vMatch
		field string
	}
	vEdit    struct{ m *vMatch }
	vMessage struct {
		m    *vMatch
		tmpl string
	}
	vFixer struct {
		fix yv
		doc *vDoc
	}
	vFixerList   struct{ fix yv }
	vTransformer struct{ m *vMap }
	vTransEnv    struct{ m *vMatch }
	vRewriter    struct{ y yv }
	vErr         struct{ r *vResult }
	// vPred is a check not yet asserted: about a query, a match's
	// metavariable, or whether a document compiles.
	vPred struct {
		kind  caseKind
		q     *query
		m     *vMatch
		name  string
		r     *vResult
		idiom string
	}
	vInternal struct {
		why    string
		origin *vResult
	}
	vClosure struct {
		c  *rClosure
		sc *scope
	}
	vRange struct{ from, to int64 }
)

type scope struct {
	vars   map[string]any
	parent *scope
}

func (s *scope) lookup(name string) (any, bool) {
	for ; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			return v, true
		}
	}
	return nil, false
}

func (s *scope) set(name string, v any) {
	for c := s; c != nil; c = c.parent {
		if _, ok := c.vars[name]; ok {
			c.vars[name] = v
			return
		}
	}
	s.vars[name] = v
}

func newScope(parent *scope) *scope { return &scope{vars: map[string]any{}, parent: parent} }

// An evalStop ends a test's evaluation at what it could not read; a
// plain one says why in full.
type evalStop struct {
	why   string
	plain bool
}

type evalReturn struct{ v any }

// An evaluator reads the tests of one file.
type evaluator struct {
	file      string
	mod       *rModule
	fns       map[string]*rFn
	test      string
	cases     []*astCase
	skipped   []notPosable
	unwrapped []*vMatch
	accepted  map[*vResult]bool
	depth     int
}

func newEvaluator(file string, mod *rModule) *evaluator {
	e := &evaluator{file: file, mod: mod, fns: map[string]*rFn{}}
	for _, f := range mod.fns {
		e.fns[f.name] = f
	}
	return e
}

// testResult is what reading one test gave.
type testResult struct {
	name    string
	cases   []*astCase
	skipped []notPosable
	stopped string // why evaluation stopped early, if it did
}

// run evaluates one test function.
func (e *evaluator) run(fn *rFn) (res testResult) {
	e.test = e.file + "::" + fn.name
	e.cases, e.skipped, e.unwrapped = nil, nil, nil
	e.accepted = map[*vResult]bool{}
	res.name = e.test
	defer func() {
		if r := recover(); r != nil {
			switch r := r.(type) {
			case *evalStop:
				res.stopped = "the harness cannot read " + r.why
				if r.plain {
					res.stopped = r.why
				}
			case evalReturn:
			case runtime.Error:
				// a test shaped as the evaluator did not foresee: listed, not fatal
				res.stopped = "what broke the evaluator: " + r.Error()
			default:
				panic(r)
			}
		}
		// a match a test unwrapped and never looked at was expected all the same
		for _, m := range e.unwrapped {
			if !m.checked {
				m.checked = true
				e.emit(m.q, "find().expect()", &astCase{kind: expectFound})
			}
		}
		res.cases, res.skipped = e.cases, e.skipped
	}()
	if contains(fn.attrs, "ignore") {
		panic(&evalStop{"marked #[ignore]", true})
	}
	if contains(fn.attrs, "should_panic") {
		panic(&evalStop{"a #[should_panic] test of an internal", true})
	}
	e.block(fn.body, newScope(nil), fn.ret)
	return res
}

func (e *evaluator) stop(format string, args ...any) {
	panic(&evalStop{why: fmt.Sprintf(format, args...)})
}

// emit adds a case for a query.
func (e *evaluator) emit(q *query, idiom string, c *astCase) {
	doc, ok := e.docText(q)
	if !ok {
		e.skip(idiom, "a fix or transform that cannot be added to the rule's text")
		return
	}
	c.test, c.n, c.idiom, c.lang, c.doc, c.src = e.test, len(e.cases)+1, idiom, q.tree.lang, doc, q.tree.src
	if q.origin != nil {
		e.accepted[q.origin] = true
	}
	e.cases = append(e.cases, c)
}

// emitDoc adds a case about a document alone: an error or no error.
func (e *evaluator) emitDoc(r *vResult, idiom string, kind caseKind) {
	if r.pose == nil {
		e.skip(idiom, r.why)
		return
	}
	e.accepted[r] = true
	e.emit(&query{doc: r.pose, tree: vTree{lang: r.lang}}, idiom, &astCase{kind: kind})
}

func (e *evaluator) skip(what, why string) {
	e.skipped = append(e.skipped, notPosable{test: e.test, what: what, why: why})
}

// docText writes the rule document a query poses, with its fix and
// transform where the check adds them.
func (e *evaluator) docText(q *query) (string, bool) {
	d := q.doc
	extra := newYmap()
	if q.trans != nil {
		extra.set("transform", mapYAML(q.trans))
	}
	if q.fix != nil {
		extra.set("fix", q.fix)
	}
	if m, ok := d.y.(*ymap); ok {
		m = m.clone()
		for _, k := range extra.keys {
			if k == "transform" {
				if old, ok := m.get("transform"); ok {
					if om, ok := old.(*ymap); ok {
						tm := om.clone()
						for _, tk := range extra.vals[k].(*ymap).keys {
							tm.set(tk, extra.vals[k].(*ymap).vals[tk])
						}
						m.set(k, tm)
						continue
					}
					return "", false
				}
			}
			m.set(k, extra.vals[k])
		}
		return yamlText(m), true
	}
	text := string(d.y.(yraw))
	if len(extra.keys) == 0 {
		return text, true
	}
	if flowYAML(text) {
		return "", false
	}
	for _, k := range extra.keys {
		if _, ok := topKey(text, k); ok {
			return "", false
		}
	}
	return dedent(text) + "\n" + yamlText(extra), true
}

// ruleDoc makes the document of a rule: the rule with its env's utils
// and rewriters.
func ruleDoc(r vRule) *vDoc {
	m := newYmap("rule", r.y)
	if r.env != nil {
		if r.env.utils != nil {
			m.set("utils", r.env.utils)
		}
		if len(r.env.rewriters) > 0 {
			m.set("rewriters", r.env.rewriters)
		}
	}
	return &vDoc{y: m, env: r.env, origin: r.origin}
}

// matcherDoc makes a document of whatever a test finds with.
func (e *evaluator) matcherDoc(v any) *vDoc {
	switch v := v.(type) {
	case string:
		return &vDoc{y: newYmap("rule", newYmap("pattern", v))}
	case vRule:
		return ruleDoc(v)
	case *vDoc:
		return v
	case *vStruct:
		return ruleDoc(vRule{y: e.toRule(v)})
	}
	e.stop("cannot find with a %T", v)
	return nil
}

func (e *evaluator) block(b *rBlock, parent *scope, want string) any {
	sc := newScope(parent)
	for _, s := range b.stmts {
		e.stmt(s, sc)
	}
	if b.tail == nil {
		return vUnit{}
	}
	return e.eval(b.tail, sc, want)
}

func (e *evaluator) stmt(s rStmt, sc *scope) {
	switch s := s.(type) {
	case *rLet:
		var v any = vUnit{}
		if s.init != nil {
			v = e.eval(s.init, sc, s.typ)
		}
		e.bind(s.pat, v, sc, s.els != nil)
	case *rExprStmt:
		v := e.eval(s.x, sc, "")
		// x.expect(…) alone asserts x is Ok
		if in, ok := v.(vInternal); ok {
			if m, ok := s.x.(*rMethod); ok && (m.name == "expect" || m.name == "unwrap") {
				e.skip(shortExpr(s.x), in.why)
			}
		}
	}
}

// bind binds a let's pattern: a name, a tuple of names, or an enum
// pattern with an else (let Err(e) = … else { panic!() }).
func (e *evaluator) bind(pat []rTok, v any, sc *scope, hasElse bool) {
	names := patBinds(pat)
	if len(pat) > 0 && pat[0].kind == rIdent && !hasElse {
		if len(names) == 1 {
			sc.vars[names[0]] = v
			return
		}
		if len(names) == 0 {
			return // let _ = …
		}
	}
	if len(pat) > 0 && pat[0].text == "(" {
		t, ok := v.(vTuple)
		if !ok || len(t) != len(splitTop(pat[1:len(pat)-1], ",")) {
			if in, ok := v.(vInternal); ok {
				for _, n := range names {
					sc.vars[n] = in
				}
				return
			}
			e.stop("a tuple pattern over a %T", v)
		}
		for i, part := range splitTop(pat[1:len(pat)-1], ",") {
			for _, n := range patBinds(part) {
				sc.vars[n] = t[i]
			}
		}
		return
	}
	// an enum pattern: let Err(x) = r else { … }
	variant := enumHead(pat)
	if r, ok := v.(*vResult); ok && (variant == "Err" || variant == "Ok") {
		if variant == "Err" {
			e.emitDoc(r, "let Err(…) = … else", expectError)
			for _, n := range names {
				sc.vars[n] = vErr{r}
			}
			return
		}
		for _, n := range names {
			sc.vars[n] = e.unwrap(r)
		}
		return
	}
	why := whyInternal
	if r, ok := v.(*vResult); ok {
		if _, ok := r.ok.(vYaml); ok {
			why = whySerde
		}
	}
	for _, n := range names {
		sc.vars[n] = vInternal{why: why}
	}
	if _, ok := v.(vInternal); !ok {
		e.skip("let "+tokText(pat)+" = …", why)
	}
}

// enumHead returns the last path segment before ( or { of a pattern:
// Err for Err(…), Present for Maybe::Present(…).
func enumHead(pat []rTok) string {
	head := ""
	for _, t := range pat {
		if t.text == "(" || t.text == "{" {
			break
		}
		if t.kind == rIdent {
			head = t.text
		}
	}
	return head
}

// unwrap opens a Result a test expects to be Ok.
func (e *evaluator) unwrap(r *vResult) any {
	return r.ok
}

func (e *evaluator) eval(x rExpr, sc *scope, want string) any {
	e.depth++
	defer func() { e.depth-- }()
	if e.depth > 200 {
		e.stop("recursion too deep")
	}
	switch x := x.(type) {
	case *rLit:
		return litValue(x.tok)
	case *rPath:
		return e.path(x, sc, want)
	case *rCall:
		return e.call(x, sc, want)
	case *rMethod:
		return e.method(x, sc, want)
	case *rField:
		return e.field(e.eval(x.recv, sc, ""), x.name)
	case *rIndex:
		return e.index(e.eval(x.recv, sc, ""), e.eval(x.idx, sc, ""))
	case *rUnary:
		v := e.eval(x.x, sc, want)
		switch x.op {
		case "!":
			return e.not(v)
		case "-":
			if n, ok := v.(int64); ok {
				return -n
			}
		}
		return v
	case *rBinary:
		return e.binary(x, sc)
	case *rAssign:
		e.assign(x, sc)
		return vUnit{}
	case *rMacro:
		return e.macro(x, sc, want)
	case *rStructLit:
		s := &vStruct{name: x.path[len(x.path)-1], vals: map[string]any{}}
		if x.base != nil {
			if b, ok := e.eval(x.base, sc, "").(*vStruct); ok {
				for _, k := range b.keys {
					s.set(k, b.vals[k])
				}
			}
		}
		for _, f := range x.fields {
			s.set(f.name, e.eval(f.x, sc, ""))
		}
		return s
	case *rClosure:
		return vClosure{x, sc}
	case *rBlock:
		return e.block(x, sc, want)
	case *rIf:
		return e.ifExpr(x, sc, want)
	case *rMatch:
		return e.match(x, sc, want)
	case *rFor:
		e.forLoop(x, sc)
		return vUnit{}
	case *rLoop:
		e.stop("a loop")
	case *rTuple:
		return vTuple(e.evalArgs(x.elems, sc))
	case *rArray:
		return &vList{items: e.evalArgs(x.elems, sc)}
	case *rTry:
		return e.try(e.eval(x.x, sc, want))
	case *rCast:
		return e.eval(x.x, sc, "")
	case *rReturn:
		var v any = vUnit{}
		if x.x != nil {
			v = e.eval(x.x, sc, want)
		}
		panic(evalReturn{v})
	case *rRange:
		from, _ := e.eval(x.l, sc, "").(int64)
		var to int64
		if x.r != nil {
			to, _ = e.eval(x.r, sc, "").(int64)
		}
		return vRange{from, to}
	}
	e.stop("an expression %T", x)
	return nil
}

func litValue(t rTok) any {
	switch t.kind {
	case rStr, rChar:
		return t.text
	case rNum:
		s := strings.TrimRightFunc(t.text, func(r rune) bool { return r >= 'a' && r <= 'z' || r == '_' })
		n, err := strconv.ParseInt(strings.ReplaceAll(s, "_", ""), 10, 64)
		if err != nil {
			return t.text
		}
		return n
	}
	return t.text == "true"
}

func (e *evaluator) try(v any) any {
	switch v := v.(type) {
	case *vResult:
		return e.unwrap(v)
	case vSome:
		return v.v
	case vNone:
		e.stop("? on None")
	}
	return v
}

func (e *evaluator) path(x *rPath, sc *scope, want string) any {
	segs := x.segs
	last := segs[len(segs)-1]
	if len(segs) == 1 {
		if v, ok := sc.lookup(last); ok {
			return v
		}
		if c, ok := e.mod.consts[last]; ok {
			return e.eval(c, sc, want)
		}
		switch last {
		case "None":
			return vNone{}
		}
	}
	switch {
	case last == "Tsx":
		return vLang{"tsx"}
	case last == "End" && len(segs) > 1 && strings.HasSuffix(segs[len(segs)-2], "StopBy"):
		return "end"
	case last == "Neighbor" && len(segs) > 1 && strings.HasSuffix(segs[len(segs)-2], "StopBy"):
		return "neighbor"
	case last == "Absent":
		return vNone{}
	}
	return vEnum{segs}
}

func (e *evaluator) ifExpr(x *rIf, sc *scope, want string) any {
	if lc, ok := x.cond.(*rLetCond); ok {
		v := e.eval(lc.x, sc, "")
		inner := newScope(sc)
		switch v := v.(type) {
		case vSome:
			names := patBinds(lc.pat)
			if enumHead(lc.pat) == "Some" && len(names) == 1 {
				inner.vars[names[0]] = v.v
				return e.eval(x.then, inner, want)
			}
		case vNone:
			if x.els_ != nil {
				return e.eval(x.els_, sc, want)
			}
			return vUnit{}
		}
		e.stop("if let over %T", v)
	}
	switch c := e.eval(x.cond, sc, "").(type) {
	case bool:
		if c {
			return e.eval(x.then, sc, want)
		}
		if x.els_ != nil {
			return e.eval(x.els_, sc, want)
		}
		return vUnit{}
	}
	e.stop("an if on what is not a bool")
	return nil
}

func (e *evaluator) forLoop(x *rFor, sc *scope) {
	names := patBinds(x.pat)
	iter := e.eval(x.iter, sc, "")
	var items []any
	switch it := iter.(type) {
	case *vList:
		items = it.items
	case vRange:
		// the tests loop a count of times over the same body: once says it all
		items = []any{it.from}
	case vInternal:
		e.skip("for over "+it.why, it.why)
		return
	default:
		e.stop("a for over %T", iter)
	}
	for _, item := range items {
		inner := newScope(sc)
		if len(names) == 1 {
			inner.vars[names[0]] = item
		}
		e.block(x.body, inner, "")
	}
}

// panics says an expression is or ends in panic!, unreachable! or todo!.
func panics(x rExpr) bool {
	switch x := x.(type) {
	case *rMacro:
		return x.name == "panic" || x.name == "unreachable" || x.name == "todo"
	case *rBlock:
		if x.tail != nil {
			return panics(x.tail)
		}
		if len(x.stmts) > 0 {
			if s, ok := x.stmts[len(x.stmts)-1].(*rExprStmt); ok {
				return panics(s.x)
			}
		}
	}
	return false
}

// match reads a match over a Result: the arm that does not panic says
// whether the test expects an error.
func (e *evaluator) match(x *rMatch, sc *scope, want string) any {
	v := e.eval(x.x, sc, "")
	r, ok := v.(*vResult)
	if !ok {
		if in, ok := v.(vInternal); ok {
			e.skip("match over "+shortExpr(x.x), in.why)
			e.internalAssert(in)
			return in
		}
		if _, ok := v.(vErr); ok {
			e.skip("match over the error", whyErrorFields)
			return vInternal{why: whyErrorFields}
		}
		e.skip("match over "+shortExpr(x.x), whyInternal)
		return vInternal{why: whyInternal}
	}
	var live *rArm
	for i := range x.arms {
		if !panics(x.arms[i].body) {
			if live != nil {
				e.stop("a match with two live arms")
			}
			live = &x.arms[i]
		}
	}
	if live == nil {
		e.stop("a match whose every arm panics")
	}
	inner := newScope(sc)
	switch enumHead(live.pat) {
	case "Ok":
		for _, n := range patBinds(live.pat) {
			inner.vars[n] = e.unwrap(r)
		}
		e.emitDoc(r, "match Ok", expectAccepted)
	case "_":
		e.stop("a match whose live arm is _")
	default: // Err(…)
		e.emitDoc(r, "match Err", expectError)
		for _, n := range patBinds(live.pat) {
			inner.vars[n] = vInternal{why: whyErrorFields}
		}
	}
	return e.eval(live.body, inner, want)
}

func shortExpr(x rExpr) string {
	switch x := x.(type) {
	case *rPath:
		return strings.Join(x.segs, "::")
	case *rField:
		return shortExpr(x.recv) + "." + x.name
	case *rMethod:
		return shortExpr(x.recv) + "." + x.name + "()"
	case *rCall:
		return shortExpr(x.fn) + "()"
	case *rUnary:
		return x.op + shortExpr(x.x)
	case *rIndex:
		return shortExpr(x.recv) + "[…]"
	case *rMacro:
		return x.name + "!(…)"
	case *rTry:
		return shortExpr(x.x) + "?"
	case *rLit:
		return tokText([]rTok{x.tok})
	}
	return fmt.Sprintf("%T", x)
}

func (e *evaluator) assign(x *rAssign, sc *scope) {
	v := e.eval(x.r, sc, "")
	if _, ok := v.(vInternal); ok {
		if _, ok := x.l.(*rField); ok {
			return // what the test sets is of ast-grep's internals
		}
	}
	switch l := x.l.(type) {
	case *rPath:
		if len(l.segs) == 1 {
			sc.set(l.segs[0], v)
			return
		}
	case *rField:
		switch r := e.eval(l.recv, sc, "").(type) {
		case *vStruct:
			r.set(l.name, v)
			return
		case *vDoc:
			if m, ok := r.y.(*ymap); ok {
				m.set(l.name, toYAML(v))
				return
			}
			if s, ok := v.(string); ok {
				if t, ok := setTopKey(string(r.y.(yraw)), l.name, s); ok {
					r.y = yraw(t)
					return
				}
			}
		case vInternal:
			return
		}
	}
	e.stop("an assignment to %s", shortExpr(x.l))
}

func (s *vStruct) set(k string, v any) {
	if _, ok := s.vals[k]; !ok {
		s.keys = append(s.keys, k)
	}
	s.vals[k] = v
}

func (e *evaluator) binary(x *rBinary, sc *scope) any {
	l, r := e.eval(x.l, sc, ""), e.eval(x.r, sc, "")
	switch x.op {
	case "==", "!=":
		if isPlain(l) && isPlain(r) {
			eq := fmt.Sprint(l) == fmt.Sprint(r)
			return eq == (x.op == "==")
		}
	case "&&", "||":
		lb, lok := l.(bool)
		rb, rok := r.(bool)
		if lok && rok {
			if x.op == "&&" {
				return lb && rb
			}
			return lb || rb
		}
	case "+", "-":
		ln, lok := l.(int64)
		rn, rok := r.(int64)
		if lok && rok {
			if x.op == "+" {
				return ln + rn
			}
			return ln - rn
		}
	}
	if in, ok := l.(vInternal); ok {
		return in
	}
	if in, ok := r.(vInternal); ok {
		return in
	}
	return vInternal{why: whyInternal}
}

func isPlain(v any) bool {
	switch v.(type) {
	case string, int64, bool:
		return true
	}
	return false
}

func (e *evaluator) not(v any) any {
	switch v := v.(type) {
	case bool:
		return !v
	case vPred:
		neg := map[caseKind]caseKind{expectFound: expectNotFound, expectNotFound: expectFound,
			expectError: expectAccepted, expectAccepted: expectError,
			expectCaptured: expectNoCapture, expectNoCapture: expectCaptured}
		v.kind = neg[v.kind]
		v.idiom = "!" + v.idiom
		return v
	}
	return v
}

func (e *evaluator) index(recv, idx any) any {
	switch r := recv.(type) {
	case *vList:
		i, ok := idx.(int64)
		if !ok || int(i) >= len(r.items) {
			e.stop("an index out of a list")
		}
		return r.items[i]
	case *vFindAll:
		i, _ := idx.(int64)
		return &vMatch{q: r.q, idx: int(i)}
	case vTransEnv:
		name, _ := idx.(string)
		return vTransformed{r.m, name}
	case *vMap:
		k, _ := idx.(string)
		if v, ok := r.vals[k]; ok {
			return v
		}
	case vInternal:
		return r
	}
	return vInternal{why: whyInternal}
}

// assertPred records what an assertion on a predicate checks.
func (e *evaluator) assertPred(p vPred) {
	if p.r != nil {
		e.emitDoc(p.r, p.idiom, p.kind)
		return
	}
	if p.m != nil {
		p.m.checked = true
		e.emit(p.m.q, p.idiom, &astCase{kind: p.kind, name: p.name})
		return
	}
	e.emit(p.q, p.idiom, &astCase{kind: p.kind})
}

// internalAssert notes an assertion on an internal value: where the
// value came from a rule the test compiled, that it compiled is a case.
func (e *evaluator) internalAssert(in vInternal) {
	if in.origin != nil && !e.accepted[in.origin] {
		e.emitDoc(in.origin, "compiles, then reads an internal", expectAccepted)
	}
}

func (e *evaluator) macro(x *rMacro, sc *scope, want string) any {
	switch x.name {
	case "assert", "debug_assert":
		if len(x.args) == 0 {
			e.stop("an assert! that did not parse")
		}
		e.assert(x.args[0], sc)
		return vUnit{}
	case "assert_eq", "assert_ne":
		if len(x.args) < 2 {
			e.stop("an %s! that did not parse", x.name)
		}
		e.assertEq(x, sc)
		return vUnit{}
	case "matches":
		if len(x.args) != 1 {
			e.stop("a matches! that did not parse")
		}
		return e.matches(e.eval(x.args[0], sc, ""), x.pat)
	case "format":
		if len(x.args) == 0 {
			e.stop("a format! that did not parse")
		}
		return e.format(x, sc)
	case "vec", "str_vec":
		l := &vList{}
		for _, a := range x.args {
			l.items = append(l.items, e.eval(a, sc, ""))
		}
		return l
	case "cast_err":
		if len(x.args) != 1 {
			e.stop("a cast_err! that did not parse")
		}
		return e.unwrapErr(e.eval(x.args[0], sc, ""), "cast_err!")
	case "panic", "unreachable", "todo":
		return vUnit{}
	case "println", "eprintln", "print", "dbg":
		return vUnit{}
	}
	e.stop("a macro %s!", x.name)
	return nil
}

func (e *evaluator) assert(x rExpr, sc *scope) {
	v := e.eval(x, sc, "")
	switch v := v.(type) {
	case vPred:
		e.assertPred(v)
	case bool:
		// a fact of the test's own making
	case vInternal:
		e.skip("assert!("+shortExpr(x)+")", v.why)
		e.internalAssert(v)
	default:
		e.skip("assert!("+shortExpr(x)+")", whyInternal)
	}
}

// observable says a value is something the tools' results show.
func observable(v any) bool {
	switch v.(type) {
	case vText, vCaptureText, vTransformed, vCount, vReplacement, vEditField, vMessage:
		return true
	}
	return false
}

func (e *evaluator) assertEq(x *rMacro, sc *scope) {
	a, b := e.eval(x.args[0], sc, ""), e.eval(x.args[1], sc, "")
	if observable(b) && !observable(a) {
		a, b = b, a
	}
	what := x.name + "!(" + shortExpr(x.args[0]) + ", …)"
	if in, ok := a.(vInternal); ok {
		e.skip(what, in.why)
		e.internalAssert(in)
		return
	}
	if in, ok := b.(vInternal); ok {
		e.skip(what, in.why)
		e.internalAssert(in)
		return
	}
	if _, ok := b.(vNone); ok {
		e.skip(what, whyUnbound)
		return
	}
	if !observable(a) || !isPlain(b) {
		e.skip(what, whyInternal)
		return
	}
	if x.name == "assert_ne" {
		e.skip(what, "asserts an inequality, which says little of a match")
		return
	}
	want := fmt.Sprint(b)
	n, _ := b.(int64)
	switch a := a.(type) {
	case vText:
		a.m.checked = true
		if a.m.idx < 0 {
			e.emit(a.m.q, "text()", &astCase{kind: expectText, want: want})
		} else {
			e.emit(a.m.q, "find_all()[i].text()", &astCase{kind: expectNthText, want: want, index: a.m.idx})
		}
	case vCaptureText:
		a.m.checked = true
		e.emit(a.m.q, "get_env().get_match()", &astCase{kind: expectCapture, name: a.name, want: want})
	case vCount:
		e.emit(a.q, "find_all().len()", &astCase{kind: expectCount, wantN: int(n)})
	case vTransformed:
		a.m.checked = true
		q := *a.m.q
		tmpl := "$" + a.name
		e.emit(&q, "get_transformed(), read through a rewrite", &astCase{kind: expectReplaced, want: want, rewrite: &tmpl, loose: strings.Contains(want, "\n")})
	case vReplacement:
		a.m.checked = true
		e.emit(a.m.q, "fixer replacement", &astCase{kind: expectReplaced, want: want})
	case vMessage:
		a.m.checked = true
		tmpl := a.tmpl
		e.emit(a.m.q, "get_message(), read through a rewrite", &astCase{kind: expectReplaced, want: want, rewrite: &tmpl})
	case vEditField:
		a.m.checked = true
		switch a.field {
		case "inserted_text":
			e.emit(a.m.q, "make_edit()", &astCase{kind: expectReplaced, want: want})
		case "position":
			e.emit(a.m.q, "make_edit()", &astCase{kind: expectEditStart, wantN: int(n)})
		case "deleted_length":
			e.emit(a.m.q, "make_edit()", &astCase{kind: expectEditLength, wantN: int(n)})
		}
	}
}

// matches reads matches!(x, pattern).
func (e *evaluator) matches(v any, pat []rTok) any {
	head := enumHead(pat)
	switch v := v.(type) {
	case *vResult:
		switch head {
		case "Err":
			return vPred{kind: expectError, r: v, idiom: "matches!(…, Err(…))"}
		case "Ok":
			return vPred{kind: expectAccepted, r: v, idiom: "matches!(…, Ok(…))"}
		}
		if r, ok := v.ok.(vInternal); ok {
			return r
		}
	case vInternal:
		return v
	case vYaml:
		return vInternal{why: whySerde}
	}
	switch v := v.(type) {
	case vRule:
		return vInternal{why: whyInternal, origin: v.origin}
	case *vDoc:
		return vInternal{why: whyInternal, origin: v.origin}
	}
	return vInternal{why: whyInternal}
}

func (e *evaluator) format(x *rMacro, sc *scope) any {
	f, ok := e.eval(x.args[0], sc, "").(string)
	if !ok {
		e.stop("a format! without a literal")
	}
	pos := 1
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c == '{' && i+1 < len(f) && f[i+1] == '{' || c == '}' && i+1 < len(f) && f[i+1] == '}' {
			b.WriteByte(c)
			i++
			continue
		}
		if c != '{' {
			b.WriteByte(c)
			continue
		}
		end := strings.IndexByte(f[i:], '}')
		if end < 0 {
			e.stop("a bad format string")
		}
		name, _, _ := strings.Cut(f[i+1:i+end], ":")
		var v any
		if name == "" {
			if pos >= len(x.args) {
				e.stop("a format! short of arguments")
			}
			v = e.eval(x.args[pos], sc, "")
			pos++
		} else {
			var ok bool
			if v, ok = sc.lookup(name); !ok {
				e.stop("format! names %s, which is not in scope", name)
			}
		}
		s, ok := v.(string)
		if !ok {
			e.stop("format! of a %T", v)
		}
		b.WriteString(s)
		i += end
	}
	return b.String()
}

func (e *evaluator) unwrapErr(v any, idiom string) any {
	switch v := v.(type) {
	case *vResult:
		e.emitDoc(v, idiom, expectError)
		return vErr{v}
	case vInternal:
		e.skip(idiom, v.why)
		return v
	}
	e.stop("%s of a %T", idiom, v)
	return nil
}

// fromStr is crate::from_str: YAML read as the type the test wants.
func (e *evaluator) fromStr(src any, want string) any {
	text, ok := src.(string)
	if !ok {
		if in, ok := src.(vInternal); ok {
			return in
		}
		e.stop("from_str of a %T", src)
	}
	typ := yamlType(want)
	y := vYaml{text: text, typ: typ}
	r := &vResult{ok: y, lang: "tsx"}
	switch typ {
	case "SerializableRule":
		r.pose = &vDoc{y: newYmap("rule", yraw(text))}
	case "SerializableRuleCore", "SerializableRuleConfig":
		r.pose = &vDoc{y: yraw(text)}
	case "":
		r.why = whySerde
	default:
		r.why = "deserialises a " + typ + ", " + map[bool]string{true: "a part of a rule", false: "no rule"}[ruleParts[typ]]
	}
	return r
}

var ruleParts = map[string]bool{"SerializableStopBy": true, "PatternStyle": true, "SerializableFixer": true,
	"SerializableRewriter": true, "Trans": true, "SerializableGlobalRule": true, "SerializableFixConfig": true}

// yamlType finds the type from_str reads into, in a let's annotation or
// a function's declared result.
func yamlType(want string) string {
	for _, t := range []string{"SerializableRuleConfig", "SerializableRuleCore", "SerializableRule", "SerializableStopBy",
		"SerializableGlobalRule", "SerializableRewriter", "SerializableFixer", "SerializableFixConfig", "PatternStyle",
		"Correct", "Wrong", "Trans"} {
		if regexp.MustCompile(`\b` + t + `\b`).MatchString(want) {
			return t
		}
	}
	return ""
}

// toRule turns what a test built into a rule's YAML.
func (e *evaluator) toRule(v any) yv {
	switch v := v.(type) {
	case vRule:
		return v.y
	case vYaml:
		return yraw(v.text)
	case *vStruct:
		switch v.name {
		case "Precedes", "Follows", "Inside", "Has":
			return e.relational(strings.ToLower(v.name), v)
		}
	case vInternal:
		panic(&evalStop{why: "a rule built of an internal: " + v.why})
	}
	e.stop("a rule of a %T", v)
	return nil
}

// relational writes a relational rule from ast-grep's struct: the inner
// rule with stopBy and field.
func (e *evaluator) relational(key string, s *vStruct) yv {
	var inner any
	for _, f := range []string{"later", "former", "outer", "inner", "rule"} {
		if v, ok := s.vals[f]; ok {
			inner = v
		}
	}
	if inner == nil {
		e.stop("a %s without its rule", key)
	}
	extra := newYmap()
	if sb, ok := s.vals["stop_by"]; ok {
		switch sb := sb.(type) {
		case string:
			extra.set("stopBy", sb)
		case vRule:
			extra.set("stopBy", sb.y)
		case vSome:
			extra.set("stopBy", e.toRule(sb.v))
		default:
			extra.set("stopBy", e.toRule(sb))
		}
	}
	if f, ok := s.vals["field"]; ok {
		switch f := f.(type) {
		case vSome:
			extra.set("field", toYAML(f.v))
		case string:
			extra.set("field", f)
		}
	}
	rule := e.toRule(inner)
	return newYmap(key, mergeRule(e, rule, extra))
}

// mergeRule adds keys to a rule: to its map, or as lines after a block
// of YAML text.
func mergeRule(e *evaluator, rule yv, extra *ymap) yv {
	if len(extra.keys) == 0 {
		return rule
	}
	switch r := rule.(type) {
	case *ymap:
		m := r.clone()
		for _, k := range extra.keys {
			m.set(k, extra.vals[k])
		}
		return m
	case yraw:
		if flowYAML(string(r)) {
			e.stop("keys added to a flow rule")
		}
		return yraw(dedent(string(r)) + "\n" + yamlText(extra))
	}
	e.stop("keys added to a %T", rule)
	return nil
}

// toYAML turns a value into YAML: for a struct's field or a map's entry.
func toYAML(v any) yv {
	switch v := v.(type) {
	case string, int64, bool:
		return v
	case vSome:
		return toYAML(v.v)
	case vYaml:
		return yraw(v.text)
	case vRule:
		return v.y
	case *vList:
		l := []yv{}
		for _, it := range v.items {
			l = append(l, toYAML(it))
		}
		return l
	case *vMap:
		return mapYAML(v)
	case vRewriter:
		return v.y
	case rawValue:
		return v.y
	case vEnum:
		// Severity::Hint is hint, StringCase::UpperCase upperCase
		s := v.segs[len(v.segs)-1]
		return strings.ToLower(s[:1]) + s[1:]
	case *vStruct:
		return structYAML(v)
	}
	return nil
}

func mapYAML(m *vMap) *ymap {
	y := newYmap()
	for _, k := range m.keys {
		y.set(k, toYAML(m.vals[k]))
	}
	return y
}

// structYAML writes a struct of ast-grep's serialisable types as YAML:
// snake_case fields become camelCase keys, absent ones are left out,
// and a config's core is inlined.
func structYAML(s *vStruct) *ymap {
	m := newYmap()
	for _, k := range s.keys {
		v := s.vals[k]
		switch v.(type) {
		case vNone, vDefault, vLang, nil:
			continue
		}
		if k == "core" {
			if c, ok := v.(*vStruct); ok {
				for _, ck := range c.keys {
					if y := toYAML(c.vals[ck]); y != nil {
						m.set(camel(ck), y)
					}
				}
				continue
			}
		}
		if str, ok := v.(string); ok && str == "" && (k == "id" || k == "message") {
			continue
		}
		if y := toYAML(v); y != nil {
			m.set(camel(k), y)
		}
	}
	return m
}

func camel(s string) string {
	parts := strings.Split(s, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

// callUser runs a helper of the test module.
func (e *evaluator) callUser(fn *rFn, args []any) (v any) {
	if len(args) != len(fn.params) {
		e.stop("%s called with %d arguments for %d", fn.name, len(args), len(fn.params))
	}
	sc := newScope(nil)
	for i, p := range fn.params {
		sc.vars[p.name] = args[i]
	}
	defer func() {
		if r := recover(); r != nil {
			ret, ok := r.(evalReturn)
			if !ok {
				panic(r)
			}
			v = ret.v
		}
	}()
	return e.block(fn.body, sc, fn.ret)
}

func (e *evaluator) callClosure(c vClosure, args []any) any {
	sc := newScope(c.sc)
	for i, p := range c.c.params {
		if i < len(args) {
			for _, n := range patBinds(p) {
				sc.vars[n] = args[i]
			}
		}
	}
	return e.eval(c.c.body, sc, "")
}

func (e *evaluator) evalArgs(xs []rExpr, sc *scope) []any {
	var args []any
	for _, a := range xs {
		args = append(args, e.eval(a, sc, ""))
	}
	return args
}

// firstInternal returns the first argument that is an internal value:
// what is built of one is one.
func firstInternal(args []any) (vInternal, bool) {
	for _, a := range args {
		if in, ok := a.(vInternal); ok {
			return in, true
		}
	}
	return vInternal{}, false
}

func (e *evaluator) call(x *rCall, sc *scope, want string) any {
	p, ok := x.fn.(*rPath)
	if !ok {
		f := e.eval(x.fn, sc, "")
		if c, ok := f.(vClosure); ok {
			return e.callClosure(c, e.evalArgs(x.args, sc))
		}
		e.stop("a call of a %T", f)
	}
	name := p.segs[len(p.segs)-1]
	full := strings.Join(p.segs, "::")
	if len(p.segs) == 1 {
		if v, ok := sc.lookup(name); ok {
			if c, ok := v.(vClosure); ok {
				return e.callClosure(c, e.evalArgs(x.args, sc))
			}
		}
	}
	args := e.evalArgs(x.args, sc)
	if v, ok := e.intrinsic(name, args); ok {
		return v
	}
	if fn := e.fns[name]; fn != nil && len(p.segs) == 1 {
		return e.callUser(fn, args)
	}
	switch name {
	case "Some":
		return vSome{args[0]}
	case "Ok":
		return args[0]
	case "Err":
		return vInternal{why: whyInternal}
	}
	if full == "from_str" || full == "crate::from_str" {
		w := want
		if p.generic != "" {
			w = p.generic
		}
		return e.fromStr(args[0], w)
	}
	if in, ok := firstInternal(args); ok {
		return in
	}
	// the constructors of ast-grep's rules
	switch full {
	case "Rule::Pattern", "Rule::Kind", "Rule::Regex", "Rule::Matches", "Rule::NthChild", "Rule::Range", "Rule::All", "Rule::Any", "Rule::Not":
		return vRule{y: e.toRule(args[0])}
	case "Rule::Inside", "Rule::Has", "Rule::Precedes", "Rule::Follows":
		return vRule{y: e.toRule(args[0])}
	case "Box::new", "Arc::new", "Maybe::Present", "Transformation::Object", "SerializableFixer::Config", "SerializableFixer::Str", "String::from", "String::from_utf8_lossy":
		return args[0]
	case "std::str::from_utf8":
		return &vResult{ok: args[0], why: whyInternal}
	case "std::iter::once":
		return &vList{items: args}
	case "HashMap::new", "HashSet::new", "std::collections::HashMap::new", "Vec::new":
		return &vMap{vals: map[string]any{}}
	case "Default::default", "GlobalRules::default":
		return vDefault{}
	case "RuleRegistration::default":
		return vInternal{why: whyReferent}
	case "MetaVarEnv::new":
		return vInternal{why: whyInternal}
	case "serde_yaml::to_string":
		return vInternal{why: "checks how ast-grep serialises its values"}
	}
	switch full {
	case "Pattern::new", "Pattern::try_new", "ast_grep_core::Pattern::new":
		r := vRule{y: newYmap("pattern", args[0])}
		if name == "try_new" {
			return e.compiled(r, "tsx")
		}
		return r
	case "KindMatcher::new":
		return vRule{y: newYmap("kind", args[0])}
	case "RegexMatcher::try_new", "RegexMatcher::new":
		return e.compiled(vRule{y: newYmap("regex", args[0])}, "tsx")
	case "o::Not::new", "ops::Not::new", "Not::new":
		return vRule{y: newYmap("not", e.toRule(args[0]))}
	case "o::All::new", "o::Any::new", "ops::All::new", "ops::Any::new", "All::new", "Any::new":
		l, ok := args[0].(*vList)
		if !ok {
			e.stop("%s of a %T", full, args[0])
		}
		var rules []yv
		for _, it := range l.items {
			rules = append(rules, e.toRule(it))
		}
		return vRule{y: newYmap(strings.ToLower(p.segs[len(p.segs)-2]), rules)}
	case "DeserializeEnv::new", "crate::rule::DeserializeEnv::new":
		l, _ := args[0].(vLang)
		return &vEnv{lang: l.id}
	case "deserialize_rule":
		env, _ := args[1].(*vEnv)
		return e.compiled(vRule{y: e.toRule(args[0]), env: env}, env.lang)
	case "from_yaml_string":
		text, ok := args[0].(string)
		if !ok {
			e.stop("from_yaml_string of a %T", args[0])
		}
		if _, ok := args[1].(vDefault); !ok {
			if _, ok := args[1].(vEnum); !ok {
				e.stop("from_yaml_string with globals")
			}
		}
		doc := &vDoc{y: yraw(text)}
		r := &vResult{pose: doc, lang: "tsx"}
		doc.origin = r
		r.ok = &vList{items: []any{doc}}
		return r
	case "RuleConfig::try_from":
		return e.configFrom(args[0])
	case "parse_selector":
		l, _ := args[1].(vLang)
		return e.compiled(vRule{y: newYmap("kind", args[0])}, l.id)
	case "parse_an_b":
		return e.compiled(vRule{y: newYmap("nthChild", args[0])}, "tsx")
	case "RangeMatcher::new", "RangeMatcher::try_new":
		r := vRule{y: newYmap("range", newYmap("start", toYAML(args[0]), "end", toYAML(args[1])))}
		if name == "try_new" {
			return e.compiled(r, "tsx")
		}
		return r
	case "Inside::try_new", "Has::try_new", "Precedes::try_new", "Follows::try_new":
		env, _ := args[1].(*vEnv)
		rel, ok := args[0].(*vStruct)
		if !ok {
			e.stop("%s of a %T", full, args[0])
		}
		return e.compiled(vRule{y: e.relational(strings.ToLower(p.segs[0]), rel), env: env}, env.lang)
	case "RuleCore::new":
		d := &vDoc{y: newYmap("rule", e.toRule(args[0]))}
		return d
	case "Fixer::parse":
		return &vResult{ok: vFixerList{fix: toYAML(args[0])}, why: whyFragment}
	case "Transform::deserialize":
		m, ok := args[0].(*vMap)
		if !ok {
			e.stop("Transform::deserialize of a %T", args[0])
		}
		return &vResult{ok: vTransformer{m}, why: whyFragment}
	case "DeserializeEnv::parse_global_utils":
		return &vResult{ok: vInternal{why: whyGlobals}, why: whyGlobals}
	case "ReferentRule::try_new", "ReferentRule::new":
		return &vResult{ok: vInternal{why: whyReferent}, why: whyReferent}
	case "CombinedScan::new", "CombinedScan::no_suppress_all_config", "CombinedScan::unused_config", "parse_suppression_set",
		"RuleCollection::try_new", "build_glob_set":
		return vInternal{why: whyScan}
	case "Label::primary", "Label::secondary", "get_labels_from_config", "get_default_labels":
		return vInternal{why: whyLabels}
	case "Input::new", "decompose_str", "Trans::from_str", "split", "StringCase::apply":
		return vInternal{why: whyTokens}
	case "validate_utility_id", "validate_utility_arguments":
		return vInternal{why: whyGlobals}
	case "Maybe::from", "StopBy::try_from", "StopBy::Rule":
		if name == "Rule" {
			return vRule{y: e.toRule(args[0])}
		}
		return vInternal{why: whyFragment}
	}
	switch p.segs[0] {
	case "Token", "SelectorError":
		return vInternal{why: whyTokens}
	case "RuleFileGlob":
		return vInternal{why: whyScan}
	case "SerializableMatches", "SerializableRule":
		return vInternal{why: whyInternal}
	}
	e.stop("a call of %s", full)
	return nil
}

// compiled is the Result of compiling a rule: its document is what to
// pose to learn whether it compiles.
func (e *evaluator) compiled(r vRule, lang string) *vResult {
	res := &vResult{lang: lang}
	r.origin = res
	res.ok = r
	res.pose = ruleDoc(r)
	return res
}

// configFrom is RuleConfig::try_from of a YAML text or a struct.
func (e *evaluator) configFrom(v any) any {
	var doc *vDoc
	switch v := v.(type) {
	case vYaml:
		doc = &vDoc{y: yraw(v.text)}
	case *vStruct:
		doc = &vDoc{y: structYAML(v)}
	case vInternal:
		return v
	default:
		e.stop("RuleConfig::try_from of a %T", v)
	}
	r := &vResult{pose: doc, lang: "tsx"}
	doc.origin = r
	r.ok = doc
	return r
}

// intrinsic is a helper of a test module read for what it computes,
// where its body reaches into ast-grep's internals to compute it.
func (e *evaluator) intrinsic(name string, args []any) (any, bool) {
	if e.fns[name] == nil {
		return nil, false
	}
	switch e.file + "::" + name {
	case "transform/trans.rs::parse":
		s, _ := args[0].(string)
		return &vResult{ok: vYaml{text: s, typ: "Trans"}, why: whyFragment}, true
	case "transform/trans.rs::get_transformed":
		// the transform applied to the first match of pat in src
		src, _ := args[0].(string)
		pat, _ := args[1].(string)
		m := e.transformMatch(src, pat, "TRANSFORMED", toYAML(args[2]), nil)
		return vSome{vTransformed{m, "TRANSFORMED"}}, true
	case "transform/trans.rs::transform_env":
		// the transforms applied to the first match of let a = $A in let a = 123
		tm, ok := args[0].(*vMap)
		if !ok {
			e.stop("transform_env of a %T", args[0])
		}
		m := &vMatch{q: &query{doc: &vDoc{y: newYmap("rule", newYmap("pattern", "let a = $A"))}, tree: vTree{"let a = 123", "tsx"}, trans: tm}, idx: -1}
		return vTransEnv{m}, true
	case "transform/rewrite.rs::compute_rewritten", "transform/rewrite.rs::apply_transformation":
		// the rewrite transform of the first match of pat in src, with the rewriters registered
		var src, pat string
		var rw, reg any
		if name == "compute_rewritten" {
			src, _ = args[0].(string)
			pat, _ = args[1].(string)
			rw, reg = args[2], args[3]
		} else {
			src, _ = args[1].(string)
			pat, _ = args[2].(string)
			rw, reg = args[0], args[3]
		}
		env, ok := reg.(*vEnv)
		if !ok {
			e.stop("%s with a %T", name, reg)
		}
		m := e.transformMatch(src, pat, "TRANSFORMED", newYmap("rewrite", toYAML(rw)), env.rewriters)
		if name == "compute_rewritten" {
			return vSome{vTransformed{m, "TRANSFORMED"}}, true
		}
		return vTransformed{m, "TRANSFORMED"}, true
	case "rule/nth_child.rs::find_index":
		return vInternal{why: whyInternal}, true
	case "rule/selector.rs::input_to_tokens":
		return vInternal{why: whyTokens}, true
	}
	return nil, false
}

// transformMatch is the first match of a pattern, with a transform
// named name added to its rule.
func (e *evaluator) transformMatch(src, pat, name string, trans yv, rewriters []yv) *vMatch {
	doc := newYmap("rule", newYmap("pattern", pat))
	if len(rewriters) > 0 {
		doc.set("rewriters", rewriters)
	}
	tm := &vMap{vals: map[string]any{}}
	tm.keys = []string{name}
	tm.vals[name] = rawValue{trans}
	return &vMatch{q: &query{doc: &vDoc{y: doc}, tree: vTree{src, "tsx"}, trans: tm}, idx: -1}
}

// rawValue carries YAML already written through a vMap.
type rawValue struct{ y yv }

// Methods that read what a value is made of, not what it matches.
var internalMethods = map[string]bool{"defined_vars": true, "potential_kinds": true, "verify_util": true, "is_present": true,
	"is_absent": true, "kind": true, "range": true, "get_env_vars": true, "start_pos": true, "end_pos": true,
	"check_cyclic": true, "match_node_with_env": true, "match_node": true, "find_node": true, "kind_id": true,
	"get_matched_variables": true, "get_multiple_matches": true, "get_labels": true, "find_index": true,
	"is_matched": true, "to_string": true, "contains": true, "keys": true, "dfs": true, "for_path": true,
	"get_rule": true, "is_match": true, "get_rewriters": true}

// Methods that pass their receiver through, for the evaluator's purpose.
var identityMethods = map[string]bool{"clone": true, "to_owned": true, "into": true, "as_str": true, "as_ref": true,
	"as_deref": true, "iter": true, "into_iter": true, "collect": true, "borrow": true, "as_bytes": true,
	"to_vec": true, "into_owned": true, "trim": true, "cloned": true}

func (e *evaluator) method(x *rMethod, sc *scope, want string) any {
	recv := e.eval(x.recv, sc, want)
	args := e.evalArgs(x.args, sc)
	name := x.name
	if in, ok := recv.(vInternal); ok {
		return in
	}
	// unwrapping
	switch name {
	case "expect", "unwrap", "unwrap_or_default":
		switch r := recv.(type) {
		case *vResult:
			return e.unwrap(r)
		case vSome:
			return r.v
		case *vFind:
			m := &vMatch{q: r.q, idx: -1}
			e.unwrapped = append(e.unwrapped, m)
			return m
		case vCaptureOpt:
			r.m.checked = true
			return vCapture{r.m, r.name}
		case vTransOpt:
			return vTransformed{r.m, r.name}
		case vNone:
			e.stop("unwrap of None")
		}
		return recv
	case "unwrap_err", "expect_err":
		return e.unwrapErr(recv, name+"()")
	case "ok_or", "ok_or_else", "ok", "map_err":
		if r, ok := recv.(*vResult); ok && name == "ok" {
			return vSome{r.ok}
		}
		return recv
	}
	if identityMethods[name] {
		return recv
	}
	if _, ok := recv.(string); ok && (name == "to_string" || name == "as_str") {
		return recv
	}
	switch r := recv.(type) {
	case *vResult:
		switch name {
		case "is_err":
			return vPred{kind: expectError, r: r, idiom: "is_err()"}
		case "is_ok":
			return vPred{kind: expectAccepted, r: r, idiom: "is_ok()"}
		}
	case vLang:
		switch name {
		case "ast_grep":
			s, ok := args[0].(string)
			if !ok {
				e.stop("ast_grep of a %T", args[0])
			}
			return vTree{s, r.id}
		case "field_to_id":
			return vSome{args[0]}
		}
		return vInternal{why: whyInternal}
	case vTree:
		if name == "root" {
			return vRoot{r}
		}
	case vRoot:
		if in, ok := firstInternal(args); ok {
			return in
		}
		switch name {
		case "find", "find_all":
			q := &query{doc: e.matcherDoc(args[0]), tree: r.tree}
			q.origin = q.doc.origin
			if name == "find_all" {
				return &vFindAll{q}
			}
			return &vFind{q}
		case "text":
			return r.tree.src
		}
		return vInternal{why: whyInternal}
	case *vFind:
		switch name {
		case "is_some":
			return vPred{kind: expectFound, q: r.q, idiom: "find().is_some()"}
		case "is_none":
			return vPred{kind: expectNotFound, q: r.q, idiom: "find().is_none()"}
		case "map":
			return r
		}
	case *vFindAll:
		switch name {
		case "len", "count":
			return vCount{r.q}
		case "is_empty":
			return vPred{kind: expectNotFound, q: r.q, idiom: "find_all().is_empty()"}
		}
	case *vMatch:
		switch name {
		case "text":
			return vText{r}
		case "get_env", "get_env_mut":
			return vMatchEnv{r}
		case "make_edit":
			fx, ok := args[1].(vFixer)
			if !ok {
				e.stop("make_edit with a %T", args[1])
			}
			return vEdit{e.withFix(r, fx)}
		case "find", "find_all":
			return vInternal{why: "searches inside a match, which the tools do not"}
		}
		if internalMethods[name] {
			return vInternal{why: "reads the matched node's " + name + "(), which the results do not show"}
		}
	case vMatchEnv:
		switch name {
		case "get_match":
			n, _ := args[0].(string)
			return vCaptureOpt{r.m, n}
		case "get_transformed":
			n, _ := args[0].(string)
			return vTransOpt{r.m, n}
		}
		return vInternal{why: "reads the match's environment beyond its metavariables"}
	case vCaptureOpt:
		switch name {
		case "is_none":
			return vPred{kind: expectNoCapture, m: r.m, name: r.name, idiom: "get_match().is_none()"}
		case "is_some":
			return vPred{kind: expectCaptured, m: r.m, name: r.name, idiom: "get_match().is_some()"}
		case "map":
			return r
		}
	case vCapture:
		if name == "text" {
			return vCaptureText{r.m, r.name}
		}
	case vTransOpt:
		return vInternal{why: "checks a transform is present, not its value"}
	case vFixer:
		if name == "generate_replacement" {
			m, ok := args[0].(*vMatch)
			if !ok {
				e.stop("generate_replacement of a %T", args[0])
			}
			return vReplacement{e.withFix(m, r)}
		}
		return vInternal{why: whyFragment}
	case vFixerList:
		if name == "remove" || name == "pop" {
			return vFixer{fix: r.fix}
		}
		return vInternal{why: whyFragment}
	case vTransformer:
		if name == "apply_transform" {
			me, ok := args[0].(vMatchEnv)
			if !ok {
				e.stop("apply_transform on a %T", args[0])
			}
			me.m.q.trans = r.m
			return vUnit{}
		}
	case *vEnv:
		switch name {
		case "with_utils":
			y, ok := args[0].(vYaml)
			if !ok {
				e.stop("with_utils of a %T", args[0])
			}
			env := *r
			env.utils = yraw(y.text)
			res := &vResult{ok: &env, lang: r.lang}
			first, _ := firstKey(y.text)
			res.pose = &vDoc{y: newYmap("rule", newYmap("matches", first), "utils", yraw(y.text))}
			return res
		case "with_globals":
			return vInternal{why: whyGlobals}
		case "deserialize_rule":
			return e.compiled(vRule{y: e.toRule(args[0]), env: r}, r.lang)
		case "insert_rewriter":
			key, _ := args[0].(string)
			rw, ok := args[1].(vRewriter)
			if !ok {
				e.stop("insert_rewriter of a %T", args[1])
			}
			y := rw.y
			if raw, ok := y.(yraw); ok {
				if id, _ := topKey(string(raw), "id"); id != key {
					s, ok := setTopKey(string(raw), "id", key)
					if !ok {
						e.stop("a rewriter whose id cannot be set")
					}
					y = yraw(s)
				}
			}
			r.rewriters = append(r.rewriters, y)
			return vUnit{}
		case "insert_local":
			return vInternal{why: whyReferent}
		}
	case vYaml:
		switch name {
		case "get_matcher":
			if in, ok := firstInternal(args); ok {
				return in
			}
			env, _ := args[0].(*vEnv)
			doc := &vDoc{y: yraw(r.text), env: env}
			if env != nil && (env.utils != nil || len(env.rewriters) > 0) {
				extra := newYmap()
				if env.utils != nil {
					extra.set("utils", env.utils)
				}
				if len(env.rewriters) > 0 {
					extra.set("rewriters", env.rewriters)
				}
				if flowYAML(r.text) {
					e.stop("rewriters added to a flow document")
				}
				doc.y = yraw(dedent(r.text) + "\n" + yamlText(extra))
			}
			res := &vResult{pose: doc, lang: "tsx"}
			doc.origin = res
			res.ok = doc
			return res
		case "try_parse_rewriter":
			return &vResult{ok: vRewriter{yraw(r.text)}, why: whyFragment}
		case "parse":
			return &vResult{ok: vInternal{why: whyFragment}, why: whyFragment}
		}
		return vInternal{why: whySerde}
	case *vStruct:
		if name == "get_matcher" {
			if in, ok := firstInternal(args); ok {
				return in
			}
		}
		if name == "apply" || name == "parse" {
			return vInternal{why: whyTokens}
		}
		return vInternal{why: whyInternal}
	case *vDoc:
		switch name {
		case "get_message":
			m, ok := args[0].(*vMatch)
			if !ok {
				e.stop("get_message of a %T", args[0])
			}
			msg, ok := docKey(r, "message")
			if !ok {
				e.stop("get_message without a message")
			}
			return vMessage{m, msg}
		case "get_fixer":
			return &vResult{ok: vFixerList{fix: nil}, why: whyInternal}
		case "with_matchers":
			m, ok := args[0].(*vMap)
			if !ok {
				e.stop("with_matchers of a %T", args[0])
			}
			d := *r
			y := r.y.(*ymap).clone()
			c := newYmap()
			for _, k := range m.keys {
				c.set(k, e.toRule(m.vals[k]))
			}
			y.set("constraints", c)
			d.y = y
			return &d
		}
		return vInternal{why: whyInternal, origin: r.origin}
	case vRule:
		if root, ok := args0(args).(vRoot); ok && name == "find_node" {
			// MatcherExt::find_node(root) is root.find(matcher)
			q := &query{doc: ruleDoc(r), tree: root.tree, origin: r.origin}
			return &vFind{q}
		}
		return vInternal{why: whyInternal, origin: r.origin}
	case vEnum:
		return vInternal{why: whyTokens}
	case *vMap:
		switch name {
		case "insert":
			k, ok := args[0].(string)
			if !ok {
				e.stop("a map keyed by a %T", args[0])
			}
			if _, ok := r.vals[k]; !ok {
				r.keys = append(r.keys, k)
			}
			r.vals[k] = true // a set's
			if len(args) > 1 {
				r.vals[k] = args[1]
			}
			return vUnit{}
		case "len":
			return int64(len(r.keys))
		}
	case *vList:
		switch name {
		case "len":
			return int64(len(r.items))
		case "pop":
			if len(r.items) == 0 {
				return vNone{}
			}
			v := r.items[len(r.items)-1]
			r.items = r.items[:len(r.items)-1]
			return vSome{v}
		case "remove":
			i, _ := args[0].(int64)
			v := r.items[i]
			r.items = append(r.items[:i], r.items[i+1:]...)
			return v
		case "push":
			r.items = append(r.items, args[0])
			return vUnit{}
		case "is_empty":
			return len(r.items) == 0
		}
	case vErr:
		return vInternal{why: whyErrorFields}
	case string:
		return vInternal{why: whyInternal}
	}
	if internalMethods[name] {
		return vInternal{why: whyInternal}
	}
	e.stop("a method %s on a %T", name, recv)
	return nil
}

func args0(args []any) any {
	if len(args) == 0 {
		return nil
	}
	return args[0]
}

// withFix is a match whose query applies a fixer: the fixer of the
// rule's own document, or one the test built apart.
func (e *evaluator) withFix(m *vMatch, fx vFixer) *vMatch {
	q := *m.q
	if fx.fix != nil {
		q.fix = fx.fix
	}
	m.checked = true
	return &vMatch{q: &q, idx: m.idx}
}

// docKey reads a top-level scalar of a document.
func docKey(d *vDoc, key string) (string, bool) {
	switch y := d.y.(type) {
	case *ymap:
		v, ok := y.get(key)
		s, isStr := v.(string)
		return s, ok && isStr
	case yraw:
		return topKey(string(y), key)
	}
	return "", false
}

func (e *evaluator) field(recv any, name string) any {
	switch r := recv.(type) {
	case vInternal:
		return r
	case *vStruct:
		if v, ok := r.vals[name]; ok {
			return v
		}
		return vInternal{why: whyInternal}
	case *vDoc:
		switch name {
		case "matcher":
			return r
		case "language":
			return vLang{"tsx"}
		case "id":
			if id, ok := docKey(r, "id"); ok {
				return id
			}
		}
		return vInternal{why: whyInternal, origin: r.origin}
	case *vEnv:
		if name == "registration" {
			return r
		}
	case vYaml:
		if name == "id" {
			if id, ok := topKey(r.text, "id"); ok {
				return id
			}
		}
		return vInternal{why: whySerde}
	case vEdit:
		return vEditField{r.m, name}
	case vTuple:
		i, err := strconv.Atoi(name)
		if err == nil && i < len(r) {
			return r[i]
		}
	case vRule:
		return vInternal{why: whyInternal, origin: r.origin}
	case vErr:
		return vInternal{why: whyErrorFields}
	}
	return vInternal{why: whyInternal}
}
