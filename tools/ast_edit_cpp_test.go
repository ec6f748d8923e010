package tools

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/internal/clangxx"
	"github.com/agenttools/agenttools/internal/peers"
)

// TestASTEditCppCorpus: ast_edit rewrites NULL to nullptr and
// $X.size() == 0 to $X.empty() across a copy of the C++ corpus's sample
// (the files clang++-14 accepts), resolve writes them, and every file it
// wrote still passes clang's -fsyntax-only, its quoted includes found
// beside the original. The copies are named .hpp, so that libstdc++'s
// headers with no extension are C++'s too.
func TestASTEditCppCorpus(t *testing.T) {
	clang := clangxx.Require(t)
	files := clangxx.RequireCorpus(t)
	top, err := peers.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	verdicts, _, err := clang.Judge(ctx, files, filepath.Join(top, clangxx.CachePath))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	origin := map[string]clangxx.File{} // by the copy's name
	for i, f := range files {
		if !verdicts[i].OK {
			continue
		}
		name := fmt.Sprintf("%s/%04d_%s.hpp", f.Part, i, strings.TrimSuffix(filepath.Base(f.Path), filepath.Ext(f.Path)))
		if err := copyFile(f.Path, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
		origin[name] = f
	}
	d, err := Registry(&Run{Dir: dir, Grammars: bundled.Registry(), Yes: true})
	if err != nil {
		t.Fatal(err)
	}
	written := map[string]int{}
	for _, edit := range []struct{ pattern, rewrite string }{
		{"NULL", "nullptr"},
		{"$X.size() == 0", "$X.empty()"},
	} {
		r := stage(t, d, map[string]any{"pattern": edit.pattern, "rewrite": edit.rewrite, "language": "cpp"})
		if r.Replacements == 0 {
			t.Fatalf("%s: no replacements", edit.pattern)
		}
		if res := resolveEdit(t, d, r.EditID, "accept"); res.IsError {
			t.Fatalf("accept: %s", res.TextContent())
		}
		for _, f := range r.Files {
			written[filepath.ToSlash(f.File)] += f.Replacements
		}
		t.Logf("%s → %s: %d replacements in %d files", edit.pattern, edit.rewrite, r.Replacements, len(r.Files))
	}
	var judged []clangxx.File
	var names []string
	for name := range written {
		o, ok := origin[name]
		if !ok {
			t.Fatalf("ast_edit wrote %s, no copy of the corpus", name)
		}
		flags := append(append([]string(nil), o.Flags...), "-iquote", filepath.Dir(o.Path))
		judged = append(judged, clangxx.File{Path: filepath.Join(dir, name), Part: o.Part, Flags: flags})
		names = append(names, name)
	}
	after, _, err := clang.Judge(ctx, judged, "")
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range after {
		if !v.OK {
			t.Errorf("%s (%d replacements): clang accepted it before the rewrite and not after: %d: %s", names[i], written[names[i]], v.Line, v.Msg)
		}
	}
	t.Logf("%d files of %d rewritten, each still accepted by clang", len(judged), len(origin))
}
