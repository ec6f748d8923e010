package oracle

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/c"
	"github.com/agenttools/agenttools/internal/clangxx"
	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/matcher"
)

// A cppNode is a node of clang's tree of one file (clangxx.Dump), with
// its place in the file resolved.
type cppNode struct {
	*clangxx.Node
	parent *cppNode
	kids   []*cppNode
	// start and end are the node's byte range in the file, the whole
	// macro invocation for an end in one; start < 0 when it has none.
	start, end int
	// macro: the node's first or last token comes from a macro's body,
	// not from an argument written in the file.
	macro bool
	// specialization: a ClassTemplateSpecializationDecl written as an
	// explicit specialization, template <>.
	specialization bool
}

// cppNone stands for a child that is not there.
var cppNone = &cppNode{Node: &clangxx.Node{}, start: -1, end: -1}

// child returns the i-th child, or an empty node.
func (n *cppNode) child(i int) *cppNode {
	if i < 0 || i >= len(n.kids) {
		return cppNone
	}
	return n.kids[i]
}

// bare is n under the nodes clang adds around an expression that the
// source writes once: implicit conversions, temporaries, cleanups.
func (n *cppNode) bare() *cppNode {
	for len(n.kids) == 1 {
		switch n.Kind {
		case "ImplicitCastExpr", "MaterializeTemporaryExpr", "ExprWithCleanups", "CXXBindTemporaryExpr", "ConstantExpr":
			n = n.kids[0]
			continue
		}
		break
	}
	return n
}

// last returns the last child but a doc comment and the attributes
// clang dumps after a declaration's body, or an empty node.
func (n *cppNode) last() *cppNode {
	for i := len(n.kids) - 1; i >= 0; i-- {
		if k := n.kids[i]; k.Kind != "FullComment" && !strings.HasSuffix(k.Kind, "Attr") {
			return k
		}
	}
	return cppNone
}

// operands are the children of an operator's node that are its
// operands: an overloaded operator's call has the operator's function
// first.
func (n *cppNode) operands() []*cppNode {
	if n.Kind == "CXXOperatorCallExpr" && len(n.kids) > 0 {
		return n.kids[1:]
	}
	return n.kids
}

// A cppFile is one file of the comparison.
type cppFile struct {
	path, name string
	src, code  []byte // code: src with its comments and literals blanked (cBlank)
	ls         roLineStarts
	tree       *grammars.Tree
	root       *cppNode
	// skippedLines: the lines in a branch of a conditional clang's
	// preprocessor did not take; directiveLines: the conditionals'
	// directives.
	skippedLines, directiveLines []bool
	// invocations are the macro invocations clang's tree has nodes
	// from, as byte ranges.
	invocations [][2]int
	// passes is how many times the preprocessor read the file: a file
	// that includes itself has its nodes once a pass.
	passes int
}

// code is the source of n with its comments and literals blanked, for
// the predicates that read its shape.
func (f *cppFile) codeText(n *cppNode) string {
	if n.start < 0 {
		return ""
	}
	return string(f.code[n.start:n.end])
}

// text is the source of n, "" when n has no range in the file.
func (f *cppFile) text(n *cppNode) string {
	if n.start < 0 {
		return ""
	}
	return string(f.src[n.start:n.end])
}

// squashed is n's text without white space, for comparing operands.
func (f *cppFile) squashed(n *cppNode) string {
	return strings.Join(strings.Fields(f.text(n)), "")
}

// between is the text between the end of a and the start of b, trimmed.
func (f *cppFile) between(a, b *cppNode) string {
	if a.start < 0 || b.start < 0 || a.end > b.start {
		return ""
	}
	return strings.TrimSpace(string(f.code[a.end:b.start]))
}

// build makes the cppNode tree of clang's node n and resolves each
// node's range in the file.
func (f *cppFile) build(n *clangxx.Node, parent *cppNode) *cppNode {
	x := &cppNode{Node: n, parent: parent, start: -1, end: -1}
	b, e := n.Begin, n.End
	if b.File == "" && b.Expansion == nil {
		b, e = n.Loc, n.Loc
	}
	bl, el := f.place(b), f.place(e)
	if bl.File == f.path && el.File == f.path && bl.Offset <= el.Offset+el.TokLen {
		x.start, x.end = bl.Offset, el.Offset+el.TokLen
		if e.Expansion != nil && !e.MacroArg {
			x.end = cppInvocationEnd(f.src, el.Offset)
		}
		if x.end > len(f.src) {
			x.start, x.end = -1, -1
		}
	}
	x.macro = b.Expansion != nil && !b.MacroArg || e.Expansion != nil && !e.MacroArg
	for _, l := range []clangxx.Loc{b, e} {
		if l.Expansion != nil && !l.MacroArg && l.Expansion.File == f.path {
			f.invocations = append(f.invocations, [2]int{l.Expansion.Offset, cppInvocationEnd(f.src, l.Expansion.Offset)})
		}
	}
	x.specialization = x.start >= 0 && cppExplicitSpecialization.Match(f.src[x.start:x.end])
	for _, k := range n.Children {
		x.kids = append(x.kids, f.build(k, x))
	}
	return x
}

var cppExplicitSpecialization = regexp.MustCompile(`^template\s*<\s*>`)

// innermost returns the deepest of clang's nodes whose range holds
// [start, end), the root when none does.
func (f *cppFile) innermost(start, end int) *cppNode {
	n := f.root
	for {
		var in *cppNode
		for _, k := range n.kids {
			if k.start >= 0 && k.start <= start && end <= k.end {
				in = k
			}
		}
		if in == nil {
			return n
		}
		n = in
	}
}

// inType reports whether [start, end) is code that clang's dump keeps in
// a declaration's type, as a string, with no nodes: a template's
// argument, an array's size, a decltype, a noexcept's operand, a
// default template argument. The deepest node around it is then a
// declaration, not the statement or expression the code would be.
func (f *cppFile) inType(start, end int) bool {
	n := f.innermost(start, end)
	if n == f.root || n.start == start && n.end == end {
		return false
	}
	if strings.HasSuffix(n.Kind, "Decl") {
		return true
	}
	// an expression's own type, before its operands, or in a name's
	// qualifier: decltype(…)::value, std::array<T, sizeof...(A)>{…},
	// X<!B>::f
	for _, k := range n.kids {
		if k.start >= 0 {
			return end <= k.start
		}
	}
	return true
}

// place is where l is written in the file: a token of a macro's
// argument where the argument is, another token of a macro's expansion
// at the invocation.
func (f *cppFile) place(l clangxx.Loc) clangxx.Loc {
	if l.Expansion == nil {
		return l
	}
	if l.MacroArg && l.Spelling != nil && l.Spelling.File == f.path {
		return *l.Spelling
	}
	x := *l.Expansion
	x.TokLen = 0
	return x
}

// cppInvocationEnd is the end of the macro invocation at off: its name,
// and its arguments in parentheses when they follow.
func cppInvocationEnd(src []byte, off int) int {
	i := off
	for i < len(src) && (src[i] == '_' || 'a' <= src[i] && src[i] <= 'z' || 'A' <= src[i] && src[i] <= 'Z' || '0' <= src[i] && src[i] <= '9') {
		i++
	}
	j := i
	for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r') {
		j++
	}
	if j >= len(src) || src[j] != '(' {
		return i
	}
	depth := 0
	for ; j < len(src); j++ {
		switch src[j] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return j + 1
			}
		}
	}
	return i
}

// walk calls visit on each node of clang's tree that the source writes:
// not a declaration the compiler made (an implicit constructor, a
// class's own name in its scope), nor a template's instantiation, which
// clang dumps beside the template with the template's places.
func (f *cppFile) walk(visit func(n *cppNode)) {
	var walk func(n *cppNode)
	walk = func(n *cppNode) {
		if n.Kind == "OpaqueValueExpr" {
			return
		}
		if n.Implicit {
			// a range for's range, which clang keeps as the initializer
			// of a variable it makes, is written
			if n.Kind == "VarDecl" && n.parent.Kind == "DeclStmt" && n.parent.parent != nil &&
				n.parent.parent.Kind == "CXXForRangeStmt" && n.parent.parent.child(1) == n.parent {
				for _, k := range n.kids {
					walk(k)
				}
			}
			return
		}
		if n.start >= 0 {
			visit(n)
		}
		templated := false
		for _, k := range n.kids {
			if cppInstantiation(n, k, &templated) {
				continue
			}
			walk(k)
		}
	}
	walk(f.root)
}

// cppInstantiation reports whether k, a child of n, is an instantiation
// of the template n: a function template's functions after the first
// (the template's own), a class or variable template's specializations
// (an explicit one is dumped where it is written, not here).
func cppInstantiation(n, k *cppNode, templated *bool) bool {
	switch n.Kind {
	case "FunctionTemplateDecl":
		if !strings.HasSuffix(k.Kind, "Decl") || k.Kind == "TemplateTypeParmDecl" || k.Kind == "NonTypeTemplateParmDecl" || k.Kind == "TemplateTemplateParmDecl" {
			return false
		}
		if *templated {
			return true
		}
		*templated = true
	case "ClassTemplateDecl":
		return k.Kind == "ClassTemplateSpecializationDecl"
	}
	// An explicit instantiation (extern template class basic_string<char>;)
	// is dumped where it is written, with its members instantiated at the
	// template's places: only an explicit specialization, template <>, is
	// code of its own.
	if k.Kind == "ClassTemplateSpecializationDecl" && !k.specialization {
		return true
	}
	switch n.Kind {
	case "VarTemplateDecl":
		return k.Kind == "VarTemplateSpecializationDecl"
	}
	return false
}

// inInvocation reports whether [start, end) lies in a macro invocation
// clang's tree has nodes from.
func (f *cppFile) inInvocation(start, end int) bool {
	for _, r := range f.invocations {
		if r[0] <= start && end <= r[1] {
			return true
		}
	}
	return false
}

// cppCapsCall is the start of an invocation of an all-caps name, a
// macro by convention.
var cppCapsCall = regexp.MustCompile(`\b_*[A-Z][A-Z0-9_]*\s*\(`)

// inCapsCall reports whether [start, end) lies in the parentheses of a
// call of an all-caps name.
func (f *cppFile) inCapsCall(start, end int) bool {
	for _, loc := range cppCapsCall.FindAllIndex(f.code, -1) {
		if loc[0] >= start && f.ls.line(uint32(loc[0])) > f.ls.line(uint32(start)) {
			break
		}
		open, close := loc[1]-1, cppInvocationEnd(f.code, loc[0])
		if open < start && end <= close {
			return true
		}
		// the same code in a macro's arguments on the match's line: the
		// comparison by lines cannot tell which of the two clang kept
		if f.ls.line(uint32(loc[0])) == f.ls.line(uint32(start)) && close > open &&
			strings.Contains(string(f.code[open:close]), string(f.code[start:end])) {
			return true
		}
	}
	return false
}

// ourTrivia reports whether the offset is in code our tree has no node
// for but the file's and the preprocessor's: it is trivia to ours.
func (f *cppFile) ourTrivia(off int) bool {
	n := f.tree.Root
	for {
		next := int32(-1)
		for _, k := range f.tree.Children(n) {
			if nd := f.tree.Nodes[k]; int(nd.Start) <= off && off < int(nd.End) {
				next = k
				break
			}
		}
		if next < 0 {
			break
		}
		n = next
	}
	kind := f.tree.KindName(n)
	return n == f.tree.Root || strings.HasPrefix(kind, "preproc_")
}

// anyLine reports whether one of the lines of [start, end) is marked.
func (f *cppFile) anyLine(start, end int, marked []bool) bool {
	for l := f.ls.line(uint32(start)); l <= f.ls.line(uint32(max(start, end-1))); l++ {
		if l < len(marked) && marked[l] {
			return true
		}
	}
	return false
}

// A cppMatch is one location either side finds.
type cppMatch struct {
	f          *cppFile
	start, end int
	key        string // file:first line-last line, what the multisets compare
	node       *cppNode
}

func (f *cppFile) match(start, end int, n *cppNode) cppMatch {
	for end > start && strings.IndexByte(" \t\r\n;", f.src[end-1]) >= 0 {
		end--
	}
	return cppMatch{f, start, end, fmt.Sprintf("%s:%d-%d", f.name, f.ls.line(uint32(start)), f.ls.line(uint32(max(start, end-1)))), n}
}

func (m cppMatch) show() string {
	snip := string(m.f.src[m.start:m.end])
	if nl := strings.IndexByte(snip, '\n'); nl >= 0 {
		snip = snip[:nl] + " …"
	}
	if len(snip) > 100 {
		snip = snip[:100] + "…"
	}
	return m.key + "  " + snip
}

func cppKey(m cppMatch) string { return m.key }

// A cppWhy is one class of the locations only one side finds.
type cppWhy = roWhy[cppMatch]

// A cppCase is one of our patterns and which of clang's nodes it should
// find; want is the class of difference in the fixtures (cDiff, as the
// C oracle's).
type cppCase struct {
	pattern string
	clang   func(f *cppFile, n *cppNode) bool
	want    cDiff
	note    string
	why     []cppWhy
}

// cppCommonWhys are the differences every case may have, which come
// from the preprocessor: clang sees the code after it, ours the code as
// written.
func cppCommonWhys() []cppWhy {
	return []cppWhy{
		{name: "in a branch clang skipped", ok: func(m cppMatch, _ map[string]bool) bool {
			return m.f.anyLine(m.start, m.start+1, m.f.skippedLines)
		}},
		{name: "in a macro invocation clang expands", ok: func(m cppMatch, _ map[string]bool) bool {
			return m.f.inInvocation(m.start, m.end)
		}},
		{name: "spans a branch clang skipped or a conditional's directive", ok: func(m cppMatch, _ map[string]bool) bool {
			return m.f.anyLine(m.start, m.end, m.f.skippedLines) || m.f.anyLine(m.start, m.end, m.f.directiveLines)
		}},
		{theirs: true, name: "from a macro's body", ok: func(m cppMatch, _ map[string]bool) bool {
			return m.node.macro
		}},
		{name: "in a type (a template argument, an array's size, a decltype, a noexcept), which clang's dump keeps as a string", ok: func(m cppMatch, _ map[string]bool) bool {
			return m.f.inType(m.start, m.end)
		}},
		{theirs: true, name: "in a file that includes itself (BOOST_PP_ITERATE): clang has a node a pass, ours reads the branch for the passes as inactive", ok: func(m cppMatch, _ map[string]bool) bool {
			return m.f.passes > 1
		}},
		{name: "in the arguments of an all-caps macro (an assertion: BOOST_ASSERT, _GLIBCXX_DEBUG_ASSERT) that clang expands to other code or none", ok: func(m cppMatch, _ map[string]bool) bool {
			return m.f.inCapsCall(m.start, m.end)
		}},
		// A bug of ours, counted: with no parse error, our tree leaves
		// code out, as trivia (all of libstdc++'s <type_traits>, whose
		// code is in the #else of #if __cplusplus < 201103L).
		{theirs: true, name: "OURS WRONG: code our tree holds as trivia, with no parse error", ok: func(m cppMatch, _ map[string]bool) bool {
			return m.f.ourTrivia(m.start)
		}},
		{name: "in a conditional's directive, whose condition clang evaluates and does not keep", ok: func(m cppMatch, _ map[string]bool) bool {
			return m.f.directiveLines[m.f.ls.line(uint32(m.start))]
		}},
		// Matches compare by lines: on a line with a macro's invocation,
		// ours and clang's may pair up the wrong ones (FMT_STRING(s)
		// expands to a lambda with its own return).
		{theirs: true, name: "on a line ours matches too, with a macro's invocation clang expands", ok: func(m cppMatch, ours map[string]bool) bool {
			if !ours[m.key] {
				return false
			}
			line := m.f.ls.line(uint32(m.start))
			for _, r := range m.f.invocations {
				if m.f.ls.line(uint32(r[0])) == line {
					return true
				}
			}
			return false
		}},
		{theirs: true, name: "spans a conditional's directive", ok: func(m cppMatch, _ map[string]bool) bool {
			return m.f.anyLine(m.start, m.end, m.f.directiveLines)
		}},
	}
}

// cppCall is a call of the function spelled name (std::move), with n
// arguments (any number when n < 0); name may be followed by template
// arguments when tmpl.
func cppCall(name string, n int, tmpl bool) func(*cppFile, *cppNode) bool {
	return func(f *cppFile, x *cppNode) bool {
		if x.Kind != "CallExpr" || len(x.kids) == 0 {
			return false
		}
		callee := f.squashed(x.child(0).bare())
		if callee != name && !(tmpl && strings.HasPrefix(callee, name+"<")) {
			return false
		}
		return n < 0 || cppArgs(x) == n
	}
}

// cppArgs counts a call's arguments as written: not the defaults clang
// fills in.
func cppArgs(x *cppNode) int {
	n := 0
	for _, k := range x.kids[1:] {
		if k.Kind != "CXXDefaultArgExpr" {
			n++
		}
	}
	return n
}

// cppMemberCall is a call of a member named name ("" for any) with the
// base written before -> (arrow) or a dot, and n arguments (any when
// n < 0). In a template clang may not know the member yet: the callee is
// then a CXXDependentScopeMemberExpr or an UnresolvedMemberExpr, whose
// member the dump leaves out, so it is read from the text.
func cppMemberCall(name string, arrow bool, n int) func(*cppFile, *cppNode) bool {
	return func(f *cppFile, x *cppNode) bool {
		if x.Kind != "CXXMemberCallExpr" && x.Kind != "CallExpr" || len(x.kids) == 0 {
			return false
		}
		callee := x.child(0).bare()
		switch callee.Kind {
		case "MemberExpr", "CXXDependentScopeMemberExpr", "UnresolvedMemberExpr", "CXXPseudoDestructorExpr":
		default:
			return false
		}
		base := callee.child(0)
		if b := base.bare(); b.Kind == "CXXOperatorCallExpr" && len(b.kids) == 2 && strings.HasSuffix(f.text(b), "->") {
			// p->f() of a smart pointer p: a call of p's operator->,
			// whose range ends at the ->, is the member's base
			base = b.kids[1]
		}
		if base.start < 0 || base.end >= callee.end || base.start == callee.start && base.end == callee.end {
			return false // this, implicit
		}
		rest := strings.TrimSpace(string(f.src[base.end:callee.end]))
		op := "."
		if arrow {
			op = "->"
		}
		member, ok := strings.CutPrefix(rest, op)
		if !ok {
			return false
		}
		member = strings.TrimSpace(member)
		if name != "" && member != name {
			return false
		}
		return n < 0 || cppArgs(x) == n
	}
}

// cppBinary returns the operands of a binary operator op, built in or
// overloaded (a call of operator op, which is what clang makes of an
// operator on a class, and in a template of one on a dependent type
// when some operator op is declared).
func cppBinary(f *cppFile, n *cppNode, op string) (lhs, rhs *cppNode, ok bool) {
	switch n.Kind {
	case "BinaryOperator", "CompoundAssignOperator", "CXXOperatorCallExpr":
	default:
		return nil, nil, false
	}
	ops := n.operands()
	if len(ops) != 2 {
		return nil, nil, false
	}
	lhs, rhs = ops[0], ops[1]
	if n.Kind != "CXXOperatorCallExpr" && n.Opcode != op || f.between(lhs, rhs) != op {
		return nil, nil, false
	}
	return lhs, rhs, true
}

// cppBin is a binary operator op whose operands both accepts (nil: any).
func cppBin(op string, both func(f *cppFile, l, r *cppNode) bool) func(*cppFile, *cppNode) bool {
	return func(f *cppFile, n *cppNode) bool {
		l, r, ok := cppBinary(f, n, op)
		return ok && (both == nil || both(f, l, r))
	}
}

// cppUnary is a unary operator op, prefix or postfix, built in or
// overloaded.
func cppUnary(op string, postfix bool) func(*cppFile, *cppNode) bool {
	return func(f *cppFile, n *cppNode) bool {
		if n.Kind != "UnaryOperator" && n.Kind != "CXXOperatorCallExpr" {
			return false
		}
		ops := n.operands()
		if len(ops) == 0 || n.Kind == "UnaryOperator" && n.Opcode != op {
			return false
		}
		x := ops[0]
		if postfix {
			return x.start == n.start && strings.TrimSpace(string(f.src[x.end:n.end])) == op
		}
		return x.end == n.end && len(ops) == 1 && strings.TrimSpace(string(f.src[n.start:x.start])) == op
	}
}

// cppKind is any node of the kind.
func cppKind(kind string) func(*cppFile, *cppNode) bool {
	return func(_ *cppFile, n *cppNode) bool { return n.Kind == kind }
}

// cppText is a node of the kind whose text re matches.
func cppText(kind string, re string) func(*cppFile, *cppNode) bool {
	rx := regexp.MustCompile(re)
	return func(f *cppFile, n *cppNode) bool { return n.Kind == kind && rx.MatchString(f.codeText(n)) }
}

// cppRecord is a class or struct (tag) with a name, its body and no
// base classes: clang's CXXRecordDecl, which in a class template is
// the template's child, and whose text starts at the tag.
func cppRecord(tag string, template bool) func(*cppFile, *cppNode) bool {
	head := regexp.MustCompile(`^` + tag + `\s+(\[\[[^\]]*\]\]\s*)?[A-Za-z_]\w*\s*(final\s*)?\{`)
	return func(f *cppFile, n *cppNode) bool {
		if n.Kind != "CXXRecordDecl" || !head.MatchString(f.codeText(n)) {
			return false
		}
		return !template || n.parent.Kind == "ClassTemplateDecl"
	}
}

// cppRecordTemplate is a class template whose class (tag) has its body
// and no base: the pattern template <$$$P> class $C { $$$B };, which
// finds the template declaration whole.
func cppRecordTemplate(tag string) func(*cppFile, *cppNode) bool {
	rec := cppRecord(tag, true)
	return func(f *cppFile, n *cppNode) bool {
		if n.Kind != "ClassTemplateDecl" {
			return false
		}
		for _, k := range n.kids {
			if k.Kind == "CXXRecordDecl" {
				return rec(f, k)
			}
		}
		return false
	}
}

// cppForRange is a range for whose loop variable's declaration, from
// the ( to the :, head matches.
func cppForRange(head string) func(*cppFile, *cppNode) bool {
	rx := regexp.MustCompile(`^for\s*\(\s*` + head + `\s*[A-Za-z_]\w*\s*:[^:]`)
	return func(f *cppFile, n *cppNode) bool { return n.Kind == "CXXForRangeStmt" && rx.MatchString(f.codeText(n)) }
}

// cppVar is a variable's declaration, alone in its statement, whose
// text matches re.
func cppVar(re string) func(*cppFile, *cppNode) bool {
	rx := regexp.MustCompile(re)
	return func(f *cppFile, n *cppNode) bool {
		if n.Kind != "VarDecl" || n.parent.Kind != "DeclStmt" || len(n.parent.kids) != 1 {
			return false
		}
		return rx.MatchString(f.codeText(n))
	}
}

// cppMethod is a member function's declaration (a CXXMethodDecl, a
// constructor's, a destructor's) whose text re matches.
func cppMethod(re string) func(*cppFile, *cppNode) bool {
	rx := regexp.MustCompile(re)
	return func(f *cppFile, n *cppNode) bool {
		switch n.Kind {
		case "CXXMethodDecl", "CXXConstructorDecl", "CXXDestructorDecl":
			return rx.MatchString(f.codeText(n))
		}
		return false
	}
}

// cppSame is two operands written alike.
func cppSame(f *cppFile, l, r *cppNode) bool { return f.squashed(l) == f.squashed(r) }

// cppNullMacro is NULL: libstdc++ defines it as __null, which clang
// reads as a GNUNullExpr made by the macro.
func cppNullMacro(f *cppFile, n *cppNode) bool {
	return n.Kind == "GNUNullExpr" && f.text(n) == "NULL"
}

// cppKnownBug explains what clang finds and ours does not in a case
// that is a known bug of ours (cOursBug): counted, and named in the log.
func cppKnownBug(name string) cppWhy {
	return cppWhy{theirs: true, name: "ours wrong (known): " + name, ok: func(cppMatch, map[string]bool) bool { return true }}
}

// hasElse reports whether the if statement n has an else: the text
// between two of its children is the else.
func (f *cppFile) hasElse(n *cppNode) bool {
	for i := 0; i+1 < len(n.kids); i++ {
		if strings.TrimSpace(strings.TrimPrefix(f.between(n.kids[i], n.kids[i+1]), ";")) == "else" {
			return true
		}
	}
	return false
}

// cppRefDeclarator: ours finds a declaration whose declarator is a
// pointer's or a reference's where the pattern writes a name ($V):
// the metavariable binds the declarator, * or & and the name, as it
// does in C (the C oracle's $T $V = $E;).
var cppRefDeclarator = cppWhy{name: "$V binds a pointer's or a reference's declarator", ok: func(m cppMatch, _ map[string]bool) bool {
	return cppRefDecl.MatchString(string(m.f.src[m.start:m.end]))
}}

var cppRefDecl = regexp.MustCompile(`^(for\s*\(\s*)?auto\s*[*&]+\s*[A-Za-z_]\w*\s*[=:]`)

var (
	cppPublicBase = regexp.MustCompile(`^class\s+[A-Za-z_]\w*\s*:\s*public\s+([^{]+)\{`)
	// a function template's text up to its parameters' (
	cppTemplateFuncHead = regexp.MustCompile(`^template\s*<\s*typename\s+[A-Za-z_]\w*\s*>\s*(typename\s+)?` +
		`[A-Za-z_][\w:]*(\s*<[^;{}]*>)?(\s*::\s*\w+)*\s+([A-Za-z_]\w*(\s*<[^;{}()]*>)?\s*::\s*)*([A-Za-z_]\w*|operator\s*[^\s\w()]+)\s*$`)
	// a macro where a return type would be: _GLIBCXX_CONSTEXPR T(…)
	cppMacroHead = regexp.MustCompile(`^template\s*<[^>]*>\s*[A-Z_][A-Z0-9_]*\s+[A-Za-z_]\w*\s*\(`)
)

// cppParamsHead is a function's text up to its parameters' (: the
// first ( outside the template's angle brackets and its return type's.
func cppParamsHead(code string) string {
	depth := 0
	for i, r := range code {
		switch r {
		case '<':
			depth++
		case '>':
			depth--
		case '(':
			if depth == 0 {
				return code[:i]
			}
		}
	}
	return code
}

// cppTopComma reports whether s has a comma outside brackets: a second
// base class.
func cppTopComma(s string) bool {
	depth := 0
	for _, r := range s {
		switch r {
		case '<', '(', '[':
			depth++
		case '>', ')', ']':
			depth--
		case ',':
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

func cppOracleCases() []cppCase {
	return []cppCase{
		// Calls of the standard library.
		{pattern: "std::move($X)", clang: cppCall("std::move", 1, false)},
		{pattern: "std::forward<$T>($X)", clang: cppCall("std::forward", 1, true)},
		{pattern: "std::make_unique<$T>($$$A)", clang: cppCall("std::make_unique", -1, true)},
		{pattern: "std::make_shared<$T>($$$A)", clang: cppCall("std::make_shared", -1, true)},
		{pattern: "std::sort($$$A)", clang: cppCall("std::sort", -1, false)},
		// Member calls.
		{pattern: "$X->$M($$$A)", clang: cppMemberCall("", true, -1)},
		{pattern: "$X.$M()", clang: cppMemberCall("", false, 0)},
		{pattern: "$X.push_back($Y)", clang: cppMemberCall("push_back", false, 1)},
		{pattern: "$X.size()", clang: cppMemberCall("size", false, 0)},
		{pattern: "$X.size() == 0", clang: cppBin("==", func(f *cppFile, l, r *cppNode) bool {
			return cppMemberCall("size", false, 0)(f, l.bare()) && f.text(r) == "0"
		})},
		// Operators, built in and overloaded.
		{pattern: "$X == $X", clang: cppBin("==", cppSame)},
		{pattern: "$A == $B", clang: cppBin("==", nil)},
		{pattern: "$A != $B", clang: cppBin("!=", nil)},
		{pattern: "$A = $B", clang: cppBin("=", nil)},
		{pattern: "$A += $B", clang: cppBin("+=", nil)},
		{pattern: "$A << $B", clang: cppBin("<<", nil)},
		{pattern: "std::cout << $X", clang: cppBin("<<", func(f *cppFile, l, _ *cppNode) bool { return f.squashed(l) == "std::cout" })},
		{pattern: "$X++", clang: cppUnary("++", true)},
		{pattern: "!$X", clang: cppUnary("!", false)},
		{pattern: "*$X", clang: cppUnary("*", false)},
		{pattern: "$C ? $A : $B", clang: cppKind("ConditionalOperator")},
		// Null pointers.
		{pattern: "NULL", clang: cppNullMacro},
		{pattern: "nullptr", clang: cppKind("CXXNullPtrLiteralExpr")},
		{pattern: "$X == nullptr", clang: cppBin("==", func(f *cppFile, _, r *cppNode) bool { return r.bare().Kind == "CXXNullPtrLiteralExpr" })},
		{pattern: "$X != NULL", clang: cppBin("!=", func(f *cppFile, _, r *cppNode) bool { return cppNullMacro(f, r.bare()) })},
		// new, delete, throw, casts.
		{pattern: "new $T($$$A)", clang: cppText("CXXNewExpr", `^new\s+[^(\[{]+\([^\[]*\)$`)},
		{pattern: "new $T[$N]", clang: cppText("CXXNewExpr", `^new\s+[^(\[{]+\[[^\]]*\]$`)},
		{pattern: "delete $P", clang: cppText("CXXDeleteExpr", `^delete\s*[^\s\[]`)},
		{pattern: "delete[] $P", clang: cppText("CXXDeleteExpr", `^delete\s*\[\s*\]`)},
		{pattern: "throw $X", clang: func(f *cppFile, n *cppNode) bool { return n.Kind == "CXXThrowExpr" && len(n.kids) > 0 }},
		{pattern: "throw;", clang: func(f *cppFile, n *cppNode) bool { return n.Kind == "CXXThrowExpr" && len(n.kids) == 0 }},
		{pattern: "static_cast<$T>($E)", clang: cppKind("CXXStaticCastExpr")},
		{pattern: "reinterpret_cast<$T>($E)", clang: cppKind("CXXReinterpretCastExpr")},
		{pattern: "const_cast<$T>($E)", clang: cppKind("CXXConstCastExpr")},
		{pattern: "dynamic_cast<$T>($E)", clang: cppKind("CXXDynamicCastExpr")},
		{pattern: "sizeof...($P)", clang: cppKind("SizeOfPackExpr")},
		// Statements.
		{pattern: "for (auto $V : $E) { $$$B }", clang: cppForRange(`auto`), want: cClangFewer,
			note: "$V binds a reference's declarator (&x), as a pointer's in C", why: []cppWhy{cppRefDeclarator}},
		{pattern: "for (const auto &$V : $E) { $$$B }", clang: cppForRange(`const\s+auto\s*&`)},
		{pattern: "for (auto &$V : $E) { $$$B }", clang: cppForRange(`auto\s*&`)},
		{pattern: "try { $$$B } catch ($E) { $$$H }", clang: func(f *cppFile, n *cppNode) bool {
			return n.Kind == "CXXTryStmt" && len(n.kids) == 2
		}, want: cOursFewer, note: "$E is the handler's declaration, which catch (...) has none of", why: []cppWhy{{
			theirs: true, name: "a catch (...), no declaration for $E", ok: func(m cppMatch, _ map[string]bool) bool {
				return regexp.MustCompile(`catch\s*\(\s*\.\.\.\s*\)`).MatchString(m.f.text(m.node))
			}}}},
		// A pattern's if with no else finds an if with no else.
		{pattern: "if constexpr ($C) { $$$B }", clang: func(f *cppFile, n *cppNode) bool {
			return cppText("IfStmt", `^if\s+constexpr\b`)(f, n) && !f.hasElse(n)
		}},
		{pattern: "return *this;", clang: func(f *cppFile, n *cppNode) bool {
			return n.Kind == "ReturnStmt" && f.squashed(n.child(0).bare()) == "*this"
		}},
		{pattern: "return nullptr;", clang: func(f *cppFile, n *cppNode) bool {
			return n.Kind == "ReturnStmt" && n.child(0).bare().Kind == "CXXNullPtrLiteralExpr"
		}},
		{pattern: "return $X;", clang: func(f *cppFile, n *cppNode) bool { return n.Kind == "ReturnStmt" && len(n.kids) > 0 }},
		// Lambdas.
		{pattern: "[$$$C]($$$P) { $$$B }", clang: cppText("LambdaExpr", `^\[[^\]]*\]\s*\([^)]*\)\s*\{`)},
		{pattern: "[&]($$$P) { $$$B }", clang: cppText("LambdaExpr", `^\[\s*&\s*\]\s*\([^)]*\)\s*\{`)},
		// Declarations.
		{pattern: "auto $V = $E;", clang: cppVar(`^auto\s+[A-Za-z_]\w*\s*=`), want: cClangFewer,
			note: "$V binds a pointer's or a reference's declarator (*p, &r), as in C", why: []cppWhy{cppRefDeclarator}},
		{pattern: "template <$$$P> class $C { $$$B };", clang: cppRecordTemplate("class")},
		{pattern: "template <$$$P> struct $C { $$$B };", clang: cppRecordTemplate("struct")},
		{pattern: "class $C { $$$B };", clang: cppRecord("class", false)},
		{pattern: "struct $S { $$$B };", clang: cppRecord("struct", false)},
		{pattern: "class $C : public $B { $$$M };", clang: func(f *cppFile, n *cppNode) bool {
			g := cppPublicBase.FindStringSubmatch(f.codeText(n))
			return n.Kind == "CXXRecordDecl" && g != nil && !cppTopComma(g[1])
		}},
		// namespace a::b { } is one namespace of ours, two of clang's, the
		// second's range from its name.
		{pattern: "namespace $N { $$$B }", clang: cppText("NamespaceDecl", `^namespace\s+[A-Za-z_][\w:]*\s*\{`)},
		{pattern: "using namespace $N;", clang: cppKind("UsingDirectiveDecl")},
		{pattern: "using $A = $T;", clang: cppKind("TypeAliasDecl")},
		{pattern: "typedef $T $N;", clang: cppKind("TypedefDecl"), why: []cppWhy{{theirs: true,
			name: "a qualifier before the type, which $T, one node of ours, does not bind (as in C)", ok: func(m cppMatch, _ map[string]bool) bool {
				return regexp.MustCompile(`^typedef\s+(const|volatile)\b`).MatchString(m.f.codeText(m.node))
			}}}},
		{pattern: "enum class $E { $$$V };", clang: cppText("EnumDecl", `^enum\s+class\s+[A-Za-z_]\w*\s*\{`)},
		{pattern: "enum $E { $$$V };", clang: cppText("EnumDecl", `^enum\s+[A-Za-z_]\w*\s*\{`)},
		{pattern: "static_assert($C, $M);", clang: func(f *cppFile, n *cppNode) bool {
			// with a message, a string literal: C++17's lone condition
			// has none
			return n.Kind == "StaticAssertDecl" && len(n.kids) == 2 && n.kids[1].Kind == "StringLiteral"
		}},
		{pattern: "public:", clang: cppText("AccessSpecDecl", `^public`)},
		{pattern: "private:", clang: cppText("AccessSpecDecl", `^private`)},
		// $F binds a name, not a pointer's declarator: no pointer returned
		{pattern: "virtual $T $F($$$P) const = 0;", clang: cppMethod(`^virtual\s+[\w:<>]+\s+[A-Za-z_]\w*\s*\([^)]*\)\s*const\s*=\s*0$`)},
		// A metavariable binds one node, and a destructor's ~C is one
		// (destructor_name): ast-grep matches ~C() = default; too.
		{pattern: "$C() = default;", clang: cppMethod(`^[A-Za-z_]\w*\s*\(\s*\)\s*=\s*default$`), why: []cppWhy{{
			name: "$C binds a destructor's ~C, one node, as ast-grep's $C does", ok: func(m cppMatch, _ map[string]bool) bool {
				return strings.HasPrefix(string(m.f.src[m.start:m.end]), "~")
			}}}},
		{pattern: "~$C() { $$$B }", clang: cppText("CXXDestructorDecl", `^~\s*[A-Za-z_]\w*\s*\(\s*\)\s*\{`)},
		// One type parameter, a return type that is one type and no
		// trailing one, a name: what $R $F can bind.
		{pattern: "template <typename $T> $R $F($$$P) { $$$B }", clang: func(f *cppFile, n *cppNode) bool {
			if n.Kind != "FunctionTemplateDecl" {
				return false
			}
			code := f.codeText(n)
			head := cppParamsHead(code)
			if !cppTemplateFuncHead.MatchString(head) || !strings.HasSuffix(code, "}") {
				return false
			}
			for _, k := range n.kids {
				if k.Kind != "TemplateTypeParmDecl" && k.start >= 0 {
					// the body right after the parameters: no trailing
					// return type, noexcept or qualifier the pattern
					// does not write
					body := k.last()
					tail := string(f.code[k.start:body.start])
					return body.Kind == "CompoundStmt" && body.start > k.start &&
						strings.HasSuffix(strings.TrimSpace(tail), ")") && !strings.Contains(tail, "->")
				}
			}
			return false
		}, why: []cppWhy{{name: "a member of a class template defined outside it: a template in the text, a CXXMethodDecl to clang", ok: func(m cppMatch, _ map[string]bool) bool {
			head, _, _ := strings.Cut(string(m.f.code[m.start:m.end]), "(")
			return regexp.MustCompile(`>\s*::\s*~?\w+\s*$`).MatchString(head)
		}}, {theirs: true, name: "a macro in the return type's place, which clang expands (_GLIBCXX_CONSTEXPR complex(…))", ok: func(m cppMatch, _ map[string]bool) bool {
			return cppMacroHead.MatchString(m.f.codeText(m.node))
		}}}},
	}
}

// cppDumpTimeout is how long one file's preprocessing and dump may
// take, a bound on the test's time should a file under
// cppMaxPreprocessed still be slow (on a loaded machine): it is left
// out, logged.
const cppDumpTimeout = 20 * time.Second

// cppMaxPreprocessed is the most text, after clang's preprocessor, a
// file of the corpus may have to be compared: the dump's size and time
// follow it (a file that includes <iostream> and <vector>, 1 MB, has a
// dump of 250 MB read in two seconds; one of Boost's Spirit headers,
// 5 MB, takes many times that). The preprocessor's run, a fraction of a
// second, decides before the dump is made.
const cppMaxPreprocessed = 2000000

// cppCorpusSample is how many files of each part of the corpus the
// comparison takes (clangxx.Sample), before those clang rejects or our
// grammar does not parse cleanly are left out.
const cppCorpusSample = 50

// A cppSource is a file to compare and how clang reads it.
type cppSource struct {
	path, name string
	flags      []string // -std=… and the part's include folders
	limit      bool     // left out above cppMaxPreprocessed
}

// cppLoad reads each file, parses it with our grammar and dumps clang's
// tree of it, two at a time per core; it returns the files compared and
// why each other one was left out.
func cppLoad(clang *clangxx.Clang, srcs []cppSource) ([]*cppFile, []string) {
	files := make([]*cppFile, len(srcs))
	why := make([]string, len(srcs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				files[i], why[i] = cppLoadOne(clang, srcs[i])
			}
		}()
	}
	for i := range srcs {
		next <- i
	}
	close(next)
	wg.Wait()
	var kept []*cppFile
	var left []string
	for i, f := range files {
		if f != nil {
			kept = append(kept, f)
		} else {
			left = append(left, srcs[i].name+": "+why[i])
		}
	}
	return kept, left
}

// cppLoadOne loads one file, or says why it is left out.
func cppLoadOne(clang *clangxx.Clang, s cppSource) (*cppFile, string) {
	src, err := os.ReadFile(s.path)
	if err != nil {
		return nil, err.Error()
	}
	tree, err := c.CPP.Parse(src)
	if err != nil {
		return nil, err.Error()
	}
	if len(tree.Errors) > 0 {
		return nil, fmt.Sprintf("our grammar: %.200s", tree.ErrorText(tree.Errors[0]))
	}
	f := &cppFile{path: s.path, name: s.name, src: src, code: cBlank(src), ls: roNewLineStarts(src), tree: tree}
	ctx, cancel := context.WithTimeout(context.Background(), cppDumpTimeout)
	defer cancel()
	active, passes, size, err := cppActiveLines(ctx, clang, s)
	if err != nil {
		return nil, err.Error()
	}
	f.passes = passes
	if s.limit && size > cppMaxPreprocessed {
		return nil, fmt.Sprintf("preprocessed past cppMaxPreprocessed: %.1f MB, a dump too slow", float64(size)/1e6)
	}
	root, err := clang.Dump(ctx, s.path, s.flags)
	if err != nil {
		return nil, fmt.Sprintf("clang's dump: %.300v", err)
	}
	f.skippedLines, f.directiveLines = cSkippedLines(src, f.ls, active)
	f.root = f.build(root, nil)
	return f, ""
}

// cppActiveLines runs clang's preprocessor on the file and returns the
// lines of it that it kept with some text on them: the lines of a branch
// it did not take are blank there, or left out.
func cppActiveLines(ctx context.Context, clang *clangxx.Clang, s cppSource) (active map[int]bool, passes, size int, err error) {
	args := append([]string{"-E", "-x", "c++", "-w"}, s.flags...)
	cmd := exec.CommandContext(ctx, clang.Path, append(args, s.path)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, 0, 0, fmt.Errorf("clang -E: %v: %.300s", err, stderr.String())
	}
	active, passes = map[int]bool{}, 1
	quoted := `"` + s.path + `"`
	in, line := false, 0
	for _, l := range bytes.Split(out, []byte("\n")) {
		// a line marker: # N "file" flags
		if len(l) > 2 && l[0] == '#' && l[1] == ' ' {
			var n int
			if _, err := fmt.Sscanf(string(l), "# %d", &n); err == nil {
				rest := string(l[2:])
				_, rest, _ = strings.Cut(rest, " ")
				in, line = strings.HasPrefix(rest, quoted), n
				// the flag 1: the file is entered by an #include
				if in && slices.Contains(strings.Fields(rest[len(quoted):]), "1") {
					passes++
				}
				continue
			}
		}
		if in && len(bytes.TrimSpace(l)) > 0 {
			active[line] = true
		}
		line++
	}
	return active, passes, len(out), nil
}

// cppRun runs every case over files, ours and clang's, and returns each
// case's matches on either side, sorted by key.
func cppRun(t *testing.T, cases []cppCase, files []*cppFile) (ours, theirs [][]cppMatch) {
	t.Helper()
	pats := make([]*matcher.Pattern, len(cases))
	for i, tc := range cases {
		p, err := matcher.Compile(c.CPP, tc.pattern)
		if err != nil {
			if tc.want != cOursBug {
				t.Fatalf("Compile(%q): %v", tc.pattern, err)
			}
			t.Logf("%q does not compile (%s): %.200v", tc.pattern, tc.note, err)
		}
		pats[i] = p
	}
	ours = make([][]cppMatch, len(cases))
	theirs = make([][]cppMatch, len(cases))
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan *cppFile)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range next {
				o := make([][]cppMatch, len(cases))
				th := make([][]cppMatch, len(cases))
				for ci, p := range pats {
					if p == nil {
						continue
					}
					for _, m := range p.Find(f.tree) {
						sp := m.Span(f.tree)
						o[ci] = append(o[ci], f.match(int(sp.Start), int(sp.End), nil))
					}
				}
				// A node at the place of one the case found before is an
				// instantiation whose own node is in another file (an
				// explicit instantiation in a .tcc): Dump gives its
				// members to the nearest ancestor it keeps. In a file
				// read once, the case counts each place once.
				type place struct{ ci, start, end int }
				seen := map[place]bool{}
				f.walk(func(n *cppNode) {
					for ci, tc := range cases {
						if tc.clang(f, n) {
							if p := (place{ci, n.start, n.end}); f.passes == 1 {
								if seen[p] {
									continue
								}
								seen[p] = true
							}
							th[ci] = append(th[ci], f.match(n.start, n.end, n))
						}
					}
				})
				mu.Lock()
				for ci := range cases {
					ours[ci] = append(ours[ci], o[ci]...)
					theirs[ci] = append(theirs[ci], th[ci]...)
				}
				mu.Unlock()
			}
		}()
	}
	for _, f := range files {
		next <- f
	}
	close(next)
	wg.Wait()
	for ci := range cases {
		for _, l := range [][]cppMatch{ours[ci], theirs[ci]} {
			sort.Slice(l, func(i, j int) bool { return l[i].key < l[j].key })
		}
	}
	return ours, theirs
}

// cppCompare runs every case over files and checks that each location
// only one side finds is explained by a why, the common ones or the
// case's; with exact (the fixtures), also that the case has its class
// of difference and that clang finds at least oracleMin. It returns the
// totals: locations both sides find, only ours, only clang's, and how
// many of those each why explained, by name.
func cppCompare(t *testing.T, cases []cppCase, files []*cppFile, exact bool) {
	t.Helper()
	ours, theirs := cppRun(t, cases, files)
	t.Logf("%-46s %-20s %6s %6s %6s %6s %6s", "pattern", "class (fixtures)", "ours", "clang", "both", "ours+", "clang+")
	agree, totBoth, totOurs, totClang := 0, 0, 0, 0
	byWhy := map[string]int{}
	var whyOrder []string
	for ci, tc := range cases {
		got, want := ours[ci], theirs[ci]
		onlyOurs, onlyClang, both := roSplit(got, want, cppKey)
		totBoth += both
		totOurs += len(onlyOurs)
		totClang += len(onlyClang)
		t.Logf("%-46q %-20s %6d %6d %6d %6d %6d", tc.pattern, tc.want, len(got), len(want), both, len(onlyOurs), len(onlyClang))
		if len(onlyOurs)+len(onlyClang) == 0 {
			agree++
		}
		whys := append(cppCommonWhys(), tc.why...)
		e := roExplain([2][]cppMatch{onlyOurs, onlyClang}, [2][]cppMatch{got, want}, whys, cppKey, cppMatch.show)
		for wi, w := range whys {
			if e.count[wi] == 0 {
				continue
			}
			side := "ours+"
			if w.theirs {
				side = "clang+"
			}
			t.Logf("    %-6s %6d  %s", side, e.count[wi], w.name)
			k := side + " " + w.name
			if _, ok := byWhy[k]; !ok {
				whyOrder = append(whyOrder, k)
			}
			byWhy[k] += e.count[wi]
		}
		if un := e.unexplained; len(un) > 0 {
			more := ""
			if len(un) > 12 {
				more = fmt.Sprintf("\n… and %d more", len(un)-12)
				un = un[:12]
			}
			t.Errorf("%q: %d locations that differ are not explained (- clang only, + ours only):\n%s%s",
				tc.pattern, len(e.unexplained), strings.Join(un, "\n"), more)
		}
		if !exact {
			continue
		}
		if tc.want != cOursBug && len(want) < oracleMin {
			t.Errorf("%q: clang finds %d in the fixtures, fewer than %d: the case tests nothing", tc.pattern, len(want), oracleMin)
		}
		// Only what no common why explains decides the class.
		rest := roExplain([2][]cppMatch{onlyOurs, onlyClang}, [2][]cppMatch{got, want}, cppCommonWhys(), cppKey, cppMatch.show).rest
		ok := true
		switch tc.want {
		case cSame:
			ok = len(rest[0])+len(rest[1]) == 0
		case cClangFewer:
			ok = len(rest[1]) == 0 && len(rest[0]) > 0
		case cOursFewer:
			ok = len(rest[0]) == 0 && len(rest[1]) > 0
		case cOursBug:
			if len(rest[0])+len(rest[1]) == 0 {
				t.Logf("%q: a known bug of ours, and ours agrees with clang: the bug is fixed, make the case cSame", tc.pattern)
			}
		}
		if !ok {
			var diff []string
			for _, m := range rest[1] {
				diff = append(diff, "- "+m.show())
			}
			for _, m := range rest[0] {
				diff = append(diff, "+ "+m.show())
			}
			t.Errorf("%q: expected %s (%s); differ (- clang only, + ours only):\n%s", tc.pattern, tc.want, tc.note, strings.Join(diff, "\n"))
		}
	}
	t.Logf("%d of %d patterns agree exactly; %d locations both, %d only ours, %d only clang's", agree, len(cases), totBoth, totOurs, totClang)
	for _, k := range whyOrder {
		t.Logf("    %6d  %s", byWhy[k], k)
	}
}

// TestCppOracle compares our C++ search with clang++-14's own syntax
// tree, pattern by pattern: on the fixtures of testdata/cpp (an
// inventory of classes, smart pointers and exceptions, and generic
// code of templates and lambdas, written for this test), and on a
// sample of the C++ corpus (clangxx.Sample, cppCorpusSample files a
// part) that clang accepts and our grammar parses with no error.
//
// Each case says, as a predicate over clang's nodes (clangxx.Dump),
// which nodes the pattern should find; the two sides are compared as
// multisets of (file, first line, last line). clang's tree has what the
// source does not write, which the comparison leaves out: the
// declarations it makes (isImplicit) and the instantiations of
// templates, which it dumps beside the template with the template's
// places. It sees the code after the preprocessor, ours as written:
// every case accepts what ours finds in a branch clang skipped or in a
// macro's invocation, and what clang finds in a macro's body. Every
// other difference must be explained by the case's whys; cOursBug cases
// are our known bugs, logged.
func TestCppOracle(t *testing.T) {
	began := time.Now()
	clang := clangxx.Require(t)
	cases := cppOracleCases()
	t.Run("fixtures", func(t *testing.T) {
		paths, err := filepath.Glob(filepath.Join("testdata", "cpp", "*.cpp"))
		if err != nil || len(paths) == 0 {
			t.Fatalf("no fixtures in testdata/cpp: %v", err)
		}
		var srcs []cppSource
		for _, p := range paths {
			abs, err := filepath.Abs(p)
			if err != nil {
				t.Fatal(err)
			}
			srcs = append(srcs, cppSource{path: abs, name: filepath.Base(p), flags: []string{"-std=c++20"}})
		}
		files, left := cppLoad(clang, srcs)
		for _, l := range left {
			t.Errorf("fixture left out: %s", l)
		}
		cppCompare(t, cases, files, true)
	})
	t.Run("corpus", func(t *testing.T) {
		all, missing, err := clangxx.Corpus()
		if err != nil {
			t.Fatal(err)
		}
		if len(all) == 0 {
			peers.Missing(t, "the C++ corpus is not installed (%s): run scripts/peers.sh cppcorpus", strings.Join(missing, ", "))
		}
		for _, m := range missing {
			t.Logf("corpus part missing: %s", m)
		}
		sample := clangxx.Sample(all, cppCorpusSample)
		top, err := peers.ModuleRoot()
		if err != nil {
			t.Fatal(err)
		}
		verdicts, counts, err := clang.Judge(context.Background(), sample, filepath.Join(top, clangxx.CachePath))
		if err != nil {
			t.Fatal(err)
		}
		var srcs []cppSource
		rejected := 0
		for i, f := range sample {
			if !verdicts[i].OK {
				rejected++
				continue
			}
			name := f.Part + ":" + filepath.Base(filepath.Dir(f.Path)) + "/" + filepath.Base(f.Path)
			srcs = append(srcs, cppSource{path: f.Path, name: name, flags: append([]string{"-std=" + verdicts[i].Std}, f.Flags...), limit: true})
		}
		loadStart := time.Now()
		files, left := cppLoad(clang, srcs)
		size := 0
		for _, f := range files {
			size += len(f.src)
		}
		t.Logf("corpus: %d files sampled (clang judged %d, %d cached), %d rejected by clang, %d compared (%.1f MB), %d left out, loaded in %v",
			len(sample), counts.Runs, counts.Cached, rejected, len(files), float64(size)/1e6, len(left), time.Since(loadStart).Round(time.Millisecond))
		// why the files were left out, by kind, then the first few
		kinds := map[string]int{}
		for _, l := range left {
			_, why, _ := strings.Cut(l, ": ")
			kind, _, _ := strings.Cut(why, ":")
			kind, _, _ = strings.Cut(kind, ",")
			kinds[kind]++
		}
		for _, k := range slices.Sorted(maps.Keys(kinds)) {
			t.Logf("left out: %d, %s", kinds[k], k)
		}
		for i, l := range left {
			if i == 10 {
				t.Logf("… and %d more left out", len(left)-i)
				break
			}
			t.Logf("left out: %s", l)
		}
		cppCompare(t, cases, files, false)
	})
	t.Logf("%d patterns in %v", len(cases), time.Since(began).Round(time.Millisecond))
}
