package matcher

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/agenttools/agenttools/grammars"
)

// A ContextError says that no scaffold accepted a fragment: the most
// likely fix, when one is known, and the first error of each context
// tried.
type ContextError struct {
	Pattern string
	Lang    string
	Hint    string   // what to change, or ""
	Tried   []string // "statement: 1:5: expected …"
}

// maxTried is how many contexts an error lists; the rest are counted.
const maxTried = 4

// maxQuoted is the longest pattern an error quotes whole.
const maxQuoted = 200

func (e *ContextError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s does not parse as %s", Quote(e.Pattern), e.Lang)
	if e.Hint != "" {
		b.WriteString(". Most likely fix: " + e.Hint)
	}
	b.WriteString(". Tried: ")
	b.WriteString(strings.Join(e.TriedLines(), "; "))
	return b.String()
}

// TriedLines are the contexts tried, one line each, at most maxTried and
// then how many more.
func (e *ContextError) TriedLines() []string {
	lines := e.Tried
	if len(lines) > maxTried {
		lines = append(lines[:maxTried:maxTried], fmt.Sprintf("and %d more contexts", len(e.Tried)-maxTried))
	}
	return lines
}

// Quote quotes a pattern for an error; one longer than maxQuoted
// characters is cut, so an error never repeats a whole file.
func Quote(pattern string) string {
	if r := []rune(pattern); len(r) > maxQuoted {
		return fmt.Sprintf("%q… (%d characters)", string(r[:maxQuoted]), len(r))
	}
	return fmt.Sprintf("%q", pattern)
}

var (
	ellipsis     = regexp.MustCompile(`\.\.\.`)
	twoDollars   = regexp.MustCompile(`(^|[^$])\$\$([A-Z_][A-Z0-9_]*)`)
	lowerVar     = regexp.MustCompile(`(^|[^$\w])\$([a-z][a-zA-Z0-9_]*)`)
	regexpSyntax = regexp.MustCompile(`\.\*|\.\+|\\[wdsWDSb]|\[[^\]\s]*-[^\]\s]*\][*+?]?|\(\?[:=!]|[\w)]\|[\w(]|^\^`)
)

// hint returns the most likely fix for a fragment that parses in no
// context of l, from the mistakes agents make most: a run written the
// way other tools write it, a metavariable in lower case, a regular
// expression where code belongs, half a declaration.
func hint(l *grammars.Language, frag string) string {
	if m := twoDollars.FindStringSubmatch(frag); m != nil {
		return fmt.Sprintf("write $$$%s for a run of nodes; $$%s is not a metavariable", m[2], m[2])
	}
	if ellipsis.MatchString(frag) {
		return "write $$$ (or $$$ARGS, to use what it matched) for a run of nodes; ... is not pattern syntax"
	}
	if m := lowerVar.FindStringSubmatch(frag); m != nil {
		return fmt.Sprintf("metavariables are upper-case: write $%s, not $%s", strings.ToUpper(m[2]), m[2])
	}
	if form := l.Form(grammars.FirstWord(frag)); form != "" {
		return fmt.Sprintf("a pattern is a whole construct; write the complete form, such as %s", form)
	}
	if regexpSyntax.MatchString(frag) {
		return "a pattern is code, not a regular expression; match a name with $NAME and constrain it with where, e.g. where {\"NAME\": \"^New[A-Z]\"}"
	}
	return ""
}
