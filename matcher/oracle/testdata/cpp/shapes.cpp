// Shapes for the C++ oracle test: an interface with pure virtual
// members, classes that implement it, sorting, casts, rethrowing, and
// templates with if constexpr and parameter packs.
#include <algorithm>
#include <cstddef>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace shapes {

using namespace std;

enum class Kind { circle, square, triangle };
enum class Fill { none, solid };
enum class Edge { sharp, round };
enum Layer { back, middle, front };

class Shape {
public:
  Shape() = default;
  virtual ~Shape() = default;
  virtual double area() const = 0;
  virtual double perimeter() const = 0;
  virtual Kind kind() const = 0;
};

class Circle : public Shape {
public:
  Circle() = default;
  explicit Circle(double r) : r_(r) {}
  double area() const override { return 3.14159 * r_ * r_; }
  double perimeter() const override { return 2 * 3.14159 * r_; }
  Kind kind() const override { return Kind::circle; }
  Circle &grow(double by) {
    r_ += by;
    return *this;
  }

private:
  double r_ = 1;
};

struct Point {
  double x, y;
  Point() = default;
  Point &operator+=(const Point &o) {
    x += o.x;
    y += o.y;
    return *this;
  }
};

template <typename T>
struct Box {
  T lo, hi;
};

template <typename T>
std::string name_of(const T &) {
  if constexpr (std::is_same_v<T, Circle>) {
    return "circle";
  }
  if constexpr (std::is_pointer_v<T>) {
    return "pointer";
  }
  if constexpr (sizeof(T) > 64) {
    return "large";
  }
  return "shape";
}

template <typename... Ts>
std::size_t arity(Ts &&...) {
  return sizeof...(Ts);
}

template <typename... Ts>
bool all_set(Ts... flags) {
  static_assert(sizeof...(flags) < 16, "few flags");
  return (flags && ...) && sizeof...(Ts) > 0;
}

double total_area(std::vector<std::unique_ptr<Shape>> &all) {
  double sum = 0;
  std::sort(all.begin(), all.end(), [](const auto &a, const auto &b) { return a->area() < b->area(); });
  for (auto &s : all) {
    if (!s) {
      continue;
    }
    sum += s->area();
  }
  return sum;
}

const Shape *first(const std::vector<const Shape *> &all) {
  using namespace std::string_literals;
  for (const auto &s : all) {
    if (s != NULL) {
      return s;
    }
  }
  return nullptr;
}

void check(const Shape *s, int *count) {
  if (s == nullptr || count == nullptr) {
    throw std::invalid_argument("no shape");
  }
  if (!s->area()) {
    (*count)++;
  }
  std::cout << s->perimeter();
}

int run(std::vector<int> &v, std::vector<std::string> &words) {
  std::sort(v.begin(), v.end());
  std::sort(words.begin(), words.end(), [&](const std::string &a, const std::string &b) { return a.size() < b.size(); });
  int hits = 0;
  std::for_each(v.begin(), v.end(), [&](int x) { hits += x; });
  auto bump = [&](int k) { hits += k; };
  bump(1);
  auto c = std::make_shared<Circle>(2.0);
  const Shape *sp = c.get();
  auto *cp = const_cast<Shape *>(sp);
  auto *circle = dynamic_cast<Circle *>(cp);
  if (!circle) {
    return -1;
  }
  auto *bytes = reinterpret_cast<const unsigned char *>(sp);
  auto *again = reinterpret_cast<const Shape *>(bytes);
  const Circle *cc = dynamic_cast<const Circle *>(again);
  Circle *mc = const_cast<Circle *>(cc);
  double *scratch = new double[8];
  delete[] scratch;
  try {
    check(sp, &hits);
  } catch (...) {
    std::cout << "check failed";
    throw;
  }
  try {
    check(nullptr, nullptr);
  } catch (const std::invalid_argument &e) {
    if (!e.what()) {
      throw;
    }
  }
  for (auto &w : words) {
    w += "!";
  }
  hits++;
  return hits + static_cast<int>(arity(1, 2, 3)) + (all_set(true, false) ? 1 : 0) + (mc == nullptr) + name_of(*c).size();
}

} // namespace shapes
