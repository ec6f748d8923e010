package bundled

import (
	"maps"
	"slices"
	"testing"

	"github.com/agenttools/agenttools/grammars"
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

// TestTreeSitterNames: every kind of ours a language's tree-sitter map
// names is one of its kinds, and every field spec parses.
func TestTreeSitterNames(t *testing.T) {
	r := Registry()
	for _, id := range r.IDs() {
		l, err := r.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		ts := l.TreeSitter
		if ts == nil {
			continue
		}
		for _, theirs := range slices.Sorted(maps.Keys(ts.Kinds)) {
			for _, ours := range ts.Kinds[theirs] {
				r := grammars.ParseKindRef(ours)
				if _, ok := l.KindByName(r.Name); !ok {
					t.Errorf("%s: tree-sitter kind %q maps to %q, which is no kind of the language", id, theirs, ours)
				}
				if r.Parent == "" || r.Parent == "@block" && r.Field == "" {
					continue
				}
				if _, ok := l.KindByName(r.Parent); !ok {
					t.Errorf("%s: tree-sitter kind %q maps to %q, whose parent is no kind of the language", id, theirs, ours)
				}
				if _, ok := ts.Fields[r.Parent][r.Field]; r.Field != "" && !ok {
					t.Errorf("%s: tree-sitter kind %q maps to %q, whose parent has no field %s", id, theirs, ours, r.Field)
				}
			}
		}
		for _, kind := range slices.Sorted(maps.Keys(ts.Fields)) {
			if _, ok := l.KindByName(kind); !ok {
				t.Errorf("%s: fields of %q, which is no kind of the language", id, kind)
			}
			for _, name := range slices.Sorted(maps.Keys(ts.Fields[kind])) {
				if err := grammars.FieldSpec(ts.Fields[kind][name]).Check(); err != nil {
					t.Errorf("%s: %s.%s: %v", id, kind, name, err)
				}
			}
		}
	}
}
