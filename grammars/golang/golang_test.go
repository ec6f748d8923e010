package golang

import (
	"bytes"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// TestGolden parses each testdata/*.go and compares the tree, printed as
// an S-expression, with the .sexp golden file beside it.
func TestGolden(t *testing.T) { gramtest.GoldenTrees(t, Language, "testdata/*.go", *update) }

// TestErrorTolerance: a syntax error in one top-level declaration leaves
// the others parsed, and the error names its line, column and range.
func TestErrorTolerance(t *testing.T) {
	src := "package p\n\nfunc A() { a() }\n\nfunc B() { if x { }}} \n\nvar C = 1\n\nfunc D() { d() }\n"
	tree, err := Language.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"package_clause", "function_declaration", "ERROR", "var_declaration", "function_declaration"}
	if diff := cmp.Diff(want, gramtest.TopKinds(tree)); diff != "" {
		t.Errorf("top-level nodes (-want +got):\n%s", diff)
	}
	if len(tree.Errors) != 1 {
		t.Fatalf("errors: %v", tree.Errors)
	}
	e := tree.Errors[0]
	if e.Line != 5 || e.Column != 21 {
		t.Errorf("error at %d:%d, want 5:21: %v", e.Line, e.Column, e)
	}
	if region := src[e.Span.Start:e.Span.End]; !strings.HasPrefix(region, "func B()") || strings.Contains(region, "var C") {
		t.Errorf("error region %q, want func B's declaration", region)
	}
}

// TestTooLarge: a file past the kit's limit is refused with an error
// that names the language.
func TestTooLarge(t *testing.T) { gramtest.TooLarge(t, Language, "var x = 1\n") }

// underLimit is a file a few bytes under MaxFileSize, mostly long string
// literals so that parsing it is quick.
func underLimit() []byte {
	line := "var _ = \"" + strings.Repeat("x", 4000) + "\"\n"
	src := "package p\n" + strings.Repeat(line, (MaxFileSize-10)/len(line))
	return []byte(src)
}

// TestBadInput: whatever the bytes, Parse returns a tree with errors or
// without, never a panic or a hang.
func TestBadInput(t *testing.T) {
	big := bytes.Repeat([]byte("func f() { x := []int{1, 2, 3}; _ = x }\n"), 50<<20/40)
	big = append([]byte("package p\n"), big...)
	tests := []struct {
		name    string
		src     []byte
		wantErr string // "" means no error expected
	}{
		{"empty", nil, "expected"},
		{"only a package", []byte("package p"), ""},
		{"binary", []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00"), "expected"},
		{"NUL bytes", make([]byte, 4096), "expected"},
		{"not UTF-8", []byte("package p\nvar s = \xff\xfe\n"), "invalid UTF-8"},
		{"unterminated string", []byte("package p\nvar s = \"abc\n"), "not terminated"},
		{"unterminated comment", []byte("package p\n/* no end"), "not terminated"},
		{"deep parentheses", []byte("package p\nvar x = " + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000) + "\n"), "nesting deeper"},
		{"deep blocks", []byte("package p\nfunc f() " + strings.Repeat("{", 100000) + strings.Repeat("}", 100000) + "\n"), "nesting deeper"},
		{"deep types", []byte("package p\nvar x " + strings.Repeat("[]", 100000) + "int\n"), "nesting deeper"},
		{"deep unary", []byte("package p\nvar x = " + strings.Repeat("^", 100000) + "1\n"), "nesting deeper"},
		{"deep literals", []byte("package p\nvar x = T" + strings.Repeat("{", 100000) + strings.Repeat("}", 100000) + "\n"), "nesting deeper"},
		{"50 MB", big, "the Go grammar parses files up to 32 MB"},
		{"just under the limit", underLimit(), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := Language.Parse(tc.src)
			if err != nil {
				t.Fatalf("no tree: %v", err)
			}
			switch {
			case tc.wantErr == "" && len(tree.Errors) > 0:
				t.Errorf("errors: %v", tree.Errors)
			case tc.wantErr != "" && (len(tree.Errors) == 0 || !strings.Contains(fmt.Sprint([]*grammars.Error(tree.Errors)), tc.wantErr)):
				t.Errorf("errors %v, want one containing %q", tree.Errors, tc.wantErr)
			}
			if tree.Nodes[tree.Root].End != uint32(len(tc.src)) {
				t.Errorf("root ends at %d, the file at %d", tree.Nodes[tree.Root].End, len(tc.src))
			}
		})
	}
}

// TestPatternMode: metavariables are identifiers in pattern mode only.
func TestPatternMode(t *testing.T) {
	src := []byte("package p\nfunc _() { fmt.Sprintf($F, $$$ARGS); $_ = $X2; f($$$) }\n")
	tree, err := Language.ParsePattern(src)
	if err != nil || len(tree.Errors) > 0 {
		t.Fatalf("pattern: %v %v", err, tree.Errors)
	}
	var idents []string
	for _, l := range tree.Leaves() {
		if tree.KindName(l) == "identifier" && strings.HasPrefix(tree.Text(l), "$") {
			idents = append(idents, tree.Text(l))
		}
	}
	if diff := cmp.Diff([]string{"$F", "$$$ARGS", "$_", "$X2", "$$$"}, idents); diff != "" {
		t.Errorf("metavariables (-want +got):\n%s", diff)
	}
	tree, _ = Language.Parse(src)
	if len(tree.Errors) == 0 {
		t.Errorf("$ identifiers accepted outside pattern mode")
	}
}

// TestPatternRuns: in pattern mode a metavariable may stand where a list
// of clauses, specs or type parameters goes, and is then a leaf of the
// list's node, not wrapped in one element.
func TestPatternRuns(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"func _() { switch $X { $$$C } }", `(expression_switch_statement "switch" (identifier "$X") "{" (identifier "$$$C") "}")`},
		{"func _() { switch {\n$$$C\n} }", `(expression_switch_statement "switch" "{" (identifier "$$$C") "}")`},
		{"func _() { switch $V := $X.(type) { $$$C } }", `(type_switch_statement "switch" (short_var_declaration (identifier "$V") ":=" (type_switch_guard (identifier "$X") "." "(" "type" ")")) "{" (identifier "$$$C") "}")`},
		{"func _() { select { $$$BEFORE\ncase <-$C: $$$B } }", `(select_statement "select" "{" (identifier "$$$BEFORE") (communication_case "case" (unary_expression "<-" (identifier "$C")) ":" (identifier "$$$B")) "}")`},
		{"type ( $$$T )", `(type_declaration "type" "(" (identifier "$$$T") ")")`},
		{"func $F[$$$T]() {}", `(type_parameter_list "[" (identifier "$$$T") "]")`},
		{"func $F[K comparable, $$$]() {}", `(type_parameter_list "[" (type_parameter_declaration (identifier "K") (identifier "comparable")) "," (identifier "$$$") "]")`},
		{"type $T[$$$P] struct{}", `(type_spec (identifier "$T") (type_parameter_list "[" (identifier "$$$P") "]") (struct_type "struct" (field_declaration_list "{" "}")))`},
		{"type $T [$N]int", `(type_spec (identifier "$T") (array_type "[" (identifier "$N") "]" (identifier "int")))`}, // one metavariable is still an array length
	} {
		src := "package p\n" + tc.src + "\n"
		tree, err := Language.ParsePattern([]byte(src))
		if err != nil || len(tree.Errors) > 0 {
			t.Errorf("%s: %v %v", tc.src, err, tree.Errors)
			continue
		}
		if got := tree.Sexp(tree.Root); !strings.Contains(got, tc.want) {
			t.Errorf("%s:\n got %s\nwant a node %s", tc.src, got, tc.want)
		}
	}
}

// TestTerminators: a semicolon that ends a statement, spec, field or
// declaration is a line break, so code written on one line with ; has the
// tree of the same code on many lines. The ; of a header stays a leaf.
func TestTerminators(t *testing.T) {
	one := "package p; import \"a\"; type T struct { a int; b string }; var ( x = 1; y = 2 ); func f() { a(); b(); ; for i := 0; i < 1; i++ { if v := g(); v { c() } } }"
	many := `package p
import "a"
type T struct {
	a int
	b string
}
var (
	x = 1
	y = 2
)
func f() {
	a()
	b()
	for i := 0; i < 1; i++ {
		if v := g(); v {
			c()
		}
	}
}
`
	var sexps []string
	for _, src := range []string{one, many} {
		tree, err := Language.Parse([]byte(src))
		if err != nil || len(tree.Errors) > 0 {
			t.Fatalf("%s: %v %v", src, err, tree.Errors)
		}
		sexps = append(sexps, tree.Sexp(tree.Root))
	}
	if diff := cmp.Diff(sexps[1], sexps[0]); diff != "" {
		t.Errorf("one line (-many lines +one line):\n%s", diff)
	}
	if n := strings.Count(sexps[0], `";"`); n != 3 {
		t.Errorf("%d ; leaves, want the 3 of the for and if headers: %s", n, sexps[0])
	}
}

func BenchmarkParse(b *testing.B) { gramtest.BenchParse(b, Language, stdlibSample(b, 20)) }

// TestPatternImports: a pattern's imports and a file's must build the same
// tree, or a pattern such as import "fmt" would never match.
func TestPatternImports(t *testing.T) {
	for _, src := range []string{
		"package p\nimport \"fmt\"\n",
		"package p\nimport f \"fmt\"\nimport . \"os\"\n",
		"package p\n\nimport (\n\t\"fmt\"\n\tstr \"strings\" // comment\n\t_ `embed`\n)\n\nfunc f() {}\n",
		"package p; import (\"a\"; \"b\"); var x = 1",
	} {
		file, err := Language.Parse([]byte(src))
		if err != nil || len(file.Errors) > 0 {
			t.Fatalf("Parse(%q): %v %v", src, err, file.Errors)
		}
		pat, err := Language.ParsePattern([]byte(src))
		if err != nil || len(pat.Errors) > 0 {
			t.Fatalf("ParsePattern(%q): %v %v", src, err, pat.Errors)
		}
		if diff := cmp.Diff(file.Sexp(file.Root), pat.Sexp(pat.Root)); diff != "" {
			t.Errorf("%q: file and pattern trees differ (-file +pattern):\n%s", src, diff)
		}
	}
}

// TestScannerPositions: a scanner error is at the line and column where
// its token starts, even when the token ran on over later lines, and a
// byte order mark at the start of a file is trivia.
func TestScannerPositions(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"comment left open over lines", "package p\n\nvar x = 1 /* one\ntwo\nthree", []string{"3:11: comment not terminated"}},
		{"raw string left open over lines", "package p\n\nvar s = `one\ntwo\nthree", []string{"3:9: raw string literal not terminated"}},
		{"byte order mark", "\uFEFFpackage p\n\nfunc F() {}\n", nil},
		{"byte order mark, then an error", "\uFEFFpackage p\nvar s = \"x\n", []string{"2:9: string literal not terminated"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := Language.Parse([]byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range tree.Errors {
				if strings.Contains(e.Msg, "not terminated") || tc.want == nil {
					got = append(got, e.Error())
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}
