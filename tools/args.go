package tools

import (
	"errors"
	"io/fs"
	"os"
	"strings"

	"github.com/agenttools/agenttools/internal/safefs"
	"github.com/agenttools/agenttools/tool"
)

// Arguments that name files, checked in one place: a path is confined
// to the working directory and must exist, and a problem is an error
// that names the argument.

// pathError turns a path problem into a result that names the argument.
func pathError(arg, path string, err error) tool.Result {
	switch {
	case errors.Is(err, safefs.ErrOutside):
		return tool.Errorf("%s: %v; use a path inside the working directory", arg, err)
	case errors.Is(err, fs.ErrNotExist):
		return tool.Errorf("%s: %s does not exist", arg, path)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "is a directory") {
		return tool.Errorf("%s: %s is a directory, not a file", arg, path)
	}
	return tool.Errorf("%s: %v", arg, err)
}

// existing confines name, the value of argument arg, to the working
// directory for reading and checks it exists: its real path and what it
// is, or the error result to return.
func (e *env) existing(arg, name string) (string, os.FileInfo, *tool.Result) {
	path, err := e.root.ForRead(name)
	var info os.FileInfo
	if err == nil {
		info, err = os.Stat(path)
	}
	if err != nil {
		r := pathError(arg, name, err)
		return "", nil, &r
	}
	return path, info, nil
}
