// An inventory of items kept by name, written for the C++ oracle test:
// classes, templates, smart pointers, exceptions and the standard
// containers, as an agent would meet them.
#include <cstddef>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace inventory {

using namespace std;

using Count = long;
typedef unsigned int Id;
typedef std::vector<std::string> Names;

enum class Unit { piece, kilogram, litre };
enum class Grade : char { low, mid, high };
enum Flags { none = 0, fragile = 1, cold = 2 };
enum Origin { local, imported };

static_assert(sizeof(Id) == 4, "an Id is four bytes");
static_assert(sizeof(Count) >= 4, "a Count holds a billion");

struct Item {
  std::string name;
  Count count = 0;
  Unit unit = Unit::piece;
};

struct Price {
  long cents;
  int currency;
};

class Error : public std::runtime_error {
public:
  explicit Error(const std::string &what) : std::runtime_error(what) {}
};

class Shelf {
public:
  virtual ~Shelf() {}
  virtual Count capacity() const = 0;
  virtual const char *label() const = 0;
  virtual void clear() = 0;
};

class Fridge : public Shelf {
public:
  Fridge(int litres) : litres_(litres) {}
  ~Fridge() override {}
  Count capacity() const override { return litres_ * 2; }
  const char *label() const override { return "fridge"; }
  void clear() override { items_.clear(); }

private:
  int litres_;
  std::vector<Item> items_;
};

class Rack : public Shelf {
public:
  Rack() = default;
  Rack(const Rack &) = delete;
  ~Rack() { delete[] slots_; }
  Count capacity() const override { return size_; }
  const char *label() const override { return "rack"; }
  void clear() override {
    delete[] slots_;
    slots_ = new Item[size_];
  }

protected:
  Item *slots_ = nullptr;
  Count size_ = 8;
};

class Store {
public:
  Store() : shelf_(nullptr), names_() {}
  ~Store() { delete shelf_; }

  void add(Item item) {
    if (item.name.size() == 0) {
      throw Error("an item needs a name");
    }
    items_.push_back(std::move(item));
  }

  void add(std::string name, Count n) {
    Item it;
    it.name = std::move(name);
    it.count = n;
    items_.push_back(it);
    names_.push_back(it.name);
  }

  Item *find(const std::string &name) {
    for (auto &it : items_) {
      if (it.name == name) {
        return &it;
      }
    }
    return nullptr;
  }

  Count total() const {
    Count sum = 0;
    for (auto it : items_) {
      sum += it.count;
    }
    for (const auto &n : names_) {
      sum += static_cast<Count>(n.size());
    }
    return sum;
  }

  bool empty() const { return items_.size() == 0 && names_.size() == 0; }

  Store &operator=(const Store &other) {
    if (this == &other) {
      return *this;
    }
    items_ = other.items_;
    names_ = other.names_;
    return *this;
  }

  void install(Shelf *s) {
    if (shelf_ != NULL) {
      delete shelf_;
    }
    shelf_ = s;
    std::cout << shelf_->label() << '\n';
    std::cout << s->capacity();
  }

private:
  Shelf *shelf_;
  std::vector<Item> items_;
  Names names_;
};

Store *open_store(int kind) {
  Store *s = new Store();
  if (kind == 1) {
    s->install(new Fridge(40));
  } else if (kind == 2) {
    s->install(new Rack());
  } else {
    delete s;
    return NULL;
  }
  return s;
}

std::unique_ptr<Store> make_store() {
  auto s = std::make_unique<Store>();
  s->add("apple", 3);
  s->add(Item{"pear", 2, Unit::piece});
  return s;
}

int report(std::ostream &out) {
  auto store = make_store();
  auto shared = std::make_shared<Fridge>(12);
  const auto &ref = *shared;
  try {
    store->add("", 1);
  } catch (const Error &e) {
    out << e.what() << '\n';
  }
  try {
    Item *it = store->find("apple");
    if (it == nullptr) {
      throw std::out_of_range("apple");
    }
    out << it->count;
  } catch (const std::exception &e) {
    out << "failed: " << e.what();
    throw;
  }
  void *raw = reinterpret_cast<void *>(store.get());
  const Store *cs = store.get();
  Store *ms = const_cast<Store *>(cs);
  Shelf *sh = shared.get();
  Fridge *f = dynamic_cast<Fridge *>(sh);
  int n = static_cast<int>(ref.capacity());
  return raw != NULL && ms == ms && f != nullptr ? n : -1;
}

} // namespace inventory
