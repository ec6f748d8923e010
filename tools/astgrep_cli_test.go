package tools

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/agenttools/agenttools/matcher"
)

// astgrepCLI is the ast-grep CLI, the judge of what a rule does where a
// page of ast-grep's documentation and our tools disagree: a page that
// does not hold with ast-grep itself is out of date.
type astgrepCLI struct {
	bin, version string
}

// astgrepUseCLI lets the CLI be left out, to see what the tests give
// where it is not installed.
var astgrepUseCLI = flag.Bool("astgrep.cli", true, "check ast-grep cases and catalog rules with the ast-grep CLI where it is installed")

// findASTGrepCLI returns the CLI where it is installed, or nil.
func findASTGrepCLI() *astgrepCLI {
	if !*astgrepUseCLI {
		return nil
	}
	bin, err := peers.Find("ast-grep")
	if err != nil {
		return nil
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		return nil
	}
	return &astgrepCLI{bin: bin, version: strings.TrimSpace(string(out))}
}

// cliLanguages maps our language ids to ast-grep's names.
var cliLanguages = map[string]string{"go": "Go", "python": "Python", "javascript": "JavaScript", "typescript": "TypeScript",
	"tsx": "Tsx", "rust": "Rust", "dart": "Dart", "c": "C", "java": "Java", "cpp": "Cpp"}

// cliRule gives each document of a rule the language our tools take as
// an argument: the CLI takes it only in the rule.
func cliRule(rule, lang string) string {
	if lang == "" {
		return rule
	}
	docs := strings.Split(rule, "\n---\n")
	for i, d := range docs {
		if _, ok := topKey(d, "language"); !ok {
			docs[i] = "language: " + cliLanguages[lang] + "\n" + d
		}
	}
	return strings.Join(docs, "\n---\n")
}

type cliPosition struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type cliMatch struct {
	Text  string `json:"text"`
	Range struct {
		Start cliPosition `json:"start"`
		End   cliPosition `json:"end"`
	} `json:"range"`
}

func (c *astgrepCLI) search(dir string, p *catalogPage, lang, src string) ([]matcher.Found, string) {
	file, err := writeCase(dir, lang, src)
	if err != nil {
		return nil, err.Error()
	}
	cmd := exec.Command(c.bin, "scan", "--inline-rules", cliRule(p.rule, p.ruleLang), "--json=compact", file)
	cmd.Dir = dir
	// scan exits 1 when a rule of severity error matches: its output
	// says what it found all the same
	out, err := cmd.Output()
	var ms []cliMatch
	if jerr := json.Unmarshal(out, &ms); jerr != nil {
		if err != nil {
			return nil, "ast-grep: " + cliError(err)
		}
		return nil, "ast-grep's output: " + jerr.Error()
	}
	var found []matcher.Found
	for _, m := range ms {
		// the CLI's lines and columns count from 0, and its end is past
		// the last character
		end := m.Range.End
		if end.Column == 0 && end.Line > m.Range.Start.Line {
			end.Line--
		}
		found = append(found, matcher.Found{Text: m.Text, Range: matcher.Range{
			Start: matcher.Position{Line: m.Range.Start.Line + 1, Column: m.Range.Start.Column + 1},
			End:   matcher.Position{Line: end.Line + 1, Column: end.Column}}})
	}
	return preOrder(found), ""
}

func (c *astgrepCLI) fix(dir string, p *catalogPage, lang, src string) (string, string) {
	file, err := writeCase(dir, lang, src)
	if err != nil {
		return "", err.Error()
	}
	cmd := exec.Command(c.bin, "scan", "--inline-rules", cliRule(p.rule, p.ruleLang), "--update-all", file)
	cmd.Dir = dir
	if _, err := cmd.Output(); err != nil && !strings.Contains(cliError(err), "found in code") {
		return "", "ast-grep: " + cliError(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		return "", err.Error()
	}
	return string(b), ""
}

// cliError is the CLI's error: its first line, and its cause (after ╰▻)
// where it gives one.
func cliError(err error) string {
	ee, ok := err.(*exec.ExitError)
	if !ok || len(ee.Stderr) == 0 {
		return fmt.Sprint(err)
	}
	msg := strings.TrimSuffix(firstLine(string(ee.Stderr)), " …")
	if _, cause, ok := strings.Cut(string(ee.Stderr), "╰▻"); ok {
		msg += ": " + strings.TrimSpace(firstLine(cause))
	}
	return msg
}

// cliNeedsKind says the CLI refused a rule for no kind it can match:
// scan wants one, where ast-grep's tests find with any rule.
func cliNeedsKind(got string) bool {
	return strings.Contains(got, "must specify a set of AST kinds")
}

// writeCase writes a source into a folder of its own, as a file of its
// language.
func writeCase(dir, lang, src string) (string, error) {
	file := "case" + caseExtensions[lang]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return file, os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644)
}

// cliMatchFull is a match of the CLI with what a case may read of it.
type cliMatchFull struct {
	Text  string `json:"text"`
	Range struct {
		ByteOffset struct{ Start, End int } `json:"byteOffset"`
	} `json:"range"`
	Replacement        *string `json:"replacement"`
	ReplacementOffsets *struct {
		Start, End int
	} `json:"replacementOffsets"`
	Message       string `json:"message"`
	MetaVariables struct {
		Single      map[string]struct{ Text string } `json:"single"`
		Transformed map[string]string                `json:"transformed"`
	} `json:"metaVariables"`
}

// cliDoc gives a case's document the language the tools take as an
// argument, as the CLI wants it in the document.
func cliDoc(doc, lang string) (string, bool) {
	if _, ok := topKey(doc, "language"); ok {
		return doc, true
	}
	name := cliLanguages[lang]
	d := strings.TrimSpace(dedent(doc))
	if flowYAML(d) {
		if !strings.HasSuffix(d, "}") {
			return "", false
		}
		return "{language: " + name + ", " + strings.TrimPrefix(d, "{"), true
	}
	return "language: " + name + "\n" + dedent(doc), true
}

// pose runs a case with the CLI and says whether ast-grep's result is
// what the case wants: where it is not, the case was read wrong, or the
// CLI is older than the test.
func (c *astgrepCLI) pose(dir string, k *astCase) (bool, string) {
	doc, ok := cliDoc(k.doc, k.lang)
	if !ok {
		return false, "no document for the CLI"
	}
	file, err := writeCase(dir, k.lang, k.src)
	if err != nil {
		return false, err.Error()
	}
	cmd := exec.Command(c.bin, "scan", "--inline-rules", doc, "--json=compact", file)
	cmd.Dir = dir
	out, err := cmd.Output()
	var ms []cliMatchFull
	if jerr := json.Unmarshal(out, &ms); jerr != nil {
		if err != nil {
			return k.kind == expectError, "error: " + cliError(err)
		}
		return false, "output: " + jerr.Error()
	}
	sort.SliceStable(ms, func(i, j int) bool {
		a, b := ms[i].Range.ByteOffset, ms[j].Range.ByteOffset
		return a.Start < b.Start || a.Start == b.Start && a.End > b.End
	})
	got := fmt.Sprintf("no error, %d matches", len(ms))
	if ok, done := k.checkCount(len(ms)); done || len(ms) == 0 {
		return ok, got
	}
	m := ms[0]
	texts := make([]string, len(ms))
	for i, x := range ms {
		texts[i] = x.Text
	}
	capture := func(name string) (string, bool) {
		v, ok := m.MetaVariables.Single[name]
		return v.Text, ok
	}
	if ok, got, done := k.checkMatches(texts, capture); done {
		return ok, got
	}
	switch k.kind {
	case expectReplaced:
		var s string
		switch {
		case k.rewrite == nil && m.Replacement != nil:
			s = *m.Replacement
		case k.rewrite != nil && strings.HasPrefix(*k.rewrite, "$") && m.MetaVariables.Transformed[(*k.rewrite)[1:]] != "":
			s = m.MetaVariables.Transformed[(*k.rewrite)[1:]]
		case k.rewrite != nil:
			s = m.Message
		}
		return s == k.want || k.loose && dedentTail(s) == dedentTail(k.want), fmt.Sprintf("%q", s)
	case expectEditStart, expectEditLength:
		if m.ReplacementOffsets == nil {
			return false, "no replacement"
		}
		n := m.ReplacementOffsets.Start
		if k.kind == expectEditLength {
			n = m.ReplacementOffsets.End - m.ReplacementOffsets.Start
		}
		return n == k.wantN, fmt.Sprint(n)
	}
	return false, "?"
}
