#include <vector>
#define SQUARE(x) ((x) * (x))
template <typename T>
T twice(T x) {
  return SQUARE(x) + x;
}

struct Point {
  int x = 0, y = 0;
  int sum() const { return x + y; }
};

int main() {
  std::vector<int> v;
  v.push_back(twice(2));
  Point p;
  return p.sum() + twice(static_cast<int>(v.size()));
}
