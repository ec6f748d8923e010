package tools

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
)

func searchTools(e *env) []*Tool {
	if e.cache == nil {
		e.cache = matcher.NewCache(matcher.DefaultCacheBudget)
	}
	t := NewTool("ast_grep", Read, true,
		"Find code by its syntax, not its text. The pattern is code with metavariables: $NAME matches one node (repeated, it must match the same code each time), $_ matches one node without binding it, $$$NAME or $$$ a run of siblings such as arguments or statements. It never matches inside strings or comments, whatever the layout. A pattern no context of the language can parse is an error, not an empty result. language is inferred from a file path; for a folder, every bundled language that accepts the pattern is searched.",
		e.astGrep)
	setMinimum(t.InputSchema, "max_results", 1)
	return []*Tool{t}
}

type astGrepArgs struct {
	Pattern    string `json:"pattern" jsonschema:"code fragment with metavariables, e.g. fmt.Sprintf($F, $$$ARGS)"`
	Path       string `json:"path,omitempty" jsonschema:"file or folder to search, relative to the working directory (default: all of it)"`
	Language   string `json:"language,omitempty" jsonschema:"language id, e.g. go; inferred from a file path"`
	MaxResults int    `json:"max_results,omitempty" jsonschema:"how many matches to return (default 50)"`
}

type astGrepResult struct {
	Matches       []matcher.Found   `json:"matches"`
	Total         int               `json:"total"`
	Truncated     bool              `json:"truncated"`
	FilesScanned  int               `json:"files_scanned"`
	FilesParsed   int               `json:"files_parsed"`
	ParseFailures []matcher.Failure `json:"parse_failures"`
	Languages     []string          `json:"languages"`
	Rejected      map[string]string `json:"rejected,omitempty"` // language: why it could not parse the pattern
}

func (e *env) astGrep(ctx context.Context, a astGrepArgs) (Result, error) {
	if strings.TrimSpace(a.Pattern) == "" {
		return Errorf("pattern: must not be empty; give a code fragment such as errors.New($MSG)"), nil
	}
	max := a.MaxResults
	if max == 0 {
		max = 50
	}
	path, langs, inferred, bad := e.scope(a.Path, a.Language)
	if bad != nil {
		return *bad, nil
	}
	pats, rejected, bad := e.compileScope(a.Pattern, path, langs, inferred)
	if bad != nil {
		return *bad, nil
	}
	res := astGrepResult{Matches: []matcher.Found{}, ParseFailures: []matcher.Failure{}, Languages: []string{}, Rejected: rejected}
	for _, lp := range pats {
		r, err := matcher.Search(ctx, matcher.Query{Root: e.root.Dir(), Path: path, Lang: lp.lang, Pattern: lp.pat, Cache: e.cache, Limit: max})
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return Errorf("ast_grep was cancelled: %v", err), nil
			}
			return Result{}, fmt.Errorf("ast_grep: %w", err)
		}
		if inferred && r.FilesScanned == 0 {
			continue // no files of this language here
		}
		res.Languages = append(res.Languages, lp.lang.ID)
		res.Matches = append(res.Matches, r.Matches...)
		res.Total += r.Total
		res.FilesScanned += r.FilesScanned
		res.FilesParsed += r.FilesParsed
		res.ParseFailures = append(res.ParseFailures, r.ParseFailures...)
	}
	if len(res.Languages) == 0 && len(rejected) > 0 {
		return patternError(rejected), nil
	}
	if len(res.Matches) > max {
		res.Matches = res.Matches[:max]
	}
	res.Truncated = res.Total > len(res.Matches)
	r := Text(formatMatches(res))
	r.Structured = res
	return r, nil
}

// A langPattern is a pattern compiled in one language of a scope.
type langPattern struct {
	lang *grammars.Language
	pat  *matcher.Pattern
}

// compileScope compiles pattern in each of langs. It returns the
// languages that accept it and, by language id, why the others do not;
// when the languages were inferred for a folder, a language with no files
// there neither searches nor rejects. No language accepting the pattern is
// an error Result.
func (e *env) compileScope(pattern, path string, langs []*grammars.Language, inferred bool) ([]langPattern, map[string]string, *Result) {
	var (
		pats     []langPattern
		rejected map[string]string
		all      = map[string]string{}
	)
	for _, l := range langs {
		p, err := matcher.Compile(l, pattern)
		if err == nil {
			pats = append(pats, langPattern{l, p})
			continue
		}
		all[l.ID] = err.Error()
		if !inferred || matcher.HasFiles(e.root.Dir(), path, l) {
			if rejected == nil {
				rejected = map[string]string{}
			}
			rejected[l.ID] = err.Error()
		}
	}
	if len(pats) == 0 {
		r := patternError(all)
		return nil, nil, &r
	}
	return pats, rejected, nil
}

// patternError says that the pattern parses in none of the languages
// that were to be searched.
func patternError(why map[string]string) Result {
	var parts []string
	for _, id := range slices.Sorted(maps.Keys(why)) {
		parts = append(parts, id+": "+why[id])
	}
	return Errorf("pattern: %s. Write it as code that parses in the language, with $NAME where any expression may stand.", strings.Join(parts, "; "))
}

// writeFailures lists the files that did not parse cleanly, ten at most.
func writeFailures(b *strings.Builder, fs []matcher.Failure, what string) {
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

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// scope resolves a search's path and language arguments: the absolute
// path, the languages to try, and whether they were inferred for a folder
// (then only those whose files are there count). A bad argument comes
// back as an error Result.
func (e *env) scope(argPath, language string) (string, []*grammars.Language, bool, *Result) {
	path := e.root.Dir()
	if argPath != "" {
		p, err := e.root.ForRead(argPath)
		if err == nil {
			_, err = os.Stat(p)
		}
		if err != nil {
			r := pathError("path", argPath, err)
			return "", nil, false, &r
		}
		path = p
	}
	langs, err := e.searchLanguages(language, path)
	if err != nil {
		r := Errorf("%v", err)
		return "", nil, false, &r
	}
	return path, langs, language == "" && isDir(path), nil
}

// searchLanguages picks the languages to search: the one named, the one of
// a file's extension, or every bundled one for a folder.
func (e *env) searchLanguages(id, path string) ([]*grammars.Language, error) {
	reg := e.run.Grammars
	if id != "" {
		l, err := reg.Lookup(id)
		if err != nil {
			return nil, fmt.Errorf("language: %v", err)
		}
		return []*grammars.Language{l}, nil
	}
	if st, err := os.Stat(path); err == nil && !st.IsDir() {
		l := reg.ForPath(path)
		if l == nil {
			return nil, fmt.Errorf("language: no bundled grammar for %s; name one of %s", filepath.Base(path), strings.Join(reg.IDs(), ", "))
		}
		return []*grammars.Language{l}, nil
	}
	var out []*grammars.Language
	for _, id := range reg.IDs() {
		l, _ := reg.Lookup(id)
		out = append(out, l)
	}
	return out, nil
}

// formatMatches is the text the model reads: a path:line header and the
// matched lines for each match, then what was left out.
func formatMatches(r astGrepResult) string {
	var b strings.Builder
	switch {
	case len(r.Languages) == 0:
		b.WriteString("no matches: no files of a bundled language here")
	case r.Total == 0:
		fmt.Fprintf(&b, "no matches (%s searched; %d files scanned, %d parsed)", strings.Join(r.Languages, ", "), r.FilesScanned, r.FilesParsed)
	}
	for i, m := range r.Matches {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s:%d\n%s\n", m.File, m.Range.Start.Line, strings.TrimRight(m.Lines(), "\n"))
	}
	if r.Total > 0 {
		files := map[string]bool{}
		for _, m := range r.Matches {
			files[m.File] = true
		}
		fmt.Fprintf(&b, "\n%d match%s", r.Total, map[bool]string{true: "", false: "es"}[r.Total == 1])
		if r.Truncated {
			fmt.Fprintf(&b, "; showing %d, %d more left out by max_results", len(r.Matches), r.Total-len(r.Matches))
		}
		b.WriteString("\n")
	}
	for _, id := range slices.Sorted(maps.Keys(r.Rejected)) {
		fmt.Fprintf(&b, "\n%s files here were not searched: %s\n", id, r.Rejected[id])
	}
	if len(r.ParseFailures) > 0 {
		b.WriteString("\n")
		writeFailures(&b, r.ParseFailures, "matches in their other declarations still count")
	}
	return strings.TrimRight(b.String(), "\n")
}
