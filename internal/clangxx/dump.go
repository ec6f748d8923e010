package clangxx

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
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
func readDump(r *bufio.Reader, main string) (*Node, error) {
	d := &dumpReader{s: &scanner{r: r, interned: map[string]string{}}, main: main}
	root, kids, err := d.node()
	if err != nil {
		return nil, err
	}
	root.Children = kids
	return root, nil
}

// A dumpReader reads a dump as clang writes it. file and line are those
// of the location the dump printed last: clang leaves a location's file
// out when it is that one's, and its line too when that is the same.
type dumpReader struct {
	s    *scanner
	main string
	file string
	line int
}

// node reads a node. It returns the node and its descendants that are
// kept, which are its children when the node is kept and else go to its
// kept ancestor.
func (d *dumpReader) node() (*Node, []*Node, error) {
	n := &Node{}
	var kids []*Node
	err := d.s.object(func(key string) error {
		var err error
		switch key {
		case "kind":
			n.Kind, err = d.s.intern()
		case "name":
			n.Name, err = d.s.str()
		case "opcode":
			n.Opcode, err = d.s.intern()
		case "valueCategory":
			n.ValueCategory, err = d.s.intern()
		case "castKind":
			n.CastKind, err = d.s.intern()
		case "isImplicit":
			var lit []byte
			lit, err = d.s.literal()
			n.Implicit = string(lit) == "true"
		case "loc":
			n.Loc, err = d.loc()
		case "range":
			err = d.s.object(func(key string) error {
				switch key {
				case "begin":
					n.Begin, err = d.loc()
				case "end":
					n.End, err = d.loc()
				default:
					err = d.skip(true)
				}
				return err
			})
		case "inner", "array_filler":
			// array_filler: an InitListExpr's filler of the elements it
			// does not write, then its elements
			var more []*Node
			more, err = d.nodes(d.in(n))
			kids = append(kids, more...)
		default:
			err = d.skip(true)
		}
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return n, kids, nil
}

// nodes reads a list of nodes, whose parent is in the main file or not,
// and returns those kept.
func (d *dumpReader) nodes(parentIn bool) ([]*Node, error) {
	var kept []*Node
	err := d.s.array(func() error {
		n, kids, err := d.node()
		if err != nil {
			return err
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
		return nil
	})
	return kept, err
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

// loc reads a location, fills in the file and line it leaves out, and
// keeps its own as the last printed; a macro's location prints its
// spelling, then its expansion, each a location of its own.
func (d *dumpReader) loc() (Loc, error) {
	var l Loc
	hasOffset := false
	err := d.s.object(func(key string) error {
		var err error
		switch key {
		case "offset":
			l.Offset, err = d.s.int()
			hasOffset = true
		case "file":
			d.file, err = d.s.intern()
		case "line":
			d.line, err = d.s.int()
		case "col":
			l.Col, err = d.s.int()
		case "tokLen":
			l.TokLen, err = d.s.int()
		case "spellingLoc", "expansionLoc":
			var x Loc
			x, err = d.loc()
			if key == "spellingLoc" {
				l.Spelling = &x
			} else {
				l.Expansion = &x
			}
		case "isMacroArgExpansion":
			var lit []byte
			lit, err = d.s.literal()
			l.MacroArg = string(lit) == "true"
		default:
			// includedFrom names the file that included this one: no
			// location, and not the file the next one leaves out
			err = d.skip(false)
		}
		return err
	})
	if hasOffset {
		l.File, l.Line = d.file, d.line
	}
	return l, err
}

// skip reads a value no node keeps. Some hold locations (a template
// argument's, say), which still set the file and line that the next
// location leaves out: with track, skip sets them from any "file" and
// "line" in it but an includedFrom's.
func (d *dumpReader) skip(track bool) error {
	switch d.s.peek() {
	case '{':
		return d.s.object(func(key string) error {
			var err error
			switch {
			case track && key == "file":
				d.file, err = d.s.intern()
			case track && key == "line":
				d.line, err = d.s.int()
			default:
				err = d.skip(track && key != "includedFrom")
			}
			return err
		})
	case '[':
		return d.s.array(func() error { return d.skip(track) })
	case '"':
		_, err := d.s.bytes()
		return err
	}
	_, err := d.s.literal()
	return err
}

// A scanner reads JSON, a token at a time, without the allocations of
// encoding/json's Decoder: a dump is hundreds of megabytes of which
// little is kept.
type scanner struct {
	r   *bufio.Reader
	buf []byte
	// interned holds the strings read again and again (keys, kinds, file
	// names), so that each is allocated once.
	interned map[string]string
}

// peek skips white space and returns the next byte, or 0 at the end.
func (s *scanner) peek() byte {
	for {
		c, err := s.r.ReadByte()
		if err != nil {
			return 0
		}
		switch c {
		case ' ', '\n', '\t', '\r':
			continue
		}
		s.r.UnreadByte()
		return c
	}
}

// expect reads the byte want, after white space.
func (s *scanner) expect(want byte) error {
	if c := s.peek(); c != want {
		return fmt.Errorf("%q where the dump has %q", c, want)
	}
	s.r.ReadByte()
	return nil
}

// object reads an object, handing each key to value, which reads the
// key's value.
func (s *scanner) object(value func(key string) error) error {
	if err := s.expect('{'); err != nil {
		return err
	}
	if s.peek() == '}' {
		s.r.ReadByte()
		return nil
	}
	for {
		key, err := s.intern()
		if err != nil {
			return err
		}
		if err := s.expect(':'); err != nil {
			return err
		}
		if err := value(key); err != nil {
			return err
		}
		switch s.peek() {
		case ',':
			s.r.ReadByte()
		case '}':
			s.r.ReadByte()
			return nil
		default:
			return errors.New("an object not closed")
		}
	}
}

// array reads an array, calling elem to read each element.
func (s *scanner) array(elem func() error) error {
	if err := s.expect('['); err != nil {
		return err
	}
	if s.peek() == ']' {
		s.r.ReadByte()
		return nil
	}
	for {
		if err := elem(); err != nil {
			return err
		}
		switch s.peek() {
		case ',':
			s.r.ReadByte()
		case ']':
			s.r.ReadByte()
			return nil
		default:
			return errors.New("an array not closed")
		}
	}
}

// bytes reads a string and returns its bytes, which hold until the next
// read.
func (s *scanner) bytes() ([]byte, error) {
	if err := s.expect('"'); err != nil {
		return nil, err
	}
	s.buf = s.buf[:0]
	for {
		part, err := s.r.ReadSlice('"')
		s.buf = append(s.buf, part...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return nil, err
		}
		// the quote ends the string unless an odd run of backslashes
		// escapes it
		n := 0
		for i := len(s.buf) - 2; i >= 0 && s.buf[i] == '\\'; i-- {
			n++
		}
		if n%2 == 0 {
			break
		}
	}
	raw := s.buf[:len(s.buf)-1]
	if !bytes.ContainsRune(raw, '\\') {
		return raw, nil
	}
	var str string
	quoted := append(append([]byte{'"'}, raw...), '"')
	if err := json.Unmarshal(quoted, &str); err != nil {
		return nil, err
	}
	s.buf = append(s.buf[:0], str...)
	return s.buf, nil
}

// str reads a string.
func (s *scanner) str() (string, error) {
	b, err := s.bytes()
	return string(b), err
}

// intern reads a string of the few that come again and again.
func (s *scanner) intern() (string, error) {
	b, err := s.bytes()
	if err != nil {
		return "", err
	}
	if str, ok := s.interned[string(b)]; ok {
		return str, nil
	}
	str := string(b)
	s.interned[str] = str
	return str, nil
}

// literal reads a number, true, false or null, whose bytes hold until the
// next read.
func (s *scanner) literal() ([]byte, error) {
	s.peek()
	s.buf = s.buf[:0]
	for {
		c, err := s.r.ReadByte()
		if err != nil {
			if err == io.EOF && len(s.buf) > 0 {
				return s.buf, nil
			}
			return nil, err
		}
		switch c {
		case ',', '}', ']', ' ', '\n', '\t', '\r':
			s.r.UnreadByte()
			if len(s.buf) == 0 {
				return nil, fmt.Errorf("%q where the dump has a value", c)
			}
			return s.buf, nil
		}
		s.buf = append(s.buf, c)
	}
}

// int reads an integer.
func (s *scanner) int() (int, error) {
	b, err := s.literal()
	if err != nil {
		return 0, err
	}
	n, neg := 0, false
	for i, c := range b {
		switch {
		case i == 0 && c == '-':
			neg = true
		case c >= '0' && c <= '9':
			n = n*10 + int(c-'0')
		default:
			return 0, fmt.Errorf("%q is no integer", b)
		}
	}
	if neg {
		n = -n
	}
	return n, nil
}
