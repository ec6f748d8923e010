package grammars

// The one rule for what a pattern metavariable is, shared by every
// grammar's pattern-mode lexer, the matcher and the rewrite templates:
// $ then an upper-case letter or _, then upper-case letters, digits or _
// ($X, $_, $ARG1); or $$$, alone or followed by such a name ($$$ARGS).
// Anything else that starts with $ is ordinary code where the language
// allows it: $, $el, $1 and $$x are JavaScript identifiers, and $($X) is
// a jQuery call whose argument is a metavariable.

// MetavarLen returns the length of the metavariable s starts with, or 0
// when it starts with none. It reads no further than the metavariable,
// so a lexer in a language where $ is no identifier character calls it at
// a $ and takes that many bytes as one identifier.
func MetavarLen(s string) int {
	if len(s) < 2 || s[0] != '$' {
		return 0
	}
	p := 1
	if len(s) >= 3 && s[1] == '$' && s[2] == '$' {
		p = 3
	}
	q := p
	for q < len(s) && isMetaChar(s[q], q == p) {
		q++
	}
	if q == p && p == 1 { // a lone $, or $ before something else
		return 0
	}
	return q
}

// Metavar classifies a whole token: ok when text is exactly one
// metavariable, multi when it is a run ($$$, $$$NAME), and its name,
// "" for $_, $$$ and $$$_, which bind nothing.
func Metavar(text string) (name string, multi, ok bool) {
	n := MetavarLen(text)
	if n == 0 || n != len(text) {
		return "", false, false
	}
	if len(text) >= 3 && text[:3] == "$$$" {
		name, multi = text[3:], true
	} else {
		name = text[1:]
	}
	if name == "_" {
		name = ""
	}
	return name, multi, true
}

// IsMetavar reports whether text is exactly one metavariable.
func IsMetavar(text string) bool {
	_, _, ok := Metavar(text)
	return ok
}

// IsRunMetavar reports whether text is exactly one $$$ metavariable.
func IsRunMetavar(text string) bool {
	_, multi, ok := Metavar(text)
	return ok && multi
}

func isMetaChar(c byte, first bool) bool {
	return 'A' <= c && c <= 'Z' || c == '_' || !first && '0' <= c && c <= '9'
}
