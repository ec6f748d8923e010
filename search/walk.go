package search

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/agenttools/agenttools/grammars"
	ignore "github.com/sabhiram/go-gitignore"
)

// walkers is how many folders are read at once.
const walkers = 4

// ignoreRules are the compiled patterns of one .gitignore, applied to the
// paths below its folder.
type ignoreRules struct {
	dir string
	gi  *ignore.GitIgnore
}

// A walker lists the files of one language under a path, reading folders
// in parallel. Each folder carries its parent's .gitignore rules plus its
// own.
type walker struct {
	lang  *grammars.Language
	top   string // the path walked, which globs are relative to
	globs *Globs
	files chan<- string
	slots chan struct{}
	wg    sync.WaitGroup

	mu     sync.Mutex
	report walkReport
}

// A walkReport is what a walk left out.
type walkReport struct {
	failed  []Failure // folders that could not be read
	skipped []Skipped // folders left out by rule
}

// A Skipped folder is one the walk left out by rule: Reason is "hidden",
// "vendor", "node_modules", "testdata" or ".gitignore"; Path is relative
// to the root, with / separators: what to give as the path to search it.
type Skipped struct {
	Reason string `json:"reason"`
	Path   string `json:"path"`
}

// Walk lists the files of language l under path, sorted, honouring
// .gitignore files (nested ones, and those between root and path, too)
// and skipping hidden folders, vendor, node_modules and testdata unless
// path itself is inside one.
func Walk(root, path string, l *grammars.Language) ([]string, error) {
	ch := make(chan string)
	var files []string
	done := make(chan struct{})
	go func() {
		for f := range ch {
			files = append(files, f)
		}
		close(done)
	}()
	_, err := walk(context.Background(), root, path, l, nil, ch)
	<-done
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	return files, nil
}

// HasFiles reports whether there is at least one file of language l
// under path that Walk would list; it stops at the first.
func HasFiles(root, path string, l *grammars.Language) bool {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch := make(chan string)
	found := make(chan bool, 1)
	go func() {
		_, ok := <-ch
		found <- ok
		cancel()
		for range ch {
		}
	}()
	walk(ctx, root, path, l, nil, ch)
	return <-found
}

// walk sends the files of l under path that globs let through to files,
// in no particular order, and closes it. A folder below path that cannot
// be read is reported as a failure, and the walk goes on; path itself not
// existing is an error. A file named outright is walked whatever the
// globs say.
func walk(ctx context.Context, root, path string, l *grammars.Language, globs *Globs, files chan<- string) (walkReport, error) {
	defer close(files)
	st, err := os.Stat(path)
	if err != nil {
		return walkReport{}, err
	}
	if !st.IsDir() {
		files <- path
		return walkReport{}, nil
	}
	// A folder named outright is searched even when a .gitignore above it
	// leaves it out; the rules above then do not apply below it either.
	above := rulesAbove(root, path)
	if ignored(path, true, above) {
		above = nil
	}
	w := &walker{lang: l, top: path, globs: globs, files: files, slots: make(chan struct{}, walkers)}
	w.wg.Add(1)
	w.dir(ctx, root, path, above)
	w.wg.Wait()
	return w.report, ctx.Err()
}

// rulesAbove returns the .gitignore rules of the folders from root down
// to path's parent: they apply to path too.
func rulesAbove(root, path string) []ignoreRules {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return nil
	}
	var rules []ignoreRules
	d := root
	for _, part := range append([]string{""}, strings.Split(rel, string(filepath.Separator))...) {
		d = filepath.Join(d, part)
		if d == path {
			break
		}
		if gi, err := ignore.CompileIgnoreFile(filepath.Join(d, ".gitignore")); err == nil {
			rules = append(rules, ignoreRules{d, gi})
		}
	}
	return rules
}

// dir lists one folder: files of the language go out, subfolders are
// walked on another goroutine while a slot is free and on this one
// otherwise, so the number of goroutines stays bounded.
func (w *walker) dir(ctx context.Context, root, dir string, rules []ignoreRules) {
	defer w.wg.Done()
	if ctx.Err() != nil {
		return
	}
	if gi, err := ignore.CompileIgnoreFile(filepath.Join(dir, ".gitignore")); err == nil {
		rules = append(rules[:len(rules):len(rules)], ignoreRules{dir, gi})
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		w.mu.Lock()
		w.report.failed = append(w.report.failed, Failure{File: relSlash(root, dir), Error: "folder not searched: " + err.Error()})
		w.mu.Unlock()
		return
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() {
			if reason := skipRule(name); reason != "" {
				w.skip(reason, root, filepath.Join(dir, name))
				continue
			}
		}
		if !e.IsDir() && !(e.Type().IsRegular() && w.lang.ForFile(name)) {
			continue
		}
		p := filepath.Join(dir, name)
		if ignored(p, e.IsDir(), rules) {
			if e.IsDir() {
				w.skip(".gitignore", root, p)
			}
			continue
		}
		if !w.globs.admit(w.top, p, e.IsDir()) {
			continue
		}
		if !e.IsDir() {
			select {
			case w.files <- p:
			case <-ctx.Done():
				return
			}
			continue
		}
		w.wg.Add(1)
		select {
		case w.slots <- struct{}{}:
			go func() {
				defer func() { <-w.slots }()
				w.dir(ctx, root, p, rules)
			}()
		default:
			w.dir(ctx, root, p, rules)
		}
	}
}

// skipRule returns why a folder of this name is left out, or "". A .git
// folder holds no code and is not reported.
func skipRule(name string) string {
	switch {
	case name == ".git":
		return "-"
	case strings.HasPrefix(name, "."):
		return "hidden"
	case name == "vendor" || name == "node_modules" || name == "testdata":
		return name
	}
	return ""
}

// skip records a folder left out by rule, if it holds a file of the
// language near its top: a folder with none could not explain a search
// that found nothing.
func (w *walker) skip(reason, root, p string) {
	if reason == "-" {
		return
	}
	budget := skipProbe
	if !hasFileOf(p, w.lang, &budget) {
		return
	}
	w.mu.Lock()
	w.report.skipped = append(w.report.skipped, Skipped{Reason: reason, Path: relSlash(root, p)})
	w.mu.Unlock()
}

// skipProbe is how many folder entries hasFileOf reads at most, so that
// a huge node_modules costs a bounded look.
const skipProbe = 2000

// hasFileOf reports whether dir holds a file of language l, reading at
// most budget entries, breadth first.
func hasFileOf(dir string, l *grammars.Language, budget *int) bool {
	queue := []string{dir}
	for len(queue) > 0 && *budget > 0 {
		d := queue[0]
		queue = queue[1:]
		entries, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if *budget--; *budget < 0 {
				return false
			}
			if e.IsDir() {
				queue = append(queue, filepath.Join(d, e.Name()))
			} else if e.Type().IsRegular() && l.ForFile(e.Name()) {
				return true
			}
		}
	}
	return false
}

func ignored(p string, isDir bool, rules []ignoreRules) bool {
	for _, r := range rules {
		rel, err := filepath.Rel(r.dir, p)
		if err != nil {
			continue
		}
		rel = filepath.ToSlash(rel)
		if isDir {
			rel += "/" // so that a rule "build/" matches the folder
		}
		if r.gi.MatchesPath(rel) {
			return true
		}
	}
	return false
}
