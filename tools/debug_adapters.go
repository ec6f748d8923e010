package tools

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/agenttools/agenttools/dapclient"
	"github.com/agenttools/agenttools/tool"
)

// debugAdapters says, per adapter of dapclient's table, whether its root
// marker and its command were found, and so whether it is usable here.
func (e *env) debugAdapters(ctx context.Context, conv *dapclient.Conversation) tool.Result {
	var b strings.Builder
	wd := e.run.Debug.Workdir()
	for _, ad := range dapclient.Adapters() {
		fmt.Fprintf(&b, "%s (%s): root marker %s: ", ad.ID, ad.Command, strings.Join(ad.Markers, ", "))
		marker := ad.Marker(wd)
		if marker != "" {
			b.WriteString("found " + marker)
		} else {
			b.WriteString("not found in the working directory")
		}
		if ad.ID == "debugpy" {
			python := dapclient.Python(wd)
			if python == "" {
				python = "none (no .venv/bin/python, venv/bin/python, or python3 on PATH)"
			}
			b.WriteString("; interpreter: " + python)
		}
		argv, missing := ad.Resolve(ctx, wd)
		switch {
		case missing != "":
			b.WriteString("; " + missing)
		case ad.ID == "debugpy":
			b.WriteString("; debugpy importable")
		default:
			b.WriteString("; command: " + strings.Join(argv, " "))
		}
		if marker != "" && missing == "" {
			b.WriteString(" — usable")
		} else {
			b.WriteString(" — not usable")
		}
		if ad.ID != "java" {
			b.WriteString("; exception filters: " + exceptionFilters(conv, ad))
		}
		b.WriteByte('\n')
	}
	b.WriteString("(launch picks the adapter from the program itself: a .go file or package folder or a Go binary → delve, a .py file → debugpy, another native binary → lldb, a .dart file → dart, a .java file → java)\n")
	return tool.Text(b.String())
}

func (e *env) debugLaunch(ctx context.Context, conv *dapclient.Conversation, a debugArgs) (tool.Result, error) {
	if sess, _ := conv.Session(); sess != nil {
		return tool.Errorf("launch: a session already runs %s (started %v ago); terminate it first, or keep debugging it", sess.Program, time.Since(sess.Started).Round(time.Second)), nil
	}
	if a.Program == "" {
		return tool.Errorf("program: launch needs a program: a .go file or Go package folder, a .py file, a .dart file, or a native binary"), nil
	}
	path, info, bad := e.existing("program", a.Program)
	if bad != nil {
		return *bad, nil
	}
	target, why := dapclient.TargetOf(path, info)
	if why != "" {
		return tool.Errorf("program: %s %s", a.Program, why), nil
	}
	wd := e.run.Debug.Workdir()
	ad, _ := dapclient.AdapterByID(target.Adapter)
	argv, missing := ad.Resolve(ctx, wd)
	if missing != "" {
		return tool.Errorf("launch: %s needs the %s adapter, which is not usable here: %s; adapters says what is usable", a.Program, ad.ID, missing), nil
	}
	l, err := dapclient.LaunchOf(target, argv, a.Program, path, a.Args, wd)
	if err != nil {
		return tool.Result{}, err
	}
	lctx, cancel := context.WithTimeout(ctx, debugLaunchWait)
	defer cancel()
	return e.debugStart(lctx, conv, "launch", l)
}

// debugAttach connects to a debuggee that already listens on a local
// port: a program run by `python -m debugpy --listen`, or a headless
// delve server.
func (e *env) debugAttach(ctx context.Context, conv *dapclient.Conversation, a debugArgs) (tool.Result, error) {
	if sess, _ := conv.Session(); sess != nil {
		return tool.Errorf("attach: a session already runs %s (started %v ago); terminate it first, or keep debugging it", sess.Program, time.Since(sess.Started).Round(time.Second)), nil
	}
	if a.Port <= 0 || a.Port > 65535 {
		return tool.Errorf("port: attach needs the port the debuggee listens on, 1 to 65535 (python -m debugpy --listen 127.0.0.1:PORT, or dlv --headless --listen=127.0.0.1:PORT)"), nil
	}
	wd := e.run.Debug.Workdir()
	adapter := a.Adapter
	if adapter == "" {
		delve, _ := dapclient.AdapterByID("delve")
		debugpy, _ := dapclient.AdapterByID("debugpy")
		goMod, python := delve.Marker(wd) != "", debugpy.Marker(wd) != ""
		switch {
		case goMod && python:
			return tool.Errorf("adapter: the working directory is both a Go module and a Python project; say which server listens on port %d (adapter: delve or debugpy)", a.Port), nil
		case goMod:
			adapter = "delve"
		default:
			adapter = "debugpy"
		}
	}
	l, ok := dapclient.AttachOf(adapter, a.Port, wd)
	if !ok {
		return tool.Errorf("adapter: %s cannot be attached to by port; attach supports delve (a headless dlv server) and debugpy (python -m debugpy --listen)", tool.Quote(adapter)), nil
	}
	lctx, cancel := context.WithTimeout(ctx, debugLaunchWait)
	defer cancel()
	return e.debugStart(lctx, conv, "attach", l)
}
