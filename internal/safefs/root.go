package safefs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A Root is a working directory plus optional extra roots that may be read
// but never written.
type Root struct {
	dir   string   // absolute, symlinks evaluated
	extra []string // absolute, symlinks evaluated

	// stop, set by tests only, is asked before each step of WriteAll and
	// Recover that changes the disk; true stops it there, as if the
	// process had been killed.
	stop func(point string) bool
}

// NewRoot returns a Root for dir. Extra roots are readable only.
func NewRoot(dir string, extraReadRoots ...string) (*Root, error) {
	real, err := realDir(dir)
	if err != nil {
		return nil, fmt.Errorf("working directory: %w", err)
	}
	r := &Root{dir: real}
	for _, e := range extraReadRoots {
		re, err := realDir(e)
		if err != nil {
			return nil, fmt.Errorf("extra read root: %w", err)
		}
		r.extra = append(r.extra, re)
	}
	return r, nil
}

func realDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(real)
	if err != nil {
		return "", err
	}
	if !st.IsDir() {
		return "", fmt.Errorf("%s is not a directory", dir)
	}
	return real, nil
}

// Dir returns the working directory, absolute and with symlinks evaluated.
func (r *Root) Dir() string { return r.dir }

// ErrOutside is wrapped by every error for a path that leaves the roots.
var ErrOutside = errors.New("outside the working directory")

// ForWrite resolves p (relative to the working directory, or absolute) to
// the real path that a write should go to. The path and, once symlinks are
// followed, its target must both lie inside the working directory.
func (r *Root) ForWrite(p string) (string, error) {
	return r.resolve(p, []string{r.dir})
}

// ForRead is ForWrite for reading: the extra roots are allowed too.
func (r *Root) ForRead(p string) (string, error) {
	return r.resolve(p, append([]string{r.dir}, r.extra...))
}

// Rel returns real relative to the working directory with '/' separators,
// or real itself when it lies outside.
func (r *Root) Rel(real string) string {
	rel, err := filepath.Rel(r.dir, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(real)
	}
	return filepath.ToSlash(rel)
}

func (r *Root) resolve(p string, roots []string) (string, error) {
	if p == "" {
		return "", errors.New("empty path")
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", errors.New("path contains a NUL byte")
	}
	lexical := p
	if !filepath.IsAbs(lexical) {
		lexical = filepath.Join(r.dir, lexical)
	}
	lexical = filepath.Clean(lexical)
	if !insideAny(lexical, roots) {
		return "", fmt.Errorf("%s: %w", p, ErrOutside)
	}
	real, err := evalExisting(lexical)
	if err != nil {
		return "", fmt.Errorf("%s: %w", p, err)
	}
	if !insideAny(real, roots) {
		return "", fmt.Errorf("%s: a symbolic link leads to %s, %w", p, real, ErrOutside)
	}
	return real, nil
}

// evalExisting evaluates the symlinks of the longest existing prefix of p
// and appends the rest, so a file that does not exist yet resolves to where
// it would be created.
func evalExisting(p string) (string, error) {
	var rest []string
	cur := p
	for {
		real, err := filepath.EvalSymlinks(cur)
		if err == nil {
			for i := len(rest) - 1; i >= 0; i-- {
				real = filepath.Join(real, rest[i])
			}
			return real, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		// A dangling link at cur: refuse rather than guess where it points.
		if _, lerr := os.Lstat(cur); lerr == nil {
			return "", fmt.Errorf("%s is a symbolic link to a missing target", cur)
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return p, nil
		}
		rest = append(rest, filepath.Base(cur))
		cur = parent
	}
}

func insideAny(p string, roots []string) bool {
	for _, root := range roots {
		if p == root || strings.HasPrefix(p, strings.TrimSuffix(root, string(filepath.Separator))+string(filepath.Separator)) {
			return true
		}
	}
	return false
}
