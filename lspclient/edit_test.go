package lspclient

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPlanEdit(t *testing.T) {
	disk := map[string]string{"/p/a.go": "package a\n\nfunc Old() {}\n", "/p/b.go": "package a\n\nvar _ = Old\n", "/p/gone.go": "package a\n"}
	open := func(p string) (string, []byte, bool, error) {
		if p == "/outside/x.go" {
			return "", nil, false, errors.New("outside")
		}
		s, ok := disk[p]
		if !ok {
			return p, nil, false, nil
		}
		return p, []byte(s), true, nil
	}
	at := func(line, from, to int, text string) TextEdit {
		return TextEdit{Range: Range{Start: Position{line, from}, End: Position{line, to}}, NewText: text}
	}
	raw := func(v any) json.RawMessage { b, _ := json.Marshal(v); return b }
	edit := &WorkspaceEdit{
		Changes: map[string][]TextEdit{FileURI("/p/b.go"): {at(2, 8, 11, "New")}},
		DocumentChanges: []json.RawMessage{
			raw(map[string]any{"textDocument": map[string]any{"uri": FileURI("/p/a.go"), "version": 1}, "edits": []TextEdit{at(2, 5, 8, "New")}}),
			raw(map[string]any{"kind": "rename", "oldUri": FileURI("/p/a.go"), "newUri": FileURI("/p/c.go")}),
			raw(map[string]any{"kind": "delete", "uri": FileURI("/p/gone.go")}),
			raw(map[string]any{"kind": "create", "uri": FileURI("/p/new.go")}),
		},
	}
	got, err := PlanEdit(edit, "utf-16", open)
	if err != nil {
		t.Fatal(err)
	}
	want := []FileEdit{
		{Path: "/p/a.go", Existed: true, Before: []byte(disk["/p/a.go"]), After: []byte("package a\n\nfunc New() {}\n"), Delete: true, Edits: 1, Op: "renamed"},
		{Path: "/p/b.go", Existed: true, Before: []byte(disk["/p/b.go"]), After: []byte("package a\n\nvar _ = New\n"), Edits: 1},
		{Path: "/p/c.go", After: []byte("package a\n\nfunc New() {}\n"), RenamedFrom: "/p/a.go"},
		{Path: "/p/gone.go", Existed: true, Before: []byte(disk["/p/gone.go"]), After: []byte(disk["/p/gone.go"]), Delete: true, Op: "deleted"},
		{Path: "/p/new.go", Op: "created"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for name, bad := range map[string]*WorkspaceEdit{
		"overlap":      {Changes: map[string][]TextEdit{FileURI("/p/b.go"): {at(2, 0, 5, "x"), at(2, 3, 8, "y")}}},
		"outside":      {Changes: map[string][]TextEdit{FileURI("/outside/x.go"): {at(0, 0, 0, "x")}}},
		"onto a file":  {DocumentChanges: []json.RawMessage{raw(map[string]any{"kind": "rename", "oldUri": FileURI("/p/a.go"), "newUri": FileURI("/p/b.go")})}},
		"unknown kind": {DocumentChanges: []json.RawMessage{raw(map[string]any{"kind": "copy", "uri": FileURI("/p/a.go")})}},
	} {
		if _, err := PlanEdit(bad, "utf-16", open); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
