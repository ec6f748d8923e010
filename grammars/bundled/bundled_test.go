package bundled

import (
	"maps"
	"slices"
	"testing"
)

// TestContractKinds: every kind a grammar names in its side of the
// grammar–matcher contract is one of its kinds. The matcher looks the
// names up and skips one it does not find, so a misspelt name would
// silently change what matches.
func TestContractKinds(t *testing.T) {
	r := Registry()
	for _, id := range r.IDs() {
		l, err := r.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		lists := map[string][]string{
			"Blocks": l.Blocks, "Names": l.Names, "TypeReadings": l.TypeReadings, "BodyParents": l.BodyParents,
			"Statements": l.Statements, "Calls": l.Calls,
		}
		if l.Braces != "" {
			lists["Braces"] = []string{l.Braces}
		}
		if l.DeclaredName != "" {
			lists["DeclaredName"] = []string{l.DeclaredName}
		}
		for _, a := range slices.Sorted(maps.Keys(l.Abstract)) {
			lists["Abstract"] = append(lists["Abstract"], a, l.Abstract[a])
		}
		for _, field := range slices.Sorted(maps.Keys(lists)) {
			for _, name := range lists[field] {
				if _, ok := l.KindByName(name); !ok {
					t.Errorf("%s: %s names %q, which is no kind of the language", id, field, name)
				}
			}
		}
		if len(l.Statements) == 0 || len(l.Calls) == 0 {
			t.Errorf("%s: Statements %v, Calls %v: a grammar declares both", id, l.Statements, l.Calls)
		}
	}
}
