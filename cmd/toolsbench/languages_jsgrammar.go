//go:build jsgrammar

package main

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/javascript"
)

// jsLanguages are the JavaScript/TypeScript grammar's languages. They are
// behind the jsgrammar tag until grammars/javascript lands; then this file
// and languages_nojsgrammar.go go, and languages() lists the three itself.
var jsLanguages = []*grammars.Language{javascript.JavaScript, javascript.TypeScript, javascript.TSX}
