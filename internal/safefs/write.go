package safefs

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// A Change is one file of a set written by WriteAll. Path is a real path
// from Root.ForWrite. Before says what the file held when the change was
// computed (Existed false: it did not exist), After what it should hold
// (Delete true: it should be removed).
type Change struct {
	Path    string
	Existed bool
	Before  []byte
	After   []byte
	Delete  bool
}

// A ConflictError says which files differ from what their change expected:
// something else wrote them after the change was computed.
type ConflictError struct {
	Paths []string
}

func (e *ConflictError) Error() string {
	return "changed since they were read: " + strings.Join(e.Paths, ", ")
}

// Check reports a *ConflictError naming every file whose current content
// is not its Before.
func Check(changes []Change) error {
	var moved []string
	for _, c := range changes {
		cur, err := os.ReadFile(c.Path)
		switch {
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
			if c.Existed {
				moved = append(moved, c.Path)
			}
		case err != nil:
			moved = append(moved, c.Path)
		case !c.Existed || !bytes.Equal(cur, c.Before):
			moved = append(moved, c.Path)
		}
	}
	if moved != nil {
		return &ConflictError{Paths: moved}
	}
	return nil
}

// WriteAll checks every change against the disk, then applies them one by
// one, each atomically (a temporary file in the same folder, fsync, rename,
// keeping the file's mode). If any step fails, the files already written
// are put back as they were and the error says so; nothing is left half
// written.
func WriteAll(changes []Change) error {
	if err := Check(changes); err != nil {
		return err
	}
	var done []applied
	for _, c := range changes {
		a, err := apply(c)
		if err != nil {
			if rerr := rollback(done); rerr != nil {
				return fmt.Errorf("%s: %w; rolling back the files already written also failed: %v", c.Path, err, rerr)
			}
			if len(done) > 0 {
				return fmt.Errorf("%s: %w (the %d files already written were restored)", c.Path, err, len(done))
			}
			return fmt.Errorf("%s: %w", c.Path, err)
		}
		done = append(done, a)
	}
	return nil
}

// applied remembers how to undo one change.
type applied struct {
	c    Change
	mode fs.FileMode
	dirs []string // folders created for a new file, innermost first
}

func apply(c Change) (applied, error) {
	a := applied{c: c, mode: 0o644}
	if c.Existed {
		st, err := os.Stat(c.Path)
		if err != nil {
			return a, err
		}
		a.mode = st.Mode().Perm()
	}
	if c.Delete {
		return a, os.Remove(c.Path)
	}
	if !c.Existed {
		dirs, err := mkdirs(filepath.Dir(c.Path))
		a.dirs = dirs
		if err != nil {
			return a, err
		}
	}
	return a, Atomic(c.Path, c.After, a.mode)
}

func rollback(done []applied) error {
	var errs []error
	for i := len(done) - 1; i >= 0; i-- {
		a := done[i]
		var err error
		if a.c.Existed {
			err = Atomic(a.c.Path, a.c.Before, a.mode)
		} else {
			err = os.Remove(a.c.Path)
			for _, d := range a.dirs {
				os.Remove(d) // only empty folders go; an error leaves it be
			}
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// mkdirs creates dir and its missing parents, and returns the ones it
// created, innermost first.
func mkdirs(dir string) ([]string, error) {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil {
			break
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return missing, err
	}
	return missing, nil
}

// Atomic writes data to path through a temporary file in the same folder,
// synced before it is renamed over path, so a reader sees the old content
// or the new, never a mix.
func Atomic(path string, data []byte, mode fs.FileMode) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Chmod(mode); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // best effort: makes the rename durable where supported
		d.Close()
	}
	return nil
}
