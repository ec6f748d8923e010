package matcher

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/agenttools/agenttools/grammars"
)

// A Position is 1-based; Column counts Unicode code points.
type Position struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// A Range's End is the position of its last character.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// A Found match, located in its file.
type Found struct {
	Rule          string        `json:"rule,omitempty"` // the id of the rule that found it, for a search by rule
	File          string        `json:"file"`           // as the caller named it: a search's is relative to its root, with / separators
	Range         Range         `json:"range"`
	Text          string        `json:"text"`
	Captures      Captures      `json:"captures,omitempty"`
	MultiCaptures MultiCaptures `json:"multi_captures,omitempty"`
	// The whole lines the match spans, with the context around them: one
	// string, of which Text and the captures are parts, so that a match
	// costs one copy of its source.
	lines string
	first int // the line lines starts on
}

// Lines returns the source lines the match spans, with the lines of
// context the query asked for around them, and the number of the first.
func (f *Found) Lines() (string, int) { return f.lines, f.first }

// Literals returns the identifiers, keywords, literals and operators every
// match must contain: the pattern's leaves that are words and not
// metavariables, and those of two or more marks (==, ->, +=), which no
// rule of the matcher lets go missing as it does a separator (the , of
// return $$$R, err) or a brace (a body matched without them).
func (p *Pattern) Literals() []string {
	seen := map[string]bool{}
	var out []string
	var walk func(n int32)
	walk = func(n int32) {
		t := p.tree
		if t.Nodes[n].Count == 0 {
			s := t.Text(n)
			if _, ok, _ := metavar(t, n); !ok && len(s) > 0 && (isWordStart(s) || IsOperator(s)) && !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
			return
		}
		for _, c := range t.Children(n) {
			walk(c)
		}
	}
	for _, n := range p.tops() {
		walk(n)
	}
	return out
}

// IsOperator reports whether s is two or more ASCII marks, none of them
// a quote, a bracket or a metavariable's $: a literal of Pattern.Literals
// that is an operator (==, ->), not a word or a string.
func IsOperator(s string) bool {
	if len(s) < 2 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune("=!<>&|+-*/%^~?:.#@", rune(s[i])) {
			return false
		}
	}
	return true
}

func isWordStart(s string) bool {
	c := s[0]
	return c == '_' || c == '"' || c == '`' || c == '\'' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= utf8.RuneSelf
}

// Locate returns m, a match in t, as a Found of the file named file:
// its range, its text and captures, and its lines with context lines of
// context around them. lines is t's LineIndex, made once for all its
// matches.
func Locate(t *grammars.Tree, lines *LineIndex, file string, m Match, context int) Found {
	sp := m.Span(t)
	start, end := lines.position(sp.Start), lines.position(lastChar(t.Src, sp))
	f := Found{Rule: m.Rule, File: file, Range: Range{Start: start, End: end}}
	f.first = max(1, start.Line-context)
	last := min(len(lines.starts), end.Line+context)
	from, to := lines.lineStart(f.first), lines.lineEnd(last)
	f.lines = string(t.Src[from:to])
	text := func(a, b uint32) string {
		if from <= a && b <= to {
			return f.lines[a-from : b-from]
		}
		return string(t.Src[a:b])
	}
	f.Text = text(sp.Start, sp.End)
	for name, n := range m.Captures {
		nd := t.Nodes[n]
		sp := grammars.Span{Start: nd.Start, End: nd.End}
		if w, ok := m.Within[name]; ok {
			sp = w
		}
		f.Captures = append(f.Captures, Capture{Name: name, Text: text(sp.Start, sp.End)})
	}
	for name, run := range m.Multi {
		list := []string{}
		for _, n := range run {
			if nd := t.Nodes[n]; t.Named(n) || nd.Count > 0 {
				list = append(list, text(nd.Start, nd.End))
			}
		}
		f.MultiCaptures = append(f.MultiCaptures, MultiCapture{Name: name, Texts: list})
	}
	slices.SortFunc(f.Captures, func(a, b Capture) int { return strings.Compare(a.Name, b.Name) })
	slices.SortFunc(f.MultiCaptures, func(a, b MultiCapture) int { return strings.Compare(a.Name, b.Name) })
	return f
}

// A Capture is what one $NAME captured.
type Capture struct{ Name, Text string }

// Captures are a match's $NAME captures, sorted by name; in JSON, an
// object from name to text. A slice, not a map: a search may hold a
// hundred thousand matches, and a map of one entry costs some 300 bytes.
type Captures []Capture

// Get returns what $name captured.
func (c Captures) Get(name string) (string, bool) {
	for _, x := range c {
		if x.Name == name {
			return x.Text, true
		}
	}
	return "", false
}

func (c Captures) MarshalJSON() ([]byte, error) {
	m := make(map[string]string, len(c))
	for _, x := range c {
		m[x.Name] = x.Text
	}
	return json.Marshal(m)
}

func (c *Captures) UnmarshalJSON(b []byte) error {
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*c = nil
	for _, k := range slices.Sorted(maps.Keys(m)) {
		*c = append(*c, Capture{Name: k, Text: m[k]})
	}
	return nil
}

// A MultiCapture is what one $$$NAME captured: the text of each node of
// its run, separators left out.
type MultiCapture struct {
	Name  string
	Texts []string
}

// MultiCaptures are a match's $$$NAME captures, sorted by name; in JSON,
// an object from name to the list of texts.
type MultiCaptures []MultiCapture

// Get returns what $$$name captured.
func (c MultiCaptures) Get(name string) ([]string, bool) {
	for _, x := range c {
		if x.Name == name {
			return x.Texts, true
		}
	}
	return nil, false
}

func (c MultiCaptures) MarshalJSON() ([]byte, error) {
	m := make(map[string][]string, len(c))
	for _, x := range c {
		m[x.Name] = x.Texts
	}
	return json.Marshal(m)
}

func (c *MultiCaptures) UnmarshalJSON(b []byte) error {
	var m map[string][]string
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*c = nil
	for _, k := range slices.Sorted(maps.Keys(m)) {
		*c = append(*c, MultiCapture{Name: k, Texts: m[k]})
	}
	return nil
}

func lastChar(src []byte, sp grammars.Span) uint32 {
	if sp.End <= sp.Start {
		return sp.Start
	}
	_, size := utf8.DecodeLastRune(src[sp.Start:sp.End])
	return sp.End - uint32(size)
}

// A LineIndex finds the line of a byte offset by binary search, so that
// a file with many matches is not scanned from its start for each one.
type LineIndex struct {
	src    []byte
	starts []uint32 // offset of each line's first byte
}

// NewLineIndex returns the index of src's lines.
func NewLineIndex(src []byte) *LineIndex {
	li := &LineIndex{src: src, starts: []uint32{0}}
	for i, c := range src {
		if c == '\n' {
			li.starts = append(li.starts, uint32(i+1))
		}
	}
	return li
}

// position returns the 1-based line and column (in code points) of off.
func (li *LineIndex) position(off uint32) Position {
	line, found := slices.BinarySearch(li.starts, off)
	if !found {
		line-- // off is inside the line before
	}
	ls := li.starts[line]
	return Position{Line: line + 1, Column: 1 + utf8.RuneCount(li.src[ls:off])}
}

// Position returns the 1-based line and column (in code points) of
// byte offset off.
func (li *LineIndex) Position(off uint32) Position { return li.position(off) }

// Range returns the range of the bytes start to end of the source, its
// end the position of its last character.
func (li *LineIndex) Range(start, end uint32) Range {
	return Range{Start: li.position(start), End: li.position(lastChar(li.src, grammars.Span{Start: start, End: end}))}
}

func (li *LineIndex) lineStart(line int) uint32 { return li.starts[line-1] }

// lineEnd is the offset of the end of the line, before its newline.
func (li *LineIndex) lineEnd(line int) uint32 {
	if line < len(li.starts) {
		return li.starts[line] - 1
	}
	return uint32(len(li.src))
}
