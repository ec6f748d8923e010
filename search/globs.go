package search

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/agenttools/agenttools/internal/clip"
	"github.com/bmatcuk/doublestar/v4"
)

// Globs choose the files a search walks, as ripgrep's -g does: a file is
// searched when it matches one of the include globs (or there are none)
// and none of the exclude globs, written with a leading !. A glob with no
// / is matched against a file's name, at any depth; one with a / against
// the file's path relative to the folder searched. ** matches any number
// of folders. An exclude glob that matches a folder leaves out all of it.
type Globs struct {
	include, exclude []string
}

// NewGlobs compiles a list of globs; a malformed one is an error that
// quotes it.
func NewGlobs(list []string) (*Globs, error) {
	if len(list) == 0 {
		return nil, nil
	}
	g := &Globs{}
	for _, s := range list {
		neg := strings.HasPrefix(s, "!")
		pat := strings.TrimPrefix(strings.TrimPrefix(s, "!"), "./")
		if pat == "" {
			return nil, fmt.Errorf("glob %q is empty; give one such as *.go or !**/*_test.go", s)
		}
		if !doublestar.ValidatePattern(pat) {
			return nil, fmt.Errorf("glob %s is not a valid glob; give one such as *.go, src/**/*.ts or !vendor/**", clip.Quote(s))
		}
		if neg {
			g.exclude = append(g.exclude, pat)
		} else {
			g.include = append(g.include, pat)
		}
	}
	return g, nil
}

// admit reports whether the walk takes path p, below the folder top: a
// folder unless an exclude glob matches it, a file as the globs say.
func (g *Globs) admit(top, p string, isDir bool) bool {
	if g == nil {
		return true
	}
	rel, err := filepath.Rel(top, p)
	if err != nil {
		return true
	}
	rel = filepath.ToSlash(rel)
	for _, pat := range g.exclude {
		if globMatch(pat, rel) || isDir && globMatch(pat, rel+"/") {
			return false
		}
	}
	if isDir || len(g.include) == 0 {
		return true
	}
	for _, pat := range g.include {
		if globMatch(pat, rel) {
			return true
		}
	}
	return false
}

// globMatch matches a glob against a relative path: one with no / only
// against the last element.
func globMatch(pat, rel string) bool {
	if !strings.Contains(strings.TrimSuffix(pat, "/"), "/") {
		rel = strings.TrimSuffix(rel, "/")
		rel = rel[strings.LastIndexByte(rel, '/')+1:]
		pat = strings.TrimSuffix(pat, "/")
	}
	ok, _ := doublestar.Match(pat, rel)
	return ok
}
