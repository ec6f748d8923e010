package tools

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/agenttools/agenttools/internal/safefs"
	"github.com/agenttools/agenttools/search"
	"github.com/agenttools/agenttools/tool"
	udiff "github.com/aymanbagabas/go-udiff"
)

// maxDiffLines caps the diff a proposal shows; the whole change is staged
// all the same.
const maxDiffLines = 400

func editTools(e *env) []*tool.Tool {
	e.newCache()
	e.edits = &editStore{pending: map[string]*stagedEdit{}}
	edit := tool.New("ast_edit", tool.Write, false,
		"Rewrite code by its syntax: every match of pattern (as in ast_grep) is replaced by rewrite, with $NAME and $$$NAME put back as the code they captured, re-indented to fit. Nothing is written: the change is staged and shown as a diff, and resolve with the edit_id accepts or discards it. Matches inside a captured metavariable are rewritten too, so dispose($X) → $X.dispose() turns dispose(dispose(x)) into x.dispose().dispose(). A pattern of several statements replaces the run as one piece. inside, not_inside, has, not_has, where, where_not and globs narrow the matches as in ast_grep. Instead of pattern, rule takes an ast-grep rule document, whose fix is the rewrite unless rewrite is given.",
		e.astEdit)
	resolve := tool.New("resolve", tool.Write, false,
		"Accept or discard a change that ast_edit staged. accept writes every file of it or none: if any file changed since the change was staged, nothing is written and the result names the files that moved.",
		e.resolve)
	setEnum(resolve.InputSchema, "action", "accept", "discard")
	return []*tool.Tool{edit, resolve}
}

// An editStore holds a run's staged edits under ids edit_1, edit_2, ….
// It keeps at most maxPending of them, holding at most maxPendingBytes of
// file contents: a long run that stages and never resolves would grow
// without bound. Past either, the oldest are dropped, and a resolve of
// one says it was dropped rather than that it never existed.
type editStore struct {
	mu      sync.Mutex
	last    int
	pending map[string]*stagedEdit
	bytes   int64        // the contents the pending edits hold
	dropped map[int]bool // the numbers of the edits dropped for room
}

// Bounds of the staged edits of a run.
const (
	maxPending      = 100
	maxPendingBytes = 256 << 20
)

// A stagedEdit is a change waiting for resolve: for every file, the exact
// bytes it was computed from and the bytes it should become.
type stagedEdit struct {
	id      string
	n       int // the number in its id
	changes []safefs.Change
	files   []string // relative, in the order of changes
	size    int64    // the bytes its changes hold
}

func (s *editStore) stage(changes []safefs.Change, files []string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.last++
	ed := &stagedEdit{id: fmt.Sprintf("edit_%d", s.last), n: s.last, changes: changes, files: files}
	for _, c := range changes {
		ed.size += int64(len(c.Before) + len(c.After))
	}
	s.pending[ed.id] = ed
	s.bytes += ed.size
	s.makeRoom(ed)
	return ed.id
}

// makeRoom drops the oldest pending edits but keep until the store is
// within its bounds; s.mu is held.
func (s *editStore) makeRoom(keep *stagedEdit) {
	for len(s.pending) > maxPending || s.bytes > maxPendingBytes && len(s.pending) > 1 {
		var oldest *stagedEdit
		for _, ed := range s.pending {
			if ed != keep && (oldest == nil || ed.n < oldest.n) {
				oldest = ed
			}
		}
		if oldest == nil {
			return
		}
		delete(s.pending, oldest.id)
		s.bytes -= oldest.size
		if s.dropped == nil {
			s.dropped = map[int]bool{}
		}
		s.dropped[oldest.n] = true
	}
}

// take removes a pending edit and returns it; or nil, the ids pending,
// and whether id names an edit dropped for room.
func (s *editStore) take(id string) (ed *stagedEdit, pending []string, dropped bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ed := s.pending[id]; ed != nil {
		delete(s.pending, id)
		s.bytes -= ed.size
		return ed, nil, false
	}
	var n int
	if _, err := fmt.Sscanf(id, "edit_%d", &n); err == nil && fmt.Sprintf("edit_%d", n) == id && s.dropped[n] {
		dropped = true
	}
	var ids []string
	for id := range s.pending {
		ids = append(ids, id)
	}
	// edit_2 before edit_10
	slices.SortFunc(ids, func(a, b string) int { return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b)) })
	return nil, ids, dropped
}

// put returns an edit to the pending set, after an accept that failed in
// a way that may pass later.
func (s *editStore) put(ed *stagedEdit) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending[ed.id] = ed
	s.bytes += ed.size
	s.makeRoom(ed)
}

type astEditArgs struct {
	Pattern  string  `json:"pattern,omitempty" jsonschema:"what to match: a code fragment with metavariables, as in ast_grep; or give rule"`
	Rule     string  `json:"rule,omitempty" jsonschema:"instead of pattern: an ast-grep rule document in YAML or JSON, as in ast_grep; its fix is the rewrite unless rewrite is given"`
	Rewrite  *string `json:"rewrite,omitempty" jsonschema:"what should stand there instead, with $NAME and $$$NAME substituted; empty deletes the matches; with rule, the rule's fix when left out"`
	Path     string  `json:"path,omitempty" jsonschema:"file or folder to rewrite, relative to the working directory (default: all of it)"`
	Language string  `json:"language,omitempty" jsonschema:"language id, e.g. go; inferred from a file path"`
	narrowArgs
}

type editFile struct {
	File         string `json:"file"`
	Replacements int    `json:"replacements"`
	Skipped      int    `json:"skipped,omitempty"`
	Broken       string `json:"broken,omitempty"` // the rewritten file's first parse error
}

type astEditResult struct {
	EditID        string            `json:"edit_id,omitempty"`
	Replacements  int               `json:"replacements"`
	Skipped       int               `json:"skipped"`
	Files         []editFile        `json:"files"`
	FilesScanned  int               `json:"files_scanned"`
	Diff          string            `json:"diff"`
	DiffTruncated bool              `json:"diff_truncated"` // the diff of some files is left out
	DiffFiles     int               `json:"diff_files"`     // the files whose diff is shown
	ParseFailures []search.Failure  `json:"parse_failures"`
	Languages     []string          `json:"languages"`
	Rejected      map[string]string `json:"rejected,omitempty"`
	FilesParsed   int               `json:"files_parsed"`
	SkippedDirs   []search.Skipped  `json:"skipped_folders"`
	TooLarge      []string          `json:"too_large"`
	literals      []string
	readings      map[string][]string
	leftOut       map[string][]string
	pattern       string
}

func (e *env) astEdit(ctx context.Context, a astEditArgs) (tool.Result, error) {
	if bad := checkPatternOrRule(a.Pattern, a.Rule, a.narrowArgs, "dispose($X)"); bad != nil {
		return *bad, nil
	}
	if a.Rewrite == nil && a.Rule == "" {
		return tool.Errorf("rewrite: missing; give what should stand in place of each match (\"\" deletes them)"), nil
	}
	rewrite := ""
	if a.Rewrite != nil {
		rewrite = *a.Rewrite
	}
	sc, bad := e.scope(ctx, a.Path, a.Language, a.narrowArgs)
	if bad != nil {
		return *bad, nil
	}
	sc.Pattern, sc.Rule = a.Pattern, a.Rule
	if a.Rule != "" && a.Rewrite == nil {
		sc.UseFix = true
	}
	rw, langs, rejected, err := sc.Rewrite(ctx, rewrite)
	if err != nil {
		return scopeError("ast_edit", err)
	}
	res := astEditResult{Files: []editFile{}, FilesScanned: rw.FilesScanned, FilesParsed: rw.FilesParsed, ParseFailures: rw.ParseFailures,
		Languages: langs, Rejected: rejected.Reasons(), SkippedDirs: rw.Skipped, TooLarge: rw.TooLarge, literals: rw.Literals, readings: rw.Readings, leftOut: rw.LeftOut, pattern: a.Pattern}
	rewrites := rw.Files
	if len(rewrites) == 0 {
		r := tool.Text(noEditText(res))
		r.Structured = res
		return r, nil
	}
	var (
		changes []safefs.Change
		files   []string
		diff    strings.Builder
		lines   int
	)
	for _, fr := range rewrites {
		res.Replacements += fr.Replacements
		res.Skipped += fr.Skipped
		res.Files = append(res.Files, editFile{File: fr.File, Replacements: fr.Replacements, Skipped: fr.Skipped, Broken: fr.Broken})
		changes = append(changes, safefs.Change{Path: fr.Path, Existed: true, Before: fr.Old, After: fr.New})
		files = append(files, fr.File)
		d := udiff.Unified("a/"+fr.File, "b/"+fr.File, string(fr.Old), string(fr.New))
		n := strings.Count(d, "\n")
		if lines+n > maxDiffLines {
			res.DiffTruncated = true
			continue
		}
		lines += n
		res.DiffFiles++
		diff.WriteString(d)
	}
	res.Diff = diff.String()
	res.EditID = e.edits.stage(changes, files)
	r := tool.Text(proposalText(res))
	r.Structured = res
	return r, nil
}

func noEditText(r astEditResult) string {
	return "Nothing was staged.\n" + r.footer()
}

func (r astEditResult) footer() string {
	return footer(r.pattern, r.Languages, r.readings, r.leftOut, r.Replacements+r.Skipped, r.FilesScanned, r.FilesParsed, len(r.ParseFailures), r.SkippedDirs, r.TooLarge, r.literals)
}

// proposalText is what the model reads of a staged edit: the counts, the
// warnings, the diff and what to call next.
func proposalText(r astEditResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "(proposed) %d replacement%s in %d file%s", r.Replacements, plural(r.Replacements), len(r.Files), plural(len(r.Files)))
	if r.Skipped > 0 {
		fmt.Fprintf(&b, "; %d match%s inside another match left alone", r.Skipped, map[bool]string{true: "", false: "es"}[r.Skipped == 1])
	}
	b.WriteString("\n")
	for _, f := range r.Files {
		if f.Broken != "" {
			fmt.Fprintf(&b, "warning: %s no longer parses after the rewrite: %s\n", f.File, f.Broken)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(r.Rejected)) {
		fmt.Fprintf(&b, "%s files here were not rewritten: %s\n", id, r.Rejected[id])
	}
	writeFailures(&b, r.ParseFailures, "before the rewrite; only their other declarations were rewritten")
	b.WriteString("\n")
	b.WriteString(r.Diff)
	if r.DiffTruncated {
		n := len(r.Files) - r.DiffFiles
		fmt.Fprintf(&b, "… the diff of %d more file%s is left out (the whole change is staged)\n", n, plural(n))
	}
	fmt.Fprintf(&b, "\ncall resolve with edit_id %q and action \"accept\" to write it, or \"discard\" to drop it\n", r.EditID)
	b.WriteString(r.footer())
	return b.String()
}

type resolveArgs struct {
	EditID string `json:"edit_id" jsonschema:"the id ast_edit returned, e.g. edit_1"`
	Action string `json:"action" jsonschema:"accept (write every file of the change, or none) or discard"`
}

type resolveResult struct {
	EditID string   `json:"edit_id"`
	Action string   `json:"action"`
	Files  []string `json:"files"`           // the files of the change
	Moved  []string `json:"moved,omitempty"` // files that changed since staging
}

func (e *env) resolve(ctx context.Context, a resolveArgs) (tool.Result, error) {
	ed, pending, dropped := e.edits.take(a.EditID)
	if ed == nil {
		if dropped {
			return tool.Errorf("edit_id: %s was dropped unresolved to make room: a run keeps its %d most recent staged edits, holding at most %d MiB of files; stage it again with ast_edit", a.EditID, maxPending, maxPendingBytes>>20), nil
		}
		if len(pending) == 0 {
			return tool.Errorf("edit_id: %s is not a pending edit, and no edit is pending; ast_edit stages one", tool.Quote(a.EditID)), nil
		}
		return tool.Errorf("edit_id: %s is not a pending edit; pending: %s", tool.Quote(a.EditID), strings.Join(pending, ", ")), nil
	}
	res := resolveResult{EditID: ed.id, Action: a.Action, Files: ed.files}
	if a.Action == "discard" {
		verb := map[bool]string{true: "was", false: "were"}[len(ed.files) == 1]
		r := tool.Text(fmt.Sprintf("discarded %s; its %d file%s %s not touched", ed.id, len(ed.files), plural(len(ed.files)), verb))
		r.Structured = res
		return r, nil
	}
	// The paths were confined when they were found; confine them again, in
	// case a folder was swapped for a link since.
	for _, f := range ed.files {
		if _, err := e.root.ForWrite(f); err != nil {
			return tool.Errorf("%s: %v; nothing was written, and %s was dropped", f, err, ed.id), nil
		}
	}
	err := e.commit(ctx, ed.changes)
	var conflict *safefs.ConflictError
	switch {
	case errors.As(err, &conflict):
		for _, p := range conflict.Paths {
			res.Moved = append(res.Moved, e.root.Rel(p))
		}
		r := tool.Errorf("nothing was written: %s changed since %s was staged. %s was dropped; run ast_edit again to stage the change on the files as they are now",
			strings.Join(res.Moved, ", "), ed.id, ed.id)
		r.Structured = res
		return r, nil
	case err != nil:
		e.edits.put(ed)
		return tool.Errorf("nothing was written: %v. %s is still pending; fix the cause and accept it again, or discard it", err, ed.id), nil
	}
	r := tool.Text(fmt.Sprintf("accepted %s: wrote %d file%s\n%s", ed.id, len(ed.files), plural(len(ed.files)), strings.Join(ed.files, "\n")))
	r.Structured = res
	return r, nil
}
