package tools

import "github.com/agenttools/agenttools/search"

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
		e.cache = search.NewCache(search.DefaultCacheBudget)
	default:
		e.cache = search.NewCache(b)
	}
}
