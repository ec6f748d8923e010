package python

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// TestGolden parses each testdata/*.py and compares the tree, printed as
// an S-expression, with the .sexp golden file beside it.
func TestGolden(t *testing.T) { gramtest.GoldenTrees(t, Language, "testdata/*.py", *update) }

// TestErrorRecovery: a top-level statement that fails to parse is an
// ERROR node up to the next line that starts a statement at column 1;
// the statements after it still parse, and the error names its line,
// column and range.
func TestErrorRecovery(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
		line, col int
		region    string // the source the ERROR node covers
	}{
		{
			name: "broken def",
			src:  "def a():\n    return 1\n\ndef b(:\n    x = (1,\n    return 2\n\ndef c():\n    return 3\n",
			want: []string{"function_definition", "ERROR", "function_definition"},
			line: 4, col: 7, region: "def b(:\n    x = (1,\n    return 2",
		},
		{
			name: "unclosed bracket",
			src:  "x = [1, 2\ny = 3\ndef f():\n    pass\n",
			want: []string{"ERROR", "assignment", "function_definition"},
			line: 2, col: 1, region: "x = [1, 2",
		},
		{
			name: "unexpected indent",
			src:  "x = 1\n    y = 2\nz = 3\n",
			want: []string{"assignment", "ERROR", "assignment"},
			line: 2, col: 5, region: "y = 2",
		},
		{
			name: "error in a nested block",
			src:  "class A:\n    def f(self):\n        return )\n    def g(self):\n        pass\nclass B:\n    pass\n",
			want: []string{"ERROR", "class_definition"},
			line: 3, col: 16, region: "class A:\n    def f(self):\n        return )\n    def g(self):\n        pass",
		},
		{
			name: "stray else",
			src:  "if x:\n    pass\nelse:\n    pass\nelse:\n    pass\ny = 1\n",
			want: []string{"if_statement", "ERROR", "assignment"},
			line: 5, col: 1, region: "else:\n    pass",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := Language.Parse([]byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, gramtest.TopKinds(tree)); diff != "" {
				t.Errorf("top-level nodes (-want +got):\n%s", diff)
			}
			if len(tree.Errors) != 1 {
				t.Fatalf("errors: %v", tree.Errors)
			}
			e := tree.Errors[0]
			if e.Line != tc.line || e.Column != tc.col {
				t.Errorf("error at %d:%d, want %d:%d: %v", e.Line, e.Column, tc.line, tc.col, e)
			}
			if region := tc.src[e.Span.Start:e.Span.End]; region != tc.region {
				t.Errorf("error region %q, want %q", region, tc.region)
			}
		})
	}
}

// TestTooLarge: a file past the kit's limit is refused with an error
// that names the language.
func TestTooLarge(t *testing.T) { gramtest.TooLarge(t, Language, "x = 1\n") }

// underLimit is a file a few bytes under MaxFileSize, mostly long string
// literals so that parsing it is quick.
func underLimit() []byte {
	line := "_ = \"" + strings.Repeat("x", 4000) + "\"\n"
	return []byte(strings.Repeat(line, (MaxFileSize-10)/len(line)))
}

// deepBlocks nests n if statements, each indented a tab more than the
// one it is in. Indentation makes the file grow as n², so 100,000 levels
// would take gigabytes; 3,000 is past the depth guard.
func deepBlocks(n int) []byte {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat("\t", i) + "if x:\n")
	}
	b.WriteString(strings.Repeat("\t", n) + "pass\n")
	return []byte(b.String())
}

// TestBadInput: whatever the bytes, Parse returns a tree, with errors
// when the input is not Python, never a panic or a hang.
func TestBadInput(t *testing.T) {
	big := []byte(strings.Repeat("def f(x):\n    return [1, 2, x]\n", 50<<20/31))
	deep := func(open, mid, close string) []byte {
		return []byte("x = " + strings.Repeat(open, 100000) + mid + strings.Repeat(close, 100000) + "\n")
	}
	tests := []struct {
		name    string
		src     []byte
		wantErr string // "" means no error expected
	}{
		{"empty", nil, ""},
		{"only a comment", []byte("# nothing\n"), ""},
		{"only a docstring", []byte(`"""doc"""`), ""},
		{"no final newline", []byte("if x:\n    y = 1"), ""},
		{"CRLF", []byte("if x:\r\n    y = 1\r\nz = 2\r\n"), ""},
		{"byte order mark", []byte("\uFEFFx = 1\n"), ""},
		{"binary", []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00"), "invalid character"},
		{"NUL bytes", make([]byte, 4096), "invalid character"},
		{"not UTF-8", []byte("x = \xff\xfe\n"), "invalid UTF-8"},
		{"not UTF-8 in a string", []byte("x = '\xff\xfe'\n"), ""},
		{"tab then spaces", []byte("if x:\n\ty = 1\n        z = 2\n"), "inconsistent use of tabs and spaces"},
		{"spaces then tab", []byte("if x:\n        y = 1\n\tz = 2\n"), "inconsistent use of tabs and spaces"},
		{"tab and spaces ambiguous", []byte("if x:\n  \ty = 1\n\t  z = 2\n"), "inconsistent use of tabs and spaces"},
		{"tabs consistent", []byte("if x:\n\tif y:\n\t\tz = 1\n\tw = 2\n"), ""},
		{"unindent mismatch", []byte("if x:\n    y = 1\n  z = 2\n"), "unindent does not match any outer indentation level"},
		{"unterminated string", []byte("x = 'abc\ny = 1\n"), "unterminated string literal"},
		{"unterminated triple string", []byte("x = 1\ny = \"\"\"abc\n\ndef f(): pass\n"), "unterminated triple-quoted string literal"},
		{"unterminated f-string", []byte("x = f'{y\nz = 1\n"), "unterminated string literal"},
		{"unterminated f-string field", []byte("x = f\"\"\"{y\n\nz = 1\n"), "unterminated triple-quoted string literal"},
		{"unterminated nested f-string", []byte("x = f'{d[\"k]}'\ny = 1\n"), "unterminated string literal"},
		{"backslash not at the end of a line", []byte("x = 1 \\ 2\n"), "unexpected character after line continuation character"},
		{"deep parentheses", deep("(", "1", ")"), "nesting deeper"},
		{"deep brackets", deep("[", "1", "]"), "nesting deeper"},
		{"deep braces", deep("{", "1", "}"), "nesting deeper"},
		{"deep calls", []byte("x = f" + strings.Repeat("(f", 100000) + strings.Repeat(")", 100000) + "\n"), "nesting deeper"},
		{"deep unary", []byte("x = " + strings.Repeat("-", 100000) + "1\n"), "nesting deeper"},
		{"deep not", []byte("x = " + strings.Repeat("not ", 100000) + "1\n"), "nesting deeper"},
		{"deep lambdas", []byte("x = " + strings.Repeat("lambda: ", 100000) + "1\n"), "nesting deeper"},
		{"deep conditionals", []byte("x = 1" + strings.Repeat(" if a else 1", 100000) + "\n"), "nesting deeper"},
		{"deep powers", []byte("x = 1" + strings.Repeat(" ** 1", 100000) + "\n"), "nesting deeper"},
		{"deep assignments", []byte(strings.Repeat("a = ", 100000) + "1\n"), "nesting deeper"},
		{"deep patterns", []byte("match x:\n    case " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + ":\n        pass\n"), "nesting deeper"},
		{"deep f-strings", []byte("x = " + strings.Repeat("f'{", 100000) + strings.Repeat("}'", 100000) + "\n"), "unterminated string literal"},
		{"deep blocks", deepBlocks(3000), "nesting deeper"},
		{"100,000 unclosed brackets", []byte(strings.Repeat("(", 100000)), "nesting deeper"},
		// The look-ahead that decides match and with statements must not
		// read the file again for each broken line.
		{"many broken with statements", []byte(strings.Repeat("with (\n", 50000)), "expected expression"},
		{"many broken match statements", []byte(strings.Repeat("match (\n", 50000)), "nesting deeper"},
		{"broken lines before a long string", []byte(strings.Repeat("with (\n", 3000) + "'''" + strings.Repeat("x", 10<<20)), "unterminated triple-quoted"},
		{"50 MB", big, "the Python grammar parses files up to 32 MB"},
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
			for _, e := range tree.Errors {
				if e.Line < 1 || e.Column < 1 {
					t.Errorf("error without a position: %v", e)
				}
			}
		})
	}
}

// TestPatternMode: metavariables are identifiers in pattern mode only.
func TestPatternMode(t *testing.T) {
	src := []byte("def $F($$$A):\n    self.$A = $A\n    isinstance($X, $T)\n    $_ = f($$$)\n    $$$B\n")
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
	if diff := cmp.Diff([]string{"$F", "$$$A", "$A", "$A", "$X", "$T", "$_", "$$$", "$$$B"}, idents); diff != "" {
		t.Errorf("metavariables (-want +got):\n%s", diff)
	}
	tree, _ = Language.Parse(src)
	if len(tree.Errors) == 0 {
		t.Errorf("$ identifiers accepted outside pattern mode")
	}
}

// TestPatternRuns: in pattern mode a metavariable may stand where a list
// of clauses or decorated definitions goes.
func TestPatternRuns(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"match $X:\n    $$$C\n", `(match_statement "match" (identifier "$X") (block ":" (identifier "$$$C")))`},
		{"match $X:\n    case 1: pass\n    $$$C\n", `(block ":" (case_clause "case" (integer "1") (block ":" (pass_statement "pass"))) (identifier "$$$C"))`},
		{"if $C: $$$B\n", `(if_statement "if" (identifier "$C") (block ":" (identifier "$$$B")))`},
		{"@$D\n$F\n", `(decorated_definition (decorator "@" (identifier "$D")) (identifier "$F"))`},
		{"class $C($$$B): $$$M\n", `(class_definition "class" (identifier "$C") (argument_list "(" (identifier "$$$B") ")") (block ":" (identifier "$$$M")))`},
		{"def $F[$$$T]($$$A) -> $R: $$$B\n", `(function_definition "def" (identifier "$F") (type_parameter "[" (identifier "$$$T") "]") (parameters "(" (identifier "$$$A") ")") "->" (identifier "$R") (block ":" (identifier "$$$B")))`},
	} {
		tree, err := Language.ParsePattern([]byte(tc.src))
		if err != nil || len(tree.Errors) > 0 {
			t.Errorf("%q: %v %v", tc.src, err, tree.Errors)
			continue
		}
		if got := tree.Sexp(tree.Root); !strings.Contains(got, tc.want) {
			t.Errorf("%q:\n got %s\nwant a node %s", tc.src, got, tc.want)
		}
	}
}

// TestSuites: a one-line suite and an indented block are the same block
// node with the same children, so a pattern written on one line matches
// code written on many; semicolons, like line breaks, are no leaves. The
// block starts with the colon, a token of its own, so that a pattern's
// block of $$$B alone is a block and not a run that could go on over an
// else clause.
func TestSuites(t *testing.T) {
	for _, pair := range [][2]string{
		{"if a: f()\n", "if a:\n    f()\n"},
		{"if a: f(); g()\n", "if a:\n    f()\n    g()\n"},
		{"if a: f(); g();\n", "if a:\n    f()\n    g()\n"},
		{"def f(x): return x\n", "def f(x):\n    return x\n"},
		{"class C: pass\n", "class C:\n    pass\n"},
		{"while x: x -= 1\nelse: y = 2\n", "while x:\n    x -= 1\nelse:\n    y = 2\n"},
		{"for i in x: print(i)\n", "for i in x:\n\n    # a comment\n    print(i)\n"},
		{"try: f()\nexcept E: pass\nfinally: g()\n", "try:\n    f()\nexcept E:\n    pass\nfinally:\n    g()\n"},
		{"with a as b: f(b)\n", "with a as b:\n    f(b)\n"},
		{"a = 1; b = 2\n", "a = 1\nb = 2\n"},
	} {
		var sexps []string
		for _, src := range pair {
			tree, err := Language.Parse([]byte(src))
			if err != nil || len(tree.Errors) > 0 {
				t.Fatalf("%q: %v %v", src, err, tree.Errors)
			}
			sexps = append(sexps, tree.Sexp(tree.Root))
		}
		if diff := cmp.Diff(sexps[1], sexps[0]); diff != "" {
			t.Errorf("%q (-block +one line):\n%s", pair[0], diff)
		}
		if strings.Contains(sexps[0], `";"`) {
			t.Errorf("%q: a ; is a leaf: %s", pair[0], sexps[0])
		}
	}
}

// TestSoftKeywords: match, case, type and _ are names except where they
// start their statements, and print is a name.
func TestSoftKeywords(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"match = 1\n", `(assignment (identifier "match") "=" (integer "1"))`},
		{"match(x)\n", `(call (identifier "match") (argument_list "(" (identifier "x") ")"))`},
		{"match(x).group(1)\n", `(call (attribute (call (identifier "match")`},
		{"match[1:2]\n", `(subscript (identifier "match") "[" (slice`},
		{"match -x\n", `(binary_operator (identifier "match") "-" (identifier "x"))`},
		{"match: int = 1\n", `(assignment (identifier "match") ":" (identifier "int") "=" (integer "1"))`},
		{"match (x):\n    case _: pass\n", `(match_statement "match" (parenthesized_expression "(" (identifier "x") ")") (block ":" (case_clause "case" (identifier "_") (block ":"`},
		{"match x, y:\n    case 1, 2: pass\n", `(match_statement "match" (expression_list (identifier "x") "," (identifier "y")) (block ":" (case_clause "case" (integer "1") "," (integer "2") (block ":"`},
		{"match {1: 2}[x]:\n    case 1: pass\n", `(match_statement "match" (subscript (dictionary`},
		{"case = 1\n", `(assignment (identifier "case") "=" (integer "1"))`},
		{"type = 1\n", `(assignment (identifier "type") "=" (integer "1"))`},
		{"type(x)\n", `(call (identifier "type")`},
		{"type X = int\n", `(type_alias_statement "type" (identifier "X") "=" (identifier "int"))`},
		{"type X[T] = list[T]\n", `(type_alias_statement "type" (identifier "X") (type_parameter "[" (identifier "T") "]") "="`},
		{"_ = 1\n", `(assignment (identifier "_") "=" (integer "1"))`},
		{"print(x, file=f)\n", `(call (identifier "print") (argument_list "(" (identifier "x") "," (keyword_argument (identifier "file") "=" (identifier "f")) ")"))`},
	} {
		tree, err := Language.Parse([]byte(tc.src))
		if err != nil || len(tree.Errors) > 0 {
			t.Errorf("%q: %v %v", tc.src, err, tree.Errors)
			continue
		}
		if got := tree.Sexp(tree.Root); !strings.Contains(got, tc.want) {
			t.Errorf("%q:\n got %s\nwant a node %s", tc.src, got, tc.want)
		}
	}
}

// TestStrings: a string is one leaf, and adjacent strings are grouped
// under one node.
func TestStrings(t *testing.T) {
	for _, s := range []string{
		`b'\x00'`, `Rb"\d"`, `bR'x'`, `u"x"`,
		`'it\'s'`, `"a\"b"`, `r"\""`,
		"'''a\n'b'\n\"c\"'''",
		"'line \\\ncontinued'",
	} {
		tree, err := Language.Parse([]byte("x = " + s + "\n"))
		if err != nil || len(tree.Errors) > 0 {
			t.Errorf("%s: %v %v", s, err, tree.Errors)
			continue
		}
		want := fmt.Sprintf(`(module (assignment (identifier "x") "=" (string %q)))`, s)
		if got := tree.Sexp(tree.Root); got != want {
			t.Errorf("%s:\n got %s\nwant %s", s, got, want)
		}
	}
	tree, _ := Language.Parse([]byte("x = ('a'\n     \"b\" f'{c}')\n"))
	want := `(module (assignment (identifier "x") "=" (parenthesized_expression "(" (concatenated_string (string "'a'") (string "\"b\"") (f_string "f'" (interpolation "{" (identifier "c") "}") "'")) ")")))`
	if got := tree.Sexp(tree.Root); got != want {
		t.Errorf("adjacent strings:\n got %s\nwant %s", got, want)
	}
}

// TestFStrings: an f-string's replacement fields are parsed as Python
// 3.12 parses them (PEP 701), nested quotes, nested f-strings and
// multi-line fields included; literal text, conversions and format specs
// stay leaves.
func TestFStrings(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`f"{d["k"]}"`, `(f_string "f\"" (interpolation "{" (subscript (identifier "d") "[" (string "\"k\"") "]") "}") "\"")`},
		{`f"{x:{width}}"`, `(f_string "f\"" (interpolation "{" (identifier "x") (format_specifier ":" (interpolation "{" (identifier "width") "}")) "}") "\"")`},
		{`f'{x!r:>{w}.{p}}'`, `(f_string "f'" (interpolation "{" (identifier "x") (type_conversion "!r") (format_specifier ":" (string_content ">") (interpolation "{" (identifier "w") "}") (string_content ".") (interpolation "{" (identifier "p") "}")) "}") "'")`},
		{`f"{f"{f"{1}"}"}"`, `(f_string "f\"" (interpolation "{" (f_string "f\"" (interpolation "{" (f_string "f\"" (interpolation "{" (integer "1") "}") "\"") "}") "\"") "}") "\"")`},
		{`f"{'}'}"`, `(f_string "f\"" (interpolation "{" (string "'}'") "}") "\"")`},
		{`f"{{}}"`, `(f_string "f\"" (string_content "{{}}") "\"")`},
		{`f"{x = }"`, `(f_string "f\"" (interpolation "{" (identifier "x") "=" "}") "\"")`},
		{`f"\N{BULLET} {x}"`, `(f_string "f\"" (string_content "\\N{BULLET} ") (interpolation "{" (identifier "x") "}") "\"")`},
		{`rf"\{x}"`, `(f_string "rf\"" (string_content "\\") (interpolation "{" (identifier "x") "}") "\"")`},
		{"f\"\"\"{\n  x # comment\n}\"\"\"", `(f_string "f\"\"\"" (interpolation "{" (identifier "x") "}") "\"\"\"")`},
		{"f\"{', '.join([\n    a,  # first\n    b,\n])}\"", `(f_string "f\"" (interpolation "{" (call (attribute (string "', '") "." (identifier "join")) (argument_list "(" (list "[" (identifier "a") "," (identifier "b") "," "]") ")")) "}") "\"")`},
		{`F'x'`, `(f_string "F'" (string_content "x") "'")`},
		{`fR"x"`, `(f_string "fR\"" (string_content "x") "\"")`},
		{`Rf'x'`, `(f_string "Rf'" (string_content "x") "'")`},
		{`t"{x}"`, `(f_string "t\"" (interpolation "{" (identifier "x") "}") "\"")`},
		{`tr'{x}\d'`, `(f_string "tr'" (interpolation "{" (identifier "x") "}") (string_content "\\d") "'")`},
	} {
		tree, err := Language.Parse([]byte("x = " + tc.src + "\n"))
		if err != nil || len(tree.Errors) > 0 {
			t.Errorf("%s: %v %v", tc.src, err, tree.Errors)
			continue
		}
		want := `(module (assignment (identifier "x") "=" ` + tc.want + `))`
		if got := tree.Sexp(tree.Root); got != want {
			t.Errorf("%s:\n got %s\nwant %s", tc.src, got, want)
		}
	}
}

// TestTrivia: comments are trivia, not leaves.
func TestTrivia(t *testing.T) {
	src := "# header\nx = 1  # trailing\n\n    # indented, on a line of its own\ny = [\n    2,  # in brackets\n]\n"
	tree, err := Language.Parse([]byte(src))
	if err != nil || len(tree.Errors) > 0 {
		t.Fatalf("%v %v", err, tree.Errors)
	}
	var comments []string
	for _, sp := range tree.Trivia {
		comments = append(comments, src[sp.Start:sp.End])
	}
	want := []string{"# header", "# trailing", "# indented, on a line of its own", "# in brackets"}
	if diff := cmp.Diff(want, comments); diff != "" {
		t.Errorf("trivia (-want +got):\n%s", diff)
	}
	for _, l := range tree.Leaves() {
		if strings.HasPrefix(tree.Text(l), "#") {
			t.Errorf("a comment is a leaf: %q", tree.Text(l))
		}
	}
}

// scaffold wraps fragment as the matcher does: dedented, with the
// scaffold's Indent before each line, between Prefix and Suffix. It
// returns the source and the fragment's range in it.
func scaffold(sc grammars.Scaffold, fragment string) (string, uint32, uint32) {
	lines := strings.Split(fragment, "\n")
	for i := range lines {
		lines[i] = sc.Indent + lines[i]
	}
	body := strings.Join(lines, "\n")
	start := len(sc.Prefix) + len(sc.Indent)
	return sc.Prefix + body + sc.Suffix, uint32(start), uint32(len(sc.Prefix) + len(body))
}

// innermost returns the deepest node whose range is exactly [start, end).
func innermost(t *grammars.Tree, start, end uint32) int32 {
	found := grammars.NoNode
	t.Walk(func(n int32) bool {
		nd := t.Nodes[n]
		if nd.Start == start && nd.End == end {
			found = n
		}
		return nd.Start <= start && end <= nd.End
	})
	return found
}

// TestScaffolds: each kind of fragment is taken by the context meant for
// it, and the pattern's node is what a user means by the fragment.
func TestScaffolds(t *testing.T) {
	for _, tc := range []struct{ fragment, context, kind string }{
		{"$X", "statement", "identifier"},
		{"isinstance($X, $T)", "statement", "call"},
		{"self.$A = $A", "statement", "assignment"},
		{"$A, $B", "statement", "expression_list"},
		{"if $C: $$$B", "statement", "if_statement"},
		{"if $C:\n    $$$B\nelse:\n    $$$E", "statement", "if_statement"},
		{"def $F($$$A): $$$B", "statement", "function_definition"},
		{"@$D\ndef $F($$$A): $$$B", "statement", "decorated_definition"},
		{"return $X", "statement", "return_statement"},
		{"yield $X", "statement", "yield"},
		{"$X if $C else $Y", "statement", "conditional_expression"},
		{"[$X for $Y in $Z]", "statement", "list_comprehension"},
		{"$A := $B", "statement", "named_expression"},
		{"lambda $$$A: $B", "statement", "lambda"},
		{"match $X:\n    case $P: $$$B", "statement", "match_statement"},
		{"@$D", "decorator", "decorator"},
		{"**$KW", "argument", "dictionary_splat"},
		{"except $E as $N: $$$B", "except clause", "except_clause"},
		{"except* $E: $$$B", "except clause", "except_group_clause"},
		{"finally: $$$B", "except clause", "finally_clause"},
		{"elif $C: $$$B", "elif or else clause", "elif_clause"},
		{"case $P: $$$B", "case clause", "case_clause"},
		{"case [$A, *$R] if $G:\n    $$$B", "case clause", "case_clause"},
	} {
		context, kind := "", ""
		var tried []string
		for _, sc := range Language.Scaffolds {
			src, start, end := scaffold(sc, tc.fragment)
			tree, err := Language.ParsePattern([]byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if len(tree.Errors) > 0 {
				tried = append(tried, sc.Name+": "+tree.Errors[0].Error())
				continue
			}
			if n := innermost(tree, start, end); n != grammars.NoNode {
				context, kind = sc.Name, tree.KindName(n)
				break
			}
			tried = append(tried, sc.Name+": no node spans it")
		}
		if context != tc.context || kind != tc.kind {
			t.Errorf("%q: %s in %q, want %s in %q; tried %s", tc.fragment, kind, context, tc.kind, tc.context, strings.Join(tried, "; "))
		}
	}
}

func BenchmarkParse(b *testing.B) { gramtest.BenchParse(b, Language, stdlibSample(b, python3(b), 100)) }

// FuzzParse: no input makes Parse or ParsePattern panic, and the tree's
// nodes always nest inside their parents.
func FuzzParse(f *testing.F) {
	forms, err := os.ReadFile("testdata/forms.py")
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{string(forms), "if x:\n\ty = (1,\n", "f'{x:{y}}' 'a' \\\n", "match (x):\n case [*_]: pass\n", "with (a as b):\n  pass\n"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, parse := range []func([]byte) (*grammars.Tree, error){Language.Parse, Language.ParsePattern} {
			tree, err := parse(src)
			if err != nil {
				t.Fatal(err)
			}
			if tree.Nodes[tree.Root].End != uint32(len(src)) {
				t.Fatalf("root ends at %d, the source at %d", tree.Nodes[tree.Root].End, len(src))
			}
			checkRanges(t, "fuzz", tree)
		}
	})
}

// TestByteOrderMark: a byte order mark at the start of a file is trivia,
// and columns are counted after it.
func TestByteOrderMark(t *testing.T) {
	tree, err := Language.Parse([]byte("\uFEFFimport os\nx = 1 + $\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tree.Errors) == 0 || tree.Errors[0].Line != 2 || tree.Errors[0].Column != 9 {
		t.Fatalf("errors %v, want one at 2:9", tree.Errors)
	}
	tree, err = Language.Parse([]byte("\uFEFFimport os\n"))
	if err != nil || len(tree.Errors) > 0 {
		t.Fatalf("a file with a byte order mark: %v %v", err, tree.Errors)
	}
	if got := tree.Sexp(tree.Root); !strings.Contains(got, `"import"`) {
		t.Errorf("tree %s", got)
	}
}

// TestFStringErrors: a broken f-string is an error at the right line, and
// what follows it still parses.
func TestFStringErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`f"{x`, "1:5: unterminated string literal"},
		{`f"{}"`, "1:8: expected expression, found '}'"},
		{`f"{x!}"`, "1:10: expected a conversion right after ! (r, s or a), found '}'"},
		{`f"{x! r}"`, "1:11: expected a conversion right after ! (r, s or a), found identifier 'r'"},
		{`f"{x y}"`, "1:10: expected '}', found identifier 'y'"},
		{"f'''\n{x +}'''", "2:5: expected expression, found '}'"},
		{`f"{f'{x +}'}"`, "1:14: expected expression, found '}'"},
	} {
		src := "x = " + tc.src + "\ny = 1\n"
		tree, err := Language.Parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if len(tree.Errors) == 0 {
			t.Errorf("%s: no error", tc.src)
			continue
		}
		if got := tree.Errors[0].Error(); got != tc.want {
			t.Errorf("%s: error %q, want %q", tc.src, got, tc.want)
		}
		if got := tree.Sexp(tree.Root); !strings.Contains(got, `(assignment (identifier "y") "=" (integer "1"))`) {
			t.Errorf("%s: the next line does not parse: %s", tc.src, got)
		}
	}
}
