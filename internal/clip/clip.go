// Package clip bounds the text of errors. A model reads every error, and a
// host may log it: an argument of 50 MB must not come back as an error of
// 50 MB, nor one echoed twice. Quote cuts the input an error echoes; Text
// cuts the whole error.
package clip

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

const (
	// MaxEcho is how much of an input an error text quotes.
	MaxEcho = 200
	// MaxText is the longest error text a call returns.
	MaxText = 2000
)

// Quote quotes s as %q does, cut to its first MaxEcho bytes, with its
// length when it was cut.
func Quote(s string) string {
	if len(s) <= MaxEcho {
		return strconv.Quote(s)
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(cut(s, MaxEcho)), len(s))
}

// Echo is s as an error text writes a name it was given, such as a
// path: s itself when it is short and printable, else quoted as Quote
// does.
func Echo(s string) string {
	if len(s) <= MaxEcho && strconv.CanBackquote(s) && !strings.ContainsAny(s, "`") {
		return s
	}
	return Quote(s)
}

// Text cuts an error text to MaxText bytes, saying how long it was.
func Text(s string) string {
	if len(s) <= MaxText {
		return s
	}
	tail := fmt.Sprintf(" … [cut: the message was %d bytes]", len(s))
	return cut(s, MaxText-len(tail)) + tail
}

// cut is s's first n bytes at most, ending on a whole character.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
