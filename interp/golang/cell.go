package golang

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strings"
)

// A cell is written as a notebook cell is: Go statements and declarations
// at top level, in any order (x := 1, import "strings", func f() {}, then
// f()). yaegi takes either declarations (as a file) or statements (as the
// body of main) in one Eval, never both, so a cell is cut into steps of
// one kind each and they run in order. Its last statement, when it is an
// expression, is a step of its own: it is echoed.
//
// Every step's source is laid out so that yaegi's positions are the
// cell's: yaegi puts its wrapper ("package main;" or "package main; func
// main() {") on line 1, and the step starts on line 2, at the line and
// column where it is in the cell. A position line:col from yaegi is cell
// line line-1.

// echoFunc is the name, in a cell, of the native function a step calls to
// echo the cell's last expression.
const echoFunc = "agenttoolsEcho"

// A step is a part of a cell that yaegi evaluates in one Eval.
type step struct {
	src string // as given to yaegi
	// For the echo step: the expression alone, run when the echo form
	// does not compile (a call with no result), and how to echo it.
	plain string
	echo  *echoInfo
	// The imports that src makes, recorded once it ran.
	imports []string
}

// echoInfo says how to show the values of the cell's last expression.
type echoInfo struct {
	call  bool // a call: a nil last result is its nil error, not shown
	quiet bool // a print or a write: the byte count is noise, not shown
}

// A chunk is one top-level statement or declaration of a cell.
type chunk struct {
	start, end int  // byte offsets in the cell, without the trailing semicolon or comment
	next       int  // where the next chunk may begin
	decl       bool // a declaration (import, type, const, var, func)
	isImport   bool
	isExpr     bool // a statement that is a lone expression
}

// plan cuts code into steps. imported are the imports earlier cells made
// ("name path"), which are dropped: yaegi refuses an import that is
// already there, and running a cell again should not fail on it. A syntax
// error comes back as an error whose text is the message for the cell.
func plan(code string, imported map[string]bool) ([]step, error) {
	chunks, err := cut(code)
	if err != nil {
		return nil, err
	}
	// blanked is code with the dropped imports blanked out, so that every
	// other position stays put.
	blanked := []byte(code)
	var steps []step
	for i := 0; i < len(chunks); {
		c := chunks[i]
		if !c.decl && c.isExpr && i == len(chunks)-1 {
			steps = append(steps, echoStep(code, c))
			break
		}
		// A run of chunks of one kind; imports must open a file, so a run
		// of declarations ends before an import that follows another
		// declaration.
		j := i + 1
		for j < len(chunks) && chunks[j].decl == c.decl &&
			!(c.decl && chunks[j].isImport && !chunks[j-1].isImport) &&
			!(!c.decl && chunks[j].isExpr && j == len(chunks)-1) {
			j++
		}
		s := step{}
		if c.decl {
			imports, err := dropImports(code, blanked, chunks[i:j], imported)
			if err != nil {
				return nil, err
			}
			s.imports = imports
		}
		body := string(blanked[c.start:chunks[j-1].end])
		if strings.TrimSpace(body) != "" {
			s.src = "\n" + pad(code, c.start) + body
			if err := check(s.src, c.decl); err != nil {
				return nil, err
			}
			steps = append(steps, s)
		}
		i = j
	}
	return steps, nil
}

// echoStep is the step of the cell's last expression: the expression
// passed to the echo function.
func echoStep(code string, c chunk) step {
	text := code[c.start:c.end]
	info := &echoInfo{}
	if e, err := parser.ParseExpr(text); err == nil {
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
			info.call = true
			var name string
			switch f := ast.Unparen(call.Fun).(type) {
			case *ast.Ident:
				name = f.Name
			case *ast.SelectorExpr:
				name = f.Sel.Name
			}
			for _, p := range []string{"Print", "Fprint", "Write"} {
				if strings.HasPrefix(name, p) {
					info.quiet = true
				}
			}
		}
	}
	// The call's parenthesis goes on yaegi's line 1, so that the
	// expression keeps its cell position.
	return step{
		src:   echoFunc + "(\n" + pad(code, c.start) + text + ")",
		plain: "\n" + pad(code, c.start) + text,
		echo:  info,
	}
}

// pad is the blank text that puts what follows at the line and column of
// offset in code.
func pad(code string, offset int) string {
	line := strings.Count(code[:offset], "\n")
	col := offset - (strings.LastIndexByte(code[:offset], '\n') + 1)
	return strings.Repeat("\n", line) + strings.Repeat(" ", col)
}

// check parses src as yaegi will, wrapper and all, and returns a syntax
// error in cell positions. yaegi would report it too, but with its
// wrapper's columns, and only after running the steps before.
func check(src string, decl bool) error {
	wrapped := "package main;" + src
	if !decl {
		wrapped = "package main; func main() {" + src + "\n}"
	}
	_, err := parser.ParseFile(token.NewFileSet(), "", wrapped, parser.DeclarationErrors)
	return syntaxError(err)
}

// syntaxError renders a go/scanner error list with cell positions.
func syntaxError(err error) error {
	var list scanner.ErrorList
	if !errors.As(err, &list) {
		return err
	}
	var b strings.Builder
	for i, e := range list {
		if i == 10 {
			fmt.Fprintf(&b, "\n… %d more", len(list)-i)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "syntax error: %d:%d: %s", e.Pos.Line-1, e.Pos.Column, e.Msg)
	}
	return errors.New(b.String())
}

// cut splits code at its top-level semicolons (written or implied by a
// line end) into chunks.
func cut(code string) ([]chunk, error) {
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(code))
	var errs scanner.ErrorList
	var s scanner.Scanner
	s.Init(file, []byte(code), func(pos token.Position, msg string) { errs.Add(pos, msg) }, scanner.ScanComments)

	var chunks []chunk
	var toks []token.Token // the current chunk's tokens
	start, after := -1, -1 // the chunk's first token; the first token after its last
	depth := 0
	end := func(at int) {
		if start < 0 {
			return
		}
		if after < 0 {
			after = at
		}
		c := chunk{start: start, end: len(strings.TrimRight(code[:after], " \t\r\n")), next: at}
		c.decl, c.isImport = classify(toks)
		chunks = append(chunks, c)
		toks, start, after = nil, -1, -1
	}
	for {
		pos, tok, _ := s.Scan()
		at := file.Offset(pos)
		switch tok {
		case token.EOF:
			end(len(code))
			if errs.Len() > 0 {
				// Scanner offsets are the cell's own: shift the line to
				// match the layout syntaxError expects.
				for _, e := range errs {
					e.Pos.Line++
				}
				return nil, syntaxError(errs)
			}
			for i, c := range chunks {
				if !c.decl {
					chunks[i].isExpr = isExpr(code[c.start:c.end])
				}
			}
			return chunks, nil
		case token.COMMENT:
			if start >= 0 && after < 0 {
				after = at
			}
			continue
		case token.SEMICOLON:
			if depth == 0 {
				if start >= 0 && after < 0 {
					after = at
				}
				end(at)
				continue
			}
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
		}
		if start < 0 {
			start = at
		}
		toks = append(toks, tok)
		after = -1
	}
}

// classify tells a declaration from a statement by its first tokens. A
// func is a declaration when a name follows it (func f, or func (r T) M(),
// a method); func(…) {…}() is a statement.
func classify(toks []token.Token) (decl, isImport bool) {
	if len(toks) == 0 {
		return false, false
	}
	switch toks[0] {
	case token.IMPORT:
		return true, true
	case token.TYPE, token.CONST, token.VAR:
		return true, false
	case token.FUNC:
		if len(toks) > 1 && toks[1] == token.IDENT {
			return true, false
		}
		if len(toks) > 1 && toks[1] == token.LPAREN {
			depth := 0
			for i := 1; i < len(toks); i++ {
				switch toks[i] {
				case token.LPAREN:
					depth++
				case token.RPAREN:
					depth--
				}
				if depth == 0 {
					return i+2 < len(toks) && toks[i+1] == token.IDENT && toks[i+2] == token.LPAREN, false
				}
			}
		}
	}
	return false, false
}

// isExpr reports whether a statement is a lone expression.
func isExpr(stmt string) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p; func _() {"+stmt+"\n}", 0)
	if err != nil {
		return false
	}
	body := f.Decls[0].(*ast.FuncDecl).Body.List
	if len(body) != 1 {
		return false
	}
	_, ok := body[0].(*ast.ExprStmt)
	return ok
}

// dropImports blanks, in blanked, the imports of chunks that an earlier
// cell made, and returns the keys ("name path") of the others.
func dropImports(code string, blanked []byte, chunks []chunk, imported map[string]bool) ([]string, error) {
	var keys []string
	for _, c := range chunks {
		if !c.isImport {
			continue
		}
		src := "package main;\n" + pad(code, c.start) + code[c.start:c.end]
		base := len(src) - (c.end - c.start) // where the chunk starts in src
		f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
		if err != nil {
			return nil, syntaxError(err)
		}
		for _, d := range f.Decls {
			g := d.(*ast.GenDecl)
			var kept int
			for _, spec := range g.Specs {
				is := spec.(*ast.ImportSpec)
				key := is.Path.Value
				if is.Name != nil {
					key = is.Name.Name + " " + key
				}
				if imported[key] {
					if g.Lparen.IsValid() {
						blank(blanked, c.start+int(is.Pos())-1-base, c.start+int(is.End())-1-base)
					}
					continue
				}
				kept++
				keys = append(keys, key)
			}
			if kept == 0 {
				// The whole import, with the semicolon written after it.
				to := c.next
				if to < len(code) && code[to] == ';' {
					to++
				}
				blank(blanked, c.start+int(g.Pos())-1-base, max(c.start+int(g.End())-1-base, to))
			}
		}
	}
	return keys, nil
}

// blank turns b[from:to] into spaces, keeping its line ends.
func blank(b []byte, from, to int) {
	for i := from; i < to && i < len(b); i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
}
