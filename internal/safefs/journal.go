package safefs

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"unicode/utf8"
)

// A journal's name is journalPrefix and its transaction's id, idLen
// lower-case hex digits; the id also names the transaction's sidecar
// files, so nothing in the journal can point at any other file.
const (
	journalPrefix = ".agenttools-journal-"
	idLen         = 12
	journalHeader = "agenttools safefs journal 1"
)

// A record is one line of a journal, in JSON: the header, one step of
// the write, the commit record or the abort record.
type record struct {
	Journal string `json:"journal,omitempty"`
	Op      string `json:"op,omitempty"`
	Path    string `json:"path,omitempty"`   // relative to the root, '/' separators
	Before  string `json:"before,omitempty"` // SHA-256 of the content replaced, hex
	After   string `json:"after,omitempty"`  // SHA-256 of the content written, hex
	Commit  string `json:"commit,omitempty"` // SHA-256 of the journal's bytes before this line
	Abort   bool   `json:"abort,omitempty"`
}

// The ops of a journal's steps.
const (
	opMkdir  = "mkdir"  // a folder created for a new file
	opWrite  = "write"  // an existing file replaced
	opCreate = "create" // a new file
	opDelete = "delete" // an existing file removed
)

// A step is one op of a transaction: what the journal records, plus
// what only the writing process knows.
type step struct {
	op, rel       string
	before, after string // sums, as fileSum gives them; "" for no file
	real          string // absolute path
	data, old     []byte // the new and old contents (the writer only)
	mode          fs.FileMode
}

// newPath is the sidecar that holds a step's new content, oldPath the one
// that keeps its old content until the transaction ends.
func (s step) newPath(id string) string { return sidecar(s.real, id, ".new") }
func (s step) oldPath(id string) string { return sidecar(s.real, id, ".old") }

// sidecar names a file beside real that belongs to transaction id. It is
// hidden and ends in no language's extension, so a search never reads it.
func sidecar(real, id, suffix string) string {
	dir, base := filepath.Split(real)
	if len(base) > 160 {
		// Keep the name within the 255 bytes file systems allow.
		cut := 100
		for cut > 0 && !utf8.RuneStart(base[cut]) {
			cut--
		}
		sum := sha256.Sum256([]byte(base))
		base = base[:cut] + "~" + hex.EncodeToString(sum[:8])
	}
	return filepath.Join(dir, "."+base+".agenttools-"+id+suffix)
}

// A txn is one WriteAll, or one journal that Recover found.
type txn struct {
	root  *Root
	id    string
	path  string   // the journal
	f     *os.File // the journal, open and locked
	body  []byte   // the journal's bytes before the commit record
	dirs  []step   // mkdir steps, outermost first
	files []step   // write, create and delete steps, in the order of the changes
}

// errStopped is returned where the test hook stopped a transaction: it
// leaves the disk as a process killed at that instant would.
var errStopped = errors.New("stopped by the test hook")

// at is called before each step that changes the disk, naming it.
func (t *txn) at(point string) error {
	if t.root.stop != nil && t.root.stop(point) {
		return errStopped
	}
	return nil
}

// plan turns changes into the steps of a transaction.
func (r *Root) plan(changes []Change) (*txn, error) {
	t := &txn{root: r}
	seen, made := map[string]bool{}, map[string]bool{}
	for _, c := range changes {
		rel, ok := r.inside(c.Path)
		if !ok {
			return nil, fmt.Errorf("%s: %w", c.Path, ErrOutside)
		}
		if seen[c.Path] {
			return nil, fmt.Errorf("%s: changed twice in one set", c.Path)
		}
		seen[c.Path] = true
		s := step{rel: rel, real: c.Path, data: c.After, old: c.Before, mode: 0o644}
		switch {
		case c.Delete && !c.Existed:
			continue // nothing to remove
		case c.Delete:
			s.op, s.before = opDelete, sum(c.Before)
		case c.Existed:
			s.op, s.before, s.after = opWrite, sum(c.Before), sum(c.After)
		default:
			s.op, s.after = opCreate, sum(c.After)
			t.dirs = append(t.dirs, r.missingDirs(filepath.Dir(c.Path), made)...)
		}
		if c.Existed {
			st, err := os.Stat(c.Path)
			if err != nil {
				return nil, err
			}
			s.mode = st.Mode().Perm()
		}
		t.files = append(t.files, s)
	}
	return t, nil
}

// missingDirs returns the folders from the root down to dir that do not
// exist and are not in made yet, outermost first, and adds them to made.
func (r *Root) missingDirs(dir string, made map[string]bool) []step {
	var out []step
	for d := dir; d != r.dir && !made[d]; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		rel, ok := r.inside(d)
		if !ok {
			break
		}
		made[d] = true
		out = append([]step{{op: opMkdir, rel: rel, real: d}}, out...)
	}
	return out
}

// inside returns p relative to the root with '/' separators, and whether
// p lies inside it.
func (r *Root) inside(p string) (string, bool) {
	rel, err := filepath.Rel(r.dir, p)
	if err != nil || !filepath.IsLocal(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// begin creates the journal, locks it and records every step in it.
func (t *txn) begin() error {
	for tries := 0; ; tries++ {
		id, err := newID()
		if err != nil {
			return err
		}
		path := filepath.Join(t.root.dir, journalPrefix+id)
		f, err := openLocked(path, os.O_RDWR|os.O_CREATE|os.O_EXCL)
		if err == nil && !stillThere(f, path) {
			// Recover took it for a dead writer's between our create and
			// our lock, and removed it: start again under another id.
			f.Close()
			err = errJournalBusy
		}
		if err == nil {
			t.id, t.path, t.f = id, path, f
			break
		}
		if tries == 3 || !(errors.Is(err, errJournalBusy) || errors.Is(err, fs.ErrExist)) {
			return fmt.Errorf("creating a journal in %s: %w", t.root.dir, err)
		}
	}
	if err := t.at("intent"); err != nil {
		return err
	}
	var b bytes.Buffer
	line(&b, record{Journal: journalHeader})
	for _, s := range append(t.dirs[:len(t.dirs):len(t.dirs)], t.files...) {
		line(&b, record{Op: s.op, Path: s.rel, Before: s.before, After: s.after})
	}
	t.body = b.Bytes()
	if _, err := t.f.Write(t.body); err != nil {
		return t.undoJournal(err)
	}
	if err := t.f.Sync(); err != nil {
		return t.undoJournal(err)
	}
	syncDir(t.root.dir) // so that no sidecar can outlive the journal that names it
	return nil
}

func (t *txn) undoJournal(err error) error {
	os.Remove(t.path)
	return fmt.Errorf("writing the journal %s: %w", t.path, err)
}

func line(b *bytes.Buffer, rec record) {
	data, _ := json.Marshal(rec) // strings and a bool: cannot fail
	b.Write(data)
	b.WriteByte('\n')
}

func (t *txn) appendRecord(rec record) error {
	var b bytes.Buffer
	line(&b, rec)
	if _, err := t.f.Write(b.Bytes()); err != nil {
		return err
	}
	return t.f.Sync()
}

// prepare creates the folders of new files, writes every new content to
// its .new sidecar and keeps every old content in its .old sidecar, all
// synced; no file of the set has changed yet.
func (t *txn) prepare() error {
	for _, d := range t.dirs {
		if err := t.at("mkdir " + d.rel); err != nil {
			return err
		}
		if err := os.Mkdir(d.real, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("creating %s: %w", d.real, cause(err))
		}
	}
	for _, s := range t.files {
		if s.op != opDelete {
			if err := t.at("new " + s.rel); err != nil {
				return err
			}
			if err := writeNew(s.newPath(t.id), s.data, s.mode); err != nil {
				return fmt.Errorf("writing %s: %w", s.real, cause(err))
			}
		}
		if s.op != opCreate {
			if err := t.at("old " + s.rel); err != nil {
				return err
			}
			if err := keepOld(s, s.oldPath(t.id)); err != nil {
				return fmt.Errorf("keeping the old content of %s: %w", s.real, cause(err))
			}
		}
	}
	if err := t.syncSidecars(); err != nil {
		return err
	}
	t.syncDirs()
	return nil
}

// syncers is how many files syncSidecars syncs at once: a file system
// that journals commits concurrent syncs together, so a set of thousands
// of files takes a fraction of the time one after another would.
const syncers = 16

// syncSidecars syncs every sidecar that prepare wrote (a hard link needs
// no sync of its own: its content is the file's, and its name is synced
// with its folder).
func (t *txn) syncSidecars() error {
	paths := make(chan string)
	errs := make(chan error, syncers)
	var wg sync.WaitGroup
	for range syncers {
		wg.Go(func() {
			var first error
			for p := range paths {
				if err := syncFile(p); err != nil && first == nil {
					first = err
				}
			}
			errs <- first
		})
	}
	for _, s := range t.files {
		if s.op != opDelete {
			paths <- s.newPath(t.id)
		}
	}
	close(paths)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return fmt.Errorf("syncing what was staged beside the files: %w", err)
		}
	}
	return nil
}

func syncFile(p string) error {
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// keepOld makes old a second name of s's file, or, where the file system
// has no hard links, a copy of it.
func keepOld(s step, old string) error {
	if os.Link(s.real, old) == nil {
		return nil
	}
	return writeNew(old, s.old, s.mode)
}

// commit appends the commit record: from here on the write is finished
// by whoever gets to it, this process or the next start.
func (t *txn) commit() error {
	if err := t.at("commit"); err != nil {
		return err
	}
	h := sha256.Sum256(t.body)
	if err := t.appendRecord(record{Commit: hex.EncodeToString(h[:])}); err != nil {
		return fmt.Errorf("committing the journal %s: %w", t.path, err)
	}
	return nil
}

// apply renames every .new sidecar over its file and removes the files
// to delete. It returns how many steps it completed.
func (t *txn) apply() (int, error) {
	for i, s := range t.files {
		if err := t.at("apply " + s.rel); err != nil {
			return i, err
		}
		var err error
		if s.op == opDelete {
			if err = os.Remove(s.real); errors.Is(err, fs.ErrNotExist) {
				err = nil
			}
		} else {
			err = os.Rename(s.newPath(t.id), s.real)
		}
		if err != nil {
			return i, fmt.Errorf("%s: %w", s.real, cause(err))
		}
	}
	return len(t.files), nil
}

// finish makes the renames durable, then removes the .old sidecars and
// the journal. A sidecar that cannot be removed keeps the journal, so
// that the next start removes it.
func (t *txn) finish() error {
	t.syncDirs()
	var failed bool
	for _, s := range t.files {
		if s.op == opCreate {
			continue
		}
		if err := t.at("drop " + s.rel); err != nil {
			return err
		}
		if err := removeIfThere(s.oldPath(t.id)); err != nil {
			failed = true
		}
	}
	if err := t.at("end"); err != nil {
		return err
	}
	if !failed {
		os.Remove(t.path)
	}
	return nil
}

// discard undoes a transaction that did not reach its commit point: no
// file of the set has changed, so removing the sidecars, the folders it
// created and the journal is all there is to do.
func (t *txn) discard() error {
	var errs []error
	for _, s := range t.files {
		for _, p := range []string{s.newPath(t.id), s.oldPath(t.id)} {
			if err := removeIfThere(p); err != nil {
				errs = append(errs, err)
			}
		}
	}
	t.removeDirs()
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	return os.Remove(t.path)
}

// blockers returns the files that keep a committed transaction from
// being finished: the ones whose new content would overwrite content that
// someone else wrote since it began, or whose new content is lost.
func (t *txn) blockers() ([]string, error) {
	var out []string
	for _, s := range t.files {
		cur, err := fileSum(s.real)
		if err != nil {
			return nil, err
		}
		switch s.op {
		case opDelete:
			if cur != "" && cur != s.before {
				out = append(out, s.rel)
			}
		default: // write, create: s.before is "" for a new file
			_, err := os.Lstat(s.newPath(t.id))
			renamed := errors.Is(err, fs.ErrNotExist)
			overwrites := !renamed && cur != s.before && cur != s.after
			lost := renamed && cur == s.before && s.before != s.after
			if overwrites || lost {
				out = append(out, s.rel)
			}
		}
	}
	return out, nil
}

// forward finishes a committed transaction whose blockers are none.
func (t *txn) forward() error {
	for _, s := range t.files {
		if err := t.at("apply " + s.rel); err != nil {
			return err
		}
		if err := t.forwardStep(s); err != nil {
			return err
		}
	}
	return t.finish()
}

func (t *txn) forwardStep(s step) error {
	if s.op == opDelete {
		if err := os.Remove(s.real); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	tmp := s.newPath(t.id)
	if _, err := os.Lstat(tmp); errors.Is(err, fs.ErrNotExist) {
		return nil // renamed before the process died
	}
	cur, err := fileSum(s.real)
	if err != nil {
		return err
	}
	if cur == s.after {
		return os.Remove(tmp)
	}
	return os.Rename(tmp, s.real)
}

// rollBack puts back the old content of the first n files of the set
// from their .old sidecars, and leaves the rest as they are; then it
// removes every sidecar, the folders the write created, and the journal.
// A file that holds neither its old nor its new content was changed by
// someone else since the transaction began: it is left as it is, and
// returned.
func (t *txn) rollBack(n int) ([]string, error) {
	var left []string
	var errs []error
	for i, s := range t.files {
		if i < n {
			if err := t.at("restore " + s.rel); err != nil {
				return nil, err
			}
			kept, err := t.restore(s)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", s.real, cause(err)))
				continue
			}
			if kept {
				left = append(left, s.rel)
			}
		}
		for _, p := range []string{s.newPath(t.id), s.oldPath(t.id)} {
			if err := removeIfThere(p); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if len(errs) > 0 {
		return left, errors.Join(errs...)
	}
	t.removeDirs()
	t.syncDirs()
	if err := t.at("end"); err != nil {
		return nil, err
	}
	return left, os.Remove(t.path)
}

// restore puts back one file's old content, and reports whether it left
// the file alone because someone else changed it.
func (t *txn) restore(s step) (bool, error) {
	cur, err := fileSum(s.real)
	if err != nil {
		return false, err
	}
	old := s.oldPath(t.id)
	switch {
	case cur == s.before:
		return false, nil // never changed, or already put back
	case s.op == opCreate && cur == s.after:
		return false, os.Remove(s.real)
	case s.op == opWrite && cur == s.after, s.op == opDelete && cur == "":
		if err := os.Rename(old, s.real); errors.Is(err, fs.ErrNotExist) {
			return true, nil // its old content is lost: leave what is there
		} else if err != nil {
			return false, err
		}
		return false, nil
	}
	return true, nil
}

// removeDirs removes the folders the transaction created, innermost
// first, where they are empty.
func (t *txn) removeDirs() {
	for i := len(t.dirs) - 1; i >= 0; i-- {
		os.Remove(t.dirs[i].real)
	}
}

// syncDirs syncs the root and every folder of the set, so that renames
// and new names survive a power cut; best effort, as not every system
// can sync a folder.
func (t *txn) syncDirs() {
	done := map[string]bool{t.root.dir: true}
	syncDir(t.root.dir)
	for _, s := range t.files {
		if d := filepath.Dir(s.real); !done[d] {
			done[d] = true
			syncDir(d)
		}
	}
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// writeNew creates path, which must not exist, with data and mode.
func writeNew(path string, data []byte, mode fs.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(mode) // the umask may have narrowed it
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}

// removeIfThere removes p, if there is anything to remove.
func removeIfThere(p string) error {
	err := os.Remove(p)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return nil
	}
	return err
}

// sum is the SHA-256 of a file's content, hex, as a journal records it.
func sum(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// notAFile is the sum of a path that holds something other than a
// regular file: it matches no content.
const notAFile = "-"

// fileSum returns the sum of the file at p, "" when there is none.
func fileSum(p string) (string, error) {
	st, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return "", nil
	case err != nil:
		return "", err
	case !st.Mode().IsRegular():
		return notAFile, nil
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	return sum(data), nil
}

func newID() (string, error) {
	var b [idLen / 2]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// stillThere reports whether path still names the open file f: Recover
// may remove a journal between someone's open and lock.
func stillThere(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Lstat(path)
	return err == nil && os.SameFile(a, b)
}

// cause strips the path from a file-system error, so that a message names
// the file of the set and not its sidecar.
func cause(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}

// errJournalBusy says that another open file holds a journal's lock: a
// live process is writing it.
var errJournalBusy = errors.New("the journal is locked by a live process")
