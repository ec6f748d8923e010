package rawstring

func f() {
	check(t, `first line
  second line
	third line`)
}
