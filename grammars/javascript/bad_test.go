package javascript

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/google/go-cmp/cmp"
)

// TestBadInput: broken input is a listed error at its line, never a panic
// or a hang, as a file or as a pattern; the rest of the file still
// parses.
func TestBadInput(t *testing.T) {
	deep := func(open, close string, n int) string {
		return "x = " + strings.Repeat(open, n) + "1" + strings.Repeat(close, n) + ";\n"
	}
	for _, tc := range []struct {
		name string
		l    *grammars.Language
		src  string
		line int    // of the first error
		msg  string // in the first error
	}{
		{"unterminated template", TypeScript, "let a = 1;\nlet x = `abc\n${y}\ndef", 2, "unterminated template literal"},
		{"unterminated template in a substitution", TypeScript, "f(`a${`b", 1, "unterminated template literal"},
		{"unterminated regex", JavaScript, "let a = 1;\nlet r = /abc\nlet b = 2;", 2, "unterminated regular expression literal"},
		{"unterminated string", JavaScript, "x = 'abc\ny = 2", 1, "unterminated string literal"},
		{"unterminated comment", JavaScript, "x = 1 /* no end", 1, "unterminated comment"},
		{"JSX in a .ts file", TypeScript, "const a = 1;\nconst x = <div>hi</div>;\n", 2, ""},
		{"JSX mismatched closing tag", TSX, "x = <a>\n</b>", 2, "expected corresponding closing tag for 'a'"},
		{"deep parentheses", JavaScript, deep("(", ")", 100000), 1, "nesting deeper than"},
		{"deep arrays", JavaScript, deep("[", "]", 100000), 1, "nesting deeper than"},
		{"deep objects", JavaScript, "x = " + strings.Repeat("{a:", 100000) + "1" + strings.Repeat("}", 100000), 1, "nesting deeper than"},
		{"deep blocks", JavaScript, strings.Repeat("{", 100000) + strings.Repeat("}", 100000), 1, "nesting deeper than"},
		{"deep unary", JavaScript, "x = " + strings.Repeat("!", 100000) + "y", 1, "nesting deeper than"},
		{"deep types", TypeScript, "type T = " + strings.Repeat("A<", 100000) + "B" + strings.Repeat(">", 100000), 1, "nesting deeper than"},
		{"deep JSX", TSX, "x = " + strings.Repeat("<a>", 100000), 1, "nesting deeper than"},
		{"deep arrows", TypeScript, "x = " + strings.Repeat("(a = ", 3000) + "1" + strings.Repeat(") => a", 3000), 1, "nesting deeper than"},
		{"NUL bytes", JavaScript, "x = 1;\n\x00\x00\x00\ny = 2;", 2, "unexpected character"},
		{"invalid UTF-8", JavaScript, "x = 1;\ny = \xff\xfe;", 2, "unexpected character"},
		{"stray closer", TypeScript, "f();\n)\ng();", 2, "expected expression"},
		{"throw with a line break", JavaScript, "throw\nnew Error()", 1, "line break not permitted after throw"},
		{"long look-ahead", TypeScript, "type T = (public public public public public public public public x", 1, "expected"},
	} {
		tree := gramtest.BadParse(t, tc.l, []byte(tc.src))
		if len(tree.Errors) == 0 {
			t.Errorf("%s: no error; tree %.200s", tc.name, tree.Sexp(tree.Root))
			continue
		}
		e := tree.Errors[0]
		if e.Line != tc.line || !strings.Contains(e.Msg, tc.msg) {
			t.Errorf("%s: first error %v; want one at line %d saying %q", tc.name, e, tc.line, tc.msg)
		}
	}
}

// TestRecovery: a statement that fails to parse is one ERROR node, and
// the statements after it, from a line that starts one at column 1,
// parse.
func TestRecovery(t *testing.T) {
	src := "const a = 1;\nfunction f() {\n  x = = 2;\n}\nconst b = 3;\nclass C { m() {} }\n"
	tree, _ := TypeScript.Parse([]byte(src))
	if len(tree.Errors) != 1 || tree.Errors[0].Line != 3 {
		t.Fatalf("errors %v; want one at line 3", tree.Errors)
	}
	want := []string{"lexical_declaration", "ERROR", "lexical_declaration", "class_declaration"}
	if diff := cmp.Diff(want, gramtest.TopKinds(tree)); diff != "" {
		t.Errorf("top-level nodes (-want +got):\n%s", diff)
	}
}

// TestTooManyErrors: after ten errors the rest of the file is one ERROR
// node, and an error says that the parse stopped.
func TestTooManyErrors(t *testing.T) {
	src := strings.Repeat("x = = 1;\n", 12) + "y = 2;\n"
	tree, _ := JavaScript.Parse([]byte(src))
	if len(tree.Errors) != 11 || !strings.Contains(tree.Errors[10].Msg, "too many errors") {
		t.Fatalf("errors %v; want ten and one saying there were too many", tree.Errors)
	}
	want := strings.Fields(strings.Repeat("ERROR ", 11)) // ten statements, then the rest
	if diff := cmp.Diff(want, gramtest.TopKinds(tree)); diff != "" {
		t.Errorf("top-level nodes (-want +got):\n%s", diff)
	}
}

// TestBinaryInput: random bytes never panic or hang, as a file or as a
// pattern, and the tree is well formed.
func TestBinaryInput(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 300; i++ {
		n := r.Intn(2000)
		b := make([]byte, n)
		r.Read(b)
		if i%3 == 1 {
			// Mostly code-like bytes, which get further into the parser.
			const alphabet = "abc(){}[]<>/=+-*!?:;,.`'\"$#@\\\n 01xyz=>&|"
			for j := range b {
				b[j] = alphabet[int(b[j])%len(alphabet)]
			}
		}
		for _, d := range dialects {
			gramtest.BadParse(t, d.l, b)
		}
	}
}

// minified is a bundle's worth of squeezed code: every construct that
// makes the parser look ahead or speculate, on one line.
const minified = `var a{i}=function(b,c){return b+c},d{i}=(e,f)=>e*f,g{i}=async(h)=>{await h},k{i}=(m=(n=(o)=>1)=>2)=>3;` +
	`if(a{i}(1,2)>d{i}(3,4)&&x<y){x=[1,2,3].map(g=>g*2).filter((v,i)=>v/i>1)}else{y={a:1,b:"s",c:/re/g,d:` + "`t${x}u`" + `,get e(){return 1}}}` +
	`for(var k=0;k<10;k++)z+=k/2/3;(function(){x=(a,b,(c,(d,(e))))})();class C{i}{#p=1;static{}m(){return this.#p}}` +
	`x=a?b:c?d:(e)=>f;x=y<z>w;x=(p)?(q):(r);`

// TestMinifiedBundle: a 10 MB bundle on one line parses with no error.
// BenchmarkMinifiedBundle holds its speed against a 1 MB one's, which
// shows whether the time is linear in the size; a unit test asserts no
// time.
func TestMinifiedBundle(t *testing.T) {
	src := []byte(minifiedBundle(10 << 20))
	tree, err := JavaScript.Parse(src)
	if err != nil || len(tree.Errors) > 0 {
		t.Fatalf("%d bytes: %v %v", len(src), err, tree.Errors)
	}
}

// BenchmarkMinifiedBundle parses bundles of 1 and 10 MB; their MB/s
// should be about the same.
func BenchmarkMinifiedBundle(b *testing.B) {
	for _, size := range []int{1 << 20, 10 << 20} {
		src := []byte(minifiedBundle(size))
		b.Run(fmt.Sprintf("%dMB", size>>20), func(b *testing.B) { gramtest.BenchSource(b, JavaScript, src) })
	}
}

// minifiedBundle repeats minified, with fresh names, to size bytes.
func minifiedBundle(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		b.WriteString(strings.ReplaceAll(minified, "{i}", itoa(i)))
	}
	return b.String()
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// TestFileEdges: a byte order mark and a hashbang line are trivia; an
// empty file is an empty program; a file over MaxFileSize is refused with
// an error, not parsed.
func TestFileEdges(t *testing.T) {
	for _, src := range []string{"\uFEFFlet x = 1;", "#!/usr/bin/env node\nlet x = 1;", "\uFEFF#!/usr/bin/env node\nlet x = 1;"} {
		tree := mustParse(t, JavaScript, src)
		if got, want := tree.Sexp(tree.Root), `(program (lexical_declaration "let" (variable_declarator (identifier "x") "=" (number "1"))))`; got != want {
			t.Errorf("%q: %s; want %s", src, got, want)
		}
	}
	if tree := mustParse(t, TypeScript, ""); len(tree.Nodes) != 1 {
		t.Errorf("empty file: %s", tree.Sexp(tree.Root))
	}
	tree, err := TypeScript.Parse(make([]byte, MaxFileSize+1))
	if err != nil || len(tree.Errors) != 1 || !strings.Contains(tree.Errors[0].Msg, "parses files up to") {
		t.Errorf("a file over MaxFileSize: %v %v", err, tree.Errors)
	}
}
