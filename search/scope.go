package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/matcher/rule"
)

// A Scope is one search or rewrite as a tool call asks for it: a pattern
// and its filters as written, and every language they may run in. Scope
// compiles them in each language, runs the languages that accept them,
// and merges what they find.
type Scope struct {
	Root, Path string
	Langs      []*grammars.Language
	// Inferred says the languages were not named but inferred for a
	// folder: a language with no files there neither searches nor rejects.
	Inferred bool
	Pattern  string
	Narrow   Narrow
	// Rule, when set in place of Pattern, is ast-grep rule documents
	// (YAML or JSON, separated by ---): each runs in its language key's
	// language, read by Lookup, or in the one language of Langs.
	Rule   string
	Lookup func(id string) (*grammars.Language, error)
	// UseFix says a Rewrite of rules takes each rule's fix, not the
	// rewrite given.
	UseFix  bool
	Cache   *Cache // may be nil
	Globs   *Globs // may be nil
	Limit   int    // as in Query, over all the languages
	Context int
	// Progress, when set, hears the files done over every language's
	// walk in turn, and of how many: total is -1 until the last
	// language's walk has found every file.
	Progress func(done, total int)
}

// Narrow holds the filters as written: relational patterns, and RE2
// regular expressions by metavariable name.
type Narrow struct {
	Inside, NotInside, Has, NotHas string
	Where, WhereNot                map[string]string
}

// An ArgError is what is wrong with one argument of a call.
type ArgError struct {
	Arg string // the argument's name: pattern, inside, where, …
	Err error
}

func (e *ArgError) Error() string { return e.Arg + ": " + e.Err.Error() }

func (e *ArgError) Unwrap() error { return e.Err }

// Rejections say, by language id, why a language cannot run a scope: its
// pattern or a filter does not parse there, or a constraint names what
// the pattern does not bind. As an error, it is the reason no language
// could.
type Rejections map[string]error

// Search runs the scope's search in every language that accepts it. It
// returns the matches of all of them, in language order, the languages
// searched, and why the others were not. It fails with Rejections when no
// language can search, and with an *ArgError for a bad filter.
func (s Scope) Search(ctx context.Context) (*Results, []string, Rejections, error) {
	qs, rejected, err := s.compile()
	if err != nil {
		return nil, nil, nil, err
	}
	all := &Results{Matches: []matcher.Found{}, ParseFailures: []Failure{}, Skipped: []Skipped{}, TooLarge: []string{}, Literals: qs[0].literalWords()}
	langs := []string{}
	for i, q := range qs {
		q.Progress = progressAfter(q.Progress, all.FilesScanned, i == len(qs)-1)
		r, err := Search(ctx, q)
		if err != nil {
			return nil, nil, nil, err
		}
		if s.Inferred && r.FilesScanned == 0 {
			continue // no files of this language here
		}
		langs = append(langs, q.Lang.ID)
		noteReadings(q, &all.Readings, &all.LeftOut)
		if len(all.Matches) == 0 && len(r.Matches) > 0 {
			all.Matches = r.Matches // no copy of a search's many matches
		} else {
			all.Matches = append(all.Matches, r.Matches...)
		}
		all.Total += r.Total
		all.FilesScanned += r.FilesScanned
		all.FilesParsed += r.FilesParsed
		all.ParseFailures = append(all.ParseFailures, r.ParseFailures...)
		all.TooLarge = append(all.TooLarge, r.TooLarge...)
		all.Skipped = mergeSkipped(all.Skipped, r.Skipped)
	}
	if len(langs) == 0 && len(rejected) > 0 {
		return nil, nil, nil, rejected
	}
	if s.Limit > 0 && len(all.Matches) > s.Limit {
		all.Matches = all.Matches[:s.Limit]
	}
	return all, langs, rejected, nil
}

// Rewrite computes the scope's rewrite to rewrite in every language that
// accepts it, as Search does, and writes nothing.
func (s Scope) Rewrite(ctx context.Context, rewrite string) (*Rewrites, []string, Rejections, error) {
	if err := matcher.CheckSize(rewrite); err != nil {
		return nil, nil, nil, &ArgError{"rewrite", err}
	}
	qs, rejected, err := s.compile()
	if err != nil {
		return nil, nil, nil, err
	}
	all := &Rewrites{ParseFailures: []Failure{}, Skipped: []Skipped{}, TooLarge: []string{}, Literals: qs[0].literalWords()}
	langs := []string{}
	for i, q := range qs {
		q.Progress = progressAfter(q.Progress, all.FilesScanned, i == len(qs)-1)
		tmpl, err := s.template(q, rewrite)
		if err != nil {
			return nil, nil, nil, err
		}
		if s.UseFix {
			q.Rules = slices.DeleteFunc(slices.Clone(q.Rules), func(r *rule.Rule) bool { return !r.HasFix() })
		}
		r, err := RewriteAll(ctx, q, tmpl)
		if err != nil {
			return nil, nil, nil, err
		}
		if s.Inferred && r.FilesScanned == 0 {
			continue
		}
		langs = append(langs, q.Lang.ID)
		noteReadings(q, &all.Readings, &all.LeftOut)
		all.Files = append(all.Files, r.Files...)
		all.FilesScanned += r.FilesScanned
		all.FilesParsed += r.FilesParsed
		all.ParseFailures = append(all.ParseFailures, r.ParseFailures...)
		all.TooLarge = append(all.TooLarge, r.TooLarge...)
		all.Skipped = mergeSkipped(all.Skipped, r.Skipped)
	}
	if len(langs) == 0 && len(rejected) > 0 {
		return nil, nil, nil, rejected
	}
	return all, langs, rejected, nil
}

// progressAfter adds the files of the languages walked before, whose
// walks are over, to a walk's counts. The total is known only in the last
// language's walk: the languages after another add files of their own.
// A language's closing report, all its files done, is left to the next
// language's first: a listener that takes only counts that rise (MCP)
// would drop the last language's closing report, the one with the total,
// if an earlier one had told the same count.
func progressAfter(hear func(done, total int), before int, last bool) func(done, total int) {
	if hear == nil {
		return nil
	}
	return func(done, total int) {
		switch {
		case last && total >= 0:
			hear(before+done, before+total)
		case done == total:
		default:
			hear(before+done, -1)
		}
	}
}

// mergeSkipped adds the folders of one language's walk to those of the
// others, once each, in path order.
func mergeSkipped(all, more []Skipped) []Skipped {
	for _, s := range more {
		if !slices.Contains(all, s) {
			all = append(all, s)
		}
	}
	slices.SortFunc(all, func(a, b Skipped) int { return cmp.Compare(a.Path, b.Path) })
	return all
}

// compile compiles the pattern and the filters in each language. It
// returns a query for each language that accepts them and, by language,
// why the others do not; when the languages were inferred, a language
// with no files here does not count among them. No language accepting
// them is an error: the Rejections of all.
func (s Scope) compile() ([]Query, Rejections, error) {
	if s.Rule != "" {
		return s.compileRules()
	}
	for _, arg := range []struct{ name, text string }{
		{"pattern", s.Pattern}, {"inside", s.Narrow.Inside}, {"not_inside", s.Narrow.NotInside},
		{"has", s.Narrow.Has}, {"not_has", s.Narrow.NotHas},
	} {
		if err := matcher.CheckSize(arg.text); err != nil {
			return nil, nil, &ArgError{arg.name, err}
		}
	}
	where, err := regexps("where", s.Narrow.Where)
	if err != nil {
		return nil, nil, err
	}
	whereNot, err := regexps("where_not", s.Narrow.WhereNot)
	if err != nil {
		return nil, nil, err
	}
	var (
		qs       []Query
		rejected Rejections
		all      = Rejections{}
	)
	for _, l := range s.Langs {
		p, err := matcher.Compile(l, s.Pattern)
		var f *matcher.Filters
		if err == nil {
			f, err = s.Narrow.filters(l, p, where, whereNot)
		} else {
			err = &ArgError{"pattern", err}
		}
		if err == nil {
			qs = append(qs, Query{Root: s.Root, Path: s.Path, Lang: l, Pattern: p, Filters: f, Cache: s.Cache, Globs: s.Globs, Limit: s.Limit, Context: s.Context, Progress: s.Progress})
			continue
		}
		all[l.ID] = err
		if !s.Inferred || HasFiles(s.Root, s.Path, l) {
			if rejected == nil {
				rejected = Rejections{}
			}
			rejected[l.ID] = err
		}
	}
	if len(qs) == 0 {
		return nil, nil, all
	}
	return qs, rejected, nil
}

// regexps compiles a where or where_not argument.
func regexps(arg string, m map[string]string) (map[string]*regexp.Regexp, error) {
	if len(m) == 0 {
		return nil, nil
	}
	out := map[string]*regexp.Regexp{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		re, err := regexp.Compile(m[k])
		if err != nil {
			return nil, &ArgError{arg, fmt.Errorf("%s: %v; give an RE2 regular expression, such as ^New[A-Z]", k, err)}
		}
		out[k] = re
	}
	return out, nil
}

// filters compiles the relational filters in language l and checks them
// and the constraints against p. The error names the argument.
func (n Narrow) filters(l *grammars.Language, p *matcher.Pattern, where, whereNot map[string]*regexp.Regexp) (*matcher.Filters, error) {
	f := &matcher.Filters{Where: where, WhereNot: whereNot}
	for _, fl := range []struct {
		arg, src string
		dst      **matcher.Pattern
	}{{"inside", n.Inside, &f.Inside}, {"not_inside", n.NotInside, &f.NotInside}, {"has", n.Has, &f.Has}, {"not_has", n.NotHas, &f.NotHas}} {
		if fl.src == "" {
			continue
		}
		fp, err := matcher.Compile(l, fl.src)
		if err != nil {
			return nil, &ArgError{fl.arg, err}
		}
		*fl.dst = fp
	}
	if f.Inside == nil && f.NotInside == nil && f.Has == nil && f.NotHas == nil && where == nil && whereNot == nil {
		return nil, nil
	}
	if err := f.Check(p); err != nil {
		return nil, err
	}
	return f, nil
}

// Reasons is the one-line reason of each language, for a structured
// result and the note that a language was not searched: a pattern that
// does not parse there, with the first error of its first context.
func (r Rejections) Reasons() map[string]string {
	if len(r) == 0 {
		return nil
	}
	out := map[string]string{}
	for id, err := range r {
		var ce *matcher.ContextError
		var ae *ArgError
		if errors.As(err, &ce) && errors.As(err, &ae) && len(ce.Tried) > 0 {
			out[id] = fmt.Sprintf("%s does not parse as %s (%s)", ae.Arg, id, ce.Tried[0])
			continue
		}
		out[id] = err.Error()
	}
	return out
}

// Error says why no language can run the scope. A pattern that parses
// nowhere leads with the most likely fix, then lists the contexts each
// language tried, one line each, the first error of each.
func (r Rejections) Error() string {
	ids := slices.Sorted(maps.Keys(r))
	var b strings.Builder
	var ces []*matcher.ContextError
	arg := ""
	for _, id := range ids {
		var ce *matcher.ContextError
		var ae *ArgError
		if !errors.As(r[id], &ce) || !errors.As(r[id], &ae) || arg != "" && ae.Arg != arg {
			ces = nil
			break
		}
		arg = ae.Arg
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
			return r[ids[0]].Error()
		}
		for i, id := range ids {
			if i > 0 {
				b.WriteString("\n")
			}
			b.WriteString(id + ": " + r[id].Error())
		}
		return b.String()
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
	return b.String()
}

// compileRules compiles the scope's rule documents: a query per
// language they are in, with the rules of that language.
func (s Scope) compileRules() ([]Query, Rejections, error) {
	var def *grammars.Language
	if len(s.Langs) == 1 && !s.Inferred {
		def = s.Langs[0]
	}
	lookup := s.Lookup
	if lookup == nil {
		lookup = func(id string) (*grammars.Language, error) {
			for _, l := range s.Langs {
				if l.ID == id || slices.Contains(l.Aliases, id) {
					return l, nil
				}
			}
			return nil, fmt.Errorf("unknown language %q", id)
		}
	}
	rules, err := rule.Parse(s.Rule, lookup, def)
	if err != nil {
		return nil, nil, &ArgError{"rule", err}
	}
	var qs []Query
	for i, r := range rules {
		if !s.Inferred && !slices.Contains(s.Langs, r.Lang) {
			ids := make([]string, len(s.Langs))
			for k, l := range s.Langs {
				ids[k] = l.ID
			}
			return nil, nil, &ArgError{"rule", fmt.Errorf("rule %s (document %d) is in %s, but the call searches %s", r.ID, i+1, r.Lang.ID, strings.Join(ids, ", "))}
		}
		k := slices.IndexFunc(qs, func(q Query) bool { return q.Lang == r.Lang })
		if k < 0 {
			qs = append(qs, Query{Root: s.Root, Path: s.Path, Lang: r.Lang, Pattern: r.Pattern(), Cache: s.Cache, Globs: s.Globs, Limit: s.Limit, Context: s.Context, Progress: s.Progress})
			k = len(qs) - 1
		}
		qs[k].Rules = append(qs[k].Rules, r)
	}
	return qs, nil, nil
}

// template compiles a rewrite for query q: against its pattern, or the
// metavariables its rules bind. With rules and no rewrite, each rule's
// fix is the rewrite (a nil template), and a rule with none is an error.
func (s Scope) template(q Query, rewrite string) (*matcher.Template, error) {
	if len(q.Rules) == 0 {
		tmpl, err := matcher.CompileTemplate(q.Pattern, rewrite)
		if err != nil {
			return nil, &ArgError{"rewrite", err}
		}
		return tmpl, nil
	}
	if s.UseFix {
		// As ast-grep applies the fixes it has: a rule with none finds
		// nothing to rewrite, unless no rule has one.
		if !slices.ContainsFunc(q.Rules, (*rule.Rule).HasFix) {
			ids := make([]string, len(q.Rules))
			for i, r := range q.Rules {
				ids[i] = r.ID
			}
			return nil, &ArgError{"rule", fmt.Errorf("rule %s has no fix; give it a fix, or the call a rewrite", strings.Join(ids, ", "))}
		}
		return nil, nil
	}
	var vars []string
	for _, r := range q.Rules {
		for _, v := range r.Vars() {
			if !slices.Contains(vars, v) {
				vars = append(vars, v)
			}
		}
	}
	tmpl, err := matcher.CompileTemplateFor(q.Lang, rewrite, vars)
	if err != nil {
		return nil, &ArgError{"rewrite", err}
	}
	return tmpl, nil
}

// literalWords are the words every match of q's pattern, or of its
// first rule, holds, for a search's footer.
func (q Query) literalWords() []string {
	if len(q.Rules) > 0 {
		return q.Rules[0].Literals()
	}
	return q.Pattern.Literals()
}
