//go:build darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd

package safefs

import (
	"errors"
	"os"
	"syscall"
)

// openLocked opens the journal at path with flag (os.O_RDWR, with
// os.O_CREATE|os.O_EXCL to create it) and takes an exclusive lock on it,
// which the kernel drops when the process dies, however it dies. A lock
// that another open file holds, in this process or another, is
// errJournalBusy.
func openLocked(path string, flag int) (*os.File, error) {
	f, err := os.OpenFile(path, flag, 0o600)
	if err != nil {
		return nil, err
	}
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil, err
	}
	var lerr error
	if err := rc.Control(func(fd uintptr) {
		lerr = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB)
	}); err != nil {
		f.Close()
		return nil, err
	}
	if lerr != nil {
		f.Close()
		if errors.Is(lerr, syscall.EWOULDBLOCK) {
			return nil, errJournalBusy
		}
		return nil, &os.PathError{Op: "lock", Path: path, Err: lerr}
	}
	return f, nil
}
