package tools

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/internal/javac"
	"github.com/agenttools/agenttools/internal/peers"
)

// TestASTEditJavaCorpus: ast_edit rewrites $X.equals("") to $X.isEmpty()
// across a copy of the Java corpus (the JDK 17's sources and the Java 21
// files, scripts/peers.sh javacorpus), resolve writes it, and every file
// it wrote still parses with javac: javac 17, or, for a Java 21 file
// javac 17 cannot read, java-parser.
func TestASTEditJavaCorpus(t *testing.T) {
	files := javac.RequireCorpus(t)
	tools := javac.Require(t)
	top, err := peers.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	from := filepath.Join(top, javac.CorpusRoot)
	dir := t.TempDir()
	for _, f := range files {
		rel, err := filepath.Rel(from, f.Path)
		if err != nil {
			t.Fatal(err)
		}
		if err := copyFile(f.Path, filepath.Join(dir, rel)); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Registry(&Run{Dir: dir, Grammars: bundled.Registry(), Yes: true})
	if err != nil {
		t.Fatal(err)
	}
	r := stage(t, d, map[string]any{"pattern": `$X.equals("")`, "rewrite": "$X.isEmpty()", "language": "java"})
	if r.Replacements == 0 || len(r.ParseFailures) > 0 {
		t.Fatalf("ast_edit: %d replacements, parse failures %v", r.Replacements, r.ParseFailures)
	}
	if res := resolveEdit(t, d, r.EditID, "accept"); res.IsError {
		t.Fatalf("accept: %s", res.TextContent())
	}
	var written, before []string
	for _, f := range r.Files {
		written = append(written, filepath.Join(dir, f.File))
		before = append(before, filepath.Join(from, f.File))
	}
	ctx := context.Background()
	after, err := tools.Parse(ctx, written)
	if err != nil {
		t.Fatal(err)
	}
	was, err := tools.Parse(ctx, before)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range after {
		switch {
		case v.OK:
		case was[i].OK:
			t.Errorf("%s: javac 17 read it before the rewrite and not after: %v", r.Files[i].File, v.Errors)
		default:
			jp := javac.RequireJavaParser(t)
			out, err := jp.JavaParser(ctx, written[i:i+1])
			if err != nil {
				t.Fatal(err)
			}
			if !out[0].OK {
				t.Errorf("%s: neither javac 17 nor java-parser reads it after the rewrite: %+v", r.Files[i].File, out[0])
			}
		}
	}
	t.Logf("%d replacements in %d files of %d, each file still parsed by javac", r.Replacements, len(r.Files), len(files))
}

// copyFile copies the file from to the path to, making its folder.
func copyFile(from, to string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
