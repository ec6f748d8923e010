package fixture

import "fmt"

// Greet says hello.
func Greet(name string) string {
	return fmt.Sprintf("hello, %s", name)
}
