package nested

func f() {
	outer(
		outer(
			x,
		),
	)
	if ok {
		outer(
			outer(
				outer(
					y,
				),
			),
		)
	}
}
