package lspclient

import (
	"context"
	"os/exec"
	"testing"
	"time"
)

// TestRunCheckKillsItsGroup: a check that times out is ended with what it
// started, even a child that holds its output open, so the call returns.
func TestRunCheckKillsItsGroup(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		// The background sleep keeps stdout open after sh is killed.
		_, _, err := runCheck(ctx, t.TempDir(), sh, "-c", "sleep 300 & echo started; sleep 300")
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Error("runCheck of a killed check reported no error")
		}
	case <-time.After(2 * time.Minute): // a hang guard, far from any expected time
		t.Fatal("runCheck did not return after its context ended: the check's children hold its pipes")
	}
}
