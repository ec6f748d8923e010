// clang 14 reads C++23's if consteval in C++20 too, as an extension: the
// check of the standard is what a library that needs C++23 writes.
#if __cplusplus <= 202002L
#error "needs C++23"
#endif
constexpr int f(int x) {
  if consteval {
    return x;
  } else {
    return -x;
  }
}
