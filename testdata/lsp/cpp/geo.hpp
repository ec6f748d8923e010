#pragma once

namespace geo {

// A Point is a point on the plane.
struct Point {
	int x, y;
	// norm2 is the point's squared distance from the origin.
	int norm2() const;
};

// twice adds a value to itself.
template <typename T>
T twice(T v) {
	return v + v;
}

// origin is the point at (0, 0).
Point origin();

} // namespace geo
