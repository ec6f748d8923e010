package tools

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/agenttools/agenttools/internal/procgroup"
	"github.com/agenttools/agenttools/lspclient"
)

// checkTimeout bounds one project check.
const checkTimeout = 5 * time.Minute

// checkWaitDelay is how long a check that was killed, or that ended, may
// leave its output pipes held open by what it started.
const checkWaitDelay = 2 * time.Second

// runCheck runs a project check in dir, in a process group of its own:
// when ctx ends, the whole group is killed (go vet's and tsc's children
// too), and the pipes are closed after checkWaitDelay even if something
// still holds them.
func runCheck(ctx context.Context, dir, bin string, args ...string) (stdout, stderr []byte, err error) {
	var out, errOut bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = &out, &errOut
	procgroup.Set(cmd)
	cmd.Cancel = func() error {
		procgroup.Kill(cmd)
		return nil
	}
	cmd.WaitDelay = checkWaitDelay
	err = cmd.Run()
	return out.Bytes(), errOut.Bytes(), err
}

// projectCheck runs the project-wide check of every server that can run
// here, and reports its findings as diagnostics.
func (e *env) projectCheck(ctx context.Context) (Result, error) {
	var (
		all   []shownDiagnostic
		notes []string
		ran   []string
	)
	for _, st := range e.run.LSP.Status() {
		if st.Marker == "" {
			continue
		}
		srv := serverByID(st.Server)
		if srv.Check == nil {
			notes = append(notes, fmt.Sprintf("%s has no project-wide check; ask diagnostics for each file", srv.ID))
			continue
		}
		root := filepath.Join(e.root.Dir(), filepath.Dir(filepath.FromSlash(st.Marker)))
		bin := lspclient.FindBinary(srv.Check[0], root, root)
		if bin == "" {
			notes = append(notes, fmt.Sprintf("%s's check needs %s, which is not installed", srv.ID, srv.Check[0]))
			continue
		}
		stdout, stderr, err := runCheck(ctx, root, bin, srv.Check[1:]...)
		if ctx.Err() != nil {
			return Errorf("diagnostics: %s did not finish within %s", strings.Join(srv.Check, " "), checkTimeout), nil
		}
		found := parseCheck(srv.ID, stdout, stderr)
		for i := range found {
			if !filepath.IsAbs(found[i].File) {
				found[i].File = filepath.Join(root, found[i].File)
			}
			found[i].File = e.displayPath(found[i].File)
		}
		if _, ok := err.(*exec.ExitError); err != nil && !ok {
			notes = append(notes, fmt.Sprintf("%s: %v", strings.Join(srv.Check, " "), err))
		} else if err != nil && len(found) == 0 {
			notes = append(notes, fmt.Sprintf("%s failed: %s", strings.Join(srv.Check, " "), lastLines(string(stderr)+string(stdout), 10)))
		}
		ran = append(ran, strings.Join(srv.Check, " ")+" in "+e.displayPath(root))
		all = append(all, found...)
	}
	if len(ran) == 0 && len(notes) == 0 {
		return Errorf("diagnostics: no project here has a root marker a server of the table knows; lsp status lists them"), nil
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
	r := Text(strings.TrimRight(b.String(), "\n"))
	r.Structured = map[string]any{"diagnostics": all, "checks": ran, "notes": notes}
	return r, nil
}

func serverByID(id string) *lspclient.Server {
	for _, s := range lspclient.Table {
		if s.ID == id {
			return s
		}
	}
	return nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

var (
	goVetLine = regexp.MustCompile(`^(.+?\.go):(\d+):(\d+): (.*)$`)
	tscLine   = regexp.MustCompile(`^(.+?)\((\d+),(\d+)\): (error|warning) (TS\d+): (.*)$`)
	dartLine  = regexp.MustCompile(`^\s*(error|warning|info) - (.+?):(\d+):(\d+) - (.*?)(?: - ([a-z_]+))?$`)
)

// parseCheck reads a project check's output into diagnostics.
func parseCheck(server string, stdout, stderr []byte) []shownDiagnostic {
	switch server {
	case "gopls":
		return scanLines(stderr, func(line string) (shownDiagnostic, bool) {
			m := goVetLine.FindStringSubmatch(line)
			if m == nil {
				return shownDiagnostic{}, false
			}
			return shownDiagnostic{File: m[1], Line: atoi(m[2]), Column: atoi(m[3]), Severity: "error", Source: "go vet", Message: m[4]}, true
		})
	case "typescript-language-server":
		return scanLines(stdout, func(line string) (shownDiagnostic, bool) {
			m := tscLine.FindStringSubmatch(line)
			if m == nil {
				return shownDiagnostic{}, false
			}
			return shownDiagnostic{File: m[1], Line: atoi(m[2]), Column: atoi(m[3]), Severity: m[4], Code: m[5], Source: "tsc", Message: m[6]}, true
		})
	case "dart":
		return scanLines(stdout, func(line string) (shownDiagnostic, bool) {
			m := dartLine.FindStringSubmatch(line)
			if m == nil {
				return shownDiagnostic{}, false
			}
			return shownDiagnostic{File: m[2], Line: atoi(m[3]), Column: atoi(m[4]), Severity: m[1], Code: m[6], Source: "dart analyze", Message: m[5]}, true
		})
	case "pyright":
		var out struct {
			Diagnostics []struct {
				File     string `json:"file"`
				Severity string `json:"severity"`
				Message  string `json:"message"`
				Rule     string `json:"rule"`
				Range    struct {
					Start struct{ Line, Character int } `json:"start"`
				} `json:"range"`
			} `json:"generalDiagnostics"`
		}
		json.Unmarshal(stdout, &out)
		var ds []shownDiagnostic
		for _, d := range out.Diagnostics {
			sev := d.Severity
			if sev == "information" {
				sev = "info"
			}
			ds = append(ds, shownDiagnostic{File: d.File, Line: d.Range.Start.Line + 1, Column: d.Range.Start.Character + 1, Severity: sev, Code: d.Rule, Source: "pyright", Message: d.Message})
		}
		return ds
	case "rust-analyzer":
		return scanLines(stdout, func(line string) (shownDiagnostic, bool) {
			var msg struct {
				Reason  string `json:"reason"`
				Message struct {
					Message string `json:"message"`
					Level   string `json:"level"`
					Code    *struct {
						Code string `json:"code"`
					} `json:"code"`
					Spans []struct {
						File    string `json:"file_name"`
						Line    int    `json:"line_start"`
						Column  int    `json:"column_start"`
						Primary bool   `json:"is_primary"`
					} `json:"spans"`
				} `json:"message"`
			}
			if json.Unmarshal([]byte(line), &msg) != nil || msg.Reason != "compiler-message" {
				return shownDiagnostic{}, false
			}
			for _, sp := range msg.Message.Spans {
				if sp.Primary {
					d := shownDiagnostic{File: sp.File, Line: sp.Line, Column: sp.Column, Severity: msg.Message.Level, Source: "cargo check", Message: msg.Message.Message}
					if msg.Message.Code != nil {
						d.Code = msg.Message.Code.Code
					}
					return d, true
				}
			}
			return shownDiagnostic{}, false
		})
	}
	return nil
}

func scanLines(out []byte, parse func(string) (shownDiagnostic, bool)) []shownDiagnostic {
	var ds []shownDiagnostic
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		if d, ok := parse(sc.Text()); ok {
			ds = append(ds, d)
		}
	}
	return ds
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
