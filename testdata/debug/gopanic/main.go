package main

import "fmt"

func check(n int) int {
	if n > 2 {
		panic(fmt.Sprintf("too big: %d", n))
	}
	return n
}

func main() {
	fmt.Println(check(5))
}
