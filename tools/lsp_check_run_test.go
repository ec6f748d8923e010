package tools

import (
	"testing"
	"time"
)

// TestProjectCheckBudget: the project check has its own five minutes,
// not the minute of an lsp call.
func TestProjectCheckBudget(t *testing.T) {
	if got := lspBudget(lspArgs{Action: "diagnostics", File: "*"}); got != checkTimeout || checkTimeout != 5*time.Minute {
		t.Errorf("diagnostics *: budget %s, want %s", got, checkTimeout)
	}
	if got := lspBudget(lspArgs{Action: "diagnostics", File: "a.go"}); got != lspTimeout {
		t.Errorf("diagnostics of a file: budget %s, want %s", got, lspTimeout)
	}
}
