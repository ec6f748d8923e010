package tools

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/dart"
	"github.com/google/go-cmp/cmp"
)

// The Flutter-style fixtures of SPEC.md's ast_grep and ast_edit
// sentences, written out in each test's own folder.

// dartGuards holds guards that dispose what they tested, in each layout,
// and guards that do not.
const dartGuards = `import 'package:flutter/widgets.dart';

class _PlayerState extends State<Player> {
  AnimationController? _c;
  AnimationController? _a;
  AnimationController? _b;

  @override
  void dispose() {
    if (_c != null) {
      _c.dispose();
    }
    if (_c != null) _c.dispose();
    if (_c != null)
      _c.dispose();
    if (_c != null) { _c.dispose(); }
    if (_c != null) {
      // the controller may be shared
      _c.dispose(); // done
    }
    if (widget.controller != null) widget.controller.dispose();
    if (_a != null) _b.dispose();
    if (_a != null) {
      _b.dispose();
    }
    if (_a != null) {
      _a.dispose();
      _b.dispose();
    }
    if (_a == null) _a.dispose();
    if (_a != null) _a.dispose(force: true);
    if (_a != null) _a.reset();
    if (_a != null) _a.dispose(); else _b.dispose();
    final note = 'if (_a != null) _a.dispose();';
    // if (_a != null) _a.dispose();
    super.dispose();
  }
}
`

// dartGuardMatches are the guards of dartGuards that dispose what they
// tested: file, line and text. The ; that ends a statement is no leaf
// of Dart's tree, so a match of a statement ends before it.
var dartGuardMatches = []dartMatch{
	{"lib/player.dart", 10, "if (_c != null) {\n      _c.dispose();\n    }", "_c"},
	{"lib/player.dart", 13, "if (_c != null) _c.dispose()", "_c"},
	{"lib/player.dart", 14, "if (_c != null)\n      _c.dispose()", "_c"},
	{"lib/player.dart", 16, "if (_c != null) { _c.dispose(); }", "_c"},
	{"lib/player.dart", 17, "if (_c != null) {\n      // the controller may be shared\n      _c.dispose(); // done\n    }", "_c"},
	{"lib/player.dart", 21, "if (widget.controller != null) widget.controller.dispose()", "widget.controller"},
}

// A dartMatch is what a test compares of a match: where, what, and what
// $X captured.
type dartMatch struct {
	File string
	Line int
	Text string
	X    string
}

// dartGrep runs ast_grep with args and returns its matches and total.
func dartGrep(t *testing.T, files map[string]string, args map[string]any) ([]dartMatch, int) {
	t.Helper()
	d, _ := editRun(t, files)
	res := call(t, d, "ast_grep", args)
	if res.IsError {
		t.Fatalf("ast_grep %v: %s", args, res.TextContent())
	}
	r := res.Structured.(astGrepResult)
	if len(r.ParseFailures) > 0 {
		t.Errorf("parse failures: %+v", r.ParseFailures)
	}
	if !cmp.Equal(r.Languages, []string{"dart"}) {
		t.Errorf("languages %v; want dart", r.Languages)
	}
	var got []dartMatch
	for _, m := range r.Matches {
		got = append(got, dartMatch{m.File, m.Range.Start.Line, m.Text, captureOf(m, "X")})
	}
	return got, r.Total
}

// TestASTGrepDartGuard: if ($X != null) $X.dispose() matches a guard that
// disposes what it tested, with or without braces around the call and
// with or without the pattern's ;, and does not match one that disposes
// something else.
func TestASTGrepDartGuard(t *testing.T) {
	files := map[string]string{"lib/player.dart": dartGuards}
	for _, pattern := range []string{
		"if ($X != null) $X.dispose()",
		"if ($X != null) $X.dispose();",
		"if ($X != null) { $X.dispose(); }",
		"if ($X != null) { $X.dispose() }",
		"if ($X != null) {\n  $X.dispose();\n}",
	} {
		got, total := dartGrep(t, files, map[string]any{"pattern": pattern, "language": "dart"})
		if diff := cmp.Diff(dartGuardMatches, got); diff != "" {
			t.Errorf("%q: matches (-want +got):\n%s", pattern, diff)
		}
		if total != len(dartGuardMatches) {
			t.Errorf("%q: total %d; want %d", pattern, total, len(dartGuardMatches))
		}
	}
	// The twin that names the second use apart finds the guards that
	// dispose something else too; the ones above are those where both
	// are the same.
	got, _ := dartGrep(t, files, map[string]any{"pattern": "if ($X != null) $Y.dispose()", "path": "lib/player.dart"})
	var lines []int
	for _, m := range got {
		lines = append(lines, m.Line)
	}
	if want := []int{10, 13, 14, 16, 17, 21, 22, 23}; !cmp.Equal(want, lines) {
		t.Errorf("if ($X != null) $Y.dispose(): lines %v; want %v", lines, want)
	}
}

// dartCalls holds dispose(x) in each layout, in code and inside an
// interpolation, and the same characters where they are no call: in
// strings, comments, and a top-level function's signature, which is
// what dispose(x) would be if the pattern were parsed bare.
const dartCalls = `void cleanup(Object x, Object y, Holder a) {
  dispose(x);
  dispose( x );
  dispose(
    x);
  dispose(
    x,
  );
  dispose(/* c */ x);
  dispose(x /* after */);
  dispose( // why
      x);
  dispose(y);
  dispose(x, y);
  a.dispose(x);
  undispose(x);
  print('dispose(x)');
  print("dispose(x) and ${'dispose(x)'}");
  print('''
dispose(x)
''');
  print(r'dispose(x)');
  // dispose(x)
  /* dispose(x) */
  /// dispose(x)
  print('${dispose(x)}');
  print("then: ${log(dispose(x))}!");
}

dispose(x) {}
`

// TestASTGrepDartCall: dispose(x) matches the call however it is split
// by whitespace, wrapped or commented, and inside an interpolation,
// which is code; never the same characters in a string or a comment.
func TestASTGrepDartCall(t *testing.T) {
	files := map[string]string{
		"lib/cleanup.dart": dartCalls,
		"lib/notes.txt":    "dispose(x)\n",
		"README.md":        "Call `dispose(x)` when done.\n",
	}
	want := []dartMatch{
		{"lib/cleanup.dart", 2, "dispose(x)", ""},
		{"lib/cleanup.dart", 3, "dispose( x )", ""},
		{"lib/cleanup.dart", 4, "dispose(\n    x)", ""},
		{"lib/cleanup.dart", 6, "dispose(\n    x,\n  )", ""},
		{"lib/cleanup.dart", 9, "dispose(/* c */ x)", ""},
		{"lib/cleanup.dart", 10, "dispose(x /* after */)", ""},
		{"lib/cleanup.dart", 11, "dispose( // why\n      x)", ""},
		{"lib/cleanup.dart", 26, "dispose(x)", ""},
		{"lib/cleanup.dart", 27, "dispose(x)", ""},
	}
	for _, args := range []map[string]any{
		{"pattern": "dispose(x)", "language": "dart"},
		{"pattern": "dispose(x)", "path": "lib/cleanup.dart"},
		{"pattern": "dispose(x);", "language": "dart"},
		{"pattern": "dispose(\n  x\n)", "language": "dart"},
		{"pattern": "dispose(/* a comment */ x)", "language": "dart"},
	} {
		got, total := dartGrep(t, files, args)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%v: matches (-want +got):\n%s", args, diff)
		}
		if total != len(want) {
			t.Errorf("%v: total %d; want %d", args, total, len(want))
		}
	}
	// A metavariable takes any argument, and the interpolations' calls
	// are still found.
	got, _ := dartGrep(t, files, map[string]any{"pattern": "dispose($X)", "language": "dart"})
	var xs []string
	for _, m := range got {
		xs = append(xs, m.X)
	}
	if want := []string{"x", "x", "x", "x", "x", "x", "x", "y", "x", "x"}; !cmp.Equal(want, xs) {
		t.Errorf("dispose($X) captured %q; want %q", xs, want)
	}
}

// TestASTGrepDartUnparseable: a pattern that no scaffold accepts is
// reported as unparseable instead of searched for and not found.
func TestASTGrepDartUnparseable(t *testing.T) {
	d, _ := editRun(t, map[string]string{"lib/a.dart": dartCalls})
	for _, pattern := range []string{"if ($X != null", "dispose(x))", "class { $$$B"} {
		res := call(t, d, "ast_grep", map[string]any{"pattern": pattern, "language": "dart"})
		if !res.IsError || !strings.Contains(res.TextContent(), "does not parse as dart") {
			t.Errorf("%q: %s; want an error saying it does not parse as dart", pattern, res.TextContent())
		}
	}
}

// TestASTEditDart: ast_edit stages dispose($X) → $X.dispose() and writes
// nothing; resolve accept writes exactly the rewritten files, which
// parse with no errors.
func TestASTEditDart(t *testing.T) {
	files := map[string]string{
		"lib/cleanup.dart": dartCalls,
		"lib/page.dart": `import 'package:flutter/widgets.dart';

class _PageState extends State<Page> {
  final _scroll = ScrollController();
  final _focus = FocusNode();

  @override
  void dispose() {
    dispose(_scroll);
    dispose(
      _focus,
    );
    // dispose(_focus) again? no
    super.dispose();
  }

  @override
  Widget build(BuildContext context) => Text('dispose(_scroll)');
}
`,
		"lib/none.dart": "void main() => print('nothing to dispose(x) here');\n",
	}
	d, dir := editRun(t, files)
	before := snapshot(t, dir)
	r := stage(t, d, map[string]any{"pattern": "dispose($X)", "rewrite": "$X.dispose()", "language": "dart"})
	var staged []string
	for _, f := range r.Files {
		staged = append(staged, f.File)
		if f.Broken != "" {
			t.Errorf("%s is staged as broken: %s", f.File, f.Broken)
		}
	}
	if r.EditID != "edit_1" || r.Replacements != 12 || !cmp.Equal(staged, []string{"lib/cleanup.dart", "lib/page.dart"}) {
		t.Errorf("staged %s: %d replacements in %q; want edit_1: 12 in lib/cleanup.dart and lib/page.dart", r.EditID, r.Replacements, staged)
	}
	if diff := cmp.Diff(before, snapshot(t, dir)); diff != "" {
		t.Fatalf("ast_edit wrote files (-before +after):\n%s", diff)
	}
	if res := resolveEdit(t, d, r.EditID, "accept"); res.IsError || res.TextContent() != "accepted edit_1: wrote 2 files\nlib/cleanup.dart\nlib/page.dart" {
		t.Fatalf("accept: %s", res.TextContent())
	}
	want := map[string]string{
		filepath.Join(dir, "lib/cleanup.dart"): `void cleanup(Object x, Object y, Holder a) {
  x.dispose();
  x.dispose();
  x.dispose();
  x.dispose();
  x.dispose();
  x.dispose();
  x.dispose();
  y.dispose();
  dispose(x, y);
  a.dispose(x);
  undispose(x);
  print('dispose(x)');
  print("dispose(x) and ${'dispose(x)'}");
  print('''
dispose(x)
''');
  print(r'dispose(x)');
  // dispose(x)
  /* dispose(x) */
  /// dispose(x)
  print('${x.dispose()}');
  print("then: ${log(x.dispose())}!");
}

dispose(x) {}
`,
		filepath.Join(dir, "lib/page.dart"): `import 'package:flutter/widgets.dart';

class _PageState extends State<Page> {
  final _scroll = ScrollController();
  final _focus = FocusNode();

  @override
  void dispose() {
    _scroll.dispose();
    _focus.dispose();
    // dispose(_focus) again? no
    super.dispose();
  }

  @override
  Widget build(BuildContext context) => Text('dispose(_scroll)');
}
`,
		filepath.Join(dir, "lib/none.dart"): files["lib/none.dart"],
	}
	after := snapshot(t, dir)
	if diff := cmp.Diff(want, after); diff != "" {
		t.Errorf("after accept (-want +got):\n%s", diff)
	}
	for name, src := range after {
		tree, err := dart.Language.Parse([]byte(src))
		if err != nil || len(tree.Errors) > 0 {
			t.Errorf("%s does not parse after the rewrite: %v %v", name, err, tree.Errors)
		}
	}
	// Nothing is left to rewrite.
	if res := call(t, d, "ast_edit", map[string]any{"pattern": "dispose($X)", "rewrite": "$X.dispose()", "language": "dart"}); res.IsError || res.Structured.(astEditResult).Replacements != 0 {
		t.Errorf("a second ast_edit: %s", res.TextContent())
	}
}
