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
	"github.com/agenttools/agenttools/tool"
	"github.com/google/jsonschema-go/jsonschema"
)

// The reference file tools. A harness usually brings its own; these make
// the binary complete and give the write wrappers and the eval bridge
// something real to call.

const (
	defaultReadLimit = 2000
	maxLineBytes     = 2000
)

func fileTools(e *env) []*tool.Tool {
	read := tool.New("read", tool.Read, true,
		"Read a text file of the working directory. Lines come back numbered, starting at offset (1-based, default 1), at most limit lines (default 2000); lines over 2000 bytes are cut.",
		e.read)
	setMinimum(read.InputSchema, "offset", 1)
	setMinimum(read.InputSchema, "limit", 1)
	return []*tool.Tool{
		read,
		tool.New("write", tool.Write, false,
			"Write a whole file, creating it and its folders if needed. The write is atomic: readers see the old content or the new, never a mix. Paths must stay inside the working directory.",
			e.write),
		tool.New("edit", tool.Write, false,
			"Replace old_string with new_string in a file. old_string must occur exactly once unless replace_all is true; include enough surrounding lines to make it unique.",
			e.edit),
		tool.New("apply_patch", tool.Write, false,
			"Apply a unified diff (diff -u or git diff format) that may touch several files, create them (--- /dev/null) or delete them (+++ /dev/null). Every hunk applies or nothing is written.",
			e.applyPatch),
	}
}

func setMinimum(s *jsonschema.Schema, prop string, min float64) {
	s.Properties[prop].Minimum = &min
}

func setMaximum(s *jsonschema.Schema, prop string, max float64) {
	s.Properties[prop].Maximum = &max
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

func (e *env) read(ctx context.Context, a readArgs) (tool.Result, error) {
	real, err := e.root.ForRead(a.Path)
	if err != nil {
		return pathError("path", a.Path, err), nil
	}
	data, err := os.ReadFile(real)
	if err != nil {
		return pathError("path", a.Path, err), nil
	}
	if bytes.IndexByte(data[:min(len(data), 8192)], 0) >= 0 {
		return tool.Errorf("path: %s is a binary file; read opens text files only", a.Path), nil
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
		return tool.Errorf("offset: %d is past the end of %s, which has %d lines", offset, a.Path, len(lines)), nil
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
	r := tool.Text(b.String())
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

func (e *env) write(ctx context.Context, a writeArgs) (tool.Result, error) {
	real, err := e.root.ForWrite(a.Path)
	if err != nil {
		return pathError("path", a.Path, err), nil
	}
	c, err := current(real)
	if err != nil {
		return pathError("path", a.Path, err), nil
	}
	c.After = []byte(a.Content)
	if err := e.commit(ctx, []safefs.Change{c}); err != nil {
		return tool.Errorf("write %s: %v; the file was not changed", a.Path, err), nil
	}
	verb := "wrote"
	if !c.Existed {
		verb = "created"
	}
	r := tool.Text(fmt.Sprintf("%s %s (%d bytes)", verb, e.root.Rel(real), len(a.Content)))
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

func (e *env) edit(ctx context.Context, a editArgs) (tool.Result, error) {
	if a.OldString == "" {
		return tool.Errorf("old_string: must not be empty; to write a whole file use write"), nil
	}
	if a.OldString == a.NewString {
		return tool.Errorf("new_string: is the same as old_string, so nothing would change"), nil
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
		return tool.Errorf("path: %s does not exist; create it with write", a.Path), nil
	}
	text := string(c.Before)
	n := strings.Count(text, a.OldString)
	switch {
	case n == 0:
		return tool.Errorf("old_string: not found in %s; read the file and copy the text exactly, whitespace included", a.Path), nil
	case n > 1 && !a.ReplaceAll:
		return tool.Errorf("old_string: occurs %d times in %s (lines %s); add surrounding lines to make it unique, or set replace_all", n, a.Path, occurrenceLines(text, a.OldString)), nil
	}
	if a.ReplaceAll {
		c.After = []byte(strings.ReplaceAll(text, a.OldString, a.NewString))
	} else {
		c.After = []byte(strings.Replace(text, a.OldString, a.NewString, 1))
	}
	if err := e.commit(ctx, []safefs.Change{c}); err != nil {
		return tool.Errorf("edit %s: %v; the file was not changed", a.Path, err), nil
	}
	rel := e.root.Rel(real)
	r := tool.Text(fmt.Sprintf("replaced %d occurrence%s in %s", n, plural(n), rel))
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

type patchResult struct {
	Files []udiff.FileResult `json:"files"`
}

func (e *env) applyPatch(ctx context.Context, a patchArgs) (tool.Result, error) {
	fps, err := udiff.Parse(a.Patch)
	if err != nil {
		return tool.Errorf("patch: %v; nothing was written", err), nil
	}
	changes, files, err := udiff.ApplyFiles(fps, func(name string) (safefs.Change, error) {
		real, err := e.root.ForWrite(name)
		if err != nil {
			return safefs.Change{}, err
		}
		return current(real)
	})
	var le *udiff.LoadError
	switch {
	case errors.As(err, &le):
		r := pathError("patch", le.Path, le.Err)
		r.Content[0].Text += "; nothing was written"
		return r, nil
	case err != nil:
		return tool.Errorf("patch: %v; nothing was written", err), nil
	}
	if err := e.commit(ctx, changes); err != nil {
		return tool.Errorf("patch: %v; no file was changed", err), nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "applied the patch to %d file%s:", len(files), plural(len(files)))
	for _, f := range files {
		note := fmt.Sprintf("%d hunk%s", f.Hunks, plural(f.Hunks))
		if f.Created {
			note = "created, " + note
		} else if f.Deleted {
			note = "deleted"
		}
		fmt.Fprintf(&b, "\n  %s (%s)", f.Path, note)
	}
	r := tool.Text(b.String())
	r.Structured = patchResult{files}
	return r, nil
}

// A wrote is a structured result that says which files a call wrote,
// relative to the working directory; a deleted file is not among them.
type wrote interface{ wrote() []string }

func (r writeResult) wrote() []string { return []string{r.Path} }

func (r editResult) wrote() []string { return []string{r.Path} }

func (r patchResult) wrote() []string {
	var out []string
	for _, f := range r.Files {
		if !f.Deleted {
			out = append(out, f.Path)
		}
	}
	return out
}

// beforeWrite is the context key of a hook that sees the real paths of a
// call's changes just before they are written: diagnostics on write
// takes its baseline there.
type beforeWrite struct{}

// commit writes changes, all or none whatever instant the process dies,
// after the hook of the context.
func (e *env) commit(ctx context.Context, changes []safefs.Change) error {
	if hook, ok := ctx.Value(beforeWrite{}).(func([]string)); ok {
		paths := make([]string, len(changes))
		for i, c := range changes {
			paths[i] = c.Path
		}
		hook(paths)
	}
	return e.root.WriteAll(changes)
}
