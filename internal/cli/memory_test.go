package cli

import (
	"testing"

	"github.com/agenttools/agenttools/search"
)

func TestByteSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want byteSize
		back string
	}{
		{"512MiB", 512 << 20, "512MiB"}, {"2GiB", 2 << 30, "2GiB"}, {"300MB", 300e6, "300000000"},
		{"0", 0, "0"}, {"auto", autoMemoryLimit, "auto"}, {"1048576", 1 << 20, "1MiB"},
	} {
		var b byteSize
		if err := b.Set(tc.in); err != nil || b != tc.want || b.String() != tc.back {
			t.Errorf("Set(%q) = %d (%s), %v; want %d (%s)", tc.in, b, b.String(), err, tc.want, tc.back)
		}
	}
	for _, bad := range []string{"-1MiB", "lots", "12XB"} {
		var b byteSize
		if err := b.Set(bad); err == nil {
			t.Errorf("Set(%q) took it as %d", bad, b)
		}
	}
}

// TestDefaultMemoryLimit: the working memory and the cache's budget, so
// a one-shot call (no cache) gets the working memory alone; never more
// than three quarters of the container's limit, when there is one.
func TestDefaultMemoryLimit(t *testing.T) {
	call, session := DefaultMemoryLimit(0), DefaultMemoryLimit(search.DefaultCacheBudget)
	if call > workingMemory || session > workingMemory+search.DefaultCacheBudget || session-call > search.DefaultCacheBudget {
		t.Errorf("call %d, session %d: want at most %d and %d", call, session, workingMemory, workingMemory+search.DefaultCacheBudget)
	}
	if call <= 0 || session < call {
		t.Errorf("call %d, session %d", call, session)
	}
	f := newFlags("call")
	if err := f.fs.Parse(nil); err != nil || f.memoryLimit != autoMemoryLimit {
		t.Errorf("--memory-limit defaults to %v, want auto", f.memoryLimit)
	}
	f.cacheMB = 0
	r := f.run(nil)
	closeRun(r)
	if r.MemoryLimit != call {
		t.Errorf("a call's run has MemoryLimit %d, want %d", r.MemoryLimit, call)
	}
	f.memoryLimit = 0
	r = f.run(nil)
	closeRun(r)
	if r.MemoryLimit != 0 {
		t.Errorf("--memory-limit 0: MemoryLimit %d", r.MemoryLimit)
	}
}
