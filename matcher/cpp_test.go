package matcher

import (
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/c"
	"github.com/google/go-cmp/cmp"
)

const cppCode = `#include <vector>
namespace app {
template <typename T, typename... Rest>
class Box : public Base<T> {
public:
  Box() : items_{} {}
  void add(T x) { items_.push_back(std::move(x)); }
  bool empty() const { return items_.size() == 0; }
private:
  std::vector<T> items_;
};
template <class K, int N> class Fixed { K data[N]; };
}
int run(Widget *w, std::vector<int> &v) {
  w->draw(1, 2);
  auto p = std::make_unique<Widget>(std::move(*w));
  for (auto x : v) { total += x; }
  for (const auto &x : v) { total -= x; }
  if (v.size() == 0) return 0;
  auto f = [&v](int k) { return v[k]; };
  return p->size() == 0 ? f(0) : static_cast<int>(v.size());
}
`

// cppLines returns the lines where the matches of pattern start, and
// the pattern's scaffold.
func cppLines(t *testing.T, pattern string) ([]int, string) {
	t.Helper()
	p, err := Compile(c.CPP, pattern)
	if err != nil {
		t.Fatalf("Compile(%q): %v", pattern, err)
	}
	tree, err := c.CPP.Parse([]byte(cppCode))
	if err != nil || len(tree.Errors) > 0 {
		t.Fatalf("parse: %v %v", err, tree.Errors)
	}
	var out []int
	for _, m := range p.Find(tree) {
		out = append(out, 1+strings.Count(cppCode[:tree.Nodes[m.Node].Start], "\n"))
	}
	return out, p.Context
}

// TestCppMatches: the patterns find what they name, and only that: a
// class template with a base class is no match of one without, and
// std::vector<$T> is searched as a type and as a template function.
func TestCppMatches(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		want    []int
	}{
		{"std::move($X)", []int{7, 16}},
		{"$X->$M($$$A)", []int{15, 21}},
		{"template <$$$P> class $C { $$$B };", []int{12}},
		{"for (auto $V : $E) { $$$B }", []int{17}},
		{"for (const auto &$V : $E) { $$$B }", []int{18}},
		{"$X.size() == 0", []int{8, 19}},
		{"$X->size() == 0", []int{21}},
		{"static_cast<$T>($E)", []int{21}},
		{"std::vector<$T>", []int{10, 14}},
		{"[&$V]($$$P) { $$$B }", []int{20}},
	} {
		got, context := cppLines(t, tc.pattern)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (%s): lines (-want +got):\n%s", tc.pattern, context, diff)
		}
	}
}

// TestCppScaffolds: each pattern is read in the context the ladder
// gives it first.
func TestCppScaffolds(t *testing.T) {
	for _, tc := range []struct{ pattern, context, kind string }{
		{"std::move($X)", "statement", "call_expression"},
		{"$X->$M($$$A)", "statement", "call_expression"},
		{"template <$$$P> class $C { $$$B };", "declaration", "template_declaration"},
		{"for (auto $V : $E) { $$$B }", "statement", "for_range_loop"},
		{"#include <$H>", "preprocessor directive", "preproc_include"},
		{"$A == $B", "statement", "binary_expression"},
		{"public:", "class member", "access_specifier"},
		{"virtual void $F() = 0;", "class member", "field_declaration"},
		{"namespace $N { $$$B }", "declaration", "namespace_definition"},
		{"using $A = $T;", "statement", "alias_declaration"},
		{"&$X", "statement", "pointer_expression"},
		{"std::vector<$T>", "statement", "qualified_identifier"},
		{"const std::string &", "type", "parameter_declaration"},
	} {
		p, err := Compile(c.CPP, tc.pattern)
		if err != nil {
			t.Errorf("Compile(%q): %v", tc.pattern, err)
			continue
		}
		got := []string{p.Context, p.tree.KindName(p.root)}
		if diff := cmp.Diff([]string{tc.context, tc.kind}, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.pattern, diff)
		}
	}
}
