// Package server serves greetings.
package server

import (
	"fmt"
	"net/http"
	"sync"
)

const defaultName = "world"

var hits int

// A Greeter says hello.
type Greeter interface {
	Greet(name string) string
}

// Server counts the greetings it gives.
type Server struct {
	mu    sync.Mutex
	count int
}

type (
	// Name is who is greeted.
	Name    = string
	counter int
)

// Greet implements Greeter.
func (s *Server) Greet(name Name) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count++
	return fmt.Sprintf("hello, %s (%d)", name, s.count)
}

// ServeHTTP answers one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	if name == "" {
		name = defaultName
	}
	handle := func(n string) {
		fmt.Fprintln(w, s.Greet(n))
	}
	handle(name)
}

func (c counter) String() string { return fmt.Sprint(int(c)) }

// New returns a server.
func New() *Server {
	hits++
	return &Server{}
}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}
