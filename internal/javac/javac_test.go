package javac

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// write writes each source to a file of dir named by its key and returns
// the paths in the order of names.
func write(t *testing.T, dir string, files map[string]string, names ...string) []string {
	t.Helper()
	var paths []string
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(files[n]), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// A switch with a type pattern: Java 21, past javac 17.
const switchPattern = "class S { String f(Object o) { return switch (o) { case String s -> s; default -> \"\"; }; } }\n"

func TestParse(t *testing.T) {
	tools := Require(t)
	tools.Jobs = 2 // more batches than one, in one test
	files := map[string]string{
		"Good.java":   "package p;\nclass Good { int f() { return 1; } }\n",
		"Broken.java": "class Broken {\n  void f( {\n}\n",
		"Switch.java": switchPattern,
		"Record.java": "record R(int x, String y) { R { if (x < 0) throw new IllegalArgumentException(); } }\n",
	}
	names := []string{"Good.java", "Broken.java", "Switch.java", "Record.java"}
	paths := write(t, t.TempDir(), files, names...)
	paths = append(paths, filepath.Join(t.TempDir(), "Missing.java"))
	got, err := tools.Parse(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	type verdict struct {
		OK   bool
		Line int
	}
	var gotV []verdict
	for i, p := range got {
		if p.File != paths[i] {
			t.Errorf("verdict %d is of %s, want %s", i, p.File, paths[i])
		}
		v := verdict{OK: p.OK}
		if len(p.Errors) > 0 {
			v.Line = p.Errors[0].Line
		}
		gotV = append(gotV, v)
	}
	want := []verdict{{true, 0}, {false, 2}, {false, 1}, {true, 0}, {false, 0}}
	if diff := cmp.Diff(want, gotV); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	if msg := got[4].Errors[0].Msg; !strings.HasPrefix(msg, "crash:") {
		t.Errorf("a missing file: %q, want a crash: reported as the file's error", msg)
	}
}

func TestTrees(t *testing.T) {
	tools := Require(t)
	// é and the emoji before the code: char offsets and byte offsets
	// differ from there on.
	src := "// é 😀\nclass T {\n  @Deprecated public static int f(int a) {\n    if (a == 0) return -1; else return a + 1;\n  }\n}\n"
	paths := write(t, t.TempDir(), map[string]string{"T.java": src}, "T.java")
	trees, err := tools.Trees(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	if len(trees) != 1 || !trees[0].OK || trees[0].Root == nil {
		t.Fatalf("trees: %+v", trees)
	}
	var got []string
	trees[0].Root.Walk(func(n *Node) bool {
		text := ""
		if n.Start >= 0 && n.End >= n.Start {
			text = src[n.Start:n.End]
			if i := strings.IndexByte(text, '\n'); i >= 0 {
				text = text[:i] + "…"
			}
		}
		line := n.Kind + " " + n.Role + " " + text
		for _, a := range []string{"name", "simpleName", "value"} {
			if n.Has(a) {
				line += " " + a + "=" + n.Attr(a)
			}
		}
		if f := n.List("flags"); len(f) > 0 {
			line += " flags=" + strings.Join(f, ",")
		}
		got = append(got, line)
		return true
	})
	want := []string{
		"COMPILATION_UNIT  class T {…",
		"CLASS typeDecls class T {… simpleName=T",
		"MODIFIERS modifiers ",
		"METHOD members @Deprecated public static int f(int a) {… name=f",
		"MODIFIERS modifiers @Deprecated public static flags=public,static",
		"ANNOTATION annotations @Deprecated",
		"IDENTIFIER annotationType Deprecated name=Deprecated",
		"PRIMITIVE_TYPE returnType int",
		"VARIABLE parameters int a name=a",
		"MODIFIERS modifiers ",
		"PRIMITIVE_TYPE type int",
		"BLOCK body {…",
		"IF statements if (a == 0) return -1; else return a + 1;",
		"PARENTHESIZED condition (a == 0)",
		"EQUAL_TO expression a == 0",
		"IDENTIFIER leftOperand a name=a",
		"INT_LITERAL rightOperand 0 value=0",
		"RETURN thenStatement return -1;",
		// javac's parser folds a minus into the number after it
		"INT_LITERAL expression -1 value=-1",
		"RETURN elseStatement return a + 1;",
		"PLUS expression a + 1",
		"IDENTIFIER leftOperand a name=a",
		"INT_LITERAL rightOperand 1 value=1",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the tree (-want +got):\n%s", diff)
	}
	f := trees[0].Root.Children[0].Role1("members")
	if f == nil || f.Parent != trees[0].Root.Children[0] {
		t.Errorf("the method's parent is not the class")
	}
}

func TestTreesOfARejectedFile(t *testing.T) {
	tools := Require(t)
	paths := write(t, t.TempDir(), map[string]string{"B.java": "class B { void f( }\n"}, "B.java")
	trees, err := tools.Trees(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	if trees[0].OK || len(trees[0].Errors) == 0 || trees[0].Errors[0].Line != 1 {
		t.Errorf("a rejected file: %+v, want OK false and an error on line 1", trees[0].Parsed)
	}
}

func TestTokens(t *testing.T) {
	tools := Require(t)
	src := "class é { int a\\u0062c = x >> 2; String s = \"😀\"; }\n"
	paths := write(t, t.TempDir(), map[string]string{"U.java": src}, "U.java")
	toks, err := tools.Tokens(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	if len(toks) != 1 || !toks[0].OK {
		t.Fatalf("tokens: %+v", toks)
	}
	var got []string
	for _, k := range toks[0].Tokens {
		got = append(got, k.Kind+" "+src[k.Start:k.End])
	}
	want := []string{
		"CLASS class", "IDENTIFIER é", "LBRACE {",
		// the escape is inside the identifier's span, as written
		"INT int", `IDENTIFIER a\u0062c`, "EQ =", "IDENTIFIER x", "GTGT >>", "INTLITERAL 2", "SEMI ;",
		"IDENTIFIER String", "IDENTIFIER s", "EQ =", `STRINGLITERAL "😀"`, "SEMI ;",
		"RBRACE }",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tokens (-want +got):\n%s", diff)
	}
}

func TestJavaParser(t *testing.T) {
	tools := RequireJavaParser(t)
	files := map[string]string{
		"Switch.java": switchPattern,
		"Pattern.java": "record P(int x, int y) {}\nclass Q { int f(Object o) {\n" +
			"  if (o instanceof P(int x, int y)) return x + y;\n  return switch (o) { case P(var a, var b) when a > b -> a; default -> 0; };\n} }\n",
		"Broken.java": "class Broken {\n  void f( {\n}\n",
	}
	paths := write(t, t.TempDir(), files, "Switch.java", "Pattern.java", "Broken.java")
	got, err := tools.JavaParser(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	var oks []bool
	for _, v := range got {
		oks = append(oks, v.OK)
	}
	if diff := cmp.Diff([]bool{true, true, false}, oks); diff != "" {
		t.Errorf("java-parser's verdicts (-want +got):\n%s\n%+v", diff, got)
	}
	if got[2].Line != 2 {
		t.Errorf("the broken file's error on line %d, want 2: %+v", got[2].Line, got[2])
	}
}

// TestVerdicts judges a small corpus twice: javac alone for the JDK 17
// part, java-parser after it for the Java 21 part's rejects, and all of
// it from the cache the second time.
func TestVerdicts(t *testing.T) {
	tools := RequireJavaParser(t)
	dir := t.TempDir()
	sources := map[string]string{
		"jdk17/Good.java":    "class Good {}\n",
		"jdk17/Switch.java":  switchPattern,
		"java21/Switch.java": switchPattern,
		"java21/Broken.java": "class Broken {\n  void f( {\n}\n",
		"java21/Plain.java":  "class Plain { int x; }\n",
	}
	names := []string{"jdk17/Good.java", "jdk17/Switch.java", "java21/Switch.java", "java21/Broken.java", "java21/Plain.java"}
	paths := write(t, dir, sources, names...)
	files, missing, err := Corpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) != 0 {
		t.Errorf("missing parts: %v", missing)
	}
	wantFiles := []File{
		{paths[0], JDK17}, {paths[1], JDK17},
		{paths[3], Java21}, {paths[4], Java21}, {paths[2], Java21},
	}
	if diff := cmp.Diff(wantFiles, files); diff != "" {
		t.Fatalf("Corpus (-want +got):\n%s", diff)
	}
	type short struct {
		OK    bool
		Judge string
		Line  int
	}
	want := []short{{true, "javac", 0}, {false, "javac", 1}, {false, "java-parser", 2}, {true, "javac", 0}, {true, "java-parser", 0}}
	cachePath := filepath.Join(dir, "cache", "java-accepts.json")
	for run, wantCounts := range []Counts{{Javac: 4, JavaParser: 2}, {Cached: 5}} {
		verdicts, counts, err := tools.Verdicts(context.Background(), files, cachePath)
		if err != nil {
			t.Fatal(err)
		}
		var got []short
		for _, v := range verdicts {
			got = append(got, short{v.OK, v.Judge, v.Line})
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("run %d: verdicts (-want +got):\n%s", run, diff)
		}
		// the two Switch.java are one file to the cache
		if diff := cmp.Diff(wantCounts, counts); diff != "" {
			t.Errorf("run %d: counts (-want +got):\n%s", run, diff)
		}
		if verdicts[4].JavacLine != 1 || verdicts[4].JavacMsg == "" {
			t.Errorf("run %d: java-parser's accept keeps javac's reject: %+v", run, verdicts[4])
		}
	}
}

func TestCorpusMissingPart(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{"jdk17/a/A.java": "class A {}\n", "jdk17/a/notes.txt": ""}, "jdk17/a/A.java", "jdk17/a/notes.txt")
	files, missing, err := Corpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]File{{filepath.Join(dir, "jdk17/a/A.java"), JDK17}}, files); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{Java21}, missing); diff != "" {
		t.Errorf("missing (-want +got):\n%s", diff)
	}
}

// TestNewer reads a Java 21 file with the machine's newer JDK, which no
// registry here installs: the test says so and skips where there is none.
func TestNewer(t *testing.T) {
	tools := Require(t)
	newer, ok := tools.Newer(context.Background())
	if !ok {
		t.Skip("no JDK of 21 or later on this machine (Temurin's JDK 25 is on most machines of this kind)")
	}
	paths := write(t, t.TempDir(), map[string]string{"Switch.java": switchPattern}, "Switch.java")
	trees, err := newer.Trees(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	if !trees[0].OK {
		t.Fatalf("%s rejects a switch with a type pattern: %v", newer.Version, trees[0].Errors)
	}
	var kinds []string
	trees[0].Root.Walk(func(n *Node) bool {
		if strings.HasSuffix(n.Kind, "_PATTERN") || strings.HasSuffix(n.Kind, "CASE_LABEL") {
			kinds = append(kinds, n.Kind+" "+n.Role)
		}
		return true
	})
	want := []string{"PATTERN_CASE_LABEL labels", "BINDING_PATTERN pattern", "DEFAULT_CASE_LABEL labels"}
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("%s: the patterns (-want +got):\n%s", newer.Version, diff)
	}
	// --release 21: what came after 21 is refused (an unnamed variable
	// was a preview in 21)
	paths = write(t, t.TempDir(), map[string]string{"Unnamed.java": "class U { void f(Object o) { if (o instanceof String _) {} } }\n"}, "Unnamed.java")
	trees, err = newer.Trees(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	if trees[0].OK {
		t.Errorf("%s --release 21 reads an unnamed variable, a preview in 21", newer.Version)
	}
}
