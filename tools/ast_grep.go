package tools

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/search"
	"github.com/agenttools/agenttools/tool"
)

func searchTools(e *env) []*tool.Tool {
	e.newCache()
	t := tool.New("ast_grep", tool.Read, true,
		"Find code by its syntax, not its text. The pattern is code with metavariables: $NAME matches one node (repeated, it must match the same code each time), $_ matches one node without binding it, $$$NAME or $$$ a run of siblings such as arguments or statements. It never matches inside strings or comments, whatever the layout. Several statements match a run of them in one block. A pattern no context of the language can parse is an error, not an empty result. language is inferred from a file path; for a folder, every bundled language that accepts the pattern is searched. Narrow with inside, not_inside, has, not_has (patterns: $X.Close() with not_inside defer $X.Close()) and where, where_not (regexps on captures: {\"F\": \"^New\"}); context adds lines around matches; globs picks files (!*_test.go). Instead of pattern, rule takes an ast-grep rule document (YAML or JSON: kind, regex, inside/has/precedes/follows with stopBy and field, all/any/not, matches with utils, constraints, transform), with tree-sitter's kind names; ast_tree shows the kinds and fields.",
		e.astGrep)
	setMinimum(t.InputSchema, "max_results", 1)
	return []*tool.Tool{t, treeTools(e)}
}

type astGrepArgs struct {
	Pattern    string `json:"pattern,omitempty" jsonschema:"code fragment with metavariables, e.g. fmt.Sprintf($F, $$$ARGS); or give rule"`
	Rule       string `json:"rule,omitempty" jsonschema:"instead of pattern: an ast-grep rule document in YAML or JSON, as in an ast-grep rule file (id, language, rule with pattern/kind/regex/inside/has/precedes/follows/all/any/not/matches, constraints, utils, transform, fix); several separated by ---"`
	Path       string `json:"path,omitempty" jsonschema:"file or folder to search, relative to the working directory (default: all of it)"`
	Language   string `json:"language,omitempty" jsonschema:"language id, e.g. go; inferred from a file path"`
	MaxResults int    `json:"max_results,omitempty" jsonschema:"how many matches to return (default 50)"`
	Context    int    `json:"context,omitempty" jsonschema:"lines to show before and after each match (default 0)"`
	narrowArgs
}

type astGrepResult struct {
	Matches       []matcher.Found     `json:"matches"`
	Total         int                 `json:"total"`
	Truncated     bool                `json:"truncated"`
	FilesScanned  int                 `json:"files_scanned"`
	FilesParsed   int                 `json:"files_parsed"`
	ParseFailures []search.Failure    `json:"parse_failures"`
	Languages     []string            `json:"languages"`
	Rejected      map[string]string   `json:"rejected,omitempty"` // language: why it could not parse the pattern
	Skipped       []search.Skipped    `json:"skipped_folders"`    // folders left out by rule
	TooLarge      []string            `json:"too_large"`          // files over the size limit, not parsed
	literals      []string            // the words every match holds, for the footer
	readings      map[string][]string // the readings of the pattern, by language, where it has several
	leftOut       map[string][]string // its readings not searched, by language
	pattern       string
}

func (e *env) astGrep(ctx context.Context, a astGrepArgs) (tool.Result, error) {
	if bad := checkPatternOrRule(a.Pattern, a.Rule, a.narrowArgs, "errors.New($MSG)"); bad != nil {
		return *bad, nil
	}
	max := a.MaxResults
	if max == 0 {
		max = 50
	}
	if a.Context < 0 {
		return tool.Errorf("context: %d lines; give 0 or more", a.Context), nil
	}
	sc, bad := e.scope(ctx, a.Path, a.Language, a.narrowArgs)
	if bad != nil {
		return *bad, nil
	}
	sc.Pattern, sc.Rule, sc.Limit, sc.Context = a.Pattern, a.Rule, max, a.Context
	found, langs, rejected, err := sc.Search(ctx)
	if err != nil {
		return scopeError("ast_grep", err)
	}
	res := astGrepResult{Matches: found.Matches, Total: found.Total, Truncated: found.Total > len(found.Matches),
		FilesScanned: found.FilesScanned, FilesParsed: found.FilesParsed, ParseFailures: found.ParseFailures,
		Languages: langs, Rejected: rejected.Reasons(), Skipped: found.Skipped, TooLarge: found.TooLarge,
		literals: found.Literals, readings: found.Readings, leftOut: found.LeftOut, pattern: a.Pattern}
	// The text is written when it is read: with every match of a large
	// tree kept, it is megabytes, and the structured result holds the
	// same matches.
	r := tool.LazyText(func(w io.Writer) { writeMatches(w, res, a.Context) })
	r.Structured = res
	return r, nil
}

// scopeError is the result of a scope that could not run: an argument
// at fault, or a call that was cancelled.
func scopeError(name string, err error) (tool.Result, error) {
	var ae *search.ArgError
	var rej search.Rejections
	switch {
	case errors.As(err, &rej), errors.As(err, &ae):
		return tool.Errorf("%s", err.Error()), nil
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		msg := fmt.Sprintf("%s was cancelled: %v", name, err)
		if name == "ast_edit" {
			msg += "; nothing was staged"
		}
		return tool.Errorf("%s", msg), nil
	}
	return tool.Result{}, fmt.Errorf("%s: %w", name, err)
}

// writeFailures lists the files that did not parse cleanly, ten at most.
func writeFailures(b *strings.Builder, fs []search.Failure, what string) {
	n := len(fs)
	if n == 0 {
		return
	}
	fmt.Fprintf(b, "%d file%s did not parse cleanly (%s):\n", n, plural(n), what)
	for i, f := range fs {
		if i == 10 {
			fmt.Fprintf(b, "  … and %d more\n", n-10)
			break
		}
		fmt.Fprintf(b, "  %s: %s\n", f.File, f.Error)
	}
}

// scope resolves the path and language arguments of a search and its
// filters into a scope to run; a bad argument comes back as an error
// Result.
func (e *env) scope(ctx context.Context, argPath, language string, n narrowArgs) (search.Scope, *tool.Result) {
	if argPath == "" {
		argPath = "."
	}
	path, info, bad := e.existing("path", argPath)
	if bad != nil {
		return search.Scope{}, bad
	}
	sc := search.Scope{Root: e.root.Dir(), Path: path, Cache: e.cache, Inferred: language == "" && info.IsDir(), Lookup: e.run.Grammars.Lookup,
		Narrow: search.Narrow{Inside: n.Inside, NotInside: n.NotInside, Has: n.Has, NotHas: n.NotHas, Where: n.Where, WhereNot: n.WhereNot}}
	if tool.HasProgress(ctx) {
		sc.Progress = func(done, total int) {
			tool.ReportProgress(ctx, float64(done), float64(max(total, 0)), "files searched") // 0: not known yet
		}
	}
	var err error
	if sc.Langs, err = e.run.Grammars.Choose(language, path, !info.IsDir()); err != nil {
		r := tool.Errorf("language: %v", err)
		return sc, &r
	}
	if len(sc.Langs) > 1 && !info.IsDir() {
		sc.Langs = readers(sc.Langs, path)
	}
	if sc.Globs, err = search.NewGlobs(n.Globs); err != nil {
		r := tool.Errorf("globs: %v", err)
		return sc, &r
	}
	return sc, nil
}

// readers keeps the languages of a file whose extension several share (a
// .h file, C's or C++'s) that read it by its content, or all of them
// when it cannot be read: the search then says why.
func readers(langs []*grammars.Language, path string) []*grammars.Language {
	src, err := os.ReadFile(path)
	if err != nil {
		return langs
	}
	var out []*grammars.Language
	for _, l := range langs {
		if l.Reads(path, src) {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return langs
	}
	return out
}

// writeMatches writes the text the model reads: a path:line header and
// the matched lines for each match (numbered, with the context asked
// for), then what was left out, then the footer. It writes match by
// match: with every match of a large tree kept, the text is megabytes.
func writeMatches(w io.Writer, r astGrepResult, context int) {
	b := bufio.NewWriterSize(w, 32<<10)
	defer b.Flush()
	for i, m := range r.Matches {
		if i > 0 {
			b.WriteByte('\n')
		}
		lines, first := m.Lines()
		if m.Rule != "" {
			fmt.Fprintf(b, "%s:%d [%s]\n", m.File, m.Range.Start.Line, m.Rule)
		} else {
			fmt.Fprintf(b, "%s:%d\n", m.File, m.Range.Start.Line)
		}
		if context == 0 {
			b.WriteString(strings.TrimRight(lines, "\n"))
			b.WriteByte('\n')
			continue
		}
		for k, line := range strings.Split(strings.TrimRight(lines, "\n"), "\n") {
			n, mark := first+k, "-"
			if n >= m.Range.Start.Line && n <= m.Range.End.Line {
				mark = ":"
			}
			fmt.Fprintf(b, "%d%s%s\n", n, mark, line)
		}
	}
	var t strings.Builder
	if r.Total > 0 {
		fmt.Fprintf(&t, "\n%d match%s", r.Total, map[bool]string{true: "", false: "es"}[r.Total == 1])
		if r.Truncated {
			fmt.Fprintf(&t, "; showing %d, %d more left out by max_results", len(r.Matches), r.Total-len(r.Matches))
		}
		t.WriteString("\n")
	}
	for _, id := range slices.Sorted(maps.Keys(r.Rejected)) {
		fmt.Fprintf(&t, "\n%s files here were not searched: %s\n", id, r.Rejected[id])
	}
	if len(r.ParseFailures) > 0 {
		t.WriteString("\n")
		writeFailures(&t, r.ParseFailures, "matches in their other declarations still count")
	}
	t.WriteString("\n")
	t.WriteString(footer(r.pattern, r.Languages, r.readings, r.leftOut, r.Total, r.FilesScanned, r.FilesParsed, len(r.ParseFailures), r.Skipped, r.TooLarge, r.literals))
	tail := t.String()
	if len(r.Matches) == 0 {
		tail = strings.TrimLeft(tail, "\n") // the text starts with what there is
	}
	b.WriteString(tail)
}

// checkPatternOrRule checks that a call gives a pattern or a rule, not
// both, and no inline filter with a rule, whose own rule says the same.
func checkPatternOrRule(pattern, rule string, n narrowArgs, example string) *tool.Result {
	p, r := strings.TrimSpace(pattern) != "", strings.TrimSpace(rule) != ""
	var bad tool.Result
	switch {
	case p && r:
		bad = tool.Errorf("pattern and rule: give one; a rule's pattern goes in it (rule: {pattern: ...})")
	case !p && !r:
		bad = tool.Errorf("pattern: must not be empty; give a code fragment such as %s, or a rule", example)
	case r && (n.Inside != "" || n.NotInside != "" || n.Has != "" || n.NotHas != "" || len(n.Where) > 0 || len(n.WhereNot) > 0):
		bad = tool.Errorf("inside, not_inside, has, not_has, where and where_not go with pattern; with rule, write them in the rule (inside:, not:, has:, constraints:)")
	default:
		return nil
	}
	return &bad
}
