package tools

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/matcher"
)

// The shares of catalog rules, in percent of those posable,
// TestASTGrepCatalog was last measured to pass: judged by the pages and
// the ast-grep CLI, and by the pages alone where the CLI is not
// installed. A rate below its floor is a regression.
const (
	astgrepCatalogFloor      = 58.5 // 23 of 39, ast-grep 0.51.1 at hand
	astgrepCatalogFloorAlone = 32.5 // 13 of 40
)

// catalogLanguages maps the catalog's folders to our language ids, for
// the languages we bundle.
var catalogLanguages = map[string]string{"go": "go", "python": "python", "javascript": "javascript", "typescript": "typescript",
	"tsx": "tsx", "rust": "rust", "dart": "dart", "c": "c", "java": "java"}

// astgrepLanguages maps ast-grep's language names and aliases, lower
// case, to ours.
var astgrepLanguages = map[string]string{"go": "go", "golang": "go", "python": "python", "py": "python",
	"javascript": "javascript", "js": "javascript", "jsx": "javascript", "typescript": "typescript", "ts": "typescript",
	"tsx": "tsx", "rust": "rust", "rs": "rust", "dart": "dart", "c": "c", "java": "java", "cpp": "cpp", "c++": "cpp"}

// TestASTGrepCatalog runs the rules of ast-grep's catalog, the examples
// of its documentation, when AGENTTOOLS_ASTGREP_DOCS names a fetched
// copy of its documentation's repository (a checkout, or a bare git
// directory read at HEAD). Each page of a bundled language gives a rule
// (its YAML section, or the ast-grep command of its Pattern section)
// and an example whose highlighted lines are what the rule should
// match; where the page shows a diff, the rule's fix should make it.
// Where the ast-grep CLI is installed, our matches and fixes must also be
// ast-grep's, and a page that does not hold with ast-grep itself (out of
// date, or written by hand) is judged by ast-grep alone. Nothing of the
// catalog is committed here. It logs each rule with ok or why not, and
// fails when the share that pass drops below its floor.
func TestASTGrepCatalog(t *testing.T) {
	where := os.Getenv("AGENTTOOLS_ASTGREP_DOCS")
	if where == "" {
		t.Skip("AGENTTOOLS_ASTGREP_DOCS is not set: no copy of ast-grep's documentation to read its catalog from")
	}
	repo, err := openFetched(where)
	if err != nil {
		t.Fatal(err)
	}
	files, err := repo.list("website/catalog")
	if err != nil {
		t.Fatal(err)
	}
	g := bundled.Registry()
	root := t.TempDir()
	cli := findASTGrepCLI()
	if cli == nil {
		t.Log("the ast-grep CLI is not installed: the matches are judged by the page's highlights alone")
	} else {
		t.Logf("the matches are judged by %s too, and it alone judges a page that does not hold with it", cli.version)
	}
	extracted, posable, passed := 0, 0, 0
	var lines []string
	other := map[string]int{}
	for _, f := range files {
		folder := path.Base(path.Dir(f))
		if !strings.HasSuffix(f, ".md") || path.Base(f) == "index.md" || path.Dir(f) == "website/catalog" {
			continue
		}
		lang, ok := catalogLanguages[folder]
		if !ok {
			other[folder]++
			continue
		}
		extracted++
		text, err := repo.read(f)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(f, "website/catalog/")
		page, why := readCatalogPage(text, lang)
		if page == nil {
			lines = append(lines, fmt.Sprintf("%-55s not posable: %s", name, why))
			continue
		}
		posable++
		if *astgrepShow {
			t.Logf("rule %s (%s)\n%s", name, page.from, page.rule)
			for i, ex := range page.examples {
				t.Logf("example %d (%s) highlights %v\n%s", i+1, ex.lang, ex.highlighted, ex.src)
				if ex.diff != nil {
					t.Logf("diff %d before\n%s--- after\n%s", i+1, ex.diff.before, ex.diff.after)
				}
			}
		}
		dir := filepath.Join(root, strconv.Itoa(extracted))
		problems, ours := runCatalogPage(toolsRunner{g}, dir, page, cli == nil)
		judged := ""
		if cli != nil {
			theirProblems, theirs := runCatalogPage(cli, dir+"-cli", page, false)
			switch {
			case theirs == nil:
				posable--
				lines = append(lines, fmt.Sprintf("%-55s not posable: %s cannot run it: %s", name, cli.version, strings.Join(theirProblems, "; ")))
				continue
			case ours == nil: // our error says it all
			case len(theirProblems) > 0:
				// the page is out of date: ast-grep alone judges
				judged = fmt.Sprintf(", judged by %s alone, as the page does not hold with it either (%s)", cli.version, strings.Join(theirProblems, "; "))
				problems = compareRuns(page, ours, theirs, true)
			default:
				problems = append(problems, compareRuns(page, ours, theirs, false)...)
			}
		}
		if len(problems) == 0 {
			passed++
			lines = append(lines, fmt.Sprintf("%-55s ok (%s%s)", name, page.from, judged))
			continue
		}
		lines = append(lines, fmt.Sprintf("%-55s FAIL (%s%s): %s", name, page.from, judged, strings.Join(problems, "; ")))
	}
	rate := 0.0
	if posable > 0 {
		rate = 100 * float64(passed) / float64(posable)
	}
	t.Logf("ast-grep documentation %s", repo.revision())
	for _, l := range lines {
		t.Log("  " + l)
	}
	for _, k := range sortedKeys(other) {
		t.Logf("  %d pages of %s, a language not bundled, left out", other[k], k)
	}
	t.Logf("astgrep catalog: extracted %d, posable %d, passed %d (%d/%d %.1f%%)", extracted, posable, passed, passed, posable, rate)
	floor := astgrepCatalogFloor
	if cli == nil {
		floor = astgrepCatalogFloorAlone
	}
	if rate < floor {
		t.Errorf("pass rate %.1f%% is below %.1f%%", rate, floor)
	}
}

// A catalogPage is what a catalog page gives to run: a rule document
// and its examples.
type catalogPage struct {
	lang     string // our id, of the page's folder
	rule     string // the rule document, as posed
	ruleLang string // the language argument: "" when the rule names one
	from     string // where the rule came from: yaml, or the command
	examples []catalogExample
}

// A catalogExample is an example block: its code, the lines the page
// highlights as matched (none when it marks none), and the diff the
// page shows for it.
type catalogExample struct {
	lang        string
	src         string
	highlighted []int
	diff        *catalogDiff
}

type catalogDiff struct{ before, after string }

// A mdBlock is a fenced code block of a page, with the headings it is
// under.
type mdBlock struct {
	heading string // the nearest heading
	section string // the nearest ### heading
	info    string // what follows the opening fence: language and {lines}
	text    string
}

var mdHeading = regexp.MustCompile(`^(#{1,6})\s+(.*?)\s*$`)

// readMarkdownBlocks returns a page's fenced code blocks.
func readMarkdownBlocks(page string) []mdBlock {
	var blocks []mdBlock
	heading, section := "", ""
	lines := strings.Split(page, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := mdHeading.FindStringSubmatch(line); m != nil {
			heading = m[2]
			if len(m[1]) <= 3 {
				section = m[2]
			}
			continue
		}
		trimmed := strings.TrimSpace(line)
		if !strings.HasPrefix(trimmed, "```") {
			continue
		}
		b := mdBlock{heading: heading, section: section, info: strings.TrimSpace(strings.TrimPrefix(trimmed, "```"))}
		var body []string
		for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
			body = append(body, lines[i])
		}
		b.text = strings.Join(body, "\n") + "\n"
		blocks = append(blocks, b)
	}
	return blocks
}

// readCatalogPage finds a page's rule and examples, or says why it has
// none to run. The rule is the last YAML block of the YAML section (a
// page may show a first try before the rule it means), or the ast-grep
// command of the Pattern section.
func readCatalogPage(page, lang string) (*catalogPage, string) {
	blocks := readMarkdownBlocks(page)
	p := &catalogPage{lang: lang}
	for _, b := range blocks {
		fence := strings.Fields(b.info + " ")
		kind := ""
		if len(fence) > 0 {
			kind = strings.ToLower(fence[0])
		}
		switch {
		case sectionIs(b.section, "yaml") && (kind == "yaml" || kind == "yml"):
			p.rule, p.from = b.text, "yaml"
		case sectionIs(b.section, "pattern") && p.from != "yaml" && (kind == "shell" || kind == "sh" || kind == "bash"):
			rule, why := commandRule(b.text)
			if rule == "" {
				return nil, why
			}
			p.rule, p.from = rule, "command"
		}
	}
	if p.rule == "" {
		return nil, "no YAML or Pattern section gives the rule whole"
	}
	// the examples are files of the rule's language, whatever their
	// fences say: a page of tsx may fence its example as js
	exLang := lang
	if l, ok := topKey(p.rule, "language"); ok {
		ours, known := astgrepLanguages[strings.ToLower(l)]
		if !known || caseExtensions[ours] == "" {
			return nil, "the rule's language " + l + " is not one of ours"
		}
		exLang = ours
	} else {
		p.ruleLang = lang
	}
	// examples: the blocks of the Example section and the headings below
	// it; a Diff block is the diff of the example before it
	inExample := false
	for _, b := range blocks {
		switch {
		case sectionIs(b.section, "example"):
			inExample = true
		case sectionIs(b.section, "diff"):
		default:
			inExample = false
		}
		if !inExample && !sectionIs(b.section, "diff") {
			continue
		}
		if sectionIs(b.heading, "diff") {
			if len(p.examples) == 0 {
				continue
			}
			before, after := splitDiff(b.text)
			p.examples[len(p.examples)-1].diff = &catalogDiff{before, after}
			continue
		}
		ex := catalogExample{lang: exLang, src: b.text, highlighted: highlightLines(b.info)}
		if strings.Contains(b.text, "[!code") {
			// an example annotated as a diff is its own diff
			before, after := splitDiff(b.text)
			ex.src = before
			ex.diff = &catalogDiff{before, after}
		}
		p.examples = append(p.examples, ex)
	}
	if len(p.examples) == 0 {
		return nil, "no example to run the rule on"
	}
	return p, ""
}

func sectionIs(heading, name string) bool {
	return strings.EqualFold(strings.TrimSpace(heading), name)
}

var highlightSpec = regexp.MustCompile(`\{([0-9,\s-]+)\}`)

// highlightLines reads the lines a fence highlights: ```go{2,4-6}.
func highlightLines(info string) []int {
	m := highlightSpec.FindStringSubmatch(info)
	if m == nil {
		return nil
	}
	var out []int
	for _, part := range strings.Split(m[1], ",") {
		part = strings.TrimSpace(part)
		from, to, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(strings.TrimSpace(from))
		if err != nil {
			continue
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(strings.TrimSpace(to)); err != nil {
				continue
			}
		}
		for l := a; l <= b; l++ {
			out = append(out, l)
		}
	}
	return out
}

var diffMark = regexp.MustCompile(`\s*(//|#|<!--|/\*)?\s*\[!code (\+\+|--)\]\s*(-->|\*/)?\s*$`)

// splitDiff reads a block annotated with [!code --] and [!code ++] into
// the code before the fix and after it.
func splitDiff(text string) (before, after string) {
	var b, a []string
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		m := diffMark.FindStringSubmatch(line)
		if m == nil {
			b, a = append(b, line), append(a, line)
			continue
		}
		code := line[:len(line)-len(m[0])]
		if m[2] == "--" {
			b = append(b, code)
		} else {
			a = append(a, code)
		}
	}
	return strings.Join(b, "\n") + "\n", strings.Join(a, "\n") + "\n"
}

// commandRule turns an ast-grep command line into the rule it runs: its
// pattern (with a selector, a context pattern), and its rewrite as fix.
func commandRule(cmd string) (string, string) {
	words, err := shellWords(cmd)
	if err != nil {
		return "", "its command does not parse: " + err.Error()
	}
	var pattern, rewrite, selector, strictness, lang string
	hasRewrite := false
	for i := 0; i < len(words); i++ {
		w := words[i]
		flag, value, inline := strings.Cut(w, "=")
		take := func() string {
			if inline {
				return value
			}
			if i+1 < len(words) {
				i++
				return words[i]
			}
			return ""
		}
		switch flag {
		case "-p", "--pattern":
			pattern = take()
		case "-r", "--rewrite":
			rewrite, hasRewrite = take(), true
		case "-l", "--lang":
			lang = take()
		case "--selector":
			selector = take()
		case "--strictness":
			strictness = take()
		}
	}
	if pattern == "" {
		return "", "its command has no pattern"
	}
	if regexp.MustCompile(`\n\s*--?[a-z]`).MatchString(pattern + rewrite) {
		return "", "its command is mis-quoted: the quoted pattern takes in the flags after it"
	}
	var p yv = pattern
	if selector != "" || strictness != "" {
		m := newYmap("context", pattern)
		if selector != "" {
			m.set("selector", selector)
		}
		if strictness != "" {
			m.set("strictness", strictness)
		}
		p = m
	}
	doc := newYmap()
	if lang != "" {
		doc.set("language", lang)
	}
	doc.set("rule", newYmap("pattern", p))
	if hasRewrite {
		doc.set("fix", rewrite)
	}
	return yamlText(doc), ""
}

// shellWords splits a command as a POSIX shell does its words: quotes,
// backslashes, and a backslash before a newline joining lines.
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("an unclosed '")
			}
			cur.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`\n", s[i+1]) >= 0 {
					i++
					if s[i] == '\n' {
						continue
					}
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("an unclosed \"")
			}
			inWord = true
		case c == '\\' && i+1 < len(s):
			i++
			if s[i] != '\n' {
				cur.WriteByte(s[i])
				inWord = true
			}
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// A catalogRunner runs a page's rule: our tools, or the ast-grep CLI.
type catalogRunner interface {
	// search returns the matches of the rule in src, or what went wrong.
	search(dir string, p *catalogPage, lang, src string) ([]matcher.Found, string)
	// fix returns src with the rule's fix applied, or what went wrong.
	fix(dir string, p *catalogPage, lang, src string) (string, string)
}

// An exampleRun is what a rule did with an example: its matches, and
// the example's diff fixed.
type exampleRun struct {
	found  []matcher.Found
	fixed  string
	fixErr string
}

// runCatalogPage runs a page's rule on its examples and says what went
// wrong: an error, no match on lines the page highlights (and, when
// strict, matches on lines it does not), a fix that does not make the
// page's diff. It returns what the rule did with each example, or nil
// when it could not run.
func runCatalogPage(r catalogRunner, dir string, p *catalogPage, strict bool) ([]string, []exampleRun) {
	var problems []string
	var runs []exampleRun
	for i, ex := range p.examples {
		label := exampleLabel(p, i)
		found, err := r.search(filepath.Join(dir, strconv.Itoa(i)), p, ex.lang, ex.src)
		if err != "" {
			return append(problems, label+": "+err), nil
		}
		runs = append(runs, exampleRun{found: found})
		if msg := compareHighlight(ex.highlighted, found, strict); msg != "" {
			problems = append(problems, label+": "+msg)
		}
		if ex.diff == nil {
			continue
		}
		got, err := r.fix(filepath.Join(dir, strconv.Itoa(i)+"fix"), p, ex.lang, ex.diff.before)
		if err != "" {
			runs[i].fixErr = err
			problems = append(problems, label+" diff: "+err)
			continue
		}
		runs[i].fixed = got
		if squash(got) != squash(ex.diff.after) {
			problems = append(problems, fmt.Sprintf("%s diff: the fix gives %q, the page %q", label, strings.TrimSpace(got), strings.TrimSpace(ex.diff.after)))
		}
	}
	return problems, runs
}

// compareRuns says how what our tools did differs from what ast-grep
// did; alone, it also says where our fix failed, which the page's own
// check says otherwise.
func compareRuns(p *catalogPage, ours, theirs []exampleRun, alone bool) []string {
	var problems []string
	for i := range theirs {
		label := exampleLabel(p, i)
		if diff := compareFound(ours[i].found, theirs[i].found); diff != "" {
			problems = append(problems, label+": "+diff)
		}
		switch {
		case p.examples[i].diff == nil:
		case ours[i].fixErr != "":
			if alone {
				problems = append(problems, label+" diff: "+ours[i].fixErr)
			}
		case squash(ours[i].fixed) != squash(theirs[i].fixed):
			problems = append(problems, fmt.Sprintf("%s diff: the fix gives %q, ast-grep %q", label, strings.TrimSpace(ours[i].fixed), strings.TrimSpace(theirs[i].fixed)))
		}
	}
	return problems
}

func exampleLabel(p *catalogPage, i int) string {
	if len(p.examples) == 1 {
		return "example"
	}
	return fmt.Sprintf("example %d", i+1)
}

// compareFound says how our matches differ from ast-grep's: by where
// each starts and its text, a statement's closing ; aside, which our
// trees leave out of the statement (the README says so).
func compareFound(ours, theirs []matcher.Found) string {
	key := func(f matcher.Found) string {
		return fmt.Sprintf("%d:%d %q", f.Range.Start.Line, f.Range.Start.Column, strings.TrimSuffix(f.Text, ";"))
	}
	in := func(list []matcher.Found) map[string]bool {
		m := map[string]bool{}
		for _, f := range list {
			m[key(f)] = true
		}
		return m
	}
	o, t := in(ours), in(theirs)
	var extra, missed []string
	for _, f := range ours {
		if !t[key(f)] {
			extra = append(extra, key(f))
		}
	}
	for _, f := range theirs {
		if !o[key(f)] {
			missed = append(missed, key(f))
		}
	}
	var msgs []string
	if len(missed) > 0 {
		msgs = append(msgs, fmt.Sprintf("%d matches of ast-grep's missing (%s)", len(missed), firstFew(missed)))
	}
	if len(extra) > 0 {
		msgs = append(msgs, fmt.Sprintf("%d matches ast-grep does not make (%s)", len(extra), firstFew(extra)))
	}
	return strings.Join(msgs, ", ")
}

func firstFew(list []string) string {
	if len(list) > 3 {
		return strings.Join(list[:3], ", ") + ", …"
	}
	return strings.Join(list, ", ")
}

// squash drops all whitespace: the pages lay out their diffs by hand.
func squash(s string) string { return strings.Join(strings.Fields(s), "") }

// compareHighlight checks matches against the lines a page highlights:
// each highlighted line must be inside a match (a page may mark only
// some lines of a long match), and, when strict, each match must start
// on a highlighted line. Pages highlight some matches and not others,
// so where ast-grep is at hand it judges the matches instead of strict.
// With nothing highlighted, some match is wanted.
func compareHighlight(lines []int, found []matcher.Found, strict bool) string {
	if len(found) == 0 {
		return "no match"
	}
	if len(lines) == 0 {
		return ""
	}
	marked := map[int]bool{}
	for _, l := range lines {
		marked[l] = true
	}
	var extra, missed []int
	for _, f := range found {
		if strict && !marked[f.Range.Start.Line] {
			extra = append(extra, f.Range.Start.Line)
		}
	}
	for _, l := range lines {
		in := false
		for _, f := range found {
			if f.Range.Start.Line <= l && l <= f.Range.End.Line {
				in = true
				break
			}
		}
		if !in {
			missed = append(missed, l)
		}
	}
	var msgs []string
	if len(extra) > 0 {
		msgs = append(msgs, fmt.Sprintf("matches on lines %v the page does not highlight", uniqueInts(extra)))
	}
	if len(missed) > 0 {
		msgs = append(msgs, fmt.Sprintf("no match on highlighted lines %v", missed))
	}
	return strings.Join(msgs, ", ")
}

func uniqueInts(xs []int) []int {
	sort.Ints(xs)
	var out []int
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func catalogArgs(p *catalogPage, file string) map[string]any {
	args := map[string]any{"rule": p.rule, "path": file}
	if p.ruleLang != "" {
		args["language"] = p.ruleLang
	}
	return args
}

// toolsRunner runs a page's rule with ast_grep and ast_edit.
type toolsRunner struct{ g *grammars.Registry }

// search writes an example and runs the rule over it.
func (tr toolsRunner) search(dir string, p *catalogPage, lang, src string) ([]matcher.Found, string) {
	d, file, err := caseFolder(tr.g, dir, lang, src)
	if err != nil {
		return nil, err.Error()
	}
	args := catalogArgs(p, file)
	args["max_results"] = 100000
	res, err := callTool(d, "ast_grep", args)
	if err != nil {
		return nil, "call failed: " + err.Error()
	}
	if res.IsError {
		return nil, "error: " + firstLine(res.TextContent())
	}
	r, ok := res.Structured.(astGrepResult)
	if !ok {
		return nil, fmt.Sprintf("a result of %T", res.Structured)
	}
	return preOrder(r.Matches), ""
}

// fix writes a diff's code before the fix, applies the rule's fix and
// returns the file it makes.
func (tr toolsRunner) fix(dir string, p *catalogPage, lang, src string) (string, string) {
	d, file, err := caseFolder(tr.g, dir, lang, src)
	if err != nil {
		return "", err.Error()
	}
	res, err := callTool(d, "ast_edit", catalogArgs(p, file))
	if err != nil {
		return "", "call failed: " + err.Error()
	}
	if res.IsError {
		return "", "ast_edit error: " + firstLine(res.TextContent())
	}
	ed, ok := res.Structured.(astEditResult)
	if !ok || ed.EditID == "" {
		return "", "nothing to fix: " + firstLine(res.TextContent())
	}
	acc, err := callTool(d, "resolve", map[string]any{"edit_id": ed.EditID, "action": "accept"})
	if err != nil || acc.IsError {
		return "", fmt.Sprintf("resolve failed: %v %s", err, acc.TextContent())
	}
	b, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		return "", err.Error()
	}
	return string(b), ""
}
