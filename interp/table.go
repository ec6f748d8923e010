package interp

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// RenderTable lays out a table as text: the header row, a rule, the rows,
// columns padded to their widest cell, and a last line saying how many
// rows were left out when total is more than the rows given. Every
// kernel's display of a table goes through it, so they all look alike.
func RenderTable(header []string, rows [][]string, total int) string {
	grid := append([][]string{header}, rows...)
	widths := make([]int, len(header))
	for _, line := range grid {
		for j, s := range line {
			widths[j] = max(widths[j], utf8.RuneCountInString(s))
		}
	}
	var b strings.Builder
	writeLine := func(line []string) {
		var l strings.Builder
		for j, s := range line {
			l.WriteString(s)
			if j < len(line)-1 {
				l.WriteString(strings.Repeat(" ", widths[j]-utf8.RuneCountInString(s)+2))
			}
		}
		b.WriteString(strings.TrimRight(l.String(), " "))
		b.WriteByte('\n')
	}
	writeLine(header)
	rule := make([]string, len(header))
	for j, w := range widths {
		rule[j] = strings.Repeat("-", w)
	}
	writeLine(rule)
	for _, line := range rows {
		writeLine(line)
	}
	if total > len(rows) {
		fmt.Fprintf(&b, "… %d more rows (%d in all)\n", total-len(rows), total)
	}
	return strings.TrimRight(b.String(), "\n")
}
