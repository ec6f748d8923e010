//go:build !jsgrammar

package main

import "github.com/agenttools/agenttools/grammars"

// jsLanguages is empty without the jsgrammar tag: grammars/javascript is
// not there yet (see languages_jsgrammar.go).
var jsLanguages []*grammars.Language
