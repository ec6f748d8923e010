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
// The path is echoed once, cut to 200 bytes when longer: the error from
// safefs or the os package already starts with it whole.
func pathError(arg, path string, err error) tool.Result {
	p := tool.Echo(path)
	switch {
	case errors.Is(err, safefs.ErrOutside):
		return tool.Errorf("%s: %s: outside the working directory%s; use a path inside the working directory", arg, p, why(path, err, safefs.ErrOutside))
	case errors.Is(err, fs.ErrNotExist):
		return tool.Errorf("%s: %s does not exist", arg, p)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "is a directory") {
		return tool.Errorf("%s: %s is a directory, not a file", arg, p)
	}
	if errors.As(err, &pe) {
		return tool.Errorf("%s: %s: %s %v", arg, p, pe.Op, pe.Err)
	}
	return tool.Errorf("%s: %s: %s", arg, p, tool.Clip(strings.TrimPrefix(err.Error(), path+": ")))
}

// why is what err says beyond path and the sentinel: how a path that
// looked inside left the working directory (a symbolic link), or "".
func why(path string, err, sentinel error) string {
	s := strings.TrimPrefix(err.Error(), path+": ")
	s = strings.TrimSuffix(strings.TrimSuffix(s, sentinel.Error()), ", ")
	if s == "" {
		return ""
	}
	return " (" + tool.Clip(s) + ")"
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
