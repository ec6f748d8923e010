package search

import (
	"bytes"
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/matcher/rule"
)

// A FileRewrite is the rewrite of one file, not yet written.
type FileRewrite struct {
	Path         string // absolute
	File         string // relative to the root, with / separators
	Old          []byte // the bytes that were parsed and rewritten
	New          []byte
	Replacements int
	Skipped      int // matches inside another match, left alone
	// Broken is the first parse error of the rewritten file, when the
	// original parsed cleanly: the rewrite made it invalid.
	Broken string
}

// Rewrites is what RewriteAll found to change.
type Rewrites struct {
	Files         []FileRewrite // the files that change, sorted by path
	FilesScanned  int
	FilesParsed   int
	ParseFailures []Failure           // files that did not parse cleanly before the rewrite
	Skipped       []Skipped           // folders left out by rule
	TooLarge      []string            // files over the language's size limit
	Literals      []string            // as in Results
	Readings      map[string][]string // as in Results
	LeftOut       map[string][]string // as in Results
}

// RewriteAll computes the rewrite of every file under q.Path that has a
// match of q's pattern or rules, in parallel, and writes nothing. Each
// match is rewritten with tmpl, or with its rule's fix when tmpl is nil. Files the literal
// prefilter rules out are never parsed. Each rewritten file is parsed
// again, so that a rewrite that breaks the syntax is reported.
func RewriteAll(ctx context.Context, q Query, tmpl *matcher.Template) (*Rewrites, error) {
	rules := q.rules()
	lits := literals(rules)
	var (
		mu  sync.Mutex
		res Rewrites
	)
	report, err := eachFile(ctx, q, func(path string) {
		fr, failure, parsed, large := rewriteFile(ctx, q, rules, tmpl, lits, path)
		mu.Lock()
		defer mu.Unlock()
		res.FilesScanned++
		if parsed {
			res.FilesParsed++
		}
		if large {
			res.TooLarge = append(res.TooLarge, relSlash(q.Root, path))
		}
		if failure != nil {
			res.ParseFailures = append(res.ParseFailures, *failure)
		}
		if fr != nil {
			res.Files = append(res.Files, *fr)
		}
	})
	if err != nil {
		return nil, err
	}
	res.ParseFailures = append(res.ParseFailures, report.failed...)
	res.Skipped = report.skipped
	slices.SortFunc(res.Files, func(a, b FileRewrite) int { return strings.Compare(a.Path, b.Path) })
	slices.SortFunc(res.ParseFailures, func(a, b Failure) int { return strings.Compare(a.File, b.File) })
	return &res, nil
}

// rewriteFile returns the rewrite of one file, or nil when nothing in it
// changes, and the file's failure to read or parse, if any; whether it
// was parsed, and whether it is over the size limit and was not.
func rewriteFile(ctx context.Context, q Query, rules []*rule.Rule, tmpl *matcher.Template, lits [][][]byte, path string) (*FileRewrite, *Failure, bool, bool) {
	rel := relSlash(q.Root, path)
	info, err := os.Stat(path)
	if err != nil {
		return nil, &Failure{File: rel, Error: err.Error()}, false, false
	}
	if q.Lang.MaxSize > 0 && info.Size() > q.Lang.MaxSize {
		return nil, nil, false, true
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, &Failure{File: rel, Error: err.Error()}, false, false
	}
	if !containsAny(src, lits) {
		return nil, nil, false, false
	}
	st := stamp{size: info.Size(), mtime: info.ModTime()}
	if int64(len(src)) != st.size {
		st = stamp{}
	}
	tree, err := q.Cache.tree(q.Lang, path, st, src)
	if err != nil {
		return nil, &Failure{File: rel, Error: err.Error()}, true, false
	}
	var failure *Failure
	if len(tree.Errors) > 0 {
		failure = &Failure{File: rel, Error: tree.ErrorText(tree.Errors[0])}
	}
	ms, err := findAll(ctx, rules, rel, tree)
	if de := (*rule.DepthError)(nil); errors.As(err, &de) {
		return nil, &Failure{File: rel, Error: de.Error()}, true, false // nothing is rewritten in a file not known
	}
	if err != nil {
		return nil, failure, true, false // the walk ends with ctx's error
	}
	if tmpl != nil {
		for i := range ms {
			ms[i].Fix = nil // the call's rewrite, not the rules' fixes
		}
	}
	rw := matcher.RewriteMatches(tree, ms, tmpl)
	if rw.Replacements == 0 || bytes.Equal(rw.Src, tree.Src) {
		return nil, failure, true, false
	}
	fr := &FileRewrite{Path: path, File: rel, Old: tree.Src, New: rw.Src, Replacements: rw.Replacements, Skipped: rw.Skipped}
	if failure == nil {
		after, err := q.Lang.Parse(rw.Src)
		switch {
		case err != nil:
			fr.Broken = err.Error()
		case len(after.Errors) > 0:
			fr.Broken = after.ErrorText(after.Errors[0]) // its column in code points, as every column shown
		}
	}
	return fr, failure, true, false
}
