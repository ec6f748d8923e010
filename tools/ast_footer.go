package tools

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/search"
)

// skipReasons are the rules a walk leaves folders out by, in the order
// the footer names them, with the words it uses.
var skipReasons = []struct{ reason, words string }{
	{"hidden", "hidden"},
	{"vendor", "vendor"},
	{"node_modules", "node_modules"},
	{"testdata", "testdata"},
	{".gitignore", ".gitignore'd"},
}

// footer is the line every ast_grep and ast_edit result ends with: what
// was searched and what was not. With no match, it says which of what was
// left out could explain that.
func footer(pattern string, langs []string, readings, leftOut map[string][]string, total, scanned, parsed, failed int, skipped []search.Skipped, tooLarge, words []string) string {
	if len(langs) == 0 {
		return "No matches: no files of a bundled language here."
	}
	named := make([]string, len(langs))
	for i, l := range langs {
		named[i] = l
		if rs := readings[l]; len(rs) > 1 {
			named[i] = fmt.Sprintf("%s (the pattern read as %s)", l, orList(rs))
		}
	}
	counts := fmt.Sprintf("%s: %d file%s scanned, %d parsed, %d skipped by the prefilter", strings.Join(named, ", "), scanned, plural(scanned), parsed, scanned-parsed)
	var out []string
	if dirs := skippedText(skipped); dirs != "" {
		out = append(out, "folders not searched: "+dirs+" (give one as path to search it)")
	}
	if n := len(tooLarge); n > 0 {
		out = append(out, fmt.Sprintf("%d file%s over the size limit not parsed (%s)", n, plural(n), examples(tooLarge)))
	}
	if total > 0 {
		if len(out) == 0 {
			return "Searched " + counts + "."
		}
		return "Searched " + counts + "; " + strings.Join(out, "; ") + "."
	}
	var why []string
	if scanned > 0 && parsed == 0 && len(words) > 0 {
		why = append(why, fmt.Sprintf("no file holds every %s of the pattern (%s)", literalNoun(words), strings.Join(words, ", ")))
	}
	if failed > 0 {
		why = append(why, fmt.Sprintf("%d file%s that did not parse cleanly (their other declarations were searched)", failed, plural(failed)))
	}
	why = append(why, out...)
	for _, l := range langs {
		if lo := leftOut[l]; len(lo) > 0 {
			why = append(why, fmt.Sprintf("in %s the pattern also reads as a %s, which was not searched (to find it as one, write it where only a %s stands, as in a variable's declared %s)", l, lo[0], lo[0], lo[0]))
		}
	}
	if m := lowerVar.FindString(pattern); m != "" {
		why = append(why, fmt.Sprintf("%s is ordinary code, not a metavariable (those are upper-case: %s)", m, strings.ToUpper(m)))
	}
	if len(why) == 0 {
		return "No matches in " + counts + "; nothing was left out, so no code here matches."
	}
	return "No matches in " + counts + ". Could explain it: " + strings.Join(why, "; ") + "."
}

// orList joins words as "a, b and c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// literalNoun names what the prefilter looked for: the pattern's words,
// or its words and operators when it holds one of two marks or more (==,
// ->), which the prefilter requires too.
func literalNoun(literals []string) string {
	if slices.ContainsFunc(literals, matcher.IsOperator) {
		return "word and operator"
	}
	return "word"
}

// skippedText counts the folders left out by each rule, with a few of
// their paths.
func skippedText(skipped []search.Skipped) string {
	var parts []string
	for _, r := range skipReasons {
		var paths []string
		for _, s := range skipped {
			if s.Reason == r.reason {
				paths = append(paths, s.Path)
			}
		}
		if n := len(paths); n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s (%s)", n, r.words, examples(paths)))
		}
	}
	return strings.Join(parts, ", ")
}

// lowerVar is a $ name in lower case, which a language like JavaScript
// reads as an identifier.
var lowerVar = regexp.MustCompile(`\$[a-z][A-Za-z0-9_]*`)

// examples lists the first three of a list, and how many more.
func examples(list []string) string {
	if len(list) <= 3 {
		return strings.Join(list, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(list[:3], ", "), len(list)-3)
}
