// Generic code for the C++ oracle test: class and function templates,
// lambdas, if constexpr, variadic templates and operators in
// dependent contexts, where clang's tree has calls of overloaded
// operators and members it cannot resolve yet.
#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace generic {

template <typename T>
class Stack {
public:
  void push(T value) { items_.push_back(std::move(value)); }
  template <typename... Args> void emplace(Args &&...args) {
    items_.emplace_back(std::forward<Args>(args)...);
  }
  T pop() {
    if (items_.size() == 0) {
      throw std::string("empty stack");
    }
    T top = std::move(items_.back());
    items_.pop_back();
    return top;
  }
  bool empty() const { return items_.size() == 0; }
  std::size_t size() const { return items_.size(); }

private:
  std::vector<T> items_;
};

template <typename K, typename V>
class Table {
public:
  using key_type = K;
  using value_type = V;
  typedef std::pair<K, V> entry;

  V *get(const K &key) {
    for (auto &e : entries_) {
      if (e.first == key) {
        return &e.second;
      }
    }
    return nullptr;
  }

  void put(K key, V value) {
    if (V *v = get(key)) {
      *v = std::move(value);
      return;
    }
    entries_.push_back(entry(std::move(key), std::move(value)));
  }

  bool same(const Table &other) const { return entries_ == other.entries_; }

private:
  std::vector<entry> entries_;
};

template <class T, int N>
class Ring {
  T data_[N];
  int head_ = 0;

public:
  void put(const T &x) {
    data_[head_] = x;
    head_ = (head_ + 1) % N;
  }
};

template <typename T>
struct Node {
  T value;
  Node *next = nullptr;
};

template <typename T>
struct List {
  Node<T> *head = nullptr;
  ~List() {
    while (head != nullptr) {
      Node<T> *next = head->next;
      delete head;
      head = next;
    }
  }
  void push(T v) {
    Node<T> *n = new Node<T>{v, head};
    head = n;
  }
  std::size_t length() const {
    std::size_t k = 0;
    for (Node<T> *p = head; p != nullptr; p = p->next) {
      k++;
    }
    return k;
  }
};

template <typename T>
T largest(const std::vector<T> &xs) {
  T best = xs.front();
  for (auto x : xs) {
    if (best < x) {
      best = x;
    }
  }
  return best;
}

template <typename T>
std::string describe(const T &x) {
  if constexpr (std::is_integral_v<T>) {
    return std::to_string(x);
  } else if constexpr (std::is_same_v<T, std::string>) {
    return x;
  } else {
    return "?";
  }
}

template <typename T>
bool equal_twice(const T &a, const T &b) {
  static_assert(sizeof(T) > 0, "T is complete");
  return a == b && b == a;
}

template <typename... Ts>
std::size_t count(Ts... ts) {
  return sizeof...(ts);
}

template <typename F, typename... Args>
auto call(F &&f, Args &&...args) {
  return std::invoke(std::forward<F>(f), std::forward<Args>(args)...);
}

template <typename T>
void fill(std::vector<T> &v, const T &x) {
  for (const auto &old : v) {
    (void)old;
  }
  v.clear();
  v.push_back(x);
}

int use() {
  Stack<int> s;
  s.push(1);
  s.emplace(2);
  Table<std::string, int> t;
  t.put("a", 1);
  std::vector<int> xs = {3, 1, 2};
  auto by_desc = [](int a, int b) { return a > b; };
  std::sort(xs.begin(), xs.end(), by_desc);
  int base = 10;
  auto add = [base](int k) { return base + k; };
  auto twice = [&](int k) { return add(add(k)); };
  std::function<int(int)> g = [=](int k) mutable { return k * base; };
  auto sum = 0;
  for (auto x : xs) {
    sum += x;
  }
  for (const auto &x : xs) {
    sum += twice(x);
  }
  auto p = std::make_shared<List<int>>();
  p->push(4);
  auto q = std::make_unique<Ring<int, 4>>();
  q->put(5);
  auto r = std::make_unique<Stack<std::string>>();
  r->push("x");
  std::string name = "n";
  std::string copy = std::move(name);
  if (copy == copy || sum == sum) {
    sum++;
  }
  auto *raw = new int(7);
  int *arr = new int[4];
  delete raw;
  delete[] arr;
  return largest(xs) + static_cast<int>(count(1, 2)) + call(add, 1) + g(2) +
         static_cast<int>(p->length()) + (equal_twice(1, 1) ? 1 : 0) +
         static_cast<int>(describe(3).size()) + (t.same(t) ? 1 : 0) + (s.empty() ? 1 : 0);
}

} // namespace generic
