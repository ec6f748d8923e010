package tools

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Text the tools write, in one place: counts, sizes, durations, and text
// cut to a size without splitting a character.

// plural is the s of a count's noun.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// sizeText writes a byte count as people read it.
func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// durationText writes a duration as people read it: "5 minutes".
func durationText(d time.Duration) string {
	unit := func(n int64, name string) string {
		if n == 1 {
			return "1 " + name
		}
		return fmt.Sprintf("%d %ss", n, name)
	}
	switch {
	case d >= time.Minute && d%time.Minute == 0:
		return unit(int64(d/time.Minute), "minute")
	case d >= time.Second && d%time.Second == 0:
		return unit(int64(d/time.Second), "second")
	}
	return d.String()
}

// oneLine folds every run of white space into one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// cutBytes cuts s to at most max bytes, on a character boundary.
func cutBytes(s string, max int) (string, bool) {
	if len(s) <= max {
		return s, false
	}
	for max > 0 && !utf8.RuneStart(s[max]) {
		max--
	}
	return s[:max], true
}

// elapsedText writes a duration to the second, or to the millisecond
// under a second.
func elapsedText(d time.Duration) string {
	if d < time.Second {
		return d.Round(time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}
