package kit

import "github.com/agenttools/agenttools/grammars"

// Kind tables: every grammar names its kinds in one array and builds its
// Language's KindInfo table and its keyword map from it.

// KindTable returns the KindInfo table of the kinds names names; named
// says which of them carry a name a metavariable binds (identifiers,
// literals, nodes) rather than being punctuation or a keyword.
func KindTable(names []string, named func(k grammars.Kind) bool) []grammars.KindInfo {
	out := make([]grammars.KindInfo, len(names))
	for k, name := range names {
		out[k] = grammars.KindInfo{Name: name, Named: named(grammars.Kind(k))}
	}
	return out
}

// Keywords maps the text of each kind from first to last, the reserved
// words, to its kind.
func Keywords(names []string, first, last grammars.Kind) map[string]grammars.Kind {
	m := make(map[string]grammars.Kind, int(last-first)+1)
	for k := first; k <= last; k++ {
		m[names[k]] = k
	}
	return m
}
