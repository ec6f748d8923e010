package lspclient

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// A Server is one entry of the server table: how to start it, which files
// it serves, what marks a root it can serve, and the project check that
// diagnostics "*" runs.
type Server struct {
	ID         string
	Commands   [][]string // tried in order: the first whose binary is found runs
	Markers    []string   // a file's root is its nearest folder holding one
	Extensions []string
	Check      []string // the project-wide check; nil when there is none
	// InitOptions is sent as initializationOptions at initialize.
	InitOptions map[string]any
	// RootArgs, when set, returns arguments added to the command for a
	// root: a server that keeps a project's state outside the project
	// is given a folder of its own for each root.
	RootArgs func(root string) ([]string, error)
	// Static lists client capabilities, as dotted paths of the
	// capabilities object, whose dynamic registration the client does
	// not claim to this server: a server that registers a feature only
	// once it has imported the project then announces it in its answer
	// to initialize, and a request made before the import has ended
	// is not refused as unoffered.
	Static []string
}

// Table is every server agenttools knows.
var Table = []*Server{
	{ID: "gopls", Commands: [][]string{{"gopls"}}, Markers: []string{"go.work", "go.mod"},
		Extensions: []string{".go"}, Check: []string{"go", "vet", "./..."}},
	{ID: "pyright", Commands: [][]string{{"pyright-langserver", "--stdio"}, {"pylsp"}},
		Markers:    []string{"pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "pyrightconfig.json"},
		Extensions: []string{".py", ".pyi"}, Check: []string{"pyright", "--outputjson"}},
	{ID: "typescript-language-server", Commands: [][]string{{"typescript-language-server", "--stdio"}},
		Markers:    []string{"tsconfig.json", "jsconfig.json", "package.json"},
		Extensions: []string{".ts", ".tsx", ".js", ".jsx", ".mts", ".cts", ".mjs", ".cjs"}, Check: []string{"tsc", "--noEmit", "-p", "."},
		// By default a rename at an imported name renames only the
		// import's local alias (import { a as b }); a project-wide rename
		// is what lsp_rename promises.
		InitOptions: map[string]any{"preferences": map[string]any{"providePrefixAndSuffixTextForRename": false}}},
	{ID: "rust-analyzer", Commands: [][]string{{"rust-analyzer"}}, Markers: []string{"Cargo.toml"},
		Extensions: []string{".rs"}, Check: []string{"cargo", "check", "--message-format=json"}},
	{ID: "clangd", Commands: [][]string{{"clangd"}}, Markers: []string{"compile_commands.json", "compile_flags.txt", "CMakeLists.txt"},
		Extensions: []string{".c", ".h", ".cc", ".cpp", ".cxx", ".hh", ".hpp", ".hxx"}},
	{ID: "dart", Commands: [][]string{{"dart", "language-server"}}, Markers: []string{"pubspec.yaml"},
		Extensions: []string{".dart"}, Check: []string{"dart", "analyze"}},
	// Eclipse JDT LS imports Maven, Gradle and Eclipse projects; a
	// project-wide check would be a build, which needs the build tool's
	// dependencies, so there is none.
	{ID: "jdtls", Commands: [][]string{{"jdtls"}},
		Markers:    []string{"pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", ".project"},
		Extensions: []string{".java"}, RootArgs: jdtlsData, Static: []string{"workspace.symbol"}},
}

// jdtlsData gives JDT LS the workspace folder of a root, in the user's
// cache. Its launcher's default is named after the root's base name
// alone, which two checkouts of one project share, and two servers on
// one workspace folder lock each other out.
func jdtlsData(root string) ([]string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return nil, fmt.Errorf("jdtls workspace folder: %w", err)
	}
	sum := sha256.Sum256([]byte(root))
	dir := filepath.Join(cache, "agenttools", "jdtls", hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("jdtls workspace folder: %w", err)
	}
	return []string{"-data", dir}, nil
}

// ForFile returns the server of the table that serves a file, or nil.
func ForFile(path string) *Server {
	ext := strings.ToLower(filepath.Ext(path))
	for _, s := range Table {
		for _, e := range s.Extensions {
			if e == ext {
				return s
			}
		}
	}
	return nil
}

// LanguageID is the LSP language id of a file the server serves.
func (s *Server) LanguageID(path string) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".go":
		return "go"
	case ".py", ".pyi":
		return "python"
	case ".ts", ".mts", ".cts":
		return "typescript"
	case ".tsx":
		return "typescriptreact"
	case ".js", ".mjs", ".cjs":
		return "javascript"
	case ".jsx":
		return "javascriptreact"
	case ".rs":
		return "rust"
	case ".c", ".h":
		return "c"
	case ".dart":
		return "dart"
	case ".java":
		return "java"
	}
	return "cpp"
}

// Root returns the nearest folder at or above path's folder, and inside
// workdir, that holds one of the server's markers; "" when there is none.
func (s *Server) Root(path, workdir string) string {
	dir := path
	if st, err := os.Stat(path); err != nil || !st.IsDir() {
		dir = filepath.Dir(path)
	}
	for {
		for _, m := range s.Markers {
			if _, err := os.Stat(filepath.Join(dir, m)); err == nil {
				return dir
			}
		}
		if dir == workdir || !strings.HasPrefix(dir, workdir+string(filepath.Separator)) {
			return ""
		}
		dir = filepath.Dir(dir)
	}
}

// Resolve returns the first of the server's commands whose binary is
// found, with the binary's full path, or nil. It looks in PATH, GOBIN and
// GOPATH/bin, node_modules/.bin from from's folder up to root, and
// .venv/bin or venv/bin of the root.
func (s *Server) Resolve(from, root string) []string {
	for _, c := range s.Commands {
		if p := findBinary(c[0], from, root); p != "" {
			return append([]string{p}, c[1:]...)
		}
	}
	return nil
}

// FindBinary finds a program as Resolve does: PATH, GOBIN, GOPATH/bin,
// node_modules/.bin from from up to root, and root's .venv/bin or
// venv/bin; "" when it is nowhere.
func FindBinary(name, from, root string) string { return findBinary(name, from, root) }

func findBinary(name, from, root string) string {
	if p, err := exec.LookPath(name); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			return abs
		}
		return p
	}
	var dirs []string
	if gobin := os.Getenv("GOBIN"); gobin != "" {
		dirs = append(dirs, gobin)
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		if home, err := os.UserHomeDir(); err == nil {
			gopath = filepath.Join(home, "go")
		}
	}
	for _, p := range filepath.SplitList(gopath) {
		dirs = append(dirs, filepath.Join(p, "bin"))
	}
	for dir := from; dir != ""; dir = filepath.Dir(dir) {
		dirs = append(dirs, filepath.Join(dir, "node_modules", ".bin"))
		if dir == root || dir == filepath.Dir(dir) || !strings.HasPrefix(dir, root) {
			break
		}
	}
	dirs = append(dirs, filepath.Join(root, ".venv", "bin"), filepath.Join(root, "venv", "bin"))
	for _, dir := range dirs {
		for _, n := range exeNames(name) {
			p := filepath.Join(dir, n)
			if st, err := os.Stat(p); err == nil && !st.IsDir() && (runtime.GOOS == "windows" || st.Mode()&0o111 != 0) {
				return p
			}
		}
	}
	return ""
}

func exeNames(name string) []string {
	if runtime.GOOS == "windows" {
		return []string{name + ".exe", name + ".cmd", name}
	}
	return []string{name}
}

// FileURI is the file: URI of an absolute path.
func FileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// URIPath is the path of a file: URI.
func URIPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return "", fmt.Errorf("not a file URI: %q", uri)
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	return filepath.FromSlash(p), nil
}
