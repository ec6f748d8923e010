package c

import "github.com/agenttools/agenttools/grammars"

// cxxTreeSitter maps tree-sitter-cpp's kinds and fields onto our C++
// tree: C's map, and what C++ adds.
var cxxTreeSitter = &grammars.TreeSitter{
	Kinds:  treeSitter.Kinds,
	Fields: treeSitter.Fields,
}
