package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestScan runs rule files through the built binary, as ast-grep's scan
// -r is run: the matches with severity, id and message, as text or JSON;
// exit 1 when a rule of severity error matched, 2 on a bad rule file,
// named.
func TestScan(t *testing.T) {
	dir := workdir(t)
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("warn.yml", "id: close\nlanguage: Go\nseverity: warning\nmessage: Close not deferred\nrule:\n  pattern: $X.Close()\n  not: {inside: {kind: defer_statement, stopBy: end}}\n")
	write("err.yml", "id: fn\nlanguage: go\nseverity: error\nmessage: a function\nrule: {kind: function_declaration}\n")
	write("bad.yml", "language: go\nrule: {kind: function_declaratio}\n")

	out := run(t, dir, "", "scan", "--rule", "warn.yml", ".")
	want := "warning[close]: Close not deferred\n  m.go:3:12\n    f.Close()\n1 match\n"
	if out.code != 0 || out.stdout != want {
		t.Errorf("scan warn.yml: exit %d, stdout %q, stderr %q; want 0 and %q", out.code, out.stdout, out.stderr, want)
	}
	out = run(t, dir, "", "scan", "--json", "--rule", "warn.yml", "--rule", "err.yml")
	var got []struct{ Rule, File, Text string }
	if err := json.Unmarshal([]byte(out.stdout), &got); err != nil {
		t.Fatalf("scan --json: %v: %q", err, out.stdout)
	}
	wantJSON := []struct{ Rule, File, Text string }{{"fn", "m.go", "func F() { f.Close() }"}, {"close", "m.go", "f.Close()"}}
	if diff := cmp.Diff(wantJSON, got); diff != "" || out.code != 1 {
		t.Errorf("scan --json: exit %d (want 1), matches (-want +got):\n%s", out.code, diff)
	}
	out = run(t, dir, "", "scan", "--rule", "bad.yml")
	if out.code != 2 || !strings.Contains(out.stderr, "bad.yml: rule.kind (line 2): function_declaratio is no kind of Go; nearest: function_declaration") {
		t.Errorf("scan bad.yml: exit %d, stderr %q", out.code, out.stderr)
	}
	out = run(t, dir, "", "scan", ".")
	if out.code != 2 || !strings.Contains(out.stderr, "--rule FILE") {
		t.Errorf("scan without a rule: exit %d, stderr %q", out.code, out.stderr)
	}
}
