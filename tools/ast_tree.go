package tools

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/agenttools/agenttools/grammars"
	"github.com/agenttools/agenttools/matcher"
	"github.com/agenttools/agenttools/tool"
)

// ast_tree shows the syntax tree the structural tools match on: a file's,
// or a pattern's as the pattern compiler reads it. Its kinds are the
// names a pattern's nodes must agree with, and the names a rule's kind
// says.

func treeTools(e *env) *tool.Tool {
	t := tool.New("ast_tree", tool.Read, true,
		"Show the syntax tree ast_grep and ast_edit match on: its named nodes, one a line, indented by depth, with their kind (and tree-sitter's name for it where that differs, as ast-grep rules' kind takes either), the tree-sitter field of the parent they are in (field: kind), their range (line:column, columns in code points), and a leaf's text. Give path for a file's tree (line and end_line for a part of it), or pattern and language for a pattern's tree as ast_grep reads it: which context it parsed in and which node is the pattern. Use it to see why a pattern does not match: a pattern matches a node whose kind and children agree with its own.",
		e.astTree)
	setMinimum(t.InputSchema, "line", 1)
	setMinimum(t.InputSchema, "end_line", 1)
	setMinimum(t.InputSchema, "max_nodes", 1)
	return t
}

type astTreeArgs struct {
	Path     string `json:"path,omitempty" jsonschema:"file whose tree to show, relative to the working directory"`
	Pattern  string `json:"pattern,omitempty" jsonschema:"a pattern whose tree to show instead of a file's, e.g. fmt.Println($$$A); needs language"`
	Language string `json:"language,omitempty" jsonschema:"language id, e.g. go; inferred from a file's path"`
	Line     int    `json:"line,omitempty" jsonschema:"the first line of the file to show the nodes of (default 1)"`
	EndLine  int    `json:"end_line,omitempty" jsonschema:"the last line of the file to show the nodes of (default: the last)"`
	MaxNodes int    `json:"max_nodes,omitempty" jsonschema:"how many nodes to show (default 400, at most 5000)"`
}

// An astNode is one named node of the tree, in pre-order.
type astNode struct {
	Kind string `json:"kind"`
	// TreeSitter names the kind as tree-sitter does, where that differs
	// from ours: what a rule written for ast-grep says.
	TreeSitter []string `json:"tree_sitter,omitempty"`
	// Field is the tree-sitter field of its parent the node is in.
	Field string         `json:"field,omitempty"`
	Depth int            `json:"depth"`           // 0 for the outermost shown
	Range *matcher.Range `json:"range,omitempty"` // absent for a pattern read with indentation added
	Text  string         `json:"text,omitempty"`  // a leaf's, or a node's with no named node below it, cut to maxTreeText bytes
}

type astTreeResult struct {
	Language  string    `json:"language"`
	File      string    `json:"file,omitempty"`
	Context   string    `json:"context,omitempty"`  // the scaffold a pattern parsed in
	Readings  []string  `json:"readings,omitempty"` // a pattern's readings, when it has several
	Nodes     []astNode `json:"nodes"`
	Total     int       `json:"total"` // the named nodes in the lines asked for
	Truncated bool      `json:"truncated"`
	Errors    []string  `json:"errors"` // the file's syntax errors, the first few
}

const (
	defaultTreeNodes = 400
	maxTreeNodes     = 5000
	maxTreeText      = 60
	maxTreeErrors    = 5
)

func (e *env) astTree(_ context.Context, a astTreeArgs) (tool.Result, error) {
	switch {
	case a.Path == "" && a.Pattern == "":
		return tool.Errorf("path: give a file, or pattern and language for a pattern's tree"), nil
	case a.Path != "" && a.Pattern != "":
		return tool.Errorf("pattern: give a file's path or a pattern, not both"), nil
	case a.MaxNodes > maxTreeNodes:
		return tool.Errorf("max_nodes: %d is more than %d", a.MaxNodes, maxTreeNodes), nil
	case a.EndLine != 0 && a.EndLine < max(a.Line, 1):
		return tool.Errorf("end_line: %d is before line %d", a.EndLine, max(a.Line, 1)), nil
	}
	limit := a.MaxNodes
	if limit == 0 {
		limit = defaultTreeNodes
	}
	if a.Pattern != "" {
		return e.patternTree(a, limit)
	}
	return e.fileTree(a, limit)
}

// fileTree shows the tree of the file a.Path, or the nodes of its lines
// a.Line to a.EndLine.
func (e *env) fileTree(a astTreeArgs, limit int) (tool.Result, error) {
	path, info, bad := e.existing("path", a.Path)
	if bad != nil {
		return *bad, nil
	}
	if info.IsDir() {
		return tool.Errorf("path: %s is a folder; ast_tree shows one file's tree", a.Path), nil
	}
	langs, err := e.run.Grammars.Choose(a.Language, path, true)
	if err != nil {
		return tool.Errorf("language: %v", err), nil
	}
	l := langs[0]
	if l.MaxSize > 0 && info.Size() > l.MaxSize {
		return tool.Errorf("path: %s is %.1f MB; the %s grammar parses files up to %d MB", a.Path, float64(info.Size())/(1<<20), l.DisplayName(), l.MaxSize>>20), nil
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return pathError("path", a.Path, err), nil
	}
	for _, o := range langs[1:] {
		if !l.Reads(path, src) && o.Reads(path, src) {
			l = o // a .h file that holds C++
		}
	}
	tree, err := l.Parse(src)
	if err != nil {
		return tool.Errorf("path: %s: %v", a.Path, err), nil
	}
	lines := matcher.NewLineIndex(src)
	first, last := max(a.Line, 1), a.EndLine
	r := astTreeResult{Language: l.ID, File: e.root.Rel(path), Errors: []string{}}
	for i, er := range tree.Errors {
		if i == maxTreeErrors {
			r.Errors = append(r.Errors, fmt.Sprintf("and %d more", len(tree.Errors)-i))
			break
		}
		r.Errors = append(r.Errors, tree.ErrorText(er))
	}
	r.collect(tree, []int32{tree.Root}, limit, func(n int32) (*matcher.Range, bool) {
		rg := lines.Range(tree.Nodes[n].Start, tree.Nodes[n].End)
		return &rg, rg.End.Line >= first && (last == 0 || rg.Start.Line <= last)
	})
	return treeResult(r), nil
}

// patternTree shows the tree of the pattern a.Pattern as the pattern
// compiler reads it: the scaffold it parsed in, and the pattern's nodes.
func (e *env) patternTree(a astTreeArgs, limit int) (tool.Result, error) {
	if a.Language == "" {
		return tool.Errorf("language: a pattern's tree needs its language; the languages are: %s", strings.Join(e.run.Grammars.IDs(), ", ")), nil
	}
	l, err := e.run.Grammars.Lookup(a.Language)
	if err != nil {
		return tool.Errorf("language: %v", err), nil
	}
	p, err := matcher.Compile(l, a.Pattern)
	if err != nil {
		return tool.Errorf("pattern: %v", err), nil
	}
	tree, tops := p.Tree()
	r := astTreeResult{Language: l.ID, Context: p.Context, Errors: []string{}}
	if rs := p.Readings(); len(rs) > 1 {
		r.Readings = rs
	}
	// Positions are the pattern's own where its scaffold adds no
	// indentation to it: the fragment stands whole in the scaffold's
	// source, after its prefix.
	var lines *matcher.LineIndex
	var from uint32
	for _, sc := range l.Scaffolds {
		if sc.Name == p.Context && sc.Indent == "" && strings.HasPrefix(string(tree.Src), sc.Prefix) {
			from = uint32(len(sc.Prefix))
			lines = matcher.NewLineIndex(tree.Src[from:])
		}
	}
	r.collect(tree, tops, limit, func(n int32) (*matcher.Range, bool) {
		if lines == nil {
			return nil, true
		}
		rg := lines.Range(tree.Nodes[n].Start-from, tree.Nodes[n].End-from)
		return &rg, true
	})
	return treeResult(r), nil
}

// collect adds the named nodes of tree below roots, in pre-order, to r:
// all of them to its count, the first limit to its nodes. where gives a
// node's range, and whether it and the nodes below it are shown at all.
func (r *astTreeResult) collect(tree *grammars.Tree, roots []int32, limit int, where func(n int32) (*matcher.Range, bool)) {
	var walk func(n int32, depth int)
	walk = func(n int32, depth int) {
		rg, ok := where(n)
		if !ok {
			return
		}
		if tree.Named(n) {
			r.Total++
			if len(r.Nodes) < limit {
				r.Nodes = append(r.Nodes, treeNode(tree, n, depth, rg))
			}
			depth++
		}
		for _, c := range tree.Children(n) {
			walk(c, depth)
		}
	}
	for _, n := range roots {
		walk(n, 0)
	}
}

// treeNode is node n of tree, at depth, in range rg, with its text when
// it has no named node below it (a leaf; modifiers of keywords alone).
func treeNode(tree *grammars.Tree, n int32, depth int, rg *matcher.Range) astNode {
	node := astNode{Kind: tree.KindName(n), Depth: depth, Range: rg, Field: tree.FieldOf(n)}
	if ts := tree.TreeSitterKinds(n); len(ts) != 1 || ts[0] != node.Kind {
		node.TreeSitter = ts
	}
	if !slices.ContainsFunc(tree.Children(n), tree.Named) {
		text := tree.Text(n)
		if len(text) > maxTreeText {
			cut := maxTreeText
			for cut > 0 && text[cut]&0xC0 == 0x80 {
				cut--
			}
			text = text[:cut] + "…"
		}
		node.Text = text
	}
	return node
}

// treeResult writes r as the text the model reads: a header, the nodes,
// and what was left out.
func treeResult(r astTreeResult) tool.Result {
	r.Truncated = r.Total > len(r.Nodes)
	var b strings.Builder
	if r.File != "" {
		fmt.Fprintf(&b, "%s (%s): %d named nodes\n", r.File, r.Language, r.Total)
	} else {
		fmt.Fprintf(&b, "pattern (%s), read in the %s context: %d named nodes\n", r.Language, r.Context, r.Total)
		if len(r.Readings) > 0 {
			fmt.Fprintf(&b, "its readings, each searched: %s\n", strings.Join(r.Readings, ", "))
		}
	}
	for _, n := range r.Nodes {
		b.WriteString(strings.Repeat("  ", n.Depth))
		if n.Field != "" {
			b.WriteString(n.Field + ": ")
		}
		b.WriteString(n.Kind)
		if len(n.TreeSitter) > 0 {
			fmt.Fprintf(&b, " (tree-sitter: %s)", orNone(n.TreeSitter))
		}
		if n.Text != "" {
			fmt.Fprintf(&b, " %q", n.Text)
		}
		if n.Range != nil {
			fmt.Fprintf(&b, " %d:%d-%d:%d", n.Range.Start.Line, n.Range.Start.Column, n.Range.End.Line, n.Range.End.Column)
		}
		b.WriteByte('\n')
	}
	if r.Truncated {
		fmt.Fprintf(&b, "(%d more nodes; ask with max_nodes up to %d, or line and end_line for a part)\n", r.Total-len(r.Nodes), maxTreeNodes)
	}
	if len(r.Errors) > 0 {
		fmt.Fprintf(&b, "syntax errors: %s\n", strings.Join(r.Errors, "; "))
	}
	res := tool.Text(b.String())
	res.Structured = r
	return res
}

// orNone lists names, or says there are none.
func orNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
