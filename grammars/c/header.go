package c

import (
	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/kit"
)

// HoldsCxx reports whether a header holds C++, and so is C++'s to read
// rather than C's: outside the branches of conditionals that test
// __cplusplus (a C header's extern "C" { and the C++ wrappers some C
// headers carry), a token only C++ has starts something: namespace,
// template <, class N followed by {, : or ;, a :: between names,
// public:, private: or protected:, or extern "C++". Comments, strings
// and directive lines are passed over, as the lexer reads them. A file
// too large to parse is C's.
func HoldsCxx(src []byte) bool {
	if len(src) > kit.MaxFileSize {
		return false
	}
	lx := newLexer(kit.Text(src), false, true)
	defer lx.release()
	toks := lx.toks
	kind := func(i int) grammars.Kind {
		if i < len(toks) {
			return toks[i].Kind
		}
		return tEOF
	}
	// depth counts the open conditionals; cxxFrom is the depth of the
	// outermost one that tests __cplusplus, or 0.
	depth, cxxFrom := 0, 0
	for i := 0; i < len(toks); i++ {
		if toks[i].Kind == tDirective {
			l := lx.lineAt(i)
			switch lx.name(l) {
			case "if", "ifdef", "ifndef":
				depth++
				if cxxFrom == 0 && lx.testsCplusplus(l) {
					cxxFrom = depth
				}
			case "endif":
				if depth == cxxFrom {
					cxxFrom = 0
				}
				depth = max(depth-1, 0)
			}
			i = l.end
			continue
		}
		if cxxFrom > 0 {
			continue
		}
		switch toks[i].Kind {
		case kwNamespace:
			if k := kind(i + 1); k == tIdent || k == tLBrace {
				return true
			}
		case kwTemplate:
			if kind(i+1) == tLT {
				return true
			}
		case kwClass:
			if kind(i+1) == tIdent {
				switch kind(i + 2) {
				case tLBrace, tColon, tSemi, tIdent:
					return true
				}
			}
		case tColonColon:
			if kind(i+1) == tIdent || kind(i+1) == tTilde {
				return true
			}
		case kwPublic, kwPrivate, kwProtected:
			if kind(i+1) == tColon {
				return true
			}
		case kwExtern:
			if kind(i+1) == tString && lx.text(&toks[i+1]) == `"C++"` {
				return true
			}
		}
	}
	return false
}

// testsCplusplus reports whether the conditional's line at l tests
// __cplusplus: its branches are each a C or a C++ compiler's, and say
// nothing of which the header is.
func (lx *lexer) testsCplusplus(l line) bool {
	for i := l.start + 2; i < l.end; i++ {
		if lx.text(&lx.toks[i]) == "__cplusplus" {
			return true
		}
	}
	return false
}
