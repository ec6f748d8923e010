// Command spin counts forever, so a debugger finds it running.
package main

import (
	"fmt"
	"time"
)

func tick(n int) int {
	return n + 1
}

func main() {
	fmt.Println("spinning")
	n := 0
	for {
		n = tick(n)
		time.Sleep(time.Millisecond)
	}
}
