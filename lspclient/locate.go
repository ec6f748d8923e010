package lspclient

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttools/agenttools/internal/clip"
)

// A SymbolPos is where a symbol stands: its byte offset in the file and
// its LSP position, and the position just after it (in the mapper's
// encoding, as the server counts).
type SymbolPos struct {
	Offset int
	Pos    Position
	End    Position
}

// Locate finds symbol on the 1-based line: the first occurrence that is
// not part of a longer identifier. Its errors name the argument a tool
// takes the line or the symbol from, and list the line's identifiers.
func (m *Mapper) Locate(line int, symbol string) (SymbolPos, error) {
	if line > m.Lines() {
		return SymbolPos{}, fmt.Errorf("line: %d is past the end of the file (%d lines)", line, m.Lines())
	}
	text := string(m.Line(line - 1))
	if symbol == "" {
		return SymbolPos{}, fmt.Errorf("symbol: required with a line; give the identifier as it is written on line %d (one of %s)", line, identifiers(text))
	}
	inside := false
	for from := 0; ; {
		i := strings.Index(text[from:], symbol)
		if i < 0 {
			break
		}
		i += from
		if boundary(text, i, i+len(symbol)) {
			off, _ := m.Offset(Position{Line: line - 1})
			return SymbolPos{Offset: off + i, Pos: m.Position(off + i), End: m.Position(off + i + len(symbol))}, nil
		}
		inside = true
		from = i + 1
	}
	if inside {
		return SymbolPos{}, fmt.Errorf("symbol: %s stands on line %d only inside longer identifiers; the identifiers there are %s", clip.Quote(symbol), line, identifiers(text))
	}
	return SymbolPos{}, fmt.Errorf("symbol: %s is not on line %d; the identifiers there are %s", clip.Quote(symbol), line, identifiers(text))
}

// boundary reports whether text[i:j] is not glued to identifier
// characters on either side.
func boundary(text string, i, j int) bool {
	if i > 0 {
		if r, _ := utf8.DecodeLastRuneInString(text[:i]); isIdent(r) && startsIdent(text[i:j]) {
			return false
		}
	}
	if j < len(text) {
		if r, _ := utf8.DecodeRuneInString(text[j:]); isIdent(r) && endsIdent(text[i:j]) {
			return false
		}
	}
	return true
}

func isIdent(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

func startsIdent(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return isIdent(r)
}

func endsIdent(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return isIdent(r)
}

// identifiers lists the identifiers of a line, for an error message.
func identifiers(text string) string {
	words := strings.FieldsFunc(text, func(r rune) bool { return !isIdent(r) })
	var out []string
	seen := map[string]bool{}
	for _, w := range words {
		if r, _ := utf8.DecodeRuneInString(w); unicode.IsDigit(r) || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	if len(out) == 0 {
		return "none (the line has no identifier)"
	}
	return strings.Join(out, ", ")
}
