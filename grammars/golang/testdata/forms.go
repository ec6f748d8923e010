package forms

import (
	"fmt"
	m "math"
)

type (
	Pair[K comparable, V any] struct {
		Key K
		Val V `json:"val"`
	}
	Num   interface{ ~int | ~float64 }
	Arr   [4]byte
	Alias = Pair[string, int]
)

const (
	A = iota
	B
)

var ch = make(chan<- int, 1)

func (p *Pair[K, V]) Get(keys ...K) (v V, ok bool) {
	defer func() { recover() }()
	go p.Get()
	for i, k := range keys {
		if k == p.Key && i >= 0 {
			return p.Val, true
		} else if x, ok := any(k).(fmt.Stringer); ok {
			_ = x
		}
	}
	for range 3 {
	}
	switch {
	case m.Pi > 3:
		fallthrough
	default:
	}
	select {
	case v := <-make(chan int):
		_ = v
	case ch <- 1:
	}
loop:
	for {
		break loop
	}
	s := []int{1, 2, 3}[1:2:3]
	_ = map[string][]int{"a": {1}}
	_ = struct{ x int }{x: 1}
	_ = s
	return
}
