#include "geo.hpp"

int main() {
	geo::Point p{3, 4};
	int n = p.norm2() + geo::origin().norm2();
	return geo::twice(n) + geo::twice(p.x) + geo::origin().x;
}
