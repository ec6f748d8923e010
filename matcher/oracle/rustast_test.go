package oracle

// The rustc side of a Rust oracle: rustc's own syntax tree of a file,
// read from the Debug dump that
//
//	RUSTC_BOOTSTRAP=1 rustc --edition=2021 -Zparse-crate-root-only -Zunpretty=ast-tree FILE
//
// prints. That tree is the parser's: before macro expansion (println!
// stays a MacCall whose arguments are a flat token stream; #[derive] and
// #[cfg(FALSE)] items stay as written) and before module loading (mod
// foo; is Mod(.., Unloaded) and foo.rs is never read).
//
// The dump is Rust's {:#?} Debug format: Kind { field: value, .. },
// Kind(value, ..), [value, ..], (value, ..), atoms (1, true, Wild, foo#0,
// 'a#0, r#type#0), strings "…" with Rust escapes, and spans printed as
// file:1:5: 3:17 (#0) or no-location (#0). decodeRustAST reads all of it
// into one generic tree, rustNode.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/google/go-cmp/cmp"
)

// rustPos is a 1-based line and column (rustc counts columns in chars,
// from 1) of a span's end point.
type rustPos struct{ Line, Col int }

// rustForm says which Debug shape a rustNode was printed as.
type rustForm uint8

const (
	// rustAtom is a bare word: a number, true/false, a unit variant (Wild,
	// Inherited, No), an identifier with its hygiene mark (foo#0,
	// r#type#0, 'a#0), a lifetime's name ('static). Atom holds the text.
	rustAtom rustForm = iota
	// rustStr is a quoted string; Atom holds it unescaped.
	rustStr
	// rustChar is a quoted char ('x'); Atom holds it unescaped.
	rustChar
	// rustStruct is Kind { name: value, .. }: Kind and Fields.
	rustStruct
	// rustTuple is Kind(value, ..), or (value, ..) with an empty Kind:
	// Items. lifetime(4294967040: 'a) is the tuple lifetime of two items.
	rustTuple
	// rustList is [value, ..]: Items.
	rustList
	// rustMap is { key: value, .. }: Items, each a two-item rustTuple.
	rustMap
	// rustSpan is a Span: File, Start, End and Ctxt (the #N). A dummy
	// span (no-location) has an empty File and zero positions.
	rustSpan
)

// rustField is one named field of a struct.
type rustField struct {
	Name  string
	Value *rustNode
}

// rustNode is one value of rustc's Debug dump.
type rustNode struct {
	Form   rustForm
	Kind   string      // type or variant name of a struct or tuple
	Fields []rustField // a struct's fields, in printed order
	Items  []*rustNode // a tuple's, list's or map's elements
	Atom   string      // an atom's text; a string's or char's value
	// A span's file, start, end and hygiene context (#N).
	File       string
	Start, End rustPos
	Ctxt       int
}

// field returns the value of the struct field name, or nil (also for a
// nil n or a node that is not a struct).
func (n *rustNode) field(name string) *rustNode {
	if n == nil {
		return nil
	}
	for _, f := range n.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return nil
}

// item returns the i-th positional element of a tuple or list, or nil.
func (n *rustNode) item(i int) *rustNode {
	if n == nil || i < 0 || i >= len(n.Items) {
		return nil
	}
	return n.Items[i]
}

// children returns n's direct children: a struct's field values in
// order, or a tuple's, list's or map's items.
func (n *rustNode) children() []*rustNode {
	if n == nil {
		return nil
	}
	if len(n.Fields) == 0 {
		return n.Items
	}
	cs := make([]*rustNode, 0, len(n.Fields)+len(n.Items))
	for _, f := range n.Fields {
		cs = append(cs, f.Value)
	}
	return append(cs, n.Items...)
}

// walk calls f on n and, in pre-order, on every node below it; where f
// returns false it skips that node's children.
func (n *rustNode) walk(f func(n *rustNode) bool) {
	if n == nil || !f(n) {
		return
	}
	for _, fl := range n.Fields {
		fl.Value.walk(f)
	}
	for _, c := range n.Items {
		c.walk(f)
	}
}

// spanNode returns n's own span (its span field), or nil.
func (n *rustNode) spanNode() *rustNode {
	s := n.field("span")
	if s == nil || s.Form != rustSpan {
		return nil
	}
	return s
}

// lines returns the first and last line of n's span; ok is false when n
// has no span field or it is a dummy span.
func (n *rustNode) lines() (start, end int, ok bool) {
	s := n.spanNode()
	if s == nil || s.Start.Line == 0 {
		return 0, 0, false
	}
	return s.Start.Line, s.End.Line, true
}

// variant returns the enum variant in n's kind field: "MethodCall" for
// Expr { kind: MethodCall(..) }, "Fn" for Item { kind: Fn(..) }, "Wild"
// for Pat { kind: Wild }, "Semi" for Stmt { kind: Semi(..) }, "Type" for
// GenericParam { kind: Type { default: None } }. For a node without a
// kind field it returns n's own variant name (Kind of a struct or tuple,
// an atom's text); for nil, "".
func variant(n *rustNode) string {
	if n == nil {
		return ""
	}
	if k := n.field("kind"); k != nil {
		n = k
	}
	switch n.Form {
	case rustStruct, rustTuple:
		return n.Kind
	case rustAtom:
		return n.Atom
	}
	return ""
}

// rustSymbol returns the name in an identifier atom without its hygiene
// mark (foo#0 → foo, r#type#0 → r#type, 'a#0 → 'a), a string's or
// char's value, or an atom's text.
func rustSymbol(n *rustNode) string {
	if n == nil {
		return ""
	}
	s := n.Atom
	if n.Form != rustAtom {
		return s
	}
	if i := strings.LastIndexByte(s, '#'); i > 0 && i+1 < len(s) && rustIsDigits(s[i+1:]) {
		return s[:i]
	}
	return s
}

// rustMacCall returns the MacCall struct of a macro call node: an Expr,
// Pat, Ty or Item of variant MacCall, or a Stmt of variant MacCall (whose
// MacCallStmt wraps the MacCall in its mac field; a macro statement has
// no Expr node). It returns nil for any other node.
func rustMacCall(n *rustNode) *rustNode {
	if variant(n) != "MacCall" {
		return nil
	}
	m := n.field("kind").item(0)
	if m != nil && m.Kind == "MacCallStmt" {
		m = m.field("mac")
	}
	if m == nil || m.Kind != "MacCall" {
		return nil
	}
	return m
}

// rustPathName returns a Path struct's segments' names joined by ::
// (std::println, {{root}}::core::mem).
func rustPathName(path *rustNode) string {
	var names []string
	for _, seg := range path.field("segments").children() {
		names = append(names, rustSymbol(seg.field("ident")))
	}
	return strings.Join(names, "::")
}

// rustMacTokens returns the tokens of a MacCall's arguments, flattened:
// each a Token struct (kind Ident("a", No), Dot, Literal(Lit{..}), …;
// span), the tokens inside nested delimiters included and the delimiters
// themselves left out.
func rustMacTokens(mac *rustNode) []*rustNode {
	var toks []*rustNode
	mac.field("args").field("tokens").walk(func(n *rustNode) bool {
		if n.Form == rustStruct && n.Kind == "Token" {
			toks = append(toks, n)
			return false
		}
		return true
	})
	return toks
}

// rustSyntaxKinds are the node types rustSyntax lists by default: the
// five whose kind field is the variant of ExprKind, ItemKind (also
// AssocItemKind and ForeignItemKind: those items print as Item too),
// PatKind, TyKind and StmtKind.
var rustSyntaxKinds = []string{"Expr", "Item", "Pat", "Ty", "Stmt"}

// rustSyn is one syntax node of rustc's tree: its type (Expr, Item…),
// variant (MethodCall, Fn…) and first and last line.
type rustSyn struct {
	Type, Variant string
	Start, End    int
}

func (s rustSyn) String() string {
	return fmt.Sprintf("%s.%s %d-%d", s.Type, s.Variant, s.Start, s.End)
}

// rustSyntax lists, in pre-order, every struct node of one of kinds
// (rustSyntaxKinds if none) that has a real span, with its variant and
// lines. Token streams (macro arguments, attributes' tokens) hold no such
// nodes, so nothing inside a macro call's arguments is listed.
func rustSyntax(root *rustNode, kinds ...string) []rustSyn {
	if len(kinds) == 0 {
		kinds = rustSyntaxKinds
	}
	want := map[string]bool{}
	for _, k := range kinds {
		want[k] = true
	}
	var out []rustSyn
	root.walk(func(n *rustNode) bool {
		if n.Form == rustStruct && want[n.Kind] {
			if a, b, ok := n.lines(); ok {
				out = append(out, rustSyn{n.Kind, variant(n), a, b})
			}
		}
		return true
	})
	return out
}

// rustcASTTimeout bounds one rustc run: the 18,000-line avx512bw.rs of
// core::arch takes about 10 s and prints 130 MB.
const rustcASTTimeout = 2 * time.Minute

// rustcAST runs rustc on file (edition 2021) and decodes its syntax tree.
func rustcAST(file string) (*rustNode, error) {
	return rustcASTEdition(file, "2021")
}

// rustcASTEdition is rustcAST in the given edition (2015, 2018, 2021,
// 2024): crates of edition 2015 may use async or dyn as names, which 2021
// rejects.
func rustcASTEdition(file, edition string) (*rustNode, error) {
	out, err := rustcASTDump(file, edition)
	if err != nil {
		return nil, err
	}
	n, err := decodeRustAST(out)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return n, nil
}

// rustcASTDump returns rustc's raw ast-tree dump of file.
func rustcASTDump(file, edition string) (string, error) {
	rustc, err := peers.Find("rustc")
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), rustcASTTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, rustc, "--edition="+edition, "-Zparse-crate-root-only", "-Zunpretty=ast-tree", file)
	cmd.Env = append(os.Environ(), "RUSTC_BOOTSTRAP=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("rustc %s: timed out after %v", file, rustcASTTimeout)
		}
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 2000 {
			msg = msg[:2000] + "…"
		}
		return "", fmt.Errorf("rustc %s: %v: %s", file, err, msg)
	}
	return stdout.String(), nil
}

// decodeRustAST reads rustc's {:#?} dump (or any Rust Debug output,
// pretty or not) into a tree.
func decodeRustAST(out string) (*rustNode, error) {
	d := &rustDecoder{s: out, file: rustDumpFile(out)}
	n, err := d.value(0)
	if err != nil {
		return nil, err
	}
	d.ws()
	if d.i < len(d.s) {
		return nil, d.errorf("text after the value")
	}
	return n, nil
}

type rustDecoder struct {
	s    string
	i    int
	file string // the file the spans name, if rustDumpFile found it
}

// rustSpanLine matches one pretty-printed span field, the whole line.
var rustSpanLine = regexp.MustCompile(`^ *span: (.*):[0-9]+:[0-9]+: [0-9]+:[0-9]+ \(#[0-9]+\),?$`)

// rustDumpFile returns the file name the spans of a dump print, read off
// its first span field printed on a line of its own. Before expansion
// every span is in that one file, and knowing its name lets the decoder
// read spans of files whose names hold spaces, brackets or commas.
func rustDumpFile(out string) string {
	for i, tries := 0, 0; tries < 100; tries++ {
		j := strings.Index(out[i:], "span: ")
		if j < 0 {
			return ""
		}
		start := strings.LastIndexByte(out[:i+j], '\n') + 1
		end := strings.IndexByte(out[i+j:], '\n')
		if end < 0 {
			end = len(out)
		} else {
			end += i + j
		}
		if m := rustSpanLine.FindStringSubmatch(out[start:end]); m != nil {
			return m[1]
		}
		i = end
	}
	return ""
}

// rustMaxDepth bounds nesting, against runaway recursion on bad input;
// rustc's own trees of std nest below 400.
const rustMaxDepth = 10000

func (d *rustDecoder) errorf(format string, args ...any) error {
	line := 1 + strings.Count(d.s[:d.i], "\n")
	col := d.i - strings.LastIndexByte(d.s[:d.i], '\n')
	end := min(d.i+40, len(d.s))
	return fmt.Errorf("rust ast %d:%d: %s at %q", line, col, fmt.Sprintf(format, args...), d.s[d.i:end])
}

func (d *rustDecoder) ws() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\n', '\t', '\r':
			d.i++
		default:
			return
		}
	}
}

// isRustDelim reports whether c ends a bare word.
func isRustDelim(c byte) bool {
	switch c {
	case ' ', '\n', '\t', '\r', ',', '(', ')', '[', ']', '{', '}', '"':
		return true
	}
	return false
}

func (d *rustDecoder) value(depth int) (*rustNode, error) {
	if depth > rustMaxDepth {
		return nil, d.errorf("nested too deep")
	}
	d.ws()
	if d.i >= len(d.s) {
		return nil, d.errorf("unexpected end")
	}
	switch d.s[d.i] {
	case '"':
		s, err := d.quoted('"')
		if err != nil {
			return nil, err
		}
		d.hygiene()
		return &rustNode{Form: rustStr, Atom: s}, nil
	case '\'':
		if d.isChar() {
			s, err := d.quoted('\'')
			if err != nil {
				return nil, err
			}
			return &rustNode{Form: rustChar, Atom: s}, nil
		}
	case '[':
		d.i++
		n := &rustNode{Form: rustList}
		return n, d.seq(n, ']', depth)
	case '(':
		d.i++
		n := &rustNode{Form: rustTuple}
		return n, d.seq(n, ')', depth)
	case '{':
		if strings.HasPrefix(d.s[d.i:], "{{") {
			// A special symbol: {{root}}#0, the root segment of ::a::b.
			if end := strings.Index(d.s[d.i:], "}}"); end > 0 {
				start := d.i
				d.i += end + 2
				for d.i < len(d.s) && !isRustDelim(d.s[d.i]) {
					d.i++
				}
				return &rustNode{Form: rustAtom, Atom: d.s[start:d.i]}, nil
			}
		}
		d.i++
		n := &rustNode{Form: rustMap}
		return n, d.mapBody(n, depth)
	case ')', ']', '}', ',':
		return nil, d.errorf("expected a value")
	}
	if d.file != "" && strings.HasPrefix(d.s[d.i:], d.file) && strings.HasPrefix(d.s[d.i+len(d.file):], ":") {
		save := d.i
		d.i += len(d.file) + 1
		if n, ok := d.spanRest(d.file); ok {
			return n, nil
		}
		d.i = save
	}
	start := d.i
	for d.i < len(d.s) && !isRustDelim(d.s[d.i]) {
		d.i++
	}
	w := d.s[start:d.i]
	if n, ok := d.span(w); ok {
		return n, nil
	}
	if strings.HasSuffix(w, ":") && len(w) > 1 {
		// 4294967040: in lifetime(4294967040: 'a), or a map's key.
		d.i--
		w = w[:len(w)-1]
	}
	if d.i < len(d.s) && d.s[d.i] == '(' {
		d.i++
		n := &rustNode{Form: rustTuple, Kind: w}
		return n, d.seq(n, ')', depth)
	}
	// A struct: Kind { .. }, one space before the brace.
	if j := d.i; j+1 < len(d.s) && d.s[j] == ' ' && d.s[j+1] == '{' {
		d.i = j + 2
		n := &rustNode{Form: rustStruct, Kind: w}
		return n, d.structBody(n, depth)
	}
	return &rustNode{Form: rustAtom, Atom: w}, nil
}

// hygiene skips a #N printed right after a quoted symbol.
func (d *rustDecoder) hygiene() {
	if d.i < len(d.s) && d.s[d.i] == '#' {
		j := d.i + 1
		for j < len(d.s) && d.s[j] >= '0' && d.s[j] <= '9' {
			j++
		}
		if j > d.i+1 {
			d.i = j
		}
	}
}

// isChar reports whether the ' at d.i opens a char literal ('x', '\n')
// rather than a lifetime ('a#0, 'static).
func (d *rustDecoder) isChar() bool {
	j := d.i + 1
	if j >= len(d.s) {
		return false
	}
	if d.s[j] == '\\' {
		return true
	}
	_, size := utf8.DecodeRuneInString(d.s[j:])
	return j+size < len(d.s) && d.s[j+size] == '\''
}

// quoted reads a string or char in q quotes, undoing Rust's Debug
// escapes: \" \' \\ \n \r \t \0 \u{…}.
func (d *rustDecoder) quoted(q byte) (string, error) {
	start := d.i
	d.i++
	var b *strings.Builder
	from := d.i
	for {
		if d.i >= len(d.s) {
			d.i = start
			return "", d.errorf("unterminated quote")
		}
		c := d.s[d.i]
		if c == q {
			var s string
			if b == nil {
				s = d.s[from:d.i]
			} else {
				b.WriteString(d.s[from:d.i])
				s = b.String()
			}
			d.i++
			return s, nil
		}
		if c != '\\' {
			d.i++
			continue
		}
		if b == nil {
			b = &strings.Builder{}
		}
		b.WriteString(d.s[from:d.i])
		if d.i+1 >= len(d.s) {
			return "", d.errorf("unterminated escape")
		}
		e := d.s[d.i+1]
		d.i += 2
		switch e {
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case '0':
			b.WriteByte(0)
		case '\\', '"', '\'':
			b.WriteByte(e)
		case 'u':
			end := strings.IndexByte(d.s[d.i:], '}')
			if !strings.HasPrefix(d.s[d.i:], "{") || end < 0 {
				return "", d.errorf(`bad \u escape`)
			}
			r, err := strconv.ParseUint(d.s[d.i+1:d.i+end], 16, 32)
			if err != nil {
				return "", d.errorf(`bad \u escape`)
			}
			b.WriteRune(rune(r))
			d.i += end + 1
		default:
			// Unknown escape: keep it as printed.
			b.WriteByte('\\')
			b.WriteByte(e)
		}
		from = d.i
	}
}

// span decodes a span whose first word w (file:line:col:) has just been
// read: file:1:5: 3:17 (#0), or no-location (#0). A file name with a
// space or a bracket needs rustDumpFile's name instead.
func (d *rustDecoder) span(w string) (*rustNode, bool) {
	save := d.i
	if w == "no-location" {
		if ctxt, ok := d.ctxt(); ok {
			return &rustNode{Form: rustSpan, Ctxt: ctxt}, true
		}
		d.i = save
		return nil, false
	}
	if !strings.HasSuffix(w, ":") {
		return nil, false
	}
	// w is file:L:C: — the file may itself hold colons.
	body := w[:len(w)-1]
	c := strings.LastIndexByte(body, ':')
	if c < 0 {
		return nil, false
	}
	l := strings.LastIndexByte(body[:c], ':')
	if l < 0 || !rustIsDigits(body[l+1:c]) || !rustIsDigits(body[c+1:]) {
		return nil, false
	}
	d.i = save - len(w) + l + 1
	return d.spanRest(body[:l])
}

// spanRest reads the L:C: L:C (#N) after a span's file name and colon;
// on failure it leaves d.i alone.
func (d *rustDecoder) spanRest(file string) (*rustNode, bool) {
	save := d.i
	n := &rustNode{Form: rustSpan, File: file}
	ok := true
	read := func(p *int, sep string) {
		if ok {
			*p, ok = d.number()
			ok = ok && strings.HasPrefix(d.s[d.i:], sep)
			d.i += len(sep)
		}
	}
	read(&n.Start.Line, ":")
	read(&n.Start.Col, ": ")
	read(&n.End.Line, ":")
	read(&n.End.Col, "")
	if ok {
		n.Ctxt, ok = d.ctxt()
	}
	if !ok {
		d.i = save
		return nil, false
	}
	return n, true
}

// ctxt reads " (#N)".
func (d *rustDecoder) ctxt() (int, bool) {
	if !strings.HasPrefix(d.s[d.i:], " (#") {
		return 0, false
	}
	d.i += 3
	n, ok := d.number()
	if !ok || d.i >= len(d.s) || d.s[d.i] != ')' {
		return 0, false
	}
	d.i++
	return n, true
}

func (d *rustDecoder) number() (int, bool) {
	j := d.i
	for j < len(d.s) && d.s[j] >= '0' && d.s[j] <= '9' {
		j++
	}
	if j == d.i {
		return 0, false
	}
	n, err := strconv.Atoi(d.s[d.i:j])
	d.i = j
	return n, err == nil
}

func rustIsDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// seq reads the items of a tuple or list up to close. A colon separates
// items too, for Debug impls like lifetime(4294967040: 'a).
func (d *rustDecoder) seq(n *rustNode, close byte, depth int) error {
	for {
		d.ws()
		if d.i >= len(d.s) {
			return d.errorf("unexpected end, expected %q", close)
		}
		if d.s[d.i] == close {
			d.i++
			return nil
		}
		v, err := d.value(depth + 1)
		if err != nil {
			return err
		}
		n.Items = append(n.Items, v)
		d.ws()
		if d.i < len(d.s) && (d.s[d.i] == ',' || d.s[d.i] == ':') {
			d.i++
			continue
		}
		if d.i >= len(d.s) || d.s[d.i] != close {
			return d.errorf("expected ',' or %q", close)
		}
	}
}

// structBody reads name: value fields up to }, and a closing .. of
// finish_non_exhaustive.
func (d *rustDecoder) structBody(n *rustNode, depth int) error {
	for {
		d.ws()
		if d.i >= len(d.s) {
			return d.errorf("unexpected end, expected '}'")
		}
		if d.s[d.i] == '}' {
			d.i++
			return nil
		}
		if strings.HasPrefix(d.s[d.i:], "..") {
			d.i += 2
			continue
		}
		start := d.i
		for d.i < len(d.s) && d.s[d.i] != ':' && !isRustDelim(d.s[d.i]) {
			d.i++
		}
		if d.i == start || d.i >= len(d.s) || d.s[d.i] != ':' {
			return d.errorf("expected a field name and ':'")
		}
		name := d.s[start:d.i]
		d.i++
		v, err := d.value(depth + 1)
		if err != nil {
			return err
		}
		n.Fields = append(n.Fields, rustField{name, v})
		d.ws()
		if d.i < len(d.s) && d.s[d.i] == ',' {
			d.i++
			continue
		}
		if d.i >= len(d.s) || d.s[d.i] != '}' {
			return d.errorf("expected ',' or '}'")
		}
	}
}

// mapBody reads key: value entries up to }.
func (d *rustDecoder) mapBody(n *rustNode, depth int) error {
	for {
		d.ws()
		if d.i >= len(d.s) {
			return d.errorf("unexpected end, expected '}'")
		}
		if d.s[d.i] == '}' {
			d.i++
			return nil
		}
		k, err := d.value(depth + 1)
		if err != nil {
			return err
		}
		d.ws()
		if d.i >= len(d.s) || d.s[d.i] != ':' {
			return d.errorf("expected ':' after a map key")
		}
		d.i++
		v, err := d.value(depth + 1)
		if err != nil {
			return err
		}
		n.Items = append(n.Items, &rustNode{Form: rustTuple, Items: []*rustNode{k, v}})
		d.ws()
		if d.i < len(d.s) && d.s[d.i] == ',' {
			d.i++
			continue
		}
		if d.i >= len(d.s) || d.s[d.i] != '}' {
			return d.errorf("expected ',' or '}'")
		}
	}
}

// rustASTCorpus returns the .rs files the corpus test decodes: under
// $AGENTTOOLS_RUSTAST_CORPUS if set, else the library folder of Debian's
// rust-src (apt-get install rust-src) if present; sorted.
func rustASTCorpus(t *testing.T) []string {
	t.Helper()
	roots := filepath.SplitList(os.Getenv("AGENTTOOLS_RUSTAST_CORPUS"))
	if len(roots) == 0 {
		roots, _ = filepath.Glob("/usr/src/rustc-*/library")
	}
	var files []string
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.HasSuffix(p, ".rs") {
				files = append(files, p)
			}
			return nil
		})
	}
	slices.Sort(files)
	return files
}

// TestRustASTCorpus decodes rustc's tree of real Rust files (see
// rustASTCorpus; every 100th file, or all of them with
// AGENTTOOLS_RUSTAST_ALL=1), two rustc at a time, and checks that the
// decoder never fails and every span lies in its file. rustc's own parse
// errors (std of an older rustc may use syntax since removed, like box
// expressions) are logged, not failures.
func TestRustASTCorpus(t *testing.T) {
	peers.Require(t, "rustc")
	files := rustASTCorpus(t)
	if len(files) == 0 {
		missingPeer(t, "no Rust corpus: set AGENTTOOLS_RUSTAST_CORPUS, or run scripts/peers.sh rustsrc (make test does)")
	}
	if os.Getenv("AGENTTOOLS_RUSTAST_ALL") != "1" {
		var some []string
		for i := 0; i < len(files); i += 100 {
			some = append(some, files[i])
		}
		files = some
	}
	type result struct {
		file             string
		lines, bytes     int
		nodes, syn       int
		rustc, decode    time.Duration
		rustcErr, decErr error
	}
	results := make([]result, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := &results[i]
				r.file = files[i]
				src, err := os.ReadFile(r.file)
				if err != nil {
					r.rustcErr = err
					continue
				}
				r.lines = bytes.Count(src, []byte("\n")) + 1
				t0 := time.Now()
				out, err := rustcASTDump(r.file, "2021")
				r.rustc = time.Since(t0)
				if err != nil {
					r.rustcErr = err
					continue
				}
				r.bytes = len(out)
				t0 = time.Now()
				root, err := decodeRustAST(out)
				r.decode = time.Since(t0)
				if err != nil {
					r.decErr = err
					continue
				}
				if root.Kind != "Crate" {
					r.decErr = fmt.Errorf("root is %q, not Crate", root.Kind)
					continue
				}
				root.walk(func(n *rustNode) bool {
					r.nodes++
					if n.Form == rustSpan && n.File != "" && (n.File != r.file || n.Start.Line < 1 || n.End.Line > r.lines || n.End.Line < n.Start.Line) {
						r.decErr = fmt.Errorf("span %s:%d:%d: %d:%d out of the file's %d lines", n.File, n.Start.Line, n.Start.Col, n.End.Line, n.End.Col, r.lines)
					}
					return true
				})
				r.syn = len(rustSyntax(root))
			}
		}()
	}
	t0 := time.Now()
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	var lines, size, nodes, syn, rustcFails int
	var rustcTime, decTime time.Duration
	for _, r := range results {
		if r.decErr != nil {
			t.Errorf("%s: %v", r.file, r.decErr)
		}
		if r.rustcErr != nil {
			rustcFails++
			t.Logf("rustc fails on %s: %.300s", r.file, r.rustcErr)
			continue
		}
		lines += r.lines
		size += r.bytes
		nodes += r.nodes
		syn += r.syn
		rustcTime += r.rustc
		decTime += r.decode
	}
	t.Logf("%d files (%d rustc failures), %d lines: %d MB of dump, %d nodes, %d Expr/Item/Pat/Ty/Stmt; rustc %v, decoding %v (summed over 2 workers); %v wall",
		len(files), rustcFails, lines, size>>20, nodes, syn, rustcTime.Round(time.Millisecond), decTime.Round(time.Millisecond), time.Since(t0).Round(time.Millisecond))
}

// rustASTCase is one source of TestRustASTDecode with its expected
// (type, variant, first line, last line) of every Expr, Item, Pat, Ty and
// Stmt, in rustc's pre-order (a struct's fields in declaration order: a
// MethodCall's turbofish types come before its receiver, a Param's type
// before its pattern).
type rustASTCase struct {
	name, src string
	want      []rustSyn
}

var rustASTCases = []rustASTCase{{
	name: "calls.rs",
	src: `fn main() {
    let v = a.b(1);
    f(x, y);
    let r = g()?
        .h::<u8>();
}
`,
	want: []rustSyn{
		{"Item", "Fn", 1, 6},
		{"Stmt", "Let", 2, 2},
		{"Pat", "Ident", 2, 2},
		{"Expr", "MethodCall", 2, 2},
		{"Expr", "Path", 2, 2},
		{"Expr", "Lit", 2, 2},
		{"Stmt", "Semi", 3, 3},
		{"Expr", "Call", 3, 3},
		{"Expr", "Path", 3, 3},
		{"Expr", "Path", 3, 3},
		{"Expr", "Path", 3, 3},
		{"Stmt", "Let", 4, 5},
		{"Pat", "Ident", 4, 4},
		{"Expr", "MethodCall", 4, 5},
		{"Ty", "Path", 5, 5},
		{"Expr", "Try", 4, 4},
		{"Expr", "Call", 4, 4},
		{"Expr", "Path", 4, 4},
	},
}, {
	name: "matches.rs",
	src: `fn m(x: Option<i32>) -> i32 {
    match x {
        Some(n) if n > 0 => n,
        None => {
            0
        }
        _ => -1,
    }
}
`,
	want: []rustSyn{
		{"Item", "Fn", 1, 9},
		{"Ty", "Path", 1, 1},
		{"Ty", "Path", 1, 1},
		{"Pat", "Ident", 1, 1},
		{"Ty", "Path", 1, 1},
		{"Stmt", "Expr", 2, 8},
		{"Expr", "Match", 2, 8},
		{"Expr", "Path", 2, 2},
		{"Pat", "TupleStruct", 3, 3},
		{"Pat", "Ident", 3, 3},
		{"Expr", "Binary", 3, 3},
		{"Expr", "Path", 3, 3},
		{"Expr", "Lit", 3, 3},
		{"Expr", "Path", 3, 3},
		{"Pat", "Ident", 4, 4},
		{"Expr", "Block", 4, 6},
		{"Stmt", "Expr", 5, 5},
		{"Expr", "Lit", 5, 5},
		{"Pat", "Wild", 7, 7},
		{"Expr", "Unary", 7, 7},
		{"Expr", "Lit", 7, 7},
	},
}, {
	// Outer attributes and doc comments are not in their item's span.
	name: "impls.rs",
	src: `/// Holds a reference.
#[derive(Debug)]
struct S<'a, T> {
    x: &'a T,
}

impl<'a, T: Clone> S<'a, T> {
    #[inline]
    fn get(&self) -> T {
        self.x.clone()
    }
}
`,
	want: []rustSyn{
		{"Item", "Struct", 3, 5},
		{"Ty", "Ref", 4, 4},
		{"Ty", "Path", 4, 4},
		{"Item", "Impl", 7, 12},
		{"Ty", "Path", 7, 7},
		{"Ty", "Path", 7, 7},
		{"Item", "Fn", 9, 11},
		{"Ty", "Ref", 9, 9},
		{"Ty", "ImplicitSelf", 9, 9},
		{"Pat", "Ident", 9, 9},
		{"Ty", "Path", 9, 9},
		{"Stmt", "Expr", 10, 10},
		{"Expr", "MethodCall", 10, 10},
		{"Expr", "Field", 10, 10},
		{"Expr", "Path", 10, 10},
	},
}, {
	// A closure's untyped parameters get a Ty of variant Infer spanning
	// the pattern. Macro arguments are tokens: no a.unwrap() MethodCall,
	// no add(1, 2) Call. A macro statement is a Stmt of variant MacCall
	// with no Expr; vec![..] in a let is an Expr of variant MacCall.
	name: "macros.rs",
	src: `fn k(a: Option<u8>) {
    let add = |x, y| x + y;
    let s = r#"say "hi" #"#;
    println!("{}", a.unwrap());
    let v = vec![1, 2];
    m! { add(1, 2) }
}
`,
	want: []rustSyn{
		{"Item", "Fn", 1, 7},
		{"Ty", "Path", 1, 1},
		{"Ty", "Path", 1, 1},
		{"Pat", "Ident", 1, 1},
		{"Stmt", "Let", 2, 2},
		{"Pat", "Ident", 2, 2},
		{"Expr", "Closure", 2, 2},
		{"Ty", "Infer", 2, 2},
		{"Pat", "Ident", 2, 2},
		{"Ty", "Infer", 2, 2},
		{"Pat", "Ident", 2, 2},
		{"Expr", "Binary", 2, 2},
		{"Expr", "Path", 2, 2},
		{"Expr", "Path", 2, 2},
		{"Stmt", "Let", 3, 3},
		{"Pat", "Ident", 3, 3},
		{"Expr", "Lit", 3, 3},
		{"Stmt", "MacCall", 4, 4},
		{"Stmt", "Let", 5, 5},
		{"Pat", "Ident", 5, 5},
		{"Expr", "MacCall", 5, 5},
		{"Stmt", "MacCall", 6, 6},
	},
}}

// TestRustASTDecode checks rustcAST, decodeRustAST and the helpers on
// small sources: the syntax nodes found, and the shape of a method call,
// a ?, a match arm, an impl, a raw string, a lifetime, macro calls, an
// unloaded module.
func TestRustASTDecode(t *testing.T) {
	peers.Require(t, "rustc")
	dir := t.TempDir()
	trees := map[string]*rustNode{}
	for _, c := range rustASTCases {
		p := filepath.Join(dir, c.name)
		if err := os.WriteFile(p, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		root, err := rustcAST(p)
		if err != nil {
			t.Fatal(err)
		}
		trees[c.name] = root
		if diff := cmp.Diff(c.want, rustSyntax(root)); diff != "" {
			t.Errorf("%s: syntax nodes (-want +got):\n%s", c.name, diff)
		}
	}
	// first returns the first node of root that ok accepts.
	first := func(root *rustNode, ok func(n *rustNode) bool) *rustNode {
		var found *rustNode
		root.walk(func(n *rustNode) bool {
			if found == nil && ok(n) {
				found = n
			}
			return found == nil
		})
		if found == nil {
			t.Fatal("node not found")
		}
		return found
	}
	expr := func(v string) func(n *rustNode) bool {
		return func(n *rustNode) bool { return n.Kind == "Expr" && variant(n) == v }
	}

	// Expr { kind: MethodCall(MethodCall { seg, receiver, args, span }) }:
	// the inner span starts at the method's name.
	mc := first(trees["calls.rs"], expr("MethodCall")).field("kind").item(0)
	if got := rustSymbol(mc.field("seg").field("ident")); got != "b" {
		t.Errorf("method name %q, want b", got)
	}
	if got := rustPathName(mc.field("receiver").field("kind").item(1)); got != "a" {
		t.Errorf("receiver %q, want a", got)
	}
	if s := mc.spanNode(); s == nil || s.Start != (rustPos{2, 15}) || s.End != (rustPos{2, 19}) {
		t.Errorf("MethodCall's own span %+v, want 2:15-2:19", s)
	}
	// Expr { kind: Call(callee Expr, [arg Expr..]) }.
	call := first(trees["calls.rs"], expr("Call")).field("kind")
	if got := len(call.item(1).Items); got != 2 {
		t.Errorf("f(x, y) has %d arguments, want 2", got)
	}
	// Expr { kind: Try(Expr) }, spanning g()?.
	try := first(trees["calls.rs"], expr("Try"))
	if s := try.spanNode(); s.Start != (rustPos{4, 13}) || s.End != (rustPos{4, 17}) {
		t.Errorf("g()? spans %+v-%+v, want 4:13-4:17", s.Start, s.End)
	}
	if variant(try.field("kind").item(0)) != "Call" {
		t.Errorf("g()? wraps a %s, want Call", variant(try.field("kind").item(0)))
	}

	// Expr { kind: Match(scrutinee, [Arm { pat, guard, body: Some(Expr), span }]) }:
	// an arm's span runs from its pattern to its body, without the comma.
	arms := first(trees["matches.rs"], expr("Match")).field("kind").item(1)
	if arms == nil || len(arms.Items) != 3 {
		t.Fatalf("match arms: %v", arms)
	}
	var armLines [][2]int
	for _, a := range arms.Items {
		s, e, _ := a.lines()
		armLines = append(armLines, [2]int{s, e})
	}
	if diff := cmp.Diff([][2]int{{3, 3}, {4, 6}, {7, 7}}, armLines); diff != "" {
		t.Errorf("arm lines (-want +got):\n%s", diff)
	}
	if g := arms.Items[0].field("guard").item(0); variant(g) != "Binary" {
		t.Errorf("guard %s, want Binary", variant(g))
	}
	if got := rustSyntax(trees["matches.rs"], "Arm"); len(got) != 3 || got[0].Variant != "Arm" {
		t.Errorf("rustSyntax(.., Arm) = %v", got)
	}

	// Item { kind: Impl(Impl { generics, of_trait: None, self_ty: Ty, items: [Item..] }) }.
	impl := first(trees["impls.rs"], func(n *rustNode) bool { return n.Kind == "Item" && variant(n) == "Impl" }).field("kind").item(0)
	if got := rustPathName(impl.field("self_ty").field("kind").item(1)); got != "S" {
		t.Errorf("impl self type %q", got)
	}
	var params []string
	for _, p := range impl.field("generics").field("params").Items {
		params = append(params, rustSymbol(p.field("ident"))+":"+variant(p))
	}
	if diff := cmp.Diff([]string{"'a:Lifetime", "T:Type"}, params); diff != "" {
		t.Errorf("impl generics (-want +got):\n%s", diff)
	}
	fn := impl.field("items").item(0)
	if variant(fn) != "Fn" || rustSymbol(fn.field("kind").item(0).field("ident")) != "get" {
		t.Errorf("impl item %s", variant(fn))
	}
	if attr := fn.field("attrs").item(0); rustPathName(attr.field("kind").item(0).field("item").field("path")) != "inline" {
		t.Errorf("attribute of get is not inline")
	}

	// A raw string's symbol is its text between the quotes.
	lit := first(trees["macros.rs"], expr("Lit")).field("kind").item(0)
	if variant(lit) != "StrRaw" || lit.field("symbol").Atom != `say "hi" #` {
		t.Errorf("raw string: %s %q", variant(lit), lit.field("symbol").Atom)
	}
	// Macro calls: a path, a delimiter and flat tokens.
	var macs []string
	trees["macros.rs"].walk(func(n *rustNode) bool {
		if m := rustMacCall(n); m != nil {
			macs = append(macs, fmt.Sprintf("%s %s %s %d", n.Kind, rustPathName(m.field("path")), variant(m.field("args").field("delim")), len(rustMacTokens(m))))
		}
		return true
	})
	if diff := cmp.Diff([]string{"Stmt println Parenthesis 5", "Expr vec Bracket 3", "Stmt m Brace 4"}, macs); diff != "" {
		t.Errorf("macro calls (-want +got):\n%s", diff)
	}

	// Before module loading: mod x; is Unloaded, and x.rs need not exist.
	// The file's name has a space, brackets and a comma.
	p := filepath.Join(dir, "mods [x], y.rs")
	os.WriteFile(p, []byte("mod missing;\n#[cfg(FALSE)]\nfn gone() { include!(\"nowhere.rs\"); }\n"), 0o644)
	root, err := rustcAST(p)
	if err != nil {
		t.Fatal(err)
	}
	mod := root.field("items").item(0)
	if variant(mod) != "Mod" || mod.field("kind").item(2).Atom != "Unloaded" {
		t.Errorf("mod missing; is %s %v", variant(mod), mod.field("kind").item(2))
	}
	if gone := root.field("items").item(1); gone == nil || variant(gone) != "Fn" {
		t.Errorf("#[cfg(FALSE)] fn is stripped; the tree is before expansion")
	}
	if s := mod.spanNode(); s == nil || s.File != p || s.Start != (rustPos{1, 1}) || s.End != (rustPos{1, 13}) {
		t.Errorf("span of mod missing; is %+v", s)
	}
}

// TestRustASTDecodeText checks decodeRustAST on Debug text: escapes,
// spans, special symbols, and every prefix of a dump failing cleanly.
func TestRustASTDecodeText(t *testing.T) {
	const text = `Crate {
    a: "x\"y\\z\n\u{1f600}é",
    b: '\'',
    c: 'é',
    d: lifetime(4294967040: 'static),
    e: {{root}}#0,
    f: r#type#0,
    g: [
        Some(
            f.rs:1:2: 3:4 (#5),
        ),
        no-location (#0),
        (
            A,
            -1.5e3,
        ),
    ],
    h: { "k": 1, 2: [] },
    i: Opaque { .. },
    j: 'a#0,
    span: my file[1], x.rs:1:1: 2:5 (#0),
}`
	root, err := decodeRustAST(text)
	if err != nil {
		t.Fatal(err)
	}
	type flat struct {
		Form        rustForm
		Kind, Atom  string
		File        string
		Start, End  rustPos
		Ctxt, Items int
	}
	var got []flat
	root.walk(func(n *rustNode) bool {
		got = append(got, flat{n.Form, n.Kind, n.Atom, n.File, n.Start, n.End, n.Ctxt, len(n.Items)})
		return true
	})
	want := []flat{
		{Form: rustStruct, Kind: "Crate"},
		{Form: rustStr, Atom: "x\"y\\z\n\U0001f600é"},
		{Form: rustChar, Atom: "'"},
		{Form: rustChar, Atom: "é"},
		{Form: rustTuple, Kind: "lifetime", Items: 2},
		{Form: rustAtom, Atom: "4294967040"},
		{Form: rustAtom, Atom: "'static"},
		{Form: rustAtom, Atom: "{{root}}#0"},
		{Form: rustAtom, Atom: "r#type#0"},
		{Form: rustList, Items: 3},
		{Form: rustTuple, Kind: "Some", Items: 1},
		{Form: rustSpan, File: "f.rs", Start: rustPos{1, 2}, End: rustPos{3, 4}, Ctxt: 5},
		{Form: rustSpan},
		{Form: rustTuple, Items: 2},
		{Form: rustAtom, Atom: "A"},
		{Form: rustAtom, Atom: "-1.5e3"},
		{Form: rustMap, Items: 2},
		{Form: rustTuple, Items: 2},
		{Form: rustStr, Atom: "k"},
		{Form: rustAtom, Atom: "1"},
		{Form: rustTuple, Items: 2},
		{Form: rustAtom, Atom: "2"},
		{Form: rustList},
		{Form: rustStruct, Kind: "Opaque"},
		{Form: rustAtom, Atom: "'a#0"},
		{Form: rustSpan, File: "my file[1], x.rs", Start: rustPos{1, 1}, End: rustPos{2, 5}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decoded (-want +got):\n%s", diff)
	}
	if got := rustSymbol(root.field("f")); got != "r#type" {
		t.Errorf("rustSymbol(r#type#0) = %q", got)
	}
	if got := rustSymbol(root.field("j")); got != "'a" {
		t.Errorf("rustSymbol('a#0) = %q", got)
	}
	for i := len("Crate {"); i < len(text); i++ {
		if _, err := decodeRustAST(text[:i]); err == nil {
			t.Errorf("decodeRustAST(%q) succeeds", text[:i])
		}
	}
	for _, bad := range []string{"", "}", "A { b }", "A { b: }", "[1 2]", "(", `"abc`, `"\u{zz}"`, "A(1,", "x y"} {
		if _, err := decodeRustAST(bad); err == nil {
			t.Errorf("decodeRustAST(%q) succeeds", bad)
		}
	}
}
