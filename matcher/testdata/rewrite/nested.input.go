package nested

func f() {
	wrap(wrap(x))
	if ok {
		wrap(wrap(wrap(y)))
	}
}
