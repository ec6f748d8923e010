#include "geo.hpp"

namespace geo {

int Point::norm2() const { return x * x + y * y; }

Point origin() { return Point{0, 0}; }

} // namespace geo
