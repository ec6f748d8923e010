// A sample of C++ for the tree-sitter oracle: one of each construct.
#include <vector>
#include "shapes.h"

#define SQUARE(x) ((x) * (x))
#define LIMIT 64

namespace geometry {

struct Point {
    double x = 0, y = 0;
    unsigned flags : 3;
};

class Shape {
public:
    Shape() = default;
    explicit Shape(int sides) : sides_(sides), name_{"shape"} {}
    Shape(const Shape &) = delete;
    virtual ~Shape() {}
    virtual double area() const = 0;
    virtual int count() const noexcept { return this->sides_; }
    Shape &operator=(Shape &&other) & noexcept;
    bool operator==(const Shape &) const = default;
    explicit operator bool() const { return sides_ > 0; }
    friend class Canvas;
    friend bool same(const Shape &a, const Shape &b);

protected:
    int sides_;

private:
    const char *name_;
    static constexpr int kMax = LIMIT;
    mutable long hits_ = 0L;
};

class Square final : public Shape, private virtual Point {
public:
    using Shape::Shape;
    Square(double side) : Shape(4), side_(side) {}
    double area() const override { return side_ * side_; }
    auto perimeter() const -> double { return 4 * side_; }

private:
    double side_;
};

} // namespace geometry

namespace a::b::c {
inline namespace v1 {
int version() { return 1; }
}
}

namespace {
int hidden = 0;
}

namespace geo = geometry;
using namespace geometry;
using geometry::Point;
using Real = double;
typedef unsigned long size_type;

template <typename T, int N = 4, typename... Rest>
struct Array {
    T items[N];
    static constexpr int size = N;
    T &operator[](int i) { return items[i]; }
    const T *begin() const { return items; }
};

template <typename T>
struct Array<T *, 0> {};

template <>
struct Array<bool, 1> {};

template <template <typename> class Box, class U = int>
struct Holder {
    Box<U> box;
};

template <typename T>
concept Addable = requires(T a, T b) {
    a + b;
    { a * b } -> Same<T>;
    typename T::value_type;
    requires (sizeof(T) > 1);
};

template <typename T>
    requires Addable<T> && (sizeof(T) < 16 || true)
T add(T a, T b) {
    return a + b;
}

template <class... Ts>
auto sum(Ts... xs) {
    return (xs + ... + 0);
}

template <class... Ts>
int count(Ts &&... args) {
    consume(args...);
    return sizeof...(Ts) + sizeof...(args);
}

template <typename T>
typename T::value_type first(const T &c);

template <typename T>
using Vec = std::vector<T>;

template int add<int>(int, int);

extern "C" int c_function(int);

extern "C" {
int other(void);
}

enum class Color : unsigned char { Red, Green = 2, Blue };
enum Plain { One, Two };

union Value {
    int i;
    float f;
};

static_assert(sizeof(int) >= 4, "int is too small");

unsigned long long operator""_km(unsigned long long n) { return n * 1000; }

struct Meters {
    double value;
    Meters(double v) : value(v) {}
};

[[nodiscard]] int checked(int x) noexcept(true);

int checked(int x) noexcept(true) {
    [[maybe_unused]] int y = x;
    return y;
}

void thrower() throw();

Color pick(bool b, wchar_t w, char8_t c8, char16_t c16, char32_t c32);

struct Task {
    struct promise_type;
};

Task coroutine(int *p) {
    co_await std::suspend_always{};
    co_yield *p;
    co_return;
}

int use_everything(std::vector<int> &v, int *&ref, int &&moved) {
    int total = 0;
    for (const auto &item : v) {
        total += item;
    }
    for (int i = 0; i < 10; ++i) {
        if (i % 2 == 0)
            continue;
        total -= i;
    }
    auto [first, second] = std::pair<int, int>(1, 2);
    auto lambda = [&total, first, n = 3](int k) mutable -> int { return total + k * n + first; };
    auto defaulted = [=] { return total; };
    auto generic = [&](auto x) { return x; };
    if constexpr (sizeof(int) == 4) {
        total++;
    } else {
        total--;
    }
    if (int z = total; z > 0) {
        total = z;
    }
    switch (total) {
    case 0:
        break;
    default:
        total = 1;
    }
    while (total > 100) {
        total /= 2;
    }
    do {
        total++;
    } while (total < 0);
    int *heap = new int(5);
    int *arr = new int[10]{};
    auto *shape = new (heap) geometry::Point{1.0, 2.0};
    delete heap;
    delete[] arr;
    try {
        if (total < 0)
            throw std::runtime_error("negative");
    } catch (const std::exception &e) {
        total = -1;
    } catch (...) {
        throw;
    }
    const char *raw = R"sep(raw "string" here)sep";
    const char *joined = "one" "two";
    auto distance = 42_km;
    char letter = 'a';
    bool flag = true && !false;
    void *none = nullptr;
    double d = static_cast<double>(total);
    auto bits = reinterpret_cast<long>(none);
    auto cd = const_cast<int *>(&total);
    auto dyn = dynamic_cast<geometry::Shape *>((geometry::Shape *)nullptr);
    int c_style = (int)d;
    int sized = sizeof(total) + alignof(double);
    total = flag ? total : -total;
    total <<= 1;
    total = (total, moved);
    decltype(total) copy = total;
    Array<int, 3> arr3{};
    arr3[0] = v.size();
    auto member = &geometry::Square::area;
    int obj = shape->x + (*shape).y;
    lambda(1);
    geometry::Square sq(2.0);
    sq.Shape::count();
    ::hidden = 1;
    std::vector<int>::iterator it;
    Vec<int> vec = {1, 2, 3};
    goto done;
done:
    return total + add<int>(1, 2) + sum(1, 2, 3) + SQUARE(2);
}

class Base {
public:
    virtual ~Base() = default;
    template <typename U>
    U convert() const;
};

template <typename U>
U Base::convert() const {
    return U();
}

void Base_user(Base &b) {
    auto x = b.template convert<int>();
    b.~Base();
}

#ifdef DEBUG
int debug_level = 2;
#elif defined(TRACE)
int debug_level = 1;
#else
int debug_level = 0;
#endif

struct Derived : Base {
    Derived() try : Base() {
    } catch (...) {
    }
    int value() const &&;
    void *operator new(std::size_t size);
    void operator delete(void *p);
};

int main() {
    std::vector<int> v{1, 2, 3};
    int *p = nullptr;
    return use_everything(v, p, 1);
}

#pragma once
#if LIMIT > 10
#define BIG 1
#endif

template <typename T>
    requires Addable<T> || Numeric<T>
T twice(T x, int times = 2) {
    return x * times;
}

struct Tagged {
    int id [[maybe_unused]];
    alignas(16) char buffer[16];
    friend bool operator<(const Tagged &a, const Tagged &b);
    auto operator<=>(const Tagged &) const = default;
};

static inline int more(std::vector<std::vector<int>> &grid) __attribute__((unused));

int more(std::vector<std::vector<int>> &grid) {
    int (*fp)(int) = nullptr;
    int total = sizeof(int[4]);
    Point p{.x = 1, .y = 2};
    const char *text = "line\n";
    auto pick = []<typename T>(T a) { return a; };
    int sizes = sizeof(int *[4]) + sizeof(int (*)[4]) + sizeof(int (*)(int));
    std::sort(grid.begin(), grid.end(), [](const auto &a, const auto &b) { return a.size() < b.size(); });
    for (auto &row : grid) {
        for (int base = 1; int cell : row) {
            total += cell * base;
        }
    }
    if (total > 0) [[likely]] {
        total = 0;
    }
    decltype(auto) same = total;
    static_assert(sizeof(fp) > 0);
    return pick(total) + same;
}
