package tools

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/agenttools/agenttools/lspclient"
	"github.com/agenttools/agenttools/tool"
)

// checkTimeout bounds one project check.
const checkTimeout = 5 * time.Minute

// projectCheck runs the project-wide check of every server that can run
// here, and reports its findings as diagnostics.
func (e *env) projectCheck(ctx context.Context) (tool.Result, error) {
	var (
		all   []shownDiagnostic
		notes []string
		ran   []string
	)
	for _, st := range e.run.LSP.Status() {
		if st.Marker == "" {
			continue
		}
		root := filepath.Join(e.root.Dir(), filepath.Dir(filepath.FromSlash(st.Marker)))
		run, ok, err := lspclient.ServerByID(st.Server).RunCheck(ctx, root)
		if err != nil {
			return tool.Errorf("diagnostics: %s did not finish within %s", run.Command, checkTimeout), nil
		}
		if run.Note != "" {
			notes = append(notes, run.Note)
		}
		if !ok {
			continue
		}
		for _, f := range run.Findings {
			all = append(all, shownDiagnostic{File: e.displayPath(f.File), Line: f.Line, Column: f.Column, Severity: f.Severity, Code: f.Code, Source: f.Source, Message: f.Message})
		}
		ran = append(ran, run.Command+" in "+e.displayPath(root))
	}
	if len(ran) == 0 && len(notes) == 0 {
		return tool.Errorf("diagnostics: no project here has a root marker a server of the table knows; lsp status lists them"), nil
	}
	var b strings.Builder
	if len(ran) > 0 {
		fmt.Fprintf(&b, "ran %s: %d problem%s\n", strings.Join(ran, "; "), len(all), plural(len(all)))
	}
	for _, d := range all {
		b.WriteString(d.String() + "\n")
	}
	for _, n := range notes {
		b.WriteString(n + "\n")
	}
	r := tool.Text(strings.TrimRight(b.String(), "\n"))
	r.Structured = map[string]any{"diagnostics": all, "checks": ran, "notes": notes}
	return r, nil
}
