package main

import "fmt"

func work(i int) int {
	return i * 2
}

func main() {
	total := 0
	for i := 0; i < 10; i++ {
		total += work(i)
	}
	fmt.Println("total", total)
}
