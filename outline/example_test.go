package outline_test

import (
	"fmt"

	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/outline"
)

func ExampleOf() {
	src := []byte(`class Cart:
    def add(self, item):
        def check(x):
            return x
        self.items.append(check(item))


def total(cart):
    return len(cart.items)
`)
	l, _ := bundled.Registry().Lookup("python")
	tree, err := l.Parse(src)
	if err != nil {
		panic(err)
	}
	var show func(ds []outline.Decl, indent string)
	show = func(ds []outline.Decl, indent string) {
		for _, d := range ds {
			fmt.Printf("%s%s %s, lines %d-%d\n", indent, d.Kind, d.Name, d.StartLine, d.EndLine)
			show(d.Children, indent+"  ")
		}
	}
	show(outline.Of(tree), "")
	// Output:
	// class Cart, lines 1-5
	//   method add, lines 2-5
	//     function check, lines 3-4
	// function total, lines 8-9
}
