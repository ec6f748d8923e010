package python

import (
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"github.com/agenttools/agenttools/grammars"
)

// tokenizeScript prints, for each file on stdin that is UTF-8 and that
// ast.parse accepts, a JSON list of [byte offset, text] for each token of
// Python's own tokenize module, leaving out what is no leaf of our tree:
// NEWLINE, NL, INDENT, DEDENT, COMMENT, ENDMARKER and semicolons. For any
// other file it prints null. Python 3.11's tokenize reads an f-string as
// one STRING token, as our lexer does; the parser takes it apart, so an
// f_string node stands for one token here.
const tokenizeScript = `
import ast, codecs, io, json, sys, tokenize, warnings
warnings.simplefilter("ignore")
skip = {tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT,
        tokenize.COMMENT, tokenize.ENDMARKER, tokenize.ENCODING}
for path in sys.stdin:
    path = path.rstrip("\n")
    src = open(path, "rb").read()
    try:
        if tokenize.detect_encoding(io.BytesIO(src).readline)[0] not in ("utf-8", "utf-8-sig"):
            raise ValueError("not UTF-8")
        ast.parse(src)
        off = 3 if src.startswith(codecs.BOM_UTF8) else 0
        lines = src[off:].decode("utf-8").split("\n")
        starts = []
        for line in lines:
            starts.append(off)
            off += len(line.encode("utf-8")) + 1
        toks, prev = [], None
        for tok in tokenize.tokenize(io.BytesIO(src).readline):
            if tok.type in skip or tok.string == ";":
                continue
            if tok.type in (tokenize.NAME, tokenize.ERRORTOKEN) and prev == (tokenize.NAME, tok.start):
                # tokenize.py reads a name as \w+, CPython's own tokenizer
                # as XID_Continue characters: glue back what \w misses.
                toks[-1][1] += tok.string
                prev = (tokenize.NAME, tok.end)
                continue
            row, col = tok.start
            toks.append([starts[row - 1] + len(lines[row - 1][:col].encode("utf-8")), tok.string])
            prev = (tok.type, tok.end)
        print(json.dumps(toks))
    except Exception:
        print("null")
`

// TestFidelity parses a sample of python3's standard library and checks
// that the tree's leaves are the tokens of Python's own tokenizer, in
// order, at the same offsets and with the same text, and that every node
// lies inside its parent, after its previous sibling.
func TestFidelity(t *testing.T) {
	py := python3(t)
	files := stdlibSample(t, py, fidelityFiles())
	lines := runPython(t, py, tokenizeScript, files)
	checked := 0
	for i, f := range files {
		var want [][2]any
		if err := json.Unmarshal([]byte(lines[i]), &want); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if want == nil {
			continue // not UTF-8, or python3 rejects it
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := Language.Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if len(tree.Errors) > 0 {
			t.Errorf("%s: %v", f, tree.Errors)
			continue
		}
		checkLeaves(t, f, tree, want)
		checkRanges(t, f, tree)
		checked++
	}
	if checked < len(files)/2 {
		t.Errorf("only %d of %d files checked", checked, len(files))
	}
}

// fidelityFiles is the sample size; AGENTTOOLS_PYTHON_FILES=0 checks the
// whole standard library.
func fidelityFiles() int {
	if n, err := strconv.Atoi(os.Getenv("AGENTTOOLS_PYTHON_FILES")); err == nil {
		return n
	}
	return 150
}

func checkLeaves(t *testing.T, name string, tree *grammars.Tree, want [][2]any) {
	t.Helper()
	tokens := tokenNodes(tree)
	for i, w := range want {
		off, text := uint32(w[0].(float64)), w[1].(string)
		if i >= len(tokens) {
			t.Errorf("%s: the tree has %d tokens; tokenize goes on with %q at offset %d", name, len(tokens), text, off)
			return
		}
		n := tree.Nodes[tokens[i]]
		if got := tree.Text(tokens[i]); got != text || n.Start != off {
			t.Errorf("%s: token %d is %q at %d, tokenize says %q at %d", name, i, got, n.Start, text, off)
			return
		}
	}
	if len(want) != len(tokens) {
		t.Errorf("%s: %d tokens, tokenize has %d", name, len(tokens), len(want))
	}
}

// tokenNodes returns, in file order, the leaves of the tree, but for an
// f-string the f_string node: the lexer's token.
func tokenNodes(tree *grammars.Tree) []int32 {
	var out []int32
	tree.Walk(func(n int32) bool {
		if k := tree.Nodes[n].Kind; k == nFString || len(tree.Children(n)) == 0 {
			if k != nModule {
				out = append(out, n)
			}
			return false
		}
		return true
	})
	return out
}

func checkRanges(t *testing.T, name string, tree *grammars.Tree) {
	t.Helper()
	for _, m := range tree.Misplaced(5) {
		t.Errorf("%s: %s", name, m)
	}
}
