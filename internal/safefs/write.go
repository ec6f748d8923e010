package safefs

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
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

// WriteAll checks every change against the disk, then writes them all or
// none, through a journal in the root, as the package doc tells: if the
// process dies at any instant, the next Recover over the root finishes
// the set or rolls it back. Every path must lie inside the root.
//
// A failure before the commit point leaves every file as it was. One
// after it (a rename refused, say, for a file held open on Windows) puts
// back the files already written, and the error says so.
func (r *Root) WriteAll(changes []Change) error {
	if err := Check(changes); err != nil {
		return err
	}
	t, err := r.plan(changes)
	if err != nil || len(t.files) == 0 {
		return err
	}
	err = t.begin()
	if t.f != nil {
		defer t.f.Close() // and so unlocked
	}
	if err != nil {
		return err
	}
	if err := t.prepare(); err != nil {
		return t.failBeforeCommit(err)
	}
	if err := t.commit(); err != nil {
		return t.failBeforeCommit(err)
	}
	if n, err := t.apply(); err != nil {
		return t.failAfterCommit(n, err)
	}
	if err := t.finish(); errors.Is(err, errStopped) {
		return err
	}
	return nil
}

func (t *txn) failBeforeCommit(err error) error {
	if errors.Is(err, errStopped) {
		return err
	}
	if derr := t.discard(); derr != nil {
		return fmt.Errorf("%w; removing what was staged beside the files also failed (the next start over %s will): %v", err, t.root.dir, derr)
	}
	return err
}

// failAfterCommit rolls back a transaction whose n first steps were
// applied before step n failed with err. The abort record comes first,
// so that a process that dies while rolling back is rolled back too.
func (t *txn) failAfterCommit(n int, err error) error {
	if errors.Is(err, errStopped) {
		return err
	}
	if aerr := t.at("abort"); aerr != nil {
		return aerr
	}
	if aerr := t.appendRecord(record{Abort: true}); aerr != nil {
		return fmt.Errorf("%w; recording that the write is to be undone also failed, so the next start over %s will finish it: %v", err, t.root.dir, aerr)
	}
	left, rerr := t.rollBack(n)
	switch {
	case errors.Is(rerr, errStopped):
		return rerr
	case rerr != nil:
		return fmt.Errorf("%w; rolling back the files already written also failed, and the next start over %s will retry: %v", err, t.root.dir, rerr)
	case len(left) > 0:
		return fmt.Errorf("%w (the %d files already written were restored, but for %s, which someone else changed meanwhile)", err, n, listNames(left))
	case n > 0:
		return fmt.Errorf("%w (the %d files already written were restored)", err, n)
	}
	return err
}
