package javascript

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
	"github.com/google/go-cmp/cmp"
)

// matches compiles pattern for l and returns the text of each match in
// src.
func matches(t *testing.T, l *grammars.Language, pattern, src string) []string {
	t.Helper()
	p, err := matcher.Compile(l, pattern)
	if err != nil {
		t.Fatalf("%s: Compile(%q): %v", l.ID, pattern, err)
	}
	tree := mustParse(t, l, src)
	var out []string
	for _, m := range p.Find(tree) {
		s := m.Span(tree)
		out = append(out, string(tree.Src[s.Start:s.End]))
	}
	return out
}

// TestPatterns matches patterns through matcher.Compile, which parses
// them in the scaffolds, against code.
func TestPatterns(t *testing.T) {
	for _, tc := range []struct {
		l       *grammars.Language
		pattern string
		src     string
		want    []string
	}{
		{TypeScript, "console.log($$$A)", "console.log(a, b);\nconsole.log()\nconsole.warn(c)", []string{"console.log(a, b)", "console.log()"}},
		{TypeScript, "foo($A)", "foo(x);\nfoo(y)\nfoo<T>(z)\nfoo(a, b)", []string{"foo(x)", "foo(y)"}},
		{TypeScript, "foo<$T>($A)", "foo(x);\nfoo<T>(z)", []string{"foo<T>(z)"}},
		{TypeScript, "$X === $X", "a === a; a === b; f(x) === f(x)", []string{"a === a", "f(x) === f(x)"}},
		{TypeScript, "$A ?? $B", "x = a ?? b; y = a || b", []string{"a ?? b"}},
		{TypeScript, "`${$X}`", "x = `${a}`; y = `${b} and`; z = `${c}`", []string{"`${a}`", "`${c}`"}},
		{TypeScript, "foo($A)", "x = `value: ${foo(1)} and ${bar(foo(2))}`", []string{"foo(1)", "foo(2)"}},
		{TypeScript, "if ($C) { $$$B }", "if (a) { b() }\nif (c) { d() } else { e() }\nif (f) {}", []string{"if (a) { b() }", "if (f) {}"}},
		{TypeScript, "class $C { $$$B }", "class A { m() {} }\nclass B extends A {}\nclass D {}", []string{"class A { m() {} }", "class D {}"}},
		{TypeScript, "import $X from $S", "import a from 'a';\nimport { b } from 'b';\nimport * as c from \"c\"", []string{"import a from 'a'", "import { b } from 'b'", "import * as c from \"c\""}},
		{TypeScript, "import { $$$I } from $S", "import a from 'a';\nimport { b, c } from 'b'", []string{"import { b, c } from 'b'"}},
		{TypeScript, "const $X = require($S)", "const fs = require('fs'); let p = require('p')", []string{"const fs = require('fs')"}},
		{TypeScript, "$A.then($F)", "p.then(f); p.then(f, g); q.then(() => 1)", []string{"p.then(f)", "q.then(() => 1)"}},
		{TypeScript, "await $X", "async function f() { await a; await b(); }", []string{"await a", "await b()"}},
		{TypeScript, "($A) => $B", "x = (a) => a; y = b => b; z = (c, d) => c", []string{"(a) => a"}},
		{TypeScript, "$A as $T", "x = a as string; y = b satisfies T", []string{"a as string"}},
		{TypeScript, "new $C($$$A)", "x = new Map(); y = new Set([1]); z = new Foo", []string{"new Map()", "new Set([1])"}},
		{TypeScript, "throw new Error($M)", "throw new Error('x')\nthrow new TypeError('y')", []string{"throw new Error('x')"}},
		{TypeScript, "function $F($$$P): void { $$$B }", "function a(): void {}\nfunction b(x: number): string { return '' }\nfunction c(y) : void { y() }", []string{"function a(): void {}", "function c(y) : void { y() }"}},
		{TypeScript, "interface $I { $$$M }", "interface A { x: number }\ninterface B extends A {}", []string{"interface A { x: number }"}},
		{TypeScript, "$X!", "a!.b; c!", []string{"a!", "c!"}},
		{TypeScript, "keyof $T", "type A = keyof B; type C = typeof D", []string{"keyof B"}},
		{TSX, "<$T $$$A />", "x = <Foo a=\"1\" />; y = <div>text</div>; z = <br/>", []string{"<Foo a=\"1\" />", "<br/>"}},
		{TSX, "<$T $$$A>$$$C</$T>", "x = <a href=\"x\">link</a>; y = <b/>", []string{"<a href=\"x\">link</a>"}},
		{TSX, "<$T className={$X} />", "x = <a className={c} />; y = <b className=\"d\" />", []string{"<a className={c} />"}},
		{JavaScript, "console.log($$$A)", "console.log(`a ${b}`)", []string{"console.log(`a ${b}`)"}},
		{JavaScript, "$A && $A.$B", "x = a && a.b; y = a && c.b", []string{"a && a.b"}},
		{JavaScript, "require($S)", "const x = require('x')", []string{"require('x')"}},
	} {
		got := matches(t, tc.l, tc.pattern, tc.src)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s %q (-want +got):\n%s", tc.l.ID, tc.pattern, diff)
		}
	}
}

// TestDollarIdentifiers: in JavaScript $, $el, $1 and $$x are ordinary
// identifiers; only $ followed by an upper-case name or _ (or $$$) is a
// metavariable. $($X) is a jQuery call with a metavariable argument.
func TestDollarIdentifiers(t *testing.T) {
	src := "$(el).hide(); jQuery(x); $el.on('click', f); other.on('click', g); $1 + $$x"
	for _, tc := range []struct {
		pattern string
		want    []string
	}{
		{"$($X)", []string{"$(el)"}},
		{"$el.on($E, $F)", []string{"$el.on('click', f)"}},
		{"$1 + $$x", []string{"$1 + $$x"}},
	} {
		if diff := cmp.Diff(tc.want, matches(t, JavaScript, tc.pattern, src)); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.pattern, diff)
		}
	}
}

// TestScaffolds: each kind of fragment compiles in the context it
// belongs to.
func TestScaffolds(t *testing.T) {
	for _, tc := range []struct {
		l       *grammars.Language
		pattern string
		context string
	}{
		{TypeScript, "console.log($$$A)", "statement"},
		{TypeScript, "if ($C) { $$$B }", "statement"},
		{TypeScript, "return $X", "statement"},
		{TypeScript, "yield $X", "statement"},
		{TypeScript, "class $C { $$$B }", "statement"},
		{TypeScript, "{ $$$A, b: $B }", "expression"},
		{TypeScript, "$M($$$P) { $$$B }", "class member"},
		{TypeScript, "static $X = $V", "class member"},
		{TypeScript, "get $P() { $$$B }", "class member"},
		{TypeScript, "constructor(private $X: $T) {}", "class member"},
		{TypeScript, "...$X", "object member"},
		{TypeScript, "keyof $T", "type"},
		{TypeScript, "{ [K in keyof $T]: $V }", "type"},
		{TypeScript, "readonly $P: $T", "class member"}, // the ladder tries class members first
		{TypeScript, "($$$A): $T", "interface member"},
		{TypeScript, "import $X from $S", "statement"},
		{TypeScript, "export default $X", "statement"},
		{TSX, "<$T $$$A />", "statement"},
		{TSX, "{$X}", "statement"},
		{TSX, "foo=\"bar\"", "statement"}, // an assignment
		{TSX, "...$R: $T[]", "parameter"},
	} {
		p, err := matcher.Compile(tc.l, tc.pattern)
		if err != nil {
			t.Errorf("%s: Compile(%q): %v", tc.l.ID, tc.pattern, err)
			continue
		}
		if p.Context != tc.context {
			t.Errorf("%s: %q compiles in context %q; want %q", tc.l.ID, tc.pattern, p.Context, tc.context)
		}
	}
	for _, bad := range []string{"(", "class {", "$X +", "<div", "a ? b"} {
		if _, err := matcher.Compile(TSX, bad); err == nil || !strings.Contains(err.Error(), "statement") {
			t.Errorf("Compile(%q): %v; want an error naming the contexts tried", bad, err)
		}
	}
}

// TestPatternMetavars: in a pattern a metavariable stands where the
// grammar wants a string, a type, a name, a member or an element.
func TestPatternMetavars(t *testing.T) {
	for _, tc := range []struct {
		l   *grammars.Language
		src string
	}{
		{TypeScript, "import $X from $S"},
		{TypeScript, "import { $$$I } from $S"},
		{TypeScript, "export * from $S"},
		{TypeScript, "let x: $T = $V"},
		{TypeScript, "function $F<$T>($$$P): $R { $$$B }"},
		{TypeScript, "class $C extends $B implements $I { $$$M }"},
		{TypeScript, "interface $I { $$$M }"},
		{TypeScript, "enum $E { $$$M }"},
		{TypeScript, "x = { $K: $V, $$$R }"},
		{TypeScript, "x = $O.$P"},
		{TypeScript, "type $T = $U | $V"},
		{TSX, "x = <$T $$$A>$$$C</$T>"},
		{TSX, "x = <$T $A={$V} {...$P} />"},
		{TSX, "x = <a href=$H />"},
	} {
		tree, err := tc.l.ParsePattern([]byte(tc.src))
		if err != nil || len(tree.Errors) > 0 {
			t.Errorf("%s: %q: %v %v", tc.l.ID, tc.src, err, tree.Errors)
		}
	}
}
