//go:build !(darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd || windows)

package safefs

import "os"

// openLocked opens the journal at path with flag. This system gets no
// lock: Recover may then act on a journal that a live process is still
// writing, so run one process over a root at a time.
func openLocked(path string, flag int) (*os.File, error) {
	return os.OpenFile(path, flag, 0o600)
}
