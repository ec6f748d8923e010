//go:build unix

package vibe_test

import (
	"context"
	"fmt"
	"time"

	"github.com/agenttools/agenttools/vibe"
)

// A pool whose fast workers are a shell command: the brief is its stdin,
// its stdout the result.
func Example() {
	p := vibe.NewPool(vibe.CommandRunner{Commands: map[vibe.Tier]string{vibe.Fast: "tr a-z A-Z"}}, 2)
	defer p.Close()
	id, err := p.Spawn("shout this brief\n", "shout", vibe.Fast)
	if err != nil {
		fmt.Println(err)
		return
	}
	info, err := p.Wait(context.Background(), id, time.Minute)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s %s: %s", id, info.Status, info.Last.Stdout)
	// Output: w1 done: SHOUT THIS BRIEF
}
