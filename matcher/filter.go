package matcher

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
)

// Filters narrow a pattern's matches by where they stand and what they
// hold, and by what their metavariables captured: the ast_grep tool's
// inline filters, compiled. Package rule runs them, as the rule they are
// sugar for (rule.FromFilters). Each relational filter
// is a pattern of the same language: Inside keeps a match when some node
// above it matches, NotInside when none does, Has when some node below it
// (or, for a run of statements, one of them or a node below) matches,
// NotHas when none does. A metavariable a filter shares with the pattern
// must capture the same code in both: $X.Close() not inside defer
// $X.Close() finds the closes that are not deferred. Where and WhereNot
// map a metavariable's name to a regular expression its captured text
// must, or must not, match.
type Filters struct {
	Inside, NotInside, Has, NotHas *Pattern
	Where, WhereNot                map[string]*regexp.Regexp
}

// Check reports what in f does not fit pattern p: a constraint on a name
// p does not bind, or a filter of several statements.
func (f *Filters) Check(p *Pattern) error {
	if f == nil {
		return nil
	}
	for _, fl := range f.relations() {
		if fl.pat.IsSequence() {
			return fmt.Errorf("%s: a pattern of several statements cannot be a filter; give the one node the match must be %s", fl.arg, fl.where())
		}
	}
	bound := boundVars(p)
	for _, c := range []struct {
		arg string
		m   map[string]*regexp.Regexp
	}{{"where", f.Where}, {"where_not", f.WhereNot}} {
		for _, key := range slices.Sorted(maps.Keys(c.m)) {
			name, _ := constraintName(key)
			if !slices.ContainsFunc(bound, func(v tvar) bool { return v.name == name }) {
				return fmt.Errorf("%s: %s is not a metavariable of the pattern; it binds %s", c.arg, key, bindsList(bound))
			}
		}
	}
	return nil
}

// constraintName takes the $ or $$$ off a constraint's key: F, $F and
// $$$F all name the metavariable F.
func constraintName(key string) (string, bool) {
	if name, _, ok := grammars.Metavar(key); ok {
		return name, true
	}
	return key, false
}

func bindsList(bound []tvar) string {
	if len(bound) == 0 {
		return "none"
	}
	names := make([]string, len(bound))
	for i, v := range bound {
		names[i] = v.String()
	}
	return strings.Join(names, ", ")
}

// A relation is one relational filter.
type relation struct {
	arg  string // the argument it came from
	pat  *Pattern
	up   bool // looks above the match (inside), not below (has)
	want bool // a node must match (inside, has), or none may
}

func (r relation) where() string {
	if r.up {
		return "inside"
	}
	return "holding"
}

func (f *Filters) relations() []relation {
	var out []relation
	for _, r := range []relation{
		{"inside", f.Inside, true, true}, {"not_inside", f.NotInside, true, false},
		{"has", f.Has, false, true}, {"not_has", f.NotHas, false, false},
	} {
		if r.pat != nil {
			out = append(out, r)
		}
	}
	return out
}

// Key identifies the filters, for the cache of matches per pattern.
func (f *Filters) Key() string {
	if f == nil {
		return ""
	}
	var b strings.Builder
	for _, r := range f.relations() {
		fmt.Fprintf(&b, "\x00%s=%s", r.arg, r.pat.Source)
	}
	for _, c := range []struct {
		arg string
		m   map[string]*regexp.Regexp
	}{{"where", f.Where}, {"where_not", f.WhereNot}} {
		for _, k := range slices.Sorted(maps.Keys(c.m)) {
			fmt.Fprintf(&b, "\x00%s.%s=%s", c.arg, k, c.m[k])
		}
	}
	return b.String()
}

// Literals returns the words a file must hold for any match to pass the
// filters: those of the patterns that must match somewhere.
func (f *Filters) Literals() []string {
	if f == nil {
		return nil
	}
	var out []string
	for _, p := range []*Pattern{f.Inside, f.Has} {
		if p != nil {
			out = append(out, p.Literals()...)
		}
	}
	return out
}
