package search

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFile reads files whose size is not what the stat said: one
// that grew after it (read whole), one that shrank (read as it is now),
// and an empty one.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, text string
		stat       int64
	}{
		{"same", "int x;\n", 7},
		{"grew", strings.Repeat("int x;\n", 1000), 7},
		{"shrank", "int x;\n", 700},
		{"empty", "", 0},
		{"empty-then-grew", "int x;\n", 0},
	} {
		path := filepath.Join(dir, tc.name+".c")
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readFile(path, tc.stat)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if string(got) != tc.text {
			t.Errorf("%s: read %d bytes, want %d", tc.name, len(got), len(tc.text))
		}
	}
	if _, err := readFile(filepath.Join(dir, "missing.c"), 10); err == nil || !strings.Contains(err.Error(), "missing.c") {
		t.Errorf("a missing file: got %v, want an error that names it", err)
	}
}
