package lspclient

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
)

// A Finding is one problem a project check reported.
type Finding struct {
	File         string // absolute
	Line, Column int    // 1-based
	Severity     string
	Code         string
	Source       string // the check: go vet, tsc, pyright, cargo check, dart analyze
	Message      string
}

// A CheckRun is what a server's project check gave in one project.
type CheckRun struct {
	Command  string // the check's command line, as the server table has it
	Findings []Finding
	// Note says why the check could not run, or what it printed when it
	// failed with nothing to show.
	Note string
}

// ServerByID returns the server of the table with that id, or nil.
func ServerByID(id string) *Server {
	for _, s := range Table {
		if s.ID == id {
			return s
		}
	}
	return nil
}

// checkWaitDelay is how long a check that was killed, or that ended, may
// leave its output pipes held open by what it started.
const checkWaitDelay = 2 * time.Second

// RunCheck runs the server's project-wide check (go vet, tsc, pyright,
// cargo check, dart analyze) in root, the folder of the project's root
// marker, and reads its output into findings. ran is false, with the
// note saying why, when the check cannot run here. The check runs in a
// process group of its own: when ctx ends, it is killed with all it
// started, and RunCheck returns ctx's error.
func (s *Server) RunCheck(ctx context.Context, root string) (run CheckRun, ran bool, err error) {
	if s.Check == nil {
		return CheckRun{Note: fmt.Sprintf("%s has no project-wide check; ask diagnostics for each file", s.ID)}, false, nil
	}
	run.Command = strings.Join(s.Check, " ")
	bin := FindBinary(s.Check[0], root, root)
	if bin == "" {
		run.Note = fmt.Sprintf("%s's check needs %s, which is not installed", s.ID, s.Check[0])
		return run, false, nil
	}
	stdout, stderr, err := runCheck(ctx, root, bin, s.Check[1:]...)
	if ctx.Err() != nil {
		return run, false, ctx.Err()
	}
	run.Findings = parseCheck(s.ID, stdout, stderr)
	for i := range run.Findings {
		if !filepath.IsAbs(run.Findings[i].File) {
			run.Findings[i].File = filepath.Join(root, run.Findings[i].File)
		}
	}
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		run.Note = fmt.Sprintf("%s: %v", run.Command, err)
	} else if err != nil && len(run.Findings) == 0 {
		run.Note = fmt.Sprintf("%s failed: %s", run.Command, lastLines(string(stderr)+string(stdout), 10))
	}
	return run, true, nil
}

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
func parseCheck(server string, stdout, stderr []byte) []Finding {
	switch server {
	case "gopls":
		return scanLines(stderr, func(line string) (Finding, bool) {
			m := goVetLine.FindStringSubmatch(line)
			if m == nil {
				return Finding{}, false
			}
			return Finding{File: m[1], Line: atoi(m[2]), Column: atoi(m[3]), Severity: "error", Source: "go vet", Message: m[4]}, true
		})
	case "typescript-language-server":
		return scanLines(stdout, func(line string) (Finding, bool) {
			m := tscLine.FindStringSubmatch(line)
			if m == nil {
				return Finding{}, false
			}
			return Finding{File: m[1], Line: atoi(m[2]), Column: atoi(m[3]), Severity: m[4], Code: m[5], Source: "tsc", Message: m[6]}, true
		})
	case "dart":
		return scanLines(stdout, func(line string) (Finding, bool) {
			m := dartLine.FindStringSubmatch(line)
			if m == nil {
				return Finding{}, false
			}
			return Finding{File: m[2], Line: atoi(m[3]), Column: atoi(m[4]), Severity: m[1], Code: m[6], Source: "dart analyze", Message: m[5]}, true
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
		var ds []Finding
		for _, d := range out.Diagnostics {
			sev := d.Severity
			if sev == "information" {
				sev = "info"
			}
			ds = append(ds, Finding{File: d.File, Line: d.Range.Start.Line + 1, Column: d.Range.Start.Character + 1, Severity: sev, Code: d.Rule, Source: "pyright", Message: d.Message})
		}
		return ds
	case "rust-analyzer":
		return scanLines(stdout, func(line string) (Finding, bool) {
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
				return Finding{}, false
			}
			for _, sp := range msg.Message.Spans {
				if sp.Primary {
					d := Finding{File: sp.File, Line: sp.Line, Column: sp.Column, Severity: msg.Message.Level, Source: "cargo check", Message: msg.Message.Message}
					if msg.Message.Code != nil {
						d.Code = msg.Message.Code.Code
					}
					return d, true
				}
			}
			return Finding{}, false
		})
	}
	return nil
}

func scanLines(out []byte, parse func(string) (Finding, bool)) []Finding {
	var ds []Finding
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
