package safefs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A Recovery says what Recover did with one write that a process left
// unfinished when it died.
type Recovery struct {
	Dir       string   // the working directory
	Files     int      // how many files the write changes
	Forward   bool     // the write was finished; otherwise it was rolled back
	Committed bool     // the write had passed its commit point
	Left      []string // files someone else changed since the write began, left as they are (relative)
}

// String says it in a sentence, for a person.
func (r Recovery) String() string {
	var b strings.Builder
	verb := "rolled back"
	if r.Forward {
		verb = "finished"
	}
	switch r.Files {
	case 0: // its journal was cut short before it named a file
		fmt.Fprintf(&b, "%s an interrupted write in %s", verb, r.Dir)
	case 1:
		fmt.Fprintf(&b, "%s an interrupted write of 1 file in %s", verb, r.Dir)
	default:
		fmt.Fprintf(&b, "%s an interrupted write of %d files in %s", verb, r.Files, r.Dir)
	}
	switch {
	case !r.Committed:
		b.WriteString("; it had stopped before its commit point, so no file had changed")
	case len(r.Left) == 1:
		fmt.Fprintf(&b, "; %s changed since it began and was left as it is", r.Left[0])
	case len(r.Left) > 1:
		fmt.Fprintf(&b, "; %s changed since it began and were left as they are", listNames(r.Left))
	}
	return b.String()
}

// listNames lists a few names, and how many more there are.
func listNames(names []string) string {
	const most = 5
	if len(names) <= most {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:most], ", "), len(names)-most)
}

// Recover finishes or rolls back every write over the root that a process
// left unfinished, as the package doc tells, and says what it did. A
// journal that a live process holds is left to it. An error names the
// journals it could not act on; it acts on the others all the same.
func (r *Root) Recover() ([]Recovery, error) {
	entries, err := os.ReadDir(r.dir)
	if err != nil {
		return nil, fmt.Errorf("looking for interrupted writes in %s: %w", r.dir, err)
	}
	var out []Recovery
	var errs []error
	for _, e := range entries {
		if !isJournal(e.Name()) {
			continue
		}
		rec, err := r.recoverJournal(e.Name())
		if err != nil {
			errs = append(errs, fmt.Errorf("the interrupted write of journal %s: %w", filepath.Join(r.dir, e.Name()), err))
		}
		if rec != nil {
			out = append(out, *rec)
		}
	}
	return out, errors.Join(errs...)
}

func isJournal(name string) bool {
	id, ok := strings.CutPrefix(name, journalPrefix)
	return ok && len(id) == idLen && strings.Trim(id, "0123456789abcdef") == ""
}

// recoverJournal acts on one journal, unless a live process holds it.
func (r *Root) recoverJournal(name string) (*Recovery, error) {
	path := filepath.Join(r.dir, name)
	f, err := openLocked(path, os.O_RDWR)
	if errors.Is(err, errJournalBusy) || errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !stillThere(f, path) {
		return nil, nil // its writer finished and removed it meanwhile
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	steps, committed, aborted, end := parseJournal(data)
	// A line cut short goes, so that a record appended reads as one.
	if end < len(data) {
		if err := f.Truncate(int64(end)); err != nil {
			return nil, err
		}
		if _, err := f.Seek(int64(end), io.SeekStart); err != nil {
			return nil, err
		}
	}
	t := &txn{root: r, id: strings.TrimPrefix(name, journalPrefix), path: path, f: f}
	for _, rec := range steps {
		real, err := r.ForWrite(filepath.FromSlash(rec.Path))
		if err != nil {
			return nil, fmt.Errorf("it names %q: %w; the journal was left as it is", rec.Path, err)
		}
		s := step{op: rec.Op, rel: rec.Path, before: rec.Before, after: rec.After, real: real}
		if s.op == opMkdir {
			t.dirs = append(t.dirs, s)
		} else {
			t.files = append(t.files, s)
		}
	}
	rec := &Recovery{Dir: r.dir, Files: len(t.files), Committed: committed}
	if !committed {
		return rec, t.discard()
	}
	if !aborted {
		blocked, err := t.blockers()
		if err != nil {
			return nil, err
		}
		if len(blocked) == 0 {
			rec.Forward = true
			return rec, t.forward()
		}
		if err := t.appendRecord(record{Abort: true}); err != nil {
			return nil, err
		}
	}
	rec.Left, err = t.rollBack(len(t.files))
	return rec, err
}

// parseJournal reads a journal's steps, whether it holds a commit record
// that matches them and an abort record after it, and where what it
// could read ends. A line cut short by a crash, and anything after it, is
// ignored: only the commit record makes the steps binding.
func parseJournal(data []byte) (steps []record, committed, aborted bool, end int) {
	for off, first := 0, true; ; first = false {
		n := bytes.IndexByte(data[off:], '\n')
		if n < 0 {
			return steps, committed, aborted, off
		}
		var rec record
		if json.Unmarshal(data[off:off+n], &rec) != nil {
			return steps, committed, aborted, off
		}
		switch {
		case first:
			if rec.Journal != journalHeader {
				return nil, false, false, 0
			}
		case rec.Commit != "":
			h := sha256.Sum256(data[:off])
			committed = !committed && rec.Commit == hex.EncodeToString(h[:])
		case rec.Abort:
			aborted = committed
		case !committed && slices.Contains([]string{opMkdir, opWrite, opCreate, opDelete}, rec.Op) && rec.Path != "":
			steps = append(steps, rec)
		default:
			return steps, committed, aborted, off
		}
		off += n + 1
	}
}
