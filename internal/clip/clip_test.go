package clip

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuote(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"a.go", `"a.go"`},
		{strings.Repeat("x", MaxEcho), `"` + strings.Repeat("x", MaxEcho) + `"`},
		{strings.Repeat("x", 5000), `"` + strings.Repeat("x", MaxEcho) + `"… (5000 bytes)`},
		// Cut on a whole character: é is two bytes.
		{"x" + strings.Repeat("é", 200), `"x` + strings.Repeat("é", 99) + `"… (401 bytes)`},
	} {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%.20q…) = %.80q…, want %.80q…", tc.in, got, tc.want)
		}
	}
}

func TestText(t *testing.T) {
	short := "path: no such file"
	if got := Text(short); got != short {
		t.Errorf("Text(%q) = %q", short, got)
	}
	long := strings.Repeat("é", 100_000)
	got := Text(long)
	if len(got) > MaxText || !utf8.ValidString(got) || !strings.HasSuffix(got, "[cut: the message was 200000 bytes]") {
		t.Errorf("Text of 200000 bytes: %d bytes, valid %v, ends %q", len(got), utf8.ValidString(got), got[len(got)-60:])
	}
}

func TestEcho(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"src/a.go", "src/a.go"},
		{"a\nb", `"a\nb"`},
		{strings.Repeat("x", 300), `"` + strings.Repeat("x", MaxEcho) + `"… (300 bytes)`},
	} {
		if got := Echo(tc.in); got != tc.want {
			t.Errorf("Echo(%.20q) = %.80q, want %.80q", tc.in, got, tc.want)
		}
	}
}
