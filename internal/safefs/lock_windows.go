package safefs

import (
	"os"
	"syscall"
)

// errSharingViolation is Windows's ERROR_SHARING_VIOLATION, which the
// syscall package does not name.
const errSharingViolation syscall.Errno = 32

// openLocked opens the journal at path with flag (os.O_RDWR, with
// os.O_CREATE|os.O_EXCL to create it), sharing it with nobody but a
// deleter: while the handle is open no other one can be, in this process
// or another, and Windows closes it when the process dies. An open that
// someone else holds, or a journal already deleted but not yet closed,
// is errJournalBusy.
func openLocked(path string, flag int) (*os.File, error) {
	name, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		return nil, err
	}
	create := uint32(syscall.OPEN_EXISTING)
	if flag&os.O_CREATE != 0 {
		create = syscall.CREATE_NEW
	}
	h, err := syscall.CreateFile(name, syscall.GENERIC_READ|syscall.GENERIC_WRITE, syscall.FILE_SHARE_DELETE, nil, create, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	switch {
	case err == errSharingViolation || (err == syscall.ERROR_ACCESS_DENIED && flag&os.O_CREATE == 0):
		return nil, errJournalBusy
	case err == syscall.ERROR_FILE_NOT_FOUND:
		return nil, &os.PathError{Op: "open", Path: path, Err: os.ErrNotExist}
	case err == syscall.ERROR_FILE_EXISTS:
		return nil, &os.PathError{Op: "open", Path: path, Err: os.ErrExist}
	case err != nil:
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}
