package matcher

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/dart"
	"github.com/google/go-cmp/cmp"
)

const dartCode = `class _S extends State<W> {
  Ticker? _a;
  Ticker? _b;

  @override
  void dispose() {
    if (_a != null) _a.dispose();
    if (_a != null) {
      _a.dispose();
    }
    if (_a != null) _b.dispose();
    if (_a != null) {
      _a.dispose();
      _b.dispose();
    }
    while (_a != null) _a.dispose();
    for (final t in ts) {
      t.stop();
    }
    for (final t in ts) t.stop();
    print('${_a.dispose()} and _a.dispose() in a string');
    log('saved $_a', 'saved ${_a.b}', 'saved');
    final r = Req()..files.add(f)..go();
    r.files.add(f);
    // _a.dispose() in a comment
    super.dispose();
  }
  List<void> f(Map<String, List<void>> m) => [];
}
`

// dartLines returns the lines where the matches of pattern start, and
// the pattern's scaffold.
func dartLines(t *testing.T, pattern string) ([]int, string) {
	t.Helper()
	p, err := Compile(dart.Language, pattern)
	if err != nil {
		t.Fatalf("Compile(%q): %v", pattern, err)
	}
	tree, err := dart.Language.Parse([]byte(dartCode))
	if err != nil || len(tree.Errors) > 0 {
		t.Fatalf("parse: %v %v", err, tree.Errors)
	}
	var out []int
	for _, m := range p.Find(tree) {
		out = append(out, 1+strings.Count(dartCode[:tree.Nodes[m.Node].Start], "\n"))
	}
	return out, p.Context
}

// TestDartMatches: a body is matched with or without the braces of a
// block of one statement, both ways, and a block of two statements is
// no body of one; the pattern's own statement is found once, not again
// as the block around it. A string's $X is one interpolation, and a
// cascade's sections have no receiver of their own.
func TestDartMatches(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		want    []int
	}{
		{"if ($X != null) $X.dispose()", []int{7, 8}},
		{"if ($X != null) $X.dispose();", []int{7, 8}},
		{"if ($X != null) { $X.dispose(); }", []int{7, 8}},
		{"if ($X != null) { $$$B }", []int{7, 8, 11, 12}},
		{"if (_a != null) { $A; $B; }", []int{12}},
		{"while ($C) $X.dispose()", []int{16}},
		{"for (final $T in $L) $T.stop()", []int{17, 20}},
		{"$X.dispose()", []int{7, 9, 11, 13, 14, 16, 21, 26}},
		// A pattern's $X in a string stands for one interpolation.
		{"'saved $X'", []int{22, 22}},
		// A cascade's section has no receiver written: files.add(f) in
		// r..files.add(f) is no call of add on files.
		{"$L.add($X)", []int{24}},
		{"$T..files.add($F)..go()", []int{23}},
		{"$T..go()", nil}, // a cascade of two sections is no cascade of one
		// void is a type a metavariable binds.
		{"List<$T>", []int{28, 28}},
		{"Map<$K, List<$T>>", []int{28}},
	} {
		got, context := dartLines(t, tc.pattern)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (%s): lines (-want +got):\n%s", tc.pattern, context, diff)
		}
	}
}

// TestDartScaffolds: each pattern is read in the context the ladder
// gives it first.
func TestDartScaffolds(t *testing.T) {
	for _, tc := range []struct{ pattern, context, kind string }{
		{"dispose(x)", "statement", "call_expression"},
		{"if ($X != null) $X.dispose()", "statement", "if_statement"},
		{"$X.dispose()", "statement", "method_call"},
		{"$A ?? $B", "statement", "binary_expression"},
		{"child: $C", "argument", "named_argument"},
		{"'key': $V", "map entry", "pair"},
		{"...$X", "collection element", "spread_element"},
		{"@override", "statement", "annotation"},
		{"@Deprecated('x')", "statement", "annotation"},
		{"Widget build(BuildContext context) { $$$B }", "statement", "function_declaration"},
		{"final $T $X;", "statement", "variable_declaration"},
		{"const $C($$$A);", "statement", "const_expression"},
		{"$C(this.$X);", "statement", "call_expression"}, // a call, before it is a constructor
		{"$C(this.$X) : super();", "class member", "constructor_declaration"},
		{"int get $G => $V;", "class member", "getter_declaration"},
		{"class $C extends StatelessWidget { $$$B }", "top-level", "class_declaration"},
		{"Map<$K, List<$V>>", "statement", "generic_type"},
	} {
		p, err := Compile(dart.Language, tc.pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", tc.pattern, err)
			continue
		}
		got := []string{p.Context, p.tree.KindName(p.root)}
		if diff := cmp.Diff([]string{tc.context, tc.kind}, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.pattern, diff)
		}
	}
}
