package javascript_test

import (
	"context"
	"fmt"

	"github.com/agenttools/agenttools/interp/javascript"
)

// A kernel keeps its globals from cell to cell; each cell's outputs come
// back in order, the last expression echoed.
func Example() {
	k := javascript.New(javascript.Config{})
	defer k.Close()
	for _, code := range []string{
		"const langs = [{name: 'Go', year: 2009}, {name: 'JavaScript', year: 1995}]",
		"console.log(langs.length, 'languages'); display(langs)",
		"langs.map(l => l.name).join(' and ')",
	} {
		cell, err := k.Execute(context.Background(), code, nil)
		if err != nil {
			panic(err)
		}
		for _, o := range cell.Outputs {
			fmt.Printf("[%s]\n%s\n", o.Kind, o.Text)
		}
	}
	// Output:
	// [stdout]
	// 2 languages
	//
	// [table]
	// name        year
	// ----------  ----
	// Go          2009
	// JavaScript  1995
	// [value]
	// "Go and JavaScript"
}
