package tools

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
)

func searchTools(e *env) []*Tool {
	e.newCache()
	t := NewTool("ast_grep", Read, true,
		"Find code by its syntax, not its text. The pattern is code with metavariables: $NAME matches one node (repeated, it must match the same code each time), $_ matches one node without binding it, $$$NAME or $$$ a run of siblings such as arguments or statements. It never matches inside strings or comments, whatever the layout. Several statements match a run of them in one block. A pattern no context of the language can parse is an error, not an empty result. language is inferred from a file path; for a folder, every bundled language that accepts the pattern is searched. Narrow with inside, not_inside, has, not_has (patterns: $X.Close() with not_inside defer $X.Close()) and where, where_not (regexps on captures: {\"F\": \"^New\"}); context adds lines around matches; globs picks files (!*_test.go).",
		e.astGrep)
	setMinimum(t.InputSchema, "max_results", 1)
	return []*Tool{t}
}

type astGrepArgs struct {
	Pattern    string `json:"pattern" jsonschema:"code fragment with metavariables, e.g. fmt.Sprintf($F, $$$ARGS)"`
	Path       string `json:"path,omitempty" jsonschema:"file or folder to search, relative to the working directory (default: all of it)"`
	Language   string `json:"language,omitempty" jsonschema:"language id, e.g. go; inferred from a file path"`
	MaxResults int    `json:"max_results,omitempty" jsonschema:"how many matches to return (default 50)"`
	Context    int    `json:"context,omitempty" jsonschema:"lines to show before and after each match (default 0)"`
	narrowArgs
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
	Skipped       []matcher.Skipped `json:"skipped_folders"`    // folders left out by rule
	TooLarge      []string          `json:"too_large"`          // files over the size limit, not parsed
	literals      []string          // the words every match holds, for the footer
	pattern       string
}

func (e *env) astGrep(ctx context.Context, a astGrepArgs) (Result, error) {
	if strings.TrimSpace(a.Pattern) == "" {
		return Errorf("pattern: must not be empty; give a code fragment such as errors.New($MSG)"), nil
	}
	max := a.MaxResults
	if max == 0 {
		max = 50
	}
	if a.Context < 0 {
		return Errorf("context: %d lines; give 0 or more", a.Context), nil
	}
	path, langs, inferred, bad := e.scope(a.Path, a.Language)
	if bad != nil {
		return *bad, nil
	}
	globs, err := matcher.NewGlobs(a.Globs)
	if err != nil {
		return Errorf("globs: %v", err), nil
	}
	pats, rejected, bad := e.compileScope(a.Pattern, a.narrowArgs, path, langs, inferred)
	if bad != nil {
		return *bad, nil
	}
	res := astGrepResult{Matches: []matcher.Found{}, ParseFailures: []matcher.Failure{}, Languages: []string{}, Rejected: rejected.strings(),
		Skipped: []matcher.Skipped{}, TooLarge: []string{}, literals: pats[0].pat.Literals(), pattern: a.Pattern}
	for _, lp := range pats {
		r, err := matcher.Search(ctx, matcher.Query{Root: e.root.Dir(), Path: path, Lang: lp.lang, Pattern: lp.pat, Filters: lp.filters,
			Cache: e.cache, Globs: globs, Limit: max, Context: a.Context})
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
		if len(res.Matches) == 0 {
			res.Matches = r.Matches // no copy of a search's many matches
		} else {
			res.Matches = append(res.Matches, r.Matches...)
		}
		res.Total += r.Total
		res.FilesScanned += r.FilesScanned
		res.FilesParsed += r.FilesParsed
		res.ParseFailures = append(res.ParseFailures, r.ParseFailures...)
		res.TooLarge = append(res.TooLarge, r.TooLarge...)
		res.Skipped = mergeSkipped(res.Skipped, r.Skipped)
	}
	if len(res.Languages) == 0 && len(rejected) > 0 {
		return rejected.result(), nil
	}
	if len(res.Matches) > max {
		res.Matches = res.Matches[:max]
	}
	res.Truncated = res.Total > len(res.Matches)
	// The text is written when it is read: with every match of a large
	// tree kept, it is megabytes, and the structured result holds the
	// same matches.
	r := LazyText(func(w io.Writer) { writeMatches(w, res, a.Context) })
	r.Structured = res
	return r, nil
}

// A langPattern is a pattern compiled in one language of a scope, with
// its filters compiled in the same language.
type langPattern struct {
	lang    *grammars.Language
	pat     *matcher.Pattern
	filters *matcher.Filters
}

// compileScope compiles pattern and the filters in each of langs. It
// returns the languages that accept them and, by language id, why the
// others do not; when the languages were inferred for a folder, a
// language with no files there neither searches nor rejects. No language
// accepting them is an error Result.
func (e *env) compileScope(pattern string, narrow narrowArgs, path string, langs []*grammars.Language, inferred bool) ([]langPattern, rejections, *Result) {
	where, whereNot, bad := narrow.regexps()
	if bad != nil {
		return nil, nil, bad
	}
	var (
		pats     []langPattern
		rejected rejections
		all      = rejections{}
	)
	for _, l := range langs {
		p, err := matcher.Compile(l, pattern)
		var f *matcher.Filters
		if err == nil {
			f, err = narrow.filters(l, p, where, whereNot)
		} else {
			err = &argError{"pattern", err}
		}
		if err == nil {
			pats = append(pats, langPattern{l, p, f})
			continue
		}
		all[l.ID] = err
		if !inferred || matcher.HasFiles(e.root.Dir(), path, l) {
			if rejected == nil {
				rejected = rejections{}
			}
			rejected[l.ID] = err
		}
	}
	if len(pats) == 0 {
		r := all.result()
		return nil, nil, &r
	}
	return pats, rejected, nil
}

// An argError is what is wrong with one argument.
type argError struct {
	arg string
	err error
}

func (e *argError) Error() string { return e.arg + ": " + e.err.Error() }

func (e *argError) Unwrap() error { return e.err }

// rejections say, by language id, why a language cannot search: its
// pattern or a filter does not parse there, or a constraint names what
// the pattern does not bind.
type rejections map[string]error

// strings is the one-line reason of each, for the structured result and
// the note that a language was not searched: a pattern that does not
// parse there with the first error of its first context.
func (r rejections) strings() map[string]string {
	if len(r) == 0 {
		return nil
	}
	out := map[string]string{}
	for id, err := range r {
		var ce *matcher.ContextError
		var ae *argError
		if errors.As(err, &ce) && errors.As(err, &ae) && len(ce.Tried) > 0 {
			out[id] = fmt.Sprintf("%s does not parse as %s (%s)", ae.arg, id, ce.Tried[0])
			continue
		}
		out[id] = err.Error()
	}
	return out
}

// result is the error Result when no language can search. A pattern
// that parses nowhere leads with the most likely fix, then lists the
// contexts each language tried, one line each, the first error of each.
func (r rejections) result() Result {
	ids := slices.Sorted(maps.Keys(r))
	var b strings.Builder
	var ces []*matcher.ContextError
	arg := ""
	for _, id := range ids {
		var ce *matcher.ContextError
		var ae *argError
		if !errors.As(r[id], &ce) || !errors.As(r[id], &ae) || arg != "" && ae.arg != arg {
			ces = nil
			break
		}
		arg = ae.arg
		ces = append(ces, ce)
	}
	if ces == nil {
		// Not a pattern that parses nowhere: each language's reason, once
		// when they all say the same.
		same := true
		for _, id := range ids {
			same = same && r[id].Error() == r[ids[0]].Error()
		}
		if same {
			return Errorf("%s", r[ids[0]].Error())
		}
		for i, id := range ids {
			if i > 0 {
				b.WriteString("\n")
			}
			b.WriteString(id + ": " + r[id].Error())
		}
		return Errorf("%s", b.String())
	}
	fmt.Fprintf(&b, "%s: %s does not parse as %s.", arg, matcher.Quote(ces[0].Pattern), strings.Join(ids, " or "))
	for _, ce := range ces {
		if ce.Hint != "" {
			fmt.Fprintf(&b, "\nMost likely fix: %s.", ce.Hint)
			break
		}
	}
	for i, ce := range ces {
		fmt.Fprintf(&b, "\nContexts tried in %s, with the first error of each:", ids[i])
		for _, line := range ce.TriedLines() {
			b.WriteString("\n  " + line)
		}
	}
	return Errorf("%s", b.String())
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
		fmt.Fprintf(b, "%s:%d\n", m.File, m.Range.Start.Line)
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
	t.WriteString(footer(r.pattern, r.Languages, r.Total, r.FilesScanned, r.FilesParsed, len(r.ParseFailures), r.Skipped, r.TooLarge, r.literals))
	tail := t.String()
	if len(r.Matches) == 0 {
		tail = strings.TrimLeft(tail, "\n") // the text starts with what there is
	}
	b.WriteString(tail)
}
