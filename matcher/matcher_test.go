package matcher

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/golang"
	"github.com/google/go-cmp/cmp"
)

const code = `package p

import (
	"errors"
	"fmt"
)

func f(r io.ReadCloser, w io.WriteCloser) error {
	dispose( x /* c */ )
	dispose(
		x,
	)
	s := "dispose(x)" // dispose(x)
	if r != nil {
		r.Close()
	}
	if r != nil {
		w.Close()
	}
	if a == a {
	}
	if a == b {
	}
	err := errors.New("boom")
	msg := fmt.Sprintf("%d %s", 1, s)
	fmt.Sprintf("plain")
	_ = append(list, more...)
	_ = foo(b, c, b)
	_ = []int{last}
	g(x)
	return fmt.Errorf("wrap: %w", errors.New("inner"))
}

type pair struct {
	a, b int
	c    string
}

func h[K comparable, V any](m map[K]V, ch chan int) error {
	switch k {
	case 0:
	}
	select {
	case v, ok := <-ch:
		_, _ = v, ok
	}
	return err
}
`

// lines returns the 1-based lines where the matches of pattern start.
func lines(t *testing.T, pattern string) []int {
	t.Helper()
	p, err := Compile(golang.Language, pattern)
	if err != nil {
		t.Fatalf("Compile(%q): %v", pattern, err)
	}
	tree, err := golang.Language.Parse([]byte(code))
	if err != nil || len(tree.Errors) > 0 {
		t.Fatalf("parse: %v %v", err, tree.Errors)
	}
	var out []int
	for _, m := range p.Find(tree) {
		out = append(out, 1+strings.Count(code[:tree.Nodes[m.Node].Start], "\n"))
	}
	return out
}

func TestSeedBehaviour(t *testing.T) {
	tests := []struct {
		pattern string
		want    []int
	}{
		{"dispose(x)", []int{9, 10}},                                      // however split or commented; never in the string or comment
		{"if $X != nil { $X.Close() }", []int{14}},                        // closes what it tested, not something else
		{"$X == $X", []int{20}},                                           // repeated metavariables unify
		{"errors.New($MSG)", []int{24, 31}},                               // a call, not a declaration
		{"fmt.Sprintf($$$ARGS)", []int{25, 26}},                           // variadic: any arguments
		{"fmt.Sprintf($F, $$$A)", []int{25, 26}},                          // an empty run absorbs its separator
		{"append($S, $$$E)", []int{27}},                                   // the ... belongs to the arguments
		{"foo($$$A, b)", []int{28}},                                       // backtracking
		{"[]int{$$$A, last}", []int{29}},                                  // empty run before a separator
		{"$A.Close()", []int{15, 18}},                                     // a metavariable as a selector's operand
		{"return $$$R", []int{31, 47}},                                    // statements
		{"if $C { $$$B }", []int{14, 17, 20, 22}},                         // whole child lists
		{"func f($$$P) error { $$$B }", []int{8}},                         // declarations
		{"import $$$I", []int{3}},                                         // file header
		{"fmt.Errorf($F, errors.New($M))", []int{31}},                     // nesting
		{"$F($$$)", []int{9, 10, 15, 18, 24, 25, 26, 27, 28, 30, 31, 31}}, // every call, nested ones too, in order
		{"switch $X { $$$C }", []int{40}},                                 // a run of case clauses
		{"select { $$$C }", []int{43}},
		{"case $V := <-$C: $$$B", []int{44}},                         // a select case; $V is the list v, ok
		{"type $T struct { $$$F }", []int{34}},                       // a field that is only a $$$ is the run, not one field
		{"func $F[$$$T]($$$P) error { $$$B }", []int{39}},            // a run of type parameters
		{"return $$$R, err", []int{47}},                              // one result is no list, but the empty run absorbs its comma
		{"func h[$$$T]($$$P) error { $$$B; return err }", []int{39}}, // a ; is a line break
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, lines(t, tc.pattern)); diff != "" {
			t.Errorf("%q: match lines (-want +got):\n%s", tc.pattern, diff)
		}
	}
}

func TestCaptures(t *testing.T) {
	p, err := Compile(golang.Language, "fmt.Sprintf($F, $$$A)")
	if err != nil {
		t.Fatal(err)
	}
	tree, _ := golang.Language.Parse([]byte(code))
	ms := p.Find(tree)
	if len(ms) == 0 {
		t.Fatal("no match")
	}
	if got := tree.Text(ms[0].Captures["F"]); got != `"%d %s"` {
		t.Errorf("$F = %q", got)
	}
	var args []string
	for _, n := range ms[0].Multi["A"] {
		args = append(args, tree.Text(n))
	}
	if diff := cmp.Diff([]string{"1", ",", "s"}, args); diff != "" {
		t.Errorf("$$$A (-want +got):\n%s", diff)
	}
}

func TestCompileErrors(t *testing.T) {
	for _, tc := range []struct{ pattern, want string }{
		{"func (", "does not parse as go. Most likely fix: a pattern is a whole construct; write the complete form, such as func $F($$$P) $$$R { $$$B }, or for a method func ($RECV $T) $F($$$P) $$$R { $$$B }. Tried: statement: "},
		{"", "empty pattern"},
		{"  $$$X ", "only a $$$ metavariable"},
	} {
		_, err := Compile(golang.Language, tc.pattern)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Compile(%q) = %v, want an error containing %q", tc.pattern, err, tc.want)
		}
	}
	_, err := Compile(golang.Language, "func (")
	var ce *ContextError
	if !asContextError(err, &ce) || len(ce.Tried) != len(golang.Language.Scaffolds) {
		t.Errorf("func ( tried %v, want every context", err)
	}
}

func asContextError(err error, target **ContextError) bool {
	ce, ok := err.(*ContextError)
	*target = ce
	return ok
}

func TestContexts(t *testing.T) {
	for _, tc := range []struct{ pattern, context, kind string }{
		{"errors.New($MSG)", "statement", "call_expression"},
		{"x := $V", "statement", "short_var_declaration"},
		{"map[$K]$V", "statement", "map_type"},
		{"chan $T", "statement", "channel_type"},
		{"*$T", "statement", "unary_expression"},
		{"Name string `json:\"name\"`", "struct field", "field_declaration"},
		{"case $X:", "case clause", "expression_case"},
		{"case $V := <-$C:", "select case", "communication_case"},
		{"switch $X { $$$C }", "statement", "expression_switch_statement"},
		{"func (r *$T) Close() error { $$$B }", "top-level declaration", "method_declaration"},
		{"package $P", "file header", "package_clause"},
	} {
		p, err := Compile(golang.Language, tc.pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", tc.pattern, err)
			continue
		}
		if p.Context != tc.context || p.tree.KindName(p.root) != tc.kind {
			t.Errorf("%q: context %s, kind %s; want %s, %s", tc.pattern, p.Context, p.tree.KindName(p.root), tc.context, tc.kind)
		}
	}
}

var _ = grammars.NoNode

func TestDedent(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"  f(x)  ", "f(x)"},
		{"\n\n\tif err != nil {\n\t\treturn err\n\t}\n\n", "if err != nil {\n\treturn err\n}"},
		{"    try:\n        $$$T\n\n    except $E:\n        $$$H", "try:\n    $$$T\n\nexcept $E:\n    $$$H"},
		{"a +\r\n  b", "a +\n  b"},
		{"\t  x\n\ty", "x\ny"}, // a first line deeper than the rest
	} {
		if got, _ := dedent(nil, tc.in); got != tc.want {
			t.Errorf("dedent(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestIndentedPattern: a pattern copied with its indentation from code
// matches as the same pattern written flush.
func TestIndentedPattern(t *testing.T) {
	want := lines(t, "if $X != nil { $X.Close() }")
	if diff := cmp.Diff(want, lines(t, "\n\t\tif $X != nil {\n\t\t\t$X.Close()\n\t\t}\n")); diff != "" {
		t.Errorf("indented pattern (-flush +indented):\n%s", diff)
	}
}
