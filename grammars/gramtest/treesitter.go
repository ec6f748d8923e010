package gramtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/internal/peers"
	"github.com/google/go-cmp/cmp"
)

// TSOracle checks a language's tree-sitter map (grammars.TreeSitter)
// against ast-grep, whose rules name tree-sitter's kinds and fields: on
// one sample file, every kind of a list drawn from the grammar's
// node-types.json must find the same byte ranges in ast-grep's parse as
// our kinds that KindsFor names find in ours, and every field of those
// kinds the same children as Tree.Field, but where Known says why the
// trees differ.
type TSOracle struct {
	Lang    *grammars.Language
	AstGrep string // ast-grep's name of the language: rust, c, dart, java
	Sample  string // the sample file, rich in the language's constructs
	// Names is a file listing tree-sitter's named kinds, a line each:
	// the kind, then the names of its fields; # starts a comment.
	Names string
	// Known maps "kind" or "kind.field" to why the two trees differ
	// there, a line each. An entry that no longer differs fails too. The
	// fields of a kind mapped to none are not compared: with no node,
	// there is no field.
	Known map[string]string
	// TrimEnd lists the tokens that end a statement or an item in
	// tree-sitter's tree but not in ours (";"): a range of theirs that
	// ends with one is compared without it, so that the one difference
	// every statement shares is said once.
	TrimEnd []string
	// TrimStart lists the tokens that start a node of ours but not
	// tree-sitter's (":", before the statements of Python's block): a
	// range, of either tree, that starts with one, or with white space
	// (tree-sitter-python's block may), is compared from after them.
	TrimStart []string
}

// tsName is one kind of the names file and its fields.
type tsName struct {
	kind   string
	fields []string
}

// Run runs ast-grep twice on the sample: a scan with a rule {kind: K}
// for each kind, and the debug print of the file parsed as a
// pattern, for the fields, since a rule {inside: {field: F}} finds only
// the first child in F where tree-sitter names several. The ast-grep
// CLI missing skips the test, or fails it under AGENTTOOLS_REQUIRE_PEERS=1.
func (o TSOracle) Run(t *testing.T) {
	t.Helper()
	sg := peers.Require(t, "ast-grep")
	names := o.names(t)
	src, err := os.ReadFile(o.Sample)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := o.Lang.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(tree.Errors) > 0 {
		t.Fatalf("%s: our parse has errors: %v", o.Sample, tree.Errors)
	}
	theirKinds := o.scanKinds(t, sg, names)
	dump := o.dumpTree(t, sg, src)

	ours := map[grammars.Kind][]int32{} // by kind, not name: a keyword may share a node's name
	tree.Walk(func(n int32) bool {
		ours[tree.Nodes[n].Kind] = append(ours[tree.Nodes[n].Kind], n)
		return true
	})
	trim := func(s, e uint32) (uint32, uint32) {
		if int(e) == len(src) && s == 0 {
			return s, e // the root: the file's last newline is its own
		}
		for _, tok := range o.TrimEnd {
			if t := src[s:e]; len(t) > len(tok) && bytes.HasSuffix(t, []byte(tok)) {
				return s, s + uint32(len(bytes.TrimRight(t[:len(t)-len(tok)], " \t\r\n")))
			}
		}
		return s, e
	}
	show := func(s, e uint32) string {
		text := string(src[s:e])
		if len(text) > 40 {
			text = text[:37] + "…"
		}
		return fmt.Sprintf("%6d-%d %q", s, e, text) // padded, to sort by start
	}
	trimStart := func(s, e uint32) (uint32, uint32) {
		if len(o.TrimStart) == 0 {
			return s, e
		}
		t := src[s:e]
		for _, tok := range o.TrimStart {
			if len(t) > len(tok) && bytes.HasPrefix(t, []byte(tok)) {
				t = t[len(tok):]
				break
			}
		}
		return e - uint32(len(bytes.TrimLeft(t, " \t\r\n"))), e
	}
	showNodes := func(ns []int32) []string {
		var out []string
		for _, n := range ns {
			out = append(out, show(trimStart(tree.Nodes[n].Start, tree.Nodes[n].End)))
		}
		return sortedSet(out)
	}

	differs := map[string]bool{}
	compare := func(key string, theirs, mine []string) bool {
		diff := cmp.Diff(theirs, mine)
		if diff == "" {
			return true
		}
		differs[key] = true
		if why, ok := o.Known[key]; ok {
			t.Logf("%s differs, as known: %s", key, why)
			return false
		}
		t.Errorf("%s: ast-grep's parse and ours differ (-ast-grep +ours):\n%s", key, diff)
		return false
	}

	var kindsMapped, kindsChecked, fieldsMapped, fieldsChecked int
	var unseen []string
	for _, nm := range names {
		kinds, ok := o.Lang.KindsFor(nm.kind)
		if !ok {
			t.Errorf("tree-sitter kind %s is neither a kind of ours nor in the map: map it to ours, or to none", nm.kind)
			continue
		}
		var mine []string
		for _, k := range kinds {
			mine = append(mine, showNodes(ours[k])...)
		}
		mine = sortedSet(mine)
		var theirs []string
		for _, r := range theirKinds[nm.kind] {
			theirs = append(theirs, show(trimStart(trim(r[0], r[1]))))
		}
		theirs = sortedSet(theirs)
		if len(kinds) > 0 {
			kindsMapped++
			if len(theirs) == 0 && len(mine) == 0 {
				unseen = append(unseen, nm.kind)
			}
		}
		if compare(nm.kind, theirs, mine) && len(theirs) > 0 {
			kindsChecked++
		}
		if len(kinds) == 0 {
			continue // no node of ours, so none of its fields: Known says why
		}
		for _, f := range nm.fields {
			key := nm.kind + "." + f
			var mine, theirs []string
			mapped := false
			for _, k := range kinds {
				name := o.Lang.Kinds[k].Name
				if _, ok := o.Lang.TreeSitter.Fields[name][f]; ok {
					mapped = true
				}
				for _, n := range ours[k] {
					mine = append(mine, showNodes(tree.Field(n, f))...)
				}
			}
			for _, n := range dump {
				if n.kind != nm.kind {
					continue
				}
				for _, c := range n.kids {
					if c.field == f {
						theirs = append(theirs, show(trimStart(trim(c.start, c.end))))
					}
				}
			}
			if mapped {
				fieldsMapped++
				if len(theirs) == 0 && len(mine) == 0 {
					unseen = append(unseen, key)
				}
			}
			if compare(key, sortedSet(theirs), sortedSet(mine)) && len(theirs) > 0 {
				fieldsChecked++
			}
		}
	}
	for _, key := range slices.Sorted(func(yield func(string) bool) {
		for k := range o.Known {
			if !yield(k) {
				return
			}
		}
	}) {
		if !differs[key] {
			t.Errorf("%s is listed as a known difference, but the trees agree there: drop it", key)
		}
	}
	t.Logf("%s: %d tree-sitter kinds mapped, %d checked on the sample; %d fields mapped, %d checked", o.AstGrep, kindsMapped, kindsChecked, fieldsMapped, fieldsChecked)
	if len(unseen) > 0 {
		t.Logf("mapped but not in the sample: %s", strings.Join(unseen, " "))
	}
}

// names reads the list of tree-sitter kinds and their fields.
func (o TSOracle) names(t *testing.T) []tsName {
	t.Helper()
	raw, err := os.ReadFile(o.Names)
	if err != nil {
		t.Fatal(err)
	}
	var out []tsName
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if w := strings.Fields(line); len(w) > 0 {
			out = append(out, tsName{kind: w[0], fields: w[1:]})
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s lists no kinds", o.Names)
	}
	return out
}

// scanKinds runs one ast-grep scan with a rule {kind: K} for every kind,
// each rule's id its kind, and returns each kind's byte ranges.
func (o TSOracle) scanKinds(t *testing.T, sg string, names []tsName) map[string][][2]uint32 {
	t.Helper()
	var rules []string
	for _, nm := range names {
		rules = append(rules, fmt.Sprintf("id: %q\nlanguage: %s\nrule: {kind: %q}\n", nm.kind, o.AstGrep, nm.kind)) // quoted: true and null are kinds
	}
	cmd := exec.Command(sg, "scan", "--inline-rules", strings.Join(rules, "---\n"), "--json=compact", o.Sample)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ast-grep scan: %v\n%s", err, stderr.Bytes())
	}
	var matches []struct {
		RuleID string `json:"ruleId"`
		Range  struct {
			ByteOffset struct{ Start, End uint32 } `json:"byteOffset"`
		} `json:"range"`
	}
	if err := json.Unmarshal(out, &matches); err != nil {
		t.Fatalf("ast-grep scan's output: %v", err)
	}
	got := map[string][][2]uint32{}
	for _, m := range matches {
		got[m.RuleID] = append(got[m.RuleID], [2]uint32{m.Range.ByteOffset.Start, m.Range.ByteOffset.End})
	}
	return got
}

// tsNode is a node of ast-grep's debug print of a tree.
type tsNode struct {
	kind, field string
	start, end  uint32
	kids        []*tsNode
}

// dumpTree has ast-grep print its concrete tree of the sample, the whole
// file given as a pattern (--debug-query=cst), and returns its nodes in
// file order. The print comes before ast-grep refuses a pattern of
// several nodes, so the command's failure is no failure here. A sample
// whose tree has an ERROR or MISSING node fails the test: it is to be
// valid code.
func (o TSOracle) dumpTree(t *testing.T, sg string, src []byte) []*tsNode {
	t.Helper()
	cmd := exec.Command(sg, "run", "-l", o.AstGrep, "--debug-query=cst", "-p", string(src), o.Sample)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Run() // fails on a pattern of several nodes, after the print
	text, ok := bytes.CutPrefix(stderr.Bytes(), []byte("Debug CST:\n"))
	if !ok {
		t.Fatalf("ast-grep printed no tree:\n%s", stderr.Bytes())
	}
	lineStart := []uint32{0}
	for i, b := range src {
		if b == '\n' {
			lineStart = append(lineStart, uint32(i+1))
		}
	}
	offset := func(p string) (uint32, error) {
		row, col, ok := strings.Cut(strings.Trim(p, "()"), ",")
		r, err1 := strconv.Atoi(row)
		c, err2 := strconv.Atoi(col)
		if !ok || err1 != nil || err2 != nil || r >= len(lineStart) {
			return 0, fmt.Errorf("bad position %q", p)
		}
		return lineStart[r] + uint32(c), nil
	}
	var all []*tsNode
	var stack []*tsNode // the open nodes, by depth
	pending := ""       // a token's kind may be a newline, which splits its line
	for line := range strings.Lines(string(text)) {
		line = pending + strings.TrimRight(line, "\n")
		if line == "" {
			break
		}
		if !strings.HasSuffix(line, ")") {
			pending = line + "\n"
			continue
		}
		pending = ""
		body := strings.TrimLeft(line, " ")
		depth := (len(line) - len(body)) / 2
		i := strings.LastIndexByte(body, ' ')
		if i < 0 {
			t.Fatalf("ast-grep's tree: no range in %q", line)
		}
		from, to, _ := strings.Cut(body[i+1:], "-")
		s, err1 := offset(from)
		e, err2 := offset(to)
		if err1 != nil || err2 != nil {
			t.Fatalf("ast-grep's tree: %q: %v %v", line, err1, err2)
		}
		n := &tsNode{kind: body[:i], start: s, end: e}
		if f, k, ok := strings.Cut(n.kind, ": "); ok && f != "" && strings.Trim(f, "abcdefghijklmnopqrstuvwxyz_") == "" {
			n.field, n.kind = f, k
		}
		if n.kind == "ERROR" || strings.HasPrefix(n.kind, "MISSING") {
			t.Fatalf("ast-grep's parse of the sample has %s at %d: make it valid code", n.kind, s)
		}
		if depth > len(stack) {
			t.Fatalf("ast-grep's tree: %q is nested too deep", line)
		}
		stack = append(stack[:depth], n)
		if depth > 0 {
			stack[depth-1].kids = append(stack[depth-1].kids, n)
		}
		all = append(all, n)
	}
	return all
}

// sortedSet sorts s and drops repeats.
func sortedSet(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}
