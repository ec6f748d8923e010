package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/internal/safefs"
	"github.com/agenttools/agenttools/lspclient"
)

func renameTools(e *env) []*Tool {
	t := NewTool("lsp_rename", Write, false,
		"Rename a symbol across the project through the language server: file, the 1-based line it is on, symbol as written there, and new_name. Every file changes or none does.",
		e.lspRename)
	setMinimum(t.InputSchema, "line", 1)
	return []*Tool{t}
}

type renameArgs struct {
	File    string `json:"file" jsonschema:"file the symbol is in, relative to the working directory"`
	Line    int    `json:"line" jsonschema:"1-based line of the symbol"`
	Symbol  string `json:"symbol" jsonschema:"the symbol as written on that line"`
	NewName string `json:"new_name" jsonschema:"what it should be called"`
}

type renamedFile struct {
	File  string `json:"file"`
	Edits int    `json:"edits"`
	Op    string `json:"op,omitempty"` // created, renamed from …, deleted
}

func (e *env) lspRename(ctx context.Context, a renameArgs) (Result, error) {
	ctx, cancel := context.WithTimeout(ctx, lspTimeout)
	defer cancel()
	if strings.TrimSpace(a.NewName) == "" {
		return Errorf("new_name: must not be empty"), nil
	}
	path, err := e.root.ForRead(a.File)
	if err == nil {
		_, err = os.Stat(path)
	}
	if err != nil {
		return pathError("file", a.File, err), nil
	}
	c, _, err := e.run.LSP.For(ctx, path)
	if err != nil {
		return lspError(err), nil
	}
	if _, err := c.Sync(ctx, path); err != nil {
		return Errorf("file: %v", err), nil
	}
	m, err := c.Mapper(path)
	if err != nil {
		return Result{}, err
	}
	sp, err := locate(m, a.Line, a.Symbol)
	if err != nil {
		return Errorf("%v", err), nil
	}
	ready(ctx, c, path)
	if !c.Has("rename") {
		return Errorf("lsp_rename: %s does not offer textDocument/rename (not among its capabilities), so it cannot rename; nothing was written", c.Server.ID), nil
	}
	edit, err := c.Rename(ctx, path, sp.pos, a.NewName)
	if err != nil {
		return Errorf("lsp_rename: %s: %v; nothing was written", c.Server.ID, err), nil
	}
	changes, files, err := e.plan(c, edit)
	if err != nil {
		return Errorf("lsp_rename: %v; nothing was written", err), nil
	}
	if len(changes) == 0 {
		return Text(fmt.Sprintf("%s proposed no change for renaming %s", c.Server.ID, a.Symbol)), nil
	}
	err = safefs.WriteAll(changes)
	var conflict *safefs.ConflictError
	if errors.As(err, &conflict) {
		var moved []string
		for _, p := range conflict.Paths {
			moved = append(moved, e.root.Rel(p))
		}
		return Errorf("nothing was written: %s changed while the rename was computed; try again", strings.Join(moved, ", ")), nil
	}
	if err != nil {
		return Errorf("nothing was written: %v", err), nil
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
	r := Text(strings.TrimRight(b.String(), "\n"))
	r.Structured = map[string]any{"files": files, "edits": edits}
	return r, nil
}

// plan turns a workspace edit into the changes of safefs.WriteAll, in
// memory: text edits applied to each file as the server saw it, and
// creations, renames and deletions in order. A file the server saw with
// other content than is on disk, or a path outside the working directory,
// refuses the whole edit.
func (e *env) plan(c *lspclient.Client, edit *lspclient.WorkspaceEdit) ([]safefs.Change, []renamedFile, error) {
	type state struct {
		change safefs.Change
		edits  int
		op     string
	}
	states := map[string]*state{}
	var order []string
	get := func(uri string) (*state, error) {
		p, err := lspclient.URIPath(uri)
		if err != nil {
			return nil, err
		}
		real, err := e.root.ForWrite(e.displayPath(p))
		if err != nil {
			return nil, fmt.Errorf("the server's edit touches %s: %w", p, err)
		}
		if s := states[real]; s != nil {
			return s, nil
		}
		ch, err := current(real)
		if err != nil {
			return nil, err
		}
		ch.After = ch.Before
		if synced, ok := c.Synced(real); ok && ch.Existed && string(synced) != string(ch.Before) {
			return nil, fmt.Errorf("%s changed on disk since the server read it", e.displayPath(real))
		}
		s := &state{change: ch}
		states[real] = s
		order = append(order, real)
		return s, nil
	}
	apply := func(uri string, tes []lspclient.TextEdit) error {
		s, err := get(uri)
		if err != nil {
			return err
		}
		after, err := applyEdits(s.change.After, tes, c.Encoding())
		if err != nil {
			return fmt.Errorf("%s: %w", uri, err)
		}
		s.change.After, s.change.Delete = after, false
		s.edits += len(tes)
		return nil
	}
	uris := make([]string, 0, len(edit.Changes))
	for uri := range edit.Changes {
		uris = append(uris, uri)
	}
	slices.Sort(uris)
	for _, uri := range uris {
		if err := apply(uri, edit.Changes[uri]); err != nil {
			return nil, nil, err
		}
	}
	for _, raw := range edit.DocumentChanges {
		var dc struct {
			Kind         string `json:"kind"`
			URI          string `json:"uri"`
			OldURI       string `json:"oldUri"`
			NewURI       string `json:"newUri"`
			TextDocument struct {
				URI string `json:"uri"`
			} `json:"textDocument"`
			Edits []lspclient.TextEdit `json:"edits"`
		}
		if err := json.Unmarshal(raw, &dc); err != nil {
			return nil, nil, err
		}
		switch dc.Kind {
		case "":
			if err := apply(dc.TextDocument.URI, dc.Edits); err != nil {
				return nil, nil, err
			}
		case "create":
			s, err := get(dc.URI)
			if err != nil {
				return nil, nil, err
			}
			if !s.change.Existed || s.change.Delete {
				s.change.After, s.change.Delete, s.op = nil, false, "created"
			}
		case "delete":
			s, err := get(dc.URI)
			if err != nil {
				return nil, nil, err
			}
			s.change.Delete, s.op = true, "deleted"
		case "rename":
			from, err := get(dc.OldURI)
			if err != nil {
				return nil, nil, err
			}
			to, err := get(dc.NewURI)
			if err != nil {
				return nil, nil, err
			}
			if to.change.Existed && !to.change.Delete {
				return nil, nil, fmt.Errorf("renaming onto %s, which exists", dc.NewURI)
			}
			to.change.After, to.change.Delete = from.change.After, false
			to.op = "renamed from " + e.displayPath(from.change.Path)
			from.change.Delete, from.op = true, "renamed"
		default:
			return nil, nil, fmt.Errorf("unknown document change %q", dc.Kind)
		}
	}
	var changes []safefs.Change
	var files []renamedFile
	slices.Sort(order)
	for _, p := range order {
		s := states[p]
		if !s.change.Delete && s.change.Existed && string(s.change.After) == string(s.change.Before) {
			continue
		}
		if s.change.Delete && !s.change.Existed {
			continue
		}
		changes = append(changes, s.change)
		files = append(files, renamedFile{File: e.displayPath(p), Edits: s.edits, Op: s.op})
	}
	return changes, files, nil
}

// applyEdits applies LSP text edits to content. The edits of one document
// do not overlap; they are applied from the last to the first.
func applyEdits(content []byte, edits []lspclient.TextEdit, encoding string) ([]byte, error) {
	m := lspclient.NewMapper(content, encoding)
	type span struct {
		start, end int
		text       string
	}
	spans := make([]span, 0, len(edits))
	for _, te := range edits {
		s, err := m.Offset(te.Range.Start)
		if err != nil {
			return nil, err
		}
		end, err := m.Offset(te.Range.End)
		if err != nil {
			return nil, err
		}
		if end < s {
			return nil, fmt.Errorf("an edit ends before it starts")
		}
		spans = append(spans, span{s, end, te.NewText})
	}
	slices.SortStableFunc(spans, func(a, b span) int { return b.start - a.start })
	out := slices.Clone(content)
	prev := len(content) + 1
	for _, s := range spans {
		if s.end > prev {
			return nil, fmt.Errorf("the server's edits overlap")
		}
		out = append(out[:s.start], append([]byte(s.text), out[s.end:]...)...)
		prev = s.start
	}
	return out, nil
}
