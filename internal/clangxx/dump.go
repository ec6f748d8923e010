package clangxx

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
)

// A Loc is a source location of clang's dump, with its file and line
// filled in where the dump leaves them out. A location in a macro's
// expansion has no place of its own but a Spelling (where its token is
// written: the macro's body, or the argument in the invocation) and an
// Expansion (the invocation's start, or the argument's place for a token
// of an argument). The zero Loc is no location.
type Loc struct {
	File                string `json:",omitempty"`
	Offset, Line, Col   int    `json:",omitempty"`
	TokLen              int    `json:",omitempty"` // the length of the token that starts here
	Spelling, Expansion *Loc   `json:",omitempty"`
	MacroArg            bool   `json:",omitempty"` // Expansion is a macro argument's place
}

// Expanded is where l is in the text that the parser read: its
// expansion for a location in a macro's expansion, else l itself.
func (l Loc) Expanded() Loc {
	if l.Expansion != nil {
		return *l.Expansion
	}
	return l
}

// A Node is a node of clang's syntax tree (a declaration, a statement, an
// expression, an attribute, a comment), with the attributes of the dump
// that say what it is.
type Node struct {
	Kind string
	Name string `json:",omitempty"`
	// Implicit is a node the compiler made that the source does not
	// write (an implicit constructor, the class's own name in its
	// scope).
	Implicit bool `json:",omitempty"`
	// Loc is a declaration's location (its name's, mostly); Begin and
	// End its range, End at the start of the range's last token (whose
	// length is End's TokLen).
	Loc, Begin, End Loc
	// Opcode is an operator's (+, =, ...); ValueCategory an
	// expression's (prvalue, lvalue, xvalue); CastKind a cast's.
	Opcode        string  `json:",omitempty"`
	ValueCategory string  `json:",omitempty"`
	CastKind      string  `json:",omitempty"`
	Children      []*Node `json:",omitempty"`
}

// Dump returns clang's syntax tree of file, read with flags (-std=c++20,
// the include folders), restricted to the nodes whose place is in file
// itself: the root is the TranslationUnitDecl, and a node in a header
// that has descendants in file gives them to its nearest ancestor that is
// kept. A node is in file when the expansion of its range's start (of
// its location, when it has no range) is; a node with no location at
// all goes with its parent. The dump, hundreds of megabytes for a header
// that includes much, is read as clang writes it, and only the nodes kept
// are held.
func (c *Clang) Dump(ctx context.Context, file string, flags []string) (*Node, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	args := append([]string{"-fsyntax-only", "-x", "c++", "-w", "-Xclang", "-ast-dump=json"}, flags...)
	var stderr bytes.Buffer
	cmd := c.command(ctx, append(args, abs))
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("clang++: %w", err)
	}
	root, readErr := readDump(bufio.NewReaderSize(out, 1<<20), abs)
	if readErr != nil {
		// the rest is of no use: end clang rather than drain it
		cmd.Cancel()
	}
	werr := cmd.Wait()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if werr != nil {
		r := firstError(stderr.String(), abs)
		return nil, fmt.Errorf("clang++ -ast-dump %s: %w: line %d: %s", file, werr, r.Line, r.Msg)
	}
	if readErr != nil {
		return nil, fmt.Errorf("clang's dump of %s: %w", file, readErr)
	}
	return root, nil
}

// readDump reads clang's JSON dump from r and keeps the nodes in main.
func readDump(r io.Reader, main string) (*Node, error) {
	d := &dumpReader{dec: json.NewDecoder(r), main: main}
	d.dec.UseNumber()
	if err := d.delim('{'); err != nil {
		return nil, err
	}
	root, kids, err := d.node()
	if err != nil {
		return nil, err
	}
	root.Children = kids
	return root, nil
}

// A dumpReader reads a dump token by token. file and line are those of
// the location the dump printed last: clang leaves a location's file out
// when it is that one's, and its line too when that is the same.
type dumpReader struct {
	dec  *json.Decoder
	main string
	file string
	line int
}

// delim reads the delimiter want.
func (d *dumpReader) delim(want json.Delim) error {
	tok, err := d.dec.Token()
	if err != nil {
		return err
	}
	if tok != want {
		return fmt.Errorf("%v where the dump has %v", tok, want)
	}
	return nil
}

// node reads the rest of a node whose '{' has been read. It returns the
// node and its descendants that are kept, which are its children when
// the node is kept and else go to its kept ancestor.
func (d *dumpReader) node() (*Node, []*Node, error) {
	n := &Node{}
	var kids []*Node
	for d.dec.More() {
		tok, err := d.dec.Token()
		if err != nil {
			return nil, nil, err
		}
		key, _ := tok.(string)
		switch key {
		case "kind", "name", "opcode", "valueCategory", "castKind":
			var v any
			if err := d.dec.Decode(&v); err != nil {
				return nil, nil, err
			}
			s, _ := v.(string)
			switch key {
			case "kind":
				n.Kind = s
			case "name":
				n.Name = s
			case "opcode":
				n.Opcode = s
			case "valueCategory":
				n.ValueCategory = s
			case "castKind":
				n.CastKind = s
			}
		case "isImplicit":
			if err := d.dec.Decode(&n.Implicit); err != nil {
				return nil, nil, err
			}
		case "loc":
			var l rawLoc
			if err := d.dec.Decode(&l); err != nil {
				return nil, nil, err
			}
			n.Loc = d.fill(&l)
		case "range":
			var r struct{ Begin, End rawLoc }
			if err := d.dec.Decode(&r); err != nil {
				return nil, nil, err
			}
			n.Begin = d.fill(&r.Begin)
			n.End = d.fill(&r.End)
		case "inner", "array_filler":
			// array_filler: an InitListExpr's filler of the elements it
			// does not write, then its elements
			more, err := d.nodes(d.in(n))
			if err != nil {
				return nil, nil, err
			}
			kids = append(kids, more...)
		default:
			if err := d.skip(); err != nil {
				return nil, nil, err
			}
		}
	}
	if err := d.delim('}'); err != nil {
		return nil, nil, err
	}
	return n, kids, nil
}

// nodes reads a list of nodes, whose parent is in the main file or not,
// and returns those kept.
func (d *dumpReader) nodes(parentIn bool) ([]*Node, error) {
	if err := d.delim('['); err != nil {
		return nil, err
	}
	var kept []*Node
	for d.dec.More() {
		if err := d.delim('{'); err != nil {
			return nil, err
		}
		n, kids, err := d.node()
		if err != nil {
			return nil, err
		}
		in := d.in(n)
		if !located(n) {
			in = parentIn
		}
		if in {
			n.Children = kids
			kept = append(kept, n)
		} else {
			kept = append(kept, kids...)
		}
	}
	return kept, d.delim(']')
}

// located reports whether n has a place of its own.
func located(n *Node) bool {
	return n.Begin.Expanded().File != "" || n.Loc.Expanded().File != ""
}

// in reports whether n's place is in the main file.
func (d *dumpReader) in(n *Node) bool {
	at := n.Begin.Expanded()
	if at.File == "" {
		at = n.Loc.Expanded()
	}
	return at.File == d.main
}

// skip reads a value no node keeps. Some hold locations (a template
// argument's, say): those still set the file and line that the next
// location leaves out, so a value that may hold one is read for them.
func (d *dumpReader) skip() error {
	var raw json.RawMessage
	if err := d.dec.Decode(&raw); err != nil {
		return err
	}
	if !bytes.Contains(raw, []byte(`"offset"`)) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return d.scan(dec)
}

// scan reads a value and sets file and line from the locations it holds,
// in the order they are written: any "file" and "line" but an
// includedFrom's, which says which file included that one and is not a
// location.
func (d *dumpReader) scan(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('['):
		for dec.More() {
			if err := d.scan(dec); err != nil {
				return err
			}
		}
		_, err = dec.Token()
		return err
	case json.Delim('{'):
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return err
			}
			switch k {
			case "includedFrom":
				var skip json.RawMessage
				err = dec.Decode(&skip)
			case "file":
				err = dec.Decode(&d.file)
			case "line":
				err = dec.Decode(&d.line)
			default:
				err = d.scan(dec)
			}
			if err != nil {
				return err
			}
		}
		_, err = dec.Token()
		return err
	}
	return nil
}

// rawLoc is a location as the dump writes it.
type rawLoc struct {
	Offset                    *int
	File                      string
	Line, Col, TokLen         int
	SpellingLoc, ExpansionLoc *rawLoc
	IsMacroArgExpansion       bool
}

// fill returns l with the file and line the dump left out, and keeps
// l's as the last printed; a macro's location prints its spelling, then
// its expansion.
func (d *dumpReader) fill(l *rawLoc) Loc {
	if l.SpellingLoc != nil || l.ExpansionLoc != nil {
		var out Loc
		if l.SpellingLoc != nil {
			s := d.fill(l.SpellingLoc)
			out.Spelling = &s
		}
		if l.ExpansionLoc != nil {
			e := d.fill(l.ExpansionLoc)
			out.Expansion = &e
		}
		out.MacroArg = l.IsMacroArgExpansion
		return out
	}
	if l.Offset == nil {
		return Loc{}
	}
	if l.File != "" {
		d.file = l.File
	}
	if l.Line != 0 {
		d.line = l.Line
	}
	return Loc{File: d.file, Offset: *l.Offset, Line: d.line, Col: l.Col, TokLen: l.TokLen}
}
