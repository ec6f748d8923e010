package tools

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/agenttools/agenttools/internal/safefs"
	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/tool"
)

func renameTools(e *env) []*tool.Tool {
	t := tool.New("lsp_rename", tool.Write, false,
		"Rename a symbol across the project through the language server: file, the 1-based line it is on, symbol as written there, and new_name. Every file changes or none does.",
		e.lspRename)
	setMinimum(t.InputSchema, "line", 1)
	return []*tool.Tool{t}
}

type renameArgs struct {
	File    string `json:"file" jsonschema:"file the symbol is in, relative to the working directory"`
	Line    int    `json:"line" jsonschema:"1-based line of the symbol"`
	Symbol  string `json:"symbol" jsonschema:"the symbol as written on that line"`
	NewName string `json:"new_name" jsonschema:"what it should be called"`
}

type renameResult struct {
	Files []renamedFile `json:"files"`
	Edits int           `json:"edits"`
}

type renamedFile struct {
	File  string `json:"file"`
	Edits int    `json:"edits"`
	Op    string `json:"op,omitempty"` // created, renamed from …, deleted
}

func (e *env) lspRename(ctx context.Context, a renameArgs) (tool.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, lspTimeout)
	defer cancel()
	if strings.TrimSpace(a.NewName) == "" {
		return tool.Errorf("new_name: must not be empty"), nil
	}
	path, _, bad := e.existing("file", a.File)
	if bad != nil {
		return *bad, nil
	}
	c, _, err := e.run.LSP.For(ctx, path)
	if err != nil {
		return lspError(err), nil
	}
	if _, err := c.Sync(ctx, path); err != nil {
		return tool.Errorf("file: %v", err), nil
	}
	m, err := c.Mapper(path)
	if err != nil {
		return tool.Result{}, err
	}
	sp, err := m.Locate(a.Line, a.Symbol)
	if err != nil {
		return tool.Errorf("%v", err), nil
	}
	ready(ctx, c, path)
	if !c.Has("rename") {
		return tool.Errorf("lsp_rename: %s does not offer textDocument/rename (not among its capabilities), so it cannot rename; nothing was written", c.Server.ID), nil
	}
	edit, err := c.Rename(ctx, path, sp.Pos, a.NewName)
	if err != nil {
		return tool.Errorf("lsp_rename: %s: %v; nothing was written", c.Server.ID, err), nil
	}
	changes, files, err := e.plan(c, edit)
	if err != nil {
		return tool.Errorf("lsp_rename: %v; nothing was written", err), nil
	}
	if len(changes) == 0 {
		return tool.Text(fmt.Sprintf("%s proposed no change for renaming %s", c.Server.ID, a.Symbol)), nil
	}
	err = e.commit(ctx, changes)
	var conflict *safefs.ConflictError
	if errors.As(err, &conflict) {
		var moved []string
		for _, p := range conflict.Paths {
			moved = append(moved, e.root.Rel(p))
		}
		return tool.Errorf("nothing was written: %s changed while the rename was computed; try again", strings.Join(moved, ", ")), nil
	}
	if err != nil {
		return tool.Errorf("nothing was written: %v", err), nil
	}
	var synced []string
	for _, ch := range changes {
		if !ch.Delete && lspclient.ForFile(ch.Path) != nil {
			c.Sync(ctx, ch.Path)
			synced = append(synced, ch.Path)
		}
	}
	// The next question may be about any of the files renamed in, and be
	// answered from what the server made of the others (clangd finds a
	// definition in its index of the file that holds it): wait until it
	// has caught up with each.
	rctx, rcancel := context.WithTimeout(ctx, readyWait)
	for _, p := range synced {
		c.Ready(rctx, p)
	}
	rcancel()
	edits := 0
	var b strings.Builder
	for _, f := range files {
		edits += f.Edits
	}
	fmt.Fprintf(&b, "renamed %s to %s: %d edit%s in %d file%s\n", a.Symbol, a.NewName, edits, plural(edits), len(files), plural(len(files)))
	for _, f := range files {
		fmt.Fprintf(&b, "%s: %d edit%s", f.File, f.Edits, plural(f.Edits))
		if f.Op != "" {
			b.WriteString(" (" + f.Op + ")")
		}
		b.WriteString("\n")
	}
	r := tool.Text(strings.TrimRight(b.String(), "\n"))
	r.Structured = renameResult{Files: files, Edits: edits}
	return r, nil
}

// plan turns a workspace edit into the changes of safefs.WriteAll, in
// memory (lspclient.PlanEdit): text edits applied to each file as the
// server saw it, and creations, renames and deletions in order. A file
// the server saw with other content than is on disk, or a path outside
// the working directory, refuses the whole edit.
func (e *env) plan(c *lspclient.Client, edit *lspclient.WorkspaceEdit) ([]safefs.Change, []renamedFile, error) {
	open := func(p string) (string, []byte, bool, error) {
		real, err := e.root.ForWrite(e.displayPath(p))
		if err != nil {
			return "", nil, false, fmt.Errorf("the server's edit touches %s: %w", p, err)
		}
		ch, err := current(real)
		if err != nil {
			return "", nil, false, err
		}
		if synced, ok := c.Synced(real); ok && ch.Existed && string(synced) != string(ch.Before) {
			return "", nil, false, fmt.Errorf("%s changed on disk since the server read it", e.displayPath(real))
		}
		return real, ch.Before, ch.Existed, nil
	}
	fes, err := lspclient.PlanEdit(edit, c.Encoding(), open)
	if err != nil {
		return nil, nil, err
	}
	var changes []safefs.Change
	var files []renamedFile
	for _, f := range fes {
		changes = append(changes, safefs.Change{Path: f.Path, Existed: f.Existed, Before: f.Before, After: f.After, Delete: f.Delete})
		op := f.Op
		if f.RenamedFrom != "" {
			op = "renamed from " + e.displayPath(f.RenamedFrom)
		}
		files = append(files, renamedFile{File: e.displayPath(f.Path), Edits: f.Edits, Op: op})
	}
	return changes, files, nil
}
