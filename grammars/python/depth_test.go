package python

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/agenttools/agenttools/grammars/kit"
)

// conditionalChain is Python's else-if chain: elif is a loop, and nested
// if blocks need an indentation per level, so the chain that recurses is
// the conditional expression a if b else a if b else …, of links links.
func conditionalChain(links int) []byte {
	return []byte("x = a" + strings.Repeat(" if b else a", links) + "\n")
}

// TestDeepNesting: input nested far past kit.MaxDepth through any of the
// grammar's recursive productions is a syntax error that says so, never
// a stack that grows with the input; what the grammar reads in a loop
// (elif, a.b.c…, a + b + …) parses.
func TestDeepNesting(t *testing.T) {
	const n = 10000 // five times kit.MaxDepth
	r := strings.Repeat
	match := func(pattern string) []byte {
		return []byte("match x:\n    case " + pattern + ":\n        pass\n")
	}
	indented := func(levels int) []byte {
		var b strings.Builder
		for i := range levels {
			b.WriteString(r(" ", i) + "if x:\n")
		}
		b.WriteString(r(" ", levels) + "pass\n")
		return []byte(b.String())
	}
	for _, tc := range []struct {
		name string
		src  []byte
		want string // in the first error; "" for none
	}{
		{"a 100000-link conditional chain", conditionalChain(100000), "nesting deeper than"},
		{"a 100000-link elif chain", []byte("if x:\n    pass\n" + r("elif x:\n    pass\n", 100000)), ""},
		{"if blocks", indented(2100), "nesting deeper than"},
		{"parentheses", []byte("x = " + r("(", n) + "1" + r(")", n) + "\n"), "nesting deeper than"},
		{"lists", []byte("x = " + r("[", n) + "1" + r("]", n) + "\n"), "nesting deeper than"},
		{"dictionaries", []byte("x = " + r("{1: ", n) + "1" + r("}", n) + "\n"), "nesting deeper than"},
		{"dictionary splats", []byte("x = " + r("{**", n) + "a" + r("}", n) + "\n"), "nesting deeper than"},
		{"lambdas", []byte("x = " + r("lambda: ", n) + "1\n"), "nesting deeper than"},
		{"lambda defaults", []byte("x = " + r("lambda a=", n) + "1" + r(": 1", n) + "\n"), "nesting deeper than"},
		{"not not x", []byte("x = " + r("not ", n) + "a\n"), "nesting deeper than"},
		{"- - x", []byte("x = " + r("- ", n) + "a\n"), "nesting deeper than"},
		{"a ** a ** …", []byte("x = a" + r(" ** a", n) + "\n"), "nesting deeper than"},
		{"subscripts", []byte("x = " + r("a[", n) + "1" + r("]", n) + "\n"), "nesting deeper than"},
		{"slices", []byte("x = " + r("a[1:", n) + "1" + r("]", n) + "\n"), "nesting deeper than"},
		{"calls", []byte("x = " + r("f(", n) + "1" + r(")", n) + "\n"), "nesting deeper than"},
		{"comprehensions", []byte("x = " + r("[a for a in ", n) + "b" + r("]", n) + "\n"), "nesting deeper than"},
		{"generators", []byte("x = " + r("(a for a in ", n) + "b" + r(")", n) + "\n"), "nesting deeper than"},
		{"named expressions", []byte("x = " + r("(a := ", n) + "b" + r(")", n) + "\n"), "nesting deeper than"},
		{"yields", []byte("def f():\n    x = " + r("(yield ", n) + "1" + r(")", n) + "\n"), "nesting deeper than"},
		{"an assignment chain", []byte(r("a = ", n) + "1\n"), "nesting deeper than"},
		{"type parameter bounds", []byte("def f[" + r("T: list[", n) + "int" + r("]", n) + "](): pass\n"), "nesting deeper than"},
		// The lexer reads no more than 200 nested replacement fields.
		{"f-strings", []byte("x = " + r(`f"{`, n) + "1" + r(`}"`, n) + "\n"), "unterminated string literal"},
		{"f-string format specs", []byte("x = f'" + r("{a:", n) + r("}", n) + "'\n"), "unterminated string literal"},
		{"class patterns", match(r("C(", n) + "1" + r(")", n)), "nesting deeper than"},
		{"sequence patterns", match(r("[", n) + "1" + r("]", n)), "nesting deeper than"},
		{"mapping patterns in keys", match(r("{", n) + "1" + r(": 1}", n)), "nesting deeper than"},
		{"mapping patterns in values", match(r("{1: ", n) + "1" + r("}", n)), "nesting deeper than"},
		{"attributes", []byte("x = a" + r(".b", 100000) + "\n"), ""},
		{"binary operators", []byte("x = a" + r(" + a", 100000) + "\n"), ""},
		{"comparisons", []byte("x = a" + r(" < a", 100000) + "\n"), ""},
		{"or", []byte("x = a" + r(" or a", 100000) + "\n"), ""},
		{"decorators", []byte(r("@a\n", 100000) + "def f(): pass\n"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := gramtest.BadParse(t, Language, tc.src)
			gramtest.FirstError(t, tree, tc.want)
		})
	}
}

// TestDeepFStringSpecs: the fields of a format spec nest in the field
// whose spec they are, so each counts a level as a nested f-string's
// does: fewer parentheses fit around f'{a:{b:{c:{d}}}}' than around
// f'{a}' before the input is nested too deep.
func TestDeepFStringSpecs(t *testing.T) {
	// deepest returns how many parentheses fit around expr.
	deepest := func(expr string) int {
		ok := 0
		for lo, hi := 0, kit.MaxDepth; lo <= hi; {
			n := (lo + hi) / 2
			tree, err := Language.Parse([]byte("x = " + strings.Repeat("(", n) + expr + strings.Repeat(")", n) + "\n"))
			if err != nil {
				t.Fatal(err)
			}
			if len(tree.Errors) == 0 {
				ok, lo = n, n+1
			} else {
				hi = n - 1
			}
		}
		return ok
	}
	field, specs := deepest("f'{a}'"), deepest("f'{a:{b:{c:{d}}}}'")
	if specs >= field || specs == 0 {
		t.Errorf("%d parentheses fit around f'{a}', %d around f'{a:{b:{c:{d}}}}'; want fewer around the second", field, specs)
	}
}

// BenchmarkConditionalChain parses a 100000-link conditional chain,
// Python's else-if chain, which the depth guard stops at kit.MaxDepth.
// Its B/op bounds the heap one parse adds; the issue wants under 2 s and
// 200 MB.
func BenchmarkConditionalChain(b *testing.B) {
	gramtest.BenchSource(b, Language, conditionalChain(100000))
}
