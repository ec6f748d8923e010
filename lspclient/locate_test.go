package lspclient

import (
	"testing"
)

func TestLocate(t *testing.T) {
	src := []byte("package a\n\nfunc é() { xgreet := greet(\"greet\") }\n")
	m := NewMapper(src, "utf-16")
	for _, tc := range []struct {
		line   int
		symbol string
		want   SymbolPos
		err    string
	}{
		// greet inside xgreet is passed over; the position counts é as one
		// UTF-16 unit, the offset as two bytes.
		{3, "greet", SymbolPos{Offset: 33, Pos: Position{Line: 2, Character: 21}, End: Position{Line: 2, Character: 26}}, ""},
		{3, "gree", SymbolPos{}, `symbol: "gree" stands on line 3 only inside longer identifiers; the identifiers there are func, é, xgreet, greet`},
		{3, "nosuch", SymbolPos{}, `symbol: "nosuch" is not on line 3; the identifiers there are func, é, xgreet, greet`},
		{3, "", SymbolPos{}, "symbol: required with a line; give the identifier as it is written on line 3 (one of func, é, xgreet, greet)"},
		{9, "greet", SymbolPos{}, "line: 9 is past the end of the file (3 lines)"},
	} {
		got, err := m.Locate(tc.line, tc.symbol)
		if msg := errString(err); msg != tc.err || got != tc.want {
			t.Errorf("Locate(%d, %q) = %+v, %q; want %+v, %q", tc.line, tc.symbol, got, msg, tc.want, tc.err)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
