package lspclient

import (
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// Position encodings a server may agree to at initialize. The client
// offers utf-8 first; a server that does not answer speaks utf-16, the
// protocol's default.
const (
	UTF8  = "utf-8"
	UTF16 = "utf-16"
)

// A Mapper converts between byte offsets of one document's content and
// LSP positions in an encoding. It is the one place positions are
// converted.
type Mapper struct {
	content  []byte
	encoding string
	starts   []int // byte offset of each line's first byte
}

// NewMapper returns a mapper for content in the given encoding.
func NewMapper(content []byte, encoding string) *Mapper {
	m := &Mapper{content: content, encoding: encoding, starts: []int{0}}
	for i, c := range content {
		if c == '\n' {
			m.starts = append(m.starts, i+1)
		}
	}
	return m
}

// Bytes is the document's content.
func (m *Mapper) Bytes() []byte { return m.content }

// Lines is the number of lines, counting a last line without a newline.
func (m *Mapper) Lines() int {
	if len(m.content) > 0 && m.content[len(m.content)-1] == '\n' {
		return len(m.starts) - 1
	}
	return len(m.starts)
}

// Line returns the text of zero-based line i, without its line break.
func (m *Mapper) Line(i int) []byte {
	if i < 0 || i >= len(m.starts) {
		return nil
	}
	end := len(m.content)
	if i+1 < len(m.starts) {
		end = m.starts[i+1] - 1
	}
	line := m.content[m.starts[i]:end]
	if len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	return line
}

// Position returns the position of a byte offset.
func (m *Mapper) Position(offset int) Position {
	offset = max(0, min(offset, len(m.content)))
	line := 0
	for lo, hi := 0, len(m.starts)-1; lo <= hi; {
		mid := (lo + hi) / 2
		if m.starts[mid] <= offset {
			line, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	return Position{Line: line, Character: m.units(m.content[m.starts[line]:offset])}
}

// units counts b in the mapper's encoding.
func (m *Mapper) units(b []byte) int {
	if m.encoding != UTF16 {
		return len(b)
	}
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		if r1, _ := utf16.EncodeRune(r); r1 != utf8.RuneError {
			n += 2 // outside the basic plane: a surrogate pair
		} else {
			n++
		}
	}
	return n
}

// Column returns the 1-based column of p in Unicode code points: the one
// unit every result of agenttools shows, whatever the server counts in.
// ok is false when p's line is past the end of the document.
func (m *Mapper) Column(p Position) (col int, ok bool) {
	off, err := m.Offset(p)
	if err != nil {
		return 0, false
	}
	return 1 + utf8.RuneCount(m.content[m.starts[p.Line]:off]), true
}

// Offset returns the byte offset of a position. A character past the end
// of its line is the end of the line; a line past the end is an error.
func (m *Mapper) Offset(p Position) (int, error) {
	if p.Line < 0 || p.Line >= len(m.starts) {
		return 0, fmt.Errorf("line %d is past the end of the document (%d lines)", p.Line+1, m.Lines())
	}
	line := m.Line(p.Line)
	start := m.starts[p.Line]
	if m.encoding != UTF16 {
		return start + min(max(p.Character, 0), len(line)), nil
	}
	units := 0
	for i := 0; i < len(line); {
		if units >= p.Character {
			return start + i, nil
		}
		r, size := utf8.DecodeRune(line[i:])
		if r1, _ := utf16.EncodeRune(r); r1 != utf8.RuneError {
			units += 2
		} else {
			units++
		}
		i += size
	}
	return start + len(line), nil
}
