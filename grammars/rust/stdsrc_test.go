package rust

import (
	"errors"
	"fmt"
	"html"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/internal/peers"
)

// The standard library of the installed rustc. rustup's rust-src
// component puts its sources under the sysroot; without it, the
// rust-docs component still carries every file the documentation was
// built from, as the HTML pages of its "source" view, and those give the
// files back exactly: the text of the highlighted code, less the line
// numbers, with its entities decoded.

// toolchainEdition is the edition the standard library's crates are
// built in since Rust 1.87, written into the Cargo.toml of each crate of
// an extracted library so that editions finds it as for any crate.
const toolchainEdition = "2024"

// toolchainStd returns the library folder of the installed rustc: the
// rust-src component's when it is installed, else the sources of the
// rust-docs component's pages, extracted once into
// .peers/rust-std/VERSION.
func toolchainStd(t testing.TB) (string, error) {
	t.Helper()
	rustc := peers.Require(t, "rustc")
	out, err := exec.Command(rustc, "--print", "sysroot").Output()
	if err != nil {
		return "", fmt.Errorf("%s --print sysroot: %w", rustc, err)
	}
	sysroot := strings.TrimSpace(string(out))
	src := filepath.Join(sysroot, "lib", "rustlib", "src", "rust", "library")
	if _, err := os.Stat(filepath.Join(src, "core", "src", "lib.rs")); err == nil {
		return src, nil
	}
	pages := filepath.Join(sysroot, "share", "doc", "rust", "html", "src")
	if _, err := os.Stat(filepath.Join(pages, "core", "lib.rs.html")); err != nil {
		return "", fmt.Errorf("%s has neither rust-src nor rust-docs: rustup component add rust-src", sysroot)
	}
	version, err := exec.Command(rustc, "-V").Output()
	if err != nil {
		return "", fmt.Errorf("%s -V: %w", rustc, err)
	}
	top, err := peers.ModuleRoot()
	if err != nil {
		return "", err
	}
	// rustc 1.95.0 (59807616e 2026-04-14) → 1.95.0-59807616e
	f := strings.Fields(string(version))
	name := strings.Join(f[1:min(len(f), 3)], "-")
	name = strings.Trim(strings.ReplaceAll(name, "(", ""), "-")
	dst := filepath.Join(top, ".peers", "rust-std", name, "library")
	if err := extractRustdocSources(pages, dst); err != nil {
		return "", fmt.Errorf("extracting the sources of %s: %w", pages, err)
	}
	return dst, nil
}

// extractRustdocSources writes the source of every page under pages
// (CRATE/PATH.rs.html) to dst/CRATE/src/PATH.rs, and a Cargo.toml with
// toolchainEdition to dst/CRATE. A file named done marks a whole
// extraction, which is not done again.
func extractRustdocSources(pages, dst string) error {
	done := filepath.Join(dst, "done")
	if _, err := os.Stat(done); err == nil {
		return nil
	}
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	crates := map[string]bool{}
	err := filepath.WalkDir(pages, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rs.html") {
			return err
		}
		rel, _ := filepath.Rel(pages, p)
		crate, path, ok := strings.Cut(filepath.ToSlash(rel), "/")
		if !ok {
			return nil
		}
		page, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		text, err := rustdocSource(page)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		out := filepath.Join(dst, crate, "src", filepath.FromSlash(strings.TrimSuffix(path, ".html")))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		crates[crate] = true
		return os.WriteFile(out, []byte(text), 0o644)
	})
	if err != nil {
		return err
	}
	for c := range crates {
		manifest := fmt.Sprintf("[package]\nname = %q\nedition = %q\n", c, toolchainEdition)
		if err := os.WriteFile(filepath.Join(dst, c, "Cargo.toml"), []byte(manifest), 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(done, nil, 0o644)
}

// rustdocSource returns the source file a rustdoc source page shows: the
// text inside its <pre class="rust"><code>, without the tags of the
// highlighting and the links, without the line numbers (the elements
// marked data-nosnippet), and with its entities decoded.
func rustdocSource(page []byte) (string, error) {
	s := string(page)
	const open, close = `<pre class="rust"><code>`, `</code></pre>`
	i := strings.Index(s, open)
	if i < 0 {
		return "", errors.New("no " + open)
	}
	s = s[i+len(open):]
	j := strings.Index(s, close)
	if j < 0 {
		return "", errors.New("no " + close)
	}
	s = s[:j]
	var b strings.Builder
	for s != "" {
		lt := strings.IndexByte(s, '<')
		if lt < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:lt])
		gt := strings.IndexByte(s[lt:], '>')
		if gt < 0 {
			return "", errors.New("a tag with no end")
		}
		tag := s[lt : lt+gt+1]
		s = s[lt+gt+1:]
		if !strings.Contains(tag, "data-nosnippet") {
			continue
		}
		// A line number: drop the element with its text.
		name, _, _ := strings.Cut(strings.TrimPrefix(tag, "<"), " ")
		end := strings.Index(s, "</"+name+">")
		if end < 0 {
			return "", fmt.Errorf("no end to %s", tag)
		}
		s = s[end+len(name)+3:]
	}
	return html.UnescapeString(b.String()), nil
}

// TestRustdocSource checks how a source page gives its file back.
func TestRustdocSource(t *testing.T) {
	page := `<html><body><main><pre class="rust"><code>` +
		`<a href=#1 id=1 data-nosnippet>1</a><span class="doccomment">//! A &amp; B</span>` + "\n" +
		`<a href=#2 id=2 data-nosnippet>2</a><span class="kw">fn </span><a href="../x.rs.html#3">f</a>&lt;T: [<span class="kw">const</span>] Tr&gt;() {}` + "\n" +
		`</code></pre></main></body></html>`
	got, err := rustdocSource([]byte(page))
	if err != nil {
		t.Fatal(err)
	}
	want := "//! A & B\nfn f<T: [const] Tr>() {}\n"
	if got != want {
		t.Errorf("rustdocSource = %q, want %q", got, want)
	}
}
