package udiff

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestApply(t *testing.T) {
	const base = "one\ntwo\nthree\nfour\nfive\nsix\nseven\n"
	tests := []struct {
		name    string
		content string
		patch   string
		want    string
		wantErr string
	}{
		{
			name:    "replace a line",
			content: base,
			patch:   "--- a/f\n+++ b/f\n@@ -2,3 +2,3 @@\n two\n-three\n+THREE\n four\n",
			want:    "one\ntwo\nTHREE\nfour\nfive\nsix\nseven\n",
		},
		{
			name:    "hunk found away from its stated line",
			content: "zero\nzero\n" + base,
			patch:   "--- a/f\n+++ b/f\n@@ -2,3 +2,3 @@\n two\n-three\n+THREE\n four\n@@ -6,2 +6,2 @@\n six\n-seven\n+SEVEN\n",
			want:    "zero\nzero\none\ntwo\nTHREE\nfour\nfive\nsix\nSEVEN\n",
		},
		{
			name:    "insertion",
			content: base,
			patch:   "--- a/f\n+++ b/f\n@@ -7,0 +8,2 @@\n+eight\n+nine\n",
			want:    base + "eight\nnine\n",
		},
		{
			name:    "no newline at end, both sides",
			content: "a\nb",
			patch:   "--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n",
			want:    "a\nc",
		},
		{
			name:    "adding a final newline",
			content: "a\nb",
			patch:   "--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n",
			want:    "a\nb\n",
		},
		{
			name:    "create",
			content: "",
			patch:   "--- /dev/null\n+++ b/new.go\n@@ -0,0 +1,2 @@\n+package x\n+\n",
			want:    "package x\n\n",
		},
		{
			name:    "context that is not there",
			content: base,
			patch:   "--- a/f\n+++ b/f\n@@ -2,3 +2,3 @@\n two\n-tree\n+THREE\n four\n",
			wantErr: "hunk 1 (patch line 3) does not apply",
		},
		{
			name:    "second hunk before the first",
			content: base,
			patch:   "--- a/f\n+++ b/f\n@@ -5,1 +5,1 @@\n-five\n+FIVE\n@@ -1,1 +1,1 @@\n-one\n+ONE\n",
			wantErr: "hunk 2",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fps, err := Parse(tc.patch)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			got, err := Apply(tc.content, fps[0])
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Apply error = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Apply: %v", err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Apply (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseFiles(t *testing.T) {
	patch := `diff --git a/x.go b/x.go
index 1111111..2222222 100644
--- a/x.go
+++ b/x.go
@@ -1 +1 @@
-a
+b
diff --git a/gone.txt b/gone.txt
deleted file mode 100644
--- a/gone.txt
+++ /dev/null
@@ -1,1 +0,0 @@
-bye
--- /dev/null
+++ b/dir/new.txt	2026-01-01 00:00:00
@@ -0,0 +1 @@
+hi
`
	fps, err := Parse(patch)
	if err != nil {
		t.Fatal(err)
	}
	type file struct{ Old, New string }
	var got []file
	for _, f := range fps {
		got = append(got, file{f.OldPath, f.NewPath})
	}
	want := []file{{"x.go", "x.go"}, {"gone.txt", ""}, {"", "dir/new.txt"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ patch, want string }{
		{"", "no file headers"},
		{"just prose\n", "no file headers"},
		{"@@ -1 +1 @@\n-a\n+b\n", "before any ---/+++"},
		{"--- a\n+++ b\n", "no hunks"},
		{"--- a\n+++ b\n@@ -1,2 +1,2 @@\n-a\n+b\n", "hunk ends early"},
		{"--- a\n+++ b\n@@ -x +1 @@\n", "bad line number"},
		{"--- a\n+++ b\n@@ -1 +1 @@\n*a\n", "must start with"},
		{"--- /dev/null\n+++ /dev/null\n@@ -0,0 +0,0 @@\n", "both sides"},
	}
	for _, tc := range tests {
		_, err := Parse(tc.patch)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) error = %v, want one containing %q", tc.patch, err, tc.want)
		}
	}
}
