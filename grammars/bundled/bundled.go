// Package bundled lists the grammars that ship with agenttools.
package bundled

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/c"
	"github.com/agenttools/agenttools/grammars/dart"
	"github.com/agenttools/agenttools/grammars/golang"
	"github.com/agenttools/agenttools/grammars/java"
	"github.com/agenttools/agenttools/grammars/javascript"
	"github.com/agenttools/agenttools/grammars/python"
	"github.com/agenttools/agenttools/grammars/rust"
)

// Registry returns a registry of every bundled grammar.
func Registry() *grammars.Registry {
	r, err := grammars.NewRegistry(golang.Language, python.Language, javascript.JavaScript, javascript.TypeScript, javascript.TSX, rust.Language, dart.Language, c.Language, c.CPP, java.Language)
	if err != nil {
		panic(err) // the list above is fixed; a clash is a programming error
	}
	return r
}
