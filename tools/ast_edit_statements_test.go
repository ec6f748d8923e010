package tools

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/google/go-cmp/cmp"
)

// TestRewriteStatements rewrites an if into a while (a loop in Go and
// Rust) and moves a run of statements into a new block, in every
// language, through ast_edit and resolve: a capture of statements keeps
// their terminators and a comment that ends the run's last line, so the
// text is exactly the one written here and it parses.
func TestRewriteStatements(t *testing.T) {
	for _, tc := range []struct {
		name, file, src, pattern, rewrite, want string
	}{
		{"c/if", "a.c",
			"void f(void) { if (a) { x(); y(); } }\n",
			"if ($C) { $$$B }", "while ($C) { $$$B }",
			"void f(void) { while (a) { x(); y(); } }\n"},
		{"c/comment", "a.c",
			"void f(void) {\n\tif (a) {\n\t\tx();\n\t\ty(); // two\n\t}\n}\n",
			"if ($C) { $$$B }", "while ($C) { $$$B }",
			"void f(void) {\n\twhile (a) { x();\n\ty(); // two\n\t}\n}\n"},
		{"c/one", "a.c",
			"void f(void) { if (a) x(); }\n",
			"if ($C) $S", "while ($C) $S",
			"void f(void) { while (a) x(); }\n"},
		{"c/run", "a.c",
			"void f(void) { a(); b(); c(); }\n",
			"a(); $$$R", "a(); if (ok) { $$$R }",
			"void f(void) { a(); if (ok) { b(); c(); } }\n"},
		{"c/own-terminator", "a.c",
			"void f(void) { if (a) { x += 1; } }\n",
			"if ($C) { $A; }", "while ($C) { $A; }",
			"void f(void) { while (a) { x += 1; } }\n"},
		{"dart/own-terminator", "a.dart",
			"void f() { if (a) { x += 1; } }\n",
			"if ($C) { $A; }", "while ($C) { $A; }",
			"void f() { while (a) { x += 1; } }\n"},
		{"c/semicolon", "a.c",
			"void f(void) { foo(x); }\n",
			"foo($A);", "bar($A);",
			"void f(void) { bar(x); }\n"},
		{"c/return", "a.c",
			"int f(void) { return x; }\n",
			"return $X;", "return g($X);",
			"int f(void) { return g(x); }\n"},
		{"go/if", "a.go",
			"package p\n\nfunc f() {\n\tif a {\n\t\tx()\n\t\ty() // two\n\t}\n}\n",
			"if $C { $$$B }", "for $C {\n\t$$$B\n}",
			"package p\n\nfunc f() {\n\tfor a {\n\t\tx()\n\t\ty() // two\n\t}\n}\n"},
		{"go/run", "a.go",
			"package p\n\nfunc f() {\n\ta()\n\tb()\n\tc()\n}\n",
			"a()\n$$$R", "a()\nif ok {\n\t$$$R\n}",
			"package p\n\nfunc f() {\n\ta()\n\tif ok {\n\t\tb()\n\t\tc()\n\t}\n}\n"},
		{"python/if", "a.py",
			"if a:\n    x()\n    y()  # two\n",
			"if $C:\n    $$$B", "while $C:\n    $$$B",
			"while a:\n    x()\n    y()  # two\n"},
		{"python/run", "a.py",
			"def f():\n    a()\n    b()\n    c()\n",
			"a()\n$$$R", "a()\nif ok:\n    $$$R",
			"def f():\n    a()\n    if ok:\n        b()\n        c()\n"},
		{"javascript/run", "a.js",
			"function f() { a(); b(); c(); }\n",
			"a(); $$$R", "a(); if (ok) { $$$R }",
			"function f() { a(); if (ok) { b(); c(); } }\n"},
		{"typescript/run", "a.ts",
			"function f(): void { a(); b(); c(); }\n",
			"a(); $$$R", "a(); if (ok) { $$$R }",
			"function f(): void { a(); if (ok) { b(); c(); } }\n"},
		{"javascript/if", "a.js",
			"function f() { if (a) { x(); y(); } }\n",
			"if ($C) { $$$B }", "while ($C) { $$$B }",
			"function f() { while (a) { x(); y(); } }\n"},
		{"typescript/if", "a.ts",
			"function f(): void { if (a) { x(); y(); // two\n} }\n",
			"if ($C) { $$$B }", "while ($C) { $$$B }",
			"function f(): void { while (a) { x(); y(); // two\n} }\n"},
		{"rust/if", "a.rs",
			"fn f() { if a { x(); y(); } }\n",
			"if $C { $$$B }", "while $C { $$$B }",
			"fn f() { while a { x(); y(); } }\n"},
		{"rust/run", "a.rs",
			"fn f() { a(); b(); c(); }\n",
			"a(); $$$R", "a(); if ok { $$$R }",
			"fn f() { a(); if ok { b(); c(); } }\n"},
		{"dart/if", "a.dart",
			"void f() { if (a) { x(); y(); } }\n",
			"if ($C) { $$$B }", "while ($C) { $$$B }",
			"void f() { while (a) { x(); y(); } }\n"},
		{"dart/run", "a.dart",
			"void f() { a(); b(); c(); }\n",
			"a(); $$$R", "a(); if (ok) { $$$R }",
			"void f() { a(); if (ok) { b(); c(); } }\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, dir := editRun(t, map[string]string{tc.file: tc.src})
			r := stage(t, d, map[string]any{"pattern": tc.pattern, "rewrite": tc.rewrite, "path": tc.file})
			if res := resolveEdit(t, d, r.EditID, "accept"); res.IsError {
				t.Fatalf("resolve: %s", res.TextContent())
			}
			got, err := os.ReadFile(filepath.Join(dir, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("%s → %s (-want +got):\n%s", tc.pattern, tc.rewrite, diff)
			}
			lang := bundled.Registry().ForPath(tc.file)
			if tree, err := lang.Parse(got); err != nil || len(tree.Errors) > 0 {
				t.Errorf("the rewritten file does not parse: %v %v", err, tree.Errors)
			}
		})
	}
}

// TestSequenceRuns: a pattern of statements with a run between them
// (a(); $$$X b();) finds the run in every language, Dart and Rust
// included, where a bare $$$X needs no ;.
func TestSequenceRuns(t *testing.T) {
	for _, tc := range []struct {
		file, src, pattern string
	}{
		{"a.c", "void f(void) { a(); c(); d(); b(); }\n", "a();\n$$$X\nb();"},
		{"a.dart", "void f() { a(); c(); d(); b(); }\n", "a();\n$$$X\nb();"},
		{"a.rs", "fn f() { a(); c(); d(); b(); }\n", "a();\n$$$X\nb();"},
		{"a.js", "function f() { a(); c(); d(); b(); }\n", "a();\n$$$X\nb();"},
		{"a.ts", "function f(): void { a(); c(); d(); b(); }\n", "a();\n$$$X\nb();"},
		{"a.go", "package p\n\nfunc f() {\n\ta()\n\tc()\n\td()\n\tb()\n}\n", "a()\n$$$X\nb()"},
		{"a.py", "def f():\n    a()\n    c()\n    d()\n    b()\n", "a()\n$$$X\nb()"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			d, _ := editRun(t, map[string]string{tc.file: tc.src})
			res := call(t, d, "ast_grep", map[string]any{"pattern": tc.pattern, "path": tc.file})
			if res.IsError {
				t.Fatal(res.TextContent())
			}
			ms := res.Structured.(astGrepResult).Matches
			if len(ms) != 1 || len(ms[0].MultiCaptures) != 1 || ms[0].MultiCaptures[0].Name != "X" || len(ms[0].MultiCaptures[0].Texts) != 2 {
				t.Errorf("%q: %d matches, want one whose $$$X holds c() and d(): %s", tc.pattern, len(ms), res.TextContent())
			}
		})
	}
}
