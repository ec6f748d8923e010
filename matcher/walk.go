package matcher

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
	files chan<- string
	slots chan struct{}
	wg    sync.WaitGroup

	mu     sync.Mutex
	failed []Failure // folders that could not be read
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
	_, err := walk(context.Background(), root, path, l, ch)
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
	walk(ctx, root, path, l, ch)
	return <-found
}

// walk sends the files of l under path to files, in no particular order,
// and closes it. A folder below path that cannot be read is returned as a
// failure, and the walk goes on; path itself not existing is an error.
func walk(ctx context.Context, root, path string, l *grammars.Language, files chan<- string) ([]Failure, error) {
	defer close(files)
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		files <- path
		return nil, nil
	}
	// A folder named outright is searched even when a .gitignore above it
	// leaves it out; the rules above then do not apply below it either.
	above := rulesAbove(root, path)
	if ignored(path, true, above) {
		above = nil
	}
	w := &walker{lang: l, files: files, slots: make(chan struct{}, walkers)}
	w.wg.Add(1)
	w.dir(ctx, root, path, above)
	w.wg.Wait()
	return w.failed, ctx.Err()
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
		w.failed = append(w.failed, Failure{File: relSlash(root, dir), Error: "folder not searched: " + err.Error()})
		w.mu.Unlock()
		return
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() && (strings.HasPrefix(name, ".") || name == "vendor" || name == "node_modules" || name == "testdata") {
			continue
		}
		if !e.IsDir() && !(e.Type().IsRegular() && w.lang.ForFile(name)) {
			continue
		}
		p := filepath.Join(dir, name)
		if ignored(p, e.IsDir(), rules) {
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
