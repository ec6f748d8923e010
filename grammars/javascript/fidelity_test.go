package javascript

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/grammars/gramtest"
)

// The corpus is the npm packages `make test` installs into
// .peers/jscorpus (or a copy in /tmp/jscorpus): TypeScript's own
// declarations and compiler, rxjs, effect, tldraw and npm.

// corpusRoot returns the corpus's node_modules folder, or "" when there
// is none.
func corpusRoot(t testing.TB) string {
	t.Helper()
	for _, d := range []string{filepath.Join("..", "..", ".peers", "jscorpus", "node_modules"), "/tmp/jscorpus/node_modules"} {
		if st, err := os.Stat(filepath.Join(d, "typescript", "lib")); err == nil && st.IsDir() {
			abs, err := filepath.Abs(d)
			if err != nil {
				t.Fatal(err)
			}
			return abs
		}
	}
	if os.Getenv("AGENTTOOLS_REQUIRE_PEERS") == "1" {
		t.Fatal("the JavaScript corpus is missing: no .peers/jscorpus/node_modules/typescript (make test installs it)")
	}
	t.Skip("the JavaScript corpus is missing: no .peers/jscorpus/node_modules/typescript or /tmp/jscorpus; make test installs it")
	return ""
}

// A corpusPart is one part of the corpus, read in one dialect.
type corpusPart struct {
	name  string
	l     *grammars.Language
	files []string
}

// corpusParts lists the corpus's files by part.
func corpusParts(t testing.TB, root string) []corpusPart {
	t.Helper()
	walk := func(l *grammars.Language, only func(string) bool, dirs ...string) []string {
		var out []string
		for _, dir := range dirs {
			filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() && l.ForFile(p) && (only == nil || only(p)) {
					out = append(out, p)
				}
				return nil
			})
		}
		sort.Strings(out)
		return out
	}
	dts := func(p string) bool { return strings.HasSuffix(p, ".d.ts") }
	inSrc := func(p string) bool {
		return strings.Contains(p, string(filepath.Separator)+"src"+string(filepath.Separator))
	}
	tldraw := []string{"tldraw"}
	if m, _ := filepath.Glob(filepath.Join(root, "@tldraw", "*")); len(m) > 0 {
		for _, d := range m {
			rel, _ := filepath.Rel(root, d)
			tldraw = append(tldraw, rel)
		}
	}
	return []corpusPart{
		{"typescript/lib/*.d.ts", TypeScript, walk(TypeScript, dts, "typescript/lib")},
		{"typescript/lib/typescript.js", JavaScript, walk(JavaScript, func(p string) bool { return filepath.Base(p) == "typescript.js" }, "typescript/lib")},
		{"rxjs/src", TypeScript, walk(TypeScript, nil, "rxjs/src")},
		{"effect/src", TypeScript, walk(TypeScript, nil, "effect/src")},
		{"tldraw src .tsx", TSX, walk(TSX, inSrc, tldraw...)},
		{"npm/lib", JavaScript, walk(JavaScript, nil, "npm/lib")},
	}
}

// leafSpans returns the [start, end) of each leaf of tree, the ; of a
// for header left out.
func leafSpans(tree *grammars.Tree) []grammars.Span {
	var out []grammars.Span
	for _, n := range tree.Leaves() {
		nd := tree.Nodes[n]
		if nd.Kind == tSemi { // the ; of a for header; TypeScript's are left out
			continue
		}
		out = append(out, grammars.Span{Start: nd.Start, End: nd.End})
	}
	return out
}

// checkFidelity checks that tree's leaves are its language's tokens of
// src, in order, but for the terminators that are no leaves: a statement's or
// member's ;, and the , that ends a member of an object type or an
// interface. It checks that the tree nests properly too.
func checkFidelity(t *testing.T, name string, src []byte, tree *grammars.Tree) {
	t.Helper()
	gramtest.Fidelity(t, name, src, tree, func(tok grammars.Token) bool { return isTerminator(tree, tok.Kind, tok.Span) })
}

// isTerminator reports whether the token at s is a terminator that is no
// leaf: a ;, or a , inside an object type or interface body.
func isTerminator(tree *grammars.Tree, k grammars.Kind, s grammars.Span) bool {
	switch k {
	case tSemi:
		return true
	case tComma:
		n := tree.Root
	descend:
		for {
			for _, c := range tree.Children(n) {
				if cn := tree.Nodes[c]; cn.Start <= s.Start && s.End <= cn.End && cn.Count > 0 {
					n = c
					continue descend
				}
			}
			break
		}
		k = tree.Nodes[n].Kind
		return k == nObjectType || k == nInterfaceBody || k == nMappedType
	}
	return false
}

func spanText(src []byte, s []grammars.Span, i int) string {
	if i >= len(s) {
		return "(none)"
	}
	return fmt.Sprintf("%q at %d", src[s[i].Start:s[i].End], s[i].Start)
}

// TestFidelity: for every dialect, on the fixtures and on the corpus
// when it is present, a tree's leaves are its lexer's tokens and nest
// properly.
func TestFidelity(t *testing.T) {
	for _, d := range dialects {
		path := filepath.Join("testdata", "forms"+d.ext)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range []*grammars.Language{TypeScript, TSX, JavaScript} {
			tree, _ := l.Parse(src)
			if len(tree.Errors) == 0 {
				checkFidelity(t, l.ID+" "+path, src, tree)
			} else if l == d.l {
				t.Errorf("%s: %v", path, tree.Errors)
			}
		}
	}
	root := corpusRoot(t)
	for _, part := range corpusParts(t, root) {
		for _, f := range part.files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			tree, _ := part.l.Parse(src)
			if len(tree.Errors) == 0 {
				checkFidelity(t, f, src, tree)
			}
		}
	}
}

// tokensScript prints, for each file path on stdin, null when
// TypeScript's parser reports a syntax error in it, "ok" when it does not
// and the file is not in the token sample, and otherwise the [start, end)
// byte offsets of TypeScript's tokens, from the leaves of its AST, as a
// JSON list: with no ;, no , ending a type member (neither is a leaf of
// ours), templates split into `, text, ${ and } as ours are, JSX text
// trimmed of its white space and dropped when that is all it is, and </
// split into < and /.
const tokensScript = `
const ts = require(process.argv[1]);
const fs = require('fs');
const K = ts.SyntaxKind;
const typeElem = new Set([K.PropertySignature, K.MethodSignature, K.CallSignature, K.ConstructSignature, K.IndexSignature, K.GetAccessor, K.SetAccessor]);
for (const line of fs.readFileSync(0, 'utf8').split('\n').filter(Boolean)) {
  const [p, mode] = line.split('\t');
  const text = fs.readFileSync(p, 'utf8');
  let kind = ts.ScriptKind.TS;
  if (/\.tsx$/.test(p)) kind = ts.ScriptKind.TSX;
  else if (/\.(m|c)?js$/.test(p)) kind = ts.ScriptKind.JS;
  else if (/\.jsx$/.test(p)) kind = ts.ScriptKind.JSX;
  const sf = ts.createSourceFile(p, text, ts.ScriptTarget.Latest, true, kind);
  if (sf.parseDiagnostics.length) { console.log('null'); continue; }
  if (mode !== 'tokens') { console.log('"ok"'); continue; }
  const b8 = new Uint32Array(text.length + 1);
  for (let i = 0, b = 0; i <= text.length; i++) {
    b8[i] = b;
    const c = text.charCodeAt(i);
    if (c < 0x80) b += 1; else if (c < 0x800) b += 2; else if (c >= 0xD800 && c < 0xDC00) { b += 4; i++; b8[i] = b; } else b += 3;
  }
  const out = [];
  const push = (s, e) => { if (e > s) out.push(b8[s], b8[e]); };
  const visit = (n, parent) => {
    if (n.kind >= K.FirstJSDocNode && n.kind <= K.LastJSDocNode || n.kind === K.EndOfFileToken) return;
    const kids = n.getChildren(sf);
    const isTemplate = n.kind >= K.FirstTemplateToken && n.kind <= K.LastTemplateToken;
    if (kids.length && n.kind !== K.JsxText && !isTemplate) { for (const c of kids) visit(c, n); return; }
    const s = n.getStart(sf), e = n.getEnd();
    switch (n.kind) {
    case K.SemicolonToken: return;
    case K.CommaToken: if (parent && typeElem.has(parent.kind)) return; break;
    case K.NoSubstitutionTemplateLiteral: case K.TemplateTail: push(s, s + 1); push(s + 1, e - 1); push(e - 1, e); return;
    case K.TemplateHead: case K.TemplateMiddle: push(s, s + 1); push(s + 1, e - 2); push(e - 2, e); return;
    case K.JsxText: case K.JsxTextAllWhiteSpaces: {
      const t = text.slice(s, e), lead = /^[ \t\n\r\v\f]*/.exec(t)[0].length, trimmed = t.replace(/[ \t\n\r\v\f]+$/, '').length;
      if (trimmed > lead) push(s + lead, s + trimmed);
      return;
    }
    case K.LessThanSlashToken: push(s, s + 1); push(s + 1, e); return;
    }
    push(s, e);
  };
  visit(sf, null);
  console.log(JSON.stringify(out));
}
`

// TestAgainstTypeScript runs TypeScript's own parser over the corpus:
// of the files it accepts, at least 99.5% of each part must parse with
// no error, and in a sample of them (every file with
// AGENTTOOLS_JS_TOKENS=all) our leaves must be TypeScript's tokens.
func TestAgainstTypeScript(t *testing.T) {
	root := corpusRoot(t)
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("AGENTTOOLS_REQUIRE_PEERS") == "1" {
			t.Fatal("node is missing")
		}
		t.Skip("node is missing")
	}
	every := 4
	if os.Getenv("AGENTTOOLS_JS_TOKENS") == "all" {
		every = 1
	}
	parts := corpusParts(t, root)
	var lines []string
	for _, part := range parts {
		for i, f := range part.files {
			mode := "accept"
			if i%every == 0 && (every == 1 || filepath.Base(f) != "typescript.js") {
				mode = "tokens"
			}
			lines = append(lines, f+"\t"+mode)
		}
	}
	cmd := exec.Command(node, "--stack-size=8000", "--max-old-space-size=8000", "-e", tokensScript, filepath.Join(root, "typescript"))
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	rd := bufio.NewReaderSize(out, 1<<20)
	for _, part := range parts {
		accepted, parsed, sampled := 0, 0, 0
		var failures []string
		for _, f := range part.files {
			line, err := rd.ReadString('\n')
			if err != nil {
				t.Fatalf("node: %v", err)
			}
			if line == "null\n" {
				continue
			}
			accepted++
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			tree, _ := part.l.Parse(src)
			if len(tree.Errors) > 0 {
				failures = append(failures, fmt.Sprintf("%s: %v", f, tree.Errors[0]))
				continue
			}
			parsed++
			if line == "\"ok\"\n" {
				continue
			}
			sampled++
			var want []uint32
			if err := json.Unmarshal([]byte(line), &want); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			compareTokens(t, f, src, want, leafSpans(tree))
		}
		rate := 100 * float64(parsed) / float64(max(accepted, 1))
		t.Logf("%s (%s): %d files, %d accepted by TypeScript, %d parse: %.2f%%; tokens compared in %d", part.name, part.l.ID, len(part.files), accepted, parsed, rate, sampled)
		if rate < 99.5 {
			t.Errorf("%s: parse rate %.2f%% is below 99.5%%", part.name, rate)
		}
		for i, f := range failures {
			if i == 10 {
				t.Logf("  and %d more", len(failures)-10)
				break
			}
			t.Logf("  FAIL %s", f)
		}
	}
}

// compareTokens reports the first difference between TypeScript's tokens
// want (start, end pairs) and our leaves.
func compareTokens(t *testing.T, name string, src []byte, want []uint32, got []grammars.Span) {
	t.Helper()
	n := len(want) / 2
	for i := 0; i < n || i < len(got); i++ {
		if i < n && i < len(got) && got[i].Start == want[2*i] && got[i].End == want[2*i+1] {
			continue
		}
		ts := "(none)"
		if i < n {
			ts = strconv.Quote(string(src[want[2*i]:want[2*i+1]])) + " at " + strconv.Itoa(int(want[2*i]))
		}
		t.Errorf("%s: token %d: TypeScript has %s, we have %s", name, i, ts, spanText(src, got, i))
		return
	}
}
