package tools

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/agenttools/agenttools/internal/safefs"
	"github.com/agenttools/agenttools/internal/udiff"
	"github.com/google/jsonschema-go/jsonschema"
)

// The reference file tools. A harness usually brings its own; these make
// the binary complete and give the write wrappers and the eval bridge
// something real to call.

const (
	defaultReadLimit = 2000
	maxLineBytes     = 2000
)

func fileTools(e *env) []*Tool {
	read := NewTool("read", Read, true,
		"Read a text file of the working directory. Lines come back numbered, starting at offset (1-based, default 1), at most limit lines (default 2000); lines over 2000 bytes are cut.",
		e.read)
	setMinimum(read.InputSchema, "offset", 1)
	setMinimum(read.InputSchema, "limit", 1)
	return []*Tool{
		read,
		NewTool("write", Write, false,
			"Write a whole file, creating it and its folders if needed. The write is atomic: readers see the old content or the new, never a mix. Paths must stay inside the working directory.",
			e.write),
		NewTool("edit", Write, false,
			"Replace old_string with new_string in a file. old_string must occur exactly once unless replace_all is true; include enough surrounding lines to make it unique.",
			e.edit),
		NewTool("apply_patch", Write, false,
			"Apply a unified diff (diff -u or git diff format) that may touch several files, create them (--- /dev/null) or delete them (+++ /dev/null). Every hunk applies or nothing is written.",
			e.applyPatch),
	}
}

func setMinimum(s *jsonschema.Schema, prop string, min float64) {
	s.Properties[prop].Minimum = &min
}

func setEnum(s *jsonschema.Schema, prop string, values ...any) {
	s.Properties[prop].Enum = values
}

type readArgs struct {
	Path   string `json:"path" jsonschema:"file to read, relative to the working directory"`
	Offset int    `json:"offset,omitempty" jsonschema:"first line to return, 1-based (default 1)"`
	Limit  int    `json:"limit,omitempty" jsonschema:"how many lines to return (default 2000)"`
}

type readResult struct {
	Path       string `json:"path"`
	Offset     int    `json:"offset"`
	Lines      int    `json:"lines"`
	TotalLines int    `json:"total_lines"`
}

func (e *env) read(ctx context.Context, a readArgs) (Result, error) {
	real, err := e.root.ForRead(a.Path)
	if err != nil {
		return pathError("path", a.Path, err), nil
	}
	data, err := os.ReadFile(real)
	if err != nil {
		return pathError("path", a.Path, err), nil
	}
	if bytes.IndexByte(data[:min(len(data), 8192)], 0) >= 0 {
		return Errorf("path: %s is a binary file; read opens text files only", a.Path), nil
	}
	lines := strings.SplitAfter(string(data), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	offset, limit := max(a.Offset, 1), a.Limit
	if limit == 0 {
		limit = defaultReadLimit
	}
	if offset > len(lines) && !(offset == 1 && len(lines) == 0) {
		return Errorf("offset: %d is past the end of %s, which has %d lines", offset, a.Path, len(lines)), nil
	}
	end := min(offset-1+limit, len(lines))
	var b strings.Builder
	for i := offset - 1; i < end; i++ {
		l := strings.TrimRight(lines[i], "\r\n")
		if len(l) > maxLineBytes {
			cut := maxLineBytes
			for cut > 0 && !utf8.RuneStart(l[cut]) {
				cut--
			}
			l = l[:cut] + fmt.Sprintf("… (%d more bytes)", len(l)-cut)
		}
		fmt.Fprintf(&b, "%6d\t%s\n", i+1, l)
	}
	if len(lines) == 0 {
		b.WriteString("(empty file)\n")
	} else if end < len(lines) {
		fmt.Fprintf(&b, "(%d more lines; read again with offset %d)\n", len(lines)-end, end+1)
	}
	r := Text(b.String())
	r.Structured = readResult{Path: e.root.Rel(real), Offset: offset, Lines: end - offset + 1, TotalLines: len(lines)}
	return r, nil
}

type writeArgs struct {
	Path    string `json:"path" jsonschema:"file to write, relative to the working directory"`
	Content string `json:"content" jsonschema:"the whole new content of the file"`
}

type writeResult struct {
	Path    string `json:"path"`
	Bytes   int    `json:"bytes"`
	Created bool   `json:"created"`
}

func (e *env) write(ctx context.Context, a writeArgs) (Result, error) {
	real, err := e.root.ForWrite(a.Path)
	if err != nil {
		return pathError("path", a.Path, err), nil
	}
	c, err := current(real)
	if err != nil {
		return pathError("path", a.Path, err), nil
	}
	c.After = []byte(a.Content)
	if err := safefs.WriteAll([]safefs.Change{c}); err != nil {
		return Errorf("write %s: %v; the file was not changed", a.Path, err), nil
	}
	verb := "wrote"
	if !c.Existed {
		verb = "created"
	}
	r := Text(fmt.Sprintf("%s %s (%d bytes)", verb, e.root.Rel(real), len(a.Content)))
	r.Structured = writeResult{Path: e.root.Rel(real), Bytes: len(a.Content), Created: !c.Existed}
	return r, nil
}

// current reads what a file holds now, as the Before of a change.
func current(real string) (safefs.Change, error) {
	c := safefs.Change{Path: real}
	st, err := os.Stat(real)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, err
	}
	if st.IsDir() {
		return c, &fs.PathError{Op: "write", Path: real, Err: errors.New("is a directory")}
	}
	data, err := os.ReadFile(real)
	if err != nil {
		return c, err
	}
	c.Existed, c.Before = true, data
	return c, nil
}

type editArgs struct {
	Path       string `json:"path" jsonschema:"file to edit, relative to the working directory"`
	OldString  string `json:"old_string" jsonschema:"exact text to replace"`
	NewString  string `json:"new_string" jsonschema:"text to put in its place"`
	ReplaceAll bool   `json:"replace_all,omitempty" jsonschema:"replace every occurrence instead of requiring exactly one"`
}

type editResult struct {
	Path         string `json:"path"`
	Replacements int    `json:"replacements"`
}

func (e *env) edit(ctx context.Context, a editArgs) (Result, error) {
	if a.OldString == "" {
		return Errorf("old_string: must not be empty; to write a whole file use write"), nil
	}
	if a.OldString == a.NewString {
		return Errorf("new_string: is the same as old_string, so nothing would change"), nil
	}
	real, err := e.root.ForWrite(a.Path)
	if err != nil {
		return pathError("path", a.Path, err), nil
	}
	c, err := current(real)
	if err != nil {
		return pathError("path", a.Path, err), nil
	}
	if !c.Existed {
		return Errorf("path: %s does not exist; create it with write", a.Path), nil
	}
	text := string(c.Before)
	n := strings.Count(text, a.OldString)
	switch {
	case n == 0:
		return Errorf("old_string: not found in %s; read the file and copy the text exactly, whitespace included", a.Path), nil
	case n > 1 && !a.ReplaceAll:
		return Errorf("old_string: occurs %d times in %s (lines %s); add surrounding lines to make it unique, or set replace_all", n, a.Path, occurrenceLines(text, a.OldString)), nil
	}
	if a.ReplaceAll {
		c.After = []byte(strings.ReplaceAll(text, a.OldString, a.NewString))
	} else {
		c.After = []byte(strings.Replace(text, a.OldString, a.NewString, 1))
	}
	if err := safefs.WriteAll([]safefs.Change{c}); err != nil {
		return Errorf("edit %s: %v; the file was not changed", a.Path, err), nil
	}
	rel := e.root.Rel(real)
	r := Text(fmt.Sprintf("replaced %d occurrence%s in %s", n, plural(n), rel))
	r.Structured = editResult{Path: rel, Replacements: n}
	return r, nil
}

func occurrenceLines(text, sub string) string {
	var lines []string
	for off := 0; ; {
		i := strings.Index(text[off:], sub)
		if i < 0 || len(lines) == 10 {
			break
		}
		lines = append(lines, fmt.Sprint(strings.Count(text[:off+i], "\n")+1))
		off += i + len(sub)
	}
	return strings.Join(lines, ", ")
}

type patchArgs struct {
	Patch string `json:"patch" jsonschema:"a unified diff; paths are relative to the working directory (git's a/ and b/ prefixes are understood)"`
}

type patchFile struct {
	Path    string `json:"path"`
	Created bool   `json:"created,omitempty"`
	Deleted bool   `json:"deleted,omitempty"`
	Hunks   int    `json:"hunks"`
}

type patchResult struct {
	Files []patchFile `json:"files"`
}

func (e *env) applyPatch(ctx context.Context, a patchArgs) (Result, error) {
	fps, err := udiff.Parse(a.Patch)
	if err != nil {
		return Errorf("patch: %v; nothing was written", err), nil
	}
	// Every file is read and patched in memory first; a file named twice
	// takes the second patch on top of the first.
	changes := map[string]*safefs.Change{}
	var order []string
	get := func(p string) (*safefs.Change, string, error) {
		real, err := e.root.ForWrite(p)
		if err != nil {
			return nil, "", err
		}
		if c, ok := changes[real]; ok {
			return c, real, nil
		}
		c, err := current(real)
		if err != nil {
			return nil, "", err
		}
		c.After = c.Before
		changes[real] = &c
		order = append(order, real)
		return &c, real, nil
	}
	var res patchResult
	for _, fp := range fps {
		var src *safefs.Change
		if fp.OldPath != "" {
			c, _, err := get(fp.OldPath)
			if err != nil {
				return patchPathError(fp.OldPath, err), nil
			}
			if !c.Existed || c.Delete {
				return Errorf("patch: %s does not exist; nothing was written", fp.OldPath), nil
			}
			src = c
		}
		var dst *safefs.Change
		if fp.NewPath != "" {
			c, _, err := get(fp.NewPath)
			if err != nil {
				return patchPathError(fp.NewPath, err), nil
			}
			if (src == nil || c != src) && c.Existed && !c.Delete {
				return Errorf("patch: %s already exists, so it cannot be created; nothing was written", fp.NewPath), nil
			}
			dst = c
		}
		var before string
		if src != nil {
			before = string(src.After)
		}
		after, err := udiff.Apply(before, fp)
		if err != nil {
			return Errorf("patch: %s: %v; nothing was written", fp.Path(), err), nil
		}
		f := patchFile{Path: fp.Path(), Hunks: len(fp.Hunks)}
		switch {
		case dst == nil: // deletion
			if after != "" {
				return Errorf("patch: %s: the deletion leaves %d bytes the patch does not remove; nothing was written", fp.OldPath, len(after)), nil
			}
			src.Delete, src.After = true, nil
			f.Deleted = true
		default:
			if src != nil && src != dst { // a rename
				src.Delete, src.After = true, nil
			}
			dst.Delete, dst.After = false, []byte(after)
			f.Created = src == nil
		}
		res.Files = append(res.Files, f)
	}
	var list []safefs.Change
	for _, real := range order {
		c := changes[real]
		if !c.Existed && c.Delete {
			continue
		}
		list = append(list, *c)
	}
	if err := safefs.WriteAll(list); err != nil {
		return Errorf("patch: %v; no file was changed", err), nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "applied the patch to %d file%s:", len(res.Files), plural(len(res.Files)))
	for _, f := range res.Files {
		note := fmt.Sprintf("%d hunk%s", f.Hunks, plural(f.Hunks))
		if f.Created {
			note = "created, " + note
		} else if f.Deleted {
			note = "deleted"
		}
		fmt.Fprintf(&b, "\n  %s (%s)", f.Path, note)
	}
	r := Text(b.String())
	r.Structured = res
	return r, nil
}

func patchPathError(p string, err error) Result {
	r := pathError("patch", p, err)
	r.Content[0].Text += "; nothing was written"
	return r
}
