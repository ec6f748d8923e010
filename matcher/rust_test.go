package matcher

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/golang"
	"github.com/agenttools/agenttools/grammars/javascript"
	"github.com/agenttools/agenttools/grammars/python"
	"github.com/agenttools/agenttools/grammars/rust"
	"github.com/google/go-cmp/cmp"
)

const rustCode = `use std::fmt;

struct S { v: Option<u8> }

impl fmt::Display for S {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.v.unwrap())
    }
}

fn main() {
    let a: Option<u8> = Some(1);
    println!("{} {}", a.unwrap(), helper(2));
    let v = vec![a.unwrap(), 3];
    let s = S { v: a };
    helper(a.unwrap());
    s.v.map(|x| helper(x));
    // a.unwrap() in a comment, and "a.unwrap()" in a string
    quote!(#a.unwrap());
}

fn helper(x: u8) -> u8 { x }
`

// rustLines returns the lines where the matches of pattern start, and
// the kind of the pattern's root.
func rustLines(t *testing.T, pattern string) ([]int, string) {
	t.Helper()
	p, err := Compile(rust.Language, pattern)
	if err != nil {
		t.Fatalf("Compile(%q): %v", pattern, err)
	}
	tree, err := rust.Language.Parse([]byte(rustCode))
	if err != nil || len(tree.Errors) > 0 {
		t.Fatalf("parse: %v %v", err, tree.Errors)
	}
	var out []int
	for _, m := range p.Find(tree) {
		out = append(out, 1+strings.Count(rustCode[:tree.Nodes[m.Node].Start], "\n"))
	}
	return out, p.tree.KindName(p.root)
}

// TestRustPatterns: the scaffolds read the patterns as it says,
// method calls and calls are apart, and a match inside a macro's
// arguments is found, but not inside a string, a comment or a macro
// whose arguments are no expressions.
func TestRustPatterns(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		kind    string
		lines   []int
	}{
		{"$X.unwrap()", "method_call_expression", []int{7, 13, 14, 16}},
		{"helper($A)", "call_expression", []int{13, 16, 17}},
		{"$F($$$A)", "call_expression", []int{12, 13, 16, 17}},
		{"$X.$M($$$A)", "method_call_expression", []int{7, 13, 14, 16, 17}},
		{"impl $T for $U { $$$B }", "impl_item", []int{5}},
		{"println!($$$A)", "macro_invocation", []int{13}},
		{"let $X: Option<$T> = $V;", "let_declaration", []int{12}},
		{"S { $$$F }", "struct_expression", []int{15}},
		{"Option<$T>", "generic_type", []int{3, 12}},
		{"fn $F($$$P) -> $R { $$$B }", "function_item", []int{6, 22}},
		{"|$X| $B", "closure_expression", []int{17}},
	} {
		lines, kind := rustLines(t, tc.pattern)
		if kind != tc.kind {
			t.Errorf("%q is a %s, want %s", tc.pattern, kind, tc.kind)
		}
		if diff := cmp.Diff(tc.lines, lines); diff != "" {
			t.Errorf("%q lines (-want +got):\n%s", tc.pattern, diff)
		}
	}
}

// TestTrailingTerminator: a pattern's ; that ends a statement, which no
// grammar keeps as a leaf, does not keep it from compiling, in every
// grammar that drops it.
func TestTrailingTerminator(t *testing.T) {
	for _, tc := range []struct {
		l       *grammars.Language
		pattern string
		kind    string
	}{
		{golang.Language, "fmt.Println($A);", "call_expression"},
		{javascript.JavaScript, "foo($A);", "call_expression"},
		{javascript.TypeScript, "let $X = $Y;", "lexical_declaration"},
		{python.Language, "print($A);", "call"},
		{rust.Language, "let $X = $Y;", "let_declaration"},
		{rust.Language, "helper($A);", "call_expression"},
	} {
		p, err := Compile(tc.l, tc.pattern)
		if err != nil {
			t.Errorf("%s %q: %v", tc.l.ID, tc.pattern, err)
			continue
		}
		if got := p.tree.KindName(p.root); got != tc.kind {
			t.Errorf("%s %q is a %s, want %s", tc.l.ID, tc.pattern, got, tc.kind)
		}
	}
}
