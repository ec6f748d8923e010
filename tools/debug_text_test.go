package tools

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/google/go-cmp/cmp"
)

// TestCutValue: a long value is cut at a character boundary, never inside
// a character of several bytes.
func TestCutValue(t *testing.T) {
	for _, v := range []string{"x" + strings.Repeat("é", maxDebugValue), "xx" + strings.Repeat("世", maxDebugValue), strings.Repeat("a", maxDebugValue+1)} {
		got, cut := cutValue(v)
		if !cut || !utf8.ValidString(got) || !strings.HasSuffix(got, "…") || len(got) > maxDebugValue+len("…") {
			t.Errorf("cutValue(%.20q…) = %.20q… (%d bytes), %v", v, got, len(got), cut)
		}
	}
	if got, cut := cutValue("short"); got != "short" || cut {
		t.Errorf("cutValue(short) = %q, %v", got, cut)
	}
}

// TestDescribeBreakpointsOrder: breakpoints are listed in file and line
// order, whatever order the map of files gives.
func TestDescribeBreakpointsOrder(t *testing.T) {
	dir := t.TempDir()
	sup := dapclient.NewSupervisor(dir, dapclient.DefaultTTL)
	defer sup.Close()
	e := &env{run: &Run{Debug: sup}}
	got, asked := map[string][]dapclient.Breakpoint{}, map[string][]dapclient.SourceBreakpoint{}
	var want strings.Builder
	for i := range 12 {
		f := filepath.Join(dir, fmt.Sprintf("f%02d.go", i))
		got[f] = []dapclient.Breakpoint{{Verified: true, Line: 9}, {Verified: true, Line: 3}}
		asked[f] = []dapclient.SourceBreakpoint{{Line: 9}, {Line: 3}}
		fmt.Fprintf(&want, "f%02d.go:3 verified at line 3\nf%02d.go:9 verified at line 9\n", i, i)
	}
	for range 5 {
		if diff := cmp.Diff(want.String(), e.describeBreakpoints(got, asked)); diff != "" {
			t.Fatalf("(-want +got):\n%s", diff)
		}
	}
}
