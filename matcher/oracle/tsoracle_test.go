package oracle

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/javascript"
	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/search"
	"github.com/google/go-cmp/cmp"
)

// tsOracleLangs are the languages of the JavaScript/TypeScript grammar,
// by id.
var tsOracleLangs = map[string]*grammars.Language{
	"javascript": javascript.JavaScript,
	"typescript": javascript.TypeScript,
	"tsx":        javascript.TSX,
}

// tsLangOrder is the order the languages are searched in.
var tsLangOrder = []string{"javascript", "typescript", "tsx"}

// tsOracleParts is the fixed part of the corpus the oracle test searches:
// folders (walked as Search walks them) and files, relative to the
// checkout's .peers folder, each with the language whose files are taken
// from it. scripts/peers.sh installs typescript@6 into
// .peers/node_modules and the corpus (rxjs@7, effect@3, tldraw@5, npm@11)
// into .peers/jscorpus/node_modules. About 610 files and 3.5 MB; the
// single files are there for the few matches of console.log, String($X),
// $X !== $X, export * and satisfies.
var tsOracleParts = []struct {
	lang string
	path string
}{
	{"typescript", "node_modules/typescript/lib/lib.es5.d.ts"},
	{"typescript", "node_modules/typescript/lib/lib.es2015.core.d.ts"},
	{"typescript", "node_modules/typescript/lib/lib.es2015.collection.d.ts"},
	{"typescript", "node_modules/typescript/lib/lib.es2015.iterable.d.ts"},
	{"typescript", "node_modules/typescript/lib/lib.es2015.promise.d.ts"},
	{"typescript", "node_modules/typescript/lib/lib.decorators.d.ts"},
	{"typescript", "node_modules/typescript/lib/typescript.d.ts"}, // the enums, and interfaces by the hundred
	{"typescript", "jscorpus/node_modules/rxjs/src"},
	{"typescript", "jscorpus/node_modules/effect/src/internal/stm"},
	{"typescript", "jscorpus/node_modules/effect/src/internal/channel"},
	{"typescript", "jscorpus/node_modules/effect/src/internal/stream"},
	{"typescript", "jscorpus/node_modules/effect/src/internal/metric"},
	{"typescript", "jscorpus/node_modules/effect/src/internal/defaultServices"},
	{"typescript", "jscorpus/node_modules/effect/src/internal/logger.ts"},
	{"typescript", "jscorpus/node_modules/effect/src/Inspectable.ts"},
	{"typescript", "jscorpus/node_modules/tldraw/src/lib/ui"},
	{"typescript", "jscorpus/node_modules/tldraw/src/lib/shapes/arrow"},
	{"typescript", "jscorpus/node_modules/@tldraw/editor/src/index.ts"},
	{"typescript", "jscorpus/node_modules/@tldraw/validate/src/lib/validation.ts"},
	{"typescript", "jscorpus/node_modules/@tldraw/tlschema/src/createTLSchema.ts"},
	{"tsx", "jscorpus/node_modules/tldraw/src/lib/ui"},
	{"tsx", "jscorpus/node_modules/tldraw/src/lib/shapes/arrow"},
	{"javascript", "jscorpus/node_modules/npm/lib/commands"},
	{"javascript", "jscorpus/node_modules/npm/lib/utils"},
	{"javascript", "jscorpus/node_modules/npm/lib/base-cmd.js"},
}

// The languages a pattern is compiled for: every one, or only those whose
// syntax has it. A pattern is not searched in the others, and the oracle
// must find nothing in their files.
var (
	allJS  []string                        // javascript, typescript and tsx
	tsOnly = []string{"typescript", "tsx"} // type syntax
	jsx    = []string{"javascript", "tsx"} // JSX: .js and .jsx files are parsed with JSX, as TypeScript parses them
)

// A tsOracleCase is a pattern and the name of the predicate in
// testdata/tsoracle/oracle.js that says, on TypeScript's own tree, which
// nodes it matches. Several patterns may share a predicate when they mean
// the same ($_ and $$$ bind nothing).
type tsOracleCase struct {
	pattern string
	oracle  string
	langs   []string // nil: allJS
}

func tsOracleCases() []tsOracleCase {
	return []tsOracleCase{
		// Calls.
		{"console.log($$$A)", "consoleLog", allJS},
		{"console.log($$$)", "consoleLog", allJS},
		{"console.$M($$$A)", "consoleAny", allJS},
		{"$X.$Y($$$A)", "methodCall", allJS}, // every call of a property read with a dot
		{"$X.then($$$A)", "thenCall", allJS},
		{"$X.map($F)", "mapOneArg", allJS},
		{"$X.map($_)", "mapOneArg", allJS},
		{"Object.keys($X)", "objectKeys", allJS},
		{"require($S)", "requireCall", allJS},
		{"super($$$A)", "superCall", allJS},
		{"$F<$T>($$$A)", "genericCall", tsOnly},
		{"$F?.($$$A)", "optionalCall", allJS},
		{"new $C($$$A)", "newCall", allJS}, // never new C, nor new C<T>()
		{"throw new Error($$$A)", "throwNewError", allJS},
		{"String($X)", "stringCall", allJS},
		// Members and operators.
		{"$A?.$B", "optionalMember", allJS},
		{"$A ?? $B", "nullish", allJS},
		{"$X !== $X", "sameStrictNe", allJS},
		{"$A[$A.length - 1]", "lastElement", allJS},
		{"$X = $X ?? $Y", "sameNullishAssign", allJS},
		{"typeof $X === $S", "typeofStrictEq", allJS},
		{"$X.length === 0", "lengthZero", allJS},
		{"$X instanceof $Y", "instanceOf", allJS},
		{"!$X", "not", allJS},
		{"$C ? $A : $B", "ternary", allJS},
		{"$A || $B && $C", "orAnd", allJS},
		{"await $X", "await", allJS},
		{"yield* $X", "yieldStar", allJS},
		{"delete $X", "deleteExpr", allJS},
		{"this.$F = $V", "thisAssign", allJS},
		{"module.exports = $X", "moduleExports", allJS},
		{"[...$X]", "spreadArray", allJS},
		// TypeScript's expressions.
		{"$X as $T", "asType", tsOnly}, // not as const: const is a keyword
		{"$X as const", "asConst", tsOnly},
		// A type and an expression: both readings are searched.
		{"Promise<$T>", "promiseType", tsOnly},
		{"Map<$K, $V>", "mapType", tsOnly},
		{"$X satisfies $T", "satisfies", tsOnly},
		{"$X!", "nonNull", tsOnly},
		// Functions.
		{"($$$P) => $B", "arrowParens", allJS}, // never x => y, nor one with a return type
		{"async ($$$P) => $B", "asyncArrow", allJS},
		{"function $F($$$P) { $$$B }", "functionDecl", allJS},
		{"async function $F($$$P) { $$$B }", "asyncFunction", allJS},
		{"return $X", "returnExpr", allJS},
		// Classes and their members.
		{"class $C { $$$B }", "classPlain", allJS},
		{"class $C extends $B { $$$M }", "classExtends", allJS},
		{"constructor($$$P) { $$$B }", "constructor", allJS},
		{"get $P() { $$$B }", "getter", allJS},
		{"async $M($$$P) { $$$B }", "asyncMethod", allJS}, // in classes and object literals alike
		{"private $F: $T", "privateProp", tsOnly},
		// Statements.
		{"if ($C) { $$$B }", "ifNoElseBlock", allJS}, // no else; an else if's inner if counts
		{"if ($C) $S else $T", "ifElse", allJS},
		{"for (const $X of $Y) { $$$B }", "forConstOf", allJS},
		{"for (const $K in $O) { $$$B }", "forConstIn", allJS},
		{"for (let $I = 0; $I < $N; $I++) { $$$B }", "forI", allJS},
		{"while ($C) { $$$B }", "whileBlock", allJS},
		{"switch ($X) { $$$C }", "switchStmt", allJS},
		{"try { $$$A } catch ($E) { $$$B }", "tryCatch", allJS},
		{"const $X = $Y", "constDecl", allJS}, // export const too; and a for loop's const
		{"const { $$$P } = require($S)", "constRequire", allJS},
		{"declare var $X: $T", "declareVar", tsOnly},
		// Modules.
		{"import $X from $S", "importDefault", allJS},
		{"import * as $N from $S", "importNamespace", allJS},
		{"import { $$$N } from $S", "importNamed", allJS},
		{"import type { $$$N } from $S", "importTypeNamed", tsOnly},
		{"export { $$$E } from $S", "exportNamedFrom", allJS},
		{"export * from $S", "exportStar", allJS},
		// Type declarations and types.
		{"interface $I { $$$M }", "interfacePlain", tsOnly},
		{"type $T = $U", "typeAlias", tsOnly},
		{"enum $E { $$$M }", "enumPlain", tsOnly},
		{"keyof $T", "keyofType", tsOnly},
		{"$T[]", "arrayType", tsOnly},
		{"$A extends $B ? $C : $D", "conditionalType", tsOnly},
		// Template substitutions are code; JSX.
		{"`${$X}`", "templateOnlySubst", allJS},
		{"`${$A}${$B}`", "templateTwoSubst", allJS},
		{"<$T $$$A />", "jsxSelfClosing", jsx},
	}
}

// A tsOracleAnswer is what oracle.js writes.
type tsOracleAnswer struct {
	TypeScript   string  `json:"typescript"`
	ParseSeconds float64 `json:"parse_seconds"`
	Files        []struct {
		File  string `json:"file"`
		OK    bool   `json:"ok"`
		Bytes int64  `json:"bytes"`
		Error string `json:"error"`
	} `json:"files"`
	Matches map[string][]tsOracleMatch `json:"matches"`
}

// A tsOracleMatch is one match as oracle.js writes it: [file, first
// line, last line, start, end], the last two byte offsets.
type tsOracleMatch struct {
	File        string
	First, Last int
	Start, End  int
}

func (m *tsOracleMatch) UnmarshalJSON(b []byte) error {
	return json.Unmarshal(b, &[5]any{&m.File, &m.First, &m.Last, &m.Start, &m.End})
}

// TestTSOracle compares the JavaScript/TypeScript search with an oracle
// built on TypeScript's own parser (typescript@6's compiler API, in
// testdata/tsoracle/oracle.js, run once under node): for every pattern,
// the (file, first line, last line) of every match over a fixed part of
// real code (TypeScript's lib .d.ts files, rxjs, effect, tldraw's .ts and
// .tsx, npm's CommonJS) must be the same, as many times each. The
// predicates are written from the pattern semantics of DESIGN.md on
// TypeScript's tree, which is shaped unlike ours in places; oracle.js
// says how each difference is read. Only the files TypeScript's parser
// accepts with no parse diagnostics are compared, and each must parse
// with our grammar too.
func TestTSOracle(t *testing.T) {
	began := time.Now()
	node, root, tsDir, paths, langOf := tsOracleCorpus(t)

	cases := tsOracleCases()
	ans := runTSOracle(t, node, tsDir, paths, cases)
	if len(ans.Files) != len(paths) {
		t.Fatalf("oracle.js answered for %d files of %d", len(ans.Files), len(paths))
	}
	accepted := map[string]bool{}
	var size int64
	for _, f := range ans.Files {
		rel := slashRel(root, f.File)
		if !f.OK {
			t.Logf("left out, TypeScript's parser rejects it: %s: %s", rel, f.Error)
			continue
		}
		accepted[rel] = true
		size += f.Bytes
	}
	if len(accepted) < 400 {
		t.Fatalf("only %d of the %d files are accepted by TypeScript's parser", len(accepted), len(paths))
	}
	t.Logf("%d files, %.1f MB, under %s; TypeScript %s parsed them in %.2fs, the oracle ran in %v",
		len(accepted), float64(size)/1e6, root, ans.TypeScript, ans.ParseSeconds, time.Since(began).Round(time.Millisecond))

	cache := search.NewCache(1 << 30)
	failures := map[string]string{}
	sources := map[string][]string{} // lines of the files a mismatch is shown from
	for _, tc := range cases {
		langs := tc.langs
		if langs == nil {
			langs = tsLangOrder
		}
		in := map[string]bool{}
		for _, id := range langs {
			in[id] = true
		}
		var want []string
		outside := map[string]int{}
		for _, m := range ans.Matches[tc.oracle] {
			rel := slashRel(root, m.File)
			if lang := langOf[rel]; !in[lang] {
				outside[lang]++
				continue
			}
			want = append(want, fmt.Sprintf("%s:%d-%d", rel, m.First, m.Last))
		}
		for _, lang := range sortedKeys(outside) {
			t.Errorf("%q: the oracle finds %d matches in %s files, where the pattern is not searched", tc.pattern, outside[lang], lang)
		}
		var got []string
		for _, id := range tsLangOrder {
			if !in[id] {
				continue
			}
			l := tsOracleLangs[id]
			p, err := matcher.Compile(l, tc.pattern)
			if err != nil {
				t.Errorf("Compile(%s, %q): %v", id, tc.pattern, err)
				continue
			}
			for _, part := range tsOracleParts {
				if part.lang != id {
					continue
				}
				dir := filepath.Join(root, filepath.FromSlash(part.path))
				res, err := search.Search(context.Background(), search.Query{Root: root, Path: dir, Lang: l, Pattern: p, Cache: cache})
				if err != nil {
					t.Fatalf("Search(%s, %q, %s): %v", id, tc.pattern, dir, err)
				}
				for _, fl := range res.ParseFailures {
					if accepted[fl.File] {
						failures[fl.File] = fl.Error
					}
				}
				for _, m := range res.Matches {
					if accepted[m.File] {
						got = append(got, fmt.Sprintf("%s:%d-%d", m.File, m.Range.Start.Line, m.Range.End.Line))
					}
				}
			}
		}
		sort.Strings(want)
		sort.Strings(got)
		t.Logf("%-44s %-18s %5d matches", tc.pattern, tc.oracle, len(want))
		if len(want) < oracleMin {
			t.Errorf("%q: the oracle finds %d matches, fewer than %d: the pattern tests nothing", tc.pattern, len(want), oracleMin)
		}
		if !cmp.Equal(want, got) {
			t.Errorf("%q: %d matches in the oracle (%s), %d in ours; (-oracle +ours):\n%s",
				tc.pattern, len(want), tc.oracle, len(got), tsMismatches(t, root, sources, want, got, 8))
		}
	}
	var failed []string
	for file, err := range failures {
		failed = append(failed, file+": "+err)
	}
	sort.Strings(failed)
	for _, f := range failed {
		t.Errorf("our grammar fails where TypeScript's parser does not: %s", f)
	}
	t.Logf("%d patterns in %v", len(cases), time.Since(began).Round(time.Millisecond))
}

// tsOracleCorpus finds node, typescript@6 and the corpus, skipping the
// test when a peer is missing, and returns the selection: every file of
// each part, in part order, with each file's language by its path
// relative to root.
func tsOracleCorpus(t *testing.T) (node, root, tsDir string, paths []string, langOf map[string]string) {
	t.Helper()
	node = peers.Require(t, "node")
	top := checkoutRoot(t)
	root = filepath.Join(top, ".peers")
	tsDir = filepath.Join(root, "node_modules", "typescript")
	if v, err := packageVersion(tsDir); err != nil || !strings.HasPrefix(v, "6.") {
		missingPeer(t, "typescript@6 is not in %s (%v, version %q): run scripts/peers.sh typescript (make test does)", tsDir, err, v)
	}
	if _, err := os.Stat(filepath.Join(root, "jscorpus", "node_modules", "effect", "package.json")); err != nil {
		missingPeer(t, "the JavaScript/TypeScript corpus is not installed (%v): run scripts/peers.sh jscorpus (make test does)", err)
	}
	for id, l := range tsOracleLangs {
		if l.ID != id {
			t.Fatalf("the language registered as %s has id %q", id, l.ID)
		}
	}
	langOf = map[string]string{}
	for _, part := range tsOracleParts {
		l := tsOracleLangs[part.lang]
		dir := filepath.Join(root, filepath.FromSlash(part.path))
		found, err := search.Walk(root, dir, l)
		if err != nil {
			t.Fatalf("walking %s: %v (is the corpus of scripts/peers.sh jscorpus still at the same versions?)", dir, err)
		}
		if len(found) == 0 {
			t.Fatalf("no %s files under %s", part.lang, dir)
		}
		for _, p := range found {
			rel := slashRel(root, p)
			if !l.ForFile(p) {
				t.Fatalf("%s is not a %s file", rel, part.lang)
			}
			if other, ok := langOf[rel]; ok {
				t.Fatalf("%s is in two parts (%s and %s)", rel, other, part.lang)
			}
			langOf[rel] = part.lang
			paths = append(paths, p)
		}
	}
	return node, root, tsDir, paths, langOf
}

// runTSOracle runs oracle.js over files with the predicates of cases, in
// one node process.
func runTSOracle(t *testing.T, node, tsDir string, files []string, cases []tsOracleCase) *tsOracleAnswer {
	t.Helper()
	type pattern struct {
		Name string `json:"name"`
	}
	req := struct {
		Files    []string  `json:"files"`
		Patterns []pattern `json:"patterns"`
	}{Files: files}
	seen := map[string]bool{}
	for _, tc := range cases {
		if !seen[tc.oracle] {
			seen[tc.oracle] = true
			req.Patterns = append(req.Patterns, pattern{tc.oracle})
		}
	}
	in, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("testdata", "tsoracle", "oracle.js"), tsDir)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle.js: %v\n%s", err, stderr.Bytes())
	}
	var ans tsOracleAnswer
	if err := json.Unmarshal(out, &ans); err != nil {
		t.Fatalf("oracle.js output: %v", err)
	}
	return &ans
}

// tsMismatches lists the first limit locations where want and got (sorted
// "file:first-last" lists) disagree, as go-cmp shows them, each followed
// by its source lines (at most three).
func tsMismatches(t *testing.T, root string, sources map[string][]string, want, got []string, limit int) string {
	t.Helper()
	count := map[string]int{}
	for _, s := range want {
		count[s]++
	}
	for _, s := range got {
		count[s]--
	}
	var keys []string
	for s, n := range count {
		if n != 0 {
			keys = append(keys, s)
		}
	}
	sort.Strings(keys)
	more := len(keys) - limit
	if more > 0 {
		keys = keys[:limit]
	}
	keep := map[string]bool{}
	for _, k := range keys {
		keep[k] = true
	}
	filter := func(list []string) []string {
		out := []string{}
		for _, s := range list {
			if keep[s] {
				out = append(out, s)
			}
		}
		return out
	}
	var b strings.Builder
	b.WriteString(cmp.Diff(filter(want), filter(got)))
	for _, k := range keys {
		side := "ours only"
		if count[k] > 0 {
			side = "the oracle's only"
		}
		fmt.Fprintf(&b, "%s (%s):\n", k, side)
		file, first, last := splitLocation(k)
		lines, ok := sources[file]
		if !ok {
			src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
			if err != nil {
				t.Fatalf("reading %s for the mismatch: %v", file, err)
			}
			lines = strings.Split(string(src), "\n")
			sources[file] = lines
		}
		for n := first; n <= last && n <= first+2 && n <= len(lines); n++ {
			fmt.Fprintf(&b, "\t%6d | %s\n", n, strings.TrimRight(lines[n-1], "\r"))
		}
		if last > first+2 {
			fmt.Fprintf(&b, "\t       | … to line %d\n", last)
		}
	}
	if more > 0 {
		fmt.Fprintf(&b, "… and %d more locations that disagree\n", more)
	}
	return b.String()
}

// splitLocation splits "file:first-last".
func splitLocation(loc string) (file string, first, last int) {
	i := strings.LastIndexByte(loc, ':')
	fmt.Sscanf(loc[i+1:], "%d-%d", &first, &last)
	return loc[:i], first, last
}

// checkoutRoot is the folder of the module's go.mod: the tests run in the
// package folder.
func checkoutRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// packageVersion is the version in an npm package's package.json.
func packageVersion(dir string) (string, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return "", err
	}
	var pkg struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(raw, &pkg); err != nil {
		return "", fmt.Errorf("%s: %w", dir, err)
	}
	if pkg.Version == "" {
		return "", errors.New("no version in " + filepath.Join(dir, "package.json"))
	}
	return pkg.Version, nil
}

// missingPeer skips the test, or fails it under AGENTTOOLS_REQUIRE_PEERS=1
// (as make test sets it), as peers.Require does for a missing program.
func missingPeer(t *testing.T, format string, args ...any) {
	t.Helper()
	peers.Missing(t, format, args...)
}
