package c

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// TestFidelity: a tree's leaves are its lexer's tokens, but for the ;
// that ends a statement or a declaration and the tokens that are trivia
// (directive lines no list took, branches no compiler takes).
func TestFidelity(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.c"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tree, _ := Language.Parse(src)
		if len(tree.Errors) > 0 {
			t.Fatalf("%s: %v", f, tree.Errors)
		}
		checkFidelity(t, f, src, tree)
	}
}

// checkFidelity checks that tree's leaves are its tokens but for the ;
// that ends a statement or a declaration and the tokens that are trivia.
func checkFidelity(t *testing.T, name string, src []byte, tree *grammars.Tree) {
	t.Helper()
	inTrivia := func(s grammars.Span) bool {
		for _, tr := range tree.Trivia {
			if tr.Start <= s.Start && s.End <= tr.End {
				return true
			}
		}
		return false
	}
	gramtest.Fidelity(t, name, src, tree, func(tok grammars.Token) bool { return tok.Kind == tSemi || inTrivia(tok.Span) })
}

// tops returns the top-level items of src as S-expressions.
func tops(t *testing.T, src string) []string { return gramtest.Tops(t, Language, src) }

// TestShapes: the tree of each construct.
func TestShapes(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"int *p;", []string{`(declaration (int "int") (pointer_declarator "*" (identifier "p")))`}},
		{"typedef int T; T * x;", []string{`(type_definition "typedef" (int "int") (identifier "T"))`, `(declaration (type_identifier "T") (pointer_declarator "*" (identifier "x")))`}},
		{"void f(void) { T * x; a * b + c; }", []string{`(function_definition (void "void") (function_declarator (identifier "f") (parameter_list "(" (parameter_declaration (void "void")) ")")) (compound_statement "{" (declaration (type_identifier "T") (pointer_declarator "*" (identifier "x"))) (expression_statement (binary_expression (binary_expression (identifier "a") "*" (identifier "b")) "+" (identifier "c"))) "}"))`}},
		{"#define SQ(x) ((x)*(x))\n", []string{`(preproc_function_def "#" (preproc_directive "define") (identifier "SQ") (preproc_params "(" (identifier "x") ")") "(" "(" (identifier "x") ")" "*" "(" (identifier "x") ")" ")")`}},
		{"#ifdef A\nint a;\n#else\nint b;\n#endif\n", []string{`(preproc_if (preproc_line "#" (preproc_directive "ifdef") (identifier "A")) (declaration (int "int") (identifier "a")) (preproc_else (preproc_line "#" (preproc_directive "else")) (declaration (int "int") (identifier "b"))) (preproc_line "#" (preproc_directive "endif")))`}},
		// a typedef's array in a compound literal, in an if's condition
		{"typedef int S; void f(void) { if (g((S[]){1})) h(); }", []string{`(type_definition "typedef" (int "int") (identifier "S"))`, `(function_definition (void "void") (function_declarator (identifier "f") (parameter_list "(" (parameter_declaration (void "void")) ")")) (compound_statement "{" (if_statement "if" "(" (call_expression (identifier "g") (argument_list "(" (compound_literal_expression "(" (type_descriptor (type_identifier "S") (abstract_array_declarator "[" "]")) ")" (initializer_list "{" (number_literal "1") "}")) ")")) ")" (expression_statement (call_expression (identifier "h") (argument_list "(" ")")))) "}"))`}},
		// (a[0]) is an element, a a typedef's name or not
		{"typedef int S; int f(S *a) { return (a[0]) + 1; }", []string{`(type_definition "typedef" (int "int") (identifier "S"))`, `(function_definition (int "int") (function_declarator (identifier "f") (parameter_list "(" (parameter_declaration (type_identifier "S") (pointer_declarator "*" (identifier "a"))) ")")) (compound_statement "{" (return_statement "return" (binary_expression (parenthesized_expression "(" (subscript_expression (identifier "a") "[" (number_literal "0") "]") ")") "+" (number_literal "1"))) "}"))`}},
		// an attribute before a declarator after a comma
		{"void d0 (void), __attribute__((format(printf, 1, 2))) d1 (const char *, ...);", []string{`(declaration (void "void") (function_declarator (identifier "d0") (parameter_list "(" (parameter_declaration (void "void")) ")")) "," (attribute_specifier "__attribute__" "(" "(" (identifier "format") "(" (identifier "printf") "," (number_literal "1") "," (number_literal "2") ")" ")" ")") (function_declarator (identifier "d1") (parameter_list "(" (parameter_declaration "const" (char "char") (abstract_pointer_declarator "*")) "," "..." ")")))`}},
		// a function's name in parentheses: int (sprintf) (…) { … }
		{"int (sprintf) (char *buf) { return 0; }", []string{`(function_definition (int "int") (function_declarator (parenthesized_declarator "(" (identifier "sprintf") ")") (parameter_list "(" (parameter_declaration (char "char") (pointer_declarator "*" (identifier "buf"))) ")")) (compound_statement "{" (return_statement "return" (number_literal "0")) "}"))`}},
		// a calling convention in a function type's parentheses
		{"typedef unsigned (__stdcall P) (int c);", []string{`(type_definition "typedef" (unsigned "unsigned") (function_declarator (parenthesized_declarator "(" (identifier "__stdcall") (identifier "P") ")") (parameter_list "(" (parameter_declaration (int "int") (identifier "c")) ")")))`}},
		// the last field's ; left out, as GCC and clang allow
		{"struct d { int e; enum a f };", []string{`(declaration (struct_specifier "struct" (type_identifier "d") (field_declaration_list "{" (field_declaration (int "int") (field_identifier "e")) (field_declaration (enum_specifier "enum" (type_identifier "a")) (field_identifier "f")) "}")))`}},
		// an unknown type before a function pointer's (API *f), but f
		// (FILE *fp) is a definition's declarator
		{"typedef PRIntn (PR_CALLBACK *cmp)(const void *v);", []string{`(type_definition "typedef" (type_identifier "PRIntn") (function_declarator (parenthesized_declarator "(" (identifier "PR_CALLBACK") (pointer_declarator "*" (identifier "cmp")) ")") (parameter_list "(" (parameter_declaration "const" (void "void") (pointer_declarator "*" (identifier "v"))) ")")))`}},
		{"typedef EGLint (EGLAPIENTRYP GETERROR) (void);", []string{`(type_definition "typedef" (type_identifier "EGLint") (function_declarator (parenthesized_declarator "(" (identifier "EGLAPIENTRYP") (identifier "GETERROR") ")") (parameter_list "(" (parameter_declaration (void "void")) ")")))`}},
		// zlib's OF((…)) around a function pointer's parameters
		{"typedef voidpf (*alloc_func) OF((voidpf opaque, uInt items));", []string{`(type_definition "typedef" (type_identifier "voidpf") (function_declarator (parenthesized_declarator "(" (pointer_declarator "*" (identifier "alloc_func")) ")") (identifier "OF") "(" (parameter_list "(" (parameter_declaration (type_identifier "voidpf") (identifier "opaque")) "," (parameter_declaration (type_identifier "uInt") (identifier "items")) ")") ")"))`}},
		// an attribute's macro in lower case with (( before another
		{"int f (int a)\n    _Attr_access_ ((__read_only__, 2, 3))\n    _Attr_access_ ((__read_only__, 4, 5));", []string{`(declaration (int "int") (function_declarator (identifier "f") (parameter_list "(" (parameter_declaration (int "int") (identifier "a")) ")")) (attribute_specifier (identifier "_Attr_access_") "(" "(" (identifier "__read_only__") "," (number_literal "2") "," (number_literal "3") ")" ")") (attribute_specifier (identifier "_Attr_access_") "(" "(" (identifier "__read_only__") "," (number_literal "4") "," (number_literal "5") ")" ")"))`}},
		// a qualifier's macro in an array's brackets
		{"int f (int n, int m[_Restrict_arr_ _NELTS (n)]);", []string{`(declaration (int "int") (function_declarator (identifier "f") (parameter_list "(" (parameter_declaration (int "int") (identifier "n")) "," (parameter_declaration (int "int") (array_declarator (identifier "m") "[" (identifier "_Restrict_arr_") (call_expression (identifier "_NELTS") (argument_list "(" (identifier "n") ")")) "]")) ")")))`}},
		{"f (FILE *fp) { return 0; }", []string{`(function_definition (function_declarator (identifier "f") (parameter_list "(" (parameter_declaration (type_identifier "FILE") (pointer_declarator "*" (identifier "fp"))) ")")) (compound_statement "{" (return_statement "return" (number_literal "0")) "}"))`}},
		{"FOO(x)\nint y;", []string{`(macro_call (identifier "FOO") (argument_list "(" (identifier "x") ")"))`, `(declaration (int "int") (identifier "y"))`}},
		{"void f(void) { r = __real__ z + __imag z; }", []string{`(function_definition (void "void") (function_declarator (identifier "f") (parameter_list "(" (parameter_declaration (void "void")) ")")) (compound_statement "{" (expression_statement (assignment_expression (identifier "r") "=" (binary_expression (unary_expression "__real__" (identifier "z")) "+" (unary_expression "__imag" (identifier "z"))))) "}"))`}},
		{"unsigned __int128 big;", []string{`(declaration (sized_type_specifier (unsigned "unsigned") (__int128 "__int128")) (identifier "big"))`}},
		// a case label that is a body takes the statement after it; in a
		// block, the statements after it are its siblings
		{"void f(void) { switch (x) case 1: g(); switch (x) { case 2: h(); } }", []string{`(function_definition (void "void") (function_declarator (identifier "f") (parameter_list "(" (parameter_declaration (void "void")) ")")) (compound_statement "{" (switch_statement "switch" "(" (identifier "x") ")" (case_statement "case" (number_literal "1") ":" (expression_statement (call_expression (identifier "g") (argument_list "(" ")"))))) (switch_statement "switch" "(" (identifier "x") ")" (compound_statement "{" (case_statement "case" (number_literal "2") ":") (expression_statement (call_expression (identifier "h") (argument_list "(" ")"))) "}")) "}"))`}},
		// sqlite's statement macros, one before a call on its line and one
		// at its line's end, are no types of a function declaration
		{"#define T(X) X\n#define IO(A) if (t) { t A; }\nvoid f(void) {\n  T( rc |= ) g(p->q);\n  IO((p))\n  h(p->q);\n}", []string{`(preproc_function_def "#" (preproc_directive "define") (identifier "T") (preproc_params "(" (identifier "X") ")") (identifier "X"))`, `(preproc_function_def "#" (preproc_directive "define") (identifier "IO") (preproc_params "(" (identifier "A") ")") "if" "(" (identifier "t") ")" "{" (identifier "t") (identifier "A") ";" "}")`, `(function_definition (void "void") (function_declarator (identifier "f") (parameter_list "(" (parameter_declaration (void "void")) ")")) (compound_statement "{" (macro_call (identifier "T") (argument_list "(" (identifier "rc") "|=" ")")) (expression_statement (call_expression (identifier "g") (argument_list "(" (field_expression (identifier "p") "->" (field_identifier "q")) ")"))) (macro_call (identifier "IO") (argument_list "(" (parenthesized_expression "(" (identifier "p") ")") ")")) (expression_statement (call_expression (identifier "h") (argument_list "(" (field_expression (identifier "p") "->" (field_identifier "q")) ")"))) "}"))`}},
		// a macro whose arguments begin with a ( makes no type: an
		// assignment on the next line is no declaration of it
		{"#define IO(A) if (t) { t A; }\nvoid f(void) {\n  IO((p))\n  rc = h(p->q);\n}", []string{`(preproc_function_def "#" (preproc_directive "define") (identifier "IO") (preproc_params "(" (identifier "A") ")") "if" "(" (identifier "t") ")" "{" (identifier "t") (identifier "A") ";" "}")`, `(function_definition (void "void") (function_declarator (identifier "f") (parameter_list "(" (parameter_declaration (void "void")) ")")) (compound_statement "{" (macro_call (identifier "IO") (argument_list "(" (parenthesized_expression "(" (identifier "p") ")") ")")) (expression_statement (assignment_expression (identifier "rc") "=" (call_expression (identifier "h") (argument_list "(" (field_expression (identifier "p") "->" (field_identifier "q")) ")")))) "}"))`}},
		{"BEGIN_DECLS\nint y;", []string{`(macro_call (identifier "BEGIN_DECLS"))`, `(declaration (int "int") (identifier "y"))`}},
	} {
		if diff := cmp.Diff(tc.want, tops(t, tc.src)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.src, diff)
		}
	}
}

// TestErrors: what is no C is an error at its line.
func TestErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"int f( {}", "1:8: expected"},
		{"int x = ;", "1:9: expected expression"},
		{"void f(void) { a = ; }", "1:20: expected expression"},
		{`char *s = "open;`, "1:11: string literal not terminated"},
		{"/* open", "1:1: comment not terminated"},
	} {
		tree, _ := Language.Parse([]byte(tc.src))
		if len(tree.Errors) == 0 || !strings.Contains(tree.Errors[0].Error(), tc.want) {
			t.Errorf("%q: errors %v, want one like %q", tc.src, tree.Errors, tc.want)
		}
	}
}

// TestMacroShapes parses testdata/macros.c, the macros that real headers
// put where C's grammar wants a type, a declarator or a declaration, and
// compares its items' trees, one a line, with macros.c.sexp; go test
// -update rewrites it.
func TestMacroShapes(t *testing.T) {
	path := filepath.Join("testdata", "macros.c")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, item := range tops(t, string(src)) {
		b.WriteString(item + "\n")
	}
	gramtest.Golden(t, path+".sexp", b.String(), *update)
}
