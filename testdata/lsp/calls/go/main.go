package main

func helperA() int { return 1 }

func helperB() int { return 2 }

// work calls two helpers, and three functions call it.
func work() int {
	return helperA() + helperB()
}

func one() int { return work() }

func two() int { return work() * 2 }

func three() int { return work() + 3 }

func main() { println(one() + two() + three()) }
