// The forms of C++ the grammar reads, one or two of each, for its golden
// tree and the fuzzers' seeds.
#include <memory>
#include <string>
#include <vector>

namespace app::detail {
inline namespace v1 {
constexpr int limit = 1'000'000;
}
namespace fs = std::filesystem;
using namespace std::literals;
using std::string;
using Bytes = std::vector<unsigned char>;
template <typename T>
using Ptr = std::unique_ptr<T>;
} // namespace app::detail

enum class Color : unsigned { red, green = 2, blue };

template <typename T>
concept Addable = requires(T a, T b) {
  { a + b } -> std::same_as<T>;
  typename T::value_type;
};

template <typename T, typename... Rest>
class Box : public Base<T>, private virtual Other {
public:
  Box() : items_{}, size_(0) {}
  explicit Box(T first, Rest... rest) noexcept;
  Box(const Box &) = default;
  Box &operator=(Box &&) = delete;
  virtual ~Box() override;
  virtual void draw() const = 0;
  T &operator[](std::size_t i) { return items_[i]; }
  operator bool() const { return !items_.empty(); }
  template <typename U> U as() const;
  friend bool operator==(const Box &, const Box &);
  static constexpr int kind = 3;

protected:
  mutable int size_;

private:
  std::vector<T> items_;
  unsigned flags_ : 4;
};

template <>
class Box<void> {};

template <typename T, typename... Rest>
Box<T, Rest...>::Box(T first, Rest... rest) noexcept : items_{first, rest...}, size_(sizeof...(Rest)) {}

template <Addable T>
T sum(const std::vector<T> &xs) {
  T total{};
  for (const auto &x : xs) {
    total += x;
  }
  return total;
}

template <typename... Ts>
auto fold(Ts... ts) -> decltype((ts + ...)) {
  return (ts + ... + 0);
}

auto lambda = [count = 0, &limit = app::detail::limit](int x) mutable -> int {
  return x < limit ? ++count : count;
};

struct Point {
  int x, y;
};

int use(Box<int> &box, Point *p, const char *name) try {
  auto [a, b] = Point{1, 2};
  if (auto it = box.as<int>(); it > 0) {
    return static_cast<int>(it);
  } else if constexpr (sizeof(Point) == 8) {
    p->x = a >> 2;
  }
  std::vector<std::vector<int>> grid(3, std::vector<int>(3));
  Ptr<Point> q = std::make_unique<Point>(*p);
  Point *raw = new Point{3, 4};
  delete raw;
  auto s = R"json({"a": [1, 2]})json"s;
  switch (Color c = Color::red; c) {
  case Color::red:
    [[fallthrough]];
  default:
    break;
  }
  throw std::runtime_error("no");
} catch (const std::exception &e) {
  return -1;
} catch (...) {
  throw;
}

Task<int> coro() {
  co_await next();
  co_yield 1;
  co_return 2;
}

static_assert(sizeof(int) >= 4, "int is small");
extern "C" int c_function(void);
template class Box<int>;
