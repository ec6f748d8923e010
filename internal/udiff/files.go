package udiff

import (
	"fmt"

	"github.com/agenttools/agenttools/internal/safefs"
)

// A FileResult says what a diff did to one file, in the diff's order.
type FileResult struct {
	Path    string `json:"path"`
	Created bool   `json:"created,omitempty"`
	Deleted bool   `json:"deleted,omitempty"`
	Hunks   int    `json:"hunks"`
}

// A LoadError is a file of the diff that could not be read.
type LoadError struct {
	Path string // as the diff names it
	Err  error
}

func (e *LoadError) Error() string { return e.Path + ": " + e.Err.Error() }

func (e *LoadError) Unwrap() error { return e.Err }

// ApplyFiles applies every file patch in memory and returns the changes
// to write, one per file, in the order the diff first names them. load
// reads a file as the diff names it: its change with Path, Existed and
// Before set, keyed by Path, so that two names of one file are one
// change. A file named twice takes the second patch on top of the first;
// a rename deletes the old file. Nothing is written: any error means no
// file applies.
func ApplyFiles(fps []*FilePatch, load func(name string) (safefs.Change, error)) ([]safefs.Change, []FileResult, error) {
	changes := map[string]*safefs.Change{}
	var order []string
	get := func(name string) (*safefs.Change, error) {
		c, err := load(name)
		if err != nil {
			return nil, &LoadError{name, err}
		}
		if seen, ok := changes[c.Path]; ok {
			return seen, nil
		}
		c.After = c.Before
		changes[c.Path] = &c
		order = append(order, c.Path)
		return &c, nil
	}
	var res []FileResult
	for _, fp := range fps {
		var src, dst *safefs.Change
		if fp.OldPath != "" {
			c, err := get(fp.OldPath)
			if err != nil {
				return nil, nil, err
			}
			if !c.Existed || c.Delete {
				return nil, nil, fmt.Errorf("%s does not exist", fp.OldPath)
			}
			src = c
		}
		if fp.NewPath != "" {
			c, err := get(fp.NewPath)
			if err != nil {
				return nil, nil, err
			}
			if (src == nil || c != src) && c.Existed && !c.Delete {
				return nil, nil, fmt.Errorf("%s already exists, so it cannot be created", fp.NewPath)
			}
			dst = c
		}
		var before string
		if src != nil {
			before = string(src.After)
		}
		after, err := Apply(before, fp)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", fp.Path(), err)
		}
		f := FileResult{Path: fp.Path(), Hunks: len(fp.Hunks)}
		switch {
		case dst == nil: // deletion
			if after != "" {
				return nil, nil, fmt.Errorf("%s: the deletion leaves %d bytes the patch does not remove", fp.OldPath, len(after))
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
		res = append(res, f)
	}
	var list []safefs.Change
	for _, p := range order {
		if c := changes[p]; c.Existed || !c.Delete {
			list = append(list, *c)
		}
	}
	return list, res, nil
}
