package main

// ShapeArea is the Go half of a workspace that is also a Rust crate.
func ShapeArea(w, h float64) float64 { return w * h }

func main() { println(ShapeArea(2, 3)) }
