package a

func f(x int) int {
	if x > 0 {
		return g(x)
	}
	return 0
}
