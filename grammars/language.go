package grammars

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// A Scaffold is one context a pattern fragment may be parsed in: the
// fragment is put between Prefix and Suffix, and the pattern is the
// innermost node that spans the fragment exactly.
type Scaffold struct {
	Name           string // "statement", "expression", …
	Prefix, Suffix string
	// Indent goes before every line of the fragment, for languages where
	// indentation is syntax.
	Indent string
	// Lead, when set, is what a fragment must start with for the scaffold
	// to be tried: "#" for C's preprocessor directive, which is tried
	// first and would take any top-level item otherwise.
	Lead string
}

// A Language is one bundled grammar.
type Language struct {
	ID string
	// Title is the language's name as people write it ("Go",
	// "TypeScript"), for messages; ID when empty.
	Title      string
	Aliases    []string // other ids a caller may give: "js" for javascript
	Extensions []string // with the dot: ".go"
	// Claims, for an extension that languages share, says by its
	// content whether a file is this language's: a .h file is C's, or
	// C++'s when it holds C++. A file of an extension Claims does not
	// name is the language's by its extension alone.
	Claims map[string]func(src []byte) bool
	Kinds  []KindInfo
	// Tokens is the number of token kinds: kinds below it are leaves.
	Tokens Kind
	// Parse parses a file. A tree comes back even with errors, which are
	// in Tree.Errors; err is non-nil only when no tree could be built.
	Parse func(src []byte) (*Tree, error)
	// ParsePattern parses with metavariables ($X, $$$X, $_) accepted as
	// identifiers.
	ParsePattern func(src []byte) (*Tree, error)
	// Lex cuts src into tokens as Parse's lexer does (ParsePattern's with
	// pattern set), trivia left out. It is the reference a tree's leaves
	// are checked against.
	Lex       func(src []byte, pattern bool) []Token
	Scaffolds []Scaffold
	// MaxSize is the largest file Parse takes, in bytes (0: no limit); a
	// search does not read a larger one, and says so.
	MaxSize int64
	// Blocks names the kinds of node whose children hold statements: a
	// pattern of several statements matches a run of them there (and in
	// nodes of the kind its own statements sit in).
	Blocks []string
	// Braces names the kind of block that a body of one statement may be
	// written with or without (if, else, for, while in Dart and C): a
	// pattern's statement there matches the block of just that statement,
	// and a pattern's block of one statement matches the statement alone.
	// Empty in languages where braces are no choice, or where they are
	// the only form.
	Braces string
	// Names are the kinds of node in which a pattern's metavariable
	// binds a name only, never a production: in C's struct $S, where an
	// untagged struct { … } holds its body.
	Names []string
	// TypeReadings names the kinds of node that a pattern's first reading
	// may be which are searched as a type too, when the language's "type"
	// scaffold reads the same fragment as another kind: TypeScript's
	// Promise<$T> is an instantiation expression and a type. Another
	// fragment with a type reading ([...$X], ($$$P) => $B) is searched in
	// its first reading only, and a search says the other was left out.
	TypeReadings []string
	// The rest of the grammar–matcher contract: what the matcher knows of
	// a language's tokens and kinds, besides Blocks, Braces and Names.
	//
	// Separator is the token between a list's elements ("," when empty):
	// a $$$ run absorbs one beside it when it captures nothing. Closers
	// are the tokens that close a list, before which a trailing separator
	// is not significant (")", "]" and "}" when nil). Terminator is the
	// token that ends a statement and is no leaf of the tree (";"), which
	// a rewrite's capture of a statement carries; "" where there is none.
	// BodyParents are the kinds of statement whose named children are
	// bodies that may be written with or without Braces.
	Separator   string
	Closers     []string
	Terminator  string
	BodyParents []string
	// Statements names the kinds of node that are statements wherever
	// they stand, not only as a child of a Blocks node (an if's body, a
	// for's): a rewrite's capture of one carries its Terminator and the
	// line comment after it.
	Statements []string
	// Calls names the kinds of node that are calls: a pattern whose first
	// reading is one is never searched as a type too, though the "type"
	// scaffold may read it as one by accident (C's K&R parameter, Rust's
	// Fn(A) sugar on any name): f($X) means the call.
	Calls []string
	// Abstract maps the kind of an abstract declarator, which a type
	// written alone has (C's struct $S *), to the kind of declarator that
	// names something: a pattern's abstract declarator matches a named
	// one of the same shape, its name aside, so the type struct $S * finds
	// the parameter struct foo *p. DeclaredName is the kind of the leaf
	// that is the name set aside ("identifier" in C).
	Abstract     map[string]string
	DeclaredName string
	// Forms are the complete forms of the constructs an agent tends to
	// write half of (func $F, def $F): what a pattern that starts with a
	// form's keyword, its first word, and does not parse should be.
	Forms []string
	// TreeSitter maps the tree's kinds and fields to tree-sitter's names,
	// for rules written for ast-grep; nil where none is written.
	TreeSitter *TreeSitter
}

// Form returns the complete form of the construct that starts with the
// keyword word, or "" when the language has none.
func (l *Language) Form(word string) string {
	for _, f := range l.Forms {
		if FirstWord(f) == word {
			return f
		}
	}
	return ""
}

// FirstWord returns the text before the first space, bracket or colon of
// a pattern: the keyword it starts with.
func FirstWord(pattern string) string {
	if i := strings.IndexAny(pattern, " \t\n({[:"); i >= 0 {
		return pattern[:i]
	}
	return pattern
}

// A Token is one token of a lexer's output.
type Token struct {
	Kind Kind
	Span
	// Synthetic: the lexer made it up, it is not written in the source (an
	// automatic semicolon in Go; NEWLINE, INDENT and DEDENT in Python).
	Synthetic bool
}

// DisplayName is the language's name for messages: Title, or ID.
func (l *Language) DisplayName() string {
	if l.Title == "" {
		return l.ID
	}
	return l.Title
}

// ForLanguageName reports whether name, in any case, names l: its id,
// an alias or its title.
func (l *Language) ForLanguageName(name string) bool {
	name = strings.ToLower(name)
	return name == l.ID || strings.ToLower(l.Title) == name || slices.Contains(l.Aliases, name)
}

// Sep is the language's list separator: Separator, or ",".
func (l *Language) Sep() string {
	if l.Separator == "" {
		return ","
	}
	return l.Separator
}

// IsCloser reports whether a token's text closes a list.
func (l *Language) IsCloser(text string) bool {
	if l.Closers == nil {
		return text == ")" || text == "]" || text == "}"
	}
	for _, c := range l.Closers {
		if c == text {
			return true
		}
	}
	return false
}

// KindsNamed returns the names of the kinds of l whose name ends with
// one of suffixes or is one of names: for a grammar's contract lists.
func KindsNamed(kinds []KindInfo, suffixes []string, names ...string) []string {
	var out []string
	for _, k := range kinds {
		for _, s := range suffixes {
			if strings.HasSuffix(k.Name, s) {
				out = append(out, k.Name)
				break
			}
		}
		for _, n := range names {
			if k.Name == n {
				out = append(out, k.Name)
			}
		}
	}
	return out
}

// IsToken reports whether k is a token kind.
func (l *Language) IsToken(k Kind) bool { return k < l.Tokens }

// KindByName returns the kind with the given name.
func (l *Language) KindByName(name string) (Kind, bool) {
	for i, k := range l.Kinds {
		if k.Name == name {
			return Kind(i), true
		}
	}
	return 0, false
}

// A Registry maps language ids and file extensions to languages.
type Registry struct {
	byID  map[string]*Language
	alias map[string]*Language
	byExt map[string]*Language
}

// NewRegistry returns a registry of the given languages.
func NewRegistry(langs ...*Language) (*Registry, error) {
	r := &Registry{byID: map[string]*Language{}, alias: map[string]*Language{}, byExt: map[string]*Language{}}
	for _, l := range langs {
		if r.byID[l.ID] != nil {
			return nil, fmt.Errorf("language %s registered twice", l.ID)
		}
		r.byID[l.ID] = l
		for _, a := range l.Aliases {
			if r.byID[a] != nil || r.alias[a] != nil {
				return nil, fmt.Errorf("language alias %s registered twice", a)
			}
			r.alias[a] = l
		}
		for _, e := range l.Extensions {
			if r.byExt[e] == nil { // a shared extension's first language
				r.byExt[e] = l
			}
		}
	}
	return r, nil
}

// Lookup returns the language with id or alias, or an error naming the
// ids there are.
func (r *Registry) Lookup(id string) (*Language, error) {
	id = strings.ToLower(id)
	if l := r.byID[id]; l != nil {
		return l, nil
	}
	if l := r.alias[id]; l != nil {
		return l, nil
	}
	return nil, fmt.Errorf("unknown language %q; the languages are: %s", id, strings.Join(r.IDs(), ", "))
}

// ForPath returns the language of a file by its extension, or nil.
func (r *Registry) ForPath(path string) *Language {
	return r.byExt[strings.ToLower(filepath.Ext(path))]
}

// Choose picks the languages a search of path tries: the one named by id,
// the one of a file's extension, or every bundled one for a folder. A
// path is a file when isFile says so.
func (r *Registry) Choose(id, path string, isFile bool) ([]*Language, error) {
	switch {
	case id != "":
		l, err := r.Lookup(id)
		if err != nil {
			return nil, err
		}
		return []*Language{l}, nil
	case isFile:
		l := r.ForPath(path)
		if l == nil {
			return nil, fmt.Errorf("no bundled grammar for %s; name one of %s", filepath.Base(path), strings.Join(r.IDs(), ", "))
		}
		out := []*Language{l}
		for _, id := range r.IDs() {
			if o := r.byID[id]; o != l && o.ForFile(path) {
				out = append(out, o) // a .h file: C's or C++'s, by its content
			}
		}
		return out, nil
	}
	var out []*Language
	for _, id := range r.IDs() {
		out = append(out, r.byID[id])
	}
	return out, nil
}

// IDs returns the language ids, sorted.
func (r *Registry) IDs() []string {
	var ids []string
	for id := range r.byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Reads reports whether the language reads the file at path, whose
// content is src: by its extension, and for an extension it shares, by
// what Claims says of src.
func (l *Language) Reads(path string, src []byte) bool {
	if !l.ForFile(path) {
		return false
	}
	claim := l.Claims[strings.ToLower(filepath.Ext(path))]
	return claim == nil || claim(src)
}

// ForFile reports whether a file name has one of the language's extensions.
func (l *Language) ForFile(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	for _, e := range l.Extensions {
		if e == ext {
			return true
		}
	}
	return false
}
