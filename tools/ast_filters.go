package tools

import (
	"maps"
	"regexp"
	"slices"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
)

// narrowArgs are the optional arguments ast_grep and ast_edit share that
// narrow the matches: relational filters, metavariable constraints.
type narrowArgs struct {
	Inside    string            `json:"inside,omitempty" jsonschema:"keep a match only when some node around it matches this pattern, e.g. func $F($$$P) error { $$$B }"`
	NotInside string            `json:"not_inside,omitempty" jsonschema:"keep a match only when no node around it matches this pattern, e.g. defer $X.Close()"`
	Has       string            `json:"has,omitempty" jsonschema:"keep a match only when some node inside it matches this pattern, e.g. panic($$$A)"`
	NotHas    string            `json:"not_has,omitempty" jsonschema:"keep a match only when no node inside it matches this pattern"`
	Where     map[string]string `json:"where,omitempty" jsonschema:"metavariable name to an RE2 regular expression its captured text must match, e.g. {\"F\": \"^New[A-Z]\"}"`
	WhereNot  map[string]string `json:"where_not,omitempty" jsonschema:"metavariable name to an RE2 regular expression its captured text must not match"`
	Globs     []string          `json:"globs,omitempty" jsonschema:"files to search, as ripgrep -g takes them: *.go or src/**/*.ts to include, !*_test.go to exclude"`
}

// newCache makes the run's search cache, once, unless the run keeps
// nothing between calls.
func (e *env) newCache() {
	switch b := e.run.CacheBudget; {
	case e.cache != nil || b < 0:
	case b == 0:
		e.cache = matcher.NewCache(matcher.DefaultCacheBudget)
	default:
		e.cache = matcher.NewCache(b)
	}
}

// regexps compiles where and where_not once for every language.
func (a narrowArgs) regexps() (where, whereNot map[string]*regexp.Regexp, bad *Result) {
	compile := func(arg string, m map[string]string) (map[string]*regexp.Regexp, *Result) {
		if len(m) == 0 {
			return nil, nil
		}
		out := map[string]*regexp.Regexp{}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			re, err := regexp.Compile(m[k])
			if err != nil {
				r := Errorf("%s: %s: %v; give an RE2 regular expression, such as ^New[A-Z]", arg, k, err)
				return nil, &r
			}
			out[k] = re
		}
		return out, nil
	}
	if where, bad = compile("where", a.Where); bad != nil {
		return nil, nil, bad
	}
	whereNot, bad = compile("where_not", a.WhereNot)
	return where, whereNot, bad
}

// filters compiles the relational filters in language l and checks them
// and the constraints against p. The error names the argument.
func (a narrowArgs) filters(l *grammars.Language, p *matcher.Pattern, where, whereNot map[string]*regexp.Regexp) (*matcher.Filters, error) {
	f := &matcher.Filters{Where: where, WhereNot: whereNot}
	for _, fl := range []struct {
		arg, src string
		dst      **matcher.Pattern
	}{{"inside", a.Inside, &f.Inside}, {"not_inside", a.NotInside, &f.NotInside}, {"has", a.Has, &f.Has}, {"not_has", a.NotHas, &f.NotHas}} {
		if fl.src == "" {
			continue
		}
		fp, err := matcher.Compile(l, fl.src)
		if err != nil {
			return nil, &argError{fl.arg, err}
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
