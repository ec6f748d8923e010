package clangxx

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fixture is the absolute path of a file of testdata.
func fixture(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestJudge(t *testing.T) {
	c := Require(t)
	tests := []struct {
		file string
		want Verdict
	}{
		{fixture(t, "template.cpp"), Verdict{OK: true, Std: "c++20"}},
		{fixture(t, "cpp23.cpp"), Verdict{OK: true, Std: "c++2b"}},
		{fixture(t, "cpp17.cpp"), Verdict{OK: true, Std: "c++17"}},
		{fixture(t, "broken.cpp"), Verdict{Line: 2, Msg: "expected expression"}},
		{fixture(t, "needs.h"), Verdict{Line: 2, Msg: "use of undeclared identifier 'std'"}},
		{"/usr/include/c++/12/vector", Verdict{OK: true, Std: "c++20"}},
	}
	var files []File
	for _, tt := range tests {
		if _, err := os.Stat(tt.file); err != nil {
			t.Skipf("%v: scripts/peers.sh cppcorpus installs libstdc++'s headers", err)
		}
		files = append(files, File{Path: tt.file, Part: "test"})
	}
	cache := filepath.Join(t.TempDir(), "verdicts.json")
	got, counts, err := c.Judge(context.Background(), files, cache)
	if err != nil {
		t.Fatal(err)
	}
	for i, tt := range tests {
		if diff := cmp.Diff(tt.want, got[i]); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.file, diff)
		}
	}
	// a run for each standard up to the one that accepts the file, or
	// for each: 1+2+3+3+3+1
	if want := (Counts{Runs: 13}); counts != want {
		t.Errorf("cold counts = %+v, want %+v", counts, want)
	}

	// the second judge takes every verdict from the cache
	again, counts, err := c.Judge(context.Background(), files, cache)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(got, again); diff != "" {
		t.Errorf("cached verdicts differ (-cold +cached):\n%s", diff)
	}
	if want := (Counts{Cached: 13}); counts != want {
		t.Errorf("warm counts = %+v, want %+v", counts, want)
	}

	// a file whose bytes change, or whose flags do, is judged anew
	fixed := filepath.Join(t.TempDir(), "fixed.cpp")
	if err := os.WriteFile(fixed, []byte("int f() {\n  return 1;\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := []File{{Path: fixed}, {Path: files[0].Path, Flags: []string{"-DEXTRA"}}, files[1]}
	v, counts, err := c.Judge(context.Background(), changed, cache)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Counts{Runs: 2, Cached: 2}); counts != want {
		t.Errorf("counts after a change = %+v, want %+v", counts, want)
	}
	if !v[0].OK || !v[1].OK {
		t.Errorf("verdicts after a change = %+v", v)
	}
}

func TestJudgeCancel(t *testing.T) {
	c := Require(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := c.Judge(ctx, []File{{Path: fixture(t, "template.cpp")}}, "")
	if err != context.Canceled {
		t.Errorf("Judge with an ended context: %v, want %v", err, context.Canceled)
	}
}

func TestFirstError(t *testing.T) {
	const file = "/src/a.cpp"
	tests := []struct {
		name, stderr string
		want         judged
	}{
		{"in the file", "/src/a.cpp:3:7: error: expected ';'\n1 error generated.\n", judged{Line: 3, Msg: "expected ';'"}},
		{"fatal", "/src/a.cpp:1:10: fatal error: 'x.h' file not found\n", judged{Line: 1, Msg: "'x.h' file not found"}},
		{"in a header", "In file included from /src/a.cpp:1:\n/src/b.h:9:1: error: unknown type name 'T'\n", judged{Msg: "/src/b.h:9: unknown type name 'T'"}},
		{"the first of two", "/src/a.cpp:2:1: error: one\n/src/a.cpp:5:1: error: two\n", judged{Line: 2, Msg: "one"}},
		{"none", "clang: error: unable to execute command\n", judged{Msg: "clang++ rejects it: clang: error: unable to execute command"}},
		{"bounded", "/src/a.cpp:1:1: error: " + strings.Repeat("x", 500), judged{Line: 1, Msg: strings.Repeat("x", maxMsg) + "…"}},
		{"bounded on a character", "/src/a.cpp:1:1: error: x" + strings.Repeat("é", 200), judged{Line: 1, Msg: "x" + strings.Repeat("é", (maxMsg-1)/2) + "…"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, firstError(tt.stderr, file)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// A span is what the tests compare of a node.
type span struct {
	Kind, Name string
	From, To   int // the expanded range's lines
}

func spanOf(n *Node) span {
	return span{n.Kind, n.Name, n.Begin.Expanded().Line, n.End.Expanded().Line}
}

// walk calls f on n and its descendants, depth first.
func walk(n *Node, f func(*Node)) {
	f(n)
	for _, k := range n.Children {
		walk(k, f)
	}
}

// checkPlaces fails the test on a node of root outside main, or one whose
// line is not its offset's in main: what the dump leaves out and Dump
// fills back must be right.
func checkPlaces(t *testing.T, root *Node, main string) {
	t.Helper()
	src, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	walk(root, func(n *Node) {
		for _, l := range []Loc{n.Loc, n.Begin, n.End} {
			at := l.Expanded()
			if at.File == "" || (l.Expansion != nil && at.File != main) {
				continue
			}
			if at.File != main && n != root {
				t.Errorf("%s %s at %s, not in %s", n.Kind, n.Name, at.File, main)
				continue
			}
			if line := 1 + bytes.Count(src[:at.Offset], []byte("\n")); line != at.Line {
				t.Errorf("%s %s: line %d, offset %d is on line %d", n.Kind, n.Name, at.Line, at.Offset, line)
			}
		}
	})
}

func TestDumpFixture(t *testing.T) {
	c := Require(t)
	main := fixture(t, "template.cpp")
	root, err := c.Dump(context.Background(), main, []string{"-std=c++20"})
	if err != nil {
		t.Fatal(err)
	}
	checkPlaces(t, root, main)
	var top []span
	for _, n := range root.Children {
		top = append(top, spanOf(n))
	}
	want := []span{
		{"FunctionTemplateDecl", "twice", 3, 6},
		{"CXXRecordDecl", "Point", 8, 11},
		{"FunctionDecl", "main", 13, 18},
	}
	if diff := cmp.Diff(want, top); diff != "" {
		t.Errorf("top-level nodes (-want +got):\n%s", diff)
	}

	kinds := map[string]int{}
	var square *Node
	implicitCtors := 0
	walk(root, func(n *Node) {
		kinds[n.Kind]++
		if square == nil && n.Kind == "BinaryOperator" && n.Opcode == "*" {
			square = n
		}
		if n.Kind == "CXXConstructorDecl" && n.Implicit {
			implicitCtors++
		}
	})
	// twice(2) and twice(static_cast<int>(v.size())); push_back, sum and
	// size are member calls
	if kinds["CallExpr"] != 2 || kinds["CXXMemberCallExpr"] != 3 {
		t.Errorf("%d CallExpr and %d CXXMemberCallExpr, want 2 and 3", kinds["CallExpr"], kinds["CXXMemberCallExpr"])
	}
	// Point's default, copy and move constructors
	if implicitCtors != 3 {
		t.Errorf("%d implicit constructors, want 3", implicitCtors)
	}
	// the x * x that SQUARE(x) expands to: spelled in the macro's body on
	// line 2, expanded where SQUARE is used on line 5
	if square == nil {
		t.Fatal("no x * x")
	}
	b := square.Begin
	if b.Spelling == nil || b.Expansion == nil {
		t.Fatalf("x * x's start %+v has no spelling and expansion", b)
	}
	if got, want := [2]int{b.Spelling.Line, b.Expansion.Line}, [2]int{2, 5}; got != want {
		t.Errorf("x * x's start spelled and expanded on lines %v, want %v", got, want)
	}
	if square.ValueCategory != "prvalue" {
		t.Errorf("x * x is a %q, want a prvalue", square.ValueCategory)
	}
	var casts []string
	walk(root.Children[2], func(n *Node) {
		if n.CastKind != "" {
			casts = append(casts, n.CastKind)
		}
	})
	slices.Sort(casts)
	casts = slices.Compact(casts)
	if want := []string{"FunctionToPointerDecay", "IntegralCast", "NoOp"}; !slices.Equal(casts, want) {
		t.Errorf("main's casts %v, want %v", casts, want)
	}
}

// TestDumpHeader dumps a real header of the corpus, which includes
// libstdc++'s <map>, <memory>, <string> and <vector>: a dump of tens of
// megabytes of which a dozen nodes are the header's own.
func TestDumpHeader(t *testing.T) {
	c := Require(t)
	const main = "/usr/include/nlohmann/json_fwd.hpp"
	if _, err := os.Stat(main); err != nil {
		t.Skipf("%v: scripts/peers.sh cppcorpus installs it", err)
	}
	root, err := c.Dump(context.Background(), main, []string{"-std=c++20"})
	if err != nil {
		t.Fatal(err)
	}
	checkPlaces(t, root, main)
	var got []span
	walk(root, func(n *Node) {
		if n != root && !strings.HasSuffix(n.Kind, "Comment") && !strings.HasPrefix(n.Kind, "TemplateTypeParm") &&
			!strings.HasPrefix(n.Kind, "TemplateTemplateParm") && !strings.HasPrefix(n.Kind, "CXXRecord") && n.Kind != "TemplateArgument" &&
			!strings.HasSuffix(n.Kind, "Type") && !strings.HasSuffix(n.Kind, "Attr") {
			got = append(got, spanOf(n))
		}
	})
	// the namespaces come from NLOHMANN_JSON_NAMESPACE_BEGIN and _END
	want := []span{
		{"NamespaceDecl", "nlohmann", 25, 72},
		{"NamespaceDecl", "json_abi_v3_11_2", 25, 72},
		{"ClassTemplateDecl", "adl_serializer", 34, 35},
		{"ClassTemplateDecl", "basic_json", 39, 50},
		// basic_json<> and basic_json<ordered_map>, which json and
		// ordered_json name
		{"ClassTemplateSpecializationDecl", "basic_json", 39, 50},
		{"ClassTemplateSpecializationDecl", "basic_json", 39, 50},
		{"ClassTemplateDecl", "json_pointer", 54, 55},
		{"TypeAliasDecl", "json", 61, 61},
		{"ClassTemplateDecl", "ordered_map", 65, 66},
		{"TypeAliasDecl", "ordered_json", 70, 70},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the header's declarations (-want +got):\n%s", diff)
	}
	if ns := root.Children[0].Begin; ns.Expansion == nil || ns.Spelling == nil {
		t.Errorf("the namespace's start %+v is no macro's", ns)
	}
}

func TestDumpRejected(t *testing.T) {
	c := Require(t)
	_, err := c.Dump(context.Background(), fixture(t, "broken.cpp"), []string{"-std=c++20"})
	if err == nil || !strings.Contains(err.Error(), "line 2: expected expression") {
		t.Errorf("Dump of a broken file: %v, want its error on line 2", err)
	}
}

// TestReadDump reads a dump written by hand: the file and line each
// location leaves out, an includedFrom that is no location, a location
// inside an attribute no node keeps, a macro's location, a node of the
// main file under a header's, and strings with escapes.
func TestReadDump(t *testing.T) {
	const dump = `{"id":"0x1","kind":"TranslationUnitDecl","loc":{},"range":{"begin":{},"end":{}},"inner":[
  {"id":"0x2","kind":"TypedefDecl","loc":{},"range":{"begin":{},"end":{}},"isImplicit":true,"name":"__int128_t",
   "inner":[{"kind":"BuiltinType","type":{"qualType":"__int128"}}]},
  {"kind":"NamespaceDecl","loc":{"offset":10,"file":"/h.h","line":2,"col":11,"tokLen":1,"includedFrom":{"file":"/m.cpp"}},
   "range":{"begin":{"offset":0,"line":1,"col":1,"tokLen":9,"includedFrom":{"file":"/m.cpp"}},"end":{"offset":40,"line":5,"col":1,"tokLen":1}},
   "name":"n\"q\\",
   "inner":[
     {"kind":"VarDecl","loc":{"offset":21,"file":"/m.cpp","line":3,"col":5,"tokLen":1},
      "range":{"begin":{"offset":17,"col":1,"tokLen":3},"end":{"offset":25,"col":9,"tokLen":1}},
      "name":"x\u00e9","templateArgs":[{"loc":{"offset":5,"file":"/h.h","line":9}}],
      "inner":[{"kind":"IntegerLiteral","range":{"begin":{"offset":30,"col":9,"tokLen":1},"end":{"offset":30,"col":9,"tokLen":1}},"valueCategory":"prvalue","value":"1"}]},
     {"kind":"VarDecl","loc":{"offset":50,"file":"/m.cpp","line":7,"col":5,"tokLen":1},
      "range":{"begin":{"spellingLoc":{"offset":3,"file":"/h.h","line":1,"col":4,"tokLen":2},"expansionLoc":{"offset":46,"file":"/m.cpp","line":7,"col":1,"tokLen":5},"isMacroArgExpansion":true},
               "end":{"offset":52,"col":7,"tokLen":1}},
      "isImplicit":false,"name":"y"}
   ]}
]}`
	root, err := readDump(bufio.NewReader(strings.NewReader(dump)), "/m.cpp")
	if err != nil {
		t.Fatal(err)
	}
	m := func(off, line, col, tok int) Loc {
		return Loc{File: "/m.cpp", Offset: off, Line: line, Col: col, TokLen: tok}
	}
	want := &Node{Kind: "TranslationUnitDecl", Children: []*Node{
		// x's IntegerLiteral is not kept: its range leaves the file out,
		// and the last printed is /h.h, of the location in templateArgs
		{Kind: "VarDecl", Name: "xé", Loc: m(21, 3, 5, 1), Begin: m(17, 3, 1, 3), End: m(25, 3, 9, 1)},
		{Kind: "VarDecl", Name: "y", Loc: m(50, 7, 5, 1),
			Begin: Loc{Spelling: &Loc{File: "/h.h", Offset: 3, Line: 1, Col: 4, TokLen: 2}, Expansion: &Loc{File: "/m.cpp", Offset: 46, Line: 7, Col: 1, TokLen: 5}, MacroArg: true},
			End:   m(52, 7, 7, 1)},
	}}
	if diff := cmp.Diff(want, root); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
