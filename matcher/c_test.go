package matcher

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/c"
	"github.com/google/go-cmp/cmp"
)

const cCode = `#include <stdlib.h>
#define CAP 16

struct buf { char *data; size_t len; };

int grow(struct buf *b, size_t n)
{
	char *p = malloc(n);
	if (p == NULL) return -1;
	if (p == NULL) {
		return -1;
	}
	if (p == NULL) {
		free(b->data);
		return -1;
	}
	if (b->data == NULL) return 0;
	free(b->data);
	b->data = p;
	b->len = n == n ? n : 0;
	/* malloc(n) in a comment */
	puts("malloc(n) in a string");
	return 0;
}
enum color { RED, GREEN };
static struct buf empty = { .data = NULL, .len = 0 };
static size_t sz = sizeof(struct buf) + sizeof(int) + sizeof(empty) + sizeof empty;
void loop(int n) { for (int i = 0; i < n; i++) n--; for (n = 0; n < 3; n++) ; }
unsigned char c = 1; char d[CAP*2];
int an = sizeof(struct { int a; });
struct pk { int a; } __attribute__((packed));
typedef int T8 __attribute__((aligned(8)));
typedef int T0;
`

// cLines returns the lines where the matches of pattern start, and the
// pattern's scaffold.
func cLines(t *testing.T, pattern string) ([]int, string) {
	t.Helper()
	p, err := Compile(c.Language, pattern)
	if err != nil {
		t.Fatalf("Compile(%q): %v", pattern, err)
	}
	tree, err := c.Language.Parse([]byte(cCode))
	if err != nil || len(tree.Errors) > 0 {
		t.Fatalf("parse: %v %v", err, tree.Errors)
	}
	var out []int
	for _, m := range p.Find(tree) {
		out = append(out, 1+strings.Count(cCode[:tree.Nodes[m.Node].Start], "\n"))
	}
	return out, p.Context
}

// TestCMatches: a call matches with or without its ;, never in a comment
// or a string; an if's one statement matches with or without braces
// around it (README: the braces rule), and a block of two statements is
// no body of one.
func TestCMatches(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		want    []int
	}{
		{"malloc($N)", []int{8}},
		{"malloc($N);", []int{8}},
		{"free($P)", []int{14, 18}},
		{"if ($X == NULL) return $$$R;", []int{9, 10, 17}},
		{"if ($X == NULL) { return $$$R; }", []int{9, 10, 17}},
		{"if ($X == NULL) { $$$B }", []int{9, 10, 13, 17}},
		{"if ($X == NULL) { free($Y); return $$$R; }", []int{13}},
		{"$X == $X", []int{20}},
		{"$P->data = $V", []int{19}},
		{"$P->$F", []int{14, 17, 18, 19, 20}},
		{"#include <stdlib.h>", []int{1}},
		{"#define $N $V", []int{2}},
		{"struct $S { $$$F };", []int{4}},
		{"enum $E { $$$V };", []int{25}},
		{".$F = NULL", []int{26}},
		{"static struct buf $X = { $$$I };", []int{26}},
		// sizeof's parentheses are its own around a type or an
		// expression alike.
		{"sizeof($T)", []int{27, 27, 27, 30}},
		{"sizeof $X", []int{27}},
		// A for's declaration leaves its ; to the for, as an
		// expression does.
		{"for ($I; $C; $S) $B", []int{28, 28}},
		{"for (int $I = 0; $C; $S) $B", []int{28}},
		// unsigned char is one type.
		{"$T $V = $E;", []int{8, 28, 29, 30}}, // static is more than the pattern says
		{"$A * $B", []int{29}},
		// A keyword's statement is the statement, not its keyword:
		// return; is no return 0;.
		{"return;", nil},
		// A struct's tag is a name: struct $S is no untagged struct { … }.
		{"sizeof(struct $S)", []int{27}},
		// An attribute is code: a pattern that writes none finds no
		// code that has one (README).
		{"struct $S { $$$F } __attribute__(($$$A));", []int{31}},
		{"typedef $T $N;", []int{33}},
		{"typedef $T $N $$$A;", []int{32, 33}},
	} {
		got, context := cLines(t, tc.pattern)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (%s): lines (-want +got):\n%s", tc.pattern, context, diff)
		}
	}
}

// TestCScaffolds: each pattern is read in the context the ladder gives
// it first.
func TestCScaffolds(t *testing.T) {
	for _, tc := range []struct{ pattern, context, kind string }{
		{"foo($A)", "statement", "call_expression"},
		{"foo($A);", "statement", "call_expression"},
		{"if ($X == NULL) return $$$R;", "statement", "if_statement"},
		{"T * x;", "statement", "declaration"},
		{"$A * $B", "statement", "binary_expression"},
		{"int $X = $V;", "statement", "declaration"},
		{"#include $H", "preprocessor directive", "preproc_include"},
		{"#define $N $V", "preprocessor directive", "preproc_def"},
		{"#define $N($$$P) $$$B", "preprocessor directive", "preproc_function_def"},
		{"#ifdef DEBUG\n$$$B\n#endif", "preprocessor directive", "preproc_if"},
		{".$F = $V", "initializer", "initializer_pair"},
		// A function in a function body is GNU C's nested function.
		{"static $T $F($$$P) { $$$B }", "statement", "function_definition"},
		{"int $F : 1;", "struct member", "field_declaration"},
	} {
		p, err := Compile(c.Language, tc.pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", tc.pattern, err)
			continue
		}
		kind := p.tree.KindName(p.root)
		if p.Context != tc.context || kind != tc.kind {
			t.Errorf("%q: context %s, kind %s; want %s, %s", tc.pattern, p.Context, kind, tc.context, tc.kind)
		}
	}
}
