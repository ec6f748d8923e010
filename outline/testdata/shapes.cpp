#include <string>
#include <vector>

namespace geo {

struct Point {
	double x, y;
};

class Shape {
public:
	virtual ~Shape() = default;
	virtual double area() const = 0;
	std::string name() const { return "shape"; }
};

class Circle : public Shape {
public:
	explicit Circle(double r) : r_(r) {}
	double area() const override;

private:
	double r_;
};

double Circle::area() const
{
	return 3.14159 * r_ * r_;
}

template <typename T>
T sum(const std::vector<T> &xs)
{
	T total{};
	for (const auto &x : xs)
		total += x;
	return total;
}

enum class Color { Red, Green };

using Points = std::vector<Point>;

} // namespace geo

int main()
{
	geo::Circle c(2);
	return c.area() > 0 ? 0 : 1;
}
