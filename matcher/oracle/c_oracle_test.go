package oracle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/c"
	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/matcher"
)

// A cDiff is the class of difference a case expects between our C
// search and what clang's syntax tree says the pattern should find.
type cDiff int

const (
	// cSame: the multisets of matches are the same.
	cSame cDiff = iota
	// cClangFewer: every location clang's tree gives is one of ours, and
	// ours has more, for a reason the case's note gives.
	cClangFewer
	// cOursFewer: every location of ours is one of clang's, and clang's
	// has more, for a reason the note gives.
	cOursFewer
	// cOursBug: ours is wrong, as the note says: a known bug of the
	// grammar or the pattern compiler, only logged. When it is fixed
	// the case says what it should.
	cOursBug
)

func (d cDiff) String() string {
	switch d {
	case cSame:
		return "same"
	case cClangFewer:
		return "clang finds a subset"
	case cOursFewer:
		return "ours finds a subset"
	case cOursBug:
		return "ours wrong (known)"
	}
	return fmt.Sprintf("cDiff(%d)", int(d))
}

// A cOracleCase is one of our patterns and, over clang's tree, which
// nodes it should match.
type cOracleCase struct {
	pattern string
	// clang reports whether clang's node n is one the pattern should
	// find. n is a node of the main file, resolved (see cFile.resolve).
	clang func(f *cFile, n *cNode) bool
	want  cDiff  // in the fixtures
	note  string // why the difference, when want is not cSame
	// why explains the locations that only one side finds, besides
	// those every case accepts (cCommonWhys).
	why []cWhy
}

// A cWhy is one class of the locations that only one side finds.
// theirs: a location clang's tree gives and ours does not; else the
// other way round.
type cWhy = roWhy[cMatch]

// cKey is a match's key.
func cKey(m cMatch) string { return m.key }

// cCommonWhys are the differences that come from the preprocessor,
// which every case may have: clang sees the code after it, ours the
// code as written.
func cCommonWhys() []cWhy {
	return []cWhy{
		{name: "in a branch clang skipped", ok: func(m cMatch, _ map[string]bool) bool {
			return m.f.skipped(m.start)
		}},
		{name: "in a macro invocation clang expands", ok: func(m cMatch, _ map[string]bool) bool {
			return m.f.inInvocation(m.start, m.end)
		}},
		{name: "spans a branch clang skipped", ok: func(m cMatch, _ map[string]bool) bool {
			return m.f.anyLine(m.start, m.end, m.f.skippedLines)
		}},
		{name: "in an array's size, which clang's tree folds", ok: func(m cMatch, _ map[string]bool) bool {
			return m.f.inArraySize(m.start, m.end)
		}},
		{theirs: true, name: "from a macro's body", ok: func(m cMatch, _ map[string]bool) bool {
			return m.node.macro
		}},
		{theirs: true, name: "starts in a macro's body", ok: func(m cMatch, _ map[string]bool) bool {
			return m.node.macroStart
		}},
		{theirs: true, name: "a struct whose body a macro makes: struct S CTX(T);", ok: func(m cMatch, _ map[string]bool) bool {
			return (m.node.Kind == "RecordDecl" || m.node.Kind == "EnumDecl") && !bytes.Contains(m.f.code[m.start:m.end], []byte("{"))
		}},
		{theirs: true, name: "a macro's argument expanded again", ok: func(m cMatch, ours map[string]bool) bool {
			return m.node.inArg && ours[m.key]
		}},
		{theirs: true, name: "in a statement as a macro's argument", ok: func(m cMatch, _ map[string]bool) bool {
			return m.node.inArg && m.f.inStatementArg(m.start, m.end)
		}},
		{theirs: true, name: "holds a statement as a macro's argument", ok: func(m cMatch, _ map[string]bool) bool {
			return m.f.holdsStatementArg(m.start, m.end)
		}},
		{name: "spans a conditional's directive", ok: func(m cMatch, _ map[string]bool) bool {
			return m.f.anyLine(m.start, m.end, m.f.directiveLines)
		}},
		{theirs: true, name: "spans a conditional's directive", ok: func(m cMatch, _ map[string]bool) bool {
			return m.f.anyLine(m.start, m.end, m.f.directiveLines) || m.f.directiveNext(m.end)
		}},
		{theirs: true, name: "after a macro that stands for nothing or for a statement", ok: func(m cMatch, _ map[string]bool) bool {
			return m.f.afterMacro(m.start)
		}},
		{theirs: true, name: "in an asm statement's operands, which ours reads as tokens", ok: func(m cMatch, _ map[string]bool) bool {
			for n := m.node; n != nil; n = n.parent {
				if n.Kind == "GCCAsmStmt" {
					return true
				}
			}
			return false
		}},
		{theirs: true, name: "a cast to a name ours cannot know for a type, before & - + *", ok: func(m cMatch, _ map[string]bool) bool {
			text := string(m.f.src[m.start:m.end])
			before := string(m.f.src[m.f.ls[m.f.ls.line(uint32(m.start))-1]:m.start])
			if m.node.Kind == "CStyleCastExpr" {
				if g := cNameCast.FindStringSubmatch(text); g != nil && !cKeywordType[g[1]] {
					return true
				}
			}
			g := cNameCastEnd.FindStringSubmatch(before)
			return g != nil && !cKeywordType[g[1]]
		}},
		{name: "a computed goto's target, no expression of clang's", ok: func(m cMatch, _ map[string]bool) bool {
			before := string(m.f.src[m.f.ls[m.f.ls.line(uint32(m.start))-1]:m.start])
			return strings.HasSuffix(strings.TrimSpace(before), "goto")
		}},
		{name: "next to a GNU __attribute__ that ours takes in the node and clang's range or type leaves out", ok: func(m cMatch, _ map[string]bool) bool {
			return m.f.nearAttribute(m.start, m.end)
		}},
		// An attribute is code: a pattern that writes none finds no code
		// that has one, so that a rewrite never drops it.
		{theirs: true, name: "next to a GNU __attribute__ the pattern does not write", ok: func(m cMatch, _ map[string]bool) bool {
			return m.f.nearAttribute(m.start, m.end)
		}},
		{theirs: true, name: "in a branch ours reads as inactive", ok: func(m cMatch, _ map[string]bool) bool {
			return m.f.inTrivia(m.start)
		}},
		{name: "in a typeof's operand, which clang's tree keeps in a type", ok: func(m cMatch, _ map[string]bool) bool {
			return m.f.inKind(m.start, m.end, "typeof_specifier")
		}},
		{theirs: true, name: "a declaration with qualifiers and no type, an implicit int: no $T", ok: func(m cMatch, _ map[string]bool) bool {
			return m.node.Kind == "VarDecl" && cQualifiersOnly.MatchString(m.f.head(m.node))
		}},
		{theirs: true, name: "an asm label after the declarator, which the pattern does not write", ok: func(m cMatch, _ map[string]bool) bool {
			return m.node.Kind == "VarDecl" && cAsmLabel.Match(m.f.src[m.start:m.end])
		}},
		{name: "a tag the file #defines, a macro to clang", ok: func(m cMatch, _ map[string]bool) bool {
			g := cTag.FindSubmatch(m.f.src[m.start:m.end])
			return g != nil && m.f.defines(string(g[1]))
		}},
	}
}

func cOracleCases() []cOracleCase {
	const (
	// grammars/c is being changed as this is written: with some of
	// its states the calls below agree with clang, and the log says
	// the bug is fixed.
	)
	var (
		// rhsMacro is an assignment whose right side comes from a
		// macro: p = MALLOC(n) is p = malloc(n) to clang.
		rhsMacro = cWhy{theirs: true, name: "its right side from a macro's body", ok: func(m cMatch, _ map[string]bool) bool {
			return m.node.child(1).bare().macro
		}}
	)
	return []cOracleCase{
		// Calls, as agents write them: without the ; first.
		{pattern: "malloc($N)", clang: cCall("malloc", 1)},
		{pattern: "free($P)", clang: cCall("free", 1)},
		{pattern: "strlen($S)", clang: cCall("strlen", 1)},
		{pattern: "memcpy($D, $S, $N)", clang: cCall("memcpy", 3)},
		{pattern: "fprintf(stderr, $$$A)", clang: cStderr},
		// The same calls with their ;, which compile as calls, the ; no
		// leaf of ours: they find the calls in expressions too.
		{pattern: "free($P);", clang: cCall("free", 1)},
		{pattern: "memcpy($D, $S, $N);", clang: cCall("memcpy", 3)},
		{pattern: "fprintf(stderr, $$$A);", clang: cStderr},
		{pattern: "$X = malloc($N)", clang: func(f *cFile, n *cNode) bool {
			return n.Kind == "BinaryOperator" && n.Opcode == "=" && cCall("malloc", 1)(f, n.child(1).bare())
		}, why: []cWhy{rhsMacro}},

		// Comparisons and operators.
		{pattern: "$X == NULL", clang: cCmp("==", func(f *cFile, n *cNode) bool { return f.isNull(n) })},
		{pattern: "$X != NULL", clang: cCmp("!=", func(f *cFile, n *cNode) bool { return f.isNull(n) })},
		{pattern: "$X != $X", clang: func(f *cFile, n *cNode) bool {
			return n.Kind == "BinaryOperator" && n.Opcode == "!=" && f.squash(n.child(0)) == f.squash(n.child(1))
		}},
		{pattern: "sizeof($X) / sizeof($X[0])", clang: func(f *cFile, n *cNode) bool {
			if n.Kind != "BinaryOperator" || n.Opcode != "/" {
				return false
			}
			a, b := n.child(0).bare(), n.child(1).bare()
			if !cSizeofParen(f, a) || !cSizeofParen(f, b) || len(a.Inner) == 0 || len(b.Inner) == 0 {
				return false
			}
			x, sub := a.child(0).child(0), b.child(0).child(0).bare() // under the ParenExpr
			return sub.Kind == "ArraySubscriptExpr" && f.squash(sub.child(1)) == "0" &&
				f.squash(sub.child(0)) == f.squash(x)
		}},
		{pattern: "$A = $B", clang: cOp("BinaryOperator", "=")},
		{pattern: "$A += $B", clang: cOp("CompoundAssignOperator", "+=")},
		{pattern: "$X++", clang: cUnary("++", true)},
		{pattern: "$X--", clang: cUnary("--", true)},
		{pattern: "!$X", clang: cUnary("!", false)},
		{pattern: "&$X", clang: cUnary("&", false)},
		{pattern: "*$P", clang: cUnary("*", false)},
		{pattern: "$C ? $A : $B", clang: func(_ *cFile, n *cNode) bool { return n.Kind == "ConditionalOperator" }},
		{pattern: "$A[$I]", clang: func(_ *cFile, n *cNode) bool { return n.Kind == "ArraySubscriptExpr" }},
		{pattern: "$P->$F", clang: cMember(true)},
		{pattern: "$X.$F", clang: cMember(false)},
		{pattern: "sizeof($T)", clang: func(f *cFile, n *cNode) bool { return cSizeofParen(f, n) }},
		{pattern: "sizeof(struct $S)", clang: func(f *cFile, n *cNode) bool {
			rest, ok := strings.CutPrefix(f.text(n), "sizeof")
			return ok && cSizeofParen(f, n) && len(n.Inner) == 0 && cStructType.MatchString(strings.TrimSpace(rest))
		}},
		{pattern: "(struct $S *)$X", clang: cCast(regexp.MustCompile(`^\(\s*struct\s+\w+\s*\*\s*\)`))},
		{pattern: "(void)$X", clang: cCast(regexp.MustCompile(`^\(\s*void\s*\)`))},
		{pattern: "($T)$X", clang: func(_ *cFile, n *cNode) bool { return n.Kind == "CStyleCastExpr" }},

		// Statements.
		{pattern: "return $X;", clang: func(_ *cFile, n *cNode) bool { return n.Kind == "ReturnStmt" && len(n.Inner) == 1 }},
		{pattern: "return NULL;", clang: func(f *cFile, n *cNode) bool {
			return n.Kind == "ReturnStmt" && len(n.Inner) == 1 && f.isNull(n.child(0))
		}},
		{pattern: "if ($C) return $X;", clang: func(_ *cFile, n *cNode) bool {
			return n.Kind == "IfStmt" && !n.HasElse && cBody(n.child(1), cReturns)
		}},
		{pattern: "if ($P == NULL) return $X;", clang: func(f *cFile, n *cNode) bool {
			isNull := cCmp("==", func(f *cFile, n *cNode) bool { return f.isNull(n) })
			return n.Kind == "IfStmt" && !n.HasElse && isNull(f, n.child(0)) && cBody(n.child(1), cReturns)
		}},
		{pattern: "if ($C) { $$$B } else { $$$E }", clang: func(_ *cFile, n *cNode) bool {
			return n.Kind == "IfStmt" && n.HasElse // a block in a pattern matches a statement alone too
		}},
		{pattern: "for ($I; $C; $S) $B", clang: func(_ *cFile, n *cNode) bool {
			return n.Kind == "ForStmt" && n.child(0).Kind != "" && n.child(2).Kind != "" && n.child(3).Kind != ""
		}},
		{pattern: "while ($C) $B", clang: func(_ *cFile, n *cNode) bool { return n.Kind == "WhileStmt" }},
		{pattern: "switch ($X) { $$$B }", clang: func(_ *cFile, n *cNode) bool {
			return n.Kind == "SwitchStmt" // a block in a pattern matches a statement alone too
		}},
		// A keyword's statement alone is that statement, not the keyword,
		// which return x; holds too and a #define's body holds as a token.
		{pattern: "break;", clang: func(_ *cFile, n *cNode) bool { return n.Kind == "BreakStmt" }},
		{pattern: "continue;", clang: func(_ *cFile, n *cNode) bool { return n.Kind == "ContinueStmt" }},
		{pattern: "return;", clang: func(_ *cFile, n *cNode) bool { return n.Kind == "ReturnStmt" && len(n.Inner) == 0 }},
		// $L binds a computed goto's *p too.
		{pattern: "goto $L;", clang: func(_ *cFile, n *cNode) bool { return n.Kind == "GotoStmt" || n.Kind == "IndirectGotoStmt" }},

		// Declarations. $T is one node of ours, so a declaration with a
		// storage class or a qualifier before its type is none of these.
		// One declarator with an initializer, a pointer's or an array's
		// too ($V binds the declarator).
		{pattern: "$T $V = $E;", clang: func(f *cFile, n *cNode) bool {
			if n.Kind != "VarDecl" || n.StorageClass != "" || n.Init == "" || !f.single(n) {
				return false
			}
			return cOneHead(f.head(n))
		}},
		// What it should find, as enum $E { $$$V }; does: a named struct
		// with its body, in a typedef's too.
		{pattern: "struct $S { $$$F };", clang: func(f *cFile, n *cNode) bool {
			return n.Kind == "RecordDecl" && n.TagUsed == "struct" && n.Name != "" && n.CompleteDefinition
		}},
		{pattern: "enum $E { $$$V };", clang: func(f *cFile, n *cNode) bool {
			return n.Kind == "EnumDecl" && n.Name != "" && strings.Contains(f.text(n), "{")
		}},
		// A typedef of one declarator: $N binds a function pointer's
		// declarator too.
		{pattern: "typedef $T $N;", clang: func(f *cFile, n *cNode) bool {
			head, ok := strings.CutPrefix(f.head(n), "typedef")
			return n.Kind == "TypedefDecl" && f.single(n) && ok && cOneHead(head)
		}, why: []cWhy{{name: "a name the file #defines, which clang's tree spells as what it stands for", ok: func(m cMatch, _ map[string]bool) bool {
			for _, w := range cWord.FindAll(m.f.code[m.start:m.end], -1) {
				if m.f.defines(string(w)) {
					return true
				}
			}
			return false
		}}}},
		// A definition whose declarator is the function's: no pointer
		// returned, but a function pointer's (*f(…))(…).
		{pattern: "static $T $F($$$P) { $$$B }", clang: cFunc(false, regexp.MustCompile(`^static\s+(`+cOneType+`)\s*(\(\s*\*\s*)?$`))},
		{pattern: "static inline $T $F($$$P) { $$$B }", clang: cFunc(true, regexp.MustCompile(`^static\s+inline\s+(`+cOneType+`)\s*(\(\s*\*\s*)?$`))},
	}
}

// cOneType is a type that is one node of ours: a type's name, a struct,
// union or enum by its tag, a primitive type of one or more words, a
// typeof, or a macro's call that makes a type (vector(4, float)).
const cOneType = `(struct|union|enum)\s+\w+|((unsigned|signed|__signed__|__signed|short|long|int|char|float|double|_Bool|void|_Complex|__complex__|__complex|__int128)\b\s*)+|` +
	`(typeof|__typeof__|__typeof)\s*\([^=;]*\)|\w+\s*\([^()=;]*\)|\w+`

var (
	cName = regexp.MustCompile(`^[A-Za-z_]\w*$`)
	// a cast to a lone name before an operator that is unary and
	// binary both: (T) &x, (T) -1
	cNameCast    = regexp.MustCompile(`^\(\s*([A-Za-z_]\w*)\s*\)\s*[-&*+]`)
	cNameCastEnd = regexp.MustCompile(`\(\s*([A-Za-z_]\w*)\s*\)\s*$`)
	// cKeywordType is the types that are keywords: a cast to one is
	// no name ours cannot know.
	cKeywordType = map[string]bool{"void": true, "char": true, "short": true, "int": true, "long": true, "float": true,
		"double": true, "signed": true, "unsigned": true, "_Bool": true, "_Complex": true}
	// cQualifiersOnly is a declarator's text before its name that
	// has qualifiers but no type: __const * p = … is an int's pointer.
	cQualifiersOnly = regexp.MustCompile(`^\s*((const|__const|volatile|__volatile__|restrict)\s*)+\**\s*$`)
	cAsmLabel       = regexp.MustCompile(`^[^=]*\b(asm|__asm__|__asm)\s*\(`)
	cWord           = regexp.MustCompile(`[A-Za-z_]\w*`)
	cTag            = regexp.MustCompile(`^(?:struct|union|enum)\s+([A-Za-z_]\w*)`)
	cStructType     = regexp.MustCompile(`^\(\s*struct\s+\w+\s*\)$`)
	// cTypeHead is a declarator's text before its name: one type, and
	// a pointer's stars or a function pointer's (*.
	// a pointer's stars or a function pointer's (*, with a calling
	// convention's macro in it: (PR_CALLBACK *, * U_CALLCONV.
	cTypeHead = regexp.MustCompile(`^\s*(` + cOneType + `)(\s|\(\s*([A-Z_][A-Z0-9_]*\s*)?|\*(\s*(const|volatile|restrict|[A-Z_][A-Z0-9_]*)\b)*)*$`)
)

// cOneHead reports whether a declaration's text before its name is one
// type of ours and the declarator's start: a struct, union or enum with
// its body is one node too.
func cOneHead(head string) bool {
	t := strings.TrimSpace(head)
	for _, tag := range []string{"struct", "union", "enum"} {
		if rest, ok := strings.CutPrefix(t, tag); ok && strings.Contains(rest, "{") {
			if i := strings.LastIndexByte(rest, '}'); i >= 0 {
				return cTypeHead.MatchString("int" + rest[i+1:])
			}
		}
	}
	return cTypeHead.MatchString(t)
}

// cMember is a member's access with -> when arrow, else with a dot, as
// written: p->a, a the member of an anonymous union in *p, is to clang
// the member a (with a dot) of p's implicit, nameless member (with
// ->), which is no access of its own.
func cMember(arrow bool) func(*cFile, *cNode) bool {
	return func(_ *cFile, n *cNode) bool {
		if n.Kind != "MemberExpr" || n.Name == "" {
			return false
		}
		written := n.IsArrow
		for x := n.child(0).bare(); x.Kind == "MemberExpr" && x.Name == ""; x = x.child(0).bare() {
			written = x.IsArrow
		}
		return written == arrow
	}
}

// cCall is a call of the function name with n arguments.
func cCall(name string, n int) func(*cFile, *cNode) bool {
	return func(_ *cFile, x *cNode) bool {
		return x.Kind == "CallExpr" && len(x.Inner) == n+1 && x.child(0).bare().refName() == name
	}
}

// cStderr is a call of fprintf whose first argument is stderr.
func cStderr(f *cFile, n *cNode) bool {
	return n.Kind == "CallExpr" && len(n.Inner) >= 3 && n.child(0).bare().refName() == "fprintf" && f.text(n.child(1)) == "stderr"
}

// cCmp is a comparison op whose right operand rhs accepts.
func cCmp(op string, rhs func(*cFile, *cNode) bool) func(*cFile, *cNode) bool {
	return func(f *cFile, n *cNode) bool {
		return n.Kind == "BinaryOperator" && n.Opcode == op && rhs(f, n.child(1).bare())
	}
}

func cOp(kind, op string) func(*cFile, *cNode) bool {
	return func(_ *cFile, n *cNode) bool { return n.Kind == kind && n.Opcode == op }
}

func cUnary(op string, postfix bool) func(*cFile, *cNode) bool {
	return func(_ *cFile, n *cNode) bool {
		return n.Kind == "UnaryOperator" && n.Opcode == op && n.IsPostfix == postfix
	}
}

// cSizeofParen is sizeof with its operand in parentheses: a type, or an
// expression in a ParenExpr.
func cSizeofParen(f *cFile, n *cNode) bool {
	if n.Kind != "UnaryExprOrTypeTraitExpr" || n.Name != "sizeof" {
		return false
	}
	if len(n.Inner) > 0 {
		return n.child(0).Kind == "ParenExpr"
	}
	// a type: in parentheses but in a macro's body, whose text is the
	// invocation's
	rest, ok := strings.CutPrefix(f.text(n), "sizeof")
	return !ok || strings.HasPrefix(strings.TrimSpace(rest), "(")
}

// cCast is a cast whose text, from its (, head accepts.
func cCast(head *regexp.Regexp) func(*cFile, *cNode) bool {
	return func(f *cFile, n *cNode) bool { return n.Kind == "CStyleCastExpr" && head.MatchString(f.text(n)) }
}

// cBody is a body that is, or is a block of just one statement that is,
// what match accepts: a pattern's body matches both (grammars.Language's
// Braces).
func cBody(n *cNode, match func(*cNode) bool) bool {
	return match(n) || n.Kind == "CompoundStmt" && len(n.Inner) == 1 && match(n.child(0))
}

// cReturns is a return with a value.
func cReturns(n *cNode) bool { return n.Kind == "ReturnStmt" && len(n.Inner) == 1 }

// cFunc is a function definition, inline or not, whose text before its
// name head accepts (its storage class, inline, and one type, no
// pointer), and whose parameters' ) its body follows: no old-style
// parameters' declarations, no attributes, between.
func cFunc(inline bool, head *regexp.Regexp) func(*cFile, *cNode) bool {
	return func(f *cFile, n *cNode) bool {
		body := n.last()
		if n.Kind != "FunctionDecl" || n.Inline != inline || body.Kind != "CompoundStmt" || body.start < n.start || n.start < 0 {
			return false
		}
		return head.MatchString(f.head(n)) && strings.HasSuffix(strings.TrimSpace(string(f.src[n.start:body.start])), ")")
	}
}

// A cLoc is a source location of clang's JSON dump. The dump leaves out
// a location's file and line when they are those of the location it
// printed before; cLocState.fill puts them back. A location in a
// macro's expansion has its spelling (where its token is written) and
// its expansion (the start of the outermost macro invocation, or the
// argument's place for a token of a macro's argument).
type cLoc struct {
	Offset              *int   `json:"offset"`
	File                string `json:"file"`
	Line                int    `json:"line"`
	TokLen              int    `json:"tokLen"`
	SpellingLoc         *cLoc  `json:"spellingLoc"`
	ExpansionLoc        *cLoc  `json:"expansionLoc"`
	IsMacroArgExpansion bool   `json:"isMacroArgExpansion"`
}

// A cNode is a node of clang's tree, with the attributes the cases
// look at.
type cNode struct {
	Kind  string `json:"kind"`
	Loc   cLoc   `json:"loc"`
	Range struct {
		Begin cLoc `json:"begin"`
		End   cLoc `json:"end"`
	} `json:"range"`
	IsImplicit         bool   `json:"isImplicit"`
	Name               string `json:"name"`
	Opcode             string `json:"opcode"`
	IsPostfix          bool   `json:"isPostfix"`
	IsArrow            bool   `json:"isArrow"`
	StorageClass       string `json:"storageClass"`
	Inline             bool   `json:"inline"`
	TagUsed            string `json:"tagUsed"`
	CompleteDefinition bool   `json:"completeDefinition"`
	HasElse            bool   `json:"hasElse"`
	Init               string `json:"init"`
	ArgType            *struct {
		QualType string `json:"qualType"`
	} `json:"argType"`
	ReferencedDecl *struct {
		Name string `json:"name"`
	} `json:"referencedDecl"`
	Inner []*cNode `json:"inner"`
	// ArrayFiller is an InitListExpr's filler for the elements it does
	// not write, then, as clang 14 prints them, its children.
	ArrayFiller []*cNode `json:"array_filler"`

	// Set by cFile.resolve: the node's byte range in the main file
	// (start < 0 when it has none there), whether its first token comes
	// whole from one macro invocation (its range then the invocation's),
	// whether its first token comes from a macro's body, whether it lies
	// whole in one macro argument, and its parent.
	start, end               int
	macro, macroStart, inArg bool
	parent                   *cNode
}

// cNone stands for a child that is not there.
var cNone = &cNode{start: -1}

// child returns the i-th child, or an empty node.
func (n *cNode) child(i int) *cNode {
	if i < 0 || i >= len(n.Inner) || n.Inner[i] == nil {
		return cNone
	}
	return n.Inner[i]
}

// last returns the last child but the doc comment and the attributes
// clang dumps after a declaration's body, or an empty node.
func (n *cNode) last() *cNode {
	for i := len(n.Inner) - 1; i >= 0; i-- {
		if k := n.child(i); k.Kind != "FullComment" && !strings.HasSuffix(k.Kind, "Attr") {
			return k
		}
	}
	return cNone
}

// bare is n under its implicit casts.
func (n *cNode) bare() *cNode {
	for n.Kind == "ImplicitCastExpr" && len(n.Inner) == 1 {
		n = n.child(0)
	}
	return n
}

// refName is the name a DeclRefExpr refers to.
func (n *cNode) refName() string {
	if n.Kind != "DeclRefExpr" || n.ReferencedDecl == nil {
		return ""
	}
	return n.ReferencedDecl.Name
}

// A cLocState is the file and line of the location the dump printed
// last.
type cLocState struct {
	file string
	line int
}

// fill gives l, and its spelling and expansion, their file and line.
func (s *cLocState) fill(l *cLoc) {
	if l.SpellingLoc != nil || l.ExpansionLoc != nil {
		for _, x := range []*cLoc{l.SpellingLoc, l.ExpansionLoc} {
			if x != nil {
				s.fill(x)
			}
		}
		return
	}
	if l.Offset == nil {
		return
	}
	if l.File != "" {
		s.file = l.File
	} else {
		l.File = s.file
	}
	if l.Line != 0 {
		s.line = l.Line
	} else {
		l.Line = s.line
	}
}

// fillAll fills n's locations and its descendants', in the order the
// dump prints them.
func (s *cLocState) fillAll(n *cNode) {
	s.fill(&n.Loc)
	s.fill(&n.Range.Begin)
	s.fill(&n.Range.End)
	if len(n.ArrayFiller) > 0 {
		s.fillAll(n.ArrayFiller[0])
		n.Inner = append(n.ArrayFiller[1:], n.Inner...)
		n.ArrayFiller = nil
	}
	for _, k := range n.Inner {
		if k != nil {
			s.fillAll(k)
		}
	}
}

// A cFile is one file of the comparison.
type cFile struct {
	path  string // as clang is given it: absolute
	name  string // as the test shows it
	src   []byte
	code  []byte // src with its comments and literals blanked, for the scans of brackets and commas
	ls    roLineStarts
	tree  *grammars.Tree
	nodes []*cNode // clang's top-level declarations in the file
	// skippedLines is, for each line, whether it lies in a branch of a
	// conditional that clang's preprocessor did not take.
	skippedLines []bool
	// directiveLines is the lines of the conditionals' directives.
	directiveLines []bool
	// invocations is the macro invocations clang's tree has nodes
	// from, start and end byte offsets, while the file loads; calls is
	// those and the calls of ours of the macros the file defines, and
	// stmtCalls those of calls with a statement in their arguments.
	invocations      [][2]int
	calls, stmtCalls cSpans
	stmtList         [][2]int
}

// offsetLoc is where l is in the main file: the token's own place for
// a plain location, the expansion for a macro's; ok is false when it is
// in another file.
func (f *cFile) offsetLoc(l *cLoc) (off, tokLen int, ok bool) {
	if l.ExpansionLoc != nil {
		l = l.ExpansionLoc
	}
	if l.Offset == nil || l.File != f.path {
		return 0, 0, false
	}
	return *l.Offset, l.TokLen, true
}

// resolve sets the byte range of n and of its descendants in the main
// file (see cNode), their parents, and records the macro invocations.
func (f *cFile) resolve(n, parent *cNode) {
	n.parent = parent
	n.start, n.end = -1, -1
	b, e := &n.Range.Begin, &n.Range.End
	// A token of a macro's argument is written in the invocation's
	// parentheses: one from the body of a macro invoked in another's
	// argument is flagged as an argument's too, spelled in its #define.
	argLoc := func(l *cLoc) bool {
		if l.SpellingLoc == nil || l.ExpansionLoc == nil || !l.ExpansionLoc.IsMacroArgExpansion ||
			l.SpellingLoc.File != f.path || l.SpellingLoc.Offset == nil {
			return false
		}
		o, tl, ok := f.offsetLoc(l)
		return ok && o <= *l.SpellingLoc.Offset && *l.SpellingLoc.Offset < f.invocationEnd(o, tl)
	}
	switch {
	case argLoc(b) && argLoc(e) && *b.ExpansionLoc.Offset == *e.ExpansionLoc.Offset &&
		f.sameArg(*b.ExpansionLoc.Offset, *b.SpellingLoc.Offset, *e.SpellingLoc.Offset):
		// whole in one argument of a macro: where the argument is written
		n.start, n.end = *b.SpellingLoc.Offset, *e.SpellingLoc.Offset+e.SpellingLoc.TokLen
		n.inArg = true
	default:
		bo, _, okb := f.offsetLoc(b)
		eo, el, oke := f.offsetLoc(e)
		if !okb || !oke {
			break
		}
		n.start = bo
		n.end = eo + el
		if e.ExpansionLoc != nil {
			n.end = f.invocationEnd(eo, el)
		}
		// Both ends in one invocation: the node is part of what the
		// macro expands to, and its range the invocation's.
		n.macro = b.ExpansionLoc != nil && e.ExpansionLoc != nil && *b.ExpansionLoc.Offset == *e.ExpansionLoc.Offset
		n.macroStart = b.ExpansionLoc != nil && !b.ExpansionLoc.IsMacroArgExpansion
		for _, l := range []*cLoc{b, e} {
			if l.ExpansionLoc != nil {
				o, tl, _ := f.offsetLoc(l)
				f.invocations = append(f.invocations, [2]int{o, f.invocationEnd(o, tl)})
			}
		}
	}
	if n.end < n.start || n.end > len(f.src) {
		n.start, n.end = -1, -1
	}
	for _, k := range n.Inner {
		if k != nil {
			f.resolve(k, n)
		}
	}
}

// sameArg reports whether offsets a and b lie in one argument of the
// macro invocation at inv: a node the macro's body makes of two
// arguments (QR(a, b) for a += b) has its ends in two.
func (f *cFile) sameArg(inv, a, b int) bool {
	depth := 0
	for i := inv; i < len(f.src) && i < b; i++ {
		switch f.src[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 1 && i >= a {
				return false
			}
		}
	}
	return true
}

// invocationEnd is the end of the macro invocation whose name is at
// off: after its arguments in parentheses, when it has them.
func (f *cFile) invocationEnd(off, tokLen int) int {
	end := off + tokLen
	i := end
	for i < len(f.src) && (f.src[i] == ' ' || f.src[i] == '\t' || f.src[i] == '\n' || f.src[i] == '\r') {
		i++
	}
	if i >= len(f.src) || f.src[i] != '(' {
		return end
	}
	depth := 0
	for ; i < len(f.src); i++ {
		switch f.src[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '"', '\'':
			q := f.src[i]
			for i++; i < len(f.src) && f.src[i] != q; i++ {
				if f.src[i] == '\\' {
					i++
				}
			}
		}
	}
	return end
}

// calledMacros returns the calls in our tree of the function-like
// macros the file defines: clang has no node from those that expand to
// nothing (testcase(x), OSTRACE((…))), or that drop their arguments.
func (f *cFile) calledMacros() [][2]int {
	t := f.tree
	defined := map[string]bool{}
	t.Walk(func(n int32) bool {
		if t.KindName(n) == "preproc_function_def" {
			for _, k := range t.Children(n) {
				if t.KindName(k) == "identifier" {
					defined[t.Text(k)] = true
					break
				}
			}
		}
		return true
	})
	var out [][2]int
	t.Walk(func(n int32) bool {
		if k := t.KindName(n); k == "call_expression" || k == "macro_call" {
			if kids := t.Children(n); len(kids) > 0 && t.KindName(kids[0]) == "identifier" && defined[t.Text(kids[0])] {
				out = append(out, [2]int{int(t.Nodes[n].Start), int(t.Nodes[n].End)})
			}
		}
		return true
	})
	return out
}

// text is n's source; "" when it is not in the main file.
func (f *cFile) text(n *cNode) string {
	if n.start < 0 {
		return ""
	}
	return string(f.src[n.start:n.end])
}

// squash is n's source with its whitespace removed: as our repeated
// metavariables compare it.
func (f *cFile) squash(n *cNode) string {
	if n.start < 0 {
		return "\x00" // no text: equal to nothing
	}
	return strings.Join(strings.Fields(f.text(n)), "")
}

// head is a declaration's source before its name.
func (f *cFile) head(n *cNode) string {
	o, _, ok := f.offsetLoc(&n.Loc)
	if !ok || n.start < 0 || o < n.start || n.Loc.ExpansionLoc != nil {
		return "\x00"
	}
	return string(f.code[n.start:o]) // no comment: typedef /* const */ unsigned char c[8]
}

// single reports whether declaration n is the only one of its
// declaration: not after a comma, nor followed by one.
func (f *cFile) single(n *cNode) bool {
	if n.start < 0 || n.macro {
		return false
	}
	rest := bytes.TrimLeft(f.code[n.end:], " \t\r\n")
	if len(rest) > 0 && rest[0] == ',' {
		return false
	}
	depth := 0
	for _, ch := range f.code[n.start:n.end] {
		switch ch {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				return false
			}
		}
	}
	return true
}

// defines reports whether the file #defines name as an object-like
// macro.
func (f *cFile) defines(name string) bool {
	for i := 0; ; {
		j := bytes.Index(f.code[i:], []byte(name))
		if j < 0 {
			return false
		}
		i += j
		line := f.ls.line(uint32(i))
		text := f.code[f.ls[line-1]:i]
		rest := f.code[i+len(name):]
		if cDefineHead.Match(text) && (len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\n') {
			return true
		}
		i += len(name)
	}
}

var cDefineHead = regexp.MustCompile(`^\s*#\s*define\s+$`)

// cBlank returns a copy of src with the text of its comments, strings
// and characters made blanks, so that a bracket or a comma in them
// ((x0,y0,xasp{color}}) in a comment) does not count. Lines stay where
// they are.
func cBlank(src []byte) []byte {
	out := bytes.Clone(src)
	blank := func(from, to int) {
		for i := from; i < to && i < len(out); i++ {
			if out[i] != '\n' {
				out[i] = ' '
			}
		}
	}
	for i := 0; i < len(src); i++ {
		switch {
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				end = len(src)
			} else {
				end += i + 4
			}
			blank(i, end)
			i = end - 1
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '/':
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src)
			} else {
				end += i
			}
			blank(i, end)
			i = end - 1
		case src[i] == '"' || src[i] == '\'':
			q, j := src[i], i+1
			for j < len(src) && src[j] != q && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			blank(i+1, j)
			i = j
		}
	}
	return out
}

// isNull reports whether n, under its implicit casts, is the NULL macro
// itself: a node from a macro's body whose invocation is the token NULL.
func (f *cFile) isNull(n *cNode) bool {
	n = n.bare()
	return n.macro && f.text(n) == "NULL"
}

// skipped reports whether the offset lies in a branch of a conditional
// that clang's preprocessor did not take.
func (f *cFile) skipped(off int) bool {
	return f.skippedLines[f.ls.line(uint32(off))]
}

// cSkippedLines returns, for each line of src (1-based), whether it is
// a conditional's directive, and whether it lies in a branch of a conditional (#if, #ifdef, #ifndef, #elif, #else) that
// has no line in active: the innermost branch around it, as the
// directives nest. The branches are found in the text, not in our tree:
// where a conditional splits a statement list at a place that is no
// list (after a label, in an if's body), our tree reads every branch's
// code as code and the directive lines as trivia.
func cSkippedLines(src []byte, ls roLineStarts, active map[int]bool) (skipped, directive []bool) {
	type branch struct{ from, to int } // the lines between two directive lines, exclusive
	var branches []branch
	var open [][]int // per open conditional, the lines of its directives so far
	directive = make([]bool, len(ls)+2)
	inComment := false
	for l := 1; l <= len(ls); l++ {
		end := len(src)
		if l < len(ls) {
			end = int(ls[l])
		}
		text := string(src[ls[l-1]:end])
		wasComment := inComment
		for i := 0; i+1 < len(text); i++ {
			switch {
			case !inComment && (text[i] == '"' || text[i] == '\''):
				// a string or a character: no comment starts in it
				q := text[i]
				for i++; i < len(text) && text[i] != q && text[i] != '\n'; i++ {
					if text[i] == '\\' {
						i++
					}
				}
			case !inComment && text[i] == '/' && text[i+1] == '*':
				inComment, i = true, i+1
			case inComment && text[i] == '*' && text[i+1] == '/':
				inComment, i = false, i+1
			case !inComment && text[i] == '/' && text[i+1] == '/':
				i = len(text)
			}
		}
		if wasComment {
			continue
		}
		t := strings.TrimLeft(text, " \t")
		if !strings.HasPrefix(t, "#") {
			continue
		}
		// the directive's name: #if(X) has no space after it
		name := strings.TrimLeft(t[1:], " \t")
		name = name[:len(name)-len(strings.TrimLeftFunc(name, func(r rune) bool {
			return r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
		}))]
		switch name {
		case "if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif":
			directive[l] = true
		}
		switch name {
		case "if", "ifdef", "ifndef":
			open = append(open, []int{l})
		case "elif", "elifdef", "elifndef", "else", "endif":
			if len(open) == 0 {
				continue
			}
			top := open[len(open)-1]
			branches = append(branches, branch{top[len(top)-1], l})
			if name == "endif" {
				open = open[:len(open)-1]
			} else {
				open[len(open)-1] = append(top, l)
			}
		}
	}
	// outer branches first, so that inner ones have the last word
	sort.Slice(branches, func(i, j int) bool { return branches[i].to-branches[i].from > branches[j].to-branches[j].from })
	skipped = make([]bool, len(ls)+2)
	for _, b := range branches {
		taken := false
		for l := b.from + 1; l < b.to && !taken; l++ {
			taken = active[l]
		}
		for l := b.from + 1; l < b.to; l++ {
			skipped[l] = !taken
		}
	}
	return skipped, directive
}

// inInvocation reports whether start…end lies in one macro invocation.
func (f *cFile) inInvocation(start, end int) bool { return f.calls.holds(start, end) }

// inStatementArg reports whether start…end lies in a macro invocation
// with a statement in its arguments (LOGIC( x = f(); )), which ours
// reads as no expression.
func (f *cFile) inStatementArg(start, end int) bool { return f.stmtCalls.holds(start, end) }

// cSpans is a set of byte ranges that says fast which hold a range.
type cSpans struct {
	starts []int // sorted
	maxEnd []int // the greatest end of the ranges up to each start
}

func newCSpans(rs [][2]int) cSpans {
	sort.Slice(rs, func(i, j int) bool { return rs[i][0] < rs[j][0] })
	var s cSpans
	for _, r := range rs {
		end := r[1]
		if n := len(s.maxEnd); n > 0 {
			end = max(end, s.maxEnd[n-1])
		}
		s.starts = append(s.starts, r[0])
		s.maxEnd = append(s.maxEnd, end)
	}
	return s
}

// holds reports whether one of the ranges holds start…end: one that
// starts at or before start and ends the latest of those.
func (s cSpans) holds(start, end int) bool {
	i := sort.SearchInts(s.starts, start+1) - 1
	return i >= 0 && s.maxEnd[i] >= end
}

// innermost returns the innermost node of ours that holds start…end.
func (f *cFile) innermost(start, end int) int32 {
	t := f.tree
	n := t.Root
	for {
		next := int32(-1)
		for _, k := range t.Children(n) {
			if nd := &t.Nodes[k]; int(nd.Start) <= start && end <= int(nd.End) {
				next = k
				break
			}
		}
		if next < 0 {
			break
		}
		n = next
	}
	return n
}

// inKind reports whether start…end lies in a node of ours of one of
// the kinds.
func (f *cFile) inKind(start, end int, kinds ...string) bool {
	t := f.tree
	n := f.innermost(start, end)
	for ; n != grammars.NoNode; n = t.Nodes[n].Parent {
		for _, k := range kinds {
			if t.KindName(n) == k {
				return true
			}
		}
	}
	return false
}

// nearAttribute reports whether the lines of start…end hold an
// __attribute__.
func (f *cFile) nearAttribute(start, end int) bool {
	l := f.ls.line(uint32(start))
	e := len(f.src)
	if last := f.ls.line(uint32(max(start, end-1))); last < len(f.ls) {
		e = int(f.ls[last])
	}
	// or just after: struct s { … } on a line, __attribute__ ((packed)); on the next
	// or an attribute's macro just after, before the ;: typedef int
	// t _X_DEPRECATED;
	after := f.code[min(end, len(f.code)):]
	return bytes.Contains(f.src[f.ls[l-1]:e], []byte("__attribute")) ||
		bytes.HasPrefix(bytes.TrimLeft(after, " \t\r\n"), []byte("__attribute")) || cAttrMacro.Match(after)
}

var cAttrMacro = regexp.MustCompile(`^\s*[A-Z_][A-Z0-9_]*\s*(\([^;]*\))?\s*;`)

// anyLine reports whether one of the lines of start…end is in lines.
func (f *cFile) anyLine(start, end int, lines []bool) bool {
	for l := f.ls.line(uint32(start)); l <= f.ls.line(uint32(max(start, end-1))) && l < len(lines); l++ {
		if lines[l] {
			return true
		}
	}
	return false
}

// directiveNext reports whether the next line after off with text on
// it is a conditional's directive: an if whose else clause a branch
// holds ends before it for clang.
func (f *cFile) directiveNext(off int) bool {
	for l := f.ls.line(uint32(off)) + 1; l < len(f.ls) && l < len(f.directiveLines); l++ {
		if f.directiveLines[l] {
			return true
		}
		if strings.TrimSpace(string(f.src[f.ls[l-1]:f.ls[l]])) != "" {
			return false
		}
	}
	return false
}

// holdsStatementArg reports whether a macro invocation with a statement
// in its arguments lies in start…end.
func (f *cFile) holdsStatementArg(start, end int) bool {
	i := sort.Search(len(f.stmtList), func(i int) bool { return f.stmtList[i][0] >= start })
	for ; i < len(f.stmtList) && f.stmtList[i][0] < end; i++ {
		if f.stmtList[i][1] <= end {
			return true
		}
	}
	return false
}

// inArraySize reports whether start…end lies in the size of an array
// declarator of our tree: clang's tree has the size of a constant array
// as its type's, no expression.
func (f *cFile) inArraySize(start, end int) bool {
	t := f.tree
	n := f.innermost(start, end)
	for ; n != grammars.NoNode; n = t.Nodes[n].Parent {
		if k := t.KindName(n); k == "array_declarator" || k == "abstract_array_declarator" {
			if kids := t.Children(n); len(kids) > 0 && start >= int(t.Nodes[kids[0]].End) {
				return true
			}
		}
	}
	return false
}

// afterMacro reports whether what comes before the offset, on its line
// or, when there is nothing, on the line before, is a name alone that
// is no keyword: a macro that expands to nothing (SQLITE_API char *x;)
// or to a statement with its ; (ARG_FETCH on a line of its own).
func (f *cFile) afterMacro(off int) bool {
	l := f.ls.line(uint32(off))
	before := strings.TrimSpace(string(f.src[f.ls[l-1]:off]))
	for before == "" && l > 1 {
		l--
		before = strings.TrimSpace(string(f.src[f.ls[l-1]:f.ls[l]]))
	}
	if !cName.MatchString(before) {
		return false
	}
	switch before {
	case "static", "extern", "const", "volatile", "inline", "register", "return", "else", "do", "case", "default", "typedef", "struct", "union", "enum":
		return false
	}
	return true
}

// inTrivia reports whether the offset lies in what our tree holds as
// trivia: a conditional's branch ours reads as inactive, a directive.
func (f *cFile) inTrivia(off int) bool {
	for _, s := range f.tree.Trivia {
		if int(s.Start) <= off && off < int(s.End) {
			return true
		}
	}
	return false
}

// A cMatch is one match, on either side: its file and its byte range,
// the range's end trimmed of a trailing ; and whitespace. node is
// clang's node, for clang's side.
type cMatch struct {
	f          *cFile
	start, end int
	key        string // file:line@start-end, what the multisets compare
	node       *cNode
}

func (f *cFile) match(start, end int, n *cNode) cMatch {
	for end > start && strings.IndexByte(" \t\r\n;", f.src[end-1]) >= 0 {
		end--
	}
	return cMatch{f, start, end, fmt.Sprintf("%s:%d@%d-%d", f.name, f.ls.line(uint32(start)), start, end), n}
}

// show is the match's key and the first line of its text.
func (m cMatch) show() string {
	snip := string(m.f.src[m.start:m.end])
	if nl := strings.IndexByte(snip, '\n'); nl >= 0 {
		snip = snip[:nl] + " …"
	}
	return m.key + "  " + snip
}

// cClangArgs are the flags clang is run with: the fixtures' dialect,
// no warnings, and no builtin functions (the torture tests define their
// own abort and memcpy).
var cClangArgs = []string{"-fsyntax-only", "-std=gnu17", "-w", "-fno-builtin"}

// TestCOracle compares our C search with clang-14's own syntax tree,
// pattern by pattern, on the fixtures of testdata/c (a hash table, a
// string buffer, a file reader, linked lists and an arena allocator,
// written for this test) and, when AGENTTOOLS_C_CORPUS names a file
// listing .c files (absolute paths, one a line), on those clang accepts.
//
// Each case says, as a predicate over clang's tree (-ast-dump=json),
// which nodes the pattern should find. A match is compared by its file,
// its first line and its byte range, as a multiset; the range's end is
// trimmed of a trailing ; and whitespace on both sides, since our
// statements leave out the ; that ends them.
//
// clang sees the code after the preprocessor, ours the code as written,
// so every case accepts the differences that come from it: what ours
// finds in a conditional's branch clang did not take (found with
// clang -E: the branch has no line clang kept) or in a macro's
// invocation (ours sees the call, clang what it expands to), and what
// clang finds in a macro's body (a #define's body is tokens to ours) or
// twice in a macro's argument expanded twice. Every other difference
// must be explained by the case's whys; cOursBug cases are our known
// bugs, logged.
func TestCOracle(t *testing.T) {
	began := time.Now()
	clang := peers.Require(t, "clang-14")
	fixtures, err := filepath.Glob(filepath.Join("testdata", "c", "*.c"))
	if err != nil || len(fixtures) == 0 {
		t.Fatalf("no fixtures in testdata/c: %v", err)
	}
	for i, f := range fixtures {
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		fixtures[i] = abs
	}
	cases := cOracleCases()
	t.Run("fixtures", func(t *testing.T) {
		files, left := cLoad(t, clang, fixtures, filepath.Base)
		for _, l := range left {
			t.Errorf("fixture left out: %s", l)
		}
		cCompare(t, cases, files, true)
	})
	if list := os.Getenv("AGENTTOOLS_C_CORPUS"); list != "" {
		t.Run("corpus", func(t *testing.T) {
			b, err := os.ReadFile(list)
			if err != nil {
				t.Fatal(err)
			}
			var paths []string
			for _, line := range strings.Split(string(b), "\n") {
				if line = strings.TrimSpace(line); line != "" {
					paths = append(paths, line)
				}
			}
			files, left := cLoad(t, clang, paths, func(p string) string { return p })
			for i, l := range left {
				if i < 20 {
					t.Logf("left out: %s", l)
				}
			}
			size := 0
			for _, f := range files {
				size += len(f.src)
			}
			t.Logf("corpus %s: %d files listed, %d compared (%.1f MB), %d left out", list, len(paths), len(files), float64(size)/1e6, len(left))
			cCompare(t, cases, files, false)
		})
	}
	t.Logf("%d patterns in %v", len(cases), time.Since(began).Round(time.Millisecond))
}

// cLoad reads the files, runs clang on each and keeps those clang
// accepts and our grammar parses cleanly; it returns them and why the
// others were left out.
func cLoad(t *testing.T, clang string, paths []string, name func(string) string) ([]*cFile, []string) {
	t.Helper()
	files := make([]*cFile, len(paths))
	why := make([]string, len(paths))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				files[i], why[i] = cLoadOne(clang, paths[i], name(paths[i]))
			}
		}()
	}
	for i := range paths {
		next <- i
	}
	close(next)
	wg.Wait()
	var kept []*cFile
	var left []string
	for i, f := range files {
		if f != nil {
			kept = append(kept, f)
		} else {
			left = append(left, paths[i]+": "+why[i])
		}
	}
	return kept, left
}

// cLoadOne loads one file, or says why it is left out.
func cLoadOne(clang, path, name string) (*cFile, string) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err.Error()
	}
	f := &cFile{path: path, name: name, src: src, code: cBlank(src), ls: roNewLineStarts(src)}
	active, err := cActiveLines(clang, path)
	if err != nil {
		return nil, err.Error()
	}
	f.skippedLines, f.directiveLines = cSkippedLines(src, f.ls, active)
	if f.nodes, err = cDump(clang, path); err != nil {
		return nil, err.Error()
	}
	f.tree, _ = c.Language.Parse(src)
	if len(f.tree.Errors) > 0 {
		return nil, fmt.Sprintf("our grammar: %.200s", f.tree.Errors.Error())
	}
	for _, n := range f.nodes {
		f.resolve(n, nil)
	}
	calls := append(f.invocations, f.calledMacros()...)
	var stmts [][2]int
	for _, r := range calls {
		if bytes.IndexByte(f.src[r[0]:r[1]], ';') >= 0 {
			stmts = append(stmts, r)
		}
	}
	f.calls, f.stmtCalls = newCSpans(calls), newCSpans(stmts)
	f.stmtList = stmts // sorted by newCSpans
	f.invocations = nil
	// The dump's lines, filled in from the locations printed before,
	// must be those of the offsets: else the filling is wrong, and so
	// is which nodes are the main file's.
	var bad error
	var check func(n *cNode)
	check = func(n *cNode) {
		for _, l := range []*cLoc{&n.Range.Begin, &n.Range.End} {
			if l.ExpansionLoc == nil && l.Offset != nil && l.File == path && bad == nil {
				if got := f.ls.line(uint32(*l.Offset)); got != l.Line {
					bad = fmt.Errorf("%s: clang's dump: offset %d is on line %d, the dump says %d", path, *l.Offset, got, l.Line)
				}
			}
		}
		for _, k := range n.Inner {
			if k != nil {
				check(k)
			}
		}
	}
	for _, n := range f.nodes {
		check(n)
	}
	if bad != nil {
		return nil, bad.Error()
	}
	return f, ""
}

// cDump runs clang's -ast-dump=json on path and returns the top-level
// declarations of the file itself, with their locations filled in. The
// dump is read as a stream, one top-level declaration at a time, since
// with the headers it is many times the size of the file.
func cDump(clang, path string) ([]*cNode, error) {
	cmd := exec.Command(clang, append([]string{"-Xclang", "-ast-dump=json"}, append(cClangArgs, path)...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	nodes, derr := cDecode(bufio.NewReaderSize(&cCapped{out, cMaxDump}, 1<<20), path)
	if derr != nil {
		_ = cmd.Process.Kill() // the rest of the dump is of no use
		_ = cmd.Wait()
		return nil, fmt.Errorf("clang's dump: %v", derr)
	}
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("clang rejects it: %v: %.300s", err, stderr.String())
	}
	return nodes, nil
}

// cMaxDump is the most of a dump cDump reads: the SQLite amalgamation's
// is 0.7 GB, and a file of a hundred thousand case labels made by
// macros (gcc.c-torture/compile/limits-caselabels.c) has one of many
// GB, all of it one declaration, which the decoder would hold whole.
const cMaxDump = 1 << 30

// A cCapped reader fails after left bytes.
type cCapped struct {
	r    io.Reader
	left int64
}

func (c *cCapped) Read(p []byte) (int, error) {
	if c.left <= 0 {
		return 0, fmt.Errorf("longer than %d MB", cMaxDump>>20)
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

// cDecode reads the dump of the translation unit and keeps its
// top-level declarations that are in path and not implicit.
func cDecode(r io.Reader, path string) ([]*cNode, error) {
	dec := json.NewDecoder(r)
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("no translation unit: %v %v", tok, err)
	}
	var st cLocState
	var keep []*cNode
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		if tok != "inner" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, err
			}
			continue
		}
		if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
			return nil, fmt.Errorf("the translation unit's inner is no list: %v %v", tok, err)
		}
		for dec.More() {
			n := new(cNode)
			if err := dec.Decode(n); err != nil {
				return nil, err
			}
			st.fillAll(n)
			if n.IsImplicit {
				continue
			}
			l := &n.Range.Begin
			if l.ExpansionLoc != nil {
				l = l.ExpansionLoc
			}
			if l.File == path {
				keep = append(keep, n)
			}
		}
		if _, err := dec.Token(); err != nil { // ]
			return nil, err
		}
	}
	return keep, nil
}

// cActiveLines runs clang's preprocessor on path and returns the lines
// of path it kept with some text on them: the lines of a branch it did
// not take are blank there, or left out.
func cActiveLines(clang, path string) (map[int]bool, error) {
	cmd := exec.Command(clang, append([]string{"-E"}, append(cClangArgs[1:], path)...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("clang -E rejects it: %v: %.300s", err, stderr.String())
	}
	active := map[int]bool{}
	file, line := "", 0
	quoted := `"` + path + `"`
	for _, l := range strings.Split(string(out), "\n") {
		// a line marker: # N "file" flags
		if strings.HasPrefix(l, "# ") {
			var n int
			if _, err := fmt.Sscanf(l, "# %d", &n); err == nil {
				rest := l[2:]
				if sp := strings.IndexByte(rest, ' '); sp >= 0 {
					rest = rest[sp+1:]
				}
				file, line = rest, n
				if i := strings.LastIndexByte(file, '"'); i > 0 {
					file = file[:i+1]
				}
				continue
			}
		}
		if file == quoted && strings.TrimSpace(l) != "" {
			active[line] = true
		}
		line++
	}
	return active, nil
}

// cRun runs every case over files, on our side and on clang's, and
// returns each case's matches on either side, sorted by key, and the
// compile errors of our patterns.
func cRun(t *testing.T, cases []cOracleCase, files []*cFile) (ours, theirs [][]cMatch, compileErr []error) {
	t.Helper()
	pats := make([]*matcher.Pattern, len(cases))
	compileErr = make([]error, len(cases))
	for i, tc := range cases {
		p, err := matcher.Compile(c.Language, tc.pattern)
		if err != nil {
			if tc.want != cOursBug {
				t.Fatalf("Compile(%q): %v", tc.pattern, err)
			}
			compileErr[i] = err
			continue
		}
		pats[i] = p
	}
	ours = make([][]cMatch, len(cases))
	theirs = make([][]cMatch, len(cases))
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan *cFile)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range next {
				o := make([][]cMatch, len(cases))
				th := make([][]cMatch, len(cases))
				for ci, p := range pats {
					if p == nil {
						continue
					}
					for _, m := range p.Find(f.tree) {
						sp := m.Span(f.tree)
						o[ci] = append(o[ci], f.match(int(sp.Start), int(sp.End), nil))
					}
				}
				f.walk(func(n *cNode) {
					for ci, c := range cases {
						if c.clang(f, n) {
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
		for _, l := range [][]cMatch{ours[ci], theirs[ci]} {
			sort.Slice(l, func(i, j int) bool { return l[i].key < l[j].key })
		}
	}
	return ours, theirs, compileErr
}

// cCompare runs every case over files and checks that each location
// only one side finds is explained by one of the case's whys; with exact
// (the fixtures), also that the case has its class of difference and
// finds at least oracleMin matches. Under AGENTTOOLS_C_DIFFS, a folder,
// it writes there each case's locations that differ, with their
// explanations, one file a case.
func cCompare(t *testing.T, cases []cOracleCase, files []*cFile, exact bool) {
	t.Helper()
	ours, theirs, compileErr := cRun(t, cases, files)
	dump := os.Getenv("AGENTTOOLS_C_DIFFS")
	t.Logf("%-38s %-22s %6s %6s %6s %6s %6s", "pattern", "class in the fixtures", "ours", "clang", "both", "ours+", "clang+")
	agree := 0
	for ci, c := range cases {
		got, want := ours[ci], theirs[ci]
		onlyOurs, onlyClang, both := cSplit(got, want)
		t.Logf("%-38q %-22s %6d %6d %6d %6d %6d", c.pattern, c.want, len(got), len(want), both, len(onlyOurs), len(onlyClang))
		if compileErr[ci] != nil {
			t.Logf("    does not compile: %.200v", compileErr[ci])
		}
		if len(onlyOurs)+len(onlyClang) == 0 {
			agree++
		}
		whys := append(cCommonWhys(), c.why...)
		e := roExplain([2][]cMatch{onlyOurs, onlyClang}, [2][]cMatch{got, want}, whys, cKey, cMatch.show)
		count, unexplained, lines := e.count, e.unexplained, e.lines
		for wi, w := range whys {
			if count[wi] > 0 {
				side := "ours+"
				if w.theirs {
					side = "clang+"
				}
				t.Logf("    %-6s %6d  %s", side, count[wi], w.name)
			}
		}
		if dump != "" {
			name := filepath.Join(dump, fmt.Sprintf("c%02d.txt", ci))
			body := fmt.Sprintf("%q\n", c.pattern) + strings.Join(lines, "\n") + "\n"
			if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
				t.Error(err)
			}
		}
		if len(unexplained) > 0 {
			more := ""
			if len(unexplained) > 15 {
				more = fmt.Sprintf("\n… and %d more", len(unexplained)-15)
				unexplained = unexplained[:15]
			}
			t.Errorf("%q: %d locations that differ are not explained (- clang only, + ours only):\n%s%s",
				c.pattern, len(unexplained), strings.Join(unexplained, "\n"), more)
		}
		if !exact {
			continue
		}
		if c.want != cOursBug && len(want) < oracleMin {
			t.Errorf("%q: clang's tree has %d matches in the fixtures, fewer than %d: the case tests nothing", c.pattern, len(want), oracleMin)
		}
		// Only the differences no common why explains decide the class:
		// the preprocessor's are in every case.
		rest := roExplain([2][]cMatch{onlyOurs, onlyClang}, [2][]cMatch{got, want}, cCommonWhys(), cKey, cMatch.show).rest
		restOurs, restClang := rest[0], rest[1]
		ok := true
		switch c.want {
		case cSame:
			ok = len(restOurs) == 0 && len(restClang) == 0
		case cClangFewer:
			ok = len(restClang) == 0 && len(restOurs) > 0
		case cOursFewer:
			ok = len(restOurs) == 0 && len(restClang) > 0
		case cOursBug:
			if len(restOurs)+len(restClang) == 0 {
				t.Logf("%q: a known bug of ours, and ours agrees with clang: the bug is fixed, make the case cSame", c.pattern)
			}
		}
		if !ok {
			var diff []string
			for _, m := range restClang {
				diff = append(diff, "- "+m.show())
			}
			for _, m := range restOurs {
				diff = append(diff, "+ "+m.show())
			}
			t.Errorf("%q: expected %s (%s); ours %d, clang %d, differ (- clang only, + ours only):\n%s",
				c.pattern, c.want, c.note, len(got), len(want), strings.Join(diff, "\n"))
		}
	}
	t.Logf("%d of %d patterns agree exactly", agree, len(cases))
}

// walk calls visit on each node of clang's tree of f that has a range
// in the file, in pre-order.
func (f *cFile) walk(visit func(n *cNode)) {
	var walk func(n *cNode)
	walk = func(n *cNode) {
		if n.Kind == "OpaqueValueExpr" {
			// a GNU x ?: y's x once more, as its condition and its value
			return
		}
		if n.start >= 0 {
			visit(n)
		}
		for _, k := range n.Inner {
			if k != nil {
				walk(k)
			}
		}
	}
	for _, n := range f.nodes {
		walk(n)
	}
}

// cSplit pairs up two lists sorted by key (roSplit).
func cSplit(a, b []cMatch) (onlyA, onlyB []cMatch, both int) {
	return roSplit(a, b, func(m cMatch) string { return m.key })
}
