package lspclient

import (
	"bytes"
	"testing"
)

func TestMapper(t *testing.T) {
	// "é" is two bytes and one UTF-16 unit; "𝄞" four bytes and two units.
	content := []byte("ab\n\té𝄞x = 1\r\nlast")
	for _, tc := range []struct {
		offset int
		utf8   Position
		utf16  Position
	}{
		{0, Position{0, 0}, Position{0, 0}},
		{2, Position{0, 2}, Position{0, 2}},
		{3, Position{1, 0}, Position{1, 0}},
		{4, Position{1, 1}, Position{1, 1}},  // é
		{6, Position{1, 3}, Position{1, 2}},  // 𝄞
		{10, Position{1, 7}, Position{1, 4}}, // x
		{17, Position{2, 0}, Position{2, 0}}, // last
		{21, Position{2, 4}, Position{2, 4}}, // the end
	} {
		for _, enc := range []struct {
			name string
			want Position
		}{{UTF8, tc.utf8}, {UTF16, tc.utf16}} {
			m := NewMapper(content, enc.name)
			if got := m.Position(tc.offset); got != enc.want {
				t.Errorf("%s Position(%d) = %v, want %v", enc.name, tc.offset, got, enc.want)
			}
			if got, err := m.Offset(enc.want); err != nil || got != tc.offset {
				t.Errorf("%s Offset(%v) = %d, %v; want %d", enc.name, enc.want, got, err, tc.offset)
			}
		}
	}
	m := NewMapper(content, UTF16)
	if got := string(m.Line(1)); got != "\té𝄞x = 1" {
		t.Errorf("Line(1) = %q", got)
	}
	if _, err := m.Offset(Position{Line: 3}); err == nil {
		t.Error("a line past the end: no error")
	}
	if got, _ := m.Offset(Position{Line: 0, Character: 99}); got != 2 {
		t.Errorf("a character past the end of the line: %d, want 2", got)
	}
}

// TestColumn: a position in either encoding is shown at the same column,
// in code points, past a character of two UTF-16 units and one of two
// bytes.
func TestColumn(t *testing.T) {
	content := []byte("a := \"😀é\" + b\n")
	for _, enc := range []string{UTF8, UTF16} {
		m := NewMapper(content, enc)
		p := m.Position(bytes.Index(content, []byte("+ b")))
		if col, ok := m.Column(p); !ok || col != 11 {
			t.Errorf("%s: position %v is column %d (%v), want 11", enc, p, col, ok)
		}
	}
	if _, ok := NewMapper(content, UTF16).Column(Position{Line: 5}); ok {
		t.Errorf("a line past the end has a column")
	}
}
