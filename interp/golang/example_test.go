package golang_test

import (
	"context"
	"fmt"

	"github.com/agenttools/agenttools/interp/golang"
)

// A kernel keeps its declarations, variables and imports from cell to
// cell; each cell's outputs come back in order, the last expression
// echoed.
func Example() {
	k, err := golang.New(golang.Config{})
	if err != nil {
		panic(err)
	}
	defer k.Close()
	for _, code := range []string{
		"type lang struct {\n\tName string\n\tYear int\n}\nlangs := []lang{{\"Go\", 2009}, {\"JavaScript\", 1995}}",
		"import \"fmt\"\nfmt.Println(len(langs), \"languages\")\ndisplay(langs)",
		"langs[0].Name + \" and \" + langs[1].Name",
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
	// Name        Year
	// ----------  ----
	// Go          2009
	// JavaScript  1995
	// [value]
	// "Go and JavaScript"
}
