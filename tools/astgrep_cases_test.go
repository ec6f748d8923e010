package tools

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/tool"
)

// astgrepShow lists every case extracted, with its rule and source, for
// debugging the extraction: go test ./tools -run ASTGrepCases -v -astgrep.show
var astgrepShow = flag.Bool("astgrep.show", false, "log every ast-grep case and catalog rule with what it poses")

// astgrepCasesFloor is the pass rate, in percent of the posable cases,
// TestASTGrepCases was last measured at (278 of 307); a rate below it is
// a regression.
const astgrepCasesFloor = 98.5

// TestASTGrepCases poses the unit tests of ast-grep's rule crate to
// ast_grep and ast_edit, when AGENTTOOLS_ASTGREP_REPO names a fetched
// ast-grep repository (a checkout, or a bare git directory read at
// HEAD). Nothing of ast-grep is committed here: the cases are read from
// that repository's Rust tests at test time (see astgrep_eval_test.go
// for how), so the measure follows ast-grep as it changes. It logs how
// many cases were extracted, how many could be posed and how many pass,
// every failure with what was wanted and what the tools gave, and every
// test or assertion that could not be posed with why; it fails when the
// pass rate drops below astgrepCasesFloor. Where the ast-grep CLI is
// installed, it poses every case to the CLI as well and lists where
// ast-grep itself does not give what the case wants: the check that a
// case was read as its test meant.
func TestASTGrepCases(t *testing.T) {
	where := os.Getenv("AGENTTOOLS_ASTGREP_REPO")
	if where == "" {
		t.Skip("AGENTTOOLS_ASTGREP_REPO is not set: no ast-grep repository to read its rule tests from")
	}
	repo, err := openFetched(where)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := extractASTGrepCases(repo)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("ast-grep %s: %d test files, %d tests", repo.revision(), ex.files, ex.tests)
	for _, k := range sortedKeys(ex.byIdiom) {
		t.Logf("  idiom %-45s %4d cases", k, ex.byIdiom[k])
	}
	for _, k := range sortedKeys(ex.byFile) {
		t.Logf("  file  %-45s %4d cases", k, ex.byFile[k])
	}

	if *astgrepShow {
		for _, c := range ex.cases {
			t.Logf("case %s [%s] %s wants %s\n--- rule\n%s\n--- source\n%s", c.id(), c.idiom, c.lang, c.expectation(), c.doc, c.src)
		}
	}

	g := bundled.Registry()
	root := t.TempDir()
	// an error case passes on any error, so the tools must first be
	// shown to run a rule at all
	probe := &astCase{lang: "tsx", doc: "rule:\n  pattern: a\n", src: "a\n", kind: expectFound}
	if ok, got := poseCase(g, filepath.Join(root, "probe"), probe); !ok {
		t.Fatalf("ast_grep does not run the rule {pattern: a}: %s", got)
	}
	names := usedNames(ex.cases)
	posable := 0
	passed := 0
	var failures []string
	for i, c := range ex.cases {
		posable++
		ok, got := poseCase(g, filepath.Join(root, fmt.Sprint(i)), c)
		if ok && c.kind == expectError {
			if name, ok2 := unknownName(got); ok2 && names[name] {
				ok, got = false, "an error for another reason: "+got
			}
		}
		if ok {
			if *astgrepShow {
				t.Logf("pass %s: %s", c.id(), got)
			}
			passed++
			continue
		}
		failures = append(failures, fmt.Sprintf("%s [%s]: want %s, got %s", c.id(), c.idiom, c.expectation(), got))
	}
	extracted := posable + len(ex.skipped)
	rate := 0.0
	if posable > 0 {
		rate = 100 * float64(passed) / float64(posable)
	}
	t.Logf("astgrep cases: extracted %d, posable %d, passed %d (%d/%d %.1f%%)", extracted, posable, passed, passed, posable, rate)
	if len(failures) > 0 {
		t.Logf("%d failures:", len(failures))
		for _, f := range failures {
			t.Log("  " + f)
		}
	}
	logNotPosable(t, ex.skipped)
	// the CLI, where it is installed, checks the reading of the cases: a
	// case it does not pass was read wrong, or tests what the CLI is too
	// old for
	if cli := findASTGrepCLI(); cli != nil {
		var disagree []string
		unchecked := 0
		for i, c := range ex.cases {
			ok, got := cli.pose(filepath.Join(root, fmt.Sprint(i)+"-cli"), c)
			switch {
			case ok:
			case cliNeedsKind(got):
				unchecked++
			default:
				disagree = append(disagree, fmt.Sprintf("%s [%s]: want %s, %s gives %s", c.id(), c.idiom, c.expectation(), cli.version, got))
			}
		}
		t.Logf("%s gives what %d of the %d cases want; %d it cannot run, as scan wants a rule with a kind; it differs on %d:",
			cli.version, len(ex.cases)-len(disagree)-unchecked, len(ex.cases), unchecked, len(disagree))
		for _, d := range disagree {
			t.Log("  " + d)
		}
	}
	if rate < astgrepCasesFloor {
		t.Errorf("pass rate %.1f%% is below %.1f%%", rate, astgrepCasesFloor)
	}
}

// logNotPosable lists what could not be posed, grouped by why.
func logNotPosable(t *testing.T, skipped []notPosable) {
	by := map[string][]notPosable{}
	for _, s := range skipped {
		by[s.why] = append(by[s.why], s)
	}
	whys := sortedKeys(map[string]int{})
	for w := range by {
		whys = append(whys, w)
	}
	sort.Slice(whys, func(i, j int) bool {
		return len(by[whys[i]]) > len(by[whys[j]]) || len(by[whys[i]]) == len(by[whys[j]]) && whys[i] < whys[j]
	})
	t.Logf("%d not posable:", len(skipped))
	for _, w := range whys {
		t.Logf("  %d %s:", len(by[w]), w)
		for _, s := range by[w] {
			t.Logf("    %s: %s", s.test, s.what)
		}
	}
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// extraction is what was read of ast-grep's tests.
type extraction struct {
	files, tests int
	cases        []*astCase
	skipped      []notPosable
	byIdiom      map[string]int
	byFile       map[string]int
}

// astgrepTestRoot is the folder of ast-grep's rule crate; the tests are
// in the #[cfg(test)] modules of its sources.
const astgrepTestRoot = "crates/config/src"

// extractASTGrepCases reads the cases of every test of the rule crate.
// A test not about the languages we bundle would be skipped here, but
// every one of the crate's uses its TypeScript/Tsx test language, which
// is our tsx.
func extractASTGrepCases(repo fetchedRepo) (*extraction, error) {
	files, err := repo.list(astgrepTestRoot)
	if err != nil {
		return nil, err
	}
	ex := &extraction{byIdiom: map[string]int{}, byFile: map[string]int{}}
	for _, f := range files {
		if !strings.HasSuffix(f, ".rs") {
			continue
		}
		src, err := repo.read(f)
		if err != nil {
			return nil, err
		}
		mod, err := parseRustTests(src)
		rel := strings.TrimPrefix(f, astgrepTestRoot+"/")
		if err != nil {
			ex.skipped = append(ex.skipped, notPosable{test: rel, what: "the file", why: "its tests did not parse: " + err.Error()})
			continue
		}
		ev := newEvaluator(rel, mod)
		counted := false
		for _, fn := range mod.fns {
			if !contains(fn.attrs, "test") {
				continue
			}
			if !counted {
				ex.files++
				counted = true
			}
			ex.tests++
			res := ev.run(fn)
			ex.cases = append(ex.cases, res.cases...)
			ex.skipped = append(ex.skipped, res.skipped...)
			if res.stopped != "" {
				ex.skipped = append(ex.skipped, notPosable{test: res.name, what: "the rest of the test", why: res.stopped})
			} else if len(res.cases) == 0 && len(res.skipped) == 0 {
				ex.skipped = append(ex.skipped, notPosable{test: res.name, what: "the test", why: "asserts nothing but that it runs"})
			}
			for _, c := range res.cases {
				ex.byIdiom[c.idiom]++
				ex.byFile[rel]++
			}
		}
	}
	return ex, nil
}

// extensions maps our language ids to the extension of the file a case
// is written to.
var caseExtensions = map[string]string{"tsx": ".tsx", "typescript": ".ts", "javascript": ".js", "go": ".go",
	"python": ".py", "rust": ".rs", "dart": ".dart", "c": ".c", "java": ".java", "cpp": ".cpp"}

// poseCase runs one case through the tools in a folder of its own, and
// says whether it passed and, if not, what the tools gave.
func poseCase(g *grammars.Registry, dir string, c *astCase) (bool, string) {
	d, file, err := caseFolder(g, dir, c.lang, c.src)
	if err != nil {
		return false, err.Error()
	}
	res, err := callTool(d, "ast_grep", map[string]any{"rule": c.doc, "language": c.lang, "path": file, "max_results": 100000})
	if err != nil {
		return false, "call failed: " + err.Error()
	}
	if res.IsError {
		return c.kind == expectError, "error: " + firstLine(res.TextContent())
	}
	r, ok := res.Structured.(astGrepResult)
	if !ok {
		return false, fmt.Sprintf("a result of %T", res.Structured)
	}
	found := preOrder(r.Matches)
	got := fmt.Sprintf("no error, %d matches %s", len(found), matchTexts(found))
	if ok, done := c.checkCount(len(found)); done || len(found) == 0 {
		return ok, got
	}
	texts := make([]string, len(found))
	for i, f := range found {
		texts[i] = f.Text
	}
	if ok, got, done := c.checkMatches(texts, found[0].Captures.Get); done {
		return ok, got
	}
	return poseEdit(d, dir, file, c, found)
}

// An error case passes on any error, and the tools' kind and field maps
// are not ast-grep's: a rule that names a kind or field ours lack is an
// error here for that alone. So an error that a kind or field is unknown
// does not pass a case when ast-grep's own tests use that name in rules
// they expect to run. The names are read from the kind, selector and
// field values of the rules of the other cases; the error is read from
// the tools' wording, "X is no kind of" and "X is no field of".
var (
	ruleNameValue = regexp.MustCompile(`(?m)\b(?:kind|selector|field):\s*["']?([^"'\n,}]+)`)
	ruleNameWord  = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
	unknownNameRe = regexp.MustCompile(`\b([A-Za-z_][A-Za-z0-9_]*) is no (?:kind|field) of`)
)

func usedNames(cases []*astCase) map[string]bool {
	names := map[string]bool{}
	for _, c := range cases {
		if c.kind == expectError {
			continue
		}
		for _, m := range ruleNameValue.FindAllStringSubmatch(c.doc, -1) {
			for _, w := range ruleNameWord.FindAllString(m[1], -1) {
				names[w] = true
			}
		}
	}
	return names
}

func unknownName(got string) (string, bool) {
	m := unknownNameRe.FindStringSubmatch(got)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// checkCount judges a case by how many matches there are, for the
// cases that read no more; done says it was one of them.
func (c *astCase) checkCount(n int) (ok, done bool) {
	switch c.kind {
	case expectError:
		return false, true
	case expectAccepted:
		return true, true
	case expectFound:
		return n > 0, true
	case expectNotFound:
		return n == 0, true
	case expectCount:
		return n == c.wantN, true
	}
	return false, false
}

// checkMatches judges a case by the texts of the matches, in order, and
// the first match's metavariables, for the cases that read no more.
func (c *astCase) checkMatches(texts []string, capture func(string) (string, bool)) (ok bool, got string, done bool) {
	switch c.kind {
	case expectText, expectNthText:
		if c.index >= len(texts) {
			return false, fmt.Sprintf("%d matches", len(texts)), true
		}
		return texts[c.index] == c.want, fmt.Sprintf("%q", texts[c.index]), true
	case expectCapture, expectNoCapture, expectCaptured:
		v, bound := capture(c.name)
		got = fmt.Sprintf("$%s = %q", c.name, v)
		if !bound {
			got = fmt.Sprintf("$%s unbound", c.name)
		}
		switch c.kind {
		case expectCapture:
			return bound && v == c.want, got, true
		case expectNoCapture:
			return !bound, got, true
		}
		return bound, got, true
	}
	return false, "", false
}

// caseFolder writes a source into a folder of its own, as a file of its
// language, and returns the tools over that folder.
func caseFolder(g *grammars.Registry, dir, lang, src string) (*tool.Dispatcher, string, error) {
	file, err := writeCase(dir, lang, src)
	if err != nil {
		return nil, "", err
	}
	// ast_edit writes, which a run approves: here --yes does
	d, err := Registry(&Run{Dir: dir, Grammars: g, Yes: true})
	return d, file, err
}

// poseEdit checks what ast_edit makes of the first match: the text it is
// replaced by, or where the edit starts and how much it deletes.
func poseEdit(d *tool.Dispatcher, dir, file string, c *astCase, found []matcher.Found) (bool, string) {
	args := map[string]any{"rule": c.doc, "language": c.lang, "path": file}
	if c.rewrite != nil {
		args["rewrite"] = *c.rewrite
	}
	res, err := callTool(d, "ast_edit", args)
	if err != nil {
		return false, "call failed: " + err.Error()
	}
	if res.IsError {
		return false, "ast_edit error: " + firstLine(res.TextContent())
	}
	ed, ok := res.Structured.(astEditResult)
	if !ok {
		return false, fmt.Sprintf("a result of %T", res.Structured)
	}
	// a replacement that is the text it replaces changes nothing, and
	// nothing is staged
	after := c.src
	if ed.EditID != "" {
		acc, err := callTool(d, "resolve", map[string]any{"edit_id": ed.EditID, "action": "accept"})
		if err != nil || acc.IsError {
			return false, fmt.Sprintf("resolve failed: %v %s", err, acc.TextContent())
		}
		b, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			return false, err.Error()
		}
		after = string(b)
	}
	start, oldEnd, newEnd, ok := firstEdit(c.src, after, found)
	if !ok {
		return false, "the edit of the first match cannot be told apart"
	}
	switch c.kind {
	case expectEditStart:
		return start == c.wantN, fmt.Sprintf("byte %d", start)
	case expectEditLength:
		return oldEnd-start == c.wantN, fmt.Sprintf("%d bytes", oldEnd-start)
	}
	got := after[start:newEnd]
	return got == c.want || c.loose && dedentTail(got) == dedentTail(c.want), fmt.Sprintf("%q", got)
}

// firstEdit finds the first match's edit in what ast_edit wrote: where it
// starts in the old text (the match's start, or before it where a fix
// expands), where it ends in the old and where in the new. The text
// before the first match is untouched; the end is where the old and new
// texts agree again up to the next match, or to the end when it is the
// only match not inside another.
func firstEdit(old, new string, found []matcher.Found) (start, oldEnd, newEnd int, ok bool) {
	spans := make([][2]int, 0, len(found))
	for _, f := range found {
		s := byteOffset(old, f.Range.Start)
		spans = append(spans, [2]int{s, s + len(f.Text)})
	}
	// the matches not inside an earlier one
	var top [][2]int
	for _, s := range spans {
		if len(top) > 0 && s[0] < top[len(top)-1][1] {
			continue
		}
		top = append(top, s)
	}
	start = commonPrefix(old, new)
	if start > top[0][0] {
		start = top[0][0]
	}
	if len(top) == 1 {
		suffix := commonSuffix(old[start:], new[start:])
		if len(old)-suffix < top[0][1] {
			suffix = len(old) - top[0][1]
		}
		return start, len(old) - suffix, len(new) - suffix, true
	}
	// several: the text between the first and the second follows the edit
	gap := old[top[0][1]:top[1][0]]
	if gap == "" {
		return 0, 0, 0, false
	}
	i := strings.Index(new[start:], gap)
	if i < 0 {
		return 0, 0, 0, false
	}
	return start, top[0][1], start + i, true
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

func commonSuffix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}

// byteOffset turns a 1-based line and code-point column into a byte
// offset.
func byteOffset(src string, p matcher.Position) int {
	off := 0
	for line := 1; line < p.Line; line++ {
		i := strings.IndexByte(src[off:], '\n')
		if i < 0 {
			return len(src)
		}
		off += i + 1
	}
	for col := 1; col < p.Column && off < len(src); col++ {
		_, size := utf8.DecodeRuneInString(src[off:])
		off += size
	}
	return off
}

// dedentTail drops the indentation the lines after the first share: a
// fix re-indents a multi-line value to where it is put, which the
// transform itself did not.
func dedentTail(s string) string {
	first, rest, ok := strings.Cut(s, "\n")
	if !ok {
		return s
	}
	return first + "\n" + dedent(rest)
}

// preOrder sorts matches as ast-grep's find_all gives them: by start,
// an enclosing match before those inside it.
func preOrder(found []matcher.Found) []matcher.Found {
	out := append([]matcher.Found(nil), found...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Range, out[j].Range
		if a.Start != b.Start {
			return a.Start.Line < b.Start.Line || a.Start.Line == b.Start.Line && a.Start.Column < b.Start.Column
		}
		return a.End.Line > b.End.Line || a.End.Line == b.End.Line && a.End.Column > b.End.Column
	})
	return out
}

func matchTexts(found []matcher.Found) string {
	var texts []string
	for i, f := range found {
		if i == 5 {
			texts = append(texts, "…")
			break
		}
		texts = append(texts, fmt.Sprintf("%q", f.Text))
	}
	return "[" + strings.Join(texts, " ") + "]"
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// callTool calls a tool as the MCP server does; an error is one the
// dispatcher gave, as an argument the tool does not know.
func callTool(d *tool.Dispatcher, name string, args map[string]any) (tool.Result, error) {
	raw, err := json.Marshal(args)
	if err != nil {
		return tool.Result{}, err
	}
	return d.Call(context.Background(), tool.Full, name, raw)
}
