package dapclient

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLacks: a breakpoint's condition, hit condition and log message
// each need their capability, and Lacks names the ones missing.
func TestLacks(t *testing.T) {
	all := Capabilities{SupportsConditionalBreakpoints: true, SupportsHitConditionalBreakpoints: true, SupportsLogPoints: true}
	full := SourceBreakpoint{Line: 3, Condition: "i == 3", HitCondition: "4", LogMessage: "i={i}"}
	for _, tc := range []struct {
		name string
		caps Capabilities
		bp   SourceBreakpoint
		want []string
	}{
		{"plain line, no capabilities", Capabilities{}, SourceBreakpoint{Line: 3}, nil},
		{"all supported", all, full, nil},
		{"none supported", Capabilities{}, full, []string{"conditions (supportsConditionalBreakpoints)", "hit conditions (supportsHitConditionalBreakpoints)", "log points (supportsLogPoints)"}},
		{"no log points", Capabilities{SupportsConditionalBreakpoints: true, SupportsHitConditionalBreakpoints: true}, full, []string{"log points (supportsLogPoints)"}},
		{"condition only", Capabilities{SupportsLogPoints: true}, SourceBreakpoint{Line: 3, Condition: "x"}, []string{"conditions (supportsConditionalBreakpoints)"}},
	} {
		if diff := cmp.Diff(tc.want, Lacks(tc.caps, tc.bp)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestAdapterOfSource: a source file's extension names the adapter that
// debugs it.
func TestAdapterOfSource(t *testing.T) {
	for file, want := range map[string]string{"main.go": "delve", "a/b.py": "debugpy", "x.CPP": "lldb", "lib.rs": "lldb", "m.c": "lldb", "app.dart": "dart", "README": ""} {
		ad, _ := AdapterOfSource(file)
		if ad.ID != want {
			t.Errorf("AdapterOfSource(%s) = %q, want %q", file, ad.ID, want)
		}
	}
}
