// Package sample has one of each construct, for the tree-sitter oracle.
package sample

import "fmt"

import (
	_ "embed"
	"errors"
	. "math"
	"os"
	str "strings"
)

const Tau = 6.28

const (
	A, B int = iota, 2
	C        = 'c'
	D        = 1i
	Hex      = 0x1F
)

var v = []int{1, 2, 3}

var (
	w, z   int
	m      = map[string]int{"a": 1, "b": 2}
	ch     = make(chan int, 1)
	recv   <-chan int
	send   chan<- string
	arr    [4]byte
	ell    = [...]string{"x", "y"}
	fnv    func(int, ...string) (bool, error)
	ptr    *int
	raw    = `raw\n`
	esc    = "tab\there"
	anon   struct{ X, Y int }
	iface  interface{ M() }
	qual   str.Builder
	paren  (int)
	floats = 1.5e3
	tf     = true && !false || ptr == nil
)

type Point struct {
	X, Y int `json:"x"`
	Name string
	*Embedded
	fmt.Stringer
	Tags []string "tags"
}

type Embedded struct{}

type (
	Alias                     = Point
	Number                    interface{ ~int | ~float64 }
	Stack[T any]              struct{ items []T }
	Pair[K comparable, V any] struct {
		Key K
		Val V
	}
	Shape interface {
		Area() float64
		Perimeter(scale float64) (p float64, err error)
		fmt.Stringer
		~int | ~string
	}
	Handler           func(w string, r *Point) error
	Set[T comparable] = map[T]struct{}
)

func (p *Point) Move(dx, dy int) {
	p.X += dx
	p.Y -= dy
}

func (Point) String() string { return "point" }

func (s *Stack[T]) Push(x T) { s.items = append(s.items, x) }

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func variadic(prefix string, rest ...int) (n int, err error) {
	n = len(rest)
	return
}

func external(int) int

func statements(x int, ys []int, ch chan int) (result int) {
	y := x * 2
	y++
	y--
	y <<= 1
	y &^= 3
	a, b := 1, 2
	a, b = b, a
	var local int = 5
	const k = 7
	type inner int
	_ = inner(local + k)
	if x > 0 {
		result = 1
	} else if x < 0 {
		result = -1
	} else {
		result = 0
	}
	if err := check(); err != nil {
		return
	}
	for i := 0; i < 10; i++ {
		if i%2 == 0 {
			continue
		}
		if i > 8 {
			break
		}
	}
	for x < 100 {
		x *= 2
	}
	for {
		break
	}
	for i := range 10 {
		_ = i
	}
	for range ys {
	}
	for k, v := range map[int]int{} {
		_, _ = k, v
	}
outer:
	for _, y := range ys {
		switch {
		case y > 3:
			continue outer
		case y == 2, y == 1:
			fallthrough
		default:
			break outer
		}
	}
	switch z := x + 1; z {
	case 1:
		goto outer
	case 2, 3:
		result = z
	}
	switch x {
	}
	var i interface{} = x
	switch t := i.(type) {
	case int, string:
		_ = t
	case nil:
	default:
	}
	switch i.(type) {
	case error:
	}
	switch j := i; u := j.(type) {
	default:
		_ = u
	}
	select {
	case v := <-ch:
		_ = v
	case v, ok := <-ch:
		_, _ = v, ok
	case <-ch:
	case ch <- 1:
	default:
	}
	go func() {}()
	defer fmt.Println("done")
	ch <- x
	<-ch
	s := ys[1:2]
	s = ys[:]
	s = ys[1:2:3]
	s = ys[:2]
	_ = s[0]
	str, ok := i.(string)
	_, _ = str, ok
	p := &Point{X: 1, Y: 2}
	p2 := Point{1, 2, "n", nil, nil, nil}
	_ = *p
	_ = p2.X
	_ = []Point{{X: 1}, {Y: 2}}
	_ = [][]int{{1}, {2, 3}}
	_ = map[string][]int{"a": {1}}
	_ = Map[int, string](ys, func(i int) string { return fmt.Sprint(i) })
	_ = Map[int, int]
	_ = (x + 1) * 2
	_ = -x + ^x
	f := fmt.Sprintf
	f("%d", x)
	fmt.Println([]any{ys}...)
	_ = []int(nil)
	_ = (*Point)(nil)
	_ = func(a, b int) int { return a + b }(1, 2)
	_ = struct{ A int }{A: 1}

	return y
}

func check() error { return errors.New("x") }
