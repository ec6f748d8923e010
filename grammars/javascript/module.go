package javascript

import "github.com/agenttools/agenttools/grammars"

// Modules: import and export in every form.

// moduleSpecifier parses the string naming a module; in a pattern a
// metavariable may stand for it.
func (p *parser) moduleSpecifier() {
	if p.Kind == tString || p.isMetavarTok() {
		p.Leaf()
		return
	}
	p.ErrorExpected("module specifier")
}

// importStatement parses import in every form: side effect, default,
// namespace, named, type-only, import x = require("y"), attributes.
func (p *parser) importStatement() {
	m := p.B.Mark()
	p.Leaf()
	if p.Kind == tString || p.isMetavarTok() && p.Peek(1) != kwFrom && p.Peek(1) != tComma && p.Peek(1) != tAssign {
		p.source()
		p.B.Close(m, nImportStatement, 0)
		return
	}
	if p.Kind == kwType {
		next := p.Peek(1)
		if next == tLBrace || next == tStar || isIdent(next) && !(next == kwFrom && p.Peek(2) == tString) {
			p.Leaf()
		}
	}
	if isIdent(p.Kind) && p.Peek(1) == tAssign {
		// import x = require("y"), import x = a.b
		p.LeafAs(tIdent)
		p.Leaf()
		p.assignment()
		p.semicolon()
		p.B.Close(m, nImportAlias, 0)
		return
	}
	mc := p.B.Mark()
	if isIdent(p.Kind) {
		p.LeafAs(tIdent)
		if p.Got(tComma) && p.Kind != tStar && p.Kind != tLBrace {
			p.ErrorExpected("'*' or '{'")
		}
	}
	switch p.Kind {
	case tStar:
		p.Prefix(nNamespaceImport, func() {
			p.Expect(kwAs)
			p.ident()
		})
	case tLBrace:
		p.namedSpecifiers(nNamedImports, nImportSpecifier)
	}
	switch p.B.Len(mc) {
	case 0:
		p.ErrorExpected("import clause")
	case 1:
	default:
		p.B.Close(mc, nImportClause, 0)
	}
	p.Expect(kwFrom)
	p.source()
	p.B.Close(m, nImportStatement, 0)
}

// source parses the module an import or export names, its attributes
// and the statement's end.
func (p *parser) source() {
	p.moduleSpecifier()
	p.importAttributes()
	p.semicolon()
}

// importAttributes parses with { type: "json" }, or the older assert { … }.
func (p *parser) importAttributes() {
	if (p.Kind == kwWith || p.Kind == kwAssert) && p.Peek(1) == tLBrace && !p.newline() {
		p.Prefix(nImportAttribute, p.object)
	}
}

// namedSpecifiers parses { a, b as c, type d } as a node of kind list
// with items of kind item (a name alone is no item node).
func (p *parser) namedSpecifiers(list, item grammars.Kind) {
	p.Prefix(list, func() {
		p.List(tComma, tRBrace, func() {
			mi := p.B.Mark()
			if p.Kind == kwType && p.isTypeModifier() {
				p.Leaf()
			}
			p.exportName()
			if p.Got(kwAs) {
				p.exportName()
			}
			if p.B.Len(mi) > 1 {
				p.B.Close(mi, item, 0)
			}
		})
		p.Expect(tRBrace)
	})
}

// exportName parses a name imported or exported: an IdentifierName, or
// a string.
func (p *parser) exportName() {
	if !p.Got(tString) {
		p.identAs(tIdent)
	}
}

// isTypeModifier reports whether the type starting a specifier is a
// modifier (type T, type T as U) rather than its name (type, type as T).
func (p *parser) isTypeModifier() bool {
	next := p.Peek(1)
	if next == kwAs {
		return isIdentName(p.Peek(2)) && isIdentName(p.Peek(3))
	}
	return isIdentName(next) || next == tString
}

// exportStatement parses an export from mark m, where its decorators
// start.
func (p *parser) exportStatement(m int) {
	p.Expect(kwExport)
	switch p.Kind {
	case tAssign:
		p.Leaf()
		p.expression()
		p.semicolon()
	case kwAs:
		p.Leaf()
		p.Expect(kwNamespace)
		p.ident()
		p.semicolon()
	case kwImportKw:
		mi := p.B.Mark()
		p.Leaf()
		p.ident()
		p.Expect(tAssign)
		p.assignment()
		p.semicolon()
		p.B.Close(mi, nImportAlias, 0)
	case kwDefault:
		p.Leaf()
		md := p.B.Mark()
		switch {
		case p.Kind == kwFunction || p.Kind == kwAsync && p.Peek(1) == kwFunction && !p.newlineAt(1):
			p.function(md, nFunctionDeclaration)
		case p.Kind == kwClass || p.Kind == kwAbstract && p.Peek(1) == kwClass:
			p.class(md, nClassDeclaration)
		case p.Kind == tAt:
			p.decorators()
			p.class(md, nClassDeclaration)
		case p.Kind == kwInterface && isIdent(p.Peek(1)):
			p.interfaceDeclaration(md)
		default:
			p.assignment()
			p.semicolon()
		}
	case tStar:
		p.exportStar()
	case tLBrace:
		p.exportClause()
	case kwType:
		if k := p.Peek(1); k == tLBrace || k == tStar {
			p.Leaf()
			if p.Kind == tStar {
				p.exportStar()
			} else {
				p.exportClause()
			}
			break
		}
		p.declaration(p.B.Mark())
	case tAt:
		md := p.B.Mark()
		p.decorators()
		p.class(md, nClassDeclaration)
	default:
		p.declaration(p.B.Mark())
	}
	p.B.Close(m, nExportStatement, 0)
}

// exportStar parses * [as name] from "x".
func (p *parser) exportStar() {
	p.Tail(nNamespaceExport, p.Leaf, kwAs, p.exportName)
	p.Expect(kwFrom)
	p.source()
}

// exportClause parses { a, b as c } [from "x"].
func (p *parser) exportClause() {
	p.namedSpecifiers(nExportClause, nExportSpecifier)
	if p.Got(kwFrom) {
		p.moduleSpecifier()
		p.importAttributes()
	}
	p.semicolon()
}
