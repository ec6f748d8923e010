package lspclient

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// A FileEdit is what a workspace edit does to one file, worked out in
// memory: the content before and after, or that the file is deleted.
type FileEdit struct {
	Path    string // as the caller's open named it
	Existed bool
	Before  []byte
	After   []byte
	Delete  bool
	Edits   int    // the text edits applied to it
	Op      string // "", "created", "deleted", or "renamed" (away)
	// RenamedFrom is the Path of the file renamed to this one.
	RenamedFrom string
}

// An Opener reads a file a workspace edit touches, given the path its
// URI names: the path to key it by (the caller confines and resolves
// it), its content now, and whether it exists. An error refuses the
// whole edit.
type Opener func(path string) (key string, content []byte, existed bool, err error)

// PlanEdit applies a workspace edit in memory: the text edits of each
// file, in the server's position encoding, and creations, renames and
// deletions in order. It returns, sorted by path, the files it changes.
func PlanEdit(edit *WorkspaceEdit, encoding string, open Opener) ([]FileEdit, error) {
	files := map[string]*FileEdit{}
	get := func(uri string) (*FileEdit, error) {
		p, err := URIPath(uri)
		if err != nil {
			return nil, err
		}
		key, content, existed, err := open(p)
		if err != nil {
			return nil, err
		}
		if f := files[key]; f != nil {
			return f, nil
		}
		f := &FileEdit{Path: key, Existed: existed, Before: content, After: content}
		files[key] = f
		return f, nil
	}
	apply := func(uri string, tes []TextEdit) error {
		f, err := get(uri)
		if err != nil {
			return err
		}
		after, err := ApplyEdits(f.After, tes, encoding)
		if err != nil {
			return fmt.Errorf("%s: %w", uri, err)
		}
		f.After, f.Delete = after, false
		f.Edits += len(tes)
		return nil
	}
	uris := make([]string, 0, len(edit.Changes))
	for uri := range edit.Changes {
		uris = append(uris, uri)
	}
	slices.Sort(uris)
	for _, uri := range uris {
		if err := apply(uri, edit.Changes[uri]); err != nil {
			return nil, err
		}
	}
	for _, raw := range edit.DocumentChanges {
		var dc documentChange
		if err := json.Unmarshal(raw, &dc); err != nil {
			return nil, err
		}
		switch dc.Kind {
		case "":
			if err := apply(dc.TextDocument.URI, dc.Edits); err != nil {
				return nil, err
			}
		case "create":
			f, err := get(dc.URI)
			if err != nil {
				return nil, err
			}
			if !f.Existed || f.Delete {
				f.After, f.Delete, f.Op = nil, false, "created"
			}
		case "delete":
			f, err := get(dc.URI)
			if err != nil {
				return nil, err
			}
			f.Delete, f.Op = true, "deleted"
		case "rename":
			from, err := get(dc.OldURI)
			if err != nil {
				return nil, err
			}
			to, err := get(dc.NewURI)
			if err != nil {
				return nil, err
			}
			if to.Existed && !to.Delete {
				return nil, fmt.Errorf("renaming onto %s, which exists", dc.NewURI)
			}
			to.After, to.Delete, to.Op, to.RenamedFrom = from.After, false, "", from.Path
			from.Delete, from.Op = true, "renamed"
		default:
			return nil, fmt.Errorf("unknown document change %q", dc.Kind)
		}
	}
	var out []FileEdit
	for _, f := range files {
		if !f.Delete && f.Existed && string(f.After) == string(f.Before) {
			continue // no change
		}
		if f.Delete && !f.Existed {
			continue
		}
		out = append(out, *f)
	}
	slices.SortFunc(out, func(a, b FileEdit) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}

// ApplyEdits applies text edits to content, their positions in encoding.
// The edits of one document do not overlap; they are applied from the
// last to the first.
func ApplyEdits(content []byte, edits []TextEdit, encoding string) ([]byte, error) {
	m := NewMapper(content, encoding)
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
