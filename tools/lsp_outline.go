package tools

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/agenttools/agenttools/grammars/bundled"
	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/outline"
	"github.com/agenttools/agenttools/tool"
)

// The lsp tool's answers from our own grammars, where no language server
// can run: a file's outline, a search of the workspace's declarations by
// name, and the definition of a name declared once. Each says it came
// from the grammar and which server would know more.

// fromGrammar answers a call on a file for which no server can run (err
// from the supervisor says why) from the file's grammar, when the action
// is one the grammar can answer; ok is false otherwise, and the call
// answers with err as before.
func (e *env) fromGrammar(ctx context.Context, a lspArgs, path string, err error) (r tool.Result, ok bool) {
	var ns *lspclient.NoServerError
	if !errors.As(err, &ns) || (a.Action != "symbols" && a.Action != "definition") {
		return tool.Result{}, false
	}
	decls, lang, perr := outline.File(path)
	if lang == nil || !outline.Supported(lang.ID) {
		return tool.Result{}, false
	}
	if perr != nil {
		return tool.Errorf("%s; the grammar could not stand in: %v", lspError(err).Content[0].Text, perr), true
	}
	// why ends the note that says where the answer came from.
	why := fmt.Sprintf("not a language server: %s; %s would give more, lsp status says what can run here)", ns.Reason, serverOf(path))
	if a.Action == "symbols" {
		return e.grammarOutline(path, decls, fmt.Sprintf("(from the %s grammar, %s", lang.DisplayName(), why)), true
	}
	return e.grammarDefinition(ctx, a, path, decls, err, lang.DisplayName()+" grammar", why), true
}

// serverOf names the server of the table for a file's language.
func serverOf(path string) string {
	if s := lspclient.ForFile(path); s != nil {
		return s.ID
	}
	return "a language server"
}

// A grammarSymbol is a declaration as the grammar's answers report it:
// a server's symbol, with the lines the declaration spans.
type grammarSymbol struct {
	Name      string `json:"name"`
	Kind      string `json:"kind"`
	Container string `json:"container,omitempty"`
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	depth     int
}

func (s grammarSymbol) String() string {
	return fmt.Sprintf("%s%s %s  %s:%d:%d (lines %d-%d)", strings.Repeat("  ", s.depth), s.Kind, s.Name, s.File, s.Line, s.Column, s.StartLine, s.EndLine)
}

// grammarOutline is a file's outline as the server's is written, nested
// declarations indented under theirs.
func (e *env) grammarOutline(path string, decls []outline.Decl, note string) tool.Result {
	file := e.displayPath(path)
	var list []grammarSymbol
	var flatten func(ds []outline.Decl, container string, depth int)
	flatten = func(ds []outline.Decl, container string, depth int) {
		for _, d := range ds {
			list = append(list, grammarSymbol{d.Name, d.Kind, container, file, d.Line, d.Column, d.StartLine, d.EndLine, depth})
			flatten(d.Children, d.Name, depth+1)
		}
	}
	flatten(decls, "", 0)
	return symbolsText(list, len(list), maxDocumentSymbols, note, "no declarations in "+file)
}

// symbolsText writes symbols under a note, at most limit of total.
func symbolsText(list []grammarSymbol, total, limit int, note, none string) tool.Result {
	if len(list) == 0 {
		return tool.Text(note + "\n" + none)
	}
	if len(list) > limit {
		list = list[:limit]
	}
	var b strings.Builder
	b.WriteString(note + "\n")
	for _, s := range list {
		b.WriteString(s.String() + "\n")
	}
	if total > len(list) {
		fmt.Fprintf(&b, "… %d more (%d in all)\n", total-len(list), total)
	}
	r := tool.Text(strings.TrimRight(b.String(), "\n"))
	r.Structured = map[string]any{"symbols": list, "total": total, "source": "grammar"}
	return r
}

// grammarSearch answers symbols with a query when no server can run
// here (why says what each could not do): the workspace's declarations
// whose name holds query, from the grammars.
func (e *env) grammarSearch(ctx context.Context, query string, why []string) tool.Result {
	if query == "" {
		return tool.Errorf("query: symbols needs a query or a file")
	}
	res, err := outline.Search(ctx, e.root.Dir(), query, maxWorkspaceSymbols)
	if err != nil {
		return tool.Errorf("symbols: no language server can run here (lsp status says why), and the grammars' search failed: %v", err)
	}
	list, servers := grammarMatches(res)
	note := "(from the grammars, not a language server: no language server can run here" + joinErrs(why)
	if len(servers) > 0 {
		note += "; " + strings.Join(servers, ", ") + " would give more"
	}
	note += ", lsp status says what can run here)"
	return symbolsText(list, res.Total, maxWorkspaceSymbols, note, fmt.Sprintf("no declarations matching %s in %d files", tool.Quote(query), res.Files))
}

// grammarMatches turns a search's matches into symbols, and names the
// servers of their files, sorted.
func grammarMatches(res outline.Result) (list []grammarSymbol, servers []string) {
	for _, m := range res.Matches {
		list = append(list, grammarSymbol{m.Name, m.Kind, m.Container, m.File, m.Line, m.Column, m.StartLine, m.EndLine, 0})
		if s := serverOf(m.File); !slices.Contains(servers, s) {
			servers = append(servers, s)
		}
	}
	slices.Sort(servers)
	return list, servers
}

// grammarFill adds to a servers' workspace search r the declarations
// matching query in the files whose language's server cannot run here
// (rust-analyzer not installed where gopls runs), from the grammars,
// under a note that says so.
func (e *env) grammarFill(ctx context.Context, query string, r *tool.Result) {
	missing := map[string]string{}
	for _, st := range e.run.LSP.Status() {
		if st.Missing != "" {
			missing[st.Server] = st.Missing
		}
	}
	if len(missing) == 0 || len(r.Content) == 0 {
		return
	}
	// only the files of those languages: the servers read the others
	res, err := outline.SearchFiles(ctx, e.root.Dir(), query, maxWorkspaceSymbols, func(rel string) bool {
		_, ok := missing[serverOf(rel)]
		return ok
	})
	if err != nil {
		return
	}
	list, servers := grammarMatches(res)
	if len(list) == 0 {
		return
	}
	var why []string
	for _, s := range servers {
		why = append(why, s+": "+missing[s])
	}
	note := "(from the grammars, not a language server, where none can run: " + strings.Join(why, "; ") + ")"
	fill := symbolsText(list, res.Total, maxWorkspaceSymbols, note, "")
	r.Content[0].Text += "\n" + fill.Content[0].Text
	if m, ok := r.Structured.(map[string]any); ok {
		m["grammar"] = fill.Structured
	}
}

// grammarDefinition answers definition from the grammar when the name
// at the position is declared exactly once in the file, or else once in
// the workspace; otherwise it says what is missing, as a call with no
// server does (err).
func (e *env) grammarDefinition(ctx context.Context, a lspArgs, path string, decls []outline.Decl, err error, grammar, why string) tool.Result {
	if a.Line == 0 {
		return tool.Errorf("line: %s needs line and symbol", a.Action)
	}
	content, rerr := os.ReadFile(path)
	if rerr != nil {
		return tool.Errorf("file: %v", rerr)
	}
	if _, lerr := lspclient.NewMapper(content, "utf-8").Locate(a.Line, a.Symbol); lerr != nil {
		return tool.Errorf("%v", lerr)
	}
	name := lastIdentifier(a.Symbol)
	var here []grammarSymbol
	var find func(ds []outline.Decl)
	find = func(ds []outline.Decl) {
		for _, d := range ds {
			if d.Name == name {
				here = append(here, grammarSymbol{Name: d.Name, Kind: d.Kind, File: e.displayPath(path), Line: d.Line, Column: d.Column, StartLine: d.StartLine, EndLine: d.EndLine})
			}
			find(d.Children)
		}
	}
	find(decls)
	where := "in this file"
	if len(here) == 0 {
		where, grammar = "in the workspace", "grammars"
		res, serr := outline.Search(ctx, e.root.Dir(), name, 0)
		if serr != nil {
			return tool.Errorf("%s; the grammars' search failed: %v", lspError(err).Content[0].Text, serr)
		}
		for _, m := range res.Matches {
			if m.Name == name {
				here = append(here, grammarSymbol{Name: m.Name, Kind: m.Kind, Container: m.Container, File: m.File, Line: m.Line, Column: m.Column, StartLine: m.StartLine, EndLine: m.EndLine})
			}
		}
	}
	if len(here) != 1 {
		what := fmt.Sprintf("the grammar finds no declaration of %s in the workspace (it lists functions, types and their members, not variables or parameters)", tool.Quote(name))
		if len(here) > 1 {
			what = fmt.Sprintf("the grammar finds %s declared %d times %s and cannot tell which is meant; a language server would", tool.Quote(name), len(here), where)
		}
		return tool.Errorf("%s; %s", lspError(err).Content[0].Text, what)
	}
	d := here[0]
	text := ""
	file := filepath.FromSlash(d.File)
	if !filepath.IsAbs(file) {
		file = filepath.Join(e.root.Dir(), file)
	}
	if src, rerr := os.ReadFile(file); rerr == nil {
		if lines := strings.Split(string(src), "\n"); d.Line-1 < len(lines) {
			text = strings.TrimSpace(lines[d.Line-1])
		}
	}
	note := fmt.Sprintf("(%s is declared once %s, according to the %s, %s", tool.Quote(name), where, grammar, why)
	r := tool.Text(fmt.Sprintf("%s\n%s:%d:%d: %s", note, d.File, d.Line, d.Column, text))
	r.Structured = map[string]any{"locations": []shownLocation{{File: d.File, Line: d.Line, Column: d.Column, Text: text}}, "total": 1, "source": "grammar"}
	return r
}

// lastIdentifier is the last identifier of a symbol as written on a line
// (b of a.b, C of Mod::C): the name a declaration would have.
func lastIdentifier(symbol string) string {
	parts := strings.FieldsFunc(symbol, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '$' })
	if len(parts) == 0 {
		return symbol
	}
	return parts[len(parts)-1]
}

// grammarStatus is the line status ends with where some servers cannot
// run: the languages whose symbols and definition then come from the
// grammars, and the server that would give more for each; "" when every
// server can run.
func grammarStatus(sts []lspclient.ServerStatus) string {
	reg := bundled.Registry()
	var parts []string
	for _, st := range sts {
		if st.Missing == "" {
			continue
		}
		var langs []string
		for _, srv := range lspclient.Table {
			if srv.ID != st.Server {
				continue
			}
			for _, ext := range srv.Extensions {
				if l := reg.ForPath("x" + ext); l != nil && outline.Supported(l.ID) && !slices.Contains(langs, l.DisplayName()) {
					langs = append(langs, l.DisplayName())
				}
			}
		}
		if len(langs) > 0 {
			parts = append(parts, fmt.Sprintf("%s (%s)", strings.Join(langs, ", "), st.Server))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "where no server runs, symbols and definition answer from our own grammars, which know declarations only; the server named would give more: " + strings.Join(parts, "; ") + "\n"
}
