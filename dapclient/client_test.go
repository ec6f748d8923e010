package dapclient

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/agenttools/agenttools/internal/peers"
	"github.com/google/go-dap"
)

// TestDAPClientDelve: the client finds where dlv listens, answers
// initialize, refuses an unknown request with the adapter's message, and
// Close leaves no process of the adapter's group.
func TestDAPClientDelve(t *testing.T) {
	dlv := peers.Require(t, "dlv")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := Start(ctx, []string{dlv, "dap"}, t.TempDir(), func(dap.EventMessage) {})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	resp, err := c.Do(ctx, &dap.InitializeRequest{Request: dap.Request{Command: "initialize"}, Arguments: dap.InitializeRequestArguments{AdapterID: "go", LinesStartAt1: true, ColumnsStartAt1: true, PathFormat: "path"}})
	if err != nil {
		t.Fatal(err)
	}
	if !resp.(*dap.InitializeResponse).Body.SupportsConfigurationDoneRequest {
		t.Errorf("delve does not announce configurationDone: %+v", resp)
	}
	_, err = c.Do(ctx, &dap.LaunchRequest{Request: dap.Request{Command: "launch"}, Arguments: []byte(`{"mode":"debug","program":"/does/not/exist"}`)})
	var re *ResponseError
	if !errors.As(err, &re) || re.Message == "" {
		t.Errorf("launch of a missing program: err %v, want the adapter's refusal", err)
	}
	pid := c.PID()
	c.Close()
	if err := syscall.Kill(-pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("adapter group %d survives Close (%v)", pid, err)
	}
	if _, err := c.Do(ctx, &dap.ThreadsRequest{Request: dap.Request{Command: "threads"}}); err == nil {
		t.Error("a request after Close succeeded")
	}
}

// TestDAPClientDebugpy: over stdio, debugpy's adapter answers initialize
// and tolerates its own events; Close leaves no process of its group.
func TestDAPClientDebugpy(t *testing.T) {
	py := peers.Require(t, "python3")
	if exec.Command(py, "-c", "import debugpy").Run() != nil {
		py = "/usr/bin/python3" // where scripts/peers.sh installs python3-debugpy
		if exec.Command(py, "-c", "import debugpy").Run() != nil {
			msg := "peer required: debugpy is not importable by python3: run scripts/peers.sh debugpy (make test does)"
			if os.Getenv("AGENTTOOLS_REQUIRE_PEERS") == "1" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := StartStdio(ctx, []string{py, "-m", "debugpy.adapter"}, t.TempDir(), func(dap.EventMessage) {})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	resp, err := c.Do(ctx, &dap.InitializeRequest{Request: dap.Request{Command: "initialize"}, Arguments: dap.InitializeRequestArguments{AdapterID: "python", LinesStartAt1: true, ColumnsStartAt1: true, PathFormat: "path"}})
	if err != nil {
		t.Fatal(err)
	}
	if !resp.(*dap.InitializeResponse).Body.SupportsConfigurationDoneRequest {
		t.Errorf("debugpy does not announce configurationDone: %+v", resp)
	}
	pid := c.PID()
	c.Close()
	if err := syscall.Kill(-pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("adapter group %d survives Close (%v)", pid, err)
	}
	if _, err := c.Do(ctx, &dap.ThreadsRequest{Request: dap.Request{Command: "threads"}}); err == nil {
		t.Error("a request after Close succeeded")
	}
}
