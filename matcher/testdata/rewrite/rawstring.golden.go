package rawstring

func f() {
	if err := check(
		`first line
  second line
	third line`,
	); err != nil {
		t.Fatal(err)
	}
}
