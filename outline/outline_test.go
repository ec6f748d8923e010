package outline

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGolden lists the declarations of each file under testdata as a
// golden file beside it: kind, name, the lines it spans and where its
// name stands, indented as nested.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*")
	if err != nil {
		t.Fatal(err)
	}
	r := bundled.Registry()
	for _, f := range files {
		if strings.HasSuffix(f, ".golden") {
			continue
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			l := r.ForPath(f)
			tree, err := l.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			if err := tree.Errors.Err(); err != nil {
				t.Fatalf("%s does not parse: %v", f, err)
			}
			var b strings.Builder
			print(&b, Of(tree), 0)
			golden := f + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if diff := cmp.Diff(string(want), b.String()); diff != "" {
				t.Errorf("%s: outline differs from %s (-want +got):\n%s", f, golden, diff)
			}
		})
	}
}

func print(b *strings.Builder, ds []Decl, depth int) {
	for _, d := range ds {
		fmt.Fprintf(b, "%s%s %s  %d-%d  @%d:%d\n", strings.Repeat("  ", depth), d.Kind, d.Name, d.StartLine, d.EndLine, d.Line, d.Column)
		print(b, d.Children, depth+1)
	}
}

// TestTableKinds: every kind a table names is one of its language's, so
// that a misspelt kind cannot silently drop a declaration.
func TestTableKinds(t *testing.T) {
	r := bundled.Registry()
	for _, id := range r.IDs() {
		l, err := r.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		tab, ok := tables[id]
		if !ok {
			t.Errorf("%s: no outline table", id)
			continue
		}
		has := func(where, name string) {
			if _, ok := l.KindByName(name); !ok {
				t.Errorf("%s: %s names %q, which is no kind of the language", id, where, name)
			}
		}
		for kind, rule := range tab.rules {
			has("rules", kind)
			for _, s := range []string{rule.needs, strings.TrimPrefix(rule.name, "kind:"), rule.body} {
				if s == "" || s == "header" || s == "declarator" {
					continue
				}
				for _, k := range strings.Split(s, "|") {
					has(kind, k)
				}
			}
			for k := range rule.byChild {
				has(kind, k)
			}
		}
		for _, w := range tab.wrappers {
			has("wrappers", w)
		}
	}
}
