package main

import "fmt"

func square(n int) int {
	r := n * n
	return r
}

func main() {
	total := 0
	for i := 1; i <= 3; i++ {
		total += square(i)
	}
	fmt.Println("total", total)
}
