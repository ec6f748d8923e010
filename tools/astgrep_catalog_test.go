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

// astgrepCatalogFloor is the share of catalog rules, in percent of those
// posable, TestASTGrepCatalog was last measured to pass; a rate below it
// is a regression.
const astgrepCatalogFloor = 0.0

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
// Nothing of the catalog is committed here. It logs each rule with ok or
// why not, and fails when the share that pass drops below
// astgrepCatalogFloor.
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
		problems := runCatalogPage(g, filepath.Join(root, strconv.Itoa(extracted)), page)
		if len(problems) == 0 {
			passed++
			lines = append(lines, fmt.Sprintf("%-55s ok (%s)", name, page.from))
			continue
		}
		lines = append(lines, fmt.Sprintf("%-55s FAIL (%s): %s", name, page.from, strings.Join(problems, "; ")))
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
	if rate < astgrepCatalogFloor {
		t.Errorf("pass rate %.1f%% is below %.1f%%", rate, astgrepCatalogFloor)
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

// runCatalogPage runs a page's rule on its examples and says what went
// wrong: an error, matches on lines the page does not highlight or none
// on lines it does, a fix that does not make the page's diff.
func runCatalogPage(g *grammars.Registry, dir string, p *catalogPage) []string {
	var problems []string
	for i, ex := range p.examples {
		label := fmt.Sprintf("example %d", i+1)
		if len(p.examples) == 1 {
			label = "example"
		}
		found, err := catalogSearch(g, filepath.Join(dir, strconv.Itoa(i)), p, ex.lang, ex.src)
		if err != "" {
			return append(problems, label+": "+err)
		}
		if msg := compareHighlight(ex.highlighted, found); msg != "" {
			problems = append(problems, label+": "+msg)
		}
		if ex.diff == nil {
			continue
		}
		got, err := catalogFix(g, filepath.Join(dir, strconv.Itoa(i)+"fix"), p, ex.lang, ex.diff.before)
		if err != "" {
			problems = append(problems, label+" diff: "+err)
			continue
		}
		if squash(got) != squash(ex.diff.after) {
			problems = append(problems, fmt.Sprintf("%s diff: the fix gives %q, the page %q", label, strings.TrimSpace(got), strings.TrimSpace(ex.diff.after)))
		}
	}
	return problems
}

// squash drops all whitespace: the pages lay out their diffs by hand.
func squash(s string) string { return strings.Join(strings.Fields(s), "") }

// compareHighlight checks matches against the lines a page highlights:
// each match must start on a highlighted line, and each highlighted line
// must be inside a match (a page may mark only some lines of a long
// match). With nothing highlighted, some match is wanted.
func compareHighlight(lines []int, found []matcher.Found) string {
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
		if !marked[f.Range.Start.Line] {
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

// catalogSearch writes an example and runs the rule over it.
func catalogSearch(g *grammars.Registry, dir string, p *catalogPage, lang, src string) ([]matcher.Found, string) {
	d, file, err := caseFolder(g, dir, lang, src)
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

// catalogFix writes a diff's code before the fix, applies the rule's fix
// and returns the file it makes.
func catalogFix(g *grammars.Registry, dir string, p *catalogPage, lang, src string) (string, string) {
	d, file, err := caseFolder(g, dir, lang, src)
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
