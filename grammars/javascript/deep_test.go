package javascript

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
)

// links is how long each deep construct is: far past kit.MaxDepth.
const links = 100000

// deepInputs are the recursive productions of the grammar, each nested
// links deep. Those that nest only by repetition (a[][]…, a.b.c…) parse;
// the others are an error, most the one that says how deep.
func deepInputs() []struct {
	name string
	l    *grammars.Language
	src  string
	err  string // in the first error; "" for a parse with none
} {
	r := strings.Repeat
	const deep = "nesting deeper than"
	return []struct {
		name string
		l    *grammars.Language
		src  string
		err  string
	}{
		{"else if chain", TypeScript, "if (a) {\n" + r("} else if (a) {\n", links) + "}\n", deep},
		{"if chain", JavaScript, r("if (a) ", links) + "b();\n", deep},
		{"labels", JavaScript, r("a: ", links) + "b();\n", deep},
		{"blocks", JavaScript, r("{", links) + r("}", links), deep},
		{"nested generic types", TypeScript, "type T = " + r("A<", links) + "B" + r(">", links) + ";\n", deep},
		{"array types", TypeScript, "type T = a" + r("[]", links) + ";\n", ""},
		{"indexed access types", TypeScript, "type T = a" + r("[a", links) + r("]", links) + ";\n", deep},
		{"union nesting", TypeScript, "type T = " + r("A | (", links) + "B" + r(")", links) + ";\n", deep},
		{"intersection nesting", TypeScript, "type T = " + r("A & (", links) + "B" + r(")", links) + ";\n", deep},
		{"long union", TypeScript, "type T = A" + r(" | A", links) + ";\n", ""},
		{"conditional types", TypeScript, "type T = " + r("A extends B ? C : ", links) + "D;\n", deep},
		{"keyof chain", TypeScript, "type T = " + r("keyof ", links) + "A;\n", deep},
		{"function types", TypeScript, "type T = " + r("() => ", links) + "A;\n", deep},
		{"object types", TypeScript, "type T = " + r("{a: ", links) + "A" + r("}", links) + ";\n", deep},
		{"tuple types", TypeScript, "type T = " + r("[", links) + "A" + r("]", links) + ";\n", deep},
		{"template literal types", TypeScript, "type T = " + r("`${", links) + "A" + r("}`", links) + ";\n", deep},
		{"JSX elements", TSX, "x = " + r("<a>", links) + r("</a>", links) + ";\n", deep},
		{"JSX in attributes", JavaScript, "x = " + r("<a b=", links) + "1" + r(" />", links) + ";\n", deep},
		{"template literals", JavaScript, "x = " + r("`${", links) + "a" + r("}`", links) + ";\n", deep},
		{"arrow chain", JavaScript, "f = " + r("a => ", links) + "a;\n", deep},
		{"async arrow chain", TypeScript, "f = " + r("async (a) => ", links) + "a;\n",
			// Each arrow is a speculation, and the one too deep fails, so
			// async(a) is read as a call, which => cannot follow.
			"found '=>'"},
		{"unary chain", TypeScript, "x = " + r("-", links) + "a;\n", deep},
		{"await chain", TypeScript, "async function f() { x = " + r("await ", links) + "a; }\n", deep},
		{"casts", TypeScript, "x = " + r("<T>", links) + "a;\n", deep},
		{"new chain", JavaScript, "x = " + r("new ", links) + "A;\n", deep},
		{"assignment chain", JavaScript, r("a = ", links) + "1;\n", deep},
		{"conditional chain", JavaScript, "x = " + r("a ? b : ", links) + "c;\n", deep},
		{"exponent chain", JavaScript, "x = a" + r(" ** a", links) + ";\n", deep},
		{"calls", JavaScript, "x = " + r("f(", links) + r(")", links) + ";\n", deep},
		{"member chain", JavaScript, "x = a" + r(".b", links) + ";\n", ""},
		{"subscripts", JavaScript, "x = " + r("a[", links) + "0" + r("]", links) + ";\n", deep},
		{"generic calls", TypeScript, "x = " + r("f<a>(", links) + "1" + r(")", links) + ";\n", deep},
		{"comparisons and commas", TypeScript, "x = (" + r("a < b, ", links) + "1);\n", ""},
		{"parameter defaults", TypeScript, "x = " + r("(a = ", links) + "1" + r(")", links) + ";\n", deep},
		{"object patterns", JavaScript, "let " + r("{a: ", links) + "b" + r("}", links) + " = c;\n", deep},
		{"array patterns", JavaScript, "let " + r("[", links) + "b" + r("]", links) + " = c;\n", deep},
		{"pattern defaults", TypeScript, "let " + r("{a = ", links) + "b" + r("}", links) + " = c;\n", deep},
		{"functions", JavaScript, r("function f() {", links) + r("}", links), deep},
		{"class extends class", JavaScript, "x = " + r("class extends ", links) + "A" + r(" {}", links) + ";\n", deep},
		{"decorated class expressions", TypeScript, "x = " + r("@d class extends ", links) + "A" + r(" {}", links) + ";\n", deep},
		{"decorator arguments", TypeScript, r("@d(", links) + "1" + r(")", links) + " class A {}\n", deep},
		{"declare chain", TypeScript, "@d " + r("declare ", links) + "class A {}\n", deep},
		{"export declare chain", TypeScript, "export " + r("declare ", links) + "class A {}\n", deep},
		{"namespaces", TypeScript, r("namespace A {", links) + r("}", links), deep},
		{"statement runs", JavaScript, r("a();\n", links), ""},
	}
}

// TestDeepInput: every recursive production goes through the depth
// guard, so nesting far past kit.MaxDepth is an error at line 1, or a
// parse where the nesting is repetition, and never a stack overflow.
func TestDeepInput(t *testing.T) {
	for _, tc := range deepInputs() {
		t.Run(tc.name, func(t *testing.T) {
			tree := gramtest.BadParse(t, tc.l, []byte(tc.src))
			switch {
			case tc.err == "" && len(tree.Errors) > 0:
				t.Errorf("errors %v; want none", tree.Errors[0])
			case tc.err != "" && (len(tree.Errors) == 0 || !strings.Contains(tree.Errors[0].Msg, tc.err)):
				t.Errorf("errors %v; want one saying %q", tree.Errors, tc.err)
			}
		})
	}
}

// TestSpeculationShapes: what the memory of failed speculations and the
// scan for an arrow's ) skip is never a reading TypeScript takes. Each
// input is long or nested enough that the memory and the scan are
// used, and the counts are of the nodes TypeScript's reading has.
func TestSpeculationShapes(t *testing.T) {
	r := strings.Repeat
	nest := func(open, mid, close string) string { return "x = " + r(open, 50) + mid + r(close, 50) + ";\n" }
	for _, tc := range []struct {
		name string
		l    *grammars.Language
		src  string
		want map[string]int
	}{
		{"comparisons in a list", TypeScript, "x = (" + r("a < b, ", 3000) + "1);\n",
			map[string]int{"binary_expression": 3000, "type_arguments": 0}},
		{"comparisons in a list, tsx", TSX, "x = (" + r("a < b, ", 3000) + "1);\n",
			map[string]int{"binary_expression": 3000, "type_arguments": 0}},
		{"comparisons in arguments", TypeScript, "f(" + r("a < b, c > d, ", 1000) + "1);\n",
			map[string]int{"binary_expression": 2000, "type_arguments": 0}},
		{"comparison chain", TypeScript, "x = a" + r(" < b", 3000) + ";\n",
			map[string]int{"binary_expression": 3000, "type_arguments": 0}},
		{"generic calls", TypeScript, nest("f<a>(", "1", ")"),
			map[string]int{"call_expression": 50, "type_arguments": 50}},
		{"generic calls with an error inside", TypeScript, nest("f<a>(", "1 +", ")"),
			map[string]int{"ERROR": 1}},
		{"parenthesized defaults", TypeScript, nest("(a = ", "1", ")"),
			map[string]int{"parenthesized_expression": 50, "arrow_function": 0}},
		{"arrow defaults", TypeScript, nest("(a = ", "1", ") => 1"),
			map[string]int{"arrow_function": 50, "assignment_pattern": 50}},
		{"async calls", TypeScript, nest("async (a = ", "1", ")"),
			map[string]int{"call_expression": 50, "arrow_function": 0}},
		{"array patterns or arrays", TypeScript, nest("([a], [b] = ", "1", ")"),
			map[string]int{"array": 100, "array_pattern": 0}},
		{"object patterns or objects", JavaScript, nest("({a = ", "1", "})"),
			map[string]int{"object": 50, "object_pattern": 0}},
		{"casts", TypeScript, nest("<T>(", "1", ")"),
			map[string]int{"type_assertion": 50, "arrow_function": 0}},
		{"casts and generic arrows", TypeScript, nest("<T>(a = ", "1", ") => 1"),
			map[string]int{"arrow_function": 50, "type_assertion": 0}},
		{"generic arrows, tsx", TSX, nest("<T,>(a = ", "1", ") => 1"),
			map[string]int{"arrow_function": 50}},
		{"a regular expression in a default", TypeScript, "x = (a = (b = /)/) => 1) => 1;\n",
			map[string]int{"arrow_function": 2, "regex": 1}},
		{"templates in defaults", TypeScript, "x = (a = `${(b)}${`${(c)}`}`) => 1;\ny = (a = `${(b) => 1}`);\n",
			map[string]int{"arrow_function": 2, "parenthesized_expression": 3}},
		{"JSX text in a default", JavaScript, "x = (a = <p>don't (</p>) => 1;\ny = (a = <p>)</p>);\n",
			map[string]int{"arrow_function": 1, "jsx_element": 2}},
		{"generic async arrows", TypeScript, "x = async <A, B, C>(y);\nx = async <A, B, C>(y) => y;\nx = async <A, B, C, D>(y) => y;\nx = <A, B, C, D>(y) => y;\nx = <A>(<B>(y));\n",
			map[string]int{"arrow_function": 3, "type_assertion": 2, "call_expression": 1}},
		{"a return type", TypeScript, "x = (a = (b)): T => 1;\ny = c ? (a) : (b) => 1;\n",
			map[string]int{"arrow_function": 2, "parenthesized_expression": 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := tc.l.Parse([]byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if _, bad := tc.want["ERROR"]; !bad && len(tree.Errors) > 0 {
				t.Fatalf("errors %v", tree.Errors)
			}
			got := map[string]int{}
			tree.Walk(func(n int32) bool {
				got[tree.KindName(n)]++
				return true
			})
			for kind, n := range tc.want {
				if got[kind] != n {
					t.Errorf("%d %s; want %d", got[kind], kind, n)
				}
			}
		})
	}
}

// TestSpeculationMemory: the memory of unwound productions and the scan
// for an arrow's ) change no tree and no error: random nests of the
// constructs that speculate parse the same with them and without.
func TestSpeculationMemory(t *testing.T) {
	frags := []string{
		"(a = X)", "(a, X)", "(X) => 1", "(a = X) => X", "async (a = X)", "async (X) => 1",
		"f<a>(X)", "a < b, X", "a < b > (X)", "<T>(X)", "<T>(a = X) => 1", "<T,>(X) => 1",
		"`${X}`", "X / 2", "/)/", "[X]", "({a = X})", "({a: X}) => 1", "([a], [b] = X)",
		"c ? (X) : (a) => X", "(a = (b)): T => X", "<p>(</p>", "<p>{X}</p>", "new C<a>(X)",
		"a", "1", "f(X, X)", "(a) \n=> X", "{a: X}", "a < (X)",
	}
	langs := []struct {
		l *grammars.Language
		d dialect
	}{{JavaScript, dialect{jsx: true}}, {TypeScript, dialect{ts: true, casts: true}}, {TSX, dialect{ts: true, jsx: true}}}
	r := rand.New(rand.NewSource(1))
	var gen func(depth int) string
	gen = func(depth int) string {
		f := frags[r.Intn(len(frags))]
		if depth == 0 {
			return strings.ReplaceAll(f, "X", "x")
		}
		var b strings.Builder
		for _, part := range strings.SplitAfter(f, "X") {
			if cut, ok := strings.CutSuffix(part, "X"); ok {
				b.WriteString(cut + gen(depth-1))
			} else {
				b.WriteString(part)
			}
		}
		return b.String()
	}
	for i := 0; i < 2000; i++ {
		src := []byte("x = " + gen(1+r.Intn(6)) + ";\n")
		for _, lang := range langs {
			want, _ := parse(lang.l, dialect{ts: lang.d.ts, casts: lang.d.casts, jsx: lang.d.jsx, forget: true}, src, false, false)
			got, _ := parse(lang.l, lang.d, src, false, false)
			if w, g := want.Sexp(want.Root), got.Sexp(got.Root); w != g || fmt.Sprint(want.Errors) != fmt.Sprint(got.Errors) {
				t.Fatalf("%s %q:\nwith the memory %s %v\nwithout it      %s %v", lang.l.ID, src, g, got.Errors, w, want.Errors)
			}
		}
	}
}
