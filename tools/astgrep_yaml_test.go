package tools

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Helpers shared by TestASTGrepCases and TestASTGrepCatalog: reading a
// fetched repository, and writing the YAML of a rule put together from
// pieces of ast-grep's tests. No YAML library is needed: a piece taken
// from a test is put back as the text it was, indented, and a piece the
// evaluator builds is written in block style with JSON-quoted scalars,
// which YAML reads as the same strings.

// A fetchedRepo reads a repository that is a folder of files or a bare
// git directory, which is read at HEAD.
type fetchedRepo struct {
	dir  string
	bare bool
}

func openFetched(dir string) (fetchedRepo, error) {
	if _, err := os.Stat(filepath.Join(dir, "objects")); err == nil {
		if _, err := os.Stat(filepath.Join(dir, "HEAD")); err == nil {
			return fetchedRepo{dir: dir, bare: true}, nil
		}
	}
	if _, err := os.Stat(dir); err != nil {
		return fetchedRepo{}, err
	}
	return fetchedRepo{dir: dir}, nil
}

// list returns the files under a folder of the repository, sorted.
func (r fetchedRepo) list(folder string) ([]string, error) {
	if r.bare {
		out, err := exec.Command("git", "--git-dir="+r.dir, "ls-tree", "-r", "--name-only", "HEAD", folder).Output()
		if err != nil {
			return nil, fmt.Errorf("git ls-tree %s: %v", folder, err)
		}
		files := strings.Fields(string(out))
		sort.Strings(files)
		return files, nil
	}
	var files []string
	err := filepath.WalkDir(filepath.Join(r.dir, folder), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(r.dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

func (r fetchedRepo) read(path string) (string, error) {
	if r.bare {
		out, err := exec.Command("git", "--git-dir="+r.dir, "show", "HEAD:"+path).Output()
		if err != nil {
			return "", fmt.Errorf("git show %s: %v", path, err)
		}
		return string(out), nil
	}
	b, err := os.ReadFile(filepath.Join(r.dir, filepath.FromSlash(path)))
	return string(b), err
}

// revision names what was read, for the log.
func (r fetchedRepo) revision() string {
	gitDir := r.dir
	if !r.bare {
		gitDir = filepath.Join(r.dir, ".git")
	}
	out, err := exec.Command("git", "--git-dir="+gitDir, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "(no git revision)"
	}
	return strings.TrimSpace(string(out))
}

// A yv is a piece of a rule: a string, int64, bool, []yv, *ymap, or
// yraw, YAML text kept as a test wrote it.
type yv any

type ymap struct {
	keys []string
	vals map[string]yv
}

type yraw string

func newYmap(kv ...any) *ymap {
	m := &ymap{vals: map[string]yv{}}
	for i := 0; i+1 < len(kv); i += 2 {
		m.set(kv[i].(string), kv[i+1])
	}
	return m
}

func (m *ymap) set(k string, v yv) {
	if _, ok := m.vals[k]; !ok {
		m.keys = append(m.keys, k)
	}
	m.vals[k] = v
}

func (m *ymap) get(k string) (yv, bool) {
	v, ok := m.vals[k]
	return v, ok
}

func (m *ymap) clone() *ymap {
	c := newYmap()
	for _, k := range m.keys {
		c.set(k, m.vals[k])
	}
	return c
}

// yamlText writes a piece as a YAML document.
func yamlText(v yv) string {
	var b strings.Builder
	writeYAML(&b, v, 0)
	return b.String()
}

func writeYAML(b *strings.Builder, v yv, indent int) {
	pad := strings.Repeat(" ", indent)
	switch v := v.(type) {
	case *ymap:
		if len(v.keys) == 0 {
			b.WriteString(pad + "{}\n")
			return
		}
		for _, k := range v.keys {
			child := v.vals[k]
			if isYAMLScalar(child) {
				fmt.Fprintf(b, "%s%s: %s\n", pad, yamlKey(k), yamlScalar(child))
				continue
			}
			fmt.Fprintf(b, "%s%s:\n", pad, yamlKey(k))
			writeYAML(b, child, indent+2)
		}
	case []yv:
		if len(v) == 0 {
			b.WriteString(pad + "[]\n")
			return
		}
		for _, item := range v {
			if isYAMLScalar(item) {
				fmt.Fprintf(b, "%s- %s\n", pad, yamlScalar(item))
				continue
			}
			var c strings.Builder
			writeYAML(&c, item, indent+2)
			s := c.String()
			b.WriteString(pad + "- " + s[indent+2:])
		}
	case yraw:
		for _, line := range strings.Split(dedent(string(v)), "\n") {
			if strings.TrimSpace(line) == "" {
				b.WriteString("\n")
				continue
			}
			b.WriteString(pad + line + "\n")
		}
	default:
		b.WriteString(pad + yamlScalar(v) + "\n")
	}
}

func isYAMLScalar(v yv) bool {
	switch v := v.(type) {
	case *ymap, []yv:
		return false
	case yraw:
		// one line that is a flow collection or no mapping: a: b is
		// written as a block
		s := strings.TrimSpace(string(v))
		if strings.Contains(s, "\n") {
			return false
		}
		if strings.HasPrefix(s, "{") || strings.HasPrefix(s, "[") {
			return true
		}
		return !strings.HasPrefix(s, "- ") && !regexp.MustCompile(`^[^'"]*?:(\s|$)`).MatchString(s)
	}
	return true
}

var plainKey = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$-]*$`)

func yamlKey(k string) string {
	if plainKey.MatchString(k) {
		return k
	}
	return yamlScalar(k)
}

func yamlScalar(v yv) string {
	switch v := v.(type) {
	case yraw:
		return strings.TrimSpace(string(v))
	case string:
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(v)
		return strings.TrimSpace(b.String())
	case nil:
		return "null"
	}
	return fmt.Sprint(v)
}

// dedent removes the indentation every non-blank line shares, and the
// blank lines around the text.
func dedent(s string) string {
	lines := strings.Split(s, "\n")
	min := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " "))
		if min < 0 || n < min {
			min = n
		}
	}
	for i, l := range lines {
		if len(l) >= min && min > 0 {
			lines[i] = l[min:]
		} else if strings.TrimSpace(l) == "" {
			lines[i] = ""
		}
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

// flowYAML says a YAML text is one flow mapping, {…}, which keys cannot
// be added to as lines.
func flowYAML(s string) bool {
	return strings.HasPrefix(strings.TrimSpace(s), "{")
}

// topKey reads a top-level scalar key of a block YAML document or of a
// flow mapping, as id: x or {id: x, …}; it is no YAML parser, and says
// when it found nothing.
func topKey(doc, key string) (string, bool) {
	d := dedent(doc)
	if flowYAML(d) {
		re := regexp.MustCompile(`[{,]\s*` + regexp.QuoteMeta(key) + `\s*:\s*('[^']*'|"[^"]*"|[^,}]+)`)
		depth := 0
		for i := 0; i < len(d); i++ {
			switch d[i] {
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}
			if depth == 1 && (d[i] == '{' || d[i] == ',') {
				if m := re.FindStringSubmatch(d[i:]); m != nil && strings.Index(d[i:], m[0]) == 0 {
					return unquoteYAML(strings.TrimSpace(m[1])), true
				}
			}
		}
		return "", false
	}
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(key) + `:[ \t]*(.*)$`)
	m := re.FindStringSubmatch(d)
	if m == nil {
		return "", false
	}
	return unquoteYAML(strings.TrimSpace(m[1])), true
}

func unquoteYAML(s string) string {
	if len(s) >= 2 && (s[0] == '\'' && s[len(s)-1] == '\'') {
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		var out string
		if json.Unmarshal([]byte(s), &out) == nil {
			return out
		}
	}
	return s
}

// firstKey returns the first key of a block or flow YAML mapping.
func firstKey(doc string) (string, bool) {
	d := strings.TrimSpace(dedent(doc))
	d = strings.TrimPrefix(d, "{")
	d = strings.TrimSpace(d)
	i := strings.Index(d, ":")
	if i <= 0 {
		return "", false
	}
	return unquoteYAML(strings.TrimSpace(d[:i])), true
}

// setTopKey replaces the value of a top-level scalar key, as topKey
// reads it.
func setTopKey(doc, key, value string) (string, bool) {
	d := dedent(doc)
	var re *regexp.Regexp
	if flowYAML(d) {
		re = regexp.MustCompile(`([{,]\s*` + regexp.QuoteMeta(key) + `\s*:\s*)('[^']*'|"[^"]*"|[^,}]+)`)
	} else {
		re = regexp.MustCompile(`(?m)^(` + regexp.QuoteMeta(key) + `:[ \t]*)(.*)$`)
	}
	loc := re.FindStringSubmatchIndex(d)
	if loc == nil {
		return doc, false
	}
	return d[:loc[4]] + value + d[loc[5]:], true
}
