package fixture

// A Greeter greets by name.
type Greeter struct{ Name string }

// Hello greets the greeter twice.
func (g Greeter) Hello() string { return Greet(g.Name) + Greet("again") }

// Pi greets after some non-ASCII text.
func Pi() string { s := "π𝄞é"; return s + Greet("ü") }
