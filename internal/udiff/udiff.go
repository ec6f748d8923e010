// Package udiff parses multi-file unified diffs and applies them to file
// contents in memory. It writes nothing: the caller decides whether every
// file applied, and only then writes them all.
package udiff

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/agenttools/agenttools/internal/clip"
)

// A FilePatch is the part of a diff that concerns one file.
type FilePatch struct {
	OldPath string // "" when the file is created (/dev/null)
	NewPath string // "" when the file is deleted (/dev/null)
	Hunks   []Hunk
}

// Path is the file the patch is about: the new path, or the old one for a
// deletion.
func (f *FilePatch) Path() string {
	if f.NewPath != "" {
		return f.NewPath
	}
	return f.OldPath
}

// A Hunk is one @@ section. Lines keep their newline, except a line marked
// "\ No newline at end of file".
type Hunk struct {
	OldStart int // 1-based; 0 for an empty old side
	Line     int // line of the @@ header in the patch text, for errors
	Old      []string
	New      []string
}

// Parse reads a unified diff, as diff -u or git diff prints it, with one or
// more files. Lines before a file's "---" header (diff --git, index, and
// prose) are skipped.
func Parse(patch string) ([]*FilePatch, error) {
	lines := splitLines(patch)
	var files []*FilePatch
	for i := 0; i < len(lines); {
		if !strings.HasPrefix(lines[i], "--- ") || i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "+++ ") {
			if strings.HasPrefix(lines[i], "@@ ") {
				return nil, fmt.Errorf("line %d: a hunk before any ---/+++ file header", i+1)
			}
			i++
			continue
		}
		fp := &FilePatch{OldPath: headerPath(lines[i][4:]), NewPath: headerPath(lines[i+1][4:])}
		if fp.OldPath == "" && fp.NewPath == "" {
			return nil, fmt.Errorf("line %d: both sides are /dev/null", i+1)
		}
		i += 2
		for i < len(lines) && strings.HasPrefix(lines[i], "@@") {
			h, next, err := parseHunk(lines, i)
			if err != nil {
				return nil, err
			}
			fp.Hunks = append(fp.Hunks, h)
			i = next
		}
		if len(fp.Hunks) == 0 {
			return nil, fmt.Errorf("line %d: file %s has no hunks", i, fp.Path())
		}
		files = append(files, fp)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no file headers (--- a/path, +++ b/path) found")
	}
	stripGitPrefixes(files)
	return files, nil
}

// splitLines splits s after each newline; the pieces keep their newline.
func splitLines(s string) []string {
	var out []string
	for len(s) > 0 {
		n := strings.IndexByte(s, '\n')
		if n < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:n+1])
		s = s[n+1:]
	}
	return out
}

// headerPath returns the path of a ---/+++ line, without a trailing
// timestamp, or "" for /dev/null.
func headerPath(s string) string {
	s = strings.TrimRight(s, "\r\n")
	if tab := strings.IndexByte(s, '\t'); tab >= 0 {
		s = s[:tab]
	}
	if uq, err := strconv.Unquote(s); err == nil && strings.HasPrefix(s, `"`) {
		s = uq
	}
	if s == "/dev/null" {
		return ""
	}
	return s
}

// stripGitPrefixes removes git's a/ and b/ prefixes when every old path has
// one and every new path has the other.
func stripGitPrefixes(files []*FilePatch) {
	for _, f := range files {
		if (f.OldPath != "" && !strings.HasPrefix(f.OldPath, "a/")) ||
			(f.NewPath != "" && !strings.HasPrefix(f.NewPath, "b/")) {
			return
		}
	}
	for _, f := range files {
		f.OldPath = strings.TrimPrefix(f.OldPath, "a/")
		f.NewPath = strings.TrimPrefix(f.NewPath, "b/")
	}
}

func parseHunk(lines []string, i int) (Hunk, int, error) {
	h := Hunk{Line: i + 1}
	oldStart, oldCount, newCount, err := parseRange(lines[i])
	if err != nil {
		return h, 0, fmt.Errorf("line %d: %w", i+1, err)
	}
	h.OldStart = oldStart
	i++
	var last *string // the line a "\ No newline" marker applies to
	var lastBoth *string
	for oldCount > 0 || newCount > 0 || (i < len(lines) && strings.HasPrefix(lines[i], `\`)) {
		if i >= len(lines) {
			return h, 0, fmt.Errorf("line %d: hunk ends early: %d old and %d new lines missing", h.Line, oldCount, newCount)
		}
		l := lines[i]
		if l == "\n" || l == "\r\n" {
			l = " " + l // some editors strip the space of an empty context line
		}
		switch l[0] {
		case ' ':
			if oldCount == 0 || newCount == 0 {
				return h, 0, fmt.Errorf("line %d: more lines than the @@ header counts", i+1)
			}
			h.Old = append(h.Old, l[1:])
			h.New = append(h.New, l[1:])
			last, lastBoth = &h.Old[len(h.Old)-1], &h.New[len(h.New)-1]
			oldCount--
			newCount--
		case '-':
			if oldCount == 0 {
				return h, 0, fmt.Errorf("line %d: more removed lines than the @@ header counts", i+1)
			}
			h.Old = append(h.Old, l[1:])
			last, lastBoth = &h.Old[len(h.Old)-1], nil
			oldCount--
		case '+':
			if newCount == 0 {
				return h, 0, fmt.Errorf("line %d: more added lines than the @@ header counts", i+1)
			}
			h.New = append(h.New, l[1:])
			last, lastBoth = &h.New[len(h.New)-1], nil
			newCount--
		case '\\':
			if last == nil {
				return h, 0, fmt.Errorf("line %d: a no-newline marker with no line before it", i+1)
			}
			*last = strings.TrimSuffix(*last, "\n")
			if lastBoth != nil {
				*lastBoth = strings.TrimSuffix(*lastBoth, "\n")
			}
			last, lastBoth = nil, nil
		default:
			return h, 0, fmt.Errorf("line %d: a hunk line must start with ' ', '-', '+' or '\\', not %q", i+1, l[0])
		}
		i++
	}
	return h, i, nil
}

// parseRange reads "@@ -l[,s] +l[,s] @@ ...".
func parseRange(s string) (oldStart, oldCount, newCount int, err error) {
	f := strings.Fields(s)
	if len(f) < 4 || f[0] != "@@" || f[3] != "@@" || !strings.HasPrefix(f[1], "-") || !strings.HasPrefix(f[2], "+") {
		return 0, 0, 0, fmt.Errorf("malformed hunk header %s: want @@ -l,s +l,s @@", clip.Quote(strings.TrimSpace(s)))
	}
	oldStart, oldCount, err = parsePair(f[1][1:])
	if err != nil {
		return 0, 0, 0, fmt.Errorf("hunk header %s: %w", clip.Quote(strings.TrimSpace(s)), err)
	}
	_, newCount, err = parsePair(f[2][1:])
	if err != nil {
		return 0, 0, 0, fmt.Errorf("hunk header %s: %w", clip.Quote(strings.TrimSpace(s)), err)
	}
	return oldStart, oldCount, newCount, nil
}

func parsePair(s string) (start, count int, err error) {
	count = 1
	a, b, ok := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil || start < 0 {
		return 0, 0, fmt.Errorf("bad line number %s", clip.Quote(a))
	}
	if ok {
		if count, err = strconv.Atoi(b); err != nil || count < 0 {
			return 0, 0, fmt.Errorf("bad line count %s", clip.Quote(b))
		}
	}
	return start, count, nil
}

// Apply applies the hunks of f to content and returns the new content.
// Each hunk must match exactly; it is looked for at its stated line first
// and then ever further away, but never before the previous hunk's end.
func Apply(content string, f *FilePatch) (string, error) {
	lines := splitLines(content)
	var out []string
	pos := 0    // next unconsumed line of lines
	offset := 0 // how far the previous hunk was found from where it said
	for n, h := range f.Hunks {
		want := h.OldStart - 1 + offset
		if len(h.Old) == 0 {
			want = h.OldStart + offset // an insertion after line OldStart
		}
		at := find(lines, h.Old, pos, want)
		if at < 0 {
			return "", fmt.Errorf("hunk %d (patch line %d) does not apply: %s", n+1, h.Line, describe(h.Old, h.OldStart))
		}
		offset = at - (want - offset)
		out = append(out, lines[pos:at]...)
		out = append(out, h.New...)
		pos = at + len(h.Old)
	}
	out = append(out, lines[pos:]...)
	return strings.Join(out, ""), nil
}

func describe(old []string, start int) string {
	if len(old) == 0 {
		return fmt.Sprintf("line %d is past the end of the file", start)
	}
	return fmt.Sprintf("the %d lines it expects from line %d (first %s) are not in the file", len(old), start, clip.Quote(strings.TrimRight(old[0], "\n")))
}

// find returns where old occurs in lines at or after min, the nearest to
// want, or -1.
func find(lines, old []string, min, want int) int {
	if want < min {
		want = min
	}
	last := len(lines) - len(old)
	if want > last {
		want = last
	}
	for d := 0; want-d >= min || want+d <= last; d++ {
		if at := want - d; at >= min && at <= last && equalAt(lines, old, at) {
			return at
		}
		if at := want + d; d > 0 && at >= min && at <= last && equalAt(lines, old, at) {
			return at
		}
	}
	return -1
}

func equalAt(lines, old []string, at int) bool {
	for i, l := range old {
		if lines[at+i] != l {
			return false
		}
	}
	return true
}
