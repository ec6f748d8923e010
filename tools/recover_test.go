package tools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRegistryRecoversWrites leaves the journal of a write that died
// before its commit point, as a killed process would, and checks that
// building the registry removes it, with the sidecar it names, and tells
// Notify so.
func TestRegistryRecoversWrites(t *testing.T) {
	dir := t.TempDir()
	journal := filepath.Join(dir, ".agenttools-journal-00112233aabb")
	staged := filepath.Join(dir, ".a.go.agenttools-00112233aabb.new")
	if err := os.WriteFile(journal, []byte(`{"journal":"agenttools safefs journal 1"}`+"\n"+`{"op":"create","path":"a.go","after":"00"}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(staged, []byte("package a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var said []string
	if _, err := Registry(&Run{Dir: dir, Notify: func(msg string) { said = append(said, msg) }}); err != nil {
		t.Fatal(err)
	}
	if len(said) != 1 || !strings.HasPrefix(said[0], "rolled back an interrupted write of 1 file in ") {
		t.Errorf("Notify was told %q, want one rollback", said)
	}
	for _, p := range []string{journal, staged} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s is still there (%v)", filepath.Base(p), err)
		}
	}
}
